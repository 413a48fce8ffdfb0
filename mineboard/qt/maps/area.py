"""Area maps: sea zones and land as polygons, the naval lines between zones, zone numbers at
each zone's pole of inaccessibility, capitals with their industrial capacity.

Zones, land and lines are the map's art, drawn by one layer (:class:`AreaArt`), not
thousands of items: a 3,000-zone map repaints in a few calls per cell of the map, and a pan
paints only the strip it uncovers. What changes on them is told to the layer (a zone's
tint, a mined line), which repaints only there; a lit or glowing line is an overlay path
above it. A click finds its place by
the map's own geometry (prepared shapes in a tree), as a hex map finds its hex by
arithmetic.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache

import shapely
from PySide6.QtCore import QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem

from mineboard.core.places import PlaceRef
from mineboard.maps.model import LAND, NAVAL_LINE, SEA_ZONE, BoardMap
from mineboard.qt import palette
from mineboard.qt.geometry import line_path, polygon_path, to_scene
from mineboard.qt.maps.items import (
    LABEL_Z,
    LINE_Z,
    Art,
    MarkerItem,
    Overlay,
    ScreenItem,
    TextItem,
    TextStyle,
    bold,
    compose,
    cosmetic,
)
from mineboard.qt.maps.layer import Buckets, Cell, MapLayer
from mineboard.qt.maps.picture import Picture
from mineboard.qt.maps.scene import NUDGES, Colours, Hit, MapScene

MINED_LINE = QColor("#8B1E3F")
UNHELD = QColor("#999999")
LINE_MIDDLE = 9.0
"""Screen pixels around a line's middle that a stack leaves free to click."""
CELLS_ACROSS = 8
"""The layer's cells: the map is cut into this many each way."""
CAPITAL_NAME = TextStyle(8, "#2B2118", halo=True, below=8)


@dataclass
class LineState:
    """How a naval line is drawn: mined (dark red, in the layer), eligible (glowing) or lit
    (hovered or pointed at), the last two in overlays above the layer."""

    way_id: str
    path: QPainterPath
    eligible: bool = False
    mined: bool = False
    lit: bool = False


