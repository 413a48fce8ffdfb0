"""The awaw-naval ruleset (A World at War, rule 21): the parts (parts.py) joined into one
ruleset. Base changes are declared together and judged on their combined result
(core/batch.py, AW-03, AW-47); interception successes, naval battles and ground combat are
results entered from outside the rules (core/outside.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from mineboard.core import outside
from mineboard.core.actions import Action
from mineboard.core.batch import BatchCodec
from mineboard.core.dice import Dice
from mineboard.core.errors import IllegalAction
from mineboard.core.events import Event, PhaseBegan
from mineboard.core.opponent import Choice as OpponentChoice
from mineboard.core.outside import OutsideResult
from mineboard.core.places import PlaceRef
from mineboard.core.planning import Command, Selection
from mineboard.core.routes import RouteReport
from mineboard.maps.model import BoardMap
from mineboard.rules.awaw_naval import (
    bases,
    control,
    employment,
    interception_table,
    missions,
    movement,
    opponent,
    planning,
    raiders,
    sealift,
)
from mineboard.rules.awaw_naval.invasion_orders import PART as INVASIONS
from mineboard.rules.awaw_naval.odds import RaiderQuery
from mineboard.rules.awaw_naval.parts import Part
from mineboard.rules.awaw_naval.scenario import state_from_scenario
from mineboard.rules.awaw_naval.standing_orders import PART as STANDING_ORDERS
from mineboard.rules.awaw_naval.state import SEASONS, AwState
from mineboard.rules.common.actions import EndPhase
from mineboard.rules.common.checks import TURN, distinct, is_legal
from mineboard.rules.common.ruleset import PlannedRuleset, Planner
from mineboard.rules.common.turns import turn_summary

PARTS: tuple[Part, ...] = (control.PART, movement.PART, bases.PART, sealift.PART,
                          missions.PART, employment.PART, raiders.PART, INVASIONS,
                          STANDING_ORDERS, interception_table.PART)
"""Sealift's and the missions' phase ends read their operations' results before employment
brings the ships home."""


def _joined(name: str) -> dict[Any, Any]:
    out: dict[Any, Any] = {}
    for part in PARTS:
        for cls, fn in getattr(part, name).items():
            if cls in out:
                raise ValueError(f"{cls.__name__} has two {name}")
            out[cls] = fn
    return out


def _end_phase(state: AwState, action: EndPhase, dice: Dice) -> list[Event]:
    events: list[Event] = []
    for part in PARTS:
        events += part.phase_end(state, dice)
    state.position, new_turn = state.sequence.advance(state.position)
    if new_turn:
        state.turn += 1
        state.season = (state.season + 1) % len(SEASONS)
        state.year += state.season == 0
    events.append(PhaseBegan(clause=TURN, text=f"{state.phasing}: {state.step.label}"
                             + (f" ({state.calendar})" if new_turn else ""),
                             turn=state.turn, actor=state.phasing))
    for part in PARTS:
        events += part.phase_start(state)
    return events


def _set_control(state: AwState, action: control.SetControl, dice: Dice) -> list[Event]:
    """A hex changes hands, then each part answers (displacement, AW-53)."""
    before = state.controller(action.hex)
    events = control.apply_set_control(state, action, dice)
    for part in PARTS:
        events += part.control_changed(state, action.hex, before, dice)
    return events


LISTS: dict[tuple[str, str], tuple[str, str]] = {
    ("base_change", "ships"): ("base-changing ship", "AW-47"),
    ("mark_unusable", "ships"): ("unusable ship", "AW-04"),
    ("eliminate_excess", "ships"): ("eliminated ship", "AW-04"),
    ("nr_failed", "ships"): ("ship sent back", "AW-05"),
    ("choose_ships", "ships"): ("displaced ship", "AW-55"),
    ("form_task_force", "ships"): ("ship", "AW-65"),
    ("split_force", "ships"): ("ship split off", "AW-67"),
    ("operate", "ships"): ("operating ship", "AW-63"),
    ("return_to_base", "ships"): ("returning ship", "AW-72"),
    ("intercept", "ships"): ("intercepting ship", "AW-79"),
    ("uninvert", "ships"): ("uninverted ship", "AW-249"),
    ("defensive_intercept", "ships"): ("defensive interceptor", "AW-114"),
    ("support_intercepted", "ships"): ("supporting ship", "AW-106"),
    ("sea_transport", "ships"): ("transporting ship", "AW-121"),
    ("ship_by_sea", "ships"): ("protecting ship", "AW-120"),
    ("sea_escort", "moved_by_nr"): ("destroyer moved by NR", "AW-242"),
    ("rank_raiders", "groups"): ("ranked raider group", "AW-175"),
}
"""Each action's lists of ships (or of raider groups), as a refusal names them, and the
clause that governs the action: a ship named twice would be moved, counted or sunk twice
(issue 24)."""


def _by_kind() -> dict[str, list[tuple[str, str, str]]]:
    out: dict[str, list[tuple[str, str, str]]] = {}
    for (kind, name), (what, clause) in LISTS.items():
        out.setdefault(kind, []).append((name, what, clause))
    return out


LISTED_BY_KIND = _by_kind()
"""LISTS by action kind: (field, what, clause), judged before the action's own checks."""


