"""Dice, undo/redo, commit points and replay."""

from __future__ import annotations

import pytest

from mineboard.core.dice import ScriptedDice, SeededDice, seeded_value
from mineboard.core.errors import IllegalAction
from mineboard.core.game import TEACHER, Game
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


def test_a_10000_action_game_stays_under_200_mb_and_keeps_few_snapshots():
    """History is records plus a snapshot every 32 actions, not a copy of the state per
    action: memory stays small however long the game."""
    import random
    import tracemalloc

    from mineboard.core.history import SNAPSHOT_EVERY
    from tests.conftest import scenario
    from tests.test_conformance import pick

    g = scenario(options={"hidden_minefields": True}).new_game(3)
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
    before = g.ruleset.summary(g.state)
    g.undo(past_commits=True)
    g.redo()
    assert g.ruleset.summary(g.state) == before
