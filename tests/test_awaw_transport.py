"""awaw-naval sea supply, oil and BRPs by sea (AW-116…AW-120) and sea transport
(AW-121…AW-135): the catalogue's test ideas for AW-117, AW-118, AW-119, AW-123, AW-124,
AW-125 and AW-126 with their exact numbers, first on the arithmetic (transport.py,
shipments.py), then played on the demo sea and the demo Pacific."""

from __future__ import annotations

from typing import Any

import pytest

from mineboard.core.errors import IllegalAction
from mineboard.core.game import Game
from mineboard.persistence.scenario import scenario_from_data
from mineboard.resources import maps_dir
from mineboard.rules.awaw_naval import shipments, transport
from mineboard.rules.awaw_naval.sealift_data import Where
from tests.awaw_bases_helpers import game, ship, summary
from tests.conftest import play, refused

US_ATLANTIC = Where("atlantic-us", "us-atlantic", name="Atlantic U.S. box")
US_PACIFIC = Where("pacific-us", "us-pacific", name="Pacific U.S. box")
SOUTH_AFRICA = Where("south-africa", "south-africa", name="South Africa box")
BRITAIN = Where("london", "", ("western",), "britain", "europe", "London")
OAHU = Where("pearl-harbor", "", ("pacific",), "hawaiian", "pacific", "Pearl Harbor")
MIDWAY = Where("midway", "", ("pacific",), "midway", "pacific", "Midway")
BASRA = Where("basra", "", ("mediterranean",), "", "europe", "Basra")
TRUK = Where("truk", "", ("pacific",), "carolines", "pacific", "Truk")
PORT_A = Where("a", "", ("western",), "", "europe", "A")
PORT_B = Where("b", "", ("western",), "", "europe", "B")
PORTS = ["0501", "0612", "0801", "1201", "1601", "2401"]


def dd(ident: str, factors: int, base: str, **more: Any) -> dict[str, Any]:
    return ship(ident, factors, base, type_="destroyer", **more)


def g_of(ships: list[dict[str, Any]], **more: Any) -> Game[Any]:
    return game(ships, PORTS, **more)


def unit(name: str, factors: int, at: str, **more: Any) -> dict[str, Any]:
    return {"unit": name, "factors": factors, "at": at, **more}


# ---- AW-117…AW-119 shipments ----------------------------------------------------------------
def test_aw117_three_supply_lines_from_the_atlantic_box_take_three_atlantic_transports():
    need = shipments.supply_lines(3, "USA", from_box=True)
    assert (need.destroyers, need.transports) == (0, 3)
    assert shipments.supply_lines(3, "Britain", from_box=False).transports == 0


def test_aw117_played_three_lines_refused_with_two_transports():
    g = g_of([])
    err = refused("AW-117", g, "ship_by_sea", what="supply", nation="Britain", amount=3,
                  start="atlantic-us", to="orme", transports=2)
    assert "2 transports committed, 3 needed" in err.reason
    record = play(g, "ship_by_sea", what="supply", nation="Britain", amount=3,
                  start="atlantic-us", to="orme", transports=3)
    assert [e.data["transports"] for e in record.events if e.kind == "ShippedBySea"] == [3]


def test_aw118_european_axis_two_oil_counters_six_destroyer_factors_japan_two_transports():
    axis = shipments.oil(2, "Germany")
    japan = shipments.oil(2, "Japan")
    assert (axis.destroyers, axis.transports) == (6, 0)
    assert (japan.destroyers, japan.transports) == (0, 2)
    with pytest.raises(IllegalAction) as info:
        shipments.oil(1, "USSR")
    assert info.value.clause == "AW-118"


def test_aw119_five_brps_one_transport_twelve_brps_three():
    assert shipments.brp(5, "Britain").transports == 1
    assert shipments.brp(12, "Britain").transports == 3
    assert shipments.brp(6, "USA").transports == 2


def test_aw116_shipments_only_as_supply_is_determined():
    g = g_of([], phase="redeployment")
    refused("AW-116", g, "ship_by_sea", what="oil", nation="Britain", amount=1, start="orme",
            to="skarth", transports=1)


# ---- AW-123 links ---------------------------------------------------------------------------
def test_aw123_pacific_us_box_to_oahu_accepted_midway_rejected():
    assert transport.box_link(US_PACIFIC, OAHU) is not None
    with pytest.raises(IllegalAction) as info:
        transport.box_link(US_PACIFIC, MIDWAY)
    assert info.value.clause == "AW-123"


def test_aw123_south_africa_box_to_basra_accepted_to_a_pacific_port_rejected():
    link = transport.box_link(SOUTH_AFRICA, BASRA)
    assert link is not None and link.sw == "sw-indian"
    with pytest.raises(IllegalAction) as info:
        transport.box_link(SOUTH_AFRICA, TRUK)
    assert info.value.clause == "AW-123"


def test_aw123_played_on_the_demo_pacific():
    scenario = {"mineboard_scenario": 1, "ruleset": "awaw-naval", "map": "awaw-demo-pacific",
                "title": "t", "nations": ["USA", "Japan"], "side": "Allies",
                "ships": [{"id": "dd", "nation": "USA", "type": "destroyer", "factors": 4,
                           "base": "pacific-us"}],
                "control": {"USA": ["3424", "2010", "2702"]}}
    g = scenario_from_data(scenario, "t", maps_dir() / "scenarios").new_game(1)
    refused("AW-123", g, "sea_transport", ships=["dd"], to=["midway"],
            carried=[unit("inf", 2, "pacific-us")], sw_transports=1)
    play(g, "sea_transport", ships=["dd"], to=["pearl-harbor"],
         carried=[unit("inf", 2, "pacific-us")], sw_transports=1)
    assert summary(g)["sealift"]["transported"] == {"inf": "pearl-harbor"}


