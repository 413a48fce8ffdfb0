"""Loading and validating map files: GeoJSON FeatureCollections in planar board units.

A map file is ordinary GeoJSON (so QGIS or any GeoJSON editor can open it) with a
top-level ``"mineboard"`` member holding the schema version, the map's id, its kind
(``area``, ``point`` or ``hex``), units and, for hex maps, the grid parameters. Features
carry a stable ``id`` and a ``kind`` property. Validation collects every problem, one
line each naming the file and the feature, instead of stopping at the first.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np
import shapely
from shapely.geometry import LineString, shape
from shapely.geometry.base import BaseGeometry
from shapely.geometry.polygon import orient

from mineboard.core.errors import BadInput
from mineboard.maps.derive import contacts
from mineboard.maps.hexgrid import HexGrid, Layout
from mineboard.maps.model import (
    BORDER,
    COAST,
    HEX,
    HEXSIDE,
    LAND,
    NAVAL_LINE,
    ROUTE,
    SEA_ZONE,
    SYSTEM,
    BoardMap,
    Place,
    Way,
    way_id,
)
from mineboard.resources import maps_dir, read_json

SCHEMA_VERSION = 1
MAX_ABS_COORD = 1e7
POLYGON_KINDS = {SEA_ZONE, LAND}
POINT_KINDS = {SYSTEM, "port"}
KINDS_BY_MAP = {"area": POLYGON_KINDS | {"port"}, "point": {SYSTEM, ROUTE}, "hex": {HEX}}
MAP_KINDS = tuple(KINDS_BY_MAP)


class MapInvalid(BadInput):
    """A map with problems; ``problems`` holds every one, a line each."""

    def __init__(self, where: str, problems: list[str]) -> None:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        super().__init__(where, problems[0] + more)
        self.problems = problems


def load_board(path: Path) -> BoardMap:
    data, digest = read_json(path)
    return board_from_json(data, str(path), digest)


@lru_cache(maxsize=16)
def _cached(path: Path, mtime_ns: int) -> BoardMap:
    return load_board(path)


def cached_board(path: Path, where: str) -> BoardMap:
    """A map loaded once per file version: scenarios and saves share the parsed board."""
    try:
        mtime = path.stat().st_mtime_ns
    except OSError:
        raise BadInput(where, f"map file {path} not found") from None
    return _cached(path, mtime)


def bundled_board(map_id: str, where: str) -> BoardMap:
    return cached_board(maps_dir() / f"{map_id}.geojson", where)


def validate_file(path: Path) -> list[str]:
    """Every problem of a map file, one line each (empty: the map is good)."""
    try:
        load_board(path)
    except MapInvalid as exc:
        return [f"{path}: {p}" for p in exc.problems]
    except BadInput as exc:
        return [str(exc)]
    return []


def board_from_json(data: Any, where: str, digest: str = "") -> BoardMap:
    problems: list[str] = []
    header = _header(data, problems)
    if header is None:
        raise MapInvalid(where, problems)
    kind = header["kind"]
    # Geometric checks run on the features that parsed, so one broken feature does not hide
    # an overlap elsewhere: the author sees every problem in one pass.
    places, extra = _features(data, kind, problems)
    if kind == "area":
        board = _area_board(header, places, problems, digest)
    elif kind == "point":
        board = _point_board(header, places, extra, problems, digest)
    else:
        board = _hex_board(header, places, problems, digest)
    if problems:
        raise MapInvalid(where, problems)
    return board


def _header(data: Any, problems: list[str]) -> dict[str, Any] | None:
    if not isinstance(data, Mapping) or data.get("type") != "FeatureCollection":
        problems.append("not a GeoJSON FeatureCollection")
        return None
    meta = data.get("mineboard")
    if not isinstance(meta, Mapping):
        problems.append("missing the top-level \"mineboard\" member (schema, id, kind)")
        return None
    schema = meta.get("schema")
    if schema != SCHEMA_VERSION:
        problems.append(f"map schema {schema!r} is not supported (this program reads "
                        f"schema {SCHEMA_VERSION})")
    if not isinstance(meta.get("id"), str) or not meta["id"]:
        problems.append("mineboard.id must be a non-empty string")
    if meta.get("kind") not in MAP_KINDS:
        problems.append(f"mineboard.kind must be one of {', '.join(MAP_KINDS)}")
    if not isinstance(data.get("features"), list):
        problems.append("\"features\" must be a list")
    return dict(meta) if not problems else None


def _coordinate_problem(geom: BaseGeometry) -> str | None:
    """Why a geometry's coordinates are unusable in board units, or None."""
    coords = shapely.get_coordinates(geom)
    if not np.isfinite(coords).all():
        return "coordinate is not a finite number"
    worst = float(np.abs(coords).max()) if coords.size else 0.0
    if worst > MAX_ABS_COORD:
        return f"absurd coordinate {worst:g} (board units are at most {MAX_ABS_COORD:g})"
    return None


