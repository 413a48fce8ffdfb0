"""Hot-seat with hidden minefields: a cover between sides, and nothing secret drawn for the
wrong side — not on the map, in a tooltip, in the log or in the selection."""

from __future__ import annotations

import copy

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage, QPainter

from mineboard.core.table import Table
from mineboard.qt.mainwindow import MainWindow
from mineboard.qt.maps.area import AreaScene
from mineboard.qt.naval_lines import NavalLinesUI
from mineboard.qt.session import GameSession
from tests.conftest import scenario
from tests.qt_helpers import button, click, stack_point, uncover

pytestmark = pytest.mark.usefixtures("private_data_dir")

HIDDEN = {"options": {"hidden_minefields": True}}


def render(scene: AreaScene) -> QImage:
    image = QImage(1200, 1000, QImage.Format.Format_ARGB32)
    image.fill(0)
    painter = QPainter(image)
    scene.render(painter)
    painter.end()
    return image


def all_text(scene: AreaScene) -> str:
    return "\n".join(item.toolTip() for item in scene.items())


def test_each_side_sees_only_its_own_mines_down_to_the_pixel(qapp):
    sc = scenario(**HIDDEN)
    game = sc.new_game(1)
    ui = NavalLinesUI()
    german_view = game.observe("Axis").view
    scene = ui.make_scene(sc.board)
    scene.show(ui.draw(german_view))
    assert ("91|92", "United Kingdom") not in scene.markers
    assert "United Kingdom: 5" not in all_text(scene)
    # The German picture equals the picture of a world where the British field never was.
    without = copy.deepcopy(game.state)
    without.minefields = []
    without.stored["United Kingdom"] = 0
    honest = ui.make_scene(sc.board)
    honest.show(ui.draw(game.ruleset.view(without, "Axis")))
    assert render(scene) == render(honest)
    # The British see their own field.
    scene.show(ui.draw(game.observe("Allies").view))
    assert scene.markers[("91|92", "United Kingdom")].count == 5
    assert render(scene) != render(honest)


def test_cover_between_sides_and_no_leak_in_log_or_selection(qtbot):
    sc = scenario(phase="noncombat_move", **HIDDEN)
    session = GameSession(sc, sc.new_game(2))
    w = MainWindow(session)
    w.set_speed("off")
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    assert w.cover.isVisible()  # the first side sits down too
    uncover(qtbot, w)
    w.view.fit()
    click(qtbot, w, stack_point(w, "113", "Germany"))
    w.selection.tick_only("ger-escort-1")
    w.controls.widgets["load"].setValue(2)
    qtbot.mouseClick(button(w, "Load 2 mines"), Qt.MouseButton.LeftButton)
    w.controller.play(session.game.ruleset.codec.parse(
        {"kind": "lay_mines", "unit": "ger-escort-1", "line": "112|113"}))
    assert ("112|113", "Germany") in w.scene.markers  # Germany sees its new field
    w.end_phase()  # → Place
    assert not w.cover.isVisible()
    w.end_phase()  # → the United Kingdom's turn
    assert w.cover.isVisible() and "Pass to United Kingdom" in w.cover.text
    # Under the cover the board holds nobody's secrets.
    assert ("112|113", "Germany") not in w.scene.markers
    assert ("91|92", "United Kingdom") not in w.scene.markers
    uncover(qtbot, w)
    assert not w.cover.isVisible()
    assert ("91|92", "United Kingdom") in w.scene.markers
    assert ("112|113", "Germany") not in w.scene.markers
    text = all_text(w.scene) + "\n".join(w.log.item(i).text() for i in range(w.log.count()))
    assert "Germany 2" not in text and "Germany: 2" not in text  # tooltip formats
    assert "lays 2 mine" not in text and "loads 2 mine" not in text
    click(qtbot, w, stack_point(w, "110", "United Kingdom"))
    shown = "\n".join(w.selection.units.item(i).text() for i in range(w.selection.units.count()))
    assert "Germany" not in shown
    # The teacher view would show everything: off, saying why, since the table was not
    # opened (issue 24, item 5: it had been on, and refused "not in a game with secrets").
    assert not w.teacher_action.isEnabled() and not w.solo_action.isEnabled()
    assert w.teacher_action.toolTip() == (
        "Off: this game keeps secrets and its sides did not open the table when it began "
        "(File ▸ New game ▸ Open table)")
    w.teacher_action.trigger()
    assert ("112|113", "Germany") not in w.scene.markers
    assert not w.teacher_action.isChecked() and not w.session.teacher_view
    opened = MainWindow(GameSession(sc, sc.new_game(2, Table(open=True))))
    qtbot.addWidget(opened)  # had they opened the table, both would be on
    assert opened.teacher_action.isEnabled() and opened.solo_action.isEnabled()
    assert not opened.cover.isVisible()  # and nobody's board waits behind a cover


