"""The command line: exact outputs, exit codes, one-line errors, no Qt on headless paths."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from mineboard.cli import main
from mineboard.core.registry import odds_query, ruleset_ids
from mineboard.resources import maps_dir


def run_cli(capsys, *args: str) -> tuple[int, str, str]:
    try:
        code = main(list(args))
    except SystemExit as exc:  # argparse
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_odds_json_example2(capsys):
    code, out, _ = run_cli(capsys, "odds", "naval-lines", "--mines", "10", "--ships", "2",
                           "--json")
    assert code == 0
    assert json.loads(out) == {"ruleset": "naval-lines",
                               "distribution": {"0": "1024/59049", "1": "5120/59049",
                                                "2": "17635/19683"},
                               "expected": "110930/59049"}


def test_odds_allied_and_sweepers(capsys):
    code, out, _ = run_cli(capsys, "odds", "naval-lines", "--mines", "5", "--ships", "2",
                           "--allied", "--json")
    assert code == 0
    assert json.loads(out)["distribution"]["0"] == "3125/7776"
    _code, out, _ = run_cli(capsys, "odds", "naval-lines", "--mines", "1", "--ships", "1",
                           "--sweepers", "1", "--json")
    # The mine survives the sweep with 5/6, then detonates with 1/3: 5/18.
    assert json.loads(out)["distribution"] == {"0": "13/18", "1": "5/18"}


@pytest.mark.parametrize("args, fragment", [
    (["odds", "naval-lines", "--mines", "x", "--ships", "2"], "'x' is not a whole number"),
    (["odds", "naval-lines", "--mines", "3", "--ships", "1", "--sweepers", "2"],
     "2 sweepers but only 1 ship"),
    (["odds", "naval-lines", "--mines", "3", "--ships", "2", "--allied", "--sweepers", "1"],
     "NL-22"),
    (["odds", "chess"], "invalid choice"),
    (["run", "no-such-scenario", "--actions", "a.json"], "no such file or bundled scenario"),
    (["validate", "/nonexistent/map.geojson"], "no such file"),
    # A review's commands: every limit of an odds query is one line, exit 2.
    (["odds", "naval-lines", "--mines", "100000", "--ships", "100000"],
     "--mines: 100000 is not from 0 to 1000"),
    (["odds", "naval-lines", "--mines", "10000", "--ships", "2"], "is not from 0 to 1000"),
    (["odds", "imperium-mines", "--mine-points", "100000"], "is not from 0 to 99"),
    (["odds", "gwas-tactical", "--mine-counters", "100000"], "is not from 0 to 999"),
    (["play", "/tmp"], "/tmp: is a folder, not a file"),
    (["play", "/proc/self/mem"], "/proc/self/mem: cannot be read"),
    (["screenshot", "--out", "/tmp", "northsea-1940"], "the screenshot is written as PNG"),
])
def test_bad_arguments_exit_2_with_one_line(capsys, args, fragment):
    code, _out, err = run_cli(capsys, *args)
    assert code == 2
    assert fragment in err and err.count("\n") == 1 and "Traceback" not in err


def write(tmp_path: Path, name: str, data) -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return path


def test_run_scripted_game_example1(capsys, tmp_path):
    actions = write(tmp_path, "a.json", [
        {"kind": "end_phase"}, {"kind": "end_phase"}, {"kind": "end_phase"},
        {"kind": "load_mines", "unit": "ger-escort-1", "count": 3},
        {"kind": "move", "units": ["ger-escort-1"], "path": ["113", "112"]},
        {"kind": "lay_mines", "unit": "ger-escort-1", "line": "110|112"}])
    code, out, _ = run_cli(capsys, "run", "northsea-1940", "--seed", "4", "--actions",
                           str(actions), "--json")
    assert code == 0
    report = json.loads(out)
    assert report["state"]["minefields"][-1] == {"line": "110|112", "owner": "Germany",
                                                 "zone": "112", "count": 3}
    assert report["events"][-1]["clause"] == "NL-07"


def test_run_stops_at_an_illegal_action_and_names_it(capsys, tmp_path):
    actions = write(tmp_path, "a.json", [
        {"kind": "buy_mines", "count": 2},
        {"kind": "buy_mines", "count": 9}])
    code, out, err = run_cli(capsys, "run", "northsea-1940", "--actions", str(actions),
                             "--json")
    assert code == 1
    assert "action 1 (buy_mines) refused" in err and "[NL-03]" in err
    assert json.loads(out)["state"]["pending_mines"] == {"Germany": 2}


def test_run_bad_action_file(capsys, tmp_path):
    actions = write(tmp_path, "a.json", [{"kind": "move", "units": "ger-escort-1"}])
    code, _, err = run_cli(capsys, "run", "northsea-1940", "--actions", str(actions))
    assert code == 2 and "action 0.units: must be a list" in err


def test_validate_map_scenario_save(capsys, tmp_path):
    code, out, _ = run_cli(capsys, "validate", str(maps_dir() / "northsea.geojson"))
    assert code == 0 and "area map 'northsea', 54 places, " in out
    code, out, _ = run_cli(capsys, "validate",
                           str(maps_dir() / "scenarios" / "northsea-1940.json"))
    assert code == 0 and "naval-lines scenario" in out
    save = tmp_path / "s.json"
    actions = write(tmp_path, "a.json", [{"kind": "buy_mines", "count": 2}])
    run_cli(capsys, "run", "northsea-1940", "--actions", str(actions), "--save", str(save))
    code, out, _ = run_cli(capsys, "validate", str(save))
    assert code == 0 and "1 action replayed" in out


def test_validate_reports_each_map_problem(capsys, tmp_path):
    bad = write(tmp_path, "m.geojson", {
        "type": "FeatureCollection", "mineboard": {"schema": 1, "id": "m", "kind": "area"},
        "features": [{"type": "Feature", "id": "1", "properties": {"kind": "sea_zone"},
                      "geometry": {"type": "Point", "coordinates": [0, 0]}},
                     {"type": "Feature", "id": "1", "properties": {"kind": "sea_zone"},
                      "geometry": None}]})
    code, _, err = run_cli(capsys, "validate", str(bad))
    assert code == 1
    assert err.splitlines() == [
        f"{bad}: feature 1: a sea_zone needs Polygon or MultiPolygon geometry, not Point",
        f"{bad}: feature 1: duplicate id"]


def test_rulesets(capsys, monkeypatch):
    from mineboard.cli import rulesets
    from mineboard.core.registry import registered

    code, out, _ = run_cli(capsys, "rulesets")
    assert code == 0
    listed = [line.split("\t") for line in out.splitlines()]
    assert listed == [[rid, r.clause_prefix, r.title] for rid, r in registered().items()]
    # Issue 24: the README spoke of five rule systems and this listed three; issue 28 made
    # the fifth playable, so none is still to come.
    assert [row[:2] for row in listed] == [
        ["asl-minefields", "AM"], ["awaw-naval", "AW"], ["gwas-tactical", "GT"],
        ["imperium-mines", "IM"], ["naval-lines", "NL"]]
    monkeypatch.setattr(rulesets, "STILL_TO_COME", ("awaw-naval", "fleet-ops"))
    code, out, _ = run_cli(capsys, "rulesets")
    assert out.splitlines()[-1] == "still to come: fleet-ops"


def test_odds_gwas_json_seed_example(capsys):
    code, out, _ = run_cli(capsys, "odds", "gwas-tactical", "--mine-counters", "2",
                           "--impulse", "5", "--json")
    assert code == 0
    report = json.loads(out)
    assert report["modifier"] == 3  # the catalogue's example: +1 extra mine, +2 impulse 5
    assert report["distribution"] == {"no effect": "1/6", "1 damage": "1/6",
                                      "2 damage": "1/6", "3 damage": "1/3", "sunk": "1/6"}
    code, _, err = run_cli(capsys, "odds", "gwas-tactical", "--mine-counters", "0",
                           "--impulse", "5")
    assert code == 2 and "GT-11" in err


def test_odds_imperium_json_seed_example(capsys):
    code, out, _ = run_cli(capsys, "odds", "imperium-mines", "--mine-points", "5", "--jump",
                           "3", "--sweepers", "2", "--json")
    assert code == 0
    report = json.loads(out)
    assert report["ruleset"] == "imperium-mines"
    assert report["afoul"] == "13/18"  # 2d6 + 5 + 1 − 2 ≥ 10 ⇔ 2d6 ≥ 6: 26/36
    assert report["hits_per_ship"]["0"] == "3125/7776" and len(report["hits_per_ship"]) == 6
    code, out, _ = run_cli(capsys, "odds", "imperium-mines", "--mine-points", "5", "--jump",
                           "3", "--json")
    assert json.loads(out)["afoul"] == "11/12"  # 2d6 ≥ 4: 33/36


HEAVY = ("PySide6", "shapely", "numpy", "networkx")


def odds_example(ruleset_id: str) -> list[str]:
    """An ``odds`` command for ``ruleset_id``: each required option at the low end of its
    range (at least 1)."""

    from mineboard.core.registry import odds_query
    from mineboard.core.schema import Range, json_fields

    query = odds_query(ruleset_id)
    assert query is not None
    import typing

    args = ["odds", ruleset_id]
    for f in json_fields(query):
        if f.name in getattr(query, "positional", ()):  # a word: its first choice
            args.append(typing.get_args(typing.get_args(f.hint)[0])[0])
        elif f.required:
            low = next((m.low for m in getattr(f.hint, "__metadata__", ())
                        if isinstance(m, Range)), None)
            args += ["--" + f.key.replace("_", "-"), str(max(int(low or 0), 1))]
    return args


def test_an_odds_example_is_built_from_the_query():
    assert odds_example("naval-lines") == ["odds", "naval-lines", "--mines", "1", "--ships", "1"]
    assert odds_example("imperium-mines") == ["odds", "imperium-mines", "--mine-points", "1"]


@pytest.mark.parametrize("command", [
    [],  # importing the command line alone
    *[odds_example(rid) for rid in ruleset_ids() if odds_query(rid) is not None],
    ["rulesets"],
], ids=lambda command: " ".join(command[:2]) or "import")
def test_headless_commands_load_neither_qt_nor_the_map_libraries(command):
    """Issue 11: ``mineboard odds`` took 367 ms, most of it importing shapely, numpy and
    networkx it never used. None of them, nor Qt, may load for these commands."""
    code = ("import sys; from mineboard.cli import main; "
            f"{command!r} and main({command!r}); "
            f"print(sorted(m for m in {HEAVY!r} if m in sys.modules))")
    run = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                         text=True)
    assert run.stdout.strip().splitlines()[-1] == "[]"


def test_run_works_for_the_other_rulesets(capsys, tmp_path):
    actions = write(tmp_path, "g.json", [
        {"kind": "end_phase"}, {"kind": "cross_boundary", "ships": ["Lion", "Tiger"]}])
    code, out, _ = run_cli(capsys, "run", "jutland-horns-reef", "--seed", "3", "--actions",
                           str(actions), "--json")
    assert code == 0
    report = json.loads(out)
    assert [e["clause"] for e in report["events"] if e["kind"] == "MinefieldRoll"] == [
        "GT-02", "GT-02"]
    actions = write(tmp_path, "i.json", [
        {"kind": "end_phase"}, {"kind": "end_phase"},
        {"kind": "jump", "fleets": ["IMP-1"], "path": ["halcyon", "lumen"]}])
    code, out, _ = run_cli(capsys, "run", "imperium-marches", "--actions", str(actions),
                           "--json", "--side", "Terran")
    assert code == 0
    events = json.loads(out)["events"]
    assert any(e["clause"] == "IM-16" for e in events)  # Lumen held only false counters
    assert json.loads(out)["state"]["minefields"]["garnet-gate"]["Imperial"] == ["?"] * 3


def test_run_side_takes_a_side_or_one_of_its_nations_and_refuses_anyone_else(capsys, tmp_path):
    actions = write(tmp_path, "a.json", [{"kind": "end_phase"}])
    code, out, _ = run_cli(capsys, "run", "northsea-1940-hidden", "--actions", str(actions),
                           "--json", "--side", "Germany")
    assert code == 0
    axis = json.loads(out)
    assert axis["state"]["minefields"] == []  # the British field on 91|92 is hidden
    code, out, _ = run_cli(capsys, "run", "northsea-1940-hidden", "--actions", str(actions),
                           "--json", "--side", "Allies")
    assert [f["line"] for f in json.loads(out)["state"]["minefields"]] == ["91|92"]
    code, _, err = run_cli(capsys, "run", "northsea-1940-hidden", "--actions", str(actions),
                           "--side", "Nobody")
    assert code == 2 and "no side or nation 'Nobody'" in err and err.count("\n") == 1


def test_run_for_another_side_does_not_tell_why_the_mover_was_refused(capsys, tmp_path):
    actions = write(tmp_path, "a.json", [
        {"kind": "end_phase"}, {"kind": "end_phase"}, {"kind": "end_phase"},
        {"kind": "load_mines", "unit": "ger-escort-1", "count": 3},
        {"kind": "load_mines", "unit": "ger-escort-2", "count": 3}])  # 3 stored, not 6
    code, _, err = run_cli(capsys, "run", "northsea-1940-hidden", "--actions", str(actions),
                           "--side", "Allies")
    assert code == 1 and "action 4 (load_mines) refused; nothing" in err
    assert "stored" not in err and "NL-04" not in err
    code, _, err = run_cli(capsys, "run", "northsea-1940-hidden", "--actions", str(actions),
                           "--side", "Axis")
    assert code == 1 and "NL-04" in err


def test_run_for_the_allies_hides_what_germany_spent_on_secret_mines(capsys, tmp_path):
    """Issue 9: the Allies saw Germany's IPCs fall 30 → 28 when it bought 2 mines."""
    actions = write(tmp_path, "a.json", [{"kind": "buy_mines", "count": 2}])
    reports = {}
    for side in ("Allies", "Axis"):
        code, out, _ = run_cli(capsys, "run", "northsea-1940-hidden", "--actions",
                               str(actions), "--json", "--side", side)
        assert code == 0
        reports[side] = json.loads(out)["state"]["ipcs"]
    assert "Germany" not in reports["Allies"]
    assert reports["Axis"]["Germany"] == 28


