"""Failed base changes and overstacked ports (AW-04, AW-05, AW-48): the owner's choices.

A base-changing force beaten in naval combat goes back to the port it left, whatever that
port holds meanwhile, and is inverted for the rest of the player turn (``beaten``, called
with the interception's result). If that overstacks the port, its owner picks whole ships
covering the excess: they may not be used for the rest of the player turn
(``mark_unusable``). If the port is still over capacity when the redeployment phase ends,
he picks whole ships covering the excess again, and they are eliminated
(``eliminate_excess``). A failed NR (its interception is outside these rules: entered as
``nr_failed``) that overstacks a port leaves no time to mend it: the owner eliminates at
once (``nr_beaten``, AW-05).

"Whole ships covering the excess": their factors reach the excess and none of them could
be left out — the owner may not eliminate more than the excess forces (a reading: the
source says "excess units of his choice").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Annotated, ClassVar

from mineboard.core.actions import Action
from mineboard.core.dice import Dice
from mineboard.core.errors import IllegalAction
from mineboard.core.events import Event, UnitLost
from mineboard.core.schema import Doc, Length
from mineboard.rules.awaw_naval import choices, ports
from mineboard.rules.awaw_naval.state import REDEPLOYMENT, Asked, AwState, Ship

MARK, ELIMINATE, NR_FAILED = "mark_unusable", "eliminate_excess", "nr_failed"


@dataclass(frozen=True, slots=True)
class MarkUnusable(Action):
    """The owner's choice of the excess ships in an overstacked port (AW-04)."""

    kind: ClassVar[str] = MARK
    ships: Annotated[tuple[str, ...], Length(1, 200), Doc("whole ships covering the excess")]


@dataclass(frozen=True, slots=True)
class EliminateExcess(Action):
    """The owner's choice of the ships eliminated from a port still overstacked (AW-04,
    AW-05, AW-48)."""

    kind: ClassVar[str] = ELIMINATE
    ships: Annotated[tuple[str, ...], Length(1, 200), Doc("whole ships covering the excess")]


@dataclass(frozen=True, slots=True)
class NrFailed(Action):
    """A naval redeployment failed (its interception and combat are outside these rules):
    the ships go back to the port they left (AW-05)."""

    kind: ClassVar[str] = NR_FAILED
    ships: Annotated[tuple[str, ...], Length(1, 200), Doc("the ships sent back")]
    to: Annotated[str, Doc("the port they left")]


def _ask_for(state: AwState, port: str, side: str, kind: str, clause: str) -> Event:
    excess = ports.over(state, port)
    name = ports.name(state, port)
    doing = "may not be used for the rest of the player turn" if kind == MARK \
        else "are eliminated"
    choices.ask(state, Asked(side, kind, clause,
                             f"which ships at {name} ({excess} factors over) {doing}",
                             {"port": port, "excess": excess}))
    return Event(kind="Overstacked", clause=clause, at=ports.ref(state, port),
                 text=f"{name} bases {ports.load(state, port)} factors, "
                      f"{excess} over its {ports.capacity(state, port)}: {side} chooses "
                      f"which ships {doing}",
                 data={"port": port, "load": ports.load(state, port), "excess": excess})


def beaten(state: AwState, ship_ids: Sequence[str], dice: Dice) -> list[Event]:
    """A base-changing force intercepted and beaten (AW-48): back to the base each ship
    left this phase, inverted until the end of the player turn; an overstack there is the
    owner's to settle (AW-04)."""
    moved = choices.changed_from(state)
    events: list[Event] = []
    origins: list[str] = []
    for ship_id in ship_ids:
        ship = state.ships[ship_id]
        if ship.eliminated:
            continue
        origin = moved.get(ship_id)
        if origin is None:
            raise ValueError(f"{ship_id} made no base change this phase")
        ship.base = origin
        ship.inverted = ship.held_inverted = True
        if origin not in origins:
            origins.append(origin)
    if not origins:
        return events
    events.append(Event(kind="BaseChangeFailed", clause="AW-48", at=ports.ref(state, origins[0]),
                        text=f"{', '.join(ship_ids)} are beaten and go back to "
                             f"{', '.join(ports.name(state, o) for o in origins)}, inverted "
                             "for the rest of the player turn",
                        data={"ships": list(ship_ids), "to": origins}))
    for origin in origins:
        if ports.over(state, origin):
            side = state.side_of_nation(state.ships[ship_ids[0]].nation)
            events.append(_ask_for(state, origin, side, MARK, "AW-04"))
    return events


def nr_beaten(state: AwState, returns: dict[str, str], dice: Dice) -> list[Event]:
    """A failed NR (AW-05): each ship back to the port given; an overstack is eliminated
    at once, the owner choosing the ships."""
    events: list[Event] = []
    for ship_id, port in returns.items():
        state.ships[ship_id].base = port
    for port in dict.fromkeys(returns.values()):
        if ports.over(state, port):
            side = state.side_of_nation(state.ships[next(iter(returns))].nation)
            events.append(_ask_for(state, port, side, ELIMINATE, "AW-05"))
    return events


