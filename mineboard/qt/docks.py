"""The docks around the map: the log that teaches, the odds chart, the selection."""

from __future__ import annotations

from fractions import Fraction

from PySide6.QtCore import QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent
from PySide6.QtWidgets import (
    QLabel,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from mineboard.core.events import DiceRolled, Event, PhaseBegan, UnitLost
from mineboard.core.planning import Preview
from mineboard.qt.plugin import UnitRow


class LogView(QListWidget):
    """Every event in plain words with its clause id; clicking one points at the map."""

    pointed = Signal(object)  # the PlaceRef of the clicked event

    def __init__(self) -> None:
        super().__init__()
        self.setWordWrap(True)
        self.setAlternatingRowColors(True)
        self.itemClicked.connect(self._clicked)
        self.header = ""
        """What the players agreed for this game (the table), shown above every event."""

    def add_events(self, events: list[Event]) -> None:
        for event in events:
            item = QListWidgetItem(event.line())
            if isinstance(event, PhaseBegan):
                font = item.font()
                font.setBold(True)
                item.setFont(font)
            if isinstance(event, UnitLost) or (isinstance(event, DiceRolled)
                                                and any(event.hits)):
                item.setForeground(QColor("#A4001D"))
            item.setData(Qt.ItemDataRole.UserRole, event.at)
            self.addItem(item)
        self.scrollToBottom()
        QTimer.singleShot(0, self.scrollToBottom)  # again once the new rows are laid out

    def add_notes(self, notes: list[str]) -> None:
        """Lines the program says itself (what a turn file brought), not the rules' events."""
        for note in notes:
            item = QListWidgetItem(note)
            font = item.font()
            font.setItalic(True)
            item.setFont(font)
            item.setForeground(QColor("#6B5B3E"))
            self.addItem(item)
        self.scrollToBottom()

    def show_events(self, events: list[Event]) -> None:
        self.clear()
        if self.header:
            self.add_notes([self.header])
        self.add_events(events)

    def _clicked(self, item: QListWidgetItem) -> None:
        target = item.data(Qt.ItemDataRole.UserRole)
        if target is not None:
            self.pointed.emit(target)


class OddsChart(QWidget):
    """The exact odds of the planned order as bars: each outcome's label under its bar, its
    percentage above the label, the axis named, the one-line summary on top."""

    def __init__(self) -> None:
        super().__init__()
        self.preview: Preview | None = None
        self.setMinimumHeight(150)

    def show_preview(self, preview: Preview | None) -> None:
        self.preview = preview
        self.setToolTip("" if preview is None else "Exact odds:\n" + "\n".join(
            f"{label}: {p}" for label, p in preview.outcomes))
        self.update()

    @property
    def title(self) -> str:
        return self.preview.title if self.preview is not None else "No move planned"

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), QColor("#FBFBF8"))
        painter.setPen(QColor("#222222"))
        painter.setFont(QFont("DejaVu Sans", 9))
        wrap = Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextWordWrap
        box = QRectF(8, 4, self.width() - 16, self.height())
        used = painter.boundingRect(box, wrap, self.title)
        painter.drawText(box, wrap, self.title)
        preview = self.preview
        if preview is None or not preview.outcomes:
            return
        painter.setFont(QFont("DejaVu Sans", 9, QFont.Weight.Bold))
        box = QRectF(8, used.bottom() + 2, self.width() - 16, self.height())
        used = painter.boundingRect(box, wrap, preview.summary)
        painter.drawText(box, wrap, preview.summary)
        top, bottom = used.bottom() + 6, self.height() - 48
        width = (self.width() - 16) / len(preview.outcomes)
        peak = max(p for _label, p in preview.outcomes) or Fraction(1)
        painter.setFont(QFont("DejaVu Sans", 8))
        for i, (label, p) in enumerate(preview.outcomes):
            h = (bottom - top) * float(p / peak)
            x = 8 + i * width
            colour = QColor("#0072B2") if i == preview.good else QColor("#D55E00")
            if preview.highlight is not None and i != preview.highlight:
                colour = colour.lighter(160)
            painter.fillRect(QRectF(x + 2, bottom - h, width - 4, h), colour)
            painter.setPen(QColor("#222222"))
            painter.drawText(QRectF(x, bottom + 2, width, 14), Qt.AlignmentFlag.AlignCenter,
                             label)
            painter.drawText(QRectF(x, bottom + 15, width, 14), Qt.AlignmentFlag.AlignCenter,
                             f"{float(p) * 100:.1f}%")
        painter.setPen(QColor("#555555"))
        painter.drawText(QRectF(8, self.height() - 18, self.width() - 16, 16),
                         Qt.AlignmentFlag.AlignLeft, preview.axis)


class SelectionPanel(QWidget):
    """The units picked on the map; ticked ones take part in the next order."""

    changed = Signal()

    def __init__(self) -> None:
        super().__init__()
        layout = QVBoxLayout(self)
        self.heading = QLabel()
        self.heading.setWordWrap(True)
        self.heading.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.heading)
        self.units = QListWidget()
        self.units.setMaximumHeight(140)
        self.units.itemChanged.connect(lambda _item: self.changed.emit())
        layout.addWidget(self.units)
        self.show_units("", [])

    def show_units(self, heading: str, rows: list[UnitRow]) -> None:
        self.units.blockSignals(True)
        self.units.clear()
        for row in rows:
            item = QListWidgetItem(row.text)
            item.setData(Qt.ItemDataRole.UserRole, row.id)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if row.ticked else Qt.CheckState.Unchecked)
            self.units.addItem(item)
        self.units.blockSignals(False)
        self.units.setVisible(bool(rows))
        self.heading.setText(heading)

    def chosen(self) -> list[str]:
        return [self.units.item(i).data(Qt.ItemDataRole.UserRole) for i in
                range(self.units.count())
                if self.units.item(i).checkState() == Qt.CheckState.Checked]

    def tick_only(self, unit: str) -> None:
        """Tick ``unit`` and nothing else (as a player would, one box at a time)."""
        for i in range(self.units.count()):
            item = self.units.item(i)
            item.setCheckState(Qt.CheckState.Checked if item.data(Qt.ItemDataRole.UserRole)
                               == unit else Qt.CheckState.Unchecked)