class AreaArt(MapLayer):
    """Sea zones, land and naval lines in one layer (see the module's note).

    Each zone, land and line is filed in one cell of the map; a cell keeps its zones and
    lands joined into one path per tint, its coasts, its plain lines and its mined lines,
    so a repaint makes a few calls per cell it exposes whatever the number of places. A
    change of tint or of mined lines rejoins only the cells it touches, when next drawn.
    """

    def __init__(self, rect: QRectF, zones: Mapping[str, QPainterPath],
                 lands: Mapping[str, QPainterPath], lines: Mapping[str, QPainterPath]) -> None:
        super().__init__(rect)
        cell = max(rect.width(), rect.height()) / CELLS_ACROSS
        self.zones = Buckets({k: p.boundingRect() for k, p in zones.items()}, cell)
        self.lands = Buckets({k: p.boundingRect() for k, p in lands.items()}, cell)
        self.lines = Buckets({k: p.boundingRect() for k, p in lines.items()}, cell)
        self.paths = {**zones, **lands, **lines}
        self.far = False
        self.fills: dict[str, QColor] = {k: palette.SEA_NEUTRAL for k in zones}
        self.fills.update({k: palette.LAND for k in lands})
        self.mined: set[str] = set()
        self._joined: dict[tuple[str, Cell], list[tuple[QColor, QPainterPath]]] = {}
        """("zones"|"lands"|"coast"|"lines", cell) → (colour, path) to fill or stroke."""
        self.coast = cosmetic(palette.COAST, 0.8)
        self.line_pen = cosmetic(palette.LINE, 1.0)
        self.mined_pen = cosmetic(MINED_LINE, 2.2)

    def set_fill(self, place: str, colour: QColor) -> None:
        if self.fills[place] != colour:
            self.fills[place] = colour
            kind = "zones" if place in self.zones.boxes else "lands"
            box = self.paths[place].boundingRect()
            self._joined.pop((kind, self.zones.cell_of(box.center())), None)
            self.update(box)

    def set_mined(self, ways: set[str]) -> None:
        """Draw these lines (all of the map) as mined, the others plain."""
        for way in ways ^ self.mined:
            box = self.lines.boxes[way]
            self._joined.pop(("lines", self.lines.cell_of(box.center())), None)
            self.update(box.adjusted(-1, -1, 1, 1))
        self.mined = set(ways)

    def _cell(self, kind: str, cell: Cell) -> list[tuple[QColor, QPainterPath]]:
        """A cell's zones, lands, coasts or lines joined into one path per colour (made
        when first needed)."""
        key = (kind, cell)
        if key not in self._joined:
            buckets = {"zones": self.zones, "lands": self.lands, "coast": self.lands,
                       "lines": self.lines}[kind]
            paths: dict[int, QPainterPath] = {}
            for member in buckets.cells[cell]:
                colour = (palette.COAST if kind == "coast" else self.fills[member]
                          if kind != "lines" else MINED_LINE if member in self.mined
                          else palette.LINE)
                paths.setdefault(colour.rgba(), QPainterPath()).addPath(self.paths[member])
            self._joined[key] = [(QColor.fromRgba(rgba), path) for rgba, path in paths.items()]
        return self._joined[key]

    def draw(self, painter: QPainter, exposed: QRectF, pixels: float) -> None:
        # Zones and land meet edge to edge: filled without smoothing they leave no seams
        # (and smoothing a coastline's fill costs five times its stroke); the smooth coast
        # and lines are drawn along the edges on top. Far out, lines are hairlines too.
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        painter.setPen(Qt.PenStyle.NoPen)
        lands = self.lands.cells_near(exposed)
        for kind, cells in (("zones", self.zones.cells_near(exposed)), ("lands", lands)):
            for cell in cells:
                for colour, path in self._cell(kind, cell):
                    painter.setBrush(colour)
                    painter.drawPath(path)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(self.coast)
        for cell in lands:
            for _colour, path in self._cell("coast", cell):
                painter.drawPath(path)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, not self.far)
        lines = [entry for cell in self.lines.cells_near(exposed)
                 for entry in self._cell("lines", cell)]
        for mined in (False, True):  # mined lines over plain ones where they meet
            painter.setPen(self.mined_pen if mined else self.line_pen)
            for colour, path in lines:
                if (colour == MINED_LINE) == mined:
                    painter.drawPath(path)


class ZoneNumbers(MapLayer):
    """The zone numbers in small discs, ringed in the colour of whoever holds the zone.

    Thousands of numbers as items would each need resizing at every zoom step; as one
    layer above the lines, a repaint draws only the discs it exposes, each a pixmap
    composed once per number, ring and size. A number is no click target of its own: a
    click on it finds its zone, which lies beneath.
    """

    REACH = 40.0
    """Half the widest disc, in screen pixels."""

    def __init__(self, rect: QRectF, anchors: Mapping[str, QPointF],
                 texts: Mapping[str, str]) -> None:
        margin = max(rect.width(), rect.height()) * 0.1  # discs on the edge still show
        super().__init__(rect.adjusted(-margin, -margin, margin, margin))
        self.setZValue(LABEL_Z)
        self.anchors = dict(anchors)
        self.texts = dict(texts)
        self.rings: dict[str, str | None] = {}
        self.far = False
        self.pixels = 1.0
        cell = max(rect.width(), rect.height()) / CELLS_ACROSS
        self.buckets = Buckets({z: QRectF(p, p) for z, p in self.anchors.items()}, cell)

    def set_ring(self, zone: str, colour: QColor | None) -> None:
        ring = colour.name() if colour is not None else None
        if self.rings.get(zone) != ring:
            self.rings[zone] = ring
            reach = self.REACH / self.pixels
            self.update(QRectF(self.anchors[zone], self.anchors[zone])
                        .adjusted(-reach, -reach, reach, reach))

    def draw(self, painter: QPainter, exposed: QRectF, pixels: float) -> None:
        self.pixels = pixels
        reach = self.REACH / pixels
        world = painter.worldTransform()
        ratio = painter.device().devicePixelRatioF()
        painter.resetTransform()  # the discs are drawn in screen pixels
        for zone in self.buckets.keys_in(exposed.adjusted(-reach, -reach, reach, reach)):
            pixmap, offset = label_art(self.texts[zone], self.rings.get(zone), self.far, ratio)
            painter.drawPixmap(world.map(self.anchors[zone]) + offset, pixmap)
        painter.setWorldTransform(world)


