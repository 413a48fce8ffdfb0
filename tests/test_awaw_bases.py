"""awaw-naval bases: port capacity (AW-01, AW-02, AW-06, AW-07), base changes declared
together and judged on the combined result (AW-03, AW-47…AW-52), beaten base changes and
overstacks with the owner's choices (AW-04, AW-05, AW-48), port counters (AW-08…AW-10,
AW-246) — exact states after scripted play on the demo sea."""

from __future__ import annotations

from typing import Any

import pytest

from mineboard.core.errors import IllegalAction
from mineboard.core.game import Game
from mineboard.maps.geojson import board_from_json
from mineboard.persistence.scenario import scenario_from_data
from mineboard.resources import maps_dir
from mineboard.rules.awaw_naval import basechange, bases, ports
from mineboard.rules.awaw_naval.ruleset import RULESET
from mineboard.rules.awaw_naval.scenario import state_from_scenario
from tests.awaw_bases_helpers import (
    base_of,
    demo_sea_doc,
    game,
    load,
    no_dice,
    past_uninversion,
    scenario,
    ship,
    summary,
    with_features,
)
from tests.conftest import play, refused


def change(*orders: tuple[list[str], str]) -> dict[str, Any]:
    """A declaration of base changes: (ships, to) each."""
    return {"members": [{"kind": "base_change", "ships": s, "to": t} for s, t in orders]}


def declare(g: Any, *orders: tuple[list[str], str]) -> Any:
    return play(g, "batch", **change(*orders))


def refused_batch(clause: str, g: Any, *orders: tuple[list[str], str]) -> IllegalAction:
    return refused(clause, g, "batch", **change(*orders))


# ---- AW-01, AW-02, AW-03, AW-06, AW-07: capacity ---------------------------------------------
def test_aw01_port_with_44_takes_6_and_refuses_7():
    ships = [ship("o1", 44, "orme"), ship("s6", 6, "skarth"), ship("s7", 7, "skarth")]
    g = game(ships, ["0801", "1201"])
    err = refused_batch("AW-03", g, (["s7"], "orme"))
    assert err.reason == "Orme would base 51 factors after the base changes; it bases at most 50"
    declare(g, (["s6"], "orme"))
    assert load(g, "orme") == 50 and summary(g)["ports"]["orme"] == {
        "load": 50, "capacity": 50, "over": 0, "fronts": ["western"]}


def test_aw02_two_port_hex_holds_100_and_is_one_port():
    ships = [ship("w", 95, "westhaven"), ship("o5", 5, "orme"), ship("o6", 6, "orme")]
    g = game(ships, ["0501", "0801"])
    refused_batch("AW-03", g, (["o6"], "westhaven"))
    declare(g, (["o5"], "westhaven"))
    assert summary(g)["ports"]["westhaven"] == {"load": 100, "capacity": 100, "over": 0,
                                                "fronts": ["western"]}
    assert [p for p in summary(g)["ports"] if p == "westhaven"] == ["westhaven"]


def test_aw03_the_order_that_overfills_is_named_in_a_declaration():
    ships = [ship("o1", 45, "orme"), ship("s1", 3, "skarth"), ship("s2", 3, "skarth")]
    g = game(ships, ["0801", "1201"])
    err = refused_batch("AW-03", g, (["s1"], "orme"), (["s2"], "orme"))
    assert err.reason.startswith("order 1 (base_change): Orme would base 51 factors")
    assert base_of(g, "s1") == base_of(g, "s2") == "skarth"


def test_aw06_waiting_for_repair_is_not_counted():
    ships = [ship("a", 45, "orme"), ship("r", 10, "orme", row="waiting_repair"),
             ship("s5", 5, "skarth")]
    g = game(ships, ["0801", "1201"])
    assert load(g, "orme") == 45
    declare(g, (["s5"], "orme"))
    assert load(g, "orme") == 50


