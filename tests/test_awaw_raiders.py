"""awaw-naval raiders (AW-168…AW-197, AW-230…AW-235): the catalogue's test ideas and WE-08,
played on the raider demo map (``awaw-demo-raiders``: Wilhelmshaven, Bergen and Brest on the
western front, Suez with the canal and Ethiopia, Singapore, Madras, Colombo, Townsville,
Noumea, Suva, Honolulu, and the three SW boxes) with forced dice."""

from __future__ import annotations

import copy
from typing import Any

from mineboard.core.game import Game
from mineboard.persistence.scenario import scenario_from_data
from mineboard.resources import maps_dir
from mineboard.rules.awaw_naval.raid_engagement import greedy
from mineboard.rules.awaw_naval.raid_groups import raids
from tests.conftest import play, refused

CONTROL = {"Germany": ["0201", "0401", "0208"], "Italy": ["0601", "0801", "0802", "0807"],
           "Britain": ["0408", "0808"],
           "Japan": ["1001", "1101", "1201", "1008", "1108", "1208", "1301", "1401"]}


def ship(ident: str, nation: str, kind: str, factors: int, base: str, **more: Any) -> dict:
    return {"id": ident, "nation": nation, "type": kind, "factors": factors, "base": base,
            **more}


def game(ships: list[dict], war: bool = True, **more: Any) -> Game[Any]:
    data: dict[str, Any] = {
        "mineboard_scenario": 1, "ruleset": "awaw-naval", "map": "awaw-demo-raiders",
        "title": "raiders test", "nations": ["Britain", "Germany", "Italy", "Japan", "USA"],
        "side": "Axis", "phase": "combat", "ships": ships,
        "control": copy.deepcopy(CONTROL)}
    if not war:
        data["at_peace"] = [["Germany", "USA"]]
    data.update(more)
    return scenario_from_data(data, "raiders test", maps_dir() / "scenarios").new_game(1)


def raid(g: Game[Any], ships: list[str], box: str = "sw-atlantic", **more: Any) -> None:
    play(g, "operate", activity="raid", ships=ships, target=box, **more)
    if g.state.ledger.asked is not None:
        play(g, "pass_interception")


def raids_of(g: Game[Any]) -> dict[str, Any]:
    return g.ruleset.summary(g.state)["raids"]


BIS = ship("bis", "Germany", "fast_battleship", 4, "wilhelmshaven", name="Bismarck")
PE = ship("pe", "Germany", "cruiser", 2, "wilhelmshaven", name="Prinz Eugen")


# ---- AW-171 ----------------------------------------------------------------------------------
def japanese(port: str, n: int, prefix: str) -> list[dict]:
    return [ship(f"{prefix}{i}", "Japan", "cruiser", 2, port) for i in range(1, n + 1)]


def test_aw171_four_japanese_ships_from_singapore_are_refused():
    g = game(japanese("singapore", 4, "s"))
    raid(g, ["s1", "s2", "s3"], "sw-indian")
    err = refused("AW-171", g, "operate", activity="raid", ships=["s4"], target="sw-indian")
    assert err.reason == "at most 3 ships raid from Singapore a turn"


def test_aw171_three_from_singapore_and_three_from_madras_are_accepted():
    g = game(japanese("singapore", 3, "s") + japanese("madras", 3, "m"))
    raid(g, ["s1", "s2", "s3"], "sw-indian")
    raid(g, ["m1", "m2", "m3"], "sw-indian")
    assert [(r["rank"], r["ships"]) for r in raids_of(g).values()] == [
        (1, ["s1", "s2", "s3"]), (2, ["m1", "m2", "m3"])]


def test_aw171_italian_ships_from_suez_while_ethiopia_is_allied_are_refused():
    control = copy.deepcopy(CONTROL)
    control["Italy"].remove("0807")
    control["Britain"].append("0807")
    g = game([ship("zara", "Italy", "cruiser", 2, "suez")], control=control)
    err = refused("AW-171", g, "operate", activity="raid", ships=["zara"], target="sw-indian")
    assert err.reason == "zara may raid from Suez only while the Axis holds Ethiopia"


