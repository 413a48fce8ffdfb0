"""``mineboard bench``: the performance budgets of the issues, measured the same way each time.

Each benchmark is a function returning one timing in seconds; it is run several times and
the median reported. Benchmarks that need Qt register from ``mineboard.qt.bench`` when Qt
is importable, so the headless ones stay runnable without it.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import os
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from mineboard.core.chance import binomial, capped_binomial
from mineboard.maps.generate import area_map_json
from mineboard.maps.geojson import load_board
from mineboard.rules.naval_lines.data import default_rule_data
from mineboard.rules.naval_lines.odds import FieldCrossing, route_losses, sweep

Bench = Callable[[], float]
BENCHES: dict[str, tuple[Bench, int, float | None]] = {}
"""name → (function, default runs, budget in ms or None)."""

ROUTE_MINES, ROUTE_SHIPS, ROUTE_LINES = 200, 50, 3


def bench(name: str, runs: int = 7, budget_ms: float | None = None) -> Callable[[Bench], Bench]:
    def register(fn: Bench) -> Bench:
        BENCHES[name] = (fn, runs, budget_ms)
        return fn
    return register


_AREA_FILE: list[Path] = []


def _area_file() -> Path:
    if not _AREA_FILE:
        folder = Path(tempfile.mkdtemp(prefix="mineboard-bench-"))
        path = folder / "generated-300.geojson"
        path.write_text(json.dumps(area_map_json(300)))
        _AREA_FILE.append(path)
    return _AREA_FILE[0]


@bench("area_map_load_300", budget_ms=300)
def area_map_load_300() -> float:
    """Read, validate, derive lines and build the graph of a generated 300-zone map."""
    path = _area_file()
    start = time.perf_counter()
    board = load_board(path)
    elapsed = time.perf_counter() - start
    assert len(board.places) == 300
    return elapsed


@bench("route_odds_exact", budget_ms=50)
def route_odds_exact() -> float:
    """200 mines on each of 3 lines against 50 ships, caches cleared first (cold)."""
    for cache in (binomial, capped_binomial, sweep):
        cache.cache_clear()
    enemy = default_rule_data().mine.detonates(allied=False)
    fields = [FieldCrossing(f"l{i}", ROUTE_MINES, enemy) for i in range(ROUTE_LINES)]
    start = time.perf_counter()
    route_losses(fields, [False] * ROUTE_SHIPS)
    return time.perf_counter() - start


@bench("route_odds_montecarlo_10k", runs=3)
def route_odds_montecarlo_10k() -> float:
    """The same crossing simulated 10,000 times, one die at a time as the rules roll."""
    rng = random.Random(1)
    start = time.perf_counter()
    for _ in range(10_000):
        ships = ROUTE_SHIPS
        for _line in range(ROUTE_LINES):
            hits = 0
            for _mine in range(ROUTE_MINES):
                if hits == ships:
                    break
                if rng.random() < 1 / 3:
                    hits += 1
            ships -= hits
    return time.perf_counter() - start


def available() -> list[str]:
    """Every benchmark name, the Qt ones included where Qt can be imported."""
    if importlib.util.find_spec("PySide6") is not None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        importlib.import_module("mineboard.qt.bench")  # registers the Qt benchmarks
    return list(BENCHES)


def run(names: list[str] | None = None, runs: int | None = None) -> list[dict[str, object]]:
    available()
    results = []
    for name, (fn, default_runs, budget) in BENCHES.items():
        if names and name not in names:
            continue
        n = runs or default_runs
        times = [fn() for _ in range(n)]
        results.append({"name": name, "median_ms": round(statistics.median(times) * 1000, 3),
                        "runs": n, "budget_ms": budget})
    return results