def test_aw07_a_box_bases_any_number():
    ships = [ship(f"u{i}", 30, "atlantic-us") for i in range(10)] + [ship("o", 9, "orme")]
    g = game(ships, ["0801"])
    declare(g, (["o"], "atlantic-us"))
    assert sum(s.factors for s in g.state.ships_at("atlantic-us")) == 309
    assert "atlantic-us" not in summary(g)["ports"]


# ---- AW-47…AW-52: base changes ----------------------------------------------------------------
def test_aw47_two_full_ports_swap_ten_factors():
    ships = [ship("a1", 40, "orme"), ship("a2", 10, "orme"),
             ship("b1", 40, "skarth"), ship("b2", 10, "skarth")]
    g = game(ships, ["0801", "1201"])
    refused("AW-03", g, "base_change", ships=["a2"], to="skarth")  # alone: 60 at Skarth
    record = declare(g, (["a2"], "skarth"), (["b2"], "orme"))
    assert (base_of(g, "a2"), base_of(g, "b2")) == ("skarth", "orme")
    assert load(g, "orme") == load(g, "skarth") == 50
    assert [(e.kind, e.clause) for e in record.events] == [
        ("UnitsMoved", "AW-47"), ("AirAttackOpportunity", "AW-47"),
        ("UnitsMoved", "AW-47"), ("AirAttackOpportunity", "AW-47")]
    assert record.events[1].data == {"ships": ["a2"],
                                     "hexes": ["0902", "1002", "1102", "1201"]}
    g.undo()  # one record, undone as one
    assert (base_of(g, "a2"), base_of(g, "b2")) == ("orme", "skarth")


def test_aw47_a_ship_changes_base_once():
    g = game([ship("a", 5, "orme")], ["0801", "1201", "1601"])
    refused_batch("AW-47", g, (["a"], "skarth"), (["a"], "fenmouth"))
    declare(g, (["a"], "skarth"))
    err = refused("AW-47", g, "base_change", ships=["a"], to="fenmouth")
    assert err.reason == "a changed base this phase already (from Orme)"


def test_aw47_refusals_alone():
    g = game([ship("a", 5, "orme"), ship("g", 5, "skarth", nation="Germany"),
              ship("c", 5, "skarth")], ["0801", "1201"])
    refused("AW-47", g, "base_change", ships=["g"], to="orme")
    refused("AW-47", g, "base_change", ships=["a", "c"], to="fenmouth")
    refused("AW-47", g, "base_change", ships=["a"], to="orme")
    refused("AW-47", g, "base_change", ships=["a"], to="0802")


def test_aw49_forty_hexes_legal_forty_one_refused():
    g = game([ship("o", 5, "orme"), ship("p", 5, "portlow")],
             ["0801", "0612", "4601", "4201"])
    # The range is movement's (AW-81 says it for base changes and displacement alike).
    err = refused("AW-81", g, "base_change", ships=["p"], to="harla")
    assert err.reason == "Portlow to Harla: hex 4201 is 41 hexes away; at most 40 may be spent"
    declare(g, (["o"], "eastwick"))
    assert base_of(g, "o") == "eastwick"


def test_aw49_destination_taken_during_the_movement_phase_is_refused():
    g = game([ship("o", 5, "orme")], ["0801"], ["1201"])
    play(g, "set_control", hex="1201", power="Britain")
    err = refused("AW-49", g, "base_change", ships=["o"], to="skarth")
    assert err.reason == "Skarth was not held by the Allies when the movement phase began"
    # and the other way round: lost during the phase, held at its start — still legal
    g = game([ship("o", 5, "orme")], ["0801", "1201"])
    play(g, "set_control", hex="1601", power="Germany")
    declare(g, (["o"], "skarth"))
    assert base_of(g, "o") == "skarth"
    # held when the phase began but the enemy's now: refused too (a reading, AW-52's order)
    g = game([ship("o", 5, "orme")], ["0801", "1201"])
    play(g, "set_control", hex="1201", power="Germany")
    err = refused("AW-49", g, "base_change", ships=["o"], to="skarth")
    assert err.reason == "Skarth is held by Germany now"


