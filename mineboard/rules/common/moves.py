"""Moves in progress and the reactions between their steps, for any ruleset (core/moves.py,
core/orders.py hold the data; this module the actions, checks and effects that use it).

A ruleset with moves keeps a :class:`MovesAndReactions` state and answers the few
questions of :class:`MoveRules` — what entering a place does, which orders a side has set,
what a reaction does. Everything else is here once: planning a path, one step per action,
a stop the ruleset's step effect decides, the standing orders judged after each step, the
side asked live only where its orders say so, pressing on where the rules allow, ending a
move where it is. The move passes to the asked side through ``to_move``, so the hot-seat
cover, the commit point and the turn file follow with no code of their own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from mineboard.core.actions import Action
from mineboard.core.dice import Dice
from mineboard.core.errors import IllegalAction
from mineboard.core.events import Event
from mineboard.core.moves import (
    MoveEnded,
    MoveInProgress,
    MovePlanned,
    MoveStepped,
    MoveStopped,
    Stop,
)
from mineboard.core.orders import (
    ASK,
    AUTO,
    Ask,
    Distance,
    ReactionAsked,
    ReactionPassed,
    StandingOrder,
    StepSeen,
    judge,
)
from mineboard.core.places import PlaceRef
from mineboard.core.planning import Command
from mineboard.core.words import and_list, count_of, possessive
from mineboard.rules.common.checks import distinct
from mineboard.rules.common.turns import SidesArePlayers


# ---- the actions ---------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class PlanMove(Action):
    """``units`` (all at ``path[0]``) are to go along ``path``, one step per action."""

    kind = "plan_move"
    units: tuple[str, ...]
    path: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class StepOn(Action):
    """The move in progress takes its next step."""

    kind = "step"


@dataclass(frozen=True, slots=True)
class PressOn(Action):
    """The move stopped where the rules allow going on: it goes on."""

    kind = "press_on"


@dataclass(frozen=True, slots=True)
class EndMove(Action):
    """The move in progress ends where the units stand."""

    kind = "end_move"


@dataclass(frozen=True, slots=True)
class React(Action):
    """The asked side takes the reaction it was asked about."""

    kind = "react"


@dataclass(frozen=True, slots=True)
class PassReaction(Action):
    """The asked side lets the chance go."""

    kind = "pass_reaction"


MOVE_ACTIONS: tuple[type[Action], ...] = (PlanMove, StepOn, PressOn, EndMove, React,
                                          PassReaction)


# ---- the state -----------------------------------------------------------------------------
class MovesAndReactions(SidesArePlayers):
    """A move in progress (``move``) and a reaction waiting for a side's answer (``ask``).
    While one waits, that side is to move (``to_move`` differs from ``phasing``) and acts;
    the window, the cover and the checks follow ``to_move``.

    Sides are players here by default; a state with nations within sides defines its own
    ``sides``, ``owners``, ``phasing`` (the side of the acting nation) and ``side_of`` in
    its class body, and ``to_move`` and ``actor`` follow them: the acting nation acts,
    unless a side is asked."""

    move: MoveInProgress | None
    ask: Ask | None

    @property
    def move_in_progress(self) -> MoveInProgress | None:
        return self.move

    @property
    def open_ask(self) -> Ask | None:
        return self.ask

    @property
    def to_move(self) -> str:
        return self.ask.side if self.ask is not None else self.phasing

    @property
    def actor(self) -> str:
        return self.ask.side if self.ask is not None else self.active

    @property
    def phase_label(self) -> str:
        """While a side is asked, it acts in the mover's phase: the toolbar says so."""
        if self.ask is not None:
            return f"Reaction to {possessive(self.phasing)} move"
        return self.step.label


S = TypeVar("S", bound=MovesAndReactions)
S_contra = TypeVar("S_contra", bound=MovesAndReactions, contravariant=True)


