"""Issue 27, deliverable 1: two original geomorphic boards for the tactical land games,
joined into one battlefield (maps/asl-two-boards.geojson, tools/build_asl_boards.py), with
terrain per hex and per hexside from data, drawn so that terrains are told apart by form;
and the 4 × 5 battlefield the benchmark draws within a frame's budget."""

from __future__ import annotations

import json
import statistics
from collections import Counter
from functools import cache

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter

from mineboard.maps.geojson import board_from_json
from mineboard.maps.geomorphic import (
    BASE_TERRAINS,
    COLS,
    DESIGNS,
    HARROW,
    HEX_FEATURES,
    ROWS,
    SIDE_FEATURES,
    VELDEN,
    field_json,
    two_boards_json,
)
from mineboard.maps.loading import load_board, validate_file
from mineboard.maps.model import BoardMap
from mineboard.qt.maps.hexes import HexScene
from mineboard.qt.maps.terrain_art import (
    BLOCK,
    BLOCK_DROP,
    FEATURE_LINKS,
    LINKS,
    MARKS,
    ROAD_LINES,
    SYMBOLS,
    UNKNOWN_TERRAIN,
    terrain_style,
)
from mineboard.resources import maps_dir

MAP = maps_dir() / "asl-two-boards.geojson"


@cache
def board() -> BoardMap:
    return load_board(MAP)


def hexes() -> dict[str, tuple[str, tuple[str, ...]]]:
    return {p.id: (str(p.props["terrain"]), tuple(p.props.get("features", ())))
            for p in board().places.values() if p.kind == "hex"}


def side(a: str, b: str) -> tuple[str, ...]:
    return tuple(board().ways["|".join(sorted((a, b)))].props.get("features", ()))


# ---- the map file --------------------------------------------------------------------------


def test_the_bundled_map_validates_and_is_what_the_designs_make():
    assert validate_file(MAP) == []
    assert json.loads(MAP.read_text()) == two_boards_json()  # tools/build_asl_boards.py
    assert [d.problems() for d in DESIGNS.values()] == [[], []]


def test_two_boards_of_33_by_10_share_their_seam_column():
    grid = board().grid
    assert grid is not None
    assert [(b.name, b.prefix, b.cols, b.rows) for b in grid.boards] == [
        ("1", "1", COLS, ROWS), ("2", "2", COLS, ROWS)]
    assert len(hexes()) == 2 * COLS * ROWS - ROWS == 650  # column 2A is column 1GG
    assert {"1A1", "1GG10", "2B1", "2GG10"} <= hexes().keys()
    assert "2A5" not in hexes()  # the seam hex is the first board's …
    assert grid.label(grid.from_label("2A5")) == "1GG5"  # … and the second's label names it
    assert grid.from_label("2A10") == grid.from_label("1GG10")


def test_labels_run_letter_number_with_the_board_in_front_and_neighbours_cross_the_seam():
    places = board().places
    assert places["1M5"].kind == "hex" and places["2AA7"].kind == "hex"
    assert sorted(board().adjacent["1GG5"]) == ["1FF4", "1FF5", "1GG4", "1GG6", "2B4", "2B5"]
    assert sorted(board().adjacent["2B5"]) == ["1GG5", "1GG6", "2B4", "2B6", "2C5", "2C6"]
    # The paved road runs across the seam in row 5, as on every edge of these boards.
    assert all("paved_road" in hexes()[h][1] for h in ("1FF5", "1GG5", "2B5", "2C5"))
    assert side("1GG5", "2B5") == ("paved_road",)


def test_terrain_per_hex_counts_every_kind_as_the_designs_draw_it():
    counts = Counter(terrain for terrain, _ in hexes().values())
    assert counts == {"open": 487, "woods": 70, "building": 47, "stream": 19, "marsh": 9,
                      "pond": 7, "crag": 6, "rubble": 5}
    drawn = Counter(v.terrain(c) for v in (VELDEN, HARROW) for c in v.cells())
    drawn["open"] -= ROWS  # Harrow's column A is Velden's GG
    assert counts == drawn
    assert set(counts) == set(BASE_TERRAINS)