def redeployment_over(state: AwState) -> list[Event]:
    """The redeployment phase ends: each port of the phasing side still over capacity
    loses excess ships of its owner's choice (AW-04, AW-48)."""
    events: list[Event] = []
    for port in ports.all_ports(state):
        if port != ports.group(state, port)[0] or not ports.over(state, port):
            continue
        sides = {state.side_of_nation(s.nation) for s in ports.ships_in(state, port)}
        if state.phasing in sides:
            events.append(_ask_for(state, port, state.phasing, ELIMINATE, "AW-04"))
    return events


def _chosen(state: AwState, question: Asked, ship_ids: Iterable[str]) -> list[Ship]:
    port = str(question.data["port"])
    excess = ports.over(state, port)
    here = {s.id for s in ports.ships_in(state, port)}
    ships = []
    for ship_id in ship_ids:
        if ship_id not in here:
            raise IllegalAction(f"{ship_id} is not based in {ports.name(state, port)}",
                                question.clause)
        ships.append(state.ships[ship_id])
    if len({s.id for s in ships}) != len(ships):
        raise IllegalAction("a ship is listed twice", question.clause)
    total = sum(s.factors for s in ships if ports.counted(s))
    if total < excess:
        raise IllegalAction(f"{total} factors chosen; the excess at "
                            f"{ports.name(state, port)} is {excess}", question.clause)
    spare = [s.id for s in ships if total - s.factors >= excess]
    if spare:
        raise IllegalAction(f"{spare[0]} is not needed to cover the excess of {excess}: "
                            "choose no more whole ships than the excess needs",
                            question.clause)
    return ships


def check_mark(state: AwState, action: MarkUnusable) -> None:
    question = choices.refuse_answer_not_asked(state, MARK, "AW-04")
    _chosen(state, question, action.ships)


def check_eliminate(state: AwState, action: EliminateExcess) -> None:
    question = choices.refuse_answer_not_asked(state, ELIMINATE, "AW-04")
    _chosen(state, question, action.ships)


def apply_mark(state: AwState, action: MarkUnusable, dice: Dice) -> list[Event]:
    question = choices.answered(state)
    for ship_id in action.ships:
        state.ships[ship_id].unusable = True
    port = str(question.data["port"])
    return [Event(kind="Unusable", clause="AW-04", at=ports.ref(state, port),
                  text=f"{', '.join(action.ships)} at {ports.name(state, port)} may not be "
                       "used for the rest of the player turn",
                  data={"ships": list(action.ships), "port": port})]


def apply_eliminate(state: AwState, action: EliminateExcess, dice: Dice) -> list[Event]:
    question = choices.answered(state)
    port = str(question.data["port"])
    events: list[Event] = []
    for ship_id in action.ships:
        events.append(eliminate(state, state.ships[ship_id], question.clause,
                                f"eliminated: excess at {ports.name(state, port)}"))
    return events + choices.settled(state)


def eliminate(state: AwState, ship: Ship, clause: str, why: str) -> Event:
    where = ports.ref(state, ship.base) if ship.base else None
    ship.eliminated, ship.base = True, None
    ship.unusable = False
    return UnitLost(clause=clause, text=f"{ship.id} ({ship.factors} factors) {why}", at=where,
                    unit=ship.id, unit_type=ship.type, owner=ship.nation)


def check_nr_failed(state: AwState, action: NrFailed) -> None:
    choices.refuse_unless_asked(state, NR_FAILED)
    if state.phase != REDEPLOYMENT:
        raise IllegalAction("NRs fail in the redeployment phase", "AW-05")
    for ship_id in action.ships:
        ship = state.ships.get(ship_id)
        if ship is None or ship.eliminated:
            raise IllegalAction(f"there is no ship {ship_id} in play", "AW-05")
        if state.side_of_nation(ship.nation) != state.phasing:
            raise IllegalAction(f"{ship_id} is not a {state.phasing} ship", "AW-05")
    if not ports.is_port(state, action.to) or not ports.held_by(state, action.to,
                                                                 state.phasing):
        raise IllegalAction(f"{action.to} is not a port the {state.phasing} hold", "AW-05")


def apply_nr_failed(state: AwState, action: NrFailed, dice: Dice) -> list[Event]:
    events = [Event(kind="NrFailed", clause="AW-05", at=ports.ref(state, action.to),
                    text=f"{', '.join(action.ships)} fail their NR and go back to "
                         f"{ports.name(state, action.to)}",
                    data={"ships": list(action.ships), "to": action.to})]
    return events + nr_beaten(state, dict.fromkeys(action.ships, action.to), dice)
