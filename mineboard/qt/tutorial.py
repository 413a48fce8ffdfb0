"""Help ▸ Tutorials: a ruleset's worked examples, made by the player's own clicks.

Each lesson is a demo board (explorer/demos.py) opened as the window's game, as *Show me*
opens it: an open table on the demo's scripted dice. Each of its actions is a step the
player makes: the place(s) to click are lit on the map (a button in the panel where the step
happens nowhere on the map), any other click is refused gently in the panel and changes
nothing, and once the step is made the panel tells its result — clause, exact odds, the
events' words. Back replays the lesson from its start up to the step before (the engine is
deterministic on the demo's dice); the progress is kept in the settings.

The gate (``BoardController.gate``) holds every other way of acting — buttons, Enter,
dragging a stack, a right-click menu — to the step the lesson waits for.
"""

from __future__ import annotations

import html
from fractions import Fraction
from typing import Any

import shiboken6
from PySide6.QtCore import QObject, QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QBrush, QColor, QPainterPath
from PySide6.QtWidgets import (
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QMenu,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from mineboard.core.actions import Action
from mineboard.core.errors import MineboardError
from mineboard.core.history import Record
from mineboard.explorer.clauses import CLAUSE_ID
from mineboard.explorer.demos import StepOutcome, play_step
from mineboard.explorer.tutorials import (
    Lesson,
    Progress,
    Tutorial,
    action_words,
    click_ids,
    load_tutorial,
    odds_words,
    step_places,
    tutorial_ids,
    tutorial_path,
    tutorial_title,
)
from mineboard.qt.clause_links import clause_of, linked
from mineboard.qt.demo_player import FAIL_STYLE, OK_STYLE, WAIT_STYLE, demo_session
from mineboard.qt.maps.items import OPEN_Z, PATH_Z, Overlay, TextItem, cosmetic
from mineboard.qt.maps.scene import CALLOUT, Hit, MapScene
from mineboard.qt.session import GameSession

LIT = "#E69F00"  # Okabe–Ito orange: seen on blue sea, parchment and the dark sky alike
HINT_STYLE = ("background: #FFF1D0; border-left: 5px solid #E69F00; padding: 4px 8px; "
              "color: #5A3B00;")
SETTINGS = "tutorials"
CLICKABLE = 64.0
"""Screen pixels between neighbouring places below which the map is zoomed in on the lit
place: further out, one hex's counters cover its neighbour and a click there misses."""


class LitPlaces:
    """The places a step waits for, lit on one scene: a translucent fill under the counters,
    a thick outline over them, and a "click here" callout by the first."""

    def __init__(self, scene: MapScene) -> None:
        self.scene = scene
        fill = QColor(LIT)
        fill.setAlpha(80)
        self.area = Overlay()
        self.area.setBrush(QBrush(fill))
        self.area.setPen(cosmetic(QColor(LIT), 2))
        self.area.setZValue(PATH_Z - 0.4)
        self.edge = Overlay()
        self.edge.setPen(cosmetic(QColor(LIT), 4))
        self.edge.setZValue(OPEN_Z + 0.5)  # over the counters standing there
        self.line = Overlay()
        self.line.setPen(cosmetic(QColor(LIT), 9))
        self.line.setZValue(OPEN_Z + 0.4)
        for item in (self.area, self.edge, self.line):
            scene.addItem(item)
        self.callout: TextItem | None = None
        self.places: tuple[str, ...] = ()

    @property
    def alive(self) -> bool:
        return shiboken6.isValid(self.area)

    def show(self, places: tuple[str, ...], words: str) -> None:
        self.places = places
        areas, lines = QPainterPath(), QPainterPath()
        for place in places:
            shape = self.scene.place_shape(place)
            if shape is not None:
                (lines if shape[1] else areas).addPath(shape[0])
        self.area.setPath(areas)
        self.edge.setPath(areas)
        self.line.setPath(lines)
        if self.callout is not None:
            self.scene.removeItem(self.callout)
            self.callout = None
        point = self.point(places[0]) if places else None
        if point is not None:
            self.callout = TextItem(words, CALLOUT, z=OPEN_Z + 0.6)
            self.callout.setPos(point)
            self.callout.set_shift(QPointF(0, -34))
            self.scene.addItem(self.callout)

    def point(self, place: str) -> QPointF | None:
        board = self.scene.board
        if place not in board.places and place not in board.ways:
            return None
        return self.scene.point_of(board.ref(place))


class TutorialPanel(QWidget):
    """The tutorial's dock: where it is, what to click, the last step's result, and Back,
    Next, a button for a step made off the map, Close."""

    back = Signal()
    forward = Signal()
    make = Signal()
    closed = Signal()
    clause_clicked = Signal(str)

    def __init__(self) -> None:
        super().__init__()
        outer = QVBoxLayout(self)
        outer.setContentsMargins(6, 4, 6, 4)
        outer.setSpacing(4)
        self.title = QLabel()
        self.title.setTextFormat(Qt.TextFormat.RichText)
        self.title.setWordWrap(True)
        self.title.setStyleSheet("font-weight: bold; font-size: 11pt;")
        self.where = QLabel()
        self.where.setWordWrap(True)  # a long lesson title must not widen the dock past the map
        self.where.setStyleSheet("font-weight: bold; color: #3D3527;")
        self.todo = self._label(HINT_STYLE)
        """What to click now (or that the tutorial is over)."""
        self.hint = self._label(HINT_STYLE)
        """A click refused, gently: what to click instead."""
        self.hint.hide()
        self.do_button = QPushButton()
        self.do_button.setStyleSheet(f"background: {LIT}; font-weight: bold; padding: 4px;")
        self.do_button.clicked.connect(self.make.emit)
        self.do_button.hide()
        buttons = QHBoxLayout()
        self.back_button = QPushButton("◂ Back")
        self.back_button.setToolTip("Go back over the step before (the lesson is replayed "
                                    "up to it)")
        self.back_button.clicked.connect(self.back.emit)
        self.next_button = QPushButton("Next ▸")
        self.next_button.clicked.connect(self.forward.emit)
        self.close_button = QPushButton("Close tutorial")
        self.close_button.setToolTip("Back to the game that was open; the tutorial keeps "
                                     "its place")
        self.close_button.clicked.connect(self.closed.emit)
        for b in (self.back_button, self.next_button, self.close_button):
            b.setAutoDefault(False)
            buttons.addWidget(b)
        self.result = self._label(OK_STYLE)
        """The last step's result: its clause, its exact odds, the events' words."""
        body = QWidget()
        column = QVBoxLayout(body)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.result)
        column.addStretch(1)
        scroller = QScrollArea()
        scroller.setWidget(body)
        scroller.setWidgetResizable(True)
        scroller.setFrameShape(QScrollArea.Shape.NoFrame)
        scroller.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        for widget in (self.title, self.where, self.todo, self.hint, self.do_button):
            outer.addWidget(widget)
        outer.addLayout(buttons)
        outer.addWidget(scroller, 1)

    def _label(self, style: str) -> QLabel:
        label = QLabel()
        label.setWordWrap(True)
        label.setTextFormat(Qt.TextFormat.RichText)
        label.setStyleSheet(style)
        label.linkActivated.connect(self._link)
        return label

    def _link(self, link: str) -> None:
        clause_id = clause_of(link)
        if clause_id is not None:
            self.clause_clicked.emit(clause_id)


