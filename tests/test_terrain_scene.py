"""The hex scene draws terrain so that colours are not needed (issue 26, item 6): each
terrain a fill pattern and a symbol, each feature a symbol, each hexside feature a line
style, and the seam between joined boards."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter

from mineboard.maps.loading import load_board
from mineboard.qt.maps.hexes import HexScene
from mineboard.qt.maps.terrain_art import MARKS, TERRAIN_STYLES, UNKNOWN_TERRAIN, terrain_style
from mineboard.resources import maps_dir


def demo_scene() -> HexScene:
    return HexScene(load_board(maps_dir() / "boards-demo.geojson"), lambda _: QColor("#888"))


def polygons(scene: HexScene, terrain: str) -> int:
    """The hexes filled with ``terrain`` (a cell's hexes of one terrain are one outline).
    A point just off each centre is asked: a centre lies level with its neighbours'
    corners, where a path's inside test counts a crossing twice."""
    item = scene.grid_item
    off = QPointF(0.013, 0.017) * scene.grid.layout.size
    return sum(1 for cell, hexes in item.buckets.cells.items() for h in hexes
               if terrain in item.fills[cell] and item.fills[cell][terrain].contains(
                   item.centres[h] + off))


def marks(scene: HexScene, key: str) -> int:
    return sum(len(m[key].toSubpathPolygons()) for m in scene.grid_item.marks.values()
               if key in m)


def test_every_known_terrain_differs_from_the_others_by_pattern_or_symbol(qtbot):
    forms = {(s.pattern, s.symbol) for name, s in TERRAIN_STYLES.items()
             if name not in ("sea", "water")}
    assert len(forms) == len(TERRAIN_STYLES) - 2
    assert terrain_style("lava") is UNKNOWN_TERRAIN
    assert terrain_style("woods").pattern == Qt.BrushStyle.BDiagPattern
    assert terrain_style("woods").symbol == "tree"


def test_the_demo_boards_are_drawn_with_a_fill_and_a_symbol_per_hex(qtbot):
    scene = demo_scene()
    # Where boards join every hex is filled, the default terrain too (the gaps are none).
    assert {t: polygons(scene, t) for t in ("open", "woods", "village", "marsh", "hill")} == {
        "open": 84, "woods": 5, "village": 2, "marsh": 2, "hill": 3}
    assert {k: marks(scene, k) for k in ("tree", "house", "tuft", "hill", "building")} == {
        "tree": 5, "house": 2, "tuft": 2 * 4, "hill": 3, "building": 1}  # a tuft: 4 strokes


def test_hexside_features_are_line_styles_and_the_seam_is_drawn(qtbot):
    scene = demo_scene()
    item = scene.grid_item
    keys = set().union(*(m.keys() for m in item.marks.values()))
    assert keys == {"tree", "house", "tuft", "hill", "building", "road", "bridge", "stream",
                    "hedge", "wall"}
    assert MARKS["hedge"].line == Qt.PenStyle.DotLine
    assert MARKS["wall"].line == Qt.PenStyle.SolidLine
    assert sum(p.elementCount() for p in item.seams.values()) == 2 * 11  # 11 hexsides
    assert "wall" not in scene.bands  # a set of hexsides that only carries a wall
    # Every hexside of the seam joins hexes of the two boards.
    assert len([w for w in scene.board.ways.values() if w.a[0] != w.b[0]]) == 11


def test_a_painted_wood_shows_its_pattern_and_symbol_on_screen(qtbot):
    scene = demo_scene()
    grid = scene.grid
    x, y = grid.layout.to_pixel(grid.from_label("1C3"))
    size = grid.layout.size
    image = QImage(200, 200, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    scene.render(painter, QRectF(0, 0, 200, 200),
                 QRectF(x - size, y - size, 2 * size, 2 * size))
    painter.end()
    colours = {image.pixelColor(px, py).name() for px in range(200) for py in range(200)}
    assert TERRAIN_STYLES["woods"].fill.name() in colours
    assert "#3f6b38" in colours  # the tree's ink
    assert "#55824c" in colours  # the pattern's


def test_a_hexs_tooltip_says_its_terrain_in_words(qtbot):
    scene = demo_scene()
    assert scene.place_tip("2E4") == ("Terrain: open; road, bridge; stream towards 2F3; "
                                      "stream towards 2F4")
    assert scene.place_tip("1C3") == "Terrain: woods"
    assert scene.place_tip("1D5") == "Terrain: open; hedge towards 1D6; hedge towards 1E6"
    assert scene.place_tip("1A1") == ""  # plain open ground: nothing to add
    assert scene.place_tip("nowhere") == ""
