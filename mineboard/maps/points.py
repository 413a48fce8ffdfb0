"""A point map's board: star systems (points) joined by the routes between them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from shapely.geometry import LineString

from mineboard.maps.model import ROUTE, BoardMap, Place, Way, way_id
from mineboard.maps.shapes import point_of


def point_board(header: Mapping[str, Any], places: dict[str, Place], routes: list[Place],
                problems: list[str], digest: str) -> BoardMap:
    ways: dict[str, Way] = {}
    for route in routes:
        a, b = route.props.get("from"), route.props.get("to")
        bad = [e for e in (a, b) if not isinstance(e, str) or e not in places]
        if bad or not isinstance(a, str) or not isinstance(b, str):
            problems.append(f"feature {route.id}: route end {bad[0]!r} is not a system of "
                            "this map")
            continue
        if a == b:
            problems.append(f"feature {route.id}: route joins {a} to itself")
            continue
        geom = route.geometry or LineString([point_of(places[a]), point_of(places[b])])
        wid = way_id(a, b)
        if wid in ways:
            problems.append(f"feature {route.id}: a second route between {a} and {b}")
            continue
        first, second = wid.split("|")
        ways[wid] = Way(wid, ROUTE, first, second, geom)
    joined = {w.a for w in ways.values()} | {w.b for w in ways.values()}
    for system in places.values():
        if len(places) > 1 and system.id not in joined:
            problems.append(f"feature {system.id}: isolated system (no route)")
    return BoardMap(header["id"], "point", str(header.get("title", header["id"])), places,
                    ways, digest, header)
