"""Results from outside the rules in the window (issue 26, item 7): the form built from the
result's fields opens for the side that enters it, the prompt for the other side once it
has lifted the hot-seat cover, and the log and the save show what was agreed.

The game (tests/outside_ruleset.py): Blue's b1 (3 ships) engages Red's r1 (2) at Corvan."""

from __future__ import annotations

import json
from typing import Any

import pytest
from PySide6.QtWidgets import QComboBox, QSpinBox

from mineboard.persistence.saves import load_save
from mineboard.qt.mainwindow import MainWindow
from mineboard.qt.outside_results import AcceptPrompt, ResultForm
from mineboard.qt.session import GameSession
from tests.outside_ruleset import Engage, outside_ruleset  # noqa: F401  (a fixture)
from tests.qt_helpers import log_lines

pytestmark = pytest.mark.usefixtures("private_data_dir")


def lift(qtbot, w: MainWindow, side: str) -> None:
    assert w.covered and w.cover.text == f"Pass to {side}"
    assert w.outside.dialog is None  # nothing of the game shows while covered
    w.cover.button.click()


def dialog(qtbot, w: MainWindow, kind: type) -> Any:
    qtbot.waitUntil(lambda: isinstance(w.outside.dialog, kind), timeout=3000)
    return w.outside.dialog


@pytest.fixture
def window(qtbot, outside_ruleset) -> MainWindow:  # noqa: F811
    session = GameSession(outside_ruleset, outside_ruleset.new_game(7))
    w = MainWindow(session)
    qtbot.addWidget(w)
    lift(qtbot, w, "Blue")
    assert w.controller.play(Engage("b1", "r1"))
    return w


def test_blue_fills_the_form_red_accepts_at_the_cover_and_the_save_shows_it(qtbot, window,
                                                                            tmp_path):
    w = window
    form = dialog(qtbot, w, ResultForm)
    assert (w.phase_label.text(), w.track_label.text()) == (
        "Turn 1 · Blue · Blue enters the result of the battle at Corvan",
        "then Red: accept or dispute ▸ Blue: Orders ▸ Red: Orders ▸ turn 2 · Blue: Orders")
    rows = {f: (e.minimum(), e.maximum()) for f, e in form.editors.items()
            if isinstance(e, QSpinBox)}
    assert rows == {"attacker_losses": (0, 3), "defender_losses": (0, 2)}
    combo = form.editors["holds_field"]
    assert isinstance(combo, QComboBox)
    assert [combo.itemText(i) for i in range(combo.count())] == ["attacker", "defender"]
    assert form.editors["attacker_losses"].toolTip() == (
        "Ships the attacking fleet lost (0 to 3: fleet b1 has 3 ships)")
    assert w.selection.todo.text() == (
        "Blue: enter the result of the battle at Corvan in its form (Game ▸ Result from "
        "outside the rules); Red then accepts it.")
    form.editors["attacker_losses"].setValue(1)
    form.editors["defender_losses"].setValue(2)
    form.enter.click()
    assert w.outside.dialog is None
    qtbot.wait(10)  # the window's offer runs after the change: the cover is up, none opens
    lift(qtbot, w, "Red")
    prompt = dialog(qtbot, w, AcceptPrompt)
    assert w.track_label.text() == "then Blue: Orders ▸ Red: Orders ▸ turn 2 · Blue: Orders"
    assert prompt.windowTitle() == "Accept the result of the battle at Corvan?"
    prompt.accept_button.click()
    lift(qtbot, w, "Blue")
    assert log_lines(w)[-4:] == [
        "OX-2: The battle at Corvan is settled outside these rules: Blue enters its result, "
        "Red accepts it",
        "OX-2: Blue enters the result of the battle at Corvan: Attacker losses: 1, defender "
        "losses: 2, holds field: attacker",
        "OX-2: Red accepts the result of the battle at Corvan: Attacker losses: 1, defender "
        "losses: 2, holds field: attacker",
        "OX-2: fleet r1 is lost"]
    path = tmp_path / "battle.json"
    w.session.save(path)
    saved = [e["action"] for e in json.loads(path.read_text())["actions"]]
    assert saved[1:] == [{"kind": "battle_result", "attacker_losses": 1, "defender_losses": 2},
                         {"kind": "accept_result"}]
    again = load_save(path).game
    assert again.ruleset.summary(again.state)["fleets"] == {
        "b1": ["Blue", "corvan", 2], "b2": ["Blue", "eidolon", 2]}


