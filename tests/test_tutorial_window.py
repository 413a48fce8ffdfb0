"""Help ▸ Tutorials in the window: each ruleset's tutorial run end to end by clicking the lit
places, as a newcomer does — wrong clicks refused gently with the game unchanged, each
result told with its clause and exact odds, Back and Next, progress kept for the next
start."""

from __future__ import annotations

from fractions import Fraction

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt

from mineboard.explorer.tutorials import click_ids, tutorial_title
from mineboard.qt.mainwindow import MainWindow
from mineboard.qt.session import GameSession, settings_path
from tests.qt_helpers import click, line_point, shown_window, status

pytestmark = pytest.mark.usefixtures("private_data_dir")

EXACT = {
    # (lesson, step made) → words its result must hold, exactly
    "naval-lines": ((1, 0), ["NL-15", "0 lost: 1024/59049 (1.73%)", "1 lost: 5120/59049 (8.67%)",
                             "2 lost: 17635/19683 (89.6%)"]),
    "gwas-tactical": ((2, 14), ["GT-11", "no effect: 1/3 (33.33%)", "1 damage: 1/6 (16.67%)",
                                "3 damage: 1/3 (33.33%)"]),
    "imperium-mines": ((1, 2), ["IM-18", "1 pt: 1/6 (16.67%)", "8 pt: 35/36 (97.22%)"]),
    "asl-minefields": ((3, 0), ["AM-28", "reaches B2 unharmed: 1/2 (50%)",
                                "eliminated at B2: 1/2 (50%)"]),
    "awaw-naval": ((2, 3), ["AW-184", "undetected: 1/3 (33.33%)", "4 ships: 1/6 (16.67%)"]),
}


def board_window(qtbot) -> MainWindow:
    return shown_window(qtbot, GameSession.open("northsea-1940", seed=3))


def lit_point(w: MainWindow, place: str) -> QPoint:
    """Where a player clicks the lit place: a line's visible part; else the point of its
    shape nearest its middle where a click means it (not a neighbour's counter)."""
    if place in w.session.scenario.board.ways:
        return line_point(w, place)
    tutor = w.tutor
    assert tutor.expected is not None and tutor.lit is not None
    means = click_ids(w.session.game.ruleset, w.session.view(), tutor.expected, place,
                      not tutor.clicked)
    centre = tutor.lit.point(place)
    assert centre is not None
    candidates = [centre]
    shape = w.scene.place_shape(place)
    if shape is not None and not shape[1]:
        box = shape[0].boundingRect()
        inside = [QPointF(box.left() + box.width() * i / 8, box.top() + box.height() * j / 8)
                  for i in range(1, 8) for j in range(1, 8)]
        candidates += sorted((p for p in inside if shape[0].contains(p)),
                             key=lambda p: (p - centre).manhattanLength())
    for candidate in candidates:
        point = w.view.mapFromScene(candidate)
        if w.view.viewport().rect().contains(point) and _means(w, point) & means:
            return point
    raise AssertionError(f"no point of {place} on screen where a click means it")


def _means(w: MainWindow, point: QPoint) -> set[str]:
    hit = w.view.hit_at(QPointF(point))
    if hit is None:
        return set()
    return {hit.at.id, *((hit.beneath.id,) if hit.beneath else ())}


def wrong_point(w: MainWindow) -> tuple[QPoint, str]:
    """A place on screen that is not lit: where a click means something else."""
    tutor = w.tutor
    assert tutor.expected is not None
    want = tutor.places()[len(tutor.clicked)]
    means = click_ids(w.session.game.ruleset, w.session.view(), tutor.expected, want,
                      not tutor.clicked)
    for place, anchor in w.scene.anchors.items():
        point = w.view.mapFromScene(anchor)
        hits = _means(w, point)
        if hits and not hits & means and w.view.viewport().rect().contains(point):
            return point, place
    raise AssertionError("every place on screen is lit")


def make_step(qtbot, w: MainWindow) -> None:
    """Make the step the lesson waits for, by clicks: the lit places in order, or the lit
    button in the panel where the step has no place on the map."""
    tutor = w.tutor
    assert tutor.panel is not None
    qtbot.wait(1)  # the docks take the panel's new text's size, the map is scrolled to fit
    places = tutor.places()
    if not places:
        assert tutor.panel.do_button.isVisible()
        qtbot.mouseClick(tutor.panel.do_button, Qt.MouseButton.LeftButton)
        return
    assert not tutor.panel.do_button.isVisible()
    for index, place in enumerate(places):
        assert tutor.lit is not None and tutor.lit.places == places[index:]
        click(qtbot, w, lit_point(w, place))


def snapshot(w: MainWindow) -> tuple[int, object]:
    game = w.session.game
    return len(game.records), game.ruleset.summary(game.state)


