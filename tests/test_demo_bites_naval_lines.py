"""The naval-lines demos bite: break the engine code that enforces a clause the way a real bug
would (a check that lets the action through, a value one off, a modifier dropped, a field
counted for the wrong nation) and the clause's demo must fail, while the unbroken demo
passes. Each test names the clause it guards; tests/demo_bites.py runs the demo."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from mineboard.core.errors import IllegalAction
from mineboard.rules.naval_lines import checks, effects, previews, scenario
from mineboard.rules.naval_lines.actions import (
    Capture,
    EndPhase,
    LayMines,
    LoadMines,
    Move,
    Retreat,
    SettleBattle,
)
from mineboard.rules.naval_lines.data import default_rule_data
from mineboard.rules.naval_lines.state import NONCOMBAT_MOVE, NavalState, Options
from tests.demo_bites import Breaks, bites, skip_refusal

RULESET = "naval-lines"


def rule_data(**mine: Any) -> Breaks:
    """A break that changes the mine rule data new games are made with."""
    def breaks(mp: pytest.MonkeyPatch) -> None:
        rules = default_rule_data()
        changed = replace(rules, mine=replace(rules.mine, **mine))
        mp.setattr(scenario, "default_rule_data", lambda: changed)
    return breaks


def unit_data(unit: str, **fields: Any) -> Breaks:
    def breaks(mp: pytest.MonkeyPatch) -> None:
        rules = default_rule_data()
        units = dict(rules.units)
        units[unit] = replace(units[unit], **fields)
        changed = replace(rules, units=units)
        mp.setattr(scenario, "default_rule_data", lambda: changed)
    return breaks


def wrap_effect(action: type, after: Callable[[NavalState, Any, list[Any]], None]) -> Breaks:
    """A break that does something more to the state after an action's own effect."""
    def breaks(mp: pytest.MonkeyPatch) -> None:
        original = effects.EFFECTS[action]

        def apply(state: NavalState, act: Any, dice: Any) -> list[Any]:
            events = original(state, act, dice)
            after(state, act, events)
            return events
        mp.setitem(effects.EFFECTS, action, apply)
    return breaks


# ---- unit and production -------------------------------------------------------------------
def test_nl01_demo_fails_when_a_mine_costs_two():
    bites(RULESET, "nl-01-one-ipc-each", rule_data(cost=2), "legality")


def test_nl02_demo_fails_when_china_may_buy():
    def breaks(mp: pytest.MonkeyPatch) -> None:
        rules = default_rule_data()
        changed = replace(rules, no_mine_production=())
        mp.setattr(scenario, "default_rule_data", lambda: changed)
    bites(RULESET, "nl-02-china-may-not-buy", breaks, "refusal")


def test_nl02_demo_fails_when_mines_are_bought_outside_purchase():
    bites(RULESET, "nl-02-china-may-not-buy",
          skip_refusal(checks.CHECKS, checks.BuyMines, "NL-02"), "refusal")


def test_nl03_demo_fails_when_the_capacity_is_one_off():
    def breaks(mp: pytest.MonkeyPatch) -> None:
        original = NavalState.capacity
        mp.setattr(NavalState, "capacity", lambda self, n: original(self, n) + 1)
    bites(RULESET, "nl-03-ten-mines-at-berlin", breaks, "refusal", "pending_mines.Germany")


def test_nl03_demo_fails_when_the_limit_is_not_per_turn():
    def keep_count(state: NavalState, act: Any, events: list[Any]) -> None:
        if state.phase == "purchase":  # a new turn began, but the count is not reset
            state.bought_this_turn[state.active] = 10
    bites(RULESET, "nl-03-ten-mines-at-berlin", wrap_effect(EndPhase, keep_count),
          "legality")


def test_nl04_demo_fails_when_stored_mines_survive_the_capital():
    stored: dict[str, int] = {}

    def restore(state: NavalState, act: Any, events: list[Any]) -> None:
        state.stored.update(stored)

    def breaks(mp: pytest.MonkeyPatch) -> None:
        original = effects.EFFECTS[Capture]

        def apply(state: NavalState, act: Any, dice: Any) -> list[Any]:
            stored.update(state.stored)
            return original(state, act, dice)
        mp.setitem(effects.EFFECTS, Capture, apply)
        wrap_effect(Capture, restore)(mp)
    bites(RULESET, "nl-04-stored-then-lost-with-berlin", breaks, "stored_mines.Germany")


def test_nl04_demo_fails_when_more_than_the_store_may_be_loaded():
    bites(RULESET, "nl-04-load-only-what-is-stored",
          skip_refusal(checks.CHECKS, LoadMines, "NL-04"), "refusal")


