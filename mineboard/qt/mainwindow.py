"""The main window: map in the centre, docks for selection, odds and log, menus and keys.

The window knows no ruleset: the registry gives it the ruleset's window code (its kind of
map, its picture, its panel), the controller carries the clicks, and everything it shows
is read through the session's observation for the seat in front of the screen.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import shiboken6
from PySide6.QtCore import QPoint, QPointF, QRectF, QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QDockWidget,
    QLabel,
    QMenu,
    QMessageBox,
    QScrollArea,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from mineboard.core.actions import Action
from mineboard.core.advice import Target
from mineboard.core.dice_stats import dice_statistics
from mineboard.core.errors import IllegalAction, MineboardError
from mineboard.core.events import CountersRevealed, Event, UnitLost
from mineboard.core.game import PUBLIC
from mineboard.core.history import Record
from mineboard.core.places import PlaceRef
from mineboard.explorer.demos import Demo, load_demo
from mineboard.qt import outside_results
from mineboard.qt.advice_view import AdviceLayer, AdvicePanel
from mineboard.qt.by_email import ByEmail
from mineboard.qt.clause_links import anchor, clause_ids, clause_of
from mineboard.qt.controller import BoardController
from mineboard.qt.controls import ControlsPanel
from mineboard.qt.cover import Cover
from mineboard.qt.demo_player import DemoPanel, demo_session
from mineboard.qt.dice import DiceTray
from mineboard.qt.dice_stats import DicePanel
from mineboard.qt.docks import LogView, OddsChart, SelectionPanel
from mineboard.qt.help import HelpWindow
from mineboard.qt.maps.scene import Hit
from mineboard.qt.registry import ui_for
from mineboard.qt.rules_window import RulesWindow
from mineboard.qt.session import CLOSED_TABLE, GameSession, settings_path
from mineboard.qt.solo import ProgramPlayer
from mineboard.qt.threat_view import ThreatLayer, ThreatPanel
from mineboard.qt.toolbar import TurnBar
from mineboard.qt.tutorial import Tutor, bind_menu
from mineboard.qt.view import BoardView
from mineboard.qt.window_advice import AdviceAndSolo
from mineboard.qt.window_files import GameFiles
from mineboard.qt.window_size import WindowSize

SHORTCUTS = [
    ("Enter", "confirm the planned order"), ("Esc", "cancel the current selection or plan"),
    ("Right-click", "a menu of what is here and what may be done there; never moves "
                    "anything by itself"),
    ("Drag your stack", "move it where you let it go (the route and odds show on the way)"),
    ("Click a unit of the opened stack", "tick or untick it for the next order"),
    ("Ctrl+E", "end the phase"), ("Ctrl+Z / Ctrl+Shift+Z", "undo / redo"),
    ("Ctrl+N / Ctrl+O", "new game / open a save"), ("Ctrl+S / Ctrl+Shift+S", "save / save as"),
    ("Wheel, + / −", "zoom"), ("Ctrl+0", "fit the map"), ("Drag, arrow keys", "pan"),
    ("Space or click the dice", "skip the dice animation"),
    ("Ctrl+B", "your side's briefing: the scenario's words for you alone"),
    ("Ctrl+T", "teacher view (open table)"),
    ("Ctrl+F1", "Help ▸ Rules: every clause, searchable, with its demo boards; a clause id "
                "anywhere in the window opens its page"),
    ("→ or Space (in a demo)", "play the demo's next step"),
    ("Ctrl+Shift+O / Ctrl+Shift+E", "open a turn file / send your turn (play by email)"),
]



class MainWindow(GameFiles, WindowSize, AdviceAndSolo):
    """The board, its docks and menus, for the game of one session at a time. Its parts
    by job: :class:`GameFiles` (new, open, save) and :class:`WindowSize`; this class
    builds the menus, binds the session and keeps the board, the cover and the docks in
    step."""


    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.setWindowTitle("mineboard")
        self.settings = QSettings(str(settings_path()), QSettings.Format.IniFormat)
        self._fit_to_screen()
        self._bound: GameSession | None = None  # the session whose signals reach this window
        self.help_window: HelpWindow | None = None
        self.rules_window: RulesWindow | None = None
        self.demo: Demo | None = None
        """The demo board shown (Help ▸ Rules ▸ Show me), or None."""
        self._before_demo: tuple[GameSession, bool] | None = None
        """While a demo is shown: the game it stands in for, and whether that game had the
        teacher view on. Closing the demo brings that game back as it was."""
        self.demo_panel: DemoPanel | None = None
        self.demo_dock: QDockWidget | None = None
        self.demo_opened_in = 0.0
        """Seconds the last demo took to open, from Show me to its board drawn."""
        self._view: BoardView | None = None
        self.covered = False
        self.controller: BoardController
        self.tutor = Tutor(self)  # Help ▸ Tutorials (qt/tutorial.py)
        self._build_docks()
        self._build_menus()
        self._build_toolbar()
        self.cover = Cover(self, self._uncovered)
        self.covered_for: str | None = None
        self.autosave_label = QLabel()  # stays put: the next status message cannot hide it
        self.autosave_label.setStyleSheet("color: #A4001D;")
        self.autosave_label.hide()
        self.statusBar().addPermanentWidget(self.autosave_label)
        self.clause_link = QLabel()  # the clause of the message said last, as a link
        self.clause_link.setTextFormat(Qt.TextFormat.RichText)
        self.clause_link.linkActivated.connect(self._open_link)
        self.clause_link.hide()
        self.statusBar().insertPermanentWidget(0, self.clause_link)
        self.statusBar().messageChanged.connect(self._status_links)
        self.next_keys = [QShortcut(QKeySequence(key), self, self.next_demo_step)
                          for key in (Qt.Key.Key_Right,)]
        for key in self.next_keys:
            key.setEnabled(False)  # only while a demo is shown
        self.outside = outside_results.OutsideResults(self)  # see core/outside.py
        self.program = ProgramPlayer(self, self._program_may_move, self.say)
        self.load_session(session)

    # ---- building --------------------------------------------------------------------------
    @property
    def view(self) -> BoardView:
        assert self._view is not None, "the view is made with the first game"
        return self._view

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
        # On a small screen the dock scrolls rather than push the window past the screen
        # or squeeze a ruleset's panel (the gwas logsheet and zone map) to a sliver.
        scroller = QScrollArea()
        scroller.setWidget(panel)
        scroller.setWidgetResizable(True)
        scroller.setFrameShape(QScrollArea.Shape.NoFrame)
        scroller.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.ruleset_panel: QWidget | None = None
        self.odds = OddsChart()
        self.odds.planned.connect(self._balance_docks)
        self.log = LogView()
        self.log.pointed.connect(self._point_at)
        self.log.clause_clicked.connect(self.show_clause)
        self.odds.clause_clicked.connect(self.show_clause)
        right, bottom = Qt.DockWidgetArea.RightDockWidgetArea, \
            Qt.DockWidgetArea.BottomDockWidgetArea
        self.dice_panel = DicePanel()
        self.threat_panel = ThreatPanel()
        self.threat_panel.chosen.connect(self._choose_threat)
        self.threat_group: str | None = None
        self.threat_layer: ThreatLayer | None = None
        self.advice_panel = AdvicePanel()
        self.advice_panel.target_chosen.connect(self._advise_for)
        self.advice_panel.picked.connect(self._pick_advice)
        self.advice_panel.lay.connect(self._lay_advice)
        self.advice_layer: AdviceLayer | None = None
        self.advice_target: Target | None = None
        self._advised_at = -1  # the game's generation the advice shown was worked on
        self.docks = {name: self._dock(name, title, widget, area) for name, title, widget, area
                      in (("selection", "Selection", scroller, right),
                          ("odds", "Odds of the planned order", self.odds, right),
                          ("log", "Log", self.log, bottom),
                          ("dice", "Dice statistics", self.dice_panel, right),
                          ("threat", "Threat map", self.threat_panel, right),
                          ("advice", "Advice", self.advice_panel, right))}
        self.threat_action = self._on_demand("threat", "T&hreat map", "Ctrl+Shift+T",
                                             "shade the map by what a chosen group would lose "
                                             "at each place, from what your side knows",
                                             self._show_threat)
        self.dice_stats_action = self._on_demand("dice", "&Dice statistics", "Ctrl+Shift+D",
                                                 "each side's rolls by face with a chi-square "
                                                 "test, and the mines' results against the "
                                                 "exact odds", self._show_dice_stats)
        self.tabifyDockWidget(self.docks["selection"], self.docks["advice"])
        self.docks["advice"].hide()  # opened by Game ▸ Advise
        self.docks["advice"].visibilityChanged.connect(lambda _on: self._show_advice())

    def _on_demand(self, name: str, text: str, keys: str, tip: str,
                   fill: Callable[[], None]) -> QAction:
        """A dock opened from View: a tab beside Selection (room to read), closed at the
        start, filled when it opens and raised over its neighbours; its View entry."""
        dock = self.docks[name]
        self.tabifyDockWidget(self.docks["selection"], dock)
        dock.hide()
        dock.visibilityChanged.connect(lambda _on: fill())
        action = dock.toggleViewAction()
        action.triggered.connect(lambda on: dock.raise_() if on else None)
        action.setText(text)
        action.setShortcut(QKeySequence(keys))
        action.setToolTip(tip)
        return action

    def _dock(self, name: str, title: str, content: QWidget,
              area: Qt.DockWidgetArea) -> QDockWidget:
        """A dock whose content can be swapped for a blank page while the board is covered
        — docked or floating, it then shows nothing of the last side's game."""
        pages = QStackedWidget()
        pages.addWidget(content)
        blank = QLabel("Covered until the next side is at the screen.")
        blank.setAlignment(Qt.AlignmentFlag.AlignCenter)
        blank.setObjectName("covered")
        pages.addWidget(blank)
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        dock.setWidget(pages)
        self.addDockWidget(area, dock)
        return dock

    def showEvent(self, event: object) -> None:
        super().showEvent(event)  # type: ignore[arg-type]
        self._size_docks_once()

    def _build_toolbar(self) -> None:
        bar = TurnBar(self.undo_action, self.redo_action, self.save_action)
        bar.end_button.clicked.connect(self.end_phase)
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, bar)
        self.toolbar = bar
        self.phase_chip, self.phase_label = bar.phase_chip, bar.phase_label
        self.track_label, self.table_badge = bar.track_label, bar.table_badge
        self.end_button = bar.end_button

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
        self.new_action = self._action(file, "&New game…", QKeySequence.StandardKey.New,
                                       self.new_game)
        self._action(file, "&Open…", QKeySequence.StandardKey.Open, self.open_file)
        self.last_session_action = self._action(file, "Open &last session", None,
                                                self.open_last_session)
        self.save_action = self._action(file, "&Save", QKeySequence.StandardKey.Save,
                                        self.save)
        self.save_as_action = self._action(file, "Save &As…", "Ctrl+Shift+S", self.save_as)
        file.addSeparator()
        self.by_email = ByEmail(self)
        self._action(file, "New game by &email…", None,
                     self._leaving("starting a game by email", self.by_email.new_game))
        self._action(file, "Open &turn file…", "Ctrl+Shift+O",
                     self._leaving("opening a turn file", self.by_email.open_turn))
        self.send_action = self._action(file, "Send t&urn…", "Ctrl+Shift+E",
                                        self.by_email.send_turn)
        self._action(file, "Open all my secrets (game over)", None,
                     self.by_email.reveal_all)
        file.addSeparator()
        self.quit_action = self._action(file, "&Quit", QKeySequence.StandardKey.Quit,
                                        self.quit)
        edit = bar.addMenu("&Edit")
        edit.setToolTipsVisible(True)
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
        self._action(game, "Skip dice animation", Qt.Key.Key_Space, self._space)
        game.addSeparator()
        self._action(game, "&Briefing…", "Ctrl+B", self.show_briefing)
        self._action(game, "&Result from outside the rules…", None,
                     lambda: self.outside.offer(asked=True))
        game.addSeparator()
        self.advise_action = self._action(game, "&Advise…", "Ctrl+Shift+A", self.advise)
        self.advise_action.setToolTip("Rank the mines your side may lay now by what they would "
                                      "cost the enemy, from what your side knows")
        self.program_action = self._action(game, "&Let the program move", "Ctrl+Shift+P",
                                           self._let_program_move)
        self.program_action.setToolTip("Solo game: the program takes its side's turn (after an "
                                       "undo it waits for this or for your next move)")
        view = bar.addMenu("&View")
        view.setToolTipsVisible(True)
        self._action(view, "Zoom &in", QKeySequence.StandardKey.ZoomIn,
                     lambda: self.view.zoom_by(1.25))
        self._action(view, "Zoom &out", QKeySequence.StandardKey.ZoomOut,
                     lambda: self.view.zoom_by(0.8))
        self._action(view, "&Fit map", "Ctrl+0", lambda: self.view.fit())
        self.teacher_action = self._action(view, "&Teacher view (show everything)", "Ctrl+T",
                                           self._toggle_teacher)
        self.teacher_action.setCheckable(True)
        view.addAction(self.dice_stats_action)
        view.addAction(self.threat_action)
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
        self.help_action = self._action(helpm, "&How to play this game", "F1", self.show_help)
        self.rules_action = self._action(helpm, "&Rules — every clause, with demos…", "Ctrl+F1",
                                         lambda: self.show_rules())
        self.tutorials_menu = helpm.addMenu("&Tutorials — the worked examples, by clicks")
        bind_menu(self.tutorials_menu, self.tutor)
        self._action(helpm, "&About mineboard", None, self.show_about)

    # ---- the session -----------------------------------------------------------------------
    def load_session(self, session: GameSession, retire: bool = True) -> None:
        """Show ``session``'s game. The one it replaces hears nothing more and is retired —
        unless ``retire`` is False: a demo stands in for it, and it comes back."""
        old = self._bound
        if old is not None:  # the game being replaced hears nothing more
            old.changed.disconnect(self.on_changed)
            old.played.disconnect(self.on_played)
            old.undo_stack.canUndoChanged.disconnect(self._sync_undo_actions)
            old.undo_stack.canRedoChanged.disconnect(self._sync_undo_actions)
            old.undo_stack.cleanChanged.disconnect(self._clean_changed)
            old.changed.disconnect(self._sync_title)
            old.autosave_note.disconnect(self._autosave_note)
            if retire:
                old.retire()
        self.cover.hide()
        self._set_covered(False)
        self.outside.close()
        self.session = self._bound = session
        self.ui = ui_for(session.game.ruleset.id)
        old_scene = None if self._view is None else self._view.board_scene
        if old_scene is not None:  # nothing of the old board may still play once it goes
            old_scene.settle()
        self.scene = self.ui.make_scene(session.scenario.board)
        self.threat_layer = ThreatLayer(self.scene)
        self.advice_layer = AdviceLayer(self.scene)
        self.advice_panel.show_advice(None, "Game ▸ Advise (Ctrl+Shift+A) ranks the mines your "
                                            "side may lay now.")
        if self._view is None:  # one view for the window's life: its layout stays put
            self._view = BoardView(self.scene)
            self._view.clicked.connect(self.on_click)
            self._view.may_carry = self._may_carry
            self._view.picked_up.connect(self._picked_up)
            self._view.carried.connect(lambda hit, pos: self.controller.carry_over(hit, pos))
            self._view.dropped.connect(lambda hit: self.controller.drop(hit))
            self._view.pointed.connect(lambda hit: self.controller.point_at(hit))
            self.setCentralWidget(self._view)
            self.dice = DiceTray(self._view)
            self.dice.anchor(self._view.viewport())
            self.dice.locate = self._on_viewport
            self.dice.finished.connect(self._dice_done)
            self.dice.revealed.connect(self._reveal)
            self.dice.flash.connect(lambda at, on: self.scene.point_out(at, on))
        else:
            self.dice.clear()
            self._view.show_board(self.scene)
            # Deleted by the event loop now, not whenever Python's cycle collector gets to it
            # in the middle of some later event: that crashed a later window's dice.
            assert old_scene is not None
            old_scene.deleteLater()
        self.set_speed(str(self.settings.value("dice_speed", "normal")))
        self.controller = BoardController(session, self.ui, self.scene, self.selection,
                                     self.controls, self.odds, self.say, self.popup, self,
                                     self._settled)
        self.controls.forget()
        if self.ruleset_panel is not None:
            self.ruleset_panel.setParent(None)
        self.ruleset_panel = self.ui.panel(session.view())
        if self.ruleset_panel is not None:
            self.selection_layout.insertWidget(2, self.ruleset_panel)
        session.changed.connect(self.on_changed)
        session.played.connect(self.on_played)
        self._autosave_note("")
        session.autosave_note.connect(self._autosave_note)
        session.undo_stack.canUndoChanged.connect(self._sync_undo_actions)
        session.undo_stack.canRedoChanged.connect(self._sync_undo_actions)
        session.undo_stack.cleanChanged.connect(self._clean_changed)
        session.changed.connect(self._sync_title)
        self._sync_undo_actions()
        for action, turn_on in ((self.solo_action, session.allow_undo_past_dice),
                                (self.teacher_action, session.show_everything)):
            try:  # a tick carried over from the last game holds only if this one allows it
                turn_on(action.isChecked())
            except IllegalAction:
                action.setChecked(False)
        self._sync_table_actions()
        badge = self._badge(session)
        self.toolbar.set_badge(badge, (
            "The dice were committed when the game began: "
            f"{session.game.seed_commitment}\nNote it: a save whose seed does not match "
            "is refused.") if session.pbem is None else "Dice from both sides' shares.")
        self.log.header = badge
        self._show_log()
        self._sync_title()
        # Everyone saw the game begin or open: the first side's board waits behind the
        # cover too, as every later side's does (its briefing had shown at once).
        self.covered_for = "" if self._covers() else None
        self.refresh()
        self.controller.idle()
        self.view.fit()
        if not self._maybe_cover():  # a newcomer is told at once what to do
            self.say(f"{self.game_name()}. {outside_results.hint(self.session, self.ui)}")
        self.program.bind(session)
        self.program.maybe_move()

    def game_name(self) -> str:
        """The game as the title and the questions name it: its file, or a new game's
        scenario (or the demo shown)."""
        if self.demo is not None:
            return f"Demo {self.demo.clause.id}: {self.demo.title}"
        path = self.session.path
        return path.name if path is not None else self.session.scenario.title

    def _sync_title(self) -> None:
        self.setWindowTitle(f"{self.game_name()}[*] — mineboard")
        self.setWindowModified(self.session.modified)

    def _clean_changed(self, clean: bool) -> None:
        """Told by the stack: at the window's end it may be half torn down, past asking."""
        self.setWindowModified(not clean)

    @staticmethod
    def _badge(session: GameSession) -> str:
        """What the players agreed for this game, on the toolbar and atop the log."""
        seat = session.pbem
        if seat is not None:
            return f"by email · {seat.me} · turn file {seat.last.seq}"
        game = session.game
        return " · ".join(p for p in (game.table.badge(game.has_secrets),
                                      session.seal_note()) if p)

    def _options_changed(self) -> None:
        self.controller.mode.refresh()

    def refresh(self) -> None:
        if self.covered:
            return
        view = self.session.view()
        self.scene.show(self.ui.draw(view))
        colour = self.scene.colour(view.actor)
        self.phase_chip.setStyleSheet(f"background: {colour.name()}; border: 1px solid #333;"
                                      "border-radius: 9px;")
        self.phase_label.setText(f"Turn {view.turn} · {view.actor} · {view.phase_label}"
                                 f"{self.ui.phase_detail(view)}")
        coming = outside_results.coming(self.session)
        self.track_label.setText("then " + " ▸ ".join(coming) if coming else "")
        seat = self.session.seat()
        side = seat if seat in view.sides else view.to_move
        self.selection.show_todo(outside_results.hint(self.session, self.ui),
                                 self.ui.holdings(view, side))
        self.ui.refresh_panel(view, side)
        self._show_dice_stats()
        self._show_threat()
        self._show_advice()
        QTimer.singleShot(0, self, self.outside.offer)  # once the cover, if any, is up

    def _choose_threat(self, key: str) -> None:
        self.threat_group = key
        self._show_threat()

    def _show_threat(self) -> None:
        """The threat map of the chosen group, from the seat's own view (core/threat.py);
        the shading goes when the dock is closed."""
        if self.threat_layer is None or self.covered or not self.threat_layer.alive:
            return  # (not alive: the window is going, its scene already deleted)
        if not self.docks["threat"].isVisible():
            self.threat_layer.show(None)
            return
        view = self.session.view()
        ruleset = self.session.game.ruleset
        seat = self.session.seat()
        self.threat_group = self.threat_panel.set_groups(
            ruleset.threat_groups(view), self.threat_group,
            seat if seat in view.sides else view.to_move)
        threat = None if self.threat_group is None else ruleset.threat(view,
                                                                       self.threat_group)
        self.threat_layer.show(threat)
        self.threat_panel.show_map(threat, f"{ruleset.title}: {ruleset.no_threat_map}."
                                   if self.threat_group is None else "")

    def _show_dice_stats(self) -> None:
        """The seat's dice so far, once they have landed (refresh runs after the tray)."""
        if self.docks["dice"].isVisible() and not self.covered:
            self.dice_panel.show_stats(dice_statistics(self.session.observation().dice_seen()))

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
        self.program.maybe_move()

    def on_played(self, record: Record) -> None:
        # Read as the side that played it: it is still at the screen while the dice roll —
        # unless the program played it: then only the player is at the screen.
        by = record.by if record.by is not None else self.session.seat()
        if by == self.session.program:
            by = self.session.seat()
        else:
            self.program.player_moved()
        self.dice.dismiss()  # the last roll's tray closes on the next action
        self.dice.play(self.session.observation(by).events_of(record))

    def _reveal(self, events: list[Event]) -> None:
        """Events whose dice have landed (all at once where none roll): log and map."""
        self.log.add_events(events)
        for event in events:
            if isinstance(event, CountersRevealed) and event.at is not None:
                self.scene.reveal(event.at, event.faces, self.dice.speed)
            if isinstance(event, UnitLost) and event.at is not None:
                self.scene.sink(event.at, self.ui.art(event.unit_type), event.owner,
                                self.dice.speed)

    def _on_viewport(self, at: PlaceRef) -> QPointF | None:
        point = self.scene.point_of(at)
        return None if point is None else QPointF(self.view.mapFromScene(point))

    def _dice_done(self) -> None:
        self.scene.point_out(None, False)
        self._catch_up()
        if self.demo_panel is not None and self.demo is not None:
            self.demo_panel.dice_done()

    def _maybe_cover(self) -> bool:
        """Cover the board when the turn passes to another side in a game with secrets;
        whether it is covered now. (Play by email has one side at each screen: no cover.)"""
        if not self._covers():
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
            self._show_log(PUBLIC)
            self.scene.show(self.ui.draw(public))  # nobody's secrets underneath
            self.dice.dismiss()  # its captions were read as the side that rolled
            self.cover.cover(public.actor, self.scene.colour(public.actor))
            self._set_covered(True)
        return self.covered

    def _covers(self) -> bool:
        """Whether the board is covered between sides: in a game with secrets kept, one
        screen for all — not at an open table (solo play, teaching), not by email (one
        side at each screen), not in the teacher view or a picture drawn for one side."""
        session = self.session
        return (session.hidden and not session.teacher_view and session.pbem is None
                and not session.game.table.open and session.seat_override is None
                and session.program is None)  # solo: one player, who never sees the program's

    def _set_covered(self, on: bool) -> None:
        """Under the cover nothing works and nothing shows: every dock (floating too) shows
        a blank page, every menu and shortcut is off. Only the cover's button lifts it."""
        self.covered = on
        if on:
            self._show_advice()  # the last side's advice goes, with its marks on the map
        for dock in self.docks.values():
            pages = dock.widget()
            assert isinstance(pages, QStackedWidget)
            pages.setCurrentIndex(1 if on else 0)
        self.menuBar().setEnabled(not on)
        self.toolbar.setEnabled(not on)
        for action in self.findChildren(QAction):
            if action not in (self.undo_action, self.redo_action):
                action.setEnabled(not on)
        self._sync_undo_actions()
        self._sync_table_actions()

    def _sync_table_actions(self) -> None:
        """Undo past dice and the teacher view are off, saying why, in a game whose sides
        did not open the table: each would show one side the other's secrets."""
        if self._bound is None:  # the window being built: no game yet
            return
        allowed = self._bound.game.may_see_everything()
        for action, tip in ((self.solo_action, "Take back rolls too"),
                            (self.teacher_action, "Show every side's units and mines")):
            action.setEnabled(not self.covered and allowed)
            action.setToolTip(tip if allowed else f"Off: {CLOSED_TABLE}")
            action.setStatusTip(action.toolTip())

    def _sync_undo_actions(self) -> None:
        """Undo stays on even with nothing to undo, so Ctrl+Z can say why not."""
        stack = self._bound.undo_stack if self._bound is not None else None
        live = stack is not None and shiboken6.isValid(stack)  # not mid-teardown
        self.undo_action.setEnabled(not self.covered and live)
        self.redo_action.setEnabled(not self.covered and live and stack is not None
                                    and stack.canRedo())

    def _show_log(self, seat: str | None = None) -> None:
        """The log as ``seat`` (the one at the screen by default) may read it."""
        self.log.show_events(self.session.observation(seat).events(),
                             self.session.briefing(seat))

    def show_briefing(self) -> None:
        """Game ▸ Briefing: what the scenario tells the side at the screen alone."""
        briefing = self.session.briefing()
        text = "\n\n".join(f"{side}: {words}" for side, words in briefing.items())
        QMessageBox.information(self, "Briefing", text or (
            f"{self.session.scenario.title}\n\n{self.session.scenario.about}\n\n"
            "This scenario has no briefing of its own for the side at the screen."))

    def _uncovered(self) -> None:
        self._set_covered(False)
        self._show_log()
        self.refresh()
        self.controller.idle()

    def resizeEvent(self, event: object) -> None:
        super().resizeEvent(event)  # type: ignore[arg-type]
        if self.covered:
            self.cover.setGeometry(self.rect())

    # ---- actions ---------------------------------------------------------------------------
    def cancel_interaction(self) -> None:
        if self.dice.busy:  # Esc while the dice tumble only skips them
            self.dice.skip()
            return
        self.controller.idle()
        self.say("Cancelled.")

    def on_click(self, hit: Hit | None, button: Qt.MouseButton) -> None:
        if self.dice.busy:
            self.dice.skip()
            return
        self.dice.hide()
        if self.tutor.click(hit, button):  # a tutorial's lesson takes its own clicks
            return
        if hit is None:
            self.cancel_interaction()
            return
        self.controller.mode.click(hit, button)

    def _settled(self) -> bool:
        """Ready for an action: not while dice still settle (a key, a button or a drop then
        only ends their show, which may pass the screen to the next side)."""
        if self.dice.busy:
            self.dice.skip()
            return False
        return not self.covered

    def _may_carry(self, hit: Hit) -> bool:
        return not self.covered and not self.dice.busy and self.controller.can_carry(hit)

    def _picked_up(self, hit: Hit, pos: QPointF) -> None:
        self.dice.hide()
        self.controller.pick_up(hit, pos)

    @property
    def context_menu(self) -> QMenu | None:
        """The last menu a right-click opened (tests read its entries)."""
        menu = getattr(self, "_menu", None)
        return menu if menu is not None and shiboken6.isValid(menu) else None

    def say(self, text: str, error: bool = False) -> None:
        if self.covered:
            return  # nothing is said while the board waits for the next side
        self.statusBar().setStyleSheet("color: #A4001D;" if error else "")
        self.statusBar().showMessage(text)

    def end_phase(self) -> None:
        if self.controller.play(self.session.game.ruleset.end_phase(self.session.view()),
                                "End phase"):
            self.controller.idle()

    def undo(self) -> None:
        if self.session.pbem is not None:
            try:
                taken = self.session.undo_by_email()
            except IllegalAction as exc:
                self.say(f"Nothing to undo: {exc.reason}.", error=True)
                return
            self._show_log()
            self.controller.idle()
            self.say(f"Undone: {taken}.")
            return
        stack = self.session.undo_stack
        if stack.canUndo():
            self.program.pause()  # else it would play again at once what was taken back
            text = stack.undoText()
            stack.undo()
            self._show_log()
            self.controller.idle()
            self.say(f"Undone: {text}.")
        elif self.session.game.records:
            if self.session.game.may_see_everything():
                hint = "Edit ▸ Allow undo past dice"
            else:
                hint = "nor anything before this side's turn began, in a game with secrets"
            self.say(f"Nothing to undo: dice rolls and reveals cannot be taken back ({hint}).",
                     error=True)
        else:
            self.say("Nothing to undo yet.")

    def redo(self) -> None:
        stack = self.session.undo_stack
        if stack.canRedo():
            text = stack.redoText()
            stack.redo()
            self._show_log()
            self.say(f"Redone: {text}.")
        else:
            self.say("Nothing to redo.")

    def _toggle_solo(self) -> None:
        try:
            self.session.allow_undo_past_dice(self.solo_action.isChecked())
        except IllegalAction as exc:
            self.solo_action.setChecked(False)
            self.say(f"Undo past dice is refused: {exc.reason}.", error=True)

    def _toggle_teacher(self) -> None:
        on = self.teacher_action.isChecked()
        try:
            self.session.show_everything(on)
        except IllegalAction as exc:
            self.teacher_action.setChecked(False)
            self.say(f"The teacher view is refused: {exc.reason}.", error=True)
            return
        # Whoever turns it off is at the screen for the side to move: no cover for them.
        self.covered_for = self.session.observation(PUBLIC).view.to_move
        self._show_log()
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
            scene = self.scene
            scene.point_out(at, True)
            QTimer.singleShot(1500, scene, lambda: scene.point_out(at, False))  # if not gone
            self.view.centerOn(point)

    def popup(self, menu: QMenu) -> None:
        menu.popup(self.view.mapToGlobal(self.view.mapFromGlobal(
            self.cursor().pos()) + QPoint(4, 4)))
        self._menu = menu

    def show_help(self) -> None:
        """F1: how to play the ruleset on the board, then every key and click."""
        if self.help_window is None:
            self.help_window = HelpWindow(self)
            self.help_window.finished.connect(self._back_from_help)
            self.help_window.clause_clicked.connect(self.show_clause)
        ruleset = self.session.game.ruleset
        self.help_window.show_page(ruleset.id, ruleset.title, [*self.ui.help, *SHORTCUTS])

    def _back_from_help(self) -> None:
        """Help closed (Esc, its close button): the board takes the keys and clicks again
        at once. A player had found map clicks ignored until the window was clicked once."""
        if self.isVisible() and not self.covered:
            self.raise_()
            self.activateWindow()
            self.view.setFocus(Qt.FocusReason.ActiveWindowFocusReason)

    def show_about(self) -> None:
        QMessageBox.about(self, "About mineboard",
                          "mineboard — lay, sweep and run through minefields.\n\n"
                          "Coastlines made with Natural Earth (public domain).")

    def _autosave_note(self, text: str) -> None:
        self.autosave_label.setText(text)
        self.autosave_label.setVisible(bool(text))

    def closeEvent(self, event: QCloseEvent) -> None:
        """A close the window system asks for (the title bar's button, a logout) asks about
        moves not saved first; File ▸ Quit has asked already, and the program's own closes
        (screenshots, tests) have no player to ask. The autosave stays, as the last
        session. A demo shown is closed first: the game it stood in for is the one that
        leaves."""
        self.close_demo()
        self.tutor.close()
        if event.spontaneous() and not self.may_leave_game("closing"):
            event.ignore()
            return
        self.scene.settle()
        if event.spontaneous():  # the player's own close: the size is theirs to keep
            self.remember_size()
        self.program.unbind()  # no move of the program's after its game has left
        self.session.retire()
        if self.help_window is not None:
            self.help_window.close()
        if self.rules_window is not None:
            self.rules_window.close()
        super().closeEvent(event)

    # ---- the rules explorer and its demo boards ---------------------------------------------
    def show_rules(self, clause_id: str | None = None) -> RulesWindow:
        """Help ▸ Rules: as it was left (the list, or the page read last); or the page of
        ``clause_id``."""
        if self.rules_window is None:
            self.rules_window = RulesWindow(self)
            self.rules_window.show_me.connect(self.show_demo)
        rules = self.rules_window
        if clause_id is not None:
            rules.show_clause(clause_id)
        elif rules.clause is None:
            rules.open_list()
        else:
            rules.show()
            rules.raise_()
            rules.activateWindow()
        return rules

    def show_clause(self, clause_id: str) -> None:
        """A clause id clicked anywhere in the window: its page."""
        self.show_rules(clause_id)

    def _open_link(self, link: str) -> None:
        clause_id = clause_of(link)
        if clause_id is not None:
            self.show_clause(clause_id)

    def _status_links(self, message: str) -> None:
        """The clause of what the status bar says (a refusal, a move's events) as a link
        beside it, for as long as the message shows."""
        ids = clause_ids(message)
        self.clause_link.setText(" · ".join(anchor(c, f"Explain {c}") for c in ids[:3]))
        self.clause_link.setVisible(bool(ids))

    def show_demo(self, path: Path) -> None:
        """*Show me*: the demo board at ``path`` becomes the window's game, at an open table
        on its scripted dice, with the demo bar above the map. The game that was open waits
        aside, untouched (its autosave too), until the demo is closed."""
        self.tutor.close()  # a tutorial's lesson gives way to the player's own game first
        started = time.perf_counter()
        try:
            demo = load_demo(Path(path))
            session = demo_session(demo)
        except MineboardError as exc:
            QMessageBox.warning(self, "Cannot show this demo", str(exc))
            return
        replacing_demo = self._before_demo is not None
        if self._before_demo is None:
            self._before_demo = (self.session, self.teacher_action.isChecked())
        self.demo = demo
        self.teacher_action.setChecked(True)  # everything visible: an open table
        self.load_session(session, retire=replacing_demo)
        panel = self._demo_panel()
        panel.start(demo, session, lambda: self.dice.busy, self.dice.skip, self.say,
                    self._demo_odds)
        assert self.demo_dock is not None
        self.demo_dock.setWindowTitle(f"Demo board — {demo.clause.id}")
        self.demo_dock.show()
        self.demo_dock.raise_()  # over the Selection dock, whose tab it shares
        for key in self.next_keys:
            key.setEnabled(True)
        for action in (self.save_action, self.save_as_action):  # a demo is not a game to keep
            action.setEnabled(False)
        if self.rules_window is not None:
            self.rules_window.hide()  # the board is what to look at now; Ctrl+F1 returns
        self.raise_()
        self.activateWindow()
        self.view.setFocus()
        self.say(f"Demo {demo.clause.id}: {demo.title}. Next step: → or Space. "
                 "Close demo brings your game back.")
        self.demo_opened_in = time.perf_counter() - started

    def _demo_panel(self) -> DemoPanel:
        if self.demo_panel is None:
            self.demo_panel = DemoPanel()
            self.demo_panel.restart.connect(self.restart_demo)
            self.demo_panel.closed.connect(self.close_demo)
            self.demo_panel.clause_clicked.connect(self.show_clause)
            dock = QDockWidget("Demo board", self)
            dock.setObjectName("demo")
            dock.setWidget(self.demo_panel)
            dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable
                             | QDockWidget.DockWidgetFeature.DockWidgetFloatable)
            # Beside the map, in the Selection dock's place: the map keeps its height.
            self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
            self.tabifyDockWidget(self.docks["selection"], dock)
            self.demo_dock = dock
        return self.demo_panel

    def _demo_odds(self, action: Action | None) -> None:
        """The odds dock shows the exact odds of the demo's next step before it is
        played, as it does for a planned order."""
        view = self.session.view()
        self.odds.show_preview(None if action is None else
                               self.session.game.ruleset.preview(view, action))
        if action is not None:
            self._bring_into_view(action)

    def _bring_into_view(self, action: Action) -> None:
        """Scroll, if need be, so the places the demo's next step goes through are on
        screen: a teacher zoomed in elsewhere still sees where it happens."""
        ruleset, view = self.session.game.ruleset, self.session.view()
        try:
            places = ruleset.route(view, action)
        except IllegalAction:  # the step is refused: its route is not drawn either
            return
        points = [p for p in (self.scene.point_of(view.board.ref(place)) for place in places)
                  if p is not None]
        if points:
            xs, ys = [p.x() for p in points], [p.y() for p in points]
            route = QRectF(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
            shown = self.view.mapToScene(self.view.viewport().rect()).boundingRect()
            if not shown.contains(route):
                self.view.centerOn(route.center())  # in the middle, not at an edge

    def next_demo_step(self) -> None:
        if self.demo_panel is not None and self.demo is not None:
            self.demo_panel.next()

    def _space(self) -> None:
        """Space skips the dice; in a demo with no dice rolling, it plays the next step."""
        if self.demo is not None and not self.dice.busy:
            self.next_demo_step()
        else:
            self.dice.skip()

    def restart_demo(self) -> None:
        if self.demo is not None:
            self.show_demo(self.demo.path)

    def close_demo(self) -> None:
        """Close demo: the game that was open before comes back as it was left."""
        if self._before_demo is None:
            return
        previous, teacher = self._before_demo
        self._before_demo = None
        self.demo = None
        for key in self.next_keys:
            key.setEnabled(False)
        for action in (self.save_action, self.save_as_action):
            action.setEnabled(True)
        if self.demo_dock is not None:
            self.demo_dock.hide()
            self.docks["selection"].raise_()
        self.teacher_action.setChecked(teacher)
        self.load_session(previous)  # the demo's game is retired: it has no file
        self.say(f"Demo closed: back to {self.game_name()}.")

    def may_leave_game(self, doing: str) -> bool:
        """A demo shown is closed first: the question is about the player's own game."""
        self.close_demo()
        self.tutor.close()
        return super().may_leave_game(doing)