def test_screenshot_side_means_what_run_side_means(capsys, tmp_path):
    out = tmp_path / "x.png"
    code, _, err = run_cli(capsys, "screenshot", "northsea-1940-hidden", "--side", "Nobody",
                           "--out", str(out))
    assert code == 2 and "--side: no side or nation 'Nobody'" in err and not out.exists()


def test_run_without_a_seed_reports_only_the_dice_commitment(capsys, tmp_path):
    actions = write(tmp_path, "a.json", [{"kind": "end_phase"}])
    code, out, _ = run_cli(capsys, "run", "northsea-1940", "--actions", str(actions), "--json")
    dice = json.loads(out)["dice"]
    assert code == 0 and list(dice) == ["commitment"] and len(dice["commitment"]) == 64
    code, out, _ = run_cli(capsys, "run", "northsea-1940", "--actions", str(actions),
                           "--seed", "3")
    assert out.startswith("naval-lines · seed 3 · turn 1")


def test_pbem_from_the_command_line_and_a_tampered_file_gets_one_line(capsys, tmp_path,
                                                                       monkeypatch):
    monkeypatch.setenv("MINEBOARD_DATA_DIR", str(tmp_path / "data"))
    t0, t1, t2 = (tmp_path / f"t{n}.json" for n in range(3))
    assert run_cli(capsys, "pbem", "new", "imperium-marches", "--side", "Imperial",
                   "--out", str(t0), "--passphrase", "Imperial=one")[0] == 0
    code, out, _ = run_cli(capsys, "pbem", "join", str(t0), "--out", str(t1),
                           "--passphrase", "Terran=two")
    assert code == 0 and "joined as Terran" in out
    doc = json.loads(t1.read_text())
    doc["shares"][0]["commit"] = "00" * 32  # the invitation's share, rewritten
    bad = write(tmp_path, "bad.json", doc)
    code, _, err = run_cli(capsys, "pbem", "turn", str(bad), "--out", str(t2),
                           "--passphrase", "Imperial=one")
    assert code == 2 and "changes the dice shares of earlier turns" in err
    assert err.count("\n") == 1 and not t2.exists()
    code, out, _ = run_cli(capsys, "pbem", "turn", str(t1), "--out", str(t2),
                           "--passphrase", "Imperial=one", "--json")
    assert code == 0 and json.loads(out)["status"].startswith("sent")