def test_aw50_boxes_are_origins_and_destinations_aw51_not_inverted_in_one_theatre():
    g = game([ship("o", 5, "orme"), ship("u", 5, "atlantic-us")], ["0801"])
    declare(g, (["o"], "atlantic-us"), (["u"], "orme"))
    assert (base_of(g, "o"), base_of(g, "u")) == ("atlantic-us", "orme")
    assert summary(g)["ships"]["o"]["inverted"] is False
    assert summary(g)["ships"]["u"]["inverted"] is False


def test_aw51_box_to_box_inverts_for_the_player_turn():
    g = game([ship("u", 5, "atlantic-us"), ship("v", 5, "atlantic-us", inverted=True)],
             ["0801"])
    record = declare(g, (["u", "v"], "pacific-us"))
    assert g.state.ships["u"].inverted and g.state.ships["u"].held_inverted
    assert g.state.ships["v"].held_inverted  # inverted already: stays so
    assert [e.clause for e in record.events] == ["AW-47", "AW-51"]  # no hex entered


def test_aw52_base_changes_only_in_the_movement_phase():
    g = game([ship("o", 5, "orme")], ["0801", "1201"], phase="combat")
    err = refused("AW-47", g, "base_change", ships=["o"], to="skarth")
    assert "movement phase" in err.reason


# ---- AW-04, AW-48: a beaten base change; AW-05 a failed NR --------------------------------------
def aw04_game() -> Any:
    """Orme (P) 50: p1 20 leaves for Skarth (Q) while r1 20 comes from Westhaven (R)."""
    ships = [ship("p1", 20, "orme"), ship("p2", 10, "orme"), ship("p3", 10, "orme"),
             ship("p4", 10, "orme"), ship("r1", 20, "westhaven")]
    g = game(ships, ["0501", "0801", "1201"])
    declare(g, (["p1"], "skarth"), (["r1"], "orme"))
    assert load(g, "orme") == 50
    return g


def test_aw04_beaten_back_to_70_twenty_unusable_then_twenty_eliminated():
    g = aw04_game()
    events = bases.beaten(g.state, ["p1"], no_dice())
    assert [e.clause for e in events] == ["AW-48", "AW-04"]
    assert base_of(g, "p1") == "orme" and load(g, "orme") == 70
    assert g.state.ships["p1"].inverted and g.state.ships["p1"].held_inverted
    assert summary(g)["ports"]["orme"]["over"] == 20
    assert summary(g)["asked"] == {"side": "Allies", "kind": "mark_unusable",
                                   "clause": "AW-04"}
    refused("AW-04", g, "mark_unusable", ships=["p2"])  # 10 < 20
    refused("AW-04", g, "mark_unusable", ships=["p2", "p3", "p4"])  # p4 not needed
    refused("AW-04", g, "base_change", ships=["p2"], to="skarth")  # the game waits
    play(g, "mark_unusable", ships=["p2", "p3"])
    assert summary(g)["asked"] is None
    assert [s for s, v in summary(g)["ships"].items() if v["unusable"]] == ["p2", "p3"]
    refused("AW-04", g, "base_change", ships=["p2"], to="skarth")
    play(g, "end_phase")  # movement → combat
    play(g, "end_phase")  # combat → redeployment
    record = play(g, "end_phase")  # redeployment ends: still 70
    assert [e.clause for e in record.events if e.kind == "Overstacked"] == ["AW-04"]
    past_uninversion(g)
    assert summary(g)["asked"]["kind"] == "eliminate_excess"
    refused("AW-04", g, "eliminate_excess", ships=["p1", "p2"])  # p2 not needed
    record = play(g, "eliminate_excess", ships=["r1"])
    # then, the elimination done, the end-of-turn uninversion (employment's AW-249)
    assert [(e.kind, e.clause) for e in record.events] == [("UnitLost", "AW-04"),
                                                           ("ResultAwaited", "AW-249")]
    assert summary(g)["ships"]["r1"] == {"base": None, "factors": 20, "inverted": False,
                                         "unusable": False, "eliminated": True}
    assert load(g, "orme") == 50 and summary(g)["asked"] is None


