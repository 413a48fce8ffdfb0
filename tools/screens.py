"""Draw docs/screens/: the window in each state a player meets, on a virtual X server the size
of a small laptop screen (1024×640), as tests/test_screens_xvfb.py checks them.

    .venv/bin/python tools/screens.py        (needs Debian's xvfb)

Look at every picture before keeping it.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.xvfb_screens import take_screens  # noqa: E402

WIDER = ("rules-explorer",)
"""Taken again on a 1280×800 screen: Help ▸ Rules's page and the demo board it opened,
side by side (at 1024×640 the page hides the board)."""


def main() -> int:
    out = ROOT / "docs" / "screens"
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as data:
        run = take_screens(out, Path(data))
        if not run.returncode:  # the explorer beside its demo board wants a larger screen
            run = take_screens(out, Path(data), "1280x800", WIDER)
    (out / "report.json").unlink(missing_ok=True)
    if run.returncode:
        print(run.stderr, file=sys.stderr)
    return run.returncode


if __name__ == "__main__":
    raise SystemExit(main())