class Tutor(QObject):
    """The tutorial under way in one window: which lesson and step, the lit places, the
    gate, the panel, and the progress kept in the window's settings.

    ``window`` is the main window, seen only through what it offers every part of it
    (its session, scene, view, controller, dice, settings, docks, say and load_session)."""

    changed = Signal()
    """The progress changed (the Help ▸ Tutorials menu shows it)."""

    def __init__(self, window: Any) -> None:
        super().__init__(window)
        self.w = window
        self.tutorial: Tutorial | None = None
        self.lesson = 0
        self.step = 0
        """The step the lesson waits for (0-based); ``lesson.steps``: the lesson is done."""
        self.session: GameSession | None = None
        self.clicked: list[str] = []
        """The places of the waited-for step clicked so far."""
        self.reached: dict[int, int] = {}
        """Lesson → how many of its steps have been made (Next goes over them again)."""
        self.last: StepOutcome | None = None
        self.odds: tuple[str, tuple[tuple[str, Fraction], ...]] | None = None
        """The waited-for step's exact odds (title, outcomes), from before it is made."""
        self.waiting = False
        """The step's dice still roll: its result is told once they land."""
        self.lit: LitPlaces | None = None
        self.panel: TutorialPanel | None = None
        self.dock: QDockWidget | None = None
        self._before: tuple[GameSession, bool] | None = None
        self._dice_bound = False
        self._records = 0
        """The records the lesson's game holds as the tutorial made them: any other count
        means an undo or redo changed it by hand."""
        self.progress = self.read_progress()

    # ---- progress --------------------------------------------------------------------------
    def read_progress(self) -> Progress:
        settings = self.w.settings
        return Progress.from_settings({key: settings.value(f"{SETTINGS}/{key}", "")
                                       for key in ("current", "lesson", "step", "finished")})

    def _save(self) -> None:
        if self.tutorial is not None and self.finished:  # nothing left to resume
            self.progress.current, self.progress.lesson, self.progress.step = "", 0, 0
        elif self.tutorial is not None:
            self.progress.current = self.tutorial.ruleset
            self.progress.lesson, self.progress.step = self.lesson, self.step
        for key, value in self.progress.to_settings().items():
            self.w.settings.setValue(f"{SETTINGS}/{key}", value)
        self.w.settings.sync()
        self.changed.emit()

    # ---- state -----------------------------------------------------------------------------
    @property
    def active(self) -> bool:
        """Whether a tutorial's lesson is the window's game now."""
        return self.tutorial is not None and self.session is not None and \
            self.w.session is self.session

    @property
    def current(self) -> Lesson:
        assert self.tutorial is not None
        return self.tutorial.lessons[self.lesson]

    @property
    def expected(self) -> Action | None:
        lesson = self.current
        return lesson.demo.actions[self.step] if self.step < lesson.steps else None

    @property
    def finished(self) -> bool:
        return self.tutorial is not None and self.lesson == len(self.tutorial.lessons) - 1 \
            and self.step >= self.current.steps

    def places(self) -> tuple[str, ...]:
        """Where the waited-for step is made, in order (empty: by the panel's button)."""
        action = self.expected
        if action is None or self.session is None:
            return ()
        ruleset = self.session.game.ruleset
        return step_places(ruleset, self.session.view(), action,
                           self.current.clicks.get(self.step, ()))

    def _name(self, place: str) -> str:
        board = self.session.scenario.board if self.session is not None else None
        if board is None or (place not in board.places and place not in board.ways):
            return place
        return str(board.ref(place))

    # ---- starting, moving about, closing ----------------------------------------------------
    def start(self, ruleset_id: str, resume: bool = True) -> bool:
        """Open ruleset ``ruleset_id``'s tutorial where the player left it (``resume``),
        else at its beginning. A bad tutorial file is one line in the status bar."""
        try:
            tutorial = load_tutorial(tutorial_path(ruleset_id))
        except (MineboardError, OSError) as exc:
            self.w.say(f"Cannot open the tutorial: {exc}", True)
            return False
        lesson = step = 0
        if resume and self.progress.current == ruleset_id:
            lesson = min(self.progress.lesson, len(tutorial.lessons) - 1)
            step = min(self.progress.step, tutorial.lessons[lesson].steps)
        self.tutorial, self.reached = tutorial, {}
        for done in range(lesson):
            self.reached[done] = tutorial.lessons[done].steps
        self.open(lesson, step)
        return True

    def resume(self) -> bool:
        return bool(self.progress.current) and self.start(self.progress.current)

    def open(self, lesson: int, step: int) -> None:
        """Lesson ``lesson`` as the window's game, its steps before ``step`` replayed."""
        assert self.tutorial is not None
        if self.w.demo is not None:
            self.w.close_demo()  # the game it stood in for comes back first
        self.lesson, self.step = lesson, step
        demo = self.current.demo
        session = demo_session(demo)
        outcome, odds = None, None
        for index in range(step):
            odds = self._odds(session, index)
            outcome = play_step(demo, session.game, index)
        self.reached[lesson] = max(self.reached.get(lesson, 0), step)
        replacing = self._before is not None
        if self._before is None:
            self._before = (self.w.session, self.w.teacher_action.isChecked())
        self.session = session
        self.w.teacher_action.setChecked(True)  # an open table: everything shows
        self.w.load_session(session, retire=replacing)
        self.w.controller.gate = self.gate
        for action in (self.w.save_action, self.w.save_as_action):  # not a game to keep
            action.setEnabled(False)
        if not self._dice_bound:
            self.w.dice.finished.connect(self._dice_done)
            self._dice_bound = True
        self.last, self.odds, self.clicked, self.waiting = outcome, odds, [], False
        self._records = len(session.game.records)
        self._show_panel()
        self._save()
        self.render(f"Tutorial, lesson {lesson + 1}: {demo.title}" + (
            f" — at step {step + 1} of {self.current.steps}." if step < self.current.steps
            else " — done."))

    def back(self) -> None:
        """Go back over the step before: the lesson replayed up to it."""
        if self.tutorial is None:
            return
        if self.step > 0:
            self.open(self.lesson, self.step - 1)
        elif self.lesson > 0:
            self.open(self.lesson - 1, self.tutorial.lessons[self.lesson - 1].steps - 1)

    def forward(self) -> None:
        """Next: over a step already made once, or on to the next lesson."""
        if self.tutorial is None or not self.active or self.waiting or \
                self._changed_by_hand():
            return
        if self.step < min(self.reached.get(self.lesson, 0), self.current.steps):
            self.make_step()
        elif self.step >= self.current.steps and not self.finished:
            self.open(self.lesson + 1, 0)
        elif self.finished:
            self.close()

    def close(self) -> None:
        """Close tutorial: the game that was open before comes back; the progress stays."""
        if self._before is None:
            return
        previous, teacher = self._before
        self._before, self.tutorial, self.session = None, None, None
        if self.dock is not None:
            self.dock.hide()
            self.w.docks["selection"].raise_()
        if self.lit is not None and self.lit.alive:
            self.lit.show((), "")
        self.w.teacher_action.setChecked(teacher)
        for action in (self.w.save_action, self.w.save_as_action):
            action.setEnabled(True)
        if self.w.session is not previous:
            self.w.load_session(previous)
        self.w.say("Tutorial closed: it keeps its place (Help ▸ Tutorials ▸ Resume).")

    # ---- the player's clicks ---------------------------------------------------------------
    def click(self, hit: Hit | None, button: Qt.MouseButton) -> bool:
        """A click on the map while a lesson runs: the lit place makes (part of) the step;
        anything else is refused gently. False: not the tutorial's to take (none runs, or a
        right-click, whose menu acts only through the gate)."""
        if not self.active or button != Qt.MouseButton.LeftButton:
            return False
        if self._changed_by_hand():
            return True
        places = self.places()
        if self.waiting or self.expected is None:
            self.refuse("Not now — " + ("the dice are still rolling." if self.waiting else
                                         "this lesson is done: press Next ▸."))
            return True
        if not places:
            self.refuse(f"Not on the map — press the lit button “{self._kind()}” in the "
                        "tutorial panel.")
            return True
        want = places[len(self.clicked)]
        hits = set() if hit is None else {hit.at.id, *((hit.beneath.id,) if hit.beneath
                                                       else ())}
        assert self.session is not None and self.expected is not None
        means = click_ids(self.session.game.ruleset, self.session.view(), self.expected,
                          want, first=not self.clicked)
        if not hits & means:
            self.refuse(f"Not yet — click the lit {self._name(want)} first.")
            return True
        self.clicked.append(want)
        if len(self.clicked) < len(places):
            self.render(f"Good — now click the lit {self._name(places[len(self.clicked)])}.")
            try:
                route = self.session.game.ruleset.route(self.session.view(), self.expected)
            except MineboardError:  # a step the rules refuse: its route is not drawn
                route = ()
            self.w.scene.set_path(route or places)
            return True
        self.make_step()
        return True

    def gate(self, action: Action) -> str | None:
        """The controller's gate while a lesson runs: the waited-for action is made as the
        lesson's step; any other is refused, gently (None: no lesson runs here)."""
        if not self.active:
            return None
        if self._changed_by_hand():
            return "The lesson was set back to where it was: press Back to go over a step."
        expected = self.expected
        if expected is not None and not self.waiting and \
                action.to_json() == expected.to_json():
            self.make_step()
            return "Step made — the tutorial panel tells what happened."
        if expected is None:
            return self.refuse("Not now — this lesson is done: press Next ▸.")
        places = self.places()
        return self.refuse(f"Not that — click the lit {self._name(places[len(self.clicked)])}"
                           " first." if places else
                           f"Not that — press the lit button “{self._kind()}” in the "
                           "tutorial panel.")

    def _changed_by_hand(self) -> bool:
        """An undo or redo changed the lesson's board behind its back: it is replayed to
        the step it waits for, and the panel says so."""
        if self.session is None or len(self.session.game.records) == self._records:
            return False
        self.open(self.lesson, self.step)
        self.refuse("The board was changed by hand (an undo), so the lesson was set back "
                    "to where it was: press Back to go over a step again.")
        return True

    def refuse(self, words: str) -> str:
        """Tell, gently, why a click does nothing; the game is left as it was."""
        if self.panel is not None:
            self.panel.hint.setText(html.escape(words))
            self.panel.hint.show()
        self.w.say(words)
        return words

    def make_step(self) -> None:
        """Make the waited-for step through the window's session (its log, map and dice
        show it) and tell its result once the dice have landed."""
        session, action = self.session, self.expected
        if session is None or action is None or not self.active:
            return
        demo, index = self.current.demo, self.step

        def play(act: Action) -> Record:
            record = session.play(act, f"Tutorial step {index + 1}")
            if record is None:  # pragma: no cover - only a game by email defers its dice
                raise MineboardError("the step waits for another side's dice")
            return record

        self.odds = self._odds(session, index)
        try:
            outcome = play_step(demo, session.game, index, play)
        except MineboardError as exc:  # the engine could not play it at all
            self.refuse(f"This step could not be made: {exc}")
            return
        self.last, self.step, self.clicked = outcome, index + 1, []
        self._records = len(session.game.records)
        self.reached[self.lesson] = max(self.reached.get(self.lesson, 0), self.step)
        self.w.scene.set_path([])
        self.waiting = self.w.dice.busy
        if self.finished and outcome.ok:
            self.progress.finished.add(demo.clause.ruleset)
        self._save()
        self.render()

    def _dice_done(self) -> None:
        if self.waiting:
            self.waiting = False
            self.render()

    # ---- telling ---------------------------------------------------------------------------
    def _odds(self, session: GameSession, index: int
              ) -> tuple[str, tuple[tuple[str, Fraction], ...]] | None:
        """The exact odds of step ``index`` before it is made: the demo's own where it gives
        them (the lesson holds the engine to them), else the action's preview."""
        demo = self.current.demo
        try:
            preview = session.game.ruleset.preview(session.view(), demo.actions[index])
        except MineboardError:
            preview = None
        title = preview.title if preview is not None else "before the click"
        given = demo.spec.steps[index].odds
        if given:
            return title, tuple((label, Fraction(text)) for label, text in given.items())
        return None if preview is None else (title, tuple(preview.outcomes))

    def _kind(self) -> str:
        action = self.expected
        return "" if action is None else action.kind.replace("_", " ").capitalize()

    def _show_panel(self) -> None:
        if self.panel is None:
            self.panel = TutorialPanel()
            self.panel.back.connect(self.back)
            self.panel.forward.connect(self.forward)
            self.panel.make.connect(self._make_by_button)
            self.panel.closed.connect(self.close)
            self.panel.clause_clicked.connect(self.w.show_clause)
            dock = QDockWidget("Tutorial", self.w)
            dock.setObjectName("tutorial")
            dock.setWidget(self.panel)
            dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable
                             | QDockWidget.DockWidgetFeature.DockWidgetFloatable)
            self.w.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
            self.w.tabifyDockWidget(self.w.docks["selection"], dock)
            self.dock = dock
        assert self.dock is not None
        self.dock.show()
        self.dock.raise_()

    def _make_by_button(self) -> None:
        if self.active and not self._changed_by_hand() and not self.places() \
                and not self.waiting:
            self.make_step()

    def render(self, said: str = "") -> None:
        """The panel, the lit places and the odds dock for where the lesson is now."""
        panel, tutorial = self.panel, self.tutorial
        if panel is None or tutorial is None or self.session is None:
            return
        lesson = self.current
        panel.title.setText(f"Tutorial: {html.escape(tutorial.title)}")
        panel.where.setText(f"Lesson {self.lesson + 1} of {len(tutorial.lessons)}: "
                            f"{lesson.demo.title} — step {min(self.step + 1, lesson.steps)} "
                            f"of {lesson.steps}")
        panel.hint.hide()
        places = self.places()
        action = self.expected
        panel.do_button.setVisible(action is not None and not places and not self.waiting)
        panel.do_button.setText(f"▶ {self._kind()}")
        panel.todo.setText(self._todo(places))
        panel.back_button.setEnabled(self.step > 0 or self.lesson > 0)
        over = self.step >= lesson.steps
        again = self.step < min(self.reached.get(self.lesson, 0), lesson.steps)
        panel.next_button.setEnabled((over or again) and not self.waiting)
        panel.next_button.setText("Finish ✓" if self.finished else
                                  "Next lesson ▸" if over else "Next ▸")
        panel.next_button.setToolTip("Make this step again, as it was made before" if again
                                     else "")
        self._show_result()
        if self.lit is None or not self.lit.alive or self.lit.scene is not self.w.scene:
            self.lit = LitPlaces(self.w.scene)
        todo = places[len(self.clicked):] if not self.waiting else ()
        self.lit.show(todo, f"Click: {self._name(todo[0])}" if todo else "")
        self._into_view(todo)
        # again once the docks have taken their new text's size: the map may have shrunk
        QTimer.singleShot(0, self, self._lit_into_view)
        if action is not None and not self.waiting:
            view = self.session.view()
            try:
                self.w.odds.show_preview(self.session.game.ruleset.preview(view, action))
            except MineboardError:
                self.w.odds.show_preview(None)
        if said:
            self.w.say(said)

    def _todo(self, places: tuple[str, ...]) -> str:
        lesson, action = self.current, self.expected
        if action is None:
            if self.finished:
                return "✓ <b>Tutorial finished.</b> Every worked example made by your own " \
                       "clicks. Press <b>Finish ✓</b> to go back to your game."
            nxt = self.tutorial.lessons[self.lesson + 1] if self.tutorial else None
            return ("✓ <b>Lesson done.</b> Press <b>Next lesson ▸</b>"
                    + (f" for: {html.escape(nxt.demo.title)}" if nxt else "") + ".")
        spec = lesson.demo.spec.steps[self.step]
        say = html.escape(lesson.ask.get(self.step) or action_words(action))
        intro = f"<p>{linked(lesson.intro)}</p>" if self.step == 0 and not self.clicked \
            else ""
        if places:
            names = " then ".join(f"<b>{html.escape(self._name(p))}</b>" for p in places)
            how = f"Click the lit {names} on the map."
            if self.clicked:
                how += f" ({len(self.clicked)} of {len(places)} clicked.)"
        else:
            how = f"Press the lit button <b>▶ {html.escape(self._kind())}</b> below."
        refused = " <i>(The rules will refuse this one: see why.)</i>" if spec.refused else ""
        return (f"{intro}<p><b>Step {self.step + 1} of {lesson.steps}:</b> {say}.{refused}"
                f"<br>{how}</p>")

    def _show_result(self) -> None:
        panel, last = self.panel, self.last
        assert panel is not None
        if last is None:
            panel.result.setStyleSheet(WAIT_STYLE)
            panel.result.setText(f"<p>{linked(self.tutorial.about)}</p>"
                                 if self.tutorial is not None else "")
            return
        if self.waiting:
            panel.result.setStyleSheet(WAIT_STYLE)
            panel.result.setText("Watch the dice: the result is told once they have landed.")
            return
        panel.result.setStyleSheet(OK_STYLE if last.ok else FAIL_STYLE)
        panel.result.setText(self.explain(last))

    def explain(self, outcome: StepOutcome) -> str:
        """A step's result: what happened, its clause(s), its exact odds, the events' words."""
        demo = self.current.demo if self.tutorial is not None else None
        parts = [f"<p><b>Step {outcome.index + 1} made.</b> "
                 f"{linked(outcome.step.say) or html.escape(outcome.action.kind)}</p>"]
        clauses: list[str] = list(demo.clauses[:1]) if demo is not None else []
        if outcome.refusal is not None:
            clauses.append(outcome.refusal.clause)
            parts.append(f"<p><b>The rules refuse it</b> — {linked(outcome.refusal.clause)}: "
                         f"{html.escape(outcome.refusal.reason)}. Nothing on the board "
                         "changed.</p>")
        events = self.session.observation().events_of(outcome.record) \
            if outcome.record is not None and self.session is not None else []
        clauses += [e.clause for e in events if e.clause]
        shown = list(dict.fromkeys(c for c in clauses if CLAUSE_ID.fullmatch(c)))
        parts.append(f"<p><b>Clause{'s' * (len(shown) > 1)}:</b> "
                     f"{linked(', '.join(shown))}</p>")
        if self.odds is not None and self.odds[1] and outcome.refusal is None:
            title, outcomes = self.odds
            rows = "<br>".join(f"&nbsp;• {html.escape(w)}" for w in odds_words(outcomes))
            parts.append(f"<p><b>The exact odds before the click</b> — "
                         f"{html.escape(title)}:<br>{rows}</p>")
        if events:
            lines = "<br>".join(f"&nbsp;• {linked(e.line())}" for e in events)
            parts.append(f"<p><b>What happened</b> (the log has it too):<br>{lines}</p>")
        failed = [c for c in outcome.checks if not c.ok]
        if failed:
            rows = "".join(f"<li>{html.escape(c.what)}: the lesson expects "
                           f"{html.escape(c.expected)} — the engine did "
                           f"{html.escape(c.actual)}</li>" for c in failed)
            parts.append(f"<p>✗ <b>The engine did not do what the lesson expects</b>, so the "
                         f"board does not show the rule as written:<ul>{rows}</ul></p>")
        return "".join(parts)

    def _lit_into_view(self) -> None:
        if self.active and self.lit is not None and self.lit.alive:
            self._into_view(self.lit.places)

    def _into_view(self, places: tuple[str, ...]) -> None:
        """Scroll so the lit places are on screen, as a demo's next step is."""
        if self.lit is None or not places:
            return
        points = [p for p in (self.lit.point(place) for place in places) if p is not None]
        if not points:
            return
        xs, ys = [p.x() for p in points], [p.y() for p in points]
        lit = QRectF(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
        view = self.w.view
        apart = self.w.scene.spacing * view.transform().m11()
        if 0 < apart < CLICKABLE:  # so small that the next place's counters cover it
            view.zoom_by(CLICKABLE / apart)
        shown = view.mapToScene(view.viewport().rect()).boundingRect()
        if lit.width() > shown.width() or lit.height() > shown.height():
            lit = QRectF(points[0], points[0])  # too far apart: the next click's, at least
        if not shown.contains(lit):
            view.centerOn(lit.center())


def bind_menu(menu: QMenu, tutor: Tutor) -> None:
    """Keep Help ▸ Tutorials up to date: filled now, on each change of the progress and as
    it opens (the hot-seat cover turns every entry on again as it lifts)."""
    tutor.changed.connect(lambda: fill_menu(menu, tutor))
    menu.aboutToShow.connect(lambda: fill_menu(menu, tutor))
    fill_menu(menu, tutor)


def fill_menu(menu: QMenu, tutor: Tutor) -> None:
    """Help ▸ Tutorials: Resume, then one entry per ruleset, ✓ once finished."""
    menu.clear()
    progress = tutor.progress
    resume = menu.addAction("&Resume" + (f" — {progress.current}, lesson "
                                         f"{progress.lesson + 1}, step {progress.step + 1}"
                                         if progress.current else " (no tutorial begun)"))
    resume.setEnabled(bool(progress.current))
    resume.triggered.connect(tutor.resume)
    menu.addSeparator()
    for ruleset_id in tutorial_ids():
        mark = "✓ " if ruleset_id in progress.finished else "    "
        title = tutorial_title(ruleset_id)
        entry = menu.addAction(f"{mark}{ruleset_id}" + (f": {title}" if title else ""))
        entry.setObjectName(f"tutorial-{ruleset_id}")
        entry.triggered.connect(lambda _=False, r=ruleset_id: tutor.start(
            r, resume=r == tutor.progress.current))
