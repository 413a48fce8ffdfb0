"""Routes under the pointer on a generated 10,000-hex water map (issue 26's budget: a
route's legality and length ≤ 5 ms): open sea with 64 islands, a port on each, a strait
closed by its facts, a box with links of their own cost, a port touch every 20 hexes and a
range of 40.

Registered in :mod:`mineboard.bench` (this module imports nothing of it: no import circle).
``route_under_pointer_10k`` is what moving the pointer onto another place costs once the
picked stack's trees are grown: the mean over a hundred places never pointed at before,
in and out of reach. ``route_first_point_10k`` is the first place pointed at after a pick,
which grows the trees (and, for a place out of reach, the tree that says why).
"""

from __future__ import annotations

import random
import time
from functools import cache

from mineboard.maps.model import PORT, BoardMap
from mineboard.maps.paths import (
    Limit,
    MoveCosts,
    RouteRules,
    closed_ways,
    route_finder,
    strait_rule,
    weighted_graph,
)

NAVAL = MoveCosts.of({"sea": 1}, fixed={"berth": 0})
POINTER_MS = 5.0
POINTS = 100


@cache
def water_board() -> BoardMap:
    from mineboard.maps.generate import water_map_json
    from mineboard.maps.geojson import board_from_json

    return board_from_json(water_map_json(100, 100), "generated water map")


def water_rules(board: BoardMap) -> RouteRules:
    """What an AWAW-like ruleset would give: ports and the box touch, the strait's sides
    were not held when the phase began, 40 hexes in all and a port every 20."""
    ports = [p for p in board.places.values() if p.kind == PORT]
    touches = frozenset([*(p.id for p in ports), *(str(p.props["hex"]) for p in ports), "B1"])
    return RouteRules(closed_ways(board, strait_rule(board, frozenset(), "AW-28")), touches,
                      Limit(40, "AW-82"), Limit(20, "AW-82"), "AW-27")


def route_under_pointer() -> float:
    """A route's legality and length under the pointer, 10,000-hex water map, trees grown."""
    board = water_board()
    rules = water_rules(board)
    finder = route_finder(board, NAVAL, rules, "P27")
    finder.grow()  # as after the first places pointed at
    finder.forget(reports_only=True)  # every place one never pointed at before
    goals = random.Random(time.perf_counter_ns()).sample(sorted(board.places), POINTS)
    start = time.perf_counter()
    for goal in goals:
        finder.report(goal)
    return (time.perf_counter() - start) / POINTS


def route_first_point() -> float:
    """The first place pointed at after a pick (out of reach): the trees are grown."""
    board = water_board()
    rules = water_rules(board)
    weighted_graph(board, NAVAL)  # built once per map and table of costs, not per pick
    finder = route_finder(board, NAVAL, rules, "P27")
    finder.forget()  # as a finder made afresh for a new pick
    start = time.perf_counter()
    finder.report("100100")
    return time.perf_counter() - start
