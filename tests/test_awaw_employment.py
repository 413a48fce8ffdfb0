"""awaw-naval employment: task forces (AW-65), carriers and fast fleet (AW-66, AW-67), one
operation per player turn and inversion (AW-63, AW-64), damaged and newly built units (AW-68,
AW-74), transports after an abort (AW-69), base change then operation (AW-70), no sortie and
target hexes (AW-71), returns (AW-72, AW-73), cargo (AW-75), the boxes' limits (AW-17…AW-26)
and uninversion (AW-249) — exact states after scripted play on the demo sea."""

from __future__ import annotations

from typing import Any

from mineboard.core.game import Game
from tests.awaw_bases_helpers import game, ship, summary
from tests.conftest import play, refused

PORTS = ["0501", "0612", "0801", "1201", "1601", "2401"]


def g_of(ships: list[dict[str, Any]], german: list[str] | tuple[str, ...] = (),
         **more: Any) -> Game[Any]:
    return game(ships, [p for p in PORTS if p not in german], german, **more)


def operate(g: Game[Any], ships: list[str], activity: str = "patrol", target: str = "1206",
            **more: Any) -> Any:
    return play(g, "operate", activity=activity, ships=ships, target=target, **more)


def de_ship(ident: str, factors: int, base: str, **more: Any) -> dict[str, Any]:
    return ship(ident, factors, base, nation="Germany", **more)


def end_phase(g: Game[Any], times: int = 1) -> None:
    for _ in range(times):
        play(g, "end_phase")


# ---- AW-65 task forces ----------------------------------------------------------------------
def test_aw65_nine_factors_act_ten_need_a_task_force():
    g = g_of([ship("a", 5, "orme"), ship("b", 4, "orme"), ship("c", 1, "orme")])
    err = refused("AW-65", g, "operate", activity="patrol", ships=["a", "b", "c"],
                  target="1206")
    assert err.reason == ("10 factors outside any task force; a force of 10 factors or more "
                          "must be grouped in a TF first")
    operate(g, ["a", "b"])
    assert summary(g)["operations"]["op1"]["ships"] == ["a", "b"]


def test_aw65_ten_factors_in_one_task_force_act():
    g = g_of([ship("a", 5, "orme"), ship("b", 4, "orme"), ship("c", 1, "orme")])
    play(g, "form_task_force", ships=["a", "b", "c"])
    assert summary(g)["task_forces"] == {"tf1": ["a", "b", "c"]}
    operate(g, ["a", "b", "c"])
    assert summary(g)["employment"]["c"]["operated"] is True


def test_aw65_task_force_is_formed_in_one_port():
    g = g_of([ship("a", 5, "orme"), ship("b", 4, "skarth")])
    err = refused("AW-65", g, "form_task_force", ships=["a", "b"])
    assert err.reason.startswith("a task force is formed in one port or box")


# ---- AW-66, AW-67 carriers -------------------------------------------------------------------
def carriers(fleet: list[dict[str, Any]]) -> Game[Any]:
    return g_of([ship("cv", 6, "orme", type_="carrier", tf="t"),
                 *[dict(f, tf="t") for f in fleet]])


def test_aw66_six_carrier_factors_need_six_fast_fleet_factors():
    g = carriers([ship("f5", 5, "orme")])
    err = refused("AW-66", g, "operate", activity="patrol", ships=["cv", "f5"], target="1206")
    assert err.reason == ("6 fast carrier factors need at least 6 fast fleet factors with "
                          "them; the force has 5")
    g = carriers([ship("f6", 6, "orme")])
    operate(g, ["cv", "f6"])
    assert summary(g)["operations"]["op1"]["at_sea"] == ["cv", "f6"]


def test_aw66_slow_fleet_factors_do_not_count():
    g = carriers([ship("f4", 4, "orme"), ship("bb", 2, "orme", type_="battleship")])
    err = refused("AW-66", g, "operate", activity="patrol", ships=["cv", "f4", "bb"],
                  target="1206")
    assert err.reason.endswith("the force has 4 (2 slow fleet factors do not count)")