# ---- AW-173 ----------------------------------------------------------------------------------
def test_aw173_carrier_battleship_cruiser_legal_a_fourth_ship_or_second_carrier_not():
    g = game([ship("gz", "Germany", "carrier", 1, "wilhelmshaven"),
              ship("gz2", "Germany", "carrier", 1, "wilhelmshaven"), BIS, PE,
              ship("hip", "Germany", "cruiser", 2, "wilhelmshaven")])
    err = refused("AW-173", g, "operate", activity="raid", ships=["gz", "bis", "pe", "hip"],
                  target="sw-atlantic")
    assert "at most 3 ships" in err.reason and "are 4" in err.reason
    refused("AW-173", g, "operate", activity="raid", ships=["gz", "gz2", "bis"],
            target="sw-atlantic")
    raid(g, ["gz", "bis", "pe"])
    assert raids_of(g)["op1"]["ships"] == ["gz", "bis", "pe"]


# ---- AW-178 ----------------------------------------------------------------------------------
def test_aw178_die_three_at_minus_three_slips_through_undetected():
    g = game([BIS, PE, ship("lu", "Germany", "cruiser", 2, "wilhelmshaven"),
              ship("cve", "Britain", "cve", 5, "sw-atlantic")], war=False)
    raid(g, ["bis", "pe"])
    raid(g, ["lu"])
    play(g, "commit_raids", box="sw-atlantic")
    record = play(g, "oppose_raider", rolls=[3], group="op1")
    roll = next(e for e in record.events if e.kind == "RaiderTableRoll")
    assert (roll.data["die"], roll.data["modifier"], roll.data["result"]) == (3, -3, 0)
    assert raids_of(g)["op1"]["status"] == "undetected"
    assert raids_of(g)["op1"]["may_attack"] == ["bis", "pe"]
    refused("AW-178", g, "decline_raider", group="op1")


# ---- AW-180, AW-181, AW-183 on the table ---------------------------------------------------
def test_aw180_twenty_four_cves_and_the_war_give_plus_two_in_play():
    g = game([PE, ship("cve", "Britain", "cve", 24, "sw-atlantic")])
    raid(g, ["pe"])
    play(g, "commit_raids", box="sw-atlantic")
    play(g, "oppose_raider", rolls=[1, 1, 1, 1], group="op1")
    assert raids_of(g)["op1"]["modifier"] == 2 and raids_of(g)["op1"]["types"] == [1, 1, 1]


def test_aw181_singapore_four_cves_and_two_search_nas_sum_to_zero():
    g = game([ship("s1", "Japan", "cruiser", 2, "singapore"),
              ship("cve", "Britain", "cve", 4, "sw-indian")])
    raid(g, ["s1"], "sw-indian")
    play(g, "commit_raids", box="sw-indian")
    play(g, "oppose_raider", rolls=[1, 6], group="op1", search_air=2)
    assert raids_of(g)["op1"]["modifier"] == -3 + 1 + 2


def test_aw183_die_four_gives_six_ship_type_dice():
    g = game([ship("lu", "Germany", "cruiser", 2, "wilhelmshaven"), BIS, PE,
              ship("hip", "Germany", "cruiser", 2, "wilhelmshaven"),
              ship("cve", "Britain", "cve", 13, "sw-atlantic")])
    raid(g, ["lu"])
    raid(g, ["bis", "pe", "hip"])
    play(g, "commit_raids", box="sw-atlantic")
    play(g, "decline_raider", group="op1")
    refused("AW-183", g, "oppose_raider", group="op2", air_range=1, codebreaking=-2)
    record = play(g, "oppose_raider", rolls=[4, 1, 2, 3, 4, 5, 6], group="op2", air_range=1,
                  codebreaking=-1)
    roll = next(e for e in record.events if e.kind == "RaiderTableRoll")
    assert roll.text == "raider group 2: die 4 -3 +1 +1 +1 +1 +2 -1 = 6"
    assert raids_of(g)["op2"]["types"] == [1, 2, 3, 4, 5, 6]


# ---- WE-08, AW-184, AW-187 ------------------------------------------------------------------
BRITISH = [ship("ca", "Britain", "cruiser", 2, "gibraltar"),
           ship("hood", "Britain", "battlecruiser", 3, "gibraltar"),
           ship("kgv", "Britain", "fast_battleship", 4, "gibraltar"),
           ship("ark", "Britain", "carrier", 3, "gibraltar"),
           ship("dd", "Britain", "destroyer", 4, "gibraltar")]


def we08(british: list[dict]) -> Game[Any]:
    """Bismarck and a cruiser in the Atlantic; modified roll 4; dice 2, 3, 4 and 6."""
    g = game([BIS, PE, *british])
    raid(g, ["bis", "pe"])
    play(g, "commit_raids", box="sw-atlantic")
    play(g, "oppose_raider", rolls=[6, 2, 3, 4, 6], group="op1")
    assert raids_of(g)["op1"]["types"] == [2, 3, 4, 6]
    return g


