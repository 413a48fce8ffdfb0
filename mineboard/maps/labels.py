"""Where an area's label goes: the point inside it farthest from its edges (the pole of
inaccessibility), which lies inside even a crescent-shaped zone, unlike the centroid.

It works on shapes alone, so it needs nothing of the map model: ``BoardMap.label_points``
hands it the areas and keeps what comes back (and the parse cache stores it).
"""

from __future__ import annotations

from collections.abc import Mapping

from shapely.geometry.base import BaseGeometry
from shapely.ops import polylabel

TOLERANCE = 0.002
"""Of the map's longer side: finer moves a label by less than a pixel at any zoom."""


def label_points(areas: Mapping[str, BaseGeometry]) -> dict[str, tuple[float, float]]:
    """Place id → label point (board units) for each (multi)polygon of ``areas``; a
    multipolygon's label goes in its largest part."""
    if not areas:
        return {}
    bounds = [g.bounds for g in areas.values()]
    span = max(max(b[2] for b in bounds) - min(b[0] for b in bounds),
               max(b[3] for b in bounds) - min(b[1] for b in bounds))
    points = {}
    for place_id, geom in areas.items():
        biggest = max(getattr(geom, "geoms", [geom]), key=lambda g: g.area)
        point = polylabel(biggest, tolerance=span * TOLERANCE)
        points[place_id] = (float(point.x), float(point.y))
    return points
