"""The program's naval-lines opponent (issue 30, deliverable 4): its stated policy, its
least-loss route round a minefield it knows of (and straight through one it cannot see),
its laying by the advisor's top choice, and a solo game on the bundled hidden-minefield
scenario played through ``core.opponent.choose`` and ``Game.play`` like a player's."""

from __future__ import annotations

import json
from itertools import pairwise
from typing import Any

import pytest

from mineboard.core.game import TEACHER, Game
from mineboard.core.opponent import TURN_LIMIT, choose
from mineboard.persistence.scenario import scenario_from_data
from mineboard.resources import maps_dir, resolve_scenario
from mineboard.rules.naval_lines.actions import EndPhase, LayMines, LoadMines, Move
from mineboard.rules.naval_lines.ruleset import RULESET
from tests.conftest import game, play


def _bundled(name: str, seed: int = 11) -> Game[Any]:
    data = json.loads(resolve_scenario(name).read_text())
    return scenario_from_data(data, name, maps_dir() / "scenarios").new_game(seed)


def test_the_policy_is_stated_with_its_clauses():
    policy = RULESET.opponent_policy
    assert "least expected loss" in policy and "nearest sea zone held by the enemy" in policy
    for clause in ("NL-05", "NL-08", "NL-15", "NL-16", "NL-17"):
        assert clause in policy
    assert "advisor's top suggestion" in policy


def _two_ways(**extra: Any) -> Game[Any]:
    """The British cruiser and destroyer in 115, the United Kingdom's Combat Movement;
    Germany holds 121 (empty), two lines away by 114 or by 116 — the only enemy-held
    zone that near with no enemy ship in it."""
    units = [{"nation": "Germany", "type": "escort", "zone": "113", "count": 2},
             {"nation": "United Kingdom", "type": "cruiser", "zone": "115"},
             {"nation": "United Kingdom", "type": "destroyer", "zone": "115"}]
    control = {"113": "Germany", "121": "Germany", "112": "United Kingdom",
               "114": "United Kingdom", "115": "United Kingdom", "116": "United Kingdom"}
    return game(phase="combat_move", nation="United Kingdom", units=units, control=control,
                **extra)


GERMAN_FIELD = [{"line": "114|121", "owner": "Germany", "zone": "121", "count": 3}]


def test_nl15_it_sails_round_a_field_it_knows_of():
    """With 3 German mines on 114|121 (expected 26/27 lost of two ships, NL-15, NL-16) it
    takes the free way by 116; with none it takes the first of the two equal ways, by
    114 — so the field is what turned it."""
    mined = _two_ways(minefields=GERMAN_FIELD)
    choice = choose(RULESET, mined.observe("Allies").view)
    assert choice.action == Move(("uk-cruiser-1", "uk-destroyer-1"), ("115", "116", "121"))
    assert "expected 0 lost" in choice.why and "sea zone 121" in choice.why
    free = _two_ways()
    assert choose(RULESET, free.observe("Allies").view).action.path == ("115", "114", "121")


def test_nl01_hidden_it_cannot_avoid_a_field_it_cannot_see():
    """Under hidden minefields the British view holds no German field (never yet seen
    defending): the opponent takes the way by 114, as if the line were clear."""
    g = _two_ways(minefields=GERMAN_FIELD, options={"hidden_minefields": True})
    choice = choose(RULESET, g.observe("Allies").view)
    assert choice.action.path == ("115", "114", "121")


def test_nl05_it_loads_then_lays_the_advisors_top_choice():
    """Germany's Non-Combat Movement of turn 1: Escort 1 loads the 3 stored mines in 113,
    then lays where the advisor puts its top suggestion (112|113: the four British ships
    in 110 reach 112 and cross, 1 expected); no move to another zone would do better."""
    g = game()
    for _ in range(3):
        play(g, "end_phase")
    first = choose(RULESET, g.observe("Axis").view)
    assert first.action == LoadMines("ger-escort-1", 3)
    g.play(first.action, by="Axis")
    view = g.observe("Axis").view
    top = RULESET.advise(view).suggestions[0]
    second = choose(RULESET, view)
    assert second.action == top.action == LayMines("ger-escort-1", "112|113")
    assert second.why.startswith("the advisor's top lay")
    g.play(second.action, by="Axis")
    assert choose(RULESET, g.observe("Axis").view).action == EndPhase()