def split_game() -> Game[Any]:
    g = g_of([ship("cv4", 4, "orme", type_="carrier", tf="t"),
              ship("cv2", 2, "orme", type_="carrier", tf="t"),
              ship("f2", 2, "orme", tf="t"), ship("f4", 4, "orme", tf="t")])
    operate(g, ["cv4", "cv2", "f2", "f4"])
    return g


def test_aw67_a_split_keeps_the_ratio_in_each_part():
    g = split_game()
    err = refused("AW-67", g, "split_force", operation="op1", ships=["cv4", "f2"])
    assert err.reason.startswith("a force splits only if each part keeps the ratio: 4 fast "
                                 "carrier factors need at least 4")
    g = g_of([ship(f"cv{i}", 3, "orme", type_="carrier", tf="t") for i in (1, 2)]
             + [ship(f"f{i}", 3, "orme", tf="t") for i in (1, 2)])
    operate(g, ["cv1", "cv2", "f1", "f2"])
    play(g, "split_force", operation="op1", ships=["cv1", "f1"])
    ops = summary(g)["operations"]
    assert ops["op1"]["at_sea"] == ["cv2", "f2"] and ops["op2"]["at_sea"] == ["cv1", "f1"]


def test_aw67_fleet_losses_after_the_start_do_not_cancel_the_mission():
    g = g_of([ship("cv", 6, "orme", type_="carrier", tf="t"),
              ship("f4", 4, "orme", tf="t"), ship("f2", 2, "orme", tf="t"),
              de_ship("m", 4, "marrow")], german=["1512"])
    operate(g, ["cv", "f4", "f2"], "patrol", "1206")
    play(g, "intercept", ships=["m"], target="cv", hex="1206")
    play(g, "interception_result", intercepted=True, mover_sunk="f4")
    play(g, "accept_result")
    op = summary(g)["operations"]["op1"]
    assert op["at_sea"] == ["cv", "f2"] and op["aborted"] is False and op["fought"] is True


# ---- AW-63, AW-64, AW-68, AW-74 -------------------------------------------------------------
def test_aw63_a_sea_transport_in_movement_then_an_invasion_in_combat_is_refused():
    g = g_of([ship("dd", 4, "orme", type_="destroyer")])
    operate(g, ["dd"], "sea_transport", "skarth", cargo=[{"kind": "ground", "factors": 4}])
    assert g.state.ships["dd"].inverted and g.state.ships["dd"].operated
    end_phase(g)
    err = refused("AW-63", g, "operate", activity="invasion", ships=["dd"], target="1106")
    assert err.reason == "dd has carried out its one operation this player turn"


def test_aw64_an_inverted_unit_may_not_operate():
    g = g_of([ship("a", 4, "orme", inverted=True), ship("b", 4, "orme", held_inverted=True)])
    assert refused("AW-64", g, "operate", activity="patrol", ships=["a"],
                   target="1206").reason == "a is inverted"
    assert refused("AW-64", g, "operate", activity="patrol", ships=["b"], target="1206"
                   ).reason == "b is inverted (it stays so until the end of the player turn)"


def test_aw68_damaged_and_aw74_newly_built_units_do_not_operate():
    g = g_of([ship("d", 4, "orme", damaged=True), ship("n", 4, "orme", new=True)])
    refused("AW-68", g, "operate", activity="patrol", ships=["d"], target="1206")
    refused("AW-74", g, "operate", activity="patrol", ships=["n"], target="1206")


# ---- AW-69 transports after an abort ---------------------------------------------------------
def test_aw69_no_transport_to_a_zone_after_an_aborted_transport_activity():
    g = g_of([ship("tp", 2, "orme", type_="transport"), ship("tq", 2, "orme",
                                                             type_="transport")])
    operate(g, ["tp"], "supply_protection", "skarth", supply_zone="north")
    play(g, "abort_operation", operation="op1")
    assert summary(g)["transport_bans"] == ["Allies:north"]
    err = refused("AW-69", g, "operate", activity="supply_protection", ships=["tq"],
                  target="fenmouth", supply_zone="north")
    assert "aborted this player turn" in err.reason
    operate(g, ["tq"], "supply_protection", "fenmouth", supply_zone="south")


