"""Point maps: a dark sky, places as bright points with their names, the routes between
them as thin lines."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QStyleOptionGraphicsItem, QWidget

from mineboard.core.places import PlaceRef
from mineboard.maps.model import ROUTE, SYSTEM, BoardMap
from mineboard.qt.geometry import to_scene
from mineboard.qt.maps.items import LABEL_Z, LINE_Z, FixedSizeItem
from mineboard.qt.maps.picture import Picture
from mineboard.qt.maps.scene import Colours, Hit, MapScene

SKY = QColor("#0B1224")
ROUTE_INK = QColor("#5A6E96")
STAR = QColor("#FFF6D8")


class SystemItem(FixedSizeItem):
    FONT = QFont("DejaVu Sans", 9)

    def __init__(self, place_id: str, name: str) -> None:
        super().__init__(130, 40)
        self.place_id = place_id
        self.name = name
        self.lit = False
        self.setZValue(LABEL_Z)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addEllipse(QPointF(0, 0), 12, 12)
        return path

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        glow = QColor(STAR)
        for r, alpha in ((11, 40), (7, 90)):
            glow.setAlpha(alpha)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(glow)
            painter.drawEllipse(QPointF(0, 0), r, r)
        painter.setBrush(STAR)
        painter.drawEllipse(QPointF(0, 0), 4, 4)
        if self.lit:
            painter.setPen(QPen(QColor("#FF5A5F"), 3))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(QPointF(0, 0), 15, 15)
        painter.setFont(self.FONT)
        painter.setPen(QColor("#DCE6FF"))
        painter.drawText(QRectF(-65, 10, 130, 16), Qt.AlignmentFlag.AlignCenter, self.name)


class PointScene(MapScene):
    map_kind = "point"

    def __init__(self, board: BoardMap, colours: Colours) -> None:
        super().__init__(board, colours)
        self.systems: dict[str, SystemItem] = {}
        self.routes: dict[str, QGraphicsPathItem] = {}
        self.setBackgroundBrush(SKY)
        pen = QPen(ROUTE_INK, 1.4)
        pen.setCosmetic(True)
        for place in board.places_of(SYSTEM):
            geom = place.geometry
            assert geom is not None  # the loader gives every system a Point
            self.anchors[place.id] = to_scene(geom.x, geom.y)
        for way in board.ways_of(ROUTE):
            path = QPainterPath(self.anchors[way.a])
            path.lineTo(self.anchors[way.b])
            item = QGraphicsPathItem(path)
            item.setPen(pen)
            item.setZValue(LINE_Z)
            self.addItem(item)
            self.routes[way.id] = item
        for place in board.places_of(SYSTEM):
            system = SystemItem(place.id, place.name)
            system.setPos(self.anchors[place.id])
            self.addItem(system)
            self.systems[place.id] = system
        self.setSceneRect(self.itemsBoundingRect().adjusted(-60, -60, 60, 60))

    def stack_offset(self, index: int, order: int) -> QPointF:
        return QPointF(-30 + 60 * order, -36)

    def marker_offset(self, at: PlaceRef, index: int, count: int, order: int) -> QPointF:
        return QPointF(-22 + 50 * order, 40)

    def show_places(self, picture: Picture) -> None:
        for sid, item in self.systems.items():
            item.setToolTip(picture.tips.get(sid, item.name))

    def flash(self, at: PlaceRef | None, on: bool) -> None:
        for sid, item in self.systems.items():
            lit = on and at is not None and sid == at.id
            if item.lit != lit:
                item.lit = lit
                item.update()

    def hit_item(self, item: QGraphicsItem) -> Hit | None:
        found = super().hit_item(item)
        if found is None and isinstance(item, SystemItem):
            return Hit(self.board.ref(item.place_id))
        return found
