"""A solo game in the window (issue 30, deliverable 4): chosen in File ▸ New game, the
program moves its side by itself through the same actions, undo stack and log as a player,
the player's seat never becomes the program's, and no cover rises between them."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QDialogButtonBox

from mineboard.core.game import PUBLIC
from mineboard.core.table import Table
from mineboard.qt.dialogs import NewGameDialog
from mineboard.qt.session import GameSession
from tests.qt_helpers import shown_window

pytestmark = pytest.mark.usefixtures("private_data_dir")


def to_move(window) -> str:  # type: ignore[no-untyped-def]
    return str(window.session.observation(PUBLIC).view.to_move)


def solo_window(qtbot, name: str, program: str, open_table: bool = False):  # type: ignore[no-untyped-def]
    w = shown_window(qtbot, GameSession.open(name, 3, Table(open=open_table, program=program)))
    w.program.pace_ms = 0
    return w


def test_the_new_game_dialog_offers_the_program_where_the_rules_state_a_policy(qtbot):
    dialog = NewGameDialog(None)
    qtbot.addWidget(dialog)
    names = [dialog.scenarios.item(i).data(256) for i in range(dialog.scenarios.count())]
    dialog.scenarios.setCurrentRow(names.index("imperium-marches"))
    offered = [dialog.opponent.itemText(i) for i in range(dialog.opponent.count())]
    assert offered == ["People play every side", "Solo: the program plays Imperial",
                       "Solo: the program plays Terran"]
    dialog.opponent.setCurrentIndex(2)
    assert dialog.policy.toPlainText().startswith("The program's policy: ")
    assert dialog.choice().table.program == "Terran"
    dialog.opponent.setCurrentIndex(0)
    assert dialog.choice().table.program is None and dialog.policy.isHidden()
    assert dialog.findChild(QDialogButtonBox) is not None


def test_the_program_takes_its_turn_and_hands_over_with_no_cover(qtbot):
    w = solo_window(qtbot, "imperium-marches", "Imperial")  # secrets, Imperial moves first
    assert w.session.seat() == "Terran" and not w.covered
    qtbot.waitUntil(lambda: to_move(w) == "Terran", timeout=5000)
    assert not w.covered and w.session.seat() == "Terran"
    assert all(r.by == "Imperial" for r in w.session.game.records)
    assert "solo: the program plays Imperial" in w.log.header
    # the Terran cannot see the Imperial's mines: the program's view was its own
    assert w.session.observation().view == w.session.game.observe("Terran").view


def test_undo_pauses_the_program_until_asked(qtbot):
    w = solo_window(qtbot, "northsea-1940", "Axis", open_table=True)
    w.solo_action.trigger()  # undo past dice: the program's moves may be taken back
    qtbot.waitUntil(lambda: to_move(w) == "Allies", timeout=5000)
    played = len(w.session.game.records)
    assert played > 0 and w.session.undo_stack.undoText().startswith("Program: ")
    w.undo_action.trigger()
    assert len(w.session.game.records) == played - 1 and to_move(w) == "Axis"
    qtbot.wait(200)
    assert len(w.session.game.records) == played - 1  # paused: not played again at once
    w.program_action.trigger()
    qtbot.waitUntil(lambda: len(w.session.game.records) == played, timeout=5000)


def test_a_solo_game_saved_and_opened_again_is_still_solo(qtbot, tmp_path):
    w = solo_window(qtbot, "imperium-marches", "Imperial")
    qtbot.waitUntil(lambda: to_move(w) == "Terran", timeout=5000)
    path = tmp_path / "solo.mineboard"
    w.session.save(path)
    again = GameSession.open(str(path))
    assert again.game.table.program == "Imperial" and again.seat() == "Terran"


def test_the_programs_secret_lays_never_reach_the_players_log_or_tray(qtbot):
    """imperium-marches, the program playing the Imperial: its minelayer lays at Corvan in
    secret (IM-08). Its moves are read as the player at the screen reads them — not, as in
    hot-seat, as the side that played them (nobody of that side is at the screen)."""
    w = solo_window(qtbot, "imperium-marches", "Imperial")
    shown: list[str] = []
    w.dice.play = lambda events: (shown.extend(e.text for e in events),  # type: ignore[method-assign]
                                  w._reveal(events))
    texts: list[str] = []  # each undo entry as it is pushed (hand-overs empty the stack)
    w.session.undo_stack.indexChanged.connect(
        lambda _i: texts.append(w.session.undo_stack.undoText()))
    qtbot.waitUntil(lambda: to_move(w) == "Terran", timeout=5000)
    w.end_phase()  # the Terran's Construction: the program's first action segment follows
    qtbot.waitUntil(lambda: any(r.action.kind == "lay_mines" for r in w.session.game.records)
                    and to_move(w) == "Terran", timeout=10000)
    lay = next(r for r in w.session.game.records if r.action.kind == "lay_mines")
    secret = [e.text for e in w.session.game.observe("Imperial").events_of(lay)]
    public = [e.text for e in w.session.game.observe("Terran").events_of(lay)]
    told = set(secret) - set(public)
    assert told and "Corvan" in " ".join(told)
    assert not told & set(shown)  # the dice tray, and through it the log
    assert not told & {e.text for e in w.session.observation().events()}
    assert "Corvan" not in " ".join(texts) and "Program: a secret move" in texts
    assert any(t.startswith("Program: IMP-1 heads for") for t in texts)  # public: said


def test_the_program_plays_nothing_once_its_window_has_closed(qtbot):
    w = shown_window(qtbot, GameSession.open("imperium-marches", 3, Table(program="Imperial")))
    session = w.session
    assert w.program._timer.isActive()  # its first move is due
    w.close()
    qtbot.wait(w.program.pace_ms + 300)
    assert session.game.records == [] and w.program.session is None
