"""Port counters built (AW-09, AW-10, AW-246): who, when, how many and where.

From the first year ports.json gives (1942), Japan and the U.S. may each build a port
counter in their own construction phase, at most one a turn and two a year, on a one-hex
island of a Pacific island group outside the Aleutians that the building power itself
holds, held already when its player turn began (AW-245), and fully supplied; never where a
port counter stands already, nor (the AW-246 option, on by default) where a printed port
is. Its cost in RPs and BRPs is the economy's, outside these rules: the players pay it
there. Once built the counter is a port at once (AW-08).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, ClassVar

from mineboard.core.actions import Action
from mineboard.core.dice import Dice
from mineboard.core.errors import IllegalAction
from mineboard.core.events import Event
from mineboard.core.schema import Doc, Ref
from mineboard.maps.model import HEX
from mineboard.rules.awaw_naval import choices, ports
from mineboard.rules.awaw_naval.scenario import built_port_id
from mineboard.rules.awaw_naval.state import CONSTRUCTION, TURN_START, AwState, BuiltPort
from mineboard.rules.common.checks import TURN

KIND = "build_port"


@dataclass(frozen=True, slots=True)
class BuildPort(Action):
    """A major power builds a port counter (AW-09, AW-10)."""

    kind: ClassVar[str] = KIND
    hex: Annotated[str, Ref(HEX)]
    nation: Annotated[str, Doc("the major power building it")]


def island_of(state: AwState, hex_id: str) -> tuple[str, str, str] | None:
    """(island kind, island group, name) of the island region holding ``hex_id``."""
    kind = group = name = ""
    for region in state.board.regions.values():
        if hex_id in region.places:
            if region.props.get("island"):
                kind, name = str(region.props["island"]), region.name
                group = str(region.props.get("group", group))
            elif region.props.get("group"):
                group = str(region.props["group"])
    return (kind, group, name) if kind else None


def check(state: AwState, action: BuildPort) -> None:
    choices.refuse_unless_asked(state, KIND)
    rules = ports.port_rules()
    if action.hex not in state.board.places:
        raise IllegalAction(f"there is no hex {action.hex!r} on the map", TURN)
    where = state.board.ref(action.hex)
    if action.nation not in state.nations:
        raise IllegalAction(f"{action.nation} is not a power in this game", "AW-09")
    if action.nation not in rules.builders:
        raise IllegalAction(f"{action.nation} may not build port counters (only "
                            f"{', '.join(rules.builders)})", "AW-09")
    if state.side_of_nation(action.nation) != state.phasing or state.phase != CONSTRUCTION:
        raise IllegalAction("port counters are built only in the builder's own construction "
                            "phase", "AW-09")
    if state.year < rules.first_year:
        raise IllegalAction(f"no port counters before {rules.first_year} ({state.calendar})",
                            "AW-09")
    mine = [p for p in state.built_ports.values() if p.nation == action.nation]
    if sum(p.year == state.year and p.turn == state.turn for p in mine) >= rules.per_turn:
        raise IllegalAction(f"{action.nation} has built {rules.per_turn} port counter this "
                            "turn already", "AW-09")
    if sum(p.year == state.year for p in mine) >= rules.per_year:
        raise IllegalAction(f"{action.nation} has built {rules.per_year} port counters in "
                            f"{state.year} already", "AW-09")
    if any(p.hex == action.hex for p in state.built_ports.values()):
        raise IllegalAction(f"{where} has a port counter already: one a hex", "AW-10")
    if state.data.options.one_port_per_hex_strict and any(
            state.port_hex(p) == action.hex for p in ports.all_ports(state)):
        raise IllegalAction(f"{where} has a printed port (the strict reading of one port a "
                            "hex; the option one_port_per_hex_strict)", "AW-246")
    island = island_of(state, action.hex)
    if island is None or island[0] != rules.island_kind or not island[1]:
        raise IllegalAction(f"{where} is not a one-hex island of a Pacific island group",
                            "AW-10")
    if island[1] in rules.barred_groups:
        raise IllegalAction(f"{where} is in the {island[1]}: no port counter there", "AW-10")
    if state.controller(action.hex) != action.nation:
        raise IllegalAction(f"{where} is not held by {action.nation} itself "
                            f"(held by {state.controller(action.hex)})", "AW-10")
    if state.controller(action.hex, TURN_START) != action.nation:
        raise IllegalAction(f"{where} was not held by {action.nation} when its player turn "
                            "began", "AW-10")
    if action.hex in state.unsupplied:
        raise IllegalAction(f"{where} is not fully supplied", "AW-10")


def apply(state: AwState, action: BuildPort, dice: Dice) -> list[Event]:
    port_id = built_port_id(action.hex)
    state.built_ports[port_id] = BuiltPort(port_id, action.hex, action.nation, state.turn,
                                           state.year)
    where = state.board.ref(action.hex)
    return [Event(kind="PortBuilt", clause="AW-09", at=where,
                  text=f"{action.nation} builds a port counter in {where}: a port of "
                       f"{ports.port_rules().port_counter_capacity} factors from now on "
                       "(AW-08)", data={"port": port_id, "nation": action.nation})]