# ---- AW-70 base change then operation ------------------------------------------------------
def test_aw70_a_base_change_then_a_patrol_is_refused_a_transport_allowed():
    g = g_of([ship("dd", 4, "orme", type_="destroyer"), ship("de", 4, "orme",
                                                             type_="destroyer")])
    play(g, "batch", members=[{"kind": "base_change", "ships": ["dd", "de"], "to": "skarth"}])
    err = refused("AW-70", g, "operate", activity="patrol", ships=["dd"], target="1206")
    assert err.reason == "dd changed base this movement phase and may not patrol in it"
    operate(g, ["de"], "sea_transport", "fenmouth", cargo=[{"kind": "ground", "factors": 4}])


# ---- AW-71 target hexes and sorties ------------------------------------------------------------
def test_aw71_through_one_invasion_target_to_another_when_a_way_round_exists():
    g = g_of([ship("a", 4, "orme", type_="destroyer"), ship("b", 4, "orme", type_="destroyer")],
             phase="combat")
    operate(g, ["a"], "invasion", "0906")
    err = refused("AW-71", g, "operate", activity="invasion", ships=["b"], target="1306",
                  via=["0906"])
    assert err.reason == ("the route passes hex 0906, the target of a sea transport or "
                          "invasion this phase, though a route avoiding it exists")
    operate(g, ["b"], "invasion", "1306")


def test_aw71_back_in_base_no_sortie_in_the_same_phase():
    g = g_of([ship("a", 4, "skarth", type_="destroyer")])
    g.state.ships["a"].base = "skarth"
    operate(g, ["a"], "sea_transport", "fenmouth", cargo=[{"kind": "ground", "factors": 2}])
    play(g, "return_to_base", operation="op1", ships=["a"], to="skarth")
    g.state.ships["a"].operated = g.state.ships["a"].inverted = False  # an SW-like stand-in
    err = refused("AW-71", g, "operate", activity="sea_transport", ships=["a"],
                  target="fenmouth")
    assert err.reason == "a came back to its base this phase and may not sortie again in it"


# ---- AW-72, AW-73 returns ----------------------------------------------------------------------
def test_aw72_return_within_20_hexes_of_the_activity_and_not_to_a_port_taken_this_turn():
    g = g_of([ship("a", 4, "skarth")], german=["2401"])
    operate(g, ["a"], "patrol", "2202")
    play(g, "set_control", hex="2401", power="Britain")
    err = refused("AW-72", g, "return_to_base", operation="op1", ships=["a"], to="westhaven")
    assert err.reason == ("Westhaven is 21 hexes from the activity's place hex 2202; another "
                          "base must lie within 20 in Europe")
    err = refused("AW-72", g, "return_to_base", operation="op1", ships=["a"], to="calder")
    assert err.reason == "Calder was not held by Allies when the player turn began"
    play(g, "return_to_base", operation="op1", ships=["a"], to="portlow")
    assert g.state.ships["a"].base == "portlow"
    assert summary(g)["operations"]["op1"]["at_sea"] == []


def test_aw73_a_failed_sea_escort_goes_back_to_its_origin_only():
    g = g_of([ship("a", 4, "orme", type_="destroyer"), ship("b", 4, "orme",
                                                             type_="destroyer")],
             phase="redeployment")
    operate(g, ["a"], "sea_escort", "skarth", cargo=[{"kind": "ground", "factors": 4}])
    operate(g, ["b"], "sea_escort", "skarth", cargo=[{"kind": "ground", "factors": 4}])
    play(g, "abort_operation", operation="op1")
    err = refused("AW-73", g, "return_to_base", operation="op1", ships=["a"], to="fenmouth")
    assert err.reason == ("a goes back to its base of origin Orme after a failed sea escort")
    play(g, "return_to_base", operation="op1", ships=["a"], to="orme")
    play(g, "return_to_base", operation="op2", ships=["b"], to="fenmouth")
    assert (g.state.ships["a"].base, g.state.ships["b"].base) == ("orme", "fenmouth")


