"""``mineboard check awaw-naval bombard|invade …``: shore bombardment's and an invasion's
arithmetic step by step with clauses; exit 0 legal, 1 refused with the clause, 2 bad input
in one line naming the field; ``--json``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mineboard.cli import main

SCENARIO = {
    "mineboard_scenario": 1, "ruleset": "awaw-naval", "map": "awaw-demo-sea",
    "title": "bombard check", "nations": ["Britain", "Germany", "Free France"],
    "side": "Allies", "phase": "combat", "beaches": ["2712"],
    "control": {"Britain": ["2312", "2008"], "Germany": ["3012"]},
    "ships": [
        {"id": "ff", "nation": "Free France", "type": "destroyer", "factors": 10,
         "base": "tarn", "tf": "a"},
        {"id": "br", "nation": "Britain", "type": "destroyer", "factors": 9, "base": "tarn",
         "tf": "b"},
        {"id": "ca", "nation": "Britain", "type": "cruiser", "factors": 2, "base": "tarn",
         "tf": "b"},
        {"id": "bdd", "nation": "Britain", "type": "destroyer", "factors": 36, "base": "tarn",
         "tf": "c"},
        {"id": "dd", "nation": "Britain", "type": "destroyer", "factors": 12, "base": "tarn",
         "tf": "d"}]}


@pytest.fixture
def scenario(tmp_path: Path) -> str:
    path = tmp_path / "bombard.json"
    path.write_text(json.dumps(SCENARIO), encoding="utf-8")
    return str(path)


def bombard(scenario: str, *more: str) -> list[str]:
    return ["check", "awaw-naval", "bombard", scenario, *more]


def test_we05_free_french_then_british_each_step_with_its_clause(scenario, capsys):
    code = main(bombard(scenario, "--ground", "3", "--ships", "ff,br"))
    out = capsys.readouterr().out.splitlines()
    assert code == 0
    assert out == [
        "AW-154: ground factors in the invasion attack: 3; bombardment may add at most "
        "3 × 3 = 9",
        "AW-159: DRM 1 (Free France 10): 10 naval factors ÷ 3 = 3 combat factors, 1 left over",
        "AW-161: DRM 1 cap 1 × 3 = 3 → room 3: adds 3 (9 naval factors count)",
        "AW-159: DRM 2 (Britain 9): 9 naval factors ÷ 3 = 3 combat factors",
        "AW-161: DRM 2 cap 2 × 3 = 6 less 3 already added → room 3: adds 3 (9 naval factors "
        "count)",
        "AW-161: bombardment adds 6 combat factors",
        "legal"]


def test_aw163_losses_and_the_next_round_as_json(scenario, capsys):
    code = main(bombard(scenario, "--ground", "6", "--ships", "bdd", "--losses", "bdd:3",
                        "--json"))
    report = json.loads(capsys.readouterr().out)
    assert code == 0
    assert (report["added"], report["next_round"]) == (12, 27)
    assert report["verdict"] == "legal"
    assert [x["clause"] for x in report["lines"]][-3:] == ["AW-163", "AW-240", "AW-163"]


def test_aw165_a_cruiser_with_one_loss_is_refused_exit_1(scenario, capsys):
    code = main(bombard(scenario, "--ground", "3", "--ships", "br,ca", "--losses", "ca:1"))
    out = capsys.readouterr().out.splitlines()
    assert code == 1
    assert out[-1] == ("refused — AW-165: ca is a cruiser: losses go on it only 2 at a time, "
                       "sinking it, not 1")


def test_aw167_fleet_losses_over_what_bombardment_added_exit_1(scenario, capsys):
    code = main(bombard(scenario, "--ground", "6", "--ships", "bdd", "--losses", "bdd:13"))
    assert code == 1
    assert capsys.readouterr().out.splitlines()[-1] == (
        "refused — AW-167: 13 loss factors on bombarding fleets exceed the 12 combat factors "
        "the bombardment added")


def test_a_group_by_nation_without_ships(scenario, capsys):
    code = main(bombard(scenario, "--ground", "4", "--group", "Free France:15"))
    out = capsys.readouterr().out.splitlines()
    assert code == 0 and out[-2] == "AW-160: bombardment adds 4 combat factors"


@pytest.mark.parametrize("more, field", [
    (["--ground", "3", "--ships", "nope"], "--ships"),
    (["--ground", "3", "--group", "Atlantis:3"], "--group"),
    (["--ground", "3", "--group", "Britain"], "--group"),
    (["--ground", "0", "--ships", "br"], "--ground"),
    (["--ground", "3", "--ships", "br", "--losses", "ff:1"], "--losses"),
])
def test_bad_input_is_one_line_naming_the_field_exit_2(scenario, capsys, more, field):
    code = main(bombard(scenario, *more))
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and field in err


def invade(scenario: str, *more: str) -> list[str]:
    return ["check", "awaw-naval", "invade", scenario, *more]


def test_aw143_invade_check_prints_its_steps(scenario, capsys):
    code = main(invade(scenario, "--ships", "dd", "--target", "2712", "--unit", "a:3:tarn",
                       "--unit", "b:3:tarn", "--occupied"))
    out = capsys.readouterr().out.splitlines()
    assert code == 0
    assert "AW-143: 6 embarked ground factors × 2 destroyer factors (occupied hex) = 12" in out
    assert out[-1] == "legal"


def test_aw151_invade_check_refuses_a_non_beach_exit_1(scenario, capsys):
    code = main(invade(scenario, "--ships", "dd", "--target", "2612", "--unit", "a:3:tarn",
                       "--json"))
    report = json.loads(capsys.readouterr().out)
    assert code == 1 and report["legal"] is False
    assert report["verdict"].startswith("refused — AW-151")
    assert report["lines"][0]["clause"] == "AW-153"


def test_invade_bad_unit_exit_2(scenario, capsys):
    code = main(invade(scenario, "--ships", "dd", "--target", "2712", "--unit", "a:x:tarn"))
    err = capsys.readouterr().err
    assert code == 2 and "--unit" in err
