"""Finding bundled files and reading JSON with errors a person can act on.

``assets/`` and ``maps/`` sit at the top of a checkout; a wheel carries them inside the
package as ``mineboard/_data/``. :func:`data_dir` is the one place that knows both.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from mineboard.core.errors import BadInput

_PACKAGE = Path(__file__).resolve().parent
MAX_JSON_BYTES = 64 * 1024 * 1024


def data_dir(name: str) -> Path:
    """The bundled ``assets`` or ``maps`` folder, installed or in a checkout."""
    for candidate in (_PACKAGE / "_data" / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"mineboard's {name}/ folder is missing from this installation")


def user_dir() -> Path:
    """The player's own files (autosave, settings, play-by-email turns this program has
    seen); MINEBOARD_DATA_DIR overrides it (tests, portable installs)."""
    import os

    from platformdirs import user_data_dir

    override = os.environ.get("MINEBOARD_DATA_DIR")
    return Path(override) if override else Path(user_data_dir("mineboard", appauthor=False))


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


def read_bytes(path: Path) -> bytes:
    try:
        size = path.stat().st_size
        if size > MAX_JSON_BYTES:
            raise BadInput(str(path), f"file is {size} bytes, more than any map or save needs")
        return path.read_bytes()
    except FileNotFoundError:
        raise BadInput(str(path), "no such file") from None
    except IsADirectoryError:
        raise BadInput(str(path), "is a folder, not a file") from None
    except OSError as exc:
        raise BadInput(str(path), f"cannot be read ({exc.strerror})") from None


def parse_json(raw: bytes, where: str) -> Any:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise BadInput(where, f"not a UTF-8 text file (byte {exc.start})") from None
    if "\x00" in text:
        raise BadInput(where, "not a text file (contains NUL bytes)")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadInput(where, f"line {exc.lineno} column {exc.colno}: {exc.msg}") from None
    except RecursionError:
        raise BadInput(where, "JSON nested too deeply") from None
    except ValueError as exc:  # a number of thousands of digits, past Python's limit
        raise BadInput(where, f"unreadable number ({str(exc).split(';')[0]})") from None


def read_json(path: Path) -> tuple[Any, str]:
    """The parsed JSON of a file and the sha256 of its bytes."""
    raw = read_bytes(path)
    return parse_json(raw, str(path)), hashlib.sha256(raw).hexdigest()