@pytest.mark.parametrize("ruleset_id", sorted(EXACT))
def test_a_tutorial_runs_end_to_end_by_clicks(qtbot, ruleset_id: str) -> None:
    w = board_window(qtbot)
    own = w.session
    tutor = w.tutor
    assert tutor.start(ruleset_id, resume=False)
    assert tutor.active and w.controller.gate == tutor.gate
    assert tutor.tutorial is not None
    lessons = tutor.tutorial.lessons
    assert tutor.panel is not None and tutor.dock is not None and tutor.dock.isVisible()
    refused_once = went_back = False
    (exact_at, exact_words) = EXACT[ruleset_id]
    made = 0
    while True:
        lesson, step = tutor.lesson, tutor.step
        demo = lessons[lesson].demo
        if step >= demo.spec.steps.__len__():
            if tutor.finished:
                break
            assert tutor.panel.next_button.isEnabled()
            assert tutor.panel.next_button.text() == "Next lesson ▸"
            qtbot.mouseClick(tutor.panel.next_button, Qt.MouseButton.LeftButton)
            assert (tutor.lesson, tutor.step) == (lesson + 1, 0)
            continue
        spec = demo.spec.steps[step]
        assert f"Step {step + 1} of {len(demo.spec.steps)}" in tutor.panel.todo.text()
        if not refused_once and tutor.places():  # a click elsewhere: refused, gently
            before = snapshot(w)
            point, _place = wrong_point(w)
            click(qtbot, w, point)
            want = w.session.scenario.board.ref(tutor.places()[0])
            words = f"Not yet — click the lit {want} first."
            assert tutor.panel.hint.isVisible() and tutor.panel.hint.text() == words
            assert status(w) == words
            assert snapshot(w) == before and (tutor.lesson, tutor.step) == (lesson, step)
            # the toolbar's End phase goes through the gate: refused as gently
            qtbot.mouseClick(w.end_button, Qt.MouseButton.LeftButton)
            assert tutor.panel.hint.text() == f"Not that — click the lit {want} first."
            assert snapshot(w) == before and (tutor.lesson, tutor.step) == (lesson, step)
            refused_once = True
        make_step(qtbot, w)
        made += 1
        assert (tutor.lesson, tutor.step) == (lesson, step + 1)
        last = tutor.last
        assert last is not None and last.index == step and last.ok
        told = tutor.panel.result.text()
        assert demo.clause.id in told
        if spec.refused is not None:
            assert last.refusal is not None and last.refusal.clause == spec.refused
            assert "The rules refuse it" in told and spec.refused in told
        for text in spec.odds.values():  # the exact odds, as fractions in lowest terms
            assert str(Fraction(text)) in told
        if last.record is not None:
            for event in w.session.observation().events_of(last.record)[:3]:
                assert event.clause in told
        if (lesson, step) == exact_at:
            for words in exact_words:
                assert words in told
        if not went_back and step >= 1 and step + 1 < len(demo.spec.steps):
            # Back replays the lesson up to the step before; Next makes it again
            records = len(w.session.game.records)
            undone = len(last.record.events) if last.record is not None else 0
            assert tutor.panel.back_button.isEnabled()
            qtbot.mouseClick(tutor.panel.back_button, Qt.MouseButton.LeftButton)
            assert (tutor.lesson, tutor.step) == (lesson, step)
            assert len(w.session.game.records) == records - (1 if undone else 0)
            assert tutor.panel.next_button.isEnabled()
            assert tutor.panel.next_button.text() == "Next ▸"
            qtbot.mouseClick(tutor.panel.next_button, Qt.MouseButton.LeftButton)
            assert (tutor.lesson, tutor.step) == (lesson, step + 1)
            assert tutor.panel.result.text() == told
            assert len(w.session.game.records) == records
            went_back = True
    assert refused_once and went_back
    assert made == sum(len(lesson.demo.actions) for lesson in lessons)
    assert "Tutorial finished" in tutor.panel.todo.text()
    assert ruleset_id in tutor.progress.finished and tutor.progress.current == ""
    assert settings_path().is_file()
    qtbot.mouseClick(tutor.panel.next_button, Qt.MouseButton.LeftButton)  # Finish ✓
    assert not tutor.active and w.session is own and not tutor.dock.isVisible()
    assert w.controller.gate is None
    # the next start of the program reads the progress again
    again = board_window(qtbot)
    assert again.tutor.progress.finished == {ruleset_id}
    again.tutorials_menu.aboutToShow.emit()  # as Help ▸ Tutorials opens
    entries = {a.objectName(): a.text() for a in again.tutorials_menu.actions()}
    assert again.tutorials_menu.actions()[0].text() == "&Resume (no tutorial begun)"
    assert not again.tutorials_menu.actions()[0].isEnabled()
    assert entries[f"tutorial-{ruleset_id}"] == \
        f"✓ {ruleset_id}: {tutorial_title(ruleset_id)}"
    others = [r for r in EXACT if r != ruleset_id]
    assert all(entries[f"tutorial-{r}"] == f"    {r}: {tutorial_title(r)}" for r in others)


