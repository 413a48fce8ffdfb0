"""Finding bundled files and reading JSON with errors a person can act on.

``assets/`` and ``maps/`` sit at the top of a checkout; a wheel carries them inside the
package as ``mineboard/_data/``. :func:`data_dir` is the one place that knows both.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import re
import stat
from pathlib import Path
from typing import Any

from mineboard.core.errors import BadInput
from mineboard.core.limits import MAX_FILE_BYTES, MAX_INT_DIGITS, MAX_JSON_CONTAINERS

_PACKAGE = Path(__file__).resolve().parent


def data_dir(name: str) -> Path:
    """The bundled ``assets`` or ``maps`` folder, installed or in a checkout."""
    for candidate in (_PACKAGE / "_data" / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"mineboard's {name}/ folder is missing from this installation")


def user_dir() -> Path:
    """The player's own files (autosave, settings, play-by-email turns this program has
    seen); MINEBOARD_DATA_DIR overrides it (tests, portable installs)."""
    from platformdirs import user_data_dir

    override = os.environ.get("MINEBOARD_DATA_DIR")
    return Path(override) if override else Path(user_data_dir("mineboard", appauthor=False))


def cache_dir() -> Path:
    """Work mineboard can redo but would rather not (lines derived from a map's polygons);
    MINEBOARD_CACHE_DIR overrides it. Deleting it loses nothing."""
    from platformdirs import user_cache_dir

    override = os.environ.get("MINEBOARD_CACHE_DIR")
    return Path(override) if override else Path(user_cache_dir("mineboard", appauthor=False))


def assets_dir() -> Path:
    return data_dir("assets")


def maps_dir() -> Path:
    return data_dir("maps")


def bundled_scenarios() -> dict[str, Path]:
    return {p.stem: p for p in sorted((maps_dir() / "scenarios").glob("*.json"))}


def resolve_scenario(name_or_path: str) -> Path:
    """A bundled scenario by name ('northsea-1940') or a path to any scenario file."""
    path = Path(name_or_path)
    if path.suffix or path.exists() or "/" in name_or_path:
        return path
    scenarios = bundled_scenarios()
    if name_or_path in scenarios:
        return scenarios[name_or_path]
    known = ", ".join(scenarios) or "none"
    raise BadInput(name_or_path, f"no such file or bundled scenario (bundled: {known})")


def read_bytes(path: Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a regular file, at most ``limit`` of them.

    A name is only a name: it may be a FIFO that never ends (a read hangs), a device with no
    end (``/dev/zero``), or a file that grows while read. So the file is opened without
    blocking, checked to be a regular file on the open descriptor, and read no further than
    the limit.
    """
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise BadInput(str(path), "no such file") from None
    except IsADirectoryError:
        raise BadInput(str(path), "is a folder, not a file") from None
    except ValueError:  # a NUL byte in the name
        raise BadInput(repr(str(path)), "is not a usable file name") from None
    except OSError as exc:
        raise BadInput(str(path), f"cannot be read ({exc.strerror})") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise BadInput(str(path), "is a folder, not a file")
        if not stat.S_ISREG(info.st_mode):
            raise BadInput(str(path), "is not a regular file (a device, pipe or socket)")
        if info.st_size > limit:
            raise BadInput(str(path), f"is {info.st_size:,} bytes; mineboard reads files of "
                                      f"at most {limit:,}")
        chunks, total = [], 0
        while chunk := os.read(fd, min(1 << 20, limit + 1 - total)):
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:
                raise BadInput(str(path), f"grew past {limit:,} bytes while being read")
        return b"".join(chunks)
    except OSError as exc:
        raise BadInput(str(path), f"cannot be read ({exc.strerror})") from None
    finally:
        os.close(fd)


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number mineboard accepts")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"number {text[:12]}… is too large for any field")
    return value


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise ValueError(f"number {text[:12]}… has more than {MAX_INT_DIGITS} digits")
    return int(text)


def parse_json(raw: bytes, where: str) -> Any:
    """JSON as mineboard reads it: UTF-8 (a byte-order mark is allowed), no NaN or Infinity,
    no whole number of more than 40 digits, no number past a float's range (``1e999``), no
    NUL characters; every refusal one BadInput line."""
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise BadInput(where, f"not a UTF-8 text file (byte {exc.start})") from None
    if "\x00" in text:
        raise BadInput(where, "not a text file (contains NUL bytes)")
    if "\\u0000" in text:  # escaped: a search of the text, not a walk of every string
        raise BadInput(where, "a string holds a NUL character (\\u0000)")
    containers = text.count("[") + text.count("{")
    if containers > MAX_JSON_CONTAINERS:  # each costs memory far beyond its two bytes
        raise BadInput(where, f"{containers:,} lists and objects; mineboard reads files of at "
                              f"most {MAX_JSON_CONTAINERS:,}")
    # A number past a float's range reads as infinity, which no file can be written back
    # with: every float is checked as it is read. (A search of the text for numbers that
    # might be one cost more than the check: 31 ms of the awaw Europe map's 623 KB, where
    # the check costs nothing, and 23 ms of the North Sea's, where it costs 12.)
    try:
        data = json.loads(text, parse_constant=_refuse_constant, parse_int=_bounded_int,
                          parse_float=_finite_float)
    except json.JSONDecodeError as exc:
        raise BadInput(where, f"line {exc.lineno} column {exc.colno}: {exc.msg}") from None
    except RecursionError:
        raise BadInput(where, "JSON nested too deeply") from None
    except ValueError as exc:  # from the hooks above, or Python's own digit limit
        raise BadInput(where, f"unreadable number ({str(exc).split(';')[0]})") from None
    if _SURROGATE.search(text) and not _encodable(data):
        raise BadInput(where, "a string holds half of a UTF-16 surrogate pair (\\ud800…), "
                              "which no UTF-8 file can hold")
    return data


_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]")


def _encodable(data: Any) -> bool:
    """Whether every string in ``data`` can be written as UTF-8: a lone surrogate from a
    ``\\ud800`` escape reads fine and then makes every save of the game fail."""
    stack = [data]
    while stack:
        item = stack.pop()
        try:
            if isinstance(item, str):
                item.encode("utf-8")
            elif isinstance(item, dict):
                stack.extend(item.values())
                for key in item:
                    key.encode("utf-8")
            elif isinstance(item, list):
                stack.extend(item)
        except UnicodeEncodeError:
            return False
    return True


def read_json(path: Path) -> tuple[Any, str]:
    """The parsed JSON of a file and the sha256 of its bytes."""
    raw = read_bytes(path)
    return parse_json(raw, str(path)), hashlib.sha256(raw).hexdigest()