def test_we08_four_british_ships_cruiser_battlecruiser_battleship_carrier():
    g = we08(BRITISH)
    assert greedy(g.state, raids(g.state)["op1"]).ships == ("ca", "hood", "kgv", "ark")
    refused("AW-187", g, "engage_raider", group="op1", ships=["ca", "hood", "dd", "ark"],
            escorts=["dd", "dd", "dd"])
    play(g, "engage_raider", group="op1", ships=["ca", "hood", "kgv", "ark"],
         escorts=["dd", "dd", "dd"])
    assert raids_of(g)["op1"]["engaged"] == ["ca", "hood", "kgv", "ark", "dd"]


def test_we08_without_a_4_factor_battleship_a_lower_result_must_go():
    """AW-187: lacking King George V, the 4 is answered by a 3-factor battlecruiser, a
    2-factor cruiser or a destroyer factor — never by nobody."""
    british = [s for s in BRITISH if s["id"] != "kgv"] + [
        ship("renown", "Britain", "battlecruiser", 3, "gibraltar")]
    g = we08(british)
    refused("AW-187", g, "engage_raider", group="op1", ships=["ca", "hood"])
    play(g, "engage_raider", group="op1", ships=["ca", "hood", "renown", "ark"],
         escorts=["dd", "dd", "dd"])
    assert raids_of(g)["op1"]["engaged"] == ["ca", "hood", "renown", "ark", "dd"]


def test_aw187_a_four_with_only_a_battlecruiser_sends_the_battlecruiser():
    g = game([BIS, PE, ship("hood", "Britain", "battlecruiser", 3, "gibraltar")])
    raid(g, ["bis", "pe"])
    play(g, "commit_raids", box="sw-atlantic")
    play(g, "oppose_raider", rolls=[3, 4], group="op1")
    refused("AW-187", g, "engage_raider", group="op1", ships=[])
    play(g, "engage_raider", group="op1", ships=["hood"])
    assert raids_of(g)["op1"]["engaged"] == ["hood"]


def test_aw186_a_three_factor_carrier_with_two_light_factors_stays_home():
    g = game([PE, ship("ark", "Britain", "carrier", 3, "gibraltar"),
              ship("ca", "Britain", "cruiser", 2, "gibraltar"),
              ship("hood", "Britain", "battlecruiser", 3, "gibraltar")])
    raid(g, ["pe"])
    play(g, "commit_raids", box="sw-atlantic")
    play(g, "oppose_raider", rolls=[3, 6], group="op1")
    err = refused("AW-186", g, "engage_raider", group="op1", ships=["ark"], escorts=["ca"])
    assert "needs as many light factors; the escorts bring 2" in err.reason
    play(g, "engage_raider", group="op1", ships=["hood"])
    assert raids_of(g)["op1"]["engaged"] == ["hood"]


# ---- AW-193, AW-196, AW-197 -----------------------------------------------------------------
def test_aw193_a_damaged_unscreened_survivor_bars_the_transports():
    g = game([BIS, PE, ship("ca", "Britain", "cruiser", 2, "gibraltar"),
              ship("ca2", "Britain", "cruiser", 2, "gibraltar")])
    raid(g, ["bis"])
    raid(g, ["pe"])
    play(g, "commit_raids", box="sw-atlantic")
    play(g, "oppose_raider", rolls=[3, 2], group="op1")
    play(g, "oppose_raider", rolls=[2, 2], group="op2")
    play(g, "engage_raider", group="op1", ships=["ca"])
    play(g, "raid_combat_result", defenders_damaged="ca")
    play(g, "accept_result")
    assert raids_of(g)["op1"]["may_attack"] == []
    play(g, "engage_raider", group="op2", ships=["ca2"])
    play(g, "raid_combat_result", defenders_screened="ca2")
    play(g, "accept_result")
    assert raids_of(g)["op2"]["may_attack"] == ["pe"]