class MoveRules(Protocol[S_contra]):
    """What a ruleset says about its moves; the rest is this module's."""

    move_clause: str
    """The clause of ordinary movement: plans, steps, ends."""
    reaction_clause: str
    """The clause of reactions: asks and their answers."""

    def ref(self, state: S_contra, place: str) -> PlaceRef: ...

    def units_here(self, state: S_contra, side: str, place: str) -> list[str]:
        """``side``'s units at ``place`` (as every side sees them)."""

    def leave(self, state: S_contra, move: MoveInProgress,
              dice: Dice) -> tuple[list[Event], Stop | None]:
        """Resolve what leaving ``move.at`` for ``move.ahead`` does before the units go (an
        exit attack): its events, and the stop it makes, if any. A stop here keeps the units
        where they are: they never enter the next place, so no standing order sees them
        there. The ruleset may narrow ``state.move`` to the units that still go on. Nothing
        happens on leaving: return ``[], None``."""

    def enter(self, state: S_contra, move: MoveInProgress,
              dice: Dice) -> tuple[list[Event], Stop | None]:
        """Put ``move.units`` at ``move.at`` (just entered) and resolve what entering does
        there (a mine attack): its events, and the stop it makes, if any."""

    def standing_orders(self, state: S_contra, side: str) -> Sequence[StandingOrder]:
        """``side``'s standing orders (the truth's: the engine judges them)."""

    def distance(self, state: S_contra) -> Distance:
        """Steps between two places on the public map."""

    def react(self, state: S_contra, side: str, reaction: str, move: MoveInProgress,
              dice: Dice, answer: Action | None) -> tuple[list[Event], Stop | None]:
        """``side`` takes ``reaction`` against ``move``: its events, and its stop.
        ``answer`` is the side's live answer (a ruleset's subclass of :class:`React` may
        carry which unit fires), None where the engine acts on a standing order."""

    def offer(self, state: S_contra, reaction: str, move: MoveInProgress) -> str:
        """The reaction as the phase track names it ("snap-shoot at 0304")."""


def said(units: Sequence[str], one: str, many: str) -> str:
    """The units and their verb agreeing: "R1 enters", "R1 and R2 enter"."""
    return f"{and_list(units)} {one if len(units) == 1 else many}"


# ---- checks: each answers from what every side sees ----------------------------------------
def no_ask(state: MovesAndReactions, clause: str) -> None:
    if state.ask is not None:
        raise IllegalAction(f"the move waits for {possessive(state.ask.side)} answer: "
                            f"{state.ask.offer} or pass", clause)


def check_plan(rules: MoveRules[S], state: S, action: PlanMove,
               adjacent: Mapping[str, Mapping[str, Any]]) -> None:
    clause = rules.move_clause
    no_ask(state, rules.reaction_clause)
    move = state.move
    if move is not None and move.may_go_on:
        raise IllegalAction(f"{said(move.units, 'is', 'are')} still moving: go on to "
                            f"{rules.ref(state, str(move.ahead))} or end the move "
                            "first", clause)
    if not action.units:
        raise IllegalAction("name at least one unit to move", clause)
    distinct(action.units, "moving unit", clause)
    if len(action.path) < 2:
        raise IllegalAction("a path needs a place to start and one to go to", clause)
    start = action.path[0]
    here = rules.units_here(state, state.phasing, start) if start in adjacent else []
    for unit in action.units:
        if unit not in here:
            raise IllegalAction(f"{unit} is not one of {possessive(state.phasing)} units at "
                                f"{start}", clause)
    for a, b in zip(action.path, action.path[1:], strict=False):
        if b not in adjacent.get(a, {}):
            raise IllegalAction(f"{b} is not next to {a}", clause)
    if len(set(action.path)) != len(action.path):
        raise IllegalAction("the path enters a place twice", clause)