def test_aw73_in_combat_a_base_an_enemy_invasion_targets_only_if_sole():
    g = g_of([ship("a", 4, "skarth"), de_ship("g", 4, "marrow", type_="destroyer")],
             german=["1512"], side="Axis", phase="combat")
    play(g, "operate", activity="invasion", ships=["g"], target="skarth")
    play(g, "intercept", ships=["a"], target="g", hex="1202")
    play(g, "interception_result", intercepted=True)
    play(g, "accept_result")
    err = refused("AW-73", g, "return_to_base", operation="op2", ships=["a"], to="skarth")
    assert err.reason.startswith("Skarth is the target of an enemy seaborne invasion; it may "
                                 "be chosen only as the sole base left")
    play(g, "return_to_base", operation="op2", ships=["a"], to="orme")


def test_aw72_ships_at_sea_end_the_phase_at_their_origin():
    g = g_of([ship("a", 4, "orme")])
    operate(g, ["a"], "patrol", "1206")
    end_phase(g)
    assert g.state.ships["a"].base == "orme" and summary(g)["operations"]["op1"]["at_sea"] == []


def test_aw70_a_base_change_that_wins_its_combat_then_invades():
    g = g_of([ship("dd", 4, "orme", type_="destroyer"), de_ship("m", 4, "marrow")],
             german=["1512"])
    play(g, "batch", members=[{"kind": "base_change", "ships": ["dd"], "to": "skarth"}])
    if summary(g)["intercepting"] is None:
        from mineboard.rules.awaw_naval import interception
        interception.offer(g.state, "base_change", ["dd"], "orme", "skarth")
    play(g, "intercept", ships=["m"], target="dd", hex="1102")
    play(g, "interception_result", intercepted=True, interceptors_sunk="m")
    play(g, "accept_result")
    end_phase(g)
    operate(g, ["dd"], "invasion", "1306")
    assert g.state.ships["dd"].base == "skarth"
    assert summary(g)["operations"]["op2"]["ships"] == ["dd"]


def test_aw72_a_base_of_origin_lost_while_at_sea_is_no_return():
    g = g_of([ship("a", 4, "orme")], german=["1512"])
    operate(g, ["a"], "patrol", "1206")
    play(g, "set_control", hex="0801", power="Germany")
    err = refused("AW-72", g, "return_to_base", operation="op1", ships=["a"], to="orme")
    assert err.reason == "Orme, a's base of origin, is no longer held by Allies"
    end_phase(g)
    assert g.state.ships["a"].base == "skarth"


# ---- AW-75 cargo -----------------------------------------------------------------------------
def test_aw75_six_ground_factors_split_four_and_two_or_all_to_one_tf():
    ships = [ship("d1", 2, "orme", type_="destroyer", tf="tf1"),
             ship("d2", 2, "orme", type_="destroyer", tf="tf1"),
             ship("d3", 2, "orme", type_="destroyer", tf="tf2")]
    g = g_of(ships)
    err = refused("AW-75", g, "operate", activity="sea_transport", ships=["d1", "d2", "d3"],
                  target="skarth", cargo=[{"kind": "ground", "factors": 6, "to": "tf1"}])
    assert err.reason == ("task force tf1 can carry 4 ground factors, not 6 (it needs 6 "
                          "destroyer factors or 2 transports)")
    operate(g, ["d1", "d2", "d3"], "sea_transport", "skarth",
            cargo=[{"kind": "ground", "factors": 4, "to": "tf1"},
                   {"kind": "ground", "factors": 2, "to": "tf2"}])


