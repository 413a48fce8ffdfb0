"""View ▸ Dice statistics in the window (issue 30, deliverable 5): opened from the menu, it
counts the dice once they have landed, for the seat at the screen; under the hot-seat
cover it shows nothing."""

from __future__ import annotations

from fractions import Fraction

import pytest
from PySide6.QtWidgets import QStackedWidget

from mineboard.core.dice_stats import dice_statistics
from tests.qt_helpers import click, uncover
from tests.test_imperium_window import fleet_point, star_window, system_point

pytestmark = pytest.mark.usefixtures("private_data_dir")


def page_of(w) -> int:
    pages = w.docks["dice"].widget()
    assert isinstance(pages, QStackedWidget)
    return pages.currentIndex()


def test_the_dice_of_a_jump_into_mines_are_counted_for_the_mover(qtbot):
    w = star_window(qtbot, seed=5)
    assert not w.docks["dice"].isVisible()
    assert w.dice_stats_action.text() == "&Dice statistics"
    w.dice_stats_action.trigger()
    assert w.docks["dice"].isVisible()
    assert w.dice_panel.stats == {}
    assert "No dice rolled yet" in w.dice_panel.toPlainText()
    qtbot.wait(20)  # the window lays the dock out, and the map moves
    click(qtbot, w, fleet_point(w, "halcyon", "Imperial"))
    click(qtbot, w, system_point(w, "pellucid"))  # planned, its odds shown
    assert w.dice_panel.stats == {}
    click(qtbot, w, system_point(w, "pellucid"))  # IM-18's check: 2d6, then maybe IM-22
    record = w.session.game.records[-1]
    imperial = w.dice_panel.stats["Imperial"]
    counts = [0] * 6
    for roll in record.rolls:
        counts[roll.value - 1] += 1
    assert imperial.faces[6].counts == tuple(counts)
    check = imperial.outcomes[("MineCheck", "IM-18")]
    event = next(e for e in record.events if e.kind == "MineCheck")
    # with the counters turned up (IM-15): 2d6 + 3 points + 1 (a later jump) ≥ 10 ⇔ 2d6 ≥ 6
    assert check.chances == (Fraction(13, 18),) and event.data["chance"] == "13/18"
    assert check.counted == int(event.data["afoul"])
    text = w.dice_panel.toPlainText()
    assert "Dice of Imperial's moves" in text and "Mine check (IM-18)" in text
    assert "too few rolls to judge" in text


def test_the_panel_is_blank_under_the_cover_and_then_the_next_sides(qtbot):
    w = star_window(qtbot, seed=5)
    w.dice_stats_action.trigger()
    qtbot.wait(20)  # the window lays the dock out, and the map moves
    click(qtbot, w, fleet_point(w, "halcyon", "Imperial"))
    click(qtbot, w, system_point(w, "pellucid"))
    click(qtbot, w, system_point(w, "pellucid"))
    assert w.dice_panel.stats
    w.end_phase()
    assert w.cover.isVisible() and page_of(w) == 1
    uncover(qtbot, w)
    assert page_of(w) == 0
    terran = dice_statistics(w.session.game.observe("Terran").dice_seen())
    assert w.dice_panel.stats == terran

