"""Exact answers of the naval-lines planner and odds, without Qt.

Why this file exists: mutation testing of mineboard/rules/naval_lines/planning.py and odds.py
left mutants alive because nothing asserted exactly what the window is offered — the legal
actions of a battle, the commands of a land territory (buying at the capital, capturing),
the mine-loading command, what a click on a line or a zone means, the way round a zone the
ships may not pass — nor the exact odds, titles and option errors of
``mineboard odds naval-lines``. Each test builds a small game from the bundled North Sea
scenario and checks one of those answers to the letter. The mutation run selects files named
``test_*_engine.py``, so this file is part of it.
"""

from __future__ import annotations

import copy
from dataclasses import replace
from fractions import Fraction

import pytest

from mineboard.core.chance import Dist, binomial, capped_binomial
from mineboard.core.errors import BadInput
from mineboard.core.planning import Selection
from mineboard.maps.model import LAND, NAVAL_LINE, SEA_ZONE
from mineboard.rules.naval_lines import planning
from mineboard.rules.naval_lines.actions import (
    BuyMines,
    Capture,
    EndPhase,
    LayMines,
    LoadMines,
    Move,
    Retreat,
    SettleBattle,
)
from mineboard.rules.naval_lines.data import default_rule_data
from mineboard.rules.naval_lines.odds import (
    FieldCrossing,
    LineQuery,
    SweepRule,
    line_odds,
    losses_preview,
    route_losses,
    single_line,
)
from tests.conftest import game, play

MINE = default_rule_data().mine
ENEMY, ALLIED = MINE.detonates(False), MINE.detonates(True)  # 2/6 and 1/6 (NL-16)
SWEEP = SweepRule.of(MINE)  # 3 dice an Escort, a mine off on a 1 (NL-22, NL-23)

GER = {"nation": "Germany"}


def small(**changes):
    """The North Sea with no minefields and only the units given."""
    return game(**{"minefields": [], "stored_mines": {}, **changes})


def ger(kind: str, zone: str, count: int = 1) -> dict:
    return {**GER, "type": kind, "zone": zone, "count": count}


def uk(kind: str, zone: str) -> dict:
    return {"nation": "United Kingdom", "type": kind, "zone": zone}


# ---- odds: the `mineboard odds naval-lines` query ----------------------------------------

def test_nl16_line_query_one_ship_two_enemy_mines_exact_preview():
    preview = LineQuery(mines=2, ships=1).preview()
    assert preview.title == ("naval-lines: 1 surface ship crosses 2 enemy mines "
                             "(detonating on 1–2, NL-16)")
    assert preview.axis == "surface ships lost (NL-15)"
    assert preview.outcomes == (("0 lost", Fraction(4, 9)), ("1 lost", Fraction(5, 9)))
    assert preview.summary == "P(no loss) = 44.4 %; expected losses 0.56"
    assert preview.good == 0
    assert preview.data == {"distribution": {"0": "4/9", "1": "5/9"}, "expected": "5/9"}


def test_nl16_line_query_allied_mines_detonate_on_one_only():
    preview = line_odds(LineQuery(mines=1, ships=2, allied=True))
    assert preview.title == ("naval-lines: 2 surface ships cross 1 allied mine "
                             "(detonating on 1, NL-16)")
    # At most as many ships are lost as there are mines: the bars stop at 1.
    assert preview.outcomes == (("0 lost", Fraction(5, 6)), ("1 lost", Fraction(1, 6)))
    assert preview.summary == "P(no loss) = 83.3 %; expected losses 0.17"


def test_nl16_line_query_more_mines_than_ships_counts_up_to_the_ships():
    preview = line_odds(LineQuery(mines=3, ships=2))
    assert preview.title == ("naval-lines: 2 surface ships cross 3 enemy mines "
                             "(detonating on 1–2, NL-16)")
    assert preview.outcomes == (("0 lost", Fraction(8, 27)), ("1 lost", Fraction(12, 27)),
                                ("2 lost", Fraction(7, 27)))


