"""The items every kind of map shares: unit stacks, counters and minefield markers, the
planned route. They ignore the view's zoom so they stay legible, and hold only what they
draw: the scene sets it from a :class:`~mineboard.qt.maps.picture.Picture`."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QStyleOptionGraphicsItem, QWidget

from mineboard.core.places import PlaceRef
from mineboard.qt import palette
from mineboard.qt.art import counter_pixmap, silhouette
from mineboard.qt.maps.picture import Face, UnitMark

ZONE_Z, LAND_Z, LINE_Z, PATH_Z, LABEL_Z, STACK_Z, MARKER_Z = 0, 1, 2, 3, 4, 5, 6

BACK_COLOUR = QColor("#9AA3B5")
UP_COLOUR = QColor("#D0021B")


def cosmetic(colour: QColor, width: float) -> QPen:
    """A pen whose width is in screen pixels at every zoom."""
    pen = QPen(colour, width)
    pen.setCosmetic(True)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    return pen


class FixedSizeItem(QGraphicsItem):
    """Drawn in screen pixels around its anchor, whatever the zoom."""

    def __init__(self, width: float, height: float) -> None:
        super().__init__()
        self._rect = QRectF(-width / 2, -height / 2, width, height)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)

    def boundingRect(self) -> QRectF:
        return self._rect


class PathItem(QGraphicsPathItem):
    """The planned route of a move."""

    def __init__(self) -> None:
        super().__init__()
        pen = cosmetic(palette.PATH, 4)
        pen.setStyle(Qt.PenStyle.DashLine)
        self.setPen(pen)
        self.setZValue(PATH_Z)


class StackItem(FixedSizeItem):
    """One owner's units at one place: the top counter, a fan behind it, a count badge."""

    SIZE = 34
    FONT = QFont("DejaVu Sans", 7)
    FONT.setBold(True)

    def __init__(self, place: str, owner: str, colour: QColor) -> None:
        super().__init__(self.SIZE + 14, self.SIZE + 14)
        self.place = place
        self.owner = owner
        self.colour = colour
        self.units: tuple[UnitMark, ...] = ()
        self.selected_count = 0
        self.setZValue(STACK_Z)

    def set_units(self, units: tuple[UnitMark, ...], selected: int = 0) -> None:
        self.units = units
        self.selected_count = selected
        self.update()

    @property
    def count(self) -> int:
        return len(self.units)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        if not self.units:
            return
        s = self.SIZE
        ratio = painter.device().devicePixelRatioF() if painter.device() else 1.0
        kinds = list(dict.fromkeys((u.art, u.label) for u in self.units))[:3]
        fan = len(kinds) - 1
        for i, (art, label) in enumerate(reversed(kinds)):
            off = (fan - i) * 4
            top_left = QPointF(-s / 2 + off - 4, -s / 2 + off - 4)
            painter.drawPixmap(top_left, counter_pixmap(art, self.colour.name(),
                                                         label if i == fan else "", s, ratio))
        if self.selected_count:
            painter.setPen(cosmetic(QColor("#FFD400"), 3))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(QRectF(-s / 2 - 6, -s / 2 - 6, s + 4, s + 4), 6, 6)
        if self.count > 1:
            badge = QRectF(s / 2 - 12, -s / 2 - 9, 18, 14)
            painter.setPen(cosmetic(QColor("#222222"), 1))
            painter.setBrush(QBrush(QColor("#FFFFFF")))
            painter.drawRoundedRect(badge, 7, 7)
            painter.setFont(self.FONT)
            painter.setPen(QColor("#111111"))
            painter.drawText(badge, Qt.AlignmentFlag.AlignCenter, str(self.count))


class MarkerItem(FixedSizeItem):
    """One owner's markers at a place or on a way.

    Face-down counters are a fan of chits: a back ("?") the viewer may not read, a face its
    owner knows, red when turned up. A minefield with a known size is a badge: the mine
    glyph in the owner's colour, the owner's letters and the number of mines — never colour
    alone.
    """

    CHIP = 18
    FONT = QFont("DejaVu Sans", 8)
    FONT.setBold(True)

    def __init__(self, at: PlaceRef, owner: str, colour: QColor) -> None:
        super().__init__(60, 28)
        self.at = at
        self.owner = owner
        self.colour = colour
        self.faces: tuple[Face, ...] = ()
        self.count = 0
        self.revealed: tuple[Face, ...] | None = None  # faces shown while counters turn up
        self.flip = 1.0
        self.flash = 0.0
        self.setZValue(MARKER_Z)

    def shown(self) -> tuple[Face, ...]:
        return self.revealed if self.revealed is not None else self.faces

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        faces = self.shown()
        if faces:
            self._paint_chits(painter, faces)
        else:
            self._paint_field(painter)

    def _paint_chits(self, painter: QPainter, faces: tuple[Face, ...]) -> None:
        painter.scale(max(0.05, abs(self.flip)), 1.0)
        # Backs under faces the viewer knows, turned-up counters on top; of a tall stack the
        # top four show, centred on the anchor.
        shown = sorted(faces, key=lambda f: (f.up, f.text != "?"))[-4:]
        top = len(shown) - 1
        for i, face in enumerate(shown):
            rect = QRectF(-self.CHIP / 2 - 2 * top + i * 4, -self.CHIP / 2 + top - i * 2,
                          self.CHIP, self.CHIP)
            back = face.text == "?"
            fill = UP_COLOUR if face.up else BACK_COLOUR if back else self.colour
            painter.setPen(QPen(QColor("#222222"), 1))
            painter.setBrush(fill)
            painter.drawRoundedRect(rect, 3, 3)
            if i == top:
                painter.setFont(self.FONT)
                painter.setPen(palette.ink_for(fill))
                painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, face.text)
        if len(faces) > 1:  # the count on a white badge, legible on sea, land and sky
            badge = QRectF(self.CHIP / 2 + top * 2 - 4, -self.CHIP / 2 - top - 10, 22, 14)
            painter.setPen(QPen(QColor("#222222"), 1))
            painter.setBrush(QColor("#FFFFFF"))
            painter.drawRoundedRect(badge, 7, 7)
            painter.setFont(self.FONT)
            painter.setPen(QColor("#111111"))
            painter.drawText(badge, Qt.AlignmentFlag.AlignCenter, f"×{len(faces)}")

    def _paint_field(self, painter: QPainter) -> None:
        body = QRectF(-27, -12, 54, 24)
        glow = QColor("#FFEE55") if self.flash > 0 else QColor(255, 255, 255, 235)
        painter.setPen(cosmetic(self.colour.darker(150), 1.5))
        painter.setBrush(glow)
        painter.drawRoundedRect(body, 12, 12)
        ink = self.colour if self.colour.lightness() < 200 else self.colour.darker(160)
        silhouette("mine", ink.name()).render(painter, QRectF(-26, -11, 22, 22))
        painter.setFont(self.FONT)
        painter.setPen(QColor("#111111"))
        painter.drawText(QRectF(-5, -12, 32, 24), Qt.AlignmentFlag.AlignCenter,
                         f"{palette.nation_code(self.owner)} {self.count}")
