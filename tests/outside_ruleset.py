"""A ruleset written only for the tests of results from outside the rules and of orders
declared together ("outside-test", clauses OX).

Two sides, Blue and Red, keep fleets at the star systems of the bundled ``stars`` map.
OX-2: a fleet may engage an enemy fleet at its system; the battle is fought with another
game's naval rules, so the attacker enters its result and the defender accepts it.
OX-3: base changes are declared together, each to a system of the map; after them a
system holds at most ``capacity`` fleets of a side. OX-4: a fleet changes base once in a
declaration. OX-5: a fleet that lost every ship cannot hold the field.

The game keeps no real secret, but says it has some, so hot-seat play covers the board
between the sides: the acceptance is made at the cover, as a game with secrets makes it.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal

import pytest

from mineboard.core import batch, outside
from mineboard.core.actions import Action
from mineboard.core.dice import Dice
from mineboard.core.errors import BadInput, IllegalAction
from mineboard.core.events import Event, PhaseBegan, UnitLost, UnitsMoved
from mineboard.core.outside import Awaiting, Bound, OutsideResult
from mineboard.core.ruleset import TableRuleset
from mineboard.core.schema import Doc, Length, Range, from_json
from mineboard.maps.model import BoardMap
from mineboard.rules.common.actions import EndPhase
from mineboard.rules.common.phases import PhaseSequence, each
from mineboard.rules.common.waiting import WaitsForResults

if TYPE_CHECKING:
    from mineboard.persistence.scenario import Scenario

RULESET_ID = "outside-test"
MAX_SHIPS = 99


# ---- the state ------------------------------------------------------------------------------
@dataclass
class Fleet:
    id: str
    side: str
    system: str
    ships: int


@dataclass
class OutsideState(WaitsForResults):
    board: BoardMap
    sides: tuple[str, ...]
    turn: int
    sequence: PhaseSequence
    position: int
    fleets: dict[str, Fleet]
    capacity: int
    awaiting: Awaiting | None = None
    battle: tuple[str, str] | None = None
    """The attacking and the defending fleet of the battle awaited."""

    def __deepcopy__(self, memo: dict[int, Any]) -> OutsideState:
        return OutsideState(self.board, self.sides, self.turn, self.sequence, self.position,
                            copy.deepcopy(self.fleets, memo), self.capacity, self.awaiting,
                            self.battle)



# ---- the scenario ---------------------------------------------------------------------------
@dataclass(frozen=True)
class FleetSpec:
    id: Annotated[str, Length(1, 16)]
    side: Annotated[str, Length(1, 16)]
    system: Annotated[str, Length(1, 64)]
    ships: Annotated[int, Range(1, MAX_SHIPS)]


@dataclass(frozen=True)
class ScenarioSpec:
    sides: Annotated[tuple[str, ...], Length(2, 2)]
    fleets: tuple[FleetSpec, ...]
    capacity: Annotated[int, Range(1, 9)] = 1


def new_state(data: Mapping[str, Any], board: BoardMap, where: str) -> OutsideState:
    keys = ("sides", "fleets", "capacity")
    spec = from_json(ScenarioSpec, {k: data[k] for k in keys if k in data}, where)
    for f in spec.fleets:
        if f.side not in spec.sides or f.system not in board.places:
            raise BadInput(f"{where}: fleets", f"fleet {f.id}: unknown side or system")
    return OutsideState(board, spec.sides, 1, PhaseSequence(tuple(each(spec.sides, "orders",
                                                                      "Orders"))), 0,
                        {f.id: Fleet(f.id, f.side, f.system, f.ships) for f in spec.fleets},
                        spec.capacity)


# ---- the actions ----------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Engage(Action):
    kind = "engage"
    fleet: str
    target: str


@dataclass(frozen=True, slots=True)
class ChangeBase(Action):
    kind = "change_base"
    fleet: str
    system: str


@dataclass(frozen=True, slots=True)
class BattleResult(OutsideResult):
    """The result of a battle fought with another game's naval rules (OX-2)."""

    kind = "battle_result"
    attacker_losses: Annotated[int, Range(0, MAX_SHIPS),
                               Doc("Ships the attacking fleet lost")]
    defender_losses: Annotated[int, Range(0, MAX_SHIPS),
                               Doc("Ships the defending fleet lost")]
    holds_field: Annotated[Literal["attacker", "defender"],
                           Doc("Which fleet holds the system after the battle")] = "attacker"


