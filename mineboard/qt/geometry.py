"""Shapely geometry to Qt paths. Board units are y-up (as in GIS); the scene is y-down.

A path is handed to Qt whole, in the form ``QDataStream`` reads a ``QPainterPath`` from
(element count; each element's type and x, y as big-endian doubles; the index of the last
subpath's start; the fill rule), built
by numpy in one pass. Appending the North Sea's 24,000 coastline points one ``QPointF`` at
a time was a twentieth of the program's start.
"""

from __future__ import annotations

import numpy as np
import shapely
from PySide6.QtCore import QByteArray, QDataStream, QPointF
from PySide6.QtGui import QPainterPath
from shapely.geometry.base import BaseGeometry

_MOVE_TO, _LINE_TO = 0, 1  # QPainterPath::ElementType
_ODD_EVEN = 0  # Qt::FillRule, also what a new QPainterPath has
_ELEMENT = np.dtype([("type", ">i4"), ("x", ">f8"), ("y", ">f8")])


def to_scene(x: float, y: float) -> QPointF:
    return QPointF(x, -y)


def polygon_path(geom: BaseGeometry) -> QPainterPath:
    """Every ring of a polygon or multipolygon (exteriors and holes), filled odd-even so
    holes stay open; other parts of a collection are left out."""
    parts = shapely.get_parts(geom)
    polygons = parts[shapely.get_type_id(parts) == shapely.GeometryType.POLYGON]
    return _path(shapely.get_rings(polygons), _ODD_EVEN)


def line_path(geom: BaseGeometry) -> QPainterPath:
    """Each line of a (multi)line as an open subpath."""
    return _path(shapely.get_parts(geom), _ODD_EVEN)


def _path(pieces: np.ndarray, fill_rule: int) -> QPainterPath:
    """One subpath per piece (a ring or a line): a move to its first point, lines on."""
    coords, index = shapely.get_coordinates(pieces, return_index=True)
    elements = np.empty(len(coords), dtype=_ELEMENT)
    elements["x"] = coords[:, 0]
    elements["y"] = -coords[:, 1]
    starts = np.ones(len(index), dtype=bool)
    starts[1:] = index[1:] != index[:-1]
    elements["type"] = np.where(starts, _MOVE_TO, _LINE_TO)
    last_move = int(np.flatnonzero(starts)[-1]) if len(starts) else 0
    data = (np.array([len(elements)], ">i4").tobytes() + elements.tobytes()
            + np.array([last_move, fill_rule], ">i4").tobytes())
    path = QPainterPath()
    stream = QDataStream(QByteArray(data))
    stream >> path
    if stream.status() != QDataStream.Status.Ok or not stream.atEnd():
        raise ValueError("a path's bytes do not match Qt's path format")  # a Qt of another
    return path
