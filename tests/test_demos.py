"""The demo boards are the clause tests: one test per demo file (its id names the clause), and
the rules every ruleset's demos must meet — each clause has one, each clause that refuses has
one refused with its id, each clause that rolls dice has one whose odds are checked exactly.

A demo asserts exact outcomes, so a wrong engine fails it; tests/test_demo_bites_*.py break
the enforcing code of clauses one at a time and show their demos then fail."""

from __future__ import annotations

import ast

import pytest

from mineboard.explorer.clauses import catalogues, package_folder
from mineboard.explorer.demos import load_demo, run_demo
from mineboard.explorer.index import demo_index
from tests.test_cli import run_cli

RULESETS = sorted(catalogues())
ENTRIES = demo_index()


@pytest.mark.parametrize("entry", ENTRIES, ids=[f"{e.clause}-{e.name}" for e in ENTRIES])
def test_demo(entry):
    result = run_demo(load_demo(entry.path))
    assert result.ok, "\n".join(result.failures())


def _clause_strings(tree: ast.AST) -> set[str]:
    from mineboard.explorer.clauses import CLAUSE_ID

    return {m.group(0) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            for m in CLAUSE_ID.finditer(node.value)}


def refusal_clauses(ruleset_id: str) -> set[str]:
    """Clauses the ruleset's checks refuse with: the ids named in its checks module, where
    it keeps its checks in one, and the ids written in any ``IllegalAction(reason, clause)``
    of its modules (a ruleset made of parts checks in each part)."""
    folder = package_folder(ruleset_id)
    checks = folder / "checks.py"
    found = _clause_strings(ast.parse(checks.read_text())) if checks.exists() else set()
    for path in folder.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.Call) and len(node.args) >= 2
                    and getattr(node.func, "id", getattr(node.func, "attr", None))
                    == "IllegalAction"):
                found |= _clause_strings(node.args[1])
    return found


def dice_clauses(ruleset_id: str) -> set[str]:
    """Clauses whose dice the ruleset rolls: the first argument of each ``.roll(...)``."""
    found = set()
    for path in package_folder(ruleset_id).glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "roll" and node.args):
                found |= _clause_strings(node.args[0])
    return found


def _demos_by_clause():
    by_clause: dict[str, list] = {}
    for entry in ENTRIES:
        for clause in entry.clauses:
            by_clause.setdefault(clause, []).append(entry)
    return by_clause


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_clause_leads_a_demo_and_has_its_words(ruleset_id):
    clauses = catalogues()[ruleset_id].clauses
    led = {e.clause for e in ENTRIES}
    assert [c.id for c in clauses if c.id not in led] == []
    assert [c.id for c in clauses if not c.written] == []


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_refusal_clause_has_a_demo_refused_with_its_id(ruleset_id):
    refused = {s.refused for e in ENTRIES if e.path.parent.parent.name == ruleset_id
               for s in load_demo(e.path).spec.steps if s.refused}
    known = {c.id for c in catalogues()[ruleset_id].clauses}
    assert sorted((refusal_clauses(ruleset_id) & known) - refused) == []


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_clause_with_dice_has_a_demo_with_exact_odds(ruleset_id):
    with_odds = {load_demo(e.path).clause.id for e in ENTRIES
                 if e.path.parent.parent.name == ruleset_id
                 and any(s.odds for s in load_demo(e.path).spec.steps)}
    with_odds |= {c for e in ENTRIES if e.path.parent.parent.name == ruleset_id
                  and any(s.odds for s in load_demo(e.path).spec.steps) for c in e.also}
    assert sorted(dice_clauses(ruleset_id) - with_odds) == []


def test_demo_files_are_named_for_their_clause():
    for entry in ENTRIES:
        assert entry.clause, f"{entry.path.name} does not begin with a clause id"


def test_the_dice_clauses_found_are_the_ones_the_rules_roll():
    # guards the finder itself: a finder that found nothing would pass every ruleset
    assert {"NL-15", "NL-22"} <= dice_clauses("naval-lines")
    assert {"IM-18", "IM-22"} <= dice_clauses("imperium-mines")
    assert "NL-02" in refusal_clauses("naval-lines")


