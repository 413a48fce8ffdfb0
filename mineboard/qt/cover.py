"""The hot-seat cover: between two sides' turns of a game with secrets the board is hidden
until the next side says it is at the screen."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget


class Cover(QWidget):
    """Hot-seat cover: hides the board between two sides' turns.

    Only the named side's button lifts it — a stray click, a key held down, a shortcut
    pressed by the side that just played do nothing. The button never takes the focus by
    itself, so the Enter that confirmed the last order cannot press it too.
    """

    def __init__(self, parent: QWidget, on_ready: Callable[[], None]) -> None:
        super().__init__(parent)
        self.on_ready = on_ready
        self.colour = QColor("#1B2430")
        self.text = ""
        layout = QVBoxLayout(self)
        layout.addStretch(2)
        self.title = QLabel()
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.title.setStyleSheet("color: #F5F0E6; font-size: 26pt;")
        layout.addWidget(self.title)
        self.detail = QLabel("The board, the log and every menu stay hidden until the "
                             "side named on the button presses it.")
        self.detail.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.detail.setStyleSheet("color: #C9C2B4; font-size: 12pt;")
        layout.addWidget(self.detail)
        layout.addSpacing(24)
        self.button = QPushButton()
        self.button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        self.button.setAutoDefault(False)
        self.button.setMinimumSize(320, 56)
        self.button.setStyleSheet("font-size: 15pt;")
        self.button.clicked.connect(self._ready)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.button)
        row.addStretch(1)
        layout.addLayout(row)
        layout.addStretch(3)
        self.hide()

    def cover(self, nation: str, colour: QColor) -> None:
        self.text = f"Pass to {nation}"
        self.title.setText(self.text)
        self.button.setText(f"I am {nation}")
        self.colour = colour
        parent = self.parentWidget()
        if parent is not None:
            self.setGeometry(parent.rect())
        self.show()
        self.raise_()
        self.setFocus()  # away from the board, whose keys would otherwise still work

    def _ready(self) -> None:
        self.hide()
        self.on_ready()

    def paintEvent(self, event: object) -> None:
        painter = QPainter(self)
        painter.fillRect(self.rect(), QColor("#1B2430"))
        painter.fillRect(0, 0, self.width(), 10, self.colour)
