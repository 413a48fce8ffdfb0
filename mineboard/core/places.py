"""A reference to a place or a way of the map, as events and the window pass them around.

Events name *where* something happened with a :class:`PlaceRef`, so the log can point at
it, the dice tray can flash it and a scene can find its item — for every ruleset and every
kind of map, with no per-ruleset data keys to agree on.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class PlaceRef:
    """``kind`` is the map's own kind of the place or way (``sea_zone``, ``naval_line``,
    ``hex``, ``system`` …); ``name`` is how a player reads it and takes no part in equality."""

    kind: str
    id: str
    name: str = field(default="", compare=False)

    def __str__(self) -> str:
        return self.name or f"{self.kind.replace('_', ' ')} {self.id}"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "id": self.id}
