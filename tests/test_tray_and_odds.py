"""Issue 12, deliverables 4 and 5: the dice tray over the map and odds a player can read."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QFontMetrics

from mineboard.core.events import DiceRolled
from mineboard.qt.dice import CAPTION_FONT, CAPTION_LINES, tray_layout
from mineboard.qt.mainwindow import MainWindow
from mineboard.qt.session import GameSession
from mineboard.rules.imperium_mines.actions import Jump
from mineboard.rules.naval_lines.actions import Move
from tests.conftest import IMPERIUM, imperium, scenario
from tests.qt_helpers import click, shown_window, stack_point, status, zone_point

pytestmark = pytest.mark.usefixtures("private_data_dir")

FIELD = [{"line": "110|112", "owner": "Germany", "zone": "112", "count": 10}]
DESTROYERS = ("uk-destroyer-1", "uk-destroyer-2")


def window_for(qtbot, speed: str = "normal", base=None, seed: int = 21, **changes
               ) -> MainWindow:
    sc = scenario(base, **changes)
    return shown_window(qtbot, GameSession(sc, sc.new_game(seed)), speed)


def crossing(qtbot, speed: str = "normal") -> MainWindow:
    """Two British destroyers, not sweeping, about to cross ten German mines (seed ex. 2)."""
    return window_for(qtbot, speed, nation="United Kingdom", phase="combat_move",
                      minefields=FIELD)


def cross(w: MainWindow) -> None:
    assert w.controller.play(Move(DESTROYERS, ("110", "112")))


def log_rows(w: MainWindow) -> list[str]:
    return [w.log.item(i).text() for i in range(w.log.count())]


def on_screen(widget) -> QRect:
    return QRect(widget.mapToGlobal(QPoint(0, 0)), widget.size())


def settle_one(w: MainWindow) -> None:
    """Run the tray's clock until the die tumbling now has settled."""
    before = sum(d.settled for d in w.dice.dice)
    for _ in range(20):
        w.dice.advance()
        if sum(d.settled for d in w.dice.dice) > before:
            return
    pytest.fail("no die settled")


# ---- deliverable 4: the tray ------------------------------------------------------------

def test_tray_stays_inside_the_viewport_after_a_pan_and_a_resize(qtbot):
    w = crossing(qtbot)
    cross(w)
    assert w.dice.isVisible()
    viewport = w.view.viewport()
    assert on_screen(viewport).contains(on_screen(w.dice))
    w.view.zoom_by(3)
    w.view.pan_by(-250, -180)
    qtbot.wait(10)
    assert on_screen(viewport).contains(on_screen(w.dice))
    w.resize(1000, 700)
    qtbot.wait(20)
    assert on_screen(viewport).contains(on_screen(w.dice))
    assert w.dice.width() <= viewport.width()


def test_tray_sits_in_the_corner_away_from_the_roll(qtbot):
    w = crossing(qtbot)
    cross(w)
    rolled_at = w.view.mapFromScene(w.scene.anchors["112"])
    rolled_at = w.view.viewport().mapToGlobal(rolled_at)
    tray = on_screen(w.dice)
    middle = on_screen(w.view.viewport()).center()
    assert not tray.contains(rolled_at)
    # On the other side of the middle from the zone, across and up or down.
    assert (tray.center().x() - middle.x()) * (rolled_at.x() - middle.x()) < 0
    assert (tray.center().y() - middle.y()) * (rolled_at.y() - middle.y()) < 0


def test_log_rows_and_caption_wait_for_each_die_to_settle(qtbot):
    w = crossing(qtbot)
    before = len(log_rows(w))
    cross(w)
    record = w.session.game.records[-1]
    events = w.session.observation().events_of(record)
    rolls = [e for e in events if isinstance(e, DiceRolled)]
    assert len(rolls) >= 2
    lead = events.index(rolls[0])  # what comes before the first die shows at once
    assert len(log_rows(w)) == before + lead
    assert w.dice.busy and "rolled" not in w.dice.caption
    assert not any(d.settled for d in w.dice.dice)
    settle_one(w)
    assert len(log_rows(w)) == before + events.index(rolls[1])
    assert log_rows(w)[before:] == [e.line() for e in events[:events.index(rolls[1])]]
    assert w.dice.caption == rolls[0].text  # the second die tumbles: its words wait
    settle_one(w)
    assert log_rows(w)[before + events.index(rolls[1])] == rolls[1].line()


def test_skip_shows_every_die_and_every_row_at_once(qtbot):
    w = crossing(qtbot)
    before = len(log_rows(w))
    cross(w)
    events = w.session.observation().events_of(w.session.game.records[-1])
    assert w.dice.busy
    w.cancel_interaction()  # Esc while the dice tumble: skip, nothing else
    assert not w.dice.busy
    assert len(log_rows(w)) == before + len(events)
    assert all(d.settled for d in w.dice.dice)
    last = [e for e in events if isinstance(e, DiceRolled)][-1]
    assert w.dice.caption == last.text and w.dice.tally == last.tally
    assert w.dice.isVisible()  # left up to be read


