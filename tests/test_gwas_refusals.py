"""gwas-tactical: the exact words of every refusal and bad-input message.

The words a player reads when the rules refuse an action, or when a scenario or an odds
query cannot be used, are part of the behaviour: each refusal is asserted word for word
with the clause it names (or TURN, the base game), and each BadInput with its ``where``.
The mutation run (tools/mutation_report.py) selects this file (test_*_refusals.py); it
kills the mutants of checks.py, scenario.py and odds.py that only change those words, and
the few code mutants whose boundary cases the clause tests do not reach. No Qt here.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from mineboard.core.errors import BadInput, IllegalAction
from mineboard.rules.gwas_tactical import odds
from mineboard.rules.gwas_tactical.data import default_data, parse_table
from mineboard.rules.gwas_tactical.odds import (
    HexQuery,
    hex_odds,
    loss_chance,
    meanings,
    table_preview,
)
from mineboard.rules.gwas_tactical.scenario import state_from_scenario
from mineboard.rules.gwas_tactical.state import Counter
from tests.conftest import JUTLAND, jutland, play

TWO_SIDES = [{"name": "German"}, {"name": "British"}]
SHIPS = [
    {"id": "A", "side": "German", "type": "destroyer", "hex": "1510"},  # speed 4
    {"id": "M", "side": "German", "type": "battlecruiser", "hex": "0105"},  # an edge hex
    {"id": "L", "side": "British", "type": "battlecruiser", "hex": "1511"},
]
FIVE_STEPS = ["1510", "1511", "1512", "1513", "1514", "1515"]


def battle():
    """German impulse 1 of the battle, no counters."""
    g = jutland(phase="battle", ships=SHIPS, sides=TWO_SIDES)
    assert (g.state.phase, g.state.active, g.state.impulse) == ("battle", "German", 1)
    return g


def setup(sides=None):
    """German counter setup; by default one logged turn near the southern hexside."""
    g = jutland(phase="setup", ships=SHIPS,
                sides=sides or [{"name": "German", "logged": {"C|S": 1}}, {"name": "British"}])
    assert (g.state.phase, g.state.active) == ("setup", "German")
    return g


def approach():
    """The British approach of the bundled scenario: Lion and Tiger cross C|W."""
    g = jutland()
    play(g, "end_phase")
    assert (g.state.phase, g.state.active) == ("approach", "British")
    return g


def near(g, boundary: str, k: int = 0) -> str:
    return g.state.grid.label(g.state.ring.segment_of_boundary(boundary).hexsides[k].hex)


def refusal(g, kind: str, **fields) -> IllegalAction:
    """The refusal of one action, which leaves the game as it was."""
    before = g.ruleset.summary(g.state)
    with pytest.raises(IllegalAction) as info:
        play(g, kind, **fields)
    assert g.ruleset.summary(g.state) == before, "a refused action changed the state"
    return info.value


def said(exc: IllegalAction | BadInput) -> tuple[str, str, str]:
    if isinstance(exc, IllegalAction):
        return exc.clause, exc.reason, str(exc)
    return exc.where, exc.what, str(exc)


# (what is checked, the game, the actions played first, the refused action, clause, words);
# a hex "@B" among the actions played first is a hex beside boundary B's shaded hexside.
REFUSALS = [
    ("gt02_crossing_in_the_battle", battle, [], ("cross_boundary", {"ships": ["A"]}),
     "GT-02", "boundary crossings are rolled before the battle"),
    ("gt02_crossing_in_setup", setup, [], ("cross_boundary", {"ships": ["A"]}),
     "GT-02", "boundary crossings are rolled before the battle"),
    ("gt02_a_crossing_ship_listed_twice", approach, [],
     ("cross_boundary", {"ships": ["Lion", "Lion"]}),
     "GT-02", "crossing ship Lion is listed twice"),
    ("gt02_a_ship_with_nothing_to_cross", approach, [],
     ("cross_boundary", {"ships": ["Galatea"]}),
     "GT-02", "Galatea has no boundary left to cross"),
    ("gt02_crossing_an_unknown_ship", approach, [],
     ("cross_boundary", {"ships": ["Nobody"]}),
     "TURN", "there is no ship 'Nobody' on the map"),
    ("gt03_placing_in_the_battle", battle, [], ("place_counter", {"hex": "1510", "mine": False}),
     "GT-03", "counters are placed after both sides set up, before combat"),
    ("gt05_placing_off_the_board", setup, [], ("place_counter", {"hex": "9999", "mine": True}),
     "GT-05", "hex 9999 is off the board"),
    ("gt05_placing_at_a_label_that_is_no_hex", setup, [],
     ("place_counter", {"hex": "zz", "mine": False}),
     "GT-05", "hex label 'zz' is not CCRR digits"),
    ("gt05_placing_under_an_enemy_ship", setup, [],
     ("place_counter", {"hex": "1511", "mine": False}),
     "GT-05", "hex 1511 holds enemy ships"),
    ("gt03_one_counter_of_one_is_placed", setup,
     [("place_counter", {"hex": "@C|S", "mine": True})],
     ("place_counter", {"hex": "1510", "mine": False}),
     "GT-03", "all 1 counter is placed (GT-03)"),
    ("gt08_one_counter_of_one_is_still_to_place", setup, [], ("end_phase", {}),
     "GT-08", "1 of 1 counter is still to place"),
    ("turn_moving_in_setup", setup, [], ("move_ships", {"ships": ["A"], "path": ["1510", "1509"]}),
     "TURN", "ships move in the battle's impulses"),
    ("turn_moving_no_ship", battle, [], ("move_ships", {"ships": [], "path": ["1510", "1509"]}),
     "TURN", "choose at least one ship to move"),
    ("turn_a_moving_ship_listed_twice", battle, [],
     ("move_ships", {"ships": ["A", "A"], "path": ["1510", "1509"]}),
     "TURN", "moving ship A is listed twice"),
    ("turn_a_move_of_one_hex", battle, [], ("move_ships", {"ships": ["A"], "path": ["1510"]}),
     "TURN", "a move needs at least two hexes"),
    ("turn_moving_off_the_board", battle, [],
     ("move_ships", {"ships": ["A"], "path": ["1510", "9999"]}),
     "TURN", "hex 9999 is off the board"),
    ("turn_moving_past_a_hex", battle, [],
     ("move_ships", {"ships": ["A"], "path": ["1510", "1512"]}),
     "TURN", "ships move hex by hex to adjacent hexes"),
    ("turn_moving_from_another_hex", battle, [],
     ("move_ships", {"ships": ["A"], "path": ["1509", "1510"]}),
     "TURN", "A is in hex 1510, not 1509"),
    ("turn_moving_twice_an_impulse", battle,
     [("move_ships", {"ships": ["A"], "path": ["1510", "1509"]})],
     ("move_ships", {"ships": ["A"], "path": ["1509", "1510"]}),
     "TURN", "A has moved this impulse"),
    ("turn_moving_one_hex_past_the_speed", battle, [],
     ("move_ships", {"ships": ["A"], "path": FIVE_STEPS}),
     "TURN", "A moves at most 4 hexes an impulse"),
    ("turn_moving_an_unknown_ship", battle, [],
     ("move_ships", {"ships": ["Nobody"], "path": ["1510", "1509"]}),
     "TURN", "there is no ship 'Nobody' on the map"),
    ("turn_moving_a_ship_that_left_the_map", battle, [("leave_map", {"ship": "M"})],
     ("move_ships", {"ships": ["M"], "path": ["0105", "0106"]}),
     "TURN", "there is no ship 'M' on the map"),
    ("turn_moving_an_enemy_ship", battle, [],
     ("move_ships", {"ships": ["L"], "path": ["1511", "1512"]}),
     "TURN", "L belongs to British; it is German's turn"),
    ("turn_leaving_in_setup", setup, [], ("leave_map", {"ship": "M"}),
     "TURN", "ships leave the map during the battle"),
    ("turn_leaving_after_moving", battle,
     [("move_ships", {"ships": ["M"], "path": ["0105", "0106"]})],
     ("leave_map", {"ship": "M"}),
     "TURN", "M has moved this impulse"),
    ("turn_leaving_from_inside_the_map", battle, [], ("leave_map", {"ship": "A"}),
     "TURN", "A must be on an edge hex to leave the map"),
    ("turn_leaving_twice", battle, [("leave_map", {"ship": "M"})], ("leave_map", {"ship": "M"}),
     "TURN", "there is no ship 'M' on the map"),
    ("turn_leaving_with_an_unknown_ship", battle, [], ("leave_map", {"ship": "Nobody"}),
     "TURN", "there is no ship 'Nobody' on the map"),
]


@pytest.mark.parametrize(("name", "start", "before", "action", "clause", "words"), REFUSALS,
                         ids=[r[0] for r in REFUSALS])
def test_the_refusal_names_its_clause_in_exact_words(name, start, before, action, clause,
                                                     words):
    g = start()
    for kind, fields in before:
        if isinstance(fields.get("hex"), str) and fields["hex"].startswith("@"):
            fields = {**fields, "hex": near(g, fields["hex"][1:])}
        play(g, kind, rolls=[], **fields)
    kind, fields = action
    assert said(refusal(g, kind, **fields)) == (clause, words, f"{clause}: {words}")


def test_turn_a_ship_moves_exactly_its_speed_but_not_one_hex_more():
    g = battle()
    refusal(g, "move_ships", ships=["A"], path=FIVE_STEPS)
    play(g, "move_ships", rolls=[], ships=["A"], path=FIVE_STEPS[:-1])
    assert g.state.ships["A"].hex == "1514"


def test_gt03_gt04_a_full_budget_says_how_many_counters_there_are():
    g = setup([{"name": "German", "minefields": ["C|W"]}, {"name": "British"}])
    for k in range(2):
        play(g, "place_counter", hex=near(g, "C|W", k), mine=True)
    assert said(refusal(g, "place_counter", hex=near(g, "C|W", 2), mine=True)) == (
        "GT-04", "at most 2 of 4 counters may be mines (half, rounded up)",
        "GT-04: at most 2 of 4 counters may be mines (half, rounded up)")
    for _ in range(2):
        play(g, "place_counter", hex="1510", mine=False)
    assert said(refusal(g, "place_counter", hex="1510", mine=False))[2] == (
        "GT-03: all 4 counters are placed (GT-03)")


def shortfall(counters):
    """German setup with counters put in place past the checks (GT-07 refuses any
    placement that would lead here, so only such a state shows the end-of-setup words)."""
    g = setup([{"name": "German", "minefields": ["C|W"]}, {"name": "British"}])
    for hex_, mine in counters(g):
        g.state.counters.append(Counter(g.state.new_id("c"), "German", hex_, mine))
    return g


def test_gt07_ending_setup_with_one_mine_near_a_field_that_needs_two():
    g = shortfall(lambda g: [(near(g, "C|W", 0), True)]
                  + [(near(g, "C|W", k), False) for k in (1, 2, 3)])
    assert said(refusal(g, "end_phase")) == (
        "GT-07", "at least 2 mine counters must lie within two hexes of the west shaded "
        "hexside (C|W); 1 does",
        "GT-07: at least 2 mine counters must lie within two hexes of the west shaded "
        "hexside (C|W); 1 does")


def test_gt07_ending_setup_with_no_mine_near_the_field():
    g = shortfall(lambda g: [("1510", True), ("1510", True), ("1510", False),
                             (near(g, "C|W"), False)])
    assert said(refusal(g, "end_phase"))[2] == (
        "GT-07: at least 2 mine counters must lie within two hexes of the west shaded "
        "hexside (C|W); 0 do")


def test_gt07_the_enemys_mines_do_not_count_for_a_side():
    g = setup([{"name": "German", "minefields": ["C|W"]},
               {"name": "British", "minefields": ["C|W"]}])
    for k in range(2):
        g.state.counters.append(Counter(g.state.new_id("c"), "British", near(g, "C|W", k),
                                        True))
    g.state.counters += [Counter(g.state.new_id("c"), "German", "1510", False)
                         for _ in range(4)]
    assert said(refusal(g, "end_phase"))[2].endswith("(C|W); 0 do")


# ---- the scenario loader ----------------------------------------------------------------

def load(board=None, data=None, strategic=None):
    probe = jutland().state
    return state_from_scenario(data or JUTLAND, board or probe.board, "horns.json",
                               strategic or probe.strategic)


def test_the_tactical_map_needs_a_hex_grid():
    board = jutland().state.board
    with pytest.raises(BadInput) as info:
        load(replace(board, grid=None))
    assert said(info.value) == ("horns.json", "gwas-tactical needs a tactical hex map",
                                "horns.json: gwas-tactical needs a tactical hex map")


def test_the_tactical_map_needs_a_shaded_ring():
    board = jutland().state.board
    with pytest.raises(BadInput) as info:
        load(replace(board, edge_sets={}))
    assert said(info.value) == (
        "horns.json", "map jutland-tactical: the shaded ring: no edge set with a 'boundary' "
        "and hexsides to make a ring of",
        "horns.json: map jutland-tactical: the shaded ring: no edge set with a 'boundary' "
        "and hexsides to make a ring of")


def test_the_tactical_map_names_a_battle_zone_on_the_strategic_map():
    board = jutland().state.board
    with pytest.raises(BadInput) as info:
        load(replace(board, meta={k: v for k, v in board.meta.items() if k != "battle_zone"}))
    assert said(info.value) == ("horns.json", "battle zone '' is not on the strategic map",
                                "horns.json: battle zone '' is not on the strategic map")
    with pytest.raises(BadInput) as info:
        load(replace(board, meta={**board.meta, "battle_zone": "Q"}))
    assert str(info.value) == "horns.json: battle zone 'Q' is not on the strategic map"


def test_the_ring_segments_name_boundaries_of_the_battle_zone():
    board = jutland().state.board
    with pytest.raises(BadInput) as info:
        load(replace(board, meta={**board.meta, "battle_zone": "NE"}))
    assert said(info.value) == (
        "horns.json", "ring segment south-west names 'C|SW', not a boundary of zone NE",
        "horns.json: ring segment south-west names 'C|SW', not a boundary of zone NE")


def test_the_two_sides_need_different_names():
    with pytest.raises(BadInput) as info:
        jutland(ships=[], sides=[{"name": "German"}, {"name": "German"}])
    assert str(info.value) == "test scenario: sides: the two sides need different names"


def test_a_field_error_names_the_scenario_and_the_field():
    with pytest.raises(BadInput) as info:
        jutland(ships=[{"id": "U9", "side": "German", "type": "submarine", "hex": "1510"}])
    assert str(info.value) == (
        "test scenario: ships[0].type: 'submarine' is not a ship type (battlecruiser, "
        "destroyer, dreadnought, light_cruiser)")


def test_ships_without_an_id_are_numbered_and_an_id_used_twice_is_refused():
    g = jutland(ships=[{"side": "German", "type": "destroyer", "hex": "1510"},
                       {"side": "British", "type": "destroyer", "hex": "1511"}])
    assert list(g.state.ships) == ["ship1", "ship2"]
    with pytest.raises(BadInput) as info:
        jutland(ships=[{"id": "A", "side": "German", "type": "destroyer", "hex": "1510"},
                       {"id": "A", "side": "German", "type": "destroyer", "hex": "1511"}])
    assert said(info.value) == ("test scenario: ships[1]", "ship id 'A' used twice",
                                "test scenario: ships[1]: ship id 'A' used twice")


def test_gt04_gt07_minimums_past_the_mine_cap_are_refused_at_load_in_exact_words():
    with pytest.raises(BadInput) as info:
        jutland(ships=SHIPS, sides=[{"name": "German", "logged": {"C|W": 1, "C|NE": 1,
                                                                  "C|S": 1}},
                                    {"name": "British"}])
    assert said(info.value) == (
        "test scenario: sides[0]",
        "German's minimums near the shaded hexsides need 3 mine counters but it may place at "
        "most 2 (GT-04, GT-07): setup could never end",
        "test scenario: sides[0]: German's minimums near the shaded hexsides need 3 mine "
        "counters but it may place at most 2 (GT-04, GT-07): setup could never end")


# ---- mineboard odds gwas-tactical ---------------------------------------------------------

DEFAULT_LABEL = "DEFAULT — not the printed table"
CALM = {"schema": 1, "dice": 1, "bands": [{"from": -99, "to": 99, "result": "no effect"}]}
PRINTED = {"schema": 1, "dice": 1, "bands": [
    {"from": -99, "to": 4, "result": "no effect"},
    {"from": 5, "to": 99, "result": "sunk", "sunk": True}]}


def test_gt11_odds_of_one_mine_counter_on_impulse_1():
    preview = hex_odds(HexQuery(mine_counters=1, impulse=1))
    assert preview.title == ("gwas-tactical: 1 mine counter, impulse 1: modifier +0 (GT-11) — "
                             f"table: {DEFAULT_LABEL}")
    assert preview.summary == f"no effect: 66.7 % [{DEFAULT_LABEL}]"
    assert preview.outcomes == (("no effect", Fraction(2, 3)), ("1 damage", Fraction(1, 6)),
                                ("2 damage", Fraction(1, 6)))
    assert preview.rows == ("What the results do — 1 damage: 1 hull point lost; 2 damage: 2 "
                            "hull points lost.",)


def test_gt11_odds_of_two_mine_counters_on_impulse_2():
    preview = hex_odds(HexQuery(mine_counters=2, impulse=2))
    assert preview.title == ("gwas-tactical: 2 mine counters, impulse 2: modifier +3 (GT-11) — "
                             f"table: {DEFAULT_LABEL}")
    assert preview.summary == f"no effect: 16.7 % [{DEFAULT_LABEL}]"


def test_gt11_odds_refuse_a_hex_without_mine_counters():
    with pytest.raises(BadInput) as info:
        hex_odds(HexQuery(mine_counters=0, impulse=1))
    assert said(info.value) == (
        "--mine-counters", "a hex needs at least one mine counter to roll (GT-11)",
        "--mine-counters: a hex needs at least one mine counter to roll (GT-11)")


@pytest.mark.parametrize("impulse", [10, 99])
def test_gt15_odds_refuse_an_impulse_the_impulse_table_does_not_run(impulse):
    with pytest.raises(BadInput) as info:
        hex_odds(HexQuery(mine_counters=1, impulse=impulse))
    assert said(info.value) == ("--impulse", "impulses run 1–9", "--impulse: impulses run 1–9")


def test_gt15_odds_with_an_unlabelled_table_say_it_is_the_printed_one(monkeypatch):
    printed = replace(default_data(), table=parse_table(PRINTED, "printed.json"))
    monkeypatch.setattr(odds, "default_data", lambda: printed)
    preview = hex_odds(HexQuery(mine_counters=1, impulse=1))
    assert preview.title == ("gwas-tactical: 1 mine counter, impulse 1: modifier +0 (GT-11) — "
                             "table: printed")
    assert preview.summary == "no effect: 66.7 %"
    assert preview.rows == ("What the results do — sunk: the ship sinks.",)


def test_gt15_a_table_whose_results_do_nothing_has_no_meaning_row():
    calm = parse_table(CALM, "calm.json")
    assert meanings(calm, ["no effect"]) == ""
    preview = table_preview(replace(default_data(), table=calm), 0, "calm", summary="S: ")
    assert preview.rows == ()
    assert preview.summary == "S: no effect: 100.0 %"
    assert preview.outcomes == (("no effect", Fraction(1)),)


def test_a_ship_that_cannot_sink_has_an_exact_zero_chance_of_going_down():
    """The chance is a Fraction like every other odds figure, zero included."""
    calm = parse_table(CALM, "calm.json")
    lost = loss_chance(calm, 0, 1)
    assert lost == 0 and type(lost) is Fraction
    sunk = loss_chance(parse_table(PRINTED, "printed.json"), 0, 8)
    assert sunk == Fraction(1, 3) and type(sunk) is Fraction
