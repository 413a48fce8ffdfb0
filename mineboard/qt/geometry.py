"""Shapely geometry to Qt paths. Board units are y-up (as in GIS); the scene is y-down."""

from __future__ import annotations

import shapely
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QPainterPath, QPolygonF
from shapely.geometry.base import BaseGeometry


def to_scene(x: float, y: float) -> QPointF:
    return QPointF(x, -y)


def _ring(coords: object) -> QPolygonF:
    return QPolygonF([QPointF(x, -y) for x, y, *_ in coords])  # type: ignore[attr-defined]


def polygon_path(geom: BaseGeometry) -> QPainterPath:
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.OddEvenFill)
    for poly in shapely.get_parts(geom):
        if poly.geom_type != "Polygon":
            continue
        path.addPolygon(_ring(poly.exterior.coords))
        path.closeSubpath()
        for hole in poly.interiors:
            path.addPolygon(_ring(hole.coords))
            path.closeSubpath()
    return path


def line_path(geom: BaseGeometry) -> QPainterPath:
    path = QPainterPath()
    for part in shapely.get_parts(geom):
        coords = list(part.coords)
        if not coords:
            continue
        path.moveTo(to_scene(*coords[0][:2]))
        for x, y, *_ in coords[1:]:
            path.lineTo(QPointF(x, -y))
    return path
