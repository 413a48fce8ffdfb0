"""awaw-naval standing orders in the window (standing_orders.commands, AW-79): asked about
a base change, the Axis right-clicks a port of its own with no ships picked and the menu
offers "ask me within N hexes of" it (the place's commands, as every ruleset's); the dock's
buttons offer "never intercept" and, once orders are set, "none"; with "never" set, the
next base change passes at once."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from mineboard.core.batch import Batch
from mineboard.persistence.scenario import load_scenario
from mineboard.qt.session import GameSession
from mineboard.resources import maps_dir
from mineboard.rules.awaw_naval import planning
from tests.qt_helpers import button, click, shown_window, zone_point

pytestmark = pytest.mark.usefixtures("private_data_dir")


def test_aw79_the_side_asked_sets_its_standing_orders_from_a_port_and_the_dock(qtbot):
    sc = load_scenario(maps_dir() / "scenarios" / "awaw-narrow-seas.json")
    game = sc.new_game(1)
    game.play(Batch((planning.base_change(("HF1",), "orme"),)))
    w = shown_window(qtbot, GameSession(sc, game))
    assert game.state.to_move == "Axis"
    assert [b for b in w.controls.buttons if b.startswith("Standing")] == [
        "Standing orders: never intercept"]
    w.view.zoom_by(2.5)
    w.view.centerOn(w.scene.anchors["harla"])
    click(qtbot, w, zone_point(w, "harla"), Qt.MouseButton.RightButton)
    menu = w.context_menu
    assert menu is not None
    offered = {a.text(): a for a in menu.actions() if a.text().startswith("Standing orders")}
    assert list(offered) == [
        "Standing orders: ask me to intercept within 2 hexes of Harla",
        "Standing orders: ask me to intercept within 5 hexes of Harla",
        "Standing orders: ask me to intercept within 10 hexes of Harla",
        "Standing orders: never intercept"]
    offered["Standing orders: ask me to intercept within 5 hexes of Harla"].trigger()
    (order,) = game.state.orders["Axis"]
    assert (order.trigger.places, order.trigger.radius, order.answer) == (("harla",), 5, "ask")
    assert "Standing orders: none (ask me at every chance)" in w.controls.buttons
    button(w, "Standing orders: never intercept").click()
    assert game.state.orders["Axis"][0].trigger.when == "never"
    assert game.state.to_move == "Axis"  # asked still: this time it answers itself
    button(w, "Pass: no interception").click()
    assert not [b for b in w.controls.buttons if b.startswith("Standing")]  # the Allies'
    game.play(Batch((planning.base_change(("HF2",), "orme"),)))
    assert game.state.to_move == "Allies" and game.state.ledger.asked is None
    assert game.records[-1].events[-1].kind == "ReactionPassed"
