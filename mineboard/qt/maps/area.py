"""Area maps: sea zones and land as polygons, the naval lines between zones, zone numbers at
each zone's pole of inaccessibility, capitals with their industrial capacity."""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPainterPathStroker, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsSceneHoverEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)
from shapely.ops import polylabel

from mineboard.core.places import PlaceRef
from mineboard.maps.model import LAND, NAVAL_LINE, SEA_ZONE, BoardMap
from mineboard.qt import palette
from mineboard.qt.geometry import line_path, polygon_path, to_scene
from mineboard.qt.maps.items import (
    LABEL_Z,
    LAND_Z,
    LINE_Z,
    ZONE_Z,
    FixedSizeItem,
    MarkerItem,
    cosmetic,
)
from mineboard.qt.maps.picture import Picture
from mineboard.qt.maps.scene import Colours, Hit, MapScene

MINED_LINE = QColor("#8B1E3F")


class ZoneItem(QGraphicsPathItem):
    def __init__(self, place_id: str, path: QPainterPath) -> None:
        super().__init__(path)
        self.place_id = place_id
        self.setPen(QPen(Qt.PenStyle.NoPen))
        self.setZValue(ZONE_Z)


class LandItem(QGraphicsPathItem):
    def __init__(self, place_id: str, path: QPainterPath) -> None:
        super().__init__(path)
        self.place_id = place_id
        self.setPen(cosmetic(palette.COAST, 0.8))
        self.setBrush(palette.LAND)
        self.setZValue(LAND_Z)


class LineItem(QGraphicsPathItem):
    """A naval line: thin, bright and thick on hover, glowing while it is a legal target."""

    def __init__(self, way_id: str, path: QPainterPath, grab_width: float) -> None:
        super().__init__(path)
        self.way_id = way_id
        self.hovered = False
        self.eligible = False
        self.mined = False
        stroker = QPainterPathStroker()
        stroker.setWidth(grab_width)
        self._shape = stroker.createStroke(path)
        self.setAcceptHoverEvents(True)
        self.setZValue(LINE_Z)
        self._restyle()

    def shape(self) -> QPainterPath:
        return self._shape

    def boundingRect(self) -> QRectF:
        return self._shape.boundingRect()

    def set_state(self, *, eligible: bool | None = None, mined: bool | None = None) -> None:
        if eligible is not None:
            self.eligible = eligible
        if mined is not None:
            self.mined = mined
        self._restyle()

    def _restyle(self) -> None:
        if self.hovered:
            self.setPen(cosmetic(palette.LINE_HOVER, 5))
        elif self.eligible:
            self.setPen(cosmetic(palette.LINE_ELIGIBLE.darker(110), 6))
        elif self.mined:
            self.setPen(cosmetic(MINED_LINE, 2.2))
        else:
            self.setPen(cosmetic(palette.LINE, 1.0))

    def hoverEnterEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self.hovered = True
        self._restyle()
        super().hoverEnterEvent(event)

    def hoverLeaveEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self.hovered = False
        self._restyle()
        super().hoverLeaveEvent(event)


class ZoneLabelItem(FixedSizeItem):
    """The zone number in a small disc, ringed in the colour of whoever holds the zone."""

    FONT = QFont("DejaVu Sans", 8)
    FONT.setBold(True)

    def __init__(self, place_id: str, text: str) -> None:
        super().__init__(12 + 7 * len(text), 18)
        self.place_id = place_id
        self.text = text
        self.ring: QColor | None = None
        self.setZValue(LABEL_Z)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(cosmetic(self.ring, 2.5) if self.ring is not None
                       else cosmetic(palette.LABEL_INK.lighter(250), 1))
        painter.setBrush(palette.LABEL_DISC)
        painter.drawRoundedRect(self._rect, 9, 9)
        painter.setFont(self.FONT)
        painter.setPen(palette.LABEL_INK)
        painter.drawText(self._rect, Qt.AlignmentFlag.AlignCenter, self.text)