def test_the_gate_holds_buttons_to_the_step_too(qtbot) -> None:
    """End phase on the toolbar, while the lesson waits for a click on the map: refused
    gently and nothing changes; when the lesson waits for the phase to end, it makes it."""
    w = board_window(qtbot)
    tutor = w.tutor
    assert tutor.start("naval-lines", resume=False)
    before = snapshot(w)
    qtbot.mouseClick(w.end_button, Qt.MouseButton.LeftButton)
    assert snapshot(w) == before and tutor.step == 0
    assert tutor.panel is not None
    assert tutor.panel.hint.text() == "Not that — click the lit sea zone 113 first."
    assert status(w) == "Not that — click the lit sea zone 113 first."
    tutor.open(2, 0)  # nl-19: the German phase ends first
    assert tutor.places() == () and tutor.panel.do_button.text() == "▶ End phase"
    qtbot.mouseClick(w.end_button, Qt.MouseButton.LeftButton)
    assert tutor.step == 1 and tutor.last is not None and tutor.last.ok
    assert len(w.session.game.records) == 1


def test_a_click_on_the_map_for_a_step_made_by_button_is_refused(qtbot) -> None:
    w = board_window(qtbot)
    tutor = w.tutor
    assert tutor.start("naval-lines", resume=False)
    tutor.open(2, 0)
    before = snapshot(w)
    click(qtbot, w, w.view.mapFromScene(w.scene.anchors["112"]))
    assert snapshot(w) == before and tutor.step == 0
    assert tutor.panel is not None
    assert tutor.panel.hint.text() == ("Not on the map — press the lit button “End phase” "
                                       "in the tutorial panel.")


def test_progress_resumes_where_it_was_left(qtbot) -> None:
    w = board_window(qtbot)
    tutor = w.tutor
    assert tutor.start("naval-lines", resume=False)
    make_step(qtbot, w)
    make_step(qtbot, w)
    assert (tutor.lesson, tutor.step) == (0, 2)
    assert tutor.panel is not None
    qtbot.mouseClick(tutor.panel.close_button, Qt.MouseButton.LeftButton)
    assert not tutor.active
    again = board_window(qtbot)
    again.tutorials_menu.aboutToShow.emit()  # as Help ▸ Tutorials opens
    resume = again.tutorials_menu.actions()[0]
    assert resume.text() == "&Resume — naval-lines, lesson 1, step 3"
    resume.trigger()
    assert again.tutor.active and (again.tutor.lesson, again.tutor.step) == (0, 2)
    assert len(again.session.game.records) == 2  # both steps replayed
    assert again.tutor.places() == ("112", "113|121")


def test_the_result_waits_for_the_dice(qtbot) -> None:
    w = board_window(qtbot)
    w.set_speed("fast")
    tutor = w.tutor
    assert tutor.start("naval-lines", resume=False)
    tutor.open(1, 0)
    make_step(qtbot, w)
    assert tutor.panel is not None
    assert tutor.waiting
    assert tutor.panel.result.text() == ("Watch the dice: the result is told once they "
                                         "have landed.")
    qtbot.waitUntil(lambda: not tutor.waiting, timeout=10000)
    assert "17635/19683" in tutor.panel.result.text()


def test_a_bad_tutorial_file_is_one_line_and_no_dialog(qtbot, tmp_path, monkeypatch) -> None:
    w = board_window(qtbot)
    own = w.session
    bad = tmp_path / "naval-lines.json"
    bad.write_text('{"mineboard_tutorial": 1}')
    monkeypatch.setattr("mineboard.qt.tutorial.tutorial_path", lambda _r: bad)
    assert not w.tutor.start("naval-lines")
    assert status(w) == f"Cannot open the tutorial: {bad}: needs field 'ruleset'"
    assert w.session is own and not w.tutor.active


def test_an_undo_behind_the_lessons_back_sets_it_back(qtbot) -> None:
    """Undo is the window's own: the lesson notices its board changed by hand, replays it
    to the step it waits for, and goes on from there."""
    w = board_window(qtbot)
    tutor = w.tutor
    assert tutor.start("naval-lines", resume=False)
    make_step(qtbot, w)
    make_step(qtbot, w)
    assert (tutor.step, len(w.session.game.records)) == (2, 2)
    w.undo()
    assert len(w.session.game.records) == 1
    click(qtbot, w, w.view.mapFromScene(w.scene.anchors["99"]))
    assert tutor.panel is not None
    assert tutor.panel.hint.text() == ("The board was changed by hand (an undo), so the "
                                       "lesson was set back to where it was: press Back to "
                                       "go over a step again.")
    assert (tutor.step, len(w.session.game.records)) == (2, 2)
    make_step(qtbot, w)
    assert tutor.step == 3 and tutor.last is not None and tutor.last.refusal is not None


def test_a_long_lesson_title_leaves_the_map_its_room(qtbot) -> None:
    """imperium's first lesson title ran to ~690 px on one line and widened the dock to
    half a 1280-pixel window: every heading of the panel wraps."""
    w = board_window(qtbot)
    assert w.tutor.start("imperium-mines", resume=False)
    panel = w.tutor.panel
    assert panel is not None and len(panel.where.text()) > 80
    assert panel.minimumSizeHint().width() < 420
