"""A map file's GeoJSON document read and checked: the ``"mineboard"`` header and each
feature's id, kind, name and common properties, then handed to the board of its kind.

A map file is ordinary GeoJSON (so QGIS or any GeoJSON editor can open it) with a
top-level ``"mineboard"`` member holding the schema version, the map's id, its kind
(``area``, ``point`` or ``hex``), units and, for hex maps, the grid parameters, and
optionally the maps it works with (``related``). Features carry a stable ``id`` and a
``kind`` property. Validation collects every problem, one line each naming the feature,
instead of stopping at the first. docs/maps.md describes the format.

The boards of each kind are built in maps.area, maps.points and maps.hexes; files are
loaded, cached and linked to their related maps in maps.loading.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from shapely.geometry.base import BaseGeometry

from mineboard.core.collector import collection_paused
from mineboard.core.errors import BadInput
from mineboard.maps import shapes
from mineboard.maps.area import POLYGON_KINDS, area_board
from mineboard.maps.hexes import hex_board
from mineboard.maps.model import (
    BOX,
    HEX,
    HEXSIDES,
    PORT,
    REGION,
    ROUTE,
    SYSTEM,
    TERRAIN,
    BoardMap,
    Place,
)
from mineboard.maps.points import point_board
from mineboard.maps.refs import map_ref_problem
from mineboard.maps.sets import regions
from mineboard.maps.values import finite_pair

SCHEMA_VERSION = 1
MAX_RELATED = 8
"""Related maps one map may name: with the depth, what bounds the maps a load can reach."""
KINDS_BY_MAP = {"area": POLYGON_KINDS | {PORT, REGION}, "point": {SYSTEM, ROUTE, REGION},
                "hex": {HEX, PORT, BOX, HEXSIDES, REGION, TERRAIN}}
MAP_KINDS = tuple(KINDS_BY_MAP)
SET_KINDS = {ROUTE, HEXSIDES, REGION, TERRAIN}
"""Feature kinds that are not places: routes become ways, painted terrain marks hexes and
hexsides, the others are named sets."""
TEXT_PROPS = ("capital", "owner", "label", "terrain", "boundary")
"""Properties the program reads as text, on any feature that has them: a hex's terrain
picks its colour, a hexside set's boundary names the zone border a ring band stands for."""


class MapInvalid(BadInput):
    """A map with problems; ``problems`` holds every one, a line each."""

    def __init__(self, where: str, problems: list[str]) -> None:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        super().__init__(where, problems[0] + more)
        self.problems = problems


def board_from_json(data: Any, where: str, digest: str = "") -> BoardMap:
    """A map from parsed GeoJSON. Related maps are named in ``meta["related"]`` but not
    loaded (load_board and cached_board do that), so ``related`` is empty here."""
    return read_board(data, where, digest)[0]


def read_board(data: Any, where: str, digest: str,
           checked: Mapping[int, BaseGeometry] | None = None
           ) -> tuple[BoardMap, dict[int, BaseGeometry]]:
    """The board and its features' checked shapes by feature index. ``checked`` holds
    those shapes from an earlier load of the same file, to use in place of the features'
    ``geometry`` members (which are then null)."""
    with collection_paused():  # a large map is tens of thousands of objects, none garbage
        return _read_board(data, where, digest, checked)


def _read_board(data: Any, where: str, digest: str,
                checked: Mapping[int, BaseGeometry] | None
                ) -> tuple[BoardMap, dict[int, BaseGeometry]]:
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
        board = area_board(header, places, problems, digest)
    elif kind == "point":
        board = point_board(header, places, [f for f in extra if f.kind == ROUTE], problems,
                             digest)
    else:
        board = hex_board(header, places, extra, problems, digest)
    if kind != "hex" or board.grid is not None:  # no grid: every member would be unknown
        board.regions.update(regions(extra, board.places, problems))
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
        if fid.isdigit() and not fid.isascii():  # '²', '٣': a number to the eye, not to us
            problems.append(f"{where}: id {fid!r} has digits other than 0–9 (write a number "
                            "id with 0–9)")
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
                else shapes.checked_shape(feature.get("geometry"), kind, where, problems, optional))
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


def _check_props(place: Place, where: str, problems: list[str]) -> None:
    props = place.props
    capacity = props.get("industrial_capacity")
    if capacity is not None and (not isinstance(capacity, int) or isinstance(capacity, bool)
                                 or capacity < 0):
        problems.append(f"{where}: industrial_capacity must be a whole number ≥ 0")
    for key in TEXT_PROPS:
        if key in props and not isinstance(props[key], str):
            problems.append(f"{where}: {key} must be a string")
    xy = props.get("capital_xy")
    if xy is not None and not finite_pair(xy):
        problems.append(f"{where}: capital_xy must be two numbers [x, y] in board units")