def test_aw75_sea_supply_protection_goes_to_a_single_task_force():
    g = g_of([ship("a", 5, "orme", tf="t1"), ship("b", 5, "orme", tf="t1"),
              ship("c", 5, "orme", tf="t2"), ship("d", 5, "orme", tf="t2")])
    err = refused("AW-75", g, "operate", activity="supply_protection",
                  ships=["a", "b", "c", "d"], target="skarth")
    assert err.reason == "sea supply protection is assigned to a single task force"
    operate(g, ["a", "b"], "supply_protection", "skarth")


# ---- AW-17…AW-26 boxes -----------------------------------------------------------------------
def test_aw17_atlantic_box_transports_to_a_western_front_port_only():
    g = g_of([ship("dd", 4, "atlantic-us", type_="destroyer")])
    err = refused("AW-17", g, "operate", activity="sea_transport", ships=["dd"],
                  target="calder")
    assert err.reason == "a sea transport from the Atlantic U.S. box may not go to Calder"
    operate(g, ["dd"], "sea_transport", "orme")


def test_aw18_aw19_us_box_carriers_only_with_an_invasion_and_no_patrols():
    g = g_of([ship("cv", 2, "atlantic-us", type_="carrier"), ship("f", 2, "atlantic-us"),
              ship("dd", 4, "atlantic-us", type_="destroyer")], phase="combat")
    refused("AW-19", g_of([ship("f", 2, "atlantic-us")]), "operate", activity="patrol",
            ships=["f"], target="0606")
    refused("AW-18", g, "operate", activity="carrier_mission", ships=["cv", "f"],
            target="0606")
    refused("AW-17", g, "operate", activity="invasion", ships=["dd"], target="2506")
    operate(g, ["dd"], "invasion", "0906")
    operate(g, ["cv", "f"], "carrier_mission", "0606", with_invasion="op1")


def test_aw25_south_africa_box_transports_only_to_its_listed_ports():
    g = g_of([ship("dd", 4, "south-africa", type_="destroyer")])
    err = refused("AW-25", g, "operate", activity="sea_transport", ships=["dd"],
                  target="kessel")
    assert err.reason == "a sea transport from the South Africa box may not go to Kessel"
    refused("AW-25", g, "operate", activity="patrol", ships=["dd"], target="4406")


def test_aw21_americans_left_out_of_the_raider_pool_before_war_with_germany():
    ships = [ship("us", 4, "atlantic-us", nation="USA"), ship("uk", 4, "atlantic-us")]
    data = {"nations": ["Britain", "Germany", "USA"]}
    g = g_of(ships, at_peace=[["Germany", "USA"]], **data)
    assert summary(g)["raider_pools"]["sw-atlantic"] == ["uk"]
    g = g_of(ships, **data)
    assert summary(g)["raider_pools"]["sw-atlantic"] == ["uk", "us"]


def test_aw21_american_ships_cover_nothing_bound_for_britain_before_war():
    ships = [ship("us", 4, "atlantic-us", nation="USA")]
    g = g_of(ships, nations=["Britain", "Germany", "USA"], at_peace=[["Germany", "USA"]])
    err = refused("AW-21", g, "operate", activity="supply_protection", ships=["us"],
                  target="orme")
    assert err.reason.startswith("the U.S. is not at war with Germany")
    g = g_of(ships, nations=["Britain", "Germany", "USA"])
    operate(g, ["us"], "supply_protection", "orme")


# ---- AW-223 the table -----------------------------------------------------------------------
def test_aw223_base_changes_are_no_operation_and_phases_hold():
    g = g_of([ship("a", 4, "orme")])
    refused("AW-223", g, "operate", activity="base_change", ships=["a"], target="skarth")
    refused("AW-223", g, "operate", activity="invasion", ships=["a"], target="1006")
    refused("AW-223", g, "operate", activity="ferry", ships=["a"], target="1006")


