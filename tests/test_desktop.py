"""Issue 13: what the desktop needs of the program itself — its icon, saved games with the
extension the desktop file registers, and a saved game opened from the desktop while the
program runs (as macOS sends it)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSize
from PySide6.QtGui import QFileOpenEvent

from mineboard.persistence.documents import read_document
from mineboard.qt.app import _DesktopOpens, app_icon
from mineboard.qt.session import GameSession
from tests.qt_helpers import shown_window

pytestmark = pytest.mark.usefixtures("private_data_dir")


def test_the_program_has_its_icon_at_every_size_it_is_drawn(qapp):
    sizes = app_icon().availableSizes()
    assert {QSize(n, n) for n in (16, 24, 32, 48, 64, 128, 256, 512)} <= set(sizes)


def test_save_as_keeps_the_extension_the_desktop_opens(qtbot, tmp_path, monkeypatch):
    w = shown_window(qtbot, GameSession.open("northsea-1940", 3))
    w.end_phase()
    monkeypatch.setattr("mineboard.qt.window_files.QFileDialog.getSaveFileName",
                        lambda *a, **k: (str(tmp_path / "my game"), ""))
    assert w.save_as()
    saved = tmp_path / "my game.mineboard"
    assert read_document(saved, "save").kind == "save"
    assert w.windowTitle() == "my game.mineboard[*] — mineboard"


def test_a_game_opened_from_the_desktop_while_running_replaces_the_one_shown(qtbot,
                                                                            tmp_path: Path):
    first = GameSession.open("northsea-1940", 3)
    first.play(first.game.ruleset.end_phase(first.view()))
    saved = tmp_path / "g.mineboard"
    first.save(saved)
    w = shown_window(qtbot, GameSession.open("jutland-horns-reef", 3))
    opens = _DesktopOpens(w)
    assert opens.eventFilter(w, QFileOpenEvent(str(saved)))
    assert w.session.path == saved and w.session.game.ruleset.id == "naval-lines"
    assert len(w.session.game.records) == 1
