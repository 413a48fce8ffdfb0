"""awaw-naval patrols (issue 29, AW-93…AW-115, AW-228, AW-229, AW-241): declared up front
and sailed in order, a patrol or a base change, the port still counting the patrol, the
defender's one try, air rounds as outside results, staying, defensive and submarine
patrols, supporting an intercepted friend — with the catalogue's test ideas exactly."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import pytest

from mineboard.core.errors import IllegalAction
from mineboard.core.game import Game
from mineboard.maps.geojson import board_from_json
from mineboard.rules.awaw_naval import limits, naval_range, operations
from mineboard.rules.awaw_naval.patrol_log import log_of
from mineboard.rules.awaw_naval.scenario import state_from_scenario
from mineboard.rules.awaw_naval.state import AwState
from tests.awaw_bases_helpers import game, ship, summary
from tests.conftest import play, refused

BRITISH = ["0501", "0612", "0801", "1201", "1601"]
GERMAN = ["4412", "1512", "2312", "3012"]


def sea(ships: list[dict[str, Any]], **more: Any) -> Game[Any]:
    return game(ships, BRITISH, GERMAN, **more)


def de(ident: str, factors: int, base: str, **more: Any) -> dict[str, Any]:
    return ship(ident, factors, base, nation="Germany", **more)


def events(record: Any) -> list[tuple[str, str]]:
    return [(e.clause, e.kind) for e in record.events]


# ---- AW-94: the India box, 8 hexes out -------------------------------------------------------

TOOL = Path(__file__).resolve().parent.parent / "tools" / "build_awaw_demo_pacific.py"


def india(port_hex: str | None) -> AwState:
    """The demo Pacific with an American cruiser in the India box (entry hex 0129, 8 hexes
    out, AW-226) and, if given, an American port at ``port_hex`` on row 29."""
    spec = importlib.util.spec_from_file_location("build_awaw_demo_pacific", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    doc = module.doc()
    held = ["3424"]
    if port_hex is not None:
        for f in doc["features"]:
            if f["properties"]["kind"] == "hex" and f["properties"]["label"] == port_hex:
                f["properties"]["terrain"] = "coast"
        doc["features"].append({"type": "Feature", "id": "cc-port", "geometry": None,
                                "properties": {"kind": "port", "hex": port_hex,
                                               "name": "CC port", "capacity": 50}})
        held.append(port_hex)
    scenario = {"nations": ["USA", "Japan"], "side": "Allies",
                "control": {"USA": held, "Japan": ["0414"]},
                "ships": [{"id": "w", "nation": "USA", "type": "cruiser", "factors": 4,
                           "base": "india"}]}
    return state_from_scenario(scenario, board_from_json(doc, "india test"), "india test")


ROW_29 = [f"{c:02d}29" for c in range(1, 15)]


def india_patrol(state: AwState, hexes_inside: int) -> operations.Operate:
    goal = ROW_29[hexes_inside]
    return operations.Operate("patrol", ("w",), goal, via=tuple(ROW_29[:hexes_inside]))


def test_aw94_india_box_patrol_8_plus_12_is_20_legal_13_refused():
    state = india("0329")  # a port 2 hexes in from the entry hex: the touch at hex 10
    operations.check_operate(state, india_patrol(state, 12))  # 8 + 12 = 20: legal
    with pytest.raises(IllegalAction) as err:
        operations.check_operate(state, india_patrol(state, 13))  # 8 + 13 = 21
    assert err.value.clause == "AW-82"
    assert "21 hexes away; at most 20" in err.value.reason


def test_aw94_india_box_patrol_without_a_port_touch_by_hex_10_is_refused():
    state = india("0429")  # the first port 3 hexes in: hex 11
    with pytest.raises(IllegalAction) as err:
        operations.check_operate(state, india_patrol(state, 12))
    assert err.value.clause == "AW-82" and "11 hexes since India" in err.value.reason


def test_aw94_no_patrol_from_a_us_box():
    state = india(None)
    state.ships["w"].base = "pacific-us"
    with pytest.raises(IllegalAction) as err:
        operations.check_operate(state, operations.Operate("patrol", ("w",), "3923"))
    assert err.value.clause == "AW-19"


# ---- AW-93, AW-95, AW-96, AW-98 -----------------------------------------------------------------

def test_aw93_a_patrol_hex_is_a_sea_hex():
    g = sea([ship("a", 4, "skarth")])
    refused("AW-93", g, "declare_patrols", patrols=[{"ships": ["a"], "target": "2003"}])
    refused("AW-93", g, "declare_patrols", patrols=[{"ships": ["a"], "target": "fenmouth"}])
    play(g, "declare_patrols", patrols=[{"ships": ["a"], "target": "1206"}])


def test_aw95_the_front_and_the_payers_reported_submarines_free():
    g = sea([ship("a", 4, "skarth"), ship("u", 2, "skarth", type_="submarine")])
    play(g, "declare_patrols", patrols=[{"ships": ["a"], "target": "1206"},
                                        {"ships": ["u"], "target": "1106"}])
    first = play(g, "operate", activity="patrol", ships=["a"], target="1206")
    report = next(e for e in first.events if e.clause == "AW-95")
    assert report.data == {"front": "western", "units": ["a"]}
    play(g, "end_air_rounds", operation="op1")
    second = play(g, "operate", activity="patrol", ships=["u"], target="1106")
    assert next(e for e in second.events if e.clause == "AW-95").data["units"] == []


def test_aw96_patrol_or_base_change_and_joint_patrols():
    g = sea([ship("a", 4, "skarth"), ship("b", 4, "orme"), ship("c", 4, "skarth")])
    play(g, "batch", members=[{"kind": "base_change", "ships": ["c"], "to": "westhaven"}])
    refused("AW-96", g, "declare_patrols", patrols=[{"ships": ["c"], "target": "1206"}])
    refused("AW-96", g, "declare_patrols", patrols=[{"ships": ["a"], "target": "1206"},
                                                    {"ships": ["a"], "target": "1106"}])
    play(g, "declare_patrols", patrols=[{"ships": ["a", "b"], "target": "1206"}])
    refused("AW-96", g, "batch", members=[{"kind": "base_change", "ships": ["a"],
                                           "to": "westhaven"}])
    record = play(g, "operate", activity="patrol", ships=["a", "b"], target="1206")
    assert ("AW-96", "JointPatrol") in events(record)


def test_aw97_port_of_50_holding_30_with_20_on_patrol_refuses_25_accepts_20():
    g = sea([ship("p", 12, "skarth", type_="battleship"),
             ship("pp", 8, "skarth", type_="battleship"),
             ship("q", 10, "skarth", type_="battleship"),
             ship("r", 25, "orme", type_="battleship"),
             ship("s", 20, "orme", type_="battleship")])
    play(g, "form_task_force", ships=["p", "pp"])
    play(g, "operate", activity="patrol", ships=["p", "pp"], target="1206")
    assert summary(g)["ports"]["skarth"]["load"] == 30  # the patrol still fills Skarth
    err = refused("AW-03", g, "batch", members=[{"kind": "base_change", "ships": ["r"],
                                                 "to": "skarth"}])
    assert "55 factors" in err.reason
    play(g, "batch", members=[{"kind": "base_change", "ships": ["s"], "to": "skarth"}])
    assert summary(g)["ports"]["skarth"]["load"] == 50


def test_aw98_patrols_sail_in_the_announced_order_and_nothing_is_added():
    g = sea([ship("a", 4, "skarth"), ship("b", 4, "skarth"), ship("c", 4, "orme")])
    play(g, "declare_patrols", patrols=[{"ships": ["a"], "target": "1206"},
                                        {"ships": ["b"], "target": "1106"}])
    err = refused("AW-98", g, "operate", activity="patrol", ships=["b"], target="1106")
    assert err.reason == "the next patrol announced is a to hex 1206"
    play(g, "operate", activity="patrol", ships=["a"], target="1206")
    refused("AW-98", g, "batch", members=[{"kind": "base_change", "ships": ["c"],
                                           "to": "westhaven"}])
    refused("AW-98", g, "declare_patrols", patrols=[{"ships": ["c"], "target": "1306"}])


# ---- the defender: AW-99…AW-105 --------------------------------------------------------------

def test_aw99_aw101_passing_is_no_try_so_he_is_asked_again_at_the_patrol_hex():
    g = sea([ship("a", 4, "skarth"), de("m", 4, "marrow")])
    play(g, "operate", activity="patrol", ships=["a"], target="1206")
    refused("AW-99", g, "patrol_air_round", operation="op1")
    play(g, "pass_interception")
    record = play(g, "patrol_air_round", operation="op1")
    assert ("AW-101", "PatrolHexInterception") in events(record)
    assert g.state.awaiting is None and summary(g)["intercepting"]["side"] == "Axis"
    play(g, "pass_interception")
    assert g.state.awaiting is not None and g.state.awaiting.result == "air_round_result"


def test_aw100_a_beaten_patrol_goes_home_inverted_and_flies_no_round():
    g = sea([ship("a", 4, "skarth"), de("m", 4, "marrow")])
    play(g, "operate", activity="patrol", ships=["a"], target="1206")
    play(g, "intercept", ships=["m"], target="a", hex="1206")
    play(g, "interception_result", intercepted=True, mover_beaten=True)
    record = play(g, "accept_result")
    assert ("AW-100", "PatrolBeaten") in events(record)
    assert g.state.ships["a"].held_inverted and g.state.ships["a"].inverted
    assert g.state.to_move == "Axis"  # asked about its winners (AW-113)
    play(g, "defensive_patrol", operation="op2", stay=False)
    assert g.state.ships["m"].held_inverted
    refused("AW-100", g, "patrol_air_round", operation="op1")


def test_aw101_air_rounds_are_entered_from_outside_and_end():
    g = sea([ship("a", 4, "skarth")])
    play(g, "operate", activity="patrol", ships=["a"], target="1206")
    play(g, "patrol_air_round", operation="op1")
    refused("AW-101", g, "air_round_result", struck="1206")
    play(g, "air_round_result", struck="marrow")
    play(g, "accept_result")
    assert summary(g)["patrols"]["op1"]["rounds"] == 1
    play(g, "end_air_rounds", operation="op1")
    refused("AW-101", g, "patrol_air_round", operation="op1")


def test_aw102_the_next_patrol_waits_and_a_staying_patrol_keeps_the_sea():
    g = sea([ship("a", 4, "skarth"), ship("b", 4, "skarth"), de("m", 4, "marrow")])
    play(g, "declare_patrols", patrols=[{"ships": ["a"], "target": "1206"},
                                        {"ships": ["b"], "target": "1106"}])
    play(g, "operate", activity="patrol", ships=["a"], target="1206")
    play(g, "pass_interception")
    refused("AW-102", g, "operate", activity="patrol", ships=["b"], target="1106")
    play(g, "end_air_rounds", operation="op1", stay=True)
    assert summary(g)["intercepting"]["side"] == "Axis"  # not tried yet: asked once more
    play(g, "pass_interception")
    play(g, "operate", activity="patrol", ships=["b"], target="1106")
    play(g, "pass_interception")
    play(g, "end_phase")
    assert summary(g)["operations"]["op1"]["at_sea"] == ["a"]
    assert summary(g)["operations"]["op2"]["at_sea"] == []


def test_aw103_two_patrols_strike_one_base_but_not_at_pearl_harbor():
    g = sea([ship("a", 4, "skarth"), ship("b", 4, "skarth")])
    for ident, hex_id, op in (("a", "1206", "op1"), ("b", "1106", "op2")):
        play(g, "operate", activity="patrol", ships=[ident], target=hex_id)
        play(g, "patrol_air_round", operation=op)
        play(g, "air_round_result", struck="marrow")
        record = play(g, "accept_result")
        play(g, "end_air_rounds", operation=op)
    assert ("AW-103", "BaseStruckAgain") in events(record)
    assert log_of(g.state).struck == {"marrow": ["op1", "op2"]}


def test_aw104_intercepted_en_route_and_lost_no_second_try_in_the_patrol_hex():
    g = sea([ship("a", 4, "skarth"), de("m", 4, "marrow"), de("n", 4, "marrow")])
    play(g, "operate", activity="patrol", ships=["a"], target="1206")
    play(g, "intercept", ships=["m"], target="a", hex="1204")
    play(g, "interception_result", intercepted=True)  # the defender loses
    play(g, "accept_result")
    err = refused("AW-104", g, "intercept", ships=["n"], target="a", hex="1206")
    assert err.reason == ("the defender has tried once to intercept patrol op1: no second "
                          "try against it with any forces")
    record = play(g, "patrol_air_round", operation="op1")
    assert ("AW-104", "NoSecondTry") in events(record)
    assert summary(g)["intercepting"] is None


def test_aw105_a_patrol_that_fought_still_flies_its_rounds():
    g = sea([ship("a", 4, "skarth"), de("m", 4, "marrow")])
    play(g, "operate", activity="patrol", ships=["a"], target="1206")
    play(g, "intercept", ships=["m"], target="a", hex="1206")
    play(g, "interception_result", intercepted=True)
    assert ("AW-105", "PatrolGoesOn") in events(play(g, "accept_result"))
    play(g, "patrol_air_round", operation="op1")


# ---- support: AW-106…AW-108 -----------------------------------------------------------------

def supported(ships: list[str]) -> Game[Any]:
    """A British patrol staying at 1206 and a British sea transport intercepted at 1502
    (op2), the escort holding."""
    g = sea([ship("a", 4, "skarth"), ship("b", 4, "skarth"),
             ship("dd", 4, "skarth", type_="destroyer"), de("m", 4, "marrow")])
    play(g, "operate", activity="patrol", ships=ships, target="1206")
    play(g, "pass_interception")
    play(g, "end_air_rounds", operation="op1", stay=True)
    play(g, "pass_interception")
    play(g, "operate", activity="sea_transport", ships=["dd"], target="fenmouth",
         cargo=[{"kind": "ground", "factors": 4}])
    play(g, "intercept", ships=["m"], target="dd", hex="1502")
    play(g, "interception_result", intercepted=True)
    play(g, "accept_result")
    return g


def test_aw106_support_that_arrives_joins_the_friend():
    g = supported(["a"])
    refused("AW-106", g, "support_intercepted", operation="op1", ships=["a"], supported="op9")
    play(g, "support_intercepted", operation="op1", ships=["a"], supported="op2")
    play(g, "support_result", arrived=True)
    play(g, "accept_result")
    assert summary(g)["operations"]["op2"]["at_sea"] == ["dd", "a"]
    assert summary(g)["operations"]["op1"]["at_sea"] == []


def test_aw107_too_late_goes_back_and_waits_a_split_patrol_keeps_the_rest():
    g = supported(["a", "b"])
    play(g, "support_intercepted", operation="op1", ships=["a"], supported="op2")
    play(g, "support_result", arrived=False)
    play(g, "accept_result")
    assert summary(g)["operations"]["op1"]["at_sea"] == ["a", "b"]
    refused("AW-107", g, "support_intercepted", operation="op1", ships=["a"], supported="op2")


def test_aw108_patrols_neither_support_patrols_nor_intercept():
    g = sea([ship("a", 4, "skarth"), ship("b", 4, "skarth"), de("m", 4, "marrow")])
    play(g, "operate", activity="patrol", ships=["a"], target="1206")
    play(g, "pass_interception")
    play(g, "end_air_rounds", operation="op1", stay=True)
    play(g, "pass_interception")
    play(g, "operate", activity="patrol", ships=["b"], target="1106")
    play(g, "intercept", ships=["m"], target="b", hex="1106")
    play(g, "interception_result", intercepted=True)
    play(g, "accept_result")
    refused("AW-108", g, "support_intercepted", operation="op1", ships=["a"], supported="op2")
    refused("AW-108", g, "intercept", ships=["a"], target="m", hex="1206")


# ---- coming home, submarines: AW-109…AW-112 ---------------------------------------------------

def test_aw109_a_staying_patrol_comes_home_after_regular_combat():
    g = sea([ship("a", 4, "skarth")])
    play(g, "operate", activity="patrol", ships=["a"], target="1206")
    play(g, "end_air_rounds", operation="op1", stay=True)
    play(g, "end_phase")
    assert g.state.ships["a"].id in g.state.ledger.at_sea()
    record = play(g, "end_phase")
    assert ("AW-109", "PatrolsHome") in events(record)
    assert g.state.ships["a"].base == "skarth" and g.state.ships["a"].inverted
    assert g.state.ledger.at_sea() == {}


def test_aw110_submarines_patrol_alone_and_stay_through_the_opposing_turn():
    g = sea([ship("u", 2, "skarth", type_="submarine"), ship("a", 4, "skarth")])
    refused("AW-110", g, "declare_patrols", patrols=[{"ships": ["u", "a"], "target": "1206"}])
    play(g, "operate", activity="patrol", ships=["u"], target="1206")
    play(g, "end_air_rounds", operation="op1", stay=True)
    for _ in range(4):  # the British player turn
        play(g, "end_phase")
    assert "u" in g.state.ledger.at_sea() and g.state.phasing == "Axis"
    for _ in range(3):
        play(g, "end_phase")
    assert "u" in g.state.ledger.at_sea()
    record = play(g, "end_phase")  # the German player turn ends
    assert ("AW-110", "SubmarinePatrolHome") in events(record)
    assert g.state.ships["u"].base == "skarth" and g.state.ledger.at_sea() == {}


def german_sub_at_sea(sw: bool) -> Game[Any]:
    g = sea([de("u", 2, "marrow", type_="submarine")], side="Axis")
    if sw:
        play(g, "sw_warfare_conducted", nation="Germany")
    play(g, "operate", activity="patrol", ships=["u"], target="1506")
    play(g, "end_air_rounds", operation="op1", stay=True)
    for _ in range(3):
        play(g, "end_phase")
    return g


def test_aw112_atlantic_sw_warfare_sends_western_front_uboats_home_at_the_axis_turn_end():
    g = german_sub_at_sea(sw=True)
    assert "u" in g.state.ledger.at_sea()
    record = play(g, "end_phase")  # the end of the Axis player turn
    assert ("AW-112", "SubmarinePatrolHome") in events(record)
    assert g.state.ships["u"].base == "marrow" and g.state.ledger.at_sea() == {}
    assert g.state.phasing == "Allies"


def test_aw112_without_sw_warfare_the_uboats_stay_into_the_allied_turn():
    g = german_sub_at_sea(sw=False)
    play(g, "end_phase")
    assert "u" in g.state.ledger.at_sea() and g.state.phasing == "Allies"


def test_aw112_only_the_phasing_side_conducts_sw_warfare():
    g = sea([de("u", 2, "marrow", type_="submarine")], side="Axis")
    refused("AW-112", g, "sw_warfare_conducted", nation="Britain")


def test_aw111_one_sortie_against_a_submarine_patrol_losses_entered():
    g = sea([de("u", 2, "marrow", type_="submarine"), de("v", 2, "marrow", type_="submarine")],
            side="Axis")
    play(g, "operate", activity="patrol", ships=["u", "v"], target="1506")
    refused("AW-111", g, "attack_submarine_patrol", operation="op1")
    play(g, "end_air_rounds", operation="op1", stay=True)
    for _ in range(4):
        play(g, "end_phase")
    play(g, "attack_submarine_patrol", operation="op1")
    refused("AW-111", g, "submarine_air_result", sunk="w")
    play(g, "submarine_air_result", sunk="u")
    play(g, "accept_result")
    assert g.state.ships["u"].eliminated and g.state.ledger.at_sea() == {"v": g.state.ledger
                                                                        .operations["op1"]}
    refused("AW-111", g, "attack_submarine_patrol", operation="op1")


# ---- defensive patrols: AW-113…AW-115 ---------------------------------------------------------

def beaten_patrol(extra: list[dict[str, Any]]) -> Game[Any]:
    g = sea([ship("a", 4, "skarth"), de("m", 4, "marrow"), *extra])
    play(g, "operate", activity="patrol", ships=["a"], target="1206")
    play(g, "intercept", ships=["m"], target="a", hex="1206")
    play(g, "interception_result", intercepted=True, mover_beaten=True)
    play(g, "accept_result")
    return g


def test_aw113_winners_stay_as_a_defensive_patrol_until_regular_combat_is_over():
    g = beaten_patrol([])
    refused("AW-113", g, "defensive_patrol", operation="op9")
    play(g, "defensive_patrol", operation="op2", stay=True)
    assert summary(g)["defensive_patrols"] == {"op2": "1206"}
    play(g, "end_phase")
    assert g.state.ledger.at_sea() == {"m": g.state.ledger.operations["op2"]}
    play(g, "end_phase")
    assert g.state.ledger.at_sea() == {} and g.state.ships["m"].base == "marrow"


def test_aw114_a_successful_defensive_interception_then_none_in_the_combat_phase():
    g = beaten_patrol([ship("dd", 4, "skarth", type_="destroyer"),
                       ship("cv", 2, "skarth", type_="carrier"), ship("cl", 2, "skarth")])
    play(g, "defensive_patrol", operation="op2", stay=True)
    play(g, "operate", activity="sea_transport", ships=["dd"], target="fenmouth",
         cargo=[{"kind": "ground", "factors": 4}])
    play(g, "defensive_intercept", ships=["m"], target="dd", hex="1502")
    play(g, "interception_result", intercepted=True)
    play(g, "accept_result")
    play(g, "end_phase")
    play(g, "operate", activity="carrier_mission", ships=["cv", "cl"], target="1206")
    err = refused("AW-114", g, "defensive_intercept", ships=["m"], target="cv", hex="1206")
    assert err.reason == ("Axis has made its one successful interception from a defensive "
                          "patrol this turn")


def test_aw114_a_defensive_patrol_does_not_intercept_a_patrol_in_the_movement_phase():
    g = beaten_patrol([ship("b", 4, "skarth")])
    play(g, "defensive_patrol", operation="op2", stay=True)
    play(g, "operate", activity="patrol", ships=["b"], target="1106")
    err = refused("AW-114", g, "defensive_intercept", ships=["m"], target="b", hex="1106")
    assert "sea supply and sea transport segments" in err.reason


def test_aw115_a_submarine_patrol_intercepts_as_a_defensive_patrol_in_the_enemy_turn():
    g = sea([de("u", 2, "marrow", type_="submarine"), ship("dd", 4, "skarth",
                                                            type_="destroyer")], side="Axis")
    play(g, "operate", activity="patrol", ships=["u"], target="1506")
    play(g, "pass_interception")
    play(g, "end_air_rounds", operation="op1", stay=True)
    play(g, "pass_interception")
    for _ in range(4):
        play(g, "end_phase")
    play(g, "operate", activity="sea_transport", ships=["dd"], target="fenmouth",
         cargo=[{"kind": "ground", "factors": 4}])
    record = play(g, "defensive_intercept", ships=["u"], target="dd", hex="1502")
    route = next(e for e in record.events if e.kind == "CounterInterceptable").data["route"]
    assert route[0] == "1506" and route[-1] == "1502"
    assert ("AW-115", "DefensiveInterception") in events(record)


# ---- interpretations: AW-228, AW-229, AW-241 -----------------------------------------------------

def pacific_state(**options: Any) -> AwState:
    from tests.test_awaw_routes import pacific

    return pacific(["3424", "2010", "3028", "1209"], ["0414"], options=options)


def test_aw228_no_first_leg_toward_midway_johnston_by_option():
    state = pacific_state()
    assert limits.first_leg(state, "Japan", "yokosuka", "2010") is None
    assert limits.first_leg(state, "Japan", "yokosuka", "2011").hexes == 20
    assert limits.first_leg(state, "Japan", "yokosuka", "3028").hexes == 20
    strict = pacific_state(japan_first_leg_to_hawaii=False)
    assert limits.first_leg(strict, "Japan", "yokosuka", "3028") is None


def test_aw229_a_staying_patrols_naval_air_flies_a_listed_mission():
    g = sea([ship("cv", 2, "skarth", type_="carrier"), ship("cl", 2, "skarth")])
    play(g, "operate", activity="patrol", ships=["cv", "cl"], target="1206")
    refused("AW-229", g, "patrol_nas_mission", operation="op1", mission="strike")
    play(g, "end_air_rounds", operation="op1", stay=True)
    refused("AW-229", g, "patrol_nas_mission", operation="op1", mission="minelaying")
    play(g, "patrol_nas_mission", operation="op1", mission="ground_support")


def test_aw241_within_naval_range_is_20_pacific_hexes_of_a_port_of_the_group():
    state = pacific_state()
    assert naval_range.nearest(state, "USA", "1424", "hawaiian") == (20, "pearl-harbor")
    assert naval_range.within(state, "USA", "1424", "hawaiian")
    assert not naval_range.within(state, "USA", "1324", "hawaiian")
    assert naval_range.within(state, "USA", "3716", "hawaiian")  # Baker, 8 hexes (AW-85)


def test_aw110_a_submarine_patrol_that_fought_comes_home_at_the_end_of_that_phase():
    g = sea([de("u", 2, "marrow", type_="submarine"), ship("dd", 4, "skarth",
                                                            type_="destroyer")], side="Axis")
    play(g, "operate", activity="patrol", ships=["u"], target="1506")
    play(g, "pass_interception")
    play(g, "end_air_rounds", operation="op1", stay=True)
    play(g, "pass_interception")
    for _ in range(4):
        play(g, "end_phase")
    play(g, "operate", activity="sea_transport", ships=["dd"], target="fenmouth",
         cargo=[{"kind": "ground", "factors": 4}])
    play(g, "defensive_intercept", ships=["u"], target="dd", hex="1502")
    play(g, "interception_result", intercepted=True)
    play(g, "accept_result")
    assert g.state.ledger.operations["op1"].fought
    play(g, "end_phase")  # the British movement phase ends: the U-boats come home
    assert g.state.ships["u"].base == "marrow" and "u" not in g.state.ledger.at_sea()