BAD_DEMOS = {
    "not an object": ("[]", "must be a JSON object"),
    "no clause": ('{"mineboard_demo": 1, "clause": "NL-99", "title": "t", "about": "",'
                  '"scenario": "northsea-1940", "steps": [{"action": {"kind": "end_phase"}}]}',
                  "clause: no clause 'NL-99'"),
    "bad action": ('{"mineboard_demo": 1, "clause": "NL-15", "title": "t", "about": "",'
                   '"scenario": "northsea-1940", "steps": [{"action": {"kind": "fly"}}]}',
                   "steps[0].action: unknown action kind 'fly'"),
    "wrong ruleset": ('{"mineboard_demo": 1, "clause": "NL-15", "title": "t", "about": "",'
                      '"scenario": "imperium-marches", "steps": [{"action": '
                      '{"kind": "end_phase"}}]}', "is a imperium-mines game, but NL-15"),
    "bad odds": ('{"mineboard_demo": 1, "clause": "NL-15", "title": "t", "about": "",'
                 '"scenario": "northsea-1940", "steps": [{"action": {"kind": "end_phase"},'
                 '"odds": {"0 lost": "0.5"}}]}', "is not an exact fraction"),
    "unknown field": ('{"mineboard_demo": 1, "clause": "NL-15", "title": "t", "about": "",'
                      '"scenario": "northsea-1940", "steps": [{"action": {"kind": "end_phase"},'
                      '"expect": 1}]}', "unknown field 'expect'"),
}


@pytest.mark.parametrize("name", BAD_DEMOS)
def test_a_broken_demo_file_is_one_line_naming_the_file_and_the_fault(name, tmp_path, capsys):
    text, fault = BAD_DEMOS[name]
    path = tmp_path / "nl-15-broken.json"
    path.write_text(text)
    code, out, err = run_cli(capsys, "demo", str(path))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and str(path) in err and fault in err


def test_an_illegal_action_in_a_demo_fails_it_naming_the_step(tmp_path, capsys):
    path = tmp_path / "nl-15-illegal.json"
    path.write_text('{"mineboard_demo": 1, "clause": "NL-15", "title": "t", "about": "",'
                    '"scenario": "northsea-1940", "steps": [{"action": {"kind": "buy_mines",'
                    '"count": 1}}, {"action": {"kind": "load_mines", "unit": "ger-escort-1",'
                    '"count": 1}}]}')
    code, out, _ = run_cli(capsys, "demo", str(path))
    assert code == 1
    assert "BAD legality: expected played; engine: refused it: NL-05" in out


def test_leftover_and_missing_dice_fail_a_demo(tmp_path):
    nl15 = next(e for e in ENTRIES if e.name == "nl-15-two-destroyers-ten-mines")
    text = nl15.path.read_text()
    more = tmp_path / "nl-15-more.json"
    more.write_text(text.replace('"dice": [1, 5, 2]', '"dice": [1, 5, 2, 6]'))
    result = run_demo(load_demo(more))
    assert result.failures() == ["nl-15-more.json: dice: expected all 4 dice rolled, engine "
                                 "did 3 rolled, 6 left over"]
    fewer = tmp_path / "nl-15-fewer.json"
    fewer.write_text(text.replace('"dice": [1, 5, 2]', '"dice": [1, 5]'))
    result = run_demo(load_demo(fewer))
    assert not result.ok
    assert "roll 3 of the game (NL-15: Germany mine 3 of 10 on 110|112) has no die" in \
        "\n".join(result.failures())


def test_validate_checks_a_demo_file_without_playing_it(capsys):
    nl15 = next(e for e in ENTRIES if e.name == "nl-15-two-destroyers-ten-mines")
    code, out, _ = run_cli(capsys, "validate", str(nl15.path))
    assert code == 0 and ": ok — demo of NL-15 on map 'northsea', 1 step" in out


def test_a_demo_without_dice_fails_when_the_engine_rolls(tmp_path):
    nl15 = next(e for e in ENTRIES if e.name == "nl-15-two-destroyers-ten-mines")
    none = tmp_path / "nl-15-no-dice.json"
    none.write_text(nl15.path.read_text().replace('"dice": [1, 5, 2]', '"dice": []'))
    result = run_demo(load_demo(none))
    assert result.failures() == [
        "nl-15-no-dice.json: step 1 (move): dice: expected enough scripted dice, engine did "
        "roll 1 of the game (NL-15: Germany mine 1 of 10 on 110|112) has no die: only 0 "
        "were scripted"]


def test_an_event_expected_absent_fails_the_step_when_made(tmp_path):
    nl15 = next(e for e in ENTRIES if e.name == "nl-15-two-destroyers-ten-mines")
    path = tmp_path / "nl-15-absent.json"
    path.write_text(nl15.path.read_text().replace(
        '"events": [{"clause": "NL-15"}]', '"events": [{"kind": "ShipSunk", "absent": true}]'))
    failures = run_demo(load_demo(path)).failures()
    assert failures == [
        "nl-15-absent.json: step 1 (move): no event ShipSunk: expected none made, engine did "
        "United Kingdom's Destroyer 1 sunk; the mine is removed; United Kingdom's Destroyer 2 "
        "sunk; the mine is removed"]
