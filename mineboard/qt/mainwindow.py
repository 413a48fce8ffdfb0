"""The main window: map in the centre, docks for selection, odds and log, menus and keys.

The window knows no ruleset: the registry gives it the ruleset's window code (its kind of
map, its picture, its panel), the controller carries the clicks, and everything it shows
is read through the session's observation for the seat in front of the screen.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint, QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QColor, QKeySequence, QPainter
from PySide6.QtWidgets import (
    QDockWidget,
    QFileDialog,
    QInputDialog,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QPushButton,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from mineboard.core.errors import MineboardError
from mineboard.core.events import CountersRevealed, UnitLost
from mineboard.core.game import PUBLIC
from mineboard.core.history import Record
from mineboard.core.places import PlaceRef
from mineboard.qt.controller import BoardController
from mineboard.qt.controls import ControlsPanel
from mineboard.qt.dice import DiceTray
from mineboard.qt.docks import LogView, OddsChart, SelectionPanel
from mineboard.qt.maps.scene import Hit
from mineboard.qt.registry import ui_for
from mineboard.qt.session import GameSession, settings_path
from mineboard.qt.view import BoardView
from mineboard.resources import bundled_scenarios

SHORTCUTS = [
    ("Enter", "confirm the planned order"), ("Esc", "cancel the current selection or plan"),
    ("Right-click", "what is here, or its menu; never moves anything"),
    ("Ctrl+E", "end the phase"), ("Ctrl+Z / Ctrl+Shift+Z", "undo / redo"),
    ("Ctrl+N / Ctrl+O", "new game / open a save"), ("Ctrl+S / Ctrl+Shift+S", "save / save as"),
    ("Wheel, + / −", "zoom"), ("Ctrl+0", "fit the map"), ("Drag, arrow keys", "pan"),
    ("Space or click the dice", "skip the dice animation"), ("Ctrl+T", "teacher view"),
]


class Cover(QWidget):
    """Hot-seat cover: hides the board between two sides' turns."""

    def __init__(self, parent: QWidget, on_ready: object) -> None:
        super().__init__(parent)
        self.text = ""
        self.on_ready = on_ready
        self.colour = QColor("#1B2430")
        self.hide()

    def cover(self, nation: str, colour: QColor) -> None:
        self.text = f"Pass to {nation}\n\nclick when ready"
        self.colour = colour
        parent = self.parentWidget()
        if parent is not None:
            self.setGeometry(parent.rect())
        self.show()
        self.raise_()

    def paintEvent(self, event: object) -> None:
        painter = QPainter(self)
        painter.fillRect(self.rect(), QColor("#1B2430"))
        painter.fillRect(0, 0, self.width(), 10, self.colour)
        painter.setPen(QColor("#F5F0E6"))
        font = painter.font()
        font.setPointSize(20)
        painter.setFont(font)
        painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, self.text)

    def mousePressEvent(self, event: object) -> None:
        self.hide()
        self.on_ready()  # type: ignore[operator]


