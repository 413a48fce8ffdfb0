"""The imperium-mines demos of IM-18…IM-35 bite: break the code that enforces a clause (one
realistic bug at a time, with monkeypatch) and the clause's demo fails, on the check that
shows the bug; unbroken, the same demo passes. ``bites`` is tests/demo_bites.py's."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from mineboard.rules.imperium_mines import checks, effects, odds
from mineboard.rules.imperium_mines.actions import Sweep
from mineboard.rules.imperium_mines.data import default_ship_data
from mineboard.rules.imperium_mines.state import Fleet, ImperiumState
from tests.demo_bites import bites, pooled_sweepers, ship_data_with

RULESET = "imperium-mines"


def modifier_as(monkeypatch: pytest.MonkeyPatch,
                broken: Callable[[Any, int, int, int], int]) -> None:
    """The check's modifier broken in the roll and in the odds alike."""
    monkeypatch.setattr(effects, "modifier", broken)
    monkeypatch.setattr(odds, "modifier", broken)


# ---- the check (IM-18, IM-19, IM-20, IM-30, IM-32) ------------------------------------------
def test_im19_demo_fails_when_ten_is_safe():
    failed = bites(RULESET, "im-19-ten-runs-afoul-nine-is-safe",
                   lambda mp: ship_data_with(mp, check={"afoul_at": 11}),
                   'MineCheck fleet="B" total=10 afoul=true')
    assert any("step 4" in f for f in failed)


def test_im19_demo_fails_when_nine_runs_afoul():
    bites(RULESET, "im-19-ten-runs-afoul-nine-is-safe",
          lambda mp: ship_data_with(mp, check={"afoul_at": 9}),
          'MineCheck fleet="A" total=9 afoul=false', "odds of")


def test_im18_we1_demo_fails_when_the_later_jump_bonus_is_dropped():
    def no_bonus(rule, points, jump, sweepers):
        return rule.per_mine_point * points + rule.per_sweeper * sweepers

    bites(RULESET, "im-18-we1-nine-with-two-sweepers-eleven-without",
          lambda mp: modifier_as(mp, no_bonus), "total=9", "total=11", "odds of")
    bites(RULESET, "im-18-points-plus-later-jump-minus-sweeper",
          lambda mp: modifier_as(mp, no_bonus), "total=10 afoul=true")


def test_im18_we1_demo_fails_when_minesweepers_are_not_subtracted():
    def no_sweepers(rule, points, jump, sweepers):
        return rule.per_mine_point * points + (rule.later_jump_bonus if jump >= 2 else 0)

    bites(RULESET, "im-18-we1-nine-with-two-sweepers-eleven-without",
          lambda mp: modifier_as(mp, no_sweepers),
          'MineCheck fleet="S" dice=[2, 3] total=9 afoul=false')


def test_im32_demo_fails_when_the_jump_bonus_is_per_jump():
    def per_jump(rule, points, jump, sweepers):
        return (rule.per_mine_point * points + rule.later_jump_bonus * (jump - 1)
                + rule.per_sweeper * sweepers)

    bites(RULESET, "im-32-the-later-jump-bonus-is-a-flat-one",
          lambda mp: modifier_as(mp, per_jump),
          "step 4 (jump): odds of 'Marrow, jump 3", "step 4 (jump): dice")


def test_im32_demo_fails_when_the_first_jump_gets_the_bonus_too():
    def always(rule, points, jump, sweepers):
        return rule.per_mine_point * points + rule.later_jump_bonus + rule.per_sweeper * sweepers

    bites(RULESET, "im-32-the-later-jump-bonus-is-a-flat-one",
          lambda mp: modifier_as(mp, always), 'fleet="F1" total=8')


def test_im30_demo_fails_when_own_mines_count():
    def all_points(self, system, side):
        return sum(self.points(system, o) for o in self.minefields.get(system, {}))

    bites(RULESET, "im-30-only-enemy-points-only-own-sweepers",
          lambda mp: mp.setattr(ImperiumState, "enemy_points", all_points),
          'CountersFlipped points=4', 'fleet="A1" total=9 afoul=false')


def test_im30_demo_fails_when_other_fleets_sweepers_count():
    bites(RULESET, "im-30-only-enemy-points-only-own-sweepers",
          pooled_sweepers, 'fleet="A2" total=10 afoul=true')


def test_im20_demo_fails_when_fleets_moving_together_share_their_sweepers():
    bites(RULESET, "im-20-two-fleets-two-checks", pooled_sweepers,
          'fleet="B" dice=[4, 3] total=10 afoul=true')


# ---- damage (IM-22, IM-23, IM-28, IM-33) -----------------------------------------------------
def _wrap_damage(monkeypatch: pytest.MonkeyPatch,
                 before: Callable[[ImperiumState, Fleet], Any]) -> None:
    damage = effects._damage

    def broken(state, fleet, points, dice):
        return before(state, fleet) or damage(state, fleet, points, dice)

    monkeypatch.setattr(effects, "_damage", broken)