def test_nl08_it_moves_an_escort_first_where_a_lay_is_worth_more():
    """The United Kingdom's Non-Combat Movement, Escort 1 in 110 with 2 mines; two German
    destroyers in 121. From 110 no line is in their reach; from 112 (British since the
    phase began, NL-08) 112|113 and 112|114 are, 2/3 expected each (E[min(2, B(2, 1/3))]):
    it sails there first, then lays on the first of them."""
    units = [{"nation": "United Kingdom", "type": "escort", "zone": "110"},
             {"nation": "Germany", "type": "destroyer", "zone": "121", "count": 2}]
    g = game(phase="noncombat_move", nation="United Kingdom", units=units,
             control={"112": "United Kingdom", "110": "United Kingdom", "121": "Germany"})
    g.state.units["uk-escort-1"].cargo = 2  # loaded from the store earlier (NL-05)
    g.state.stored["United Kingdom"] = 0
    assert {s.expected for s in RULESET.advise(g.observe(TEACHER).view).suggestions} == {0}
    choice = choose(RULESET, g.observe(TEACHER).view)
    assert choice.action == Move(("uk-escort-1",), ("110", "112"))
    assert "2/3 expected" in choice.why
    g.play(choice.action)
    lay = choose(RULESET, g.observe(TEACHER).view)
    assert lay.action == LayMines("uk-escort-1", "112|113")


def test_nothing_to_do_in_place_ends_the_phase():
    g = game(phase="place")
    assert RULESET.opponent_move(g.observe("Axis").view) is None
    assert choose(RULESET, g.observe("Axis").view).action == EndPhase()


@pytest.mark.parametrize("name", ["northsea-1940-hidden", "northsea-1940"])
def test_a_solo_game_the_program_plays_the_allies(name):
    """Germany's player ends each phase; the program plays the Allies from their view
    (``game.observe``) through ``choose`` and ``game.play`` — checked as theirs, logged,
    undoable like a player's. Three whole turns: every action legal, every phase ends
    within the limit, the turn moves on, and the Allies buy, sail and lay."""
    g = _bundled(name)
    played: list[Any] = []
    whys: list[tuple[Any, str]] = []
    per_phase = 0
    while g.state.turn <= 3:
        side = g.state.to_move
        before = (g.state.turn, g.state.position)
        if side == "Allies":
            choice = choose(RULESET, g.observe(side).view)
            g.play(choice.action, by=side)  # raises if illegal for the Allies
            if g.state.options.hidden_minefields:
                whys.append((choice.action, choice.why))
            played.append(choice.action)
            per_phase += 1
            assert per_phase < TURN_LIMIT
            if (g.state.turn, g.state.position) != before:
                per_phase = 0
        else:
            g.play(EndPhase(), by=side)
        assert RULESET.invariants(g.state) == []
    assert g.state.turn == 4
    kinds = {a.kind for a in played}
    assert {"buy_mines", "move", "load_mines", "lay_mines", "end_phase"} <= kinds
    # it never repeats itself: an order is made at most once in a row
    assert all(a != b for a, b in pairwise(played) if a != EndPhase())
    assert whys or name == "northsea-1940"
    # under hidden minefields its reasons, read by Germany's player too, keep its secrets
    for action, why in whys:
        if action.kind in ("buy_mines", "load_mines", "lay_mines"):
            assert why in ("a secret order (NL-01 hidden)", "its purchase is secret (NL-01 "
                                                            "hidden)")
        assert "expected" not in why and "mines" not in why


def test_its_moves_are_undone_like_a_players():
    g = game()
    for _ in range(3):
        play(g, "end_phase")
    choice = choose(RULESET, g.observe("Axis").view)
    g.play(choice.action, by="Axis")
    assert g.records[-1].action == choice.action and g.can_undo()
    g.undo()
    assert g.state.units["ger-escort-1"].cargo == 0 and g.state.stored["Germany"] == 3
