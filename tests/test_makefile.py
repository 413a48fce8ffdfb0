"""The Makefile installs what each target needs (issue 24, item 10): `make run` the program
alone — a player needs no PyInstaller, mypy, ruff or hypothesis — and `make test`, `check`,
`lint` and `dist` the extras they use, each set of extras with its own stamp, so a venv
made by `make run` gets the extras when `make test` comes after it.

Read with `make -n` (nothing is installed) in a copy holding the Makefile and
pyproject.toml, with the stamps a venv would have."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="no make")


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    for name in ("Makefile", "pyproject.toml"):
        shutil.copy(ROOT / name, tmp_path / name)
    (tmp_path / ".venv").mkdir()
    return tmp_path


def stamps_of(folder: Path) -> dict[str, Path]:
    """The stamp of each set of extras, by the name the Makefile gives it."""
    out = subprocess.run(["make", "-s", "-n", "-p", "-f", "Makefile", "clean"], cwd=folder,
                         capture_output=True, text=True).stdout
    names = {m.group(1): m.group(2) for m in re.finditer(
        r"^(PROGRAM|TESTING|FULL) :?= (\S+)$", out, re.M)}
    return {k: folder / v for k, v in names.items()}


def installed(folder: Path, *sets: str) -> None:
    """Stamps as left by installing ``sets``, newer than pyproject.toml."""
    later = (folder / "pyproject.toml").stat().st_mtime + 10
    for stamp in (stamps_of(folder)[s] for s in sets):
        stamp.touch()
        os.utime(stamp, (later, later))


def pip_installs(folder: Path, target: str) -> list[str]:
    """What ``make TARGET`` would give pip to install, in order."""
    out = subprocess.run(["make", "-n", target], cwd=folder, capture_output=True, text=True,
                         check=True).stdout
    return re.findall(r'pip install --quiet -e "(\.[^"]*)"', out)


def test_make_run_installs_the_program_alone(checkout):
    assert pip_installs(checkout, "run") == ["."]


def test_each_target_installs_the_extras_it_uses(checkout):
    assert pip_installs(checkout, "test") == [".[test,packaging]"]
    assert pip_installs(checkout, "dist") == [".[test,packaging]"]
    assert pip_installs(checkout, "check") == [".[test]"]
    assert pip_installs(checkout, "lint") == [".[test]"]
    assert pip_installs(checkout, "bench") == ["."]


def test_a_venv_made_by_make_run_gets_the_extras_from_make_test(checkout):
    installed(checkout, "PROGRAM")
    assert pip_installs(checkout, "run") == []
    assert pip_installs(checkout, "test") == [".[test,packaging]"]
    assert pip_installs(checkout, "check") == [".[test]"]


def test_installing_more_stamps_the_sets_it_holds(checkout):
    """After `make test` the program and the test extra are in: `make run` and
    `make check` install nothing more."""
    out = subprocess.run(["make", "-n", "test"], cwd=checkout, capture_output=True,
                         text=True, check=True).stdout
    stamps = stamps_of(checkout)
    (touch,) = [line for line in out.splitlines() if line.startswith("touch ")]
    assert set(touch.split()[1:]) == {str(p.relative_to(checkout)) for p in stamps.values()}
    installed(checkout, "PROGRAM", "TESTING", "FULL")
    assert pip_installs(checkout, "run") == pip_installs(checkout, "check") == []


def test_a_changed_pyproject_installs_again(checkout):
    installed(checkout, "PROGRAM", "TESTING", "FULL")
    with (checkout / "pyproject.toml").open("a") as f:
        f.write("\n# changed\n")
    assert pip_installs(checkout, "run") == ["."]
