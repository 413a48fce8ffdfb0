"""Hex math against values worked by hand (Red Blob Games' conventions)."""

from __future__ import annotations

import itertools
import math

import pytest

from mineboard.maps.hexgrid import (
    Hex,
    HexGrid,
    Hexside,
    Layout,
    distance,
    from_offset,
    hexside_distance,
    line,
    ring,
    spiral,
    to_offset,
)


def test_neighbours_and_distance():
    h = Hex(2, -1)
    assert h.neighbours() == [Hex(3, -1), Hex(3, -2), Hex(2, -2), Hex(1, -1), Hex(1, 0),
                              Hex(2, 0)]
    assert distance(Hex(0, 0), Hex(3, -1)) == 3
    assert distance(Hex(-2, 3), Hex(2, -1)) == 4
    assert h.s == -1


def test_rings_have_six_k_hexes_and_spiral_counts():
    assert len(ring(Hex(0, 0), 0)) == 1
    assert [len(ring(Hex(0, 0), k)) for k in (1, 2, 3)] == [6, 12, 18]
    assert all(distance(Hex(0, 0), h) == 2 for h in ring(Hex(0, 0), 2))
    assert len(spiral(Hex(1, 1), 2)) == 19
    assert ring(Hex(0, 0), 1)[0] == Hex(-1, 1)


def test_line_drawing():
    assert line(Hex(0, 0), Hex(3, 0)) == [Hex(0, 0), Hex(1, 0), Hex(2, 0), Hex(3, 0)]
    drawn = line(Hex(0, 0), Hex(2, -4))
    assert len(drawn) == 5 and drawn[0] == Hex(0, 0) and drawn[-1] == Hex(2, -4)
    assert all(distance(a, b) == 1 for a, b in itertools.pairwise(drawn))


def test_hexsides_are_canonical_and_shared():
    a, b = Hex(0, 0), Hex(-1, 0)
    assert Hexside.between(a, b) == Hexside.between(b, a) == Hexside(Hex(-1, 0), 0)
    assert len({Hexside.of(a, d) for d in range(6)}) == 6
    with pytest.raises(ValueError):
        Hexside.between(Hex(0, 0), Hex(2, 0))
    side = Hexside(Hex(0, 0), 0)
    assert hexside_distance(Hex(0, 0), side) == 0
    assert hexside_distance(Hex(1, 0), side) == 0
    assert hexside_distance(Hex(-1, 0), side) == 1
    assert hexside_distance(Hex(-2, 0), side) == 2


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_pixel_round_trip(orientation):
    layout = Layout(orientation, 10.0, (5.0, 7.0))
    for h in spiral(Hex(0, 0), 4):
        x, y = layout.to_pixel(h)
        assert layout.from_pixel(x, y) == h
        assert layout.from_pixel(x + 4.0, y - 3.0) == h  # inside the hex, off-centre


def test_pixel_values_by_hand():
    flat = Layout("flat", 10.0)
    assert flat.to_pixel(Hex(1, 0)) == pytest.approx((15.0, 10 * math.sqrt(3) / 2))
    pointy = Layout("pointy", 10.0)
    assert pointy.to_pixel(Hex(0, 1)) == pytest.approx((10 * math.sqrt(3) / 2, 15.0))
    assert flat.corners(Hex(0, 0))[0] == pytest.approx((10.0, 0.0))
    a, b = flat.hexside_segment(Hexside(Hex(0, 0), 5))  # the hexside towards (0, 1): bottom
    assert sorted([a[1], b[1]]) == pytest.approx([10 * math.sqrt(3) / 2] * 2)


@pytest.mark.parametrize("offset", ["odd-q", "even-q", "odd-r", "even-r"])
def test_offset_round_trip(offset):
    for col in range(-3, 6):
        for row in range(-3, 6):
            assert to_offset(from_offset(col, row, offset), offset) == (col, row)


def test_odd_q_values_by_hand():
    assert from_offset(1, 0, "odd-q") == Hex(1, 0)
    assert from_offset(1, 1, "odd-q") == Hex(1, 1)
    assert from_offset(2, 1, "odd-q") == Hex(2, 0)
    assert to_offset(Hex(3, -1), "odd-q") == (3, 0)


def test_labels_column_then_row():
    grid = HexGrid(30, 20, Layout("flat", 10.0))
    h = from_offset(6, 11, "odd-q")
    assert grid.label(h) == "0712"
    assert grid.from_label("0712") == h
    assert len(grid) == 600 and h in grid and Hex(40, 0) not in grid
    with pytest.raises(ValueError):
        grid.from_label("3121")


def test_grid_hexsides_count():
    grid = HexGrid(3, 2, Layout("flat", 1.0))
    # Counted by hand on a 3×2 odd-q board: one hexside inside each column (3), and three
    # between each pair of neighbouring columns, since alternate columns are shifted (3 + 3).
    assert len(list(grid.hexsides())) == 9
    assert grid.hex_at(*grid.layout.to_pixel(from_offset(2, 1, "odd-q"))) == from_offset(
        2, 1, "odd-q")
    assert grid.hex_at(-100.0, -100.0) is None
