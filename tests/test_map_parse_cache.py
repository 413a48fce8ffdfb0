"""The parse cache (issue 11, first frame): a map file that loaded once comes back from its
checked shapes on disk, exactly as a fresh parse gives it, and a cache file that is broken or
lies is parsed again — never trusted, never an error."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest
import shapely

from mineboard.maps import loading, parse_cache, shapes
from mineboard.maps.geojson import MapInvalid
from mineboard.maps.loading import cached_board, load_board
from mineboard.resources import maps_dir


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """An empty cache folder, in-memory caches cleared, and a count of shapes parsed."""
    monkeypatch.setenv("MINEBOARD_CACHE_DIR", str(tmp_path / "cache"))
    loading.forget()
    parsed: list[str] = []
    check = shapes.checked_shape
    monkeypatch.setattr(shapes, "checked_shape",
                        lambda raw, kind, where, *a: parsed.append(where) or check(
                            raw, kind, where, *a))
    yield parsed
    loading.forget()


def _reload(path: Path):
    loading.forget()
    return cached_board(path, "test")


def _same(a, b) -> None:
    assert a.content_hash == b.content_hash and a.meta == b.meta
    assert a.places.keys() == b.places.keys() and a.ways.keys() == b.ways.keys()
    for pid, place in a.places.items():
        other = b.places[pid]
        assert (place.kind, place.name, dict(place.props)) == (other.kind, other.name,
                                                                dict(other.props))
        assert (place.geometry is None) == (other.geometry is None)
        if place.geometry is not None:
            assert shapely.equals_exact(place.geometry, other.geometry, 0)
            if place.geometry.geom_type == "Polygon":
                assert place.geometry.exterior.is_ccw  # oriented as a fresh parse orients
    for wid, way in a.ways.items():
        assert shapely.equals_exact(way.geometry, b.ways[wid].geometry, 0)


def test_a_maps_checked_shapes_are_cached_and_equal_a_fresh_parse(cache, tmp_path):
    """The North Sea's 54 shapes were parsed and checked on every start (a fifth of it)."""
    path = maps_dir() / "northsea.geojson"
    first = cached_board(path, "test")
    assert len(cache) == 54  # every feature's shape checked the first time
    assert len(list((tmp_path / "cache" / "maps").iterdir())) == 1
    second = _reload(path)
    assert second is not first and len(cache) == 54  # none parsed the second time
    fresh = load_board(path)  # 'validate' and load_board always read afresh
    assert len(cache) == 108
    _same(second, fresh)
    assert second.label_points() == fresh.label_points()  # kept with the shapes


@pytest.mark.parametrize("damage", ["truncated", "blob changed", "wrong shape type",
                                    "skeleton breaks a rule", "not a cache file"])
def test_a_broken_or_lying_cache_file_is_parsed_again(cache, tmp_path, damage):
    path = maps_dir() / "northsea.geojson"
    fresh = cached_board(path, "test")
    (file,) = (tmp_path / "cache" / "maps").iterdir()
    raw = file.read_bytes()
    start = len(parse_cache._MAGIC) + 8
    size = int.from_bytes(raw[len(parse_cache._MAGIC):start], "big")
    header, blob = json.loads(raw[start:start + size]), raw[start + size:]
    if damage == "truncated":
        raw = raw[:len(raw) // 2]
    elif damage == "blob changed":
        raw = raw[:-5] + b"\x00" * 5
    elif damage == "not a cache file":
        raw = b"{}"
    else:
        if damage == "wrong shape type":  # a sea zone's shape swapped for a point
            index, offset, length = header["geometries"][0]
            point = shapely.to_wkb(shapely.Point(0, 0))
            blob = blob[:offset] + point + blob[offset + length:]
            shift = len(point) - length
            header["geometries"] = [[i, o + (shift if o > offset else 0),
                                     len(point) if i == index else n]
                                    for i, o, n in header["geometries"]]
        else:  # passes the cache's own checks, but not the map's
            feature = next(f for f in header["skeleton"]["features"]
                           if "industrial_capacity" in f["properties"])
            feature["properties"]["industrial_capacity"] = -3
        header["blob_sha256"] = hashlib.sha256(blob).hexdigest()
        text = json.dumps(header).encode()
        raw = parse_cache._MAGIC + len(text).to_bytes(8, "big") + text + blob
    file.write_bytes(raw)
    again = _reload(path)
    assert len(cache) == 108  # parsed and checked afresh
    _same(again, fresh)


def test_a_map_with_a_problem_is_not_cached_and_a_changed_map_is_parsed_afresh(
        cache, tmp_path):
    folder = tmp_path / "maps"
    folder.mkdir()
    path = folder / "two.geojson"
    shutil.copy(maps_dir() / "northsea.geojson", path)
    doc = json.loads(path.read_text())
    zone = next(f for f in doc["features"] if f["properties"]["kind"] == "sea_zone")
    zone["properties"]["label"] = 7  # a label must be a string
    path.write_text(json.dumps(doc))
    with pytest.raises(MapInvalid, match="label must be a string"):
        cached_board(path, "test")
    assert not (tmp_path / "cache" / "maps").exists()
    zone["properties"]["label"] = "Dogger"
    path.write_text(json.dumps(doc))
    board = _reload(path)
    assert board.places[str(zone["id"])].label == "Dogger"
    zone["properties"]["label"] = "Fisher"  # new bytes: a new key, parsed afresh
    path.write_text(json.dumps(doc))
    assert _reload(path).places[str(zone["id"])].label == "Fisher"
    assert len(list((tmp_path / "cache" / "maps").iterdir())) == 2