def test_aw04_unusable_ends_with_the_player_turn():
    g = aw04_game()
    bases.beaten(g.state, ["p1"], no_dice())
    play(g, "mark_unusable", ships=["r1"])
    for _ in range(3):
        play(g, "end_phase")
    past_uninversion(g)
    play(g, "eliminate_excess", ships=["p2", "p3"])
    past_uninversion(g)
    play(g, "end_phase")  # construction ends: the Allied player turn is over
    assert not any(v["unusable"] for v in summary(g)["ships"].values())


def test_aw48_back_even_into_an_overstack_and_not_asked_when_within_capacity():
    g = game([ship("a", 20, "orme"), ship("b", 20, "orme")], ["0801", "1201"])
    declare(g, (["a"], "skarth"))
    events = bases.beaten(g.state, ["a"], no_dice())
    assert [e.clause for e in events] == ["AW-48"]
    assert base_of(g, "a") == "orme" and load(g, "orme") == 40
    assert summary(g)["asked"] is None


def test_aw05_failed_nr_overstack_eliminated_at_once():
    g = game([ship("a", 45, "orme"), ship("n", 10, "skarth")], ["0801", "1201"],
             phase="redeployment")
    refused("AW-05", g, "nr_failed", ships=["n"], to="fenmouth")  # not held
    record = play(g, "nr_failed", ships=["n"], to="orme")
    assert [(e.kind, e.clause) for e in record.events] == [("NrFailed", "AW-05"),
                                                           ("Overstacked", "AW-05")]
    assert summary(g)["asked"] == {"side": "Allies", "kind": "eliminate_excess",
                                   "clause": "AW-05"}
    play(g, "eliminate_excess", ships=["n"])
    assert load(g, "orme") == 45 and g.state.ships["n"].eliminated


def test_a_choice_nobody_asked_for_is_refused():
    g = game([ship("a", 5, "orme")], ["0801"])
    with pytest.raises(IllegalAction) as info:
        play(g, "mark_unusable", ships=["a"])
    assert info.value.clause == "AW-04"


# ---- AW-08, AW-09, AW-10, AW-246: port counters ------------------------------------------------
def island_sea(**more: Any) -> Game[Any]:
    """The demo sea with Pacific island groups: Skerry (1006), Ree (1409) and Holm (1809)
    one-hex Marshalls, Attu (2209) a one-hex Aleutian, Longholm (2609–2610) a two-hex
    Marshall, Portisle (1406) a one-hex Marshall with a printed port. The U.S. builds, in
    its construction phase of Spring 1942 (turn 1), holding every island."""
    doc = with_features(
        demo_sea_doc(),
        {"kind": "region", "id": "marshalls", "name": "Marshalls", "group": "marshalls",
         "places": ["1006", "1409", "1809", "2609", "2610", "1406"]},
        {"kind": "region", "id": "ree", "name": "Ree", "island": "one-hex",
         "places": ["1409"]},
        {"kind": "region", "id": "holm", "name": "Holm", "island": "one-hex",
         "places": ["1809"]},
        {"kind": "region", "id": "portisle", "name": "Portisle", "island": "one-hex",
         "places": ["1406"]},
        {"kind": "region", "id": "attu", "name": "Attu", "island": "one-hex",
         "group": "aleutians", "places": ["2209"]},
        {"kind": "port", "id": "islport", "name": "Islport", "hex": "1406", "capacity": 50},
        coast=("1409", "1809", "2209", "1406"))
    board = board_from_json(doc, "awaw-islands")
    data = scenario([], [], phase="construction", season="Spring", year=1942, turn=1)
    data["nations"] = ["USA", "Japan", "Britain", "Germany"]
    data["control"] = {"USA": ["1006", "1409", "1809", "2209", "2609", "2610", "1406"],
                       "Britain": ["0801"]}
    data.update(more)
    return Game(RULESET, state_from_scenario(data, board, "islands"), 1)


