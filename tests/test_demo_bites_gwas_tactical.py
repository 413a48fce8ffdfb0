"""The gwas-tactical demo boards bite: each test breaks the engine code that enforces one
clause the way a realistic bug would (a refusal skipped, an off-by-one in a budget or a
minimum, a modifier dropped, own counters treated as the enemy's, damage not cumulative, a
table band shifted) and asserts that the clause's demo then fails — and that it passes
unbroken. The audit's survivors in GT-02, GT-07, GT-10, GT-13 and GT-15 each have several."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from mineboard.maps import ring
from mineboard.rules.gwas_tactical import checks, effects, scenario, setup
from mineboard.rules.gwas_tactical.actions import (
    CrossBoundary,
    EndPhase,
    LeaveMap,
    MoveShips,
    PlaceCounter,
)
from mineboard.rules.gwas_tactical.data import Band, default_data
from mineboard.rules.gwas_tactical.odds import modifier
from mineboard.rules.gwas_tactical.state import GtState, Logsheet
from tests.demo_bites import Breaks, bites, skip_refusal

RULESET = "gwas-tactical"


def with_data(**changes: Any) -> Breaks:
    """The bug is in the rule data: the game loads ``changes`` over the shipped tables."""
    def breaks(mp: pytest.MonkeyPatch) -> None:
        data = replace(default_data(), **changes)
        mp.setattr(scenario, "default_data", lambda: data)
    return breaks


def wrap(module: Any, name: str, make: Callable[[Callable[..., Any]], Callable[..., Any]]
         ) -> Breaks:
    def breaks(mp: pytest.MonkeyPatch) -> None:
        mp.setattr(module, name, make(getattr(module, name)))
    return breaks


def wrap_effect(action_type: type, make: Callable[[Callable[..., Any]], Callable[..., Any]]
                ) -> Breaks:
    def breaks(mp: pytest.MonkeyPatch) -> None:
        mp.setitem(effects.EFFECTS, action_type, make(effects.EFFECTS[action_type]))
    return breaks


def logsheet(name: str, value: Any) -> Breaks:
    def breaks(mp: pytest.MonkeyPatch) -> None:
        mp.setattr(Logsheet, name, value)
    return breaks


# ---- GT-01 -------------------------------------------------------------------------------
def test_gt01_demo_fails_when_a_side_without_fields_may_place_counters():
    bites(RULESET, "gt-01-no-minefield-no-counters",
          skip_refusal(checks.CHECKS, PlaceCounter, "GT-01"), "expected refused with GT-01")


# ---- GT-02 -------------------------------------------------------------------------------
def _own_fields_too(original):
    def apply_cross(state, action, dice):  # the crossing side's own fields count as mined
        events = []
        for sid in action.ships:
            ship = state.ships[sid]
            boundary, ship.crossing = ship.crossing, None
            if any(boundary in log.minefields for log in state.logs.values()):
                events += effects.table_roll(state, ship, 0, "crossing", "GT-02", dice)
        return events
    return apply_cross


def test_gt02_demo_fails_when_own_minefields_make_the_crossing_roll():
    bites(RULESET, "gt-02-entering-across-a-mined-boundary-rolls",
          wrap_effect(CrossBoundary, _own_fields_too), "dice")


def test_gt02_demo_fails_when_a_logged_boundary_counts_as_mined():
    def logged_too(original):
        def apply_cross(state, action, dice):
            for log in state.logs.values():
                log.minefields = [*log.minefields, *log.logged]
            return original(state, action, dice)
        return apply_cross
    bites(RULESET, "gt-02-entering-across-a-mined-boundary-rolls",
          wrap_effect(CrossBoundary, logged_too), "dice")


def test_gt02_demo_fails_when_the_crossing_roll_takes_a_modifier():
    def plus_two(table_roll):
        return lambda state, ship, mod, why, clause, dice: table_roll(
            state, ship, mod + 2 if clause == "GT-02" else mod, why, clause, dice)
    lines = bites(RULESET, "gt-02-entering-across-a-mined-boundary-rolls",
                  wrap(effects, "table_roll", plus_two))
    assert any("event GT-02 MinefieldRoll ship=\"Lion\"" in line for line in lines)


def test_gt02_demo_fails_when_the_approach_ends_before_every_crossing_ship_rolled():
    bites(RULESET, "gt-02-entering-across-a-mined-boundary-rolls",
          skip_refusal(checks.CHECKS, EndPhase, "GT-02"), "expected refused with GT-02")


def test_gt02_demo_fails_when_a_ship_leaving_the_map_rolls_again():
    def rolls_on_leaving(original):
        def apply_leave(state, action, dice):
            events = effects.table_roll(state, state.ships[action.ship], 0, "leaving",
                                        "GT-02", dice)
            return events + original(state, action, dice)
        return apply_leave
    bites(RULESET, "gt-02-leaving-the-map-rolls-nothing",
          wrap_effect(LeaveMap, rolls_on_leaving), "has no die")


# ---- GT-03 / GT-04 -----------------------------------------------------------------------
def test_gt03_demo_fails_when_a_minefield_is_worth_three_counters():
    budget = property(lambda self: 3 * len(self.minefields) + sum(self.open_logs().values()))
    bites(RULESET, "gt-03-two-fields-and-three-logged-turns-make-eleven",
          logsheet("budget", budget), "budgets.German.counters: expected 11")


def test_gt03_demo_fails_when_logs_of_a_laid_field_add_counters():
    bites(RULESET, "gt-03-a-log-on-a-laid-field-adds-nothing",
          logsheet("open_logs", lambda self: dict(self.logged)),
          "budgets.German.counters: expected 6")


def test_gt03_demo_fails_when_a_counter_past_the_count_is_let_through():
    bites(RULESET, "gt-03-two-fields-and-three-logged-turns-make-eleven",
          skip_refusal(checks.CHECKS, PlaceCounter, "GT-03"), "expected refused with GT-03")


def test_gt04_demo_fails_when_the_half_is_rounded_down():
    bites(RULESET, "gt-04-at-most-six-mines-of-eleven",
          logsheet("max_mines", property(lambda self: self.budget // 2)),
          "refused it: GT-04")


def test_gt04_demo_fails_when_the_cap_is_one_too_many():
    bites(RULESET, "gt-04-at-most-six-mines-of-eleven",
          logsheet("max_mines", property(lambda self: (self.budget + 3) // 2)),
          "expected refused with GT-04")


# ---- GT-05 / GT-06 -----------------------------------------------------------------------
def test_gt05_demo_fails_when_counters_may_go_under_enemy_ships():
    bites(RULESET, "gt-05-not-under-enemy-ships",
          skip_refusal(checks.CHECKS, PlaceCounter, "GT-05"), "expected refused with GT-05")


def _within(hexes: int) -> Breaks:
    def breaks(mp: pytest.MonkeyPatch) -> None:
        mp.setattr(ring, "WITHIN", hexes)
        mp.setattr(setup, "_COVERS", {})
    return breaks


def test_gt06_demo_fails_when_within_two_hexes_reaches_a_third():
    bites(RULESET, "gt-06-mines-near-own-boundaries-dummies-anywhere",
          _within(3), "expected refused with GT-06")


def test_gt06_demo_fails_when_within_two_hexes_stops_at_the_first():
    bites(RULESET, "gt-06-mines-near-own-boundaries-dummies-anywhere",
          _within(1), "refused it: GT-06")


def test_gt06_demo_fails_when_a_logged_boundary_does_not_take_mines():
    bites(RULESET, "gt-06-mines-near-own-boundaries-dummies-anywhere",
          logsheet("mine_boundaries", lambda self: set(self.minefields)),
          "refused it: GT-06")


def test_gt06_demo_fails_when_the_enemys_boundaries_take_mines_too():
    every = {"C|W", "C|NW", "C|NE", "C|E", "C|S", "C|SW"}
    bites(RULESET, "gt-06-mines-near-own-boundaries-dummies-anywhere",
          logsheet("mine_boundaries", lambda self: set(every)),
          "expected refused with GT-06")


# ---- GT-07 -------------------------------------------------------------------------------
def _minimums(field: int, logged: int) -> Breaks:
    return wrap(setup, "minimums", lambda original: lambda log: {
        **{b: field for b in log.minefields}, **{b: logged for b in log.open_logs()}})


def test_gt07_demo_fails_when_a_minefield_needs_one_mine_not_two():
    bites(RULESET, "gt-07-two-near-the-field-one-near-the-log", _minimums(1, 1),
          "expected refused with GT-07")


def test_gt07_demo_fails_when_a_minefield_needs_three_mines():
    bites(RULESET, "gt-07-two-near-the-field-one-near-the-log", _minimums(3, 1),
          "refused it: GT-07")


def test_gt07_demo_fails_when_a_logged_boundary_needs_no_mine():
    bites(RULESET, "gt-07-a-logged-boundary-needs-one-mine", _minimums(2, 0),
          "expected refused with GT-07")


def test_gt07_demo_fails_when_a_logged_boundary_needs_two_mines():
    bites(RULESET, "gt-07-a-logged-boundary-needs-one-mine", _minimums(2, 2),
          "refused it: GT-07")


def test_gt07_demo_fails_when_the_mine_being_placed_is_not_counted():
    bites(RULESET, "gt-07-two-near-the-field-one-near-the-log",
          wrap(checks, "mines_still_needed",
               lambda original: lambda state, side, extra=None: original(state, side)),
          "refused it: GT-07")


def test_gt07_demo_fails_when_a_mine_anywhere_counts_for_every_boundary():
    def anywhere(original):
        def needed(state, side, extra=None):
            log = state.logs[side]
            mines = sum(c.mine for c in state.counters if c.owner == side) + (extra is not None)
            return max(0, sum(setup.minimums(log).values()) - mines)
        return needed
    bites(RULESET, "gt-07-two-near-the-field-one-near-the-log",
          wrap(checks, "mines_still_needed", anywhere), "expected refused with GT-07")


def test_gt07_demo_fails_when_placements_are_not_held_to_the_minimums():
    bites(RULESET, "gt-07-two-near-the-field-one-near-the-log",
          skip_refusal(checks.CHECKS, PlaceCounter, "GT-07"), "expected refused with GT-07")


# ---- GT-08 -------------------------------------------------------------------------------
def test_gt08_demo_fails_when_setup_may_end_with_counters_in_hand():
    bites(RULESET, "gt-08-the-battle-waits-for-every-counter",
          skip_refusal(checks.CHECKS, EndPhase, "GT-08"), "expected refused with GT-08")


def test_gt08_demo_fails_when_setup_may_end_with_one_counter_left():
    def one_short(original):
        def shortfall(state, side):
            problem = original(state, side)
            mines, dummies = state.placed(side)
            if problem is not None and state.logs[side].budget - mines - dummies == 1:
                return None
            return problem
        return shortfall
    bites(RULESET, "gt-08-the-battle-waits-for-every-counter",
          wrap(checks, "setup_shortfall", one_short), "expected refused with GT-08")


# ---- GT-09 / GT-10 -----------------------------------------------------------------------
def _turns_up_any_counters(original):
    def enter_hex(state, label, entering, dice):  # the "only friendly counters" guard lost
        events = effects.turn_up(state, label)
        mines_up = state.enemy_mines_up(label, state.active)
        for ship in [s for s in entering if mines_up and s.id in state.ships]:
            mod = modifier(state.rules, len(mines_up), state.impulse)
            events += effects.table_roll(state, ship, mod, "hex", "GT-11", dice)
        return events
    return enter_hex


def test_gt09_demo_fails_when_own_counters_turn_up():
    bites(RULESET, "gt-09-own-counters-are-harmless",
          wrap(effects, "enter_hex", _turns_up_any_counters),
          "counters[#]: expected 4")


def test_gt09_demo_fails_when_own_face_down_mines_attack_a_ship_that_stays():
    def any_owner(self, label, side):
        return [c for c in self.counters_in(label) if c.mine]
    bites(RULESET, "gt-09-own-counters-are-harmless",
          lambda mp: mp.setattr(GtState, "enemy_mines_up", any_owner), "no die")


def test_gt10_demo_fails_when_only_the_enemys_counters_turn_up():
    def enemy_only(original):
        def turn_up(state, label):
            own = [c for c in state.counters_in(label)
                   if c.owner == state.active and not c.face_up]
            for c in own:
                c.face_up = True
            try:
                return original(state, label)
            finally:
                for c in own:
                    c.face_up = False
        return turn_up
    bites(RULESET, "gt-10-every-counter-in-the-hex-turns-up",
          wrap(effects, "turn_up", enemy_only), "CountersFlipped")


def test_gt10_demo_fails_when_dummies_stay_on_the_map():
    def keeps_dummies(original):
        def turn_up(state, label):
            dummies = [c for c in state.counters_in(label) if not c.mine and not c.face_up]
            events = original(state, label)
            state.counters += dummies
            return events
        return turn_up
    bites(RULESET, "gt-10-every-counter-in-the-hex-turns-up",
          wrap(effects, "turn_up", keeps_dummies), "counters[#]: expected 5")


def _mines_turn_back_down(original):
    def enter_hex(state, label, entering, dice):
        events = original(state, label, entering, dice)
        for c in state.counters_in(label):
            c.face_up = False
        return events
    return enter_hex


def test_gt10_demo_fails_when_mines_turn_back_face_down():
    bites(RULESET, "gt-10-every-counter-in-the-hex-turns-up",
          wrap(effects, "enter_hex", _mines_turn_back_down), "face_up")


def test_gt10_demo_fails_when_a_lone_dummy_is_not_turned_up():
    def mines_only(original):
        def turn_up(state, label):
            if not any(c.mine for c in state.counters_in(label) if not c.face_up):
                return []
            return original(state, label)
        return turn_up
    bites(RULESET, "gt-10-every-counter-in-the-hex-turns-up",
          wrap(effects, "turn_up", mines_only), 'faces={"British": ["D"]}')


def test_gt10_demo_fails_when_the_movers_own_mine_counts_against_him():
    def any_owner(self, label, side):
        return [c for c in self.counters_in(label) if c.mine and c.face_up]
    bites(RULESET, "gt-10-every-counter-in-the-hex-turns-up",
          lambda mp: mp.setattr(GtState, "enemy_mines_up", any_owner),
          'ship="Seydlitz" modifier=0')


# ---- GT-11 -------------------------------------------------------------------------------
SEED_ENTRY = "gt-11-three-ships-enter-two-mines-and-a-dummy-on-impulse-5"


def test_gt11_demo_fails_when_the_extra_mine_bonus_is_dropped():
    bites(RULESET, SEED_ENTRY, with_data(per_extra_mine=0), "modifier=3")


def test_gt11_demo_fails_when_the_impulse_bonus_is_dropped():
    bites(RULESET, "gt-11-plus-two-on-impulse-2-not-on-1",
          with_data(impulse_bonus=0), "modifier=2")


def test_gt11_demo_fails_when_the_bonus_impulses_are_shifted_by_one():
    bites(RULESET, "gt-11-plus-two-on-impulse-2-not-on-1",
          with_data(plus_two=frozenset({1, 4, 5, 8})), "modifier=0")


def test_gt11_demo_fails_when_every_mine_counts_one_not_just_the_extra_ones():
    def counts_the_first(original):
        return lambda rules, mines, impulse: original(rules, mines + 1, impulse)
    bites(RULESET, SEED_ENTRY, wrap(effects, "modifier", counts_the_first),
          "modifier=3")


def test_gt11_demo_fails_when_the_dummy_counts_as_a_mine():
    def counts_dummies(original):
        def enter_hex(state, label, entering, dice):
            counted = [c for c in state.counters_in(label) if c.owner != state.active]
            events = effects.turn_up(state, label)
            if not state.enemy_mines_up(label, state.active):
                return events
            mod = modifier(state.rules, len(counted), state.impulse)
            for ship in entering:
                events += effects.table_roll(state, ship, mod, "hex", "GT-11", dice)
            return events
        return enter_hex
    bites(RULESET, SEED_ENTRY, wrap(effects, "enter_hex", counts_dummies),
          "modifier=3")


# ---- GT-12 -------------------------------------------------------------------------------
def test_gt12_demo_fails_when_only_the_first_ship_rolls():
    bites(RULESET, "gt-12-every-ship-rolls-and-damage-adds-up",
          wrap(effects, "enter_hex", lambda original: lambda state, label, entering,
               dice: original(state, label, entering[:1], dice)), "left over")


def test_gt12_demo_fails_when_damage_does_not_add_up():
    def fresh_hull(original):
        def table_roll(state, ship, mod, why, clause, dice):
            ship.damage = 0
            return original(state, ship, mod, why, clause, dice)
        return table_roll
    bites(RULESET, "gt-12-every-ship-rolls-and-damage-adds-up",
          wrap(effects, "table_roll", fresh_hull), "ships.B-Flot-13")


def test_gt12_demo_fails_when_a_ship_sinks_only_past_its_hull():
    def one_more(original):
        return lambda self, ship: replace(original(self, ship), hull=original(self, ship).hull + 1)
    bites(RULESET, "gt-12-every-ship-rolls-and-damage-adds-up",
          wrap(GtState, "ship_type", one_more), "ShipSunk")


# ---- GT-13 -------------------------------------------------------------------------------
STAY = "gt-13-leaving-is-free-staying-rolls-again"


def test_gt13_demo_fails_when_staying_takes_the_current_impulses_bonus():
    def current_impulse(original):
        def table_roll(state, ship, mod, why, clause, dice):
            if clause == "GT-13":
                mod = modifier(state.rules, len(state.enemy_mines_up(ship.hex, ship.side)),
                               state.impulse)
            return original(state, ship, mod, why, clause, dice)
        return table_roll
    bites(RULESET, STAY, wrap(effects, "table_roll", current_impulse),
          'event GT-13 MinefieldRoll ship="Benbow" modifier=2 total=5')


def test_gt13_demo_fails_when_staying_does_not_roll():
    def no_stay_roll(original):
        return lambda state, ship, mod, why, clause, dice: (
            [] if clause == "GT-13" else original(state, ship, mod, why, clause, dice))
    bites(RULESET, STAY, wrap(effects, "table_roll", no_stay_roll), "left over")


def test_gt13_demo_fails_when_leaving_a_mined_hex_rolls():
    def rolls_on_leaving(original):
        def apply_move(state, action, dice):
            events = []
            for sid in action.ships:
                ship = state.ships[sid]
                if state.enemy_mines_up(ship.hex, ship.side):
                    events += effects.table_roll(state, ship, 0, "leaving", "GT-13", dice)
            return events + original(state, action, dice)
        return apply_move
    bites(RULESET, STAY, wrap_effect(MoveShips, rolls_on_leaving))


def test_gt13_demo_fails_when_ships_that_moved_roll_for_staying():
    def forgets_who_moved(original):
        def apply_end(state, action, dice):
            for ship in state.ships.values():
                if ship.side == state.active:
                    ship.moved = False
            return original(state, action, dice)
        return apply_end
    bites(RULESET, STAY, wrap_effect(EndPhase, forgets_who_moved))


# ---- GT-14 -------------------------------------------------------------------------------
def test_gt14_demo_fails_when_a_mine_is_spent_by_its_hit():
    def spent(original):
        def table_roll(state, ship, mod, why, clause, dice):
            at = ship.hex
            events = original(state, ship, mod, why, clause, dice)
            if events and events[0].data.get("result") != "no effect":
                hit = state.enemy_mines_up(at, ship.side)[:1]
                state.counters = [c for c in state.counters if c not in hit]
            return events
        return table_roll
    bites(RULESET, "gt-14-a-mine-is-never-used-up",
          wrap(effects, "table_roll", spent), "counters[0]")


# ---- GT-15 -------------------------------------------------------------------------------
def _table(**changes: Any) -> Breaks:
    def breaks(mp: pytest.MonkeyPatch) -> None:
        table = replace(default_data().table, **changes)
        with_data(table=table)(mp)
    return breaks


def test_gt15_demo_fails_when_the_sunk_band_starts_one_higher():
    bands = default_data().table.bands
    shifted = (*bands[:3], replace(bands[3], high=9), replace(bands[4], low=10))
    bites(RULESET, "gt-15-the-stand-in-minefield-table", _table(bands=shifted),
          'result="sunk"')


def test_gt15_demo_fails_when_the_no_effect_band_ends_one_lower():
    bands = default_data().table.bands
    shifted = (replace(bands[0], high=3), replace(bands[1], low=4), *bands[2:])
    bites(RULESET, "gt-15-the-stand-in-minefield-table", _table(bands=shifted),
          "odds of")


def test_gt15_demo_fails_when_the_table_loses_its_label():
    bites(RULESET, "gt-15-the-stand-in-minefield-table", _table(label=""),
          "DEFAULT — not the printed table")


def test_gt15_demo_fails_when_the_table_rolls_two_dice():
    bites(RULESET, "gt-15-the-stand-in-minefield-table", _table(dice=2))


def test_gt15_demo_fails_when_a_turn_has_eight_impulses():
    bites(RULESET, "gt-15-nine-impulses-to-a-turn",
          with_data(impulses=tuple(range(1, 9))), "phase_name")


def test_gt15_demo_fails_when_the_ninth_impulse_loses_its_bonus():
    bites(RULESET, "gt-15-nine-impulses-to-a-turn",
          with_data(plus_two=frozenset({2, 5, 6})), "modifier=2")


def test_every_gwas_clause_has_a_bite_here():
    import ast

    tree = ast.parse(Path(__file__).read_text())
    named = {n.name[7:9] for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)
             and n.name.startswith("test_gt")}
    assert named == {f"{i:02d}" for i in range(1, 16)}


def test_the_bands_used_here_are_the_shipped_default():
    # the shifted tables above are built from the shipped one: guard its shape
    assert [(b.low, b.high) for b in default_data().table.bands] == [
        (-99, 4), (5, 5), (6, 6), (7, 8), (9, 99)]
    assert isinstance(default_data().table.bands[0], Band)
