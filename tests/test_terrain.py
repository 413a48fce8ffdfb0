"""Terrain as data (issue 26, item 6): a hex's base terrain and features, a hexside's
features, painted as polygons and lines (as in QGIS) or stated hex by hex; star lanes with
their own lines. Exact values on a 4 × 4 board of size 10 (flat, odd-q), whose hex 0202 is
centred at (15, 25.98) and spans x 5–25, y 17.32–34.64."""

from __future__ import annotations

import json
from typing import Any

import pytest

from mineboard.core.errors import BadInput
from mineboard.maps.geojson import MapInvalid, board_from_json
from mineboard.maps.loading import load_board
from mineboard.maps.painted import MOST, PATH_REACH
from mineboard.resources import maps_dir

WOOD = {"type": "Polygon", "coordinates": [[[4, 15], [26, 15], [26, 37], [4, 37], [4, 15]]]}
"""All of hex 0202 and less than half of each of its neighbours."""
ROAD = {"type": "LineString", "coordinates": [[0, 0], [15, 8.66], [30, 0]]}
"""Through the centres of 0101, 0201 and 0301."""
STREAM = {"type": "LineString",
          "coordinates": [[20, 17.320508], [25, 25.980762], [20, 34.641016]]}
"""Along the two hexsides 0202 shares with 0302 and 0303."""


def painted(fid: str, props: dict[str, Any], geometry: Any) -> dict[str, Any]:
    return {"type": "Feature", "id": fid, "properties": {"kind": "terrain", **props},
            "geometry": geometry}


def stated(fid: str, props: dict[str, Any]) -> dict[str, Any]:
    return {"type": "Feature", "id": fid, "properties": props, "geometry": None}


def small(*features: dict[str, Any]) -> dict[str, Any]:
    return {"type": "FeatureCollection",
            "mineboard": {"schema": 1, "id": "t", "kind": "hex",
                          "hex": {"cols": 4, "rows": 4, "size": 10.0, "terrain": "open"}},
            "features": list(features)}