def test_validate_opens_a_sealed_save_only_with_its_passphrases(capsys, tmp_path):
    save = tmp_path / "s.json"
    actions = write(tmp_path, "a.json", [{"kind": "buy_mines", "count": 2}])
    assert run_cli(capsys, "run", "northsea-1940-hidden", "--actions", str(actions), "--save",
                   str(save), "--passphrase", "Germany=nordsee",
                   "--passphrase", "Allies=dover")[0] == 0
    assert b"buy_mines" not in save.read_bytes()
    code, _, err = run_cli(capsys, "validate", str(save))
    assert code == 1 and "sealed with Axis' passphrase" in err
    code, out, _ = run_cli(capsys, "validate", str(save), "--passphrase", "Axis=nordsee",
                           "--passphrase", "Allies=dover")
    assert code == 0 and "1 action replayed" in out


def test_screenshot_into_a_folder_named_png_is_refused_not_reported_written(capsys, tmp_path):
    """A review: ``--out DIR`` said "wrote" and exited 0."""
    folder = tmp_path / "shot.png"
    folder.mkdir()
    code, out, err = run_cli(capsys, "screenshot", "--out", str(folder), "northsea-1940")
    assert code == 2 and "wrote" not in out
    assert err == f"mineboard: {folder}: cannot be written (Is a directory)\n"


