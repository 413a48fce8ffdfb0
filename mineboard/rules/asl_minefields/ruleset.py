"""The asl-minefields ruleset (ASL B28): the parts (parts.py) joined into one ruleset, and
the answers the shared move engine asks of it (movement.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from mineboard.core.actions import Action, ActionCodec
from mineboard.core.advice import Advice, Progress, Target, no_progress
from mineboard.core.dice import Dice
from mineboard.core.events import Event, PhaseBegan
from mineboard.core.moves import MoveInProgress, Stop
from mineboard.core.opponent import Choice as OpponentChoice
from mineboard.core.orders import Distance, StandingOrder
from mineboard.core.outside import OutsideResult
from mineboard.core.places import PlaceRef
from mineboard.core.planning import Choice, Command, Selection
from mineboard.core.routes import RouteReport
from mineboard.core.threat import ThreatGroup, ThreatMap
from mineboard.maps.model import BoardMap
from mineboard.rules.asl_minefields import advice as advisor
from mineboard.rules.asl_minefields import clearance, daisy, movement, opponent, setup, traps
from mineboard.rules.asl_minefields import threat as threats
from mineboard.rules.asl_minefields.odds import AttackQuery
from mineboard.rules.asl_minefields.parts import Part
from mineboard.rules.asl_minefields.scenario import state_from_scenario
from mineboard.rules.asl_minefields.state import AmState
from mineboard.rules.common import moves
from mineboard.rules.common.actions import EndPhase
from mineboard.rules.common.checks import TURN, is_legal
from mineboard.rules.common.ruleset import PlannedRuleset, Planner
from mineboard.rules.common.turns import turn_summary

PARTS: tuple[Part, ...] = (setup.PART, movement.PART, clearance.PART, traps.PART, daisy.PART)


def _joined(name: str) -> dict[type[Action], Any]:
    out: dict[type[Action], Any] = {}
    for part in PARTS:
        for cls, fn in getattr(part, name).items():
            if cls in out:
                raise ValueError(f"{cls.__name__} has two {name}")
            out[cls] = fn
    return out


def _end_phase(state: AmState, action: EndPhase, dice: Dice) -> list[Event]:
    events = moves.end(RULESET, state) if state.move is not None else []
    for part in PARTS:
        events += part.phase_end(state, dice)
    state.position, new_turn = state.sequence.advance(state.position)
    state.turn += new_turn
    events.append(PhaseBegan(clause=TURN, text=f"{state.phasing}: {state.step.label}",
                             turn=state.turn, actor=state.phasing))
    for part in PARTS:
        events += part.phase_start(state)
    return events


def _check_end_phase(state: AmState, action: EndPhase) -> None:
    moves.no_ask(state, REACTION)


def _legal_actions(view: AmState, check: Any) -> list[Action]:
    out: list[Action] = [EndPhase()]
    for part in PARTS:
        out += part.candidates(view)
    return [a for a in dict.fromkeys(out) if is_legal(check, view, a)]


def _units_at(view: AmState, place: str) -> list[str]:
    """Movement picks the units that may move; in the fire phase clearance picks those
    that may clear, place a Daisy Chain or take a Task Check."""
    return movement.units_at(view, place) or clearance.units_at(view, place)


def _choices(view: AmState, selection: Selection) -> list[Choice]:
    return [*movement.choices(view, selection), *clearance.choices(view, selection)]


def _commands(view: AmState, selection: Selection) -> list[Command]:
    return [c for part in PARTS for c in part.commands(view, selection)]


def _invariants(state: AmState) -> list[str]:
    return [line for part in PARTS for line in part.invariants(state)]


REACTION = movement.REACTION_CLAUSE
_ACTIONS = tuple(a for part in PARTS for a in part.actions)


class AslMinefields(PlannedRuleset[AmState]):
    id = "asl-minefields"
    title = "Minefields on a tactical land board (ASL B28)"
    clause_prefix = "AM"
    odds_query = AttackQuery
    codec = ActionCodec(*_ACTIONS, EndPhase)
    checks: ClassVar[Mapping[type[Action], Any]] = {**_joined("checks"),
                                                    EndPhase: _check_end_phase}
    effects: ClassVar[Mapping[type[Action], Any]] = {**_joined("effects"),
                                                     EndPhase: _end_phase}
    planner = Planner(_legal_actions, units_at=_units_at, intent=movement.intent,
                      targets=movement.targets, choices=_choices,
                      commands=_commands, previews=_joined("previews"),
                      invariants=_invariants)
    move_clause = movement.MOVE_CLAUSE
    reaction_clause = movement.REACTION_CLAUSE

    def new_state(self, scenario: Mapping[str, Any], board: BoardMap, where: str) -> AmState:
        return state_from_scenario(scenario, board, where)

    def hide(self, seen: AmState, side: str | None) -> None:
        for part in PARTS:
            part.hide(seen, side)

    def stand_in(self, action: Action) -> Action | None:
        for part in PARTS:
            if type(action) in part.checks:
                return part.stand_in(action)
        return None

    def resolve(self, state: AmState, result: OutsideResult, dice: Dice) -> list[Event]:
        """An accepted result from outside the rules: the only one is the reduction an
        Original K of an FFE or bomb makes (AM-44), clearance's."""
        return clearance.resolve(state, result, dice)

    def threat_groups(self, view: AmState) -> list[ThreatGroup]:
        return threats.groups(view)

    def threat(self, view: AmState, group: str) -> ThreatMap | None:
        return threats.threat(view, group)

    # ---- the advisor and the solo opponent (advice.py, opponent.py) ------------------------
    def advice_targets(self, view: AmState) -> list[Target]:
        return advisor.targets(view)

    def advise(self, view: AmState, target: Target | None = None,
               progress: Progress = no_progress) -> Advice | None:
        return advisor.advise(self, view, target, progress)

    opponent_policy: ClassVar[str] = opponent.POLICY

    def opponent_move(self, view: AmState) -> OpponentChoice | None:
        return opponent.move(self, view)

    def summary(self, state: AmState) -> dict[str, Any]:
        out = {**turn_summary(state), "to_move": state.to_move}
        for part in PARTS:
            out.update(part.summary(state))
        return out

    # ---- the shared move engine's questions (rules/common/moves.py) ------------------------
    def ref(self, state: AmState, place: str) -> PlaceRef:
        return state.board.ref(place)

    def units_here(self, state: AmState, side: str, place: str) -> list[str]:
        return movement.units_here(state, side, place)

    def leave(self, state: AmState, move: MoveInProgress,
              dice: Dice) -> tuple[list[Event], Stop | None]:
        return movement.leave(state, move, dice)

    def enter(self, state: AmState, move: MoveInProgress,
              dice: Dice) -> tuple[list[Event], Stop | None]:
        return movement.enter(state, move, dice)

    def standing_orders(self, state: AmState, side: str) -> Sequence[StandingOrder]:
        return movement.standing_orders(state, side)

    def distance(self, state: AmState) -> Distance:
        return movement.distance(state)

    def react(self, state: AmState, side: str, reaction: str, move: MoveInProgress,
              dice: Dice, answer: Action | None) -> tuple[list[Event], Stop | None]:
        return movement.react(state, side, reaction, move, dice, answer)

    def offer(self, state: AmState, reaction: str, move: MoveInProgress) -> str:
        return movement.offer(state, reaction, move)

    def route_report(self, view: AmState, selection: Selection,
                     at: PlaceRef) -> RouteReport | None:
        """The route under the pointer (movement.py: MF/MP, where it runs out)."""
        return movement.route_report(view, selection, at)


RULESET = AslMinefields()
