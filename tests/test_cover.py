"""The hot-seat cover covers (issue 9): docks blank even when floating, every shortcut dead,
and only the named side's button lifts it; undo never reaches into the last side's turn."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QStackedWidget

from mineboard.core.game import Game
from mineboard.qt.mainwindow import MainWindow
from mineboard.qt.session import GameSession
from tests.conftest import IMPERIUM, JUTLAND, scenario
from tests.qt_helpers import activate, uncover
from tests.test_secrets import HIDDEN, SECRET_GAMES

pytestmark = pytest.mark.usefixtures("private_data_dir")


SCENARIOS = {"naval-lines": scenario(phase="noncombat_move", **HIDDEN),
             "gwas-tactical": scenario(JUTLAND), "imperium-mines": scenario(IMPERIUM)}


def window(qtbot, ruleset: str) -> MainWindow:
    game: Game[Any] = SECRET_GAMES[ruleset]()
    w = MainWindow(GameSession(SCENARIOS[ruleset], game))
    w.set_speed("off")
    qtbot.addWidget(w)
    w.resize(1200, 800)
    w.show()
    qtbot.waitExposed(w)
    uncover(qtbot, w)  # a game with secrets opens covered: its first side sits down
    return w


def end_turn(w: MainWindow) -> None:
    mover = w.session.game.state.to_move
    for _ in range(20):  # phases; a disabled End phase would otherwise loop for ever
        if w.session.game.state.to_move != mover:
            return
        w.end_action.trigger()
    raise AssertionError(f"{mover}'s turn did not end: is the board covered?")


@pytest.mark.parametrize("ruleset", SECRET_GAMES)
def test_undo_in_the_window_never_reaches_into_the_last_sides_turn(qtbot, ruleset):
    w = window(qtbot, ruleset)
    end_turn(w)
    assert w.cover.isVisible()
    uncover(qtbot, w)
    count = len(w.session.game.records)
    w.undo_action.trigger()  # Ctrl+Z by the side now at the screen
    assert len(w.session.game.records) == count
    assert "Nothing to undo" in w.statusBar().currentMessage()
    w.solo_action.trigger()  # "Allow undo past dice" is refused too: the table is closed
    assert not w.solo_action.isChecked() and not w.session.undo_past_dice
    w.undo_action.trigger()
    assert len(w.session.game.records) == count


def test_a_floating_log_is_blank_under_the_cover(qtbot):
    w = window(qtbot, "naval-lines")
    log = w.docks["log"]
    log.setFloating(True)
    log.show()
    assert log.isFloating() and w.log.count() > 0
    end_turn(w)
    assert w.cover.isVisible()
    pages = log.widget()
    assert isinstance(pages, QStackedWidget) and pages.currentIndex() == 1
    assert not w.log.isVisible()  # the floating window shows the blank page, not the log
    for dock in w.docks.values():
        assert dock.widget().currentWidget().objectName() == "covered"
    uncover(qtbot, w)
    assert pages.currentIndex() == 0 and w.log.isVisible()


def test_shortcuts_are_dead_under_the_cover(qtbot):
    w = window(qtbot, "naval-lines")
    activate(qtbot, w)  # shortcuts reach only the active window
    end_turn(w)
    assert w.cover.isVisible()
    count = len(w.session.game.records)
    for key in "ETZSN":
        qtbot.keyClick(w, key, Qt.KeyboardModifier.ControlModifier)
    assert len(w.session.game.records) == count and not w.session.teacher_view
    assert w.cover.isVisible()
    live = [a.text() for a in (w.end_action, w.teacher_action, w.undo_action, w.redo_action,
                               w.solo_action, w.confirm_action) if a.isEnabled()]
    assert live == [] and not w.menuBar().isEnabled()
    uncover(qtbot, w)  # the same key works once the side is at the screen
    qtbot.keyClick(w, "E", Qt.KeyboardModifier.ControlModifier)
    assert len(w.session.game.records) == count + 1


def test_only_the_named_sides_button_lifts_the_cover(qtbot):
    w = window(qtbot, "naval-lines")
    end_turn(w)
    assert w.cover.button.text() == "I am United Kingdom"
    qtbot.mouseClick(w.cover, Qt.MouseButton.LeftButton, pos=QPoint(20, 300))
    qtbot.keyClick(w.cover, Qt.Key.Key_Return)
    qtbot.keyClick(w.cover, Qt.Key.Key_Space)
    assert w.cover.isVisible()
    qtbot.mouseClick(w.cover.button, Qt.MouseButton.LeftButton)
    assert not w.cover.isVisible() and w.end_action.isEnabled()


def test_a_game_with_secrets_opens_covered_the_cover_fills_the_window_and_hides_all(qtbot):
    """Issue 24, item 5 and the review: the first side's board waits behind the cover too.
    A window sized before it is shown (as a screenshot sizes it) is covered whole, and
    nothing of the first side's secrets is drawn under the cover."""
    sc = scenario(phase="noncombat_move", minefields=[
        {"line": "112|113", "owner": "Germany", "zone": "113", "count": 2}], **HIDDEN)
    w = MainWindow(GameSession(sc, sc.new_game(2)))
    qtbot.addWidget(w)
    assert w.covered and w.covered_for == "Axis"
    w.resize(1280, 800)
    w.show()
    qtbot.waitExposed(w)
    assert w.cover.isVisible() and w.cover.geometry() == w.rect()
    assert w.cover.button.text() == "I am Germany"
    assert not any(owner == "Germany" for _line, owner in w.scene.markers)
    uncover(qtbot, w)
    assert ("112|113", "Germany") in w.scene.markers  # the German field, once Germany sits
