"""A hex map loads fast and loads the same (issue 28: the awaw Europe map with its water
graph in ≤ 300 ms): every bundled hex map's hexes, hexsides, terrain and water graph are
checked here against the plain, slow way of working them out — each label asked of the
grid, each hexside found by ``HexGrid.hexsides``, each way id sorted by ``place_sort_key``,
the graph built as networkx edges way by way — which is what loading did before."""

from __future__ import annotations

import gc
import json

import networkx as nx
import pytest

from mineboard.core.collector import collection_paused
from mineboard.core.errors import BadInput
from mineboard.maps import hex_labels
from mineboard.maps.hex_index import LabelIndex
from mineboard.maps.hexgrid import HexGrid
from mineboard.maps.loading import load_board
from mineboard.maps.model import HEXSIDE, BoardMap, place_sort_key, way_id
from mineboard.maps.paths import MoveCosts, WeightedGraph, weighted_graph
from mineboard.resources import maps_dir, parse_json

HEX_MAPS = sorted(p.stem for p in maps_dir().glob("*.geojson")
                  if json.loads(p.read_text(encoding="utf-8"))["mineboard"]["kind"] == "hex")
NAVAL = MoveCosts.of({"sea": 1, "coast": 1, "virtual": 1}, fixed={"berth": 0},
                     barred=("river", "land"))
LAND = MoveCosts.of({"open": 1, "sea": 1, "coast": 2, "woods": 2}, {"hexside": 1, "stream": 2},
                    {"box_link": 3}, barred=("river",))


@pytest.fixture(scope="module", params=HEX_MAPS)
def board(request) -> BoardMap:
    return load_board(maps_dir() / f"{request.param}.geojson")


def _grid(board: BoardMap) -> HexGrid:
    assert board.grid is not None
    return board.grid


def _slow_way_id(a: str, b: str) -> str:
    return "|".join(sorted((a, b), key=place_sort_key))


def test_the_bundled_hex_maps_are_all_here():
    assert {"asl-two-boards", "awaw-demo-sea", "awaw-europe", "awaw-pacific",
            "jutland-tactical"} <= set(HEX_MAPS)
    assert "northsea" not in HEX_MAPS  # an area map


def test_each_hex_is_a_place_labelled_and_painted_as_the_grid_says(board):
    grid = _grid(board)
    labels = [grid.label(h) for h in grid.hexes()]
    assert list(board.places)[:len(labels)] == labels
    for label in labels:
        place = board.places[label]
        terrain, features = grid.terrain_at(label)
        assert (place.id, place.kind, place.name) == (label, "hex", label)
        assert place.props == {"terrain": terrain, **({"features": list(features)}
                                                      if features else {})}


def test_each_hexside_is_a_way_in_the_grids_order_named_as_way_id_names_it(board):
    grid = _grid(board)
    sides = [_slow_way_id(*(grid.label(h) for h in side.hexes)) for side in grid.hexsides()]
    hexsides = [w for w in board.ways.values() if w.kind == HEXSIDE]
    assert [w.id for w in hexsides] == sides
    assert list(board.ways)[:len(sides)] == sides  # hexsides first, then berths and links
    assert all(w.id == f"{w.a}|{w.b}" == way_id(w.b, w.a) for w in hexsides)
    featured = {_slow_way_id(*(grid.label(h) for h in side.hexes)): list(names)
                for side, names in grid.sides.items()}
    assert {w.id: w.props["features"] for w in hexsides if w.props} == featured


def test_the_label_index_answers_as_the_grid_does(board):
    grid = _grid(board)
    index = LabelIndex.of(grid)
    assert list(index.labels.items()) == [(h, grid.label(h)) for h in grid.hexes()]
    assert all(index.hex(label) == grid.from_label(label) for label in index.labels.values())
    for bad in ("", "9999", "0000", "A0", "1A0", "ZZZ99"):
        with pytest.raises(ValueError) as slow:
            grid.from_label(bad)
        with pytest.raises(ValueError) as fast:
            index.hex(bad)
        assert str(fast.value) == str(slow.value)


def test_a_shared_hex_answers_to_both_boards_labels_through_the_index():
    grid = _grid(load_board(maps_dir() / "asl-two-boards.geojson"))
    index = LabelIndex.of(grid)
    second = grid.boards[1]
    shared = [(second.label(0, row), index.labels[second.hex(0, row, grid.offset)])
              for row in range(second.rows)]  # its first column lies on the first board
    assert all(first.startswith("1") for _, first in shared)
    assert all(index.hex(later) == index.hex(first) == grid.from_label(later)
               for later, first in shared)


@pytest.mark.parametrize("scheme", hex_labels.SCHEMES)
def test_a_label_is_its_columns_text_then_its_rows(scheme):
    width = hex_labels.digits_width(60, 120)
    cols, rows = hex_labels.parts(scheme, 60, 120, width)
    assert all(cols[c] + rows[r] == hex_labels.write(scheme, c, r, width)
               for c in range(60) for r in range(120))


@pytest.mark.parametrize("costs", [NAVAL, LAND], ids=["naval", "land"])
def test_the_water_graph_has_the_edges_networkx_had(board, costs):
    graph = weighted_graph(board, costs)
    slow = _slow_graph(board, costs)
    assert graph.nodes == set(slow.nodes) and graph.number_of_nodes() == len(slow)
    assert all(list(graph.nx.succ[n].items()) == list(slow.succ[n].items()) for n in slow)
    assert all(graph.get_edge_data(a, b) == data and graph.has_edge(a, b)
               for a, b, data in slow.edges(data=True))
    assert all((a in graph) == (a in slow) for a in board.places)
    assert graph.steps == {a: [(b, d["cost"], d["way"]) for b, d in slow.succ[a].items()]
                           for a in slow if slow.succ[a]}


def test_a_step_that_is_no_edge_is_none():
    graph = WeightedGraph({"a": [("b", 1, "a|b")]})
    assert graph.get_edge_data("b", "a") is None and not graph.has_edge("b", "a")
    assert "b" in graph and "c" not in graph


def _slow_graph(board: BoardMap, costs: MoveCosts) -> nx.DiGraph:
    """The water graph as weighted_graph built it before: a networkx edge (a dict) per
    direction that may be entered, way by way."""
    graph = nx.DiGraph()
    enter = {p.id: costs.entry(p) for p in board.places.values()}
    edges = []
    for way in board.ways.values():
        if costs.bars(way):
            continue
        fixed, cross = costs.way_cost(way)
        for a, b in ((way.a, way.b), (way.b, way.a)):
            into = enter[b]
            cost = fixed if fixed is not None else None if into is None else into + cross
            if cost is not None:
                edges.append((a, b, {"cost": cost, "way": way.id}))
    graph.add_edges_from(edges)
    return graph


def test_a_number_past_a_floats_range_is_refused_however_it_is_written():
    for text in (b'{"x": 1e999}', b'{"x": 1' + b"0" * 250 + b'e99}', b'[-' + b"9" * 320 + b'.5]'):
        with pytest.raises(BadInput, match="too large"):
            parse_json(text, "test")
    assert parse_json(b'{"x": 1.5e-999, "y": 2.25}', "test") == {"x": 0.0, "y": 2.25}


def test_the_collector_is_paused_inside_and_as_it_was_after():
    assert gc.isenabled()
    with pytest.raises(KeyError), collection_paused():
        assert not gc.isenabled()
        raise KeyError("x")
    assert gc.isenabled()
    gc.disable()
    try:
        with collection_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # off before: left off
    finally:
        gc.enable()
