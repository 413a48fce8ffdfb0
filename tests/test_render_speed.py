"""Issue 11, the board drawn fast on the game's own scenes: the budgets of the screen
benchmarks (with a CI margin), and what the level of detail must still show.

The benchmarks build the game's own boards (``mineboard/qt/bench.py``): real games, the
ruleset's window code and scene, the window's view at 1920×1080. The boards of 10,000 hexes
and 3,000 zones take seconds to build, so their budgets are slow tests.
"""

from __future__ import annotations

import statistics

import pytest
from PySide6.QtCore import QPointF, QRect
from PySide6.QtGui import QColor, QImage, QRegion
from PySide6.QtWidgets import QGraphicsSceneHelpEvent, QToolTip

from mineboard.maps.model import NAVAL_LINE
from mineboard.qt.bench import (
    LARGE,
    SAMPLES,
    SCALE_ONLY,
    SCREEN,
    Screen,
    area_game,
    northsea_game,
    tactical_game,
)
from mineboard.qt.maps.area import MINED_LINE, AreaScene
from mineboard.qt.maps.hexes import HexScene
from mineboard.qt.maps.items import ScreenItem, StackItem
from mineboard.qt.maps.picture import Picture
from mineboard.qt.maps.scene import Hit

MARGIN = 3.0
"""CI machines are slower and busier than the one the budgets were set on."""
SAMPLES_PER_TEST = 5

pytestmark = pytest.mark.timing


def _large(name: str) -> bool:
    return any(f"_{board}_" in name for board in (*LARGE, *SCALE_ONLY))


@pytest.mark.parametrize("name", [pytest.param(n, marks=pytest.mark.slow) if _large(n) else n
                                  for n in SAMPLES if "_asl20_" not in n])
def test_issue11_screen_budgets_hold_on_the_games_own_scenes(qapp, name):
    """Every scene's budgets (the 4×5 asl battlefield's two frames the issue names are held
    by tests/test_asl_boards.py; its pan and zoom figures are reported by the bench)."""
    sample, budget_ms = SAMPLES[name]
    sample()  # the board is built and the view placed outside the timing
    median_ms = statistics.median(sample() for _ in range(SAMPLES_PER_TEST)) * 1000
    assert median_ms <= MARGIN * budget_ms, f"{name}: {median_ms:.3f} ms"


# ---- what the view paints ------------------------------------------------------------------


def grab(s: Screen) -> QImage:
    return s.view.viewport().grab().toImage()


def near(image: QImage, point: QPointF, colour: str, radius: int = 3) -> bool:
    """Whether ``colour`` (within a few levels) is painted around ``point``."""
    want = QColor(colour)
    for dx in range(-radius, radius + 1):
        for dy in range(-radius, radius + 1):
            got = image.pixelColor(round(point.x()) + dx, round(point.y()) + dy)
            if max(abs(got.red() - want.red()), abs(got.green() - want.green()),
                   abs(got.blue() - want.blue())) <= 12:
                return True
    return False


def on_screen(s: Screen, item: ScreenItem) -> QPointF:
    """Where the middle of a screen item lands on the viewport."""
    return QPointF(s.view.mapFromScene(item.mapToScene(QPointF(0, 0))))


def painted_in(s: Screen, image: QImage, item: ScreenItem, colour: str) -> bool:
    """Whether ``colour`` shows anywhere in the item's own rectangle on the viewport."""
    box = s.view.mapFromScene(item.mapToScene(item.boundingRect())).boundingRect()
    return any(near(image, QPointF(x, y), colour, radius=0)
               for x in range(max(0, box.left()), min(image.width(), box.right() + 1))
               for y in range(max(0, box.top()), min(image.height(), box.bottom() + 1)))


def test_issue11_far_out_each_stack_is_still_drawn_as_a_pip_in_its_owners_colour(qapp):
    s = Screen.of(*tactical_game(60, 60, 300))
    assert isinstance(s.scene, HexScene) and s.scene.far  # hexes ~10 px: far out
    image = grab(s)
    colours = {"German": "#5A5A5A", "British": "#E69F00"}
    for (place, owner), stack in s.scene.stacks.items():
        assert stack.pixmap().deviceIndependentSize().width() <= 24  # a pip, not a counter
        assert near(image, on_screen(s, stack), colours[owner]), (place, owner)
    s.view.zoom_by(2.5)  # close enough to read: counters again, 34 px across
    assert not s.scene.far
    assert all(st.pixmap().deviceIndependentSize().width() >= StackItem.SIZE
               for st in s.scene.stacks.values())


