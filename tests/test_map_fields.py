"""Every field a map's features give is checked for its type before anything uses it
(issue 24, item 11): a zone id '²' crashed ``validate`` and ``screenshot`` in
``place_sort_key``, a port's ``sea_zone`` given as a list in the area board's lookup.

The fuzz puts a wrong type in each field of each feature of a small map of each kind
— the id and every property — and holds the loader to one answer: a refusal, one line per
problem, naming the feature; or a board every reader of a map can use.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from mineboard.core.errors import BadInput
from mineboard.maps.geojson import MapInvalid, board_from_json
from mineboard.maps.model import BoardMap, place_sort_key, way_id
from mineboard.resources import maps_dir
from tests.test_map_kinds import narrows

WRONG: list[Any] = [["C"], {"a": 1}, 7, 2.5, True, "²", "٣", ""]
"""A list, an object, numbers, a boolean, digits that are not 0–9, an empty string."""


def square(x: float, y: float) -> dict[str, Any]:
    return {"type": "Polygon",
            "coordinates": [[[x, y], [x + 10, y], [x + 10, y + 10], [x, y + 10], [x, y]]]}


def small_area() -> dict[str, Any]:
    """Four sea zones and two lands, one a capital with every land property; a port, a
    region."""
    def zone(fid: str, x: float, y: float, kind: str = "sea_zone", **props: Any
             ) -> dict[str, Any]:
        return {"type": "Feature", "id": fid, "properties": {"kind": kind, **props},
                "geometry": square(x, y)}
    return {"type": "FeatureCollection",
            "mineboard": {"schema": 1, "id": "small", "kind": "area", "title": "Small"},
            "features": [
                zone("1", 0, 0, name="West"), zone("2", 10, 0), zone("3", 20, 0),
                zone("4", 10, 10, label="Four"),
                zone("GER", 0, 10, "land", name="Germany", capital="Berlin", owner="Germany",
                     industrial_capacity=10, label="GER", capital_xy=[5.0, 15.0]),
                zone("UK", 20, 10, "land", name="Britain"),
                {"type": "Feature", "id": "P", "properties": {
                    "kind": "port", "name": "Port", "sea_zone": "1", "territory": "GER"},
                 "geometry": {"type": "Point", "coordinates": [5.0, 10.0]}},
                {"type": "Feature", "id": "R", "properties": {
                    "kind": "region", "name": "Home", "places": ["1", "GER"]},
                 "geometry": None}]}


def small_stars() -> dict[str, Any]:
    """The bundled star map cut down to its first six systems and the routes among them."""
    doc = json.loads((maps_dir() / "stars.geojson").read_text(encoding="utf-8"))
    systems = [f for f in doc["features"] if f["properties"]["kind"] == "system"][:6]
    ids = {f["id"] for f in systems}
    routes = [f for f in doc["features"] if f["properties"]["kind"] == "route"
              and {f["properties"]["from"], f["properties"]["to"]} <= ids]
    doc["features"] = systems + routes + [
        {"type": "Feature", "id": "R", "properties": {
            "kind": "region", "name": "Core", "places": sorted(ids)[:2]}, "geometry": None}]
    return doc


def small_hexes() -> dict[str, Any]:
    """The hand-written hex map of the map-kind tests: a hex override, two ports, two boxes,
    a strait with a boundary, a region."""
    doc = narrows()
    strait = next(f for f in doc["features"] if f["properties"]["kind"] == "hexsides")
    strait["properties"]["boundary"] = "C|W"
    return doc


MAPS = {"area": small_area, "stars": small_stars, "hexes": small_hexes}


def use(board: BoardMap) -> None:
    """What drawing, the rules and the log ask of any map."""
    ids = sorted([*board.places, *board.ways], key=place_sort_key)
    for ident in ids:
        board.ref(ident)
    for place in board.places:
        board.neighbours(place)
    board.label_points()
    for set_id in board.edge_sets:
        board.edge_set_hexsides(set_id)
    if board.grid is not None:
        for h in board.grid.hexes():
            board.grid.terrain(h)


def answer(doc: dict[str, Any]) -> list[str]:
    """The loader's answer: [] for a usable board, else its problems."""
    try:
        board = board_from_json(doc, "fuzz.geojson")
    except MapInvalid as exc:
        return exc.problems
    except BadInput as exc:
        return [str(exc)]
    use(board)
    return []


@pytest.mark.parametrize("name", MAPS)
def test_the_small_maps_load_as_they_are(name):
    assert answer(MAPS[name]()) == []


@pytest.mark.parametrize("name", MAPS)
def test_a_wrong_type_in_any_field_of_any_feature_is_one_line_or_harmless(name):
    base = MAPS[name]()
    tried = 0
    for index, feature in enumerate(base["features"]):
        fields = [("id",), *(("properties", key) for key in feature["properties"])]
        for field in fields:
            for value in WRONG:
                doc = {**base, "features": list(base["features"])}  # the loader changes
                target = doc["features"][index] = copy.deepcopy(feature)  # none of them
                for step in field[:-1]:
                    target = target[step]
                target[field[-1]] = value
                what = f"feature #{index} {'.'.join(field)} = {value!r}"
                try:
                    problems = answer(doc)
                except Exception as exc:
                    pytest.fail(f"{what}: {type(exc).__name__}: {exc}")
                assert all(p and "\n" not in p for p in problems), (what, problems)
                assert all(p.startswith(("feature", "mineboard.")) for p in problems), (
                    what, problems)
                tried += 1
    assert tried > 100


def test_a_place_id_in_digits_other_than_0_to_9_is_refused_naming_the_feature():
    doc = small_area()
    doc["features"][1]["id"] = "²"
    problems = answer(doc)
    assert any(p.startswith("feature ²: id '²'") for p in problems), problems


def test_a_port_whose_sea_zone_is_a_list_is_refused_naming_the_feature_and_field():
    doc = small_area()
    port = next(f for f in doc["features"] if f["id"] == "P")
    port["properties"]["sea_zone"] = [port["properties"]["sea_zone"]]
    problems = answer(doc)
    assert problems == ["feature P: sea_zone must be the id of a feature of this map, as a "
                        "string"], problems


@pytest.mark.parametrize("text", ["²", "1²", "٣", "٣3", "1" * 5000, "", "0", "00", "GER",
                                  "x²", "\x00", "3.5", "-1", " 1"])
def test_place_sort_key_takes_any_string(text):
    place_sort_key(text)  # int('²') and int of 5,000 digits raised ValueError


def test_place_sort_key_is_numeric_order_then_names_and_total():
    ids = ["GER", "110", "91", "0110", "9", "UK", "1" * 5000, "٣", "²"]
    assert sorted(ids, key=place_sort_key) == ["9", "91", "0110", "110", "1" * 5000, "GER",
                                               "UK", "²", "٣"]
    # Two ids of one number are still two places: their way has one id whichever way round.
    assert way_id("0110", "110") == way_id("110", "0110") == "0110|110"
    assert way_id("٣", "3") == way_id("3", "٣") == "3|٣"


@pytest.mark.parametrize(("kind", "key"), [("hex", "terrain"), ("hexsides", "boundary")])
def test_a_terrain_or_boundary_that_is_not_text_is_refused(kind, key):
    """Read as text (a hex's colour, the zone border a ring band stands for): a list was
    taken as the text "['land']"."""
    doc = small_hexes()
    feature = next(f for f in doc["features"] if f["properties"]["kind"] == kind)
    feature["properties"][key] = ["land"]
    assert answer(doc) == [f"feature {feature['id']}: {key} must be a string"]