class MainWindow(QMainWindow):
    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.setWindowTitle("mineboard")
        self.resize(1400, 900)
        self.settings = QSettings(str(settings_path()), QSettings.Format.IniFormat)
        self._bound: GameSession | None = None  # the session whose signals reach this window
        self.controller: BoardController
        self._build_docks()
        self._build_toolbar()
        self._build_menus()
        self.cover = Cover(self, self._uncovered)
        self.covered_for: str | None = None
        self.load_session(session)

    # ---- building --------------------------------------------------------------------------
    def _build_docks(self) -> None:
        self.selection = SelectionPanel()
        self.controls = ControlsPanel()
        self.selection.changed.connect(self._options_changed)
        self.controls.changed.connect(self._options_changed)
        self.controls.pressed.connect(lambda command: self.controller.run(command))
        panel = QWidget()
        self.selection_layout = QVBoxLayout(panel)
        self.selection_layout.setContentsMargins(0, 0, 0, 0)
        self.selection_layout.addWidget(self.selection)
        self.selection_layout.addWidget(self.controls)
        self.selection_layout.addStretch(1)  # pack the controls at the top
        self.ruleset_panel: QWidget | None = None
        dock = QDockWidget("Selection", self)
        dock.setObjectName("selection")
        dock.setWidget(panel)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        self.odds = OddsChart()
        odds_dock = QDockWidget("Odds of the planned order", self)
        odds_dock.setObjectName("odds")
        odds_dock.setWidget(self.odds)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, odds_dock)
        self.log = LogView()
        self.log.pointed.connect(self._point_at)
        log_dock = QDockWidget("Log", self)
        log_dock.setObjectName("log")
        log_dock.setWidget(self.log)
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, log_dock)
        self.docks = {"selection": dock, "odds": odds_dock, "log": log_dock}

    def showEvent(self, event: object) -> None:
        super().showEvent(event)  # type: ignore[arg-type]
        if not getattr(self, "_docks_sized", False):
            self._docks_sized = True
            self.resizeDocks([self.docks["log"]], [140], Qt.Orientation.Vertical)
            self.resizeDocks([self.docks["selection"]], [340], Qt.Orientation.Horizontal)
            self.resizeDocks([self.docks["selection"], self.docks["odds"]], [540, 200],
                             Qt.Orientation.Vertical)

    def _build_toolbar(self) -> None:
        bar = QToolBar("Turn")
        bar.setObjectName("turn")
        bar.setMovable(False)
        self.phase_chip = QLabel()
        self.phase_chip.setFixedSize(18, 18)
        self.phase_label = QLabel()
        font = self.phase_label.font()
        font.setPointSize(font.pointSize() + 2)
        font.setBold(True)
        self.phase_label.setFont(font)
        self.end_button = QPushButton("End phase ▶")
        self.end_button.setToolTip("End the current phase (Ctrl+E)")
        self.end_button.clicked.connect(self.end_phase)
        bar.addWidget(self.phase_chip)
        bar.addWidget(QLabel("  "))
        bar.addWidget(self.phase_label)
        spacer = QWidget()
        spacer.setSizePolicy(spacer.sizePolicy().horizontalPolicy().Expanding,
                             spacer.sizePolicy().verticalPolicy())
        bar.addWidget(spacer)
        bar.addWidget(self.end_button)
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, bar)

    def _action(self, menu: QMenu, text: str,
                keys: str | QKeySequence.StandardKey | Qt.Key | None, slot: object) -> QAction:
        act = QAction(text, self)
        if keys is not None:
            act.setShortcut(QKeySequence(keys))
        act.triggered.connect(slot)
        menu.addAction(act)
        return act

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file = bar.addMenu("&File")
        self._action(file, "&New game…", QKeySequence.StandardKey.New, self.new_game)
        self._action(file, "&Open…", QKeySequence.StandardKey.Open, self.open_file)
        self._action(file, "&Save", QKeySequence.StandardKey.Save, self.save)
        self._action(file, "Save &As…", "Ctrl+Shift+S", self.save_as)
        file.addSeparator()
        self._action(file, "&Quit", QKeySequence.StandardKey.Quit, self.close)
        edit = bar.addMenu("&Edit")
        self.undo_action = self._action(edit, "&Undo", QKeySequence.StandardKey.Undo,
                                        self.undo)
        self.redo_action = self._action(edit, "&Redo", "Ctrl+Shift+Z", self.redo)
        self.solo_action = self._action(edit, "Allow undo past dice (solo / teaching)", None,
                                        self._toggle_solo)
        self.solo_action.setCheckable(True)
        game = bar.addMenu("&Game")
        self.end_action = self._action(game, "&End phase", "Ctrl+E", self.end_phase)
        self.confirm_action = self._action(game, "&Confirm order", Qt.Key.Key_Return,
                                           lambda: self.controller.mode.confirm())
        self._action(game, "Cancel", Qt.Key.Key_Escape, self.cancel_interaction)
        self._action(game, "Skip dice animation", Qt.Key.Key_Space, lambda: self.dice.skip())
        view = bar.addMenu("&View")
        self._action(view, "Zoom &in", QKeySequence.StandardKey.ZoomIn,
                     lambda: self.view.zoom_by(1.25))
        self._action(view, "Zoom &out", QKeySequence.StandardKey.ZoomOut,
                     lambda: self.view.zoom_by(0.8))
        self._action(view, "&Fit map", "Ctrl+0", lambda: self.view.fit())
        self.teacher_action = self._action(view, "&Teacher view (show everything)", "Ctrl+T",
                                           self._toggle_teacher)
        self.teacher_action.setCheckable(True)
        speed = view.addMenu("Dice animation")
        group = QActionGroup(self)
        self.speed_actions = {}
        for name in ("off", "fast", "normal"):
            act = QAction(name.capitalize(), self, checkable=True)
            act.triggered.connect(lambda _=False, n=name: self.set_speed(n))
            group.addAction(act)
            speed.addAction(act)
            self.speed_actions[name] = act
        helpm = bar.addMenu("&Help")
        self._action(helpm, "&Keyboard and mouse", "F1", self.show_shortcuts)
        self._action(helpm, "&About mineboard", None, self.show_about)

    # ---- the session -----------------------------------------------------------------------
    def load_session(self, session: GameSession) -> None:
        old = self._bound
        if old is not None:  # the game being replaced hears nothing more
            old.changed.disconnect(self.on_changed)
            old.played.disconnect(self.on_played)
            old.undo_stack.canUndoChanged.disconnect(self.undo_action.setEnabled)
            old.undo_stack.canRedoChanged.disconnect(self.redo_action.setEnabled)
            old.autosave_enabled = False
        self.cover.hide()
        self.session = self._bound = session
        self.ui = ui_for(session.game.ruleset.id)
        self.scene = self.ui.make_scene(session.scenario.board)
        self.view = BoardView(self.scene)
        self.view.clicked.connect(self.on_click)
        self.view.zoomed.connect(self.scene.set_detail)
        self.setCentralWidget(self.view)
        self.dice = DiceTray(self.view.viewport())
        self.dice.finished.connect(self._dice_done)
        self.dice.flash.connect(self.scene.flash)
        self.set_speed(str(self.settings.value("dice_speed", "normal")))
        self.controller = BoardController(session, self.ui, self.scene, self.selection,
                                     self.controls, self.odds, self.say, self.popup, self)
        self.controls.forget()
        if self.ruleset_panel is not None:
            self.ruleset_panel.setParent(None)
        self.ruleset_panel = self.ui.panel(session.view())
        if self.ruleset_panel is not None:
            self.selection_layout.insertWidget(2, self.ruleset_panel)
        session.changed.connect(self.on_changed)
        session.played.connect(self.on_played)
        session.undo_stack.canUndoChanged.connect(self.undo_action.setEnabled)
        session.undo_stack.canRedoChanged.connect(self.redo_action.setEnabled)
        self.undo_action.setEnabled(False)
        self.redo_action.setEnabled(False)
        self.session.solo = self.solo_action.isChecked()
        self.session.teacher_view = self.teacher_action.isChecked()
        self.log.show_events(session.observation().events())
        self.setWindowTitle(f"mineboard — {session.scenario.title}")
        self.covered_for = None
        self.refresh()
        self.controller.idle()
        self.view.fit()
        self._maybe_cover()

    def _options_changed(self) -> None:
        self.controller.mode.refresh()

    def refresh(self) -> None:
        if self.cover.isVisible():
            return
        view = self.session.view()
        self.scene.show(self.ui.draw(view))
        colour = self.scene.colour(view.actor)
        self.phase_chip.setStyleSheet(f"background: {colour.name()}; border: 1px solid #333;"
                                      "border-radius: 9px;")
        self.phase_label.setText(f"Turn {view.turn} · {view.actor} · {view.phase_label}"
                                 f"{self.ui.phase_detail(view)}")
        seat = self.session.seat()
        self.ui.refresh_panel(view, seat if seat in view.sides else view.to_move)

    def on_changed(self) -> None:
        if not self.dice.busy:  # else the dice finish first, then _dice_done catches up
            self._catch_up()

    def _catch_up(self) -> None:
        """Draw the new state — unless it passed to another side: then the cover goes up
        first, and nothing of the next side's view is drawn until it is lifted."""
        if self._maybe_cover():
            return
        self.refresh()
        self.controller.mode.refresh()

    def on_played(self, record: Record) -> None:
        # Read as the side that played it: it is still at the screen while the dice roll.
        by = record.by if record.by is not None else self.session.seat()
        events = self.session.observation(by).events_of(record)
        self.log.add_events(events)
        for event in events:
            if isinstance(event, CountersRevealed) and event.at is not None:
                self.scene.reveal(event.at, event.faces, self.dice.speed)
            if isinstance(event, UnitLost) and event.at is not None:
                self.scene.sink(event.at, self.ui.art(event.unit_type), event.owner,
                                self.dice.speed)
        if record.rolls:
            self.dice.setGeometry(0, self.view.viewport().height() - 70,
                                  self.view.viewport().width(), 70)
            self.dice.play(events)

    def _dice_done(self) -> None:
        self.scene.flash(None, False)
        self._catch_up()

    def _maybe_cover(self) -> bool:
        """Cover the board when the turn passes to another side in a game with secrets;
        whether it is covered now."""
        if not self.session.hidden or self.session.teacher_view:
            return False
        public = self.session.observation(PUBLIC).view
        side = public.to_move
        if self.covered_for is None:
            self.covered_for = side
        if side != self.covered_for:
            self.covered_for = side
            self.controls.forget()  # the next side starts from its own defaults
            self.statusBar().clearMessage()  # the last side's words may hold its secrets
            self.controller.idle()
            self.log.show_events(self.session.observation(PUBLIC).events())
            self.scene.show(self.ui.draw(public))  # nobody's secrets underneath
            self.cover.cover(public.actor, self.scene.colour(public.actor))
        return self.cover.isVisible()

    def _uncovered(self) -> None:
        self.log.show_events(self.session.observation().events())
        self.refresh()
        self.controller.idle()

    def resizeEvent(self, event: object) -> None:
        super().resizeEvent(event)  # type: ignore[arg-type]
        if self.cover.isVisible():
            self.cover.setGeometry(self.rect())

    # ---- actions ---------------------------------------------------------------------------
    def cancel_interaction(self) -> None:
        self.controller.idle()
        self.say("Cancelled.")

    def on_click(self, hit: Hit | None, button: Qt.MouseButton) -> None:
        if self.dice.busy:
            self.dice.skip()
            return
        if hit is None:
            self.cancel_interaction()
            return
        self.controller.mode.click(hit, button)

    def say(self, text: str, error: bool = False) -> None:
        if self.cover.isVisible():
            return  # nothing is said while the board waits for the next side
        self.statusBar().setStyleSheet("color: #A4001D;" if error else "")
        self.statusBar().showMessage(text)

    def end_phase(self) -> None:
        if self.controller.play(self.session.game.ruleset.end_phase(self.session.view()),
                                "End phase"):
            self.controller.idle()

    def undo(self) -> None:
        stack = self.session.undo_stack
        if stack.canUndo():
            text = stack.undoText()
            stack.undo()
            self.log.show_events(self.session.observation().events())
            self.controller.idle()
            self.say(f"Undone: {text}.")
        elif self.session.game.records:
            self.say("Nothing to undo: dice rolls and reveals cannot be taken back in a "
                     "two-player game (Edit ▸ Allow undo past dice).", error=True)
        else:
            self.say("Nothing to undo yet.")

    def redo(self) -> None:
        stack = self.session.undo_stack
        if stack.canRedo():
            text = stack.redoText()
            stack.redo()
            self.log.show_events(self.session.observation().events())
            self.say(f"Redone: {text}.")
        else:
            self.say("Nothing to redo.")

    def _toggle_solo(self) -> None:
        self.session.solo = self.solo_action.isChecked()

    def _toggle_teacher(self) -> None:
        self.session.teacher_view = self.teacher_action.isChecked()
        # Whoever turns it off is at the screen for the side to move: no cover for them.
        self.covered_for = self.session.observation(PUBLIC).view.to_move
        self.log.show_events(self.session.observation().events())
        self.refresh()
        self.controller.mode.refresh()

    def set_speed(self, name: str) -> None:
        name = name if name in self.speed_actions else "normal"
        self.dice.speed = name
        self.speed_actions[name].setChecked(True)
        self.settings.setValue("dice_speed", name)

    def _point_at(self, at: PlaceRef) -> None:
        point = self.scene.point_of(at)
        if point is not None:
            self.scene.flash(at, True)
            QTimer.singleShot(1500, lambda: self.scene.flash(at, False))
            self.view.centerOn(point)

    def popup(self, menu: QMenu) -> None:
        menu.popup(self.view.mapToGlobal(self.view.mapFromGlobal(
            self.cursor().pos()) + QPoint(4, 4)))
        self._menu = menu

    # ---- files -----------------------------------------------------------------------------
    def new_game(self) -> None:
        names = list(bundled_scenarios())
        name, ok = QInputDialog.getItem(self, "New game", "Scenario:", names, 0, False)
        if ok and name:
            self._open(name)

    def open_file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open a save or scenario", "",
                                              "mineboard files (*.json);;All files (*)")
        if path:
            self._open(path)

    def _open(self, name: str) -> None:
        try:
            session = GameSession.open(name)
        except MineboardError as exc:
            QMessageBox.warning(self, "Cannot open", str(exc))
            return
        self.load_session(session)

    def save(self) -> None:
        if self.session.path is None or b'"mineboard_save"' not in Path(
                self.session.path).read_bytes()[:4096]:
            self.save_as()
            return
        self._save_to(self.session.path)

    def save_as(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Save game", "game.mineboard.json",
                                              "mineboard saves (*.json)")
        if path:
            self._save_to(Path(path))

    def _save_to(self, path: Path) -> None:
        try:
            self.session.save(path)
        except MineboardError as exc:
            QMessageBox.warning(self, "Cannot save", str(exc))
            return
        self.say(f"Saved to {path}")

    def show_shortcuts(self) -> None:
        rows = [*self.ui.help, *SHORTCUTS]
        QMessageBox.information(self, "Keyboard and mouse",
                                "\n".join(f"{k}: {v}" for k, v in rows))

    def show_about(self) -> None:
        QMessageBox.about(self, "About mineboard",
                          "mineboard — lay, sweep and run through minefields.\n\n"
                          "Coastlines made with Natural Earth (public domain).")

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.session.autosave_enabled:
            GameSession.discard_autosave()  # a clean exit: nothing to restore next time
        super().closeEvent(event)