def _features(data: Mapping[str, Any], map_kind: str,
              problems: list[str]) -> tuple[dict[str, Place], list[Place]]:
    """Places by id, and features that become ways (routes) kept apart."""
    places: dict[str, Place] = {}
    ways: list[Place] = []
    allowed = KINDS_BY_MAP[map_kind]
    seen: set[str] = set()
    for index, feature in enumerate(data["features"]):
        if not isinstance(feature, Mapping) or feature.get("type") != "Feature":
            problems.append(f"feature #{index}: not a GeoJSON Feature")
            continue
        raw_id = feature.get("id")
        if not isinstance(raw_id, (str, int)) or isinstance(raw_id, bool) or raw_id == "":
            problems.append(f"feature #{index}: needs an \"id\" (string or number)")
            continue
        fid = str(raw_id)
        where = f"feature {fid}"
        if "|" in fid:
            problems.append(f"{where}: ids may not contain '|' (it joins the ids of a line)")
            continue
        if fid in seen:
            problems.append(f"{where}: duplicate id")
            continue
        seen.add(fid)
        props = feature.get("properties") or {}
        if not isinstance(props, Mapping):
            problems.append(f"{where}: properties must be an object")
            continue
        kind = props.get("kind")
        if kind not in allowed:
            problems.append(f"{where}: kind {kind!r} is not used on {map_kind} maps "
                            f"(expected one of {', '.join(sorted(allowed))})")
            continue
        geom = _geometry(feature.get("geometry"), kind, where, problems)
        if geom is False:
            continue
        name = props.get("name", fid)
        if not isinstance(name, str):
            problems.append(f"{where}: name must be a string")
            continue
        place = Place(fid, kind, name, geom or None, dict(props))
        _check_props(place, where, problems)
        if kind == ROUTE:
            ways.append(place)
        else:
            places[fid] = place
    return places, ways


_GEOMETRY_FOR_KIND = {
    SEA_ZONE: ("Polygon", "MultiPolygon"), LAND: ("Polygon", "MultiPolygon"),
    SYSTEM: ("Point",), "port": ("Point",), ROUTE: ("LineString",), HEX: (),
}


