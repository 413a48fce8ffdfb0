"""The layer boundary is enforced by import-linter, run here so CI fails when it breaks."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BELOW_QT = ("core", "maps", "rules", "persistence")


def test_import_linter_contracts_hold():
    lint = Path(sys.executable).parent / "lint-imports"
    result = subprocess.run([str(lint), "--config", str(ROOT / "pyproject.toml")], cwd=ROOT,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Contracts: 5 kept, 0 broken" in result.stdout


ELSEWHERE = {frozenset({"mineboard.maps.labels", "mineboard.maps.model"})}
"""The other import circle of issue 24 (item 12), in the maps layer, is undone on its own
branch; remove it from here when that lands, and this test holds it too."""


def test_no_import_circle_among_mineboard_modules_at_run_time():
    """Issue 24: `cli.py` imported `pbem_cli.py`, which imported `_read_actions` back from
    `cli.py` — an import up from a lower floor. Every import that runs counts, a lazy one
    inside a function too (not those under ``if TYPE_CHECKING``); a package's own
    ``__init__``, which Python runs before any module in it, is not an import of it."""
    import grimp
    import networkx as nx

    graph = grimp.build_graph("mineboard", exclude_type_checking_imports=True)
    imports = nx.DiGraph((module, imported) for module in graph.modules
                         for imported in graph.find_modules_directly_imported_by(module))
    circles = [sorted(group) for group in nx.strongly_connected_components(imports)
               if len(group) > 1 and frozenset(group) not in ELSEWHERE]
    assert circles == []


def test_no_qt_text_below_the_gui_even_in_lazy_imports():
    pattern = re.compile(r"^\s*(from|import)\s+(PySide6|shiboken6|mineboard\.qt)", re.M)
    offenders = [str(p.relative_to(ROOT)) for layer in BELOW_QT
                 for p in (ROOT / "mineboard" / layer).rglob("*.py")
                 if pattern.search(p.read_text())]
    assert offenders == []


def test_ruff_is_clean():
    ruff = Path(sys.executable).parent / "ruff"
    result = subprocess.run([str(ruff), "check", "--quiet", "."], cwd=ROOT, capture_output=True,
                            text=True)
    assert result.returncode == 0, result.stdout


@pytest.mark.slow
def test_the_package_is_mypy_strict_clean():
    mypy = Path(sys.executable).parent / "mypy"
    result = subprocess.run([str(mypy), "--config-file", str(ROOT / "pyproject.toml")],
                            cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout


TRUTH = re.compile(r"\b(game|session)\.state\b|\.ruleset\.(view|check|apply)\(|"
                   r"\brecord\.events\b|\]\.events\b|\.initial\b|\bgame\.(check|view)\(|"
                   r"\._game\b|\._state\b|observe\(TEACHER\)")


def test_the_window_and_the_command_line_read_the_game_only_through_observe():
    """Hidden information is decided in one place: Game.observe(seat). Nothing in qt/ or
    cli/ reads the true state, a truth-side check or the unfiltered events of a record."""
    files = [*(ROOT / "mineboard" / "qt").rglob("*.py"),
             *(ROOT / "mineboard" / "cli").rglob("*.py")]
    offenders = [f"{p.relative_to(ROOT)}:{n}: {line.strip()}" for p in files
                 for n, line in enumerate(p.read_text().splitlines(), start=1)
                 if TRUTH.search(line) and not line.lstrip().startswith("#")]
    assert offenders == []


def test_the_truth_pattern_catches_what_it_should():
    for leak in ("x = self.session.game.state.units", "self.w.session.state",
                 "game.ruleset.view(state, side)", "for e in record.events:",
                 "g.records[-1].events", "game.check(action)", "obs._game.state",
                 "game.observe(TEACHER).view"):
        assert TRUTH.search(leak), leak
    for fine in ("self.session.observation().events_of(record)", "view.phase_label",
                 "game.observe(PUBLIC).view"):
        assert not TRUTH.search(fine), fine


def ruleset_names() -> list[str]:
    """Every registered ruleset's id and folder name: a new ruleset is guarded too."""
    from mineboard.core.registry import folder_of, ruleset_ids

    return [name for rid in ruleset_ids() for name in (rid, folder_of(rid))]


def naming_a_ruleset(ids: list[str], root: Path = ROOT) -> list[str]:
    """The modules of the shared parts that name one of ``ids``: the window (but its
    benchmarks, which build each ruleset's own scenes on purpose), its scenes, the core, the
    rules' shared part, persistence and the command line."""
    shared = [p for p in (root / "mineboard" / "qt").glob("*.py") if p.name != "bench.py"]
    for folder in ("qt/maps", "core", "rules/common", "persistence", "cli"):
        shared += (root / "mineboard" / folder).rglob("*.py")
    return sorted(str(p.relative_to(root)) for p in shared
                  if any(re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", p.read_text())
                         for i in ids))


def test_no_ruleset_names_outside_its_own_folders():
    """The window knows no ruleset: only the registry line names them, and each ruleset's
    window code lives in mineboard/qt/<folder>/, its rules in mineboard/rules/<folder>/."""
    names = ruleset_names()
    assert {"naval-lines", "gwas_tactical", "imperium-mines"} <= set(names)
    assert naming_a_ruleset(names) == []


def test_the_ruleset_name_guard_catches_a_name_in_the_shared_parts(tmp_path):
    files = {"qt/docks.py": "if ruleset == 'harbour-raids':", "qt/bench.py": "harbour-raids",
             "qt/maps/hexes.py": "from mineboard.rules.harbour_raids import x",
             "core/game.py": "harbour_raids_extra = 1", "rules/harbour_raids/state.py": "x",
             "persistence/saves.py": '"harbour-raids"', "cli/run.py": "harbour_raids"}
    for name, text in files.items():
        (tmp_path / "mineboard" / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "mineboard" / name).write_text(text)
    assert naming_a_ruleset(["harbour-raids", "harbour_raids"], tmp_path) == [
        "mineboard/cli/run.py", "mineboard/persistence/saves.py", "mineboard/qt/docks.py",
        "mineboard/qt/maps/hexes.py"]


def test_every_delayed_call_in_the_window_has_a_context_object():
    """``QTimer.singleShot(ms, callable)`` without a context object calls its callable even
    after the object it belongs to was deleted: a window closed at once (every test's
    teardown) then crashed the process in the next event loop. With a context object
    (``singleShot(ms, self, callable)``) Qt cancels the call instead."""
    import ast

    bare = []
    for path in sorted(Path("mineboard/qt").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "singleShot" and len(node.args) < 3
                    and "application().quit" not in ast.unparse(node)):
                bare.append(f"{path}:{node.lineno}")
    assert bare == []


def test_every_shared_window_module_is_held_to_knowing_no_ruleset():
    """The contract "The window knows no ruleset" lists the shared window modules by name
    (a forbidden contract cannot say "all but the rulesets' folders"): a new one must join
    it. Only the Qt benchmarks build each ruleset's scenes on purpose."""
    import tomllib

    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    listed = next(set(c["source_modules"]) for c in contracts["contracts"]
                  if c["name"].startswith("The window knows no ruleset"))
    shared = {f"mineboard.qt.{p.stem}" for p in (ROOT / "mineboard" / "qt").glob("*.py")
              if p.stem not in ("__init__", "bench")}
    assert shared - listed == set()
