"""The main window's size on the player's screen: fitted to it the first time, the player's
own size kept after that, and the map given the room before the docks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QRect, QSize, Qt, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QMainWindow

if TYPE_CHECKING:
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QDockWidget

    from mineboard.qt.docks import OddsChart, SelectionPanel
    from mineboard.qt.view import BoardView

FRAME_ALLOWANCE = QSize(0, 32)
"""Room left for a window system's title bar before the frame is known (it is checked
once the window shows)."""


class WindowSize(QMainWindow):
    """The main window's part that sizes it and its docks."""

    if TYPE_CHECKING:  # what it uses of the main window
        settings: QSettings
        docks: dict[str, QDockWidget]
        odds: OddsChart
        selection: SelectionPanel

        @property
        def view(self) -> BoardView: ...

    PREFERRED = QSize(1400, 900)

    def _fit_to_screen(self) -> None:
        """The size the player left it at, if it still fits the screen; else, the first
        time, the preferred size within the screen's free area (a 1400×900 window on a
        1280×800 laptop had End phase, the docks and the log off the screen)."""
        screen = self.screen() or QGuiApplication.primaryScreen()
        free = screen.availableGeometry() if screen is not None else QRect(0, 0, 1400, 900)
        saved = self.settings.value("window/geometry")
        if isinstance(saved, QByteArray) and self.restoreGeometry(saved) and \
                free.contains(self.frameGeometry().adjusted(8, 8, -8, -8)):
            return
        size = self.PREFERRED.boundedTo(free.size() - FRAME_ALLOWANCE)
        self.resize(size)
        self.move(free.left() + (free.width() - size.width()) // 2,
                  free.top() + max(0, (free.height() - size.height()) // 3))
        self._fits_frame: QSize | None = size

    def _size_docks_once(self) -> None:
        """At the first show: the map first; on a small screen the log and the side docks
        give up room, and the frame is checked against the screen once it is known."""
        chosen = getattr(self, "_fits_frame", None)
        if chosen is not None:
            self._fits_frame = None
            QTimer.singleShot(0, self, lambda: self._inside_screen(chosen))
        if getattr(self, "_docks_sized", False):
            return
        self._docks_sized = True
        log = max(84, min(140, round(self.height() * 0.15)))
        side = max(300, min(340, round(self.width() * 0.26)))
        self.resizeDocks([self.docks["log"]], [log], Qt.Orientation.Vertical)
        self.resizeDocks([self.docks["selection"]], [side], Qt.Orientation.Horizontal)
        self._balance_docks(self.odds.preview is not None)
        self.selection.rows_shown = 4 if self.height() < 860 else 8
        self.selection.fit_rows()
        # once the docks have their sizes: the map fitted, its stacks placed clear
        QTimer.singleShot(0, self, lambda: self.view.fit())

    def _balance_docks(self, planned: bool) -> None:
        """The right-hand column between the picked units and the odds: while nothing is
        planned the odds dock is a line and the Selection dock's options and buttons have
        the room (on a small screen the Load button had been below its fold); once a move
        is planned its odds take two fifths (the chart reads at 180 px)."""
        column = self.docks["selection"].height() + self.docks["odds"].height()
        odds = max(180, min(360, round(column * 0.42))) if planned else 64
        self.resizeDocks([self.docks["selection"], self.docks["odds"]],
                         [max(120, column - odds), odds], Qt.Orientation.Vertical)

    def _inside_screen(self, chosen: QSize) -> None:
        """Once shown, the window system's frame is known: a first window whose frame runs
        past the screen's free area is made that much smaller (unless it was given a size
        since, as a screenshot gives it)."""
        screen = self.screen()
        if screen is None or self.isMaximized() or self.size() != chosen:
            return
        free, frame = screen.availableGeometry(), self.frameGeometry()
        if free.contains(frame):
            return
        over = QSize(max(0, frame.width() - free.width()),
                     max(0, frame.height() - free.height()))
        self.resize(self.size() - over)
        self.move(max(free.left(), min(self.x(), free.right() - self.frameGeometry().width())),
                  max(free.top(), min(self.y(), free.bottom() - self.frameGeometry().height())))

    def remember_size(self) -> None:
        """Kept for the next start: the player's own size and place for the window."""
        self.settings.setValue("window/geometry", self.saveGeometry())
