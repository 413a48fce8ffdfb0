"""The hostile-file corpus (tests/data/hostile/, see its manifest and make_corpus.py): each
file through ``mineboard validate`` and through the window's open path. A refusal is a
clear line naming the file; never a traceback, never a hang, never a wrong acceptance."""

from __future__ import annotations

import contextlib
import json
import os
import signal
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from mineboard import cli
from mineboard.core.errors import MineboardError
from mineboard.core.limits import MAX_FILE_BYTES

CORPUS = Path(__file__).parent / "data" / "hostile"
CASES = json.loads((CORPUS / "manifest.json").read_text(encoding="utf-8"))["cases"]
NORTHSEA = Path(__file__).parents[1] / "maps" / "scenarios" / "northsea-1940.json"


def _units_100k(path: Path) -> Path:
    doc = json.loads(NORTHSEA.read_text(encoding="utf-8"))
    doc["units"] = [{"nation": "Germany", "type": "escort", "zone": "113"}] * 100_000
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def _actions_100k(path: Path) -> Path:
    doc = json.loads((CORPUS / "save-good.json").read_text(encoding="utf-8"))
    doc["actions"] = [{"by": "@teacher", "action": {"kind": "end_phase"}, "rolls": []}] * 100_000
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def _fifo(path: Path) -> Path:
    os.mkfifo(path)
    return path


def _folder(path: Path) -> Path:
    path.mkdir()
    return path


def _too_big(path: Path) -> Path:
    with path.open("wb") as handle:  # sparse: the size is there, the disk is not used
        handle.truncate(MAX_FILE_BYTES + 1)
    return path


def _empty_lists(path: Path) -> Path:
    path.write_text("[" + "[]," * 1_000_001 + "[]]", encoding="utf-8")
    return path


MAKERS: dict[str, Callable[[Path], Path]] = {
    "empty_lists": _empty_lists,
    "units_100k": _units_100k, "actions_100k": _actions_100k, "fifo": _fifo,
    "folder": _folder, "too_big": _too_big, "dev_zero": lambda _path: Path("/dev/zero")}


@contextlib.contextmanager
def deadline(seconds: int) -> Iterator[None]:
    """A hang fails the test instead of stopping the suite."""
    def expire(*_: Any) -> None:
        raise TimeoutError(f"still running after {seconds} s")
    old = signal.signal(signal.SIGALRM, expire)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def case_file(entry: dict[str, Any], tmp_path: Path) -> Path:
    if "make" in entry:
        return MAKERS[entry["make"]](tmp_path / entry["file"])
    return CORPUS / entry["file"]


@pytest.mark.parametrize("entry", CASES, ids=[c["file"] for c in CASES])
def test_validate_answers_every_hostile_file_in_one_line(entry, tmp_path, capsys):
    path = case_file(entry, tmp_path)
    with deadline(30):
        code = cli.main(["validate", str(path)])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    if entry["expect"] == "accept":
        assert code == 0, err
        assert out.startswith(f"{path}: ok")
        return
    assert code in (1, 2), (code, out, err)
    lines = err.strip().splitlines()
    assert lines and all(line.startswith(("mineboard:", str(path))) for line in lines), err
    assert len(lines) == 1 or entry["file"].endswith(".geojson")  # a map lists each problem
    assert entry.get("message", "") in err


@pytest.mark.parametrize("entry", [c for c in CASES if not c["file"].endswith(".geojson")],
                         ids=[c["file"] for c in CASES if not c["file"].endswith(".geojson")])
def test_the_windows_open_path_refuses_or_opens_each_one(entry, tmp_path):
    from mineboard.qt.session import GameSession

    path = case_file(entry, tmp_path)
    with deadline(30):
        if entry["expect"] == "accept":
            assert GameSession.passphrases_needed(str(path)) == []
            session = GameSession.open(str(path))
            assert session.game.state is not None
        else:
            with pytest.raises(MineboardError) as refused:
                GameSession.passphrases_needed(str(path))
                GameSession.open(str(path))
            assert entry.get("message", "") in str(refused.value)


def test_germany_and_germania_keep_every_unit():
    """A review: both shortened to 'ger', so Germania's escort overwrote Germany's."""
    from mineboard.persistence.scenario import load_scenario

    game = load_scenario(CORPUS / "naval-germany-and-germania.json").new_game(1)
    units = game.state.units.values()
    assert sum(1 for u in units if u.nation == "Germania") == 1
    assert sum(1 for u in units if u.nation == "Germany") == 10
    assert len(game.state.units) == 24  # every unit of the file, none overwritten
