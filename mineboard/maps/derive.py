"""Ways derived from geometry: naval lines, coasts and land borders from shared boundaries.

The map file holds only polygons; every line between two zones is computed here, so the
geometry and the adjacency can never disagree (they drift apart when typed in twice).
Candidate pairs come from an STRtree query, not from all pairs, and the boundary
intersections are computed in one vectorised shapely call.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import shapely
from shapely.errors import GEOSException
from shapely.geometry.base import BaseGeometry

from mineboard import __version__
from mineboard.atomic import write_atomic
from mineboard.core.errors import BadInput
from mineboard.resources import cache_dir, read_bytes

CACHE_FORMAT = 1
"""Bumped whenever :func:`contacts` would answer differently: old cache files are ignored."""


@dataclass(frozen=True, slots=True)
class Contact:
    """Two polygons that touch along a line (``border``) or overlap (``overlap`` > 0)."""

    i: int
    j: int
    border: BaseGeometry | None
    overlap: float


def contacts(geoms: Sequence[BaseGeometry], min_length: float) -> list[Contact]:
    """Every pair of polygons (i < j) that shares a border line or overlaps."""
    arr = np.asarray(geoms, dtype=object)
    if len(arr) < 2:
        return []
    tree = shapely.STRtree(arr)
    left, right = tree.query(arr, predicate="intersects")
    keep = left < right
    left, right = left[keep], right[keep]
    if len(left) == 0:
        return []
    # Interiors meeting in an area ("2********") is an overlap; computing the overlap itself
    # for every touching pair would be far slower, so only flagged pairs get an area.
    overlapping = shapely.relate_pattern(arr[left], arr[right], "2********")
    overlap = np.zeros(len(left))
    if overlapping.any():
        overlap[overlapping] = shapely.area(
            shapely.intersection(arr[left][overlapping], arr[right][overlapping]))
    shared = shapely.intersection(shapely.boundary(arr[left]), shapely.boundary(arr[right]))
    out = []
    for i, j, area, geom in zip(left.tolist(), right.tolist(), overlap.tolist(), shared,
                                strict=True):
        line = _linear_part(geom)
        if line is not None and line.length < min_length:
            line = None
        if line is not None or area > 0:
            out.append(Contact(i, j, line, area))
    return out


def _linear_part(geom: BaseGeometry) -> BaseGeometry | None:
    """The line pieces of a boundary intersection, merged; points where corners meet dropped."""
    parts = [p for p in shapely.get_parts(geom) if p.geom_type in ("LineString", "LinearRing")]
    if not parts:
        collections = [g for g in shapely.get_parts(geom) if g.geom_type == "GeometryCollection"]
        for c in collections:
            parts.extend(p for p in shapely.get_parts(c) if p.geom_type == "LineString")
    if not parts:
        return None
    merged = shapely.line_merge(shapely.MultiLineString(parts))
    return merged


def cached_contacts(geoms: Sequence[BaseGeometry], min_length: float, digest: str
                    ) -> list[Contact]:
    """:func:`contacts`, kept on disk by the map file's sha256: deriving the North Sea's
    lines is a third of the program's start, and a map's lines never change while its bytes,
    this program and its geometry library do not (all three are in the key). A cache file
    is checked before it is used — in range, each pair once, finite, lines only — and one
    that is missing, stale, unreadable or wrong is simply derived again."""
    if not digest:
        return contacts(geoms, min_length)
    key = hashlib.sha256(f"{digest} {__version__} {shapely.geos_version_string} "
                         f"{CACHE_FORMAT}".encode()).hexdigest()
    path = cache_dir() / "derived" / f"{key}.json"
    cached = _read_cache(path, len(geoms), min_length)
    if cached is not None:
        return cached
    found = contacts(geoms, min_length)
    doc = {"polygons": len(geoms), "min_length": min_length,
           "contacts": [[c.i, c.j, None if c.border is None else shapely.to_wkb(c.border).hex(),
                         c.overlap] for c in found]}
    with contextlib.suppress(BadInput):  # a read-only cache folder: derive every time
        write_atomic(path, json.dumps(doc, allow_nan=False))
    return found


def _read_cache(path: Path, polygons: int, min_length: float) -> list[Contact] | None:
    try:
        if not path.is_file():  # inside: a folder that cannot be read is a cache miss
            return None
        raw = json.loads(read_bytes(path, limit=16 * 1024 * 1024))
        if raw["polygons"] != polygons or raw["min_length"] != min_length:
            return None
        out, seen = [], set()
        for i, j, wkb, area in raw["contacts"]:
            if not (type(i) is int and type(j) is int and 0 <= i < j < polygons
                    and (i, j) not in seen and isinstance(area, float | int)
                    and math.isfinite(area) and area >= 0):
                return None
            seen.add((i, j))
            border = None if wkb is None else shapely.from_wkb(bytes.fromhex(wkb))
            if border is not None and border.geom_type not in _LINEAR:
                return None
            out.append(Contact(i, j, border, float(area)))
        return out
    except (BadInput, OSError, ValueError, TypeError, KeyError, RecursionError,
            GEOSException):
        return None


_LINEAR = ("LineString", "MultiLineString", "LinearRing")
