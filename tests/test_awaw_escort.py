"""awaw-naval sea escort (AW-205…AW-220, AW-233, AW-242): the catalogue's test ideas for
AW-209 and AW-214 with their exact numbers, the source's worked examples WE-09 (three chained
legs from the Atlantic U.S. box to the India box) and WE-10 (a 3-2 from Port Moresby), on the
arithmetic (escort.py) and played on the demo sea and the demo Pacific."""

from __future__ import annotations

from typing import Any

import pytest

from mineboard.core.errors import IllegalAction
from mineboard.core.game import Game
from mineboard.persistence.scenario import scenario_from_data
from mineboard.resources import maps_dir
from mineboard.rules.awaw_naval import escort
from mineboard.rules.awaw_naval.escort import DESTROYERS, TRANSPORTS, Cargo, Leg
from mineboard.rules.awaw_naval.sealift_data import Where
from tests.awaw_bases_helpers import game, ship, summary
from tests.conftest import play, refused

US_ATLANTIC = Where("atlantic-us", "us-atlantic", name="Atlantic U.S. box")
GIBRALTAR = Where("gibraltar", "", ("western", "mediterranean"), "", "europe", "Gibraltar")
SUEZ = Where("suez", "", ("mediterranean",), "", "europe", "Suez")
INDIA = Where("india", "india", name="India box")
PORTS = ["0501", "0612", "0801", "1201", "1601", "2401"]


def dd(ident: str, factors: int, base: str, **more: Any) -> dict[str, Any]:
    return ship(ident, factors, base, type_="destroyer", **more)


def g_of(ships: list[dict[str, Any]], **more: Any) -> Game[Any]:
    return game(ships, PORTS, phase="redeployment", **more)


def dd_leg(to: str, ships: list[str]) -> dict[str, Any]:
    return {"to": to, "by": "destroyers", "ships": ships}


def tp_leg(to: str, n: int) -> dict[str, Any]:
    return {"to": to, "by": "transports", "transports": n}


# ---- AW-208, AW-209 ---------------------------------------------------------------------------
def test_aw209_eleven_ground_factors_three_transports_or_eleven_destroyer_factors():
    cargo = Cargo("Britain", factors=11)
    assert escort.by_transports(cargo).transports == 3
    assert escort.by_destroyers(cargo).destroyers == 11


def test_aw209_twelve_brps_three_transports_and_no_destroyers():
    assert escort.by_transports(Cargo("Britain", brp=12)).transports == 3
    with pytest.raises(IllegalAction) as info:
        escort.by_destroyers(Cargo("Britain", brp=12))
    assert info.value.clause == "AW-209"


def test_aw209_two_western_allied_oil_counters_two_transports():
    assert escort.by_transports(Cargo("USA", oil=2)).transports == 2


def test_aw208_european_axis_oil_three_destroyer_factors_a_counter():
    assert escort.by_destroyers(Cargo("Italy", factors=2, oil=2)).destroyers == 8


def test_aw209_played_eleven_factors_from_the_box_two_transports_refused():
    g = g_of([])
    err = refused("AW-209", g, "sea_escort", nation="Britain", start="atlantic-us",
                  factors=11, legs=[tp_leg("orme", 2)])
    assert "need 3 transports, not 2" in err.reason
    play(g, "sea_escort", nation="Britain", start="atlantic-us", factors=11,
         legs=[tp_leg("orme", 3)])


def test_aw210_transports_may_not_escort_from_port_to_port():
    g = g_of([dd("dd", 3, "orme")])
    refused("AW-210", g, "sea_escort", nation="Britain", start="orme", factors=3,
            legs=[tp_leg("skarth", 1)])


def test_aw233_a_box_leg_must_use_transports():
    with pytest.raises(IllegalAction) as info:
        escort.plan(Cargo("Britain", 3), [Leg(US_ATLANTIC, GIBRALTAR, DESTROYERS, 3)])
    assert info.value.clause == "AW-233"


