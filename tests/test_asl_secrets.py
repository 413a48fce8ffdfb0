"""asl-minefields secrets (setup.py's hide and stand-ins, the conformance kit): what another
side sees of a side's record, its log, its save and its turn files — AM-01, AM-03, AM-05,
AM-06, AM-68, AM-76 — and play by email with a visible A-T counter standing in."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from mineboard.core.errors import IllegalAction
from mineboard.core.game import Game
from mineboard.core.hidden_place import PlacedSomewhere
from mineboard.persistence import pbem
from mineboard.persistence.scenario import load_scenario, scenario_from_data
from mineboard.resources import maps_dir, resolve_scenario
from mineboard.rules.asl_minefields import conformance
from mineboard.rules.asl_minefields.ruleset import RULESET
from mineboard.rules.asl_minefields.setup import AtCounterShown, RecordMines, seen_field
from mineboard.rules.asl_minefields.state import Minefield
from tests.conftest import play
from tests.test_asl_setup import ALLIES, AXIS, asl_game, asl_scenario, record
from tests.test_cli import run_cli


def axis_record(g: Game[Any]) -> Game[Any]:
    """The Axis record of the AM-01 test idea, and more: 6 A-P at A1, 8 A-P + 1 A-T at
    B2, 2 visible A-T on the paved road C4 (23 pool factors)."""
    play(g, "convert_to_at", side=AXIS, factors=9)
    record(g, "A1", ap=6)
    record(g, "B2", ap=8, at=1)
    record(g, "C4", at=2, visible=True)
    return g


def seen(g: Game[Any], side: str | None) -> dict[str, Any]:
    return RULESET.summary(RULESET.view(g.state, side))


# ---- AM-01, AM-03, AM-76: the other side's view before play --------------------------------
def test_am01_the_attacker_sees_the_visible_counter_and_nothing_else():
    g = axis_record(asl_game(sides=[{"name": AXIS, "pool": 30}, {"name": ALLIES}]))
    play(g, "end_phase")
    allies = seen(g, ALLIES)
    assert allies["minefields"][AXIS] == {"C4": {"ap": 0, "at": None, "visible": True,
                                                 "at_known": True}}
    assert allies["pools"][AXIS] == {"total": 30, "recorded": True}
    assert seen(g, None)["minefields"][AXIS] == allies["minefields"][AXIS]
    assert seen(g, None)["pools"][AXIS] == {"total": 30, "recorded": True}


def test_am03_the_owner_sees_its_whole_record():
    g = axis_record(asl_game(sides=[{"name": AXIS, "pool": 30}, {"name": ALLIES}]))
    axis = seen(g, AXIS)
    assert axis["minefields"][AXIS] == {
        "A1": {"ap": 6, "at": 0}, "B2": {"ap": 8, "at": 1},
        "C4": {"ap": 0, "at": 2, "visible": True, "at_known": True}}
    assert axis["pools"][AXIS] == {"total": 30, "recorded": False, "at_bought": 3,
                                   "booby": {}, "spent": 23, "left": 7, "at_unrecorded": 0}


def test_am76_the_view_does_not_change_with_the_split_of_the_pool():
    """Two records spending the pool otherwise look the same to the other side."""
    one = asl_game()
    record(one, "A1", ap=12)
    other = asl_game()
    play(other, "convert_to_at", side=AXIS, factors=3)
    play(other, "buy_booby_traps", side=AXIS, board="asl-demo-board", level="C")
    for g in (one, other):
        play(g, "end_phase")
    assert RULESET.view(one.state, ALLIES) == RULESET.view(other.state, ALLIES)
    assert RULESET.view(one.state, AXIS) != RULESET.view(other.state, AXIS)


def test_am03_the_other_side_reads_nothing_of_a_hidden_record_in_its_log():
    g = axis_record(asl_game(sides=[{"name": AXIS, "pool": 30}, {"name": ALLIES}]))
    play(g, "end_phase")
    lines = [e.text for e in g.observe(ALLIES).events()]
    assert not any("A1" in line or "B2" in line or "factor" in line.replace(
        "its factors stay secret", "") for line in lines), lines
    assert any("A-T Mine counter at hex C4" in line for line in lines)
    assert any("has recorded its minefields" in line for line in lines)


def test_am03_every_record_is_sealed_in_a_save_and_the_counter_stands_in():
    g = axis_record(asl_game())
    secret = [r for r in g.records if r.secret_to == AXIS]
    assert len(secret) == len(g.records) == 4
    stand_ins = [RULESET.stand_in(r.action) for r in g.records]
    assert stand_ins == [None, None, None, AtCounterShown(AXIS, 1, ("C4",))]
    assert RULESET.stand_in(stand_ins[-1]) == stand_ins[-1]  # a fixed point


def test_am01_the_counter_stand_in_is_never_an_order():
    g = asl_game()
    with pytest.raises(IllegalAction) as info:
        g.play(AtCounterShown(AXIS, 1, ("C4",)), by=AXIS)
    assert info.value.clause == "TURN"
    assert isinstance(AtCounterShown(AXIS, 1, ("C4",)), PlacedSomewhere)


def test_am01_the_stand_in_world_looks_to_the_other_side_as_the_truth():
    truth = axis_record(asl_game())
    world = asl_game()
    for r in truth.records:
        stand = RULESET.stand_in(r.action)
        if stand is not None:
            world.play(stand, [], checked=False)
    for g in (truth, world):
        play(g, "end_phase")
    assert RULESET.view(world.state, ALLIES) == RULESET.view(truth.state, ALLIES)
    assert RULESET.view(world.state, None) == RULESET.view(truth.state, None)
    assert RULESET.invariants(world.state) == []


def test_am76_the_stand_in_is_judged_without_the_pool():
    """The other side's program checks the counter on what it may know: whose Setup, the
    hex — not the pool, which it may not see."""
    g = asl_game()
    RULESET.check(g.state, AtCounterShown(AXIS, 1, ("C4",)))  # no A-T bought: still judged legal
    with pytest.raises(IllegalAction) as info:
        RULESET.check(g.state, AtCounterShown(AXIS, 1, ("A1",)))
    assert info.value.clause == "AM-33"


# ---- AM-05, AM-06, AM-68: what play reveals -----------------------------------------------------
@pytest.mark.parametrize("flags, expected", [
    ({}, None),
    ({"ap_known": True}, {"ap": None, "at": 0, "ap_known": True}),
    ({"ap_known": True, "ap_strength_known": True},
     {"ap": 12, "at": 0, "ap_known": True, "ap_strength_known": True}),
    ({"at_known": True}, {"ap": 0, "at": None, "at_known": True}),
    ({"ap_known": True, "at_known": True, "at_strength_known": True},
     {"ap": None, "at": 3, "ap_known": True, "at_known": True, "at_strength_known": True}),
])
def test_am05_am06_revealed_type_shows_strength_only_once_known(flags, expected):
    g = asl_game()
    g.state.minefields[AXIS]["A1"] = Minefield("A1", AXIS, ap=12, at=3, **flags)
    assert seen(g, ALLIES)["minefields"][AXIS].get("A1") == expected
    assert seen(g, AXIS)["minefields"][AXIS]["A1"]["ap"] == 12


def test_am68_a_visible_counter_keeps_its_factors_secret_until_an_effect():
    counter = Minefield("C4", AXIS, at=4, visible=True, at_known=True)
    assert seen_field(counter) == Minefield("C4", AXIS, at=None, visible=True, at_known=True)
    counter.at_strength_known = True
    assert seen_field(counter).at == 4


def test_am76_another_sides_orders_and_booby_boards_are_hidden():
    g = asl_game(sides=[{"name": AXIS, "pool": 24, "setup_boards": ["asl-demo-board"]},
                        {"name": ALLIES, "pool": 12}])
    play(g, "buy_booby_traps", side=AXIS, board="asl-demo-board", level="C")
    view = RULESET.view(g.state, ALLIES)
    assert view.pools[AXIS].booby == {} and view.pools[AXIS].hidden
    assert not RULESET.view(g.state, AXIS).pools[AXIS].hidden


# ---- the kit ------------------------------------------------------------------------------
def kit_game() -> Game[Any]:
    g = load_scenario(resolve_scenario(conformance.KIT.scenario)).new_game(5)
    axis_record(g)
    play(g, "end_phase")
    record(g, "E2", ap=6, side=ALLIES)
    return g


def test_the_kit_scramble_changes_only_what_the_side_may_not_see():
    g = kit_game()
    rng = random.Random(3)
    for side, owner in ((ALLIES, AXIS), (AXIS, ALLIES)):
        other = conformance.scramble(g.state, side, rng)
        assert RULESET.view(other, side) == RULESET.view(g.state, side)
        assert RULESET.view(other, owner) != RULESET.view(g.state, owner)


def test_the_kit_twins_look_alike_to_the_other_side():
    g = kit_game()
    before = copy.deepcopy(g.state)
    action = RecordMines(ALLIES, "E3", ap=8)
    views = []
    for choice in [action, *conformance.twins(g.observe(ALLIES).view, action)]:
        trial = Game(RULESET, copy.deepcopy(before), 1)
        try:
            trial.play(choice, by=ALLIES)
        except IllegalAction:
            continue
        views.append(RULESET.view(trial.state, AXIS))
    assert len(views) > 3 and all(v == views[0] for v in views)


# ---- by email ----------------------------------------------------------------------------
def test_am03_by_email_the_record_travels_sealed_and_each_world_is_true(tmp_path, private_data_dir):
    sc = scenario_from_data(asl_scenario(), "asl pbem", maps_dir() / "scenarios")
    pbem.send(pbem.start(sc, AXIS, "a"), tmp_path / "t0.json")
    pbem.send(pbem.join(pbem.read_turn(tmp_path / "t0.json"), "b"), tmp_path / "t1.json")
    axis = pbem.receive_file(tmp_path / "t1.json", "a")
    codec = RULESET.codec
    for order in ({"kind": "convert_to_at", "side": AXIS, "factors": 6},
                  {"kind": "record_mines", "side": AXIS, "hex": "A1", "ap": 8},
                  {"kind": "record_mines", "side": AXIS, "hex": "C4", "at": 2,
                   "visible": True},
                  {"kind": "end_phase"}):
        axis.play(codec.parse(order))
    pbem.send(axis, tmp_path / "t2.json")
    text = (tmp_path / "t2.json").read_text()
    assert "record_mines" not in text and "convert_to_at" not in text
    assert json.loads(text)  # a turn file
    assert "at_counter_shown" in text  # the counter's stand-in, in plain
    allies = pbem.receive_file(tmp_path / "t2.json", "b")
    truth = allies.ledger().world({**axis.mine}).state
    mine = allies.world().state
    assert RULESET.view(mine, ALLIES) == RULESET.view(truth, ALLIES)
    view = RULESET.view(mine, ALLIES)
    assert set(view.minefields[AXIS]) == {"C4"} and view.minefields[AXIS]["C4"].at is None
    assert view.pools[AXIS].hidden and view.pools[AXIS].recorded


def test_am03_the_next_side_may_not_undo_into_the_record():
    """Secrets kept: ending the record hands the move over, a commit point — the Allies
    cannot take it back to look at the Axis record; the Axis could undo its own records
    before."""
    g = asl_game()
    record(g, "A1", ap=8)
    assert g.can_undo()
    g.undo()
    record(g, "A1", ap=8)
    play(g, "end_phase")
    assert not g.can_undo()
    with pytest.raises(IllegalAction):
        g.undo()
    assert g.state.minefields[AXIS]["A1"].ap == 8


# ---- the whole record in one sealed order (AM-76) ---------------------------------------------
WHOLE = {"kind": "record_setup", "side": AXIS, "convert": 9,
         "booby": [{"board": "asl-demo-board", "level": "C"}],
         "fields": [{"hex": "A1", "ap": 6}, {"hex": "B2", "ap": 8, "at": 1},
                    {"hex": "C4", "at": 1, "visible": True},
                    {"hex": "D4", "at": 1, "visible": True}]}


def test_am76_a_whole_record_in_one_order_is_the_same_as_its_parts():
    whole = asl_game(sides=[{"name": AXIS, "pool": 40, "setup_boards": ["asl-demo-board"]},
                            {"name": ALLIES}])
    rec = whole.play(RULESET.codec.parse(WHOLE))
    assert rec.secret_to == AXIS and len(rec.events) == 1
    parts = asl_game(sides=[{"name": AXIS, "pool": 40, "setup_boards": ["asl-demo-board"]},
                            {"name": ALLIES}])
    play(parts, "convert_to_at", side=AXIS, factors=9)
    play(parts, "buy_booby_traps", side=AXIS, board="asl-demo-board", level="C")
    for f in WHOLE["fields"]:
        record(parts, **{k: v for k, v in f.items() if k != "hex"}, hex_id=f["hex"])
    assert whole.state == parts.state
    twin = rec.events[0].public_twin()
    assert twin is not None and twin.text == (
        "Axis shows A-T Mine counters at hex C4 and hex D4; their factors stay secret (AM-68)")
    stand = RULESET.stand_in(rec.action)
    assert stand == AtCounterShown(AXIS, 2, ("C4", "D4")) and RULESET.stand_in(stand) == stand
    world = asl_game(sides=[{"name": AXIS, "pool": 40, "setup_boards": ["asl-demo-board"]},
                            {"name": ALLIES}])
    world.play(stand, [], checked=False)
    assert RULESET.view(world.state, ALLIES) == RULESET.view(whole.state, ALLIES)
    assert [e.to_json() for e in world.observe(ALLIES).events()] == \
        [e.to_json() for e in whole.observe(ALLIES).events()]


@pytest.mark.parametrize("change, clause, words", [
    ({"convert": 4}, "AM-59", "convert: "),
    ({"fields": [{"hex": "A1", "ap": 12}, {"hex": "A2", "ap": 12}, {"hex": "A3", "ap": 12}]},
     "AM-02", "fields[1]: "),
    ({"fields": [{"hex": "B5", "ap": 6}]}, "AM-04", "fields[0]: "),
    ({"convert": 0, "fields": [{"hex": "A1", "at": 1}]}, "AM-25", "fields[0]: "),
    ({"convert": 0, "booby": [], "fields": []}, "AM-03", "a whole record"),
])
def test_am03_a_whole_record_is_refused_naming_its_part_and_clause(change, clause, words):
    g = asl_game(sides=[{"name": AXIS, "pool": 40, "setup_boards": ["asl-demo-board"]},
                        {"name": ALLIES}])
    before = copy.deepcopy(g.state)
    with pytest.raises(IllegalAction) as info:
        g.play(RULESET.codec.parse({**WHOLE, **change}))
    assert info.value.clause == clause and info.value.reason.startswith(words), info.value
    assert g.state == before


# ---- the command line ------------------------------------------------------------------------

def test_am07_run_refuses_a_bad_record_by_index_and_clause_and_keeps_nothing_of_it(capsys,
                                                                             tmp_path):
    scenario = tmp_path / "s.json"
    scenario.write_text(json.dumps(asl_scenario()))
    actions = tmp_path / "a.json"
    actions.write_text(json.dumps([
        {"kind": "record_mines", "side": AXIS, "hex": "A1", "ap": 8},
        {"kind": "record_mines", "side": AXIS, "hex": "A2", "ap": 10}]))
    code, out, err = run_cli(capsys, "run", str(scenario), "--actions", str(actions), "--json")
    assert code == 1 and "action 1 (record_mines) refused" in err and "[AM-07]" in err
    state = json.loads(out)["state"]
    assert state["minefields"][AXIS] == {"A1": {"ap": 8, "at": 0}}
    assert state["pools"][AXIS]["left"] == 16


def test_am76_run_for_the_allies_prints_nothing_of_the_axis_record(capsys, tmp_path):
    scenario = tmp_path / "s.json"
    scenario.write_text(json.dumps(asl_scenario()))
    actions = tmp_path / "a.json"
    actions.write_text(json.dumps([
        {"kind": "convert_to_at", "side": AXIS, "factors": 3},
        {"kind": "record_mines", "side": AXIS, "hex": "A1", "ap": 8},
        {"kind": "record_mines", "side": AXIS, "hex": "C4", "at": 1, "visible": True},
        {"kind": "end_phase"}]))
    code, out, _ = run_cli(capsys, "run", str(scenario), "--actions", str(actions), "--json",
                        "--side", ALLIES)
    assert code == 0
    report = json.loads(out)
    assert report["state"]["minefields"][AXIS] == {
        "C4": {"ap": 0, "at": None, "visible": True, "at_known": True}}
    assert report["state"]["pools"][AXIS] == {"total": 24, "recorded": True}
    assert "A1" not in out and "convert" not in json.dumps(report.get("events", ""))