class CapitalItem(FixedSizeItem):
    """A capital: a star in its holder's colour, its name, its industrial capacity."""

    FONT = QFont("DejaVu Sans", 8)

    def __init__(self, place_id: str, name: str, capacity: int) -> None:
        super().__init__(110, 34)
        self.place_id = place_id
        self.name = name
        self.capacity = capacity
        self.owner_colour = QColor("#999999")
        self.setZValue(LABEL_Z)

    def shape(self) -> QPainterPath:
        """Only the star takes clicks; the name must not hide the lines beneath it."""
        path = QPainterPath()
        path.addEllipse(QPointF(0, 0), 9, 9)
        return path

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        star = QPainterPath()
        for i in range(10):
            r = 8 if i % 2 == 0 else 3.4
            a = -math.pi / 2 + i * math.pi / 5
            p = QPointF(r * math.cos(a), r * math.sin(a))
            if i == 0:
                star.moveTo(p)
            else:
                star.lineTo(p)
        star.closeSubpath()
        painter.setPen(cosmetic(QColor("#222222"), 1))
        painter.setBrush(self.owner_colour)
        painter.drawPath(star)
        painter.setFont(self.FONT)
        text = self.name + (f"  [{self.capacity}]" if self.capacity else "")
        rect = QRectF(-55, 8, 110, 14)
        painter.setPen(QColor(255, 255, 255, 200))
        for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            painter.drawText(rect.translated(dx, dy), Qt.AlignmentFlag.AlignCenter, text)
        painter.setPen(QColor("#2B2118"))
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)


def _anchor(geom: Any, scale: float) -> QPointF:
    """Pole of inaccessibility: inside even a crescent-shaped zone, unlike the centroid."""
    biggest = max(getattr(geom, "geoms", [geom]), key=lambda g: g.area)
    point = polylabel(biggest, tolerance=scale * 0.002)
    return to_scene(point.x, point.y)


