"""The layer boundary is enforced by import-linter, run here so CI fails when it breaks."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BELOW_QT = ("core", "maps", "rules", "persistence")


def test_import_linter_contracts_hold():
    lint = Path(sys.executable).parent / "lint-imports"
    result = subprocess.run([str(lint), "--config", str(ROOT / "pyproject.toml")], cwd=ROOT,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Contracts: 2 kept, 0 broken" in result.stdout


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


def test_rules_core_is_mypy_strict_clean():
    mypy = Path(sys.executable).parent / "mypy"
    result = subprocess.run([str(mypy), "--config-file", str(ROOT / "pyproject.toml")],
                            cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout
