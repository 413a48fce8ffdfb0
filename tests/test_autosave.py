"""The autosave against a hostile disk and a second running mineboard (issue 10).

A full disk or a read-only folder must not undo, repeat or hide the action just played; no
start deletes the only copy of a game; one running mineboard's live game is not offered to
another as a crash; a kill between write and rename leaves no game-sized temp file for ever.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from PySide6.QtCore import QLockFile, Qt
from PySide6.QtWidgets import QMessageBox

from mineboard.atomic import write_atomic
from mineboard.core.errors import BadInput
from mineboard.qt.app import _ask_restore, run_app, startup_session
from mineboard.qt.mainwindow import MainWindow
from mineboard.qt.session import GameSession
from mineboard.resources import maps_dir, resolve_scenario
from tests.conftest import scenario
from tests.test_window import window_for

FULL_DISK = OSError(errno.ENOSPC, "No space left on device")


@pytest.fixture(autouse=True)
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("MINEBOARD_DATA_DIR", str(folder))
    return folder


def crashed_game(seed: int = 3, phases: int = 1) -> bytes:
    """A game played ``phases`` phases on and autosaved, as a mineboard that then crashed
    left it: the autosave's bytes."""
    sc = scenario()
    session = GameSession(sc, sc.new_game(seed))
    for _ in range(phases):
        session.play(session.game.ruleset.end_phase(session.view()))
    path = GameSession.pending_autosave()
    assert path is not None
    return path.read_bytes()


def never_asked() -> bool:
    pytest.fail("no restore may be offered here")


def full_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    def fsync(fd: int) -> None:
        raise FULL_DISK

    monkeypatch.setattr(os, "fsync", fsync)


# ---- 1. a failing autosave ------------------------------------------------------------------
def test_a_full_disk_warns_once_and_each_action_is_played_once_drawn_and_undoable(
        qtbot, data):
    w = window_for(qtbot)
    shown: list[str] = []
    w.session.autosave_note.connect(shown.append)
    warning = (f"Not autosaved: {data / 'autosave.json'}: cannot be written (No space left "
               "on device) — File ▸ Save As keeps the game.")
    with pytest.MonkeyPatch.context() as disk:
        full_disk(disk)
        qtbot.mouseClick(w.end_button, Qt.MouseButton.LeftButton)
        qtbot.mouseClick(w.end_button, Qt.MouseButton.LeftButton)
        assert w.session.game.state.phase == "battle" and len(w.session.game.records) == 2
        assert w.phase_label.text() == "Turn 1 · Germany · Conduct Combat"
        assert status_of(w).startswith("Turn 1: Germany — Conduct Combat")  # played, said
        assert "autosave" not in status_of(w).lower()  # not reported as failed
        assert shown == [warning]  # once, not again on the second action
        assert w.autosave_label.text() == warning and w.autosave_label.isVisible()
        assert list(data.glob("*.tmp")) == [] and not (data / "autosave.json").exists()
        w.undo()
        assert w.session.game.state.phase == "combat_move"
        assert len(w.session.game.records) == 1
        assert w.phase_label.text() == "Turn 1 · Germany · Combat Movement"
    w.end_phase()  # room on the disk again: the warning goes, the autosave is written
    assert shown == [warning, ""] and not w.autosave_label.isVisible()
    assert GameSession.open(str(data / "autosave.json")).game.state.phase == "battle"
    with pytest.MonkeyPatch.context() as disk:  # and when it fails again: told again, once
        full_disk(disk)
        w.end_phase()
        w.end_phase()
    assert shown == [warning, "", warning]


def status_of(w: MainWindow) -> str:
    return w.statusBar().currentMessage()


# ---- 2. no start deletes the only copy of a game ---------------------------------------------
def test_a_restored_game_keeps_the_autosave_until_it_writes_its_own(data):
    crashed = crashed_game(phases=2)
    restored = startup_session("northsea-1940", None, lambda: True)
    assert restored.game.state.phase == "battle"
    assert (data / "autosave.json").read_bytes() == crashed  # still there, untouched
    assert restored.path is None  # Save asks where: never into the autosave itself
    restored.play(restored.game.ruleset.end_phase(restored.view()))
    assert GameSession.open(str(data / "autosave.json")).game.state.phase == "noncombat_move"


