"""Who holds each land hex (AW-245): now, and as it was when the player turn, its movement
phase and the current phase began — the moments different clauses test (straits and
canals at the start of the phase, AW-13 and AW-28; base-change destinations at the start
of the movement phase, AW-49; return bases at the start of the player turn, AW-72).

Ground combat is outside rule 21: a hex changing hands is a result the players enter
(``set_control``), public, recorded like dice; what follows from it at sea (displacement,
AW-53) is the other parts' ``control_changed``.
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
from mineboard.rules.awaw_naval.parts import Part
from mineboard.rules.awaw_naval.state import (
    MOVEMENT,
    MOVEMENT_START,
    NEUTRAL,
    PHASE_START,
    TURN_START,
    AwState,
)

CLAUSE = "AW-245"


@dataclass(frozen=True, slots=True)
class SetControl(Action):
    """A land hex changes hands by ground combat or diplomacy (outside rule 21)."""

    kind: ClassVar[str] = "set_control"
    hex: Annotated[str, Ref(HEX)]
    power: Annotated[str, Doc("the power that now holds it, or 'neutral'")]


def check_set_control(state: AwState, action: SetControl) -> None:
    place = state.board.places.get(action.hex)
    if place is None or place.kind != HEX:
        raise IllegalAction(f"{action.hex} is not a hex of the map", CLAUSE)
    if str(place.props.get("terrain", "")) in ("sea", "virtual"):
        raise IllegalAction(f"{state.board.ref(action.hex)} is all water: nobody holds it",
                            CLAUSE)
    if action.power != NEUTRAL and action.power not in state.nations:
        raise IllegalAction(f"{action.power} is not a power in this game "
                            f"({', '.join(state.nations)})", CLAUSE)
    if state.controller(action.hex) == action.power:
        raise IllegalAction(f"{state.board.ref(action.hex)} is held by {action.power} "
                            "already", CLAUSE)


def apply_set_control(state: AwState, action: SetControl, dice: Dice) -> list[Event]:
    """The change itself; what follows from it at sea is the parts' ``control_changed``,
    which the ruleset calls after this (ruleset.py)."""
    before = state.controller(action.hex)
    if action.power == NEUTRAL:
        state.control.pop(action.hex, None)
    else:
        state.control[action.hex] = action.power
    where = state.board.ref(action.hex)
    return [Event(kind="ControlChanged", clause=CLAUSE, at=where,
                  text=f"{where} is now held by {action.power} (was {before})",
                  data={"hex": action.hex, "power": action.power, "was": before})]


def phase_start(state: AwState) -> list[Event]:
    """Control as the new phase begins; the movement phase begins the player turn."""
    if state.phase == MOVEMENT:
        state.snapshot(TURN_START, MOVEMENT_START, PHASE_START)
    else:
        state.snapshot(PHASE_START)
    return []


def summary(state: AwState) -> dict[str, object]:
    held: dict[str, list[str]] = {}
    for hex_id, power in sorted(state.control.items()):
        held.setdefault(power, []).append(hex_id)
    return {"control": held, "calendar": state.calendar}


PART = Part(actions=(SetControl,), checks={SetControl: check_set_control},
            effects={SetControl: apply_set_control}, phase_start=phase_start,
            summary=summary)
