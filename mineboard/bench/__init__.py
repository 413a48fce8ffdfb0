"""The benchmarks of ``mineboard bench``: the performance budgets of the issues, measured the
same way each time.

Each benchmark is a function returning one timing in seconds; it runs several times and
the minimum, median and maximum are reported (the median is what a budget is held to).
Benchmarks that need Qt live in ``mineboard.qt.bench`` and register when the command
(``mineboard.cli.bench``) imports it; this package never imports Qt, so the headless ones
run without it. ``odds`` holds the exact-odds crossings and their Monte Carlo twins,
``chart`` draws the scale curves.

A benchmark may belong to a *scale series* (``scale=("zones", 3000)``): the cost of one
thing against how much of it there is. ``mineboard bench --chart FILE.svg`` draws each
series as a curve (docs/performance.md shows them).
"""

from __future__ import annotations

import json
import os
import statistics
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

Bench = Callable[[], float]


@dataclass(frozen=True)
class Benchmark:
    name: str
    fn: Bench
    runs: int
    budget_ms: float | None
    scale: tuple[str, float] | None
    """(series, x): this benchmark's point on a scale curve."""

    @property
    def about(self) -> str:
        return (self.fn.__doc__ or "").strip().splitlines()[0] if self.fn.__doc__ else ""


BENCHES: dict[str, Benchmark] = {}


def bench(name: str, runs: int = 7, budget_ms: float | None = None,
          scale: tuple[str, float] | None = None) -> Callable[[Bench], Bench]:
    def register(fn: Bench) -> Bench:
        BENCHES[name] = Benchmark(name, fn, runs, budget_ms, scale)
        return fn
    return register


# ---- headless benchmarks ------------------------------------------------------------------

_AREA_FILES: dict[int, Path] = {}


def area_file(zones: int) -> Path:
    """A generated map of ``zones`` sea zones, written once per process."""
    if zones not in _AREA_FILES:
        from mineboard.maps.generate import area_map_json

        folder = Path(tempfile.mkdtemp(prefix="mineboard-bench-"))
        path = folder / f"generated-{zones}.geojson"
        path.write_text(json.dumps(area_map_json(zones)))
        _AREA_FILES[zones] = path
    return _AREA_FILES[zones]


def _area_load(zones: int) -> Bench:
    def measure() -> float:
        from mineboard.maps.loading import load_board

        path = area_file(zones)
        saved = os.environ.get("MINEBOARD_CACHE_DIR")
        # Cold, as on the first start with a map: an empty cache, so its lines are derived.
        os.environ["MINEBOARD_CACHE_DIR"] = tempfile.mkdtemp(prefix="mineboard-bench-cache-")
        try:
            start = time.perf_counter()
            board = load_board(path)
            elapsed = time.perf_counter() - start
        finally:
            if saved is None:
                del os.environ["MINEBOARD_CACHE_DIR"]
            else:
                os.environ["MINEBOARD_CACHE_DIR"] = saved
        assert len(board.places) == zones
        return elapsed
    measure.__doc__ = (f"Read, validate, derive the lines of and build the graph of a "
                       f"generated {zones}-zone map, nothing cached.")
    return measure


bench("area_map_load_300", runs=5, budget_ms=300, scale=("map load: zones", 300))(
    _area_load(300))
bench("area_map_load_3000", runs=3, scale=("map load: zones", 3000))(_area_load(3000))

ODDS_BUDGETS_MS = {"naval-1000-mines-10-sweepers": 20.0, "naval-1000-mines-200-sweepers": 100.0,
                   "imperium-10000-points": 50.0}
"""Issue 11's budgets for exact odds; every crossing must also beat the Monte Carlo."""


def _register_odds() -> None:
    from mineboard.bench import odds

    for item in odds.CROSSINGS:
        def measure(name: str = item.name) -> float:
            return odds.time_exact(name)
        measure.__doc__ = f"Exact odds, cold: {item.about}"
        bench(f"odds_{item.name}", runs=5, budget_ms=ODDS_BUDGETS_MS.get(item.name),
              scale=odds.SCALE.get(item.name))(measure)


_register_odds()


def _register_paths() -> None:
    from mineboard.bench import paths

    bench("route_under_pointer_10k", runs=7, budget_ms=paths.POINTER_MS)(
        paths.route_under_pointer)
    bench("route_first_point_10k", runs=3)(paths.route_first_point)


_register_paths()


def _register_orders() -> None:
    from mineboard.bench import orders

    bench("orders_at_a_step_10k", runs=7, budget_ms=orders.ORDERS_MS)(orders.orders_at_a_step)


_register_orders()


def _register_awaw_routes() -> None:
    from mineboard.bench import awaw_routes

    bench("awaw_route_under_pointer", runs=7, budget_ms=awaw_routes.POINTER_MS)(
        awaw_routes.route_under_pointer)
    bench("awaw_reachable_ports", runs=7, budget_ms=awaw_routes.REACHABLE_MS)(
        awaw_routes.reachable_ports)


_register_awaw_routes()


def _register_asl() -> None:
    from mineboard.bench import asl_steps

    bench("asl_legal_steps_6450", runs=7, budget_ms=asl_steps.STEPS_MS)(asl_steps.legal_steps)
    bench("asl_route_6450", runs=7)(asl_steps.route_under_pointer)
    bench("asl_path_odds", runs=7, budget_ms=20.0)(asl_steps.path_odds)
    bench("asl_threat_map_240_fields", runs=7)(asl_steps.threat_map)


_register_asl()


def _register_awaw_maps() -> None:
    from mineboard.bench import awaw_maps

    bench("awaw_europe_load", runs=5, budget_ms=awaw_maps.LOAD_MS)(awaw_maps.europe_load)
    bench("awaw_europe_load_cold", runs=3)(awaw_maps.europe_load_cold)


_register_awaw_maps()


def _register_awaw_raiders() -> None:
    from mineboard.bench import awaw_raiders

    bench("awaw_raider_odds", runs=7, budget_ms=awaw_raiders.RAIDER_MS)(
        awaw_raiders.raider_odds)


_register_awaw_raiders()


def _register_advice() -> None:
    from mineboard.bench import advice

    bench("advise_bundled_scenarios", runs=5, budget_ms=advice.ADVICE_MS)(
        advice.slowest_advice)


_register_advice()


# ---- running ------------------------------------------------------------------------------

def run(names: list[str] | None = None, runs: int | None = None) -> list[dict[str, Any]]:
    """Each benchmark (or only ``names``), ``runs`` times (or its own default)."""
    results = []
    for name, b in BENCHES.items():
        if names and name not in names:
            continue
        n = runs or b.runs
        ms = sorted(b.fn() * 1000 for _ in range(n))
        median = statistics.median(ms)
        results.append({
            "name": name, "about": b.about, "runs": n, "min_ms": round(ms[0], 3),
            "median_ms": round(median, 3), "max_ms": round(ms[-1], 3),
            "budget_ms": b.budget_ms,
            "within_budget": None if b.budget_ms is None else median <= b.budget_ms,
            "scale": None if b.scale is None else {"series": b.scale[0], "x": b.scale[1]}})
    return results


def compare_monte_carlo(trials: int) -> list[dict[str, Any]]:
    """Exact odds against a numpy simulation of the same crossings (``--compare-mc``)."""
    from mineboard.bench import odds

    return [{"name": name, **odds.compare_mc(name, trials)} for name in odds.names()]