def test_a_declined_restore_is_kept_as_last_session_out_of_the_next_autosaves_way(data):
    crashed = crashed_game(phases=2)
    fresh = startup_session("northsea-1940", None, lambda: False)
    assert fresh.game.state.phase == "purchase"
    assert not (data / "autosave.json").exists()
    assert (data / "last-session.json").read_bytes() == crashed
    fresh.play(fresh.game.ruleset.end_phase(fresh.view()))
    assert (data / "last-session.json").read_bytes() == crashed
    assert GameSession.open(str(data / "autosave.json")).game.state.phase == "combat_move"


def test_a_game_saved_to_its_own_file_leaves_the_kept_last_session_alone(data, tmp_path):
    """A review: a declined crashed game X was kept as the last session; a new game, played
    and saved to its own file, then left the window and its autosave overwrote X."""
    crashed = crashed_game(phases=2)
    fresh = startup_session("northsea-1940", None, lambda: False)
    fresh.play(fresh.game.ruleset.end_phase(fresh.view()))
    fresh.save(tmp_path / "mine.json")
    fresh.retire()
    assert (data / "last-session.json").read_bytes() == crashed
    assert not (data / "autosave.json").exists()  # the game is in mine.json


def test_the_restore_question_says_where_a_declined_game_is_kept(qapp, monkeypatch, data):
    asked: list[str] = []

    def question(parent: object, title: str, text: str) -> QMessageBox.StandardButton:
        asked.append(f"{title}|{text}")
        return QMessageBox.StandardButton.No

    monkeypatch.setattr(QMessageBox, "question", question)
    assert _ask_restore() is False
    assert asked == ["Restore game?|mineboard did not close cleanly last time. Restore the "
                     "game that was in progress?\n\nIf not, it is kept as "
                     f"{data / 'last-session.json'} (in place of any kept before), to open "
                     "with File ▸ Open last session."]


@pytest.mark.parametrize("passphrases", [None, {"Axis": "wrong", "Allies": "dover"}])
def test_a_restore_that_fails_or_is_cancelled_keeps_the_game_as_last_session(
        qapp, monkeypatch, data, passphrases):
    session = GameSession.open("northsea-1940-hidden",
                               passphrases={"Axis": "nordsee", "Allies": "dover"})
    session.play(session.game.ruleset.codec.parse({"kind": "buy_mines", "count": 2}))
    crashed = (data / "autosave.json").read_bytes()
    warned: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning",
                        lambda parent, title, text: warned.append(f"{title}|{text}"))
    fresh = startup_session("northsea-1940", None, lambda: True,
                            ask_passphrases=lambda sides, sealed: passphrases)
    assert fresh.game.state.phase == "purchase" and fresh.game.records == []
    assert (data / "last-session.json").read_bytes() == crashed
    assert not (data / "autosave.json").exists()
    if passphrases is None:
        assert warned == []
    else:
        (only,) = warned
        assert only.startswith("Cannot restore|")
        assert only.endswith(f"\n\nIt is kept as {data / 'last-session.json'}.")


def test_a_clean_close_keeps_a_restored_game_not_played_since_as_the_last_session(qtbot,
                                                                                   data):
    """Issue 12: a clean close used to delete the autosave; it is kept as the last session
    (not offered as a crash on the next start), until another game leaves a window."""
    crashed = crashed_game()
    restored = startup_session("northsea-1940", None, lambda: True)
    w = MainWindow(restored)
    qtbot.addWidget(w)
    w.close()
    assert (data / "last-session.json").read_bytes() == crashed  # its only copy
    assert not (data / "autosave.json").exists()
    played = window_for(qtbot)
    played.end_phase()
    played.close()
    assert not (data / "autosave.json").exists()
    assert GameSession.open(str(data / "last-session.json")).game.state.phase == "combat_move"