def test_nl22_line_query_as_many_sweepers_as_ships_is_allowed():
    preview = line_odds(LineQuery(mines=1, ships=1, sweepers=1))
    assert preview.title == ("naval-lines: 1 surface ship crosses 1 enemy mine "
                             "(detonating on 1–2, NL-16), 1 Escort sweeping first (NL-22)")
    # One sweep die (no more than the mines on the line) takes it off on a 1; else it
    # detonates on 1–2.
    assert preview.outcomes == (("0 lost", Fraction(13, 18)), ("1 lost", Fraction(5, 18)))


def brute_force_one_sweeper(mines: int, ships: int) -> dict[int, Fraction]:
    """One Escort rolls min(3, mines) sweep dice, then the mines left roll at the ships."""
    out: dict[int, Fraction] = {}
    for swept, p_swept in binomial(min(3, mines), SWEEP.chance).fractions().items():
        for lost, p_lost in capped_binomial(mines - swept, ENEMY, ships).fractions().items():
            out[lost] = out.get(lost, Fraction(0)) + p_swept * p_lost
    return out


def test_nl22_line_query_with_two_sweepers_names_them_and_matches_brute_force():
    preview = line_odds(LineQuery(mines=3, ships=2, sweepers=2))
    assert preview.title == ("naval-lines: 2 surface ships cross 3 enemy mines "
                             "(detonating on 1–2, NL-16), 2 Escorts sweeping first (NL-22)")
    # Two Escorts: the first rolls 3 dice, the second min(3, mines left) dice.
    expected: dict[int, Fraction] = {}
    for first, p1 in binomial(3, SWEEP.chance).fractions().items():
        left = 3 - first
        for second, p2 in binomial(left, SWEEP.chance).fractions().items():
            for lost, p3 in capped_binomial(left - second, ENEMY, 2).fractions().items():
                expected[lost] = expected.get(lost, Fraction(0)) + p1 * p2 * p3
    assert dict(preview.outcomes) == {f"{k} lost": p for k, p in expected.items()}


def test_nl22_line_query_one_sweeper_of_two_ships_matches_brute_force():
    preview = line_odds(LineQuery(mines=3, ships=2, sweepers=1))
    assert dict(preview.outcomes) == {f"{k} lost": p
                                      for k, p in brute_force_one_sweeper(3, 2).items()}
    assert preview.title.endswith(", 1 Escort sweeping first (NL-22)")


def test_line_query_more_sweepers_than_ships_is_bad_input():
    with pytest.raises(BadInput) as info:
        LineQuery(mines=1, ships=2, sweepers=3).preview()
    assert (info.value.where, info.value.what) == ("--sweepers", "3 sweepers but only 2 ships")
    with pytest.raises(BadInput) as info:
        line_odds(LineQuery(mines=1, ships=1, sweepers=2))
    assert str(info.value) == "--sweepers: 2 sweepers but only 1 ship"


def test_nl22_line_query_sweeping_allied_mines_is_bad_input():
    with pytest.raises(BadInput) as info:
        line_odds(LineQuery(mines=1, ships=2, allied=True, sweepers=1))
    assert (info.value.where, info.value.what) == (
        "--sweepers", "Escorts sweep enemy mines only, not an ally's (NL-22)")


def test_losses_preview_when_a_loss_is_certain_says_no_chance_of_none():
    preview = losses_preview("sure", Dist.certain(1), 1)
    assert preview.summary == "P(no loss) = 0.0 %; expected losses 1.00"
    assert preview.outcomes == (("0 lost", Fraction(0)), ("1 lost", Fraction(1)))
    assert preview.data == {"distribution": {"0": "0", "1": "1"}, "expected": "1"}


# ---- odds: single lines and routes ---------------------------------------------------------

def test_nl22_single_line_sweeper_thins_the_field_exactly():
    assert single_line(1, 1, sweepers=1).fractions() == {0: Fraction(13, 18),
                                                         1: Fraction(5, 18)}
    assert single_line(3, 2, sweepers=1).fractions() == brute_force_one_sweeper(3, 2)


