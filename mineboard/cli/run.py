"""``mineboard run SCENARIO --actions FILE``: play a scripted list of actions headless and
print the state and the event log, for one side's eyes with ``--side``."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from mineboard.cli.common import (
    EXIT_BAD_INPUT,
    EXIT_FAILED_CHECK,
    Commands,
    add_passphrase_option,
    dice_values,
    passphrases,
    print_report,
    read_actions,
    whole,
)
from mineboard.core.dice import DiceExhausted
from mineboard.core.errors import IllegalAction


def add_parser(commands: Commands, argv: Sequence[str]) -> None:
    from mineboard.core.limits import MAX_SEED
    from mineboard.core.schema import Range

    run = commands.add_parser("run", help="play a scripted action list headless")
    run.set_defaults(execute=execute)
    run.add_argument("scenario", help="a bundled scenario name or a scenario file")
    run.add_argument("--seed", type=whole(Range(0, MAX_SEED)), default=None,
                     help="fix the dice (default: a fresh secret seed); the report shows it")
    run.add_argument("--dice", type=dice_values, default=None, metavar="3,5,1",
                     help="roll exactly these, in order, instead of the seed's dice")
    run.add_argument("--actions", type=Path, required=True,
                     help="JSON list of actions (see docs/actions.md)")
    run.add_argument("--json", action="store_true", help="print JSON")
    run.add_argument("--side", default=None, help="print only what this side may see")
    run.add_argument("--save", type=Path, default=None, help="also write a save file")
    run.add_argument("--open-table", action="store_true",
                     help="all sides agree: undo past dice and teacher view allowed")
    add_passphrase_option(run, "to seal that side's secrets in the --save file")


def execute(args: argparse.Namespace) -> int:
    from mineboard.core.game import PUBLIC, TEACHER, seat_for
    from mineboard.core.table import Table
    from mineboard.persistence.saves import write_save
    from mineboard.persistence.scenario import load_scenario
    from mineboard.persistence.sealing import Seals
    from mineboard.resources import resolve_scenario

    scenario = load_scenario(resolve_scenario(args.scenario))
    actions = read_actions(args.actions, scenario.ruleset.codec)
    game = scenario.new_game(args.seed, Table(open=args.open_table, dice_script=args.dice))
    public = game.observe(PUBLIC).view
    seat = TEACHER if args.side is None else seat_for(public, args.side, "--side")
    seals = Seals.from_passphrases(passphrases(args, public))
    failure = None
    code = 0
    for index, action in enumerate(actions):
        mover = game.seat_to_move()
        try:
            game.play(action, by=mover)
        except IllegalAction as exc:
            # The mover's reason may rest on the mover's secrets: a report for another
            # side says only that the action was refused.
            why = f": {exc.reason} [{exc.clause}]" if seat in (TEACHER, mover) else ""
            failure = f"action {index} ({action.kind}) refused{why}; nothing of it was applied"
            code = EXIT_FAILED_CHECK
            break
        except DiceExhausted as exc:
            failure = f"action {index} ({action.kind}): {exc}; nothing of it was applied"
            code = EXIT_BAD_INPUT
            break
    if args.save:
        write_save(args.save, scenario, game, seals)
    report = game.observe(seat).summary()
    briefing = scenario.briefing_for(seat)
    if briefing:
        report["briefing"] = briefing
    if args.json:
        if failure:
            report["error"] = failure
        print(json.dumps(report, indent=1, ensure_ascii=False))
    else:
        print_report(report)
    unused = report["dice"].get("unused")
    if unused and not failure:
        print(f"mineboard: {len(unused)} of the --dice were not rolled: "
              f"{', '.join(map(str, unused))}", file=sys.stderr)
    if failure:
        print(f"mineboard: {failure}", file=sys.stderr)
    return code
