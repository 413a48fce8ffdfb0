"""Hex maps: one item draws the whole grid; named hexside sets (a shaded ring, a strait)
are bands with their names; highlighted hexes show where a click would be legal.

Each terrain is a colour, a pattern and a symbol, each feature a symbol and each hexside
feature a line style (maps.terrain_art), so no one needs to tell colours apart; where
boards join, their seam is a darker line.

Ten thousand hexes as ten thousand Python items would make every repaint call back into
Python ten thousand times. Instead (the chips example's lesson, taken further) the grid is
one :class:`~mineboard.qt.maps.layer.MapLayer` holding, per cell of the board, one
prebuilt path per terrain and one of the hexsides (each drawn once); it draws only the cells
a repaint exposes, drops the outlines when hexes get too small to see, and writes hex
numbers, small at the top of each hex as on a printed tactical map, only when they can be
read: one run of glyphs per cell and font size.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable
from functools import cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QGlyphRun,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
    QRawFont,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsSimpleTextItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from mineboard.core.places import PlaceRef
from mineboard.maps.hexgrid import Hex, HexGrid, Hexside
from mineboard.maps.model import BOX, BOX_LINK, PORT, BoardMap, EdgeSet, Place, Region, Way
from mineboard.maps.values import whole
from mineboard.qt.maps.items import (
    LABEL_Z,
    LINE_Z,
    Art,
    Overlay,
    ScreenItem,
    TextItem,
    TextStyle,
    bold,
    compose,
    cosmetic,
)
from mineboard.qt.maps.layer import Buckets, Cell, MapLayer
from mineboard.qt.maps.scene import Colours, Hit, MapScene
from mineboard.qt.maps.terrain_art import (
    FEATURE_LINKS,
    LINKS,
    MARKS,
    SHORE,
    SIDE_ROADS,
    Segment,
    feature_marks,
    joined_marks,
    side_marks,
    terrain_style,
    terrain_symbol,
)

SEAM = QColor("#3A4A5A")
"""Where two boards of a battlefield meet."""
MARK_MIN_PIXELS = 9.0
"""Hexes smaller than this on screen carry no terrain symbols, features or hexside
styles: their colours and patterns still tell the terrains apart."""
BAND = QColor("#1F4E79")
REGION = QColor("#7A4E9C")
BOX_FILL = QColor("#EEF3F7")
OUTLINE_MIN_PIXELS = 6.0
THINNEST_PIXELS = 0.5
"""A mark's line narrower than this on screen is not drawn."""
LABEL_MIN_PIXELS = 16.0
"""Hexes smaller than this on screen (centre to corner, in pixels) carry no numbers: their
numbers could not be read, and would fill the map with noise. The bundled tactical map
fitted in a window has hexes of 18.5 pixels at 1400×900 and 16.2 at 1280×800: numbered;
12.5 at 1024×640: not, until the first zoom step."""
LABEL_SHARE = 0.45
"""A hex number's font size as a part of the hex's size while hexes are small: "0610" then
spans about the hex's top side (7 pixels at the smallest numbered hexes)."""
LABEL_MAX_TEXT = 11.0
"""The font size, in screen pixels, hex numbers grow to and no further as the map is zoomed
in: a corner label, never a headline over the counters."""
LABEL_STEPS = 4
"""Font sizes per doubling kept apart. Up to LABEL_MAX_TEXT the numbers' size in board units
stays put, so their glyph runs are made once; past it, the size follows the zoom and the
runs of the exposed cells are made again once it moves by a quarter of an octave (so the
numbers stay within 10–12 pixels; a 10,000-hex board zoomed in spends ~15 ms on it)."""
LABEL_LEVELS_KEPT = 4
UNIT_FONT = 64
"""The font size hex numbers are laid out in once; each size on screen scales that layout."""
LABEL_INK = QColor("#4F6F88")
SMOOTH_MIN_PIXELS = 14.0
CELL_HEXES = 10
"""A cell of the grid's buckets is this many hexes across."""
BOX_SHARE = 14.0
"""A box panel is at least this part of the map's width (a big map's boxes stay legible)."""
RUN_LINKS = 1
"""A box linked to more touching hexes than this (a map edge it is entered by) draws them
as one bar along the edge and one line to the box, not a fan of lines."""


