"""The ``mineboard`` command: :func:`main` assembles the parser from one module per command
and runs the one asked for. Headless commands never import Qt.

Every failure is one line on stderr: exit 2 for a bad argument or unusable file, exit 1
for a check that failed (an illegal action, a map with problems), 70 with a crash report
for a defect of the program. Never a traceback.

The package is in floors: this module over the commands (``rulesets``, ``odds``, ``run``,
``validate``, ``grid``, ``play``, ``screenshot``, ``bench``, ``pbem``, ``explain``,
``demo``, ``check``, ``advise``), which
know nothing of each other, over ``common`` (exit codes, argument types, action files, the
report). A module
never imports the floor above it (import-linter holds it; tests/test_architecture.py finds
any import circle). Each command imports what it needs when it runs, so building the
parser loads no ruleset, map library or Qt.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from mineboard import __version__
from mineboard.cli import (
    advise,
    bench,
    check,
    demo,
    explain,
    grid,
    odds,
    pbem,
    play,
    rulesets,
    run,
    screenshot,
    validate,
)
from mineboard.cli.common import EXIT_BAD_INPUT, EXIT_FAILED_CHECK, EXIT_INTERNAL, Parser
from mineboard.core.errors import IllegalAction, MineboardError

__all__ = ["build_parser", "main"]

COMMANDS = (play, rulesets, screenshot, validate, grid, run, pbem, bench, odds, explain,
            demo, check, advise)
"""The command modules, in the order ``mineboard --help`` lists them. Each has
``add_parser(commands, argv)``, which sets the parser's ``execute``."""


def build_parser(argv: Sequence[str] = ()) -> argparse.ArgumentParser:
    """The whole command line; ``argv`` lets ``odds`` load only the ruleset it is asked."""
    parser = Parser(prog="mineboard", description="Lay, sweep and run through minefields.")
    parser.add_argument("--version", action="version", version=f"mineboard {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser,
                                     help="what to do (COMMAND --help says more)")
    for command in COMMANDS:
        command.add_parser(commands, argv)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; whatever happens, one line on stderr, never a traceback."""
    try:
        code = _dispatch(argv)
        sys.stdout.flush()  # a reader that left shows here, not as Python's shutdown noise
        return code
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `mineboard run … | head`: the reader left; say nothing more
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except Exception as exc:  # a defect of ours: the details go to a file, not the screen
        from mineboard.crash import crash_report

        print(f"mineboard: internal error ({type(exc).__name__}); please report it with "
              f"{crash_report(exc)}", file=sys.stderr)
        return EXIT_INTERNAL


def _dispatch(argv: Sequence[str] | None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser(argv)
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 0
    try:
        code: int = args.execute(args)
        return code
    except IllegalAction as exc:
        print(f"mineboard: {exc}", file=sys.stderr)
        return EXIT_FAILED_CHECK
    except MineboardError as exc:
        print(f"mineboard: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