def test_aw09_one_a_turn_two_a_year_from_1942_us_and_japan_only():
    g = island_sea()
    play(g, "build_port", hex="1006", nation="USA")
    assert "port-counter-1006" in summary(g)["ports"]
    err = refused("AW-09", g, "build_port", hex="1409", nation="USA")
    assert err.reason == "USA has built 1 port counter this turn already"
    g = island_sea(turn=2, season="Summer",
                   built_ports=[{"hex": "1006", "nation": "USA", "year": 1942, "turn": 1}])
    play(g, "build_port", hex="1409", nation="USA")
    g = island_sea(turn=3, season="Fall",
                   built_ports=[{"hex": "1006", "nation": "USA", "year": 1942, "turn": 1},
                                {"hex": "1409", "nation": "USA", "year": 1942, "turn": 2}])
    err = refused("AW-09", g, "build_port", hex="1809", nation="USA")
    assert err.reason == "USA has built 2 port counters in 1942 already"
    refused("AW-09", island_sea(year=1941), "build_port", hex="1006", nation="USA")
    refused("AW-09", island_sea(), "build_port", hex="1006", nation="Britain")
    refused("AW-09", island_sea(phase="movement"), "build_port", hex="1006", nation="USA")


def test_aw10_where_a_port_counter_may_stand():
    g = island_sea()
    refused("AW-10", g, "build_port", hex="2209", nation="USA")  # Aleutians
    refused("AW-246", g, "build_port", hex="0801", nation="USA")  # Orme: a printed port
    refused("AW-10", g, "build_port", hex="2609", nation="USA")  # two-hex island
    refused("AW-10", g, "build_port", hex="1210", nation="USA")  # open sea
    refused("AW-10", island_sea(unsupplied=["1006"]), "build_port", hex="1006", nation="USA")
    g = island_sea()
    g.state.control["1006"] = "Britain"  # an ally's island is not enough
    refused("AW-10", g, "build_port", hex="1006", nation="USA")
    g = island_sea()
    del g.state.control["1809"]
    g.state.snapshot("turn", "movement", "phase")  # not held when the player turn began
    g.state.control["1809"] = "USA"
    err = refused("AW-10", g, "build_port", hex="1809", nation="USA")
    assert err.reason == "hex 1809 was not held by USA when its player turn began"
    g = island_sea(built_ports=[{"hex": "1006", "nation": "USA", "year": 1941}])
    refused("AW-10", g, "build_port", hex="1006", nation="USA")


def test_aw246_no_counter_beside_a_printed_port_unless_the_option_allows():
    refused("AW-246", island_sea(), "build_port", hex="1406", nation="USA")
    g = island_sea(options={"one_port_per_hex_strict": False})
    play(g, "build_port", hex="1406", nation="USA")
    assert summary(g)["ports"]["islport"] == {"load": 0, "capacity": 100, "over": 0,
                                              "fronts": ["western"]}


def test_aw08_a_counter_built_is_a_port_at_once():
    g = island_sea(ships=[ship("u", 9, "atlantic-us", nation="USA")])
    play(g, "build_port", hex="1006", nation="USA")
    assert ports.capacity(g.state, "port-counter-1006") == 50
    assert ports.held_by(g.state, "port-counter-1006", "Allies")
    assert ports.all_bases(g.state)[-1] == "port-counter-1006"


