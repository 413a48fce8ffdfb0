"""Place references for events, named the way a player reads the map."""

from __future__ import annotations

from mineboard.core.places import PlaceRef
from mineboard.maps.model import HEX, HEXSIDE, NAVAL_LINE, ROUTE, SEA_ZONE, BoardMap

_WAY_WORDS = {NAVAL_LINE: "line", HEXSIDE: "hexside", ROUTE: "route"}


def ref(board: BoardMap, ident: str) -> PlaceRef:
    """The reference of place or way ``ident`` of ``board`` (KeyError if it has neither)."""
    place = board.places.get(ident)
    if place is not None:
        if place.kind == SEA_ZONE:
            name = f"sea zone {place.label}"
        elif place.kind == HEX:
            name = f"hex {ident}"
        else:
            name = place.name
        return PlaceRef(place.kind, ident, name)
    way = board.ways[ident]
    return PlaceRef(way.kind, ident, f"{_WAY_WORDS.get(way.kind, way.kind)} {ident}")