def check_step(rules: MoveRules[S], state: S) -> None:
    no_ask(state, rules.reaction_clause)
    move = state.move
    if move is None:
        raise IllegalAction("no move in progress: plan one first", rules.move_clause)
    if move.stopped is not None:
        raise IllegalAction(f"the move stopped at {rules.ref(state, move.at)}: "
                            f"{move.stopped.text}",
                            move.stopped.clause)
    if move.finished:
        raise IllegalAction(f"the move has reached {rules.ref(state, move.at)}, "
                            "its end", rules.move_clause)


def check_press_on(rules: MoveRules[S], state: S) -> None:
    no_ask(state, rules.reaction_clause)
    move = state.move
    if move is None or move.stopped is None:
        raise IllegalAction("no move has stopped to press on from", rules.move_clause)
    if not move.stopped.resumable:
        raise IllegalAction(f"the move may not go on from "
                            f"{rules.ref(state, move.at)}: {move.stopped.text}",
                            move.stopped.clause)


def check_end(rules: MoveRules[S], state: S) -> None:
    no_ask(state, rules.reaction_clause)
    if state.move is None:
        raise IllegalAction("no move in progress to end", rules.move_clause)


def check_answer(rules: MoveRules[S], state: S) -> None:
    if state.ask is None:
        raise IllegalAction("no reaction is waiting for an answer", rules.reaction_clause)


# ---- what the player is offered while a move is in progress ------------------------------
def busy(state: MovesAndReactions) -> bool:
    """Whether a move is going on or an answer awaited: no other unit may be picked."""
    return state.ask is not None or (state.move is not None and state.move.may_go_on)


def step_intent(state: MovesAndReactions, at: str) -> Action | None:
    """A click while a move is in progress: on the next place of its path, the next step;
    elsewhere nothing (None also while no move goes on: the ruleset plans one)."""
    move = state.move
    if state.ask is None and move is not None and move.may_go_on and at == move.ahead:
        return StepOn()
    return None


def step_targets(rules: MoveRules[S], state: S) -> dict[PlaceRef, Action]:
    """The place the next step enters, lit."""
    move = state.move
    if state.ask is None and move is not None and move.may_go_on and move.ahead is not None:
        return {rules.ref(state, move.ahead): StepOn()}
    return {}


def move_commands(rules: MoveRules[S], state: S, place: str | None,
                  react_tip: str = "") -> list[Command]:
    """The buttons of a move in progress (step, press on, end it) or of a reaction asked
    (take it, pass) — offered with nothing picked, or on a click where it happens."""
    ask, move = state.ask, state.move
    if ask is not None:
        if place not in (None, ask.at):
            return []
        return [Command(ask.offer[0].upper() + ask.offer[1:], React(), react_tip),
                Command("Pass", PassReaction(), "let the move go on")]
    if move is None or place not in (None, move.at):
        return []
    out = []
    if move.may_go_on and move.ahead is not None:
        out.append(Command(f"Step to {rules.ref(state, move.ahead)}", StepOn()))
    if move.stopped is not None and move.stopped.resumable:
        out.append(Command("Press on", PressOn(), move.stopped.text))
    out.append(Command("End the move here", EndMove()))
    return out


# ---- effects -------------------------------------------------------------------------------
def plan(rules: MoveRules[S], state: S, action: PlanMove) -> list[Event]:
    events = end(rules, state) if state.move is not None else []
    state.move = MoveInProgress(state.phasing, action.units, action.path)
    events.append(MovePlanned(clause=rules.move_clause, at=rules.ref(state, action.path[0]),
                              text=f"{said(action.units, 'sets', 'set')} out for "
                                   f"{rules.ref(state, action.path[-1])} "
                                   f"({count_of(len(action.path) - 1, 'step')})",
                              units=action.units, path=action.path))
    return events


