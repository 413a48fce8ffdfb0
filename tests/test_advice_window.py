"""Game ▸ Advise in the window (issue 30, deliverable 3): the dock lists the best lays with
their figures and numbers them on the map, Lay plays one like a click, the advice goes when
the game moves on, and a slow ranking shows a progress dialog whose Cancel changes nothing.
The rankings themselves are each ruleset's (test_advice_<ruleset>.py)."""

from __future__ import annotations

import time
from fractions import Fraction

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QProgressDialog

from mineboard.core.advice import Advice, Suggestion, rank
from mineboard.qt.session import GameSession
from mineboard.rules.naval_lines.ruleset import NavalLines
from tests.qt_helpers import shown_window

pytestmark = pytest.mark.usefixtures("private_data_dir")


SCORED: list[object] = []


def fake_advice(view, progress, pause: float = 0.0) -> Advice:  # type: ignore[no-untyped-def]
    """Two 'lays' that are the phase's first legal actions, with made-up figures."""
    ruleset = NavalLines()
    actions = ruleset.legal_actions(view)[:2]

    def score(action):  # type: ignore[no-untyped-def]
        SCORED.append(action)
        time.sleep(pause)
        expected = Fraction(1, 3) if action == actions[0] else Fraction(5, 6)
        return Suggestion(action, f"do {action.kind}", ("113",), expected, None, "because")

    return rank(actions * (1 if not pause else 10), score, side=str(view.to_move),
                title="Advice for a test", unit="ships lost", model="a stand-in",
                progress=progress)