# ---- what bases offers legal_actions ------------------------------------------------------------
def test_legal_actions_offer_the_one_covering_choice_while_asked():
    g = aw04_game()
    bases.beaten(g.state, ["p1"], no_dice())
    assert [a.to_json() for a in g.ruleset.legal_actions(g.state)] == [
        {"kind": "mark_unusable", "ships": ["p1"]}]


def test_legal_actions_offer_base_changes_to_the_nearest_ports():
    g = game([ship("o", 5, "orme")], ["0801", "0501", "1201", "1601"])
    offered = [a.to_json() for a in g.ruleset.legal_actions(g.state)
               if a.kind == "base_change"]
    assert offered == [{"kind": "base_change", "ships": ["o"], "to": "skarth"},
                       {"kind": "base_change", "ships": ["o"], "to": "westhaven"},
                       {"kind": "base_change", "ships": ["o"], "to": "atlantic-us"}]


def test_aw04_the_catalogues_case_played_through_an_interception():
    """P 50; 20 leave for Q while 20 arrive from R; the 20 leaving are intercepted and
    beaten → P 70 → 20 factors unusable; still 70 when redeployment ends → 20 eliminated."""
    ships = [ship("p1", 20, "orme"), ship("p2", 10, "orme"), ship("p3", 10, "orme"),
             ship("p4", 10, "orme"), ship("r1", 20, "westhaven"),
             ship("raider", 5, "fenmouth", nation="Germany")]
    g = game(ships, ["0501", "0801", "1201"], ["1601"])
    declare(g, (["p1"], "skarth"), (["r1"], "orme"))
    assert (load(g, "orme"), load(g, "skarth"), g.state.to_move) == (50, 20, "Axis")
    play(g, "intercept", ships=["raider"], target="p1", hex="1102")
    play(g, "interception_result", intercepted=True, mover_beaten=True)
    record = play(g, "accept_result")
    assert [e.clause for e in record.events if e.kind in ("BaseChangeFailed", "Overstacked")] \
        == ["AW-48", "AW-04"]
    assert (base_of(g, "p1"), load(g, "orme"), load(g, "skarth")) == ("orme", 70, 0)
    assert g.state.to_move == "Allies" and summary(g)["asked"]["kind"] == "mark_unusable"
    play(g, "mark_unusable", ships=["p2", "p3"])
    assert g.state.to_move == "Axis"  # r1's base change may still be intercepted
    play(g, "pass_interception")
    for _ in range(3):  # movement, combat, redeployment end
        play(g, "end_phase")
    assert summary(g)["asked"]["kind"] == "eliminate_excess"
    play(g, "eliminate_excess", ships=["r1"])
    assert load(g, "orme") == 50
    assert {s: v["base"] for s, v in summary(g)["ships"].items()} == {
        "p1": "orme", "p2": "orme", "p3": "orme", "p4": "orme", "r1": None,
        "raider": "fenmouth"}


def test_aw49_pacific_twenty_legal_twenty_one_refused():
    data = {"mineboard_scenario": 1, "ruleset": "awaw-naval", "map": "awaw-demo-pacific",
            "title": "AW-49 Pacific", "nations": ["USA", "Japan"], "side": "Axis",
            "ships": [ship("k", 9, "kure", nation="Japan"), ship("m", 9, "kure",
                                                                  nation="Japan")],
            "control": {"Japan": ["0417", "2414", "2514"]}}
    g = scenario_from_data(data, "pacific", maps_dir() / "scenarios").new_game(1)
    err = refused("AW-81", g, "base_change", ships=["m"], to="lisianski")
    assert "21" in err.reason and "20" in err.reason
    play(g, "base_change", ships=["k"], to="marcus")
    assert base_of(g, "k") == "marcus"