CODEC = batch.BatchCodec(EndPhase, Engage, ChangeBase, BattleResult, *outside.ANSWERS)


# ---- checks ---------------------------------------------------------------------------------
def _own_fleet(state: OutsideState, fleet_id: str, clause: str) -> Fleet:
    fleet = state.fleets.get(fleet_id)
    if fleet is None:
        raise IllegalAction(f"there is no fleet {fleet_id}", clause)
    if fleet.side != state.to_move:
        raise IllegalAction(f"fleet {fleet_id} is not yours", clause)
    return fleet


def check_engage(state: OutsideState, action: Engage) -> None:
    fleet = _own_fleet(state, action.fleet, "OX-2")
    target = state.fleets.get(action.target)
    if target is None or target.side == fleet.side:
        raise IllegalAction(f"{action.target} is no enemy fleet", "OX-2")
    if target.system != fleet.system:
        raise IllegalAction(f"fleet {action.target} is not at {fleet.system}", "OX-2")


def check_change_base(state: OutsideState, action: ChangeBase) -> None:
    fleet = _own_fleet(state, action.fleet, "OX-3")
    if action.system not in state.board.places:
        raise IllegalAction(f"there is no system {action.system}", "OX-3")
    if action.system == fleet.system:
        raise IllegalAction(f"fleet {fleet.id} is at {action.system} already", "OX-3")


def check_battle_result(state: OutsideState, result: BattleResult) -> None:
    assert state.battle is not None
    attacker, defender = (state.fleets[f] for f in state.battle)
    lost_all = {"attacker": result.attacker_losses == attacker.ships,
                "defender": result.defender_losses == defender.ships}
    if lost_all[result.holds_field]:
        raise IllegalAction(f"battle_result.holds_field: the {result.holds_field} lost every "
                            "ship and cannot hold the system", "OX-5")


def check_end(state: OutsideState, action: EndPhase) -> None:
    """Ending the phase is always legal (while no result is awaited)."""


# ---- effects --------------------------------------------------------------------------------
def engage(state: OutsideState, action: Engage, dice: Dice) -> list[Event]:
    attacker, defender = state.fleets[action.fleet], state.fleets[action.target]
    name = state.board.places[attacker.system].name
    state.battle = (attacker.id, defender.id)
    return [outside.begin(state, Awaiting(
        BattleResult.kind, f"the battle at {name}", "OX-2", attacker.side, defender.side,
        (Bound("attacker_losses", 0, attacker.ships,
               f"fleet {attacker.id} has {attacker.ships} ships"),
         Bound("defender_losses", 0, defender.ships,
               f"fleet {defender.id} has {defender.ships} ships"))))]


def change_base(state: OutsideState, action: ChangeBase, dice: Dice) -> list[Event]:
    fleet = state.fleets[action.fleet]
    start, fleet.system = fleet.system, action.system
    return [UnitsMoved(clause="OX-3", text=f"fleet {fleet.id} changes base to "
                                           f"{state.board.places[action.system].name}",
                       units=(fleet.id,), path=(state.board.ref(start),
                                                state.board.ref(action.system)))]


def end_phase(state: OutsideState, action: EndPhase, dice: Dice) -> list[Event]:
    state.position, new_turn = state.sequence.advance(state.position)
    state.turn += new_turn
    return [PhaseBegan(text=f"{state.actor}: {state.phase_label}", turn=state.turn,
                       actor=state.actor)]


