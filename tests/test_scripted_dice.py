"""``run --dice``: a game rolls exactly the dice given, in order — for demos, for teaching and
for reproducing a reported game — and says so, as it says a given seed."""

from __future__ import annotations

import json

import pytest

from mineboard.core.dice import DiceExhausted, ScriptedRolls
from mineboard.core.errors import BadInput
from mineboard.core.table import Table
from mineboard.persistence.saves import load_save
from mineboard.resources import assets_dir
from tests.test_cli import run_cli

DEMO = assets_dir() / "rules" / "naval-lines" / "demos" / "nl-15-two-destroyers-ten-mines.json"
CROSS = [{"kind": "move", "units": ["uk-destroyer-1", "uk-destroyer-2"], "path": ["110", "112"]}]


@pytest.fixture
def crossing(tmp_path):
    """Two Destroyers about to cross ten German mines (seed example 2), and the move."""
    scenario = tmp_path / "crossing.json"
    scenario.write_text(json.dumps(json.loads(DEMO.read_text())["scenario"]))
    actions = tmp_path / "actions.json"
    actions.write_text(json.dumps(CROSS))
    return str(scenario), str(actions)


def test_nl15_scripted_dice_are_rolled_exactly_in_order(crossing, capsys):
    scenario, actions = crossing
    code, out, err = run_cli(capsys, "run", scenario, "--actions", actions, "--dice", "4,1,6,2",
                             "--json")
    report = json.loads(out)
    rolled = [e["data"]["value"] for e in report["events"] if e["kind"] == "MineRolled"]
    assert (code, err, rolled) == (0, "", [4, 1, 6, 2])
    assert report["dice"]["script"] == [4, 1, 6, 2] and report["dice"]["unused"] == []
    assert report["state"]["minefields"][0]["count"] == 8
    assert report["table"] == {"open": False, "seed_given": False, "dice_script": [4, 1, 6, 2]}


def test_too_few_dice_name_the_roll_that_had_none(crossing, capsys):
    scenario, actions = crossing
    code, out, err = run_cli(capsys, "run", scenario, "--actions", actions, "--dice", "4,3")
    assert code == 2
    assert err == ("mineboard: action 0 (move): roll 3 of the game (NL-15: Germany mine 3 of "
                   "10 on 110|112) has no die: only 2 were scripted; nothing of it was "
                   "applied\n")
    assert "units" in out  # the state before the action is still reported


def test_too_many_dice_are_said_after_the_run(crossing, capsys):
    scenario, actions = crossing
    code, out, err = run_cli(capsys, "run", scenario, "--actions", actions, "--dice",
                             "1,2,5,6")
    assert code == 0
    assert err == "mineboard: 2 of the --dice were not rolled: 5, 6\n"
    assert out.startswith("naval-lines · scripted dice (2 of 4 rolled) · turn 1")


def test_a_scripted_game_is_marked_predictable_and_its_save_replays(crossing, capsys,
                                                                     tmp_path):
    scenario, actions = crossing
    save = tmp_path / "game.json"
    code, _, _ = run_cli(capsys, "run", scenario, "--actions", actions, "--dice", "2,2",
                         "--save", str(save))
    assert code == 0
    loaded = load_save(save)
    assert loaded.game.table.dice_script == (2, 2) and loaded.game.table.predictable
    assert "scripted dice: predictable" in loaded.game.table.badge(False)
    assert [r.value for r in loaded.game.records[0].rolls] == [2, 2]
    # a save whose script was changed no longer gives its recorded rolls: refused
    doc = json.loads(save.read_text())
    doc["table"]["dice_script"] = [1, 2]
    save.write_text(json.dumps(doc))
    with pytest.raises(BadInput, match="recorded rolls"):
        load_save(save)


def test_scripted_rolls_follow_the_game_roll_number_so_undo_rolls_the_same():
    dice = ScriptedRolls((5, 3, 1), start=1)
    assert [dice.roll("NL-15", "a"), dice.roll("NL-15", "b")] == [3, 1]
    with pytest.raises(DiceExhausted, match="roll 4 of the game"):
        dice.roll("NL-15", "c")
    with pytest.raises(DiceExhausted, match="scripted roll 1 is 5, but IM-18"):
        ScriptedRolls((5,)).roll("IM-18", "check", sides=4)


@pytest.mark.parametrize("table, problem", [
    ({"dice_script": [1, 0]}, "die 2 ('0') is not a whole number from 1 to 100"),
    ({"dice_script": "1,2"}, "must be a list of at most 10000 die values"),
    ({"dice_script": [True]}, "die 1 ('True') is not a whole number"),
])
def test_a_bad_script_in_a_file_is_one_line(table, problem):
    with pytest.raises(BadInput, match=problem.replace("(", r"\(").replace(")", r"\)")):
        Table.from_json(table, "save.json")


def test_the_dice_option_refuses_what_is_not_die_values(crossing, capsys):
    scenario, actions = crossing
    code, _, err = run_cli(capsys, "run", scenario, "--actions", actions, "--dice", "1,,2")
    assert code == 2 and "is not die values separated by commas" in err
