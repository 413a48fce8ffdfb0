"""The items every kind of map shares: unit stacks, counters and minefield markers, names,
the planned route. They hold only what they draw: the scene sets it from a
:class:`~mineboard.qt.maps.picture.Picture`.

What floats on the map keeps its size on screen whatever the zoom. Qt's way of doing that,
``ItemIgnoresTransformations``, keeps such items out of the scene's index, so every click and
every repaint would look at all of them, and a Python ``paint`` would run once per item per
frame. Instead each is a :class:`ScreenItem`: a picture composed once per content (cached,
so a thousand alike stacks share one pixmap and Qt blits it in C++), scaled by the scene
against the view's zoom, and so found through the index like any other item.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from PySide6.QtCore import QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QPolygonF,
    QTransform,
)
from PySide6.QtWidgets import QGraphicsPathItem, QGraphicsPixmapItem

from mineboard.core.places import PlaceRef
from mineboard.qt import palette
from mineboard.qt.art import counter_pixmap, silhouette
from mineboard.qt.maps.picture import Face, UnitMark

ZONE_Z, LAND_Z, LINE_Z, PATH_Z, LABEL_Z, STACK_Z, MARKER_Z = 0, 1, 2, 3, 4, 5, 6

BACK_COLOUR = QColor("#9AA3B5")
UP_COLOUR = QColor("#D0021B")
INK = QColor("#111111")
EDGE = QColor("#222222")

Art = tuple[QPixmap, QPointF]
"""A composed picture and where its anchor point lies in it (the item's offset)."""


def cosmetic(colour: QColor, width: float) -> QPen:
    """A pen whose width is in screen pixels at every zoom."""
    pen = QPen(colour, width)
    pen.setCosmetic(True)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    return pen


def bold(points: int) -> QFont:
    return font_of(points, True)


@cache
def font_of(points: int, heavy: bool = False) -> QFont:
    font = QFont("DejaVu Sans", points)
    font.setBold(heavy)
    return font


def compose(rect: QRectF, ratio: float, draw: Callable[[QPainter], None]) -> Art:
    """A transparent pixmap covering ``rect`` (logical pixels around the anchor, at device
    pixel ratio ``ratio``) with ``draw`` painting in the anchor's coordinates."""
    pixmap = QPixmap(max(1, round(rect.width() * ratio)), max(1, round(rect.height() * ratio)))
    pixmap.setDevicePixelRatio(ratio)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    painter.translate(-rect.left(), -rect.top())
    draw(painter)
    painter.end()
    return pixmap, rect.topLeft()


def badge(painter: QPainter, rect: QRectF, text: str, font: QFont) -> None:
    """A count on a white pill: legible on sea, land and sky alike."""
    painter.setPen(QPen(EDGE, 1))
    painter.setBrush(QColor("#FFFFFF"))
    painter.drawRoundedRect(rect, rect.height() / 2, rect.height() / 2)
    painter.setFont(font)
    painter.setPen(INK)
    painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)