def test_nl22_single_line_sweepers_are_among_the_ships_not_extra():
    # One ship, which sweeps: never more than that one ship is lost, however many mines.
    assert set(single_line(10, 1, sweepers=1).fractions()) == {0, 1}


def test_nl22_single_line_allied_mines_are_never_swept():
    assert single_line(3, 2, allied=True, sweepers=1).fractions() == \
        single_line(3, 2, allied=True).fractions()


def test_nl22_route_allied_field_then_swept_enemy_field():
    fields = [FieldCrossing("ally", 1, ALLIED), FieldCrossing("enemy", 1, ENEMY, SWEEP)]
    # The allied mine sinks the one ship (1/6); else its sweep die misses (5/6) and the
    # enemy mine detonates (1/3).
    assert route_losses(fields, [True]).fractions() == {0: Fraction(65, 108),
                                                        1: Fraction(43, 108)}


def test_nl15_route_of_unswept_fields_after_a_certain_loss():
    sure = FieldCrossing("sure", 1, Fraction(1))  # a table where every die detonates
    fields = [sure, FieldCrossing("next", 1, ENEMY)]
    assert route_losses(fields, [False, False]).fractions() == {1: Fraction(2, 3),
                                                                2: Fraction(1, 3)}


# ---- invariants --------------------------------------------------------------------------

def test_invariants_name_each_broken_count_exactly():
    g = game()
    assert planning.invariants(g.state) == []

    state = copy.deepcopy(g.state)
    state.tally["Germany"].bought += 1
    assert planning.invariants(state) == ["Germany: 4 mines bought but 3 accounted for"]

    for field in ("stored", "pending", "ipcs"):
        state = copy.deepcopy(g.state)
        getattr(state, field)["France"] = -1
        if field != "ipcs":
            state.tally["France"].bought -= 1
        assert planning.invariants(state) == ["France: a negative store, pending count or IPCs"]

    state = copy.deepcopy(g.state)
    state.minefields[0].count = -1
    state.tally["United Kingdom"].bought -= 6
    assert planning.invariants(state) == ["a minefield with fewer than 0 mines"]

    state = copy.deepcopy(g.state)
    state.units["ger-escort-1"].cargo = -1
    state.tally["Germany"].bought -= 1
    assert planning.invariants(state) == ["a unit carrying fewer than 0 mines"]


# ---- what a click means (intent) ---------------------------------------------------------

def test_nl07_click_on_a_line_lays_from_the_escort_with_mines_aboard():
    g = game(phase="noncombat_move")
    play(g, "load_mines", unit="ger-escort-2", count=1)
    view, line = g.state, "112|113"
    picked = ("ghost", "ger-destroyer-1", "ger-escort-1", "ger-escort-2")
    assert planning.intent(view, Selection("113", picked), NAVAL_LINE, line) == \
        LayMines("ger-escort-2", line)
    # No Escort carries mines: the first ticked Escort (the check says why it cannot).
    assert planning.intent(view, Selection("113", ("ger-destroyer-1", "ger-escort-1")),
                           NAVAL_LINE, line) == LayMines("ger-escort-1", line)
    # No Escort at all: the first unit ticked, refused by the check (NL-05).
    assert planning.intent(view, Selection("113", ("ger-destroyer-1", "ger-cruiser-1")),
                           NAVAL_LINE, line) == LayMines("ger-destroyer-1", line)


def test_a_click_means_nothing_without_units_a_place_or_a_sea_zone_elsewhere():
    view = game(phase="combat_move").state
    escort = ("ger-escort-1",)
    for kind, target in ((NAVAL_LINE, "112|113"), (SEA_ZONE, "112")):
        assert planning.intent(view, Selection("113", ()), kind, target) is None
        assert planning.intent(view, Selection(None, escort), kind, target) is None
    assert planning.intent(view, Selection("113", escort), LAND, "DEU") is None
    assert planning.intent(view, Selection("113", escort), SEA_ZONE, "113") is None


