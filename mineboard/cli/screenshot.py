"""``mineboard screenshot [FILE] --out PNG``: the board window drawn offscreen to a picture,
as one side or the teacher sees it."""

from __future__ import annotations

import argparse
import os
from collections.abc import Sequence
from pathlib import Path

from mineboard.cli.common import Commands
from mineboard.core.errors import BadInput


def add_parser(commands: Commands, argv: Sequence[str]) -> None:
    shot = commands.add_parser("screenshot",
                               help="render the board window offscreen to a PNG")
    shot.set_defaults(execute=execute)
    shot.add_argument("file", nargs="?", default="northsea-1940",
                      help="a bundled scenario name, a scenario file or a save")
    shot.add_argument("--out", type=Path, required=True, help="the PNG file to write")
    shot.add_argument("--size", type=_size, default=(1600, 1000), help="WxH, e.g. 1920x1080")
    shot.add_argument("--side", default=None, help="draw what this nation's side may see")
    shot.add_argument("--teacher", action="store_true", help="draw everything")


def _size(text: str) -> tuple[int, int]:
    """An argument type: WIDTHxHEIGHT, each side 200 to 8000 pixels."""
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not WIDTHxHEIGHT") from None
    if not (200 <= w <= 8000 and 200 <= h <= 8000):
        raise argparse.ArgumentTypeError(f"{text!r}: each side must be 200–8000 pixels")
    return w, h


def execute(args: argparse.Namespace) -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from mineboard.qt.app import screenshot

    if args.out.suffix.lower() != ".png":
        raise BadInput(str(args.out), "the screenshot is written as PNG; name it .png")
    covered = screenshot(args.file, args.out, args.size, args.side, args.teacher)
    print(f"wrote {args.out}" + (" — the hot-seat cover, as this game with secrets opens; "
                                 "give --side SIDE to draw that side's board" if covered else ""))
    return 0
