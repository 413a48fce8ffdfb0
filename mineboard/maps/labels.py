"""Where an area's label goes: the point inside it farthest from its edges (the pole of
inaccessibility), which lies inside even a crescent-shaped zone, unlike the centroid."""

from __future__ import annotations

from shapely.ops import polylabel

from mineboard.maps.model import BoardMap, drawn_as_area

TOLERANCE = 0.002
"""Of the map's longer side: finer moves a label by less than a pixel at any zoom."""


def label_points(board: BoardMap) -> dict[str, tuple[float, float]]:
    """Place id → label point (board units) for every place drawn as an area; a
    multipolygon's label goes in its largest part."""
    areas = {p.id: p.geometry for p in board.places.values()
             if p.geometry is not None and drawn_as_area(p)}
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
