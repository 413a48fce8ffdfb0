"""What the commands share: the exit codes, the parser that exits 2 on a bad argument, the
argument types, the ``--passphrase`` option, reading an action file and printing a game's
report. Nothing here imports a command or the package above it."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn, TypeAlias

from mineboard.core.errors import BadInput

EXIT_FAILED_CHECK = 1
EXIT_BAD_INPUT = 2
EXIT_INTERNAL = 70  # EX_SOFTWARE: a defect of the program, not of the input

Commands: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"
"""Where each command module adds its parser (``add_parser``)."""


class Parser(argparse.ArgumentParser):
    """A bad argument is one line and exit 2 (argparse's own error), never a traceback."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: {message}\n")


def whole(limits: Any) -> Callable[[str], int]:
    """An argument type: a whole number within ``limits`` (a schema Range; open sides get
    0 and 100,000), so an odds query cannot ask for hours of work."""
    low = int(limits.low) if limits.low is not None else 0
    high = int(limits.high) if limits.high is not None else 100_000

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text[:20]!r} is not a whole number") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{value} is not from {low} to {high}")
        return value
    return parse


def dice_values(text: str) -> tuple[int, ...]:
    """An argument type: die values separated by commas (``3,5,1``)."""
    from mineboard.core.table import dice_script

    try:
        values = [int(v) for v in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not die values separated by "
                                         "commas, like 3,5,1") from None
    try:
        return dice_script(values, "--dice")
    except BadInput as exc:
        raise argparse.ArgumentTypeError(exc.what) from None


def passphrase(text: str) -> tuple[str, str]:
    """An argument type: ``SIDE=PASSPHRASE``, both parts non-empty."""
    side, sep, phrase = text.partition("=")
    if not sep or not side or not phrase:
        raise argparse.ArgumentTypeError(f"{text!r} is not SIDE=PASSPHRASE")
    return side, phrase


def add_passphrase_option(parser: argparse.ArgumentParser, purpose: str) -> None:
    """``--passphrase SIDE=PASSPHRASE``, repeated once per side."""
    parser.add_argument("--passphrase", type=passphrase, action="append", default=[],
                        metavar="SIDE=PASSPHRASE",
                        help=f"a side's passphrase {purpose} (repeat per side; visible to "
                             "other users of this machine while it runs: for scripts)")


def passphrases(args: argparse.Namespace, state: Any | None = None) -> dict[str, str]:
    """The --passphrase options by side; with ``state``, nations are read as their sides and
    an unknown one is refused."""
    from mineboard.core.game import seat_for

    found: dict[str, str] = {}
    for name, phrase in args.passphrase:
        side = seat_for(state, name, "--passphrase") if state is not None else name
        found[side] = phrase
    return found


def read_actions(path: Path, codec: Any) -> list[Any]:
    """The actions of an action file (docs/actions.md): a JSON list, or an object whose
    ``actions`` is one, each parsed by the ruleset's ``codec`` — a bad one names its index."""
    from mineboard.resources import read_json

    data, _ = read_json(path)
    if isinstance(data, dict) and "actions" in data:
        data = data["actions"]
    if not isinstance(data, list):
        raise BadInput(str(path), "must be a JSON list of actions")
    return [codec.parse(item, f"{path}: action {i}") for i, item in enumerate(data)]


def print_report(report: dict[str, Any]) -> None:
    """A game's summary as text: the heading line, briefings, events with their clauses, and
    the state as JSON."""
    state = report["state"]
    dice = report["dice"]
    if "script" in dice:
        seed = f"scripted dice ({len(dice['script']) - len(dice['unused'])} of "\
               f"{len(dice['script'])} rolled)"
    else:
        seed = f"seed {dice['seed']}" if "seed" in dice else f"dice {dice['commitment'][:12]}…"
    print(f"{report['ruleset']} · {seed} · turn {state.get('turn')} · "
          f"{state.get('nation')} · {state.get('phase_name', state.get('phase'))}")
    for side, text in report.get("briefing", {}).items():
        print(f"  briefing for {side}: {text}")
    for event in report["events"]:
        clause = f"{event['clause']}: " if event["clause"] else ""
        print(f"  {clause}{event['text']}")
    print("state:")
    print(json.dumps(state, indent=1, ensure_ascii=False))