def _check_end_phase(state: AwState, action: EndPhase) -> None:
    """The phase ends only once every owner's choice it asked for is made."""
    if state.asked:
        question = state.asked[0]
        raise IllegalAction(f"the game waits for {question.side} to choose "
                            f"{question.about}", question.clause)
    if state.awaiting is None and state.ledger.asked:
        raise IllegalAction(f"the game waits for {state.ledger.asked} to intercept or pass "
                            "first", "AW-79")


def _legal_actions(view: AwState, check: Any) -> list[Action]:
    if view.awaiting is not None:  # the result, entered or accepted
        kind = view.awaiting.result
        cls = next((c for c in _RESOLVE if c.kind == kind), None)
        if cls is not None:
            return [a for a in outside.samples(view.awaiting, cls) if is_legal(check, view, a)]
    out: list[Action] = [EndPhase()]
    for part in PARTS:
        out += part.candidates(view)
    return [a for a in dict.fromkeys(out) if is_legal(check, view, a)]


def _commands(view: AwState, selection: Selection) -> list[Command]:
    return [*planning.commands(view, selection),
            *(c for part in PARTS for c in part.commands(view, selection))]


def _invariants(state: AwState) -> list[str]:
    return [line for part in PARTS for line in part.invariants(state)]


_ACTIONS = tuple(a for part in PARTS for a in part.actions)
_RESOLVE = _joined("resolve")


class AwawNaval(PlannedRuleset[AwState]):
    id = "awaw-naval"
    title = "Naval operations on a strategic hex map (A World at War, rule 21)"
    clause_prefix = "AW"
    odds_query = RaiderQuery
    no_threat_map = ("no threat map: losses at sea come from naval combat, which the rules "
                     "leave outside them (its results are entered, AW-224, AW-248), so there "
                     "are no odds to shade; a raid's odds are in the odds panel")
    codec = BatchCodec(*dict.fromkeys((*_ACTIONS, *_RESOLVE, *outside.ANSWERS, EndPhase)))
    checks: ClassVar[Mapping[type[Action], Any]] = {**_joined("checks"),
                                                    EndPhase: _check_end_phase}
    effects: ClassVar[Mapping[type[Action], Any]] = {**_joined("effects"),
                                                     control.SetControl: _set_control,
                                                     EndPhase: _end_phase}
    planner = Planner(_legal_actions, units_at=planning.units_at, intent=planning.intent,
                      targets=planning.targets, choices=planning.choices,
                      commands=_commands, previews=_joined("previews"),
                      invariants=_invariants)
    batch_kinds: ClassVar[frozenset[str]] = bases.BATCH_KINDS
    no_advice = ("no mine-laying advice: A World at War's naval rules (rule 21, catalogued "
                 "AW-01…AW-250 in rules/awaw-naval.md) have no mines or minefields, so there "
                 "is no lay to rank")
    opponent_policy = opponent.POLICY

    def new_state(self, scenario: Mapping[str, Any], board: BoardMap, where: str) -> AwState:
        state = state_from_scenario(scenario, board, where)
        movement.warm(state)  # the water graph now, not on the first route under the pointer
        return state

    def check_declared(self, state: AwState, action: Action) -> None:
        """No ship listed twice in one order, judged on the order alone; then its own
        checks."""
        for name, what, clause in LISTED_BY_KIND.get(action.kind, ()):
            distinct(getattr(action, name, ()), what, clause)
        super().check_declared(state, action)

    def check_together(self, before: AwState, after: AwState,
                       members: tuple[Action, ...]) -> None:
        """Capacity on the combined result of every base change declared (AW-03, AW-47)."""
        bases.check_together(before, after, members)

    def resolve(self, state: AwState, result: OutsideResult, dice: Dice) -> list[Event]:
        return list(_RESOLVE[type(result)](state, result, dice))

    def summary(self, state: AwState) -> dict[str, Any]:
        out = {**turn_summary(state), "nation": state.actor, "to_move": state.to_move}
        for part in PARTS:
            out.update(part.summary(state))
        return out

    def route(self, view: AwState, action: Action) -> tuple[str, ...]:
        return planning.route(view, action)

    def route_report(self, view: AwState, selection: Selection,
                     at: PlaceRef) -> RouteReport | None:
        """The route under the pointer: length, port touches, where it stops being legal
        and why (movement.py)."""
        return movement.route_report(view, selection, at)

    def opponent_move(self, view: AwState) -> OpponentChoice | None:
        """The solo opponent's next action on its own side's view (opponent.py)."""
        return opponent.move(view, self)


RULESET = AwawNaval()