@cache
def label_art(text: str, ring: str | None, far: bool, ratio: float) -> Art:
    k = 0.8 if far else 1.0
    rect = QRectF(-(6 + 3.5 * len(text)) * k, -9 * k, (12 + 7 * len(text)) * k, 18 * k)

    def draw(p: QPainter) -> None:
        p.setPen(QPen(QColor(ring), 2.5) if ring is not None
                 else QPen(palette.LABEL_INK.lighter(250), 1))
        p.setBrush(palette.LABEL_DISC)
        p.drawRoundedRect(rect, 9 * k, 9 * k)
        p.setFont(bold(7 if far else 8))
        p.setPen(palette.LABEL_INK)
        p.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)

    return compose(rect.adjusted(-2, -2, 2, 2), ratio, draw)


class CapitalItem(ScreenItem):
    """A capital: a star in its holder's colour; its name and industrial capacity are a
    :class:`TextItem` beneath, which takes no clicks and gives way far out."""

    def __init__(self, place_id: str, name: str, capacity: int) -> None:
        super().__init__(LABEL_Z)
        self.place_id = place_id
        self.name = name
        self.capacity = capacity
        self.owner_colour = UNHELD
        self.label = TextItem(name + (f"  [{capacity}]" if capacity else ""), CAPITAL_NAME)
        self.refresh()

    def art(self) -> Art:
        return star_art(self.owner_colour.name(), self.ratio)


@cache
def star_art(colour: str, ratio: float) -> Art:
    star = QPainterPath()
    for i in range(10):
        r = 8 if i % 2 == 0 else 3.4
        a = -math.pi / 2 + i * math.pi / 5
        point = QPointF(r * math.cos(a), r * math.sin(a))
        if i == 0:
            star.moveTo(point)
        else:
            star.lineTo(point)
    star.closeSubpath()

    def draw(p: QPainter) -> None:
        p.setPen(QPen(QColor("#222222"), 1))
        p.setBrush(QColor(colour))
        p.drawPath(star)

    return compose(QRectF(-9, -9, 18, 18), ratio, draw)