def test_nl20_click_on_a_zone_in_battle_is_a_retreat():
    view = game(phase="battle").state
    assert planning.intent(view, Selection("113", ("ger-escort-1",)), SEA_ZONE, "112") == \
        Retreat(("ger-escort-1",), "112")


def test_nl22_nl21_click_on_a_zone_in_combat_move_sweeps_and_loses_first_as_set():
    view = small(phase="combat_move",
                 units=[ger("escort", "113", 2), ger("destroyer", "113")]).state
    units = ("ger-destroyer-1", "ger-escort-1", "ger-escort-2")
    path = ("113", "112", "110")
    assert planning.intent(view, Selection("113", units), SEA_ZONE, "110") == \
        Move(units, path, ("ger-escort-1", "ger-escort-2"), ())
    chosen = Selection("113", units, {"lose_first": "ger-escort-2"})
    assert planning.intent(view, chosen, SEA_ZONE, "110") == \
        Move(units, path, ("ger-escort-1", "ger-escort-2"), ("ger-escort-2",))
    no_sweep = Selection("113", units, {"sweep": False, "lose_first": "uk-escort-1"})
    assert planning.intent(view, no_sweep, SEA_ZONE, "110") == Move(units, path, (), ())


def test_nl22_click_in_noncombat_move_never_sweeps():
    view = small(phase="noncombat_move", units=[ger("escort", "113")]).state
    assert planning.intent(view, Selection("113", ("ger-escort-1",)), SEA_ZONE, "110") == \
        Move(("ger-escort-1",), ("113", "112", "110"))


# ---- planned paths around closed zones ---------------------------------------------------

def test_path_is_by_naval_lines_never_over_land():
    view = small(phase="combat_move", units=[ger("escort", "113")]).state
    # Over land, the Netherlands would make it two steps as well: 113, NLD, 110.
    assert planning.plan_path(view, ("ger-escort-1",), "113", "110") == ("113", "112", "110")


def test_nl13_combat_move_goes_round_a_zone_held_by_enemy_warships():
    view = small(phase="combat_move", units=[ger("escort", "113"), uk("destroyer", "114")]).state
    assert planning.plan_path(view, ("ger-escort-1",), "113", "116") == ("113", "121", "116")


def test_noncombat_move_goes_round_any_enemy_ship():
    view = small(phase="noncombat_move",
                 units=[ger("escort", "113"), uk("submarine", "114")]).state
    assert planning.plan_path(view, ("ger-escort-1",), "113", "116") == ("113", "121", "116")
    # Unknown units: nobody moves, so the shortest path is the answer the check refuses.
    assert planning.plan_path(view, ("ghost",), "113", "116") == ("113", "114", "116")


def test_no_way_round_beyond_the_moves_left_keeps_the_shortest_path():
    view = small(phase="noncombat_move",
                 units=[ger("escort", "121"), uk("submarine", "114")]).state
    assert planning.plan_path(view, ("ger-escort-1",), "121", "115") == ("121", "116", "115")
    view.units["uk-submarine-1"].zone = "116"
    assert planning.plan_path(view, ("ger-escort-1",), "121", "115") == ("121", "114", "115")
    view.units["ger-escort-1"].moved = 1  # one line left: the way round is too long
    view.units["uk-submarine-1"].zone = "114"
    assert planning.plan_path(view, ("ger-escort-1",), "121", "115") == ("121", "114", "115")


def test_purchase_phase_path_ignores_enemy_ships():
    view = small(units=[ger("escort", "113"), uk("submarine", "114")]).state
    assert view.phase == "purchase"
    assert planning.plan_path(view, ("ger-escort-1",), "113", "116") == ("113", "114", "116")


# ---- lines that glow (targets) -----------------------------------------------------------

