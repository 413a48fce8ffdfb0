"""The imperium-mines demos of IM-01…IM-17 bite: break the engine code that enforces a
clause (a check skipped, a condition dropped, a price or a speed changed in the ship data)
and the clause's demo fails — at the step that shows it — while the unbroken demo passes.

Each test names the clause and the bug it plants; ``bites`` (tests/demo_bites.py) runs the
demo unbroken, broken and mended.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable
from typing import Any

import pytest

from mineboard.core.planning import Selection
from mineboard.rules.imperium_mines import checks, effects
from mineboard.rules.imperium_mines.actions import Build, LayMines, PlaceFalse
from mineboard.rules.imperium_mines.checks import CHECKS
from mineboard.rules.imperium_mines.effects import EFFECTS
from mineboard.rules.imperium_mines.state import Fleet, ImperiumState
from tests.conftest import imperium
from tests.demo_bites import bites, pooled_sweepers, ship_data_with

RULESET = "imperium-mines"
REAL_STAYS = checks.stays


# ---- IM-01 -------------------------------------------------------------------------------
def test_im01_demo_fails_when_mine_orders_ignore_the_variant():
    bites(RULESET, "im-01-without-the-variant-no-mine-ships-or-mine-orders",
          lambda mp: mp.setattr(checks, "mines_allowed", lambda state: None),
          "step 6 (place_false): refusal: expected refused with IM-01",
          "step 8 (sweep): refusal: expected refused with IM-01")


def test_im01_demo_fails_when_the_toggle_off_still_sells_minelayers():
    real = CHECKS[Build]

    def as_if_agreed(state: ImperiumState, action: Build) -> None:
        agreed = copy.copy(state)
        agreed.options = dataclasses.replace(state.options, mine_warfare=True)
        real(agreed, action)

    bites(RULESET, "im-01-without-the-variant-no-mine-ships-or-mine-orders",
          lambda mp: mp.setitem(CHECKS, Build, as_if_agreed),
          "step 1 (build): refusal: expected refused with IM-01, engine did played it",
          "step 2 (build): refusal")


def test_im01_without_the_variant_no_mine_ship_or_mine_order_is_offered():
    """What a demo cannot see: the menus. Construction offers no mine ship, a fleet no mine
    order, and none is among the legal actions; with the variant all of them are."""
    fleets = [{"id": "A", "side": "Imperial", "system": "halcyon", "ships": {"destroyer": 1}}]
    for agreed in (False, True):
        g = imperium(options={"mine_warfare": agreed}, fleets=fleets, minefields=[])
        builds = {c.action.ship for c in g.ruleset.commands(
            g.state, Selection("aldermere")) if isinstance(c.action, Build)}
        legal = {a.ship for a in g.ruleset.legal_actions(g.state) if isinstance(a, Build)}
        assert ({"minelayer", "minesweeper"} <= builds) is agreed
        assert ({"minelayer", "minesweeper"} <= legal) is agreed
        assert "destroyer" in builds and "destroyer" in legal
        g = imperium(segment=1, options={"mine_warfare": agreed}, fleets=fleets,
                     minefields=[])
        labels = [c.label for c in g.ruleset.commands(g.state, Selection("halcyon", ("A",)))]
        assert ("Place a false counter" in labels) is agreed
        assert ("Lay mines" in labels, "Sweep" in labels) == (agreed, agreed)
        assert any(isinstance(a, PlaceFalse) for a in g.ruleset.legal_actions(g.state)) \
            is agreed


# ---- IM-02, IM-03, IM-05: the ship data ------------------------------------------------
def test_im02_demo_fails_when_a_minesweeper_costs_the_minelayers_4():
    bites(RULESET, "im-02-minelayer-four-minesweeper-three",
          lambda mp: ship_data_with(mp, {"minesweeper": {"cost": 4}}),
          "step 2 (build): legality: expected played",  # 2 × 4 = 8 > 6 left
          "step 3 (build): resources.Imperial: expected 0, engine did 2")


def test_im02_demo_fails_when_a_minelayer_costs_5():
    bites(RULESET, "im-02-minelayer-four-minesweeper-three",
          lambda mp: ship_data_with(mp, {"minelayer": {"cost": 5}}),
          "step 1 (build): resources.Imperial: expected 6, engine did 5")


def test_im03_demo_fails_when_a_minelayer_takes_two_turns():
    bites(RULESET, "im-03-mine-ships-arrive-after-one-turn",
          lambda mp: ship_data_with(mp, {"minelayer": {"build_turns": 2}}),
          "step 1 (build): event IM-02 ShipsOrdered 'ready on turn 2'",
          "step 9 (end_phase): building: expected [[\"Imperial\", \"cruiser\", 3]]")


def test_im05_demo_fails_when_auxiliaries_make_four_jumps():
    bites(RULESET, "im-05-mine-ships-move-as-auxiliaries",
          lambda mp: ship_data_with(mp, auxiliary_jumps=4),
          "step 3 (jump): refusal: expected refused with IM-05, engine did played it")


# ---- IM-06: laying ---------------------------------------------------------------------
def _stays_ignoring(what: str) -> Callable[[Fleet, str, str], None]:
    """``checks.stays`` with one of its two conditions dropped."""
    def stays(fleet: Fleet, doing: str, clause: str) -> None:
        probe = copy.copy(fleet)
        setattr(probe, what, False)
        REAL_STAYS(probe, doing, clause)
    return stays


def test_im06_demo_fails_when_laying_ignores_the_enemy_fleet():
    def lay_anywhere(state: ImperiumState, action: LayMines) -> None:
        checks.staying_fleet(state, action.fleet, "lays mines", "IM-06",
                             ("lays_mines", "minelayer"))

    bites(RULESET, "im-06-no-laying-beside-an-enemy-fleet",
          lambda mp: mp.setitem(CHECKS, LayMines, lay_anywhere),
          "step 3 (lay_mines): refusal: expected refused with IM-09, engine did played it",
          "step 3 (lay_mines): minefields: expected {}")


def test_im06_demo_fails_when_a_fleet_that_moved_may_lay():
    bites(RULESET, "im-06-a-fleet-that-moved-or-fought-may-not-lay",
          lambda mp: mp.setattr(checks, "stays", _stays_ignoring("moved")),
          "step 4 (lay_mines): refusal: expected refused with IM-06, engine did played it")


def test_im06_demo_fails_when_a_fleet_that_fought_may_lay():
    bites(RULESET, "im-06-a-fleet-that-moved-or-fought-may-not-lay",
          lambda mp: mp.setattr(checks, "stays", _stays_ignoring("fought")),
          "step 6 (lay_mines): refusal: expected refused with IM-06, engine did played it")


def test_im06_demo_fails_when_a_fleet_without_a_minelayer_may_lay():
    def no_need(state: ImperiumState, action: LayMines) -> None:
        checks.staying_fleet(state, action.fleet, "lays mines", "IM-06")

    bites(RULESET, "im-06-a-fleet-that-moved-or-fought-may-not-lay",
          lambda mp: mp.setitem(CHECKS, LayMines, no_need),
          "step 7 (lay_mines): refusal: expected refused with IM-06, engine did played it")


def test_im06_demo_fails_when_a_fleet_that_laid_may_move_on():
    real = EFFECTS[LayMines]

    def lay_and_free(state: ImperiumState, action: LayMines, dice: Any) -> Any:
        events = real(state, action, dice)
        state.fleets[action.fleet].stayed = False
        return events

    bites(RULESET, "im-06-a-fleet-that-moved-or-fought-may-not-lay",
          lambda mp: mp.setitem(EFFECTS, LayMines, lay_and_free),
          "step 9 (jump): refusal: expected refused with IM-06, engine did played it")


# ---- IM-07, IM-08: how much is laid ----------------------------------------------------
def test_im07_demo_fails_when_a_fleet_lays_one_point_whatever_its_minelayers():
    real = ImperiumState.count_of

    def one_per_fleet(self: ImperiumState, fleet: Fleet, predicate: str) -> int:
        n = real(self, fleet, predicate)
        return min(n, 1) if predicate == "lays_mines" else n

    bites(RULESET, "im-07-one-point-per-minelayer-per-segment",
          lambda mp: mp.setattr(ImperiumState, "count_of", one_per_fleet),
          "step 3 (lay_mines): minefields.corvan.Imperial: expected [3], engine did [1]")


def test_im07_demo_fails_when_a_fleet_may_lay_twice_in_a_segment():
    real = CHECKS[LayMines]

    def forgetful(state: ImperiumState, action: LayMines) -> None:
        probe = copy.copy(state)
        probe.fleets = {**state.fleets, action.fleet: dataclasses.replace(
            state.fleets[action.fleet], laid=False)}
        real(probe, action)

    bites(RULESET, "im-07-one-point-per-minelayer-per-segment",
          lambda mp: mp.setitem(CHECKS, LayMines, forgetful),
          "step 5 (lay_mines): refusal: expected refused with IM-07, engine did played it")


def test_im08_demo_fails_when_a_lay_replaces_the_counters_instead_of_adding():
    real = EFFECTS[LayMines]

    def replacing(state: ImperiumState, action: LayMines, dice: Any) -> Any:
        fleet = state.fleets[action.fleet]
        state.minefields.get(fleet.system, {}).pop(fleet.side, None)
        return real(state, action, dice)

    bites(RULESET, "im-08-counters-add-up-segment-after-segment",
          lambda mp: mp.setitem(EFFECTS, LayMines, replacing),
          "step 6 (lay_mines): minefields.corvan.Imperial: expected [2, 3], engine did [3]")


# ---- IM-12: false counters -------------------------------------------------------------
def test_im12_demo_fails_when_false_counters_need_no_stay():
    bites(RULESET, "im-12-not-after-moving-or-fighting",
          lambda mp: mp.setitem(CHECKS, PlaceFalse,
                                lambda state, action: checks.mines_allowed(state)),
          "step 4 (place_false): refusal: expected refused with IM-12, engine did played it",
          "step 6 (place_false): refusal: expected refused with IM-12, engine did played it")


@pytest.mark.parametrize(("dropped", "step"), [("moved", "step 4"), ("fought", "step 6")])
def test_im12_demo_fails_when_a_fleet_that_moved_or_fought_places_false_counters(dropped, step):
    bites(RULESET, "im-12-not-after-moving-or-fighting",
          lambda mp: mp.setattr(checks, "stays", _stays_ignoring(dropped)),
          f"{step} (place_false): refusal: expected refused with IM-12")


def test_im12_demo_fails_when_placing_false_counters_leaves_the_fleet_free():
    real = EFFECTS[PlaceFalse]

    def place_and_free(state: ImperiumState, action: PlaceFalse, dice: Any) -> Any:
        events = real(state, action, dice)
        state.fleets[action.fleet].stayed = False
        return events

    def breaks(mp: pytest.MonkeyPatch) -> None:
        mp.setitem(EFFECTS, PlaceFalse, place_and_free)

    bites(RULESET, "im-12-any-staying-fleet-places-false-counters", breaks,
          "step 9 (jump): refusal: expected refused with IM-12, engine did played it")
    bites(RULESET, "im-12-not-after-moving-or-fighting", breaks,
          "step 9 (settle_combat): refusal: expected refused with IM-12")


def test_im12_demo_fails_when_false_counters_need_an_enemy_free_system():
    def like_mines(state: ImperiumState, action: PlaceFalse) -> None:
        fleet = checks.staying_fleet(state, action.fleet, "places false minefields", "IM-12")
        if state.enemy_fleets_at(fleet.system, fleet.side):
            raise checks.IllegalAction("enemy here", "IM-34")

    bites(RULESET, "im-12-not-after-moving-or-fighting",
          lambda mp: mp.setitem(CHECKS, PlaceFalse, like_mines),
          "step 8 (place_false): legality: expected played")


# ---- IM-13…IM-17: entering -------------------------------------------------------------
def test_im13_demo_fails_when_own_counters_count_as_the_enemys():
    def everyones_counters(self: ImperiumState, system: str, side: str) -> list[Any]:
        return [c for cs in self.minefields.get(system, {}).values() for c in cs]

    def everyones_points(self: ImperiumState, system: str, side: str) -> int:
        return sum(self.points(system, o) for o in self.minefields.get(system, {}))

    def breaks(mp: pytest.MonkeyPatch) -> None:
        mp.setattr(ImperiumState, "enemy_counters", everyones_counters)
        mp.setattr(ImperiumState, "enemy_points", everyones_points)

    # the demo scripts no dice: the first check the own mines force has no die to roll
    bites(RULESET, "im-13-own-minefields-are-passed-freely", breaks,
          "step 3 (jump): dice: expected enough scripted dice, engine did roll 1 of the game "
          "(IM-18: minefield check of A at Lumen) has no die")


def test_im15_demo_fails_when_false_counters_stay_after_the_check():
    real = effects.enter_system

    def keeping_false(state: ImperiumState, system: str, *rest: Any) -> Any:
        kept = {o: [c for c in cs if c.false] for o, cs in state.minefields.get(
            system, {}).items() if o != state.active}
        out = real(state, system, *rest)
        for owner, falses in kept.items():
            state.minefields[system][owner] += falses
        return out

    bites(RULESET, "im-15-counters-turned-up-and-false-ones-removed",
          lambda mp: mp.setattr(effects, "enter_system", keeping_false),
          "step 3 (jump): minefields.lumen.Terran: expected [2, 1]")


def test_im17_demo_fails_when_the_movers_minesweepers_are_not_counted():
    real = ImperiumState.count_of

    def no_sweepers(self: ImperiumState, fleet: Fleet, predicate: str) -> int:
        return 0 if predicate == "sweeps" else real(self, fleet, predicate)

    bites(RULESET, "im-17-the-mover-tells-how-many-minesweepers",
          lambda mp: mp.setattr(ImperiumState, "count_of", no_sweepers),
          "step 3 (jump): odds of",  # 2d6 + 3 ≥ 10 without the −2
          "step 3 (jump): dice")  # 4 + 4 + 3 = 11 runs afoul: mine attacks with no dice


def test_im17_demo_fails_when_every_friendly_minesweeper_in_the_system_counts():
    bites(RULESET, "im-17-the-mover-tells-how-many-minesweepers", pooled_sweepers,
          "step 4 (jump): event IM-18 MineCheck '(0 minesweepers, IM-17)'")
