"""``mineboard rulesets``: the rule systems that can be played, and those still to come."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from mineboard.cli.common import Commands

STILL_TO_COME: tuple[str, ...] = ()
"""Rule systems whose clauses are catalogued but not yet playable, so that a player asking
which exist is told which are still to come; one drops from the list when a ruleset of that
id is registered. All five the README names are playable now (issue 28)."""


def add_parser(commands: Commands, argv: Sequence[str]) -> None:
    parser = commands.add_parser("rulesets", help="list the rule systems")
    parser.set_defaults(execute=execute)


def execute(args: argparse.Namespace) -> int:
    import mineboard.rules  # noqa: F401  (names the rulesets)
    from mineboard.core.registry import registered

    playable = registered()
    for rid, ruleset in sorted(playable.items()):
        print(f"{rid}\t{ruleset.clause_prefix}\t{ruleset.title}")
    coming = [rid for rid in STILL_TO_COME if rid not in playable]
    if coming:
        print(f"still to come: {', '.join(coming)}")
    return 0
