"""imperium-mines: one test (or more) per IM clause of ../shared/rules/imperium-mines.md."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any, get_args, get_type_hints

import pytest

from mineboard.cli import main
from mineboard.core.errors import BadInput
from mineboard.core.schema import Range, from_json, json_fields
from mineboard.resources import assets_dir
from mineboard.rules.imperium_mines.data import (
    DamageModel,
    ShipData,
    ShipTable,
    default_ship_data,
    ship_data,
)
from mineboard.rules.imperium_mines.odds import (
    SystemQuery,
    afoul_chance,
    hits_per_ship,
    system_odds,
)
from mineboard.rules.imperium_mines.scenario import ImperiumScenario
from mineboard.rules.imperium_mines.state import Counter, Options
from tests.conftest import IMPERIUM, dice_of, imperium, play, refused, scenario

RULE = default_ship_data().check
ONE_FLEET = {"fleets": [
    {"id": "A", "side": "Imperial", "system": "halcyon", "ships": {"destroyer": 2}},
    {"id": "S", "side": "Imperial", "system": "halcyon",
     "ships": {"minesweeper": 2, "frigate": 1}},
    {"id": "L", "side": "Imperial", "system": "corvan", "ships": {"minelayer": 3}},
    {"id": "T", "side": "Terran", "system": "zephyr", "ships": {"frigate": 1}}],
    "minefields": [{"owner": "Terran", "system": "lumen", "points": 4}]}


def test_im01_without_the_variant_no_mine_ships_or_mine_actions():
    g = imperium(options={"mine_warfare": False}, fleets=[
        {"id": "A", "side": "Imperial", "system": "halcyon", "ships": {"destroyer": 1}}],
        minefields=[])
    refused("IM-01", g, "build", ship="minelayer")
    play(g, "build", ship="destroyer")
    g = imperium(segment=1, options={"mine_warfare": False}, fleets=[
        {"id": "A", "side": "Imperial", "system": "halcyon", "ships": {"destroyer": 1}}],
        minefields=[])
    refused("IM-01", g, "place_false", fleet="A")


def test_im02_costs_four_and_three_for_either_side():
    g = imperium(sides=[{"name": "Imperial", "home": "aldermere", "resources": 10},
                        {"name": "Terran", "home": "zephyr", "resources": 10}])
    play(g, "build", ship="minelayer")
    play(g, "build", ship="minesweeper", count=2)
    assert g.state.resources["Imperial"] == 0
    play(g, "end_phase")
    refused("IM-02", g, "build", ship="minelayer", count=3)  # 12 > 10
    play(g, "build", ship="minesweeper", count=3)
    assert g.state.resources["Terran"] == 1


def test_im03_one_turn_to_build():
    data = default_ship_data()
    assert data.ships["minelayer"].build_turns == data.ships["minesweeper"].build_turns == 1
    g = imperium()
    play(g, "build", ship="minelayer", count=2)
    for _ in range(1 + 4):  # the Terran construction and four segments
        play(g, "end_phase")
    record = play(g, "end_phase")  # turn 2, Imperial construction: the ships arrive
    assert g.state.turn == 2
    new = [f for f in g.state.fleets.values() if f.system == "aldermere"]
    assert [s.type for s in new[0].ships] == ["minelayer", "minelayer"]
    assert record.events[0].clause == "IM-03"


def test_im04_minelayers_never_run_out():
    g = imperium(segment=1, **ONE_FLEET)
    play(g, "lay_mines", fleet="L")  # segment 1
    play(g, "end_phase")
    play(g, "end_phase")
    play(g, "lay_mines", fleet="L")  # segment 3: no stock was used up
    assert g.state.points("corvan", "Imperial") == 6


def test_im05_auxiliaries_move_as_auxiliaries():
    g = imperium(segment=1, **ONE_FLEET)
    assert default_ship_data().ships["minesweeper"].auxiliary
    refused("IM-05", g, "jump", fleets=["S"],
            path=["halcyon", "lumen", "marrow", "quorra", "umber"])


def test_im06_lay_only_staying_without_enemies_and_not_after_moving():
    g = imperium(segment=1, **ONE_FLEET)
    play(g, "jump", fleets=["A"], path=["halcyon", "fallow"])
    refused("IM-06", g, "lay_mines", fleet="A")  # no minelayer
    g = imperium(segment=1, fleets=[
        {"id": "L", "side": "Imperial", "system": "corvan", "ships": {"minelayer": 1}}])
    play(g, "jump", fleets=["L"], path=["corvan", "halcyon"])
    refused("IM-06", g, "lay_mines", fleet="L")
    g = imperium(segment=1, fleets=[
        {"id": "L", "side": "Imperial", "system": "corvan", "ships": {"minelayer": 1}}])
    play(g, "lay_mines", fleet="L")
    refused("IM-06", g, "jump", fleets=["L"], path=["corvan", "halcyon"])


def test_im07_one_point_per_minelayer_per_segment():
    g = imperium(segment=1, **ONE_FLEET)
    play(g, "lay_mines", fleet="L")
    assert g.state.points("corvan", "Imperial") == 3
    refused("IM-07", g, "lay_mines", fleet="L")


def test_im08_counters_add_up_and_the_opponent_sees_only_backs():
    g = imperium(segment=1, **ONE_FLEET)
    play(g, "lay_mines", fleet="L")
    for _ in range(2):
        play(g, "end_phase")
    play(g, "lay_mines", fleet="L")
    assert g.state.points("corvan", "Imperial") == 6
    terran = g.ruleset.view(g.state, "Terran")
    backs = terran.minefields["corvan"]["Imperial"]
    assert len(backs) == 2 and all(not c.known and c.value == 0 for c in backs)
    assert "lays" not in " ".join(e.text for e in g.observe("Terran").events())
    assert g.observe("Terran").events()[-1].text == "Imperial places a face-down counter at Corvan"


def test_im09_both_sides_mine_one_system_but_never_beside_the_enemy():
    g = imperium(segment=1, fleets=[
        {"id": "L", "side": "Imperial", "system": "lumen", "ships": {"minelayer": 2}}],
        minefields=[{"owner": "Terran", "system": "lumen", "points": 4}])
    play(g, "lay_mines", fleet="L")
    assert (g.state.points("lumen", "Terran"), g.state.points("lumen", "Imperial")) == (4, 2)
    g = imperium(segment=1, fleets=[
        {"id": "L", "side": "Imperial", "system": "lumen", "ships": {"minelayer": 2}},
        {"id": "T", "side": "Terran", "system": "lumen", "ships": {"frigate": 1}}])
    refused("IM-09", g, "lay_mines", fleet="L")


def test_im10_running_afoul_never_removes_mines():
    g = imperium(segment=1, **ONE_FLEET)
    play(g, "jump", rolls=[6, 6, 1, 1, 1, 1, 1, 1, 1, 1], fleets=["A"],
         path=["halcyon", "lumen"])
    assert g.state.points("lumen", "Terran") == 4


def test_im11_more_mines_once_the_enemy_has_left():
    g = imperium(segment=1, fleets=[
        {"id": "L", "side": "Imperial", "system": "lumen", "ships": {"minelayer": 1}},
        {"id": "T", "side": "Terran", "system": "lumen", "ships": {"frigate": 1}}])
    refused("IM-09", g, "lay_mines", fleet="L")
    play(g, "end_phase")
    play(g, "jump", fleets=["T"], path=["lumen", "marrow"])
    play(g, "end_phase")
    play(g, "lay_mines", fleet="L")
    assert g.state.points("lumen", "Imperial") == 1


def test_im12_any_staying_fleet_places_false_counters():
    g = imperium(segment=1, **ONE_FLEET)
    for _ in range(4):  # as many as it likes, an order each
        play(g, "place_false", fleet="A")
    assert sum(c.false for c in g.state.minefields["halcyon"]["Imperial"]) == 4
    play(g, "jump", fleets=["S"], path=["halcyon", "fallow"])
    refused("IM-12", g, "place_false", fleet="S")


def test_im13_own_minefields_are_passed_freely():
    g = imperium(segment=1, minefields=[{"owner": "Imperial", "system": "lumen", "points": 9,
                                         "false": 2}], **{"fleets": ONE_FLEET["fleets"]})
    record = play(g, "jump", rolls=[], fleets=["A"], path=["halcyon", "lumen", "marrow"])
    assert record.rolls == () and g.state.fleets["A"].system == "marrow"


def test_im14_im15_im16_false_only_halts_flips_removes_and_goes_on():
    g = imperium(segment=1, minefields=[{"owner": "Terran", "system": "lumen", "false": 3}],
                 fleets=ONE_FLEET["fleets"])
    record = play(g, "jump", rolls=[], fleets=["A"], path=["halcyon", "lumen", "marrow"])
    kinds = [e.clause for e in record.events]
    assert kinds.index("IM-15") < kinds.index("IM-16")
    assert g.state.minefields["lumen"]["Terran"] == []
    assert g.state.fleets["A"].system == "marrow"


def test_im17_im18_the_check_adds_points_jump_and_sweepers():
    g = imperium(segment=1, minefields=[{"owner": "Terran", "system": "marrow", "points": 3}],
                 fleets=[{"id": "F", "side": "Imperial", "system": "garnet-gate",
                          "ships": {"minesweeper": 1, "destroyer": 1}}])
    record = play(g, "jump", rolls=[3, 4] + [1] * 6, fleets=["F"],
                  path=["garnet-gate", "lumen", "marrow"])
    check = next(e for e in record.events if e.kind == "MineCheck")
    assert check.data["total"] == 7 + 3 + 1 - 1 == 10  # the catalogue's IM-18 example
    assert check.data["afoul"] is True
    assert "1 minesweeper, IM-17" in check.text


def test_im19_ten_or_more_runs_afoul_nine_is_safe():
    for dice, afoul in (([3, 3], True), ([2, 3], False)):
        g = imperium(segment=1, minefields=[{"owner": "Terran", "system": "lumen",
                                             "points": 4}], fleets=ONE_FLEET["fleets"])
        extra = [1] * 8 if afoul else []
        record = play(g, "jump", rolls=dice + extra, fleets=["A"], path=["halcyon", "lumen"])
        assert next(e for e in record.events if e.kind == "MineCheck").data["afoul"] is afoul
    assert afoul_chance(RULE, 4, 1, 0) == Fraction(26, 36)


def test_im20_each_fleet_rolls_for_itself():
    g = imperium(segment=1, minefields=[{"owner": "Terran", "system": "lumen", "points": 3}],
                 fleets=ONE_FLEET["fleets"])
    record = play(g, "jump", rolls=[4, 3, 4, 3] + [1] * 6, fleets=["S", "A"],
                  path=["halcyon", "lumen"])
    checks = [e for e in record.events if e.kind == "MineCheck"]
    assert [(c.data["fleet"], c.data["total"], c.data["afoul"]) for c in checks] == [
        ("S", 8, False), ("A", 10, True)]  # same dice: 7 + 3 − 2 sweepers vs 7 + 3
    assert afoul_chance(RULE, 3, 1, 1) == Fraction(15, 36)  # dice ≥ 8
    assert afoul_chance(RULE, 3, 1, 0) == Fraction(21, 36)  # dice ≥ 7


def test_im21_im22_im33_every_ship_auxiliaries_too_rolls_points_dice():
    g = imperium(segment=1, minefields=[{"owner": "Terran", "system": "lumen", "points": 3}],
                 fleets=ONE_FLEET["fleets"])
    record = play(g, "jump", rolls=[6, 6, 6, 2, 6, 1, 1, 1, 5, 5, 5], fleets=["S"],
                  path=["halcyon", "lumen"])
    attacks = [e for e in record.events if e.kind == "MineAttack"]
    assert [e.dice for e in attacks] == [(6, 2, 6), (1, 1, 1), (5, 5, 5)]
    assert [sum(e.hits) for e in attacks] == [2, 0, 0]
    assert len(dice_of(record, "IM-22")) == 9


def test_im23_im28_hits_go_through_the_damage_model_file():
    data = default_ship_data()
    assert data.hull_of("destroyer") == 2 and data.hull_of("minesweeper") == 1
    g = imperium(segment=1, minefields=[{"owner": "Terran", "system": "lumen", "points": 2}],
                 fleets=[{"id": "A", "side": "Imperial", "system": "halcyon",
                          "ships": {"destroyer": 2}}])
    play(g, "jump", rolls=[6, 6, 6, 1, 6, 6], fleets=["A"], path=["halcyon", "lumen"])
    ships = g.state.fleets["A"].ships
    assert [s.hits for s in ships] == [1]  # the second destroyer took 2 hits = its hull


def test_im24_counters_hidden_again_after_the_check():
    g = imperium(segment=1, **ONE_FLEET)
    record = play(g, "jump", rolls=[1, 1], fleets=["A"], path=["halcyon", "lumen"])
    assert record.events[-1].clause == "IM-24" or any(e.clause == "IM-24"
                                                      for e in record.events)
    imperial_view = g.ruleset.view(g.state, "Imperial")
    assert all(not c.known for c in imperial_view.minefields["lumen"]["Terran"])


def test_im25_mines_play_no_part_in_combat():
    g = imperium(segment=1, minefields=[{"owner": "Terran", "system": "lumen", "points": 4}],
                 fleets=[{"id": "A", "side": "Imperial", "system": "lumen",
                          "ships": {"destroyer": 1}},
                         {"id": "T", "side": "Terran", "system": "lumen",
                          "ships": {"frigate": 1}}])
    s = g.state.fleets["T"].ships[0].id
    record = play(g, "settle_combat", rolls=[], system="lumen", destroyed=[s])
    assert record.rolls == () and g.state.points("lumen", "Terran") == 4


def test_im26_each_staying_sweeper_removes_one_point():
    g = imperium(segment=1, minefields=[{"owner": "Terran", "system": "halcyon", "points": 5,
                                         "false": 1}], fleets=ONE_FLEET["fleets"])
    play(g, "sweep", fleet="S")
    assert g.state.points("halcyon", "Terran") == 3
    assert sum(c.false for c in g.state.minefields["halcyon"]["Terran"]) == 1  # IM-31
    refused("IM-26", g, "sweep", fleet="S")
    g = imperium(segment=1, minefields=[{"owner": "Terran", "system": "lumen", "points": 5}],
                 fleets=ONE_FLEET["fleets"])
    play(g, "jump", rolls=[1, 1], fleets=["S"], path=["halcyon", "lumen"])
    refused("IM-26", g, "sweep", fleet="S")  # it moved


def test_im27_swept_clear_means_no_check():
    g = imperium(segment=1, minefields=[{"owner": "Terran", "system": "halcyon", "points": 2}],
                 fleets=ONE_FLEET["fleets"])
    play(g, "sweep", fleet="S")
    assert g.state.points("halcyon", "Terran") == 0
    # The counter stays, showing 0 like a false one: its going would tell the sweeper.
    assert [c.false for c in g.state.enemy_counters("halcyon", "Imperial")] == [True]
    for _ in range(2):
        play(g, "end_phase")
    record = play(g, "jump", rolls=[], fleets=["A"], path=["halcyon", "fallow", "halcyon"])
    assert record.rolls == ()


def test_im29_afoul_stops_passing_goes_on_and_the_option():
    fields = [{"owner": "Terran", "system": "lumen", "points": 1}]
    g = imperium(segment=1, minefields=fields, fleets=ONE_FLEET["fleets"])
    play(g, "jump", rolls=[3, 4], fleets=["A"], path=["halcyon", "lumen", "marrow"])
    assert g.state.fleets["A"].system == "marrow"  # 3 + 4 + 1 = 8: passes, goes on
    g = imperium(segment=1, minefields=fields, fleets=ONE_FLEET["fleets"])
    play(g, "jump", rolls=[6, 5, 2, 2], fleets=["A"], path=["halcyon", "lumen", "marrow"])
    assert g.state.fleets["A"].system == "lumen"
    g = imperium(segment=1, minefields=fields, fleets=ONE_FLEET["fleets"],
                 options={"stop_after_afoul": False})
    play(g, "jump", rolls=[6, 5, 2, 2], fleets=["A"], path=["halcyon", "lumen", "marrow"])
    assert g.state.fleets["A"].system == "marrow"


def test_im30_only_enemy_points_count():
    g = imperium(segment=1, minefields=[{"owner": "Terran", "system": "lumen", "points": 4},
                                        {"owner": "Imperial", "system": "lumen", "points": 2}],
                 fleets=ONE_FLEET["fleets"])
    record = play(g, "jump", rolls=[1, 2], fleets=["A"], path=["halcyon", "lumen"])
    assert next(e for e in record.events if e.kind == "MineCheck").data["total"] == 3 + 4


def test_im31_false_counters_are_never_swept_and_still_halt():
    g = imperium(segment=1, minefields=[{"owner": "Terran", "system": "halcyon", "points": 1,
                                         "false": 2}], fleets=ONE_FLEET["fleets"])
    play(g, "sweep", fleet="S")
    assert [c.false for c in g.state.minefields["halcyon"]["Terran"]] == [True, True, True]
    for _ in range(2):
        play(g, "end_phase")
    record = play(g, "jump", rolls=[], fleets=["A"], path=["halcyon", "fallow", "halcyon"])
    assert [e.clause for e in record.events if e.clause.startswith("IM-1")] == [
        "IM-15", "IM-15", "IM-16"]
    assert g.state.minefields["halcyon"]["Terran"] == []  # all turned up and removed


def test_im32_the_jump_bonus_is_flat():
    assert afoul_chance(RULE, 2, 4, 0) == afoul_chance(RULE, 2, 2, 0) != afoul_chance(
        RULE, 2, 1, 0)
    assert afoul_chance(RULE, 2, 2, 0) == Fraction(21, 36)  # 2 + 1: 2d6 ≥ 7


def test_im34_false_counters_beside_the_enemy_follow_the_option():
    fleets = [{"id": "A", "side": "Imperial", "system": "lumen", "ships": {"destroyer": 1}},
              {"id": "T", "side": "Terran", "system": "lumen", "ships": {"frigate": 1}}]
    g = imperium(segment=1, fleets=fleets, minefields=[])
    play(g, "place_false", fleet="A")
    g = imperium(segment=1, fleets=fleets, minefields=[],
                 options={"false_needs_enemy_free": True})
    refused("IM-34", g, "place_false", fleet="A")


def test_im35_the_total_revealed_is_logged_for_both_sides():
    g = imperium(segment=1, **ONE_FLEET)
    play(g, "jump", rolls=[1, 1], fleets=["A"], path=["halcyon", "lumen"])
    for side in ("Imperial", "Terran"):
        assert any("4 mine points" in e.text for e in g.observe(side).events())


def test_we1_the_seeds_example_and_we2_damage():
    fields = [{"owner": "Terran", "system": "marrow", "points": 5, "false": 2}]
    path = ["halcyon", "lumen", "garnet-gate", "marrow"]  # Marrow on the third jump
    with_sweepers = {"id": "S", "side": "Imperial", "system": "halcyon",
                     "ships": {"minesweeper": 2, "frigate": 1}}
    g = imperium(segment=1, minefields=fields, fleets=[with_sweepers])
    record = play(g, "jump", rolls=[2, 3], fleets=["S"], path=path)
    flipped = next(e for e in record.events if e.kind == "CountersFlipped")
    assert (flipped.data["points"], flipped.data["false"]) == (5, 2)
    check = next(e for e in record.events if e.kind == "MineCheck")
    assert (check.data["total"], check.data["afoul"]) == (5 + 5 + 1 - 2, False)  # 9: safe
    without = {**with_sweepers, "ships": {"frigate": 3}}
    g = imperium(segment=1, minefields=fields, fleets=[without])
    record = play(g, "jump", rolls=[2, 3] + [6, 1, 1, 1, 1] * 3, fleets=["S"], path=path)
    check = next(e for e in record.events if e.kind == "MineCheck")
    assert (check.data["total"], check.data["afoul"]) == (11, True)
    attacks = [e for e in record.events if e.kind == "MineAttack"]
    assert [len(a.dice) for a in attacks] == [5, 5, 5]  # WE-2: 5 dice a ship
    assert afoul_chance(RULE, 5, 3, 2) == Fraction(26, 36)
    assert hits_per_ship(5).prob(0) == Fraction(5, 6) ** 5


def test_im26_im31_a_sweep_is_judged_on_what_the_sweeper_sees():
    """Whether enemy counters hold points is their owner's secret: a sweep over false
    counters only is allowed (the refusal would tell), and finds nothing to remove."""
    g = imperium(segment=1, minefields=[{"owner": "Terran", "system": "halcyon", "false": 2}],
                 fleets=ONE_FLEET["fleets"])
    g.check(g.ruleset.codec.parse({"kind": "sweep", "fleet": "S"}), by="Imperial")
    record = play(g, "sweep", fleet="S")
    reduced = next(e for e in record.events if e.kind == "MinefieldReduced")
    assert reduced.data["removed"] == 0 and reduced.secret_to == "Terran"
    assert [c.false for c in g.state.minefields["halcyon"]["Terran"]] == [True, True]


def _sweep_at_halcyon(counters: list[Counter]) -> tuple[Any, list[str]]:
    g = imperium(segment=1, minefields=[], fleets=ONE_FLEET["fleets"])
    g.state.minefields["halcyon"] = {"Terran": counters}
    check = g.observe("Imperial").refusal(g.ruleset.codec.parse({"kind": "sweep",
                                                                 "fleet": "S"}))
    assert check is None  # enemy counters lie there: the sweep is legal, whatever they hold
    record = g.play(g.ruleset.codec.parse({"kind": "sweep", "fleet": "S"}), by="Imperial")
    return g, [e.text for e in g.observe("Imperial").events_of(record)]


def test_im26_im31_sweeping_false_or_real_counters_looks_the_same_to_the_sweeper():
    """No oracle: the refusal, the log and the counter backs say nothing of what was there."""
    false_only, seen_false = _sweep_at_halcyon([Counter(0, false=True)] * 3)
    real, seen_real = _sweep_at_halcyon([Counter(2), Counter(1), Counter(0, false=True)])
    assert seen_false == seen_real == ["S sweeps the enemy minefield counters at Halcyon"]
    assert false_only.observe("Imperial").view == real.observe("Imperial").view
    assert len(real.state.minefields["halcyon"]["Terran"]) == 3  # not merged (IM-26)
    assert real.state.points("halcyon", "Terran") == 1  # 3 points, 2 sweepers
    g = imperium(segment=1, minefields=[], fleets=ONE_FLEET["fleets"])
    refused("IM-26", g, "sweep", fleet="S")  # no counters at all: that anyone can see


def test_im26_a_sweep_to_zero_leaves_counters_that_count_as_false():
    g, _seen = _sweep_at_halcyon([Counter(1), Counter(1)])
    assert [(c.value, c.false) for c in g.state.minefields["halcyon"]["Terran"]] == \
        [(0, True), (0, True)]
    assert g.state.points("halcyon", "Terran") == 0  # IM-27: nothing left to roll against


def test_im12_im26_im06_a_fleet_that_stayed_to_work_may_not_fight():
    """The seed: a fleet that lays, sweeps or places false counters may not move or fight
    in that segment. Another fleet of the same side there may fight without it."""
    fleets = [{"id": "S", "side": "Imperial", "system": "halcyon",
               "ships": {"minesweeper": 1}},
              {"id": "A", "side": "Imperial", "system": "lumen", "ships": {"destroyer": 1}},
              {"id": "T", "side": "Terran", "system": "halcyon", "ships": {"frigate": 1}},
              {"id": "U", "side": "Terran", "system": "lumen", "ships": {"frigate": 1}}]
    g = imperium(segment=1, fleets=fleets,
                 minefields=[{"owner": "Terran", "system": "halcyon", "points": 2}])
    play(g, "sweep", fleet="S")
    assert refused("IM-26", g, "settle_combat", system="halcyon").reason == (
        "S stayed this segment to lay, sweep or place false counters and may not fight")
    play(g, "place_false", fleet="A")
    refused("IM-12", g, "settle_combat", system="lumen", destroyed=[])
    g = imperium(segment=1, fleets=[*fleets, {"id": "B", "side": "Imperial",
                                              "system": "lumen", "ships": {"cruiser": 1}}],
                 minefields=[])
    play(g, "place_false", fleet="A")
    own = g.state.fleets["A"].ships[0].id
    refused("IM-12", g, "settle_combat", system="lumen", destroyed=[own])
    enemy = g.state.fleets["U"].ships[0].id
    play(g, "settle_combat", system="lumen", destroyed=[enemy])  # B fights, A stays out
    assert (g.state.fleets["A"].fought, g.state.fleets["B"].fought) == (False, True)
    assert "U" not in g.state.fleets


def test_im01_without_the_variant_a_scenario_may_not_hold_minefields():
    off = {"options": {"mine_warfare": False},
           "fleets": [{"id": "A", "side": "Imperial", "system": "halcyon",
                       "ships": {"destroyer": 1}},
                      {"id": "B", "side": "Imperial", "system": "lumen",
                       "ships": {"destroyer": 1}}]}
    with pytest.raises(BadInput) as info:
        imperium(**off)  # the Marches' own minefields
    assert info.value.where == "test scenario: minefields"
    assert info.value.what == "minefields exist only with the mine-warfare option (IM-01)"
    g = imperium(segment=1, minefields=[], **off)
    assert not g.state.has_secrets
    record = play(g, "jump", rolls=[], fleets=["A"], path=["halcyon", "lumen", "marrow"])
    assert record.rolls == () and g.state.fleets["A"].system == "marrow"
    refused("IM-01", g, "sweep", fleet="B")
    refused("IM-01", g, "lay_mines", fleet="B")
    g.state.minefields["lumen"] = {"Terran": [Counter(2)]}
    assert "minefield counters in a game without the mine-warfare variant (IM-01)" in \
        g.ruleset.invariants(g.state)


def test_im01_the_variant_is_off_by_default_in_one_place():
    assert get_type_hints(ImperiumScenario)["options"] is Options
    data = {k: v for k, v in IMPERIUM.items() if k != "options"}
    g = scenario(data, minefields=[], fleets=[]).new_game(1)
    assert g.state.options == Options() == Options(mine_warfare=False, stop_after_afoul=True,
                                                   false_needs_enemy_free=False)


def _table(**ship_changes: dict[str, Any]) -> dict[str, Any]:
    raw = json.loads((assets_dir() / "rules" / "imperium-mines" / "ships.json").read_text())
    for ship, changes in ship_changes.items():
        raw["ships"][ship] = {**raw["ships"][ship], **changes}
    return raw


def _rules(raw: dict[str, Any]) -> ShipData:
    damage = default_ship_data()
    return ship_data(from_json(ShipTable, raw, "ships.json"),
                     DamageModel(1, damage.default_hull, damage.hull), "damage.json")


def test_im05_minelayers_and_minesweepers_are_auxiliaries():
    with pytest.raises(BadInput) as info:
        _rules(_table(minesweeper={"auxiliary": False}))
    assert info.value.where == "ships.json.ships.minesweeper"
    assert info.value.what == "minelayers and minesweepers move as auxiliaries (IM-05)"


def test_im05_auxiliaries_move_at_the_auxiliary_rate_from_the_table():
    raw = _table()
    assert "jumps" not in raw["ships"]["minesweeper"]  # auxiliaries have no speed of their own
    raw["auxiliary_jumps"] = 1
    g = imperium(segment=1, **ONE_FLEET)
    g.state.rules = _rules(raw)
    assert (g.state.jumps(g.state.fleets["S"]), g.state.jumps(g.state.fleets["A"])) == (1, 3)
    assert refused("IM-05", g, "jump", fleets=["S"], path=["halcyon", "lumen", "marrow"]
                   ).reason == ("S makes at most 1 jump a segment, as fast as its "
                                "auxiliaries, which move as auxiliaries")
    play(g, "jump", rolls=[], fleets=["A"], path=["halcyon", "fallow", "halcyon", "fallow"])
    with pytest.raises(BadInput) as info:
        _rules(_table(transport={"jumps": 3}))
    assert info.value.what == ("an auxiliary moves as auxiliaries (the table's "
                               "auxiliary_jumps), not at jumps of its own (IM-05)")


def test_im16_im27_no_mine_points_means_no_check_in_the_odds():
    assert afoul_chance(RULE, 0, 1, 0) == afoul_chance(RULE, 0, 3, 0) == Fraction(0)
    odds = system_odds(SystemQuery(mine_points=0, jump=2))
    assert odds.data == {"afoul": "0", "hits_per_ship": {"0": "1"}}
    assert odds.summary == "no mine points: no check is made (IM-16, IM-27)"


def test_im22_the_odds_query_is_bounded(capsys):
    field = next(f for f in json_fields(SystemQuery) if f.name == "mine_points")
    assert [m for m in get_args(field.hint)[1:] if isinstance(m, Range)] == [Range(0, 99)]
    assert "at most 99" in field.doc
    with pytest.raises(SystemExit) as refused:  # argparse refuses it, from the Range
        main(["odds", "imperium-mines", "--mine-points", "100"])
    assert refused.value.code == 2
    assert capsys.readouterr().err == ("mineboard odds imperium-mines: argument --mine-points: "
                                       "100 is not from 0 to 99\n")
    assert main(["odds", "imperium-mines", "--mine-points", "99", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["afoul"] == "1" and len(report["hits_per_ship"]) == 100
    assert report["hits_per_ship"]["99"] == f"1/{6 ** 99}"


def test_im05_a_fleet_slowed_by_a_warship_is_refused_by_the_base_game_not_im05():
    g = imperium(segment=1, fleets=[{"id": "C", "side": "Imperial", "system": "halcyon",
                                     "ships": {"cruiser": 1, "minesweeper": 1}}],
                 minefields=[])
    assert refused("TURN", g, "jump", fleets=["C"],
                   path=["halcyon", "fallow", "halcyon", "fallow"]).reason == (
        "C makes at most 2 jumps a segment, as fast as its slowest ship")
