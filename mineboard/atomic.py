"""Writing a file so that a crash leaves either the old file or the new one, never half."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

from mineboard.core.errors import BadInput

_TEMP_SUFFIX = ".tmp"


def write_atomic(path: Path, text: str | bytes) -> None:
    """Write to a temp file beside ``path``, fsync it, rename it over, fsync the folder.

    The temp file holds the whole text, so whatever stops the write — a full disk, text that
    cannot be encoded, Ctrl+C — removes it; only a kill leaves one (see :func:`temp_files`).
    """
    folder = path.parent if str(path.parent) else Path(".")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=_TEMP_SUFFIX, dir=folder)
    except OSError as exc:
        raise BadInput(str(path), f"cannot be written ({exc.strerror})") from None
    renamed = False
    try:
        data = text.encode("utf-8") if isinstance(text, str) else text
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
        renamed = True
    except OSError as exc:
        raise BadInput(str(path), f"cannot be written ({exc.strerror})") from None
    finally:
        if not renamed:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
    with contextlib.suppress(OSError):
        dir_fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


def temp_files(folder: Path, name: str) -> list[Path]:
    """The temp files :func:`write_atomic` left in ``folder`` for files named ``name`` (a
    glob pattern): a kill between writing and renaming leaves one, as big as the file."""
    return sorted(folder.glob(f".{name}.*{_TEMP_SUFFIX}"))
