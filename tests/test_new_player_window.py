"""What a new player found in the window (issue 24): each finding reproduced by clicks and
kept as a test — the glow on the lines to mine, stacks that move, clicks read as what the
player could have meant, menus that say why, the cover at an open table, the window on a
small screen."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QPainterPathStroker

from mineboard.core.game import Game
from mineboard.qt import palette
from mineboard.qt.mainwindow import MainWindow
from mineboard.qt.session import GameSession
from tests.conftest import play, scenario
from tests.qt_helpers import click, line_point, shown_window, stack_point, status, zone_point

pytestmark = pytest.mark.usefixtures("private_data_dir")


def window_on(qtbot, g: Game[Any], sc: Any, size: tuple[int, int] = (1400, 900)) -> MainWindow:
    session = GameSession(sc, g)
    session.autosave_enabled = False
    w = shown_window(qtbot, session)
    w.resize(*size)
    qtbot.wait(50)
    w.view.fit()
    return w


def pick(qtbot, w: MainWindow, zone: str, nation: str, only: str) -> None:
    """Click the stack, then keep only ``only`` ticked (as in the Selection dock)."""
    click(qtbot, w, stack_point(w, zone, nation))
    for i in range(w.selection.units.count()):
        item = w.selection.units.item(i)
        keep = item.data(Qt.ItemDataRole.UserRole) == only
        item.setCheckState(Qt.CheckState.Checked if keep else Qt.CheckState.Unchecked)


def glow_pixels(w: MainWindow) -> int:
    """Pixels of the map drawn in the glow of lines that may be mined — on the screen as it
    stands (what the window last painted), not the map drawn afresh."""
    from PySide6.QtTest import QTest

    QTest.qWait(30)  # the window paints what changed
    viewport = w.view.viewport()
    corner = viewport.mapTo(w, viewport.rect().topLeft())
    image = w.screen().grabWindow(w.winId(), corner.x(), corner.y(), viewport.width(),
                                  viewport.height()).toImage()
    glow = palette.LINE_ELIGIBLE.darker(110)
    found = 0
    for y in range(0, image.height(), 2):
        for x in range(0, image.width(), 2):
            c = QColor(image.pixel(x, y))
            found += (abs(c.red() - glow.red()) < 20 and abs(c.green() - glow.green()) < 20
                      and abs(c.blue() - glow.blue()) < 40)
    return found


def escort_with_mines(unit: str = "ger-escort-3") -> tuple[Game[Any], Any]:
    sc = scenario(phase="noncombat_move")
    g = sc.new_game(3)
    play(g, "load_mines", unit=unit, count=1)
    return g, sc


# ---- 2. the glow ------------------------------------------------------------------------------

def test_nl07_the_glow_on_the_lines_to_mine_stays_through_a_zoom_step(qtbot):
    g, sc = escort_with_mines("ger-escort-1")
    w = window_on(qtbot, g, sc)
    pick(qtbot, w, "113", "Germany", "ger-escort-1")
    assert w.scene._glowing == {"112|113", "113|114", "113|121"}
    before = glow_pixels(w)
    assert before > 100
    w.view.zoom_by(1.25)  # one wheel step
    qtbot.wait(20)
    glow = w.scene.glow.sceneBoundingRect()
    assert all(glow.contains(w.scene.lines[way].path.controlPointRect())
               for way in w.scene._glowing)  # its bounds were empty: the view culled it
    assert glow_pixels(w) > before  # bigger, not gone


def test_nl07_the_glow_goes_once_the_mines_are_laid(qtbot):
    g, sc = escort_with_mines("ger-escort-1")
    w = window_on(qtbot, g, sc)
    w.view.zoom_by(1.25)  # a wheel step in: the map as a player reads it
    pick(qtbot, w, "113", "Germany", "ger-escort-1")
    click(qtbot, w, line_point(w, "113|121"))
    assert g.state.minefields[-1].line == "113|121"
    qtbot.wait(20)
    assert w.scene._glowing == set()
    fresh = window_on(qtbot, g, sc)  # the same game drawn anew: no glow anywhere
    fresh.view.setTransform(w.view.transform())
    fresh.view.centerOn(w.view.mapToScene(w.view.viewport().rect().center()))
    assert glow_pixels(w) < glow_pixels(fresh) + 10  # the old glow had stayed on the screen


def test_an_opened_stack_spreads_away_from_the_lines_that_glow(qtbot):
    """At zone 124 the stack opened to the right covers line 124|125 (its units took the
    clicks meant for the line); opened to the left it covers none."""
    from mineboard.qt.maps.items import FLIPS

    g, sc = escort_with_mines()
    w = window_on(qtbot, g, sc)
    pick(qtbot, w, "124", "Germany", "ger-escort-3")
    item = w.scene.stacks[("124", "Germany")]
    stroker = QPainterPathStroker()
    stroker.setWidth(4 / w.scene.view_scale)
    lines = [stroker.createStroke(w.scene.lines[way].path) for way in sorted(w.scene._glowing)]

    def covered(flip: tuple[bool, bool]) -> int:
        return sum(path.intersects(item.open_rect(flip)) for path in lines)

    assert item.opened and covered((False, False)) == 1
    assert covered(item.flip) == 0 == min(covered(f) for f in FLIPS)
    # and its units are still where clicks find them: tick one off and on again
    from tests.qt_helpers import unit_point

    click(qtbot, w, unit_point(w, item, "ger-escort-3"))
    assert "ger-escort-3" not in w.controller.chosen()


# ---- 3. stacks that move -------------------------------------------------------------------

def shifts(w: MainWindow) -> dict[tuple[str, str], tuple[float, float]]:
    return {key: (round(item.transform().dx(), 1), round(item.transform().dy(), 1))
            for key, item in w.scene.stacks.items()}


@pytest.mark.parametrize("size", [(1400, 900), (1024, 640)])
def test_stacks_stay_where_they_were_unless_their_own_units_move(qtbot, size):
    """The German cruiser sails 113 → 112: the stacks at 113 and 112 change, and only they
    may move; the German stack at 124 had jumped to another spot."""
    sc = scenario(phase="combat_move")
    g = sc.new_game(3)
    w = window_on(qtbot, g, sc, size)
    qtbot.wait(200)
    for unit, path in (("ger-escort-3", ["124", "123"]), ("ger-cruiser-1", ["113", "112"])):
        before = {k: (v, tuple(u.id for u in w.scene.stacks[k].units))
                  for k, v in shifts(w).items()}
        w.controller.play(g.ruleset.codec.parse({"kind": "move", "units": [unit],
                                                  "path": path}))
        qtbot.wait(200)
        after = shifts(w)
        moved = {k for k, (spot, units) in before.items() if k in after
                 and after[k] != spot and units == tuple(u.id for u in
                                                         w.scene.stacks[k].units)}
        assert moved == set(), f"{unit} moved {moved}, whose units did not change"


def test_buying_mines_moves_no_stack(qtbot):
    sc = scenario()
    g = sc.new_game(3)
    w = window_on(qtbot, g, sc, (1280, 800))
    qtbot.wait(200)
    before = shifts(w)
    w.controller.play(g.ruleset.codec.parse({"kind": "buy_mines", "count": 2}))
    qtbot.wait(200)
    assert shifts(w) == before


# ---- 4. a click read as what the player meant ----------------------------------------------

def test_nl05_a_click_near_a_zones_edge_in_combat_movement_plans_the_move(qtbot):
    """No ship carries mines in Combat Movement: a click a few pixels from line 110|112,
    inside zone 112, meant zone 112 (it was refused: 'NL-05: mines are laid only in
    Non-Combat Movement')."""
    sc = scenario(nation="United Kingdom", phase="combat_move")
    g = sc.new_game(3)
    w = window_on(qtbot, g, sc)
    pick(qtbot, w, "110", "United Kingdom", "uk-destroyer-1")
    near = QPointF(line_point(w, "110|112"))
    inward = QPointF(zone_point(w, "112")) - near
    inward /= max(1.0, (inward.x() ** 2 + inward.y() ** 2) ** 0.5)
    points = [(near + inward * k).toPoint() for k in (0.5, 1, 1.5, 2, 3)]
    point = next(p for p in points if (h := w.view.hit_at(QPointF(p))) is not None
                 and h.at.id == "110|112" and h.beneath is not None and h.beneath.id == "112")
    click(qtbot, w, point)
    assert "NL-05" not in status(w)
    assert w.controller.mode.planned is not None and w.controller.mode.target.id == "112"


def test_nl07_a_click_on_a_glowing_line_still_lays(qtbot):
    g, sc = escort_with_mines("ger-escort-1")
    w = window_on(qtbot, g, sc)
    pick(qtbot, w, "113", "Germany", "ger-escort-1")
    click(qtbot, w, line_point(w, "112|113"))
    assert g.state.minefields[-1].line == "112|113"


def test_nl05_a_click_near_a_line_where_no_order_may_be_given_is_the_zone_beneath(qtbot):
    """The review: the German stack at 113 picked in Combat Movement, a click a few pixels
    off line 112|113 inside the stack's own zone 113 was still refused as a lay of mines
    ('NL-05: mines are laid only in Non-Combat Movement'): no line glows, so it is 113."""
    sc = scenario(phase="combat_move")
    g = sc.new_game(3)
    w = window_on(qtbot, g, sc)
    click(qtbot, w, stack_point(w, "113", "Germany"))
    near = QPointF(line_point(w, "112|113"))
    inward = QPointF(zone_point(w, "113")) - near
    inward /= max(1.0, (inward.x() ** 2 + inward.y() ** 2) ** 0.5)
    points = [(near + inward * k).toPoint() for k in (0.5, 1, 1.5, 2, 3, 4)]
    point = next(p for p in points if (h := w.view.hit_at(QPointF(p))) is not None
                 and h.at.id == "112|113" and h.beneath is not None and h.beneath.id == "113")
    click(qtbot, w, point)
    assert "NL-05" not in status(w) and len(g.records) == 0
    assert "Not allowed" not in status(w)