def test_aw196_the_second_roll_keeps_the_first_modifiers_and_aw197_no_second_attack():
    g = game([ship("sch", "Germany", "cruiser", 2, "bergen"),
              ship("ca", "Britain", "cruiser", 2, "gibraltar"),
              ship("kgv", "Britain", "fast_battleship", 4, "gibraltar")])
    raid(g, ["sch"])
    play(g, "commit_raids", box="sw-atlantic")
    play(g, "oppose_raider", rolls=[3, 2], group="op1")
    play(g, "engage_raider", group="op1", ships=["ca"])
    play(g, "raid_combat_result")
    play(g, "accept_result")
    refused("AW-196", g, "oppose_raider", group="op1", codebreaking=1)
    play(g, "oppose_raider", rolls=[3, 4], group="op1")
    play(g, "engage_raider", group="op1", ships=["kgv"])
    assert raids_of(g)["op1"]["engaged"] == ["ca", "kgv"]  # AW-195: ca fights again
    refused("AW-197", g, "raid_combat_result", held_back="sch")
    play(g, "raid_combat_result")
    record = play(g, "accept_result")
    home = next(e for e in record.events if e.kind == "RaidersReturn")
    assert home.data == {"group": "op1", "exposed": [], "exempt": ["sch"]}


# ---- the window's commands -------------------------------------------------------------------
def test_aw168_picked_ships_are_offered_each_sw_box_with_the_odds_and_the_defender_answers():
    from mineboard.core.planning import Selection

    g = game([BIS, PE, *BRITISH], war=False)
    offered = g.ruleset.commands(g.state, Selection("wilhelmshaven", ("bis", "pe")))
    labels = [c.label for c in offered]
    assert labels == ["Raid the Atlantic SW box"]  # German ships: the Atlantic only
    assert offered[0].tip.endswith("undetected 1/2 (50.0 %); engaged 1/2 (50.0 %)")
    g.play(offered[0].make())
    play(g, "pass_interception")
    send = g.ruleset.commands(g.state, Selection())
    assert [c.label for c in send] == ["Send the raiders in the Atlantic SW box on"]
    g.play(send[0].make())
    answers = g.ruleset.commands(g.state, Selection())
    assert [c.label for c in answers] == ["Oppose raider group 1 (Raider Table)",
                                          "Let raider group 1 be"]


def test_aw196_groups_that_slipped_through_are_rolled_for_again():
    g = game([PE, ship("cve", "Britain", "cve", 5, "sw-atlantic")], war=False)
    raid(g, ["pe"])
    play(g, "commit_raids", box="sw-atlantic")
    record = play(g, "oppose_raider", rolls=[2], group="op1", codebreaking=1)
    assert [e.kind for e in record.events][-1] == "SecondEngagementAttempt"
    refused("AW-196", g, "oppose_raider", group="op1")  # not the first roll's +1
    play(g, "oppose_raider", rolls=[1], group="op1", codebreaking=1)
    assert raids_of(g)["op1"]["status"] == "done"


def test_aw187_a_stand_in_is_judged_whatever_the_order_of_two_equal_dice():
    g = game([PE, ship("kgv", "Britain", "fast_battleship", 4, "gibraltar"),
              ship("hood", "Britain", "battlecruiser", 3, "gibraltar")])
    raid(g, ["pe"])
    play(g, "commit_raids", box="sw-atlantic")
    play(g, "oppose_raider", rolls=[4, 4, 4], group="op1")
    assert greedy(g.state, raids(g.state)["op1"]).ships == ("kgv", "hood")
    play(g, "engage_raider", group="op1", ships=["hood", "kgv"])
    assert raids_of(g)["op1"]["engaged"] == ["hood", "kgv"]


def test_aw187_a_die_nothing_answers_is_left_empty_and_higher_ones_answered():
    g = game([PE, ship("hood", "Britain", "battlecruiser", 3, "gibraltar")])
    raid(g, ["pe"])
    play(g, "commit_raids", box="sw-atlantic")
    play(g, "oppose_raider", rolls=[4, 2, 3], group="op1")  # dice 2 then 3
    answer = greedy(g.state, raids(g.state)["op1"])
    assert answer.ships == ("", "hood")
    g.play(answer)
    assert raids_of(g)["op1"]["engaged"] == ["hood"]


def test_aw175_the_raids_go_with_every_copy_of_the_state_and_come_back_on_undo():
    g = game([BIS, PE])
    raid(g, ["bis"])
    raid(g, ["pe"])
    copied = copy.deepcopy(g.state)
    assert {k: (v.rank, v.ships) for k, v in raids(copied).items()} == {
        "op1": (1, ("bis",)), "op2": (2, ("pe",))}
    raids(copied)["op1"].rank = 9
    assert raids(g.state)["op1"].rank == 1  # a copy, not the same record
    g.undo()
    assert list(raids(g.state)) == ["op1"]