class ScreenItem(QGraphicsPixmapItem):
    """A picture of fixed size on screen at a point of the map (see the module's note).

    Subclasses say what they look like in :meth:`art`, through a function cached by content;
    :meth:`refresh` shows it after a change, and only when the picture is another one.
    ``far`` is the scene's level of detail: items may draw a compact picture far out. The
    scene scales each by the inverse of the view's zoom, so it keeps its size on screen.
    """

    def __init__(self, z: float) -> None:
        super().__init__()
        self.setShapeMode(QGraphicsPixmapItem.ShapeMode.BoundingRectShape)
        self.setZValue(z)
        self.far = False
        self.ratio = 1.0
        self.shift = QPointF()
        self.squeeze = 1.0
        self._art: Art | None = None

    def art(self) -> Art:
        raise NotImplementedError

    def set_shift(self, shift: QPointF) -> None:
        """Where it sits from its anchor, in screen pixels (owners side by side)."""
        self.shift = shift
        self._place()

    def set_squeeze(self, squeeze: float) -> None:
        """Squash it sideways about its anchor, as a counter turning over does."""
        self.squeeze = squeeze
        self._place()

    def _place(self) -> None:
        squeeze = max(0.05, abs(self.squeeze))
        self.setTransform(QTransform.fromScale(squeeze, 1.0)
                          * QTransform.fromTranslate(self.shift.x(), self.shift.y()))
        # Qt applies the item's scale (about the origin point) before transform(): about
        # -shift/squeeze, the shift shrinks with the picture and stays in screen pixels.
        self.setTransformOriginPoint(-self.shift.x() / squeeze, -self.shift.y())

    def refresh(self) -> None:
        art = self.art()
        if art is not self._art:
            self._art = art
            self.setPixmap(art[0])
            self.setOffset(art[1])

    def restyle(self, ratio: float, far: bool) -> None:
        """Drawn for a screen of device pixel ratio ``ratio``, far out or not."""
        if ratio != self.ratio or far != self.far:
            self.ratio, self.far = ratio, far
            self.refresh()


class TextItem(ScreenItem):
    """A name on the map (a capital's, a star's, a band's), drawn under or at its point; it
    never takes a click, so it cannot hide what lies beneath it."""

    def __init__(self, text: str, style: TextStyle, z: float = LABEL_Z) -> None:
        super().__init__(z)
        self.text = text
        self.style = style
        self.refresh()

    def art(self) -> Art:
        return text_art(self.text, self.style, self.ratio)


@dataclass(frozen=True)
class TextStyle:
    """How a name is written: font size and weight, ink, an optional light halo, and how
    far below its point it starts (0: centred on the point)."""

    points: int
    ink: str
    heavy: bool = False
    halo: bool = False
    below: float = 0.0
    pill: bool = False
    """On a white pill with a dark edge: readable over counters as well as the map."""


@cache
def text_art(text: str, style: TextStyle, ratio: float) -> Art:
    font = font_of(style.points, style.heavy)
    metrics = QFontMetricsF(font)
    width = metrics.horizontalAdvance(text) + (16 if style.pill else 6)
    height = metrics.height() + (6 if style.pill else 2)
    top = style.below if style.below else -height / 2
    rect = QRectF(-width / 2, top, width, height)

    def draw(p: QPainter) -> None:
        if style.pill:
            p.setPen(QPen(EDGE, 1.2))
            p.setBrush(QColor(255, 255, 255, 240))
            p.drawRoundedRect(rect, rect.height() / 2, rect.height() / 2)
        p.setFont(font)
        if style.halo:
            p.setPen(QColor(255, 255, 255, 200))
            for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                p.drawText(rect.translated(dx, dy), Qt.AlignmentFlag.AlignCenter, text)
        p.setPen(QColor(style.ink))
        p.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)

    return compose(rect.adjusted(-1, -1, 1, 1), ratio, draw)


class Overlay(QGraphicsPathItem):
    """A path drawn over the map that is no click target (a route, glowing lines, lit
    places). Qt would stroke its path to find its shape at every click near it; with none,
    a click passes through it to what lies beneath, as it always did.

    Its bounds are its own, not its (empty) shape's: Qt takes a path item's bounds from
    its shape, and an item with no bounds is culled by the view — the glow of the lines to
    mine vanished at the first zoom step, and an old glow stayed on the screen, never
    repainted, once the lines changed."""

    def __init__(self) -> None:
        super().__init__()
        self.margin = 0.0
        """Scene units around the path that its cosmetic pen (screen pixels) may cover at
        the view's zoom: the scene sets it with every zoom step (:meth:`at_scale`)."""

    def at_scale(self, scale: float) -> None:
        """The view shows ``scale`` screen pixels per scene unit."""
        margin = (self.pen().widthF() + 2) / max(scale, 1e-9)
        if margin != self.margin:
            self.prepareGeometryChange()
            self.margin = margin

    def boundingRect(self) -> QRectF:
        path = self.path()
        if path.isEmpty():
            return QRectF()
        m = self.margin
        return path.controlPointRect().adjusted(-m, -m, m, m)

    def shape(self) -> QPainterPath:
        return QPainterPath()


