"""A feature's ``geometry`` member turned into a checked shapely shape.

Each feature kind allows some shapes (:data:`GEOMETRY_FOR_KIND`); a shape must have finite
coordinates within :data:`~mineboard.maps.values.MAX_ABS_COORD`, not be empty, and a
polygon must be valid with an area. Polygons are oriented the same way whatever the file
had. The parse cache (maps.parse_cache) keeps the shapes this module passed, so a change
to what it checks or how it normalises must bump ``parse_cache.CACHE_FORMAT``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import shapely
from shapely.geometry import shape
from shapely.geometry.base import BaseGeometry
from shapely.geometry.polygon import orient

from mineboard.maps.model import (
    BOX,
    HEX,
    HEXSIDES,
    LAND,
    PORT,
    REGION,
    ROUTE,
    SEA_ZONE,
    SYSTEM,
    TERRAIN,
    Place,
)
from mineboard.maps.values import MAX_ABS_COORD

GEOMETRY_FOR_KIND = {
    SEA_ZONE: ("Polygon", "MultiPolygon"), LAND: ("Polygon", "MultiPolygon"),
    SYSTEM: ("Point",), PORT: ("Point",), ROUTE: ("LineString",), HEX: (), BOX: ("Point",),
    HEXSIDES: (), REGION: (),
    TERRAIN: ("Polygon", "MultiPolygon", "LineString", "MultiLineString"),
}
"""The shapes each feature kind may have (none: its geometry must be null)."""


def checked_shape(raw: Any, kind: str, where: str, problems: list[str],
                  optional: bool = False) -> BaseGeometry | bool | None:
    """A normalised shapely geometry, None where none is needed, False after a problem."""
    expected = GEOMETRY_FOR_KIND[kind]
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


def _coordinate_problem(geom: BaseGeometry) -> str | None:
    """Why a geometry's coordinates are unusable in board units, or None."""
    coords = shapely.get_coordinates(geom)
    if not np.isfinite(coords).all():
        return "coordinate is not a finite number"
    worst = float(np.abs(coords).max()) if coords.size else 0.0
    if worst > MAX_ABS_COORD:
        return f"absurd coordinate {worst:g} (board units are at most {MAX_ABS_COORD:g})"
    return None


def _oriented(geom: BaseGeometry) -> BaseGeometry:
    """Counter-clockwise exteriors, clockwise holes (RFC 7946), whatever the file had."""
    if geom.geom_type == "Polygon":
        return orient(geom, 1.0)
    return shapely.MultiPolygon([orient(p, 1.0) for p in geom.geoms])


def point_of(place: Place) -> tuple[float, float]:
    """Where a place with a Point shape (a system, a port, a box) stands."""
    assert place.geometry is not None  # callers check it has Point geometry
    x, y = place.geometry.coords[0][:2]
    return float(x), float(y)
