"""Map kinds that compose on hex maps (ports, boxes, hexside sets, regions), the shaded ring
as edge sets, the typed grid, and related maps with their content hash."""

from __future__ import annotations

import copy
import hashlib
import itertools
import json
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from shapely.geometry import Point

from mineboard.core.errors import BadInput
from mineboard.maps.generate import point_map_json
from mineboard.maps.geojson import MapInvalid, board_from_json
from mineboard.maps.hexgrid import HexGrid
from mineboard.maps.loading import bundled_board, cached_board, load_board, validate_file
from mineboard.maps.model import (
    BERTH,
    BOX_LINK,
    HEXSIDE,
    EdgeSet,
    Region,
)
from mineboard.maps.ring import ShadedRing, ring_from_header
from mineboard.resources import maps_dir

ROOT = Path(__file__).resolve().parent.parent
NORTHSEA_HASH = "9321a36cbd4c98b78828594d406c5e9251e640682070ca66cc85701fc6ec47f0"


def feature(fid: str, kind: str, geometry: Any = None, **props: Any) -> dict[str, Any]:
    return {"type": "Feature", "id": fid, "properties": {"kind": kind, **props},
            "geometry": geometry}


def point(x: float, y: float) -> dict[str, Any]:
    return {"type": "Point", "coordinates": [x, y]}


def narrows() -> dict[str, Any]:
    """A 6×5 flat odd-q hex map with two ports, two boxes, a strait and a region."""
    return {
        "type": "FeatureCollection",
        "mineboard": {"schema": 1, "id": "narrows", "kind": "hex", "units": "board",
                      "hex": {"cols": 6, "rows": 5, "size": 10.0, "orientation": "flat",
                              "offset": "odd-q"}},
        "features": [
            feature("o1", "hex", label="0303", terrain="land"),
            feature("P1", "port", hex="0303", name="Harwich", capacity=50),
            feature("P2", "port", point(58, 66), hex="0505", name="Rosyth"),
            feature("B1", "box", point(-40, 20), name="Atlantic", links=["0101", "0102", "B2"],
                    link_cost=2),
            feature("B2", "box", point(120, 20), name="Pacific", links=["0601", "0603", "B1"]),
            feature("S1", "hexsides", name="The Strait", hexsides=["0303|0302", "0403|0303"],
                    control=["0302", "0403"]),
            feature("R1", "region", name="Western front",
                    places=["0101", "0102", "P1", "B1"], front="western"),
        ],
    }


def problems_of(doc: dict[str, Any]) -> list[str]:
    with pytest.raises(MapInvalid) as info:
        board_from_json(doc, "t.geojson")
    return info.value.problems


def props_of(doc: dict[str, Any], fid: str) -> dict[str, Any]:
    found: dict[str, Any] = next(f for f in doc["features"] if f["id"] == fid)["properties"]
    return found


# -- the hand-written hex map ------------------------------------------------------------


