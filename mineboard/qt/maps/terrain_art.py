"""How a hex map's terrain looks: each base terrain a colour, a fill pattern and a small
symbol; each hex feature a symbol (a road a line to the hexsides it crosses); each hexside
feature a line style — so that a player who cannot tell the colours apart still tells a
wood from a marsh, and a stream from a hedge, by their form.

The tactical land boards (geomorphic boards of villages and farmland) add their own: a
building is a solid block, joined to the blocks of the building hexes beside it (a large
building reads as one mass), and an inner building hex carries a hollow square in its
block; rubble is broken blocks scattered over dots, a crag a row of peaks over upright
hatching, a stream hex a channel with banks joined to the water beside it, a pond rings of
ripples; a paved road is a broad solid line with a dashed centre line and an unpaved road
a narrow dashed line; a runway a wide strip with a dashed centre line, joined to the
runway beside it; sewer access a manhole cover (a ring with bars), ice a snowflake.

Everything here is built as paths in board units (a hex's size is its centre-to-corner
distance), which :class:`~mineboard.qt.maps.hexes.HexGridItem` gathers per cell of the board
and draws a handful of calls per cell. A terrain or feature this table does not know is
still drawn, with a mark that says "something here" (a ring, a hollow square, a dashed
line), never left out.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QBrush, QColor, QPainterPath, QPen, QPolygonF


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
    "land": _style("#DCCDA6", None, "#8C7A55", "dot"),
    "shoal": _style("#BFD8C9", _P.HorPattern, "#7FA79A", "waves"),
    "open": _style("#F1ECD2", None, "#A89C70", None),
    "woods": _style("#A9CC9A", _P.BDiagPattern, "#55824C", "tree"),
    "village": _style("#E4CDB2", _P.CrossPattern, "#94704C", "house"),
    "marsh": _style("#C3DAD0", _P.HorPattern, "#5E8C80", "tuft"),
    "hill": _style("#E6D29C", _P.FDiagPattern, "#A0824A", "hill"),
    "building": _style("#DCD3C4", _P.DiagCrossPattern, "#BCAE9A", None),
    "rubble": _style("#D6CDBE", _P.Dense5Pattern, "#9A8E7E", "rubble"),
    "crag": _style("#CFCAC0", _P.VerPattern, "#8A847A", "crag"),
    "stream": _style("#BCD8EE", None, "#3C7DC4", "waves"),
    "pond": _style("#93BEE3", None, "#1F5FA0", "ripples"),
    # land is plain (a dot in each hex, and darker than the sea in grey): a strategic map is
    # mostly land, and a pattern over a screenful of it cost more than the rest of a frame.
    # Strategic naval maps: open sea plain; a coastal hex sand ruled with
    # level water lines (land with a water part); virtual water off the map's west edge
    # grey-blue with slanting lines (sea, but not the map's)
    "coast": _style("#E9E1C0", _P.HorPattern, "#6F9CC0", None),
    "virtual": _style("#BACBDF", _P.FDiagPattern, "#8CA6C2", None),
}
"""The base terrains the program knows by sight."""
UNKNOWN_TERRAIN = _style("#DDDDDD", _P.Dense6Pattern, "#777777", "ring")


def terrain_style(terrain: str) -> TerrainStyle:
    return TERRAIN_STYLES.get(terrain, UNKNOWN_TERRAIN)


LINKS = {"building": ("block", frozenset({"building"})),
         "stream": ("channel", frozenset({"stream", "pond"}))}
"""A base terrain drawn as joined to its neighbours of the given terrains, with its mark key:
a building's blocks reach across the sides it shares with other building hexes, so a large
building reads as one mass; a stream runs from hex to hex and into the pond."""
FEATURE_LINKS = {"runway": "runway"}
"""A hex feature drawn as a strip joined to the hexes beside it that carry it too."""


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
    # tactical land terrain: water under everything, then buildings, rubble, crags
    "channel": _mark("#2F6DB5", 0.34),
    "channel_water": _mark("#CFE3F4", 0.22),
    "ripples": _mark("#1F5FA0", 0.05),
    "block": _mark("#5B4636", 0, filled=True),
    "rubble": _mark("#5E5245", 0, filled=True),
    "crag": _mark("#4A4540", 0, filled=True),
    # hex features
    "interior": _mark("#F2EBDD", 0.07, cap=Qt.PenCapStyle.FlatCap),
    "runway": _mark("#B9BCC1", 0.8, cap=Qt.PenCapStyle.FlatCap),
    "runway_line": _mark("#45484D", 0.05, _L.DashLine, cap=Qt.PenCapStyle.FlatCap),
    "road": _mark("#7A5A36", 0.11, _L.DashLine, cap=Qt.PenCapStyle.FlatCap),
    "paved_road": _mark("#4E4E4E", 0.2),
    "paved_line": _mark("#F4F1E8", 0.035, _L.DashLine, cap=Qt.PenCapStyle.FlatCap),
    "building": _mark("#402A18", 0, filled=True),
    "bridge": _mark("#202020", 0.07, cap=Qt.PenCapStyle.FlatCap),
    "sewer_lid": _mark("#E8E8E8", 0, filled=True),
    "sewer": _mark("#202020", 0.04),
    "ice": _mark("#17356B", 0.045),
    "feature": _mark("#555555", 0.05),
    # hexside features
    "stream": _mark("#2F6DB5", 0.09),
    "river": _mark("#2F6DB5", 0.16),
    "wall": _mark("#4A4A4A", 0.14, cap=Qt.PenCapStyle.FlatCap),
    "hedge": _mark("#2F6B2A", 0.14, _L.DotLine),
    "cliff": _mark("#6B4A2A", 0.07),
    "land": _mark("#7A5A36", 0.13, cap=Qt.PenCapStyle.FlatCap),
    "hexside": _mark("#9A3A9A", 0.08, _L.DashLine, cap=Qt.PenCapStyle.FlatCap),
}
"""Every mark the grid draws, by key: the terrain symbols, the hex features, the hexside
features; the order is the drawing order (roads under buildings, streams over roads)."""
HEX_FEATURES = {"road", "paved_road", "building", "bridge", "interior", "runway", "sewer",
                "ice"}
SIDE_FEATURES = {"stream", "river", "wall", "hedge", "cliff", "land"}
"""Hexside features drawn along their side; ``land`` (the land between two coastal hexes,
which no ship crosses) a solid brown bar like a wall of earth."""
SHORE = ("land", frozenset({"sea", "coast", "virtual"}))
"""Where a hex of the first terrain meets one of the others, the grid draws the shore: a
dark line at every zoom, so the coastline reads on a strategic map seen whole."""
SIDE_ROAD = "road"
SIDE_ROADS = ("road", "paved_road")
"""A road crossing a hexside: drawn by the road through its two hexes, not along the side."""
ROAD_LINES = {"road": ("road",), "paved_road": ("paved_road", "paved_line")}
"""A road's marks, drawn one over the other: a paved road is a broad dark line with a light
dashed centre line; an unpaved one a narrow dashed line."""

Point = tuple[float, float]
Segment = tuple[Point, Point]
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


def _interior(path: QPainterPath, x: float, y: float, s: float) -> None:
    """An inner building hex: a hollow square in the middle of its block."""
    path.addRect(x - 0.2 * s, y - 0.2 * s, 0.4 * s, 0.4 * s)


def _rubble(path: QPainterPath, x: float, y: float, s: float) -> None:
    """Rubble: broken blocks scattered (fixed places, so every rubble hex looks alike)."""
    for dx, dy, w, h in ((-0.22, -0.12, 0.13, 0.09), (0.02, -0.2, 0.09, 0.11),
                         (0.17, -0.06, 0.12, 0.08), (-0.08, 0.04, 0.1, 0.1),
                         (0.1, 0.1, 0.08, 0.07), (-0.26, 0.1, 0.07, 0.08)):
        path.moveTo(x + dx * s, y + dy * s)
        path.lineTo(x + (dx + w) * s, y + (dy + 0.02) * s)
        path.lineTo(x + (dx + w - 0.02) * s, y + (dy + h) * s)
        path.lineTo(x + (dx - 0.01) * s, y + (dy + h - 0.02) * s)
        path.closeSubpath()


def _crag(path: QPainterPath, x: float, y: float, s: float) -> None:
    """A crag: a row of sharp rock peaks standing on one base."""
    base = y + 0.12 * s
    path.moveTo(x - 0.3 * s, base)
    for px, top in ((-0.19, -0.12), (-0.08, 0.0), (0.04, -0.22), (0.15, -0.02), (0.24, -0.1)):
        path.lineTo(x + px * s, y + top * s)
        path.lineTo(x + (px + 0.05) * s, base - 0.06 * s)
    path.lineTo(x + 0.3 * s, base)
    path.closeSubpath()


def _ripples(path: QPainterPath, x: float, y: float, s: float) -> None:
    """Still water: three rings of ripples, one inside the other."""
    for r in (0.06, 0.14, 0.22):
        path.addEllipse(QPointF(x, y - 0.05 * s), r * s * 1.4, r * s * 0.6)


def _sewer_lid(path: QPainterPath, x: float, y: float, s: float) -> None:
    path.addEllipse(QPointF(x, y), 0.16 * s, 0.16 * s)


def _sewer(path: QPainterPath, x: float, y: float, s: float) -> None:
    """Sewer access: a manhole cover, a ring with three bars across."""
    path.addEllipse(QPointF(x, y), 0.16 * s, 0.16 * s)
    for dy, half in ((-0.07, 0.12), (0.0, 0.15), (0.07, 0.12)):
        path.moveTo(x - half * s, y + dy * s)
        path.lineTo(x + half * s, y + dy * s)


def _ice(path: QPainterPath, x: float, y: float, s: float) -> None:
    """Ice: a snowflake, three strokes crossing with a tick at each end."""
    r = 0.17 * s
    for k in range(3):
        a = math.pi / 2 + k * math.pi / 3
        dx, dy = math.cos(a) * r, math.sin(a) * r
        path.moveTo(x - dx, y - dy)
        path.lineTo(x + dx, y + dy)
        for end in (1, -1):
            ex, ey = x + end * dx * 0.7, y + end * dy * 0.7
            for turn in (0.6, -0.6):
                b = a + turn + (math.pi if end < 0 else 0)
                path.moveTo(ex, ey)
                path.lineTo(ex + math.cos(b) * 0.3 * r, ey + math.sin(b) * 0.3 * r)


SYMBOLS: dict[str, Builder] = {"tree": _tree, "house": _house, "tuft": _tuft, "hill": _hill,
                               "waves": _waves, "dot": _dot, "ring": _ring,
                               "building": _building, "feature": _feature,
                               "interior": _interior, "rubble": _rubble, "crag": _crag,
                               "ripples": _ripples, "sewer_lid": _sewer_lid, "sewer": _sewer,
                               "ice": _ice}
FEATURE_SYMBOLS = {"sewer": ("sewer_lid", "sewer")}
"""A feature drawn as more than one mark, in order (a light cover under the dark ring)."""
TERRAIN_AT = (0.0, 0.5)
"""Where a hex's terrain symbol sits, from its centre in hex sizes: low in the hex, under
the hex number at its top and clear of the counters at its centre."""
FEATURE_AT = ((-0.48, 0.3), (0.48, 0.3), (-0.48, -0.3), (0.48, -0.3))
"""Where a hex's feature symbols sit, in order (roads and bridges go through the centre)."""


