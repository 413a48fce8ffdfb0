"""Boards that join (issue 26, item 6): several boards in one battlefield, each numbering
its hexes its own way (geomorphic ``3M5``, letter-and-number ``W-A12``, CCRR ``0712``),
with neighbours across the seams; the maps of one CCRR board load as before."""

from __future__ import annotations

import copy
import itertools
from typing import Any

import pytest

from mineboard.maps.geojson import MapInvalid, board_from_json
from mineboard.maps.hex_labels import column_letters, read, write
from mineboard.maps.hexgrid import Board, Hex, HexGrid, Layout, from_offset


def geomorphic(second_at: int = 4) -> HexGrid:
    """Geomorphic boards 3 and 4, 4 columns (A–D) × 3 rows each, side by side."""
    return HexGrid.joined((Board("3", 4, 3, from_offset(0, 0, "odd-q"), "letter-number", "3"),
                           Board("4", 4, 3, from_offset(second_at, 0, "odd-q"),
                                 "letter-number", "4")),
                          Layout("flat", 10.0), "odd-q")


def labels(grid: HexGrid, hexes: Any) -> list[str]:
    return sorted(grid.label(h) for h in hexes)


def doc(hex_spec: dict[str, Any], *features: dict[str, Any]) -> dict[str, Any]:
    return {"type": "FeatureCollection",
            "mineboard": {"schema": 1, "id": "t", "kind": "hex", "hex": hex_spec},
            "features": list(features)}


BOARDS = {"size": 10.0, "boards": [
    {"name": "3", "cols": 4, "rows": 3, "labels": "letter-number", "prefix": "3"},
    {"name": "4", "cols": 4, "rows": 3, "at": [4, 0], "labels": "letter-number",
     "prefix": "4"}]}


def problems(data: dict[str, Any]) -> list[str]:
    with pytest.raises(MapInvalid) as info:
        board_from_json(data, "t.geojson")
    return info.value.problems


def test_geomorphic_labels_round_trip_on_two_joined_boards():
    grid = geomorphic()
    assert (grid.cols, grid.rows, len(grid)) == (8, 3, 24)
    assert [grid.label(h) for h in grid.hexes()][9:15] == ["3D1", "3D2", "3D3", "4A1", "4A2",
                                                           "4A3"]
    assert grid.from_label("3A1") == Hex(0, 0)
    assert grid.from_label("4B2") == Hex(5, -1)
    assert all(grid.from_label(grid.label(h)) == h for h in grid.hexes())
    assert len({grid.label(h) for h in grid.hexes()}) == 24


def test_neighbours_across_the_seam_are_the_next_boards_hexes():
    grid = geomorphic()
    # 3D1: column D is shifted down half a hex (odd-q), so it meets 4A1 and 4A2 across the
    # seam, and 3C1, 3C2, 3D2 on its own board (row 0 has nothing above).
    assert labels(grid, grid.neighbours(grid.from_label("3D1"))) == [
        "3C1", "3C2", "3D2", "4A1", "4A2"]
    assert labels(grid, grid.neighbours(grid.from_label("4A2"))) == [
        "3D1", "3D2", "4A1", "4A3", "4B1", "4B2"]
    board = board_from_json(doc(BOARDS), "t.geojson")
    assert board.way_between("3D1", "4A2").kind == "hexside"
    assert board.neighbours("4A1") == ["3D1", "4A2", "4B1"]
    assert (len(board.places), len(board.ways)) == (24, 51)  # 2 × 23 + 5 across the seam
    path = board.shortest_path("3A1", "4D1", None)
    assert path is not None and len(path) == 8  # seven steps, one of them over the seam
    assert sum(a[0] != b[0] for a, b in itertools.pairwise(path)) == 1


def test_two_mapboards_joined_along_an_edge_told_apart_by_prefix():
    grid = HexGrid.joined((Board("West", 3, 12, from_offset(0, 0, "odd-q"), "letter-number",
                                 "W-"),
                           Board("East", 3, 12, from_offset(0, 12, "odd-q"),
                                 "letter-number", "E-")),
                          Layout("flat", 10.0), "odd-q")
    assert (len(grid), grid.cols, grid.rows) == (72, 3, 24)
    assert grid.label(from_offset(0, 11, "odd-q")) == "W-A12"
    assert grid.label(from_offset(0, 12, "odd-q")) == "E-A1"
    assert labels(grid, grid.neighbours(grid.from_label("W-A12"))) == [
        "E-A1", "W-A11", "W-B11", "W-B12"]
    assert labels(grid, grid.neighbours(grid.from_label("W-B12"))) == [
        "E-A1", "E-B1", "E-C1", "W-A12", "W-B11", "W-C12"]


def test_boards_sharing_their_edge_column_give_one_hex_two_labels():
    grid = geomorphic(second_at=3)  # board 4's column A lies on board 3's column D
    assert len(grid) == 21
    assert grid.from_label("4A1") == grid.from_label("3D1")
    assert grid.label(grid.from_label("4A2")) == "3D2"  # the first board's label
    assert board_from_json(doc({**BOARDS, "boards": [
        BOARDS["boards"][0], {**BOARDS["boards"][1], "at": [3, 0]}]}), "t").places.keys() \
        >= {"3D1", "4B1"}