# ---- 3. a second running mineboard ------------------------------------------------------------
def test_a_second_instance_is_not_offered_the_live_game_and_autosaves_apart(data):
    live = crashed_game(phases=2)  # the first instance's game, autosaved as it plays
    first = QLockFile(str(data / "autosave.lock"))  # ... and the first instance's lock
    assert first.tryLock(0)
    second = startup_session("northsea-1940", None, never_asked)
    shown: list[str] = []
    second.autosave_note.connect(shown.append)
    second.play(second.game.ruleset.end_phase(second.view()))
    second.play(second.game.ruleset.end_phase(second.view()))
    own = data / f"autosave-{os.getpid()}.json"
    assert (data / "autosave.json").read_bytes() == live  # the first one's, untouched
    assert GameSession.open(str(own)).game.state.phase == "battle"
    assert shown == [f"Another mineboard is running: this one autosaves to {own}."]
    assert GameSession.pending_autosave() is None
    first.unlock()


@pytest.mark.parametrize("left", ["{pid}\n{name}\n{host}\n", ""])
def test_a_stale_lock_is_taken_over_and_the_restore_offered(data, left):
    """Left by a crashed mineboard whose pid a running program of the same name now has
    (Qt's own test calls that alive), or left empty: nobody holds it open any more."""
    crashed = crashed_game(phases=2)
    probe = QLockFile(str(data / "probe.lock"))
    assert probe.tryLock(0)
    pid, host, name = probe.getLockInfo()
    probe.unlock()
    (data / "autosave.lock").write_text(left.format(pid=pid, name=name, host=host))
    asked = []
    restored = startup_session("northsea-1940", None, lambda: asked.append(1) or True)
    assert asked == [1] and restored.game.state.phase == "battle"
    assert (data / "autosave.json").read_bytes() == crashed
    restored.play(restored.game.ruleset.end_phase(restored.view()))
    assert GameSession.open(str(data / "autosave.json")).game.state.phase == "noncombat_move"


HOLDER = """
import os, sys
from PySide6.QtCore import QLockFile
lock = QLockFile(sys.argv[1])
lock.setStaleLockTime(0)
assert lock.tryLock(0)
print("locked", flush=True)
if sys.argv[2] == "crash":
    os._exit(9)
sys.stdin.readline()
"""


@pytest.mark.slow
def test_a_running_instance_keeps_its_game_and_a_killed_ones_is_offered(data):
    crashed = crashed_game(phases=2)
    lock = str(data / "autosave.lock")
    running = subprocess.Popen([sys.executable, "-c", HOLDER, lock, "run"], text=True,
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        assert running.stdout is not None and running.stdout.readline() == "locked\n"
        assert GameSession.pending_autosave() is None
    finally:
        running.kill()
        running.wait()
    killed = subprocess.run([sys.executable, "-c", HOLDER, lock, "crash"],
                            capture_output=True, text=True, timeout=60)
    assert killed.stdout == "locked\n" and Path(lock).exists()
    restored = startup_session("northsea-1940", None, lambda: True)
    assert restored.game.state.phase == "battle"
    assert (data / "autosave.json").read_bytes() == crashed


# ---- 4. temp files ----------------------------------------------------------------------------
@pytest.mark.parametrize("failure", [KeyboardInterrupt(), FULL_DISK])
def test_write_atomic_leaves_the_old_file_and_no_temp_file_whatever_stops_it(
        tmp_path, monkeypatch, failure):
    path = tmp_path / "game.json"
    path.write_text("old")

    def fsync(fd: int) -> None:
        raise failure

    monkeypatch.setattr(os, "fsync", fsync)
    with pytest.raises(BadInput if isinstance(failure, OSError) else KeyboardInterrupt) as info:
        write_atomic(path, "new")
    if isinstance(failure, OSError):
        assert str(info.value) == f"{path}: cannot be written (No space left on device)"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]
    assert path.read_text() == "old"


