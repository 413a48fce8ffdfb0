"""The graphics items of an area map: zones, land, naval lines, labels, mines, counters.

Items hold only what they draw; the scene sets it from the viewing side's view of the
state. Labels, markers and counters ignore the view's zoom so they stay legible.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QPainter,
    QPainterPath,
    QPainterPathStroker,
    QPen,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsSceneHoverEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from mineboard.qt import palette
from mineboard.qt.art import counter_pixmap, silhouette

ZONE_Z, LAND_Z, LINE_Z, PATH_Z, LABEL_Z, STACK_Z, MARKER_Z = 0, 1, 2, 3, 4, 5, 6


def _cosmetic(colour: QColor, width: float) -> QPen:
    pen = QPen(colour, width)
    pen.setCosmetic(True)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    return pen


class ZoneItem(QGraphicsPathItem):
    kind = "zone"

    def __init__(self, place_id: str, path: QPainterPath) -> None:
        super().__init__(path)
        self.place_id = place_id
        self.setPen(QPen(Qt.PenStyle.NoPen))
        self.setZValue(ZONE_Z)


class LandItem(QGraphicsPathItem):
    kind = "land"

    def __init__(self, place_id: str, path: QPainterPath) -> None:
        super().__init__(path)
        self.place_id = place_id
        self.setPen(_cosmetic(palette.COAST, 0.8))
        self.setBrush(palette.LAND)
        self.setZValue(LAND_Z)


class LineItem(QGraphicsPathItem):
    """A naval line: thin, bright and thick on hover, glowing while it is a legal target."""

    kind = "line"

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
            self.setPen(_cosmetic(palette.LINE_HOVER, 5))
        elif self.eligible:
            self.setPen(_cosmetic(palette.LINE_ELIGIBLE.darker(110), 6))
        elif self.mined:
            self.setPen(_cosmetic(QColor("#8B1E3F"), 2.2))
        else:
            self.setPen(_cosmetic(palette.LINE, 1.0))

    def hoverEnterEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self.hovered = True
        self._restyle()
        super().hoverEnterEvent(event)

    def hoverLeaveEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self.hovered = False
        self._restyle()
        super().hoverLeaveEvent(event)


class PathItem(QGraphicsPathItem):
    """The planned route of a move."""

    def __init__(self) -> None:
        super().__init__()
        pen = _cosmetic(palette.PATH, 4)
        pen.setStyle(Qt.PenStyle.DashLine)
        self.setPen(pen)
        self.setZValue(PATH_Z)


class FixedSizeItem(QGraphicsItem):
    """Drawn in screen pixels around its anchor, whatever the zoom."""

    def __init__(self, width: float, height: float) -> None:
        super().__init__()
        self._rect = QRectF(-width / 2, -height / 2, width, height)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)

    def boundingRect(self) -> QRectF:
        return self._rect


class ZoneLabelItem(FixedSizeItem):
    """The zone number in a small disc, at the zone's pole of inaccessibility."""

    kind = "zone"
    FONT = QFont("DejaVu Sans", 8)
    FONT.setBold(True)

    def __init__(self, place_id: str, text: str) -> None:
        width = 12 + 7 * len(text)
        super().__init__(width, 18)
        self.place_id = place_id
        self.text = text
        self.ring: QColor | None = None  # the controller's colour
        self.setZValue(LABEL_Z)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(_cosmetic(self.ring, 2.5) if self.ring is not None
                       else _cosmetic(palette.LABEL_INK.lighter(250), 1))
        painter.setBrush(palette.LABEL_DISC)
        painter.drawRoundedRect(self._rect, 9, 9)
        painter.setFont(self.FONT)
        painter.setPen(palette.LABEL_INK)
        painter.drawText(self._rect, Qt.AlignmentFlag.AlignCenter, self.text)