def test_hex_features_lie_where_the_boards_put_them():
    features = Counter(f for _, names in hexes().values() for f in names)
    assert features == {"paved_road": 66, "road": 39, "runway": 6, "bridge": 3, "ice": 3,
                        "sewer": 3, "interior": 2}
    assert set(features) == set(HEX_FEATURES)

    def where(name: str) -> list[str]:
        return sorted(h for h, (_, names) in hexes().items() if name in names)

    assert where("interior") == ["1R3", "2F7"]  # St. Anna's church, the brickworks
    assert all(hexes()[h][0] == "building" for h in where("interior"))
    assert all(hexes()[n][0] == "building" for h in where("interior")
               for n in board().adjacent[h])  # an inner hex: building all round
    assert where("bridge") == ["1I5", "2J7", "2K5"]
    assert hexes()["1I5"] == ("stream", ("paved_road", "bridge"))
    assert hexes()["2J7"] == ("stream", ("road", "bridge"))
    assert where("sewer") == ["1R5", "1V5", "2F5"]
    assert where("ice") == ["1I8", "2U8", "2V9"]
    assert all(hexes()[h][0] == "pond" for h in where("ice"))
    assert where("runway") == [f"2AA{r}" for r in (10, 5, 6, 7, 8, 9)]


def test_walls_and_hedges_run_along_the_hexsides_where_they_were_put():
    assert side("1O3", "1N3") == ("wall",)  # the churchyard wall, west of the church
    assert side("1O3", "1O4") == ("wall",)
    assert side("2M6", "2N6") == ("wall",)  # Harrow farmyard
    assert side("1Y8", "1X8") == ("hedge",)  # the orchard
    assert side("1O6", "1O7") == ("hedge",)  # Mill Lane
    assert side("1O3", "1P3") == ()  # the church's own side: no wall
    kinds = Counter(f for w in board().ways.values() for f in w.props.get("features", ()))
    assert (kinds["wall"], kinds["hedge"]) == (21, 65)
    assert set(kinds) - {"road", "paved_road"} == set(SIDE_FEATURES)
    walls = {s.name for s in board().edge_sets.values() if "wall" in s.props["features"]}
    assert walls == {"churchyard wall", "brickworks wall", "farmyard wall"}


def test_the_edges_join_any_board_to_any_other():
    for design in DESIGNS.values():
        edge = [design.terrain((col, row)) for col in (0, COLS - 1) for row in range(ROWS)]
        assert set(edge) == {"open"}
    assert [d.problems() for d in (VELDEN.mirrored(), HARROW.mirrored())] == [[], []]


def test_the_battlefield_of_twenty_boards_has_terrain_in_every_hex():
    doc = field_json(4, 5)
    field = board_from_json(doc, "field")
    grid = field.grid
    assert grid is not None and len(grid.boards) == 20
    assert len(grid) == (4 * COLS - 3) * 5 * ROWS == 6450
    assert {"1A1", "4GG10", "17A1", "20GG10"} <= field.places.keys()
    terrains = Counter(str(p.props["terrain"]) for p in field.places.values()
                       if p.kind == "hex")
    assert sum(terrains.values()) == 6450 and set(terrains) == set(BASE_TERRAINS)
    assert len(json.dumps(doc)) < 300_000  # built in memory, never shipped


# ---- how it is drawn -----------------------------------------------------------------------


def test_every_terrain_and_feature_of_the_boards_has_its_own_form():
    for terrain in BASE_TERRAINS:
        assert terrain_style(terrain) is not UNKNOWN_TERRAIN, terrain
    forms = {t: (terrain_style(t).pattern, terrain_style(t).symbol, LINKS.get(t, ("",))[0])
             for t in BASE_TERRAINS}
    assert len(set(forms.values())) == len(forms)
    assert forms["building"][2] == "block" and MARKS["block"].filled
    for feature in HEX_FEATURES:
        assert feature in ROAD_LINES or feature in FEATURE_LINKS or feature in SYMBOLS \
            or feature == "bridge", feature
    # Paved and unpaved roads differ by line, not colour alone.
    assert MARKS["road"].line == Qt.PenStyle.DashLine
    assert MARKS["paved_road"].line == Qt.PenStyle.SolidLine
    assert ROAD_LINES["paved_road"] == ("paved_road", "paved_line")
    assert MARKS["paved_road"].width > 1.5 * MARKS["road"].width


@cache
def scene() -> HexScene:
    return HexScene(board(), lambda _: QColor("#888"))


def test_the_scene_draws_a_mark_of_every_form_the_boards_use(qapp):
    marks = Counter()
    for cell in scene().grid_item.marks.values():
        for key, path in cell.items():
            marks[key] += len(path.toSubpathPolygons())
    assert {"block", "interior", "rubble", "crag", "channel", "channel_water", "ripples",
            "runway", "runway_line", "road", "paved_road", "paved_line", "bridge",
            "sewer_lid", "sewer", "ice", "tree", "tuft", "waves", "wall",
            "hedge"} <= marks.keys()
    assert marks["interior"] == 2
    assert marks["crag"] == 6 and marks["rubble"] == 5 * 6  # six broken blocks each


