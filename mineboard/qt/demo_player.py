"""*Show me*: a demo board played in the window, one step at a time.

The demo's game is opened as the window's game at an open table (everything shown, the
demo's scripted dice); each *Next* plays one step through the window's own session, so the
map, the log and the dice tray show it as they show any move. After each step — once its
dice have landed — the panel says what the engine did and whether that is what the demo
expects. A demo that fails says so in words, with the expected beside the actual: a wrong
result is never shown as if it were right.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from mineboard.core.actions import Action
from mineboard.core.errors import MineboardError
from mineboard.core.history import Record
from mineboard.explorer.demos import Check, Demo, StepOutcome, finish_checks, play_step
from mineboard.qt.clause_links import clause_of, linked
from mineboard.qt.session import GameSession

OK_STYLE = ("background: #E2F2EA; border-left: 5px solid #009E73; padding: 4px 8px; "
            "color: #0B3D2C;")
FAIL_STYLE = ("background: #FBE1DC; border-left: 5px solid #A4001D; padding: 4px 8px; "
              "color: #7A0016;")
WAIT_STYLE = "background: #F3EBD8; border-left: 5px solid #8A7B5C; padding: 4px 8px;"


def demo_session(demo: Demo) -> GameSession:
    """The demo's game as a session of its own: an open table seen whole, its scripted
    dice, and no autosave — the player's own game keeps its file untouched."""
    session = GameSession(demo.scenario, demo.new_game())
    session.autosave_enabled = False
    session.show_everything(True)
    return session


