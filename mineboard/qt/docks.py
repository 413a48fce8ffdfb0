"""The docks around the map: the log that teaches, the odds chart, the selection."""

from __future__ import annotations

from fractions import Fraction

from PySide6.QtCore import QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent
from PySide6.QtWidgets import (
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from mineboard.core.events import DiceRolled, Event, UnitLost


class LogView(QListWidget):
    """Every event in plain words with its clause id; clicking one points at the map."""

    pointed = Signal(object)  # the PlaceRef of the clicked event

    def __init__(self) -> None:
        super().__init__()
        self.setWordWrap(True)
        self.setAlternatingRowColors(True)
        self.itemClicked.connect(self._clicked)

    def add_events(self, events: list[Event]) -> None:
        for event in events:
            item = QListWidgetItem(event.line())
            if event.kind == "PhaseBegan":
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

    def show_events(self, events: list[Event]) -> None:
        self.clear()
        self.add_events(events)

    def _clicked(self, item: QListWidgetItem) -> None:
        target = item.data(Qt.ItemDataRole.UserRole)
        if target is not None:
            self.pointed.emit(target)


class OddsChart(QWidget):
    """The exact loss distribution of the move being planned, as bars with fractions."""

    def __init__(self) -> None:
        super().__init__()
        self.title = "No move planned"
        self.dist: dict[int, Fraction] = {}
        self.label = "−{}"
        self.summary: str | None = None
        self.highlight: int | None = None
        self.setMinimumHeight(150)

    def show_distribution(self, title: str, dist: dict[int, Fraction], label: str = "−{}",
                          summary: str | None = None, highlight: int | None = None) -> None:
        """Bars of P(k). ``label`` formats k under its bar; ``summary`` replaces the mean."""
        self.title = title
        self.dist = dict(sorted(dist.items()))
        self.label = label
        self.summary = summary
        self.highlight = highlight
        self.update()

    def clear(self) -> None:
        self.show_distribution("No move planned", {})

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), QColor("#FBFBF8"))
        painter.setPen(QColor("#222222"))
        font = QFont("DejaVu Sans", 9)
        painter.setFont(font)
        painter.drawText(QRectF(8, 4, self.width() - 16, 18), Qt.AlignmentFlag.AlignLeft,
                         self.title)
        if not self.dist:
            return
        keys = list(range(min(self.dist), max(self.dist) + 1))
        top, bottom = 44, self.height() - 34
        width = (self.width() - 16) / max(1, len(keys))
        peak = max(self.dist.values())
        small = QFont("DejaVu Sans", 8)
        painter.setFont(small)
        for i, k in enumerate(keys):
            p = self.dist.get(k, Fraction(0))
            h = (bottom - top) * float(p / peak) if peak else 0
            x = 8 + i * width
            colour = QColor("#0072B2") if k == 0 and self.label == "−{}" else QColor("#D55E00")
            if self.highlight is not None and k != self.highlight:
                colour = colour.lighter(160)
            painter.fillRect(QRectF(x + 2, bottom - h, width - 4, h), colour)
            painter.setPen(QColor("#222222"))
            painter.drawText(QRectF(x, bottom + 2, width, 14), Qt.AlignmentFlag.AlignCenter,
                             self.label.format(k))
            painter.drawText(QRectF(x, bottom + 15, width, 14), Qt.AlignmentFlag.AlignCenter,
                             f"{float(p) * 100:.1f}%")
        expected = sum((k * p for k, p in self.dist.items()), Fraction(0))
        summary = self.summary or f"expected losses {float(expected):.2f}"
        painter.setFont(QFont("DejaVu Sans", 9, QFont.Weight.Bold))
        painter.drawText(QRectF(8, 22, self.width() - 16, 18), Qt.AlignmentFlag.AlignLeft,
                         summary)


class SelectionPanel(QWidget):
    """What is selected, and the choices a move needs: who moves, who sweeps, who is lost first."""

    changed = Signal()
    battle_requested = Signal(str)

    def __init__(self) -> None:
        super().__init__()
        layout = QVBoxLayout(self)
        self.heading = QLabel("Click your ships to select them.")
        self.heading.setWordWrap(True)
        self.heading.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.heading)
        self.units = QListWidget()
        self.units.setMaximumHeight(140)
        self.units.itemChanged.connect(lambda _item: self.changed.emit())
        layout.addWidget(self.units)
        self.hint = QLabel("")
        self.hint.setWordWrap(True)
        self.hint.setStyleSheet("color: #555;")
        layout.addWidget(self.hint)
        self.battle_button = QPushButton("Settle the battle here…")
        self.battle_button.setToolTip("Battles are fought by the players; record what was lost")
        self.battle_button.clicked.connect(lambda: self.battle_requested.emit(self.zone))
        layout.addWidget(self.battle_button)
        self.zone = ""
        self.show_units("", [], set())

    def show_units(self, heading: str, rows: list[tuple[str, str, bool]],
                   checked: set[str]) -> None:
        """rows: (unit id, text, is an Escort that could sweep)."""
        self.units.blockSignals(True)
        self.units.clear()
        for uid, text, can_sweep in rows:
            item = QListWidgetItem(text)
            item.setData(Qt.ItemDataRole.UserRole, uid)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if uid in checked
                               else Qt.CheckState.Unchecked)
            item.setData(Qt.ItemDataRole.UserRole + 1, can_sweep)
            self.units.addItem(item)
        self.units.blockSignals(False)
        self.heading.setText(heading or "Click your ships to select them.")

    def chosen(self) -> list[str]:
        return [self.units.item(i).data(Qt.ItemDataRole.UserRole) for i in
                range(self.units.count())
                if self.units.item(i).checkState() == Qt.CheckState.Checked]
