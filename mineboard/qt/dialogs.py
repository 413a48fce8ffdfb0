"""The dialogs that start or open a game: scenario, table and passphrases.

A game's table (open or secrets kept) and its passphrases are settled here, once, while
every player is at the screen — never by a menu tick one side could make alone later.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Literal

from PySide6.QtCore import QSize, Qt, QTimer
from PySide6.QtGui import QIntValidator, QPixmap
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPlainTextEdit,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from mineboard.core.errors import MineboardError
from mineboard.core.game import PUBLIC
from mineboard.core.limits import MAX_SEED
from mineboard.core.table import Table
from mineboard.core.words import possessive
from mineboard.persistence.scenario import Scenario, load_scenario
from mineboard.qt.registry import ui_for
from mineboard.qt.session import scenario_sides, sides_of
from mineboard.qt.view import BoardView
from mineboard.resources import bundled_scenarios

PLAIN_FILE_WARNING = (
    "Without a passphrase for every side, a saved game shows everything: anyone who opens "
    "the file can read the hidden minefields and work out the dice to come.")

"""The largest seed the dialog takes: the same bound as ``play --seed``."""

Answer = Literal["save", "discard", "cancel"]


def ask_unsaved(parent: QWidget | None, game: str, doing: str, can_save: bool) -> Answer:
    """Whether to save ``game`` before ``doing`` ("closing") it away. A game by email
    cannot be saved half a turn: only sending the turn keeps its moves, so it has no Save."""
    buttons = QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel
    if can_save:
        text = f"{game} has moves that are not saved. Save them before {doing}?"
        buttons |= QMessageBox.StandardButton.Save
    else:
        text = (f"{game} has moves not yet sent: they are lost if you go on. File ▸ Send "
                "turn keeps them.")
    box = QMessageBox(QMessageBox.Icon.Warning, "Moves not saved", text, buttons, parent)
    box.setDefaultButton(QMessageBox.StandardButton.Save if can_save
                         else QMessageBox.StandardButton.Cancel)
    box.setEscapeButton(QMessageBox.StandardButton.Cancel)
    box.exec()
    pressed = box.standardButton(box.clickedButton())
    if pressed == QMessageBox.StandardButton.Save:
        return "save"
    return "discard" if pressed == QMessageBox.StandardButton.Discard else "cancel"


@dataclass(frozen=True)
class NewGameChoice:
    scenario: str
    table: Table
    passphrases: dict[str, str]
    seed: int | None = None
    """None: a fresh secret seed; a number makes the dice predictable (``play --seed``)."""


@dataclass(frozen=True)
class ScenarioCard:
    """What File ▸ New shows of a bundled scenario, read once while the dialog is open."""

    scenario: Scenario
    sides: tuple[str, ...]
    secrets: bool

    @property
    def ruleset(self) -> str:
        return f"{self.scenario.ruleset.id} — {self.scenario.ruleset.title}"

    @property
    def about(self) -> str:
        """Read by every player before anyone sits down: never a side's secret setup, which
        its briefing tells that side alone once the game begins."""
        about = self.scenario.about
        if self.scenario.data.get("briefing"):
            about += " Each side reads its own briefing at its turn (Game ▸ Briefing)."
        return about


@cache
def _card(name: str) -> ScenarioCard:
    """Bundled scenarios do not change while the program runs: each is read once."""
    scenario = load_scenario(bundled_scenarios()[name])
    sides, secrets = sides_of(scenario)
    return ScenarioCard(scenario, sides, secrets)


def board_preview(scenario: Scenario, size: QSize) -> QPixmap:
    """The scenario's board as it starts, drawn by the window's own map code at ``size`` —
    only what lies on the table (no side's secrets), since every player sees this dialog."""
    ui = ui_for(scenario.ruleset.id)
    scene = ui.make_scene(scenario.board)
    scene.show(ui.draw(scenario.new_game(0).observe(PUBLIC).view))
    view = BoardView(scene)
    view.setFrameShape(BoardView.Shape.NoFrame)
    view.resize(size)
    view.fit()
    picture = view.grab()
    view.deleteLater()
    return picture


class NewGameDialog(QDialog):
    """File ▸ New game: which bundled scenario (what it is, its rules, its board), the
    table (secrets kept or open), the dice seed, and each side's passphrase."""

    PREVIEW = QSize(440, 270)

    def __init__(self, parent: QWidget | None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New game")
        self.setFixedWidth(820)  # the height follows the scenario's rows (_fit_height)
        layout = QVBoxLayout(self)
        top = QHBoxLayout()
        left = QVBoxLayout()
        left.addWidget(self._scenario_list(), 1)
        left.addLayout(self._options())
        top.addLayout(left, 1)
        top.addLayout(self._card())
        layout.addLayout(top)
        self.passphrase_box = QWidget()
        self.passphrase_form = QFormLayout(self.passphrase_box)
        self.passphrase_form.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.passphrase_box)
        self.warning = QLabel(PLAIN_FILE_WARNING)
        self.warning.setWordWrap(True)
        self.warning.setStyleSheet("color: #8A4B00;")
        layout.addWidget(self.warning)
        self.error = QLabel()
        self.error.setStyleSheet("color: #A4001D;")
        layout.addWidget(self.error)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.fields: dict[str, tuple[QLineEdit, QLineEdit]] = {}
        self._previews: dict[str, QPixmap] = {}
        self.scenarios.currentRowChanged.connect(self._scenario_changed)
        self.scenarios.setCurrentRow(0)

    def _scenario_list(self) -> QListWidget:
        self.scenarios = QListWidget()
        self.scenarios.setWordWrap(True)
        self.scenarios.setSpacing(3)
        self.scenarios.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        for name in bundled_scenarios():
            item = QListWidgetItem(self._title(name))
            item.setData(Qt.ItemDataRole.UserRole, name)
            item.setToolTip(name)
            self.scenarios.addItem(item)
        return self.scenarios

    def _card(self) -> QVBoxLayout:
        """What the picked scenario is: its board, its rule system, its description."""
        card = QVBoxLayout()
        self.preview = QLabel()
        self.preview.setFixedSize(self.PREVIEW)
        card.addWidget(self.preview)
        self.ruleset = QLabel()
        self.ruleset.setStyleSheet("font-weight: bold;")
        self.about = QLabel()
        for label in (self.ruleset, self.about):
            label.setWordWrap(True)
            label.setFixedWidth(self.PREVIEW.width())
            card.addWidget(label)
        # A policy runs to a dozen lines: it scrolls in a box of its own rather than push
        # the dialog (and its buttons) past a small screen.
        self.policy = QPlainTextEdit()
        self.policy.setReadOnly(True)
        self.policy.setFixedSize(self.PREVIEW.width(), 120)
        self.policy.setFrameShape(QPlainTextEdit.Shape.NoFrame)
        self.policy.setStyleSheet("background: transparent; color: #444;")
        card.addWidget(self.policy)
        card.addStretch(1)
        return card

    def _options(self) -> QFormLayout:
        form = QFormLayout()
        self.secret_table = QRadioButton("Secrets kept (hot-seat)")
        self.secret_table.setToolTip("No undo into another side's turn, no teacher view: "
                                     "for two players keeping secrets.")
        self.open_table = QRadioButton("Open table (solo play, teaching)")
        self.open_table.setToolTip("Undo past dice and the teacher view allowed. All sides "
                                   "agree now; it is recorded in the save and shown as a "
                                   "badge.")
        self.table_group = QButtonGroup(self)
        table = QVBoxLayout()
        for button in (self.secret_table, self.open_table):
            self.table_group.addButton(button)
            table.addWidget(button)
        self.secret_table.setChecked(True)
        form.addRow("Table:", table)
        self.seed = QLineEdit()
        self.seed.setValidator(QIntValidator(0, MAX_SEED, self.seed))
        self.seed.setPlaceholderText("empty: a fresh secret seed")
        self.seed.setToolTip("A number fixes the dice, as `play --seed` does: anyone who "
                             "knows it can work out every roll, and the game's badge says so.")
        form.addRow("Dice seed:", self.seed)
        self._policy_text = ""
        self.opponent = QComboBox()
        self.opponent.setToolTip("A solo game: the program plays one side, on what that side "
                                 "may see, by the policy its rules state")
        form.addRow("Players:", self.opponent)
        self.opponent.currentIndexChanged.connect(self._opponent_changed)
        return form

    def _opponents(self, card: ScenarioCard) -> None:
        """People on every side, or the program on one — where the rules state a policy."""
        self.opponent.blockSignals(True)
        self.opponent.clear()
        self.opponent.addItem("People play every side", None)
        if card.scenario.ruleset.opponent_policy:
            for side in card.sides:
                self.opponent.addItem(f"Solo: the program plays {side}", side)
        self.opponent.blockSignals(False)
        self._policy_text = card.scenario.ruleset.opponent_policy
        self._opponent_changed()

    def _opponent_changed(self) -> None:
        program = self.opponent.currentData()
        self.policy.setPlainText("" if program is None else
                                 f"The program's policy: {self._policy_text}")
        self.policy.setVisible(program is not None)

    @staticmethod
    def _title(name: str) -> str:
        try:
            return _card(name).scenario.title
        except MineboardError:
            return name  # the error shows when it is picked

    @property
    def name(self) -> str:
        item = self.scenarios.currentItem()
        return str(item.data(Qt.ItemDataRole.UserRole)) if item is not None else ""

    def _scenario_changed(self, row: int) -> None:
        while self.passphrase_form.rowCount():
            self.passphrase_form.removeRow(0)
        self.fields = {}
        try:
            card = _card(self.name)
        except MineboardError as exc:
            self.error.setText(str(exc))
            return
        self.error.clear()
        self.ruleset.setText(card.ruleset)
        self.about.setText(card.about)
        if self.name not in self._previews:
            self._previews[self.name] = board_preview(card.scenario, self.PREVIEW)
        self.preview.setPixmap(self._previews[self.name])
        self._opponents(card)
        for button in (self.secret_table, self.open_table):
            button.setEnabled(card.secrets)
        self.passphrase_box.setVisible(card.secrets)
        self.warning.setVisible(card.secrets)
        if card.secrets:
            self._passphrase_rows(card.sides)
        QTimer.singleShot(0, self, self._fit_height)  # once the new rows are shown

    def _fit_height(self) -> None:
        """As tall as the picked scenario's rows: a layout's minimum leaves out the height
        of word-wrapped text, and adjustSize stops at two thirds of the screen."""
        layout = self.layout()
        if layout is not None:
            layout.activate()
            wanted = layout.totalHeightForWidth(self.width())
            screen = self.screen()
            if screen is not None:  # never past the screen's foot: the list scrolls instead
                wanted = min(wanted, screen.availableGeometry().height() - 40)
            self.resize(self.width(), wanted)

    def _passphrase_rows(self, sides: tuple[str, ...]) -> None:
        intro = QLabel("Each side may seal its secrets in the saved file with a passphrase, "
                       "typed while the other side looks away (leave empty for none):")
        intro.setWordWrap(True)
        self.passphrase_form.addRow(intro)
        for side in sides:
            first, again = QLineEdit(), QLineEdit()
            for box, hint in ((first, "passphrase"), (again, "again")):
                box.setEchoMode(QLineEdit.EchoMode.Password)
                box.setPlaceholderText(hint)
            self.passphrase_form.addRow(f"{side}:", first)
            self.passphrase_form.addRow("", again)
            self.fields[side] = (first, again)

    def _accept(self) -> None:
        for side, (first, again) in self.fields.items():
            if first.text() != again.text():
                self.error.setText(f"{possessive(side)} passphrase and its repeat differ")
                return
        if self.seed.text() and not self.seed.hasAcceptableInput():
            self.error.setText(f"the dice seed is a whole number from 0 to {MAX_SEED}")
            return
        if self.name:
            self.accept()

    def choice(self) -> NewGameChoice:
        seed = self.seed.text().strip()
        return NewGameChoice(self.name, Table(open=self.open_table.isChecked(),
                                              program=self.opponent.currentData()),
                             {side: first.text() for side, (first, _a) in self.fields.items()
                              if first.text()},
                             int(seed) if seed else None)


def choose_new_game(parent: QWidget | None) -> NewGameChoice | None:
    """File ▸ New game's dialog; None if the player cancels."""
    dialog = NewGameDialog(parent)
    return dialog.choice() if dialog.exec() == QDialog.DialogCode.Accepted else None


def ask_passphrases(parent: QWidget | None, sides: list[str], what: str,
                    sealed: list[str] | None = None) -> dict[str, str] | None:
    """Each side's passphrase for ``what``, typed in turn; None if a side cancels. A side
    not in ``sealed`` (when given) holds no seal in the file: it leaves the box empty,
    unless it did set a passphrase — then its seal was stripped, and the file is refused.
    Empty answers are left out."""
    found: dict[str, str] = {}
    for side in sides:
        if sealed is None or side in sealed:
            prompt = (f"{what} is sealed.\n{possessive(side)} passphrase (the other side "
                      "looks away):")
        else:
            prompt = (f"{what} holds no seal of {possessive(side)}.\nIf {side} set a "
                      "passphrase for this game, type it (its seal was removed and the file is "
                      "refused); else leave this empty:")
        text, ok = QInputDialog.getText(parent, "Passphrase", prompt,
                                        QLineEdit.EchoMode.Password)
        if not ok:
            return None
        if text:
            found[side] = text
    return found


class PbemStartDialog(QDialog):
    """File ▸ New game by email: the scenario, your side, your passphrase (twice)."""

    def __init__(self, parent: QWidget | None, scenarios: list[str]) -> None:
        super().__init__(parent)
        self.setWindowTitle("New game by email")
        self.setMinimumWidth(480)
        form = QFormLayout(self)
        self.scenario = QComboBox()
        self.scenario.addItems(scenarios)
        self.side = QComboBox()
        self.scenario.currentTextChanged.connect(self._scenario_changed)
        self.first, self.again = QLineEdit(), QLineEdit()
        for box in (self.first, self.again):
            box.setEchoMode(QLineEdit.EchoMode.Password)
        form.addRow("Scenario:", self.scenario)
        form.addRow("Your side:", self.side)
        form.addRow("Your passphrase:", self.first)
        form.addRow("Again:", self.again)
        note = QLabel("Your secret moves are sealed with it in every turn file; without it "
                      "you cannot open the game again. The dice come from both sides' "
                      "shares: neither program can predict them.")
        note.setWordWrap(True)
        form.addRow(note)
        self.error = QLabel()
        self.error.setStyleSheet("color: #A4001D;")
        form.addRow(self.error)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self._scenario_changed(self.scenario.currentText())

    def _scenario_changed(self, name: str) -> None:
        self.side.clear()
        try:
            sides, _secrets = scenario_sides(name)
        except MineboardError as exc:
            self.error.setText(str(exc))
            return
        self.side.addItems(list(sides))

    def _accept(self) -> None:
        if not self.first.text():
            self.error.setText("a passphrase is needed: it seals your secret moves")
        elif self.first.text() != self.again.text():
            self.error.setText("the passphrase and its repeat differ")
        else:
            self.accept()


def ask_new_passphrase(parent: QWidget | None, side: str) -> str | None:
    """A passphrase being set: asked twice, so a slip of the finger cannot lock a game."""
    first, ok = QInputDialog.getText(parent, "Passphrase", f"{possessive(side)} new passphrase:",
                                     QLineEdit.EchoMode.Password)
    if not ok or not first:
        return None
    again, ok = QInputDialog.getText(parent, "Passphrase", f"{possessive(side)} passphrase again:",
                                     QLineEdit.EchoMode.Password)
    return first if ok and again == first else None
