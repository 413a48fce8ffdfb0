"""Point maps: a dark sky, places as bright points with their names, the routes between
them as thin lines."""

from __future__ import annotations

import statistics
from functools import cache

import shapely
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem

from mineboard.core.places import PlaceRef
from mineboard.maps.model import ROUTE, SYSTEM, BoardMap
from mineboard.qt.geometry import to_scene
from mineboard.qt.maps.items import (
    LABEL_Z,
    LINE_Z,
    Art,
    Overlay,
    ScreenItem,
    TextItem,
    TextStyle,
    compose,
    cosmetic,
)
from mineboard.qt.maps.picture import Picture
from mineboard.qt.maps.scene import Colours, Hit, MapScene

SKY = QColor("#0B1224")
ROUTE_INK = QColor("#5A6E96")
STAR = QColor("#FFF6D8")
STAR_NAME = TextStyle(9, "#DCE6FF", below=10)


class SystemItem(ScreenItem):
    """A star system: a bright point, ringed in red while it is pointed at."""

    def __init__(self, place_id: str, name: str) -> None:
        super().__init__(LABEL_Z)
        self.place_id = place_id
        self.name = name
        self.lit = False
        self.refresh()

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addEllipse(QPointF(0, 0), 12, 12)
        return path

    def art(self) -> Art:
        return star_art(self.lit, self.ratio)


@cache
def star_art(lit: bool, ratio: float) -> Art:
    def draw(p: QPainter) -> None:
        glow = QColor(STAR)
        p.setPen(Qt.PenStyle.NoPen)
        for r, alpha in ((11, 40), (7, 90)):
            glow.setAlpha(alpha)
            p.setBrush(glow)
            p.drawEllipse(QPointF(0, 0), r, r)
        p.setBrush(STAR)
        p.drawEllipse(QPointF(0, 0), 4, 4)
        if lit:
            p.setPen(QPen(QColor("#FF5A5F"), 3))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawEllipse(QPointF(0, 0), 15, 15)

    return compose(QRectF(-17, -17, 34, 34), ratio, draw)


def typical_gap(points: list[QPointF]) -> float:
    """The median distance from a point to its nearest neighbour (by a tree: a generated
    sky of thousands of stars is no slower to open)."""
    if len(points) < 2:
        return 100.0
    stars = shapely.points([(p.x(), p.y()) for p in points])
    _pairs, gaps = shapely.STRtree(stars).query_nearest(stars, exclusive=True,
                                                        return_distance=True)
    return float(statistics.median(gaps))


class PointScene(MapScene):
    map_kind = "point"
    stacks_keep_clear = True

    def __init__(self, board: BoardMap, colours: Colours) -> None:
        super().__init__(board, colours)
        self.systems: dict[str, SystemItem] = {}
        self.routes: dict[str, QGraphicsPathItem] = {}
        self.tethers = Overlay()
        self.tethers.setPen(cosmetic(STAR, 1.5))
        self.tethers.setZValue(LABEL_Z - 0.5)
        self.addItem(self.tethers)
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
            name = TextItem(place.name, STAR_NAME)
            name.setPos(self.anchors[place.id])
            self.addItem(name)
        self.spacing = typical_gap(list(self.anchors.values()))
        self.setSceneRect(self.itemsBoundingRect().adjusted(-60, -60, 60, 60))

    def stack_offset(self, index: int, order: int) -> QPointF:
        """Fleets just right of their star, side by side: set above it, a fleet read as
        being at the system above (the name is under the star)."""
        return QPointF(52 + 56 * index, -24)

    def marker_offset(self, at: PlaceRef, index: int, count: int, order: int) -> QPointF:
        """Minefield counters just left of their star, owners side by side."""
        return QPointF(-56 - 50 * index, -6)

    def _arrange_markers(self) -> None:
        """Then a thin tether from each star to its fleets and counters: beside a star, a
        stack must not read as being at the next one."""
        super()._arrange_markers()
        self._tie()

    def set_view(self, scale: float, ratio: float = 1.0, settle: bool = False) -> None:
        super().set_view(scale, ratio, settle)
        self._tie()  # the shifts are screen pixels: the tethers follow the zoom

    def _tie(self) -> None:
        path = QPainterPath()
        unit = 1 / self.view_scale
        for item in [*self.stacks.values(), *self.markers.values()]:
            path.moveTo(item.pos())
            path.lineTo(item.pos() + item.shift * unit)
        self.tethers.setPath(path)

    def show_places(self, picture: Picture) -> None:
        for sid, item in self.systems.items():
            item.setToolTip(picture.tips.get(sid, item.name))

    def flash(self, at: PlaceRef | None, on: bool) -> None:
        for sid, item in self.systems.items():
            lit = on and at is not None and sid == at.id
            if item.lit != lit:
                item.lit = lit
                item.refresh()

    def hit_item(self, item: QGraphicsItem, pos: QPointF | None = None) -> Hit | None:
        found = super().hit_item(item, pos)
        if found is None and isinstance(item, SystemItem):
            return Hit(self.board.ref(item.place_id))
        return found
