"""awaw-naval routes (issue 28's budgets): a route's length and legality under the pointer
≤ 5 ms, and the set of ports a force can reach ≤ 20 ms, on the European map
(``maps/awaw-europe.geojson``; the demo sea until that map is on the branch).

The position: British ships at the first port of the western front, Britain holding every
port's hex (so every port counts as a touch and every strait whose sides are ports is
open), the movement phase. ``awaw_route_under_pointer`` is the mean over a hundred water
hexes never pointed at before, for a patrol (range and port touches), once the picked
stack's trees are grown — what moving the pointer onto another hex costs.
``awaw_reachable_ports`` is every port and box a base change reaches, from cold (no tree
kept): what picking a stack and lighting its destinations costs.

Registered in :mod:`mineboard.bench` (this module imports nothing of it: no import circle).
"""

from __future__ import annotations

import random
import time
from functools import cache
from typing import Any

POINTER_MS = 5.0
REACHABLE_MS = 20.0
POINTS = 100


@cache
def position() -> tuple[Any, str]:
    """(the state, the start port) on the European map, or the demo sea."""
    from mineboard.maps.loading import load_board
    from mineboard.resources import maps_dir
    from mineboard.rules.awaw_naval import water
    from mineboard.rules.awaw_naval.scenario import state_from_scenario

    path = maps_dir() / "awaw-europe.geojson"
    if not path.exists():
        path = maps_dir() / "awaw-demo-sea.geojson"
    board = load_board(path)
    ports = sorted({str(p.props["hex"]) for p in board.places.values() if p.kind == "port"})
    state = state_from_scenario({"nations": ["Britain", "Germany"],
                                 "control": {"Britain": ports}}, board, board.id)
    western = [p.id for p in board.places.values() if p.kind == "port"
               and "western" in water.fronts_of(state, p.id)]
    start = western[0] if western else next(p.id for p in board.places.values()
                                             if p.kind == "port")
    return state, start


def route_under_pointer() -> float:
    """A patrol's route, its length and legality, under the pointer (European map)."""
    from mineboard.rules.awaw_naval import movement, water

    state, start = position()
    hexes = sorted(h for h, p in state.board.places.items() if p.kind == "hex"
                   and water.terrain(state.board, h) in ("sea", "coast"))
    movement.route(state, "Britain", start, hexes[0], "patrol")  # the pick's trees grow
    goals = random.Random(time.perf_counter_ns()).sample(hexes, min(POINTS, len(hexes)))
    begin = time.perf_counter()
    for goal in goals:
        movement.route(state, "Britain", start, goal, "patrol")
    return (time.perf_counter() - begin) / len(goals)


def reachable_ports() -> float:
    """Every port and box a base change reaches from one port, from cold (European map)."""
    from mineboard.rules.awaw_naval import movement, search

    state, start = position()
    search._FINDERS.clear()
    begin = time.perf_counter()
    found = movement.reachable(state, "Britain", start, "base_change")
    spent = time.perf_counter() - begin
    assert found, "the bench's force reaches no port"
    return spent