class PathItem(Overlay):
    """The planned route of a move."""

    def __init__(self) -> None:
        super().__init__()
        pen = cosmetic(palette.PATH, 4)
        pen.setStyle(Qt.PenStyle.DashLine)
        self.setPen(pen)
        self.setZValue(PATH_Z)


class StackItem(ScreenItem):
    """One owner's units at one place: the top counter, a fan behind it, a count badge.
    Far out it is a pip in the owner's colour with the owner's letters. Picked, it opens:
    every unit side by side with its name, the ticked ones ringed, so a player sees the
    whole stack and ticks a unit by clicking it."""

    SIZE = 34
    COMPACT = 26
    """Where places crowd too close for captions, the counter shrinks as well: a stack
    should cover its place's number, not the next place's."""

    def __init__(self, place: str, owner: str, colour: QColor) -> None:
        super().__init__(STACK_Z)
        self.place = place
        self.owner = owner
        self.colour = colour
        self.units: tuple[UnitMark, ...] = ()
        self.ticked: frozenset[str] = frozenset()
        self.opened = False
        self.flip: Flip = (False, False)
        """Which way it spreads when opened (the scene turns it off lines that glow)."""
        self.captioned = True
        """Whether the top unit's names are written under it (the scene drops them where
        places are close on screen)."""

    def set_units(self, units: tuple[UnitMark, ...],
                  ticked: frozenset[str] = frozenset()) -> None:
        self.units = units
        self.ticked = ticked & {u.id for u in units}
        self.refresh()

    def set_open(self, opened: bool, flip: Flip = (False, False)) -> None:
        self.opened, self.flip = opened, flip
        self.setZValue(OPEN_Z if opened else STACK_Z)
        self.refresh()

    def open_rect(self, flip: Flip) -> QRectF:
        """The scene rectangle it would cover, opened with ``flip``, at the view's zoom."""
        return self.mapRectToScene(open_frame(len(self.units), flip))

    @property
    def selected_count(self) -> int:
        return len(self.ticked)

    @property
    def count(self) -> int:
        return len(self.units)

    @property
    def badge(self) -> str:
        """The status letters drawn on the closed stack: its top unit's."""
        return self.units[0].badge if self.units else ""

    @property
    def facing(self) -> float | None:
        """Where the closed stack's notch points: its top unit's facing."""
        return self.units[0].facing if self.units else None

    def art(self) -> Art:
        if self.far:
            return pip_art(self.colour.name(), palette.nation_code(self.owner),
                           bool(self.ticked), self.ratio)
        if self.opened and self.units:
            return open_art(self.units, tuple(u.id in self.ticked for u in self.units),
                            self.colour.name(), self.ratio, self.flip)
        kinds = tuple(dict.fromkeys(u.art for u in self.units))[:3]
        top = self.units[0] if self.units else UnitMark("", "back", "")
        caption = Caption(top.name, top.label) if self.captioned else Caption("", "")
        return stack_art(kinds, caption, self.colour.name(), self.count,
                         bool(self.ticked), self.ratio,
                         self.SIZE if self.captioned else self.COMPACT, top.badge, top.facing)

    def unit_at(self, scene_pos: QPointF) -> str | None:
        """The unit of the opened stack drawn at ``scene_pos``, if any."""
        if not self.opened or self.far:
            return None
        local = self.mapFromScene(scene_pos)
        for i, unit in enumerate(self.units):
            if open_cell(i, len(self.units), self.flip).contains(local):
                return unit.id
        return None


OPEN_Z = 7.0
"""An opened stack lies over markers and its neighbours while it is picked."""
OPEN_ROW = 6
"""Units side by side in an opened stack before it starts another row."""
OPEN_CAPTION = 13.0


