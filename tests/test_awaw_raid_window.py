"""A raid in the board window (issue 29's window test for raiders): the Axis picks two ships
at Wilhelmshaven, the raid's button carries the Raider Table's odds (AW-178), the Allies
pass the interception, the raiders are sent on, and the defender's answers are offered as
buttons until the combat's result is awaited from outside the rules (AW-192)."""

from __future__ import annotations

import pytest

from mineboard.persistence.scenario import scenario_from_data
from mineboard.qt.session import GameSession
from mineboard.resources import maps_dir
from tests.qt_helpers import button, click, shown_window, stack_point

pytestmark = pytest.mark.usefixtures("private_data_dir")


def ship(ident: str, nation: str, kind: str, factors: int, base: str) -> dict:
    return {"id": ident, "nation": nation, "type": kind, "factors": factors, "base": base}


def raid_scenario():
    return scenario_from_data({
        "mineboard_scenario": 1, "ruleset": "awaw-naval", "map": "awaw-demo-raiders",
        "title": "A raid", "nations": ["Britain", "Germany", "USA"], "side": "Axis",
        "phase": "combat", "at_peace": [["Germany", "USA"]],
        "ships": [ship("bis", "Germany", "fast_battleship", 4, "wilhelmshaven"),
                  ship("pe", "Germany", "cruiser", 2, "wilhelmshaven"),
                  ship("ca", "Britain", "cruiser", 2, "gibraltar"),
                  ship("hood", "Britain", "battlecruiser", 3, "gibraltar"),
                  ship("dd", "Britain", "destroyer", 6, "gibraltar")],
        "control": {"Germany": ["0201"], "Britain": ["0408"]}},
        "raid window test", maps_dir() / "scenarios")


def test_aw178_a_raid_by_buttons_with_its_odds_up_to_the_combats_result(qtbot):
    sc = raid_scenario()
    w = shown_window(qtbot, GameSession(sc, sc.new_game(4)))
    game = w.session.game
    click(qtbot, w, stack_point(w, "wilhelmshaven", "Axis"))
    assert w.controller.chosen() == ["bis", "pe"]
    raid = button(w, "Raid the Atlantic SW box")
    assert raid.isEnabled()
    assert raid.toolTip().endswith("undetected 1/2 (50.0 %); engaged 1/2 (50.0 %)")
    raid.click()
    assert game.state.ledger.asked == "Allies"
    button(w, "Pass: no interception").click()
    button(w, "Send the raiders in the Atlantic SW box on").click()
    assert game.state.to_move == "Allies"
    button(w, "Oppose raider group 1 (Raider Table)").click()
    group = game.ruleset.summary(game.state)["raids"]["op1"]
    assert (group["rolls"], group["types"]) == ([5], [3, 1])  # 5 − 3 = 2 ship-type dice
    send = button(w, "Send 2 ship(s) against raider group 1")
    send.click()
    assert game.ruleset.summary(game.state)["raids"]["op1"]["engaged"] == ["hood", "dd"]
    assert game.state.awaiting is not None
    assert game.state.awaiting.result == "raid_combat_result"
