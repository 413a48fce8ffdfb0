"""``mineboard demo CLAUSE``: play a clause's demo boards headless and print what each
expects beside what the engine did; exit 0 when they all agree, 1 otherwise."""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path

from mineboard.cli.common import EXIT_FAILED_CHECK, Commands


def add_parser(commands: Commands, argv: Sequence[str]) -> None:
    demo = commands.add_parser("demo", help="play a clause's demo boards and check them")
    demo.set_defaults(execute=execute)
    demo.add_argument("clause", help="a clause id (NL-15), or a demo file (.json)")
    demo.add_argument("--json", action="store_true", help="print JSON")


def execute(args: argparse.Namespace) -> int:
    from mineboard.core.errors import BadInput
    from mineboard.explorer.clauses import find_clause
    from mineboard.explorer.demos import load_demo, run_demo
    from mineboard.explorer.index import demos_of

    if args.clause.endswith(".json"):
        paths = [Path(args.clause)]
    else:
        clause = find_clause(args.clause, "demo")
        paths = [d.path for d in demos_of(clause.id)]
        if not paths:
            raise BadInput("demo", f"{clause.id} has no demo board yet")
    results = [run_demo(load_demo(p)) for p in paths]
    if args.json:
        print(json.dumps([r.to_json() for r in results], indent=1, ensure_ascii=False))
    else:
        for result in results:
            _print(result)
    return 0 if all(r.ok for r in results) else EXIT_FAILED_CHECK


def _print(result: object) -> None:
    from mineboard.explorer.demos import DemoResult

    assert isinstance(result, DemoResult)
    demo = result.demo
    print(f"{demo.clause.id} · {demo.name}: {demo.title} — "
          f"{'agrees' if result.ok else 'DIFFERS'}")
    for outcome in result.steps:
        print(f"  step {outcome.index + 1}: {outcome.action.kind}"
              + (f" — {outcome.step.say}" if outcome.step.say else ""))
        for check in outcome.checks:
            mark = "ok " if check.ok else "BAD"
            print(f"    {mark} {check.what}: expected {check.expected}; engine: {check.actual}")
    for check in result.finish:
        mark = "ok " if check.ok else "BAD"
        print(f"  {mark} {check.what}: expected {check.expected}; engine: {check.actual}")