Flip = tuple[bool, bool]
"""Which way an opened stack spreads from where it stood: (leftwards, upwards)."""
FLIPS: tuple[Flip, ...] = ((False, False), (True, False), (False, True), (True, True))


def open_cell(index: int, count: int, flip: Flip = (False, False)) -> QRectF:
    """Where the ``index``-th of ``count`` units of an opened stack is drawn, with its
    name under it: the first where the closed stack stood, the rest to its right and
    below — or, ``flip``ped, to its left or above, off the lines it would cover."""
    s = StackItem.SIZE
    row, col = divmod(index, OPEN_ROW)
    dx, dy = col * (s + 12), row * (s + OPEN_CAPTION + 6)
    return QRectF(-s / 2 + (-dx if flip[0] else dx), -s / 2 + (-dy if flip[1] else dy),
                  s + 8, s + OPEN_CAPTION)


def open_frame(count: int, flip: Flip = (False, False)) -> QRectF:
    """The frame an opened stack of ``count`` units draws around its cells."""
    cells = [open_cell(i, count, flip) for i in range(count)]
    frame = cells[0]
    for cell in cells[1:]:
        frame = frame.united(cell)
    return frame.adjusted(-8, -8, 4, 4)


@cache
def open_art(units: tuple[UnitMark, ...], ticked: tuple[bool, ...], colour: str,
             ratio: float, flip: Flip = (False, False)) -> Art:
    s = StackItem.SIZE
    cells = [open_cell(i, len(units), flip) for i in range(len(units))]
    frame = open_frame(len(units), flip)
    font = font_of(6)
    metrics = QFontMetricsF(font)

    def draw(p: QPainter) -> None:
        p.setPen(QPen(QColor(colour).darker(140), 2))
        p.setBrush(QColor(255, 255, 255, 235))
        p.drawRoundedRect(frame, 8, 8)
        for unit, on, cell in zip(units, ticked, cells, strict=True):
            top_left = QPointF(cell.left(), cell.top())
            p.drawPixmap(top_left, counter_pixmap(unit.art, colour, "", s, ratio))
            unit_marks(p, QRectF(top_left, QSizeF(s, s)), unit.badge, unit.facing)
            if on:
                p.setPen(QPen(QColor("#FFD400"), 3))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawRoundedRect(QRectF(top_left, QSizeF(s, s)).adjusted(-3, -3, 3, 3), 5, 5)
            else:  # not taking part: drawn faded, as a tick box left empty
                p.fillRect(QRectF(top_left, QSizeF(s, s)), QColor(255, 255, 255, 120))
            # the middle goes, so "Destroyer 2" keeps the number that tells it apart
            text = metrics.elidedText(unit.name or unit.label, Qt.TextElideMode.ElideMiddle,
                                      cell.width() + 4)
            p.setFont(font)
            p.setPen(INK)
            p.drawText(QRectF(cell.left() - 6, cell.top() + s, cell.width() + 8,
                              OPEN_CAPTION), Qt.AlignmentFlag.AlignCenter, text)

    return compose(frame.adjusted(-2, -2, 2, 2), ratio, draw)


@dataclass(frozen=True)
class Caption:
    """What is written under a stack: the top unit's own name, if it has one, over its full
    type name."""

    name: str
    kind: str

    def lines(self) -> tuple[tuple[str, QFont], ...]:
        kind = (self.kind, font_of(6) if self.name else bold(7))
        return ((self.name, bold(7)), kind) if self.name else (kind,)