# ---- AW-124, AW-125 destroyers and SW transports ---------------------------------------------
def test_aw124_six_factors_port_to_port_six_destroyer_factors():
    need = transport.need(6, PORT_A, PORT_B)
    assert (need.destroyers, need.transports) == (6, 0)


def test_aw124_six_factors_from_the_atlantic_box_to_britain_twelve_destroyer_factors():
    assert transport.need(6, US_ATLANTIC, BRITAIN).destroyers == 12


def test_aw125_seven_factors_atlantic_box_to_britain_fourteen_and_two_atlantic_transports():
    need = transport.need(7, US_ATLANTIC, BRITAIN)
    assert (need.destroyers, need.transports) == (14, 2)
    assert need.lines() == [
        "AW-124: 7 ground or air factors × 2 destroyer factors (it starts in the Atlantic U.S. "
        "box) = 14 destroyer factors",
        "AW-125: 7 factors ÷ 5, rounded up (AW-238) = 2 transports of the Atlantic SW box "
        "(across the Atlantic)"]


def test_aw124_played_twelve_needed_six_present():
    g = g_of([dd("dd", 6, "orme")])
    err = refused("AW-124", g, "sea_transport", ships=["dd"], to=["orme"],
                  carried=[unit("inf", 6, "atlantic-us")], sw_transports=2)
    assert "6 ground or air factors × 2 destroyer factors" in err.reason
    play(g, "sea_transport", ships=["dd"], to=["orme"], carried=[unit("inf", 6, "westhaven")])


def test_aw125_played_one_transport_for_seven_factors_refused():
    g = g_of([dd("a", 10, "orme", tf="A"), dd("b", 4, "orme", tf="A")])
    refused("AW-125", g, "sea_transport", ships=["a", "b"], to=["orme"],
            carried=[unit("inf", 7, "atlantic-us")], sw_transports=1)
    record = play(g, "sea_transport", ships=["a", "b"], to=["orme"],
                  carried=[unit("inf", 7, "atlantic-us")], sw_transports=2)
    made = next(e for e in record.events if e.kind == "SeaTransportSet")
    assert (made.data["destroyers"], made.data["transports"]) == (14, 2)


# ---- AW-126…AW-135 ---------------------------------------------------------------------------
def test_aw126_embarking_at_a_and_b_debarking_at_c_accepted_at_c_and_d_rejected():
    g = g_of([dd("dd", 6, "orme")])
    carried = [unit("a", 2, "westhaven"), unit("b", 2, "orme")]
    refused("AW-126", g, "sea_transport", ships=["dd"], to=["skarth", "fenmouth"],
            carried=carried)
    play(g, "sea_transport", ships=["dd"], to=["skarth"], carried=carried)
    assert summary(g)["sealift"]["transported"] == {"a": "skarth", "b": "skarth"}


def test_aw127_debarkation_base_taken_this_turn_is_refused():
    g = g_of([dd("dd", 4, "orme")])
    play(g, "set_control", hex="2801", power="Britain")
    refused("AW-127", g, "sea_transport", ships=["dd"], to=["brennock"],
            carried=[unit("inf", 2, "orme")])


def test_aw130_a_unit_is_sea_transported_once_a_turn():
    g = g_of([dd("dd", 4, "orme"), dd("dd2", 4, "skarth")])
    play(g, "sea_transport", ships=["dd"], to=["skarth"], carried=[unit("inf", 2, "orme")])
    refused("AW-130", g, "sea_transport", ships=["dd2"], to=["fenmouth"],
            carried=[unit("inf", 2, "skarth")])


def test_aw134_partially_supplied_and_oil_effect_units_stay_ashore():
    g = g_of([dd("dd", 4, "orme")])
    for supply in ("partial", "oil_effect"):
        refused("AW-134", g, "sea_transport", ships=["dd"], to=["skarth"],
                carried=[unit("inf", 2, "orme", supply=supply)])


def test_aw135_air_unit_must_start_the_turn_at_the_embarkation_base_and_fit():
    g = g_of([dd("dd", 4, "orme")])
    refused("AW-135", g, "sea_transport", ships=["dd"], to=["skarth"],
            carried=[unit("ftr", 3, "orme", kind="air", started_at="skarth")])
    refused("AW-135", g, "sea_transport", ships=["dd"], to=["skarth"],
            carried=[unit("ftr", 3, "orme", kind="air")], air_room=2)


def test_aw132_beaten_transport_puts_the_units_back_at_the_embarkation_base():
    g = game([dd("dd", 4, "orme"), ship("m", 4, "marrow", nation="Germany")],
             [p for p in PORTS], ["1512"])
    play(g, "sea_transport", ships=["dd"], to=["skarth"], carried=[unit("inf", 2, "orme")])
    play(g, "intercept", ships=["m"], target="dd", hex="1002")
    play(g, "interception_result", intercepted=True, mover_beaten=True)
    play(g, "accept_result")
    record = play(g, "end_phase")
    back = [e for e in record.events if e.kind == "CargoReturned"]
    assert [e.clause for e in back] == ["AW-132"]
    assert summary(g)["sealift"]["transported"] == {"inf": "orme"}
