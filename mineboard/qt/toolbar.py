"""The turn bar over the map: whose turn and which phase, the phases to come, what the
players agreed (the table), and the buttons a turn needs — Undo, Redo, Save, End phase.

A toolbar that runs out of room folds its last widgets into a "»" menu; at 1024 pixels that
was *End phase* itself. Here the words give way instead: the phase track is elided, the
phase name after it, and the buttons always show.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QAction, QFontMetrics, QKeySequence, QPainter, QPaintEvent
from PySide6.QtWidgets import (
    QFrame,
    QLabel,
    QPushButton,
    QSizePolicy,
    QToolBar,
    QToolButton,
    QWidget,
)


class ElidedLabel(QLabel):
    """A one-line label that shrinks to an ellipsis rather than push its neighbours out;
    its whole text is its tooltip whenever it does not fit."""

    def __init__(self, min_chars: int = 8, yields: bool = False) -> None:
        """``yields``: asks only for its least width and takes what is left over, so the
        widgets beside it keep theirs first."""
        super().__init__()
        self._min_chars = min_chars
        self._yields = yields
        self.setSizePolicy(QSizePolicy.Policy.Expanding if yields else
                           QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)

    def minimumSizeHint(self) -> QSize:
        metrics = QFontMetrics(self.font())
        margins = self.contentsMargins()
        return QSize(metrics.averageCharWidth() * self._min_chars + margins.left()
                     + margins.right(), metrics.height())

    def sizeHint(self) -> QSize:
        if self._yields:
            return self.minimumSizeHint()
        metrics = QFontMetrics(self.font())
        margins = self.contentsMargins()
        return QSize(metrics.horizontalAdvance(self.text()) + margins.left()
                     + margins.right() + 4, metrics.height())

    def elided(self) -> bool:
        """Whether the text is cut at the label's present width."""
        rect = self.contentsRect()
        return QFontMetrics(self.font()).horizontalAdvance(self.text()) > rect.width()

    def paintEvent(self, event: QPaintEvent) -> None:
        QFrame.paintEvent(self, event)  # a style sheet's border and background
        painter = QPainter(self)
        rect = self.contentsRect()
        metrics = QFontMetrics(self.font())
        text = metrics.elidedText(self.text(), Qt.TextElideMode.ElideRight, rect.width())
        painter.setPen(self.palette().color(self.foregroundRole()))
        painter.drawText(rect, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
                         text)

    def resizeEvent(self, event: object) -> None:
        super().resizeEvent(event)  # type: ignore[arg-type]
        self.setToolTip(self.text() if self.elided() else self._tip)

    def setText(self, text: str) -> None:
        super().setText(text)
        self.setToolTip(text if self.elided() else self._tip)
        self.updateGeometry()

    _tip = ""

    def set_tip(self, tip: str) -> None:
        """The tooltip when the whole text shows."""
        self._tip = tip
        self.setToolTip(self.text() if self.elided() else tip)


class TurnBar(QToolBar):
    """The toolbar: [Undo][Redo][Save] ● phase · track …… [table] [End phase ▶]."""

    def __init__(self, undo: QAction, redo: QAction, save: QAction) -> None:
        super().__init__("Turn")
        self.setObjectName("turn")
        self.setMovable(False)
        self.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        for action in (undo, redo, save):
            keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
            action.setToolTip(f"{action.text().replace('&', '')} ({keys})")
            self.addAction(action)
        self.addSeparator()
        self.phase_chip = QLabel()
        self.phase_chip.setFixedSize(18, 18)
        self.phase_label = ElidedLabel(min_chars=18)
        font = self.phase_label.font()
        font.setPointSize(font.pointSize() + 2)
        font.setBold(True)
        self.phase_label.setFont(font)
        self.track_label = ElidedLabel(min_chars=4, yields=True)  # the coming steps
        self.track_label.setStyleSheet("color: #5C5240; padding-left: 12px;")
        self.track_label.set_tip("The order of play from here on")
        self.addWidget(_gap(6))
        self.addWidget(self.phase_chip)
        self.addWidget(_gap(8))
        self.addWidget(self.phase_label)
        self.addWidget(self.track_label)
        self.table_badge = ElidedLabel(min_chars=10, yields=True)
        self.table_badge.setMaximumWidth(300)
        self.table_badge.setStyleSheet("border: 1px solid #8A7B5C; border-radius: 4px; "
                                       "padding: 2px 6px; background: #F3EBD8;")
        # A widget in a toolbar is shown and hidden through its action, else an empty
        # frame is left where the badge was.
        self.badge_action = self.addWidget(self.table_badge)
        self.addWidget(_gap(8))
        self.end_button = QPushButton("End phase ▶")
        self.end_button.setToolTip("End the current phase (Ctrl+E)")
        self.addWidget(self.end_button)
        self.addWidget(_gap(4))

    def set_badge(self, text: str, tip: str) -> None:
        self.table_badge.setText(text)
        self.table_badge.set_tip(f"{text}\n\n{tip}")
        self.badge_action.setVisible(bool(text))

    def button_for(self, action: QAction) -> QToolButton:
        widget = self.widgetForAction(action)
        assert isinstance(widget, QToolButton)
        return widget


def _gap(width: int) -> QWidget:
    gap = QWidget()
    gap.setFixedWidth(width)
    return gap