class CapitalItem(FixedSizeItem):
    """A capital: a star, its name, and its industrial capacity in a box."""

    kind = "land"
    FONT = QFont("DejaVu Sans", 8)

    def __init__(self, place_id: str, name: str, capacity: int) -> None:
        super().__init__(110, 34)
        self.place_id = place_id
        self.name = name
        self.capacity = capacity
        self.owner_colour = QColor("#333333")
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
        import math

        for i in range(10):
            r = 8 if i % 2 == 0 else 3.4
            a = -math.pi / 2 + i * math.pi / 5
            p = QPointF(r * math.cos(a), r * math.sin(a))
            star.moveTo(p) if i == 0 else star.lineTo(p)
        star.closeSubpath()
        painter.setPen(_cosmetic(QColor("#222222"), 1))
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


class MineMarkerItem(FixedSizeItem):
    """Mines on a line: the owner's colour, a mine glyph, the owner's code and the count."""

    kind = "line"
    FONT = QFont("DejaVu Sans", 8)
    FONT.setBold(True)

    def __init__(self, way_id: str, owner: str, colour: QColor, count: int) -> None:
        super().__init__(54, 24)
        self.way_id = way_id
        self.owner = owner
        self.colour = colour
        self.count = count
        self.flash = 0.0
        self.setZValue(MARKER_Z)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        body = QRectF(-27, -12, 54, 24)
        glow = QColor("#FFEE55") if self.flash > 0 else QColor(255, 255, 255, 235)
        painter.setPen(_cosmetic(self.colour.darker(150), 1.5))
        painter.setBrush(glow)
        painter.drawRoundedRect(body, 12, 12)
        ink = self.colour if self.colour.lightness() < 200 else self.colour.darker(160)
        silhouette("mine", ink.name()).render(painter, QRectF(-26, -11, 22, 22))
        painter.setFont(self.FONT)
        painter.setPen(QColor("#111111"))
        painter.drawText(QRectF(-5, -12, 32, 24), Qt.AlignmentFlag.AlignCenter,
                         f"{palette.nation_code(self.owner)} {self.count}")


class StackItem(FixedSizeItem):
    """One nation's ships in one zone: the top counter, a fan behind it, a count badge."""

    kind = "stack"
    SIZE = 34
    FONT = QFont("DejaVu Sans", 7)
    FONT.setBold(True)

    def __init__(self, zone: str, nation: str, colour: QColor) -> None:
        super().__init__(self.SIZE + 14, self.SIZE + 14)
        self.zone = zone
        self.nation = nation
        self.colour = colour
        self.types: list[str] = []
        self.count = 0
        self.selected_count = 0
        self.art_prefix = ""  # "space-" for star-map ships
        self.setZValue(STACK_Z)

    def set_units(self, types: list[str], selected: int = 0) -> None:
        self.types = types
        self.count = len(types)
        self.selected_count = selected
        self.update()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        if not self.types:
            return
        s = self.SIZE
        ratio = painter.device().devicePixelRatioF() if painter.device() else 1.0
        fan = min(3, len(set(self.types))) - 1
        shown = list(dict.fromkeys(reversed(self.types)))[: fan + 1]
        for i, utype in enumerate(reversed(shown)):
            off = (fan - i) * 4
            top_left = QPointF(-s / 2 + off - 4, -s / 2 + off - 4)
            label = utype.replace("_", " ")[:4].upper() if i == fan else ""
            painter.drawPixmap(top_left, counter_pixmap(self.art_prefix + utype,
                                                         self.colour.name(), label, s, ratio))
        if self.selected_count:
            painter.setPen(_cosmetic(QColor("#FFD400"), 3))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(QRectF(-s / 2 - 6, -s / 2 - 6, s + 4, s + 4), 6, 6)
        if self.count > 1:
            badge = QRectF(s / 2 - 12, -s / 2 - 9, 18, 14)
            painter.setPen(_cosmetic(QColor("#222222"), 1))
            painter.setBrush(QBrush(QColor("#FFFFFF")))
            painter.drawRoundedRect(badge, 7, 7)
            painter.setFont(self.FONT)
            painter.setPen(QColor("#111111"))
            painter.drawText(badge, Qt.AlignmentFlag.AlignCenter, str(self.count))
