"""Loading and validating map files: GeoJSON FeatureCollections in planar board units.

A map file is ordinary GeoJSON (so QGIS or any GeoJSON editor can open it) with a
top-level ``"mineboard"`` member holding the schema version, the map's id, its kind
(``area``, ``point`` or ``hex``), units and, for hex maps, the grid parameters, and
optionally the maps it works with (``related``). Features carry a stable ``id`` and a
``kind`` property. Validation collects every problem, one line each naming the file and
the feature, instead of stopping at the first. docs/maps.md describes the format.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import re
from collections.abc import Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np
import shapely
from shapely.geometry import LineString, Point, shape
from shapely.geometry.base import BaseGeometry
from shapely.geometry.polygon import orient

from mineboard.core.errors import BadInput
from mineboard.maps import parse_cache
from mineboard.maps.derive import cached_contacts
from mineboard.maps.hexgrid import HexGrid, Layout
from mineboard.maps.model import (
    BERTH,
    BORDER,
    BOX,
    BOX_LINK,
    COAST,
    HEX,
    HEXSIDE,
    HEXSIDES,
    LAND,
    NAVAL_LINE,
    PORT,
    REGION,
    ROUTE,
    SEA_ZONE,
    SYSTEM,
    BoardMap,
    EdgeSet,
    Place,
    Region,
    Way,
    way_id,
)
from mineboard.maps.ring import ring_edge_sets, ring_from_header
from mineboard.resources import maps_dir, parse_json, read_bytes, read_json

SCHEMA_VERSION = 1
MAX_ABS_COORD = 1e7
MAX_RELATED_DEPTH = 3
MAX_HEXES = 100_000
"""Hexes on one board (the bench's largest has 10,000; 250,000 took 10 s and 430 MB)."""
MAX_RELATED = 8
"""Related maps one map may name: with the depth, what bounds the maps a load can reach."""
"""How many steps of ``related`` a map may lead through (a → b → c → d at most)."""
POLYGON_KINDS = {SEA_ZONE, LAND}
POINT_KINDS = {SYSTEM, PORT}
KINDS_BY_MAP = {"area": POLYGON_KINDS | {PORT, REGION}, "point": {SYSTEM, ROUTE, REGION},
                "hex": {HEX, PORT, BOX, HEXSIDES, REGION}}
MAP_KINDS = tuple(KINDS_BY_MAP)
SET_KINDS = {ROUTE, HEXSIDES, REGION}
"""Feature kinds that are not places: routes become ways, the others named sets."""
_BUNDLED_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")


class MapInvalid(BadInput):
    """A map with problems; ``problems`` holds every one, a line each."""

    def __init__(self, where: str, problems: list[str]) -> None:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        super().__init__(where, problems[0] + more)
        self.problems = problems


def load_board(path: Path) -> BoardMap:
    """A map file read afresh; its related maps come through the cache."""
    board = _parse(path)
    if not related_refs(board):
        return board
    return _with_related(board, path, (path.resolve(),))


def _parse(path: Path) -> BoardMap:
    data, digest = read_json(path)
    return board_from_json(data, str(path), digest)


@lru_cache(maxsize=16)
def _cached(path: Path, mtime_ns: int) -> BoardMap:
    """A map as a game opens it: its checked shapes come from the parse cache when this
    exact file loaded before (see maps.parse_cache); ``load_board`` always reads afresh."""
    raw = read_bytes(path)
    digest = hashlib.sha256(raw).hexdigest()
    hit = parse_cache.load(digest, _GEOMETRY_FOR_KIND)
    if hit is not None:
        with contextlib.suppress(MapInvalid):  # a cache file that lies is parsed again
            board, _ = _board(hit.skeleton, str(path), digest, hit.geometries)
            board.remember_label_points(hit.label_points)
            return board
    data = parse_json(raw, str(path))
    board, geometries = _board(data, str(path), digest)
    parse_cache.store(digest, data, geometries, board.label_points())
    return board


# Boards with their related maps, by (file, version, related maps' hashes): the same
# object comes back while nothing changed, a new one when any map in the tree did.
_LINKED: dict[tuple[Path, int, tuple[tuple[str, str], ...]], BoardMap] = {}
_LINKED_MAX = 16


def cached_board(path: Path, where: str) -> BoardMap:
    """A map loaded once per file version: scenarios and saves share the parsed board.

    Related maps are resolved through the same cache; a changed related map gives the map
    a new content hash.
    """
    return _cached_tree(path, where, ())


def _cached_tree(path: Path, where: str, chain: tuple[Path, ...]) -> BoardMap:
    """``path`` with its related maps; ``chain`` holds the maps that led here."""
    try:
        mtime = path.stat().st_mtime_ns
    except OSError:
        raise BadInput(where, f"map file {path} not found") from None
    board = _cached(path, mtime)
    if not related_refs(board):
        return board
    return _with_related(board, path, (*chain, path.resolve()), mtime)


def bundled_board(map_id: str, where: str) -> BoardMap:
    return cached_board(maps_dir() / f"{map_id}.geojson", where)


def related_refs(board: BoardMap) -> dict[str, str]:
    """The header's ``related`` member: name → bundled map id or .geojson path."""
    raw = board.meta.get("related")
    if not isinstance(raw, Mapping):
        return {}
    return {str(k): str(v) for k, v in raw.items()}


def related_path(ref: str, map_path: Path) -> Path:
    """Where a related map lives (see :func:`map_file`), relative to the map that names it."""
    return map_file(ref, map_path.resolve().parent, str(map_path))


def map_file(ref: object, folder: Path, where: str) -> Path:
    """The file a map reference names: a bundled map's id, or a ``.geojson`` path relative
    to ``folder`` that stays inside it.

    A scenario or map may come from anyone: a reference must not make the program read
    ``/etc/passwd`` or walk out of the folder with ``..`` (symbolic links included).
    """
    problem = map_ref_problem(ref)
    if problem is not None:
        raise BadInput(where, problem)
    assert isinstance(ref, str)
    if not ref.endswith(".geojson"):
        return maps_dir() / f"{ref}.geojson"
    try:
        base = folder.resolve()
        target = (base / ref).resolve()
    except (OSError, RuntimeError):  # a symbolic link that loops, a name the system refuses
        raise BadInput(where, f"map {ref!r} cannot be resolved to a file") from None
    if not target.is_relative_to(base):
        raise BadInput(where, f"map {ref!r} leads outside the folder of the file that names "
                              "it")
    return target


def map_ref_problem(ref: object) -> str | None:
    """Why ``ref`` cannot name a map (see :func:`map_file`), or None."""
    if not isinstance(ref, str) or not ref or len(ref) > 255 or "\x00" in ref:
        return "a map is named by a bundled map id or a relative .geojson path"
    if "\\" in ref or ":" in ref:  # a drive or a Windows separator means the same everywhere
        return f"map {ref!r}: write paths with '/', without a drive letter"
    if not ref.endswith(".geojson"):
        if not _BUNDLED_ID.fullmatch(ref) or ".." in ref:
            return f"map {ref!r} is neither a bundled map id nor a .geojson path"
        return None
    relative = Path(ref)
    if relative.is_absolute() or ".." in relative.parts:
        return (f"map {ref!r} must be a path inside the folder of the file that names it "
                "(no absolute path, no '..')")
    return None


def related_hash(digest: str, related: Mapping[str, BoardMap]) -> str:
    """sha256 of the map's own digest (hex), then for each related map in name order a
    newline and ``<name>=<content hash>``: a save notices when a related map changed."""
    h = hashlib.sha256(digest.encode())
    for name in sorted(related):
        h.update(f"\n{name}={related[name].content_hash}".encode())
    return h.hexdigest()


def _with_related(board: BoardMap, path: Path, chain: tuple[Path, ...],
                  mtime: int | None = None) -> BoardMap:
    """The board with its related maps resolved; ``chain`` ends with the board's own file."""
    where = str(path)
    related: dict[str, BoardMap] = {}
    for name, ref in sorted(related_refs(board).items()):
        target = related_path(ref, path)
        if not target.is_file():
            if ref.endswith(".geojson"):
                raise BadInput(where, f"related map {name!r}: map file {target} not found")
            known = ", ".join(sorted(p.stem for p in maps_dir().glob("*.geojson")))
            raise BadInput(where, f"related map {name!r}: {ref!r} is not a bundled map "
                                  f"(bundled: {known})")
        key = target.resolve()
        steps = " → ".join(p.name for p in (*chain, key))
        if key in chain:
            raise BadInput(where, f"related map {name!r} leads back to a map already being "
                                  f"loaded: {steps}")
        if len(chain) > MAX_RELATED_DEPTH:
            raise BadInput(where, f"related map {name!r}: related maps nest more than "
                                  f"{MAX_RELATED_DEPTH} deep: {steps}")
        related[name] = _cached_tree(target, where, chain)
    content_hash = related_hash(board.content_hash, related)
    if mtime is None:  # load_board: a fresh board every time
        board.related.update(related)
        board.content_hash = content_hash
        return board
    cache_key = (chain[-1], mtime, tuple((n, b.content_hash) for n, b in related.items()))
    linked = _LINKED.get(cache_key)
    if linked is None:
        if len(_LINKED) >= _LINKED_MAX:
            _LINKED.clear()
        linked = _LINKED[cache_key] = dataclasses.replace(
            board, content_hash=content_hash, related=related)
    return linked


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
    """A map from parsed GeoJSON. Related maps are named in ``meta["related"]`` but not
    loaded (load_board and cached_board do that), so ``related`` is empty here."""
    return _board(data, where, digest)[0]


def _board(data: Any, where: str, digest: str,
           checked: Mapping[int, BaseGeometry] | None = None
           ) -> tuple[BoardMap, dict[int, BaseGeometry]]:
    """The board and its features' checked shapes by feature index. ``checked`` holds
    those shapes from an earlier load of the same file, to use in place of the features'
    ``geometry`` members (which are then null)."""
    problems: list[str] = []
    header = _header(data, problems)
    if header is None:
        raise MapInvalid(where, problems)
    kind = header["kind"]
    _check_related(header, problems)
    # Geometric checks run on the features that parsed, so one broken feature does not hide
    # an overlap elsewhere: the author sees every problem in one pass.
    places, extra, geometries = _features(data, kind, problems, checked)
    if kind == "area":
        board = _area_board(header, places, problems, digest)
    elif kind == "point":
        board = _point_board(header, places, [f for f in extra if f.kind == ROUTE], problems,
                             digest)
    else:
        board = _hex_board(header, places, extra, problems, digest)
    if kind != "hex" or board.grid is not None:  # no grid: every member would be unknown
        board.regions.update(_regions(extra, board.places, problems))
    if problems:
        raise MapInvalid(where, problems)
    return board, geometries


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


def _check_related(header: Mapping[str, Any], problems: list[str]) -> None:
    raw = header.get("related")
    if raw is None:
        return
    if not isinstance(raw, Mapping):
        problems.append("mineboard.related must be an object: name → bundled map id or "
                        ".geojson path")
        return
    if len(raw) > MAX_RELATED:
        problems.append(f"mineboard.related names {len(raw)} maps; a map may name at most "
                        f"{MAX_RELATED}")
        return
    for name, ref in raw.items():
        problem = map_ref_problem(ref) if name else "needs a name"
        if problem is not None:
            problems.append(f"mineboard.related.{name}: {problem}")


def _coordinate_problem(geom: BaseGeometry) -> str | None:
    """Why a geometry's coordinates are unusable in board units, or None."""
    coords = shapely.get_coordinates(geom)
    if not np.isfinite(coords).all():
        return "coordinate is not a finite number"
    worst = float(np.abs(coords).max()) if coords.size else 0.0
    if worst > MAX_ABS_COORD:
        return f"absurd coordinate {worst:g} (board units are at most {MAX_ABS_COORD:g})"
    return None


def _features(data: Mapping[str, Any], map_kind: str, problems: list[str],
              checked: Mapping[int, BaseGeometry] | None
              ) -> tuple[dict[str, Place], list[Place], dict[int, BaseGeometry]]:
    """Places (and hex overrides) by id, and the features that are not places (routes,
    hexside sets, regions) kept apart, in file order; and each feature's shape by index."""
    places: dict[str, Place] = {}
    ways: list[Place] = []
    geometries: dict[int, BaseGeometry] = {}
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
        if not isinstance(kind, str) or kind not in allowed:
            problems.append(f"{where}: kind {kind!r} is not used on {map_kind} maps "
                            f"(expected one of {', '.join(sorted(allowed))})")
            continue
        optional = kind in (ROUTE, BOX) or (kind == PORT and map_kind == "hex")
        geom = (checked.get(index) if checked is not None
                else _geometry(feature.get("geometry"), kind, where, problems, optional))
        if geom is False:
            if map_kind != "hex" or kind not in (PORT, BOX):
                continue
            geom = None  # still a place, so links and regions naming it add no more lines
        name = props.get("name", fid)
        if not isinstance(name, str):
            problems.append(f"{where}: name must be a string")
            continue
        if geom is not None:
            geometries[index] = geom
        place = Place(fid, kind, name, geom, dict(props))
        _check_props(place, where, problems)
        if kind in SET_KINDS:
            ways.append(place)
        else:
            places[fid] = place
    return places, ways, geometries


_GEOMETRY_FOR_KIND = {
    SEA_ZONE: ("Polygon", "MultiPolygon"), LAND: ("Polygon", "MultiPolygon"),
    SYSTEM: ("Point",), PORT: ("Point",), ROUTE: ("LineString",), HEX: (), BOX: ("Point",),
    HEXSIDES: (), REGION: (),
}


def _geometry(raw: Any, kind: str, where: str, problems: list[str],
              optional: bool = False) -> BaseGeometry | bool | None:
    """A normalised shapely geometry, None where none is needed, False after a problem."""
    expected = _GEOMETRY_FOR_KIND[kind]
    if raw is None:
        if expected and not optional:
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
    xy = props.get("capital_xy")
    if xy is not None and not _finite_pair(xy):
        problems.append(f"{where}: capital_xy must be two numbers [x, y] in board units")


def _finite_pair(value: Any) -> bool:
    """[x, y] of numbers a board can hold."""
    return isinstance(value, list) and len(value) == 2 and all(
        isinstance(v, (int, float)) and not isinstance(v, bool) and abs(v) <= MAX_ABS_COORD
        for v in value)


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
    for c in cached_contacts([p.geometry for p in polys], min_length, digest):
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
    if cols * rows > MAX_HEXES:  # each hex is a place and three hexsides: memory and time
        problems.append(f"mineboard.hex: {cols} × {rows} = {cols * rows:,} hexes; a board "
                        f"may have at most {MAX_HEXES:,}")
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
    if not _finite_pair(origin):
        problems.append("mineboard.hex.origin must be two numbers [x, y] in board units")
        return None
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


def _hex_board(header: Mapping[str, Any], features: dict[str, Place], sets: list[Place],
               problems: list[str], digest: str) -> BoardMap:
    overrides = {fid: f for fid, f in features.items() if f.kind == HEX}
    grid = hex_grid_from_header(header, overrides, problems)
    if grid is None:
        return BoardMap(str(header["id"]), "hex", "", {}, {})
    places = {grid.label(h): Place(grid.label(h), HEX, grid.label(h),
                                   props={"terrain": grid.terrain(h)}) for h in grid.hexes()}
    ways = {}
    for side in grid.hexsides():
        a, b = (grid.label(h) for h in side.hexes)
        wid = way_id(a, b)
        first, second = wid.split("|")
        ways[wid] = Way(wid, HEXSIDE, first, second)
    # Every port and box becomes a place, even one with a problem, so that a region or a
    # link naming it does not add a second line for the same mistake.
    for f in features.values():
        if f.kind in (PORT, BOX):
            if f.id in places:
                problems.append(f"feature {f.id}: id is also the label of a hex of this map")
                continue
            places[f.id] = f
    for port in (f for f in features.values() if f.kind == PORT):
        _add_port(grid, port, places, ways, problems)
    for box in (f for f in features.values() if f.kind == BOX):
        _add_box_links(box, places, ways, problems)
    edge_sets = {f.id: s for f in sets if f.kind == HEXSIDES
                 if (s := _edge_set(grid, f, ways, problems)) is not None}
    if "ring" in header:
        try:
            shaded = ring_from_header(grid, header["ring"], "")
        except BadInput as exc:
            # ring_from_header names the place after "where"; with where "" only that stays.
            at = exc.where.removeprefix(": ")
            problems.append(f"{at}: {exc.what}" if at else exc.what)
        else:
            for edge_set in ring_edge_sets(grid, shaded):
                if edge_set.id in edge_sets:
                    problems.append(f"mineboard.ring: edge set {edge_set.id!r} is also the id "
                                    "of a hexsides feature")
                    continue
                edge_sets[edge_set.id] = edge_set
    return BoardMap(str(header["id"]), "hex", str(header.get("title", header["id"])), places,
                    ways, digest, dict(header), grid=grid, edge_sets=edge_sets)


def _whole(value: Any) -> bool:
    """A whole number ≥ 0 (booleans are not numbers here)."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _add_port(grid: HexGrid, port: Place, places: dict[str, Place], ways: dict[str, Way],
              problems: list[str]) -> None:
    """A port in a hex: the place, and a berth joining it to its hex."""
    where = f"feature {port.id}"
    if "capacity" in port.props and not _whole(port.props["capacity"]):
        problems.append(f"{where}: capacity must be a whole number ≥ 0")
    label = port.props.get("hex")
    if not isinstance(label, str):
        problems.append(f"{where}: a port on a hex map needs \"hex\": the label of its hex")
        return
    try:
        h = grid.from_label(label)
    except ValueError as exc:
        problems.append(f"{where}: {exc}")
        return
    if places.get(port.id) is not port:
        return  # its id clashes with a hex: reported already
    if port.geometry is None:
        port.geometry = Point(grid.layout.to_pixel(h))
    wid = way_id(port.id, label)
    first, second = wid.split("|")
    ways[wid] = Way(wid, BERTH, first, second)


def _add_box_links(box: Place, places: Mapping[str, Place], ways: dict[str, Way],
                   problems: list[str]) -> None:
    """The links of an off-board box to hexes, ports and other boxes."""
    where = f"feature {box.id}"
    if places.get(box.id) is not box:
        return  # its id clashes with a hex: reported already
    props: dict[str, Any] = {}
    if "link_cost" in box.props:
        if not _whole(box.props["link_cost"]):
            problems.append(f"{where}: link_cost must be a whole number ≥ 0")
        else:
            props["link_cost"] = box.props["link_cost"]
    links = box.props.get("links", [])
    if not isinstance(links, list) or not all(isinstance(x, str) for x in links):
        problems.append(f"{where}: links must be a list of hex labels, port ids and box ids")
        return
    seen: set[str] = set()
    for target in links:
        if target in seen:
            problems.append(f"{where}: links {target!r} twice")
            continue
        seen.add(target)
        other = places.get(target)
        if other is None or other.kind not in (HEX, PORT, BOX):
            problems.append(f"{where}: link {target!r} is not a hex, port or box of this map")
            continue
        if target == box.id:
            problems.append(f"{where}: links to itself")
            continue
        wid = way_id(box.id, target)
        old = ways.get(wid)
        if old is not None:  # the other box lists this link too
            cost, old_cost = props.get("link_cost"), old.props.get("link_cost")
            if cost is not None and old_cost is not None and cost != old_cost:
                problems.append(f"{where}: link_cost {cost} to {target} disagrees with the "
                                f"link_cost {old_cost} of feature {target}")
            elif cost is not None:
                old.props = dict(props)
            continue
        first, second = wid.split("|")
        ways[wid] = Way(wid, BOX_LINK, first, second, _link_line(box, other), dict(props))


def _link_line(box: Place, other: Place) -> LineString | None:
    """A line to draw a box link along: the box's point to the other end's (a hex has
    none here, so its link is drawn by whoever knows the grid)."""
    ends = [p.geometry for p in (box, other)]
    if any(g is None or g.geom_type != "Point" for g in ends) or ends[0] == ends[1]:
        return None
    return LineString([_point_of(box), _point_of(other)])


def _members(f: Place, key: str, what: str, problems: list[str]) -> list[str] | None:
    raw = f.props.get(key)
    if not isinstance(raw, list) or not raw or not all(isinstance(x, str) for x in raw):
        problems.append(f"feature {f.id}: {key} must be a non-empty list of {what}")
        return None
    return list(raw)


def _set_props(f: Place, *structural: str) -> dict[str, Any]:
    return {k: v for k, v in f.props.items() if k not in ("kind", "name", *structural)}


def _edge_set(grid: HexGrid, f: Place, ways: Mapping[str, Way],
              problems: list[str]) -> EdgeSet | None:
    """A ``hexsides`` feature: named hexsides given as 'AAAA|BBBB' in either order."""
    raw = _members(f, "hexsides", "hexside ids 'AAAA|BBBB'", problems)
    if raw is None:
        return None
    out: list[str] = []
    for side in raw:
        labels = side.split("|")
        if len(labels) != 2:
            problems.append(f"feature {f.id}: hexside {side!r} is not two hex labels joined "
                            "by '|'")
            continue
        try:
            grid.hexside_between(*labels)
        except ValueError as exc:
            problems.append(f"feature {f.id}: hexside {side!r}: {exc}")
            continue
        wid = way_id(*labels)
        if wid in out:
            problems.append(f"feature {f.id}: hexside {side!r} listed twice")
            continue
        assert wid in ways  # every hexside of the grid is a way
        out.append(wid)
    return EdgeSet(f.id, f.name, tuple(out), _set_props(f, "hexsides"))


def _regions(features: Sequence[Place], places: Mapping[str, Place],
             problems: list[str]) -> dict[str, Region]:
    """``region`` features: named sets of places (hexes, ports, boxes, zones, systems)."""
    out: dict[str, Region] = {}
    for f in features:
        if f.kind != REGION:
            continue
        raw = _members(f, "places", "place ids", problems)
        if raw is None:
            continue
        members: list[str] = []
        for member in raw:
            if member not in places:
                problems.append(f"feature {f.id}: place {member!r} is not a place of this map")
            elif member in members:
                problems.append(f"feature {f.id}: place {member!r} listed twice")
            else:
                members.append(member)
        out[f.id] = Region(f.id, f.name, tuple(members), _set_props(f, "places"))
    return out
