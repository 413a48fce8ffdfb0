"""What a file is — map, scenario or save — decided by its parsed top level, never by
searching its text: a scenario whose ``about`` mentions ``"mineboard_save"`` is still a
scenario, and a save whose key comes late is still a save.

Each file is read once (bounded, see :func:`mineboard.resources.read_bytes`) and handed on
parsed, so the window, ``validate`` and ``play`` all agree on what they opened.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from mineboard.core.errors import BadInput
from mineboard.resources import parse_json, read_bytes

Kind = Literal["map", "scenario", "save", "demo"]


@dataclass(frozen=True)
class Document:
    path: Path
    kind: Kind
    data: Mapping[str, Any]
    digest: str
    """sha256 of the file's bytes (a map's content hash)."""

    @property
    def where(self) -> str:
        return str(self.path)

    @property
    def folder(self) -> Path:
        """Where the file's relative references (a scenario's map) are looked up."""
        return self.path.resolve().parent


def kind_of(data: Any) -> Kind | None:
    if not isinstance(data, Mapping):
        return None
    if data.get("type") == "FeatureCollection":
        return "map"
    if "mineboard_save" in data:
        return "save"
    if "mineboard_scenario" in data:
        return "scenario"
    if "mineboard_demo" in data:
        return "demo"
    return None


def read_document(path: Path, *expected: Kind) -> Document:
    """The file at ``path``, parsed and classified; BadInput if it is none of ``expected``
    (any kind when none is given)."""
    raw = read_bytes(path)
    data = parse_json(raw, str(path))
    kind = kind_of(data)
    wanted = expected or ("map", "scenario", "save", "demo")
    if kind is None or kind not in wanted:
        what = " or ".join(wanted)
        raise BadInput(str(path), f"not a mineboard {what} file" if kind is None
                       else f"is a {kind} file, not a {what}")
    assert isinstance(data, Mapping)
    return Document(path, kind, data, hashlib.sha256(raw).hexdigest())
