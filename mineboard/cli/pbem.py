"""``mineboard pbem``: play by email from the command line (the window has File ▸ Send turn).

    mineboard pbem new northsea-1940-hidden --side Germany --out turn-0.json
    mineboard pbem join turn-0.json --out turn-1.json            (the other side)
    mineboard pbem turn turn-1.json --actions mine.json --out turn-2.json
    mineboard pbem show turn-2.json --side Axis

Each side's passphrase is asked for at the terminal (twice when it is being set, as a slip
of the finger would lock the side out of its own game), or given as ``--passphrase
SIDE=TEXT`` (for scripts: other users of the machine can see it while it runs).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from mineboard.cli.common import Commands, Parser, passphrase, read_actions
from mineboard.core.errors import BadInput, IllegalAction
from mineboard.core.words import possessive


def add_parser(commands: Commands, argv: Sequence[str]) -> None:
    pbem = commands.add_parser("pbem", help="play by email: turn files no side can peek into")
    pbem.set_defaults(execute=execute)
    steps = pbem.add_subparsers(dest="step", metavar="STEP", required=True,
                                parser_class=Parser,
                                help="new, then join, then turn after turn; show to look")

    def common(parser: argparse.ArgumentParser, side: str) -> None:
        parser.add_argument("--side", required=side == "required", default=None,
                            help=f"your side or one of its nations ({side})")
        parser.add_argument("--passphrase", type=passphrase, default=None,
                            metavar="SIDE=PASSPHRASE",
                            help="your side and passphrase (else asked at the terminal; "
                                 "visible to other users of this machine while it runs: "
                                 "for scripts)")
        parser.add_argument("--json", action="store_true", help="print JSON")

    new = steps.add_parser("new", help="start a game: write the invitation (turn 0)")
    new.add_argument("scenario", help="a bundled scenario name or a scenario file")
    new.add_argument("--out", type=Path, required=True,
                     help="the invitation file to write, to send to the other side")
    common(new, "required")
    join = steps.add_parser("join", help="accept an invitation: write turn 1")
    join.add_argument("file", type=Path, help="the invitation (turn 0) the other side sent")
    join.add_argument("--out", type=Path, required=True,
                      help="your answer (turn 1) to write, to send back")
    common(join, "optional: the side invited")
    turn = steps.add_parser("turn", help="open the other side's turn file, play, write yours")
    turn.add_argument("file", type=Path, help="the turn file the other side sent")
    turn.add_argument("--actions", type=Path, default=None,
                      help="JSON list of your moves (see docs/actions.md); none to hand "
                           "the turn over")
    turn.add_argument("--out", type=Path, required=True,
                      help="your turn file to write, to send back")
    turn.add_argument("--reveal-all", action="store_true",
                      help="open all your secrets in this file (the game is over): the "
                           "other side's program then checks every move of the game")
    common(turn, "optional: the side the file is for")
    show = steps.add_parser("show", help="what your side sees in a turn file")
    show.add_argument("file", type=Path,
                      help="a turn file: the other side's, or your own last one")
    common(show, "optional; needed when the file is your own")


def _claims(args: argparse.Namespace, scenario: Any) -> list[tuple[str, str, str]]:
    """The sides this player says it plays: (option, name given, the side it means) for
    ``--side`` and for ``--passphrase``'s SIDE, each one given. A nation means its side."""
    from mineboard.core.game import PUBLIC, seat_for

    given = [(flag, name) for flag, name in (
        ("--side", args.side),
        ("--passphrase", None if args.passphrase is None else args.passphrase[0]))
        if name is not None]
    if not given:
        return []
    public = scenario.new_game().observe(PUBLIC).view
    return [(flag, name, seat_for(public, name, flag)) for flag, name in given]


def _agree(claims: list[tuple[str, str, str]], seat: str, what: str) -> None:
    """Refuse a side claimed that is not ``seat``, naming the side it should be."""
    for flag, name, side in claims:
        if side != seat:
            raise BadInput(flag, f"{what} {seat}, not {name}")


