"""``mineboard check awaw-naval transport …`` and ``… escort …``: the arithmetic step by step
with its clauses, legal (exit 0) or refused with its clause (exit 1); bad input one line
naming the field (exit 2)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mineboard.cli import main

SCENARIO = {
    "mineboard_scenario": 1, "ruleset": "awaw-naval", "map": "awaw-demo-sea",
    "title": "check", "nations": ["Britain", "Germany"],
    "control": {"Britain": ["0501", "0612", "0801", "1201", "2008", "3305", "3306", "3307"]},
    "ships": []}


@pytest.fixture
def scenario(tmp_path: Path) -> str:
    path = tmp_path / "check.json"
    path.write_text(json.dumps(SCENARIO), encoding="utf-8")
    return str(path)


def test_aw125_transport_seven_factors_from_the_box_prints_each_step(scenario, capsys):
    code = main(["check", "awaw-naval", "transport", scenario, "--factors", "7", "--from",
                 "atlantic-us", "--to", "orme"])
    assert code == 0
    assert capsys.readouterr().out.splitlines() == [
        "AW-124: 7 ground or air factors × 2 destroyer factors (it starts in the Atlantic "
        "U.S. box) = 14 destroyer factors",
        "AW-125: 7 factors ÷ 5, rounded up (AW-238) = 2 transports of the Atlantic SW box "
        "(across the Atlantic)",
        "legal"]


def test_aw124_transport_too_few_destroyers_exit_1(scenario, capsys):
    code = main(["check", "awaw-naval", "transport", scenario, "--factors", "6", "--from",
                 "atlantic-us", "--to", "orme", "--destroyers", "6"])
    assert code == 1
    assert capsys.readouterr().out.splitlines()[-1] == \
        "refused — AW-124: 6 destroyer factors at hand, 12 needed"


def test_aw123_transport_off_the_links_exit_1_json(scenario, capsys):
    code = main(["check", "awaw-naval", "transport", scenario, "--factors", "2", "--from",
                 "atlantic-us", "--to", "calder", "--json"])
    assert code == 1
    out = json.loads(capsys.readouterr().out)
    assert out["refused"]["clause"] == "AW-123" and out["legal"] is False


def test_aw211_escort_we09_on_the_demo_sea(scenario, capsys):
    code = main(["check", "awaw-naval", "escort", scenario, "--nation", "Britain", "--from",
                 "atlantic-us", "--leg", "sundport:transports:1", "--leg",
                 "canalmouth:destroyers:3:sundport", "--leg", "south-africa:transports:1",
                 "--factors", "3", "--json"])
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert out["steps"][0] == ("leg 1: Atlantic U.S. box → Sundport by transports: "
                               "1 transport of the Atlantic SW box")
    assert out["steps"][2] == ("leg 2: Sundport → Canalmouth by destroyers: 3 destroyer "
                               "factors based at Sundport")


def test_aw210_escort_transports_port_to_port_exit_1(scenario, capsys):
    code = main(["check", "awaw-naval", "escort", scenario, "--nation", "Britain", "--from",
                 "orme", "--leg", "skarth:transports:1", "--factors", "3"])
    assert code == 1
    assert capsys.readouterr().out.splitlines()[-1].startswith("refused — AW-210: leg 1")


def test_escort_bad_leg_is_one_line_naming_the_field(scenario, capsys):
    code = main(["check", "awaw-naval", "escort", scenario, "--nation", "Britain", "--from",
                 "orme", "--leg", "skarth:boats:1", "--factors", "3"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "--leg" in err


def test_transport_unknown_place_is_bad_input(scenario, capsys):
    code = main(["check", "awaw-naval", "transport", scenario, "--factors", "2", "--from",
                 "atlantis", "--to", "orme"])
    err = capsys.readouterr().err
    assert code == 2 and "--from" in err
