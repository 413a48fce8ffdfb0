"""Dice that tumble and settle on the recorded result, one at a time, as the rules roll.

The animation only shows what the engine already decided: it reads Roll values and events
from a Record and never touches the game. Faces shown while tumbling cycle in a fixed
order — no randomness outside the game's seeded dice, not even for show.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFont, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QWidget

from mineboard.core.events import DiceRolled, Event

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


def dice_events(events: list[Event]) -> list[DiceRolled]:
    return [e for e in events if isinstance(e, DiceRolled)]


class DiceTray(QWidget):
    """An overlay across the bottom of the map: the dice of one resolution, event by event."""

    finished = Signal()
    flash = Signal(object, bool)  # the PlaceRef of the rolling event (or None), on

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.speed = "normal"
        self.dice: list[ShownDie] = []
        self.queue: list[DiceRolled] = []
        self.played: list[DiceRolled] = []
        self.caption = ""
        self.tally = ""
        self._ticks = 0
        self._timer = QTimer(self)
        self._timer.timeout.connect(self._tick)
        self.hide()

    @property
    def busy(self) -> bool:
        return self._timer.isActive()

    def play(self, events: list[Event]) -> None:
        rolls = dice_events(events)
        if not rolls or SPEEDS[self.speed] == 0:
            self.show_settled(rolls)
            self.finished.emit()
            return
        self.dice, self.queue, self.played = [], list(rolls), []
        self.show()
        self.raise_()
        self._next_event()
        self._timer.start(max(30, SPEEDS[self.speed] // 6))

    def show_settled(self, rolls: list[DiceRolled]) -> None:
        """Jump to the end: every die on its recorded face (also what 'skip' does)."""
        self.dice = [ShownDie(v, h, True, v) for e in rolls
                     for v, h in zip(e.dice, e.hits, strict=False)]
        self._caption(rolls[-1] if rolls else None)
        self.setVisible(bool(rolls))
        self.update()

    def clear(self) -> None:
        """Another game: its dice are not this one's. Nothing is announced."""
        self._timer.stop()
        self.dice, self.queue, self.played = [], [], []
        self._caption(None)
        self.hide()

    def skip(self) -> None:
        if self._timer.isActive():
            self._timer.stop()
            rolls = [*self.played, *self.queue]
            self.queue = []
            self.show_settled(rolls)
            self.finished.emit()

    def _next_event(self) -> None:
        event = self.queue.pop(0)
        self.played.append(event)
        self.dice += [ShownDie(v, h) for v, h in zip(event.dice, event.hits, strict=False)]
        self._ticks = 0
        self._caption(event)
        self.flash.emit(event.at, False)

    def _caption(self, event: DiceRolled | None) -> None:
        self.caption = event.text if event else ""
        self.tally = event.tally if event else ""

    def _tick(self) -> None:
        rolling = [d for d in self.dice if not d.settled]
        self._ticks += 1
        if self._ticks < 6:
            for i, die in enumerate(rolling):
                die.face = (die.face + i) % 6 + 1
        else:
            for die in rolling:
                die.face, die.settled = die.value, True
            if any(d.hit for d in rolling):
                self.flash.emit(self.played[-1].at, True)
            if self.queue:
                self._next_event()
            else:
                self._timer.stop()
                QTimer.singleShot(SPEEDS[self.speed], self.finished.emit)
        self.update()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if self.busy:
            self.skip()
        else:
            self.hide()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), QColor(20, 30, 40, 200))
        size = 34
        per_row = max(1, (self.width() - 20) // (size + 8))
        for i, die in enumerate(self.dice[-per_row:]):
            x = 10 + i * (size + 8)
            self._paint_die(painter, QRectF(x, 10, size, size), die)
        painter.setPen(QColor("#FFFFFF"))
        painter.setFont(QFont("DejaVu Sans", 9))
        painter.drawText(QRectF(10, size + 16, self.width() - 20, 18),
                         Qt.AlignmentFlag.AlignLeft, self.caption)
        painter.setFont(QFont("DejaVu Sans", 9, QFont.Weight.Bold))
        painter.drawText(QRectF(10, 10, self.width() - 20, size),
                         Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, self.tally)

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
