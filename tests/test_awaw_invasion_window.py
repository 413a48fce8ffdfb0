"""An invasion with bombardment in the board window: the landing offered as a button, the
ground combat's result awaited from outside the rules, then the invader's losses ticked in
the window's pick list (AW-147, AW-155…AW-167)."""

from __future__ import annotations

import pytest

from mineboard.persistence.scenario import scenario_from_data
from mineboard.qt.session import GameSession
from mineboard.resources import maps_dir
from tests.qt_helpers import button, shown_window

pytestmark = pytest.mark.usefixtures("private_data_dir")

SCENARIO = {
    "mineboard_scenario": 1, "ruleset": "awaw-naval", "map": "awaw-demo-sea",
    "title": "invasion in the window", "nations": ["Britain", "Germany"], "side": "Allies",
    "phase": "combat", "beaches": ["2712"],
    "control": {"Britain": ["2312", "2008"], "Germany": ["3012"]},
    "ships": [{"id": "dd", "nation": "Britain", "type": "destroyer", "factors": 6,
               "base": "tarn"},
              {"id": "ca", "nation": "Britain", "type": "cruiser", "factors": 2,
               "base": "tarn", "tf": "t2"},
              {"id": "b", "nation": "Britain", "type": "destroyer", "factors": 9,
               "base": "tarn", "tf": "t2"}]}


def test_an_invasion_with_bombardment_lands_and_takes_its_losses_in_the_window(qtbot):
    sc = scenario_from_data(SCENARIO, "window test", maps_dir() / "scenarios")
    game = sc.new_game(1)
    parse = game.ruleset.codec.parse
    game.play(parse({"kind": "invade", "ships": ["dd"], "target": "2712",
                     "troops": [{"id": "a", "factors": 3, "began_at": "tarn"}]}))
    game.play(parse({"kind": "operate", "activity": "shore_bombardment", "ships": ["ca", "b"],
                     "target": "2712", "with_invasion": "op1"}))
    w = shown_window(qtbot, GameSession(sc, game))
    land = button(w, "Land invasion op1 at hex 2712")
    assert land.isEnabled()
    land.click()
    state = game.state
    assert state.awaiting is not None and state.awaiting.result == "invasion_combat"
    w.session.play(parse({"kind": "invasion_combat", "attacker_losses": 3}))
    w.session.play(parse({"kind": "accept_result"}))
    assert button(w, "Take 3 loss factors of invasion op1").isEnabled()