class DemoPanel(QWidget):
    """The demo bar above the map: which step, what it shows, what the engine did, and
    whether that is what the demo expects; Next, Restart, Close demo."""

    restart = Signal()
    closed = Signal()
    clause_clicked = Signal(str)

    def __init__(self) -> None:
        super().__init__()
        self.demo: Demo | None = None
        self.session: GameSession | None = None
        self.outcomes: list[StepOutcome] = []
        self.finish: tuple[Check, ...] = ()
        self.broken = ""
        """Why the demo could not go on (a step the engine could not play at all)."""
        self._busy: Callable[[], bool] = lambda: False
        self._skip: Callable[[], None] = lambda: None
        self._say: Callable[[str, bool], None] = lambda _text, _error: None
        self._preview: Callable[[Action | None], None] = lambda _action: None
        self._records = 0
        self._waiting = False
        outer = QVBoxLayout(self)
        outer.setContentsMargins(6, 4, 6, 4)
        outer.setSpacing(4)
        self.title = QLabel()
        self.title.setStyleSheet("font-weight: bold; font-size: 11pt;")
        self.title.setTextFormat(Qt.TextFormat.RichText)
        self.title.setWordWrap(True)
        self.title.linkActivated.connect(self._link)
        outer.addWidget(self.title)
        self.step_label = QLabel()
        self.step_label.setStyleSheet("font-weight: bold; color: #3D3527; font-size: 11pt;")
        outer.addWidget(self.step_label)
        buttons = QHBoxLayout()
        self.next_button = QPushButton("Next step ▸")
        self.next_button.setToolTip("Play the next step (→ or Space)")
        self.next_button.setStyleSheet("font-weight: bold;")
        self.next_button.clicked.connect(self.next)
        self.restart_button = QPushButton("Restart")
        self.restart_button.setToolTip("The demo's board as it began, dice and all")
        self.restart_button.clicked.connect(self.restart.emit)
        self.close_button = QPushButton("Close demo")
        self.close_button.setToolTip("Back to the game that was open before")
        self.close_button.clicked.connect(self.closed.emit)
        for b in (self.next_button, self.restart_button, self.close_button):
            b.setAutoDefault(False)
            buttons.addWidget(b)
        outer.addLayout(buttons)
        self.verdict = QLabel()
        """Whether the engine did what the demo expects, and where it did not: always in
        view, never scrolled away."""
        self.verdict.setWordWrap(True)
        self.verdict.setTextFormat(Qt.TextFormat.RichText)
        self.verdict.linkActivated.connect(self._link)
        outer.addWidget(self.verdict)
        self.body = QLabel()
        self.body.setWordWrap(True)
        self.body.setTextFormat(Qt.TextFormat.RichText)
        self.body.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.body.linkActivated.connect(self._link)
        self.scroller = QScrollArea()
        """The step's words, its checks and its events: they scroll in a long step."""
        self.scroller.setWidget(self.body)
        self.scroller.setWidgetResizable(True)
        self.scroller.setFrameShape(QScrollArea.Shape.NoFrame)
        self.scroller.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        outer.addWidget(self.scroller, 1)

    # ---- the state ---------------------------------------------------------------------
    @property
    def index(self) -> int:
        """The step that Next plays (0-based)."""
        return len(self.outcomes)

    @property
    def steps(self) -> int:
        return len(self.demo.actions) if self.demo is not None else 0

    @property
    def done(self) -> bool:
        return self.index >= self.steps or bool(self.broken)

    @property
    def ok(self) -> bool:
        """Whether every step played so far (and the finish) agreed with the demo."""
        return not self.broken and all(o.ok for o in self.outcomes) and \
            all(c.ok for c in self.finish)

    def start(self, demo: Demo, session: GameSession, busy: Callable[[], bool],
              skip: Callable[[], None], say: Callable[[str, bool], None],
              preview: Callable[[Action | None], None] = lambda _action: None) -> None:
        """Show ``demo`` at its first step, played on ``session`` (the window's game).
        ``preview`` shows the odds of the step to come (None: no step left)."""
        self.demo, self.session = demo, session
        self._busy, self._skip, self._say = busy, skip, say
        self._preview = preview
        self.outcomes, self.finish, self.broken = [], (), ""
        self._records = len(session.game.records)
        self._waiting = False
        self.title.setText(f"Demo {linked(demo.clause.id)}: {html.escape(demo.title)}")
        self.title.setToolTip(str(demo.path))
        self._show()

    # ---- playing -----------------------------------------------------------------------
    def next(self) -> None:
        """Play the next step; while dice still roll, only end their show."""
        demo, session = self.demo, self.session
        if demo is None or session is None:
            return
        if self._busy():
            self._skip()
            return
        if self.done:
            return
        if len(session.game.records) != self._records:
            self._show(changed=True)
            return
        index = self.index
        text = f"Demo step {index + 1}"

        def play(action: Action) -> Record:
            record = session.play(action, text)
            if record is None:  # pragma: no cover - only a game by email defers its dice
                raise MineboardError("the step waits for another side's dice")
            return record

        try:
            outcome = play_step(demo, session.game, index, play)
        except MineboardError as exc:  # the engine could not play it at all
            self.broken = f"step {index + 1} could not be played: {exc}"
            self._show()
            return
        self.outcomes.append(outcome)
        self._records = len(session.game.records)
        if outcome.refusal is not None:
            self._say(f"Refused — {outcome.refusal.clause}: {outcome.refusal.reason}", True)
        if self.index == self.steps:
            self.finish = finish_checks(demo, session.game)
        self._waiting = self._busy()
        self._show()

    def dice_done(self) -> None:
        """The dice of the step have landed: now its result may be told."""
        if self._waiting:
            self._waiting = False
            self._show()

    # ---- telling -----------------------------------------------------------------------
    def _show(self, changed: bool = False) -> None:
        demo = self.demo
        if demo is None:
            return
        self.next_button.setEnabled(not self.done)
        if not self._waiting:  # the odds of the step to come, before it is played
            self._preview(None if self.done else demo.actions[self.index])
        self.next_button.setText("Next step ▸" if not self.done else "Done")
        steps = demo.spec.steps
        if not self.outcomes:
            self.step_label.setText(f"Step 1 of {len(steps)} — not played yet")
            self.body.setText(f"<p><b>Step 1:</b> "
                              f"{linked(steps[0].say) or html.escape(_kind(demo, 0))}</p>"
                              f"<p><b>About this demo:</b> {linked(demo.spec.about)}</p>")
            self.verdict.setStyleSheet(WAIT_STYLE)
            self.verdict.setText("Press <b>Next step</b> (→ or Space) to play it on the "
                                 "board.")
        else:
            last = self.outcomes[-1]
            played = f"Step {last.index + 1} of {len(steps)} played"
            self.step_label.setText(played + (" — the demo is over" if self.done else ""))
            self.body.setText(self._step_words(last))
            self._verdict(last)
        if self.broken:
            self.verdict.setStyleSheet(FAIL_STYLE)
            self.verdict.setText(f"✗ <b>This demo FAILED</b>: {linked(self.broken)}")
        if changed:
            self.verdict.setStyleSheet(FAIL_STYLE)
            self.verdict.setText("The board was changed by hand (a move or an undo), so the "
                                 "demo cannot go on from here: press <b>Restart</b>.")

    def _step_words(self, outcome: StepOutcome) -> str:
        """The step's words, then what the engine did (events, or its refusal)."""
        assert self.demo is not None and self.session is not None
        say = linked(outcome.step.say) or html.escape(_kind(self.demo, outcome.index))
        parts = [f"<p><b>Step {outcome.index + 1}:</b> {say}</p>"]
        if outcome.refusal is not None:
            parts.append(f"<p><b>The engine refused it</b> — "
                         f"{linked(outcome.refusal.clause)}: "
                         f"{html.escape(outcome.refusal.reason)}</p>")
        elif outcome.record is not None:
            if self._waiting:
                parts.append("<p><i>The dice are rolling…</i></p>")
            else:
                events = self.session.observation().events_of(outcome.record)
                lines = "<br>".join(f"&nbsp;• {linked(e.line())}" for e in events)
                parts.append(f"<p><b>What the engine did</b> (the log has it too):<br>{lines}"
                             "</p>" if lines else
                             "<p><b>What the engine did:</b> nothing to tell.</p>")
        agreed = [c for c in outcome.checks if c.ok]
        if agreed and not self._waiting:
            listed = "<br>".join(f"&nbsp;✓ {html.escape(c.what)}: {linked(_short(c.actual))}"
                                 for c in agreed)
            parts.append(f"<p><b>What the demo checks, and the engine agrees:</b><br>{listed}"
                         "</p>")
        return "".join(parts)

    def _verdict(self, outcome: StepOutcome) -> None:
        if self._waiting:
            self.verdict.setStyleSheet(WAIT_STYLE)
            self.verdict.setText("Watch the dice: the result is told once they have landed.")
            return
        checks = list(outcome.checks)
        failed = [c for c in checks if not c.ok]
        if self.done:
            failed += [c for c in self.finish if not c.ok]
        if failed:
            rows = "".join(f"<li><b>{html.escape(c.what)}</b>: the demo expects "
                           f"{linked(c.expected)} — <b>the engine did</b> {linked(c.actual)}"
                           "</li>" for c in failed)
            self.verdict.setStyleSheet(FAIL_STYLE)
            self.verdict.setText(
                f"✗ <b>This demo FAILED at step {outcome.index + 1}</b>: the engine did not "
                f"do what the demo expects, so what the board shows is not the rule as "
                f"written.<ul>{rows}</ul>")
            return
        agreed = [c for c in checks if c.ok]
        if outcome.refusal is not None:
            what = (f"✓ <b>Refused with {linked(outcome.refusal.clause)}, as the demo "
                    "expects</b> — nothing on the board changed.")
        else:
            what = (f"✓ <b>The engine did what the demo expects</b> — "
                    f"{len(agreed)} check{'s' * (len(agreed) != 1)} agree"
                    f"{'s' * (len(agreed) == 1)} (listed below).")
        if self.done:
            every = "its one step agrees" if self.steps == 1 else \
                f"all {self.steps} steps agree"
            what += f"<br>✓ <b>Demo over: {every} with the engine.</b> Restart to see it " \
                    "again."
        elif not agreed:
            what = "✓ Played (this step checks nothing of its own)."
        self.verdict.setStyleSheet(OK_STYLE)
        self.verdict.setText(what)

    def _link(self, link: str) -> None:
        clause_id = clause_of(link)
        if clause_id is not None:
            self.clause_clicked.emit(clause_id)


def _short(text: str, limit: int = 90) -> str:
    """A check's value on one line: an event's whole text is in the log above."""
    return text if len(text) <= limit else text[:limit - 1].rstrip() + "…"


def _kind(demo: Demo, index: int) -> str:
    action: Any = demo.actions[index]
    return str(action.kind).replace("_", " ").capitalize()
