"""awaw-naval displacement (AW-53…AW-62): the enemy takes a port (``set_control``), its
ships sail to the nearest port of their side with room, the owner choosing where the rules
leave a choice — exact bases after scripted play on the demo sea.

Distances by water from the demo sea's ports (movement's): from Fenmouth, Skarth 4, Orme 8,
Sundport 9, Marrow 11, Westhaven 12, Calder 13, Brennock 16, the Atlantic U.S. box 16
(12 + its 4),
Velay 18; from Orme, Skarth and Westhaven 4; from Sundport, Marrow 6, Calder 10; from
Eastwick, Orme 40 and Westhaven 44."""

from __future__ import annotations

from typing import Any

from mineboard.persistence.scenario import scenario_from_data
from mineboard.resources import maps_dir
from mineboard.rules.awaw_naval import bases
from tests.awaw_bases_helpers import base_of, game, load, ship, summary
from tests.conftest import play, refused

FULL = [ship("sf", 50, "sundport"), ship("cf", 50, "canalmouth")]
"""Sundport and Canalmouth full: the two-front ports the straits' and canal's holders own
take no displaced ships."""


def take(g: Any, hex_id: str) -> Any:
    return play(g, "set_control", hex=hex_id, power="Germany")


def test_aw53_past_a_full_port_to_an_unsupplied_one_with_room():
    ships = [ship("f", 9, "fenmouth"), ship("full", 50, "skarth")]
    g = game(ships, ["1601", "1201", "2008"], unsupplied=["2008"])
    record = take(g, "1601")
    moved = [e for e in record.events if e.clause == "AW-53"]
    assert len(moved) == 1 and moved[0].data == {
        "ships": ["f"], "from": "fenmouth", "to": "sundport", "hexes": 9, "factors": 9,
        "interceptable": True}
    air = [e for e in record.events if e.kind == "AirAttackOpportunity"]
    assert [(e.clause, len(e.data["hexes"]), e.data["hexes"][-1]) for e in air] == [
        ("AW-61", 9, "2008")]
    assert base_of(g, "f") == "sundport" and load(g, "sundport") == 9
    assert summary(g)["ships"]["f"]["inverted"] is True  # AW-62


def test_aw54_two_ports_equally_near_the_owner_picks():
    g = game([ship("o", 9, "orme")], ["0801", "0501", "1201"])
    take(g, "0801")
    assert summary(g)["asked"] == {"side": "Allies", "kind": "choose_port",
                                   "clause": "AW-54"}
    refused("AW-54", g, "choose_port", port="fenmouth")
    refused("AW-54", g, "base_change", ships=["o"], to="skarth")
    play(g, "choose_port", port="westhaven")
    assert base_of(g, "o") == "westhaven" and summary(g)["asked"] is None


def test_aw55_twelve_to_the_nearest_eighteen_to_the_next_whole_ships():
    ships = [ship(f"d{i}", 3, "fenmouth", type_="destroyer") for i in range(10)] + [
        ship("s", 38, "skarth")]
    g = game(ships, ["1601", "1201", "0801"])
    take(g, "1601")
    assert summary(g)["asked"] == {"side": "Allies", "kind": "choose_ships",
                                   "clause": "AW-55"}
    refused("AW-55", g, "choose_ships", ships=["d0", "d1", "d2"])  # 9: d3 still fits
    refused("AW-55", g, "choose_ships", ships=["d0", "d1", "d2", "d3", "d4"])  # 15 > 12
    refused("AW-55", g, "choose_ships", ships=["d0", "s"])
    play(g, "choose_ships", ships=["d0", "d1", "d2", "d3"])
    assert load(g, "skarth") == 50
    assert [base_of(g, f"d{i}") for i in range(10)] == ["skarth"] * 4 + ["orme"] * 6
    assert load(g, "orme") == 18 and summary(g)["asked"] is None


def test_aw56_from_a_two_front_port_the_front_first():
    g = game([ship("s", 9, "sundport")], ["2008", "1512", "2401"])
    take(g, "2008")
    assert summary(g)["asked"]["kind"] == "choose_front"
    refused("AW-56", g, "choose_front", front="eastern")
    play(g, "choose_front", front="mediterranean")
    assert base_of(g, "s") == "calder"  # 10 hexes, though Marrow (western) is 6
    g = game([ship("s", 9, "sundport")], ["2008", "1512", "2401"])
    take(g, "2008")
    play(g, "choose_front", front="western")
    assert base_of(g, "s") == "marrow"


def test_aw57_no_port_within_forty_eliminated_forty_reached():
    g = game([ship("e", 9, "eastwick"), *FULL], ["4601", "0501"])
    record = take(g, "4601")
    assert [e.clause for e in record.events if e.kind == "UnitLost"] == ["AW-57"]
    assert summary(g)["ships"]["e"]["eliminated"] is True
    g = game([ship("e", 9, "eastwick"), *FULL], ["4601", "0801"])
    take(g, "4601")
    assert base_of(g, "e") == "orme"


