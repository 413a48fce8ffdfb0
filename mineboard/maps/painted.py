"""Terrain a designer paints in a GIS (kind ``terrain``: a wood, a village, a road, a
stream), turned into what the rules read: per-hex terrain and features, per-hexside
features.

The rules, one per property of the painted feature (docs/maps.md states them for
designers):

- ``terrain`` (a polygon): a hex more than half of whose area lies inside becomes that
  terrain (woods, village, marsh).
- ``feature`` as a polygon: a hex more than half inside gets the feature (building).
- ``feature`` as a line (road, trail, railway): a hex whose centre lies within
  :data:`PATH_REACH` of the hex's size from the line gets the feature, and so does each
  hexside between two such hexes that the line crosses (the road crosses that hexside).
- ``hexside`` (a line: stream, wall, hedge): a hexside gets the feature when the line
  crosses the segment between its two hexes' centres, that is, when a unit moving between
  them would cross the line. A line traced along hexsides crosses exactly those.

Shapes are tested all at once with shapely's vectorised functions, on the hexes and
hexsides of the board built once per map that has painted features.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from mineboard.maps.hexgrid import ORIGIN, Hex, HexGrid, Hexside
from mineboard.maps.model import Place

PATH_REACH = 0.3
"""How near a hex's centre a painted road must pass, as a part of the hex's size (centre
to corner): a line drawn by hand through the centres passes well within it, one that
clips a hex's corner does not."""
MOST = 0.5
"""A hex is a polygon's when more than this part of its area lies inside it."""
AREAS = ("Polygon", "MultiPolygon")
LINES = ("LineString", "MultiLineString")
PAINTS = {"terrain": AREAS, "feature": AREAS + LINES, "hexside": LINES}
"""What a painted feature may set, and the shapes it may be painted as."""


@dataclass
class Painted:
    """What the painted features set: a hex's terrain (the last painted wins), a hex's
    and a hexside's features (in the order painted, once each)."""

    terrain: dict[Hex, str] = field(default_factory=dict)
    features: dict[Hex, list[str]] = field(default_factory=dict)
    sides: dict[Hexside, list[str]] = field(default_factory=dict)


class BoardShapes:
    """The board's hexes as polygons and centre points, and its hexsides as the segments
    between centres and as their edges, built once for all painted features."""

    def __init__(self, grid: HexGrid) -> None:
        self.grid = grid
        layout = grid.layout
        self.hexes = list(grid.hexes())
        centres = np.array([layout.to_pixel(h) for h in self.hexes], dtype=float)
        corners = np.array(layout.corner_offsets(), dtype=float)
        rings = centres[:, None, :] + corners[None, :, :]
        self.polygons = shapely.polygons(rings)
        self.tree = shapely.STRtree(self.polygons)
        self.points = shapely.points(centres)
        self.area = float(shapely.area(self.polygons[0]))
        self.sides = list(grid.hexsides())
        # A canonical hexside (its hex, direction 0–2) lies at the same offsets from its
        # hex's centre on every hex: found once per direction, not once per hexside.
        home = layout.to_pixel(ORIGIN)
        steps = np.array([np.subtract(layout.to_pixel(ORIGIN.neighbour(d)), home)
                          for d in range(3)])
        corners_at = np.array([np.subtract(layout.hexside_segment(Hexside(ORIGIN, d)), home)
                               for d in range(3)])
        starts = np.array([layout.to_pixel(s.hex) for s in self.sides], dtype=float)
        directions = np.array([s.direction for s in self.sides], dtype=int)
        if self.sides:
            self.crossings = shapely.linestrings(
                np.stack([starts, starts + steps[directions]], axis=1))
            self.edges = shapely.linestrings(starts[:, None, :] + corners_at[directions])
        else:
            self.crossings = self.edges = np.array([])

    def inside(self, shape: BaseGeometry) -> list[Hex]:
        """Hexes more than half inside ``shape`` (only those it meets are measured)."""
        near = np.sort(self.tree.query(shape, predicate="intersects"))
        areas = shapely.area(shapely.intersection(self.polygons[near], shape))
        return [self.hexes[i] for i in near[areas > MOST * self.area]]

    def along(self, line: BaseGeometry) -> list[Hex]:
        """Hexes whose centre lies within :data:`PATH_REACH` of their size from ``line``."""
        near = shapely.dwithin(self.points, line, PATH_REACH * self.grid.layout.size)
        return [self.hexes[i] for i in np.flatnonzero(near)]

    def crossed(self, line: BaseGeometry) -> list[Hexside]:
        """Hexsides whose centre-to-centre segment ``line`` crosses."""
        return self._meeting(self.crossings, line)

    def passed(self, line: BaseGeometry) -> list[Hexside]:
        """Hexsides whose edge ``line`` crosses."""
        return self._meeting(self.edges, line)

    def _meeting(self, segments: np.ndarray, line: BaseGeometry) -> list[Hexside]:
        if not self.sides:
            return []
        return [self.sides[i] for i in np.flatnonzero(shapely.intersects(segments, line))]


def paint(shapes: BoardShapes, f: Place, into: Painted, problems: list[str]) -> None:
    """Add what painted feature ``f`` sets to ``into``; a problem is one line naming it."""
    where = f"feature {f.id}"
    given = [key for key in PAINTS if key in f.props]
    if len(given) != 1 or not isinstance(f.props[given[0]], str) or not f.props[given[0]]:
        problems.append(f"{where}: a terrain feature paints one of \"terrain\" (a polygon), "
                        "\"feature\" (a polygon or a line) or \"hexside\" (a line), as a "
                        "name")
        return
    key = given[0]
    name: str = f.props[key]
    geom = f.geometry
    assert geom is not None  # shapes.checked_shape requires one for kind terrain
    if geom.geom_type not in PAINTS[key]:
        shapes_ok = " or ".join(PAINTS[key])
        problems.append(f"{where}: {key} {name!r} is painted as a {shapes_ok}, not a "
                        f"{geom.geom_type}")
        return
    if key == "hexside":
        sides = shapes.crossed(geom)
        if not sides:
            problems.append(f"{where}: hexside {name!r} crosses no hexside of the board "
                            "(draw it along the hexsides it marks)")
        for side in sides:
            _add(into.sides.setdefault(side, []), name)
        return
    if geom.geom_type in AREAS:
        hexes = shapes.inside(geom)
        if not hexes:
            problems.append(f"{where}: {key} {name!r} covers no hex of the board by more "
                            "than half")
    else:
        hexes = shapes.along(geom)
        if not hexes:
            problems.append(f"{where}: feature {name!r} passes through no hex centre of the "
                            "board (draw it from centre to centre)")
        marked = set(hexes)
        for side in shapes.passed(geom):
            a, b = side.hexes
            if a in marked and b in marked:
                _add(into.sides.setdefault(side, []), name)
    for h in hexes:
        if key == "terrain":
            into.terrain[h] = name
        else:
            _add(into.features.setdefault(h, []), name)


def _add(names: list[str], name: str) -> None:
    if name not in names:
        names.append(name)