# ---- WE-09 / AW-211 -----------------------------------------------------------------------------
def test_aw211_we09_three_factor_unit_atlantic_transport_gibraltar_destroyers_indian_transport():
    plan = escort.plan(Cargo("Britain", 3), [
        Leg(US_ATLANTIC, GIBRALTAR, TRANSPORTS, transports=1),
        Leg(GIBRALTAR, SUEZ, DESTROYERS, destroyers=3, based_at="gibraltar"),
        Leg(SUEZ, INDIA, TRANSPORTS, transports=1)])
    per_leg = [(leg.by, need.destroyers, need.transports, mode.sw)
               for leg, need, mode in plan.legs]
    assert per_leg == [(TRANSPORTS, 0, 1, "sw-atlantic"), (DESTROYERS, 3, 0, ""),
                       (TRANSPORTS, 0, 1, "sw-indian")]
    assert plan.lines()[2] == "leg 2: Gibraltar → Suez by destroyers: 3 destroyer factors " \
                              "based at Gibraltar"


def test_aw211_we09_destroyers_not_based_at_gibraltar_are_refused():
    with pytest.raises(IllegalAction) as info:
        escort.plan(Cargo("Britain", 3), [
            Leg(US_ATLANTIC, GIBRALTAR, TRANSPORTS, transports=1),
            Leg(GIBRALTAR, SUEZ, DESTROYERS, destroyers=3, based_at="malta"),
            Leg(SUEZ, INDIA, TRANSPORTS, transports=1)])
    assert info.value.clause == "AW-211"


def test_aw211_we09_played_on_the_demo_sea():
    g = g_of([dd("gib", 3, "sundport")])
    record = play(g, "sea_escort", nation="Britain", start="atlantic-us", factors=3,
                  legs=[tp_leg("sundport", 1), dd_leg("canalmouth", ["gib"]),
                        tp_leg("south-africa", 1)])
    made = next(e for e in record.events if e.kind == "SeaEscortSet")
    assert (made.data["destroyers"], made.data["transports"]) == (3, 2)


# ---- AW-214 -------------------------------------------------------------------------------------
def test_aw214_embarking_at_a_partially_supplied_port_rejected():
    g = g_of([dd("dd", 3, "orme")], unsupplied=["0801"])
    refused("AW-214", g, "sea_escort", nation="Britain", start="orme", factors=3,
            legs=[dd_leg("skarth", ["dd"])])


def test_aw214_ground_units_onto_a_portless_invasion_bridgehead_rejected():
    g = game([dd("dd", 3, "skarth")], [*PORTS, "2609"], phase="redeployment")
    refused("AW-214", g, "sea_escort", nation="Britain", start="skarth", factors=3,
            legs=[dd_leg("2609", ["dd"])], bridgehead=True)


def test_aw214_oil_to_that_bridgehead_accepted():
    g = game([], [*PORTS, "2609"], phase="combat")
    play(g, "ship_by_sea", what="oil", nation="Britain", amount=1, start="skarth",
         to="2609", transports=1, bridgehead=True)
    assert summary(g)["sealift"]["cargo"]["ship1"]["to"] == "2609"


# ---- WE-10 / AW-212, AW-242, AW-219, AW-220 -----------------------------------------------------
def we10_game() -> Game[Any]:
    def usa(ident: str, factors: int, base: str) -> dict[str, Any]:
        return {"id": ident, "nation": "USA", "type": "destroyer", "factors": factors,
                "base": base}
    scenario = {"mineboard_scenario": 1, "ruleset": "awaw-naval", "map": "awaw-demo-pacific",
                "title": "WE-10", "nations": ["USA", "Japan"], "side": "Allies",
                "phase": "redeployment",
                "ships": [usa("d2", 2, "samarai"), usa("d1", 1, "samarai"),
                          usa("far", 3, "noumea"),
                          {"id": "jp", "nation": "Japan", "type": "cruiser", "factors": 4,
                           "base": "truk"}],
                "control": {"USA": ["1026", "1526", "0719", "0522", "3031"],
                            "Japan": ["1612", "1611"]}}
    return scenario_from_data(scenario, "WE-10", maps_dir() / "scenarios").new_game(1)


