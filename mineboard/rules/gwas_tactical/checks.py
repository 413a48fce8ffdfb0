"""Legality of gwas-tactical actions, each refusal naming its clause (TURN: the base game)."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

from mineboard.core.actions import Action
from mineboard.core.errors import IllegalAction
from mineboard.core.words import and_list, count_of, possessive
from mineboard.maps.hexgrid import distance
from mineboard.rules.common.checks import TURN, distinct, owned
from mineboard.rules.gwas_tactical.actions import (
    CrossBoundary,
    EndPhase,
    LeaveMap,
    MoveShips,
    PlaceCounter,
)
from mineboard.rules.gwas_tactical.setup import hexside_name, mines_still_needed, room_for_mines
from mineboard.rules.gwas_tactical.state import APPROACH, BATTLE, SETUP, GtState, Ship


def own_ship(state: GtState, ship_id: str) -> Ship:
    ship = state.ships.get(ship_id)
    on_map = ship if ship is not None and ship.hex is not None else None
    return owned(on_map, ship_id, "ship", ship.side if ship else None, state.active,
                 " on the map")


def hex_label(state: GtState, label: str, clause: str) -> None:
    try:
        state.hex_of(label)
    except ValueError as exc:
        raise IllegalAction(str(exc), clause) from None


def check_cross(state: GtState, action: CrossBoundary) -> None:
    if state.phase != APPROACH:
        raise IllegalAction("boundary crossings are rolled before the battle", "GT-02")
    distinct(action.ships, "crossing ship", "GT-02")
    for sid in action.ships:
        ship = own_ship(state, sid)
        if ship.crossing is None:
            raise IllegalAction(f"{sid} has no boundary left to cross", "GT-02")


def check_place(state: GtState, action: PlaceCounter) -> None:
    if state.phase != SETUP:
        raise IllegalAction("counters are placed after both sides set up, before combat",
                            "GT-03")
    side = state.active
    log = state.logs[side]
    if log.budget == 0:
        raise IllegalAction(f"{side} has no minefield and no logged 'Mine' on this zone's "
                            "boundaries", "GT-01")
    hex_label(state, action.hex, "GT-05")
    if any(s.side != side for s in state.ships_in(action.hex)):
        raise IllegalAction(f"hex {action.hex} holds enemy ships", "GT-05")
    mines, dummies = state.placed(side)
    if mines + dummies >= log.budget:
        raise IllegalAction(f"all {count_of(log.budget, 'counter')} "
                            f"{'is' if log.budget == 1 else 'are'} placed (GT-03)", "GT-03")
    if action.mine:
        if mines >= log.max_mines:
            raise IllegalAction(f"at most {log.max_mines} of {count_of(log.budget, 'counter')} "
                                "may be mines (half, rounded up)", "GT-04")
        if not state.ring.near(state.hex_of(action.hex), log.mine_boundaries()):
            raise IllegalAction(f"hex {action.hex} is not within two hexes of a shaded "
                                f"hexside of {possessive(side)} minefields or logged 'Mine'",
                                "GT-06")
        need = mines_still_needed(state, side, state.hex_of(action.hex))
        room = room_for_mines(log, mines + 1, dummies)
    else:
        need = mines_still_needed(state, side)
        room = room_for_mines(log, mines, dummies + 1)
    if need > room:
        what = "mine" if action.mine else "dummy"
        raise IllegalAction(f"a {what} here would leave room for "
                            f"{count_of(max(0, room), 'more mine counter')}, but the minimums "
                            f"near the shaded hexsides still need {need}", "GT-07")


def setup_shortfall(state: GtState, side: str) -> IllegalAction | None:
    """Why this side may not finish setup yet (GT-07, GT-08), or None."""
    log = state.logs[side]
    mines, dummies = state.placed(side)
    if mines + dummies < log.budget:
        left = log.budget - mines - dummies
        return IllegalAction(f"{left} of {count_of(log.budget, 'counter')} "
                             f"{'is' if left == 1 else 'are'} still to place", "GT-08")
    own = [state.hex_of(c.hex) for c in state.counters if c.owner == side and c.mine]
    for boundary, need in ([(b, 2) for b in log.minefields]
                           + [(b, 1) for b in log.open_logs()]):
        near = sum(1 for h in own if state.ring.near(h, [boundary]))
        if near < need:
            return IllegalAction(f"at least {count_of(need, 'mine counter')} must lie within "
                                 f"two hexes of {hexside_name(state, boundary)}; {near} "
                                 f"{'does' if near == 1 else 'do'}", "GT-07")
    return None


def check_move(state: GtState, action: MoveShips) -> None:
    if state.phase != BATTLE:
        raise IllegalAction("ships move in the battle's impulses", TURN)
    if not action.ships:
        raise IllegalAction("choose at least one ship to move", TURN)
    distinct(action.ships, "moving ship", TURN)
    if len(action.path) < 2:
        raise IllegalAction("a move needs at least two hexes", TURN)
    for label in action.path:
        hex_label(state, label, TURN)
    hexes = [state.hex_of(h) for h in action.path]
    for a, b in itertools.pairwise(hexes):
        if distance(a, b) != 1:
            raise IllegalAction("ships move hex by hex to adjacent hexes", TURN)
    for sid in action.ships:
        ship = own_ship(state, sid)
        if ship.hex != action.path[0]:
            raise IllegalAction(f"{sid} is in hex {ship.hex}, not {action.path[0]}", TURN)
        if ship.moved:
            raise IllegalAction(f"{sid} has moved this impulse", TURN)
        speed = state.ship_type(ship).speed
        if len(action.path) - 1 > speed:
            raise IllegalAction(f"{sid} moves at most {count_of(speed, 'hex')} an impulse",
                                TURN)


def check_leave(state: GtState, action: LeaveMap) -> None:
    if state.phase != BATTLE:
        raise IllegalAction("ships leave the map during the battle", TURN)
    ship = own_ship(state, action.ship)
    assert ship.hex is not None
    if ship.moved:
        raise IllegalAction(f"{ship.id} has moved this impulse", TURN)
    if len(state.grid.neighbours(state.hex_of(ship.hex))) == 6:
        raise IllegalAction(f"{ship.id} must be on an edge hex to leave the map", TURN)


def check_end(state: GtState, action: EndPhase) -> None:
    if state.phase == APPROACH:
        unrolled = [s.id for s in state.ships.values()
                    if s.side == state.active and s.crossing is not None]
        if unrolled:
            raise IllegalAction(f"{and_list(unrolled)} must roll for crossing into the "
                                "battle zone before the approach ends", "GT-02")
    if state.phase == SETUP:
        problem = setup_shortfall(state, state.active)
        if problem is not None:
            raise problem


CHECKS: dict[type[Action], Callable[[GtState, Any], None]] = {
    CrossBoundary: check_cross, PlaceCounter: check_place, MoveShips: check_move,
    LeaveMap: check_leave, EndPhase: check_end,
}
