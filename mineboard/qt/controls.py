"""The options and buttons a ruleset offers for the current selection, as widgets.

The ruleset lists them as data (:class:`~mineboard.core.planning.Choice`,
:class:`~mineboard.core.planning.Command`); this panel only draws them, keeps the values the
player set while the same side is choosing, and reports a pressed button.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from mineboard.core.errors import IllegalAction
from mineboard.core.planning import Choice, Command


class ControlsPanel(QWidget):
    changed = Signal()
    pressed = Signal(object)  # the Command whose button was pressed

    def __init__(self) -> None:
        super().__init__()
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(8, 0, 8, 0)
        self.values: dict[str, Any] = {}
        self.widgets: dict[str, QWidget] = {}
        self.buttons: dict[str, QPushButton] = {}
        self._shown: tuple[tuple[Choice, ...], tuple[str, ...]] = ((), ())

    def options(self) -> dict[str, Any]:
        return dict(self.values)

    def forget(self) -> None:
        """A new side is choosing: its options start from the defaults."""
        self.values.clear()

    def adopt(self, choices: list[Choice]) -> None:
        """Start each new option at its default; keep what the player has set."""
        for choice in choices:
            self.values.setdefault(choice.key, choice.default)

    def show_offer(self, choices: list[Choice],
                   commands: list[tuple[Command, IllegalAction | None]]) -> None:
        """Options and buttons; a button that would be refused now is greyed, its tooltip
        saying why."""
        shown = (tuple(choices), tuple(c.label for c, _refusal in commands))
        if shown == self._shown:
            for command, refusal in commands:  # same buttons: what they do may have changed
                self._arm(self.buttons[command.label], command, refusal)
            return
        self._shown = shown
        while self._layout.count():
            item = self._layout.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.setParent(None)
        self.widgets.clear()
        self.buttons.clear()
        for choice in choices:
            self.adopt([choice])
            self._layout.addWidget(self._choice_row(choice))
        for command, refusal in commands:
            button = QPushButton(command.label)
            self._arm(button, command, refusal)
            button.clicked.connect(lambda _=False, b=button: self.pressed.emit(
                b.property("command")))
            self._layout.addWidget(button)
            self.buttons[command.label] = button

    @staticmethod
    def _arm(button: QPushButton, command: Command, refusal: IllegalAction | None) -> None:
        button.setProperty("command", command)
        button.setEnabled(refusal is None)
        button.setToolTip(command.tip if refusal is None else
                          f"Not now — {refusal.clause}: {refusal.reason}")

    def _choice_row(self, choice: Choice) -> QWidget:
        value = self.values[choice.key]
        widget: QWidget
        if isinstance(choice.default, bool):
            box = QCheckBox(choice.label)
            box.setChecked(bool(value))
            box.toggled.connect(lambda v, k=choice.key: self._set(k, v))
            widget = box
        elif choice.values:
            combo = QComboBox()
            for data, text in choice.values:
                combo.addItem(text, data)
            combo.setCurrentIndex(max(0, combo.findData(value)))
            combo.currentIndexChanged.connect(
                lambda _i, k=choice.key, c=combo: self._set(k, c.currentData()))
            widget = _labelled(choice.label, combo)
            self.widgets[choice.key] = combo
        else:
            spin = QSpinBox()
            spin.setRange(choice.low, choice.high)
            spin.setValue(int(value))
            spin.valueChanged.connect(lambda v, k=choice.key: self._set(k, v))
            widget = _labelled(choice.label, spin)
            self.widgets[choice.key] = spin
        widget.setToolTip(choice.tip)
        self.widgets.setdefault(choice.key, widget)
        return widget

    def _set(self, key: str, value: Any) -> None:
        self.values[key] = value
        self.changed.emit()


def _labelled(text: str, field: QWidget) -> QWidget:
    row = QWidget()
    layout = QHBoxLayout(row)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.addWidget(QLabel(text))
    layout.addWidget(field, 1)
    return row


def pick_dialog(parent: QWidget, command: Command) -> tuple[str, ...] | None:
    """Tick rows (a battle's losses) for a command that needs them; None if cancelled."""
    dialog = QDialog(parent)
    dialog.setWindowTitle(command.label.rstrip("…"))
    layout = QVBoxLayout(dialog)
    layout.addWidget(QLabel(command.tip or "Tick the units:"))
    units = QListWidget()
    for uid, text in command.pick:
        item = QListWidgetItem(text)
        item.setData(Qt.ItemDataRole.UserRole, uid)
        item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
        item.setCheckState(Qt.CheckState.Unchecked)
        units.addItem(item)
    layout.addWidget(units)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                               | QDialogButtonBox.StandardButton.Cancel)
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    layout.addWidget(buttons)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    return tuple(units.item(i).data(Qt.ItemDataRole.UserRole) for i in range(units.count())
                 if units.item(i).checkState() == Qt.CheckState.Checked)
