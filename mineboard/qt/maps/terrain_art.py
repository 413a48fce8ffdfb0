"""How a hex map's terrain looks: each base terrain a colour, a fill pattern and a small
symbol; each hex feature a symbol (a road a line to the hexsides it crosses); each hexside
feature a line style — so that a player who cannot tell the colours apart still tells a
wood from a marsh, and a stream from a hedge, by their form.

Everything here is built as paths in board units (a hex's size is its centre-to-corner
distance), which :class:`~mineboard.qt.maps.hexes.HexGridItem` gathers per cell of the board
and draws a handful of calls per cell. A terrain or feature this table does not know is
still drawn, with a mark that says "something here" (a ring, a hollow square, a dashed
line), never left out.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QBrush, QColor, QPainterPath, QPen


@dataclass(frozen=True)
class TerrainStyle:
    """A base terrain: its colour, a pattern drawn over it in ``ink`` (None: plain), and
    the symbol (a key of :data:`MARKS`) drawn in the lower part of each of its hexes."""

    fill: QColor
    pattern: Qt.BrushStyle | None
    ink: QColor
    symbol: str | None


def _style(fill: str, pattern: Qt.BrushStyle | None, ink: str, symbol: str | None
           ) -> TerrainStyle:
    return TerrainStyle(QColor(fill), pattern, QColor(ink), symbol)


_P = Qt.BrushStyle
TERRAIN_STYLES = {
    "sea": _style("#CFE3F1", None, "#7FA7C6", None),
    "water": _style("#CFE3F1", None, "#7FA7C6", None),
    "land": _style("#EADFC2", _P.Dense7Pattern, "#8C7A55", "dot"),
    "shoal": _style("#BFD8C9", _P.HorPattern, "#7FA79A", "waves"),
    "open": _style("#F1ECD2", None, "#A89C70", None),
    "woods": _style("#A9CC9A", _P.BDiagPattern, "#55824C", "tree"),
    "village": _style("#E4CDB2", _P.CrossPattern, "#94704C", "house"),
    "marsh": _style("#C3DAD0", _P.HorPattern, "#5E8C80", "tuft"),
    "hill": _style("#E6D29C", _P.FDiagPattern, "#A0824A", "hill"),
}
"""The base terrains the program knows by sight."""
UNKNOWN_TERRAIN = _style("#DDDDDD", _P.Dense6Pattern, "#777777", "ring")


def terrain_style(terrain: str) -> TerrainStyle:
    return TERRAIN_STYLES.get(terrain, UNKNOWN_TERRAIN)


@dataclass(frozen=True)
class Mark:
    """How a kind of mark is drawn: a pen (width as a part of the hex's size; 0: none),
    its line style, and whether the mark is filled with its colour."""

    colour: QColor
    width: float
    line: Qt.PenStyle = Qt.PenStyle.SolidLine
    filled: bool = False
    cap: Qt.PenCapStyle = Qt.PenCapStyle.RoundCap

    def pen(self, size: float) -> QPen:
        if self.width == 0:
            return QPen(Qt.PenStyle.NoPen)
        pen = QPen(self.colour, self.width * size, self.line, self.cap,
                   Qt.PenJoinStyle.RoundJoin)
        return pen

    def brush(self) -> QBrush:
        return QBrush(self.colour) if self.filled else QBrush(Qt.BrushStyle.NoBrush)


def _mark(colour: str, width: float, line: Qt.PenStyle = Qt.PenStyle.SolidLine,
          filled: bool = False, cap: Qt.PenCapStyle = Qt.PenCapStyle.RoundCap) -> Mark:
    return Mark(QColor(colour), width, line, filled, cap)


_L = Qt.PenStyle
MARKS = {
    # terrain symbols
    "dot": _mark("#8C7A55", 0, filled=True),
    "waves": _mark("#5F8F80", 0.05),
    "tree": _mark("#3F6B38", 0, filled=True),
    "house": _mark("#6E4E30", 0, filled=True),
    "tuft": _mark("#3F6F64", 0.05),
    "hill": _mark("#7D6235", 0.07),
    "ring": _mark("#555555", 0.05),
    # hex features
    "road": _mark("#6B5B4A", 0.13),
    "building": _mark("#402A18", 0, filled=True),
    "bridge": _mark("#202020", 0.06, cap=Qt.PenCapStyle.FlatCap),
    "feature": _mark("#555555", 0.05),
    # hexside features
    "stream": _mark("#2F6DB5", 0.09),
    "river": _mark("#2F6DB5", 0.16),
    "wall": _mark("#4A4A4A", 0.14, cap=Qt.PenCapStyle.FlatCap),
    "hedge": _mark("#2F6B2A", 0.14, _L.DotLine),
    "cliff": _mark("#6B4A2A", 0.07),
    "hexside": _mark("#9A3A9A", 0.08, _L.DashLine, cap=Qt.PenCapStyle.FlatCap),
}
"""Every mark the grid draws, by key: the terrain symbols, the hex features, the hexside
features; the order is the drawing order (roads under buildings, streams over roads)."""
HEX_FEATURES = {"road", "building", "bridge"}
SIDE_FEATURES = {"stream", "river", "wall", "hedge", "cliff"}
SIDE_ROAD = "road"
"""A road crossing a hexside: drawn by the road through its two hexes, not along the side."""

Point = tuple[float, float]
Builder = Callable[[QPainterPath, float, float, float], None]


def _tree(path: QPainterPath, x: float, y: float, s: float) -> None:
    path.moveTo(x, y - 0.2 * s)
    path.lineTo(x + 0.14 * s, y + 0.06 * s)
    path.lineTo(x + 0.03 * s, y + 0.06 * s)
    path.lineTo(x + 0.03 * s, y + 0.14 * s)
    path.lineTo(x - 0.03 * s, y + 0.14 * s)
    path.lineTo(x - 0.03 * s, y + 0.06 * s)
    path.lineTo(x - 0.14 * s, y + 0.06 * s)
    path.closeSubpath()


def _house(path: QPainterPath, x: float, y: float, s: float) -> None:
    path.moveTo(x - 0.13 * s, y - 0.02 * s)
    path.lineTo(x, y - 0.15 * s)
    path.lineTo(x + 0.13 * s, y - 0.02 * s)
    path.lineTo(x + 0.09 * s, y - 0.02 * s)
    path.lineTo(x + 0.09 * s, y + 0.13 * s)
    path.lineTo(x - 0.09 * s, y + 0.13 * s)
    path.lineTo(x - 0.09 * s, y - 0.02 * s)
    path.closeSubpath()


def _tuft(path: QPainterPath, x: float, y: float, s: float) -> None:
    for dx, dy in ((-0.11, -0.06), (0.0, -0.13), (0.11, -0.06)):
        path.moveTo(x, y + 0.1 * s)
        path.lineTo(x + dx * s, y + dy * s)
    path.moveTo(x - 0.16 * s, y + 0.1 * s)
    path.lineTo(x + 0.16 * s, y + 0.1 * s)


def _hill(path: QPainterPath, x: float, y: float, s: float) -> None:
    path.moveTo(x - 0.17 * s, y + 0.08 * s)
    path.quadTo(x, y - 0.22 * s, x + 0.17 * s, y + 0.08 * s)


def _waves(path: QPainterPath, x: float, y: float, s: float) -> None:
    for dy in (-0.05, 0.06):
        path.moveTo(x - 0.16 * s, y + dy * s)
        path.cubicTo(x - 0.08 * s, y + (dy - 0.08) * s, x - 0.0 * s, y + (dy + 0.08) * s,
                     x + 0.08 * s, y + dy * s)
        path.quadTo(x + 0.12 * s, y + (dy - 0.04) * s, x + 0.16 * s, y + dy * s)


def _dot(path: QPainterPath, x: float, y: float, s: float) -> None:
    path.addEllipse(QPointF(x, y), 0.06 * s, 0.06 * s)


def _ring(path: QPainterPath, x: float, y: float, s: float) -> None:
    path.addEllipse(QPointF(x, y), 0.09 * s, 0.09 * s)


def _building(path: QPainterPath, x: float, y: float, s: float) -> None:
    path.addRect(x - 0.08 * s, y - 0.08 * s, 0.16 * s, 0.16 * s)


def _feature(path: QPainterPath, x: float, y: float, s: float) -> None:
    path.addRect(x - 0.07 * s, y - 0.07 * s, 0.14 * s, 0.14 * s)


SYMBOLS: dict[str, Builder] = {"tree": _tree, "house": _house, "tuft": _tuft, "hill": _hill,
                               "waves": _waves, "dot": _dot, "ring": _ring,
                               "building": _building, "feature": _feature}
TERRAIN_AT = (0.0, 0.5)
"""Where a hex's terrain symbol sits, from its centre in hex sizes: low in the hex, under
the hex number at its top and clear of the counters at its centre."""
FEATURE_AT = ((-0.48, 0.3), (0.48, 0.3), (-0.48, -0.3), (0.48, -0.3))
"""Where a hex's feature symbols sit, in order (roads and bridges go through the centre)."""


def terrain_symbol(path: QPainterPath, key: str, centre: Point, size: float) -> None:
    """Add terrain symbol ``key`` of a hex centred at ``centre`` to ``path``."""
    SYMBOLS[key](path, centre[0] + TERRAIN_AT[0] * size, centre[1] + TERRAIN_AT[1] * size,
                 size)


def feature_marks(marks: dict[str, QPainterPath], features: tuple[str, ...], centre: Point,
                  exits: list[Point], size: float) -> None:
    """Add a hex's features to ``marks`` by mark key: a road runs from the centre to the
    middle of each hexside it crosses (``exits``; a stub where it crosses none), a bridge
    is two rails across the centre, other features a symbol in a corner."""
    x, y = centre
    corner = 0
    for name in features:
        if name == "road":
            path = marks.setdefault("road", QPainterPath())
            for ex, ey in exits or [(x + 0.3 * size, y)]:
                path.moveTo(x, y)
                path.lineTo(ex, ey)
            if not exits:
                path.moveTo(x - 0.3 * size, y)
                path.lineTo(x, y)
        elif name == "bridge":  # two rails beside the road, or level where none runs
            ex, ey = exits[0] if exits else (x + size, y)
            length = math.dist((x, y), (ex, ey))
            ux, uy = (ex - x) / length * 0.25 * size, (ey - y) / length * 0.25 * size
            path = marks.setdefault("bridge", QPainterPath())
            for side in (-0.55, 0.55):
                nx, ny = -uy * side, ux * side
                path.moveTo(x - ux + nx, y - uy + ny)
                path.lineTo(x + ux + nx, y + uy + ny)
        else:
            key = name if name in SYMBOLS else "feature"
            dx, dy = FEATURE_AT[corner % len(FEATURE_AT)]
            corner += 1
            SYMBOLS[key](marks.setdefault(key, QPainterPath()), x + dx * size, y + dy * size,
                         size)


def side_marks(marks: dict[str, QPainterPath], features: tuple[str, ...], a: Point, b: Point,
               size: float) -> None:
    """Add a hexside's features (running from corner ``a`` to corner ``b``) to ``marks``:
    a stream as a wave, a cliff with teeth on it, other known ones as straight lines in
    their style, unknown ones dashed. A road crossing is drawn by the road."""
    for name in features:
        if name == SIDE_ROAD:
            continue
        key = name if name in SIDE_FEATURES else "hexside"
        path = marks.setdefault(key, QPainterPath())
        if key in ("stream", "river"):
            _wave(path, a, b, 0.07 * size)
        elif key == "cliff":
            _teeth(path, a, b, 0.12 * size)
        else:
            path.moveTo(*a)
            path.lineTo(*b)


def _wave(path: QPainterPath, a: Point, b: Point, height: float) -> None:
    """Two periods of a wave from ``a`` to ``b``."""
    (ax, ay), (bx, by) = a, b
    length = math.dist(a, b)
    nx, ny = -(by - ay) / length * height, (bx - ax) / length * height
    path.moveTo(ax, ay)
    for i in range(4):
        t0, t1 = i / 4, (i + 1) / 4
        sign = 1 if i % 2 == 0 else -1
        mx, my = ax + (bx - ax) * (t0 + t1) / 2, ay + (by - ay) * (t0 + t1) / 2
        path.quadTo(mx + sign * nx * 2, my + sign * ny * 2,
                    ax + (bx - ax) * t1, ay + (by - ay) * t1)


def _teeth(path: QPainterPath, a: Point, b: Point, depth: float) -> None:
    """A line from ``a`` to ``b`` with three ticks on one side."""
    (ax, ay), (bx, by) = a, b
    length = math.dist(a, b)
    nx, ny = -(by - ay) / length * depth, (bx - ax) / length * depth
    path.moveTo(ax, ay)
    path.lineTo(bx, by)
    for t in (0.25, 0.5, 0.75):
        px, py = ax + (bx - ax) * t, ay + (by - ay) * t
        path.moveTo(px, py)
        path.lineTo(px + nx, py + ny)
