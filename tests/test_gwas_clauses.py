"""gwas-tactical: one test (or more) per GT clause of ../shared/rules/gwas-tactical.md."""

from __future__ import annotations

import json
import time
from dataclasses import replace
from fractions import Fraction

import pytest

from mineboard.core.errors import BadInput
from mineboard.core.game import PUBLIC, TEACHER
from mineboard.core.schema import from_json
from mineboard.maps.hexgrid import hexside_distance
from mineboard.rules.gwas_tactical.actions import CrossBoundary, EndPhase
from mineboard.rules.gwas_tactical.data import default_data, parse_table
from mineboard.rules.gwas_tactical.odds import HexQuery, hex_odds, modifier, result_distribution
from mineboard.rules.gwas_tactical.state import Logsheet
from tests.conftest import jutland, play, refused

SHIPS_AWAY = [  # ships kept clear of the ring so placements are about the counters
    {"id": "Seydlitz", "side": "German", "type": "battlecruiser", "hex": "1510"},
    {"id": "Lion", "side": "British", "type": "battlecruiser", "hex": "1511"},
    {"id": "Tiger", "side": "British", "type": "light_cruiser", "hex": "1511"},
    {"id": "Galatea", "side": "British", "type": "light_cruiser", "hex": "1512"}]


def near_hex(g, boundary: str, k: int = 0) -> str:
    """A hex touching the ring segment of ``boundary`` (k-th along it)."""
    seg = g.state.ring.segment_of_boundary(boundary)
    return g.state.grid.label(seg.hexsides[k].hex)


def far_hex(g) -> str:
    return g.state.grid.label(g.state.ring.center)


def german_setup(g) -> None:
    """Finish the approach so the Germans are placing counters: ships entering across a
    boundary roll first (GT-02)."""
    play(g, "end_phase")
    crossing = [s.id for s in g.state.ships.values() if s.crossing]
    if crossing:
        play(g, "cross_boundary", ships=crossing)
    play(g, "end_phase")
    assert (g.state.phase, g.state.active) == ("setup", "German")


def place_german_legal_set(g) -> None:
    for boundary, n in (("C|W", 2), ("C|NE", 2), ("C|S", 1)):
        for k in range(n):
            play(g, "place_counter", hex=near_hex(g, boundary, k), mine=True)
    for _ in range(11 - 5):
        play(g, "place_counter", hex=far_hex(g), mine=False)


def test_gt01_only_players_with_fields_or_logs_place_counters():
    g = jutland(sides=[{"name": "German", "minefields": ["C|W"]},
                       {"name": "British", "minefields": [], "logged": {}}], ships=SHIPS_AWAY)
    play(g, "end_phase")
    play(g, "end_phase")
    play(g, "place_counter", hex=near_hex(g, "C|W"), mine=True)
    for _ in range(2):
        play(g, "place_counter", hex=near_hex(g, "C|W", 1), mine=False)
    # A third dummy would fill the budget with 1 mine near the west hexside, 2 needed.
    refused("GT-07", g, "place_counter", hex=far_hex(g), mine=False)
    play(g, "place_counter", hex=near_hex(g, "C|W", 2), mine=True)
    refused("GT-03", g, "place_counter", hex=far_hex(g), mine=False)
    g2 = jutland(sides=[{"name": "German", "minefields": ["C|W"]},
                        {"name": "British"}], ships=SHIPS_AWAY)
    play(g2, "end_phase")
    play(g2, "end_phase")
    for k in range(2):
        play(g2, "place_counter", hex=near_hex(g2, "C|W", k), mine=True)
    for _ in range(2):
        play(g2, "place_counter", hex=far_hex(g2), mine=False)
    play(g2, "end_phase")
    assert g2.state.active == "British"
    refused("GT-01", g2, "place_counter", hex=far_hex(g2), mine=False)
    play(g2, "end_phase")
    assert g2.state.phase == "battle"


