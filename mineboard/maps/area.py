"""An area map's board: sea zones and lands (polygons) and ports (points); the lines
between them derived from the borders the polygons share (see maps.derive)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mineboard.maps.derive import cached_contacts
from mineboard.maps.model import (
    BORDER,
    COAST,
    LAND,
    NAVAL_LINE,
    PORT,
    SEA_ZONE,
    BoardMap,
    Place,
    Way,
    way_id,
)

POLYGON_KINDS = {SEA_ZONE, LAND}


def area_board(header: Mapping[str, Any], places: dict[str, Place], problems: list[str],
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
    for port in (p for p in places.values() if p.kind == PORT):
        for key in ("sea_zone", "territory"):
            ref = port.props.get(key)
            if ref is None:
                continue
            if not isinstance(ref, str):  # a list or an object is no key to look up
                problems.append(f"feature {port.id}: {key} must be the id of a feature of "
                                "this map, as a string")
            elif ref not in places:
                problems.append(f"feature {port.id}: {key} {ref!r} is not a feature of this map")
    return BoardMap(header["id"], "area", str(header.get("title", header["id"])), places,
                    ways, digest, header)


def _scale(places: Mapping[str, Place]) -> float:
    xs: list[float] = []
    for p in places.values():
        if p.geometry is not None:
            minx, miny, maxx, maxy = p.geometry.bounds
            xs.extend((maxx - minx, maxy - miny))
    return max(xs, default=1.0)