def test_the_next_click_or_action_closes_the_tray(qtbot):
    w = crossing(qtbot, speed="off")
    cross(w)
    assert w.dice.isVisible() and not w.dice.busy
    w.end_phase()  # a new action that rolls nothing
    assert not w.dice.isVisible()
    w = crossing(qtbot, speed="off")
    cross(w)
    click(qtbot, w, zone_point(w, "110"))
    assert not w.dice.isVisible()


def test_the_tray_goes_down_with_the_hot_seat_cover(qtbot):
    w = window_for(qtbot, "off", nation="United Kingdom", phase="combat_move",
                   minefields=FIELD, options={"hidden_minefields": True})
    cross(w)
    assert w.dice.isVisible()
    while not w.cover.isVisible():
        w.end_phase()
    assert not w.dice.isVisible()


# ---- deliverable 5: odds a player reads -------------------------------------------------

def plan_crossing(qtbot, sweep: bool) -> MainWindow:
    w = crossing(qtbot, speed="off")
    click(qtbot, w, stack_point(w, "110", "United Kingdom"))
    w.controls.widgets["sweep"].setChecked(sweep)
    keep = {*DESTROYERS, "uk-escort-1"} if sweep else set(DESTROYERS)
    for i in range(w.selection.units.count()):
        item = w.selection.units.item(i)
        item.setCheckState(Qt.CheckState.Checked if item.data(Qt.ItemDataRole.UserRole)
                           in keep else Qt.CheckState.Unchecked)
    click(qtbot, w, zone_point(w, "112"))
    return w


def test_nl15_chart_says_each_outcome_in_words_percent_first_fraction_in_tooltip(qtbot):
    w = plan_crossing(qtbot, sweep=False)
    none = Fraction(2, 3) ** 10
    assert w.odds.lines()[:3] == [
        "surface ships lost (NL-15) — chance",
        f"lose 0 ships: {float(none) * 100:.1f} %",
        f"lose 1 ship: {float(10 * Fraction(1, 3) * Fraction(2, 3) ** 9) * 100:.1f} %"]
    assert w.odds.lines()[1] == "lose 0 ships: 1.7 %"
    assert f"lose 0 ships: {none}" in w.odds.toolTip()
    assert not re.search(r"\d+/\d+", status(w))


def test_nl15_breakdown_per_field_and_who_is_lost_first(qtbot):
    w = plan_crossing(qtbot, sweep=False)
    none = Fraction(2, 3) ** 10
    one = 10 * Fraction(1, 3) * Fraction(2, 3) ** 9
    expected = one + 2 * (1 - none - one)  # two ships, NL-15 stops at the second
    assert w.odds.preview.rows == (
        f"line 110|112, Germany 10 mines: lose none there 1.7 %, expect "
        f"{float(expected):.2f} lost",
        "Lost first by the casualty order: Destroyer 1, then Destroyer 2")
    assert f"{float(expected):.2f}" == "1.88"
    assert w.odds.lines()[-2:] == list(w.odds.preview.rows)


def test_nl22_breakdown_shows_what_sweeping_changes(qtbot):
    w = plan_crossing(qtbot, sweep=True)
    preview = w.odds.preview
    state = w.session.view()
    move = w.controller.mode.planned
    assert isinstance(move, Move) and move.sweepers == ("uk-escort-1",)
    from mineboard.rules.naval_lines.previews import route_odds

    unswept = route_odds(state, Move(move.units, move.path, losses=move.losses))
    swept = route_odds(state, move)
    assert preview.rows[-2] == (
        "Sweeping with 1 Escort (up to 3 dice a line): lose none "
        f"{float(swept.prob(0)) * 100:.1f} % instead of {float(unswept.prob(0)) * 100:.1f} %")
    assert preview.rows[0].startswith("line 110|112, Germany 10 mines, swept by 1 Escort: ")


JUMP = Jump(("IMP-1",), ("halcyon", "lumen", "pellucid"))


def test_im14_odds_for_every_system_on_the_route(qtbot):
    g = imperium(seed=5, segment=1)
    preview = g.ruleset.preview(g.observe("Imperial").view, JUMP)
    assert preview.title.startswith("Lumen, jump 1: 2 face-down counters")
    assert preview.rows == (
        "Lumen, jump 1: 2 face-down counters — runs afoul 27.8 % if they hide 1 mine "
        "point … 100.0 % if 8",  # 2d6 + 1 ≥ 10: 10/36
        "Pellucid, jump 2: 2 face-down counters — runs afoul 41.7 % if they hide 1 mine "
        "point … 100.0 % if 8")  # 2d6 + 1 + 1 (jump 2, IM-18) ≥ 10: 15/36
    assert preview.words[2] == "3 mine points"
    # Everything known (the teacher's view): the true points at each system.
    preview = g.ruleset.preview(g.state, JUMP)
    assert preview.rows == (
        "Lumen, jump 1: only false counters — no check (IM-16)",
        "Pellucid, jump 2: 3 mine points — runs afoul 72.2 %; if afoul, each ship escapes "
        "unhit 57.9 %")  # 26/36; (5/6)**3
    assert preview.summary == preview.rows[0]