def test_nl07_nl08_targets_are_the_lines_of_the_loaded_escorts_zone():
    g = game(phase="noncombat_move")
    play(g, "load_mines", unit="ger-escort-1", count=1)
    found = g.ruleset.targets(g.state, Selection("113", ("ger-escort-1",)))
    assert {ref.id: action for ref, action in found.items()} == {
        line: LayMines("ger-escort-1", line) for line in ("112|113", "113|114", "113|121")}
    assert planning.targets(g.state, Selection(None, ("ger-escort-1",)), g.ruleset.check) == {}
    assert planning.targets(g.state, Selection("113", ()), g.ruleset.check) == {}


# ---- commands: the mine-loading button ---------------------------------------------------

LOAD_TIP = ("From the capital's store, in a sea zone next to the capital, before the Escort "
            "moves (NL-04…NL-06)")


def test_nl04_load_command_is_for_an_escort_that_has_not_moved():
    g = small(phase="noncombat_move", stored_mines={"Germany": 3},
              units=[ger("escort", "113", 2)])
    g.state.units["ger-escort-1"].moved = 1
    picked = Selection("113", ("ger-escort-1", "ger-escort-2"), {"load": 2})
    (command,) = planning.commands(g.state, picked)
    assert (command.label, command.action, command.tip) == (
        "Load 2 mines onto Escort 2", LoadMines("ger-escort-2", 2), LOAD_TIP)


def test_nl05_load_command_never_asks_more_than_the_store_holds():
    g = small(phase="noncombat_move", stored_mines={"Germany": 1}, units=[ger("escort", "113")])
    (command,) = planning.commands(g.state, Selection("113", ("ger-escort-1",), {"load": 3}))
    assert (command.label, command.action) == ("Load 1 mine onto Escort 1",
                                               LoadMines("ger-escort-1", 1))


def test_nl05_load_command_never_asks_more_than_the_escort_has_room_for():
    g = small(phase="noncombat_move", stored_mines={"Germany": 6}, units=[ger("escort", "113")])
    play(g, "load_mines", unit="ger-escort-1", count=2)
    (command,) = planning.commands(g.state, Selection("113", ("ger-escort-1",), {"load": 3}))
    assert command.action == LoadMines("ger-escort-1", 1)


# ---- commands: land territories (buying mines, capturing) --------------------------------

BUY_TIP = "NL-01…NL-03"


def buy_commands(g, territory: str) -> list[tuple[str, object, str]]:
    return [(c.label, c.action, c.tip)
            for c in planning.commands(g.state, Selection(territory))]


def test_nl01_nl03_capital_offers_as_many_mines_as_the_ipcs_buy():
    g = game(nations=[{"name": "Germany", "side": "Axis", "capital": "DEU", "ipcs": 3},
                      {"name": "United Kingdom", "side": "Allies", "capital": "GBR"},
                      {"name": "France", "side": "Allies", "capital": "FRA"}])
    assert buy_commands(g, "DEU") == [
        ("Buy 1 naval mine — 1 IPC", BuyMines(1), BUY_TIP),
        ("Buy 2 naval mines — 2 IPC", BuyMines(2), BUY_TIP),
        ("Buy 3 naval mines — 3 IPC", BuyMines(3), BUY_TIP)]


def test_nl03_capital_offers_only_what_the_complex_still_produces_this_turn():
    g = game()
    play(g, "buy_mines", count=8)
    assert buy_commands(g, "DEU") == [
        ("Buy 1 naval mine — 1 IPC", BuyMines(1), BUY_TIP),
        ("Buy 2 naval mines — 2 IPC", BuyMines(2), BUY_TIP)]
    play(g, "buy_mines", count=2)
    assert buy_commands(g, "DEU") == []


def test_nl02_only_the_active_nations_capital_sells_mines():
    g = game()
    assert buy_commands(g, "GBR") == []  # another nation's capital
    assert buy_commands(g, "POL") == []  # held, but not the capital
    assert buy_commands(g, "NOR") == []  # neutral: nothing to capture outside a battle
    g = game(phase="combat_move")
    assert buy_commands(g, "DEU") == []  # not in Purchase