def test_im23_demo_fails_when_damage_is_not_cumulative():
    def forget_hits(state, fleet):
        for ship in fleet.ships:
            ship.hits = 0

    bites(RULESET, "im-23-hits-add-up-across-two-minefields",
          lambda mp: _wrap_damage(mp, forget_hits), "fleets.D: expected null")


def test_im22_we2_demo_fails_when_a_five_hits_too():
    bites(RULESET, "im-22-we2-five-dice-against-each-ship",
          lambda mp: ship_data_with(mp, hit_on=5), 'fleets.W.ships.s3: expected "frigate"',
          'odds={"0 hits": "3125/7776"')


def test_im22_we2_demo_fails_when_the_fleet_gets_one_attack_not_one_a_ship():
    def first_ship_only(state, fleet, points, dice):
        rest = fleet.ships[1:]
        fleet.ships[1:] = []
        events = damage(state, fleet, points, dice)
        fleet.ships += rest
        return events

    damage = effects._damage
    bites(RULESET, "im-22-we2-five-dice-against-each-ship",
          lambda mp: mp.setattr(effects, "_damage", first_ship_only),
          "dice: expected all 17 dice rolled")


def test_im33_demo_fails_when_auxiliaries_are_spared():
    def warships_only(state, fleet, points, dice):
        spared = [s for s in fleet.ships if state.ship_type(s).auxiliary]
        fleet.ships = [s for s in fleet.ships if s not in spared]
        events = damage(state, fleet, points, dice)
        fleet.ships += spared
        return events

    damage = effects._damage
    bites(RULESET, "im-33-auxiliaries-are-attacked-too",
          lambda mp: mp.setattr(effects, "_damage", warships_only),
          'MineAttack ship="s2"', "left over")


def test_im28_demo_fails_when_a_ship_survives_hits_equal_to_its_hull():
    data = default_ship_data()
    bites(RULESET, "im-28-one-mine-hit-is-one-hit",
          lambda mp: ship_data_with(mp, hull={k: v + 1 for k, v in data.hull.items()}),
          "fleets.H.ships.s2: expected null")


# ---- sweeping (IM-26, IM-27, IM-31) -----------------------------------------------------------
def _sweep_as(monkeypatch: pytest.MonkeyPatch,
              broken: Callable[[ImperiumState, Sweep, Any], list[Any]]) -> None:
    monkeypatch.setitem(effects.EFFECTS, Sweep, broken)


def test_im26_demo_fails_when_a_minesweeper_removes_two_points():
    sweep = effects.apply_sweep

    def twice(state, action, dice):
        events = sweep(state, action, dice)
        state.fleets[action.fleet].swept = False
        events += sweep(state, action, dice)
        return events

    bites(RULESET, "im-26-two-sweepers-remove-two-enemy-points",
          lambda mp: _sweep_as(mp, twice),
          'minefields.halcyon.Terran: expected ["false", 3]')


def test_im26_demo_fails_when_a_sweep_touches_its_own_side_s_points():
    sweep = effects.apply_sweep

    def blind_to_owner(state, action, dice):
        fleet = state.fleets[action.fleet]
        side, fleet.side = fleet.side, "nobody"
        try:
            return sweep(state, action, dice)
        finally:
            fleet.side = side

    bites(RULESET, "im-26-two-sweepers-remove-two-enemy-points",
          lambda mp: _sweep_as(mp, blind_to_owner),
          "minefields.halcyon.Imperial: expected [2]")


def test_im26_demos_fail_when_a_minesweeper_that_moved_or_fought_sweeps():
    stays = checks.stays

    def lax(fleet, what, clause):
        if clause != "IM-26":
            stays(fleet, what, clause)

    for name in ("im-26-two-sweepers-remove-two-enemy-points",
                 "im-26-a-fleet-that-fought-may-not-sweep"):
        bites(RULESET, name, lambda mp: mp.setattr(checks, "stays", lax),
              "expected refused with IM-26, engine did played it")


def test_im31_demos_fail_when_sweeping_removes_false_counters():
    sweep = effects.apply_sweep

    def and_the_false_ones(state, action, dice):
        events = sweep(state, action, dice)
        fleet = state.fleets[action.fleet]
        for owner, counters in state.minefields.get(fleet.system, {}).items():
            if owner != fleet.side:
                counters[:] = [c for c in counters if c.value]
        return events

    bites(RULESET, "im-26-two-sweepers-remove-two-enemy-points",
          lambda mp: _sweep_as(mp, and_the_false_ones),
          'minefields.halcyon.Terran: expected ["false", 3]')
    bites(RULESET, "im-31-false-counters-are-never-swept-and-still-halt",
          lambda mp: _sweep_as(mp, and_the_false_ones),
          'expected ["false", "false", "false"]')
