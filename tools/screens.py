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


def main() -> int:
    out = ROOT / "docs" / "screens"
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as data:
        run = take_screens(out, Path(data))
    (out / "report.json").unlink(missing_ok=True)
    if run.returncode:
        print(run.stderr, file=sys.stderr)
    return run.returncode


if __name__ == "__main__":
    raise SystemExit(main())
