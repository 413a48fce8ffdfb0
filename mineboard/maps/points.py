"""A point map's board: star systems (points) joined by the routes between them, each
route drawn straight or along its own line, which must run from one of its systems to the
other."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from shapely.geometry import LineString
from shapely.geometry.base import BaseGeometry

from mineboard.maps.model import ROUTE, BoardMap, Place, Way, way_id
from mineboard.maps.shapes import point_of

JOIN_TOLERANCE = 0.01
"""How far a route's line may end from its system, as a part of the distance between its
two systems: a line snapped to the points in a GIS ends on them exactly."""


def joins(line: BaseGeometry, a: tuple[float, float], b: tuple[float, float]) -> bool:
    """Whether ``line`` runs from system ``a`` to system ``b`` (either way round)."""
    first, last = line.coords[0][:2], line.coords[-1][:2]
    slack = JOIN_TOLERANCE * math.dist(a, b)
    return any(math.dist(first, p) <= slack and math.dist(last, q) <= slack
               for p, q in ((a, b), (b, a)))


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
        ends = point_of(places[a]), point_of(places[b])
        geom = route.geometry or LineString(ends)
        if not joins(geom, *ends):
            (x0, y0), (x1, y1) = geom.coords[0][:2], geom.coords[-1][:2]
            problems.append(f"feature {route.id}: its line does not join {a} and {b} (it "
                            f"runs from ({x0:g}, {y0:g}) to ({x1:g}, {y1:g}))")
            continue
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
