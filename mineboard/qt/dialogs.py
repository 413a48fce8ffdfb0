"""The dialogs that start or open a game: scenario, table and passphrases.

A game's table (open or secrets kept) and its passphrases are settled here, once, while
every player is at the screen — never by a menu tick one side could make alone later.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from mineboard.core.errors import MineboardError
from mineboard.core.table import Table
from mineboard.qt.session import scenario_sides

PLAIN_FILE_WARNING = (
    "Without a passphrase for every side, a saved game shows everything: anyone who opens "
    "the file can read the hidden minefields and work out the dice to come.")


@dataclass(frozen=True)
class NewGameChoice:
    scenario: str
    table: Table
    passphrases: dict[str, str]


class NewGameDialog(QDialog):
    """File ▸ New game: the scenario, whether the table is open, and each side's passphrase."""

    def __init__(self, parent: QWidget | None, scenarios: list[str]) -> None:
        super().__init__(parent)
        self.setWindowTitle("New game")
        self.setMinimumWidth(520)
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.scenario = QComboBox()
        self.scenario.addItems(scenarios)
        self.scenario.currentTextChanged.connect(self._scenario_changed)
        form.addRow("Scenario:", self.scenario)
        layout.addLayout(form)
        self.open_table = QCheckBox("Open table: undo past dice and the teacher view allowed "
                                    "(solo play, teaching)")
        self.open_table.setToolTip("All sides agree now; it is recorded in the save and shown "
                                   "as a badge. Leave it off when two players keep secrets.")
        layout.addWidget(self.open_table)
        self.passphrase_box = QWidget()
        self.passphrase_form = QFormLayout(self.passphrase_box)
        self.passphrase_form.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.passphrase_box)
        self.warning = QLabel(PLAIN_FILE_WARNING)
        self.warning.setWordWrap(True)
        self.warning.setStyleSheet("color: #8A4B00;")
        layout.addWidget(self.warning)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.error = QLabel()
        self.error.setStyleSheet("color: #A4001D;")
        layout.addWidget(self.error)
        self.fields: dict[str, tuple[QLineEdit, QLineEdit]] = {}
        self._scenario_changed(self.scenario.currentText())

    def _scenario_changed(self, name: str) -> None:
        while self.passphrase_form.rowCount():
            self.passphrase_form.removeRow(0)
        self.fields = {}
        try:
            sides, secrets = scenario_sides(name)
        except MineboardError as exc:
            self.error.setText(str(exc))
            return
        self.error.clear()
        self.passphrase_box.setVisible(secrets)
        self.warning.setVisible(secrets)
        if not secrets:
            return
        self.passphrase_form.addRow(QLabel(
            "Each side may seal its secrets in the saved file with a passphrase, typed "
            "while the other side looks away (leave empty for none):"))
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
                self.error.setText(f"{side}'s passphrase and its repeat differ")
                return
        self.accept()

    def choice(self) -> NewGameChoice:
        return NewGameChoice(self.scenario.currentText(), Table(open=self.open_table.isChecked()),
                             {side: first.text() for side, (first, _a) in self.fields.items()
                              if first.text()})


def ask_passphrases(parent: QWidget | None, sides: list[str], what: str) -> dict[str, str] | None:
    """Each side's passphrase for ``what``, typed in turn; None if a side cancels."""
    found: dict[str, str] = {}
    for side in sides:
        text, ok = QInputDialog.getText(
            parent, "Passphrase", f"{what} is sealed.\n{side}'s passphrase (the other side "
            "looks away):", QLineEdit.EchoMode.Password)
        if not ok:
            return None
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
    first, ok = QInputDialog.getText(parent, "Passphrase", f"{side}'s new passphrase:",
                                     QLineEdit.EchoMode.Password)
    if not ok or not first:
        return None
    again, ok = QInputDialog.getText(parent, "Passphrase", f"{side}'s passphrase again:",
                                     QLineEdit.EchoMode.Password)
    return first if ok and again == first else None