def test_land_commands_in_battle_capture_what_the_side_does_not_hold():
    view = game(phase="battle").state
    capture = planning.commands(view, Selection("GBR"))
    assert [(c.label, c.action, c.tip) for c in capture] == [
        ("Capture United Kingdom (settled by the players)", Capture("GBR"), "")]
    assert [(c.label, c.action) for c in planning.commands(view, Selection("NOR"))] == [
        ("Capture Norway (settled by the players)", Capture("NOR"))]
    assert planning.commands(view, Selection("DEU")) == []  # its own capital
    assert planning.commands(view, Selection("POL")) == []  # its own


def test_commands_of_an_unknown_place_or_none():
    view = game(phase="battle").state
    assert planning.commands(view, Selection("nowhere")) == []
    assert planning.commands(view, Selection()) == []


# ---- commands: settling a battle ---------------------------------------------------------

SETTLE_TIP = "Battles are fought by the players; tick what was sunk"


def contested(phase: str):
    return small(phase=phase, units=[ger("destroyer", "112"), ger("escort", "113"),
                                     uk("destroyer", "112"), uk("cruiser", "115")])


def test_battle_zone_offers_settling_with_every_ship_there_to_tick():
    view = contested("battle").state
    for selection in (Selection("112"), Selection("112", ("ger-destroyer-1",))):
        (command,) = planning.commands(view, selection)
        assert command.label == "Settle the battle in sea zone 112…"
        assert command.tip == SETTLE_TIP
        assert command.pick == (("ger-destroyer-1", "Germany's Destroyer 1"),
                                ("uk-destroyer-1", "United Kingdom's Destroyer 1"))
        assert command.make(("uk-destroyer-1",)) == SettleBattle("112", ("uk-destroyer-1",))


def test_no_settling_where_there_is_no_battle_or_not_in_battle():
    view = contested("battle").state
    assert planning.commands(view, Selection("113")) == []  # own ships only
    assert planning.commands(view, Selection("113", ("ger-escort-1",))) == []
    assert planning.commands(view, Selection("115")) == []  # enemy ships only
    assert planning.commands(view, Selection("110")) == []  # nobody
    for phase in ("purchase", "combat_move"):
        view = contested(phase).state
        assert planning.commands(view, Selection("112")) == []
        assert planning.commands(view, Selection("110")) == []


# ---- legal actions -----------------------------------------------------------------------

def test_legal_actions_in_battle_settle_retreat_and_capture_exactly():
    g = small(nation="United Kingdom", phase="combat_move",
              units=[uk("destroyer", "110"), uk("escort", "110"), ger("destroyer", "112")])
    play(g, "move", units=["uk-destroyer-1"], path=["110", "112"])
    play(g, "end_phase")
    assert g.state.phase == "battle"
    held = {"GBR", "FRA"}
    captures = [Capture(p.id) for p in g.state.board.places_of(LAND) if p.id not in held]
    assert g.ruleset.legal_actions(g.state) == [
        SettleBattle("110", ()),
        SettleBattle("110", ("uk-escort-1",)),
        SettleBattle("112", ()),
        SettleBattle("112", ("uk-destroyer-1",)),
        SettleBattle("112", ("ger-destroyer-1",)),
        Retreat(("uk-destroyer-1",), "110"),
        *captures]


def test_legal_actions_sample_moves_of_at_most_two_lines():
    g = small(phase="noncombat_move", units=[ger("submarine", "130")])
    far = {k: replace(u, move=3) for k, u in g.state.rules.units.items()}
    g.state.rules = replace(g.state.rules, units=far)
    sub = ("ger-submarine-1",)
    paths = [("130", "129"), *(("130", "129", n) for n in ("127", "128", "131", "134"))]
    # The unit alone, then the whole group (the same one unit here); no third line.
    assert g.ruleset.legal_actions(g.state) == [
        EndPhase(), *(Move(sub, p) for p in paths), *(Move(sub, p) for p in paths)]
