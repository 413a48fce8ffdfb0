"""``mineboard grid``: a hex map's grid written as a GeoJSON layer of hex polygons for a
GIS to show under the painted terrain (issue 26, item 6); the map keeps its grid as
parameters."""

from __future__ import annotations

import json

from mineboard import cli
from mineboard.maps.grid_layer import grid_layer
from mineboard.maps.loading import load_board
from mineboard.resources import maps_dir


def test_the_tactical_maps_layer_has_a_polygon_per_hex():
    layer = grid_layer(load_board(maps_dir() / "jutland-tactical.geojson"))
    assert layer["name"] == "jutland-tactical hex grid"
    assert len(layer["features"]) == 600  # 30 × 20
    first = layer["features"][0]
    assert first["id"] == "0101"
    assert first["properties"] == {"label": "0101", "board": "", "terrain": "sea",
                                   "features": []}
    # Size 30, flat, centred on the origin: corners from 0° on, counter-clockwise with y
    # up (as GeoJSON asks), the ring closed.
    assert first["geometry"] == {"type": "Polygon", "coordinates": [[
        [30.0, 0.0], [15.0, 25.980762], [-15.0, 25.980762], [-30.0, 0.0],
        [-15.0, -25.980762], [15.0, -25.980762], [30.0, 0.0]]]}


def test_the_joined_boards_layer_names_each_hexs_board_and_terrain():
    layer = grid_layer(load_board(maps_dir() / "boards-demo.geojson"))
    features = {f["id"]: f for f in layer["features"]}
    assert len(features) == 96
    assert [f["properties"]["board"] for f in layer["features"]].count("2") == 48
    assert features["2E4"]["properties"] == {"label": "2E4", "board": "2", "terrain": "open",
                                             "features": ["road", "bridge"]}
    assert features["1C2"]["properties"]["terrain"] == "woods"


def test_the_command_writes_the_layer_and_says_so(tmp_path, capsys):
    out = tmp_path / "layers" / "grid.geojson"
    assert cli.main(["grid", str(maps_dir() / "boards-demo.geojson"), "-o", str(out)]) == 0
    assert capsys.readouterr().out == f"wrote {out}: 96 hexes of map 'boards-demo'\n"
    layer = json.loads(out.read_text(encoding="utf-8"))
    assert len(layer["features"]) == 96
    assert list(tmp_path.joinpath("layers").iterdir()) == [out]  # no temp file left


def test_the_command_takes_a_bundled_map_id_and_writes_to_standard_output(capsys):
    assert cli.main(["grid", "jutland-tactical"]) == 0
    assert len(json.loads(capsys.readouterr().out)["features"]) == 600


def test_a_map_without_a_grid_or_a_bad_name_is_one_line(tmp_path, capsys):
    assert cli.main(["grid", "stars", "-o", str(tmp_path / "g.geojson")]) == 2
    assert capsys.readouterr().err == "mineboard: stars: a point map has no hex grid to write\n"
    assert cli.main(["grid", "jutland-tactical", "-o", str(tmp_path / "g.json")]) == 2
    assert capsys.readouterr().err == (f"mineboard: {tmp_path / 'g.json'}: the grid layer is "
                                       "GeoJSON; name it .geojson\n")
    assert list(tmp_path.iterdir()) == []