# ---- carrying and laying ---------------------------------------------------------------
def test_nl05_demo_fails_when_an_escort_carries_four():
    def breaks(mp: pytest.MonkeyPatch) -> None:  # the limit one too high, wherever read from
        rules = default_rule_data()
        units = dict(rules.units, escort=replace(rules.units["escort"], mine_capacity=4))
        changed = replace(rules, units=units, mine=replace(rules.mine, max_per_carrier=4))
        mp.setattr(scenario, "default_rule_data", lambda: changed)
    bites(RULESET, "nl-05-escorts-carry-three", breaks, "refusal")


def test_nl05_demo_fails_when_a_moved_escort_may_load():
    def breaks(mp: pytest.MonkeyPatch) -> None:
        original = checks.CHECKS[LoadMines]

        def forgets_moves(state: NavalState, act: LoadMines) -> None:
            unit = state.units.get(act.unit)
            moved = unit.moved if unit else 0
            if unit:
                unit.moved = 0
            try:
                original(state, act)
            finally:
                if unit:
                    unit.moved = moved
        mp.setitem(checks.CHECKS, LoadMines, forgets_moves)
    bites(RULESET, "nl-05-escorts-carry-three", breaks, "refusal")


def test_nl06_demo_fails_when_mines_are_loaded_away_from_the_capital():
    bites(RULESET, "nl-06-loaded-only-beside-the-capital",
          skip_refusal(checks.CHECKS, LoadMines, "NL-06"), "refusal")


def test_nl07_demo_fails_when_laying_does_not_end_the_move():
    def still_free(state: NavalState, act: LayMines, events: list[Any]) -> None:
        state.units[act.unit].done = False
    bites(RULESET, "nl-07-example-1-lay-on-112-110", wrap_effect(LayMines, still_free),
          "refusal", "units.ger-escort-1.zone")


def test_nl07_demo_fails_when_any_line_may_be_mined():
    bites(RULESET, "nl-07-example-1-lay-on-112-110", skip_refusal(checks.CHECKS, LayMines, "NL-07"),
          "refusal")


def test_nl08_demo_fails_when_control_is_not_checked():
    bites(RULESET, "nl-08-only-where-controlled", skip_refusal(checks.CHECKS, LayMines, "NL-08"),
          "refusal", "minefields[line=113|121]")


def test_nl08_demo_fails_when_enemies_next_door_forbid_laying():
    def breaks(mp: pytest.MonkeyPatch) -> None:
        original = checks.CHECKS[LayMines]

        def fearful(state: NavalState, act: LayMines) -> None:
            original(state, act)
            zone = state.units[act.unit].zone
            if any(checks.enemies_in(state, z, state.active)
                   for z in state.board.neighbours(zone, "naval_line")):
                raise IllegalAction("enemy ships next door", "NL-08")
        mp.setitem(checks.CHECKS, LayMines, fearful)
    bites(RULESET, "nl-08-only-where-controlled", breaks, "legality")


def test_nl09_demo_fails_when_a_line_holds_one_nation_only():
    def one_field(state: NavalState, act: LayMines, events: list[Any]) -> None:
        state.minefields = [f for f in state.minefields
                            if f.line != act.line or f.owner == state.active]
    bites(RULESET, "nl-09-no-limit-on-a-line", wrap_effect(LayMines, one_field),
          "minefields[owner=United Kingdom].count")


def test_nl10_demo_fails_when_mines_leave_with_the_ships_of_their_zone():
    def carried_off(state: NavalState, act: Move, events: list[Any]) -> None:
        state.minefields = [f for f in state.minefields
                            if not (f.zone == act.path[0] and f.owner == state.active)]
    bites(RULESET, "nl-10-laid-mines-stay", wrap_effect(Move, carried_off),
          "minefields[line=110|112].count")


def test_nl11_demo_fails_when_an_attacker_may_load():
    bites(RULESET, "nl-11-one-mission-a-turn", skip_refusal(checks.CHECKS, LoadMines, "NL-11"),
          "refusal")


# ---- crossing a minefield ------------------------------------------------------------------
def test_nl12_demo_fails_when_every_line_into_the_zone_is_attacked():
    original = effects.facing_fields

    def zone_wide(state: NavalState, line: str, to_zone: str, mover: str) -> list[Any]:
        for other in state.board.neighbours(to_zone, "naval_line"):
            found = original(state, effects.way_id(other, to_zone), to_zone, mover)
            if found:
                return found
        return []
    bites(RULESET, "nl-12-only-the-mined-line",
          lambda mp: mp.setattr(effects, "facing_fields", zone_wide),
          "units.uk-destroyer-1.zone")