# ---- AW-249 uninversion -----------------------------------------------------------------------
def test_aw249_the_owner_uninverts_as_many_as_allowed_of_its_choice():
    g = g_of([ship("a", 4, "orme"), ship("b", 4, "orme"), ship("c", 4, "orme", new=True)])
    operate(g, ["a"])
    operate(g, ["b"], target="1106")
    end_phase(g, 3)  # to the construction phase
    assert g.state.awaiting is not None and g.state.awaiting.result == "uninversion_allowance"
    play(g, "uninversion_allowance", count=1)
    play(g, "accept_result")
    err = refused("AW-249", g, "uninvert", ships=["a", "b"])
    assert err.reason == "Allies may uninvert 1 more units, not 2"
    play(g, "uninvert", ships=["b"])
    end_phase(g)
    flags = summary(g)["employment"]
    assert [g.state.ships[s].inverted for s in "abc"] == [True, False, False]
    assert flags["a"]["operated"] is False and flags["c"]["new"] is False


# ---- the Pacific figures ---------------------------------------------------------------
def pacific(ships: list[dict[str, Any]], japanese: list[str], **more: Any) -> Game[Any]:
    from mineboard.persistence.scenario import scenario_from_data
    from mineboard.resources import maps_dir

    data = {"mineboard_scenario": 1, "ruleset": "awaw-naval", "map": "awaw-demo-pacific",
            "title": "employment test", "nations": ["Britain", "Japan", "USA"],
            "side": "Axis", "ships": ships, "control": {"Japan": japanese}, **more}
    return scenario_from_data(data, "employment test", maps_dir() / "scenarios").new_game(1)


def test_aw72_pacific_return_10_hexes_not_11_nor_a_port_taken_this_turn():
    g = pacific([ship("j", 4, "buna", nation="Japan")], ["1626", "0719", "1612", "1611"])
    play(g, "operate", activity="patrol", ships=["j"], target="1723")
    play(g, "set_control", hex="1526", power="Japan")
    err = refused("AW-72", g, "return_to_base", operation="op1", ships=["j"], to="truk")
    assert err.reason == ("Truk is 11 hexes from the activity's place hex 1723; another base "
                          "must lie within 10 in Pacific")
    err = refused("AW-72", g, "return_to_base", operation="op1", ships=["j"], to="samarai")
    assert err.reason == "Samarai was not held by Axis when the player turn began"
    play(g, "return_to_base", operation="op1", ships=["j"], to="manila")
    assert g.state.ships["j"].base == "manila"


def test_aw23_aw24_australia_and_india_box_ships_intercept():
    japanese = ["1626", "0719", "1612", "1611"]
    g = pacific([ship("j", 4, "buna", nation="Japan"), ship("au", 4, "australia")], japanese)
    play(g, "operate", activity="patrol", ships=["j"], target="2028")
    play(g, "intercept", ships=["au"], target="j", hex="2028")
    assert g.state.awaiting is not None and g.state.awaiting.enters == "Allies"
    g = pacific([ship("j", 4, "manila", nation="Japan"), ship("in", 4, "india")], japanese)
    play(g, "operate", activity="patrol", ships=["j"], target="0425")
    play(g, "intercept", ships=["in"], target="j", hex="0425")
    assert summary(g)["employment"]["in"]["operated"] is True


def test_aw249_units_held_inverted_may_be_chosen_as_the_turn_ends_unless_the_option_says_no(
        monkeypatch: Any):
    from dataclasses import replace

    from mineboard.rules.awaw_naval import uninversion
    g = g_of([ship("h", 4, "orme", held_inverted=True)])
    end_phase(g, 3)
    play(g, "uninversion_allowance", count=1)
    play(g, "accept_result")
    strict = replace(uninversion.employment_table(), held_may_uninvert=False)
    monkeypatch.setattr(uninversion, "employment_table", lambda: strict)
    err = refused("AW-249", g, "uninvert", ships=["h"])
    assert err.reason == "h is held inverted to the end of the turn"
    monkeypatch.undo()
    play(g, "uninvert", ships=["h"])
    assert not g.state.ships["h"].inverted
