"""Hex maps: one item draws the whole grid; named hexside sets (a shaded ring, a strait)
are bands with their names; highlighted hexes show where a click would be legal.

Ten thousand hexes as ten thousand Python items would make every repaint call back into
Python ten thousand times. Instead (the chips example's lesson, taken further) the grid is
one item holding one prebuilt path per terrain, drawn in a few C++ calls, and it drops the
outlines when hexes get too small to see.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsPixmapItem,
    QGraphicsScene,
    QStyleOptionGraphicsItem,
    QWidget,
)

from mineboard.core.places import PlaceRef
from mineboard.maps.hexgrid import Hex, HexGrid, Hexside
from mineboard.maps.model import BOX, BOX_LINK, PORT, BoardMap, EdgeSet, Place, Region
from mineboard.qt.art import counter_pixmap
from mineboard.qt.maps.items import LABEL_Z, LINE_Z, FixedSizeItem, cosmetic
from mineboard.qt.maps.scene import Colours, Hit, MapScene

TERRAIN = {"sea": QColor("#CFE3F1"), "land": QColor("#EADFC2"), "shoal": QColor("#BFD8C9")}
BAND = QColor("#1F4E79")
REGION = QColor("#7A4E9C")
BOX_FILL = QColor("#EEF3F7")
OUTLINE_MIN_PIXELS = 6.0
LABEL_MIN_PIXELS = 22.0
SMOOTH_MIN_PIXELS = 14.0


class HexGridItem(QGraphicsItem):
    def __init__(self, grid: HexGrid) -> None:
        super().__init__()
        self.grid = grid
        x0, y0, x1, y1 = grid.pixel_bounds()
        self._rect = QRectF(x0, y0, x1 - x0, y1 - y0)
        corners = grid.layout.corner_offsets()
        fills: dict[str, QPainterPath] = defaultdict(QPainterPath)
        outline = QPainterPath()
        for h in grid.hexes():
            cx, cy = grid.layout.to_pixel(h)
            poly = QPolygonF([QPointF(cx + dx, cy + dy) for dx, dy in corners])
            terrain = grid.terrain(h)
            if terrain != grid.default_terrain:
                fills[terrain].addPolygon(poly)
            outline.addPolygon(poly)
        self.fills = dict(fills)
        self.outline = outline
        self.pen = QPen(QColor("#8FB0C8"), 0)  # cosmetic hairline
        self.labels = False
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.fillRect(self._rect, TERRAIN.get(self.grid.default_terrain, TERRAIN["sea"]))
        painter.setPen(QPen(QColor(0, 0, 0, 0), 0))
        for terrain, path in self.fills.items():
            painter.setBrush(TERRAIN.get(terrain, QColor("#DDDDDD")))
            painter.drawPath(path)
        lod = option.levelOfDetailFromTransform(painter.worldTransform())
        pixels = lod * self.grid.layout.size
        if pixels >= OUTLINE_MIN_PIXELS:
            # Small hexes: hairlines without antialiasing look the same and cost far less.
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, pixels >= SMOOTH_MIN_PIXELS)
            painter.setPen(self.pen)
            painter.setBrush(QColor(0, 0, 0, 0))
            painter.drawPath(self.outline)
        if self.labels and pixels >= LABEL_MIN_PIXELS:
            self._paint_labels(painter, option.exposedRect)

    def _paint_labels(self, painter: QPainter, exposed: QRectF) -> None:
        """Hex numbers in the top corner of each visible hex, as on a printed map."""
        size = self.grid.layout.size
        font = QFont("DejaVu Sans")
        font.setPixelSize(max(1, round(size * 0.3)))
        painter.setFont(font)
        painter.setPen(QColor("#5E7D96"))
        for h in self.grid.hexes():
            x, y = self.grid.layout.to_pixel(h)
            if exposed.contains(x, y):
                painter.drawText(QRectF(x - size, y - size * 0.86, 2 * size, size * 0.5),
                                 Qt.AlignmentFlag.AlignCenter, self.grid.label(h))


class BandLabel(FixedSizeItem):
    """The name of a hexside set, printed along its band."""

    FONT = QFont("DejaVu Sans", 8, QFont.Weight.Bold)

    def __init__(self, text: str) -> None:
        super().__init__(150, 16)
        self.text = text
        self.setZValue(LABEL_Z)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setFont(self.FONT)
        painter.setPen(BAND)
        painter.drawText(self._rect, Qt.AlignmentFlag.AlignCenter, self.text)


def band_name(edge_set: EdgeSet) -> str:
    boundary = edge_set.props.get("boundary")
    return f"{edge_set.name} ({boundary})" if boundary else edge_set.name


class PortItem(FixedSizeItem):
    """A port: an anchor sign in its hex, named on hover."""

    FONT = QFont("DejaVu Sans", 11, QFont.Weight.Bold)

    def __init__(self, place: Place) -> None:
        super().__init__(18, 18)
        self.place_id = place.id
        self.setToolTip(f"Port {place.name}")
        self.setZValue(LABEL_Z)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(cosmetic(QColor("#203040"), 1))
        painter.setBrush(QColor("#FFFFFF"))
        painter.drawEllipse(self._rect)
        painter.setFont(self.FONT)
        painter.drawText(self._rect, Qt.AlignmentFlag.AlignCenter, "⚓")


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

    def __init__(self, board: BoardMap, colours: Colours) -> None:
        super().__init__(board, colours)
        if board.grid is None:
            raise ValueError(f"map {board.id} has no hex grid")
        self.grid: HexGrid = board.grid
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
        self.boxes = self._boxes()
        self.bands = {s.id: self._band(s) for s in board.edge_sets.values()}
        self.regions = {r.id: self._region(r) for r in board.regions.values()}
        self.highlight = QGraphicsPathItem()
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
        _x0, y0, x1, _y1 = self.grid.pixel_bounds()
        width, height = 5 * size, 2.2 * size
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
        for way in self.board.ways_of(BOX_LINK):
            if way.a in self.anchors and way.b in self.anchors:
                link = QPainterPath(self.anchors[way.a])
                link.lineTo(self.anchors[way.b])
                line = QGraphicsPathItem(link)
                line.setPen(pen)
                line.setZValue(LINE_Z - 0.2)
                self.addItem(line)
        return boxes

    def _region(self, region: Region) -> QGraphicsPathItem:
        """A named set of hexes, outlined along its outer hexsides and named at its middle."""
        members = {self.grid.from_label(p) for p in region.places
                   if p in self.board.places and self.board.places[p].kind == "hex"}
        outer = [Hexside.of(h, d) for h in members for d in range(6)
                 if h.neighbour(d) not in members]
        item = QGraphicsPathItem(self._sides_path(outer))
        pen = cosmetic(REGION, 2.5)
        pen.setStyle(Qt.PenStyle.DashDotLine)
        item.setPen(pen)
        item.setZValue(LINE_Z)
        item.setToolTip(region.name)
        self.addItem(item)
        if members:
            xs, ys = zip(*(self.grid.layout.to_pixel(h) for h in members), strict=True)
            label = BandLabel(region.name)
            label.setPos(sum(xs) / len(xs), sum(ys) / len(ys))
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
            label = BandLabel(band_name(edge_set))
            label.setPos(x, y)
            self.addItem(label)
        return item

    def stack_offset(self, index: int, order: int) -> QPointF:
        return QPointF(-4 + 14 * order, 0)

    def marker_offset(self, at: PlaceRef, index: int, count: int, order: int) -> QPointF:
        return QPointF(-10 + 20 * order, 14)

    def set_targets(self, targets: Iterable[PlaceRef]) -> None:
        self._highlight({t.id for t in targets})

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

    def hit_item(self, item: QGraphicsItem) -> Hit | None:
        found = super().hit_item(item)
        if found is None and isinstance(item, PortItem | BoxItem):
            return Hit(self.board.ref(item.place_id))
        return found

    def hit_background(self, pos: QPointF) -> Hit | None:
        h = self.grid.hex_at(pos.x(), pos.y())
        return Hit(self.board.ref(self.grid.label(h))) if h is not None else None


class HexBoardScene(QGraphicsScene):
    """A bare hex board with counters, for the benchmarks."""

    def __init__(self, grid: HexGrid) -> None:
        super().__init__()
        self.grid = grid
        self.grid_item = HexGridItem(grid)
        self.addItem(self.grid_item)
        self.counters: list[QGraphicsPixmapItem] = []
        self.setSceneRect(self.grid_item.boundingRect())

    def add_counter(self, h: Hex, unit_type: str, colour: str) -> QGraphicsPixmapItem:
        size = round(self.grid.layout.size * 1.1)
        item = QGraphicsPixmapItem(counter_pixmap(unit_type, colour, "", size))
        x, y = self.grid.layout.to_pixel(h)
        item.setOffset(-size / 2, -size / 2)
        item.setPos(x, y)
        item.setZValue(1)
        item.setData(0, self.grid.label(h))
        self.addItem(item)
        self.counters.append(item)
        return item

    def hex_at(self, pos: QPointF) -> Hex | None:
        return self.grid.hex_at(pos.x(), pos.y())