def test_write_atomic_leaves_no_temp_file_when_the_text_cannot_be_encoded(tmp_path):
    with pytest.raises(UnicodeEncodeError):
        write_atomic(tmp_path / "game.json", "half a surrogate: \ud800")
    assert list(tmp_path.iterdir()) == []


def test_temp_files_left_by_a_killed_write_are_removed_on_start(data):
    data.mkdir()
    old = time.time() - 3600
    names = [".autosave.json.k1d9xq.tmp", ".autosave.json.young.tmp",
             ".last-session.json.a8b.tmp", ".autosave-4242.json.z1.tmp",
             ".autosave-4343.json.busy.tmp", ".mygame.json.x7.tmp", "game.json"]
    for name in names:
        (data / name).write_text("{}")
        if "young" not in name and "busy" not in name:
            os.utime(data / name, (old, old))
    startup_session("northsea-1940", None, never_asked)
    # The shared autosave's temps are stale whatever their age: this process holds its lock.
    # Another instance may be writing its own autosave or a save right now: only old ones go.
    assert sorted(p.name for p in data.iterdir() if p.name != "autosave.lock") == [
        ".autosave-4343.json.busy.tmp", ".mygame.json.x7.tmp", "game.json"]


# ---- 5. the file argument comes first ----------------------------------------------------------
def test_a_missing_file_fails_at_once_without_a_restore_question(qapp, monkeypatch, capsys,
                                                                 data):
    crashed = crashed_game()
    asked: list[int] = []
    monkeypatch.setattr("mineboard.qt.app._ask_restore", lambda: bool(asked.append(1)))
    assert run_app("nosuch", None) == 2
    assert asked == []
    err = capsys.readouterr().err
    assert err.startswith("mineboard: nosuch: no such file or bundled scenario")
    assert err.count("\n") == 1
    assert (data / "autosave.json").read_bytes() == crashed  # still offered next time
    assert GameSession.pending_autosave() == data / "autosave.json"


# ---- 6. a game on a map of the player's own -----------------------------------------------------
def custom_map_scenario(folder: Path) -> Path:
    """The Marches on a copy of its map beside the scenario, named by a relative path: a
    map the player drew, in a folder of the player's."""
    folder.mkdir(parents=True)
    shutil.copy(maps_dir() / "stars.geojson", folder / "mymap.geojson")
    doc = json.loads(resolve_scenario("imperium-marches").read_text(encoding="utf-8"))
    doc["map"] = "mymap.geojson"
    (folder / "scenario.json").write_text(json.dumps(doc), encoding="utf-8")
    return folder / "scenario.json"


def test_a_custom_map_game_is_restored_after_a_crash_from_another_folder(
        qapp, data, tmp_path, monkeypatch):
    """Issue 24, item 13: the autosave named the map 'mymap.geojson', which the next start
    looked for in the data folder, beside the autosave."""
    custom_map_scenario(tmp_path / "A")
    monkeypatch.chdir(tmp_path / "A")
    session = GameSession.open("scenario.json")
    session.play(session.game.ruleset.end_phase(session.view()))
    played = session.game.state
    assert GameSession.pending_autosave() == data / "autosave.json"
    (tmp_path / "elsewhere").mkdir()
    monkeypatch.chdir(tmp_path / "elsewhere")
    warned: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning",
                        lambda parent, title, text: warned.append(f"{title}|{text}"))
    restored = startup_session("northsea-1940", None, lambda: True)
    assert warned == []
    assert restored.game.state == played
    assert restored.scenario.board.content_hash == session.scenario.board.content_hash
    # ... and the map stays with the game: its next autosave restores too, with the
    # player's folder gone.
    shutil.rmtree(tmp_path / "A")
    restored.play(restored.game.ruleset.end_phase(restored.view()))
    again = GameSession.restore(data / "autosave.json")
    assert again.game.state == restored.game.state