def test_gt02_entering_across_a_mined_boundary_rolls_leaving_does_not():
    g = jutland()
    play(g, "end_phase")  # German approach: nothing to cross
    record = play(g, "cross_boundary", rolls=[6, 2], ships=["Lion", "Tiger"])
    rolls = [e for e in record.events if e.kind == "MinefieldRoll"]
    assert [(e.data["ship"], e.data["total"], e.data["result"]) for e in rolls] == [
        ("Lion", 6, "2 damage"), ("Tiger", 2, "no effect")]
    assert all(e.clause == "GT-02" for e in rolls)
    refused("GT-02", g, "cross_boundary", ships=["Lion"])  # once only
    g = jutland(phase="battle", ships=[{"id": "Moltke", "side": "German",
                                        "type": "battlecruiser", "hex": "0105"}],
                sides=[{"name": "German"}, {"name": "British"}])
    record = play(g, "leave_map", rolls=[], ship="Moltke")
    assert record.rolls == () and g.state.ships["Moltke"].hex is None


def test_gt02_the_boundary_roll_has_exact_odds_from_the_table_before_it_is_rolled():
    """Issue 24: the odds panel said 'No move planned' before a boundary roll. The roll is
    one unmodified Minefield Table roll per ship (1d6: 1–4 no effect, 5 one damage, 6 two)."""
    g = jutland()
    play(g, "end_phase")  # German approach: nothing to cross
    view = g.observe("British").view
    preview = g.ruleset.preview(view, CrossBoundary(("Lion", "Tiger")))
    assert preview is not None
    assert preview.outcomes == (("no effect", Fraction(2, 3)), ("1 damage", Fraction(1, 6)),
                                ("2 damage", Fraction(1, 6)))
    assert preview.data == {"modifier": 0, "distribution": {
        "no effect": "2/3", "1 damage": "1/6", "2 damage": "1/6"}}
    assert preview.title == "Lion and Tiger cross the west boundary (C|W) into the battle zone"
    assert preview.summary.startswith("If the boundary is mined")
    assert preview.axis == "Minefield Table result, each ship (GT-02)"
    assert preview.rows[0] == ("What the results do — 1 damage: 1 hull point lost; 2 damage: "
                               "2 hull points lost.")
    assert preview.rows[2:] == ("Lion (Battlecruiser, 6 of 6 hull points left): cannot sink "
                                "on this roll", "Tiger (Battlecruiser, 6 of 6 hull points "
                                "left): cannot sink on this roll")
    hurt = jutland(ships=[{"id": "B-Flot-13", "side": "British", "type": "destroyer",
                           "hex": "0815", "crossing": "C|W"}])
    play(hurt, "end_phase")
    small = hurt.ruleset.preview(hurt.observe("British").view, CrossBoundary(("B-Flot-13",)))
    assert small is not None and small.rows[2] == (
        "B-Flot-13 (Destroyer flotilla, 2 of 2 hull points left): sinks 16.7 %")


def test_gt02_the_boundary_odds_do_not_tell_whether_the_enemy_mined_it():
    """Whether the Germans mined the west boundary is on their secret logsheet: the British
    read the same odds, "if it is mined", either way; only the roll itself tells."""
    previews = []
    for fields in (["C|W", "C|NE"], ["C|NE"]):
        g = jutland(sides=[{"name": "German", "minefields": fields, "logged": {"C|S": 3}},
                           {"name": "British", "minefields": ["C|SW"]}])
        play(g, "end_phase")
        previews.append(g.ruleset.preview(g.observe("British").view, CrossBoundary(("Lion",))))
    assert previews[0] == previews[1] and previews[0] is not None
    assert previews[0].title == "Lion crosses the west boundary (C|W) into the battle zone"


def test_gt02_the_approach_cannot_end_before_every_crossing_ship_rolls():
    g = jutland()
    play(g, "end_phase")  # German approach: nothing to cross
    assert (g.state.phase, g.state.active) == ("approach", "British")
    reason = refused("GT-02", g, "end_phase").reason
    assert reason == ("Lion and Tiger must roll for crossing into the battle zone before the "
                      "approach ends")
    refused("GT-02", g, "end_phase")  # ending it again does not skip the roll either
    assert EndPhase() not in g.ruleset.legal_actions(g.observe("British").view)
    play(g, "cross_boundary", rolls=[1], ships=["Lion"])
    assert refused("GT-02", g, "end_phase").reason.startswith("Tiger must roll")
    play(g, "cross_boundary", rolls=[1], ships=["Tiger"])
    play(g, "end_phase")
    assert (g.state.phase, g.state.active) == ("setup", "German")


