"""``mineboard play [FILE]``: open the board window — or, on a machine without Qt, print the
scenario as text. Without a display it says so in one line before Qt can abort."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from mineboard.cli.common import Commands, print_report, whole
from mineboard.core.errors import BadInput


def add_parser(commands: Commands, argv: Sequence[str]) -> None:
    from mineboard.core.limits import MAX_SEED
    from mineboard.core.schema import Range

    play = commands.add_parser("play", help="open the board window (default scenario if none)")
    play.set_defaults(execute=execute)
    play.add_argument("file", nargs="?", default="northsea-1940",
                      help="a bundled scenario name, a scenario file or a save")
    play.add_argument("--seed", type=whole(Range(0, MAX_SEED)), default=None,
                      help="fix the dice (tests, examples); marked in the save as predictable")
    play.add_argument("--open-table", action="store_true",
                      help="all sides agree: undo past dice and teacher view allowed")
    play.add_argument("--solo", default=None, metavar="SIDE",
                      help="a new game in which the program plays SIDE (its policy is in the "
                           "README)")


def execute(args: argparse.Namespace) -> int:
    from mineboard.persistence.documents import read_document
    from mineboard.resources import resolve_scenario

    doc = read_document(resolve_scenario(args.file), "scenario", "save")  # a bad name: now
    if args.solo is not None and doc.kind == "save":
        raise BadInput("--solo", "starts a new game of a scenario; a save keeps the players "
                                 "its game began with")
    if not _has_display():
        raise BadInput("play", "no display to open the window on (DISPLAY and "
                               "WAYLAND_DISPLAY are unset); `mineboard screenshot` draws "
                               "the board without one")
    try:
        from mineboard.qt.app import run_app
    except ImportError:  # no Qt on this machine: show the scenario as text instead
        return _print_scenario(args)
    from mineboard.core.table import Table

    return int(run_app(args.file, args.seed, Table(open=args.open_table, program=args.solo)))


def _has_display() -> bool:
    """Whether Qt can open a window here: without one it aborts the process with a page of
    plugin messages, so say it in one line first. (Windows and macOS always have one.)"""
    if not sys.platform.startswith("linux"):
        return True
    return any(os.environ.get(v) for v in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"))


def _print_scenario(args: argparse.Namespace) -> int:
    from mineboard.core.game import PUBLIC
    from mineboard.persistence.scenario import load_scenario
    from mineboard.resources import resolve_scenario

    scenario = load_scenario(resolve_scenario(args.file))
    game = scenario.new_game(args.seed)
    print(scenario.title)
    print_report(game.observe(PUBLIC).summary())
    return 0