@cache
def stack_art(kinds: tuple[str, ...], caption: Caption, colour: str, count: int,
              selected: bool, ratio: float, s: int = StackItem.SIZE, status: str = "",
              facing: float | None = None) -> Art:
    """The closed stack; ``status`` and ``facing`` are the top unit's (see
    :func:`unit_marks`)."""
    lines = [(text, font, QFontMetricsF(font)) for text, font in caption.lines() if text]
    width = max([s + 16.0] + [m.horizontalAdvance(t) + 8 for t, _f, m in lines])
    height = sum(m.height() for _t, _f, m in lines)
    pill = QRectF(-width / 2 + 1, s / 2 + 1, width - 2, height + 2)

    def draw(p: QPainter) -> None:
        fan = len(kinds) - 1
        for i, art in enumerate(reversed(kinds)):
            off = (fan - i) * 4
            p.drawPixmap(QPointF(-s / 2 + off - 4, -s / 2 + off - 4),
                         counter_pixmap(art, colour, "", s, ratio))
        unit_marks(p, QRectF(-s / 2 - 4, -s / 2 - 4, s, s), status, facing)
        if selected:
            p.setPen(QPen(QColor("#FFD400"), 3))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(QRectF(-s / 2 - 6, -s / 2 - 6, s + 4, s + 4), 6, 6)
        if count > 1:
            badge(p, QRectF(s / 2 - 12, -s / 2 - 9, 18, 14), str(count), bold(7))
        if lines:
            p.setPen(QPen(QColor(colour).darker(150), 1))
            p.setBrush(QColor(255, 255, 255, 230))
            p.drawRoundedRect(pill, 4, 4)
            p.setPen(INK)
            y = pill.top() + 1
            for text, font, metrics in lines:
                p.setFont(font)
                p.drawText(QRectF(pill.left(), y, pill.width(), metrics.height()),
                           Qt.AlignmentFlag.AlignCenter, text)
                y += metrics.height()

    return compose(QRectF(-width / 2, -s / 2 - 10, width, s + 14 + height), ratio, draw)


NOTCH = 12.0
"""How deep a facing notch (an arrowhead, long and narrow so that its point reads at every
angle) reaches in from the counter's rim: inside it, so no badge at a
corner can cover it, whichever of six hexsides it faces."""
STATUS_INK = QColor("#FFFFFF")
STATUS_BACK = QColor("#222222")


def unit_marks(p: QPainter, counter: QRectF, status: str, facing: float | None) -> None:
    """A unit's state and front on its counter (``counter`` its square): the status letters
    white on a dark pill over the top left corner — apart from the count's white pill at the
    top right — and a dark notch with a white edge inside the rim, its point on the rim
    toward ``facing`` (degrees clockwise from up), legible on any counter colour."""
    if facing is not None:
        r = counter.width() / 2
        p.save()
        p.translate(counter.center())
        p.rotate(facing)  # y points down, so a positive angle turns clockwise on screen
        p.setPen(QPen(STATUS_INK, 1.2))
        p.setBrush(STATUS_BACK)
        p.drawPolygon(QPolygonF([QPointF(0, -r + 1), QPointF(-3.5, -r + 1 + NOTCH),
                                 QPointF(0, -r - 2 + NOTCH), QPointF(3.5, -r + 1 + NOTCH)]))
        p.restore()
    if status:
        font = bold(6)
        width = QFontMetricsF(font).horizontalAdvance(status) + 6
        pill = QRectF(counter.left() - 3, counter.top() - 3, max(11.0, width), 11)
        p.setPen(QPen(STATUS_INK, 1))
        p.setBrush(STATUS_BACK)
        p.drawRoundedRect(pill, 3, 3)
        p.setFont(font)
        p.setPen(STATUS_INK)
        p.drawText(pill, Qt.AlignmentFlag.AlignCenter, status)


@cache
def pip_art(colour: str, code: str, selected: bool, ratio: float) -> Art:
    """A stack seen from far: small, but still whose (colour and letters) and where."""
    rect = QRectF(-10, -7, 20, 14)
    back = QColor(colour)

    def draw(p: QPainter) -> None:
        p.setPen(QPen(QColor("#FFD400"), 2.5) if selected else QPen(back.darker(180), 1))
        p.setBrush(back)
        p.drawRoundedRect(rect, 3, 3)
        p.setFont(bold(6))
        p.setPen(palette.ink_for(back))
        p.drawText(rect, Qt.AlignmentFlag.AlignCenter, code)

    return compose(rect.adjusted(-2, -2, 2, 2), ratio, draw)


