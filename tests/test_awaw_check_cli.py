"""``mineboard check awaw-naval route …``: a route's length, port touches, legal (exit 0)
or refused with its clause (exit 1); bad input one line naming the field (exit 2)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from mineboard.cli import main

SCENARIO = {
    "mineboard_scenario": 1, "ruleset": "awaw-naval", "map": "awaw-demo-sea",
    "title": "check", "nations": ["Britain", "Germany"],
    "control": {"Britain": ["0501", "0612", "1112", "2312"], "Germany": ["2008", "3012"]},
    "ships": [{"id": "hood", "nation": "Britain", "type": "battlecruiser", "factors": 3,
               "base": "portlow"}]}


@pytest.fixture
def scenario(tmp_path: Path) -> str:
    path = tmp_path / "check.json"
    path.write_text(json.dumps(SCENARIO), encoding="utf-8")
    return str(path)


def check(scenario: str, *more: str) -> list[str]:
    return ["check", "awaw-naval", "route", scenario, *more]


def test_legal_route_exit_0_with_length_and_port_touch(scenario, capsys):
    code = main(check(scenario, "--activity", "patrol", "--from", "portlow", "--to",
                      "saltby"))
    out = capsys.readouterr().out.splitlines()
    assert code == 0
    assert out == ["Britain, patrol: To Saltby: 6 hexes (of 40) · port touched at Saltby "
                   "(hex 1112)", "legal"]


def test_refused_route_exit_1_names_the_clause(scenario, capsys):
    code = main(check(scenario, "--activity", "base_change", "--from", "portlow", "--to",
                      "tarn"))
    out = capsys.readouterr().out.splitlines()
    assert code == 1
    assert out[1] == ("refused — AW-30: Narrow Sound is closed to the Allies: Sundport "
                      "(hex 2008) was not held by the Allies when the phase began")


def test_json_report(scenario, capsys):
    code = main(check(scenario, "--activity", "base_change", "--from", "Portlow", "--to",
                      "Tarn", "--json"))
    report = json.loads(capsys.readouterr().out)
    assert code == 1
    assert report["legal"] is False and report["length"] == 22
    assert report["stop"] == {"index": 17, "clause": "AW-30", "at": "2107",
                              "reason": "Narrow Sound is closed to the Allies: Sundport "
                                        "(hex 2008) was not held by the Allies when the "
                                        "phase began"}


def test_traced_route_across_the_river_is_refused_aw40(scenario, capsys):
    code = main(check(scenario, "--activity", "base_change", "--from", "tarn", "--route",
                      "2411,2511,2611,2612,2712", "--json"))
    report = json.loads(capsys.readouterr().out)
    assert code == 1 and report["stop"]["clause"] == "AW-40" and report["stop"]["at"] == "2712"


def test_traced_route_off_the_north_edge_is_refused_aw46(scenario, capsys):
    code = main(check(scenario, "--activity", "base_change", "--from", "westhaven",
                      "--nation", "Britain", "--route", "0502,0402,0302,0301,0300"))
    out = capsys.readouterr().out.splitlines()
    assert code == 1 and out[1].startswith("refused — AW-46: hex 0300 lies beyond the north")


@pytest.mark.parametrize(("more", "field"), [
    (["--from", "atlantis", "--to", "tarn"], "--from: 'atlantis' is not a port"),
    (["--from", "portlow", "--to", "atlantis"], "--to: 'atlantis' is not a port"),
    (["--from", "portlow", "--route", "0611,0711,0911"],
     "--route: hex 0911 is not next to hex 0711"),
    (["--from", "portlow", "--route", "0611,0511,0512"],
     "--route: hex 0512 is reached only over land"),
    (["--from", "portlow", "--route", "0611,0609"], "--route: hex 0609 is not next to"),
    (["--from", "orme", "--to", "tarn", "--nation", "Italy"], "--nation: 'Italy' is not a "),
])
def test_bad_input_is_one_line_exit_2(scenario, capsys, more, field):
    code = main(check(scenario, "--activity", "base_change", *more))
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and len(err) == 1 and field in err[0]


def test_unknown_activity_exit_2(scenario, capsys):
    code = main(check(scenario, "--activity", "sightseeing", "--from", "portlow", "--to",
                      "tarn"))
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and len(err) == 1 and "activity: 'sightseeing' is not a naval" in err[0]


def test_a_scenario_of_another_ruleset_is_bad_input(capsys):
    code = main(["check", "awaw-naval", "route", "northsea-1940", "--activity", "patrol",
                 "--from", "x", "--to", "y"])
    err = capsys.readouterr().err
    assert code == 2 and "not awaw-naval" in err


def test_to_and_route_are_exclusive_and_one_is_needed(scenario, capsys):
    with pytest.raises(SystemExit) as both:
        main(check(scenario, "--activity", "patrol", "--from", "portlow", "--to", "tarn",
                   "--route", "0611"))
    assert both.value.code == 2
    with pytest.raises(SystemExit) as neither:
        main(check(scenario, "--activity", "patrol", "--from", "portlow"))
    assert neither.value.code == 2


def test_check_loads_no_qt_and_only_the_named_rulesets_table():
    code = ("import sys; from mineboard.cli import build_parser; "
            "build_parser(['check', 'awaw-naval', 'route']); "
            "print(sorted(m for m in sys.modules if 'PySide6' in m or "
            "m.startswith('mineboard.rules.') and m.endswith('cli_checks')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=Path(__file__).resolve().parent.parent).stdout
    assert out.strip() == "['mineboard.rules.awaw_naval.cli_checks']"
    other = ("import sys; from mineboard.cli import build_parser; build_parser(['run']); "
             "print([m for m in sys.modules if m.endswith('cli_checks')])")
    out = subprocess.run([sys.executable, "-c", other], capture_output=True, text=True,
                         check=True, cwd=Path(__file__).resolve().parent.parent).stdout
    assert out.strip() == "[]"


def test_a_ruleset_without_checks_has_none(capsys):
    from mineboard.cli.check import checks_of

    assert checks_of("naval-lines") == {}
    assert set(checks_of("awaw-naval")) == {"route", "escort", "transport", "bombard", "invade",
                                            "harbor"}
    with pytest.raises(SystemExit) as done:
        main(["check", "naval-lines", "route"])
    assert done.value.code == 2


def test_pacific_strike_and_exemption(tmp_path, capsys):
    path = tmp_path / "pacific.json"
    path.write_text(json.dumps({
        "mineboard_scenario": 1, "ruleset": "awaw-naval", "map": "awaw-demo-pacific",
        "title": "strike", "nations": ["USA", "Japan"],
        "control": {"Japan": ["0414"], "USA": ["3424", "2702"]}}), encoding="utf-8")
    base = ["check", "awaw-naval", "route", str(path), "--from", "yokosuka", "--to", "3423",
            "--activity", "patrol", "--nation", "Japan", "--json"]
    assert main(base) == 1
    assert json.loads(capsys.readouterr().out)["stop"]["clause"] == "AW-82"
    assert main([*base, "--strike"]) == 0
    assert json.loads(capsys.readouterr().out)["length"] == 30
    assert main(["check", "awaw-naval", "route", str(path), "--from", "Pearl Harbor", "--to",
                 "Dutch Harbor", "--activity", "naval_redeployment"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == \
        "USA, naval_redeployment: To Dutch Harbor: 26 hexes"