def terrain_symbol(path: QPainterPath, key: str, centre: Point, size: float) -> None:
    """Add terrain symbol ``key`` of a hex centred at ``centre`` to ``path``."""
    SYMBOLS[key](path, centre[0] + TERRAIN_AT[0] * size, centre[1] + TERRAIN_AT[1] * size,
                 size)


BLOCK = 0.6
"""A building's block: its hex shrunk to this part of its size, so the hex's colour and
pattern show round it."""
BLOCK_DROP = 0.12
"""The block sits this part of the hex's size below the centre, clear of the hex number at
the hex's top (the blocks of a building all drop alike, so they still meet)."""
NECK = 0.16
"""A join between blocks one above the other is this narrow (a part of the side): it runs
under the hex number."""


def joined_marks(marks: dict[str, QPainterPath], key: str, centre: Point,
                 sides: list[Segment], size: float, corners: list[Point]) -> None:
    """A hex of a joined terrain (:data:`LINKS`), drawn as mark ``key`` and joined across
    ``sides``, the hexsides it shares with its like (``corners``: the hex's corners from
    its centre): a building a solid block with a bar
    as wide as the block's edge across each such side; a stream a channel through the
    middles of those sides."""
    path = marks.setdefault(key, QPainterPath())
    if key != "block":  # a channel: its banks, then its water over them
        for layer in (key, key + "_water"):
            link_marks(marks.setdefault(layer, QPainterPath()), centre,
                       [_middle(a, b) for a, b in sides], size, smooth=True)
        return
    path.setFillRule(Qt.FillRule.WindingFill)
    x, y = centre[0], centre[1] + BLOCK_DROP * size
    sides = [((ax, ay + BLOCK_DROP * size), (bx, by + BLOCK_DROP * size))
             for (ax, ay), (bx, by) in sides]
    block = [QPointF(x + dx * BLOCK, y + dy * BLOCK) for dx, dy in corners]
    path.addPolygon(QPolygonF([*block, block[0]]))
    for (ax, ay), (bx, by) in sides:
        mx, my = (ax + bx) / 2, (ay + by) / 2
        # A join straight up or down runs under a hex number: a narrow neck there.
        k = NECK if abs(mx - x) < 0.3 * size else BLOCK
        ix, iy = x + (mx - x) * BLOCK, y + (my - y) * BLOCK  # the block's edge's middle
        inner_a = QPointF(ix + (ax - mx) * k, iy + (ay - my) * k)
        inner_b = QPointF(ix + (bx - mx) * k, iy + (by - my) * k)
        outer_a = QPointF(mx + (ax - mx) * k, my + (ay - my) * k)
        outer_b = QPointF(mx + (bx - mx) * k, my + (by - my) * k)
        path.addPolygon(QPolygonF([inner_a, inner_b, outer_b, outer_a, inner_a]))


