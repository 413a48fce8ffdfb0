"""Issue 12, deliverable 3: a right-click opens a menu of what can be done there and never
moves anything by itself; a stack can be dragged where it goes; a picked stack opens to
show every unit, and a click on one ticks or unticks it; Undo and Save are on the toolbar."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAction

from mineboard.qt.mainwindow import MainWindow
from mineboard.qt.session import GameSession
from tests.conftest import scenario
from tests.qt_helpers import click, shown_window, stack_point, status, unit_point, zone_point

pytestmark = pytest.mark.usefixtures("private_data_dir")

RIGHT = Qt.MouseButton.RightButton


def window_of(qtbot, **changes) -> MainWindow:
    sc = scenario(**changes)
    return shown_window(qtbot, GameSession(sc, sc.new_game(3)), "off")


def entries(w: MainWindow) -> dict[str, QAction]:
    menu = w.context_menu
    assert menu is not None
    return {a.text(): a for a in menu.actions() if a.text()}


def german_zones(w: MainWindow) -> dict[str, str]:
    return {u.id: u.zone for u in w.session.view().units.values() if u.nation == "Germany"}


def test_two_right_clicks_on_a_zone_move_nothing_and_offer_the_move(qtbot):
    """The review: two right-clicks on a zone moved seven ships."""
    w = window_of(qtbot, phase="combat_move")
    before = german_zones(w)
    click(qtbot, w, stack_point(w, "113", "Germany"))
    click(qtbot, w, zone_point(w, "112"), RIGHT)
    click(qtbot, w, zone_point(w, "112"), RIGHT)
    assert german_zones(w) == before and len(w.session.game.records) == 0
    found = entries(w)
    assert list(found)[:2] == ["Sea zone 112 — Southern Bight",  # headed by what is there
                               "Controlled by Germany"]
    assert "Move to sea zone 112" in found
    found["Show the route and odds to sea zone 112"].trigger()
    assert w.controller.mode.planned is not None and german_zones(w) == before
    assert w.odds.canvas.preview is not None  # the odds are shown, nothing moved
    found["Move to sea zone 112"].trigger()
    moved = german_zones(w)
    assert sorted(u for u, z in moved.items() if z == "112") == sorted(
        u for u, z in before.items() if z == "113")


def test_right_click_on_your_stack_offers_to_pick_it_and_on_the_capital_to_buy(qtbot):
    w = window_of(qtbot)  # Germany, Purchase
    click(qtbot, w, w.view.mapFromScene(w.scene.capitals["DEU"].pos()), RIGHT)
    buy = entries(w)
    assert list(buy)[:2] == ["Germany — held by Germany",
                             "Berlin, capital; industrial capacity 10"]
    buy["Buy 3 naval mines — 3 IPC"].trigger()
    assert w.session.view().bought_this_turn["Germany"] == 3  # NL-01: bought by the menu
    click(qtbot, w, stack_point(w, "113", "Germany"), RIGHT)
    assert w.controller.mode.place is None  # a right-click picked nothing
    entries(w)["Pick Germany's units here"].trigger()
    assert w.controller.mode.place == "113"
    click(qtbot, w, stack_point(w, "113", "Germany"), RIGHT)
    assert "Drop the pick (Esc)" in entries(w)


def test_right_click_on_empty_map_cancels_the_pick(qtbot):
    w = window_of(qtbot, phase="combat_move")
    click(qtbot, w, stack_point(w, "113", "Germany"))
    assert w.controller.mode.place == "113"
    click(qtbot, w, QPoint(3, 3), RIGHT)  # the margin of the view: no place there
    assert w.controller.mode.place is None and status(w) == "Cancelled."


def test_a_picked_stack_opens_and_a_click_on_a_unit_unticks_it(qtbot):
    w = window_of(qtbot, phase="combat_move")
    click(qtbot, w, stack_point(w, "113", "Germany"))
    item = w.scene.stacks[("113", "Germany")]
    assert item.opened and len(item.units) == 7
    assert item.ticked == {u.id for u in item.units}  # all take part by default
    cruiser = next(u for u in item.units if u.art == "cruiser")
    click(qtbot, w, unit_point(w, item, cruiser.id))
    assert cruiser.id not in w.selection.chosen() and cruiser.id not in item.ticked
    assert len(w.selection.chosen()) == 6
    click(qtbot, w, unit_point(w, item, cruiser.id))
    assert cruiser.id in w.selection.chosen()
    w.cancel_interaction()
    assert not item.opened


def test_dragging_a_stack_plans_while_carried_and_moves_where_let_go(qtbot):
    w = window_of(qtbot, phase="combat_move")
    before = german_zones(w)
    viewport = w.view.viewport()
    start, end = stack_point(w, "113", "Germany"), zone_point(w, "112")
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(viewport, start + QPoint(12, 0))
    qtbot.mouseMove(viewport, end)
    assert w.scene.carried is not None  # the stack follows the mouse, not the map
    assert w.controller.mode.planned is not None  # the route and odds while carried
    assert w.odds.canvas.preview is not None and german_zones(w) == before
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=end)
    assert w.scene.carried is None
    assert {u for u, z in german_zones(w).items() if z == "112"} == {
        u for u, z in before.items() if z == "113"}


def test_a_stack_let_go_where_it_may_not_go_stays_and_says_why(qtbot):
    w = window_of(qtbot, phase="combat_move")
    before = german_zones(w)
    viewport = w.view.viewport()
    start = stack_point(w, "113", "Germany")
    far = zone_point(w, "98")  # beyond two moves
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(viewport, start + QPoint(12, 0))
    qtbot.mouseMove(viewport, far)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=far)
    assert german_zones(w) == before
    assert status(w) == ("Not allowed — TURN: Cruiser 1 can move 2 more sea zones, "
                         "not 5")
    item = w.scene.stacks[("113", "Germany")]
    assert item.pos() == w.scene.anchors["113"] and item.opened  # back, still picked


def test_a_drag_that_starts_on_the_sea_pans(qtbot):
    w = window_of(qtbot, phase="combat_move")
    w.view.zoom_by(3)
    viewport = w.view.viewport()
    bar = w.view.horizontalScrollBar().value()
    start = zone_point(w, "112")
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(viewport, start + QPoint(40, 0))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=start + QPoint(40, 0))
    assert w.view.horizontalScrollBar().value() != bar and w.scene.carried is None


def test_undo_and_save_are_on_the_toolbar(qtbot, tmp_path, monkeypatch):
    w = window_of(qtbot, phase="combat_move")
    bar = w.toolbar
    assert {bar.button_for(a).text() for a in (w.undo_action, w.save_action)} == {
        "Undo", "Save"}
    assert w.undo_action.toolTip() == "Undo (Ctrl+Z)"
    click(qtbot, w, w.view.mapFromScene(w.scene.capitals["DEU"].pos()))  # nothing to buy now
    w.controller.play(w.session.game.ruleset.end_phase(w.session.view()))
    assert len(w.session.game.records) == 1
    qtbot.mouseClick(bar.button_for(w.undo_action), Qt.MouseButton.LeftButton)
    assert len(w.session.game.records) == 0
    monkeypatch.setattr("mineboard.qt.window_files.QFileDialog.getSaveFileName",
                        lambda *a, **k: (str(tmp_path / "g.json"), ""))
    qtbot.mouseClick(bar.button_for(w.save_action), Qt.MouseButton.LeftButton)
    assert (tmp_path / "g.json").is_file()


def test_at_1024_pixels_end_phase_and_the_phase_show_and_the_track_gives_way(qtbot):
    """The review: at 1024 pixels the toolbar folded End phase into its '»' menu."""
    w = window_of(qtbot)
    w.resize(1024, 640)
    qtbot.wait(50)
    bar = w.toolbar
    assert w.end_button.isVisible()
    assert bar.rect().contains(w.end_button.geometry())
    assert not w.phase_label.elided()  # "Turn 1 · Germany · Purchase & Repair Units"
    assert w.track_label.elided() and w.track_label.toolTip() == w.track_label.text()


def drag(qtbot, w: MainWindow, start: QPoint, end: QPoint, release: bool = True) -> None:
    viewport = w.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(viewport, start + QPoint(12, 0))
    qtbot.mouseMove(viewport, end)
    if release:
        qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=end)


def test_a_stack_let_go_off_the_map_goes_back(qtbot):
    """A review: letting go over the toolbar moved seven ships to a zone under the mouse's
    line of sight but out of view."""
    w = window_of(qtbot, phase="combat_move")
    before = german_zones(w)
    w.view.zoom_by(5)
    w.view.centerOn(w.scene.anchors["113"])
    drag(qtbot, w, stack_point(w, "113", "Germany"), QPoint(200, -20))
    assert german_zones(w) == before and w.scene.carried is None


def test_other_buttons_while_carrying_do_nothing_and_a_lost_release_puts_it_back(qtbot):
    """A review: a right-press mid-drag opened a menu that took the release; the stack then
    followed the mouse with no button held, and the next click moved it."""
    w = window_of(qtbot, phase="combat_move")
    before = german_zones(w)
    viewport = w.view.viewport()
    drag(qtbot, w, stack_point(w, "113", "Germany"), zone_point(w, "112"), release=False)
    qtbot.mousePress(viewport, Qt.MouseButton.RightButton, pos=zone_point(w, "112"))
    qtbot.mouseRelease(viewport, Qt.MouseButton.RightButton, pos=zone_point(w, "112"))
    assert w.context_menu is None and w.scene.carried is not None  # still carried
    # the left button came up elsewhere: the next move finds it up, and the stack goes back
    from PySide6.QtGui import QMouseEvent
    from PySide6.QtWidgets import QApplication

    point = zone_point(w, "112")
    QApplication.sendEvent(viewport, QMouseEvent(
        QMouseEvent.Type.MouseMove, point, viewport.mapToGlobal(point),
        Qt.MouseButton.NoButton, Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier))
    assert w.scene.carried is None and german_zones(w) == before
    click(qtbot, w, zone_point(w, "112"))  # and a later click does not move it either
    assert german_zones(w) == before


def test_nl07_letting_go_on_a_zones_border_moves_into_the_zone_never_lays(qtbot):
    """A review: a drop on line 112|113 laid the loaded Escort's mines."""
    from PySide6.QtCore import QPointF

    w = window_of(qtbot, phase="noncombat_move")
    click(qtbot, w, stack_point(w, "113", "Germany"))
    w.selection.tick_only("ger-escort-1")
    from tests.qt_helpers import button

    qtbot.mouseClick(button(w, "Load 3 mines onto Escort 1"), Qt.MouseButton.LeftButton)
    w.selection.tick_only("ger-escort-1")
    middle, inside = w.scene.line_midpoint("112|113"), w.scene.anchors["112"]
    near = middle + (inside - middle) * (w.scene._find.grab * 0.5 / (
        (inside - middle).manhattanLength() or 1))
    end = w.view.mapFromScene(near)
    assert w.view.hit_at(QPointF(end)).at.id == "112|113"  # a click there means the line
    drag(qtbot, w, stack_point(w, "113", "Germany"), end)
    view = w.session.view()
    assert view.units["ger-escort-1"].zone == "112" and not view.fields_on("112|113")


def test_the_frame_of_an_opened_stack_lets_clicks_through(qtbot):
    """A review: an opened stack hid its zone's lines and its neighbours from clicks."""
    from PySide6.QtCore import QPointF

    from mineboard.qt.maps.items import open_cell

    w = window_of(qtbot, phase="combat_move")
    click(qtbot, w, stack_point(w, "113", "Germany"))
    item = w.scene.stacks[("113", "Germany")]
    first, second = open_cell(0, 7), open_cell(1, 7)
    gap = QPointF((first.right() + second.left()) / 2, first.center().y())
    hit = w.view.hit_at(QPointF(w.view.mapFromScene(item.mapToScene(gap))))
    assert hit is None or hit.owner is None  # the map beneath, not the stack


def test_right_click_menus_are_not_kept_once_closed(qtbot):
    """A review: every right-click left a menu behind (7 → 37 after 30)."""
    from PySide6.QtCore import QCoreApplication, QEvent
    from PySide6.QtWidgets import QMenu

    w = window_of(qtbot, phase="combat_move")
    before = len(w.findChildren(QMenu))
    for _ in range(10):
        click(qtbot, w, zone_point(w, "112"), RIGHT)
        w.context_menu.close()
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert len(w.findChildren(QMenu)) == before