def test_ports_boxes_strait_and_region_load_into_places_ways_and_sets():
    board = board_from_json(narrows(), "narrows")
    assert isinstance(board.grid, HexGrid) and "grid" not in board.meta
    extra = {pid: (p.kind, p.name) for pid, p in board.places.items() if p.kind != "hex"}
    assert extra == {"P1": ("port", "Harwich"), "P2": ("port", "Rosyth"),
                     "B1": ("box", "Atlantic"), "B2": ("box", "Pacific")}
    assert len(board.places) == 30 + 4
    assert board.places["0303"].props == {"terrain": "land"}
    # P1 has no geometry of its own: it is drawn at its hex's centre.
    assert board.places["P1"].geometry.equals(Point(board.grid.layout.to_pixel(
        board.grid.from_label("0303"))))
    assert board.places["P2"].geometry.equals(Point(58, 66))
    assert board.places["P1"].props["capacity"] == 50
    others = {wid: (w.kind, w.a, w.b, dict(w.props)) for wid, w in board.ways.items()
              if w.kind != HEXSIDE}
    assert others == {
        "0303|P1": (BERTH, "0303", "P1", {}),
        "0505|P2": (BERTH, "0505", "P2", {}),
        "0101|B1": (BOX_LINK, "0101", "B1", {"link_cost": 2}),
        "0102|B1": (BOX_LINK, "0102", "B1", {"link_cost": 2}),
        "B1|B2": (BOX_LINK, "B1", "B2", {"link_cost": 2}),  # listed by both: one link
        "0601|B2": (BOX_LINK, "0601", "B2", {}),
        "0603|B2": (BOX_LINK, "0603", "B2", {}),
    }
    assert sum(w.kind == HEXSIDE for w in board.ways.values()) == 69
    assert all(w.props == {} for w in board.ways.values() if w.kind == HEXSIDE)
    # A box link between two drawn points is drawn as a line; a link to a hex is not.
    assert board.ways["B1|B2"].geometry.length == pytest.approx(160.0)
    assert board.ways["0101|B1"].geometry is None
    assert board.neighbours("B1") == ["0101", "0102", "B2"]
    assert board.neighbours("B2") == ["0601", "0603", "B1"]
    assert board.neighbours("0303") == ["0202", "0203", "0302", "0304", "0402", "0403", "P1"]
    assert board.neighbours("0303", HEXSIDE) == ["0202", "0203", "0302", "0304", "0402",
                                                 "0403"]
    assert board.neighbours("P1") == ["0303"]
    assert board.edge_sets == {"S1": EdgeSet("S1", "The Strait", ("0302|0303", "0303|0403"),
                                             {"control": ["0302", "0403"]})}
    assert all(board.ways[w].kind == HEXSIDE for w in board.edge_sets["S1"].ways)
    sides = board.edge_set_hexsides("S1")
    assert [sorted(board.grid.label(h) for h in s.hexes) for s in sides] == [
        ["0302", "0303"], ["0303", "0403"]]
    assert board.regions == {"R1": Region("R1", "Western front", ("0101", "0102", "P1", "B1"),
                                          {"front": "western"})}


def test_shortest_path_from_a_box_to_a_port_runs_through_the_graph():
    board = board_from_json(narrows(), "narrows")
    path = board.shortest_path("B1", "P2", None)
    assert path is not None and len(path) == 6
    assert path[:3] == ["B1", "B2", "0603"] and path[-2:] == ["0505", "P2"]
    assert all(board.way_between(a, b) for a, b in itertools.pairwise(path))
    assert board.shortest_path("B1", "P2", [BOX_LINK, HEXSIDE, BERTH]) == path
    assert board.shortest_path("B1", "P2", HEXSIDE) is None  # boxes are not on the grid
    assert board.shortest_path("0101", "0601", BOX_LINK) == ["0101", "B1", "B2", "0601"]


def test_a_link_cost_given_by_the_second_box_of_a_mutual_link_is_kept():
    doc = narrows()
    props_of(doc, "B1").pop("link_cost")
    props_of(doc, "B2")["link_cost"] = 3
    board = board_from_json(doc, "narrows")
    assert board.ways["B1|B2"].props == {"link_cost": 3}
    assert board.ways["0101|B1"].props == {}
    assert board.ways["0601|B2"].props == {"link_cost": 3}


def test_boxes_without_geometry_or_links_and_ports_with_zero_capacity_are_fine():
    doc = narrows()
    doc["features"].append(feature("B3", "box", name="Waiting for repair"))
    props_of(doc, "P1")["capacity"] = 0
    board = board_from_json(doc, "narrows")
    assert board.places["B3"].geometry is None and board.neighbours("B3") == []


