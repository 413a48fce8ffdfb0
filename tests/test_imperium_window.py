"""imperium-mines in the window, by clicks: lay, enter a mined system, sweep; no leaks."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt

from mineboard.qt.mainwindow import MainWindow
from mineboard.qt.maps.picture import BACK, Face
from mineboard.qt.session import GameSession
from tests.conftest import IMPERIUM, play, scenario
from tests.qt_helpers import click, shown_window, uncover

pytestmark = pytest.mark.usefixtures("private_data_dir")


def star_window(qtbot, seed: int = 3, segment: int = 1, **changes) -> MainWindow:
    sc = scenario(IMPERIUM, **changes)
    game = sc.new_game(seed)
    for _ in range(0 if segment == 0 else 1 + segment):
        play(game, "end_phase")
    session = GameSession(sc, game)
    return shown_window(qtbot, session, "off")


def fleet_point(w: MainWindow, system: str, side: str) -> QPoint:
    stack = w.scene.stacks[(system, side)]
    shift = stack.transform()
    return w.view.mapFromScene(stack.pos()) + QPoint(round(shift.dx()), round(shift.dy()))


def system_point(w: MainWindow, system: str) -> QPoint:
    return w.view.mapFromScene(w.scene.anchors[system])


def test_lay_mines_by_clicks_and_the_counter_appears(qtbot):
    w = star_window(qtbot)
    assert w.phase_label.text() == "Turn 1 · Imperial · Action segment 1 of 4"
    click(qtbot, w, fleet_point(w, "corvan", "Imperial"))
    w.selection.tick_only("IMP-2")
    qtbot.mouseClick(w.controls.buttons["Lay mines"], Qt.MouseButton.LeftButton)
    assert w.session.game.state.points("corvan", "Imperial") == 2
    assert w.scene.markers[("corvan", "Imperial")].faces == (Face("2"),)
    click(qtbot, w, system_point(w, "halcyon"))  # a jump after laying is refused: IM-06
    assert "IM-06" in w.statusBar().currentMessage()


def test_enter_a_mined_system_odds_first_then_flip_and_check(qtbot):
    w = star_window(qtbot, seed=5)
    played = len(w.session.game.records)
    click(qtbot, w, fleet_point(w, "halcyon", "Imperial"))
    click(qtbot, w, system_point(w, "pellucid"))
    preview = w.odds.preview
    assert preview.title.startswith("Lumen, jump 1: 2 face-down counters")
    assert preview.highlight is None  # the values are unknown to the Imperial
    from fractions import Fraction

    assert preview.probability("3 pt") == Fraction(21, 36)  # 2d6 + 3 ≥ 10 ⇔ 2d6 ≥ 7
    assert len(w.session.game.records) == played  # planning changed nothing
    click(qtbot, w, system_point(w, "pellucid"))
    record = w.session.game.records[-1]
    kinds = [e.kind for e in record.events]
    assert kinds.count("CountersFlipped") == 2  # Lumen (false only), then Pellucid
    assert "OnlyFalse" in kinds and "MineCheck" in kinds
    check = next(e for e in record.events if e.kind == "MineCheck")
    assert check.data["total"] == sum(check.dice) + 3 + 1
    assert [d.value for d in w.dice.dice][:2] == list(check.dice)


def test_sweep_by_clicks(qtbot):
    w = star_window(qtbot, minefields=[{"owner": "Terran", "system": "garnet-gate",
                                        "points": 3, "false": 1}])
    click(qtbot, w, fleet_point(w, "garnet-gate", "Imperial"))
    w.selection.tick_only("IMP-3")
    qtbot.mouseClick(w.controls.buttons["Sweep"], Qt.MouseButton.LeftButton)
    assert w.session.game.state.points("garnet-gate", "Terran") == 1
    marker = w.scene.markers[("garnet-gate", "Terran")]
    assert marker.faces == (BACK, BACK)  # still backs to the sweeper


def test_face_down_numbers_never_reach_the_other_side(qtbot):
    w = star_window(qtbot)
    terran_counters = [m for (s, o), m in w.scene.markers.items() if o == "Terran"]
    assert terran_counters and all(f == BACK for m in terran_counters for f in m.faces)
    text = "\n".join(item.toolTip() for item in w.scene.items())
    assert "3 mine point" not in text and "false" not in text.split("Imperial:")[0]
    imperial = w.scene.markers[("garnet-gate", "Imperial")]
    assert "2 mine points, 2 false" in imperial.toolTip()
    # The turn passes: the cover hides the board, then the Terran sees only backs of ours.
    w.end_phase()
    assert w.cover.isVisible() and "Pass to Terran" in w.cover.text
    uncover(qtbot, w)
    ours = w.scene.markers[("garnet-gate", "Imperial")]
    assert all(f == BACK for f in ours.faces)
    assert "2 mine point" not in "\n".join(item.toolTip() for item in w.scene.items())
    lines = [w.log.item(i).text() for i in range(w.log.count())]
    own = [line for line in lines if line.startswith("Briefing for Terran:")]
    assert len(own) == 1 and not any("Imperial:" in line for line in lines)
    log = "\n".join(line for line in lines if line not in own)  # the Terrans' own words
    assert "false" not in log.lower()


def test_a_fleet_dragged_to_a_system_jumps_there_after_showing_the_odds(qtbot):
    """Issue 12, deliverable 3: drag a stack as well as click-click, on the star map too."""
    w = star_window(qtbot, seed=5)
    viewport = w.view.viewport()
    start, end = fleet_point(w, "halcyon", "Imperial"), system_point(w, "pellucid")
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(viewport, start + QPoint(12, 0))
    qtbot.mouseMove(viewport, end)
    assert w.odds.preview.title.startswith("Lumen, jump 1: 2 face-down counters")
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=end)
    record = w.session.game.records[-1]
    assert record.action.kind == "jump" and "MineCheck" in [e.kind for e in record.events]