class HexGridItem(MapLayer):
    def __init__(self, grid: HexGrid) -> None:
        x0, y0, x1, y1 = grid.pixel_bounds()
        super().__init__(QRectF(x0, y0, x1 - x0, y1 - y0))
        self.grid = grid
        size = grid.layout.size
        self.centres = {h: QPointF(*grid.layout.to_pixel(h)) for h in grid.hexes()}
        self.buckets = Buckets({h: QRectF(c.x() - size, c.y() - size, 2 * size, 2 * size)
                                for h, c in self.centres.items()}, CELL_HEXES * 1.5 * size)
        self.fills: dict[Cell, dict[str, QPainterPath]] = {}
        self.outlines: dict[Cell, QPainterPath] = {}
        self.seams: dict[Cell, QPainterPath] = {}
        self.marks: dict[Cell, dict[str, QPainterPath]] = {}
        self.shores: dict[Cell, QPainterPath] = {}
        self._build()
        self._shores()
        self.shore_pen = cosmetic(QColor("#5A4630"), 1.6)
        self.pen = QPen(QColor("#8FB0C8"), 0)  # cosmetic hairline
        self.seam_pen = cosmetic(SEAM, 2)
        self.seam_pen.setStyle(Qt.PenStyle.DashLine)  # a wall is solid: the seam is not
        self.labels = False
        font = QFont("DejaVu Sans")
        font.setPixelSize(UNIT_FONT)
        self.font = QRawFont.fromFont(font)
        self._fonts: dict[int, QRawFont] = {}
        self._glyphs: dict[str, tuple[int, float]] = {}
        self._templates: dict[Cell, tuple[list[int], list[tuple[float, float, float]]]] = {}
        self._runs: dict[int, dict[Cell, QGlyphRun]] = {}

    def _build(self) -> None:
        """Per cell: a path per terrain (the default one too where boards join, since the
        gaps between them are no terrain), the outline with each hexside once (a side two
        hexes share would be drawn twice, darker where smoothed), the seams between boards,
        and a path per mark (terrain symbols, features, hexside features)."""
        grid = self.grid
        size = grid.layout.size
        corners = grid.layout.corner_offsets()
        quantum = 8 / size
        drawn: set[tuple[int, int]] = set()
        single = len(grid.boards) == 1
        cell_of = {h: cell for cell, hexes in self.buckets.cells.items() for h in hexes}
        exits: dict[Hex, dict[str, list[tuple[float, float]]]] = defaultdict(dict)
        for hexside, names in grid.sides.items():
            start, end = grid.layout.hexside_segment(hexside)
            side_marks(self.marks.setdefault(cell_of[hexside.hex], {}), names, start, end,
                       size)
            for road in SIDE_ROADS:
                if road in names:
                    middle = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
                    for h in hexside.hexes:
                        exits[h].setdefault(road, []).append(middle)
        links = self._links(exits)
        for cell, hexes in self.buckets.cells.items():
            fills: dict[str, QPainterPath] = defaultdict(QPainterPath)
            marks = self.marks.setdefault(cell, {})
            outline = QPainterPath()
            seams = QPainterPath()
            for h in hexes:
                c = self.centres[h]
                centre = (c.x(), c.y())
                points = [QPointF(c.x() + dx, c.y() + dy) for dx, dy in corners]
                terrain, features = grid.terrain_at(grid.label(h))
                if terrain != grid.default_terrain or not single:
                    fills[terrain].addPolygon(QPolygonF(points))
                if terrain in LINKS:
                    joined_marks(marks, LINKS[terrain][0], centre, links.get(h, []), size,
                                 corners)
                symbol = terrain_style(terrain).symbol
                if symbol is not None:
                    terrain_symbol(marks.setdefault(symbol, QPainterPath()), symbol, centre,
                                   size)
                if features:
                    feature_marks(marks, features, centre, exits.get(h, {}), size)
                for a, b in zip(points, points[1:] + points[:1], strict=True):
                    side = (round((a.x() + b.x()) * quantum), round((a.y() + b.y()) * quantum))
                    if side not in drawn:
                        drawn.add(side)
                        outline.moveTo(a)
                        outline.lineTo(b)
                if not single:
                    self._seams(seams, h)
            # One outline per patch of a terrain, not one per hex: a fill of a hundred
            # hexagons cost a hundred polygons' edges.
            self.fills[cell] = {t: p.simplified() for t, p in fills.items()}
            self.outlines[cell] = outline
            if not seams.isEmpty():
                self.seams[cell] = seams

    def _shores(self) -> None:
        """The sides where a land hex meets water (:data:`SHORE`), per cell: the
        coastline of a strategic map, drawn at every zoom."""
        grid = self.grid
        dry, wet = SHORE
        lands = [label for label, entry in grid.overrides.items()
                 if entry.get("terrain") == dry]
        if not lands:
            return
        cell_of = {h: cell for cell, hexes in self.buckets.cells.items() for h in hexes}
        for label in lands:
            h = grid.from_label(label)
            if h not in self.centres:
                continue
            for d in range(6):
                n = h.neighbour(d)
                if n in self.centres and grid.terrain_at(grid.label(n))[0] in wet:
                    a, b = grid.layout.hexside_segment(Hexside.of(h, d))
                    path = self.shores.setdefault(cell_of[h], QPainterPath())
                    path.moveTo(*a)
                    path.lineTo(*b)

    def _links(self, exits: dict[Hex, dict[str, list[tuple[float, float]]]]
               ) -> dict[Hex, list[Segment]]:
        """Where each hex of a joined terrain (a building, a stream) meets its like: those
        sides; and, into ``exits``, the middle of each side where a runway hex meets the
        runway beside it."""
        grid = self.grid
        found: dict[Hex, list[Segment]] = {}
        for label, entry in grid.overrides.items():
            terrain = str(entry.get("terrain", grid.default_terrain))
            joined = [f for f in entry.get("features", ()) if f in FEATURE_LINKS]
            if terrain not in LINKS and not joined:
                continue
            h = grid.from_label(label)
            if h not in self.centres:
                continue
            for d in range(6):
                n = h.neighbour(d)
                if n not in self.centres:
                    continue
                there, features = grid.terrain_at(grid.label(n))
                a, b = grid.layout.hexside_segment(Hexside.of(h, d))
                middle = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
                if terrain in LINKS and there in LINKS[terrain][1]:
                    found.setdefault(h, []).append((a, b))
                for f in joined:
                    if f in features:
                        exits[h].setdefault(f, []).append(middle)
        return found

    def _seams(self, path: QPainterPath, h: Hex) -> None:
        """The hexsides of ``h`` that join it to another board (each once)."""
        grid = self.grid
        home = grid.locate(h)
        for d in range(3):
            n = h.neighbour(d)
            there = grid.locate(n)
            if there is not None and home is not None and there[0] is not home[0]:
                a, b = grid.layout.hexside_segment(Hexside(h, d))
                path.moveTo(*a)
                path.lineTo(*b)

    def draw(self, painter: QPainter, exposed: QRectF, pixels: float) -> None:
        if len(self.grid.boards) == 1:
            painter.fillRect(exposed, terrain_style(self.grid.default_terrain).fill)
        cells = self.buckets.cells_near(exposed)
        painter.setPen(Qt.PenStyle.NoPen)
        # Hexes tile the board exactly: smoothing their edges only costs (the outlines
        # cover them); it made a battlefield of 6,450 hexes twice as slow to fill.
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        hex_pixels = pixels * self.grid.layout.size
        patterns = hex_pixels >= OUTLINE_MIN_PIXELS  # the second way to tell terrains apart
        # A pattern over its colour in one pass: the pattern's gaps take the background.
        painter.setBackgroundMode(Qt.BGMode.OpaqueMode)
        by_terrain: dict[str, list[QPainterPath]] = defaultdict(list)
        for cell in cells:
            for terrain, path in self.fills[cell].items():
                by_terrain[terrain].append(path)
        for terrain, paths in by_terrain.items():  # a brush once per terrain
            style = terrain_style(terrain)
            if patterns and style.pattern is not None:
                painter.setBackground(style.fill)
                painter.setBrush(QBrush(style.ink, style.pattern))
            else:
                painter.setBrush(style.fill)
            for path in paths:
                painter.drawPath(path)
        painter.setBackgroundMode(Qt.BGMode.TransparentMode)
        if hex_pixels >= OUTLINE_MIN_PIXELS:
            # Small hexes: hairlines without antialiasing look the same and cost far less.
            painter.setRenderHint(QPainter.RenderHint.Antialiasing,
                                  hex_pixels >= SMOOTH_MIN_PIXELS)
            painter.setPen(self.pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            for cell in cells:
                painter.drawPath(self.outlines[cell])
            painter.setPen(self.seam_pen)
            for cell in cells:
                if cell in self.seams:
                    painter.drawPath(self.seams[cell])
        if self.shores:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing,
                                  hex_pixels >= SMOOTH_MIN_PIXELS)
            painter.setPen(self.shore_pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            for cell in cells:
                if cell in self.shores:
                    painter.drawPath(self.shores[cell])
        if hex_pixels >= MARK_MIN_PIXELS:
            self._paint_marks(painter, cells, hex_pixels)
        level = self.label_level(pixels) if self.labels else None
        if level is not None:
            self._paint_labels(painter, exposed, level)

    def _paint_marks(self, painter: QPainter, cells: list[Cell], hex_pixels: float) -> None:
        """Terrain symbols, features and hexside features, one style at a time; a line
        thinner than half a pixel on screen is left out (it would not show; the broad
        marks, colours and patterns still tell the terrains apart)."""
        size = self.grid.layout.size
        marks = [self.marks[cell] for cell in cells if cell in self.marks]
        for key, mark in MARKS.items():
            if not mark.filled and mark.width * hex_pixels < THINNEST_PIXELS:
                continue
            paths = [m[key] for m in marks if key in m]
            if not paths:
                continue
            painter.setPen(mark.pen(size))  # once per style: a change of pen costs
            painter.setBrush(mark.brush())
            for path in paths:
                painter.drawPath(path)

    def label_level(self, pixels: float) -> int | None:
        """The font size hex numbers are written in at ``pixels`` screen pixels per board
        unit, as a step of :data:`LABEL_STEPS` per doubling; None: too far out to write
        them."""
        size = self.grid.layout.size
        if pixels * size < LABEL_MIN_PIXELS:
            return None
        return round(math.log2(min(LABEL_SHARE * size, LABEL_MAX_TEXT / pixels)) * LABEL_STEPS)

    def labels_in(self, exposed: QRectF, pixels: float) -> list[str]:
        """The hex numbers a repaint of ``exposed`` at ``pixels`` writes (a hex's number
        lies inside its hex)."""
        if not self.labels or self.label_level(pixels) is None:
            return []
        return sorted(self.grid.label(h) for h in self.buckets.keys_in(exposed))

    def _paint_labels(self, painter: QPainter, exposed: QRectF, level: int) -> None:
        """Hex numbers at the top of each hex, under the top side, as on a printed map: one
        run of glyphs per cell, so a screenful of numbers is a few calls, not a thousand.
        The layer lies under every counter, so a number never covers one."""
        painter.setPen(LABEL_INK)
        for cell in self.buckets.cells_near(exposed):
            painter.drawGlyphRun(QPointF(0, 0), self._run(level, cell))

    def _raw_font(self, level: int) -> QRawFont:
        font = self._fonts.get(level)
        if font is None:
            font = self._fonts[level] = QRawFont(self.font)
            font.setPixelSize(2 ** (level / LABEL_STEPS))
        return font

    def _run(self, level: int, cell: Cell) -> QGlyphRun:
        runs = self._runs.get(level)
        if runs is None:
            while len(self._runs) >= LABEL_LEVELS_KEPT:  # zoomed on: the oldest size goes
                del self._runs[next(iter(self._runs))]
            runs = self._runs[level] = {}
        run = runs.get(cell)
        if run is None:
            font = self._raw_font(level)
            k = font.pixelSize() / UNIT_FONT
            size = self.grid.layout.size
            top = -size * 3**0.5 / 2  # the hex's top side, from its centre
            baseline = top + 0.1 * size + self.font.capHeight() * k
            indexes, places = self._template(cell)
            run = runs[cell] = QGlyphRun()
            run.setRawFont(font)
            run.setGlyphIndexes(indexes)
            run.setPositions([QPointF(x + u * k, y + baseline) for x, y, u in places])
        return run

    def _template(self, cell: Cell) -> tuple[list[int], list[tuple[float, float, float]]]:
        """The cell's numbers once for every size: each glyph, and where it goes as its
        hex's centre and its offset from it in the unit font (offsets grow with the size)."""
        template = self._templates.get(cell)
        if template is None:
            indexes: list[int] = []
            places: list[tuple[float, float, float]] = []
            glyph = self._glyph
            for h in self.buckets.cells[cell]:
                glyphs = [glyph(ch) for ch in self.grid.label(h)]
                centre = self.centres[h]
                x, y = centre.x(), centre.y()
                u = -sum(advance for _i, advance in glyphs) / 2
                for index, advance in glyphs:
                    indexes.append(index)
                    places.append((x, y, u))
                    u += advance
            template = self._templates[cell] = (indexes, places)
        return template

    def _glyph(self, char: str) -> tuple[int, float]:
        if char not in self._glyphs:
            (index,) = self.font.glyphIndexesForString(char)
            (advance,) = self.font.advancesForGlyphIndexes([index])
            self._glyphs[char] = (index, advance.x())
        return self._glyphs[char]


BAND_NAME = TextStyle(8, BAND.name(), heavy=True)
"""The name of a hexside set or a region, printed at its middle."""


def band_name(edge_set: EdgeSet) -> str:
    boundary = edge_set.props.get("boundary")
    return f"{edge_set.name} ({boundary})" if boundary else edge_set.name


class PortItem(ScreenItem):
    """A port: an anchor sign in its hex, named on hover."""

    def __init__(self, place: Place) -> None:
        super().__init__(LABEL_Z)
        self.place_id = place.id
        self.setToolTip(f"Port {place.name}")
        self.refresh()

    def art(self) -> Art:
        return port_art(self.ratio)


@cache
def port_art(ratio: float) -> Art:
    rect = QRectF(-9, -9, 18, 18)

    def draw(p: QPainter) -> None:
        p.setPen(QPen(QColor("#203040"), 1))
        p.setBrush(QColor("#FFFFFF"))
        p.drawEllipse(rect)
        p.setFont(bold(11))
        p.drawText(rect, Qt.AlignmentFlag.AlignCenter, "⚓")

    return compose(rect.adjusted(-1, -1, 1, 1), ratio, draw)


class BoxItem(QGraphicsPathItem):
    """An off-board box: a labelled panel beside the map, joined to its hexes."""

    def __init__(self, place: Place, rect: QRectF) -> None:
        path = QPainterPath()
        path.addRoundedRect(rect, rect.height() * 0.15, rect.height() * 0.15)
        super().__init__(path)
        self.place_id = place.id
        self.name = place.name
        self.setBrush(BOX_FILL)
        self.setPen(cosmetic(QColor("#5E7D96"), 1.5))
        self.setToolTip(f"{place.name} (off-board box)")
        self.setZValue(LINE_Z)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        super().paint(painter, option, widget)
        rect = self.path().boundingRect()
        font = QFont("DejaVu Sans")
        font.setPixelSize(max(1, round(rect.height() * 0.22)))
        painter.setFont(font)
        painter.setPen(QColor("#203040"))
        painter.drawText(rect.adjusted(4, 2, -4, -2),
                         Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, self.name)


class HexScene(MapScene):
    map_kind = "hex"
    caption_pixels = 72.0
    """A ship's names under its counter reach into the next hex below: they show once a
    hex is tall enough on screen to hold both (the review saw Lion's names over Tiger)."""

    def __init__(self, board: BoardMap, colours: Colours) -> None:
        super().__init__(board, colours)
        if board.grid is None:
            raise ValueError(f"map {board.id} has no hex grid")
        self.grid: HexGrid = board.grid
        self.spacing = self.grid.layout.size * 3**0.5  # from a hex's centre to the next
        self.grid_item = HexGridItem(self.grid)
        self.grid_item.labels = True
        self.addItem(self.grid_item)
        for h in self.grid.hexes():
            x, y = self.grid.layout.to_pixel(h)
            self.anchors[self.grid.label(h)] = QPointF(x, y)
        size = self.grid.layout.size
        self.ports: dict[str, PortItem] = {}
        for place in board.places_of(PORT):
            hex_label = str(place.props.get("hex", ""))
            if hex_label in self.anchors:
                centre = self.anchors[hex_label]
                at = QPointF(place.geometry.x, place.geometry.y) if place.geometry else centre
                if at == centre:  # a corner of its hex: the port's ships and the hex's apart
                    at = QPointF(centre.x() + 0.45 * size, centre.y() - 0.4 * size)
                self.anchors[place.id] = at
                item = PortItem(place)
                item.setPos(self.anchors[place.id])
                self.addItem(item)
                self.ports[place.id] = item
        self.link_costs: dict[str, QGraphicsSimpleTextItem] = {}
        """Box link id → the label of its own cost, where the map gives one."""
        self.boxes = self._boxes()
        # A set of hexsides that only carries features (a wall, a stream) is drawn in their
        # line style by the grid; a band over it would hide them.
        self.bands = {s.id: self._band(s) for s in board.edge_sets.values()
                      if "features" not in s.props}
        self.regions = {r.id: self._region(r) for r in board.regions.values()}
        self.highlight = Overlay()
        self.highlight.setBrush(QBrush(QColor(240, 228, 66, 90)))
        self.highlight.setPen(QPen(Qt.PenStyle.NoPen))
        self.highlight.setZValue(LINE_Z - 0.5)
        self.addItem(self.highlight)
        self.setSceneRect(self.itemsBoundingRect().adjusted(-20, -20, 20, 20))
        self.setBackgroundBrush(QColor("#A9C7DC"))

    def _boxes(self) -> dict[str, BoxItem]:
        """Boxes where their Point says (the grid's board units, y down), else in a column
        right of the map; each joined by thin dashed lines to what it links to."""
        size = self.grid.layout.size
        x0, y0, x1, _y1 = self.grid.pixel_bounds()
        # A box stays a readable panel on a map of a hundred columns seen whole.
        width = max(5 * size, (x1 - x0) / BOX_SHARE)
        height = width * 0.44
        boxes: dict[str, BoxItem] = {}
        for i, place in enumerate(self.board.places_of(BOX)):
            if place.geometry is not None:
                centre = QPointF(float(place.geometry.x), float(place.geometry.y))
            else:
                centre = QPointF(x1 + 1.5 * size + width / 2, y0 + height * (1.3 * i + 0.6))
            rect = QRectF(centre.x() - width / 2, centre.y() - height / 2, width, height)
            item = BoxItem(place, rect)
            self.addItem(item)
            boxes[place.id] = item
            self.anchors[place.id] = QPointF(centre.x(), centre.y() + 0.15 * height)
        pen = cosmetic(QColor("#5E7D96"), 1)
        pen.setStyle(Qt.PenStyle.DashLine)
        bar = cosmetic(QColor("#5E7D96"), 4)
        for box in boxes:
            ways = [w for w in self.board.ways_of(BOX_LINK) if box in (w.a, w.b)
                    and w.a in self.anchors and w.b in self.anchors]
            for run in self._link_runs(box, ways):
                if len(run) > RUN_LINKS:  # an edge of entry hexes: one bar, one line
                    ends = [self.anchors[w.b if w.a == box else w.a] for w in run]
                    edge = QPainterPath(ends[0])
                    for p in ends[1:]:
                        edge.lineTo(p)
                    self._link_line(edge, bar)
                    run = [run[len(run) // 2]]
                for way in run:
                    link = QPainterPath(self.anchors[way.a])
                    link.lineTo(self.anchors[way.b])
                    self._link_line(link, pen)
                    self._link_cost(way)
        return boxes

    def _link_line(self, path: QPainterPath, pen: QPen) -> None:
        line = QGraphicsPathItem(path)
        line.setPen(pen)
        line.setZValue(LINE_Z - 0.2)
        self.addItem(line)

    def _link_runs(self, box: str, ways: list[Way]) -> list[list[Way]]:
        """A box's links in runs: the hexes it links that touch each other, in order along
        the run (a map edge of entry hexes is one run); a port or box alone."""
        by_end = {(w.b if w.a == box else w.a): w for w in ways}
        hexes = {e for e in by_end if self.board.places[e].kind == "hex"}
        runs: list[list[Way]] = [[by_end[e]] for e in by_end if e not in hexes]
        left = set(hexes)
        while left:
            start = min(left, key=self._label_order)
            group, todo = {start}, [start]
            while todo:
                h = self.grid.from_label(todo.pop())
                for n in h.neighbours():
                    label = self.grid.label(n) if n in self.grid else ""
                    if label in left and label not in group:
                        group.add(label)
                        todo.append(label)
            left -= group
            xs = [self.anchors[e].x() for e in group]
            ys = [self.anchors[e].y() for e in group]
            along_x = max(xs) - min(xs) > max(ys) - min(ys)
            order = sorted(group, key=lambda e: (self.anchors[e].x(), self.anchors[e].y())
                           if along_x else (self.anchors[e].y(), self.anchors[e].x()))
            runs.append([by_end[e] for e in order])
        return runs

    def _label_order(self, label: str) -> tuple[float, float]:
        at = self.anchors[label]
        return at.x(), at.y()

    def _link_cost(self, way: Way) -> None:
        """A link of its own length (the box 2 hexes from one entry, 3 from the other) says
        it at its middle: a route's length through the box is read off the map."""
        cost = way.props.get("link_cost")
        if not whole(cost):
            return
        label = QGraphicsSimpleTextItem(str(cost))
        font = QFont("DejaVu Sans")
        font.setPixelSize(max(1, round(self.grid.layout.size * 0.5)))
        font.setBold(True)
        label.setFont(font)
        label.setBrush(QColor("#203040"))
        box, end = (way.a, way.b) if self.board.places[way.a].kind == BOX else (way.b, way.a)
        label.setToolTip(f"{self.board.places[box].name} ↔ {self.board.ref(end)}: "
                         f"{cost} to cross")
        near, far = self.anchors[end], self.anchors[box]
        at = near + (far - near) * 0.35  # by its hex, clear of the box's panel
        bounds = label.boundingRect()
        label.setPos(at.x() - bounds.width() / 2, at.y() - bounds.height())
        label.setZValue(LINE_Z + 0.1)
        self.addItem(label)
        self.link_costs[way.id] = label

    def _region(self, region: Region) -> QGraphicsPathItem:
        """A named set of hexes, outlined along its outer hexsides and named at its middle."""
        members = {self.grid.from_label(p) for p in region.places
                   if p in self.board.places and self.board.places[p].kind == "hex"}
        outer = [Hexside.of(h, d) for h in members for d in range(6)
                 if h.neighbour(d) not in members]
        if region.props.get("front"):  # a front's water: its border with the other fronts
            others = {self.grid.from_label(p) for r in self.board.regions.values()
                      if r is not region and r.props.get("front") for p in r.places
                      if p in self.board.places and self.board.places[p].kind == "hex"}
            outer = [s for s in outer if s.hexes[0] in others or s.hexes[1] in others]
        item = QGraphicsPathItem(self._sides_path(outer))
        pen = cosmetic(REGION, 2.5)
        pen.setStyle(Qt.PenStyle.DashDotLine)
        item.setPen(pen)
        item.setZValue(LINE_Z)
        item.setToolTip(region.name)
        self.addItem(item)
        if members:
            points = [self.grid.layout.to_pixel(h) for h in members]
            mx = sum(x for x, _ in points) / len(points)
            my = sum(y for _, y in points) / len(points)
            # on the member nearest the middle: a front of two seas is named on water
            x, y = min(points, key=lambda p: (p[0] - mx) ** 2 + (p[1] - my) ** 2)
            label = TextItem(region.name, BAND_NAME)
            label.setPos(x, y)
            self.addItem(label)
        return item

    def _sides_path(self, sides: Iterable[Hexside]) -> QPainterPath:
        path = QPainterPath()
        for side in sides:
            a, b = self.grid.layout.hexside_segment(side)
            path.moveTo(QPointF(*a))
            path.lineTo(QPointF(*b))
        return path

    def _band(self, edge_set: EdgeSet) -> QGraphicsPathItem:
        """A hexside set as a dark band along its hexsides, named at its middle."""
        sides = self.board.edge_set_hexsides(edge_set.id)
        item = QGraphicsPathItem(self._sides_path(sides))
        pen = QPen(BAND, 7)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        item.setPen(pen)
        item.setOpacity(0.55)
        item.setZValue(LINE_Z)
        item.setToolTip(band_name(edge_set))
        self.addItem(item)
        if sides:
            x, y = self.grid.layout.to_pixel(sides[len(sides) // 2].hex)
            label = TextItem(band_name(edge_set), BAND_NAME)
            label.setPos(x, y)
            self.addItem(label)
        return item

    def stack_offset(self, index: int, order: int) -> QPointF:
        return QPointF(-4 + 14 * order, 0)

    def marker_offset(self, at: PlaceRef, index: int, count: int, order: int) -> QPointF:
        return QPointF(-10 + 20 * order, 14)

    def set_targets(self, targets: Iterable[PlaceRef]) -> None:
        self._highlight({t.id for t in targets})

    def place_shape(self, place_id: str) -> tuple[QPainterPath, bool] | None:
        c = self.anchors.get(place_id)
        if c is None or place_id in self.boxes or place_id in self.ports:
            return super().place_shape(place_id)
        path = QPainterPath()
        corners = self.grid.layout.corner_offsets()
        path.addPolygon([QPointF(c.x() + dx, c.y() + dy) for dx, dy in corners])
        path.closeSubpath()
        return path, False

    def _highlight(self, labels: set[str]) -> None:
        path = QPainterPath()
        corners = self.grid.layout.corner_offsets()
        for label in labels:
            c = self.anchors.get(label)
            if label in self.boxes:
                path.addRect(self.boxes[label].path().boundingRect())
            elif label in self.ports:
                path.addEllipse(self.ports[label].pos(), 0.3 * self.grid.layout.size,
                                0.3 * self.grid.layout.size)
            elif c is not None:
                path.addPolygon([QPointF(c.x() + dx, c.y() + dy) for dx, dy in corners])
                path.closeSubpath()
        self.highlight.setPath(path)

    def flash(self, at: PlaceRef | None, on: bool) -> None:
        self._highlight({at.id} if on and at is not None else set())

    def hit_item(self, item: QGraphicsItem, pos: QPointF | None = None) -> Hit | None:
        found = super().hit_item(item, pos)
        if found is None and isinstance(item, PortItem | BoxItem):
            return Hit(self.board.ref(item.place_id))
        return found

    def place_tip(self, place_id: str) -> str:
        """A hex's terrain in words, so that no one has to read it from colours: "Terrain:
        open; road, bridge; stream towards 2F4" (nothing on a plain default hex)."""
        place = self.board.places.get(place_id)
        if place is None or place.kind != "hex":
            return ""
        terrain, features = self.grid.terrain_at(place_id)
        parts = [terrain] if terrain != self.grid.default_terrain else []
        parts += [", ".join(features)] if features else []
        for other, way in sorted(self.board.adjacent[place_id].items()):
            names = [n for n in way.props.get("features", ()) if n not in SIDE_ROADS]
            if names:
                parts.append(f"{', '.join(names)} towards {other}")
        if not parts:
            return ""
        if terrain == self.grid.default_terrain:
            parts.insert(0, terrain)
        return "Terrain: " + "; ".join(parts)

    def hit_background(self, pos: QPointF, ways: bool = True) -> Hit | None:
        h = self.grid.hex_at(pos.x(), pos.y())
        return Hit(self.board.ref(self.grid.label(h))) if h is not None else None
