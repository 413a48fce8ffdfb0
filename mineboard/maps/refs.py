"""Map references: how a scenario, a save or a map names a map — a bundled map's id, or a
``.geojson`` path relative to the folder of the file that names it — and which file that is.

A scenario or map may come from anyone: a reference must not make the program read
``/etc/passwd`` or walk out of the folder with ``..`` (symbolic links included).
"""

from __future__ import annotations

import re
from pathlib import Path

from mineboard.core.errors import BadInput
from mineboard.resources import maps_dir

_BUNDLED_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")


def map_file(ref: object, folder: Path, where: str) -> Path:
    """The file a map reference names: a bundled map's id, or a ``.geojson`` path relative
    to ``folder`` that stays inside it."""
    problem = map_ref_problem(ref)
    if problem is not None:
        raise BadInput(where, problem)
    assert isinstance(ref, str)
    if not ref.endswith(".geojson"):
        return maps_dir() / f"{ref}.geojson"
    try:
        base = folder.resolve()
        target = (base / ref).resolve()
    except (OSError, RuntimeError):  # a symbolic link that loops, a name the system refuses
        raise BadInput(where, f"map {ref!r} cannot be resolved to a file") from None
    if not target.is_relative_to(base):
        raise BadInput(where, f"map {ref!r} leads outside the folder of the file that names "
                              "it")
    return target


def map_ref_problem(ref: object) -> str | None:
    """Why ``ref`` cannot name a map (see :func:`map_file`), or None."""
    if not isinstance(ref, str) or not ref or len(ref) > 255 or "\x00" in ref:
        return "a map is named by a bundled map id or a relative .geojson path"
    if "\\" in ref or ":" in ref:  # a drive or a Windows separator means the same everywhere
        return f"map {ref!r}: write paths with '/', without a drive letter"
    if not ref.endswith(".geojson"):
        if not _BUNDLED_ID.fullmatch(ref) or ".." in ref:
            return f"map {ref!r} is neither a bundled map id nor a .geojson path"
        return None
    relative = Path(ref)
    if relative.is_absolute() or ".." in relative.parts:
        return (f"map {ref!r} must be a path inside the folder of the file that names it "
                "(no absolute path, no '..')")
    return None


def related_path(ref: str, map_path: Path) -> Path:
    """Where a related map lives (see :func:`map_file`), relative to the map that names it."""
    return map_file(ref, map_path.resolve().parent, str(map_path))
