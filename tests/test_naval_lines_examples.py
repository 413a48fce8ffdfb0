"""The seed's worked examples 1–4 and 6, played on the bundled map."""

from __future__ import annotations

from fractions import Fraction

from mineboard.rules.naval_lines.odds import single_line
from tests.conftest import dice_of, game, play


def test_example1_load_at_berlin_move_113_to_112_lay_on_112_110():
    g = game(phase="noncombat_move")
    assert g.state.stored["Germany"] == 3  # "purchased 3 Naval Mines on a previous turn"
    play(g, "load_mines", unit="ger-escort-1", count=3)
    play(g, "move", units=["ger-escort-1"], path=["113", "112"])
    record = play(g, "lay_mines", unit="ger-escort-1", line="110|112")
    assert record.events[0].clause == "NL-07"
    assert [(f.line, f.owner, f.count) for f in g.state.fields_on("110|112")] == [
        ("110|112", "Germany", 3)]
    assert g.state.units["ger-escort-1"].zone == "112"
    assert g.state.units["ger-escort-1"].done


def test_example2_two_destroyers_and_ten_mines_exact_odds():
    dist = single_line(mines=10, ships=2)
    assert dist.prob(0) == Fraction(2, 3) ** 10
    assert dist.prob(1) == 10 * Fraction(1, 3) * Fraction(2, 3) ** 9
    assert dist.prob(2) == 1 - Fraction(2, 3) ** 10 - 10 * Fraction(1, 3) * Fraction(2, 3) ** 9
    assert round(float(dist.prob(2)), 5) == 0.89595


def test_example2_played_dice_one_at_a_time_until_both_sunk():
    g = game(nation="United Kingdom", phase="combat_move",
             minefields=[{"line": "110|112", "owner": "Germany", "zone": "112", "count": 10}])
    record = play(g, "move", rolls=[4, 2, 6, 1], units=["uk-destroyer-1", "uk-destroyer-2"],
                  path=["110", "112"])
    assert dice_of(record, "NL-15") == [4, 2, 6, 1]
    assert "uk-destroyer-1" not in g.state.units and "uk-destroyer-2" not in g.state.units
    assert g.state.fields_on("110|112")[0].count == 8  # the 2 that did not detonate stay


def test_example3_allied_control_of_112_leaves_german_mines_active():
    g = game(nation="United Kingdom", phase="battle",
             minefields=[{"line": "110|112", "owner": "Germany", "zone": "112", "count": 3}],
             units=[{"nation": "United Kingdom", "type": "cruiser", "zone": "112"},
                    {"nation": "United Kingdom", "type": "destroyer", "zone": "110"}])
    play(g, "end_phase")
    assert g.state.control["112"] == "United Kingdom"
    record = play(g, "move", rolls=[3, 3, 2], units=["uk-destroyer-1"], path=["110", "112"])
    assert dice_of(record, "NL-15") == [3, 3, 2]
    assert "uk-destroyer-1" not in g.state.units


def test_example4_french_ships_cross_the_british_field_detonating_on_one():
    g = game(nation="France", phase="combat_move")
    assert [(f.owner, f.count) for f in g.state.fields_on("91|92")] == [("United Kingdom", 5)]
    record = play(g, "move", rolls=[2, 1, 3, 2, 6], units=["fra-cruiser-1", "fra-destroyer-1"],
                  path=["93", "92", "91"])
    assert dice_of(record, "NL-15") == [2, 1, 3, 2, 6]  # all 5 mines roll: only one 1
    assert "fra-destroyer-1" not in g.state.units  # the cheaper ship goes first
    assert g.state.units["fra-cruiser-1"].zone == "91"
    dist = single_line(mines=5, ships=2, allied=True)
    assert dist.prob(0) == Fraction(5, 6) ** 5
    assert dist.prob(1) == 5 * Fraction(1, 6) * Fraction(5, 6) ** 4


def test_example6_ten_mines_at_berlin_in_one_turn():
    g = game()
    play(g, "buy_mines", count=10)
    assert g.state.bought_this_turn["Germany"] == 10
    assert g.state.ipcs["Germany"] == 20