def shot(tmp_path, name: str, *args: str) -> QImage:
    from mineboard.cli import main

    out = tmp_path / f"{name}.png"
    assert main(["screenshot", *args, "--out", str(out), "--size", "900x600"]) == 0
    return QImage(str(out))


def test_screenshot_for_a_side_is_the_picture_of_a_world_without_the_enemys_secrets(tmp_path):
    import json

    from mineboard.resources import resolve_scenario

    data = json.loads(resolve_scenario("northsea-1940-hidden").read_text())
    (tmp_path / "with.json").write_text(json.dumps(data))
    data["minefields"] = []
    (tmp_path / "without.json").write_text(json.dumps(data))
    german = shot(tmp_path, "german", str(tmp_path / "with.json"), "--side", "Germany")
    honest = shot(tmp_path, "honest", str(tmp_path / "without.json"), "--side", "Axis")
    teacher = shot(tmp_path, "teacher", str(tmp_path / "with.json"), "--teacher")
    assert german == honest  # "Germany" names its side, Axis
    assert german != teacher  # the teacher sees the British field on 91|92


def test_screenshot_for_a_side_of_a_hex_game_shows_that_sides_logsheet(tmp_path):
    german = shot(tmp_path, "german", "jutland-horns-reef", "--side", "German")
    british = shot(tmp_path, "british", "jutland-horns-reef", "--side", "British")
    assert german.width() == 900 and german != british


def test_the_cover_clears_what_the_last_side_was_told(qtbot):
    sc = scenario(phase="place", **HIDDEN)
    w = MainWindow(GameSession(sc, sc.new_game(2)))
    w.set_speed("off")
    qtbot.addWidget(w)
    w.show()
    w.say("Load 3 mines onto Escort 1")  # a secret the Germans were just told
    w.end_phase()  # → the United Kingdom
    assert w.cover.isVisible() and w.statusBar().currentMessage() == ""


def test_a_right_click_menu_tells_germany_nothing_of_the_british_field(qtbot):
    """Issue 12's menus are headed by the place's tip: for the seat at the screen only. The
    hidden scenario's British field on 91|92 (NL-07) stays unknown to Germany; the same
    right-click as the British names it."""
    from tests.qt_helpers import line_point, shown_window

    w = shown_window(qtbot, GameSession.open("northsea-1940-hidden", 3))
    assert w.session.view().actor == "Germany" and not w.cover.isVisible()
    click(qtbot, w, line_point(w, "91|92"), Qt.MouseButton.RightButton)
    actions = w.context_menu.actions()
    assert actions[0].text() == "Naval line 91|92"
    assert not any("mine" in a.text() + a.toolTip() for a in actions)
    w.context_menu.close()
    w.session.seat_override = "Allies"  # the British at the screen, as a check of the test
    w.refresh()
    click(qtbot, w, line_point(w, "91|92"), Qt.MouseButton.RightButton)
    assert "United Kingdom: 5 mines" in [a.text() for a in w.context_menu.actions()]
