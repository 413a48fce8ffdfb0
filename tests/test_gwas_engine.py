"""gwas-tactical engine: what the window is offered and the setup arithmetic, exactly.

The clause tests (test_gwas_clauses.py) and the demos play whole rules; they seldom ask the
planner what a click on a hex means, which hexes light up, which actions are legal, what a
move's odds panel says, or how many mine counters the GT-07 minimums still need on a
hand-built logsheet. Mutation testing showed wrong answers to those questions going unseen.
These tests pin the exact answers on small boards of the Horns Reef map: fast, no Qt.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest

from mineboard.core.dice import Roll
from mineboard.core.errors import BadInput
from mineboard.core.places import PlaceRef
from mineboard.core.planning import Preview, Selection
from mineboard.maps.model import BOX_LINK, Way
from mineboard.rules.gwas_tactical import setup
from mineboard.rules.gwas_tactical.actions import (
    CrossBoundary,
    EndPhase,
    LeaveMap,
    MoveShips,
    PlaceCounter,
)
from mineboard.rules.gwas_tactical.data import parse_table
from mineboard.rules.gwas_tactical.setup import (
    NEVER,
    hexside_name,
    mines_still_needed,
    minimums,
    room_for_mines,
    unmineable,
)
from mineboard.rules.gwas_tactical.state import Counter, Logsheet, Ship, boundary_name
from tests.conftest import jutland, play

AWAY = [  # ships kept clear of the ring so placements are about the counters
    {"id": "Seydlitz", "side": "German", "type": "battlecruiser", "hex": "1510"},
    {"id": "Lion", "side": "British", "type": "battlecruiser", "hex": "1511"}]


@pytest.fixture(autouse=True)
def fresh_setup_caches():
    """The setup search keeps what it found; each test works it out afresh."""
    setup._COVERS.clear()
    setup._fewest.cache_clear()
    yield
    setup._COVERS.clear()
    setup._fewest.cache_clear()


def german_setup(**changes: Any):
    """A Horns Reef game at the German counter setup (nobody crosses a boundary)."""
    g = jutland(phase="setup", **{"ships": AWAY, **changes})
    assert (g.state.phase, g.state.active) == ("setup", "German")
    return g


def battle(ships: list[dict[str, Any]], counters=(), step: int = 0,
           sides: list[dict[str, Any]] | None = None):
    """A battle with ``counters`` (owner, hex, mine, face up) laid; ``step`` impulses on."""
    g = jutland(phase="battle", ships=ships,
                sides=sides or [{"name": "German"}, {"name": "British"}])
    for owner, hex_, mine, up in counters:
        g.state.counters.append(Counter(g.state.new_id("c"), owner, hex_, mine, face_up=up))
    g.state.position = g.state.sequence.position_of("battle") + step
    return g


def near(g, boundary: str, k: int = 0) -> str:
    return g.state.grid.label(g.state.ring.segment_of_boundary(boundary).hexsides[k].hex)


def hexes_near(state, boundaries) -> list[str]:
    return [state.grid.label(h) for h in state.grid.hexes() if state.ring.near(h, boundaries)]


# ---- units_at and intent: what a click on a hex means ------------------------------------

def test_units_at_lists_the_active_sides_ships_in_the_hex_sorted_and_none_in_setup():
    g = battle([{"id": "B", "side": "German", "type": "destroyer", "hex": "1509"},
                {"id": "A", "side": "German", "type": "light_cruiser", "hex": "1509"},
                {"id": "X", "side": "British", "type": "destroyer", "hex": "1509"}])
    view = g.observe("German").view
    assert g.ruleset.units_at(view, "1509") == ["A", "B"]
    assert g.ruleset.units_at(view, "1510") == []
    s = german_setup()
    assert s.ruleset.units_at(s.observe("German").view, "1510") == []  # Seydlitz is there


def test_intent_in_setup_places_the_chosen_counter_gt05_gt06():
    g = german_setup()
    view, at = g.observe("German").view, PlaceRef("hex", "1409")
    assert g.ruleset.intent(view, Selection(), at) == PlaceCounter("1409", True)
    mine = Selection(options={"counter": "mine"})
    dummy = Selection(options={"counter": "dummy"})
    assert g.ruleset.intent(view, mine, at) == PlaceCounter("1409", True)
    assert g.ruleset.intent(view, dummy, at) == PlaceCounter("1409", False)
    assert g.ruleset.intent(view, Selection(), PlaceRef("hexside", "1409|1410")) is None


def test_intent_in_battle_moves_the_picked_ships_along_the_fewest_hexsides():
    g = battle([{"id": "A", "side": "German", "type": "light_cruiser", "hex": "1509"},
                {"id": "B", "side": "German", "type": "destroyer", "hex": "1509"}])
    view = g.observe("German").view
    picked = Selection("1509", ("A", "B"))

    def click(selection: Selection, target: str, kind: str = "hex"):
        return g.ruleset.intent(view, selection, PlaceRef(kind, target))

    assert click(picked, "1510") == MoveShips(("A", "B"), ("1509", "1510"))
    assert click(picked, "1511") == MoveShips(("A", "B"), ("1509", "1510", "1511"))
    assert click(picked, "1709") == MoveShips(("A", "B"), ("1509", "1608", "1709"))
    assert click(picked, "9999") == MoveShips(("A", "B"), ("1509", "9999"))  # no path
    assert click(Selection("1509", ("A",)), "1511") == MoveShips(("A",),
                                                                ("1509", "1510", "1511"))
    assert click(picked, "1509") is None  # a click where they are
    assert click(Selection("1509"), "1511") is None  # no ship picked
    assert click(Selection(None, ("A",)), "1511") is None  # picked nowhere
    assert click(picked, "1509|1510", "hexside") is None


def test_intent_paths_follow_hexsides_only_not_other_ways_of_the_map():
    g = battle([{"id": "A", "side": "German", "type": "light_cruiser", "hex": "1509"}])
    view = g.observe("German").view
    board = view.board
    view.board = replace(board, ways={**board.ways,
                                      "1509|1512": Way("1509|1512", BOX_LINK, "1509", "1512")})
    assert g.ruleset.intent(view, Selection("1509", ("A",)), PlaceRef("hex", "1512")) == \
        MoveShips(("A",), ("1509", "1510", "1511", "1512"))


# ---- targets, choices, legal actions --------------------------------------------------

def test_targets_light_every_hex_the_chosen_counter_may_go_gt05_gt06():
    g = german_setup()
    view = g.observe("German").view
    mines = g.ruleset.targets(view, Selection())
    log = view.logs["German"]
    expected = sorted(set(hexes_near(view, log.mine_boundaries())) - {"1511"})
    assert len(expected) == 125
    assert sorted(ref.id for ref in mines) == expected
    assert all(ref == PlaceRef("hex", ref.id) and action == PlaceCounter(ref.id, True)
               for ref, action in mines.items())
    assert g.ruleset.targets(view, Selection(options={"counter": "mine"})) == mines
    dummies = g.ruleset.targets(view, Selection(options={"counter": "dummy"}))
    assert len(dummies) == 599  # every hex but the one under Lion (GT-05)
    assert PlaceRef("hex", "1511") not in dummies
    assert dummies[PlaceRef("hex", "1510")] == PlaceCounter("1510", False)
    assert set(dummies.values()) == {PlaceCounter(ref.id, False) for ref in dummies}
    b = battle([{"id": "A", "side": "German", "type": "light_cruiser", "hex": "1509"}])
    assert b.ruleset.targets(b.observe("German").view, Selection()) == {}


def test_choices_offer_mine_or_dummy_in_setup_only():
    g = german_setup()
    view = g.observe("German").view
    (choice,) = g.ruleset.choices(view, Selection())
    assert (choice.key, choice.label, choice.default, choice.values, choice.tip) == (
        "counter", "Counter", "mine", (("mine", "Mine"), ("dummy", "Dummy")),
        "Which face-down counter a click on a hex places (GT-05, GT-06)")
    b = battle([{"id": "A", "side": "German", "type": "light_cruiser", "hex": "1509"}])
    assert b.ruleset.choices(b.observe("German").view, Selection("1509", ("A",))) == []


def test_legal_actions_in_the_approach_are_the_own_ships_boundary_rolls_gt02():
    g = jutland()
    assert g.ruleset.legal_actions(g.observe("German").view) == [EndPhase()]
    play(g, "end_phase")
    assert g.ruleset.legal_actions(g.observe("British").view) == [
        CrossBoundary(("Lion",)), CrossBoundary(("Tiger",))]


def test_legal_actions_in_setup_are_each_legal_placement_gt05_gt06():
    g = german_setup()
    actions = g.ruleset.legal_actions(g.observe("German").view)
    assert len(actions) == 125 + 599  # no EndPhase: nothing is placed yet (GT-08)
    assert sum(a == PlaceCounter(a.hex, True) for a in actions) == 125
    assert sum(a == PlaceCounter(a.hex, False) for a in actions) == 599
    assert PlaceCounter("1510", False) in actions and PlaceCounter("1510", True) not in actions


def test_legal_actions_in_battle_are_end_leave_and_one_hex_steps():
    g = battle([{"id": "M", "side": "German", "type": "battlecruiser", "hex": "0105"},
                {"id": "A", "side": "German", "type": "light_cruiser", "hex": "1509"},
                {"id": "L", "side": "British", "type": "battlecruiser", "hex": "0106"}])
    assert g.ruleset.legal_actions(g.observe("German").view) == [
        EndPhase(),
        *[MoveShips(("A",), ("1509", h)) for h in ("1609", "1608", "1508", "1408", "1409",
                                                  "1510")],
        LeaveMap("M"),
        *[MoveShips(("M",), ("0105", h)) for h in ("0205", "0204", "0104", "0106")]]


# ---- previews: the odds of a planned move ---------------------------------------------

def test_move_preview_names_the_first_hex_with_enemy_counters_and_each_ships_odds_gt11():
    ships = [{"id": "A", "side": "British", "type": "battlecruiser", "hex": "1509"},
             {"id": "D", "side": "British", "type": "destroyer", "hex": "1509"}]
    g = battle(ships, [("German", "1511", True, False), ("German", "1511", False, False),
                       ("German", "1512", True, True)], step=1)
    g.state.ships["A"].damage = 1
    view = g.observe("British").view
    assert (view.active, view.impulse) == ("British", 1)
    preview = g.ruleset.preview(view, MoveShips(("A", "D"), ("1509", "1510", "1511", "1512")))
    assert preview.title == ("Hex 1511, impulse 1: 2 face-down counters, if one is a mine; "
                             "modifier +0 (GT-11)")
    assert preview.rows[1:] == (
        "A (Battlecruiser, 5 of 6 hull points left): cannot sink on this roll",
        "D (Destroyer flotilla, 2 of 2 hull points left): sinks 16.7 %")
    assert preview.outcomes == (("no effect", Fraction(2, 3)), ("1 damage", Fraction(1, 6)),
                                ("2 damage", Fraction(1, 6)))


def test_move_preview_of_face_up_mines_gives_the_true_modifier_gt11():
    ships = [{"id": "A", "side": "British", "type": "battlecruiser", "hex": "1509"}]
    g = battle(ships, [("German", "1510", True, True), ("German", "1510", True, True)],
               step=3)
    view = g.observe("British").view
    assert view.impulse == 2
    preview = g.ruleset.preview(view, MoveShips(("A",), ("1509", "1510")))
    assert preview.title == "Hex 1510, impulse 2: 2 face-up mines; modifier +3 (GT-11)"
    assert preview.rows[1:] == ("A (Battlecruiser, 6 of 6 hull points left): sinks 16.7 %",)


def test_move_preview_ignores_the_movers_own_counters_gt09():
    ships = [{"id": "A", "side": "British", "type": "battlecruiser", "hex": "1509"}]
    g = battle(ships, [("British", "1510", True, True), ("British", "1511", True, False)],
               step=1)
    preview = g.ruleset.preview(g.observe("British").view,
                                MoveShips(("A",), ("1509", "1510", "1511")))
    assert preview == Preview.nothing_to_roll("1509 → 1510 → 1511",
                                              "No enemy counters on the way.")


# ---- invariants ------------------------------------------------------------------------

def test_invariants_flag_counters_past_the_budget_or_the_mine_cap_gt03_gt04():
    ships = [{"id": "A", "side": "German", "type": "light_cruiser", "hex": "1509"}]
    sides = [{"name": "German", "minefields": ["C|W"]}, {"name": "British"}]

    def problems(mines: int, dummies: int) -> list[str]:
        g = battle(ships, [("German", "1510", True, False)] * mines
                   + [("German", "1510", False, False)] * dummies, sides=sides)
        return g.ruleset.invariants(g.state)

    assert problems(2, 2) == []  # exactly the budget of 4, at most 2 mines
    assert problems(0, 5) == ["German: 0 mines and 5 dummies placed, budget 4 with at most "
                              "2 mines"]
    assert problems(1, 4) == ["German: 1 mine and 4 dummies placed, budget 4 with at most "
                              "2 mines"]
    assert problems(3, 1) == ["German: 3 mines and 1 dummy placed, budget 4 with at most "
                              "2 mines"]


def test_invariants_flag_a_wreck_afloat_and_a_dummy_face_up_gt10():
    ships = [{"id": "A", "side": "German", "type": "light_cruiser", "hex": "1509"},
             {"id": "B", "side": "German", "type": "light_cruiser", "hex": "1509"}]
    g = battle(ships, [("British", "1510", False, True), ("British", "1511", True, True)],
               sides=[{"name": "German"}, {"name": "British", "minefields": ["C|SW"]}])
    g.state.ships["A"].damage = 3
    g.state.ships["B"].damage = 2
    assert g.ruleset.invariants(g.state) == [
        "A afloat with 3 damage",
        "a dummy face up in hex 1510: dummies are removed (GT-10)"]


# ---- effects -----------------------------------------------------------------------------

def test_a_table_roll_records_its_dice_under_the_clause_and_joins_two_dice_gt11_gt15():
    table = parse_table({"schema": 1, "dice": 2, "label": "", "bands": [
        {"from": 2, "to": 6, "result": "no effect"},
        {"from": 7, "to": 12, "result": "1 damage", "damage": 1}]}, "two.json")
    ships = [{"id": "A", "side": "British", "type": "battlecruiser", "hex": "1509"}]
    g = battle(ships, [("German", "1510", True, True)], step=1)
    g.state.rules = replace(g.state.rules, table=table)
    record = play(g, "move_ships", rolls=[3, 4], ships=["A"], path=["1509", "1510"])
    why = "hex 1510, 1 mine counter, impulse 1: A"
    assert record.rolls == (Roll(6, 3, "GT-11", why), Roll(6, 4, "GT-11", why))
    (roll,) = [e for e in record.events if e.kind == "MinefieldRoll"]
    assert roll.text == ("British Battlecruiser A rolls 3+4 = 7 on the Minefield Table (hex "
                         "1510, 1 mine counter, impulse 1): 1 damage (P = 7/12 (58.3 %)); "
                         "1 of 6 hull lost")
    assert roll.at == PlaceRef("hex", "1510")


def test_a_move_stops_where_its_last_ship_sinks_gt11():
    ships = [{"id": "D", "side": "British", "type": "destroyer", "hex": "1509"}]
    g = battle(ships, [("German", "1510", True, True), ("German", "1511", True, True)],
               step=1)
    record = play(g, "move_ships", rolls=[6], ships=["D"], path=["1509", "1510", "1511"])
    assert [(e.kind, str(e.at)) for e in record.events] == [
        ("ShipsMoved", "hex 1510"), ("MinefieldRoll", "hex 1510"), ("ShipSunk", "hex 1510")]
    assert "D" not in g.state.ships


def test_crossing_an_unmined_boundary_reveals_it_so_it_cannot_be_undone_gt02():
    g = jutland(sides=[{"name": "German", "minefields": ["C|NE"]},
                       {"name": "British", "minefields": ["C|SW"]}])
    play(g, "end_phase")
    record = play(g, "cross_boundary", rolls=[], ships=["Lion"])
    assert [(e.kind, e.reveals) for e in record.events] == [("BoundaryCrossed", True)]
    assert record.rolls == () and record.commits
    assert not g.can_undo()


def test_staying_in_a_mined_hex_rolls_past_ships_that_left_and_own_mines_are_safe_gt13():
    ships = [{"id": "A", "side": "German", "type": "battlecruiser", "hex": "0105"},
             {"id": "B", "side": "German", "type": "light_cruiser", "hex": "1510"},
             {"id": "C", "side": "German", "type": "light_cruiser", "hex": "1512"}]
    g = battle(ships, [("British", "1510", True, True), ("German", "1512", True, True)])
    play(g, "leave_map", rolls=[], ship="A")
    record = play(g, "end_phase", rolls=[2])
    rolls = [e for e in record.events if e.kind == "MinefieldRoll"]
    assert [(e.clause, e.data["ship"]) for e in rolls] == [("GT-13", "B")]
    assert rolls[0].text == ("German Light Cruiser B rolls 2 = 2 on the Minefield Table "
                             "(stayed in mined hex 1510): no effect (P = 2/3 (66.7 %)) "
                             "[DEFAULT — not the printed table]")
    assert record.rolls == (Roll(6, 2, "GT-13", "stayed in mined hex 1510: B"),)


# ---- the ruleset: new state, stand-ins, summary -------------------------------------------

def test_a_tactical_map_without_a_strategic_map_is_refused_by_name():
    g = jutland()
    board = replace(g.state.board, related={})
    with pytest.raises(BadInput) as info:
        g.ruleset.new_state({}, board, "here")
    assert (info.value.where, info.value.what) == (
        "here", "tactical map 'jutland-tactical' names no related 'strategic' map")


def test_by_email_a_placed_counter_stands_in_as_a_dummy_on_the_same_hex_gt05():
    rules = jutland().ruleset
    assert rules.stand_in(PlaceCounter("1510", True)) == PlaceCounter("1510", mine=False)
    assert rules.stand_in(PlaceCounter("0101", False)) == PlaceCounter("0101", mine=False)
    assert rules.stand_in(EndPhase()) is None
    assert rules.stand_in(MoveShips(("A",), ("1509", "1510"))) is None


def test_the_summary_shows_the_enemys_counters_as_unknown():
    g = german_setup()
    play(g, "place_counter", hex=near(g, "C|W"), mine=True)
    play(g, "place_counter", hex="1510", mine=False)
    kinds = [c["kind"] for c in g.ruleset.summary(g.ruleset.view(g.state, "British"))["counters"]]
    assert kinds == ["?", "?"]
    own = g.ruleset.summary(g.ruleset.view(g.state, "German"))["counters"]
    assert [c["kind"] for c in own] == ["mine", "dummy"]


# ---- data: the Minefield Table's bands -----------------------------------------------------

def test_gt15_a_band_of_one_roll_is_fine_one_running_backwards_is_refused():
    table = parse_table({"schema": 1, "dice": 1, "bands": [
        {"from": 1, "to": 1, "result": "a"}, {"from": 2, "to": 6, "result": "b"}]}, "t.json")
    assert [(b.low, b.high) for b in table.bands] == [(1, 1), (2, 6)]
    with pytest.raises(BadInput) as info:
        parse_table({"schema": 1, "dice": 1, "bands": [
            {"from": 5, "to": 3, "result": "a"}]}, "t.json")
    assert str(info.value) == "t.json.bands[0]: 'to' (3) is below 'from' (5)"


@pytest.mark.parametrize(("second", "says"), [
    (4, "overlaps"), (3, "overlaps"), (6, "leaves a gap after")])
def test_gt15_bands_that_overlap_or_leave_a_gap_are_refused_with_which(second, says):
    with pytest.raises(BadInput) as info:
        parse_table({"schema": 1, "dice": 1, "bands": [
            {"from": 1, "to": 4, "result": "a"},
            {"from": second, "to": 9, "result": "b"}]}, "t.json")
    assert str(info.value) == (f"t.json: bands[1]: {says} band 0 (rolls must run on without "
                               "gaps or overlaps)")


# ---- setup arithmetic (GT-03, GT-04, GT-07) -------------------------------------------------

def test_gt07_minimums_two_per_field_one_per_open_log():
    log = Logsheet(["C|W"], {"C|S": 3, "C|W": 2, "C|E": 0})
    assert minimums(log) == {"C|W": 2, "C|S": 1}


def test_gt03_gt04_room_for_mines_is_the_smaller_of_budget_and_cap():
    log = Logsheet(["C|W"])  # 4 counters, at most 2 mines
    assert [room_for_mines(log, m, 0) for m in range(3)] == [2, 1, 0]
    assert room_for_mines(log, 1, 2) == 1
    assert room_for_mines(log, 0, 3) == 1
    assert room_for_mines(log, 0, 4) == 0


def test_gt07_mines_still_needed_counts_down_as_mines_go_near_the_hexsides():
    g = german_setup(sides=[{"name": "German", "minefields": ["C|W"], "logged": {"C|S": 1}},
                            {"name": "British"}])
    state = g.state
    assert mines_still_needed(state, "German") == 3
    assert mines_still_needed(state, "German", state.hex_of(near(g, "C|W"))) == 2
    play(g, "place_counter", hex=near(g, "C|W"), mine=True)
    assert mines_still_needed(g.state, "German") == 2
    play(g, "place_counter", hex=near(g, "C|S"), mine=True)
    assert mines_still_needed(g.state, "German") == 1
    play(g, "place_counter", hex=near(g, "C|W", 1), mine=True)
    assert mines_still_needed(g.state, "German") == 0


def test_gt05_gt07_own_ships_do_not_block_the_hexes_near_a_boundary():
    g = german_setup(sides=[{"name": "German", "logged": {"C|NW": 1}}, {"name": "British"}])
    state = g.state
    for i, label in enumerate(hexes_near(state, ["C|NW"])):
        state.ships[f"G{i}"] = Ship(f"G{i}", "German", "destroyer", label)
    assert unmineable(state, "German") == []
    assert mines_still_needed(state, "German") == 1
    for ship in state.ships.values():
        ship.side = "British" if ship.id.startswith("G") else ship.side
    assert unmineable(state, "German") == ["C|NW"]
    assert mines_still_needed(state, "German") == NEVER


def test_gt05_gt07_an_enemy_ship_far_away_blocks_only_its_own_hex():
    g = german_setup(sides=[{"name": "German", "minefields": ["C|W"]}, {"name": "British"}])
    state = g.state
    first = state.grid.label(next(iter(state.grid.hexes())))
    state.ships["Far"] = Ship("Far", "British", "destroyer", first)
    assert unmineable(state, "German") == []
    assert mines_still_needed(state, "German") == 2


def test_hexside_and_boundary_names_with_and_without_a_ring_segment():
    state = jutland().state
    assert hexside_name(state, "C|W") == "the west shaded hexside (C|W)"
    assert hexside_name(state, "X|Y") == "the X|Y shaded hexside (X|Y)"
    assert boundary_name(state, "C|W") == "the west boundary (C|W)"
    assert boundary_name(state, "X|Y") == "boundary X|Y"