def test_gt02_a_scenario_past_the_approach_may_not_hold_an_unrolled_crossing():
    with pytest.raises(BadInput) as info:
        jutland(phase="setup")  # Lion and Tiger still cross the western boundary
    assert str(info.value) == ("test scenario: ships[4].crossing: the scenario starts after "
                               "the approach, where ships roll for the boundary they cross "
                               "(GT-02)")


def test_gt03_gt04_the_seeds_counter_count():
    log = Logsheet(["C|W", "C|NE"], {"C|S": 3})
    assert (log.budget, log.max_mines) == (11, 6)
    assert Logsheet(["C|SW"]).budget == 4 and Logsheet([], {"C|S": 3}).max_mines == 2
    # A log for a boundary whose field is already complete adds nothing more.
    assert Logsheet(["C|W"], {"C|W": 5}).budget == 4


def test_gt04_at_most_half_rounded_up_are_mines():
    g = jutland(ships=SHIPS_AWAY)
    german_setup(g)
    for boundary, n in (("C|W", 3), ("C|NE", 2), ("C|S", 1)):
        for k in range(n):
            play(g, "place_counter", hex=near_hex(g, boundary, k), mine=True)
    refused("GT-04", g, "place_counter", hex=near_hex(g, "C|W"), mine=True)  # 6 of 11


def test_gt05_no_counters_under_enemy_ships_any_number_per_hex():
    g = jutland(ships=SHIPS_AWAY)
    german_setup(g)
    refused("GT-05", g, "place_counter", hex="1511", mine=False)
    for _ in range(3):
        play(g, "place_counter", hex="1510", mine=False)  # own ship there: fine
    assert len(g.state.counters_in("1510")) == 3


def test_gt06_dummies_anywhere_mines_only_near_own_boundaries():
    g = jutland(ships=SHIPS_AWAY)
    german_setup(g)
    play(g, "place_counter", hex=far_hex(g), mine=False)
    refused("GT-06", g, "place_counter", hex=far_hex(g), mine=True)
    refused("GT-06", g, "place_counter", hex=near_hex(g, "C|SW", 6), mine=True)  # British
    # "Within two hexes": the hexes sharing the hexside count as the first, the next ring
    # as the second; a hex two rings away from every German hexside is too far.
    german = [s for b in ("C|W", "C|NE", "C|S")
              for s in g.state.ring.segment_of_boundary(b).hexsides]
    hexes = list(g.state.grid.hexes())
    second_ring = next(h for h in hexes if min(hexside_distance(h, s) for s in german) == 1)
    third_ring = next(h for h in hexes if min(hexside_distance(h, s) for s in german) == 2)
    play(g, "place_counter", hex=g.state.grid.label(second_ring), mine=True)
    refused("GT-06", g, "place_counter", hex=g.state.grid.label(third_ring), mine=True)


def test_gt07_minimums_the_seeds_example():
    g = jutland(ships=SHIPS_AWAY, sides=[
        {"name": "German", "minefields": ["C|W"], "logged": {"C|NE": 3}},
        {"name": "British"}])
    german_setup(g)
    assert g.state.logs["German"].budget == 7
    play(g, "place_counter", hex=near_hex(g, "C|W", 0), mine=True)
    play(g, "place_counter", hex=near_hex(g, "C|NE", 0), mine=True)
    for _ in range(4):
        play(g, "place_counter", hex=far_hex(g), mine=False)
    # The last counter must be the second mine near the west hexside: a dummy is refused
    # there and then, rather than letting setup reach a state it could never leave.
    reason = refused("GT-07", g, "place_counter", hex=far_hex(g), mine=False).reason
    assert "still need 1" in reason
    play(g, "place_counter", hex=near_hex(g, "C|W", 1), mine=True)
    play(g, "end_phase")
    assert g.state.active == "British"


