"""Map loading: derived naval lines, validation messages, the bundled map's content."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from shapely.geometry import Polygon

from mineboard.maps.generate import area_map_json, hex_map_json, point_map_json
from mineboard.maps.geojson import MapInvalid, board_from_json
from mineboard.maps.loading import load_board, validate_file
from mineboard.maps.model import COAST, NAVAL_LINE, ROUTE, way_id
from mineboard.resources import maps_dir


def square(x: float, y: float, s: float = 10.0, clockwise: bool = False) -> list:
    ring = [[x, y], [x + s, y], [x + s, y + s], [x, y + s], [x, y]]
    return [ring[::-1] if clockwise else ring]


def feature(fid, kind, coords, gtype="Polygon", **props):
    return {"type": "Feature", "id": fid, "properties": {"kind": kind, **props},
            "geometry": {"type": gtype, "coordinates": coords}}


def area(*features) -> dict:
    return {"type": "FeatureCollection",
            "mineboard": {"schema": 1, "id": "t", "kind": "area", "units": "board"},
            "features": list(features)}


def problems_of(doc) -> list[str]:
    with pytest.raises(MapInvalid) as info:
        board_from_json(doc, "t.geojson")
    return info.value.problems


def test_naval_lines_are_derived_from_shared_borders():
    board = board_from_json(area(feature("1", "sea_zone", square(0, 0)),
                                 feature("2", "sea_zone", square(10, 0)),
                                 feature("3", "sea_zone", square(10, 10)),  # corner only with 1
                                 feature("L", "land", square(0, 10))), "t")
    lines = {w.id for w in board.ways_of(NAVAL_LINE)}
    assert lines == {"1|2", "2|3"}
    assert board.ways["1|2"].geometry.length == pytest.approx(10.0)
    assert {w.id for w in board.ways_of(COAST)} == {"1|L", "3|L"}
    assert board.shortest_path("1", "3", NAVAL_LINE) == ["1", "2", "3"]


def test_winding_is_normalised_on_load():
    board = board_from_json(area(feature("1", "sea_zone", square(0, 0, clockwise=True)),
                                 feature("2", "sea_zone", square(10, 0))), "t")
    assert board.places["1"].geometry.exterior.is_ccw


def test_every_problem_is_reported_one_line_each():
    bowtie = [[[0, 0], [10, 10], [10, 0], [0, 10], [0, 0]]]
    doc = area(
        feature("1", "sea_zone", square(0, 0)),
        feature("1", "sea_zone", square(10, 0)),  # duplicate id
        feature("2", "sea_zone", square(5, 0)),  # overlaps 1
        feature("3", "sea_zone", bowtie),  # self-intersecting
        feature("4", "sea_zone", square(100, 100)),  # isolated
        feature("5", "sea_zone", [[[0, 0], [1e9, 0], [0, 1], [0, 0]]]),  # absurd
        feature("6", "volcano", square(0, 50)),  # unknown kind
        feature("P", "port", [1, 1], gtype="Point", sea_zone="99"),  # unknown reference
    )
    problems = problems_of(doc)
    text = "\n".join(problems)
    assert "feature 1: duplicate id" in text
    assert "feature 1: overlaps feature 2" in text
    assert "feature 3: invalid polygon: Self-intersection" in text
    assert "feature 5: absurd coordinate 1e+09" in text
    assert "feature 6: kind 'volcano'" in text
    assert all("\n" not in p for p in problems)
    doc2 = area(feature("1", "sea_zone", square(0, 0)), feature("2", "sea_zone", square(10, 0)),
                feature("4", "sea_zone", square(100, 100)),
                feature("P", "port", [1, 1], gtype="Point", sea_zone="99"))
    text2 = "\n".join(problems_of(doc2))
    assert "feature 4: isolated sea zone" in text2
    assert "feature P: sea_zone '99' is not a feature of this map" in text2


def test_header_problems():
    assert problems_of({"type": "Topology"}) == ["not a GeoJSON FeatureCollection"]
    doc = area()
    doc["mineboard"]["schema"] = 99
    assert "schema 99 is not supported" in problems_of(doc)[0]


def test_validate_file_reports_bad_json_with_position(tmp_path: Path):
    bad = tmp_path / "bad.geojson"
    bad.write_text('{"type": "FeatureCollection",\n "features": [}')
    (line,) = validate_file(bad)
    assert line.startswith(f"{bad}: line 2 column") and "\n" not in line


def test_bundled_northsea_map():
    board = load_board(maps_dir() / "northsea.geojson")
    zones = list(board.places_of("sea_zone"))
    assert 20 <= len(zones) <= 40
    capitals = {p.props["capital"]: p.id for p in board.places_of("land")
                if "capital" in p.props}
    assert {"Berlin", "London", "Paris"} <= set(capitals)
    assert board.places["DEU"].props["industrial_capacity"] == 10
    # The seed's examples need these lines and coasts.
    for a, b in (("112", "113"), ("110", "112"), ("91", "92"), ("92", "93")):
        assert board.ways[way_id(a, b)].kind == NAVAL_LINE
    assert "DEU" in board.neighbours("113", COAST)
    assert "DEU" not in board.neighbours("112", COAST)
    naval = board.subgraph(NAVAL_LINE)
    import networkx as nx

    assert nx.is_connected(naval)


def test_generated_maps_load():
    board = board_from_json(area_map_json(60), "gen")
    assert len(list(board.places_of("sea_zone"))) == 54
    stars = board_from_json(point_map_json(12), "stars")
    assert all(w.kind == ROUTE for w in stars.ways.values()) and len(stars.places) == 12
    hexes = board_from_json(hex_map_json(10, 8), "hex")
    assert len(hexes.places) == 80
    assert hexes.places["0101"].props["terrain"] == "land"


def test_point_map_unknown_route_end():
    doc = point_map_json(5)
    doc = copy.deepcopy(doc)
    doc["features"].append({"type": "Feature", "id": "Rx", "properties": {
        "kind": "route", "from": "S0", "to": "Nowhere"}, "geometry": None})
    problems = problems_of(doc)
    assert problems == ["feature Rx: route end 'Nowhere' is not a system of this map"]


def test_map_files_are_geojson_any_editor_can_open():
    doc = json.loads((maps_dir() / "northsea.geojson").read_text())
    assert doc["type"] == "FeatureCollection"
    for f in doc["features"]:
        assert f["type"] == "Feature" and "kind" in f["properties"]
    poly = Polygon(doc["features"][0]["geometry"]["coordinates"][0])
    assert poly.is_valid


def test_derived_lines_are_cached_by_the_maps_bytes_and_equal_to_deriving_afresh(
        tmp_path, monkeypatch):
    """Issue 11: deriving the North Sea's lines was 160 ms of every start. The cache must
    give exactly what deriving gives, and a map whose bytes change is derived again."""
    import shapely

    from mineboard.maps import derive
    from mineboard.maps.loading import load_board
    from mineboard.resources import maps_dir

    monkeypatch.setenv("MINEBOARD_CACHE_DIR", str(tmp_path / "cache"))
    fresh = load_board(maps_dir() / "northsea.geojson")
    files = list((tmp_path / "cache" / "derived").iterdir())
    assert len(files) == 1  # keyed by the file's bytes, this program and GEOS
    calls = []
    derive_afresh = derive.contacts
    monkeypatch.setattr(derive, "contacts", lambda *a: calls.append(a) or derive_afresh(*a))
    cached = load_board(maps_dir() / "northsea.geojson")
    assert calls == []  # nothing derived the second time
    assert cached.ways.keys() == fresh.ways.keys()
    assert all(shapely.equals_exact(cached.ways[w].geometry, fresh.ways[w].geometry, 0)
               for w in fresh.ways)
    files[0].write_text("{not json")  # a broken cache file is derived again, not trusted
    load_board(maps_dir() / "northsea.geojson")
    assert len(calls) == 1
    doc = json.loads(files[0].read_text())  # written afresh; now one that lies
    doc["contacts"][0][1] = 10**6  # a polygon the map does not have (was an IndexError)
    files[0].write_text(json.dumps(doc))
    again = load_board(maps_dir() / "northsea.geojson")
    assert len(calls) == 2 and again.ways.keys() == fresh.ways.keys()
