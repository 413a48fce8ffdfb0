"""Dice, undo/redo, commit points and replay."""

from __future__ import annotations

import copy

import pytest

from mineboard.core.dice import ScriptedDice, SeededDice, seeded_value
from mineboard.core.errors import IllegalAction
from mineboard.core.game import TEACHER, Game
from mineboard.core.table import Table
from tests.conftest import game, play

MINED = {"nation": "United Kingdom", "phase": "combat_move",
         "minefields": [{"line": "110|112", "owner": "Germany", "zone": "112", "count": 10}]}


def test_seeded_dice_are_fixed_forever():
    # Golden values: if these change, every seed would give another game than it did.
    assert [seeded_value(2024, i, 6) for i in range(6)] == [1, 2, 5, 5, 2, 6]
    dice = SeededDice(2024, start=2)
    assert [dice.roll("NL-15", "x"), dice.roll("NL-22", "y")] == [5, 5]
    assert [r.clause for r in dice.rolls] == ["NL-15", "NL-22"]


def test_scripted_dice_refuse_impossible_faces():
    dice = ScriptedDice([7])
    with pytest.raises(Exception, match="not a d6 value"):
        dice.roll("NL-15", "x")


def test_undo_is_free_until_a_roll():
    g = game(phase="noncombat_move")
    play(g, "load_mines", unit="ger-escort-1", count=2)
    assert g.can_undo()
    g.undo()
    assert g.state.stored["Germany"] == 3 and g.state.units["ger-escort-1"].cargo == 0
    g.redo()
    assert g.state.units["ger-escort-1"].cargo == 2


def test_a_roll_is_a_commit_point_unless_solo():
    g = game(**MINED)
    play(g, "move", units=["uk-destroyer-1"], path=["110", "112"])
    assert g.records[-1].commits
    with pytest.raises(IllegalAction):
        g.undo()
    g.undo(past_commits=True)
    assert g.state.units["uk-destroyer-1"].zone == "110"


def test_undo_then_redo_rolls_the_same_dice():
    g = game(seed=99, **MINED)
    first = play(g, "move", units=["uk-destroyer-1", "uk-destroyer-2"], path=["110", "112"])
    g.undo(past_commits=True)
    again = g.redo()
    assert [r.value for r in again.rolls] == [r.value for r in first.rolls]
    # …and a fresh play after undo cannot re-roll either: the roll index is the same.
    g.undo(past_commits=True)
    third = play(g, "move", units=["uk-destroyer-1", "uk-destroyer-2"], path=["110", "112"])
    assert [r.value for r in third.rolls] == [r.value for r in first.rolls]


def test_replay_same_seed_same_actions_same_game():
    g = game(seed=5, **MINED)
    play(g, "move", units=["uk-destroyer-1"], path=["110", "112"])
    play(g, "move", units=["uk-escort-1", "uk-escort-2"], path=["110", "112"],
         sweepers=["uk-escort-1"])
    play(g, "end_phase")
    again = Game.replay(g.ruleset, game(seed=5, **MINED).initial, 5,
                        [(r.action, None) for r in g.records])
    assert g.ruleset.summary(again.state) == g.ruleset.summary(g.state)
    assert [e.to_json() for e in again.observe(TEACHER).events()] == \
        [e.to_json() for e in g.observe(TEACHER).events()]


def test_an_illegal_action_changes_nothing():
    g = game()
    before = g.ruleset.summary(g.state)
    with pytest.raises(IllegalAction) as info:
        play(g, "lay_mines", unit="ger-escort-1", line="112|113")
    assert info.value.clause == "NL-05"
    assert g.ruleset.summary(g.state) == before and g.records == []


@pytest.mark.parametrize("ruleset_id", [
    "naval-lines",
    pytest.param("gwas-tactical", marks=pytest.mark.slow),
    pytest.param("imperium-mines", marks=pytest.mark.slow)])
def test_a_10000_action_game_stays_under_200_mb_and_keeps_few_snapshots(ruleset_id):
    """History is records plus a snapshot every 32 actions, not a copy of the state per
    action: memory stays small however long the game."""
    import random
    import tracemalloc

    from mineboard.core.history import SNAPSHOT_EVERY
    from mineboard.persistence.scenario import load_scenario
    from mineboard.resources import resolve_scenario
    from tests.conformance_kits import KITS
    from tests.test_conformance import pick

    # An open table: the undo below goes back past hand-overs.
    g = load_scenario(resolve_scenario(KITS[ruleset_id].scenario)).new_game(
        3, Table(open=True))
    rng = random.Random(3)
    tracemalloc.start()
    try:
        for _ in range(10_000):
            g.play(pick(rng, g.ruleset.legal_actions(g.state)))
        _current, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 200 * 1024 * 1024
    assert len(g._history._snapshots) == 1 + 10_000 // SNAPSHOT_EVERY
    before = copy.deepcopy(g.state)
    g.undo(past_commits=True)
    g.redo()
    assert g.state == before


def test_undo_many_then_redo_many_across_snapshots_gives_back_the_same_game():
    import random

    from tests.conftest import scenario
    from tests.test_conformance import pick

    g = scenario().new_game(8)
    rng = random.Random(8)
    for _ in range(100):
        g.play(pick(rng, g.ruleset.legal_actions(g.state)))
    state, records = copy.deepcopy(g.state), list(g.records)
    for _ in range(70):  # back across two snapshots (one every 32 actions)
        g.undo(past_commits=True)
    assert len(g.records) == 30 and g.can_redo()
    while g.can_redo():
        g.redo()
    assert g.state == state and g.records == records


def test_an_action_that_fails_half_way_leaves_nothing_behind():
    from mineboard.core.dice import DiceExhausted, Roll

    g = game(nation="United Kingdom", phase="combat_move",
             minefields=[{"line": "110|112", "owner": "Germany", "zone": "112", "count": 5}])
    before = copy.deepcopy(g.state)
    move = g.ruleset.codec.parse({"kind": "move", "units": ["uk-destroyer-1"],
                                  "path": ["110", "112"]})
    with pytest.raises(DiceExhausted):  # the field rolls 5 dice; only 2 are recorded
        g.play(move, [Roll(6, 3, "", ""), Roll(6, 4, "", "")])
    assert g.state == before and g.records == [] and g.roll_count == 0


def test_what_an_action_finds_out_is_a_commit_point_even_without_dice():
    """A quiet crossing learns that the boundary or the line held no enemy field (GT-02,
    NL-12 hidden): it may not be taken back. A sweep learns nothing — the owner's counters
    stay as many as before (IM-26) — so the sweeper may take it back within its turn."""
    from tests.conftest import JUTLAND, imperium, scenario

    g = imperium(segment=1, minefields=[{"owner": "Terran", "system": "garnet-gate",
                                         "false": 2}])
    assert not play(g, "sweep", rolls=[], fleet="IMP-3").commits
    g = scenario(JUTLAND, sides=[{"name": "German"}, {"name": "British"}]).new_game(1)
    play(g, "end_phase")
    assert play(g, "cross_boundary", rolls=[], ships=["Lion"]).commits
    g = game(phase="combat_move", options={"hidden_minefields": True})
    assert play(g, "move", rolls=[], units=["ger-cruiser-1"], path=["113", "112"]).commits
    g = game(phase="combat_move")  # nothing hidden: a quiet move is free to take back
    assert not play(g, "move", rolls=[], units=["ger-cruiser-1"], path=["113", "112"]).commits