def test_im18_status_bar_has_percent_and_words_never_a_raw_fraction(qtbot):
    g = imperium(seed=5, segment=1, minefields=[
        {"owner": "Terran", "system": "lumen", "points": 3, "false": 0}])
    preview = g.ruleset.preview(g.state, JUMP)  # everything known: the true points
    assert preview.summary == ("Lumen, jump 1: 3 mine points — runs afoul 58.3 %; if afoul, "
                               "each ship escapes unhit 57.9 %")  # 21/36; 125/216
    assert not re.search(r"\d+/\d+", preview.summary)


def test_gt11_chart_names_table_results_not_die_faces(qtbot):
    from mineboard.qt.docks import OddsChart
    from mineboard.rules.gwas_tactical.odds import HexQuery

    chart = OddsChart()
    chart.show_preview(HexQuery(mine_counters=2, impulse=5).preview())
    assert chart.lines() == ["Minefield Table result, each ship (GT-11) — chance",
                             "no effect: 16.7 %", "1 damage: 16.7 %", "2 damage: 16.7 %",
                             "3 damage: 33.3 %", "sunk: 16.7 %",
                             "What the results do — 1 damage: 1 hull point lost; 2 damage: 2 "
                             "hull points lost; 3 damage: 3 hull points lost; sunk: the ship "
                             "sinks."]
    assert "3 damage: 1/3" in chart.toolTip()


def test_imperium_window_chart_lists_every_system(qtbot):
    sc = scenario(IMPERIUM)
    g = sc.new_game(5)
    from tests.conftest import play

    for _ in range(2):
        play(g, "end_phase")
    w = MainWindow(GameSession(sc, g))
    w.set_speed("off")
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    from mineboard.qt.interactions import Selecting

    mode = Selecting(w.controller, "halcyon")
    w.controller.set_mode(mode)
    w.selection.tick_only("IMP-1")
    mode.plan(w.session.game.state.board.ref("pellucid"))
    assert any(line.startswith("Pellucid, jump 2") for line in w.odds.lines())


def test_while_the_last_die_rests_nothing_acts_for_the_side_not_yet_shown(qtbot):
    """A review: between the last die landing and the tray's end (half a second), the game
    had passed to the next side but the screen still showed the last: a click or a drag then
    moved the next side's ships, and End phase ended its phase."""
    w = crossing(qtbot)
    cross(w)
    while w.dice._timer.isActive():  # the dice tumble and land; the tray rests a moment
        w.dice.advance()
    assert w.dice.busy and w.dice._finishing
    played = len(w.session.game.records)
    w.end_phase()  # only ends the dice's show
    assert not w.dice.busy and len(w.session.game.records) == played
    assert not w.controller.play(w.session.game.ruleset.end_phase(w.session.view())) or \
        len(w.session.game.records) == played + 1  # once shown, actions go through again


def test_the_tray_heading_the_dice_and_the_words_each_have_their_own_band(qtbot):
    """Issue 24, item 5: the tally was written across the dice and a long caption cut off
    at one line. Ten mines rolled at two destroyers until both are hit (NL-15)."""
    w = crossing(qtbot, speed="off")
    cross(w)
    tray = w.dice
    assert tray.isVisible() and len(tray.dice) == 3 and tray.tally  # stops at 2 hits
    parts = tray.layout_for(tray.width())
    assert parts.dice and not any(parts.heading.intersects(d) for d in parts.dice)
    assert all(parts.caption.top() > d.bottom() for d in parts.dice)
    assert parts.caption_text == tray.caption  # every word of the roll is written
    wrapped = QFontMetrics(CAPTION_FONT).boundingRect(
        0, 0, int(parts.caption.width()), 10_000, int(Qt.TextFlag.TextWordWrap), tray.caption)
    assert wrapped.height() <= parts.caption.height()
    assert tray.height() == parts.height >= parts.caption.bottom()


def test_words_too_long_for_three_lines_end_in_an_ellipsis_after_a_whole_word():
    long = " ".join(f"word{i}" for i in range(120))
    parts = tray_layout(300, 3, long)
    assert parts.caption_text.endswith("…") and parts.caption_text[:-1] in long
    assert long.startswith(parts.caption_text[:-1] + " ")
    spacing = QFontMetrics(CAPTION_FONT).lineSpacing()
    assert parts.caption.height() <= CAPTION_LINES * spacing
