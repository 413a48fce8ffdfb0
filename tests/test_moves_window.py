"""A move in progress and a reaction in the window (issue 26, items 3 and 4): the route drawn
(walked, still planned, where it stopped), the log saying where and why, the phase track
naming the next steps, and a side asked live behind the hot-seat cover. On the seam test
ruleset (tests/seam_ruleset)."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QPointF, Qt

from mineboard.core.table import Table
from mineboard.qt.move_route import show_move
from mineboard.qt.plugin import move_track, track
from mineboard.qt.session import GameSession
from tests.conftest import play
from tests.qt_helpers import (
    button,
    click,
    log_lines,
    shown_window,
    stack_point,
    uncover,
    zone_point,
)
from tests.seam_ruleset import seam_scenario

pytestmark = pytest.mark.usefixtures("seam", "private_data_dir")

ROW = ["1A3", "1B3", "1C3", "1D3", "1E3", "1F3"]


def window(qtbot: Any, dice: tuple[int, ...]) -> Any:
    sc = seam_scenario()
    return shown_window(qtbot, GameSession(sc, sc.new_game(5, Table(dice_script=dice))))


def points(path: Any) -> list[tuple[float, float]]:
    return [(round(path.elementAt(i).x, 1), round(path.elementAt(i).y, 1))
            for i in range(path.elementCount())]


def anchors(w: Any, places: list[str]) -> list[tuple[float, float]]:
    return [(round(w.scene.anchors[p].x(), 1), round(w.scene.anchors[p].y(), 1))
            for p in places]


def test_a_move_clicked_step_by_step_is_stopped_by_a_field_and_shown(qtbot):
    path = ["1A3", "1B3", "1C4", "1D4", "1E4", "1F3"]  # the pointer's route
    blue = {"name": "Blue", "minefields": [path[3]], "orders": [
        {"reaction": "snap_shot", "trigger": {"when": "entering", "places": [path[2]]}}]}
    sc = seam_scenario(sides=[{"name": "Red"}, blue])
    # the snap-shot at 1C4 misses; the field at 1D4 rolls 2
    w = shown_window(qtbot, GameSession(sc, sc.new_game(5, Table(dice_script=(1, 2)))))
    game = w.session.game
    click(qtbot, w, stack_point(w, "1A3", "Red"))
    click(qtbot, w, zone_point(w, "1F3"))
    assert points(w.scene.path_item.path()) == anchors(w, path)  # planned, not yet made
    assert game.records == []
    click(qtbot, w, zone_point(w, "1F3"))  # again: it sets out
    assert game.state.move.path == tuple(path) and game.state.units["R1"].place == "1A3"
    route = show_move(w.scene, w.session.view())
    assert points(route.rest.path()) == anchors(w, path)
    assert w.track_label.text().startswith("then step to hex 1B3 (5 steps left)")
    assert w.selection.todo.text() == ("R1 moving: click hex 1B3 (lit) to step on, or End "
                                       "the move here.")
    for place in path[1:4]:
        click(qtbot, w, zone_point(w, place))  # the lit next hex: one step each
    assert [r.action.kind for r in game.records] == ["plan_move", "step", "step", "step"]
    assert game.state.move.stopped.clause == "SR-3"
    assert points(route.done.path()) == anchors(w, path[:4])
    assert points(route.rest.path()) == anchors(w, path[3:])
    ring = route.stop.path().boundingRect().center()
    assert (round(ring.x(), 1), round(ring.y(), 1)) == anchors(w, ["1D4"])[0]
    assert route.label is not None and route.label.text == "stopped: SR-3"
    assert route.label.toolTip() == "the minefield at hex 1D4 stops R1 (rolled 2)"
    assert log_lines(w)[-1] == "SR-3: the minefield at hex 1D4 stops R1 (rolled 2)"
    assert w.track_label.text().startswith("then end the move (stopped: SR-3) ▸ Blue")
    assert w.selection.todo.text() == ("Stopped: the minefield at hex 1D4 stops R1 (rolled "
                                       "2) (SR-3). End the move.")
    click(qtbot, w, zone_point(w, "1E4"))  # no step from a stopped move
    assert len(game.records) == 4
    qtbot.mouseClick(button(w, "End the move here"), Qt.MouseButton.LeftButton)
    assert game.state.move is None
    assert route.done.path().isEmpty() and route.rest.path().isEmpty()
    assert route.stop.path().isEmpty() and route.label is None


def test_a_reaction_asked_live_comes_up_behind_the_cover(qtbot):
    w = window(qtbot, dice=(1, 5, 4))  # a miss at 1C3, through the field, then to ground
    game = w.session.game
    play(game, "plan_move", units=["R1"], path=ROW)
    w.session.changed.emit()
    for place in ROW[1:5]:
        click(qtbot, w, zone_point(w, place))
    assert game.state.ask is not None and game.state.to_move == "Blue"
    assert w.cover.isVisible() and w.cover.text == "Pass to Blue"
    assert not w.controls.isVisibleTo(w)  # nothing works under the cover
    uncover(qtbot, w)
    assert w.phase_label.text() == "Turn 1 · Blue · Reaction to Red's move"
    assert w.track_label.text().startswith(
        "then Blue may snap-shoot at hex 1E3 or pass ▸ Red: the move goes on to hex 1F3")
    assert sorted(w.controls.buttons) == ["Pass", "Snap-shoot at hex 1E3"]
    assert w.selection.todo.text() == ("R1 entered hex 1E3: snap-shoot at hex 1E3 or pass, "
                                       "with the buttons below.")
    assert w.selection.holdings.text() == ("Blue: 2 snap-shot rounds · 2 standing orders · "
                                           "1 field to lay")
    assert log_lines(w)[-1] == "SR-5: Blue may snap-shoot at hex 1E3 or pass"
    qtbot.mouseClick(button(w, "Pass"), Qt.MouseButton.LeftButton)
    assert w.cover.isVisible() and w.cover.text == "Pass to Red"
    uncover(qtbot, w)
    click(qtbot, w, zone_point(w, "1F3"))  # within one of 1F3 again: Blue is asked
    assert w.cover.text == "Pass to Blue"
    uncover(qtbot, w)
    qtbot.mouseClick(button(w, "Snap-shoot"), Qt.MouseButton.LeftButton)
    assert game.state.move.stopped.resumable
    assert log_lines(w)[-1] == ("SR-4: Blue's snap-shot sends R1 to ground at hex 1F3; they "
                                "may press on")
    uncover(qtbot, w)
    route = show_move(w.scene, w.session.view())
    assert route.label is not None and route.label.text == "stopped: SR-4"
    assert w.track_label.text().startswith("then press on or end the move (stopped: SR-4)")


def test_the_track_without_a_move_is_the_order_of_play():
    g = seam_scenario().new_game(1)
    assert move_track(g.state) == []
    assert track(g.state) == ["Blue: Movement", "turn 2 · Movement"]
    play(g, "plan_move", units=["R1"], path=ROW[:2])
    assert track(g.state) == ["step to hex 1B3", "Blue: Movement", "turn 2 · Movement"]


def test_the_stop_mark_sits_on_the_place_whatever_the_zoom(qtbot):
    w = window(qtbot, dice=(1, 1))
    play(w.session.game, "plan_move", units=["R1"], path=ROW)
    for _ in range(3):
        play(w.session.game, "step")
    w.session.changed.emit()
    w.view.scale(2.0, 2.0)
    route = show_move(w.scene, w.session.view())
    centre = route.stop.path().boundingRect().center()
    assert QPointF(centre) == w.scene.anchors["1D3"]


def test_undo_in_the_window_takes_a_move_back_one_step_at_a_time(qtbot):
    sc = seam_scenario(sides=[{"name": "Red"}, {"name": "Blue"}])
    w = shown_window(qtbot, GameSession(sc, sc.new_game(5)))
    game = w.session.game
    click(qtbot, w, stack_point(w, "1A3", "Red"))
    click(qtbot, w, zone_point(w, "1C3"))
    click(qtbot, w, zone_point(w, "1C3"))
    path = list(game.state.move.path)
    click(qtbot, w, zone_point(w, path[1]))
    route = show_move(w.scene, w.session.view())
    assert points(route.done.path()) == anchors(w, path[:2])
    w.undo_action.trigger()
    assert game.state.move.done == 0 and game.state.units["R1"].place == "1A3"
    assert route.done.path().isEmpty() and points(route.rest.path()) == anchors(w, path)
    w.undo_action.trigger()
    assert game.state.move is None and route.rest.path().isEmpty()
    w.redo_action.trigger()
    w.redo_action.trigger()
    assert game.state.move.done == 1 and points(route.done.path()) == anchors(w, path[:2])