def test_aw51_sw_box_and_theatre_rules():
    doc = with_features(
        demo_sea_doc(),
        {"kind": "box", "id": "sw-atlantic", "name": "Atlantic SW box", "sw": True,
         "links": ["0402", "0403"], "link_cost": 2},
        {"kind": "region", "id": "far-east", "name": "Far East", "theatre": "pacific",
         "places": ["4601", "eastwick"]})
    state = state_from_scenario(scenario([], []), board_from_json(doc, "sw"), "aw51")
    assert basechange.inverts(state, "sw-atlantic", "orme")         # SW box → a port
    assert not basechange.inverts(state, "orme", "sw-atlantic")     # into an SW box
    assert not basechange.inverts(state, "atlantic-us", "sw-atlantic")
    assert basechange.inverts(state, "atlantic-us", "pacific-us")   # box → box
    assert basechange.inverts(state, "dunmere", "eastwick")         # Europe → Pacific
    assert not basechange.inverts(state, "orme", "skarth")          # port → port
    assert not basechange.inverts(state, "orme", "atlantic-us")     # port → box
    assert not basechange.inverts(state, "atlantic-us", "orme")     # box → port


def test_aw08_a_captured_counter_serves_its_captor_at_once():
    data = {"mineboard_scenario": 1, "ruleset": "awaw-naval", "map": "awaw-demo-pacific",
            "title": "AW-08 captured", "nations": ["USA", "Japan"], "side": "Axis",
            "ships": [ship("j", 9, "eniwetok", nation="Japan")],
            "built_ports": [{"hex": "2218", "nation": "USA", "year": 1942, "turn": 1}],
            "control": {"Japan": ["2506"], "USA": ["2218"]}}
    g = scenario_from_data(data, "pacific", maps_dir() / "scenarios").new_game(1)
    assert ports.held_by(g.state, "port-counter-2218", "Allies")
    play(g, "set_control", hex="2218", power="Japan")  # Kwajalein's counter captured
    assert ports.held_by(g.state, "port-counter-2218", "Axis")
    play(g, "set_control", hex="2506", power="USA")  # Eniwetok falls the same turn
    assert base_of(g, "j") == "port-counter-2218"
    assert summary(g)["ports"]["port-counter-2218"]["load"] == 9


def test_aw50_each_nation_of_an_order_judged_the_us_box_serves_western_allies_only():
    data = scenario([ship("brit", 5, "orme"), ship("red", 5, "orme", nation="USSR")],
                    ["0801"])
    data["nations"] = ["Britain", "Germany", "USSR"]
    g = scenario_from_data(data, "aw50", maps_dir() / "scenarios").new_game(1)
    err = refused("AW-41", g, "base_change", ships=["brit", "red"], to="atlantic-us")
    assert err.reason.startswith("Orme to Atlantic U.S.:")
    play(g, "base_change", ships=["brit"], to="atlantic-us")
    assert base_of(g, "brit") == "atlantic-us"


def test_legal_actions_offer_port_counters_on_the_builders_islands():
    data = {"mineboard_scenario": 1, "ruleset": "awaw-naval", "map": "awaw-demo-pacific",
            "title": "offers", "nations": ["USA", "Japan"], "side": "Allies",
            "phase": "construction", "ships": [],
            "control": {"USA": ["2218", "1803", "3630"], "Japan": ["2419"]}}
    g = scenario_from_data(data, "pacific", maps_dir() / "scenarios").new_game(1)
    assert [a.to_json() for a in g.ruleset.legal_actions(g.state)
            if a.kind == "build_port"] == [{"kind": "build_port", "hex": "2218",
                                            "nation": "USA"}]


def test_aw47_a_ship_at_sea_on_an_operation_does_not_change_base():
    g = game([ship("p", 5, "orme"), ship("q", 5, "orme")], ["0801", "1201"])
    play(g, "operate", activity="patrol", ships=["p"], target="1004")
    err = refused("AW-47", g, "base_change", ships=["p"], to="skarth")
    assert err.reason == "p is at sea on an operation, not in port"
    play(g, "base_change", ships=["q"], to="skarth")
    assert base_of(g, "q") == "skarth"