def test_a_buildings_block_leaves_its_hex_number_clear(qapp):
    """The review of the screenshots: the first blocks covered the numbers at the top of
    their hexes. A block now sits below the number at every zoom that writes numbers."""
    item = scene().grid_item
    size = item.grid.layout.size
    block_top = (BLOCK_DROP - BLOCK * 3**0.5 / 2) * size
    for hex_pixels in (16, 24, 40, 80):
        level = item.label_level(hex_pixels / size)
        assert level is not None
        cell = next(c for c, hs in item.buckets.cells.items()
                    if any(item.grid.label(h) == "1J3" for h in hs))
        (centre,) = [item.centres[h] for h in item.buckets.cells[cell]
                     if item.grid.label(h) == "1J3"]
        _glyphs, places = item._template(cell)
        ours = [i for i, (x, y, _u) in enumerate(places) if (x, y) == (centre.x(), centre.y())]
        assert len(ours) == 3  # "1J3"
        positions = item._run(level, cell).positions()
        baseline = max(positions[i].y() for i in ours)
        assert baseline < centre.y() + block_top, hex_pixels


def render(label: str, zoom_hexes: float = 2.2, pixels: int = 240) -> set[str]:
    """The colours on screen round hex ``label`` (``zoom_hexes`` sizes each way)."""
    grid = scene().grid
    x, y = grid.layout.to_pixel(grid.from_label(label))
    reach = zoom_hexes * grid.layout.size
    image = QImage(pixels, pixels, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    scene().render(painter, QRectF(0, 0, pixels, pixels),
                   QRectF(x - reach / 2, y - reach / 2, reach, reach))
    painter.end()
    return {image.pixelColor(px, py).name() for px in range(pixels) for py in range(pixels)}


def test_forms_show_on_screen_where_the_map_puts_them(qapp):
    ink = {key: mark.colour.name() for key, mark in MARKS.items()}
    assert {ink["block"], ink["interior"]} <= render("1R3")  # the church's inner hex
    assert {ink["runway"], ink["runway_line"]} <= render("2AA7")
    assert {ink["sewer"], ink["sewer_lid"], ink["paved_road"], ink["paved_line"]} <= render(
        "1R5")
    assert {ink["ice"], ink["ripples"]} <= render("2V9")
    assert {ink["crag"], terrain_style("crag").fill.name()} <= render("2M9")
    assert {ink["rubble"]} <= render("1Z4")
    assert {ink["channel"], ink["channel_water"], ink["bridge"]} <= render("1I5")
    assert ink["block"] not in render("1Z4")  # rubble is no building


def test_the_seam_is_drawn_between_the_boards(qapp):
    seams = scene().grid_item.seams
    segments = sum(p.elementCount() for p in seams.values()) // 2
    assert segments == 19  # 1GG1…1GG10 meet 2B1…2B10 along 19 hexsides


# ---- the frame budget ----------------------------------------------------------------------


@pytest.mark.timing
@pytest.mark.parametrize("name", ["frame_asl20_fit", "frame_asl20_near"])
def test_issue27_the_4x5_battlefield_draws_within_a_frame(qapp, name):
    """Each frame of the 4 × 5 battlefield (6,450 hexes of terrain, 240 stacks, 30 mine
    counters) within 16.7 ms, with the margin a shared CI machine needs (as
    tests/test_render_speed.py holds every frame)."""
    from mineboard.qt.bench import FRAME_MS, SAMPLES
    from tests.test_render_speed import MARGIN, SAMPLES_PER_TEST

    sample, budget_ms = SAMPLES[name]
    assert budget_ms == FRAME_MS == 16.7
    sample()  # the battlefield is built and the view placed outside the timing
    median_ms = statistics.median(sample() for _ in range(SAMPLES_PER_TEST)) * 1000
    assert median_ms <= MARGIN * budget_ms, f"{name}: {median_ms:.3f} ms"


def test_the_benchmark_draws_the_battlefield_at_whole_board_and_close_zoom(qapp):
    from mineboard.bench import BENCHES
    from mineboard.qt import bench  # noqa: F401  (registers the benchmarks that draw)

    assert {n: BENCHES[n].budget_ms for n in BENCHES if "_asl20_" in n} == {
        "frame_asl20_fit": 16.7, "frame_asl20_near": 16.7, "hit_asl20_fit": 0.5,
        "hit_asl20_near": 0.5, "pan_asl20_near": 8.0, "zoom_asl20_near": 16.7,
        "pan_asl20_mid": 8.0}


def test_a_hexs_tooltip_says_its_terrain_in_words(qapp):
    assert scene().place_tip("1I5") == "Terrain: stream; paved_road, bridge"
    assert scene().place_tip("1R3") == "Terrain: building; interior"
    assert scene().place_tip("1O3") == ("Terrain: open; wall towards 1N2; wall towards 1N3; "
                                        "wall towards 1O4")  # roads across sides: not said
    assert scene().place_tip("2AA7") == "Terrain: open; runway"
