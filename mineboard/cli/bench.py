"""``mineboard bench``: measure the performance budgets (the benchmarks are in
:mod:`mineboard.bench`; those that draw, in ``mineboard.qt.bench``, join them here when Qt
is installed)."""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Sequence
from pathlib import Path

from mineboard.cli.common import Commands, whole
from mineboard.core.errors import BadInput


def add_parser(commands: Commands, argv: Sequence[str]) -> None:
    from mineboard.core.schema import Range

    bench = commands.add_parser("bench", help="measure the performance budgets")
    bench.set_defaults(execute=execute)
    bench.add_argument("names", nargs="*", help="only these benchmarks")
    bench.add_argument("--runs", type=whole(Range(1, 1000)), default=None,
                       help="runs of each benchmark (default: its own number)")
    bench.add_argument("--json", action="store_true", help="print JSON")
    bench.add_argument("--compare-mc", action="store_true",
                       help="also time a numpy Monte Carlo of 10,000 trials of each odds "
                            "crossing, and print the ratio and the simulation's error")
    bench.add_argument("--chart", type=Path, default=None, metavar="FILE.svg",
                       help="draw the scale curves (cost against zones, hexes, mines…)")


def execute(args: argparse.Namespace) -> int:
    import importlib.util

    from mineboard.bench import BENCHES, compare_monte_carlo, run

    if importlib.util.find_spec("PySide6") is not None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        import mineboard.qt.bench  # noqa: F401  (registers the benchmarks that draw)
    unknown = [n for n in args.names if n not in BENCHES]
    if unknown:
        raise BadInput(unknown[0], f"no such benchmark (known: {', '.join(BENCHES)})")
    if args.chart is not None and args.chart.suffix.lower() != ".svg":
        raise BadInput(str(args.chart), "the chart is written as SVG; name it .svg")
    results = run(args.names or None, args.runs)
    compared = compare_monte_carlo(10_000) if args.compare_mc else []
    if args.chart is not None:
        from mineboard.atomic import write_atomic
        from mineboard.bench.chart import scale_chart

        write_atomic(args.chart, scale_chart(results))
    if args.json:
        print(json.dumps({"results": results, "monte_carlo": compared}, indent=1))
        return 0
    print(f"{'benchmark':<34} {'min':>9} {'median':>9} {'max':>9}  ms   budget")
    for r in results:
        verdict = "" if r["budget_ms"] is None else (
            f"{r['budget_ms']:>7g}  {'ok' if r['within_budget'] else 'OVER'}")
        print(f"{r['name']:<34} {r['min_ms']:>9.3f} {r['median_ms']:>9.3f} "
              f"{r['max_ms']:>9.3f}      {verdict}")
    if compared:
        print(f"\n{'exact odds vs Monte Carlo (10k)':<34} {'exact':>9} {'mc':>9} {'ratio':>7}"
              f" {'mc error':>9} {'1 s.e.':>8}")
        for c in compared:
            print(f"{c['name']:<34} {c['exact_ms']:>9.3f} {c['mc_ms']:>9.3f} {c['ratio']:>7.3f}"
                  f" {c['max_abs_error']:>9.5f} {c['standard_error']:>8.5f}")
    return 0