def marked(data: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The hexes that are not plain default, and the hexsides with features."""
    board = board_from_json(data, "t.geojson")
    hexes = {p.id: dict(p.props) for p in board.places.values()
             if p.props != {"terrain": "open"}}
    return hexes, {w.id: dict(w.props) for w in board.ways.values() if w.props}


def only_problems(data: dict[str, Any]) -> list[str]:
    with pytest.raises(MapInvalid) as info:
        board_from_json(data, "t.geojson")
    return info.value.problems


def test_a_painted_polygon_makes_the_hexes_mostly_inside_it_its_terrain():
    hexes, sides = marked(small(painted("W1", {"terrain": "woods"}, WOOD)))
    assert hexes == {"0202": {"terrain": "woods"}}
    assert sides == {}
    assert MOST == 0.5


def test_a_painted_road_marks_the_hexes_it_passes_through_and_the_hexsides_it_crosses():
    hexes, sides = marked(small(painted("R1", {"feature": "road"}, ROAD)))
    assert hexes == {label: {"terrain": "open", "features": ["road"]}
                     for label in ("0101", "0201", "0301")}
    assert sides == {"0101|0201": {"features": ["road"]}, "0201|0301": {"features": ["road"]}}
    assert PATH_REACH == 0.3


def test_a_painted_stream_marks_the_hexsides_it_runs_along():
    board = board_from_json(small(painted("S1", {"hexside": "stream"}, STREAM)), "t")
    assert {w.id: w.props for w in board.ways.values() if w.props} == {
        "0202|0302": {"features": ["stream"]}, "0202|0303": {"features": ["stream"]}}
    grid = board.grid
    assert grid is not None
    assert grid.side_features(grid.hexside_between("0302", "0202")) == ("stream",)
    assert grid.side_features(grid.hexside_between("0202", "0203")) == ()


def test_stated_terrain_beats_painted_and_features_join():
    hexes, sides = marked(small(
        painted("W1", {"terrain": "woods"}, WOOD),
        painted("R1", {"feature": "road"}, ROAD),
        stated("h1", {"kind": "hex", "label": "0202", "terrain": "village",
                      "features": ["building"]}),
        stated("h2", {"kind": "hex", "label": "0201", "features": ["bridge", "road"]}),
        stated("s1", {"kind": "hexsides", "name": "farm wall", "features": ["wall"],
                      "hexsides": ["0201|0202", "0101|0201"]})))
    assert hexes == {"0101": {"terrain": "open", "features": ["road"]},
                     "0201": {"terrain": "open", "features": ["road", "bridge"]},
                     "0202": {"terrain": "village", "features": ["building"]},
                     "0301": {"terrain": "open", "features": ["road"]}}
    assert sides == {"0101|0201": {"features": ["road", "wall"]},
                     "0201|0202": {"features": ["wall"]},
                     "0201|0301": {"features": ["road"]}}


def test_the_last_painted_terrain_wins_where_two_overlap():
    hexes, _ = marked(small(painted("W1", {"terrain": "woods"}, WOOD),
                            painted("M1", {"terrain": "marsh"}, WOOD)))
    assert hexes == {"0202": {"terrain": "marsh"}}


@pytest.mark.parametrize(("feature", "line"), [
    (painted("W9", {"terrain": "woods"}, ROAD),
     "feature W9: terrain 'woods' is painted as a Polygon or MultiPolygon, not a LineString"),
    (painted("S9", {"hexside": "stream"}, WOOD),
     "feature S9: hexside 'stream' is painted as a LineString or MultiLineString, not a "
     "Polygon"),
    (painted("X9", {"terrain": "woods", "feature": "road"}, WOOD),
     "feature X9: a terrain feature paints one of \"terrain\" (a polygon), \"feature\" (a "
     "polygon or a line) or \"hexside\" (a line), as a name"),
    (painted("X8", {"name": "wood"}, WOOD),
     "feature X8: a terrain feature paints one of \"terrain\" (a polygon), \"feature\" (a "
     "polygon or a line) or \"hexside\" (a line), as a name"),
    (painted("W8", {"terrain": "woods"},
             {"type": "Polygon", "coordinates": [[[5, 17], [12, 17], [12, 35], [5, 35],
                                                   [5, 17]]]}),
     "feature W8: terrain 'woods' covers no hex of the board by more than half"),
    (painted("R8", {"feature": "road"}, {"type": "LineString",
                                         "coordinates": [[5, 13], [25, 13]]}),
     "feature R8: feature 'road' passes through no hex centre of the board (draw it from "
     "centre to centre)"),
    (painted("S8", {"hexside": "stream"}, {"type": "LineString",
                                           "coordinates": [[-30, -30], [-20, -30]]}),
     "feature S8: hexside 'stream' crosses no hexside of the board (draw it along the "
     "hexsides it marks)"),
    (painted("N8", {"terrain": "woods"}, None),
     "feature N8: a terrain needs a Polygon or MultiPolygon or LineString or "
     "MultiLineString geometry"),
    (stated("h8", {"kind": "hex", "label": "0101", "features": "road"}),
     "feature h8: features must be a list of names (road, building, stream, …)"),
])
def test_a_bad_painted_feature_is_one_line_naming_it_and_what_is_wrong(feature, line):
    assert only_problems(small(painted("W1", {"terrain": "woods"}, WOOD), feature)) == [line]


def test_plain_hexes_keep_their_props_as_they_were():
    board = load_board(maps_dir() / "jutland-tactical.geojson")
    assert board.places["0101"].props == {"terrain": "sea"}
    assert all(not w.props for w in board.ways_of("hexside"))
    assert board.grid is not None and board.grid.sides == {}


def test_the_demo_boards_terrain_is_derived_from_what_was_painted():
    board = load_board(maps_dir() / "boards-demo.geojson")
    terrain: dict[str, list[str]] = {}
    for place in board.places.values():
        terrain.setdefault(place.props["terrain"], []).append(place.id)
    assert {k: sorted(v) for k, v in terrain.items() if k != "open"} == {
        "woods": ["1B2", "1B3", "1C2", "1C3", "1D3"], "village": ["2C4", "2D4"],
        "marsh": ["1F5", "1G5"], "hill": ["2G2", "2G3", "2H2"]}
    assert board.places["2E4"].props == {"terrain": "open", "features": ["road", "bridge"]}
    assert board.ways["1H3|2A3"].props == {"features": ["road"]}  # the road over the seam
    assert board.ways["2E4|2F4"].props == {"features": ["road", "stream"]}
    assert sorted(w.id for w in board.ways.values()
                  if "stream" in w.props.get("features", ())) == [
        "2E1|2F1", "2E2|2F1", "2E2|2F2", "2E3|2F2", "2E3|2F3", "2E4|2F3", "2E4|2F4",
        "2E5|2F4", "2E5|2F5", "2E6|2F5", "2E6|2F6"]


def test_star_lanes_have_their_lines_and_load_as_before():
    path = maps_dir() / "stars.geojson"
    data = json.loads(path.read_text(encoding="utf-8"))
    routes = [f for f in data["features"] if f["properties"]["kind"] == "route"]
    assert len(routes) == 53
    assert all(f["geometry"]["type"] == "LineString" for f in routes)
    board = load_board(path)
    way = board.ways["aldermere|corvan"]
    assert list(way.geometry.coords) == [(46.7, 148.3), (97.1, 278.5)]
    assert "1986adf265461de338524bc8b1fe38ced50f9b8b713dbc070e176ae9efff02cc" in \
        board.accepted_hashes  # saves made before the lanes had lines still load
    for f in routes:  # as before: the same ways, drawn along the same straight lines
        f["geometry"] = None
    before = board_from_json(data, "old")
    assert {w.id: list(w.geometry.coords) for w in before.ways.values()} == {
        w.id: list(w.geometry.coords) for w in board.ways.values()}


def test_a_lane_whose_line_does_not_join_its_systems_is_one_line():
    data = json.loads((maps_dir() / "stars.geojson").read_text(encoding="utf-8"))
    lane = next(f for f in data["features"] if f["id"] == "aldermere~corvan")
    lane["geometry"]["coordinates"] = [[46.7, 148.3], [90, 270]]
    assert only_problems(data) == [
        "feature aldermere~corvan: its line does not join aldermere and corvan (it runs "
        "from (46.7, 148.3) to (90, 270))"]
    lane["geometry"]["coordinates"] = [[97.1, 278.5], [70, 200], [46.7, 148.3]]  # reversed
    assert board_from_json(data, "t").ways["aldermere|corvan"].geometry.length == \
        pytest.approx(83.046 + 56.708, abs=1e-3)  # its own bend kept


def test_a_road_crossing_a_hexside_of_a_hex_it_misses_does_not_mark_that_hexside():
    # From 0101's centre straight to 0202's: it passes between 0102 and 0201, near neither
    # centre, so only its two ends are road hexes, and they are not neighbours.
    hexes, sides = marked(small(painted("R2", {"feature": "road"}, {
        "type": "LineString", "coordinates": [[0, 0], [15, 25.980762]]})))
    assert sorted(hexes) == ["0101", "0202"]
    assert sides == {}


def test_a_save_made_before_the_tactical_maps_shoal_was_painted_still_loads(tmp_path):
    from mineboard.persistence.saves import digest_of, load_save, write_save
    from mineboard.persistence.scenario import load_scenario
    from mineboard.resources import resolve_scenario

    board = load_board(maps_dir() / "jutland-tactical.geojson")
    assert sorted(p.id for p in board.places.values() if p.props["terrain"] == "shoal") == [
        "2601", "2701", "2702", "2801", "2802", "2901", "2902", "3001", "3002"]
    before = "fd2cfff25b8472dd59dcdff8497679cf860c5455c25a71ae2323302a97149b98"
    assert before in board.accepted_hashes
    sc = load_scenario(resolve_scenario("jutland-horns-reef"))
    game = sc.new_game(3)
    save = tmp_path / "old.mineboard"
    write_save(save, sc, game)
    doc = json.loads(save.read_text(encoding="utf-8"))
    for sha, loads in ((before, True), ("0" * 64, False)):
        doc["map"]["sha256"] = sha  # as written on the map before the shoal, or on none
        doc["digest"] = digest_of(doc)
        save.write_text(json.dumps(doc), encoding="utf-8")
        if loads:
            assert load_save(save).game.state == game.state
        else:
            with pytest.raises(BadInput, match="map"):
                load_save(save)
