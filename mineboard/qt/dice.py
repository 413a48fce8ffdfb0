"""Dice that tumble and settle on the recorded result, one at a time, as the rules roll.

The animation only shows what the engine already decided: it reads Roll values and events
from a Record and never touches the game. Faces shown while tumbling cycle in a fixed
order — no randomness outside the game's seeded dice, not even for show.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import (
    QEvent,
    QObject,
    QPoint,
    QPointF,
    QRect,
    QRectF,
    QSize,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetrics,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
)
from PySide6.QtWidgets import QWidget

from mineboard.core.events import DiceRolled, Event
from mineboard.core.places import PlaceRef

SPEEDS = {"off": 0, "fast": 140, "normal": 520}
PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}


@dataclass
class ShownDie:
    value: int
    hit: bool
    settled: bool = False
    face: int = 1


Step = tuple[DiceRolled, list[Event]]
"""One roll and the events it brings about (up to the next roll): shown once it settles."""

Locate = Callable[[PlaceRef], QPointF | None]
"""Where a place is drawn, in viewport pixels (None: not on the map)."""

TUMBLE, REST = 6, 3
"""Ticks a roll tumbles, then ticks its result rests before the next roll starts."""
MARGIN = 8
TRAY_WIDTH = 460
PAD, DIE, GAP = 10, 34, 8
CAPTION_LINES = 3
"""A roll's words wrap to this many lines; beyond them they end in an ellipsis (the log
keeps the whole text)."""
HEADING_FONT = QFont("DejaVu Sans", 9, QFont.Weight.Bold)
CAPTION_FONT = QFont("DejaVu Sans", 9)


def steps_of(events: list[Event]) -> tuple[list[Event], list[Step]]:
    """The events before the first roll, then each roll with those that follow it."""
    lead: list[Event] = []
    steps: list[Step] = []
    for event in events:
        if isinstance(event, DiceRolled):
            steps.append((event, []))
        elif steps:
            steps[-1][1].append(event)
        else:
            lead.append(event)
    return lead, steps


def farthest_corner(area: QRect, size: QSize, points: list[QPointF]) -> QRect:
    """The corner of ``area`` where a box of ``size`` lies farthest from every point in
    it — so the tray never hides the place being resolved."""
    left, top = area.left() + MARGIN, area.top() + MARGIN
    right = area.right() - MARGIN - size.width() + 1
    bottom = area.bottom() - MARGIN - size.height() + 1
    corners = [QRect(QPoint(x, y), size) for y in (bottom, top) for x in (left, right)]

    def clearance(box: QRect) -> float:
        centre = QPointF(box.center())
        return min((abs(centre.x() - p.x()) + abs(centre.y() - p.y()) for p in points),
                   default=0.0)

    return max(corners, key=clearance)  # first (bottom left) among equals


@dataclass(frozen=True)
class TrayLayout:
    """Where the tray's three parts go, top to bottom: the heading (the roll's tally), the
    dice, the roll's words. Each has its own band, so none is drawn over another (the
    tally had been written across the dice, and a long caption cut off at one line)."""

    heading: QRectF
    dice: list[QRectF]
    caption: QRectF
    caption_text: str
    height: int


def tray_layout(width: int, dice: int, caption: str, sized_for: str = "") -> TrayLayout:
    """The layout for a tray ``width`` pixels wide; its height follows from the words
    (``sized_for``: longer words the tray must also have room for)."""
    inner = max(1, width - 2 * PAD)
    heading = QRectF(PAD, PAD, inner, QFontMetrics(HEADING_FONT).height())
    top = heading.bottom() + 4
    per_row = max(1, (inner + GAP) // (DIE + GAP))
    rects = [QRectF(PAD + i * (DIE + GAP), top, DIE, DIE) for i in range(min(dice, per_row))]
    metrics = QFontMetrics(CAPTION_FONT)
    text = fitted(caption, metrics, inner, CAPTION_LINES)
    room = max(text_height(text, metrics, inner),
               text_height(fitted(sized_for, metrics, inner, CAPTION_LINES), metrics, inner))
    caption_rect = QRectF(PAD, top + DIE + 6, inner, room)
    return TrayLayout(heading, rects, caption_rect, text, int(caption_rect.bottom()) + PAD)


def text_height(text: str, metrics: QFontMetrics, width: int) -> int:
    if not text:
        return 0
    return metrics.boundingRect(0, 0, width, 10_000, int(Qt.TextFlag.TextWordWrap),
                                text).height()


def fitted(text: str, metrics: QFontMetrics, width: int, lines: int) -> str:
    """``text``, cut after a word and ended with an ellipsis where it would wrap to more
    than ``lines`` lines."""
    most = lines * metrics.lineSpacing()
    if text_height(text, metrics, width) <= most:
        return text
    words = text.split(" ")
    while len(words) > 1 and text_height(" ".join(words) + "…", metrics, width) > most:
        words.pop()
    return " ".join(words).rstrip(",;:") + "…"


class DiceTray(QWidget):
    """A box over the map's viewport: the dice of one resolution, roll by roll.

    It is the view's child, not the viewport's, so scrolling the map leaves it where it is.
    What a roll brings (its log row, a ship sunk) is handed out by ``revealed`` only once
    its dice settle, so nothing tells the result before the dice do.
    """

    finished = Signal()
    flash = Signal(object, bool)  # the PlaceRef of the rolling event (or None), on
    revealed = Signal(list)  # events whose dice have landed, in order

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.speed = "normal"
        self.dice: list[ShownDie] = []
        self.queue: list[Step] = []
        self.played: list[DiceRolled] = []
        self.caption = ""
        self.tally = ""
        self.locate: Locate = lambda _at: None
        self._rolling: Step | None = None
        self._aimed: list[DiceRolled] = []  # every roll of the resolution shown
        self._viewport: QWidget | None = None
        self._ticks = 0
        self._timer = QTimer(self)
        self._timer.timeout.connect(self.advance)
        self._finishing = False
        self.hide()

    @property
    def busy(self) -> bool:
        """Tumbling, or resting on the last die before :attr:`finished`: until then the
        window still shows the side that rolled, while the game may have passed to the
        next (a click in that rest had moved the next side's ships)."""
        return self._timer.isActive() or self._finishing

    def anchor(self, viewport: QWidget) -> None:
        """Keep inside ``viewport`` (a sibling in the view) as it is resized."""
        self._viewport = viewport
        viewport.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._viewport and event.type() in (QEvent.Type.Resize,
                                                          QEvent.Type.Move):
            self._place()
        return False

    def _place(self) -> None:
        if self._viewport is None:
            return
        area = self._viewport.geometry()
        width = min(TRAY_WIDTH, max(1, area.width() - 2 * MARGIN))
        size = QSize(width, self.layout_for(width).height)
        points = [p for p in (self.locate(e.at) for e in self._aimed if e.at is not None)
                  if p is not None]
        offset = area.topLeft()
        self.setGeometry(farthest_corner(area, size, [p + QPointF(offset) for p in points]))

    def play(self, events: list[Event]) -> None:
        """Show what ``events`` rolled, handing out each roll's events as its dice land.
        A resolution still rolling is finished at once first: the new one replaces it."""
        self.skip()
        lead, steps = steps_of(events)
        self.revealed.emit(lead)
        if not steps:  # nothing rolled: nothing to wait for, nothing to show
            self.hide()
            return
        self.dice, self.queue, self.played = [], steps, []
        self._rolling, self._aimed = None, [roll for roll, _ in steps]
        if SPEEDS[self.speed] == 0:
            self._settle_all()
            self.finished.emit()
            return
        self._place()
        self.show()
        self.raise_()
        self._next_event()
        self._timer.start(max(30, SPEEDS[self.speed] // 6))

    def _settle_all(self) -> None:
        """Jump to the end: every die on its recorded face, every event handed out."""
        rest = ([self._rolling] if self._rolling else []) + self.queue
        self._rolling, self.queue = None, []
        self.played += [roll for roll, _ in rest if roll not in self.played]
        self.dice = [ShownDie(v, h, True, v) for e in self.played
                     for v, h in zip(e.dice, e.hits, strict=False)]
        self._caption(self.played[-1] if self.played else None)
        for roll, after in rest:
            self.revealed.emit([roll, *after])
        self._place()
        self.setVisible(bool(self.played))
        if self.played:
            self.raise_()
        self.update()

    def clear(self) -> None:
        """Another game: its dice are not this one's. Nothing is announced."""
        self._timer.stop()
        self._finishing = False
        self.dice, self.queue, self.played, self._aimed = [], [], [], []
        self._rolling = None
        self._caption(None)
        self.hide()

    def skip(self) -> None:
        """Space, Esc or a click while the dice tumble: show everything at once."""
        if self._timer.isActive():
            self._timer.stop()
            self._settle_all()
            self.finished.emit()
        elif self._finishing:  # resting on the last die: done now, not later
            self._finish()

    def dismiss(self) -> None:
        """The next click or action: the dice shown are done with."""
        self.skip()
        self.hide()

    def _next_event(self) -> None:
        self._rolling = self.queue.pop(0)
        roll = self._rolling[0]
        self.played.append(roll)
        self.dice += [ShownDie(v, h) for v, h in zip(roll.dice, roll.hits, strict=False)]
        self._ticks = 0
        self.caption = f"{roll.clause}: rolling…" if roll.clause else "Rolling…"
        self.flash.emit(roll.at, False)

    def _caption(self, event: DiceRolled | None) -> None:
        self.caption = event.text if event else ""
        self.tally = event.tally if event else ""

    def advance(self) -> None:
        """One tick of the clock: the dice tumble, land, or rest a moment to be read."""
        rolling = [d for d in self.dice if not d.settled]
        self._ticks += 1
        if not rolling:
            if self._ticks >= 0:
                self._next_or_finish()
        elif self._ticks < TUMBLE:
            for i, die in enumerate(rolling):
                die.face = (die.face + i) % 6 + 1
        else:
            self._land(rolling)
        self.update()

    def _land(self, rolling: list[ShownDie]) -> None:
        for die in rolling:
            die.face, die.settled = die.value, True
        self._ticks = -REST
        if self._rolling is not None:
            roll, after = self._rolling
            self._rolling = None
            self._caption(roll)
            if any(d.hit for d in rolling):
                self.flash.emit(roll.at, True)
            self.revealed.emit([roll, *after])

    def _next_or_finish(self) -> None:
        if self.queue:
            self._next_event()
        else:
            self._timer.stop()
            self._finishing = True
            # with the tray as context: a tray gone before the delay ends is not called
            QTimer.singleShot(SPEEDS[self.speed], self, self._finish)

    def _finish(self) -> None:
        if self._finishing:  # once, whether the rest ran out or a click cut it short
            self._finishing = False
            self.finished.emit()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if self.busy:
            self.skip()
        else:
            self.hide()

    def layout_for(self, width: int) -> TrayLayout:
        """The tray's parts at ``width``, with room for the longest words of the roll being
        shown, so the tray keeps its height while the dice roll."""
        longest = max((e.text for e in self._aimed), key=len, default="")
        return tray_layout(width, len(self.dice), self.caption, longest)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), QColor(20, 30, 40, 200))
        parts = self.layout_for(self.width())
        shown = self.dice[-len(parts.dice):] if parts.dice else []
        for rect, die in zip(parts.dice, shown, strict=False):
            self._paint_die(painter, rect, die)
        painter.setPen(QColor("#FFFFFF"))
        painter.setFont(HEADING_FONT)
        painter.drawText(parts.heading, Qt.AlignmentFlag.AlignLeft, self.tally)
        painter.setFont(CAPTION_FONT)
        painter.drawText(parts.caption, int(Qt.AlignmentFlag.AlignLeft)
                         | int(Qt.TextFlag.TextWordWrap), parts.caption_text)

    @staticmethod
    def _paint_die(painter: QPainter, rect: QRectF, die: ShownDie) -> None:
        border = QColor("#D0021B") if die.settled and die.hit else QColor("#777777")
        painter.setPen(QPen(border, 3 if die.settled else 1))
        painter.setBrush(QColor("#FFFFFF") if die.settled else QColor("#EEEEEE"))
        painter.drawRoundedRect(rect, 6, 6)
        pip = QColor("#D0021B") if die.settled and die.hit else QColor("#222222")
        if die.settled and not die.hit:
            pip = QColor("#8A8A8A")
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(pip)
        c = rect.center()
        step = rect.width() * 0.26
        for dx, dy in PIPS[die.face]:
            painter.drawEllipse(QPointF(c.x() + dx * step, c.y() + dy * step), 3.4, 3.4)