def test_issue11_a_zoomed_out_area_map_keeps_units_and_mined_lines_not_a_blank(qapp):
    s = Screen.of(*area_game(300))
    s.view.resize(640, 360)  # zones a dozen pixels across: numbers cannot be read
    assert isinstance(s.scene, AreaScene) and s.scene.tiny
    assert not s.scene.numbers.isVisible()
    image = grab(s)
    seen = {owner for (_place, owner), stack in s.scene.stacks.items()
            if near(image, on_screen(s, stack), s.scene.colour(owner).name())}
    assert seen == {"Germany", "United Kingdom", "France"}
    mined = {w for w, line in s.scene.lines.items() if line.mined}
    assert mined == {way for way, _owner in s.scene.markers}
    assert all(m.isVisible() and m.pixmap().deviceIndependentSize().width() < 50
               for m in s.scene.markers.values())  # compact, on their lines
    # Markers crowd each other this far out, but every owner's mine glyph shows.
    fields = {owner for (_way, owner), marker in s.scene.markers.items()
              if painted_in(s, image, marker, s.scene.colour(owner).name())}
    assert fields == {"Germany", "United Kingdom", "France"}


def test_issue11_mined_lines_are_drawn_in_the_mined_colour_where_no_marker_covers_them(qapp):
    s = Screen.of(*northsea_game())
    assert isinstance(s.scene, AreaScene)
    s.scene.show(Picture(owners=s.scene.picture.owners, marked=set(s.scene.picture.marked)))
    s.settle()
    image = grab(s)
    board = s.scene.board
    for way in sorted(s.scene.picture.marked):
        geom = board.ways[way].geometry
        assert geom is not None and board.ways[way].kind == NAVAL_LINE
        point = geom.interpolate(0.5, normalized=True)
        at = QPointF(s.view.mapFromScene(QPointF(point.x, -point.y)))
        assert near(image, at, MINED_LINE.name(), radius=2), way


def test_issue11_a_pan_paints_only_the_strip_it_uncovers(qapp):
    s = Screen.of(*northsea_game())
    s.look("near")
    s.pan(0.25)  # left by a quarter of the screen
    painted = QRegion()
    for region in s.paints.regions:
        painted += region
    assert painted == QRegion(QRect(0, 0, SCREEN.width() // 4, SCREEN.height()))


def test_issue11_clicks_find_the_stack_line_land_and_zone_by_the_maps_geometry(qapp):
    s = Screen.of(*northsea_game())
    scene = s.scene
    assert isinstance(scene, AreaScene)
    board = scene.board

    def click(point: QPointF) -> Hit | None:
        return s.view.hit_at(QPointF(s.view.mapFromScene(point)))

    stack = scene.stacks[("113", "Germany")]
    assert s.view.hit_at(on_screen(s, stack)) == Hit(board.ref("113"), "Germany")
    assert click(scene.line_midpoint("91|92")) == Hit(board.ref("91|92"))  # its field
    line = click(scene.line_midpoint("112|113"))  # the line, and the zone under the click
    assert line == Hit(board.ref("112|113"), beneath=board.ref("113"))
    assert click(scene.anchors["DEU"]) == Hit(board.ref("DEU"))
    assert click(scene.capitals["GBR"].pos()) == Hit(board.ref("GBR"))
    assert click(scene.anchors["98"]) == Hit(board.ref("98"))  # on its number: the zone


def test_issue11_stacks_keep_their_size_on_screen_at_every_zoom(qapp):
    s = Screen.of(*northsea_game())
    stack = s.scene.stacks[("113", "Germany")]

    def width() -> float:
        box = stack.mapToScene(stack.boundingRect()).boundingRect()
        return s.view.mapFromScene(box).boundingRect().width()

    fitted = width()
    s.view.zoom_by(3.0)
    assert abs(width() - fitted) <= 2
    assert fitted == pytest.approx(stack.pixmap().deviceIndependentSize().width(), abs=2)


def test_issue11_hovering_a_line_lights_it_and_leaving_puts_it_out(qapp):
    s = Screen.of(*northsea_game())
    scene = s.scene
    assert isinstance(scene, AreaScene)
    scene.hover(scene.line_midpoint("112|113"))
    assert [w for w, line in scene.lines.items() if line.lit] == ["112|113"]
    assert not scene.lit.path().isEmpty()
    scene.hover(None)
    assert not any(line.lit for line in scene.lines.values())
    assert scene.lit.path().isEmpty()


def test_issue11_a_places_tooltip_comes_from_the_picture_though_it_is_no_item(qapp):
    s = Screen.of(*northsea_game())
    event = QGraphicsSceneHelpEvent(QGraphicsSceneHelpEvent.Type.GraphicsSceneHelp)
    event.setScenePos(s.scene.anchors["98"])
    s.scene.helpEvent(event)
    assert event.isAccepted()
    assert QToolTip.text() == s.scene.picture.tips["98"]


@pytest.mark.slow
def test_issue11_the_first_frame_of_play_comes_within_its_budget(tmp_path, monkeypatch):
    """Issue 11: the first frame of `mineboard play` within 600 ms (with the margin a
    shared CI machine needs); the derived lines of the North Sea come from the cache after
    the first start, as a player's second start would."""
    from mineboard.qt.bench import startup_first_frame

    monkeypatch.setenv("MINEBOARD_DATA_DIR", str(tmp_path))
    startup_first_frame()  # the first start on this machine derives the lines and caches them
    times = sorted(startup_first_frame() for _ in range(3))
    assert times[1] * 1000 <= 600 * 2, times
