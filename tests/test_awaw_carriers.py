"""awaw-naval fast carrier missions (issue 29, AW-198…AW-204): the mission hex and its
carriers, the boxes, what is reported for BRPs and timing, the escorts sailing with the
carriers, no interception or support, home after regular combat, one base struck — and the
catalogue's test idea for AW-204 exactly."""

from __future__ import annotations

from typing import Any

from mineboard.core.game import Game
from mineboard.rules.awaw_naval.patrol_log import log_of
from tests.awaw_bases_helpers import game, ship
from tests.conftest import play, refused

BRITISH = ["0501", "0612", "0801", "1201", "1601"]
GERMAN = ["4412", "1512", "2312", "3012"]


def carriers(*more: dict[str, Any], **scenario: Any) -> Game[Any]:
    return game([ship("cv", 2, "skarth", type_="carrier"), ship("cl", 2, "skarth"),
                 ship("cx", 2, "orme"), ship("cw", 4, "skarth", type_="carrier"), *more],
                BRITISH, GERMAN, **scenario)


def mission(g: Game[Any], ships: list[str], target: str = "1206") -> Any:
    return play(g, "operate", activity="carrier_mission", ships=ships, target=target)


def test_aw204_base_change_then_carrier_mission_accepted_then_patrol_refused():
    g = game([ship("cv", 2, "orme", type_="carrier"), ship("cl", 2, "orme")], BRITISH, GERMAN)
    play(g, "batch", members=[{"kind": "base_change", "ships": ["cv", "cl"], "to": "skarth"}])
    err = refused("AW-96", g, "declare_patrols", patrols=[{"ships": ["cv", "cl"],
                                                           "target": "1206"}])
    assert err.reason == ("cv changed base this movement phase: a unit that patrols does not "
                          "also change base in it")
    play(g, "end_phase")
    record = mission(g, ["cv", "cl"])
    assert [e.clause for e in record.events][:1] == ["AW-63"]
    assert g.state.ships["cv"].operated


def test_aw204_one_base_struck():
    g = carriers(phase="combat")
    mission(g, ["cv", "cl"])
    play(g, "carrier_strike", operation="op1", base="marrow")
    err = refused("AW-204", g, "carrier_strike", operation="op1", base="portlow")
    assert err.reason == ("mission op1 strikes marrow already: a fast carrier mission strikes "
                          "a single enemy base")
    assert log_of(g.state).carrier_strikes == {"op1": "marrow"}


def test_aw198_a_sea_hex_and_fast_carriers():
    g = carriers(phase="combat")
    refused("AW-198", g, "operate", activity="carrier_mission", ships=["cv", "cl"],
            target="skarth")
    refused("AW-198", g, "operate", activity="carrier_mission", ships=["cl"], target="1206")
    mission(g, ["cv", "cl"])


def test_aw198_not_in_the_movement_phase():
    g = carriers()
    refused("AW-223", g, "operate", activity="carrier_mission", ships=["cv", "cl"],
            target="1206")


def test_aw199_us_box_only_with_an_invasion_south_africa_never():
    g = carriers(ship("uc", 2, "atlantic-us", type_="carrier"), ship("ud", 2, "atlantic-us"),
                 ship("sc", 2, "south-africa", type_="carrier"), ship("sd", 2, "south-africa"),
                 phase="combat")
    refused("AW-18", g, "operate", activity="carrier_mission", ships=["uc", "ud"],
            target="1006")
    refused("AW-25", g, "operate", activity="carrier_mission", ships=["sc", "sd"],
            target="1206")


def test_aw200_charged_to_the_front_of_the_mission_hex():
    g = carriers(ship("us", 2, "skarth", type_="submarine"), phase="combat")
    record = mission(g, ["cv", "cl", "us"])
    report = next(e for e in record.events if e.clause == "AW-200")
    assert report.data == {"front": "western", "units": ["cv", "cl"]}


def test_aw201_the_strike_waits_for_the_interception():
    g = carriers(ship("m", 4, "marrow", nation="Germany"), phase="combat")
    mission(g, ["cv", "cl"])
    refused("AW-201", g, "carrier_strike", operation="op1", base="marrow")
    play(g, "pass_interception")
    play(g, "carrier_strike", operation="op1", base="marrow")


def test_aw202_the_ratio_and_escorts_from_the_carriers_base():
    g = carriers(phase="combat")
    refused("AW-66", g, "operate", activity="carrier_mission", ships=["cw", "cl"],
            target="1206")
    err = refused("AW-202", g, "operate", activity="carrier_mission", ships=["cv", "cx"],
                  target="1206")
    assert "cx is based at orme" in err.reason
    mission(g, ["cv", "cl"])


def test_aw203_no_support_no_interception_home_after_regular_combat():
    g = carriers(phase="combat")
    mission(g, ["cv", "cl"])
    refused("AW-203", g, "support_intercepted", operation="op1", ships=["cv"],
            supported="op1")
    refused("AW-203", g, "intercept", ships=["cv"], target="cl", hex="1206")
    record = play(g, "end_phase")
    assert ("AW-203", "CarrierMissionHome") in [(e.clause, e.kind) for e in record.events]
    assert g.state.ships["cv"].base == "skarth" and g.state.ledger.at_sea() == {}
