"""``mineboard explain``: a clause in the project's words, its decisions, where the engine
enforces it and its demos; ``--list``; unknown ids; and fast enough to ask at any time."""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time

import pytest

from mineboard.core.errors import BadInput
from mineboard.explorer.clauses import (
    Catalogue,
    catalogues,
    enforced_at,
    find_clause,
    normalise,
    read_catalogue,
)
from tests.test_cli import run_cli


@pytest.mark.parametrize("text", ["NL-15", "nl-15", "nl15", " Nl-15 "])
def test_a_clause_is_found_in_any_case(text):
    assert find_clause(text).id == "NL-15"
    assert normalise("gt-7") == "GT-07"


def test_nl15_explained_names_where_the_engine_rolls_and_its_demo(capsys):
    code, out, err = run_cli(capsys, "explain", "nl-15", "--json")
    info = json.loads(out)
    assert (code, err) == (0, "")
    assert (info["id"], info["ruleset"], info["section"]) == \
        ("NL-15", "naval-lines", "Crossing a minefield")
    assert {"module": "mineboard.rules.naval_lines.effects", "function": "defend"} in \
        [{k: s[k] for k in ("module", "function")} for s in info["enforced_in"]]
    assert {"name": "nl-15-two-destroyers-ten-mines", "leads": True} in \
        [{k: d[k] for k in ("name", "leads")} for d in info["demos"]]


def test_the_text_explanation_has_every_part(capsys):
    code, out, _ = run_cli(capsys, "explain", "NL-15")
    assert code == 0
    assert out.splitlines()[0].startswith("NL-15 — ")
    assert "naval-lines: Crossing a minefield" in out
    assert "Enforced in:\n  mineboard.rules.naval_lines.effects:defend" in out
    assert "Demo boards (mineboard demo NL-15):\n" in out
    assert "\n  nl-15-two-destroyers-ten-mines — Two Destroyers cross ten German mines" in out


def test_an_unknown_id_exits_2_naming_the_nearest(capsys):
    code, out, err = run_cli(capsys, "explain", "NL-25")
    assert (code, out) == (2, "")
    assert err == "mineboard: explain: no clause 'NL-25'; nearest: NL-24, NL-23, NL-22\n"
    code, _, err = run_cli(capsys, "explain", "GT-7x")
    assert (code == 2 and err.count("\n") == 1 and "nearest" in err) or "look like" in err


def test_list_shows_every_clause_with_text_and_demo(capsys):
    code, out, _ = run_cli(capsys, "explain", "--list", "naval-lines", "--json")
    rows = json.loads(out)["clauses"]
    assert code == 0
    assert [r["id"] for r in rows] == [f"NL-{n:02d}" for n in range(1, 25)]
    assert next(r for r in rows if r["id"] == "NL-15")["demos"] >= 1
    code, _, err = run_cli(capsys, "explain", "--list", "chess")
    assert code == 2 and "no ruleset 'chess' has clauses" in err


def test_explain_needs_one_clause_or_a_list(capsys):
    code, _, err = run_cli(capsys, "explain")
    assert code == 2 and "give one clause id" in err


def test_the_catalogues_hold_every_clause_of_the_five_rulesets():
    """awaw-naval's part 1 (issue 28): AW-01…AW-92 and the eleven interpretations it needs."""
    counts = {rid: len(cat.clauses) for rid, cat in catalogues().items()}
    assert counts == {"asl-minefields": 78, "awaw-naval": 140, "gwas-tactical": 15,
                      "imperium-mines": 35, "naval-lines": 24}


def test_a_broken_catalogue_is_one_line_naming_the_file(tmp_path):
    folder = tmp_path / "naval-lines"
    folder.mkdir()
    path = folder / "clauses.toml"
    path.write_text('ruleset = "naval-lines"\nprefix = "NL"\ntitle = ""\n'
                    '[[clauses]]\nid = "NL-1"\nsection = ""\ntitle = ""\ntext = ""\n')
    with pytest.raises(BadInput, match=r"clauses.toml: clause id 'NL-1' is not NL-<number>"):
        read_catalogue(path)
    path.write_text("ruleset = [")
    with pytest.raises(BadInput, match="not a TOML catalogue"):
        read_catalogue(path)
    assert Catalogue  # the type the file is read as


def test_enforcement_sites_come_from_the_rules_source_not_docstrings():
    sites = {str(s) for s in enforced_at(find_clause("NL-02"))}
    assert "mineboard.rules.naval_lines.checks:check_buy" in sites


@pytest.mark.slow
@pytest.mark.timing
def test_explain_loads_no_ruleset_and_answers_quickly():
    probe = ("import sys; from mineboard.cli import main; main(['explain', 'NL-15']); "
             "loaded = [m for m in sys.modules if m.startswith(('shapely', 'networkx', "
             "'PySide6', 'mineboard.rules.naval_lines', 'mineboard.persistence'))]; "
             "sys.exit(1 if loaded else 0)")
    assert subprocess.run([sys.executable, "-c", probe], capture_output=True).returncode == 0

    def seconds(*args: str) -> float:
        times = []
        for _ in range(5):
            start = time.perf_counter()
            subprocess.run([sys.executable, "-m", "mineboard", *args], capture_output=True,
                           check=True)
            times.append(time.perf_counter() - start)
        return statistics.median(times)

    # The budget is 300 ms a process (issue 25); the interpreter's own start is most of it,
    # so what explain adds is held to 150 ms beyond printing the version.
    assert seconds("explain", "NL-15") - seconds("--version") < 0.150


def test_help_texts_of_fields_are_not_where_a_clause_is_enforced():
    # data.py and scenario.py name NL-12 only in Doc(...) help texts and docstrings
    sites = {str(s) for s in enforced_at(find_clause("NL-12"))}
    assert sites == {"mineboard.rules.naval_lines.effects:entered"}