def test_aw59_sunk_and_row_three_eliminated_damaged_and_row_two_displaced():
    ships = [ship("sunk", 3, "orme", row="sunk_in_port"), ship("r3", 3, "orme", row="3+"),
             ship("dmg", 3, "orme", damaged=True), ship("r2", 3, "orme", row="2"),
             ship("lau", 3, "orme", row="launch")]
    g = game(ships, ["0801", "1201"])
    record = take(g, "0801")
    assert [(e.data.get("unit") or e.unit, e.clause) for e in record.events
            if e.kind == "UnitLost"] == [("sunk", "AW-59"), ("r3", "AW-59")]
    assert [base_of(g, s) for s in ("dmg", "r2", "lau")] == ["skarth"] * 3


def test_aw60_the_box_at_16_beats_a_port_at_18_ties_a_port_at_16():
    g = game([ship("f", 9, "fenmouth"), *FULL], ["1601", "3012"])
    take(g, "1601")
    assert base_of(g, "f") == "atlantic-us"
    g = game([ship("f", 9, "fenmouth"), *FULL], ["1601", "3012", "2801"])
    take(g, "1601")  # Brennock 16 hexes, the box 12 + 4
    assert summary(g)["asked"]["kind"] == "choose_port"
    play(g, "choose_port", port="brennock")
    assert base_of(g, "f") == "brennock"
    g = game([ship("f", 9, "fenmouth"), *FULL], ["1601", "3012", "2401"])
    take(g, "1601")
    assert base_of(g, "f") == "calder"  # 13 hexes


def test_aw60_never_into_the_south_africa_box():
    g = game([ship("k", 9, "kessel"), *FULL], ["4412"])
    take(g, "4412")  # South Africa 10 hexes off; the U.S. box too far
    assert summary(g)["ships"]["k"]["eliminated"] is True


def test_aw53_ships_of_the_taker_stay_and_neutral_control_displaces_nobody():
    g = game([ship("o", 9, "orme")], ["0801", "1201"])
    play(g, "set_control", hex="0801", power="neutral")
    assert base_of(g, "o") == "orme"


def test_aw54_in_the_enemys_turn_the_owner_is_to_move_until_he_chooses():
    g = game([ship("o", 9, "orme")], ["0801", "0501", "1201"], side="Axis", phase="combat")
    assert g.state.to_move == "Axis"
    take(g, "0801")
    assert g.state.to_move == "Allies"
    assert g.state.phase_label.startswith("Allies chooses which port the ships displaced "
                                          "from Orme go to")
    refused("AW-54", g, "end_phase")
    play(g, "choose_port", port="skarth")
    assert g.state.to_move == "Axis" and base_of(g, "o") == "skarth"


def test_aw55_legal_actions_offer_a_filling_of_whole_ships():
    ships = [ship(f"d{i}", 3, "fenmouth", type_="destroyer") for i in range(10)] + [
        ship("s", 38, "skarth")]
    g = game(ships, ["1601", "1201", "0801"])
    take(g, "1601")
    bases_kinds = {a.kind for a in bases.PART.actions}
    assert [a.to_json() for a in g.ruleset.legal_actions(g.state)
            if a.kind in bases_kinds] == [
        {"kind": "choose_ships", "ships": ["d0", "d1", "d2", "d3"]}]


def pacific_game(japanese: list[str]) -> Any:
    data = {"mineboard_scenario": 1, "ruleset": "awaw-naval", "map": "awaw-demo-pacific",
            "title": "AW-57 Pacific", "nations": ["USA", "Japan"], "side": "Allies",
            "ships": [ship("k", 9, "kure", nation="Japan")],
            "control": {"Japan": japanese}}
    return scenario_from_data(data, "pacific test", maps_dir() / "scenarios").new_game(1)


def test_aw57_pacific_twenty_reached_twenty_one_eliminated():
    g = pacific_game(["0417", "2414"])  # Kure; Marcus 20 hexes off
    play(g, "set_control", hex="0417", power="USA")
    assert base_of(g, "k") == "marcus"
    g = pacific_game(["0417", "2514"])  # Kure; Lisianski 21 hexes off
    record = play(g, "set_control", hex="0417", power="USA")
    assert [e.clause for e in record.events if e.kind == "UnitLost"] == ["AW-57"]
    assert summary(g)["ships"]["k"]["eliminated"] is True


def test_invariant_no_ship_left_in_an_enemy_port_after_displacement():
    g = game([ship("o", 9, "orme")], ["1201"], ["0801"])  # a scenario that breaks it
    assert g.ruleset.invariants(g.state) == ["o: based at orme, which Germany holds"]
    g = game([ship("o", 9, "orme")], ["0801", "0501", "1201"])
    take(g, "0801")  # the choice pending: the ship waits at Orme, as the rules say
    assert g.ruleset.invariants(g.state) == []
    play(g, "choose_port", port="skarth")
    assert g.ruleset.invariants(g.state) == []


def test_aw53_ships_at_sea_are_not_displaced_with_their_port():
    g = game([ship("p", 5, "orme"), ship("q", 5, "orme")], ["0801", "1201"])
    play(g, "operate", activity="patrol", ships=["p"], target="1004")
    take(g, "0801")
    assert base_of(g, "q") == "skarth" and g.state.ships["q"].inverted
    assert base_of(g, "p") == "orme" and "p" in g.state.ledger.at_sea()
    assert g.ruleset.invariants(g.state) == []