def test_letter_number_labels_double_letters_past_z():
    assert [column_letters(c) for c in (0, 12, 25, 26, 27, 52)] == ["A", "M", "Z", "AA", "BB",
                                                                    "AAA"]
    assert write("letter-number", 12, 4, 2) == "M5"
    assert read("letter-number", "M5", 2) == (12, 4)
    assert read("letter-number", "BB10", 2) == (27, 9)
    assert [read("letter-number", t, 2) for t in ("M05", "AB3", "m5", "M", "5")] == [None] * 5
    grid = HexGrid.joined((Board("3", 30, 10, from_offset(0, 0, "odd-q"), "letter-number",
                                 "3"),), Layout("flat", 1.0), "odd-q")
    assert grid.from_label("3M5") == from_offset(12, 4, "odd-q")
    assert grid.label(from_offset(27, 9, "odd-q")) == "3BB10"


def test_one_ccrr_board_keeps_its_labels_and_words():
    grid = HexGrid(30, 20, Layout("flat", 10.0))
    assert grid.label(from_offset(6, 11, "odd-q")) == "0712"
    with pytest.raises(ValueError, match=r"^hex label '3M5' is not CCRR digits$"):
        grid.from_label("3M5")
    with pytest.raises(ValueError, match=r"^hex 3121 is off the board$"):
        grid.from_label("3121")


def test_a_single_board_may_use_letter_number_labels():
    board = board_from_json(doc({"cols": 3, "rows": 2, "labels": "letter-number"}), "t")
    assert sorted(board.places) == ["A1", "A2", "B1", "B2", "C1", "C2"]
    assert problems(doc({"cols": 3, "rows": 2, "labels": "letter-number"},
                        {"type": "Feature", "id": "o", "geometry": None,
                         "properties": {"kind": "hex", "label": "0101"}})) == [
        "feature o: hex label '0101' is not column letters and a row number"]


@pytest.mark.parametrize(("change", "line"), [
    ({"boards": [{"cols": 2, "rows": 2}, {"cols": 2, "rows": 2, "at": [2, 0]}]},
     "mineboard.hex.boards: label 0101 names a hex of board '2' and one of board '1': give "
     "the boards prefixes that tell them apart"),
    ({"boards": [{"cols": 4, "rows": 3, "prefix": "a"}, {"cols": 4, "rows": 3, "at": [2, 0],
                                                          "prefix": "b"}]},
     "mineboard.hex.boards: board '2' overlaps board '1' at a0302, inside both (boards may "
     "share only their edge hexes)"),
    ({"boards": [{"cols": 2, "rows": 2, "labels": "roman"}]},
     "mineboard.hex.boards[0]: labels must be one of ccrr, letter-number"),
    ({"boards": [{"cols": 2, "rows": 2, "at": [1.5, 0]}]},
     "mineboard.hex.boards[0].at must be [column, row]: whole numbers, where the board's "
     "first hex lies in the battlefield"),
    ({"boards": [{"name": "x", "cols": 2, "rows": 2, "prefix": "x"},
                 {"name": "x", "cols": 2, "rows": 2, "at": [2, 0], "prefix": "y"}]},
     "mineboard.hex.boards[1]: a second board named 'x'"),
    ({"boards": []}, "mineboard.hex.boards must list 1 to 64 boards"),
    ({"cols": 2, "rows": 2, "terrain": 3},
     "mineboard.hex.terrain (the terrain of a hex nothing else sets) must be a name"),
])
def test_bad_boards_are_one_line_each(change, line):
    assert problems(doc({"size": 10.0, **change})) == [line]


def test_a_label_of_no_board_is_one_line_naming_the_feature():
    data = doc(BOARDS, {"type": "Feature", "id": "o1", "geometry": None,
                        "properties": {"kind": "hex", "label": "4E1"}},
               {"type": "Feature", "id": "o2", "geometry": None,
                "properties": {"kind": "hex", "label": "5A1"}})
    assert problems(data) == [
        "feature o1: hex 4E1 is off the board",
        "feature o2: hex label '5A1' is not a hex label of this map's boards (e.g. 3A1, 4A1)"]


def test_the_bundled_demo_of_joined_boards_loads():
    from mineboard.maps.loading import load_board
    from mineboard.resources import maps_dir

    board = load_board(maps_dir() / "boards-demo.geojson")
    assert board.grid is not None
    assert [(b.name, b.prefix, b.cols, b.rows) for b in board.grid.boards] == [
        ("1", "1", 8, 6), ("2", "2", 8, 6)]
    assert (len(board.places), len(board.ways)) == (96, 245)
    assert board.neighbours("1H3") == ["1G3", "1G4", "1H2", "1H4", "2A3", "2A4"]


def test_a_grid_copied_with_its_state_is_shared():
    grid = geomorphic()
    assert copy.deepcopy(grid) is grid


def test_a_shared_hex_named_by_the_later_boards_label_is_stored_under_its_own():
    shared = {**BOARDS, "boards": [BOARDS["boards"][0], {**BOARDS["boards"][1], "at": [3, 0]}]}
    board = board_from_json(doc(
        shared,
        {"type": "Feature", "id": "o", "geometry": None,
         "properties": {"kind": "hex", "label": "4A2", "terrain": "woods"}},
        {"type": "Feature", "id": "P", "geometry": None,
         "properties": {"kind": "port", "hex": "4A2"}},
        {"type": "Feature", "id": "S", "geometry": None,
         "properties": {"kind": "hexsides", "hexsides": ["4A2|4B2"], "features": ["wall"]}}),
        "t")
    assert board.places["3D2"].props == {"terrain": "woods"}
    assert "4A2" not in board.places
    assert board.places["P"].props["hex"] == "3D2"
    assert board.way_between("P", "3D2").kind == "berth"
    assert board.edge_sets["S"].ways == ("3D2|4B2",)
    assert board.ways["3D2|4B2"].props == {"features": ["wall"]}
