"""When mineboard itself is at fault: the traceback goes to a file the player can send, and
the screen gets one line saying where it is — never a page of Python."""

from __future__ import annotations

import os
import time
import traceback

from mineboard import __version__


def crash_report(exc: BaseException) -> str:
    """Write the traceback to a file in the player's data folder and say where it is (or,
    if even that fails, give the one-line reason)."""
    from mineboard.resources import user_dir

    text = "".join(traceback.format_exception(exc))
    try:
        folder = user_dir() / "crash-reports"
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}.txt"
        path.write_text(f"mineboard {__version__}\n{text}", encoding="utf-8")
    except (OSError, ValueError):  # no folder to write to, or a name the system refuses
        return f"this line: {type(exc).__name__}: {str(exc)[:200]}"
    return f"the details in {path}"
