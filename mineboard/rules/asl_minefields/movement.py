"""asl-minefields: moves hex by hex, and what leaving and entering a minefield hex does
(see parts.py; to be written). The ruleset's answers to the shared move engine
(``mineboard.rules.common.moves.MoveRules``) are the functions below."""

from __future__ import annotations

from collections.abc import Sequence

from mineboard.core.actions import Action
from mineboard.core.dice import Dice
from mineboard.core.events import Event
from mineboard.core.moves import MoveInProgress, Stop
from mineboard.core.orders import Distance, StandingOrder
from mineboard.core.planning import Choice, Selection
from mineboard.maps.hexgrid import distance as hex_distance
from mineboard.rules.asl_minefields.parts import Part
from mineboard.rules.asl_minefields.state import AmState
from mineboard.rules.common.checks import Check

MOVE_CLAUSE = "TURN"
REACTION_CLAUSE = "TURN"

PART = Part()


def leave(state: AmState, move: MoveInProgress, dice: Dice) -> tuple[list[Event], Stop | None]:
    return [], None


def enter(state: AmState, move: MoveInProgress, dice: Dice) -> tuple[list[Event], Stop | None]:
    for unit in move.units:
        state.units[unit].hex = move.at
    return [], None


def standing_orders(state: AmState, side: str) -> Sequence[StandingOrder]:
    return state.orders.get(side, ())


def distance(state: AmState) -> Distance:
    grid = state.board.grid
    assert grid is not None

    def apart(a: str, b: str) -> int:
        return hex_distance(grid.from_label(a), grid.from_label(b))

    return apart


def react(state: AmState, side: str, reaction: str, move: MoveInProgress, dice: Dice,
          answer: object) -> tuple[list[Event], Stop | None]:
    return [], None


def offer(state: AmState, reaction: str, move: MoveInProgress) -> str:
    return f"{reaction.replace('_', ' ')} at {state.board.ref(move.at)}"


def units_here(state: AmState, side: str, place: str) -> list[str]:
    return sorted(u.id for u in state.units.values()
                  if u.side == side and u.hex == place and not u.eliminated)


def units_at(view: AmState, place: str) -> list[str]:
    return []


def intent(view: AmState, selection: Selection, kind: str, place: str) -> Action | None:
    return None


def targets(view: AmState, selection: Selection, check: Check) -> dict[str, Action]:
    return {}


def choices(view: AmState, selection: Selection) -> list[Choice]:
    return []