class OutsideTest(TableRuleset[OutsideState]):
    id = RULESET_ID
    title = "Battles fought outside these rules, and base changes declared together"
    clause_prefix = "OX"
    codec = CODEC
    checks: ClassVar[Mapping[type[Action], Callable[[Any, Any], None]]] = {
        EndPhase: check_end, Engage: check_engage, ChangeBase: check_change_base,
        BattleResult: check_battle_result}
    effects: ClassVar[Mapping[type[Action], Callable[[Any, Any, Dice], list[Event]]]] = {
        EndPhase: end_phase, Engage: engage, ChangeBase: change_base}
    batch_kinds = frozenset({ChangeBase.kind})

    def new_state(self, scenario: Mapping[str, Any], board: Any, where: str) -> OutsideState:
        return new_state(scenario, board, where)

    def view(self, state: OutsideState, side: str | None) -> OutsideState:
        return state

    def end_phase(self, state: OutsideState) -> Action:
        return EndPhase()

    def resolve(self, state: OutsideState, result: OutsideResult, dice: Dice) -> list[Event]:
        assert isinstance(result, BattleResult) and state.battle is not None
        events: list[Event] = []
        for fleet_id, lost in zip(state.battle, (result.attacker_losses,
                                                 result.defender_losses), strict=True):
            fleet = state.fleets[fleet_id]
            fleet.ships -= lost
            if fleet.ships == 0:
                del state.fleets[fleet_id]
                events.append(UnitLost(clause="OX-2", text=f"fleet {fleet_id} is lost",
                                       at=state.board.ref(fleet.system), unit=fleet_id,
                                       unit_type="frigate", owner=fleet.side))
        state.battle = None
        return events

    def check_together(self, before: OutsideState, after: OutsideState,
                       members: tuple[Action, ...]) -> None:
        seen: set[str] = set()
        for index, member in enumerate(members):
            assert isinstance(member, ChangeBase)
            if member.fleet in seen:
                raise batch.refusal(members, index, IllegalAction(
                    f"fleet {member.fleet} changes base twice", "OX-4"))
            seen.add(member.fleet)
        moving = {m.fleet for m in members if isinstance(m, ChangeBase)}
        held = Counter((f.system, f.side) for f in after.fleets.values() if f.id not in moving)
        for index, member in enumerate(members):  # the order that overfills it is at fault
            assert isinstance(member, ChangeBase)
            side = after.fleets[member.fleet].side
            held[member.system, side] += 1
            if held[member.system, side] > after.capacity:
                name = after.board.places[member.system].name
                raise batch.refusal(members, index, IllegalAction(
                    f"{name} would hold {held[member.system, side]} {side} fleets; it holds "
                    f"at most {after.capacity}", "OX-3"))

    def legal_actions(self, view: OutsideState) -> list[Action]:
        if view.awaiting is not None:
            return outside.samples(view.awaiting, BattleResult)
        return [EndPhase()]

    def summary(self, state: OutsideState) -> dict[str, Any]:
        awaited = state.awaiting
        return {"turn": state.turn, "nation": state.actor, "phase_name": state.phase_label,
                "fleets": {f.id: [f.side, f.system, f.ships] for f in state.fleets.values()},
                "awaiting": None if awaited is None else {
                    "result": awaited.result, "enters": awaited.enters,
                    "accepts": awaited.accepts, "disputes": awaited.disputes,
                    "entered": None if awaited.entered is None
                    else awaited.entered.to_json()}}


RULESET = OutsideTest()

SCENARIO: dict[str, Any] = {
    "mineboard_scenario": 1, "ruleset": RULESET_ID, "map": "stars",
    "title": "Outside results (test)", "about": "Two fleets meet at Corvan.",
    "sides": ["Blue", "Red"], "capacity": 1,
    "fleets": [{"id": "b1", "side": "Blue", "system": "corvan", "ships": 3},
               {"id": "b2", "side": "Blue", "system": "eidolon", "ships": 2},
               {"id": "r1", "side": "Red", "system": "corvan", "ships": 2}],
}
"""The scenario the tests play: b1 (3 ships) and r1 (2) at Corvan, b2 at Eidolon."""


@pytest.fixture
def outside_ruleset(monkeypatch: pytest.MonkeyPatch) -> Scenario:
    """The ruleset registered for one test (and its window code), gone after it, so no
    test that walks every registered ruleset meets it; the scenario to play."""
    from mineboard.core import registry
    from mineboard.persistence.scenario import scenario_from_data
    from mineboard.resources import maps_dir

    # One module each rather than the two folders core.registry.provide expects: its parts
    # are named as provide would name them, and forgotten after the test.
    monkeypatch.setitem(registry._REGISTRY, RULESET_ID, RULESET)
    monkeypatch.setitem(registry._PROVIDED, RULESET_ID, registry.Provided(
        rules="tests.outside_ruleset:RULESET", window="tests.outside_ruleset_ui:OutsideUI",
        kit="tests.outside_ruleset:KIT", odds=None))
    return scenario_from_data(copy.deepcopy(SCENARIO), "outside test scenario",
                              maps_dir() / "scenarios")