def test_nl12_demo_fails_when_the_one_way_setting_is_ignored():
    original = effects.facing_fields

    def both_ways(state: NavalState, line: str, to_zone: str, mover: str) -> list[Any]:
        state.options = Options(state.options.hidden_minefields, "both")
        return original(state, line, to_zone, mover)
    bites(RULESET, "nl-12-one-way-setting",
          lambda mp: mp.setattr(effects, "facing_fields", both_ways),
          "units.uk-destroyer-1.zone")


def test_nl13_demo_fails_when_mines_stop_the_survivors():
    original = effects.cross_line

    def blocking(state, line, to_zone, moving, sweepers, chosen, dice):
        events = original(state, line, to_zone, moving, sweepers, chosen, dice)
        if any(e.kind == "ShipSunk" for e in events):
            moving.clear()  # the group halts at the field
        return events
    bites(RULESET, "nl-13-survivors-sail-on",
          lambda mp: mp.setattr(effects, "cross_line", blocking),
          "units.uk-cruiser-1.zone")


def test_nl13_demo_fails_when_a_ship_may_pass_an_enemy_warship():
    bites(RULESET, "nl-13-an-enemy-warship-stops-the-move",
          skip_refusal(checks.CHECKS, Move, "NL-13"),
          "refusal")


def test_nl14_demo_fails_when_mines_sleep_in_noncombat_movement():
    original = effects.cross_line

    def combat_only(state, line, to_zone, moving, sweepers, chosen, dice):
        if state.phase == NONCOMBAT_MOVE:
            return []
        return original(state, line, to_zone, moving, sweepers, chosen, dice)
    bites(RULESET, "nl-14-noncombat-movement-too",
          lambda mp: mp.setattr(effects, "cross_line", combat_only),
          "units.uk-destroyer-1", "dice")


def test_nl15_demo_fails_when_rolling_does_not_stop():
    original = effects.defend

    def every_mine(state, owner, fields, line, moving, sweepers, chosen, dice):
        before = effects.pool(fields)
        events = original(state, owner, fields, line, moving, sweepers, chosen, dice)
        rolled = sum(1 for e in events if e.kind == "MineRolled")
        for _ in range(before - rolled if rolled else 0):  # the rest roll too, for nothing
            dice.roll("NL-15", "one die too many")
        return events
    bites(RULESET, "nl-15-two-destroyers-ten-mines",
          lambda mp: mp.setattr(effects, "defend", every_mine), "dice")


def test_nl15_demo_fails_when_rolling_stops_after_one_detonation():
    original = effects.defend

    def one_target(state, owner, fields, line, moving, sweepers, chosen, dice):
        # a rolling that stops at the first detonation, as if one ship were crossing
        targets = [u for u in moving if state.unit_type(u).mine_target]
        return original(state, owner, fields, line, targets[:1] + [
            u for u in moving if not state.unit_type(u).mine_target], sweepers, chosen, dice)
    bites(RULESET, "nl-15-every-mine-rolls-if-too-few-hit",
          lambda mp: mp.setattr(effects, "defend", one_target), "dice")


def test_nl16_demo_fails_when_allies_are_hit_on_two():
    def as_enemy(state: NavalState, owner: str, mover: str):
        return state.rules.mine.detonates(False), "NL-16"
    def breaks(mp: pytest.MonkeyPatch) -> None:
        mp.setattr(effects, "detonation_chance", as_enemy)
        mp.setattr(previews, "detonation_chance", as_enemy)
    bites(RULESET, "nl-16-example-4-french-ships-british-mines", breaks, "odds",
          "units.fra-cruiser-1.zone")


def test_nl16_demo_fails_when_the_sides_are_compared_the_wrong_way():
    def flipped(state: NavalState, owner: str, mover: str):
        return state.rules.mine.detonates(state.side_of(owner) != state.side_of(mover)), "NL-16"
    def breaks(mp: pytest.MonkeyPatch) -> None:
        mp.setattr(effects, "detonation_chance", flipped)
        mp.setattr(previews, "detonation_chance", flipped)
    bites(RULESET, "nl-16-two-against-an-enemy-one-against-an-ally", breaks, "odds",
          "units.fra-destroyer-1.zone")


def test_nl17_demo_fails_when_own_mines_roll():
    original = effects.facing_fields

    def counts_own(state: NavalState, line: str, to_zone: str, mover: str) -> list[Any]:
        return original(state, line, to_zone, "nobody")

    def breaks(mp: pytest.MonkeyPatch) -> None:
        mp.setattr(effects, "facing_fields", counts_own)
        mp.setattr(previews, "facing_fields", counts_own)
    bites(RULESET, "nl-17-own-mines-pass-freely", breaks, "odds", "dice")


