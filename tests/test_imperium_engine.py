"""imperium-mines engine: exact answers of the planner, the ship-data loader, the effects no
clause test reaches (a fleet splitting), the ruleset class and the state's helpers.

The clause tests and the demos play whole orders and check what the rules decide; mutation
testing showed that much of what the player is offered (commands, labels, jump previews,
what a click means), the loader's error and the helpers' edge cases could change unseen.
Each test here pins one exact outcome on a small board of the Marches scenario.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest

from mineboard.core.dice import SeededDice
from mineboard.core.errors import BadInput
from mineboard.core.planning import Selection
from mineboard.maps.model import BORDER, SYSTEM, Way
from mineboard.resources import assets_dir
from mineboard.rules.common.tables import read_table
from mineboard.rules.imperium_mines import planning
from mineboard.rules.imperium_mines.actions import (
    Build,
    EndPhase,
    Jump,
    LayMines,
    PlaceFalse,
    SettleCombat,
    SplitFleet,
    Sweep,
)
from mineboard.rules.imperium_mines.data import (
    DamageModel,
    ShipData,
    ShipTable,
    ShipType,
    default_ship_data,
    ship_data,
)
from mineboard.rules.imperium_mines.effects import _damage, apply_split, apply_sweep
from mineboard.rules.imperium_mines.ruleset import RULESET
from mineboard.rules.imperium_mines.state import Counter, Fleet, Ship, order_of_play
from tests.conftest import imperium, play

FOLDER = assets_dir() / "rules" / "imperium-mines"

FACING = {
    "fleets": [
        {"id": "A", "side": "Imperial", "system": "halcyon",
         "ships": {"destroyer": 1, "minesweeper": 1}},
        {"id": "T", "side": "Terran", "system": "halcyon", "ships": {"frigate": 1}},
        {"id": "L", "side": "Imperial", "system": "corvan", "ships": {"minelayer": 1}},
        {"id": "U", "side": "Terran", "system": "jovane", "ships": {"frigate": 1}}],
    "minefields": [
        {"owner": "Terran", "system": "lumen", "points": 4},
        {"owner": "Imperial", "system": "lumen", "points": 2},
        {"owner": "Terran", "system": "marrow", "points": 9, "false": 1},
        {"owner": "Terran", "system": "nadir", "points": 8},
        {"owner": "Terran", "system": "pellucid", "false": 2}],
}
FACING_IDS = {f["id"] for f in FACING["fleets"]}


def facing():
    return imperium(segment=1, **FACING)


# ---- data.py ---------------------------------------------------------------------------

def test_a_warship_without_jumps_is_refused_with_the_exact_reason():
    with pytest.raises(ValueError) as info:
        ShipType("Gunboat", 1, 1, False, False, False).validate()
    assert str(info.value) == "a ship that is not an auxiliary needs its jumps a segment"


def test_hull_of_a_type_the_damage_model_omits_is_its_default_im28():
    data = ShipData({}, 4, 3, default_ship_data().check, 6, {"cruiser": 3}, 7)
    assert (data.hull_of("cruiser"), data.hull_of("frigate")) == (3, 7)


def test_ship_data_carries_every_table_and_damage_value():
    table = read_table(ShipTable, FOLDER / "ships.json")
    data = ship_data(table, DamageModel(1, 7, {"frigate": 5}), "damage.json")
    assert data.ships is table.ships
    assert (data.segments_per_turn, data.auxiliary_jumps) == (4, 3)
    assert data.check == table.check and data.check.afoul_at == 10
    assert data.hit_on == 6
    assert dict(data.hull) == {"frigate": 5} and data.default_hull == 7
    assert (data.hull_of("frigate"), data.hull_of("cruiser")) == (5, 7)


def test_hull_for_an_unknown_ship_type_is_one_error_naming_file_and_type():
    table = read_table(ShipTable, FOLDER / "ships.json")
    with pytest.raises(BadInput) as info:
        ship_data(table, DamageModel(1, 1, {"zeta": 1, "alpha": 2, "frigate": 1}),
                  "rules/damage.json")
    assert info.value.where == "rules/damage.json"
    assert info.value.what == "hull given for unknown ship type 'alpha'"
    assert str(info.value) == "rules/damage.json: hull given for unknown ship type 'alpha'"


# ---- state.py --------------------------------------------------------------------------

def test_points_and_enemy_points_where_nobody_or_only_one_side_has_counters():
    s = facing().state
    assert s.points("zephyr", "Terran") == 0  # no counters at all there
    assert s.points("marrow", "Imperial") == 0  # only the enemy's there
    assert s.points("marrow", "Terran") == 9
    assert s.enemy_points("zephyr", "Imperial") == 0
    assert s.enemy_points("lumen", "Imperial") == 4  # IM-30: own points do not count


def test_a_fleet_without_ships_makes_no_jumps_im05():
    s = facing().state
    assert s.jumps(Fleet("X", "Imperial", "halcyon", [])) == 0
    assert s.jumps(s.fleets["A"]) == 3


def test_ship_name_falls_back_to_the_type_name():
    s = facing().state
    assert s.ship_name(Ship("s99", "cruiser")) == "Cruiser"
    assert s.ship_name(Ship("s99", "cruiser", name="Cruiser 4")) == "Cruiser 4"


def test_system_name_of_an_unknown_id_is_said_as_given():
    s = facing().state
    assert s.system_name("nowhere") == "nowhere"
    assert s.system_name("garnet-gate") == "Garnet Gate"


def test_segments_alternate_through_three_sides_from_the_first():
    seq = order_of_play(("A", "B", "C"), default_ship_data())
    segments = [(s.actor, s.label, s.number) for s in seq.cycle if s.phase == "segment"]
    assert segments == [("A", "Action segment 1 of 4", 1), ("B", "Action segment 2 of 4", 2),
                        ("C", "Action segment 3 of 4", 3), ("A", "Action segment 4 of 4", 4)]


# ---- ruleset.py ------------------------------------------------------------------------

def test_laid_mines_stand_in_as_a_false_counter_of_the_same_fleet_im08():
    assert RULESET.stand_in(LayMines("L")) == PlaceFalse("L")
    assert RULESET.stand_in(PlaceFalse("A")) == PlaceFalse("A")
    assert RULESET.stand_in(Sweep("A")) is None


def test_summary_of_a_view_shows_enemy_counters_as_question_marks_im08():
    g = facing()
    view = RULESET.view(g.state, "Imperial")
    assert RULESET.summary(view)["minefields"] == {
        "lumen": {"Terran": ["?"], "Imperial": [2]},
        "marrow": {"Terran": ["?", "?"]},
        "nadir": {"Terran": ["?"]},
        "pellucid": {"Terran": ["?", "?"]}}
    assert RULESET.summary(g.state)["minefields"]["marrow"] == {"Terran": [9, "false"]}


# ---- effects.py ------------------------------------------------------------------------

def test_a_sweep_where_there_are_no_counters_only_says_it_swept_im26():
    s = facing().state
    events = apply_sweep(s, Sweep("A"), SeededDice(1))
    assert [e.kind for e in events] == ["MinesSwept"]
    assert s.fleets["A"].swept and s.fleets["A"].stayed


def test_sweepers_used_on_one_owner_are_not_used_again_on_the_next_im26():
    s = facing().state
    s.fleets["A"].ships = [s.new_ship("Imperial", "minesweeper") for _ in range(3)]
    s.minefields["halcyon"] = {"Terran": [Counter(2)], "Pirate": [Counter(3)]}
    events = apply_sweep(s, Sweep("A"), SeededDice(1))
    assert [e.data for e in events[1:]] == [{"removed": 2, "left": 0},
                                            {"removed": 1, "left": 2}]
    assert (s.points("halcyon", "Terran"), s.points("halcyon", "Pirate")) == (0, 2)


def test_each_mine_attack_die_says_which_ship_it_is_for_im22():
    s = facing().state
    dice = SeededDice(3)
    _damage(s, s.fleets["A"], 2, dice)
    assert [(r.clause, r.purpose) for r in dice.rolls] == [
        ("IM-22", "mine attack on s1"), ("IM-22", "mine attack on s1"),
        ("IM-22", "mine attack on s2"), ("IM-22", "mine attack on s2")]


def test_a_split_fleet_keeps_the_side_system_and_orders_given():
    s = facing().state
    fleet = s.fleets["A"]
    fleet.moved, fleet.fought, fleet.stayed, fleet.laid, fleet.swept = \
        True, False, True, False, True
    serial = s.serial
    events = apply_split(s, SplitFleet("A", ("s2",)), SeededDice(1))
    new_id = f"F{serial + 1}"
    new = s.fleets[new_id]
    assert (new.id, new.side, new.system) == (new_id, "Imperial", "halcyon")
    assert [x.id for x in new.ships] == ["s2"]
    assert [x.id for x in s.fleets["A"].ships] == ["s1"]
    assert (new.moved, new.fought, new.stayed, new.laid, new.swept) == \
        (True, False, True, False, True)
    assert [(e.kind, e.text, e.at) for e in events] == [
        ("FleetSplit", f"{new_id} splits from A", s.board.ref("halcyon"))]


def test_the_split_fleet_copies_each_order_flag_on_its_own():
    for flags in [(False, True, False, True, False), (False, False, False, False, False)]:
        s = facing().state
        fleet = s.fleets["A"]
        fleet.moved, fleet.fought, fleet.stayed, fleet.laid, fleet.swept = flags
        apply_split(s, SplitFleet("A", ("s1",)), SeededDice(1))
        new = next(f for f in s.fleets.values() if f.id not in FACING_IDS)
        assert (new.moved, new.fought, new.stayed, new.laid, new.swept) == flags
        assert [x.id for x in new.ships] == ["s1"]


def test_one_new_ship_joins_its_side_im03():
    g = imperium()
    play(g, "build", ship="minelayer")
    for _ in range(1 + 4):
        play(g, "end_phase")
    record = play(g, "end_phase")
    built = next(e for e in record.events if e.kind == "ShipsBuilt")
    assert built.text == "1 new ship joins Imperial at Aldermere as F17: Minelayer 3"


# ---- planning.py: what a click means ---------------------------------------------------

def test_a_click_on_another_system_jumps_the_picked_fleets_by_the_shortest_route():
    s = facing().state
    sel = Selection("halcyon", ("A",))
    assert planning.intent(s, sel, SYSTEM, "marrow") == \
        Jump(("A",), ("halcyon", "garnet-gate", "marrow"))


def test_a_click_means_nothing_without_fleets_on_the_place_itself_or_off_a_system():
    s = facing().state
    assert planning.intent(s, Selection("halcyon", ()), SYSTEM, "lumen") is None
    assert planning.intent(s, Selection("halcyon", ("A",)), SYSTEM, "halcyon") is None
    assert planning.intent(s, Selection("halcyon", ("A",)), "route", "lumen") is None
    assert planning.intent(s, Selection(None, ("A",)), SYSTEM, "lumen") is None


def test_the_jump_a_click_plans_follows_routes_only():
    s = facing().state
    board = s.board
    s.board = dataclasses.replace(board, ways={
        **board.ways, "x": Way("x", BORDER, "halcyon", "umber")})
    jump = planning.intent(s, Selection("halcyon", ("A",)), SYSTEM, "umber")
    assert jump is not None and len(jump.path) > 2
    assert jump.path == tuple(board.shortest_path("halcyon", "umber", "route"))


# ---- planning.py: commands and the build menu ------------------------------------------

def test_the_build_menu_at_home_in_construction_names_cost_and_turns_im02_im03():
    g = imperium()
    commands = planning.commands(g.state, Selection("aldermere"))
    assert [(c.label, c.action) for c in commands] == [
        ("Build a Minelayer — 4 Resources, 1 turn", Build("minelayer")),
        ("Build a Minesweeper — 3 Resources, 1 turn", Build("minesweeper")),
        ("Build a Transport — 2 Resources, 1 turn", Build("transport")),
        ("Build a Frigate — 3 Resources, 1 turn", Build("frigate")),
        ("Build a Destroyer — 5 Resources, 1 turn", Build("destroyer")),
        ("Build a Cruiser — 8 Resources, 2 turns", Build("cruiser")),
        ("Build a Dreadnought — 14 Resources, 3 turns", Build("dreadnought"))]


def test_no_build_menu_at_home_in_an_action_segment():
    g = imperium(segment=1, fleets=[], minefields=[])
    assert planning.commands(g.state, Selection("aldermere")) == []


def test_a_place_where_both_sides_face_each_other_offers_combat_im25():
    s = facing().state
    [command] = planning.commands(s, Selection("halcyon"))
    assert command.label == "Settle combat at Halcyon…"
    assert command.tip == "Combat is fought by the players; mines play no part (IM-25)"
    assert command.pick == (("s1", "Imperial A: Destroyer 1"),
                            ("s2", "Imperial A: Minesweeper 1"),
                            ("s3", "Terran T: Frigate 1"))
    assert command.make(("s3",)) == SettleCombat("halcyon", ("s3",))
    assert command.make() == SettleCombat("halcyon", ())


def test_no_combat_where_only_one_side_has_fleets():
    s = facing().state
    assert planning.commands(s, Selection("jovane")) == []  # the enemy's only
    assert planning.commands(s, Selection("corvan")) == []  # ours only
    assert planning.commands(s, Selection("zephyr")) == []  # nobody's


def test_a_fleet_facing_the_enemy_gets_the_orders_and_combat():
    s = facing().state
    commands = planning.commands(s, Selection("halcyon", ("A",)))
    assert [(c.label, c.action) for c in commands] == [
        ("Lay mines", LayMines("A")), ("Sweep", Sweep("A")),
        ("Place a false counter", PlaceFalse("A")), ("Settle combat at Halcyon…", None)]
    assert commands[-1].make(("s1",)) == SettleCombat("halcyon", ("s1",))
    commands = planning.commands(s, Selection("corvan", ("L",)))
    assert [c.label for c in commands] == ["Lay mines", "Sweep", "Place a false counter"]


# ---- planning.py: legal moves ----------------------------------------------------------

def test_legal_actions_of_a_minelayer_fleet_on_its_own():
    g = imperium(segment=1, fleets=[
        {"id": "L", "side": "Imperial", "system": "aldermere", "ships": {"minelayer": 1}},
        {"id": "T", "side": "Terran", "system": "zephyr", "ships": {"frigate": 1}}],
        minefields=[])
    assert planning.legal_actions(g.state, g.ruleset.check) == [
        EndPhase(), LayMines("L"), PlaceFalse("L"),
        Jump(("L",), ("aldermere", "corvan")),
        Jump(("L",), ("aldermere", "corvan", "brightwater")),
        Jump(("L",), ("aldermere", "corvan", "eidolon")),
        Jump(("L",), ("aldermere", "corvan", "garnet-gate")),
        Jump(("L",), ("aldermere", "corvan", "halcyon")),
        Jump(("L",), ("aldermere", "fallow")),
        Jump(("L",), ("aldermere", "fallow", "halcyon")),
        Jump(("L",), ("aldermere", "fallow", "jovane"))]


def test_legal_actions_offer_combat_where_our_fleet_faces_the_enemy():
    s = facing().state
    legal = planning.legal_actions(s, RULESET.check)
    assert [a for a in legal if isinstance(a, SettleCombat)] == [SettleCombat("halcyon", ())]
    assert LayMines("L") in legal and Sweep("A") not in legal  # no enemy counters at halcyon


# ---- planning.py: jump previews --------------------------------------------------------

def test_preview_with_known_points_marks_the_true_case_and_sums_it_up_im18_im22():
    s = facing().state
    p = planning.jump_preview(s, Jump(("A",), ("halcyon", "lumen", "marrow")))
    assert p.title == "Lumen, jump 1: 1 face-down counter; 1 sweeper"
    assert p.summary == ("Lumen, jump 1: 4 mine points — runs afoul 58.3 %; if afoul, each "
                         "ship escapes unhit 48.2 %")
    assert p.highlight == 3
    assert p.rows == (p.summary, "Marrow, jump 2: 9 mine points — runs afoul 100.0 %; if "
                      "afoul, each ship escapes unhit 19.4 %")


def test_preview_marks_eight_points_the_last_bar_and_more_none():
    s = facing().state
    p = planning.jump_preview(s, Jump(("A",), ("halcyon", "lumen", "nadir")))
    assert p.highlight == 3
    s.minefields["lumen"]["Terran"] = [Counter(8)]
    p = planning.jump_preview(s, Jump(("A",), ("halcyon", "lumen", "nadir")))
    assert p.highlight == 7 and len(p.outcomes) == 8
    s.minefields["lumen"]["Terran"] = [Counter(9)]
    p = planning.jump_preview(s, Jump(("A",), ("halcyon", "lumen", "nadir")))
    assert p.highlight is None
    s.minefields["lumen"]["Terran"] = [Counter(1)]
    p = planning.jump_preview(s, Jump(("A",), ("halcyon", "lumen", "nadir")))
    assert p.highlight == 0
    assert p.outcomes[0] == ("1 pt", Fraction(1, 6))


def test_preview_of_hidden_counters_marks_nothing():
    g = facing()
    view = RULESET.view(g.state, "Imperial")
    p = planning.jump_preview(view, Jump(("A",), ("halcyon", "lumen")))
    assert p.highlight is None
    assert p.summary == ("The fleet halts at Lumen for a minefield check (IM-14): P(afoul) by "
                         "the mine points the counters may hide")


def test_known_points_counts_only_the_enemy_and_only_where_known_im30():
    g = facing()
    s = g.state
    assert planning.known_points(s, "lumen") == 4
    assert planning.known_points(s, "zephyr") == 0
    assert planning.known_points(RULESET.view(s, "Imperial"), "lumen") is None
    # The waiting side sees its own counters: what the mover meets there, it knows.
    assert planning.known_points(RULESET.view(s, "Terran"), "lumen") == 4


def test_check_row_of_false_counters_only_says_no_check_im16():
    s = facing().state
    assert planning.check_row(s, 2, "pellucid", 0) == \
        "Pellucid, jump 2: only false counters — no check (IM-16)"
    assert planning.check_row(s, 1, "nadir", 0) == \
        ("Nadir, jump 1: 8 mine points — runs afoul 100.0 %; if afoul, each ship escapes "
         "unhit 23.3 %")


def test_check_row_of_one_point_and_a_house_hit_number_im22():
    s = facing().state
    s.minefields["lumen"]["Terran"] = [Counter(1)]
    assert planning.check_row(s, 1, "lumen", 0) == \
        ("Lumen, jump 1: 1 mine point — runs afoul 27.8 %; if afoul, each ship escapes "
         "unhit 83.3 %")
    s.rules = dataclasses.replace(s.rules, hit_on=5)
    s.minefields["lumen"]["Terran"] = [Counter(2)]
    assert planning.check_row(s, 1, "lumen", 0) == \
        ("Lumen, jump 1: 2 mine points — runs afoul 41.7 %; if afoul, each ship escapes "
         "unhit 44.4 %")


# ---- planning.py: invariants -----------------------------------------------------------

def test_invariants_name_each_impossible_thing():
    s = facing().state
    assert planning.invariants(s) == []
    s.resources["Terran"] = -1
    s.fleets["U"].ships = []
    s.fleets["A"].ships[0].hits = 2  # a destroyer's hull is 2: it should be gone
    s.fleets["A"].ships[1].hits = 0
    s.minefields["lumen"]["Imperial"] = [Counter(-1)]
    s.minefields["marrow"]["Terran"] = [Counter(2, false=True)]
    assert planning.invariants(s) == [
        "Terran has -1 Resources",
        "s1 afloat with 2 hits",
        "fleet U has no ships but is on the map",
        "Imperial's counters at lumen hold impossible values",
        "Terran's counters at marrow hold impossible values"]
    s = facing().state
    s.fleets["A"].ships[0].hits = 1
    assert planning.invariants(s) == []