def _middle(a: Point, b: Point) -> Point:
    return (a[0] + b[0]) / 2, (a[1] + b[1]) / 2


def link_marks(path: QPainterPath, centre: Point, exits: list[Point], size: float,
               smooth: bool = False) -> None:
    """A hex joined to its like: a line from its centre to the middle of each side it
    shares with one (a stub through the centre where it has none, a strip right through
    where it has one; ``smooth``: a curve where it runs in by one side and out by
    another), drawn in its link mark's pen."""
    x, y = centre
    if len(exits) == 2:  # in by one side, out by another: one stroke, not two
        path.moveTo(*exits[0])
        if smooth:
            path.quadTo(x, y, *exits[1])
        else:
            path.lineTo(x, y)
            path.lineTo(*exits[1])
        return
    if not exits:
        path.moveTo(x - 0.3 * size, y)
        path.lineTo(x + 0.3 * size, y)
        return
    if len(exits) == 1:  # the end of a strip: as far beyond the centre as towards its side
        ex, ey = exits[0]
        path.moveTo(x - (ex - x) * 0.6, y - (ey - y) * 0.6)
        path.lineTo(ex, ey)
        return
    for ex, ey in exits:
        path.moveTo(x, y)
        path.lineTo(ex, ey)


def feature_marks(marks: dict[str, QPainterPath], features: tuple[str, ...], centre: Point,
                  exits: Mapping[str, list[Point]], size: float) -> None:
    """Add a hex's features to ``marks`` by mark key: a road runs from the centre to the
    middle of each hexside it crosses (``exits`` by kind of road; a stub where it crosses
    none), a runway likewise to the runway beside it, a bridge is two rails across the
    centre, other features a symbol in a corner."""
    x, y = centre
    corner = 0
    for name in features:
        if name in ROAD_LINES:
            for key in ROAD_LINES[name]:
                link_marks(marks.setdefault(key, QPainterPath()), centre, exits.get(name, []),
                           size)
        elif name in FEATURE_LINKS:
            key = FEATURE_LINKS[name]
            link_marks(marks.setdefault(key, QPainterPath()), centre, exits.get(name, []), size)
            link_marks(marks.setdefault(key + "_line", QPainterPath()), centre,
                       exits.get(name, []), size)
        elif name == "bridge":  # two rails beside the road, or level where none runs
            road = [p for kind in SIDE_ROADS for p in exits.get(kind, [])]
            ex, ey = road[0] if road else (x + size, y)
            length = math.dist((x, y), (ex, ey))
            ux, uy = (ex - x) / length * 0.35 * size, (ey - y) / length * 0.35 * size
            path = marks.setdefault("bridge", QPainterPath())
            for side in (-0.6, 0.6):
                nx, ny = -uy * side, ux * side
                path.moveTo(x - ux + nx, y - uy + ny)
                path.lineTo(x + ux + nx, y + uy + ny)
        elif name == "interior":  # in the middle of the building's block
            _interior(marks.setdefault("interior", QPainterPath()), x,
                      y + BLOCK_DROP * size, size)
        else:
            keys = FEATURE_SYMBOLS.get(name, (name if name in SYMBOLS else "feature",))
            dx, dy = FEATURE_AT[corner % len(FEATURE_AT)]
            corner += 1
            for key in keys:
                SYMBOLS[key](marks.setdefault(key, QPainterPath()), x + dx * size,
                             y + dy * size, size)


def side_marks(marks: dict[str, QPainterPath], features: tuple[str, ...], a: Point, b: Point,
               size: float) -> None:
    """Add a hexside's features (running from corner ``a`` to corner ``b``) to ``marks``:
    a stream as a wave, a cliff with teeth on it, other known ones as straight lines in
    their style, unknown ones dashed. A road crossing is drawn by the road."""
    for name in features:
        if name in SIDE_ROADS:
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
