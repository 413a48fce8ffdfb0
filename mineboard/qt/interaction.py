"""The base of click-driven modes and of what each ruleset adds to the window.

An interaction (Orange canvas style) turns clicks into actions; it starts, takes clicks,
can be confirmed with Enter and cancelled with Esc. A ruleset's UI gives the window its
scene, its idle mode, its extra controls and its dialogs, so the window itself knows no
rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGraphicsScene, QWidget

from mineboard.core.actions import Action
from mineboard.core.errors import IllegalAction
from mineboard.maps.model import BoardMap

if TYPE_CHECKING:
    from mineboard.qt.mainwindow import MainWindow


class Interaction:
    def __init__(self, window: MainWindow) -> None:
        self.w = window

    def start(self) -> None:
        pass

    def cancel(self) -> None:
        self.w.scene.set_path([])
        self.w.scene.set_eligible_lines(set())
        self.w.odds.clear()

    def confirm(self) -> None:
        pass

    def click(self, kind: str, ident: str, button: Qt.MouseButton) -> None:
        pass

    def refresh(self) -> None:
        """The state changed under this mode (an action was played, undone or redone)."""


class PlanningInteraction(Interaction):
    """A mode that plans an action on one click and carries it out on a second (or Enter)."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.planned: Action | None = None
        self.target: str | None = None

    def preview(self, action: Action) -> bool:
        """Plan ``action`` if legal; otherwise clear the plan and say why (with the clause)."""
        try:
            self.w.session.check(action)
        except IllegalAction as exc:
            self.planned = None
            self.w.scene.set_path([])
            self.w.odds.clear()
            self.w.refuse(exc)
            return False
        self.planned = action
        return True

    def describe(self, action: Action) -> str:
        return action.kind

    def confirm(self) -> None:
        if self.planned is None:
            return
        action, self.planned = self.planned, None
        if self.w.try_play(action, self.describe(action)):
            self.cancel()
            self.w.set_interaction(self.w.ui.idle())


class RulesetUI:
    """What one ruleset adds to the window. Subclasses live beside their scenes."""

    settles_battles = True  # whether the players record battle results in this ruleset

    def __init__(self, window: MainWindow) -> None:
        self.w = window

    def make_scene(self, board: BoardMap) -> QGraphicsScene:
        raise NotImplementedError

    def idle(self) -> Interaction:
        raise NotImplementedError

    def phase_text(self, state: Any) -> str:
        raise NotImplementedError

    def controls(self) -> QWidget | None:
        return None

    def refresh_controls(self, state: Any) -> None:
        pass

    def settle(self, place: str) -> None:
        """Open the dialog in which the players settle a battle at ``place``."""


def ui_for(ruleset_id: str, window: MainWindow) -> RulesetUI:
    if ruleset_id == "imperium-mines":
        from mineboard.qt.imperium_ui import ImperiumUI

        return ImperiumUI(window)
    if ruleset_id == "gwas-tactical":
        from mineboard.qt.tactical_ui import TacticalUI

        return TacticalUI(window)
    from mineboard.qt.naval_ui import NavalUI

    return NavalUI(window)
