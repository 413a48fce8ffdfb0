"""Named sets beside the graph: edge sets (``hexsides`` features: a strait, a river, a
shaded band) and regions (``region`` features: a front, a theatre, a zone)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from mineboard.maps.hex_index import LabelIndex
from mineboard.maps.model import REGION, EdgeSet, Place, Region, Way, way_id


def edge_set(index: LabelIndex, f: Place, ways: Mapping[str, Way],
             problems: list[str]) -> EdgeSet | None:
    """A ``hexsides`` feature: named hexsides given as 'AAAA|BBBB' in either order."""
    raw = _members(f, "hexsides", "hexside ids 'AAAA|BBBB'", problems)
    if raw is None:
        return None
    out: dict[str, None] = {}  # in order, and a repeat found without a walk of the list
    for side in raw:
        labels = side.split("|")
        if len(labels) != 2:
            problems.append(f"feature {f.id}: hexside {side!r} is not two hex labels joined "
                            "by '|'")
            continue
        try:
            hexside = index.hexside_between(*labels)
        except ValueError as exc:
            problems.append(f"feature {f.id}: hexside {side!r}: {exc}")
            continue
        wid = way_id(*(index.label(h) for h in hexside.hexes))  # a shared hex by its own label
        if wid in out:
            problems.append(f"feature {f.id}: hexside {side!r} listed twice")
            continue
        assert wid in ways  # every hexside of the grid is a way
        out[wid] = None
    return EdgeSet(f.id, f.name, tuple(out), _set_props(f, "hexsides"))


def regions(features: Sequence[Place], places: Mapping[str, Place],
            problems: list[str]) -> dict[str, Region]:
    """``region`` features: named sets of places (hexes, ports, boxes, zones, systems)."""
    out: dict[str, Region] = {}
    for f in features:
        if f.kind != REGION:
            continue
        raw = _members(f, "places", "place ids", problems)
        if raw is None:
            continue
        members: dict[str, None] = {}  # in order; a repeat found without a walk of the list
        for member in raw:
            if member not in places:
                problems.append(f"feature {f.id}: place {member!r} is not a place of this map")
            elif member in members:
                problems.append(f"feature {f.id}: place {member!r} listed twice")
            else:
                members[member] = None
        out[f.id] = Region(f.id, f.name, tuple(members), _set_props(f, "places"))
    return out


def _members(f: Place, key: str, what: str, problems: list[str]) -> list[str] | None:
    raw = f.props.get(key)
    if not isinstance(raw, list) or not raw or not all(isinstance(x, str) for x in raw):
        problems.append(f"feature {f.id}: {key} must be a non-empty list of {what}")
        return None
    return list(raw)


def _set_props(f: Place, *structural: str) -> dict[str, Any]:
    return {k: v for k, v in f.props.items() if k not in ("kind", "name", *structural)}
