"""asl-minefields: a move's plan, steps and end — the answers to the shared move
engine (``MoveRules``: :data:`RULES`), the plan action with its ASL options and its checks.

Each unit moves once per Movement Phase, its move begun when planned; its path may cost no
more than its MF/MP left (AM-11, costs.py). Pinned, broken (it routs instead, AM-16),
immobilised, carried or clearing (a flail, AM-45) units do not move; vehicles and Personnel
move apart. A fully-tracked AFV not using VBM may record Trail Breaks (AM-41); vehicles pay
double through a TB only under the option ``vehicles_double_tb`` (AM-42).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated

from mineboard.core.actions import Action
from mineboard.core.dice import Dice
from mineboard.core.errors import IllegalAction
from mineboard.core.events import Event
from mineboard.core.moves import MoveInProgress, Stop
from mineboard.core.orders import Distance, StandingOrder
from mineboard.core.places import PlaceRef
from mineboard.core.schema import Doc
from mineboard.core.words import possessive
from mineboard.rules.asl_minefields import passage, reactions
from mineboard.rules.asl_minefields.costs import mf_left, num, path_cost, terrain_of, unit_word
from mineboard.rules.asl_minefields.los import distance
from mineboard.rules.asl_minefields.passage import (
    DOUBLE_TB,
    TB_ENTRY,
    TB_RECORD,
    TRAIL_BREAK,
    VBM,
    makes_tb,
)
from mineboard.rules.asl_minefields.reactions import REACTION_CLAUSE
from mineboard.rules.asl_minefields.state import BROKEN, GOOD, MOVEMENT, AmState, Unit
from mineboard.rules.common import moves
from mineboard.rules.common.checks import TURN
from mineboard.rules.common.moves import EndMove, PlanMove, StepOn

MOVE_CLAUSE = TURN
"""Plans, steps and ends of moves are the base game's turn (the mine rules take movement
for granted); what the mines do on the way names its own clause."""
COSTS, ROUT, FLAIL_CLEARING = "AM-11", "AM-16", "AM-45"


@dataclass(frozen=True, slots=True)
class AmPlanMove(PlanMove):
    """``units`` go along ``path`` one step per action, with the ASL options of the move."""

    kind = "plan_move"
    double_tb: Annotated[bool, Doc("pay twice the Trail Break cost to enter a minefield hex "
                                   "through a TB unattacked (AM-42)")] = False
    vbm: Annotated[bool, Doc("vehicles use Vehicular Bypass Movement (no Trail Break, "
                             "AM-41)")] = False
    trail_break: Annotated[bool, Doc("a fully-tracked AFV records a Trail Break into each "
                                     "minefield hex it enters (AM-41)")] = False

    @property
    def options(self) -> tuple[str, ...]:
        return tuple(name for name, on in ((DOUBLE_TB, self.double_tb), (VBM, self.vbm),
                                           (TRAIL_BREAK, self.trail_break)) if on)


class _Rules:
    """The answers to :class:`~mineboard.rules.common.moves.MoveRules` (the ruleset
    delegates to the same functions)."""

    move_clause = MOVE_CLAUSE
    reaction_clause = REACTION_CLAUSE

    def ref(self, state: AmState, place: str) -> PlaceRef:
        return state.board.ref(place)

    def units_here(self, state: AmState, side: str, place: str) -> list[str]:
        return units_here(state, side, place)

    def leave(self, state: AmState, move: MoveInProgress,
              dice: Dice) -> tuple[list[Event], Stop | None]:
        return passage.leave(state, move, dice)

    def enter(self, state: AmState, move: MoveInProgress,
              dice: Dice) -> tuple[list[Event], Stop | None]:
        return passage.enter(state, move, dice)

    def standing_orders(self, state: AmState, side: str) -> Sequence[StandingOrder]:
        return reactions.standing_orders(state, side)

    def distance(self, state: AmState) -> Distance:
        return distance(state)

    def react(self, state: AmState, side: str, reaction: str, move: MoveInProgress,
              dice: Dice, answer: Action | None) -> tuple[list[Event], Stop | None]:
        return reactions.react(state, side, reaction, move, dice, answer)

    def offer(self, state: AmState, reaction: str, move: MoveInProgress) -> str:
        return reactions.offer(state, reaction, move)


RULES = _Rules()


def units_here(state: AmState, side: str, place: str) -> list[str]:
    return sorted(u.id for u in state.units.values()
                  if u.side == side and u.hex == place and not u.eliminated)


def in_movement(state: AmState, clause: str = TURN) -> None:
    moves.no_ask(state, REACTION_CLAUSE)
    if state.step.phase != MOVEMENT:
        raise IllegalAction(f"units move in their side's Movement Phase; this is "
                            f"{possessive(state.phasing)} {state.step.label}", clause)


def own(state: AmState, uid: str) -> Unit:
    unit = state.units.get(uid)
    if unit is None or unit.eliminated:
        raise IllegalAction(f"there is no unit {uid!r} in play", TURN)
    if unit.side != state.phasing:
        raise IllegalAction(f"{uid} belongs to {unit.side}; it is "
                            f"{possessive(state.phasing)} Movement Phase", TURN)
    return unit


def _may_move(state: AmState, unit: Unit) -> None:
    if unit.carried_by is not None:
        raise IllegalAction(f"{unit.id} rides in {unit.carried_by}: unload it first", TURN)
    if unit.status == BROKEN:
        raise IllegalAction(f"{unit.id} is broken: it may only rout", ROUT)
    if unit.status != GOOD:
        raise IllegalAction(f"{unit.id} is {unit.status}: it may not move this phase", TURN)
    if unit.immobilised:
        raise IllegalAction(f"{unit.id} is immobilised", TURN)
    if unit.clearing:
        raise IllegalAction(f"{unit.id} is clearing mines: it spends its whole MP on it",
                            FLAIL_CLEARING)
    if unit.moved:
        raise IllegalAction(f"{unit.id} has moved this Movement Phase already", TURN)


def check_cost(state: AmState, unit: Unit, path: Sequence[str], double: bool,
                routing: bool = False) -> None:
    ut = state.unit_type(unit)
    cost, stuck = path_cost(state, ut, path, double)
    if stuck is not None:
        terrain, _ = terrain_of(state, path[stuck])
        raise IllegalAction(f"{unit.id} may not enter {state.board.ref(path[stuck])} "
                            f"({terrain})", COSTS)
    left = mf_left(state, unit, routing)
    if cost > left:
        word = unit_word(ut)
        raise IllegalAction(f"the path costs {unit.id} {num(cost)} {word}; it has "
                            f"{num(left)} {word} left (a minefield adds nothing, AM-11)",
                            COSTS)


def check_plan(state: AmState, action: AmPlanMove) -> None:
    in_movement(state)
    moves.check_plan(RULES, state, action, state.board.adjacent)
    units = [own(state, u) for u in action.units]
    for unit in units:
        _may_move(state, unit)
    types = [state.unit_type(u) for u in units]
    if len({t.vehicle for t in types}) > 1:
        raise IllegalAction("vehicles and Personnel move apart", TURN)
    if action.vbm and not all(t.vehicle for t in types):
        raise IllegalAction("only vehicles use Vehicular Bypass Movement", TURN)
    if action.trail_break:
        if action.vbm:
            raise IllegalAction("an AFV using VBM records no Trail Break", TB_RECORD)
        if not any(makes_tb(t) for t in types):
            raise IllegalAction("only a fully-tracked AFV records a Trail Break", TB_RECORD)
    if action.double_tb and types[0].vehicle and not state.data.options.vehicles_double_tb:
        raise IllegalAction("vehicles may not pay double MP through a Trail Break (rule "
                            "option vehicles_double_tb)", TB_ENTRY)
    for unit in units:
        check_cost(state, unit, action.path, action.double_tb)


def plan(state: AmState, action: AmPlanMove, dice: Dice) -> list[Event]:
    events = moves.end(RULES, state) if state.move is not None else []
    for uid in action.units:
        state.units[uid].moved = True
    state.move_options = action.options
    events += moves.plan(RULES, state, action)
    return events


def _check_step(state: AmState, action: StepOn) -> None:
    moves.check_step(RULES, state)


def _step(state: AmState, action: StepOn, dice: Dice) -> list[Event]:
    return moves.step(RULES, state, dice)


def _check_end(state: AmState, action: EndMove) -> None:
    moves.check_end(RULES, state)


def _end(state: AmState, action: EndMove, dice: Dice) -> list[Event]:
    return moves.end(RULES, state)