def escort_32(g: Game[Any], ships: list[str], **more: Any) -> Any:
    return play(g, "sea_escort", nation="USA", start="port-moresby", factors=3,
                legs=[dd_leg("manila", ships)], unit="3-2", **more)


def test_aw208_we10_the_3_2_needs_at_least_three_destroyer_factors():
    g = we10_game()
    err = refused("AW-208", g, "sea_escort", nation="USA", start="port-moresby", factors=3,
                  legs=[dd_leg("manila", ["d2"])])
    assert "need 3 destroyer factors, not 2" in err.reason


def test_aw212_we10_destroyers_beyond_ten_hexes_may_not_escort_this_turn():
    g = we10_game()
    err = refused("AW-212", g, "sea_escort", nation="USA", start="port-moresby", factors=3,
                  legs=[dd_leg("manila", ["far"])])
    assert "one port-touch interval (10 hexes, AW-242)" in err.reason


def test_aw242_we10_destroyers_that_nred_this_phase_escort_only_next_turn():
    g = we10_game()
    refused("AW-242", g, "sea_escort", nation="USA", start="port-moresby", factors=3,
            legs=[dd_leg("manila", ["d2", "d1"])], moved_by_nr=["d2"])


def _intercepted(g: Game[Any], sunk: str) -> Any:
    escort_32(g, ["d2", "d1"])
    play(g, "intercept", ships=["jp"], target="d2", hex="1023")
    result: dict[str, Any] = {"intercepted": True, "mover_beaten": True}
    if sunk:
        result["mover_sunk"] = sunk
    play(g, "interception_result", **result)
    play(g, "accept_result")
    return play(g, "end_phase")


def test_aw219_we10_japanese_win_the_3_2_returns_to_port_moresby():
    record = _intercepted(we10_game(), "")
    fate = next(e for e in record.events if e.kind.startswith("Cargo"))
    assert (fate.kind, fate.clause, fate.data["surviving_destroyers"]) == \
        ("CargoReturned", "AW-219", 3)
    assert fate.at is not None and fate.at.id == "port-moresby"


def test_aw220_we10_fewer_than_three_destroyer_factors_survive_the_3_2_is_eliminated():
    record = _intercepted(we10_game(), "d1")
    fate = next(e for e in record.events if e.kind.startswith("Cargo"))
    assert (fate.kind, fate.clause, fate.data["surviving_destroyers"]) == \
        ("CargoLost", "AW-220", 2)


def test_aw220_we10_lost_whoever_won():
    assert escort.fate(3, 2, beaten=False).clause == "AW-220"
    assert escort.fate(3, 3, beaten=True).clause == "AW-219"
    assert escort.kind_of(escort.fate(3, 3, beaten=False)) == escort.LANDED


def test_aw213_one_destination_an_escort():
    g = g_of([dd("dd", 3, "orme")])
    refused("AW-213", g, "sea_escort", nation="Britain", start="orme", factors=3,
            legs=[dd_leg("skarth", ["dd"])], unload_at=["fenmouth"])


def test_aw207_ground_units_are_escorted_in_the_redeployment_phase():
    g = game([dd("dd", 3, "orme")], PORTS, phase="combat")
    refused("AW-207", g, "sea_escort", nation="Britain", start="orme", factors=3,
            legs=[dd_leg("skarth", ["dd"])])


def test_aw219_beaten_before_loading_the_cargo_stays_and_is_not_lost():
    step = escort.fate(3, 0, beaten=True, loaded=False)
    assert step.clause == "AW-219" and "not yet loaded" in step.text


def test_aw220_an_escorting_transport_eliminated_loses_the_cargo():
    assert escort.fate(0, 0, beaten=False, transport_lost=True).clause == "AW-220"


def test_aw233_transports_escort_only_between_places_held_when_the_turn_began():
    g = g_of([])
    play(g, "set_control", hex="2801", power="Britain")
    err = refused("AW-233", g, "sea_escort", nation="Britain", start="atlantic-us", factors=3,
                  legs=[tp_leg("brennock", 1)])
    assert err.reason.endswith("and Brennock was not")
