"""Legality of imperium-mines actions, each refusal naming its clause (TURN: the base game)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mineboard.core.actions import Action
from mineboard.core.errors import IllegalAction
from mineboard.core.words import count_of
from mineboard.maps.model import ROUTE, way_id
from mineboard.rules.common.checks import TURN, distinct, owned
from mineboard.rules.imperium_mines.actions import (
    Build,
    EndPhase,
    Jump,
    LayMines,
    PlaceFalse,
    SettleCombat,
    SplitFleet,
    Sweep,
)
from mineboard.rules.imperium_mines.state import CONSTRUCTION, SEGMENT, Fleet, ImperiumState


def own_fleet(state: ImperiumState, fleet_id: str) -> Fleet:
    fleet = state.fleets.get(fleet_id)
    return owned(fleet, fleet_id, "fleet", fleet.side if fleet else None, state.active)


def in_segment(state: ImperiumState, what: str, clause: str) -> None:
    if state.phase != SEGMENT:
        raise IllegalAction(f"{what} only in an action segment, not in construction", clause)


def mines_allowed(state: ImperiumState) -> None:
    if not state.options.mine_warfare:
        raise IllegalAction("the mine-warfare variant is not in use in this game", "IM-01")


def stays(fleet: Fleet, what: str, clause: str) -> None:
    if fleet.moved:
        raise IllegalAction(f"{fleet.id} moved this segment; a fleet that {what} must stay",
                            clause)
    if fleet.fought:
        raise IllegalAction(f"{fleet.id} fought this segment; a fleet that {what} may not "
                            "fight", clause)


def staying_fleet(state: ImperiumState, fleet_id: str, what: str, clause: str,
                  needs: tuple[str, str] | None = None) -> Fleet:
    """The checks every stay-and-work order shares (lay, false counters, sweep): the
    variant is on, it is a segment, the fleet is ours, has the ship it needs, and stays."""
    mines_allowed(state)
    if state.phase != SEGMENT:
        raise IllegalAction(f"a fleet {what} only in an action segment, not in construction",
                            clause)
    fleet = own_fleet(state, fleet_id)
    if needs is not None and state.count_of(fleet, needs[0]) == 0:
        raise IllegalAction(f"{fleet.id} has no {needs[1]}", clause)
    stays(fleet, what, clause)
    return fleet


def check_build(state: ImperiumState, action: Build) -> None:
    if state.phase != CONSTRUCTION:
        raise IllegalAction("ships are bought in the Construction phase", "IM-02")
    stype = state.rules.ships.get(action.ship)
    if stype is None:
        raise IllegalAction(f"unknown ship type {action.ship!r}", TURN)
    if stype.mine_ship and not state.options.mine_warfare:
        raise IllegalAction(f"{stype.name}s exist only in the mine-warfare variant", "IM-01")
    if action.count < 1:
        raise IllegalAction("build at least one ship", TURN)
    cost = stype.cost * action.count
    if cost > state.resources[state.active]:
        raise IllegalAction(f"{count_of(action.count, stype.name)} "
                            f"cost{'s' if action.count == 1 else ''} "
                            f"{count_of(cost, 'Resource')}; {state.active} has "
                            f"{state.resources[state.active]}", "IM-02")


def check_jump(state: ImperiumState, action: Jump) -> None:
    in_segment(state, "fleets jump", TURN)
    if not action.fleets:
        raise IllegalAction("choose at least one fleet to jump", TURN)
    distinct(action.fleets, "jumping fleet", TURN)
    if len(action.path) < 2:
        raise IllegalAction("a jump needs at least two systems", TURN)
    for a, b in zip(action.path, action.path[1:], strict=False):
        way = state.board.ways.get(way_id(a, b)) if a in state.board.places else None
        if way is None or way.kind != ROUTE:
            raise IllegalAction(f"no jump route from {state.system_name(a)} to "
                                f"{state.system_name(b)}", TURN)
    for fid in action.fleets:
        fleet = own_fleet(state, fid)
        if fleet.system != action.path[0]:
            raise IllegalAction(f"{fid} is at {state.system_name(fleet.system)}, not "
                                f"{state.system_name(action.path[0])}", TURN)
        if fleet.stayed:
            raise IllegalAction(f"{fid} laid, swept or placed counters this segment and must "
                                "stay", stay_clause(fleet))
        if fleet.moved or fleet.fought:
            raise IllegalAction(f"{fid} has already been activated this segment", TURN)
        reach = state.jumps(fleet)
        if len(action.path) - 1 > reach:
            by_auxiliary = state.count_of(fleet, "auxiliary") > 0 and \
                reach == state.rules.auxiliary_jumps
            raise IllegalAction(f"{fid} makes at most {count_of(reach, 'jump')} a segment, as "
                                "fast as "
                                + ("its auxiliaries, which move as auxiliaries" if by_auxiliary
                                   else "its slowest ship"),
                                "IM-05" if by_auxiliary else TURN)


def check_lay(state: ImperiumState, action: LayMines) -> None:
    fleet = staying_fleet(state, action.fleet, "lays mines", "IM-06",
                          ("lays_mines", "minelayer"))
    if fleet.laid:
        raise IllegalAction(f"{fleet.id} already laid mines this segment", "IM-07")
    if state.enemy_fleets_at(fleet.system, fleet.side):
        raise IllegalAction(f"an enemy fleet is at {state.system_name(fleet.system)}; mines "
                            "are laid only in a "
                            "system free of enemy fleets", "IM-09")


def check_false(state: ImperiumState, action: PlaceFalse) -> None:
    fleet = staying_fleet(state, action.fleet, "places false minefields", "IM-12")
    if state.options.false_needs_enemy_free and state.enemy_fleets_at(fleet.system, fleet.side):
        raise IllegalAction("this game's option: false minefields need a system free of "
                            "enemy fleets", "IM-34")


def check_sweep(state: ImperiumState, action: Sweep) -> None:
    fleet = staying_fleet(state, action.fleet, "sweeps", "IM-26", ("sweeps", "minesweeper"))
    if fleet.swept:
        raise IllegalAction(f"{fleet.id} already swept this segment", "IM-26")
    if not state.enemy_counters(fleet.system, fleet.side):
        # Judged on the counters anyone can see: whether they hold mine points is the
        # enemy's secret, which the sweep itself finds out (IM-31: false ones stay).
        raise IllegalAction("no enemy minefield counters to sweep at "
                            f"{state.system_name(fleet.system)}",
                            "IM-26")


def check_split(state: ImperiumState, action: SplitFleet) -> None:
    distinct(action.ships, "ship split off", TURN)
    fleet = own_fleet(state, action.fleet)
    ids = {s.id for s in fleet.ships}
    if not action.ships or not set(action.ships) <= ids or set(action.ships) == ids:
        raise IllegalAction("split off some, not all, of the fleet's own ships", TURN)


def check_combat(state: ImperiumState, action: SettleCombat) -> None:
    in_segment(state, "combat is fought", TURN)
    distinct(action.destroyed, "destroyed ship", TURN)
    ours = state.fleets_at(action.system, state.active)
    if not ours or not state.enemy_fleets_at(action.system, state.active):
        raise IllegalAction(f"no enemy fleets face each other at "
                            f"{state.system_name(action.system)}", TURN)
    fighting = state.combatants(action.system)
    if not any(f.side == state.active for f in fighting):
        refuse_fight(ours[0])
    ships = {s.id for f in fighting for s in f.ships}
    for sid in action.destroyed:
        if sid not in ships:
            stayed = next((f for f in ours if any(s.id == sid for s in f.ships)), None)
            if stayed is not None:
                refuse_fight(stayed)
            raise IllegalAction(f"ship {_ship_named(state, sid)} is not at "
                                f"{state.system_name(action.system)}", TURN)


def _ship_named(state: ImperiumState, ship_id: str) -> str:
    """A ship's name and fleet for a refusal; an id no ship has is said as given."""
    for fleet in state.fleets.values():
        for ship in fleet.ships:
            if ship.id == ship_id:
                return f"{fleet.id}'s {state.ship_name(ship)}"
    return ship_id


def stay_clause(fleet: Fleet) -> str:
    """The clause that keeps a fleet in place for the rest of the segment: the order it
    gave — sweeping (IM-26), laying (IM-06) or placing false counters (IM-12)."""
    return "IM-26" if fleet.swept else "IM-06" if fleet.laid else "IM-12"


def refuse_fight(fleet: Fleet) -> None:
    """The seed forbids combat to a fleet that lays (IM-06), places false counters (IM-12)
    or sweeps (IM-26) in the segment; the clause named is the order it gave."""
    raise IllegalAction(f"{fleet.id} stayed this segment to lay, sweep or place false "
                        "counters and may not fight", stay_clause(fleet))


def check_end(state: ImperiumState, action: EndPhase) -> None:
    pass


CHECKS: dict[type[Action], Callable[[ImperiumState, Any], None]] = {
    Build: check_build, Jump: check_jump, LayMines: check_lay, PlaceFalse: check_false,
    Sweep: check_sweep, SplitFleet: check_split, SettleCombat: check_combat, EndPhase: check_end,
}
