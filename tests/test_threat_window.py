"""View ▸ Threat map in the window (issue 30, deliverable 2): the dock picks a group, the map
shades where it would lose ships with the figures in the tooltip, and a ruleset without a
threat map says so."""

from __future__ import annotations

import pytest

from mineboard.qt.session import GameSession
from mineboard.qt.threat_view import SCALE
from tests.qt_helpers import shown_window, uncover

pytestmark = pytest.mark.usefixtures("private_data_dir")


def test_the_german_group_sees_the_british_line_darkest_with_its_figures(qtbot):
    w = shown_window(qtbot, GameSession.open("northsea-1940", 3))
    assert w.threat_action.text() == "T&hreat map" and not w.docks["threat"].isVisible()
    w.threat_action.trigger()
    assert w.docks["threat"].isVisible()
    combo = w.threat_panel.groups
    labels = [combo.itemText(i) for i in range(combo.count())]
    assert "Germany: 5 ships in 113" in labels
    combo.setCurrentIndex(labels.index("Germany: 5 ships in 113"))
    combo.activated.emit(combo.currentIndex())
    assert w.threat_group == "Germany@113"
    layer = w.threat_layer
    assert layer is not None
    assert not layer.lines[4].path().isEmpty()  # band 5, the darkest: the only mined line
    assert all(layer.lines[b].path().isEmpty() for b in range(4))
    assert layer.lines[4].pen().color().name().upper() == SCALE[4]
    tip = w.scene.threat_tips["91|92"]
    assert "expected ships lost: 1.67 (5/3)" in tip and "P(at least one) = 86.8 %" in tip
    w.threat_action.trigger()  # closed: the shading goes
    assert layer.lines[4].path().isEmpty() and w.scene.threat_tips == {}


def test_a_ruleset_without_a_threat_map_says_so(qtbot):
    w = shown_window(qtbot, GameSession.open("awaw-narrow-seas", 3))
    uncover(qtbot, w)
    w.threat_action.trigger()
    assert "losses at sea come from naval combat" in w.threat_panel.title.text()
    assert w.threat_panel.groups.count() == 0


def test_closing_after_the_board_is_gone_touches_no_deleted_shading(qtbot):
    """At the program's end Qt deleted the scene, then hid the dock, whose hiding cleared
    the shading on that scene: "Internal C++ object (Overlay) already deleted"."""
    import shiboken6

    from mineboard.qt.threat_view import ThreatLayer

    w = shown_window(qtbot, GameSession.open("northsea-1940", 3))
    w.threat_action.trigger()
    gone = w.ui.make_scene(w.session.scenario.board)  # a board the window shows no more
    w.threat_layer = ThreatLayer(gone)
    shiboken6.delete(gone)
    assert not w.threat_layer.alive
    w.docks["threat"].hide()  # raised in the slot before (pytest-qt fails the test)
