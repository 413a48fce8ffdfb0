"""The seam ruleset, rules part: the smallest game with moves in progress and standing orders
(its state and scenario in state.py, its window part in window.py).

Two sides move units across a small hex board, one step per action (SR-1). Each side may
have laid hidden minefields; a unit entering an enemy field reveals it and is attacked:
1–3 on a die stops the move there for good (SR-3). Each side sets standing orders in secret
(SR-2): snap-shoot a unit entering some hexes or coming within some hexes of a place, at
once or asking first. A snap-shot spends one of the side's hidden rounds and rolls: 6 pins
the unit (the move stops for good), 4–5 sends it to ground (the move stops, but it may
press on), 1–3 misses (SR-4). Asked live, the side snap-shoots or passes (SR-5); whether it
is asked rests on its orders and the step alone, never on its rounds or its fields.

Written for the tests only; it will grow into the issue's "Shows" ruleset.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from mineboard.core.actions import Action, ActionCodec
from mineboard.core.dice import Dice
from mineboard.core.errors import IllegalAction
from mineboard.core.events import CountersRevealed, DiceRolled, Event, PhaseBegan
from mineboard.core.moves import MoveInProgress, Stop
from mineboard.core.orders import ASK, AUTO, Distance, StandingOrder, Trigger
from mineboard.core.places import PlaceRef
from mineboard.core.planning import Command, Selection
from mineboard.core.ruleset import TableRuleset
from mineboard.core.words import and_list, count_of
from mineboard.maps.hexgrid import distance as hex_distance
from mineboard.maps.model import BoardMap
from mineboard.rules.common import moves, orders
from mineboard.rules.common.actions import EndPhase
from mineboard.rules.common.checks import TURN
from mineboard.rules.common.moves import (
    EndMove,
    PassReaction,
    PlanMove,
    PressOn,
    React,
    StepOn,
)
from mineboard.rules.common.orders import SetOrders
from tests.seam_ruleset.state import (
    ASKED,
    FIELD,
    MOVE,
    ORDERS,
    SNAP,
    SNAP_SHOT,
    SeamState,
    state_from_scenario,
)

# ---- checks and effects --------------------------------------------------------------------
CODEC = ActionCodec(*moves.MOVE_ACTIONS, SetOrders, EndPhase)


class SeamRules(TableRuleset[SeamState]):
    """The ruleset, and the answers :class:`~mineboard.rules.common.moves.MoveRules` asks."""

    id = "seam-test"
    title = "The seam test: moves in progress and standing orders"
    clause_prefix = "SR"
    codec = CODEC
    move_clause = MOVE
    reaction_clause = ASKED

    def __init__(self) -> None:
        self.checks = {
            PlanMove: lambda s, a: self._check_plan(s, a),
            StepOn: lambda s, a: moves.check_step(self, s),
            PressOn: lambda s, a: moves.check_press_on(self, s),
            EndMove: lambda s, a: moves.check_end(self, s),
            React: lambda s, a: moves.check_answer(self, s),
            PassReaction: lambda s, a: moves.check_answer(self, s),
            SetOrders: lambda s, a: self._check_orders(s, a),
            EndPhase: lambda s, a: moves.no_ask(s, ASKED),
        }
        self.effects = {
            PlanMove: lambda s, a, d: moves.plan(self, s, a),
            StepOn: lambda s, a, d: moves.step(self, s, d),
            PressOn: lambda s, a, d: moves.press_on(self, s),
            EndMove: lambda s, a, d: moves.end(self, s),
            React: lambda s, a, d: moves.answer(self, s, a, d),
            PassReaction: lambda s, a, d: moves.answer(self, s, a, d),
            SetOrders: lambda s, a, d: self._set_orders(s, a),
            EndPhase: lambda s, a, d: self._end_phase(s),
        }

    def new_state(self, scenario: Mapping[str, Any], board: BoardMap,
                  where: str) -> SeamState:
        return state_from_scenario(scenario, board, where)

    def _check_plan(self, state: SeamState, action: PlanMove) -> None:
        moves.check_plan(self, state, action, state.board.adjacent)
        pinned = [u for u in action.units if state.units[u].pinned]
        if pinned:
            raise IllegalAction(f"{and_list(pinned)} pinned until {state.phasing}'s next "
                                "movement", SNAP)

    def _check_orders(self, state: SeamState, action: SetOrders) -> None:
        moves.no_ask(state, ASKED)
        orders.check_orders(action, (SNAP_SHOT,), state.board.places, ORDERS)

    def _set_orders(self, state: SeamState, action: SetOrders) -> list[Event]:
        side = state.to_move

        def keep() -> None:
            state.orders[side] = action.orders

        return orders.set_orders(side, action, keep, ORDERS)

    def _end_phase(self, state: SeamState) -> list[Event]:
        events = moves.end(self, state) if state.move is not None else []
        state.position, new_turn = state.sequence.advance(state.position)
        state.turn += new_turn
        for unit in state.units.values():
            if unit.side == state.phasing:
                unit.pinned = False
        return [*events, PhaseBegan(clause=TURN, text=f"{state.phasing}: movement",
                                    turn=state.turn, actor=state.phasing)]

    def end_phase(self, state: SeamState) -> Action:
        return EndPhase()

    def stand_in(self, action: Action) -> Action | None:
        return orders.stand_in(action) if isinstance(action, SetOrders) else None

    def view(self, state: SeamState, side: str | None) -> SeamState:
        """Another side's fields (until revealed), orders and rounds are hidden."""
        seen = copy.deepcopy(state)
        seen.minefields = {h: s for h, s in state.minefields.items()
                           if s == side or h in state.revealed}
        seen.orders = {s: (o if s == side else ()) for s, o in state.orders.items()}
        seen.rounds = {s: n for s, n in state.rounds.items() if s == side}
        return seen

    # ---- MoveRules ---------------------------------------------------------------------
    def ref(self, state: SeamState, place: str) -> PlaceRef:
        return state.board.ref(place)

    def units_here(self, state: SeamState, side: str, place: str) -> list[str]:
        return sorted(u.id for u in state.units.values() if u.side == side
                      and u.place == place)

    def enter(self, state: SeamState, move: MoveInProgress,
              dice: Dice) -> tuple[list[Event], Stop | None]:
        """SR-3: an enemy field where the units enter shows itself and attacks."""
        for unit in move.units:
            state.units[unit].place = move.at
        owner = state.minefields.get(move.at)
        if owner is None or owner == move.side:
            return [], None
        at = state.board.ref(move.at)
        state.revealed.add(move.at)
        roll = dice.roll(FIELD, f"minefield attack at {at}")
        stops = roll <= 3
        names = and_list(move.units)
        events: list[Event] = [
            CountersRevealed(clause=FIELD, at=at, text=f"{owner}'s minefield at {at} shows "
                                                       "itself", faces={owner: ("M",)}),
            DiceRolled(clause=FIELD, at=at, text=f"minefield attack at {at}: rolled {roll}",
                       dice=(roll,), hits=(stops,), tally="1–3 stops")]
        if not stops:
            events.append(Event(kind="MineMissed", clause=FIELD, at=at,
                                text=f"{moves.said(move.units, 'gets', 'get')} through the "
                                     f"minefield at {at}"))
            return events, None
        return events, Stop(FIELD, f"the minefield at {at} stops {names} (rolled {roll})",
                            move.at)

    def standing_orders(self, state: SeamState, side: str) -> Sequence[StandingOrder]:
        return state.orders.get(side, ())

    def distance(self, state: SeamState) -> Distance:
        grid = state.board.grid
        assert grid is not None
        hex_of = cache(grid.from_label)  # a step asks of the same few places again and again
        return lambda a, b: hex_distance(hex_of(a), hex_of(b))

    def react(self, state: SeamState, side: str, reaction: str, move: MoveInProgress,
              dice: Dice, answer: Action | None) -> tuple[list[Event], Stop | None]:
        """SR-4: a snap-shot spends a round and rolls: 6 pins, 4–5 sends to ground."""
        at = state.board.ref(move.at)
        names = and_list(move.units)
        if state.rounds.get(side, 0) <= 0:
            return [Event(kind="SnapShotDry", clause=SNAP, at=at,
                          text=f"{side} has no rounds left to snap-shoot at {at}")], None
        state.rounds[side] -= 1
        roll = dice.roll(SNAP, f"{side} snap-shoots at {at}")
        events: list[Event] = [DiceRolled(clause=SNAP, at=at, dice=(roll,), hits=(roll >= 4,),
                                          text=f"{side} snap-shoots at {names} at {at}: "
                                               f"rolled {roll}", tally="4–5 to ground, 6 pins")]
        if roll == 6:
            for unit in move.units:
                state.units[unit].pinned = True
            return events, Stop(SNAP, f"{side}'s snap-shot pins {names} at {at}", move.at)
        if roll >= 4:
            return events, Stop(SNAP, f"{side}'s snap-shot sends {names} to ground at {at}; "
                                      "they may press on", move.at, resumable=True)
        return [*events, Event(kind="SnapShotMissed", clause=SNAP, at=at,
                               text=f"{side}'s snap-shot misses {names}")], None

    def offer(self, state: SeamState, reaction: str, move: MoveInProgress) -> str:
        return f"snap-shoot at {state.board.ref(move.at)}"

    # ---- what a player is offered --------------------------------------------------------
    def units_at(self, view: SeamState, place: str) -> list[str]:
        if moves.busy(view):
            return []
        return [u for u in self.units_here(view, view.phasing, place)
                if not view.units[u].pinned]

    def intent(self, view: SeamState, selection: Selection, at: PlaceRef) -> Action | None:
        if moves.busy(view):
            return moves.step_intent(view, at.id)
        if selection.units and selection.place is not None and at.id in view.board.places \
                and at.id != selection.place:
            import networkx as nx

            path = nx.shortest_path(view.board.graph, selection.place, at.id)
            return PlanMove(tuple(selection.units), tuple(path))
        return None

    def targets(self, view: SeamState, selection: Selection) -> dict[PlaceRef, Action]:
        return moves.step_targets(self, view)

    def commands(self, view: SeamState, selection: Selection) -> list[Command]:
        return moves.move_commands(self, view, selection.place,
                                   f"{SNAP}: 6 pins, 4–5 sends to ground")

    def legal_actions(self, view: SeamState) -> list[Action]:
        out: list[Action] = [c.action for c in self.commands(view, Selection())
                             if c.action is not None]
        if view.ask is None:
            out += [EndPhase(), SetOrders()]
            for unit in sorted(view.units.values(), key=lambda u: u.id):
                if unit.side == view.phasing and self.units_at(view, unit.place):
                    out += [PlanMove((unit.id,), path) for path in _paths(view, unit.place)]
                if unit.side == view.phasing:  # watch round its own units, asking or not
                    out += [SetOrders((StandingOrder(SNAP_SHOT, Trigger("within", (unit.place,),
                                                                        1), answer),))
                            for answer in (AUTO, ASK)]
        return [a for a in out if _legal(self, view, a)]

    def invariants(self, state: SeamState) -> list[str]:
        out = []
        move = state.move
        if move is not None:
            out += [f"{u} is at {state.units[u].place}, the move at {move.at}"
                    for u in move.units if state.units[u].place != move.at]
        if state.ask is not None and move is None:
            out.append("a reaction is asked with no move in progress")
        return out

    def summary(self, state: SeamState) -> dict[str, Any]:
        move = state.move
        return {
            "turn": state.turn, "nation": state.actor, "phase_name": state.phase_label,
            "to_move": state.to_move,
            "units": {u.id: u.place + (" pinned" if u.pinned else "")
                      for u in state.units.values()},
            "move": None if move is None else {
                "units": list(move.units), "path": list(move.path), "done": move.done,
                "stopped": None if move.stopped is None else
                [move.stopped.clause, move.stopped.text, move.stopped.resumable]},
            "ask": None if state.ask is None else state.ask.offer,
            "minefields": dict(sorted(state.minefields.items())),
            "rounds": dict(state.rounds),
            "orders": {s: count_of(len(o), "order") for s, o in state.orders.items() if o},
        }


def _paths(view: SeamState, start: str) -> list[tuple[str, ...]]:
    """Paths of one and two steps from ``start``: a sample of the plans a side may make."""
    near = view.board.adjacent
    return [(start, a) for a in sorted(near[start])] + \
        [(start, a, b) for a in sorted(near[start]) for b in sorted(near[a])
         if b not in (start, a)]


def _legal(rules: SeamRules, view: SeamState, action: Action) -> bool:
    try:
        rules.check(view, action)
    except IllegalAction:
        return False
    return True


RULESET = SeamRules()