def test_a_dispute_sends_the_form_back_to_blue_with_reds_words(qtbot, window):
    w = window
    form = dialog(qtbot, w, ResultForm)
    form.editors["defender_losses"].setValue(2)
    form.enter.click()
    lift(qtbot, w, "Red")
    prompt = dialog(qtbot, w, AcceptPrompt)
    prompt.why.setText("r1 lost one ship")
    prompt.dispute_button.click()
    lift(qtbot, w, "Blue")
    again = dialog(qtbot, w, ResultForm)
    assert again is not form
    assert log_lines(w)[-1] == ("OX-2: Red disputes the result of the battle at Corvan (r1 "
                                "lost one ship): Blue enters it again")
    summary = w.session.game.ruleset.summary(w.session.game.state)["awaiting"]
    assert (summary["entered"], summary["disputes"]) == (None, 1)


def test_a_bad_result_is_refused_in_the_form_with_its_words_and_nothing_changes(qtbot,
                                                                               window):
    w = window
    form = dialog(qtbot, w, ResultForm)
    form.editors["attacker_losses"].setValue(3)  # every ship lost, yet holding the field
    records = len(w.session.game.records)
    form.enter.click()
    assert form.error.text() == ("OX-5: battle_result.holds_field: the attacker lost every "
                                 "ship and cannot hold the system")
    assert w.outside.dialog is form and form.isVisible()
    assert len(w.session.game.records) == records and not w.covered


def test_put_off_it_stays_closed_until_asked_for_and_the_hint_says_where(qtbot, window):
    w = window
    form = dialog(qtbot, w, ResultForm)
    form.reject()
    w.refresh()
    qtbot.wait(10)
    assert w.outside.dialog is None
    assert w.statusBar().currentMessage().endswith(
        "Blue: enter the result of the battle at Corvan in its form (Game ▸ Result from "
        "outside the rules); Red then accepts it.")
    w.outside.offer(asked=True)
    assert isinstance(w.outside.dialog, ResultForm)


def test_a_save_reopened_while_red_must_answer_waits_behind_reds_cover(qtbot, window,
                                                                     tmp_path):
    form = dialog(qtbot, window, ResultForm)
    form.editors["defender_losses"].setValue(1)
    form.enter.click()
    path = tmp_path / "answer.json"
    window.session.save(path)
    reopened = MainWindow(GameSession.open(str(path)))
    qtbot.addWidget(reopened)
    qtbot.wait(20)  # the offer runs after the window is drawn: the cover is up by then
    lift(qtbot, reopened, "Red")
    prompt = dialog(qtbot, reopened, AcceptPrompt)
    assert prompt.why.placeholderText() == "why you dispute it (Blue reads this)"


def test_by_email_the_form_at_blues_screen_and_the_prompt_at_reds(qtbot, outside_ruleset,  # noqa: F811
                                                                  tmp_path):
    from mineboard.persistence import pbem

    pbem.send(pbem.start(outside_ruleset, "Blue", "one"), tmp_path / "t0.json")
    pbem.send(pbem.join(pbem.read_turn(tmp_path / "t0.json"), "two"), tmp_path / "t1.json")
    w = MainWindow(GameSession(outside_ruleset, outside_ruleset.new_game(7)))
    qtbot.addWidget(w)
    w.by_email.open_turn_file(tmp_path / "t1.json", "one")
    assert w.session.pbem is not None and not w.covered  # one side at each screen
    assert w.controller.play(Engage("b1", "r1"))
    form = dialog(qtbot, w, ResultForm)
    form.editors["defender_losses"].setValue(2)
    form.enter.click()
    qtbot.wait(20)
    assert w.outside.dialog is None  # Red answers, at its own screen: nothing opens here
    assert w.selection.todo.text() == ("The game waits for Red to accept or dispute the "
                                       "result of the battle at Corvan.")
    pbem.send(w.session.pbem, tmp_path / "t2.json")
    w.by_email.open_turn_file(tmp_path / "t2.json", "two")
    prompt = dialog(qtbot, w, AcceptPrompt)
    prompt.accept_button.click()
    world = w.session.game
    assert world.ruleset.summary(world.state)["fleets"] == {
        "b1": ["Blue", "corvan", 3], "b2": ["Blue", "eidolon", 2]}
