"""Shapely geometry to Qt paths. Board units are y-up (as in GIS); the scene is y-down."""

from __future__ import annotations

import shapely
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QPainterPath, QPolygonF
from shapely.geometry.base import BaseGeometry


def to_scene(x: float, y: float) -> QPointF:
    return QPointF(x, -y)


def _ring(ring: BaseGeometry) -> QPolygonF:
    """One ring as a Qt polygon; its coordinates come out as one numpy array (iterating
    shapely's coordinate sequences point by point was a tenth of the program's start)."""
    xy = shapely.get_coordinates(ring).tolist()
    return QPolygonF([QPointF(x, -y) for x, y in xy])


def polygon_path(geom: BaseGeometry) -> QPainterPath:
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.OddEvenFill)
    for poly in shapely.get_parts(geom):
        if poly.geom_type != "Polygon":
            continue
        path.addPolygon(_ring(poly.exterior))
        path.closeSubpath()
        for hole in poly.interiors:
            path.addPolygon(_ring(hole))
            path.closeSubpath()
    return path


def line_path(geom: BaseGeometry) -> QPainterPath:
    path = QPainterPath()
    for part in shapely.get_parts(geom):
        coords = shapely.get_coordinates(part).tolist()
        if not coords:
            continue
        path.moveTo(to_scene(*coords[0]))
        for x, y in coords[1:]:
            path.lineTo(QPointF(x, -y))
    return path
