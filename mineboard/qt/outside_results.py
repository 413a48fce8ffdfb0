"""The window's side of results from outside the rules (:mod:`mineboard.core.outside`):
a form built from the result's fields for the side that enters it, and the prompt that
lets the other side accept or dispute it.

Each opens by itself once the board is drawn for the side the game waits for — in
hot-seat play that is after the cover is lifted, so the other side never sees the form;
by email, when that side opens the turn file that brought it. A player who closes it
brings it back with Game ▸ Result from outside the rules.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from mineboard.core.actions import Action
from mineboard.core.errors import BadInput, IllegalAction
from mineboard.core.game import TEACHER, GameState
from mineboard.core.outside import (
    AcceptResult,
    Awaiting,
    DisputeResult,
    OutsideResult,
    ResultField,
    result_fields,
    result_from,
)
from mineboard.core.schema import to_json
from mineboard.qt.plugin import TRACK_AHEAD, Ordered, track

if TYPE_CHECKING:
    from mineboard.qt.plugin import RulesetUI
    from mineboard.qt.session import GameSession

WIDEST = 1_000_000
"""A spin box's reach where a field's range leaves a side open."""

Submit = Callable[[Action], str | None]
"""Play an action for the dialog: None when played, else the refusal's line."""


def hint(session: GameSession, ui: RulesetUI[Any]) -> str:
    """What to do now, in words: while the game waits for a result from outside the rules
    that is the only thing to do, whatever the ruleset's own hint for its phase says."""
    observation = session.observation()
    awaiting = observation.ruleset.awaiting(observation.view)
    if awaiting is None:
        return ui.hint(observation.view)
    if session.seat() not in (TEACHER, awaiting.to_move):
        return f"The game waits for {awaiting.waiting_for}."
    if awaiting.entered is None:
        return (f"{awaiting.enters}: enter the result of {awaiting.about} in its form (Game ▸ "
                f"Result from outside the rules); {awaiting.accepts} then accepts it.")
    return (f"{awaiting.accepts}: accept or dispute the result {awaiting.enters} entered for "
            f"{awaiting.about} (Game ▸ Result from outside the rules).")


def coming(session: GameSession) -> list[str]:
    """The phase track's next steps: while a result is awaited, its answer and the step it
    interrupted come first, each named with its actor (the side acting now is not the one
    whose step it is, so the order of play's own track would read wrongly)."""
    observation = session.observation()
    view: GameState = observation.view
    awaiting = observation.ruleset.awaiting(view)
    if awaiting is None or not isinstance(view, Ordered):
        return track(view)
    steps = [f"{awaiting.accepts}: accept or dispute"] if awaiting.entered is None else []
    position, turn = view.position, view.turn
    step = view.sequence.step(position)
    steps.append(f"{step.actor}: {step.label}")
    while len(steps) < TRACK_AHEAD:
        position, new_turn = view.sequence.advance(position)
        turn += new_turn
        step = view.sequence.step(position)
        steps.append(f"turn {turn} · {step.actor}: {step.label}" if new_turn
                     else f"{step.actor}: {step.label}")
        if new_turn:
            break
    return steps


def _help(field: ResultField) -> str:
    words = field.help
    if field.why:
        words += f" ({field.low:g} to {field.high:g}: {field.why})"
    return words


def _editor(field: ResultField) -> QWidget:
    """The widget a field's type and range call for."""
    editor: QWidget
    if field.kind == "int":
        spin = QSpinBox()
        spin.setRange(int(field.low if field.low is not None else -WIDEST),
                      int(field.high if field.high is not None else WIDEST))
        spin.setValue(int(field.default) if field.default is not None else spin.minimum())
        editor = spin
    elif field.kind == "float":
        real = QDoubleSpinBox()
        real.setRange(field.low if field.low is not None else -WIDEST,
                      field.high if field.high is not None else WIDEST)
        real.setValue(float(field.default) if field.default is not None else real.minimum())
        editor = real
    elif field.kind == "bool":
        tick = QCheckBox()
        tick.setChecked(bool(field.default))
        editor = tick
    elif field.kind == "choice":
        combo = QComboBox()
        for choice in field.choices:
            combo.addItem(str(choice), choice)
        if field.default is not None:
            combo.setCurrentIndex(list(field.choices).index(field.default))
        editor = combo
    else:
        editor = QLineEdit("" if field.default is None else str(field.default))
    editor.setToolTip(_help(field))
    return editor


