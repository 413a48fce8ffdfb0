"""The seam ruleset, rules part: the smallest game that uses what issue 26 added to the shared
parts (its state and scenario in state.py, its window part in window.py, its conformance kit
in conformance.py). Each clause shows one of them:

- SR-1 (a move in progress, core/moves.py): units move along a planned path one step per
  action; the rules may stop the move after any step.
- SR-2 (standing orders, core/orders.py): each side sets in secret when it snap-shoots a
  unit entering some hexes or coming within some hexes of a place, at once or asking first.
- SR-3: a unit entering an enemy's hidden field reveals it and is attacked: 1–3 on a die
  stops the move there for good — a move stopped mid-way.
- SR-4: a snap-shot spends one of the side's hidden rounds and rolls: 6 pins the unit (the
  move stops for good), 4–5 sends it to ground (it may press on), 1–3 misses.
- SR-5: asked live, the side snap-shoots or passes; whether it is asked rests on its orders
  and the step alone, never on its rounds or its fields.
- SR-6 (weighted paths, maps/paths.py; joined boards and painted terrain, maps/): squads
  keep to land, 1 MP a clear hex and 2 a wood, 8 MP a move; boats keep to water, 1 a sea
  hex, and the off-map box the Deep lies 2 hexes from its north entry and 3 from its south
  one; 6 hexes a move. A plan that breaks this is refused where it stops being legal.
- SR-7 (a secret placement whose place is the secret, core/hidden_place.py): a squad lays
  a hidden field where it stands; the other side learns that a field was laid, never
  where: its stand-in is :class:`~mineboard.core.hidden_place.PlacedSomewhere`.
- SR-8 (a result from outside the rules, core/outside.py): a boat entering the Deep meets
  the weather, settled outside these rules: the mover enters the crossing's result, the
  other side accepts it (or disputes it); a boat the Deep holds stops there for good.

The board is two joined geomorphic boards (``1A1``–``1G5`` and ``2A1``–``2E5``, sharing the
column ``1G``/``2A``) with a painted copse and two painted bays, the Deep linked to both.
Written for the tests only.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Annotated, Any, Literal

from mineboard.core import outside
from mineboard.core.actions import Action, ActionCodec
from mineboard.core.dice import Dice
from mineboard.core.errors import IllegalAction
from mineboard.core.events import CountersPlaced, CountersRevealed, DiceRolled, Event, PhaseBegan
from mineboard.core.hidden_place import PlacedSomewhere, placed_somewhere
from mineboard.core.moves import MoveInProgress, Stop
from mineboard.core.orders import ASK, AUTO, Distance, StandingOrder, Trigger
from mineboard.core.outside import Awaiting, OutsideResult
from mineboard.core.places import PlaceRef
from mineboard.core.planning import Command, Selection
from mineboard.core.routes import RouteReport
from mineboard.core.ruleset import TableRuleset
from mineboard.core.schema import Doc
from mineboard.core.words import and_list, count_of, possessive
from mineboard.maps.hexgrid import distance as hex_distance
from mineboard.maps.model import HEX, BoardMap, Way
from mineboard.maps.paths import (
    Closed,
    Limit,
    MoveCosts,
    RouteRules,
    closed_ways,
    route_finder,
    route_report,
)
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
    DEEP,
    FIELD,
    GOING,
    LAY,
    MOVE,
    ORDERS,
    SNAP,
    SNAP_SHOT,
    Kind,
    SeamState,
    state_from_scenario,
)

# ---- SR-6: what each kind of unit may enter, and at what cost ------------------------------
COSTS: Mapping[Kind, MoveCosts] = {
    "squad": MoveCosts.of({"open": 1, "woods": 2}, unit=("MP", "MP")),
    "boat": MoveCosts.of({"sea": 1}),  # and the Deep's links their own cost (the map's)
}
"""Cost to enter a place by its terrain; a terrain not listed is never entered."""
ALLOWANCE: Mapping[Kind, int] = {"squad": 8, "boat": 6}
KEEPS_TO: Mapping[Kind, str] = {"squad": "squads keep to land", "boat": "boats keep to water"}
THE_DEEP = "DEEP"


def going(board: BoardMap, kind: Kind) -> RouteRules:
    """The facts a unit's route is judged by: its allowance, and — for a squad — the Deep's
    links closed (a box link's own cost would let any unit in)."""
    def shut(way: Way) -> Closed | None:
        return Closed(GOING, "squads keep to land") if way.kind == "box_link" else None

    closed = closed_ways(board, shut) if kind == "squad" else ()
    return RouteRules(closed=closed, allowance=Limit(ALLOWANCE[kind], GOING), reach_clause=GOING)


def route(board: BoardMap, kind: Kind, start: str, goal: str) -> RouteReport:
    """The cheapest route a unit of ``kind`` may take, judged (maps/paths.py)."""
    return route_report(board, COSTS[kind], going(board, kind), start, goal)


# ---- SR-8: the crossing's result, from outside the rules -------------------------------------
@dataclass(frozen=True, slots=True)
class CrossingResult(OutsideResult):
    """The weather a boat meets in the Deep, rolled at the table or by another game."""

    kind = "crossing_result"
    fate: Annotated[Literal["through", "held"],
                    Doc("Whether the boat comes through the Deep or the weather holds it "
                        "there")] = "through"


# ---- SR-7: laying a hidden field -----------------------------------------------------------
@dataclass(frozen=True, slots=True)
class LayField(Action):
    """``side`` lays a hidden field at ``at``, where one of its squads stands. The action
    names its side because ``Ruleset.stand_in`` sees the action alone, and the stand-in
    must name whose field was laid somewhere."""

    kind = "lay_field"
    side: str
    at: str


CODEC = ActionCodec(*moves.MOVE_ACTIONS, SetOrders, EndPhase, LayField, PlacedSomewhere,
                    CrossingResult, *outside.ANSWERS)


class SeamRules(TableRuleset[SeamState]):
    """The ruleset, and the answers :class:`~mineboard.rules.common.moves.MoveRules` asks."""

    id = "seam-test"
    title = "The seam test: moves, orders, paths, joined boards, secret places, outside results"
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
            LayField: lambda s, a: self._check_lay(s, a),
            PlacedSomewhere: lambda s, a: self._check_laid_somewhere(s, a),
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
            LayField: lambda s, a, d: self._lay(s, a),
            PlacedSomewhere: lambda s, a, d: self._laid_somewhere(s, a),
        }

    def new_state(self, scenario: Mapping[str, Any], board: BoardMap,
                  where: str) -> SeamState:
        return state_from_scenario(scenario, board, where)

    # ---- SR-1, SR-6: plans ----------------------------------------------------------------
    def _check_plan(self, state: SeamState, action: PlanMove) -> None:
        moves.check_plan(self, state, action, state.board.adjacent)
        pinned = [u for u in action.units if state.units[u].pinned]
        if pinned:
            raise IllegalAction(f"{and_list(pinned)} pinned until {state.phasing}'s next "
                                "movement", SNAP)
        kinds = {state.units[u].kind for u in action.units}
        if len(kinds) > 1:
            raise IllegalAction("squads and boats do not move together", GOING)
        kind = kinds.pop()
        for place in action.path[1:]:
            if place != THE_DEEP and COSTS[kind].entry(state.board.places[place]) is None:
                raise IllegalAction(f"{KEEPS_TO[kind]}: {state.board.ref(place)} is "
                                    f"{_terrain(state.board, place)}", GOING)
        judged = route_finder(state.board, COSTS[kind], going(state.board, kind),
                              action.path[0]).judge(list(action.path), action.path[-1])
        if judged.stop is not None:
            raise IllegalAction(judged.stop.reason, judged.stop.clause)

    # ---- SR-2: orders ---------------------------------------------------------------------
    def _check_orders(self, state: SeamState, action: SetOrders) -> None:
        moves.no_ask(state, ASKED)
        orders.check_orders(action, (SNAP_SHOT,), state.board.places, ORDERS)

    def _set_orders(self, state: SeamState, action: SetOrders) -> list[Event]:
        side = state.to_move

        def keep() -> None:
            state.orders[side] = action.orders

        return orders.set_orders(side, action, keep, ORDERS)

    # ---- SR-7: a field laid where the other side may not know --------------------------------
    def _may_lay(self, state: SeamState, side: str) -> None:
        moves.no_ask(state, ASKED)
        if moves.busy(state):
            raise IllegalAction("finish the move in progress first", LAY)
        if state.to_lay.get(side, 0) <= 0:
            raise IllegalAction(f"{side} has no field left to lay", LAY)

    def _check_lay(self, state: SeamState, action: LayField) -> None:
        side = action.side
        _turn_of(state, side)
        self._may_lay(state, side)
        squads = [u.id for u in state.units.values()
                  if u.side == side and u.kind == "squad" and u.place == action.at]
        if not squads:
            raise IllegalAction(f"none of {side}'s squads stands at {action.at}", LAY)
        if state.minefields.get(action.at) == side or action.at in state.revealed:
            raise IllegalAction(f"a field lies at {state.board.ref(action.at)} already", LAY)

    def _check_laid_somewhere(self, state: SeamState, action: PlacedSomewhere) -> None:
        """What the other side's program may judge of a field it may not see: whose turn,
        how many fields are left to lay."""
        _turn_of(state, action.owner)
        self._may_lay(state, action.owner)

    def _lay(self, state: SeamState, action: LayField) -> list[Event]:
        side = action.side
        state.minefields[action.at] = side
        state.to_lay[side] -= 1
        at = state.board.ref(action.at)
        return [CountersPlaced(clause=LAY, text=f"{side} lays a hidden minefield at {at}",
                               at=at, owner=side, count=1, secret_to=side,
                               place_secret=True)]

    def _laid_somewhere(self, state: SeamState, action: PlacedSomewhere) -> list[Event]:
        state.unplaced[action.owner] = state.unplaced.get(action.owner, 0) + action.count
        state.to_lay[action.owner] -= action.count
        return [placed_somewhere(action, LAY)]

    def stand_in(self, action: Action) -> Action | None:
        """Orders stand in as orders none may read; a field laid as one laid somewhere."""
        if isinstance(action, SetOrders):
            return orders.stand_in(action)
        if isinstance(action, LayField):
            return PlacedSomewhere(action.side)
        return action if isinstance(action, PlacedSomewhere) else None

    # ---- SR-8: the crossing of the Deep ------------------------------------------------------
    def resolve(self, state: SeamState, result: OutsideResult, dice: Dice) -> list[Event]:
        """The accepted result: the boat goes on, or the Deep holds it (its move stops
        there for good, if it was going on)."""
        assert isinstance(result, CrossingResult)
        move = state.move
        deep = state.board.ref(THE_DEEP)
        names = and_list(move.units if move is not None and move.at == THE_DEEP else sorted(
            u.id for u in state.units.values() if u.place == THE_DEEP))
        if result.fate == "through":
            return [Event(kind="CrossingMade", clause=DEEP, at=deep,
                          text=f"the weather lets {names} through {deep}")]
        held = f"the weather holds {names} in {deep}"
        if move is None or move.at != THE_DEEP:
            return [Event(kind="CrossingHeld", clause=DEEP, at=deep, text=held)]
        return moves.stop_move(self, state, Stop(DEEP, held, THE_DEEP))

    # ---- the order of play --------------------------------------------------------------------
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

    def view(self, state: SeamState, side: str | None) -> SeamState:
        """Another side's fields are counted, not placed, until revealed; its orders and
        rounds are hidden."""
        seen = copy.deepcopy(state)
        for h, owner in state.minefields.items():
            if owner != side and h not in state.revealed:
                del seen.minefields[h]
                seen.unplaced[owner] = seen.unplaced.get(owner, 0) + 1
        seen.orders = {s: (o if s == side else ()) for s, o in state.orders.items()}
        seen.rounds = {s: n for s, n in state.rounds.items() if s == side}
        return seen

    # ---- MoveRules ---------------------------------------------------------------------
    def ref(self, state: SeamState, place: str) -> PlaceRef:
        return state.board.ref(place)

    def units_here(self, state: SeamState, side: str, place: str) -> list[str]:
        return sorted(u.id for u in state.units.values() if u.side == side
                      and u.place == place)

    def leave(self, state: SeamState, move: MoveInProgress,
              dice: Dice) -> tuple[list[Event], Stop | None]:
        """Leaving a place does nothing here (asl-minefields' exit attacks do)."""
        return [], None

    def enter(self, state: SeamState, move: MoveInProgress,
              dice: Dice) -> tuple[list[Event], Stop | None]:
        """SR-3: an enemy field where the units enter shows itself and attacks. SR-8: the
        Deep's weather waits for its result from outside the rules."""
        for unit in move.units:
            state.units[unit].place = move.at
        if move.at == THE_DEEP:
            other = next(s for s in state.sides if s != move.side)
            return [outside.begin(state, Awaiting(
                CrossingResult.kind, f"{possessive(and_list(move.units))} crossing of "
                                     f"{state.board.ref(THE_DEEP)}", DEEP,
                enters=move.side, accepts=other))], None
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
        """Hexes apart on the joined boards; the Deep is near nothing but itself."""
        grid = state.board.grid
        assert grid is not None
        places = state.board.places

        @cache  # a step asks of the same few places again and again
        def apart(a: str, b: str) -> int:
            if places[a].kind != HEX or places[b].kind != HEX:
                return 0 if a == b else len(places)
            return hex_distance(grid.from_label(a), grid.from_label(b))

        return apart

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
        if moves.busy(view) or view.awaiting is not None:
            return []
        return [u for u in self.units_here(view, view.phasing, place)
                if not view.units[u].pinned]

    def intent(self, view: SeamState, selection: Selection, at: PlaceRef) -> Action | None:
        if moves.busy(view):
            return moves.step_intent(view, at.id)
        if selection.units and selection.place is not None and at.id in view.board.places \
                and at.id != selection.place:
            found = self.route_report(view, selection, at)
            if found is None or len(found.places) < 2:  # no route at all
                return None
            return PlanMove(tuple(selection.units), found.places)
        return None

    def route_report(self, view: SeamState, selection: Selection,
                     at: PlaceRef) -> RouteReport | None:
        """SR-6: the cheapest route of the picked units to ``at``, its length and where it
        stops being legal (past the allowance, into what they may not enter)."""
        if moves.busy(view) or not selection.units or selection.place is None \
                or at.id not in view.board.places or at.id == selection.place:
            return None
        return route(view.board, view.units[selection.units[0]].kind, selection.place, at.id)

    def targets(self, view: SeamState, selection: Selection) -> dict[PlaceRef, Action]:
        return moves.step_targets(self, view)

    def commands(self, view: SeamState, selection: Selection) -> list[Command]:
        out = moves.move_commands(self, view, selection.place,
                                  f"{SNAP}: 6 pins, 4–5 sends to ground")
        place = selection.place
        if place is not None and not out and view.awaiting is None:
            lay = LayField(view.to_move, place)
            if _legal(self, view, lay):
                out.append(Command(f"Lay a hidden field at {view.board.ref(place)}", lay,
                                   f"{LAY}: {count_of(view.to_lay[view.to_move], 'field')} "
                                   "left to lay; the enemy learns one was laid, not where"))
        return out

    def legal_actions(self, view: SeamState) -> list[Action]:
        if view.awaiting is not None:
            return outside.samples(view.awaiting, CrossingResult)
        out: list[Action] = [c.action for c in moves.move_commands(self, view, None)
                             if c.action is not None]
        if view.ask is None:
            out += [EndPhase(), SetOrders()]
            for unit in sorted(view.units.values(), key=lambda u: u.id):
                if unit.side != view.phasing:
                    continue
                if self.units_at(view, unit.place):
                    out += [PlanMove((unit.id,), path) for path in _plans(view, unit)]
                out.append(LayField(unit.side, unit.place))
                # watch round its own units, asking or not
                out += [SetOrders((StandingOrder(SNAP_SHOT, Trigger("within", (unit.place,),
                                                                    1), answer),))
                        for answer in (AUTO, ASK)]
        return [a for a in dict.fromkeys(out) if _legal(self, view, a)]

    def invariants(self, state: SeamState) -> list[str]:
        out = []
        move = state.move
        if move is not None:
            out += [f"{u} is at {state.units[u].place}, the move at {move.at}"
                    for u in move.units if state.units[u].place != move.at]
        if state.ask is not None and move is None:
            out.append("a reaction is asked with no move in progress")
        for unit in state.units.values():
            terrain = _terrain(state.board, unit.place)
            if COSTS[unit.kind].entry(state.board.places[unit.place]) is None \
                    and unit.place != THE_DEEP:
                out.append(f"{unit.id}, a {unit.kind}, stands in {terrain} at {unit.place}")
            owner = state.minefields.get(unit.place)
            if owner not in (None, unit.side) and unit.place not in state.revealed:
                out.append(f"{unit.id} stands on {owner}'s hidden field at {unit.place}")
        if any(n < 0 for n in state.to_lay.values()):
            out.append(f"fields left to lay below nought: {state.to_lay}")
        return out

    def summary(self, state: SeamState) -> dict[str, Any]:
        move = state.move
        awaited = state.awaiting
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
            "unplaced": {s: n for s, n in sorted(state.unplaced.items()) if n},
            "to_lay": dict(state.to_lay),
            "rounds": dict(state.rounds),
            "orders": {s: count_of(len(o), "order") for s, o in state.orders.items() if o},
            "awaiting": None if awaited is None else [
                awaited.waiting_for, None if awaited.entered is None
                else awaited.entered.to_json()],
        }


def _turn_of(state: SeamState, side: str) -> None:
    if side != state.to_move:
        raise IllegalAction(f"it is {state.to_move}'s move, not {side}'s", TURN)


def _terrain(board: BoardMap, place: str) -> str:
    found = board.places[place]
    return str(found.props.get("terrain", found.kind))


def _plans(view: SeamState, unit: Any) -> list[tuple[str, ...]]:
    """A sample of the plans a side may make: a squad's paths of one and two steps, a
    boat's cheapest path to every place it may reach (through the Deep too)."""
    start = unit.place
    if unit.kind == "boat":
        water = (p for p in view.board.places if p != start
                 and (p == THE_DEEP or COSTS["boat"].entry(view.board.places[p]) is not None))
        return [r.places for r in (route(view.board, "boat", start, p) for p in sorted(water))
                if r.legal and len(r.places) > 1]
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
