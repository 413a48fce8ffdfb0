"""``mineboard validate FILE``: check a map, a scenario, a save (replayed, dice checked) or a
demo board (its schema, clause, scenario and actions; ``mineboard demo`` plays it);
each problem of a map is a line of its own, and any problem exits 1."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from mineboard.cli.common import EXIT_FAILED_CHECK, Commands, add_passphrase_option, passphrases
from mineboard.core.errors import BadInput
from mineboard.core.words import count_of


def add_parser(commands: Commands, argv: Sequence[str]) -> None:
    validate = commands.add_parser("validate", help="check a map, scenario, save or demo file")
    validate.set_defaults(execute=execute)
    validate.add_argument("file", type=Path,
                          help="a map (.geojson), a scenario, a save or a demo file")
    add_passphrase_option(validate, "to open a sealed save")


def execute(args: argparse.Namespace) -> int:
    from mineboard.explorer.demos import load_demo
    from mineboard.maps.geojson import MapInvalid, board_from_json
    from mineboard.persistence.documents import read_document
    from mineboard.persistence.saves import loaded_from
    from mineboard.persistence.scenario import scenario_from_data

    path: Path = args.file
    doc = read_document(path)
    try:
        if doc.kind == "map":
            board = board_from_json(doc.data, doc.where, doc.digest)
            print(f"{path}: ok — {board.kind} map {board.id!r}, {len(board.places)} places, "
                  f"{len(board.ways)} ways")
        elif doc.kind == "scenario":
            scenario = scenario_from_data(doc.data, doc.where, doc.folder)
            print(f"{path}: ok — {scenario.ruleset.id} scenario on map {scenario.board.id!r}")
        elif doc.kind == "demo":
            demo = load_demo(path)
            print(f"{path}: ok — demo of {demo.clause.id} on map {demo.scenario.board.id!r}, "
                  f"{count_of(len(demo.actions), 'step')} (mineboard demo {path} plays it)")
        else:
            game = loaded_from(doc, passphrases(args)).game
            replayed = count_of(len(game.records), "action")
            print(f"{path}: ok — {game.ruleset.id} save, {replayed} replayed")
    except MapInvalid as exc:
        for problem in exc.problems:
            print(f"{path}: {problem}", file=sys.stderr)
        return EXIT_FAILED_CHECK
    except BadInput as exc:
        print(f"mineboard: {exc}", file=sys.stderr)
        return EXIT_FAILED_CHECK
    return 0
