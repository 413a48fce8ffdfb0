"""Ways derived from geometry: naval lines, coasts and land borders from shared boundaries.

The map file holds only polygons; every line between two zones is computed here, so the
geometry and the adjacency can never disagree (they drift apart when typed in twice).
Candidate pairs come from an STRtree query, not from all pairs, and the boundary
intersections are computed in one vectorised shapely call.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry


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
