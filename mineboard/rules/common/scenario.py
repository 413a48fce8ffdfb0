"""Reading a ruleset's part of a scenario file: declared as dataclasses, checked against the
map and the ruleset's tables, every problem one line naming its path.

A scenario file's envelope (``mineboard_scenario``, ``ruleset``, ``map``, ``title``,
``about``, ``briefing``) belongs to the persistence layer; the rest is the ruleset's, described by a
frozen dataclass whose fields carry ``Ref(kind)`` where they name a place, a way, a nation
or a unit type. The names a ``Ref`` may take come from the map (its places and ways by
kind) and from ``names`` (nations, unit types) the ruleset passes in.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any, TypeVar

from mineboard.core.errors import BadInput
from mineboard.core.schema import RefCheck, from_json
from mineboard.maps.model import BoardMap

T = TypeVar("T")

ENVELOPE = frozenset({"mineboard_scenario", "ruleset", "map", "title", "about", "briefing"})


def parse_scenario(cls: type[T], data: Mapping[str, Any], where: str, board: BoardMap,
                   names: Mapping[str, Collection[str]] | None = None) -> T:
    """The ruleset's fields of scenario ``data`` as a ``cls``; BadInput names the problem."""
    body = {key: value for key, value in data.items() if key not in ENVELOPE}
    try:
        return from_json(cls, body, "", map_refs(board, names or {}))
    except BadInput as exc:  # "file.json: units[2].zone: …", the file first, then the path
        path = exc.where.lstrip(".")
        raise BadInput(where, f"{path}: {exc.what}" if path else exc.what) from None


def map_refs(board: BoardMap, names: Mapping[str, Collection[str]]) -> RefCheck:
    def check(kind: str, name: str) -> str | None:
        if kind in names:
            if name in names[kind]:
                return None
            return f"is not a {kind.replace('_', ' ')} ({', '.join(sorted(names[kind]))})"
        place = board.places.get(name)
        if place is not None and place.kind == kind:
            return None
        way = board.ways.get(name)
        if way is not None and way.kind == kind:
            return None
        return f"is not a {kind.replace('_', ' ')} of map {board.id}"
    return check


def peek_names(data: Mapping[str, Any], key: str) -> list[str]:
    """The ``name`` of each object in list ``data[key]``, before it is parsed: the nations a
    scenario declares are what its other fields may refer to."""
    raw = data.get(key)
    if not isinstance(raw, list):
        return []
    return [item["name"] for item in raw
            if isinstance(item, Mapping) and isinstance(item.get("name"), str)]
