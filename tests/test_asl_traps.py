"""asl-minefields booby traps (traps.py): the trigger DRs per level (AM-51, AM-61), PTC
for the immune (AM-52, AM-75), Random Selection and Casualty Reduction (AM-53, AM-63), the
owner's own units (AM-55)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from mineboard.core.dice import ScriptedDice
from mineboard.core.game import Game
from mineboard.persistence.scenario import scenario_from_data
from mineboard.resources import maps_dir
from mineboard.rules.asl_minefields import morale, traps
from mineboard.rules.asl_minefields.state import Minefield
from mineboard.rules.asl_minefields.traps import TaskCheck
from tests.conftest import play, refused

AXIS, ALLIES = "Axis", "Allies"
BOARD = "asl-demo-board"


def game(level: str = "C", units: list[dict[str, Any]] | None = None,
         **changes: Any) -> Game[Any]:
    """The Axis hold booby traps of ``level`` on the demo board; the Allies act."""
    data: dict[str, Any] = {
        "mineboard_scenario": 1, "ruleset": "asl-minefields", "map": "asl-demo-board",
        "title": "traps test", "phase": "movement", "side": ALLIES,
        "sides": [{"name": AXIS, "pool": 30, "booby": {BOARD: level} if level else {}},
                  {"name": ALLIES, "pool": 0}],
        "units": units if units is not None else [
            {"id": "al", "side": ALLIES, "type": "squad", "hex": "G2"},
            {"id": "ldr", "side": ALLIES, "type": "leader", "hex": "G2"},
            {"id": "ax", "side": AXIS, "type": "half-squad", "hex": "G2"},
            {"id": "far", "side": ALLIES, "type": "squad", "hex": "A1"}]}
    data.update(changes)
    return scenario_from_data(data, "asl test", maps_dir() / "scenarios").new_game(7)


def test_board_of_names_the_map_on_a_one_board_map():
    assert traps.board_of(game().state, "G2") == BOARD


@pytest.mark.parametrize(("level", "dr", "fires"), [
    ("C", 12, True), ("C", 11, False), ("B", 11, True), ("B", 12, True), ("B", 10, False),
    ("A", 11, True), ("A", 12, True), ("A", 10, False)])
def test_am51_am61_trigger_drs_per_level(level, dr, fires):
    g = game(level)
    events = traps.task_check(g.state, "far", dr, False, ScriptedDice([]))
    assert any(e.kind == "BoobyTrap" for e in events) is fires


def test_am51_a_sighting_tc_never_triggers():
    g = game("A")
    assert traps.task_check(g.state, "far", 12, True, ScriptedDice([])) == []


def test_am61_the_trigger_sets_are_data():
    g = game("A", options={"booby_triggers": {"C": [12], "B": [11, 12], "A": [10, 11, 12]}})
    assert traps.task_check(g.state, "far", 10, False, ScriptedDice([]))


def test_am53_random_selection_hits_the_highest_dr_not_necessarily_the_tc_taker():
    g = game("C")
    # al, ax, ldr roll 2, 5, 3: the Axis half-squad is hit (AM-55: the owner's own unit,
    # chosen by Random Selection after an enemy TC)
    events = traps.task_check(g.state, "al", 12, False, ScriptedDice([2, 5, 3]))
    ax = g.state.units["ax"]
    assert ax.eliminated and g.state.units["al"].type == "squad"
    chosen = next(e for e in events if e.kind == "RandomSelection")
    assert chosen.clause == "AM-53" and chosen.data["selected"] == ["ax"]


def test_am53_all_tied_on_the_highest_dr_are_reduced():
    g = game("C")
    traps.task_check(g.state, "al", 12, False, ScriptedDice([6, 1, 6]))
    assert g.state.units["al"].type == "half-squad"
    assert g.state.units["ldr"].eliminated
    assert not g.state.units["ax"].eliminated


def test_am53_a_lone_unit_is_reduced_without_a_roll():
    g = game("C")
    events = traps.task_check(g.state, "far", 12, False, ScriptedDice([]))
    assert g.state.units["far"].type == "half-squad"
    assert events[0].clause == "AM-51"


def test_am55_the_owners_own_tc_never_sets_off_its_traps():
    g = game("C")
    assert traps.task_check(g.state, "ax", 12, False, ScriptedDice([])) == []


def test_am51_no_traps_bought_no_trigger():
    g = game("")
    assert traps.task_check(g.state, "al", 12, False, ScriptedDice([])) == []


def test_am52_am75_an_immune_leader_takes_the_ptc_but_is_never_pinned():
    g = game("", units=[{"id": "ldr", "side": ALLIES, "type": "leader", "hex": "G2"}])
    rec = play(g, "task_check", rolls=[6, 6], unit="ldr", ptc=True)
    assert g.state.units["ldr"].status == "good"
    check = next(e for e in rec.events if e.kind == "TaskCheck")
    assert check.clause == "AM-75" and check.data["pins"] is False \
        and check.data["sniper"] is False


def test_am52_the_immune_ptc_still_sets_off_a_trap():
    g = game("C", units=[{"id": "ldr", "side": ALLIES, "type": "leader", "hex": "G2"}])
    rec = play(g, "task_check", rolls=[6, 6], unit="ldr", ptc=True)
    assert g.state.units["ldr"].eliminated
    assert [e.kind for e in rec.events][:3] == ["DiceRolled", "TaskCheck", "BoobyTrap"]


def test_am51_a_ptc_pins_on_a_dr_above_morale():
    g = game("", units=[{"id": "al", "side": ALLIES, "type": "squad", "hex": "G2"}])
    play(g, "task_check", rolls=[4, 4], unit="al", ptc=True)  # 8 > morale 7
    assert g.state.units["al"].status == "pinned"
    g = game("", units=[{"id": "al", "side": ALLIES, "type": "squad", "hex": "G2"}])
    play(g, "task_check", rolls=[3, 4], unit="al", ptc=True)
    assert g.state.units["al"].status == "good"


def test_am51_task_check_refusals():
    g = game()
    refused("TURN", g, "task_check", unit="ax")
    g = game(units=[{"id": "tr", "side": ALLIES, "type": "truck", "hex": "G2"}])
    refused("AM-51", g, "task_check", unit="tr")


def test_am51_odds_by_level_are_the_same_whatever_the_enemy_bought():
    previews = []
    for level in ("", "C", "A"):
        g = game(level)
        p = g.ruleset.preview(g.observe(ALLIES).view, TaskCheck("al"))
        previews.append(p)
        assert dict(p.outcomes) == {"Level C": Fraction(1, 36), "Level B": Fraction(1, 12),
                                    "Level A": Fraction(1, 12)}
    assert previews[0] == previews[1] == previews[2]


def test_the_morale_ptc_hook_reaches_booby_traps():
    g = game("C")
    events = morale._task_check(g.state, "far", 12, ScriptedDice([]))
    assert any(e.kind == "BoobyTrap" for e in events)


def test_am51_a_passenger_takes_its_vehicles_hex():
    g = game("C", units=[{"id": "tr", "side": ALLIES, "type": "truck", "hex": "G2"},
                         {"id": "al", "side": ALLIES, "type": "squad", "carried_by": "tr"}])
    events = traps.task_check(g.state, "al", 12, False, ScriptedDice([]))
    assert [e.kind for e in events] == ["BoobyTrap", "BoobyTrap"]  # nobody on foot to hit


def test_am51_a_ptc_from_a_minefield_attack_sets_off_a_trap():
    """Across the parts: an A-P attack's PTC (morale.py) is a TC the traps see."""
    g = game("C", units=[{"id": "al", "side": ALLIES, "type": "squad", "hex": "G2"}])
    g.state.minefields[AXIS]["G3"] = Minefield("G3", AXIS, 6)
    play(g, "plan_move", units=["al"], path=["G2", "G3"])
    rec = play(g, "step", rolls=[3, 3, 6, 6])  # 6 column DR 6: PTC; PTC DR 12
    kinds = [e.kind for e in rec.events]
    assert "BoobyTrap" in kinds
    assert g.state.units["al"].type == "half-squad"
