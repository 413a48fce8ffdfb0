"""Issue 24, item 5: a right-click menu offers what could be done, in counts that could be
done, and an entry that is off now says why underneath it (a tooltip is not shown on an
entry that is off, so a greyed "(not allowed)" had told a new player nothing)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction

from mineboard.qt.mainwindow import MainWindow
from tests.qt_helpers import click, stack_point, zone_point
from tests.test_context_and_drag import window_of

pytestmark = pytest.mark.usefixtures("private_data_dir")

RIGHT = Qt.MouseButton.RightButton


def actions(w: MainWindow) -> list[QAction]:
    assert w.context_menu is not None
    return [a for a in w.context_menu.actions() if a.text()]


def test_nl04_load_from_an_empty_store_is_one_mine_off_with_the_reason_under_it(qtbot):
    w = window_of(qtbot, phase="noncombat_move", stored_mines={"Germany": 0,
                                                                "United Kingdom": 2})
    click(qtbot, w, stack_point(w, "113", "Germany"))
    w.selection.tick_only("ger-escort-1")
    click(qtbot, w, stack_point(w, "113", "Germany"), RIGHT)
    found = actions(w)
    texts = [a.text() for a in found]
    load = texts.index("Load 1 mine onto Escort 1")  # not "Load 3" with none in store
    assert not found[load].isEnabled()
    assert texts[load + 1] == "    not now — NL-04: no mines are stored in the capital"
    assert not found[load + 1].isEnabled()
    assert found[load].toolTip() == "NL-04: no mines are stored in the capital"


def test_nl04_load_asks_for_no_more_than_the_store_holds(qtbot):
    w = window_of(qtbot, phase="noncombat_move", stored_mines={"Germany": 2,
                                                                "United Kingdom": 2})
    click(qtbot, w, stack_point(w, "113", "Germany"))
    w.selection.tick_only("ger-escort-1")
    w.controls.widgets["load"].setValue(3)
    click(qtbot, w, stack_point(w, "113", "Germany"), RIGHT)
    load = {a.text(): a for a in actions(w)}["Load 2 mines onto Escort 1"]
    assert load.isEnabled()
    load.trigger()
    assert w.session.view().units["ger-escort-1"].cargo == 2


def test_nl02_the_capital_offers_every_count_it_can_buy(qtbot):
    w = window_of(qtbot)  # Germany, Purchase: 30 IPC, capacity 10, a mine costs 1
    click(qtbot, w, w.view.mapFromScene(w.scene.capitals["DEU"].pos()), RIGHT)
    buys = [a.text() for a in actions(w) if a.text().startswith("Buy ")]
    assert buys == ["Buy 1 naval mine — 1 IPC"] + [
        f"Buy {n} naval mines — {n} IPC" for n in range(2, 11)]
    {a.text(): a for a in actions(w)}["Buy 4 naval mines — 4 IPC"].trigger()
    assert w.session.view().bought_this_turn["Germany"] == 4


def test_an_order_refused_where_clicked_says_why_in_the_menu(qtbot):
    w = window_of(qtbot, phase="combat_move")
    click(qtbot, w, stack_point(w, "113", "Germany"))
    click(qtbot, w, zone_point(w, "91"), RIGHT)  # far beyond a move of two
    texts = [a.text() for a in actions(w)]
    move = texts.index("Move to sea zone 91")
    assert texts[move + 1].startswith("    not now — TURN: ")
    assert "(not allowed)" not in " ".join(texts)