def value_of(editor: QWidget) -> Any:
    """What the player set in ``editor``, as the result's JSON holds it."""
    if isinstance(editor, QSpinBox | QDoubleSpinBox):
        return editor.value()
    if isinstance(editor, QCheckBox):
        return editor.isChecked()
    if isinstance(editor, QComboBox):
        return editor.currentData()
    assert isinstance(editor, QLineEdit)
    return editor.text()


class _ResultDialog(QDialog):
    """What both dialogs share: the heading, the rows of fields, the error line."""

    def __init__(self, parent: QWidget | None, awaiting: Awaiting, submit: Submit,
                 title: str, intro: str) -> None:
        super().__init__(parent)
        self.awaiting = awaiting
        self.submit = submit
        self.setWindowTitle(title)
        self.setMinimumWidth(460)
        self.layout_ = QVBoxLayout(self)
        heading = QLabel(intro)
        heading.setWordWrap(True)
        self.layout_.addWidget(heading)
        self.form = QFormLayout()
        self.layout_.addLayout(self.form)
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #A4001D;")
        self.layout_.addWidget(self.error)

    def add_row(self, field: ResultField, widget: QWidget) -> None:
        box = QVBoxLayout()
        box.setSpacing(1)
        box.addWidget(widget)
        note = QLabel(_help(field))
        note.setWordWrap(True)
        note.setStyleSheet("color: #555; font-size: 9pt;")
        box.addWidget(note)
        self.form.addRow(f"{field.label}:", box)

    def send(self, action: Action) -> None:
        """Hand ``action`` to the window, which closes this dialog once it is played."""
        refusal = self.submit(action)
        if refusal is not None:
            self.error.setText(refusal)


class ResultForm(_ResultDialog):
    """The form the side named fills in: one row per field of the result."""

    def __init__(self, parent: QWidget | None, awaiting: Awaiting,
                 result: type[OutsideResult], submit: Submit) -> None:
        again = (f" {awaiting.accepts} disputed the result entered before: enter it again."
                 if awaiting.disputes else "")
        super().__init__(parent, awaiting, submit, f"Result of {awaiting.about}",
                         f"<b>{awaiting.about[:1].upper()}{awaiting.about[1:]}</b> is settled "
                         f"outside these rules ({awaiting.clause}). {awaiting.enters} enters "
                         f"its result; {awaiting.accepts} then accepts or disputes it.{again}")
        self.result_type = result
        self.editors: dict[str, QWidget] = {}
        for field in result_fields(result, awaiting):
            self.editors[field.name] = _editor(field)
            self.add_row(field, self.editors[field.name])
        buttons = QDialogButtonBox()
        self.enter = buttons.addButton("Enter result", QDialogButtonBox.ButtonRole.AcceptRole)
        later = buttons.addButton("Later", QDialogButtonBox.ButtonRole.RejectRole)
        later.setToolTip("Game ▸ Result from outside the rules brings this back")
        self.enter.clicked.connect(self._enter)
        later.clicked.connect(self.reject)
        self.layout_.addWidget(buttons)

    def values(self) -> dict[str, Any]:
        return {name: value_of(editor) for name, editor in self.editors.items()}

    def _enter(self) -> None:
        try:
            result = result_from(self.result_type, self.values())
        except BadInput as exc:
            self.error.setText(str(exc))
            return
        self.send(result)