def test_gt04_gt07_a_corner_hex_serves_two_boundaries_and_deadlocks_are_refused():
    from mineboard.rules.gwas_tactical.setup import mines_still_needed

    g = jutland(ships=SHIPS_AWAY, sides=[
        {"name": "German", "minefields": ["C|W"], "logged": {"C|NW": 1}},
        {"name": "British"}])
    german_setup(g)
    # 2 near the west side + 1 near the north-west: 3 mines, unless a corner hex serves both.
    assert mines_still_needed(g.state, "German") == 2
    with pytest.raises(BadInput, match="GT-04, GT-07"):
        jutland(ships=SHIPS_AWAY, sides=[
            {"name": "German", "logged": {"C|W": 1, "C|NE": 1, "C|S": 1}},
            {"name": "British"}])


def test_gt04_gt07_a_boundary_under_enemy_ships_is_refused_at_load_by_name():
    probe = jutland(ships=SHIPS_AWAY).state
    near_nw = [probe.grid.label(h) for h in probe.grid.hexes() if probe.ring.near(h, ["C|NW"])]
    ships = SHIPS_AWAY + [{"id": f"DD{i}", "side": "British", "type": "destroyer", "hex": h}
                          for i, h in enumerate(near_nw)]
    with pytest.raises(BadInput) as info:
        jutland(ships=ships, sides=[{"name": "German", "logged": {"C|NW": 1}},
                                    {"name": "British"}])
    assert str(info.value) == (
        "test scenario: sides[0]: no hex within two hexes of the north-west shaded hexside "
        "(C|NW) is free of enemy ships, so German could never place the mine counters GT-07 "
        "needs there (GT-05): setup could never end")


def test_gt04_gt07_dummies_may_not_fill_the_budget_the_minimums_need():
    g = jutland(ships=SHIPS_AWAY, sides=[
        {"name": "German", "minefields": ["C|W"], "logged": {"C|S": 1}},
        {"name": "British"}])
    german_setup(g)
    assert (g.state.logs["German"].budget, g.state.logs["German"].max_mines) == (5, 3)
    for _ in range(2):
        play(g, "place_counter", hex=far_hex(g), mine=False)
    reason = refused("GT-07", g, "place_counter", hex=far_hex(g), mine=False).reason
    assert reason == ("a dummy here would leave room for 2 more mine counters, but the "
                      "minimums near the shaded hexsides still need 3")
    for boundary, k in (("C|W", 0), ("C|W", 1), ("C|S", 0)):
        play(g, "place_counter", hex=near_hex(g, boundary, k), mine=True)
    play(g, "end_phase")
    assert g.state.active == "British"


def test_gt04_gt07_the_invariants_flag_a_setup_that_can_no_longer_end():
    from mineboard.rules.gwas_tactical.state import Counter

    g = jutland(ships=SHIPS_AWAY, sides=[{"name": "German", "minefields": ["C|W"]},
                                         {"name": "British"}])
    german_setup(g)
    assert g.ruleset.invariants(g.state) == []
    for _ in range(3):  # past the checks: three dummies leave room for one mine, not two
        g.state.counters.append(Counter(g.state.new_id("c"), "German", far_hex(g), False))
    assert g.ruleset.invariants(g.state) == [
        "German can no longer finish setup: room for 1 more mine counter, the GT-07 "
        "minimums need 2"]


def test_gt08_battle_waits_for_every_counter():
    g = jutland(ships=SHIPS_AWAY)
    german_setup(g)
    assert "11 of 11 counters are still to place" in refused("GT-08", g, "end_phase").reason
    place_german_legal_set(g)
    play(g, "end_phase")
    assert g.state.phase == "setup" and g.state.active == "British"


def battle_with(counters, ships, impulse_step: int = 0, **changes):
    g = jutland(phase="battle", ships=ships, sides=[{"name": "German"}, {"name": "British"}],
                **changes)
    from mineboard.rules.gwas_tactical.state import Counter

    for owner, hex_, mine in counters:
        g.state.counters.append(Counter(g.state.new_id("c"), owner, hex_, mine))
    g.state.position = g.state.sequence.position_of("battle") + impulse_step
    return g