@pytest.fixture
def advised(monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setattr(NavalLines, "advise",
                        lambda self, view, target=None, progress=None: fake_advice(view,
                                                                                   progress))


def test_the_best_lays_are_listed_numbered_on_the_map_and_laid_by_a_button(qtbot, advised):
    w = shown_window(qtbot, GameSession.open("northsea-1940", 3))
    assert not w.docks["advice"].isVisible()
    w.advise_action.trigger()
    assert w.docks["advice"].isVisible()
    rows = [w.advice_panel.list.item(i).text() for i in range(w.advice_panel.list.count())]
    assert rows[0].endswith("expected ships lost 0.83 (5/6)")
    assert len(w.advice_layer.labels) == 2 and w.advice_layer.labels[0].text == "1"
    assert not w.advice_layer.outline.path().isEmpty()
    assert w.advice_panel.model.text() == "Model: a stand-in"
    assert w.advice_panel.accuracy.text().startswith("Exact: all 2 lays examined")
    best = w.advice_panel.advice.best[0].action
    before = len(w.session.game.records)
    w.advice_panel.lay_button.click()
    assert len(w.session.game.records) == before + 1
    assert w.session.game.records[-1].action == best
    # the game moved on: the advice shown was for the moment before
    assert w.advice_panel.advice is None and w.advice_panel.list.count() == 0
    assert w.advice_layer.labels == [] and w.advice_layer.outline.path().isEmpty()
    assert w.scene.advice_tips == {}


def test_a_ruleset_without_advice_says_why(qtbot):
    w = shown_window(qtbot, GameSession.open("awaw-narrow-seas", 3))
    w.advise_action.trigger()
    ruleset = w.session.game.ruleset
    assert w.advice_panel.title.text() == f"{ruleset.title}: {ruleset.no_advice}."
    assert w.advice_panel.list.count() == 0 and not w.advice_panel.lay_button.isEnabled()


def test_a_slow_ranking_shows_progress_and_cancel_changes_nothing(qtbot, monkeypatch):
    monkeypatch.setattr(NavalLines, "advise",
                        lambda self, view, target=None, progress=None: fake_advice(
                            view, progress, pause=0.03))
    w = shown_window(qtbot, GameSession.open("northsea-1940", 3))
    seen: list[bool] = []

    def cancel() -> None:
        dialog = next((d for d in QApplication.topLevelWidgets()
                       if isinstance(d, QProgressDialog) and d.isVisible()), None)
        if dialog is None:
            QTimer.singleShot(20, cancel)
            return
        seen.append(True)
        dialog.cancel()

    QTimer.singleShot(0, cancel)
    SCORED.clear()
    w.advise_action.trigger()
    assert seen == [True]
    assert 1 <= len(SCORED) < 20  # shown once the whole would take past 200 ms; stopped
    assert w.advice_panel.advice is None
    assert w.advice_panel.title.text() == "advice cancelled: nothing was changed."
    assert w.session.game.records == []


def test_germanys_real_advice_lays_escort_1_on_the_line_the_british_can_reach(qtbot):
    """northsea-1940 played by the Axis's own policy up to its first lay: the advisor's top
    lay (112|113, one British ship expected, the only line a British group reaches) is
    numbered 1 on the map and laid by the button as a click would."""
    from mineboard.core.opponent import choose
    from mineboard.persistence.scenario import load_scenario
    from mineboard.resources import resolve_scenario

    scenario = load_scenario(resolve_scenario("northsea-1940"))
    game = scenario.new_game(3)
    while not game.records or game.records[-1].action.kind != "load_mines":
        game.play(choose(game.ruleset, game.observe("Axis").view).action)
    w = shown_window(qtbot, GameSession(scenario, game))
    w.advise_action.trigger()
    advice = w.advice_panel.advice
    assert advice is not None and advice.exact
    assert [(s.places, s.expected) for s in advice.best] == [
        (("112|113",), Fraction(1)), (("113|114",), Fraction(0)), (("113|121",), Fraction(0))]
    assert w.advice_layer.labels[0].pos() == w.scene.place_shape("112|113")[0].pointAtPercent(
        0.5)
    tip = w.scene.advice_tips["112|113"]
    assert tip.startswith("Advice 1: Escort 1: 3 mines on line 112|113 (from zone 113)\n"
                          "expected ships lost 1.00 (1)\n")
    assert "United Kingdom's 4 ships in 110" in tip and w.advice_layer.labels[0].toolTip() == tip
    w.advice_panel.lay_button.click()
    laid = w.session.game.records[-1].action
    assert (laid.kind, laid.line) == ("lay_mines", "112|113")
    assert w.session.undo_stack.undoText() == "Escort 1: 3 mines on line 112|113 (from zone 113)"


def test_advice_worked_out_while_the_turn_passed_is_shown_to_nobody(qtbot, monkeypatch):
    """Hot-seat: the Axis asks for advice and the phase ends while it is worked out (a
    click that slipped in): the cover rises, and the Allies, lifting it, find nothing of
    the Axis's advice — neither in the dock nor on the map."""
    from tests.qt_helpers import uncover

    w = shown_window(qtbot, GameSession.open("northsea-1940-hidden", 3))
    uncover(qtbot, w)
    game = GameSession.open("northsea-1940-hidden", 3).game
    phases = 0
    while game.observe("Axis").view.to_move == "Axis":
        game.play(game.ruleset.end_phase(game.observe("Axis").view), by="Axis")
        phases += 1
    for _ in range(phases - 1):  # up to the Axis's last phase before the hand-over
        w.end_phase()
    assert not w.covered and w.session.seat() == "Axis"

    def advise_while_the_turn_passes(self, view, target=None, progress=None):  # type: ignore[no-untyped-def]
        w.end_phase()  # the hand-over: the cover rises at once
        return fake_advice(view, progress)

    monkeypatch.setattr(NavalLines, "advise",
                        lambda self, view, target=None, progress=None: fake_advice(view,
                                                                                   progress))
    w.advise_action.trigger()  # the Axis's advice, shown
    assert w.advice_panel.advice is not None and w.advice_layer.labels
    monkeypatch.setattr(NavalLines, "advise", advise_while_the_turn_passes)
    w.advise_action.trigger()  # asked again: the turn passes while it is worked out
    assert w.covered
    assert w.advice_panel.advice is None and w.advice_layer.labels == []
    assert w.scene.advice_tips == {}
    uncover(qtbot, w)
    assert w.session.seat() == "Allies"
    assert w.advice_panel.advice is None and w.advice_panel.list.count() == 0
