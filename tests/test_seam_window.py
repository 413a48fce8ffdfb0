"""The issue 26 "Shows" ruleset (tests/seam_ruleset) played in the window by clicks, the
whole story at one screen: the two joined boards drawn, Red's squad stopped mid-way by a
hidden field after Blue's standing order fired, a field laid where Blue may not know, the
boat's route through the Deep under the pointer (its length, and where it stops being
legal), the crossing's result entered by Red in its form and accepted by Blue at the
hot-seat cover."""

from __future__ import annotations

from typing import Any

import pytest

from mineboard.core.table import Table
from mineboard.qt.outside_results import AcceptPrompt, ResultForm
from mineboard.qt.session import GameSession
from tests.qt_helpers import (
    button,
    click,
    hover,
    log_lines,
    shown_window,
    stack_point,
    status,
    zone_point,
)
from tests.seam_ruleset import seam_scenario
from tests.seam_ruleset.ruleset import route

pytestmark = pytest.mark.usefixtures("seam", "private_data_dir")

SHOTS = "/tmp/seam-window"


def lift(w: Any, side: str) -> None:
    assert w.covered and w.cover.text == f"Pass to {side}"
    w.cover.button.click()


def dialog(qtbot: Any, w: Any, kind: type) -> Any:
    qtbot.waitUntil(lambda: isinstance(w.outside.dialog, kind), timeout=3000)
    return w.outside.dialog


def test_the_whole_show_played_by_clicks(qtbot):
    path = route(seam_scenario().board, "squad", "1A3", "1F3").places  # as the pointer finds it
    blue = {"name": "Blue", "minefields": [path[3]], "orders": [
        {"reaction": "snap_shot", "trigger": {"when": "entering", "places": [path[2]]}}]}
    sc = seam_scenario(sides=[{"name": "Red"}, blue])
    # Blue's order on the second hex snap-shoots and misses (1); its field on the third
    # rolls 2: stopped
    w = shown_window(qtbot, GameSession(sc, sc.new_game(5, Table(dice_script=(1, 2)))))
    game = w.session.game
    # ---- two joined boards, their seam, the painted copse and bays, the Deep
    board = w.session.scenario.board
    assert {"1A1", "1G3", "2E5", "DEEP"} <= set(w.scene.anchors)
    assert board.places["1C1"].props["terrain"] == "woods"
    costs = w.scene.link_costs  # the Deep's links say their own length on the map
    assert {k: (v.text(), v.toolTip()) for k, v in costs.items()} == {
        "2E1|DEEP": ("2", "the Deep ↔ hex 2E1: 2 to cross"),
        "2E5|DEEP": ("3", "the Deep ↔ hex 2E5: 3 to cross")}
    w.grab().save(f"{SHOTS}-0-boards.png")

    # ---- SR-1, SR-2, SR-3: R1 across the field, Blue's order fires, the field stops it
    click(qtbot, w, stack_point(w, "1A3", "Red"))
    hover(w, "1F3")
    assert status(w) == "To hex 1F3: 5 MP (of 8)"
    click(qtbot, w, zone_point(w, "1F3"))
    click(qtbot, w, zone_point(w, "1F3"))  # again: it sets out
    assert game.state.move.path == path
    for place in path[1:4]:
        click(qtbot, w, zone_point(w, place))
    first, second, third = (board.ref(p) for p in path[1:4])
    assert log_lines(w)[-8:] == [
        f"SR-1: R1 enters {first}",
        f"SR-1: R1 enters {second}",
        f"SR-4: Blue snap-shoots at R1 at {second}: rolled 1",
        "SR-4: Blue's snap-shot misses R1",
        f"SR-1: R1 enters {third}",
        f"SR-3: Blue's minefield at {third} shows itself",
        f"SR-3: minefield attack at {third}: rolled 2",
        f"SR-3: the minefield at {third} stops R1 (rolled 2)"]
    assert w.selection.todo.text() == (f"Stopped: the minefield at {third} stops R1 (rolled "
                                       "2) (SR-3). End the move.")
    w.grab().save(f"{SHOTS}-1-stopped.png")
    button(w, "End the move here").click()
    assert game.state.move is None and game.state.units["R1"].place == path[3]

    # ---- SR-7: R2 lays a field where it stands; Blue will learn only that one was laid
    click(qtbot, w, stack_point(w, "1A1", "Red"))
    button(w, "Lay a hidden field").click()
    assert log_lines(w)[-1] == "SR-7: Red lays a hidden minefield at hex 1A1"
    assert game.observe("Blue").view.unplaced == {"Red": 1}

    # ---- SR-6: the boat's route through the Deep under the pointer
    click(qtbot, w, stack_point(w, "2E1", "Red"))
    hover(w, "2D5")
    assert status(w) == "To hex 2D5: 6 hexes (of 6)"
    assert w.controller.mode.readout.report.places == ("2E1", "DEEP", "2E5", "2D5")
    hover(w, "2C5")
    assert status(w) == ("To hex 2C5: 7 hexes (of 6) · stops at hex 2C5 — SR-6: hex 2C5 is "
                         "7 hexes away; at most 6 may be spent")
    w.grab().save(f"{SHOTS}-2-route.png")
    click(qtbot, w, zone_point(w, "2C5"))
    click(qtbot, w, zone_point(w, "2C5"))  # set out there anyway: refused where it stops
    assert status(w) == "Not allowed — SR-6: hex 2C5 is 7 hexes away; at most 6 may be spent"
    assert game.state.move is None
    hover(w, "2D5")
    click(qtbot, w, zone_point(w, "2D5"))
    click(qtbot, w, zone_point(w, "2D5"))
    assert game.state.move.path == ("2E1", "DEEP", "2E5", "2D5")

    # ---- SR-8: into the Deep: Red enters the crossing's result, Blue accepts at the cover
    click(qtbot, w, zone_point(w, "DEEP"))
    form = dialog(qtbot, w, ResultForm)
    form.grab().save(f"{SHOTS}-3-form.png")
    fate = form.editors["fate"]
    assert [fate.itemText(i) for i in range(fate.count())] == ["through", "held"]
    fate.setCurrentText("through")
    form.enter.click()
    qtbot.wait(10)
    lift(w, "Blue")
    prompt = dialog(qtbot, w, AcceptPrompt)
    assert w.selection.holdings.text() == (  # Red's field: that it was laid, not where
        "Blue: 2 snap-shot rounds · 1 standing order · 1 field to lay; Red has 1 field laid "
        "where you cannot see")
    prompt.grab().save(f"{SHOTS}-4-accept.png")
    prompt.accept_button.click()
    lift(w, "Red")
    assert log_lines(w)[-3:] == [
        "SR-8: Red enters the result of S1's crossing of the Deep: Fate: through",
        "SR-8: Blue accepts the result of S1's crossing of the Deep: Fate: through",
        "SR-8: the weather lets S1 through the Deep"]
    click(qtbot, w, zone_point(w, "2E5"))
    click(qtbot, w, zone_point(w, "2D5"))
    assert log_lines(w)[-1] == "SR-1: S1 ends its move at hex 2D5 after 3 of 3 steps"
    assert game.state.units["S1"].place == "2D5"
    w.grab().save(f"{SHOTS}-5-end.png")
    todo = w.selection.todo  # four lines of what to do, none cut off by the dock
    assert todo.height() >= todo.heightForWidth(todo.width()) > 3 * todo.fontMetrics().height()
    assert [r.action.kind for r in game.records] == [
        "plan_move", "step", "step", "step", "end_move", "lay_field", "plan_move", "step",
        "crossing_result", "accept_result", "step", "step"]