def test_gt09_friendly_counters_are_harmless_and_stay_face_down():
    g = battle_with([("German", "1511", True)], [
        {"id": "Seydlitz", "side": "German", "type": "battlecruiser", "hex": "1510"}])
    record = play(g, "move_ships", rolls=[], ships=["Seydlitz"], path=["1510", "1511", "1512"])
    assert record.rolls == () and not g.state.counters[0].face_up


def test_gt10_gt11_gt12_the_seeds_entering_example():
    ships = [{"id": s, "side": "British", "type": "light_cruiser", "hex": "1509"}
             for s in ("A", "B", "C")]
    # Impulse 5: the British move second, so step = 4 impulses × 2 sides + 1.
    g = battle_with([("German", "1510", True), ("German", "1510", True),
                     ("German", "1510", False)], ships, impulse_step=9)
    assert (g.state.impulse, g.state.active) == (5, "British")
    record = play(g, "move_ships", rolls=[1, 1, 1], ships=["A", "B", "C"],
                  path=["1509", "1510"])
    flipped = next(e for e in record.events if e.kind == "CountersFlipped")
    assert (flipped.data["mines"], flipped.data["dummies"]) == (2, 1)
    assert [c.mine for c in g.state.counters_in("1510")] == [True, True]
    assert all(c.face_up for c in g.state.counters_in("1510"))
    rolls = [e for e in record.events if e.kind == "MinefieldRoll"]
    assert [e.data["modifier"] for e in rolls] == [3, 3, 3]  # +1 extra mine, +2 impulse 5
    assert [e.data["total"] for e in rolls] == [4, 4, 4]
    assert modifier(default_data(), 2, 5) == 3


def test_gt10_entering_turns_up_every_counter_there_the_movers_own_too():
    ships = [{"id": s, "side": "British", "type": "dreadnought", "hex": "1509"}
             for s in ("A", "B")]
    g = battle_with([("German", "1510", True), ("German", "1510", False),
                     ("British", "1510", True), ("British", "1510", False),
                     ("German", "1511", True), ("British", "1511", False),
                     ("British", "1511", True)], ships, impulse_step=1)
    g.state.counters[4].face_up = True  # a German mine turned up earlier
    record = play(g, "move_ships", rolls=[1], ships=["A"], path=["1509", "1510"])
    flipped = next(e for e in record.events if e.kind == "CountersFlipped")
    assert flipped.faces == {"German": ("M", "D"), "British": ("M", "D")}
    assert (flipped.data["mines"], flipped.data["dummies"]) == (2, 2)
    assert [(c.owner, c.mine, c.face_up) for c in g.state.counters_in("1510")] == [
        ("German", True, True), ("British", True, True)]
    roll = next(e for e in record.events if e.kind == "MinefieldRoll")
    assert (roll.data["ship"], roll.data["modifier"]) == ("A", 0)  # one enemy mine there
    # An enemy mine already face up is enough: the mover's own counters there turn up.
    record = play(g, "move_ships", rolls=[1, 1], ships=["B"],
                  path=["1509", "1510", "1511"])
    assert [(c.owner, c.mine, c.face_up) for c in g.state.counters_in("1511")] == [
        ("German", True, True), ("British", True, True)]
    assert [e.faces for e in record.events if e.kind == "CountersFlipped"] == [
        {"British": ("D", "M")}]
    assert [(e.data["ship"], e.data["modifier"]) for e in record.events
            if e.kind == "MinefieldRoll"] == [("B", 0), ("B", 0)]


def test_gt11_plus_two_only_on_impulses_2_5_6_9():
    rules = default_data()
    assert [modifier(rules, 1, i) for i in range(1, 10)] == [0, 2, 0, 0, 2, 2, 0, 0, 2]
    assert modifier(rules, 4, 1) == 3