class MarkerItem(ScreenItem):
    """One owner's markers at a place or on a way.

    Face-down counters are a fan of chits: a back ("?") the viewer may not read, a face its
    owner knows, red when turned up. A minefield with a known size is a badge: the mine
    glyph in the owner's colour, the owner's letters and the number of mines — never colour
    alone. Far out both are drawn smaller, with the same glyph, letters and numbers.
    """

    CHIP = 18

    def __init__(self, at: PlaceRef, owner: str, colour: QColor) -> None:
        super().__init__(MARKER_Z)
        self.at = at
        self.owner = owner
        self.colour = colour
        self.faces: tuple[Face, ...] = ()
        self.count = 0
        self.revealed: tuple[Face, ...] | None = None  # faces shown while counters turn up
        self.flash = 0.0

    def shown(self) -> tuple[Face, ...]:
        return self.revealed if self.revealed is not None else self.faces

    def art(self) -> Art:
        faces = self.shown()
        if faces:
            return chits_art(faces, self.colour.name(), self.far, self.ratio)
        return field_art(self.colour.name(), palette.nation_code(self.owner), self.count,
                         self.flash > 0, self.far, self.ratio)


@cache
def chits_art(faces: tuple[Face, ...], colour: str, far: bool, ratio: float) -> Art:
    # Backs under faces the viewer knows, turned-up counters on top; of a tall stack the
    # top four show (one far out), centred on the anchor.
    shown = sorted(faces, key=lambda f: (f.up, f.text != "?"))[-(1 if far else 4):]
    chip = MarkerItem.CHIP * (0.7 if far else 1.0)
    top = len(shown) - 1
    font = bold(6 if far else 8)

    def draw(p: QPainter) -> None:
        for i, face in enumerate(shown):
            rect = QRectF(-chip / 2 - 2 * top + i * 4, -chip / 2 + top - i * 2, chip, chip)
            fill = UP_COLOUR if face.up else BACK_COLOUR if face.text == "?" else QColor(colour)
            p.setPen(QPen(EDGE, 1))
            p.setBrush(fill)
            p.drawRoundedRect(rect, 3, 3)
            if i == top:
                p.setFont(font)
                p.setPen(palette.ink_for(fill))
                p.drawText(rect, Qt.AlignmentFlag.AlignCenter, face.text)
        if len(faces) > 1:
            badge(p, QRectF(chip / 2 + top * 2 - 4, -chip / 2 - top - 10, 22, 14),
                  f"×{len(faces)}", font)

    return compose(QRectF(-chip / 2 - 2 * top - 2, -chip / 2 - top - 11,
                          chip + 4 * top + 26, chip + 2 * top + 14), ratio, draw)


@cache
def field_art(colour: str, code: str, count: int, flash: bool, far: bool, ratio: float) -> Art:
    k = 0.7 if far else 1.0
    body = QRectF(-27 * k, -12 * k, 54 * k, 24 * k)
    owner = QColor(colour)
    ink = owner if owner.lightness() < 200 else owner.darker(160)

    def draw(p: QPainter) -> None:
        p.setPen(QPen(owner.darker(150), 1.5))
        p.setBrush(QColor("#FFEE55") if flash else QColor(255, 255, 255, 235))
        p.drawRoundedRect(body, 12 * k, 12 * k)
        silhouette("mine", ink.name()).render(p, QRectF(-26 * k, -11 * k, 22 * k, 22 * k))
        p.setFont(bold(6 if far else 8))
        p.setPen(INK)
        p.drawText(QRectF(-5 * k, -12 * k, 32 * k, 24 * k), Qt.AlignmentFlag.AlignCenter,
                   f"{code} {count}")

    return compose(body.adjusted(-2, -2, 2, 2), ratio, draw)