class AreaScene(MapScene):
    map_kind = "area"
    stacks_keep_clear = True

    def __init__(self, board: BoardMap, colours: Colours) -> None:
        super().__init__(board, colours)
        self.lines: dict[str, LineState] = {}
        self.capitals: dict[str, CapitalItem] = {}
        self._hovered: str | None = None
        self._flashed: set[str] = set()
        self._lit: set[str] = set()
        self._glowing: set[str] = set()
        self._build()

    def _build(self) -> None:
        boxes = [p.geometry.bounds for p in self.board.places.values() if p.geometry is not None]
        minx, miny = min(b[0] for b in boxes), min(b[1] for b in boxes)
        maxx, maxy = max(b[2] for b in boxes), max(b[3] for b in boxes)
        scale = max(maxx - minx, maxy - miny)
        margin = scale * 0.02
        self.setSceneRect(QRectF(minx - margin, -maxy - margin, maxx - minx + 2 * margin,
                                 maxy - miny + 2 * margin))
        self.setBackgroundBrush(palette.SEA.darker(104))
        seas, lands = list(self.board.places_of(SEA_ZONE)), list(self.board.places_of(LAND))
        labels = self.board.label_points()
        for place in seas:
            self.anchors[place.id] = to_scene(*labels[place.id])
        self.numbers = ZoneNumbers(self.sceneRect(), {p.id: self.anchors[p.id] for p in seas},
                                   {p.id: p.label for p in seas})
        self.addItem(self.numbers)
        for place in lands:
            self.anchors[place.id] = to_scene(*labels[place.id])
            if "capital" in place.props:
                cap = CapitalItem(place.id, str(place.props["capital"]),
                                  int(place.props.get("industrial_capacity", 0)))
                xy = place.props.get("capital_xy")
                cap.setPos(to_scene(*xy) if xy else self.anchors[place.id])
                cap.label.setPos(cap.pos())
                self.addItem(cap)
                self.addItem(cap.label)
                self.capitals[place.id] = cap
        for way in self.board.ways_of(NAVAL_LINE):
            self.lines[way.id] = LineState(way.id, line_path(way.geometry))
        self.spacing = statistics.median(
            [math.sqrt(p.geometry.area) for p in seas if p.geometry is not None] or [scale])
        self.art = AreaArt(self.sceneRect(), {p.id: polygon_path(p.geometry) for p in seas},
                           {p.id: polygon_path(p.geometry) for p in lands},
                           {w: s.path for w, s in self.lines.items()})
        self.addItem(self.art)
        self.glow = self._overlay(cosmetic(palette.LINE_ELIGIBLE.darker(110), 6), 0.1)
        self.lit = self._overlay(cosmetic(palette.LINE_HOVER, 5), 0.2)
        self._base = {z: palette.SEA if i % 2 else palette.SEA_ALT
                      for i, z in enumerate(sorted(p.id for p in seas))}
        self._find = PlaceFinder(self.board, grab=scale * 0.003)
        self._line_middles: Buckets[str] | None = None

    @property
    def _middles(self) -> Buckets[str]:
        """The lines' middles, filed by where they are (found when stacks first need them)."""
        if self._line_middles is None:
            middles = {w: self.line_midpoint(w) for w in self.lines}
            self._line_middles = Buckets({w: QRectF(p, p) for w, p in middles.items()},
                                         self.spacing)
        return self._line_middles

    def _overlay(self, pen: QPen, above: float) -> Overlay:
        item = Overlay()
        item.setPen(pen)
        item.setZValue(LINE_Z + above)
        self.addItem(item)
        return item

    def line_midpoint(self, way_id: str) -> QPointF:
        geom = self.board.ways[way_id].geometry
        assert geom is not None  # naval lines are derived from the zones' shared borders
        point = geom.interpolate(0.5, normalized=True)
        return to_scene(point.x, point.y)

    # ---- the picture -------------------------------------------------------------------
    def stack_spots(self, index: int, order: int) -> tuple[QPointF, ...]:
        """Left of the number, below it or above it, where the right is crowded."""
        x = 36 + index * 44
        return (QPointF(-x, 0), QPointF(0, 30 + index * 34), QPointF(0, -30 - index * 34))

    def holds(self, place: str, point: QPointF) -> bool:
        """A stack moved off a label stays in its own zone: on land or in the next zone it
        would read as being there."""
        return self._find.place(point) == place

    def stack_offset(self, index: int, order: int) -> QPointF:
        """Right of the zone number, owners side by side; far out the pips close up to the
        smaller number, and to the zone's middle once numbers are gone."""
        if self.tiny:
            return QPointF(index * 22, 0)
        if self.far:
            return QPointF(26 + index * 22, 0)
        return QPointF(36 + index * 44, 0)

    def marker_anchor(self, at: PlaceRef) -> QPointF | None:
        return self.line_midpoint(at.id) if at.id in self.lines else self.anchors.get(at.id)

    def marker_offset(self, at: PlaceRef, index: int, count: int, order: int) -> QPointF:
        step = 18 if self.far else 26  # owners' fields stacked on the line
        return QPointF(0, (index - (count - 1) / 2) * step)

    def labels_near(self, rect: QRectF, stacks: bool = True) -> list[QRectF]:
        """Zone numbers too (drawn by a layer, not items), while they are shown; for stacks
        being placed, the middles of lines as well, where a player clicks a line to mine it
        and its minefield's marker sits."""
        found = super().labels_near(rect, stacks)
        if not stacks:
            reach = LINE_MIDDLE / self.view_scale
            for way in self._middles.keys_in(rect.adjusted(-reach, -reach, reach, reach)):
                middle = self._middles.boxes[way].center()
                found.append(QRectF(middle.x() - reach, middle.y() - reach, 2 * reach,
                                    2 * reach))
        return found + self._number_rects(rect)

    def _number_rects(self, rect: QRectF) -> list[QRectF]:
        """The zone numbers' discs near ``rect``, while they are shown."""
        if self.tiny:
            return []
        unit = 1 / self.view_scale
        reach = ZoneNumbers.REACH * unit
        found = []
        for zone in self.numbers.buckets.keys_in(rect.adjusted(-reach, -reach, reach, reach)):
            _pixmap, offset = label_art(self.numbers.texts[zone], None, self.far, 1.0)
            disc = _pixmap.deviceIndependentSize()
            found.append(QRectF(self.anchors[zone] + offset * unit,
                                QSizeF(disc.width() * unit, disc.height() * unit)))
        return found

    def show_places(self, picture: Picture) -> None:
        tint = _tinter()
        for zid, base in self._base.items():
            holder = picture.holders.get(zid)
            colour = self.colour(holder) if holder else None
            self.art.set_fill(zid, tint(base, colour, 0.10) if colour is not None
                              else palette.SEA_NEUTRAL)
            self.numbers.set_ring(zid, colour)
        for tid in self.art.lands.boxes:
            owner = picture.holders.get(tid)
            colour = self.colour(owner) if owner else None
            self.art.set_fill(tid, tint(palette.LAND, colour, palette.LAND_OWNED_MIX)
                              if colour is not None else palette.LAND)
            cap = self.capitals.get(tid)
            if cap is not None:
                cap.owner_colour = colour if colour is not None else UNHELD
                cap.setToolTip(picture.tips.get(tid, self.board.places[tid].name))
                cap.refresh()
        self.set_mined(picture.marked)

    def _arrange_markers(self) -> None:
        """Capital names first, nudged off zone numbers, other capitals and one another
        (Helsinki, 130 and Tallinn had been written over one another); then the markers."""
        if not self.far:
            self._clear_capital_names()
        super()._arrange_markers()

    def _clear_capital_names(self) -> None:
        """Each capital's name keeps its place under its star unless it covers a zone
        number, another capital's star or a name placed before it; then it takes the
        nearest nudge that covers none, or else stays (moved to cover fewer, names had
        pushed stacks onto more numbers on a small screen; the stacks make their own way
        round the names)."""
        unit = 1 / self.view_scale
        stars = {place: QRectF(cap.pos() + cap.boundingRect().topLeft() * unit,
                               cap.boundingRect().size() * unit)
                 for place, cap in self.capitals.items()}
        taken: list[QRectF] = []
        for place in sorted(self.capitals):
            label = self.capitals[place].label
            box, anchor = label.boundingRect(), label.pos()
            rects = [QRectF(anchor + (box.topLeft() + QPointF(dx, dy)) * unit,
                            box.size() * unit) for dx, dy in NUDGES[:1 + 16]]
            region = rects[0]
            for rect in rects[1:]:
                region = region.united(rect)
            against = [*self._number_rects(region), *taken,
                       *(r for other, r in stars.items() if other != place)]
            chosen = next((i for i, rect in enumerate(rects)
                           if not any(rect.intersects(o) for o in against)), 0)
            label.set_shift(QPointF(*NUDGES[chosen]))
            taken.append(rects[chosen])

    def show_detail(self) -> None:
        """Far out, capital names give way to the map, zone numbers shrink and lines are
        hairlines; farther, zone numbers go too."""
        for cap in self.capitals.values():
            cap.label.setVisible(not self.far)
        for layer in (self.numbers, self.art):  # smaller numbers, hairline lines
            if layer.far != self.far:
                layer.far = self.far
                layer.update()
        self.numbers.setVisible(not self.tiny)

    # ---- the lines ---------------------------------------------------------------------
    def set_mined(self, ways: Iterable[str]) -> None:
        """Draw these lines as mined (the gwas logsheet's own fields use it too)."""
        mined = {w for w in ways if w in self.lines}
        for way in mined ^ self.art.mined:
            self.lines[way].mined = way in mined
        self.art.set_mined(mined)

    def set_targets(self, targets: Iterable[PlaceRef]) -> None:
        glowing = {t.id for t in targets if t.id in self.lines}
        for way in glowing ^ self._glowing:
            self.lines[way].eligible = way in glowing
        self._glowing = glowing
        self.glow.setPath(self._joined(glowing))
        self._reopen()

    def place_shape(self, place_id: str) -> tuple[QPainterPath, bool] | None:
        if place_id in self.lines:
            return self.lines[place_id].path, True
        path = self.art.paths.get(place_id)
        return (path, False) if path is not None else super().place_shape(place_id)

    def keep_clear(self) -> list[QPainterPath]:
        """The lines that glow too: each its own path, so a stack that covers one is told
        from one that covers three."""
        return [*super().keep_clear(), *(self.lines[w].path for w in sorted(self._glowing))]

    def _light(self) -> None:
        lit = self._flashed | ({self._hovered} if self._hovered else set())
        for way in lit ^ self._lit:
            self.lines[way].lit = way in lit
        self._lit = lit
        self.lit.setPath(self._joined(lit))

    def _joined(self, ways: set[str]) -> QPainterPath:
        path = QPainterPath()
        for way in sorted(ways):
            path.addPath(self.lines[way].path)
        return path

    def hover(self, pos: QPointF | None) -> None:
        way = self._find.line(pos) if pos is not None else None
        if way != self._hovered:
            self._hovered = way
            self._light()

    def flash(self, at: PlaceRef | None, on: bool) -> None:
        """Light up a line (a detonation, a log entry clicked); None: all of them."""
        for (line, _owner), marker in self.markers.items():
            if at is None or line == at.id:
                marker.flash = 1.0 if on else 0.0
                marker.refresh()
        ways = set(self.lines) if at is None else {at.id} & self.lines.keys()
        self._flashed = self._flashed | ways if on else self._flashed - ways
        self._light()

    def point_of(self, at: PlaceRef) -> QPointF | None:
        if at.id in self.lines:
            return self.line_midpoint(at.id)
        if at.id in self.capitals:
            return self.capitals[at.id].pos()
        return self.anchors.get(at.id)

    # ---- hit testing -------------------------------------------------------------------
    def hit_item(self, item: QGraphicsItem, pos: QPointF | None = None) -> Hit | None:
        found = super().hit_item(item, pos)
        if found is not None:
            return found
        if isinstance(item, CapitalItem):
            return Hit(self.board.ref(item.place_id))
        return None

    def hit_background(self, pos: QPointF, ways: bool = True) -> Hit | None:
        """A line within grabbing distance, else the land or sea zone under ``pos``."""
        found = (self._find.line(pos) if ways else None) or self._find.place(pos)
        return Hit(self.board.ref(found)) if found is not None else None