def _passphrase_of(args: argparse.Namespace, side: str, setting: bool = False) -> str:
    """``side``'s passphrase: from ``--passphrase``, else asked at the terminal — twice when
    it is being set (``new``, ``join``)."""
    if args.passphrase is not None:
        phrase: str = args.passphrase[1]
        return phrase
    if not sys.stdin.isatty():
        raise BadInput("--passphrase", "give --passphrase SIDE=PASSPHRASE, or run it in a "
                                       "terminal to be asked")
    import getpass

    try:
        if not setting:
            return getpass.getpass(f"{possessive(side)} passphrase: ")
        phrase = getpass.getpass(f"{possessive(side)} new passphrase: ")
        again = getpass.getpass(f"{possessive(side)} passphrase again: ")
    except EOFError:  # Ctrl+D at the prompt
        raise BadInput("--passphrase", f"no passphrase typed for {side}") from None
    if again != phrase:
        raise BadInput("--passphrase", f"the two passphrases typed for {side} differ; "
                                       "nothing was written")
    return phrase


def execute(args: argparse.Namespace) -> int:
    from mineboard.persistence import pbem
    from mineboard.persistence.scenario import load_scenario
    from mineboard.resources import resolve_scenario

    if args.step == "new":
        scenario = load_scenario(resolve_scenario(args.scenario))
        claims = _claims(args, scenario)
        side = claims[0][2]  # --side is required
        _agree(claims, side, f"--side {args.side} plays")
        seat = pbem.start(scenario, side, _passphrase_of(args, side, setting=True))
        turn = pbem.send(seat, args.out)
        seat = seat.after(turn)
        return _report(args, seat, f"wrote {args.out}: the invitation to game "
                                   f"{turn.game_id}, as {seat.me}; send it to {seat.other}")
    received = pbem.read_turn(args.file)
    claims = _claims(args, received.scenario)
    receiver = next(s for s in received.sides if s != received.sender)
    if args.step == "join":
        _agree(claims, receiver, f"{args.file} invites")
        seat = pbem.join(received, _passphrase_of(args, receiver, setting=True))
        seat = seat.after(pbem.send(seat, args.out))
        return _report(args, seat, f"wrote {args.out}: joined as {seat.me}; send it to "
                                   f"{seat.other}")
    if args.step == "show":
        if claims:  # perhaps this side's own last file
            side = claims[0][2]
            _agree(claims, side, f"{claims[0][0]} {claims[0][1]} plays")
            return _report(args, pbem.sit(args.file, _passphrase_of(args, side), side), "")
        return _report(args, pbem.receive_file(args.file, _passphrase_of(args, receiver)), "")
    _agree(claims, receiver, f"{args.file} is for")
    seat = pbem.receive_file(args.file, _passphrase_of(args, receiver))
    if args.actions is not None:
        for index, action in enumerate(read_actions(args.actions, seat.last.scenario
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
    return _report(args, seat, f"wrote {args.out}: turn {seat.last.seq}; send it to "
                               f"{seat.other}")


def _status(seat: Any, file: Path | None) -> str:
    """Where the game stands for this side, and what it does next: the invitation waits
    for the other side to join (the game has not begun); a file sent waits for the answer;
    a file received is this side's move, or one to hand back with no moves."""
    actor = seat.world().observe(seat.me).view.actor
    if seat.sent and seat.last.seq == 0:
        return (f"invitation sent: {seat.other} joins with 'pbem join', then you open its "
                f"answer with 'pbem turn' ({actor} moves first)")
    if seat.sent and seat.last.seq == 1:
        return f"joined: waiting for {possessive(seat.other)} first turn file ({actor} moves first)"
    if seat.sent:
        return f"sent: waiting for {possessive(seat.other)} turn file"
    if seat.pending:
        return "your last move rolls: send the turn, the other side's program rolls it"
    if seat.may_move():
        return (f"your move: 'pbem turn {file} --actions MOVES.json --out "
                f"turn-{seat.seq}.json'")
    return (f"{possessive(actor)} move: hand it back with 'pbem turn {file} --out "
            f"turn-{seat.seq}.json' (no --actions)")


def _report(args: argparse.Namespace, seat: Any, done: str) -> int:
    seen = seat.world().observe(seat.me)
    status = _status(seat, getattr(args, "file", None))
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
    print(f"{seat.me} · {seen.view.phase_label} · {status}")
    return 0