def test_gt13_leaving_is_free_staying_rolls_again():
    ships = [{"id": "A", "side": "German", "type": "light_cruiser", "hex": "1510"},
             {"id": "B", "side": "German", "type": "light_cruiser", "hex": "1510"}]
    g = battle_with([("British", "1510", True)], ships)
    g.state.counters[0].face_up = True
    record = play(g, "move_ships", rolls=[], ships=["A"], path=["1510", "1511"])
    assert record.rolls == ()  # leaving a mined hex does not roll
    record = play(g, "end_phase", rolls=[2])  # B stayed put on its movement impulse
    stayed = [e for e in record.events if e.kind == "MinefieldRoll"]
    assert [(e.clause, e.data["ship"]) for e in stayed] == [("GT-13", "B")]


def test_gt13_staying_adds_two_for_the_impulse_the_ship_entered_on_not_the_current_one():
    ships = [{"id": s, "side": "British", "type": "dreadnought", "hex": "1509"}
             for s in ("A", "B")]
    g = battle_with([("German", "1510", True)], ships, impulse_step=3)
    g.state.counters[0].face_up = True

    def stay_rolls(**fields) -> list[tuple[str, str, int]]:
        record = play(g, "end_phase", **fields)
        return [(e.clause, e.data["ship"], e.data["modifier"]) for e in record.events
                if e.kind == "MinefieldRoll"]

    assert (g.state.impulse, g.state.active) == (2, "British")
    play(g, "move_ships", rolls=[1], ships=["B"], path=["1509", "1510"])  # +2: impulse 2
    assert stay_rolls(rolls=[]) == []  # B entered this impulse: no roll for staying in it
    assert stay_rolls(rolls=[]) == []  # German impulse 3
    assert stay_rolls(rolls=[1]) == [("GT-13", "B", 2)]  # impulse 3, entered on 2
    assert stay_rolls(rolls=[]) == []  # German impulse 4
    play(g, "move_ships", rolls=[1], ships=["A"], path=["1509", "1510"])  # impulse 4: +0
    assert stay_rolls(rolls=[1]) == [("GT-13", "B", 2)]  # A entered this impulse
    assert stay_rolls(rolls=[]) == []  # German impulse 5
    assert g.state.impulse == 5
    assert stay_rolls(rolls=[1, 1]) == [("GT-13", "A", 0), ("GT-13", "B", 2)]


def test_gt14_mines_are_never_used_up():
    ships = [{"id": s, "side": "British", "type": "dreadnought", "hex": "1509"}
             for s in ("A", "B")]
    g = battle_with([("German", "1510", True)], ships, impulse_step=1)
    play(g, "move_ships", rolls=[3], ships=["A"], path=["1509", "1510"])
    play(g, "move_ships", rolls=[4], ships=["B"], path=["1509", "1510"])
    assert len(g.state.enemy_mines_up("1510", "British")) == 1


def test_gt15_the_table_is_data_with_a_label_and_a_broken_one_is_refused():
    data = default_data()
    assert data.table.label.startswith("DEFAULT") and data.impulses == tuple(range(1, 10))
    dist = result_distribution(data.table, 3)
    assert dist == {"no effect": Fraction(1, 6), "1 damage": Fraction(1, 6),
                    "2 damage": Fraction(1, 6), "3 damage": Fraction(1, 3),
                    "sunk": Fraction(1, 6)}
    gap = {"schema": 1, "dice": 1, "bands": [
        {"from": -99, "to": 3, "result": "no effect"},
        {"from": 5, "to": 99, "result": "sunk", "sunk": True}]}
    with pytest.raises(BadInput, match=r"^table.json: bands\[1\]: leaves a gap after band 0"):
        parse_table(gap, "table.json")
    with pytest.raises(BadInput, match=r"^t.json.bands\[0\].to: must be a whole number"):
        parse_table({"schema": 1, "dice": 1, "bands": [{"from": 1, "to": "x",
                                                        "result": "r"}]}, "t.json")


def test_gt15_a_roll_past_the_last_band_reads_the_last_band_in_play_and_in_the_odds():
    ships = [{"id": "A", "side": "British", "type": "dreadnought", "hex": "1509"}]
    g = battle_with([("German", "1510", True)] * 100, ships, impulse_step=1)
    record = play(g, "move_ships", rolls=[1], ships=["A"], path=["1509", "1510"])
    roll = next(e for e in record.events if e.kind == "MinefieldRoll")
    assert (roll.data["modifier"], roll.data["total"], roll.data["result"]) == (99, 100, "sunk")
    assert "sunk (P = 1 (100.0 %))" in roll.text and "A" not in g.state.ships
    assert result_distribution(default_data().table, 99) == {"sunk": Fraction(1)}
    preview = hex_odds(HexQuery(mine_counters=95, impulse=1))
    assert preview.outcomes == (("sunk", Fraction(1)),)
    assert preview.data == {"modifier": 94, "distribution": {"sunk": "1"}}