class AreaScene(MapScene):
    map_kind = "area"

    def __init__(self, board: BoardMap, colours: Colours) -> None:
        super().__init__(board, colours)
        self.zones: dict[str, ZoneItem] = {}
        self.lands: dict[str, LandItem] = {}
        self.lines: dict[str, LineItem] = {}
        self.labels: dict[str, ZoneLabelItem] = {}
        self.capitals: dict[str, CapitalItem] = {}
        self._build()

    def _build(self) -> None:
        boxes = [p.geometry.bounds for p in self.board.places.values() if p.geometry is not None]
        minx, miny = min(b[0] for b in boxes), min(b[1] for b in boxes)
        maxx, maxy = max(b[2] for b in boxes), max(b[3] for b in boxes)
        scale = max(maxx - minx, maxy - miny)
        self.setBackgroundBrush(palette.SEA.darker(104))
        for i, place in enumerate(self.board.places_of(SEA_ZONE)):
            item = ZoneItem(place.id, polygon_path(place.geometry))
            item.setBrush(palette.SEA if i % 2 else palette.SEA_ALT)
            self.addItem(item)
            self.zones[place.id] = item
            self.anchors[place.id] = _anchor(place.geometry, scale)
            label = ZoneLabelItem(place.id, place.label)
            label.setPos(self.anchors[place.id])
            self.addItem(label)
            self.labels[place.id] = label
        for place in self.board.places_of(LAND):
            land = LandItem(place.id, polygon_path(place.geometry))
            self.addItem(land)
            self.lands[place.id] = land
            self.anchors[place.id] = _anchor(place.geometry, scale)
            if "capital" in place.props:
                cap = CapitalItem(place.id, str(place.props["capital"]),
                                  int(place.props.get("industrial_capacity", 0)))
                xy = place.props.get("capital_xy")
                cap.setPos(to_scene(*xy) if xy else self.anchors[place.id])
                self.addItem(cap)
                self.capitals[place.id] = cap
        for way in self.board.ways_of(NAVAL_LINE):
            line = LineItem(way.id, line_path(way.geometry), grab_width=scale * 0.006)
            self.addItem(line)
            self.lines[way.id] = line
        margin = scale * 0.02
        self.setSceneRect(QRectF(minx - margin, -maxy - margin, maxx - minx + 2 * margin,
                                 maxy - miny + 2 * margin))

    def line_midpoint(self, way_id: str) -> QPointF:
        geom = self.board.ways[way_id].geometry
        assert geom is not None  # naval lines are derived from the zones' shared borders
        point = geom.interpolate(0.5, normalized=True)
        return to_scene(point.x, point.y)

    # ---- the picture -------------------------------------------------------------------
    def stack_offset(self, index: int, order: int) -> QPointF:
        return QPointF(36 + index * 44, 0)  # right of the zone number, owners side by side

    def marker_anchor(self, at: PlaceRef) -> QPointF | None:
        return self.line_midpoint(at.id) if at.id in self.lines else self.anchors.get(at.id)

    def marker_offset(self, at: PlaceRef, index: int, count: int, order: int) -> QPointF:
        return QPointF(0, index * 26 - (count - 1) * 13)  # owners' fields stacked on the line

    def show_places(self, picture: Picture) -> None:
        for i, (zid, item) in enumerate(sorted(self.zones.items())):
            holder = picture.holders.get(zid)
            base = palette.SEA if i % 2 else palette.SEA_ALT
            item.setBrush(palette.mix(base, self.colour(holder), 0.10) if holder else
                          palette.SEA_NEUTRAL)
            item.setToolTip(picture.tips.get(zid, ""))
            label = self.labels[zid]
            label.setToolTip(item.toolTip())
            label.ring = self.colour(holder) if holder else None
            label.update()
        for tid, land in self.lands.items():
            owner = picture.holders.get(tid)
            land.setBrush(palette.mix(palette.LAND, self.colour(owner), palette.LAND_OWNED_MIX)
                          if owner else palette.LAND)
            land.setToolTip(picture.tips.get(tid, self.board.places[tid].name))
            cap = self.capitals.get(tid)
            if cap is not None:
                cap.owner_colour = self.colour(owner) if owner else QColor("#999999")
                cap.setToolTip(land.toolTip())
                cap.update()
        for wid, line in self.lines.items():
            line.set_state(mined=wid in picture.marked)
            line.setToolTip(picture.tips.get(wid, f"Naval line {wid}"))

    # ---- overlays ----------------------------------------------------------------------
    def set_targets(self, targets: Iterable[PlaceRef]) -> None:
        glowing = {t.id for t in targets}
        for wid, item in self.lines.items():
            item.set_state(eligible=wid in glowing)

    def flash(self, at: PlaceRef | None, on: bool) -> None:
        """Light up a line (a detonation, a log entry clicked); None clears all."""
        targets = list(self.lines) if at is None else [at.id]
        for way_id in targets:
            for (line, _owner), marker in self.markers.items():
                if line == way_id:
                    marker.flash = 1.0 if on else 0.0
                    marker.update()
            item = self.lines.get(way_id)
            if item is not None:
                item.hovered = on
                item.set_state()

    def point_of(self, at: PlaceRef) -> QPointF | None:
        if at.id in self.lines:
            return self.line_midpoint(at.id)
        if at.id in self.capitals:
            return self.capitals[at.id].pos()
        return self.anchors.get(at.id)

    def set_detail(self, zoom_of_fit: float) -> None:
        """Far out, capital names give way to the map and zone numbers shrink."""
        far = zoom_of_fit < 0.8
        for cap in self.capitals.values():
            cap.setVisible(not far)
        for label in self.labels.values():
            label.setScale(0.8 if far else 1.0)

    # ---- hit testing -------------------------------------------------------------------
    def hit_item(self, item: QGraphicsItem) -> Hit | None:
        found = super().hit_item(item)
        if found is not None:
            return found
        if isinstance(item, LineItem):
            return Hit(self.board.ref(item.way_id))
        if isinstance(item, ZoneItem | LandItem | ZoneLabelItem | CapitalItem):
            return Hit(self.board.ref(item.place_id))
        return None


__all__ = ["AreaScene", "CapitalItem", "LandItem", "LineItem", "MarkerItem", "ZoneItem",
           "ZoneLabelItem"]