def _geometry(raw: Any, kind: str, where: str,
              problems: list[str]) -> BaseGeometry | bool | None:
    """A normalised shapely geometry, None where none is needed, False after a problem."""
    expected = _GEOMETRY_FOR_KIND[kind]
    if raw is None:
        if expected and kind != ROUTE:
            problems.append(f"{where}: a {kind} needs a {' or '.join(expected)} geometry")
            return False
        return None
    if not isinstance(raw, Mapping) or raw.get("type") not in expected:
        got = raw.get("type") if isinstance(raw, Mapping) else type(raw).__name__
        want = " or ".join(expected) or "no"
        problems.append(f"{where}: a {kind} needs {want} geometry, not {got}")
        return False
    try:
        geom = shape(raw)
    except (ValueError, TypeError, AttributeError, KeyError, IndexError, RecursionError,
            shapely.errors.ShapelyError) as exc:
        problems.append(f"{where}: unusable geometry coordinates ({type(exc).__name__})")
        return False
    why = _coordinate_problem(geom)
    if why:
        problems.append(f"{where}: {why}")
        return False
    if geom.is_empty:
        problems.append(f"{where}: empty geometry")
        return False
    if geom.geom_type in ("Polygon", "MultiPolygon"):
        if not geom.is_valid:
            problems.append(f"{where}: invalid polygon: {shapely.is_valid_reason(geom)}")
            return False
        if geom.area <= 0:
            problems.append(f"{where}: polygon has no area")
            return False
        geom = _oriented(geom)
    return geom


def _oriented(geom: BaseGeometry) -> BaseGeometry:
    """Counter-clockwise exteriors, clockwise holes (RFC 7946), whatever the file had."""
    if geom.geom_type == "Polygon":
        return orient(geom, 1.0)
    return shapely.MultiPolygon([orient(p, 1.0) for p in geom.geoms])


def _check_props(place: Place, where: str, problems: list[str]) -> None:
    props = place.props
    capacity = props.get("industrial_capacity")
    if capacity is not None and (not isinstance(capacity, int) or isinstance(capacity, bool)
                                 or capacity < 0):
        problems.append(f"{where}: industrial_capacity must be a whole number ≥ 0")
    for key in ("capital", "owner", "label"):
        if key in props and not isinstance(props[key], str):
            problems.append(f"{where}: {key} must be a string")


def _scale(places: Mapping[str, Place]) -> float:
    xs: list[float] = []
    for p in places.values():
        if p.geometry is not None:
            minx, miny, maxx, maxy = p.geometry.bounds
            xs.extend((maxx - minx, maxy - miny))
    return max(xs, default=1.0)


def _area_board(header: Mapping[str, Any], places: dict[str, Place], problems: list[str],
                digest: str) -> BoardMap:
    polys = [p for p in places.values() if p.kind in POLYGON_KINDS]
    min_length = _scale(places) * 1e-7
    ways: dict[str, Way] = {}
    for c in contacts([p.geometry for p in polys], min_length):
        a, b = polys[c.i], polys[c.j]
        if c.overlap > 1e-9 * min(a.geometry.area, b.geometry.area):  # type: ignore[union-attr]
            problems.append(f"feature {a.id}: overlaps feature {b.id} "
                            f"(shared area {c.overlap:.6g})")
            continue
        if c.border is None:
            continue
        kinds = {a.kind, b.kind}
        kind = NAVAL_LINE if kinds == {SEA_ZONE} else BORDER if kinds == {LAND} else COAST
        wid = way_id(a.id, b.id)
        first, second = wid.split("|")
        ways[wid] = Way(wid, kind, first, second, geometry=c.border)
    lined = {w.a for w in ways.values() if w.kind == NAVAL_LINE} | {
        w.b for w in ways.values() if w.kind == NAVAL_LINE}
    zones = [p for p in polys if p.kind == SEA_ZONE]
    for zone in zones:
        if len(zones) > 1 and zone.id not in lined:
            problems.append(f"feature {zone.id}: isolated sea zone (shares no line with "
                            "another sea zone)")
    for port in (p for p in places.values() if p.kind == "port"):
        for key in ("sea_zone", "territory"):
            ref = port.props.get(key)
            if ref is not None and ref not in places:
                problems.append(f"feature {port.id}: {key} {ref!r} is not a feature of this map")
    return BoardMap(header["id"], "area", str(header.get("title", header["id"])), places,
                    ways, digest, header)