class AcceptPrompt(_ResultDialog):
    """The other side reads the result entered, and accepts or disputes it."""

    def __init__(self, parent: QWidget | None, awaiting: Awaiting, submit: Submit) -> None:
        entered = awaiting.entered
        assert entered is not None
        super().__init__(parent, awaiting, submit, f"Accept the result of {awaiting.about}?",
                         f"{awaiting.enters} entered the result of <b>{awaiting.about}</b> "
                         f"({awaiting.clause}). Accept it and the rules carry it out; "
                         f"dispute it and {awaiting.enters} enters it again.")
        shown = to_json(entered, skip_defaults=False)
        for field in result_fields(type(entered), awaiting):
            value = shown[field.name]
            text = ("yes" if value else "no") if isinstance(value, bool) else str(value)
            label = QLabel(f"<b>{text}</b>")
            self.add_row(field, label)
        self.why = QLineEdit()
        self.why.setPlaceholderText(f"why you dispute it ({awaiting.enters} reads this)")
        self.form.addRow("Dispute:", self.why)
        buttons = QDialogButtonBox()
        self.accept_button = buttons.addButton("Accept",
                                               QDialogButtonBox.ButtonRole.AcceptRole)
        self.dispute_button = buttons.addButton("Dispute",
                                                QDialogButtonBox.ButtonRole.DestructiveRole)
        later = QPushButton("Later")
        buttons.addButton(later, QDialogButtonBox.ButtonRole.RejectRole)
        self.accept_button.clicked.connect(lambda: self.send(AcceptResult()))
        self.dispute_button.clicked.connect(
            lambda: self.send(DisputeResult(self.why.text().strip())))
        later.clicked.connect(self.reject)
        self.layout_.addWidget(buttons)


class _Plays(Protocol):
    def play(self, action: Action, text: str = "") -> bool: ...


class Host(Protocol):
    """What the dialogs need of the window (kept narrow: they never reach into it)."""

    @property
    def session(self) -> GameSession: ...

    @property
    def covered(self) -> bool: ...

    @property
    def controller(self) -> _Plays: ...

    def say(self, text: str, error: bool = False) -> None: ...


class OutsideResults:
    """Opens the form or the prompt when the game waits for the side at the screen."""

    def __init__(self, window: Host) -> None:
        self.window = window
        self.dialog: _ResultDialog | None = None
        self._dismissed: Awaiting | None = None

    def awaited_here(self) -> Awaiting | None:
        """The result the game waits for from the side at the screen (None: none, or the
        other side's — by email, or a picture drawn for one side)."""
        session = self.window.session
        observation = session.observation()
        awaiting = observation.ruleset.awaiting(observation.view)
        if awaiting is None:
            return None
        seat = session.seat()
        return awaiting if seat in (TEACHER, awaiting.to_move) else None

    def offer(self, asked: bool = False) -> None:
        """After the board is drawn: open what the game waits for here, unless it is open
        already or the player put it off (``asked``: Game ▸ Result … asks again)."""
        if self.window.covered:  # the next side is not at the screen yet
            self._drop()
            return
        awaiting = self.awaited_here()
        if self.dialog is not None and (awaiting is None or self.dialog.awaiting != awaiting):
            self._drop()
        if awaiting is None or self.dialog is not None or (
                awaiting == self._dismissed and not asked):
            if asked and awaiting is None:
                self.window.say("The game waits for no result from outside the rules here.")
            return
        self._dismissed = None
        if awaiting.entered is None:
            result = self.window.session.game.ruleset.codec.classes[awaiting.result]
            assert issubclass(result, OutsideResult)
            self.dialog = ResultForm(self._parent, awaiting, result, self._submit)
        else:
            self.dialog = AcceptPrompt(self._parent, awaiting, self._submit)
        self.dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.dialog.rejected.connect(lambda: self._put_off(awaiting))
        self.dialog.open()

    @property
    def _parent(self) -> QWidget | None:
        return self.window if isinstance(self.window, QWidget) else None

    def _drop(self) -> None:
        """Close the dialog without counting it as put off by the player."""
        dialog, self.dialog = self.dialog, None
        if dialog is not None:
            dialog.done(QDialog.DialogCode.Accepted)

    def _put_off(self, awaiting: Awaiting) -> None:
        self._dismissed = awaiting
        self.dialog = None

    def _submit(self, action: Action) -> str | None:
        """Checked as the side at the screen knows the game; played once the dialog is
        closed (the cover may go up at once: the move passes to the other side)."""
        try:
            self.window.session.check(action)
        except IllegalAction as exc:
            return str(exc)
        self._drop()
        self.window.controller.play(action)
        return None

    def close(self) -> None:
        """The game leaves the window: its dialog goes with it."""
        self._drop()
        self._dismissed = None