class PlaceFinder:
    """Which line or place of an area map lies at a point, from its geometry: a tree of
    boxes finds the few candidates, prepared shapes answer in about log(vertices) — a
    coastline of 150,000 points is no slower than a square."""

    def __init__(self, board: BoardMap, grab: float) -> None:
        self.grab = grab
        ways = list(board.ways_of(NAVAL_LINE))
        self.way_ids = [w.id for w in ways]
        self.way_geoms = [w.geometry for w in ways]
        # Land first: a click on the coast means the land, as it is drawn above the sea.
        places = [*board.places_of(LAND), *board.places_of(SEA_ZONE)]
        self.place_ids = [p.id for p in places]
        self.place_geoms = [shapely.get_parts(p.geometry).tolist() for p in places]
        parts = [g for geoms in self.place_geoms for g in geoms]
        self.part_owner = [i for i, geoms in enumerate(self.place_geoms) for _g in geoms]
        self.parts = shapely.STRtree(parts)
        self.ways = shapely.STRtree(self.way_geoms)
        shapely.prepare(parts)

    def line(self, pos: QPointF) -> str | None:
        point = shapely.Point(pos.x(), -pos.y())
        near = self.ways.query(point, predicate="dwithin", distance=self.grab)
        if len(near) == 0:
            return None
        best = min(near, key=lambda i: shapely.distance(self.way_geoms[i], point))
        return self.way_ids[int(best)]

    def place(self, pos: QPointF) -> str | None:
        """The land or sea zone at ``pos``: the tree tests only the parts whose boxes hold
        it, against their prepared shapes, in one call (a stack placed clear of labels asks
        this for every spot it tries)."""
        hits = self.parts.query(shapely.Point(pos.x(), -pos.y()), predicate="intersects")
        if len(hits) == 0:
            return None
        return self.place_ids[min(self.part_owner[int(i)] for i in hits)]


def _tinter() -> Callable[[QColor, QColor, float], QColor]:
    """``palette.mix`` remembered for one redraw: thousands of zones share a few tints."""
    seen: dict[tuple[int, int, float], QColor] = {}

    def tint(base: QColor, colour: QColor, t: float) -> QColor:
        key = (base.rgba(), colour.rgba(), t)
        if key not in seen:
            seen[key] = palette.mix(base, colour, t)
        return seen[key]

    return tint


__all__ = ["AreaArt", "AreaScene", "CapitalItem", "LineState", "MarkerItem", "PlaceFinder",
           "ZoneNumbers"]