def test_a_reader_that_leaves_early_gets_no_broken_pipe_noise(tmp_path):
    """A review: ``mineboard run … --json | head -c 10`` ended in a BrokenPipeError. The
    report fits Python's output buffer, so it meets the closed pipe only when flushed —
    once at shutdown, where no handler could catch it."""
    import os

    actions = write(tmp_path, "a.json", [{"kind": "end_phase"}] * 5)
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader has already left
    try:
        run = subprocess.run([sys.executable, "-m", "mineboard", "run", "northsea-1940",
                              "--seed", "1", "--actions", str(actions), "--json"],
                             stdout=write_end, stderr=subprocess.PIPE, timeout=60)
    finally:
        os.close(write_end)
    assert run.returncode == 0 and run.stderr == b""


def test_play_without_a_display_says_so_in_one_line(capsys, monkeypatch):
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(sys, "platform", "linux")
    code, _out, err = run_cli(capsys, "play", "northsea-1940")
    assert code == 2 and err.startswith("mineboard: play: no display to open the window on")


def test_a_defect_is_one_line_and_a_crash_report_not_a_traceback(capsys, monkeypatch, tmp_path):
    from mineboard.cli import rulesets

    monkeypatch.setenv("MINEBOARD_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(rulesets, "execute", lambda args: {}["no such key"])
    code, _out, err = run_cli(capsys, "rulesets")
    report = next((tmp_path / "crash-reports").iterdir())
    assert code == 70 and err == (f"mineboard: internal error (KeyError); please report it "
                                  f"with the details in {report}\n")
    assert "Traceback" in report.read_text() and "no such key" in report.read_text()


def test_each_rulesets_odds_query_is_named_where_the_command_finds_it():
    """``mineboard odds`` imports the query alone (core.ruleset.odds_query); the ruleset's
    own ``odds_query`` must be that very class, so the window and the command agree."""
    from mineboard.core.registry import get_ruleset

    for rid in ruleset_ids():
        assert odds_query(rid) is get_ruleset(rid).odds_query
    # every ruleset rolls dice now: awaw-naval's part 2 brought the Raider Table's odds
    assert [rid for rid in ruleset_ids() if odds_query(rid) is None] == []


def test_odds_awaw_naval_raider_prints_the_raider_tables_fractions(capsys):
    """AW-183's test idea as odds: Atlantic, 2nd group of 3 ships, at war, 13 CVEs, one
    air-range result, the raider's Ultra advantage: +2, so 3…8 ships, each 1/6."""
    code, out, _err = run_cli(capsys, "odds", "awaw-naval", "raider", "--groups", "2",
                              "--ships", "3", "--at-war", "--cves", "13", "--air-range", "1",
                              "--codebreaking", "-1", "--json")
    data = json.loads(out)
    assert code == 0 and data["modifier"] == 2 and data["undetected"] == "0"
    assert data["engaging"] == {str(n): "1/6" for n in range(3, 9)}
    code, out, _err = run_cli(capsys, "odds", "awaw-naval", "raider")
    assert code == 0 and "undetected 1/2" in out.splitlines()[-1]


def test_odds_awaw_naval_names_its_one_table(capsys):
    code, _out, err = run_cli(capsys, "odds", "awaw-naval", "harbor")
    assert code == 2 and "invalid choice: 'harbor' (choose from 'raider')" in err


@pytest.mark.timing
def test_play_reaches_its_first_frame_without_networkx_or_the_odds_modules(tmp_path):
    """Issue 11: the first frame came after importing networkx (a fifth of the start) and
    every ruleset's odds query (for a parser 'play' never reads)."""
    import os

    env = dict(os.environ, MINEBOARD_FIRST_FRAME_EXIT="1", QT_QPA_PLATFORM="offscreen",
               MINEBOARD_DATA_DIR=str(tmp_path))
    # A ruleset's odds module, not the command's own (mineboard.cli.odds, loaded by design).
    code = ("import sys; from mineboard.cli import main; main(['play']); "
            "print(sorted(m for m in sys.modules if m == 'networkx' or "
            "m.startswith('mineboard.rules.') and m.endswith('.odds')))")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=env, timeout=120, check=True)
    assert run.stdout.strip().splitlines()[-1] == "['mineboard.rules.naval_lines.odds']"


