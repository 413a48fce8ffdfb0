"""``mineboard pbem``: play by email from the command line (the window has File ▸ Send turn).

    mineboard pbem new northsea-1940-hidden --side Axis --out turn-0.json
    mineboard pbem join turn-0.json --out turn-1.json            (the other side)
    mineboard pbem turn turn-1.json --actions mine.json --out turn-2.json
    mineboard pbem show turn-2.json --side Axis

Each side's passphrase is asked for at the prompt, or given as ``--passphrase SIDE=TEXT``
(for scripts: other users of the machine can see it while it runs).
"""

from __future__ import annotations

import argparse
import getpass
import json
import sys
from pathlib import Path
from typing import Any

from mineboard.core.errors import BadInput, IllegalAction


def add_parser(sub: Any, passphrase_type: Any) -> None:
    pbem = sub.add_parser("pbem", help="play by email: turn files no side can peek into")
    steps = pbem.add_subparsers(dest="step", metavar="STEP", required=True,
                                parser_class=type(pbem))

    def common(parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--passphrase", type=passphrase_type, default=None,
                            metavar="SIDE=PASSPHRASE",
                            help="your side and passphrase (else asked at the prompt)")
        parser.add_argument("--json", action="store_true", help="print JSON")

    new = steps.add_parser("new", help="start a game: write the invitation (turn 0)")
    new.add_argument("scenario", help="a bundled scenario name or a scenario file")
    new.add_argument("--side", required=True, help="your side (or one of its nations)")
    new.add_argument("--out", type=Path, required=True)
    common(new)
    join = steps.add_parser("join", help="accept an invitation: write turn 1")
    join.add_argument("file", type=Path)
    join.add_argument("--out", type=Path, required=True)
    common(join)
    turn = steps.add_parser("turn", help="open the other side's turn file, play, write yours")
    turn.add_argument("file", type=Path)
    turn.add_argument("--actions", type=Path, default=None,
                      help="JSON list of your moves (see docs/actions.md)")
    turn.add_argument("--out", type=Path, required=True)
    turn.add_argument("--reveal-all", action="store_true",
                      help="open all your secrets in this file (the game is over): the "
                           "other side's program then checks every move of the game")
    common(turn)
    show = steps.add_parser("show", help="what your side sees in a turn file")
    show.add_argument("file", type=Path)
    show.add_argument("--side", default=None, help="your side, when the file is your own")
    common(show)


def _passphrase(args: argparse.Namespace, side: str | None) -> tuple[str | None, str]:
    if args.passphrase is not None:
        given: tuple[str, str] = args.passphrase
        return given
    if not sys.stdin.isatty():
        raise BadInput("--passphrase", "give SIDE=PASSPHRASE (no terminal to ask at)")
    return side, getpass.getpass(f"{side or 'Your side'}'s passphrase: ")


def run(args: argparse.Namespace) -> int:
    from mineboard.persistence import pbem
    from mineboard.persistence.scenario import load_scenario
    from mineboard.resources import resolve_scenario

    if args.step == "new":
        scenario = load_scenario(resolve_scenario(args.scenario))
        side, phrase = _passphrase(args, args.side)
        seat = pbem.start(scenario, side if side is not None else args.side, phrase)
        turn = pbem.send(seat, args.out)
        seat = seat.after(turn)
        return _report(args, seat, f"wrote {args.out}: the invitation of game {turn.game_id} "
                                   f"as {seat.me}; the other side answers with 'pbem join'")
    if args.step == "join":
        invitation = pbem.read_turn(args.file)
        _side, phrase = _passphrase(args, None)
        seat = pbem.join(invitation, phrase)
        seat = seat.after(pbem.send(seat, args.out))
        return _report(args, seat, f"wrote {args.out}: joined as {seat.me}")
    side, phrase = _passphrase(args, getattr(args, "side", None))
    if args.step == "show":
        seat = pbem.sit(args.file, phrase, side) if side else pbem.receive_file(args.file,
                                                                               phrase)
        return _report(args, seat, "")
    seat = pbem.receive_file(args.file, phrase)
    if side is not None and side != seat.me:
        raise BadInput("--passphrase", f"this turn file is for {seat.me}, not {side}")
    if args.actions is not None:
        from mineboard.cli import _read_actions

        for index, action in enumerate(_read_actions(args.actions, seat.last.scenario
                                                     .ruleset.codec)):
            try:
                seat.play(action)
            except IllegalAction as exc:
                raise IllegalAction(f"action {index} ({action.kind}) refused: {exc.reason}; "
                                    "no turn file was written", exc.clause) from None
    if args.reveal_all:
        seat.told.append(f"{seat.reveal_all()} of your secrets opened for the audit")
    told = seat.told
    seat = seat.after(pbem.send(seat, args.out))
    seat.told = told
    return _report(args, seat, f"wrote {args.out}: turn {seat.last.seq}")


def _report(args: argparse.Namespace, seat: Any, done: str) -> int:
    world = seat.world()
    seen = world.observe(seat.me)
    if seat.sent:
        status = "sent: waiting for the other side's turn file"
    elif seat.pending:
        status = "your last move rolls: send the turn, the other side's program rolls it"
    elif seat.may_move():
        status = "your move"
    else:
        status = f"the other side's move ({world.state.actor})"
    if args.json:
        report = seen.summary()
        del report["dice"]  # the game's dice come from the shares, not a seed
        report.update(side=seat.me, turn_file=seat.seq, status=status, told=seat.told)
        print(json.dumps(report, indent=1, ensure_ascii=False))
        return 0
    for line in seat.told:
        print(line)
    if done:
        print(done)
    print(f"{seat.me} · {world.state.phase_label} · {status}")
    return 0
