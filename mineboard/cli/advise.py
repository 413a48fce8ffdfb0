"""``mineboard advise FILE``: the mine-laying advisor without the window — the lays the side
to move (or ``--side``) may make now, ranked by what they would cost the enemy, from what
that side knows. A scenario starts a new game; a save is advised at the point it was saved.

Exit 2, one line, for what cannot be advised on: an unknown side or target, a save sealed
without that side's passphrase, a game that is over, the program's side of a solo game."""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from typing import Any

from mineboard.cli.common import Commands, add_passphrase_option, passphrases
from mineboard.core.errors import BadInput


def add_parser(commands: Commands, argv: Sequence[str]) -> None:
    advise = commands.add_parser(
        "advise", help="rank the mines a side may lay now by what they would cost the enemy")
    advise.set_defaults(execute=execute)
    advise.add_argument("file", help="a bundled scenario name, a scenario file or a save")
    advise.add_argument("--side", default=None,
                        help="the side (or one of its nations) asking (default: the side to "
                             "move)")
    advise.add_argument("--target", default=None, metavar="PLACE",
                        help="the enemy's goal: rank by the chance of hurting its way there")
    advise.add_argument("--all", action="store_true",
                        help="every lay examined, not only the best few")
    advise.add_argument("--json", action="store_true", help="print JSON")
    add_passphrase_option(advise, "to open a save that side sealed")


def execute(args: argparse.Namespace) -> int:
    from mineboard.core.advice import SHOWN
    from mineboard.core.game import PUBLIC, seat_for

    game = _game(args)
    ruleset = game.ruleset
    public = game.observe(PUBLIC).view
    program = game.table.program
    if args.side is None:  # the side to move — in a solo game, the player's side
        side = public.to_move if program is None or public.to_move != program else next(
            s for s in public.sides if s != program)
    else:
        side = seat_for(public, args.side, "--side")
    if side == program:
        raise BadInput("--side", f"{side} is played by the program in this solo game: its "
                                 "lays are its secret")
    over = ruleset.over(public)
    if over:
        raise BadInput(args.file, f"the game is over ({over}): there is nothing to advise")
    if side != public.to_move:
        return _say(args, side, f"{side} is not to move ({public.to_move} is): it lays "
                                "nothing now; ask again on its turn")
    view = game.observe(side).view
    target = _target(ruleset, view, args.target)
    advice = ruleset.advise(view, target)
    if advice is None:
        return _say(args, side, ruleset.no_advice)
    if args.json:
        print(json.dumps(advice.to_json(), indent=1, ensure_ascii=False))
        return 0
    lines = advice.lines()
    if args.all and len(advice.suggestions) > SHOWN:
        lines += [f"{i}. {s.label}: {s.figures(advice.unit)}"
                  for i, s in enumerate(advice.suggestions[SHOWN:], SHOWN + 1)]
    print("\n".join(lines))
    return 0


def _game(args: argparse.Namespace) -> Any:
    """The game in ``args.file``; sealed saves need the asking
    side's passphrase (``--passphrase``)."""
    from mineboard.persistence.documents import read_document
    from mineboard.persistence.saves import loaded_from, save_needs
    from mineboard.persistence.scenario import scenario_from_data
    from mineboard.resources import resolve_scenario

    doc = read_document(resolve_scenario(args.file), "scenario", "save")
    if doc.kind == "save":
        given = passphrases(args)
        needed = [side for side in save_needs(doc) if side not in given]
        if needed:
            raise BadInput(args.file, f"sealed: give --passphrase for {', '.join(needed)} "
                                      "(a sealed game is advised only to the sides who opened it)")
        loaded = loaded_from(doc, given)
        return loaded.game
    scenario = scenario_from_data(doc.data, doc.where, doc.folder)
    return scenario.new_game(None)


def _target(ruleset: Any, view: Any, name: str | None) -> Any:
    if name is None:
        return None
    targets = ruleset.advice_targets(view)
    for target in targets:
        if name.casefold() in (target.key.casefold(), target.label.casefold()):
            return target
    known = ", ".join(t.key for t in targets[:12]) or "none in this game"
    raise BadInput("--target", f"{name[:40]!r} is not a place the enemy may aim for "
                               f"(known: {known})")


def _say(args: argparse.Namespace, side: str, text: str) -> int:
    if args.json:
        print(json.dumps({"side": side, "suggestions": [], "nothing": text}, indent=1,
                         ensure_ascii=False))
    else:
        print(text)
    return 0