def test_screenshot_of_a_game_with_secrets_for_no_side_says_it_drew_the_cover(capsys, tmp_path,
                                                                                monkeypatch):
    """A game with secrets opens covered (issue 24): drawn for no side, the picture is the
    cover, and the command says so and how to draw a side's board."""
    monkeypatch.setenv("MINEBOARD_DATA_DIR", str(tmp_path / "data"))
    out = tmp_path / "x.png"
    code, said, _ = run_cli(capsys, "screenshot", "northsea-1940-hidden", "--out", str(out),
                            "--size", "800x500")
    assert code == 0 and out.is_file() and "give --side SIDE" in said
    code, said, _ = run_cli(capsys, "screenshot", "northsea-1940-hidden", "--side", "Germany",
                            "--out", str(out), "--size", "800x500")
    assert code == 0 and said == f"wrote {out}\n"


def test_play_solo_on_a_save_is_refused_in_one_line(capsys, tmp_path):
    from mineboard.persistence.saves import write_save
    from mineboard.persistence.scenario import load_scenario
    from mineboard.resources import resolve_scenario

    scenario = load_scenario(resolve_scenario("northsea-1940"))
    save = tmp_path / "game.mineboard"
    write_save(save, scenario, scenario.new_game(3))
    code, out, err = run_cli(capsys, "play", str(save), "--solo", "Allies")
    assert code == 2 and out == ""
    assert err == ("mineboard: --solo: starts a new game of a scenario; a save keeps the "
                   "players its game began with\n")