def _set(fid: str, key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(doc: dict[str, Any]) -> None:
        props_of(doc, fid)[key] = value
    return change


def _add(f: dict[str, Any]) -> Callable[[dict[str, Any]], None]:
    def change(doc: dict[str, Any]) -> None:
        doc["features"].append(f)
    return change


def _drop(fid: str, key: str) -> Callable[[dict[str, Any]], None]:
    def change(doc: dict[str, Any]) -> None:
        props_of(doc, fid).pop(key)
    return change


def _geometry(fid: str, geometry: Any) -> Callable[[dict[str, Any]], None]:
    def change(doc: dict[str, Any]) -> None:
        next(f for f in doc["features"] if f["id"] == fid)["geometry"] = geometry
    return change


MALFORMED = {
    "port on a hex off the board": (_set("P1", "hex", "0707"),
                                    "feature P1: hex 0707 is off the board"),
    "port hex not a label": (_set("P1", "hex", "harbour"),
                             "feature P1: hex label 'harbour' is not CCRR digits"),
    "port without a hex": (_drop("P1", "hex"),
                           "feature P1: a port on a hex map needs \"hex\": the label of its hex"),
    "negative capacity": (_set("P1", "capacity", -1),
                          "feature P1: capacity must be a whole number ≥ 0"),
    "fractional capacity": (_set("P2", "capacity", 2.5),
                            "feature P2: capacity must be a whole number ≥ 0"),
    "boolean capacity": (_set("P1", "capacity", True),
                         "feature P1: capacity must be a whole number ≥ 0"),
    "port as a polygon": (_geometry("P1", {"type": "Polygon", "coordinates": [
        [[0, 0], [1, 0], [1, 1], [0, 0]]]}),
        "feature P1: a port needs Point geometry, not Polygon"),
    "port id that is a hex label": (
        _add(feature("0202", "port", hex="0202")),
        "feature 0202: id is also the label of a hex of this map"),
    "box linking an unknown hex": (
        _set("B1", "links", ["0101", "0909", "B2"]),
        "feature B1: link '0909' is not a hex, port or box of this map"),
    "box linking a region": (_set("B1", "links", ["R1"]),
                             "feature B1: link 'R1' is not a hex, port or box of this map"),
    "box linking itself": (_set("B2", "links", ["0601", "B2"]), "feature B2: links to itself"),
    "box linking twice": (_set("B2", "links", ["0601", "0601"]),
                          "feature B2: links '0601' twice"),
    "box links not a list": (_set("B1", "links", "0101"),
                             "feature B1: links must be a list of hex labels, port ids and "
                             "box ids"),
    "bad link cost": (_set("B1", "link_cost", -2),
                      "feature B1: link_cost must be a whole number ≥ 0"),
    "mutual links that disagree": (
        _set("B2", "link_cost", 5),
        "feature B2: link_cost 5 to B1 disagrees with the link_cost 2 of feature B1"),
    "box with a line": (_geometry("B1", {"type": "LineString", "coordinates": [[0, 0], [1, 1]]}),
                        "feature B1: a box needs Point geometry, not LineString"),
    "hexside of two non-adjacent hexes": (
        _set("S1", "hexsides", ["0303|0302", "0101|0103"]),
        "feature S1: hexside '0101|0103': hexes 0101 and 0103 are not neighbours"),
    "hexside off the board": (
        _set("S1", "hexsides", ["0601|0701"]),
        "feature S1: hexside '0601|0701': hex 0701 is off the board"),
    "hexside not two labels": (
        _set("S1", "hexsides", ["0302-0303"]),
        "feature S1: hexside '0302-0303' is not two hex labels joined by '|'"),
    "hexside listed twice": (
        _set("S1", "hexsides", ["0303|0302", "0302|0303"]),
        "feature S1: hexside '0302|0303' listed twice"),
    "no hexsides": (_set("S1", "hexsides", []),
                    "feature S1: hexsides must be a non-empty list of hexside ids 'AAAA|BBBB'"),
    "hexsides with a geometry": (
        _geometry("S1", point(1, 1)), "feature S1: a hexsides needs no geometry, not Point"),
    "region with an unknown member": (
        _set("R1", "places", ["0101", "P9"]),
        "feature R1: place 'P9' is not a place of this map"),
    "region naming a hexside set": (
        _set("R1", "places", ["S1"]), "feature R1: place 'S1' is not a place of this map"),
    "region member twice": (_set("R1", "places", ["0101", "0101"]),
                            "feature R1: place '0101' listed twice"),
    "region without places": (_drop("R1", "places"),
                              "feature R1: places must be a non-empty list of place ids"),
    # A port with a problem is still a place: the region naming it adds no second line.
    "region naming a broken port": (_set("P1", "hex", "0909"),
                                    "feature P1: hex 0909 is off the board"),
}


@pytest.mark.parametrize("case", list(MALFORMED))
def test_each_malformed_feature_gives_one_problem_line_naming_it(case: str):
    change, expected = MALFORMED[case]
    doc = copy.deepcopy(narrows())
    change(doc)
    assert problems_of(doc) == [expected]


def test_validate_file_names_the_file_and_the_feature(tmp_path: Path):
    doc = narrows()
    props_of(doc, "P1")["hex"] = "0707"
    path = tmp_path / "narrows.geojson"
    path.write_text(json.dumps(doc))
    assert validate_file(path) == [f"{path}: feature P1: hex 0707 is off the board"]


def test_hex_only_kinds_are_refused_on_area_and_point_maps():
    doc = point_map_json(4)
    doc["features"].append(feature("B1", "box", links=["S0"]))
    doc["features"].append(feature("X1", "hexsides", hexsides=["0101|0102"]))
    assert problems_of(doc) == [
        "feature B1: kind 'box' is not used on point maps (expected one of region, route, "
        "system)",
        "feature X1: kind 'hexsides' is not used on point maps (expected one of region, "
        "route, system)"]


def test_regions_on_point_and_area_maps_name_their_places():
    doc = point_map_json(4)
    doc["features"].append(feature("R", "region", name="Core", places=["S0", "S2"]))
    board = board_from_json(doc, "stars")
    assert board.grid is None and board.edge_sets == {}
    assert board.regions == {"R": Region("R", "Core", ("S0", "S2"), {})}
    square = {"type": "Polygon", "coordinates": [[[0, 0], [10, 0], [10, 10], [0, 10], [0, 0]]]}
    area = {"type": "FeatureCollection",
            "mineboard": {"schema": 1, "id": "a", "kind": "area", "units": "board"},
            "features": [feature("1", "sea_zone", square),
                         feature("W", "region", name="West", places=["1"], theatre="ETO")]}
    board = board_from_json(area, "a")
    assert board.grid is None and "W" not in board.places
    assert board.regions["W"] == Region("W", "West", ("1",), {"theatre": "ETO"})
    area["features"][1]["properties"]["places"] = ["1", "2"]
    assert problems_of(area) == ["feature W: place '2' is not a place of this map"]


def test_the_example_in_the_map_format_doc_loads():
    text = (ROOT / "docs" / "maps.md").read_text()
    blocks = re.findall(r"```json\n(.*?)```", text, re.S)
    whole = json.loads(next(b for b in blocks if "FeatureCollection" in b))
    board = board_from_json(whole, "docs/maps.md")
    assert set(board.places) - {p for p in board.places if p.isdigit()} == {"P1", "B1"}
    assert board.neighbours("B1") == ["0101", "0102"]
    assert board.edge_sets["S1"].ways == ("0302|0303",)
    assert board.regions["R1"].places == ("0101", "0102", "B1")


# -- the shaded ring as edge sets -----------------------------------------------------------


def test_the_jutland_ring_loads_as_six_edge_sets():
    board = bundled_board("jutland-tactical", "test")
    names = ["south-west", "south", "east", "north-east", "north-west", "west"]
    assert list(board.edge_sets) == [f"ring-{n}" for n in names]
    boundaries = {}
    for name in names:
        edge_set = board.edge_sets[f"ring-{name}"]
        assert edge_set.name == name
        assert len(edge_set.ways) == 2 * 8 + 1  # a corner hex has three outward hexsides
        assert all(board.ways[w].kind == HEXSIDE for w in edge_set.ways)
        assert set(edge_set.props) == {"boundary", "ring"} and edge_set.props["ring"] is True
        boundaries[name] = edge_set.props["boundary"]
    assert boundaries == {"south-west": "C|SW", "south": "C|S", "east": "C|E",
                          "north-east": "C|NE", "north-west": "C|NW", "west": "C|W"}
    every = [w for s in board.edge_sets.values() for w in s.ways]
    assert len(every) == len(set(every)) == 6 * 17


def test_shaded_ring_from_edge_sets_answers_near_like_ring_from_header():
    board = bundled_board("jutland-tactical", "test")
    grid = board.grid
    assert grid is not None
    old = ring_from_header(grid, board.meta["ring"], "test")
    new = ShadedRing.from_edge_sets(grid, board.edge_sets)
    assert (new.center, new.radius) == (old.center, old.radius)
    assert new.segments == old.segments
    boundaries = [seg.boundary for seg in old.segments.values()]
    choices = [[b] for b in boundaries] + [boundaries, [], ["C|X"]]
    for h in grid.hexes():
        for wanted in choices:
            assert new.near(h, wanted) == old.near(h, wanted), (grid.label(h), wanted)


def test_shaded_ring_from_edge_sets_refuses_hexsides_off_the_ring():
    board = board_from_json(narrows(), "narrows")
    assert board.grid is not None
    strait = EdgeSet("S", "S", ("0302|0303", "0101|0102"), {"boundary": "X"})
    with pytest.raises(ValueError, match="is not on the ring"):
        ShadedRing.from_edge_sets(board.grid, [strait])
    with pytest.raises(ValueError, match="no edge set"):
        ShadedRing.from_edge_sets(board.grid, board.edge_sets)  # S1 carries no boundary


def _ringed(**ring: Any) -> dict[str, Any]:
    doc = narrows()
    doc["mineboard"]["hex"] = {"cols": 9, "rows": 9, "size": 10.0}
    doc["mineboard"]["ring"] = {"center": "0505", "radius": 2, "segments": [
        {"name": "north", "side": 2, "boundary": "A|N"}], **ring}
    return doc


def test_any_hex_map_may_have_a_ring_header():
    board = board_from_json(_ringed(), "ringed")
    assert set(board.edge_sets) == {"S1", "ring-north"}
    assert len(board.edge_sets["ring-north"].ways) == 5
    assert board.edge_sets["ring-north"].props == {"boundary": "A|N", "ring": True}


@pytest.mark.parametrize(("ring", "expected"), [
    ({"radius": 0}, "mineboard.ring.radius must be a whole number from 1 to 9 (the "
                    "board's longer side)"),
    ({"radius": 10**8}, "mineboard.ring.radius must be a whole number from 1 to 9 (the "
                        "board's longer side)"),  # a review's map: it never finished
    ({"radius": 6}, "mineboard.ring runs off the board"),
    ({"center": "9999"}, "mineboard.ring.center: hex 9999 is off the board"),
    ({"segments": [{"name": "n", "side": 6, "boundary": "A|N"}]},
     "mineboard.ring.segments[0]: 'side' must be 0–5"),
])
def test_a_bad_ring_header_is_one_problem_line(ring: dict[str, Any], expected: str):
    assert problems_of(_ringed(**ring)) == [expected]


def test_a_ring_segment_may_not_take_the_id_of_a_hexsides_feature():
    doc = _ringed()
    doc["features"][5]["id"] = "ring-north"
    assert problems_of(doc) == ["mineboard.ring: edge set 'ring-north' is also the id of a "
                                "hexsides feature"]


# -- related maps and the content hash ------------------------------------------------------


def _area_doc(map_id: str, related: dict[str, str] | None = None) -> dict[str, Any]:
    square = {"type": "Polygon", "coordinates": [[[0, 0], [10, 0], [10, 10], [0, 10], [0, 0]]]}
    header: dict[str, Any] = {"schema": 1, "id": map_id, "kind": "area", "units": "board"}
    if related is not None:
        header["related"] = related
    return {"type": "FeatureCollection", "mineboard": header,
            "features": [feature("1", "sea_zone", square)]}


def _write(path: Path, doc: dict[str, Any]) -> Path:
    path.write_text(json.dumps(doc))
    return path


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_maps_without_related_maps_keep_the_hash_of_their_bytes():
    assert bundled_board("northsea", "test").content_hash == NORTHSEA_HASH
    assert load_board(maps_dir() / "northsea.geojson").content_hash == NORTHSEA_HASH
    zones = maps_dir() / "jutland-zones.geojson"
    assert bundled_board("jutland-zones", "test").content_hash == _sha(zones)


def test_related_maps_load_and_enter_the_hash(tmp_path: Path):
    zones = _write(tmp_path / "zones.geojson", _area_doc("zones"))
    tactical_doc = narrows()
    tactical_doc["mineboard"]["related"] = {"strategic": "zones.geojson",
                                            "home": "jutland-zones"}
    tactical = _write(tmp_path / "tac.geojson", tactical_doc)
    board = load_board(tactical)
    assert set(board.related) == {"strategic", "home"}
    assert board.related["strategic"].id == "zones"
    assert board.related["home"] is bundled_board("jutland-zones", "test")
    home_hash = board.related["home"].content_hash
    expected = hashlib.sha256(
        f"{_sha(tactical)}\nhome={home_hash}\nstrategic={_sha(zones)}".encode()).hexdigest()
    assert board.content_hash == expected
    cached = cached_board(tactical, "test")
    assert cached.content_hash == expected and cached_board(tactical, "test") is cached
    assert copy.deepcopy(cached) is cached
    # board_from_json reads the header but leaves related maps to the file loaders.
    bare = board_from_json(tactical_doc, "t", _sha(tactical))
    assert bare.related == {} and bare.content_hash == _sha(tactical)
    # A changed related map changes the map's hash, though the map's own file did not.
    changed = _area_doc("zones")
    changed["mineboard"]["title"] = "Renamed"
    _write(zones, changed)
    stat = zones.stat()
    os.utime(zones, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    again = cached_board(tactical, "test")
    assert again.related["strategic"].meta["title"] == "Renamed"
    assert again.content_hash != expected and again.content_hash == hashlib.sha256(
        f"{_sha(tactical)}\nhome={home_hash}\nstrategic={_sha(zones)}".encode()).hexdigest()


def test_the_jutland_tactical_map_names_its_strategic_map():
    board = bundled_board("jutland-tactical", "test")
    assert board.related["strategic"] is bundled_board("jutland-zones", "test")
    own = _sha(maps_dir() / "jutland-tactical.geojson")
    assert board.content_hash == hashlib.sha256(
        f"{own}\nstrategic={board.related['strategic'].content_hash}".encode()).hexdigest()


def test_related_maps_that_form_a_cycle_are_refused(tmp_path: Path):
    a = _write(tmp_path / "a.geojson", _area_doc("a", {"next": "b.geojson"}))
    _write(tmp_path / "b.geojson", _area_doc("b", {"back": "a.geojson"}))
    for load in (load_board, lambda p: cached_board(p, "test")):
        with pytest.raises(BadInput) as info:
            load(a)
        assert info.value.where == str(tmp_path / "b.geojson")
        assert info.value.what == ("related map 'back' leads back to a map already being "
                                   "loaded: a.geojson → b.geojson → a.geojson")
    me = _write(tmp_path / "me.geojson", _area_doc("me", {"self": "me.geojson"}))
    with pytest.raises(BadInput, match=r"leads back .*: me\.geojson → me\.geojson"):
        load_board(me)
    assert validate_file(a) == [f"{tmp_path / 'b.geojson'}: related map 'back' leads back to "
                                "a map already being loaded: a.geojson → b.geojson → a.geojson"]


def test_related_maps_nest_at_most_three_deep(tmp_path: Path):
    for i in range(5):
        _write(tmp_path / f"m{i}.geojson",
               _area_doc(f"m{i}", {"next": f"m{i + 1}.geojson"} if i < 4 else None))
    board = load_board(tmp_path / "m1.geojson")  # m1 → m2 → m3 → m4
    assert board.related["next"].related["next"].related["next"].id == "m4"
    with pytest.raises(BadInput) as info:
        cached_board(tmp_path / "m0.geojson", "test")  # m0 → m1 → m2 → m3 → m4
    assert info.value.what == ("related map 'next': related maps nest more than 3 deep: "
                               "m0.geojson → m1.geojson → m2.geojson → m3.geojson → m4.geojson")


def test_related_maps_that_are_missing_or_malformed(tmp_path: Path):
    lost = _write(tmp_path / "lost.geojson", _area_doc("lost", {"strategic": "nowhere"}))
    with pytest.raises(BadInput, match="related map 'strategic': 'nowhere' is not a bundled "
                                       r"map \(bundled: .*northsea"):
        load_board(lost)
    gone = _write(tmp_path / "gone.geojson", _area_doc("gone", {"strategic": "x.geojson"}))
    with pytest.raises(BadInput, match=f"map file {re.escape(str(tmp_path))}.x.geojson not "
                                       "found"):
        cached_board(gone, "test")
    bad = _area_doc("bad", {"strategic": "../etc/passwd", "ok": "jutland-zones"})
    assert problems_of(bad) == ["mineboard.related.strategic: map '../etc/passwd' is neither "
                                "a bundled map id nor a .geojson path"]
    bad["mineboard"]["related"] = {"strategic": "../../maps/jutland-zones.geojson"}
    assert problems_of(bad) == ["mineboard.related.strategic: map '../../maps/jutland-zones."
                                "geojson' must be a path inside the folder of the file that "
                                "names it (no absolute path, no '..')"]
    bad["mineboard"]["related"] = ["jutland-zones"]
    assert problems_of(bad) == ["mineboard.related must be an object: name → bundled map id "
                                "or .geojson path"]
