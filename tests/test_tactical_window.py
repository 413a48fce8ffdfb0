"""gwas-tactical in the window by clicks: place counters, finish setup, run into a mixed hex."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt

from mineboard.core.planning import Selection
from mineboard.qt.mainwindow import MainWindow
from mineboard.qt.maps.picture import BACK, Face
from mineboard.qt.session import GameSession
from tests.conftest import JUTLAND, mixed_hex_setup, scenario
from tests.qt_helpers import click, status, uncover

pytestmark = pytest.mark.usefixtures("private_data_dir")


def window(qtbot, **changes) -> MainWindow:
    sc = scenario(JUTLAND, **changes)
    w = MainWindow(GameSession(sc, sc.new_game(4)))
    w.set_speed("off")
    qtbot.addWidget(w)
    w.resize(1400, 900)
    w.show()
    qtbot.waitExposed(w)
    uncover(qtbot, w)  # a game with secrets opens covered: its first side sits down
    w.view.fit()
    w.view.zoom_by(1.6)
    return w


def hex_point(w: MainWindow, label: str) -> QPoint:
    w.view.centerOn(w.scene.anchors[label])
    return w.view.mapFromScene(w.scene.anchors[label])


def test_setup_by_clicks_then_a_ship_enters_a_mixed_hex(qtbot):
    changes, target, other, start = mixed_hex_setup(("A", "B"))
    w = window(qtbot, **changes)
    assert "4 counters" in w.phase_label.text() and "at most 2 mines" in w.phase_label.text()
    lit = {t.id for t in w.session.game.ruleset.targets(w.session.view(), Selection(
        options={"counter": "mine"}))}
    assert target in lit and "1510" not in lit
    click(qtbot, w, hex_point(w, "1510"))  # mines may not go that far from the ring
    assert "GT-06" in status(w)
    click(qtbot, w, hex_point(w, target))
    click(qtbot, w, hex_point(w, other))
    w.controls.widgets["counter"].setCurrentIndex(1)  # Dummy
    click(qtbot, w, hex_point(w, target))
    w.end_phase()
    assert "GT-08" in status(w)  # one counter still to place
    click(qtbot, w, hex_point(w, "1510"))  # a dummy may go anywhere
    assert w.session.game.state.placed("German") == (2, 2)
    w.end_phase()
    uncover(qtbot, w)
    # The review: the German's Mine/Dummy choice carried over to the British setup.
    assert w.controls.values["counter"] == "mine"
    # The British see four backs, never which are mines.
    backs = [f for (lbl, o), m in w.scene.markers.items() if o == "German" for f in m.faces]
    assert len(backs) == 4 and all(f == BACK for f in backs)
    lines = [w.log.item(i).text() for i in range(w.log.count())]
    assert not any(line.startswith("Briefing for German") for line in lines)
    assert "mine" not in "\n".join(line for line in lines  # but the British's own briefing
                                   if not line.startswith("Briefing for British:"))
    w.end_phase()  # the British have nothing to place: the battle begins
    uncover(qtbot, w)
    w.end_phase()  # German impulse 1: nothing moves
    uncover(qtbot, w)
    assert w.session.game.state.active == "British" and w.session.game.state.impulse == 1
    stack = w.scene.stacks[(start, "British")]
    w.view.centerOn(stack.pos())
    click(qtbot, w, w.view.mapFromScene(stack.pos()) + QPoint(round(stack.transform().dx()),
                                                              0))
    click(qtbot, w, hex_point(w, target))
    click(qtbot, w, hex_point(w, target))
    record = w.session.game.records[-1]
    flip = next(e for e in record.events if e.kind == "CountersFlipped")
    assert (flip.data["mines"], flip.data["dummies"]) == (1, 1)
    rolls = [e for e in record.events if e.kind == "MinefieldRoll"]
    assert sorted(e.data["ship"] for e in rolls) == ["A", "B"]  # one roll per ship (GT-11)
    left = w.session.game.state.counters_in(target)
    assert [(c.mine, c.face_up) for c in left] == [(True, True)]
    marker = w.scene.markers[(target, "German")]
    assert marker.faces == (Face("M", up=True),)


def test_the_log_and_the_dice_point_at_the_hex_where_it_happened(qtbot):
    """Events carry a PlaceRef, so pointing at the map works for hexes as for lines."""
    w = window(qtbot)
    w.end_phase()  # German approach: nothing to cross
    uncover(qtbot, w)
    stack = w.scene.stacks[("0610", "British")]
    w.view.centerOn(stack.pos())
    click(qtbot, w, w.view.mapFromScene(stack.pos()) + QPoint(round(stack.transform().dx()),
                                                              0))
    qtbot.mouseClick(w.controls.buttons["Roll for crossing the boundary (GT-02)"],
                     Qt.MouseButton.LeftButton)
    rolled = [i for i in range(w.log.count()) if "Minefield Table" in w.log.item(i).text()]
    assert rolled

    def lit() -> QPointF:
        return w.scene.highlight.path().boundingRect().center()

    w.log.itemClicked.emit(w.log.item(rolled[0]))  # Lion's roll: its hex lights up
    assert (lit() - w.scene.anchors["0610"]).manhattanLength() < 1
    # and its number is written by it, readable at any zoom (the review: hex numbers were
    # invisible at the fitted zoom although the log names hexes)
    callout = w.scene.callouts["0610"]
    assert callout.text == "hex 0610" and callout.pos() == w.scene.anchors["0610"]
    assert callout.isVisible() and callout.sceneBoundingRect().bottom() < lit().y()
    qtbot.waitUntil(lambda: "0610" not in w.scene.callouts, timeout=3000)  # gone again
    w.scene.flash(None, False)
    assert w.scene.highlight.path().isEmpty()
    roll = next(e for e in w.session.observation().events() if e.data.get("ship") == "Lion")
    w.dice.flash.emit(roll.at, True)  # a die that counts flashes where it was rolled
    assert (lit() - w.scene.anchors["0610"]).manhattanLength() < 1


def test_gt02_picking_a_ship_that_must_cross_shows_the_odds_of_its_boundary_roll(qtbot):
    """Issue 24: the odds panel said 'No move planned' before a boundary roll. Picking a
    British ship in the approach shows its Minefield Table roll, exactly, if the boundary is
    mined (the German logsheet is secret); a refused click elsewhere leaves it shown."""
    from fractions import Fraction

    w = window(qtbot)
    w.end_phase()  # German approach: nothing to cross
    uncover(qtbot, w)
    assert w.odds.title == "No move planned"
    stack = w.scene.stacks[("0610", "British")]
    w.view.centerOn(stack.pos())
    click(qtbot, w, w.view.mapFromScene(stack.pos()))
    assert w.selection.chosen() == ["Lion"]
    preview = w.odds.preview
    assert preview is not None
    assert preview.title == "Lion crosses the west boundary (C|W) into the battle zone"
    assert preview.outcomes == (("no effect", Fraction(2, 3)), ("1 damage", Fraction(1, 6)),
                                ("2 damage", Fraction(1, 6)))
    assert w.odds.lines()[:5] == ["Minefield Table result, each ship (GT-02) — chance",
                                  "no effect: 66.7 %", "1 damage: 16.7 %", "2 damage: 16.7 %",
                                  "What the results do — 1 damage: 1 hull point lost; "
                                  "2 damage: 2 hull points lost."]
    assert "1 damage: 1/6" in w.odds.toolTip()
    click(qtbot, w, hex_point(w, "0710"))  # ships do not move in the approach: refused
    assert "TURN" in status(w) and w.odds.preview == preview
    qtbot.mouseClick(w.controls.buttons["Roll for crossing the boundary (GT-02)"],
                     Qt.MouseButton.LeftButton)
    assert w.odds.title == "No move planned"  # rolled: nothing left to roll for


def test_hex_numbers_are_written_at_the_fitted_zoom_and_give_way_far_out(qtbot):
    """Issue 24: "gwas hexes have no numbers." Fitted in a 1400×900 window (hexes of 18.5
    pixels) each hex carries its number at its top, as on a printed tactical map; far out
    the numbers go, as they could not be read."""
    w = window(qtbot)
    qtbot.wait(200)  # the docks are laid out: the map's own part of the window is settled
    w.view.fit()
    grid = w.scene.grid_item

    def shown() -> list[str]:
        seen = w.view.mapToScene(w.view.viewport().rect()).boundingRect()
        return grid.labels_in(seen, w.view.transform().m11())

    def inked(label: str) -> int:
        """Dark pixels in the top part of an empty hex, where its number goes."""
        image = w.view.viewport().grab().toImage()
        ratio = image.devicePixelRatio()
        centre = w.view.mapFromScene(w.scene.anchors[label])
        size = w.scene.grid.layout.size * w.view.transform().m11()
        top = centre.y() - 0.87 * size
        return sum(1 for x in range(round(centre.x() - size / 2), round(centre.x() + size / 2))
                   for y in range(round(top), round(top + 0.45 * size))
                   if image.pixelColor(round(x * ratio), round(y * ratio)).red() < 120)

    assert 17 <= w.scene.grid.layout.size * w.view.transform().m11() < 22
    assert "0610" in shown() and "1212" in shown() and len(shown()) == 600
    assert inked("1212") > 5  # the hex has no counter: its number shows
    w.view.zoom_by(0.5)
    assert shown() == [] and inked("1212") == 0