def test_nl18_demo_fails_when_every_mine_that_rolled_is_removed():
    original = effects.defend

    def spent(state, owner, fields, line, moving, sweepers, chosen, dice):
        events = original(state, owner, fields, line, moving, sweepers, chosen, dice)
        for e in events:
            if e.kind == "MineRolled" and not e.data["detonates"]:
                effects._take_mine(fields)
        return events
    bites(RULESET, "nl-18-only-detonated-mines-go",
          lambda mp: mp.setattr(effects, "defend", spent),
          "minefields[line=110|112].count")


def test_nl19_demo_fails_when_mines_pass_to_the_zones_new_holder():
    def change_hands(state: NavalState, act: Any, events: list[Any]) -> None:
        for e in events:
            if e.kind == "ZoneControlled":
                for f in state.minefields:
                    if f.zone == e.at.id:
                        f.owner = state.control[f.zone]
    bites(RULESET, "nl-19-example-3-allies-take-112", wrap_effect(EndPhase, change_hands),
          "minefields[line=110|112].owner")


def test_nl20_demo_fails_when_the_mines_attack_a_retreat():
    def breaks(mp: pytest.MonkeyPatch) -> None:
        original = effects.EFFECTS[Retreat]

        def through_mines(state: NavalState, act: Retreat, dice: Any) -> list[Any]:
            units = [state.units[u] for u in act.units]
            origin = units[0].zone
            events = effects.cross_line(state, effects.way_id(origin, act.to), act.to,
                                        units, [], (), dice)
            return events + original(state, act, dice)
        mp.setitem(effects.EFFECTS, Retreat, through_mines)
    bites(RULESET, "nl-20-a-retreat-is-not-attacked", breaks, "dice")


def test_nl20_demo_fails_when_a_retreat_may_go_anywhere():
    bites(RULESET, "nl-20-a-retreat-is-not-attacked", skip_refusal(checks.CHECKS, Retreat, "NL-20"),
          "refusal")


def test_nl21_demo_fails_when_landing_craft_are_targets():
    bites(RULESET, "nl-21-submarines-and-landing-craft-pass",
          unit_data("landing_craft", mine_immune=False), "odds", "dice")


def test_nl21_demo_fails_when_the_players_casualty_order_is_ignored():
    original = effects.loss_order
    bites(RULESET, "nl-21-submarines-and-landing-craft-pass",
          lambda mp: mp.setattr(effects, "loss_order",
                                lambda state, units, chosen: original(state, units, ())),
          'event ShipSunk unit="uk-destroyer-1": expected made, engine did not made')


# ---- sweeping ------------------------------------------------------------------------------
def test_nl22_demo_fails_when_an_escort_rolls_four_sweep_dice():
    bites(RULESET, "nl-22-escort-sweeps-three", rule_data(sweep_dice=4), "odds", "dice")


def test_nl22_demo_fails_when_the_sweep_hits_the_own_field():
    original = effects.sweep_line

    def own_first(state, line, enemy, sweepers, dice):
        own = [f for f in state.fields_on(line) if f.owner == state.active]
        return original(state, line, [(state.active, own), *enemy] if own else enemy,
                        sweepers, dice)
    bites(RULESET, "nl-22-escort-sweeps-three",
          lambda mp: mp.setattr(effects, "sweep_line", own_first), "dice")


def test_nl22_demo_fails_when_escorts_sweep_outside_combat():
    bites(RULESET, "nl-22-no-sweeping-outside-combat", skip_refusal(checks.CHECKS, Move, "NL-22"),
          "refusal")


def test_nl23_demo_fails_when_only_the_first_escort_sweeps():
    original = effects.sweep_line
    bites(RULESET, "nl-23-three-escorts-two-mines",
          lambda mp: mp.setattr(
              effects, "sweep_line",
              lambda state, line, enemy, sweepers, dice: original(state, line, enemy,
                                                                  sweepers[:1], dice)),
          "minefields[line=110|112]")


def test_nl24_demo_fails_when_a_sweeper_fights_in_the_battle():
    bites(RULESET, "nl-24-a-sweeper-does-nothing-else",
          skip_refusal(checks.CHECKS, SettleBattle, "NL-24"), "refusal")


def test_nl24_demo_fails_when_an_escort_with_a_mission_may_sweep():
    bites(RULESET, "nl-24-a-sweeper-does-nothing-else", skip_refusal(checks.CHECKS, Move, "NL-24"),
          "refusal")