def test_gt15_a_roll_below_the_first_band_reads_the_first_band_in_play_and_in_the_odds():
    table = parse_table({"schema": 1, "dice": 1, "bands": [
        {"from": 3, "to": 4, "result": "no effect"},
        {"from": 5, "to": 6, "result": "sunk", "sunk": True}]}, "printed.json")
    assert result_distribution(table, 0) == {"no effect": Fraction(2, 3),
                                             "sunk": Fraction(1, 3)}
    assert result_distribution(table, 30) == {"sunk": Fraction(1)}
    ships = [{"id": "A", "side": "British", "type": "dreadnought", "hex": "1509"}]
    g = battle_with([("German", "1510", True)], ships, impulse_step=1)
    g.state.rules = replace(g.state.rules, table=table)
    record = play(g, "move_ships", rolls=[1], ships=["A"], path=["1509", "1510"])
    roll = next(e for e in record.events if e.kind == "MinefieldRoll")
    assert (roll.data["total"], roll.data["result"]) == (1, "no effect")
    assert "no effect (P = 2/3 (66.7 %))" in roll.text


def test_gt15_the_odds_query_is_bounded_and_fast_at_its_limits(capsys):
    from mineboard.cli import main

    for bad in ({"mine_counters": 1000, "impulse": 1}, {"mine_counters": 1, "impulse": 0},
                {"mine_counters": 1, "impulse": 100}):
        with pytest.raises(BadInput):
            from_json(HexQuery, bad, "query")
    with pytest.raises(BadInput, match=r"^--mine-counters: .*\(GT-11\)$"):
        hex_odds(from_json(HexQuery, {"mine_counters": 0, "impulse": 1}, "query"))
    start = time.perf_counter()
    assert main(["odds", "gwas-tactical", "--mine-counters", "999", "--impulse", "9",
                 "--json"]) == 0
    assert time.perf_counter() - start < 2
    report = json.loads(capsys.readouterr().out)
    assert report["modifier"] == 1000 and report["distribution"] == {"sunk": "1"}


def test_damage_from_ship_data_sinks_at_hull():
    ships = [{"id": "D", "side": "British", "type": "destroyer", "hex": "1509"}]
    g = battle_with([("German", "1510", True)], ships, impulse_step=1)
    record = play(g, "move_ships", rolls=[6], ships=["D"], path=["1509", "1510"])
    assert "D" not in g.state.ships  # 2 damage = destroyer hull 2
    assert next(e for e in record.events if e.kind == "MinefieldRoll").data["sunk"] == "D"


def test_opponents_view_hides_which_counters_are_mines():
    g = jutland(ships=SHIPS_AWAY)
    german_setup(g)
    place_german_legal_set(g)
    british = g.ruleset.view(g.state, "British")
    assert {c.mine for c in british.counters} == {False}
    assert all(not c.known for c in british.counters)
    assert british.logs["German"].budget == 0
    text = "\n".join(e.text for e in g.observe("British").events())
    assert "mine counter" not in text and "dumm" not in text


def test_each_side_reads_one_line_per_counter_placed():
    g = jutland(ships=SHIPS_AWAY)
    german_setup(g)
    play(g, "place_counter", hex=near_hex(g, "C|W"), mine=True)
    lines = {seat: [e.text for e in g.observe(seat).events_of(g.records[-1])]
             for seat in ("German", "British", TEACHER, PUBLIC)}
    assert all(len(seen) == 1 for seen in lines.values())
    assert "mine counter" in lines["German"][0] == lines[TEACHER][0]
    assert lines["British"] == lines[PUBLIC] == [f"German places a face-down counter at "
                                                 f"hex {near_hex(g, 'C|W')}"]
