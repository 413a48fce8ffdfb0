"""awaw-naval's strategic maps loaded as a game loads them: the bundled Europe map read
(its parse cache warm, as on every start after the first, or cold) and its water graph
built under the ruleset's movement costs (sea, coast and virtual hexes 1, a berth 0,
rivers and land never crossed). Issue 28: ≤ 300 ms."""

from __future__ import annotations

import os
import tempfile
import time

LOAD_MS = 300.0
COSTS = {"enter": {"sea": 1, "coast": 1, "virtual": 1}, "fixed": {"berth": 0},
         "barred": ["river", "land"]}
"""As assets/rules/awaw-naval/movement_costs.json gives them (read here without the
ruleset, so the benchmark runs on a branch that has only the maps)."""


def _load(name: str, cold: bool) -> float:
    from mineboard.maps.loading import load_board
    from mineboard.maps.paths import MoveCosts, weighted_graph
    from mineboard.resources import maps_dir

    path = maps_dir() / f"{name}.geojson"
    costs = MoveCosts.from_json(COSTS, "awaw-naval movement costs")
    saved = os.environ.get("MINEBOARD_CACHE_DIR")
    if cold:
        os.environ["MINEBOARD_CACHE_DIR"] = tempfile.mkdtemp(prefix="mineboard-bench-cache-")
    else:
        load_board(path)  # the first start: the parse cache is written
    try:
        start = time.perf_counter()
        board = load_board(path)
        graph = weighted_graph(board, costs)
        elapsed = time.perf_counter() - start
    finally:
        if cold:
            if saved is None:
                del os.environ["MINEBOARD_CACHE_DIR"]
            else:
                os.environ["MINEBOARD_CACHE_DIR"] = saved
    assert graph.number_of_nodes() > 1000
    return elapsed


def europe_load() -> float:
    """The awaw-naval Europe map (8,000 hexes) read, its parse cache warm, and its water
    graph built."""
    return _load("awaw-europe", cold=False)


def europe_load_cold() -> float:
    """The awaw-naval Europe map read with nothing cached, and its water graph built."""
    return _load("awaw-europe", cold=True)
