"""Shapely shapes to Qt paths, handed to Qt whole through its own path format (issue 11:
appending the North Sea's points one by one was a twentieth of the start)."""

from __future__ import annotations

import shapely
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QPainterPath

from mineboard.qt.geometry import line_path, polygon_path


def _elements(path: QPainterPath) -> list[tuple[int, float, float]]:
    out = []
    for i in range(path.elementCount()):
        e = path.elementAt(i)
        out.append((int(e.type.value), e.x, e.y))
    return out


def test_a_multipolygon_with_a_hole_becomes_one_subpath_per_ring_flipped_to_y_down(qapp):
    square = [(0, 0), (4, 0), (4, 4), (0, 4), (0, 0)]
    hole = [(1, 1), (1, 2), (2, 2), (2, 1), (1, 1)]
    island = [(10, 10), (11, 10), (11, 12), (10, 10)]
    shape = shapely.MultiPolygon([shapely.Polygon(square, [hole]), shapely.Polygon(island)])
    path = polygon_path(shape)
    move, line = 0, 1
    assert _elements(path) == [
        (move if i == 0 else line, float(x), float(-y)) for ring in (square, hole, island)
        for i, (x, y) in enumerate(ring)]
    assert path.fillRule() == Qt.FillRule.OddEvenFill  # the hole stays open
    assert not path.contains(QPointF(1.5, -1.5))  # in the hole
    assert path.contains(QPointF(3, -3))
    assert path.contains(QPointF(10.5, -10.8))


def test_a_multiline_becomes_open_subpaths(qapp):
    shape = shapely.MultiLineString([[(0, 0), (1, 1), (2, 0)], [(5, 5), (6, 5)]])
    assert _elements(line_path(shape)) == [(0, 0.0, 0.0), (1, 1.0, -1.0), (1, 2.0, 0.0),
                                           (0, 5.0, -5.0), (1, 6.0, -5.0)]
    assert _elements(line_path(shapely.LineString([(3, 4), (5, 6)]))) == [
        (0, 3.0, -4.0), (1, 5.0, -6.0)]


def test_a_path_knows_where_its_last_subpath_began(qapp):
    """A review: the bytes lacked the index of the last subpath's start, so Qt read past
    their end and a closeSubpath() after went back to the first ring."""
    island = [(10, 10), (11, 10), (11, 12), (10, 10)]
    path = polygon_path(shapely.MultiPolygon([shapely.box(0, 0, 4, 4),
                                               shapely.Polygon(island)]))
    path.lineTo(20, -20)
    path.closeSubpath()
    last = path.elementAt(path.elementCount() - 1)
    assert (last.x, last.y) == (10.0, -10.0)  # back to the island's start, not the box's