def _point_board(header: Mapping[str, Any], places: dict[str, Place], routes: list[Place],
                 problems: list[str], digest: str) -> BoardMap:
    ways: dict[str, Way] = {}
    for route in routes:
        a, b = route.props.get("from"), route.props.get("to")
        bad = [e for e in (a, b) if not isinstance(e, str) or e not in places]
        if bad or not isinstance(a, str) or not isinstance(b, str):
            problems.append(f"feature {route.id}: route end {bad[0]!r} is not a system of "
                            "this map")
            continue
        if a == b:
            problems.append(f"feature {route.id}: route joins {a} to itself")
            continue
        geom = route.geometry or LineString([_point_of(places[a]), _point_of(places[b])])
        wid = way_id(a, b)
        if wid in ways:
            problems.append(f"feature {route.id}: a second route between {a} and {b}")
            continue
        first, second = wid.split("|")
        ways[wid] = Way(wid, ROUTE, first, second, geom)
    joined = {w.a for w in ways.values()} | {w.b for w in ways.values()}
    for system in places.values():
        if len(places) > 1 and system.id not in joined:
            problems.append(f"feature {system.id}: isolated system (no route)")
    return BoardMap(header["id"], "point", str(header.get("title", header["id"])), places,
                    ways, digest, header)


def _point_of(place: Place) -> tuple[float, float]:
    assert place.geometry is not None  # systems are checked to have Point geometry
    x, y = place.geometry.coords[0][:2]
    return float(x), float(y)


def hex_grid_from_header(header: Mapping[str, Any], overrides: Mapping[str, Place],
                         problems: list[str]) -> HexGrid | None:
    spec = header.get("hex")
    if not isinstance(spec, Mapping):
        problems.append("mineboard.hex (cols, rows, size, orientation) is required on a hex map")
        return None
    cols, rows, size = spec.get("cols"), spec.get("rows"), spec.get("size", 1.0)
    orientation = spec.get("orientation", "flat")
    offset = spec.get("offset", "odd-q" if orientation == "flat" else "odd-r")
    if not (isinstance(cols, int) and isinstance(rows, int) and 0 < cols <= 500
            and 0 < rows <= 500):
        problems.append("mineboard.hex: cols and rows must be whole numbers from 1 to 500")
        return None
    if not isinstance(size, (int, float)) or not 0 < size < MAX_ABS_COORD:
        problems.append("mineboard.hex.size must be a positive number")
        return None
    if orientation not in ("flat", "pointy") or offset not in ("odd-q", "even-q", "odd-r",
                                                               "even-r"):
        problems.append("mineboard.hex: orientation flat|pointy, offset odd-q|even-q|odd-r|"
                        "even-r")
        return None
    origin = spec.get("origin", [0.0, 0.0])
    grid = HexGrid(cols, rows, Layout(orientation, float(size),
                                      (float(origin[0]), float(origin[1]))), offset)
    by_label = {}
    for place in overrides.values():
        label = str(place.props.get("label", place.id))
        try:
            grid.from_label(label)
        except ValueError as exc:
            problems.append(f"feature {place.id}: {exc}")
            continue
        by_label[label] = dict(place.props)
    return HexGrid(cols, rows, grid.layout, offset, overrides=by_label)


def _hex_board(header: Mapping[str, Any], places: dict[str, Place], problems: list[str],
               digest: str) -> BoardMap:
    grid = hex_grid_from_header(header, places, problems)
    if grid is None:
        return BoardMap(str(header["id"]), "hex", "", {}, {})
    hexes = {grid.label(h): Place(grid.label(h), HEX, grid.label(h),
                                  props={"terrain": grid.terrain(h)}) for h in grid.hexes()}
    ways = {}
    for side in grid.hexsides():
        a, b = (grid.label(h) for h in side.hexes)
        wid = way_id(a, b)
        ways[wid] = Way(wid, HEXSIDE, *wid.split("|"))
    meta = dict(header)
    meta["grid"] = grid
    return BoardMap(str(header["id"]), "hex", str(header.get("title", header["id"])), hexes,
                    ways, digest, meta)