def step(rules: MoveRules[S], state: S, dice: Dice) -> list[Event]:
    """What leaving does, one step, then what entering does, then the other sides'
    standing orders: taken at once (``auto``) in the order they were listed, and the first
    that says ``ask`` asks. A stop on leaving ends the step where the units stand."""
    assert state.move is not None
    events: list[Event] = []
    came_from = state.move.at
    left, stop = rules.leave(state, state.move, dice)
    events += left
    if stop is not None:
        return events + stop_move(rules, state, stop)
    move = state.move = state.move.stepped()
    at = rules.ref(state, move.at)
    events += [MoveStepped(clause=rules.move_clause, at=at,
                                       text=f"{said(move.units, 'enters', 'enter')} {at}",
                                       units=move.units, step=move.done, came_from=came_from)]
    more, stop = rules.enter(state, move, dice)
    events += more
    events += stop_move(rules, state, stop)
    seen = StepSeen(move.side, move.units, came_from, move.at)
    distance = rules.distance(state)
    for side in state.sides:
        if side == move.side:
            continue
        fired = judge(rules.standing_orders(state, side), seen, distance)
        for order in (o for o in fired if o.answer == AUTO):
            more, stop = rules.react(state, side, order.reaction, state.move, dice, None)
            events += more
            events += stop_move(rules, state, stop)
        asked = next((o for o in fired if o.answer == ASK), None)
        if asked is not None and state.ask is None:
            offer = rules.offer(state, asked.reaction, move)
            state.ask = Ask(side, asked.reaction, move.at, move.units, offer)
            events.append(ReactionAsked(clause=rules.reaction_clause,
                                        at=rules.ref(state, move.at),
                                        text=f"{side} may {offer} or pass", side=side,
                                        reaction=asked.reaction))
    return events + _settle(rules, state)


def answer(rules: MoveRules[S], state: S, action: Action, dice: Dice) -> list[Event]:
    """The asked side reacts (:class:`React`) or passes; then the move may go on."""
    ask = state.ask
    assert ask is not None and state.move is not None
    state.ask = None
    if isinstance(action, React):
        events, stop = rules.react(state, ask.side, ask.reaction, state.move, dice, action)
        events += stop_move(rules, state, stop)
    else:
        events = [ReactionPassed(clause=rules.reaction_clause, at=rules.ref(state, ask.at),
                                 text=f"{ask.side} passes: no {ask.offer}", side=ask.side,
                                 reaction=ask.reaction)]
    return events + _settle(rules, state)


def press_on(rules: MoveRules[S], state: S) -> list[Event]:
    assert state.move is not None
    state.move = state.move.resumed()
    return [Event(kind="MovePressedOn", clause=rules.move_clause,
                  at=rules.ref(state, state.move.at),
                  text=f"{said(state.move.units, 'presses', 'press')} on from "
                       f"{rules.ref(state, state.move.at)}")]


def end(rules: MoveRules[S], state: S) -> list[Event]:
    move = state.move
    assert move is not None
    state.move = None
    return [MoveEnded(clause=rules.move_clause, at=rules.ref(state, move.at),
                      text=f"{said(move.units, 'ends its', 'end their')} move at "
                           f"{rules.ref(state, move.at)} after "
                           f"{move.done} of {len(move.path) - 1} steps",
                      units=move.units, steps=move.done)]


def stop_move(rules: MoveRules[S], state: S, stop: Stop | None) -> list[Event]:
    """Stop the move in progress by ``stop``: its event. The first stop holds; a later one
    the same step adds nothing. Public for a stop decided outside a step's own hooks (a
    result from outside the rules, accepted while the move waits)."""
    move = state.move
    if stop is None or move is None or move.stopped is not None:
        return []
    state.move = move.stopped_by(stop)
    return [MoveStopped(clause=stop.clause, at=rules.ref(state, stop.at), text=stop.text,
                        units=move.units, resumable=stop.resumable)]


def _settle(rules: MoveRules[S], state: S) -> list[Event]:
    """A move walked to its end, with no answer awaited, is over."""
    move = state.move
    if state.ask is None and move is not None and move.finished and move.stopped is None:
        return end(rules, state)
    return []
