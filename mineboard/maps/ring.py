"""The shaded ring of a tactical hex map: hexsides standing for the battle zone's boundaries.

The ring is the hexsides between the hexes ``radius`` and ``radius + 1`` steps from the
centre. It falls into six sides (a hexagon's); map data names which side stands for which
boundary of the strategic zone, so re-drawing a map never means editing code.

The map loader also turns a ``ring`` header into one edge set per segment
(:func:`ring_edge_sets`), so a scene can draw the bands like any other set of hexsides and
:meth:`ShadedRing.from_edge_sets` can rebuild the ring from them.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from mineboard.core.errors import BadInput
from mineboard.maps.hexgrid import (
    Hex,
    HexGrid,
    Hexside,
    cube_round,
    distance,
    hexside_distance,
    ring,
)
from mineboard.maps.model import EdgeSet, way_id

RING_SET_PREFIX = "ring-"
"""Edge sets made from a ``ring`` header are called ``ring-<segment name>``."""

WITHIN = 2
"""GT-06/07 "within two hexes of a hexside": the two hexes that share it count as the
first hex, the next ring around them as the second (hexside_distance ≤ 1)."""


def ring_sides(center: Hex, radius: int) -> list[list[Hexside]]:
    """The outward hexsides of the ring, side by side (6 lists), in ring-walk order."""
    hexes = ring(center, radius)
    sides: list[list[Hexside]] = []
    for k in range(6):
        out = []
        for h in hexes[k * radius:(k + 1) * radius]:
            for d in range(6):
                if distance(h.neighbour(d), center) == radius + 1:
                    out.append(Hexside.of(h, d))
        sides.append(out)
    return sides


def compass(grid: HexGrid, center: Hex, side: Sequence[Hexside]) -> str:
    """The compass name of a ring side, from where its middle lies (screen y grows down)."""
    cx, cy = grid.layout.to_pixel(center)
    xs = [grid.layout.to_pixel(s.hex)[0] for s in side]
    ys = [grid.layout.to_pixel(s.hex)[1] for s in side]
    angle = math.degrees(math.atan2(-(sum(ys) / len(ys) - cy), sum(xs) / len(xs) - cx)) % 360
    names = ["east", "north-east", "north", "north-west", "west", "south-west", "south",
             "south-east"]
    return names[round(angle / 45) % 8]


@dataclass(frozen=True)
class Segment:
    name: str
    boundary: str  # the strategic line id, e.g. "C|NE"
    hexsides: tuple[Hexside, ...]


@dataclass(frozen=True)
class ShadedRing:
    center: Hex
    radius: int
    segments: Mapping[str, Segment]
    _near: dict[tuple[str, int], frozenset[Hex]] = field(default_factory=dict, compare=False,
                                                          repr=False)
    """The hexes near each boundary's hexsides, worked out on first asking: a setup
    highlights every hex of the board against every boundary."""

    def __deepcopy__(self, memo: dict[int, Any]) -> ShadedRing:
        return self  # map data: every copy of a state shares it

    def near(self, h: Hex, boundaries: Iterable[str]) -> bool:
        """Whether ``h`` lies within two hexes of the ring hexsides of these boundaries."""
        return any(h in self.near_hexes(b) for b in boundaries)

    def near_hexes(self, boundary: str) -> frozenset[Hex]:
        """Every hex within two hexes of the ring hexsides of ``boundary`` (GT-06)."""
        found = self._near.get((boundary, WITHIN))
        if found is None:
            sides = [s for seg in self.segments.values() if seg.boundary == boundary
                     for s in seg.hexsides]
            candidates = {x for s in sides for a in s.hexes
                          for r in range(WITHIN) for x in ring(a, r)}
            found = frozenset(x for x in candidates
                              if any(hexside_distance(x, s) < WITHIN for s in sides))
            self._near[boundary, WITHIN] = found
        return found

    def segment_of_boundary(self, boundary: str) -> Segment | None:
        return next((s for s in self.segments.values() if s.boundary == boundary), None)

    @classmethod
    def from_edge_sets(cls, grid: HexGrid, edge_sets: Mapping[str, EdgeSet] | Iterable[EdgeSet],
                       center: Hex | None = None, radius: int | None = None) -> ShadedRing:
        """The ring whose segments are the edge sets carrying a ``boundary`` prop.

        Each such set becomes a segment named after the set. Without ``center`` and
        ``radius`` they are worked out from the hexsides (exact when the sets go all the way
        round); every hexside must then lie between the hexes ``radius`` and ``radius + 1``
        from the centre, else ValueError.
        """
        sets = list(edge_sets.values()) if isinstance(edge_sets, Mapping) else list(edge_sets)
        segments: dict[str, Segment] = {}
        for edge_set in sets:
            boundary = edge_set.props.get("boundary")
            if isinstance(boundary, str):
                sides = tuple(grid.hexside_between(*w.split("|")) for w in edge_set.ways)
                segments[edge_set.name] = Segment(edge_set.name, boundary, sides)
        every = [s for seg in segments.values() for s in seg.hexsides]
        if not every:
            raise ValueError("no edge set with a 'boundary' and hexsides to make a ring of")
        hexes = {h for s in every for h in s.hexes}
        if center is None:
            center = cube_round(sum(h.q for h in hexes) / len(hexes),
                                sum(h.r for h in hexes) / len(hexes))
        if radius is None:
            radius = min(distance(center, h) for h in hexes)
        for s in every:
            a, b = s.hexes
            if sorted((distance(center, a), distance(center, b))) != [radius, radius + 1]:
                raise ValueError(f"hexside {grid.label(a)}|{grid.label(b)} is not on the ring "
                                 f"of radius {radius} around {grid.label(center)}")
        return cls(center, radius, segments)


def ring_edge_sets(grid: HexGrid, shaded: ShadedRing) -> list[EdgeSet]:
    """One edge set per ring segment: id ``ring-<name>``, props boundary and ``ring: true``.

    The ways are the segment's hexsides as canonical way ids, in ring-walk order.
    """
    out = []
    for seg in shaded.segments.values():
        ways = tuple(way_id(*(grid.label(h) for h in s.hexes)) for s in seg.hexsides)
        out.append(EdgeSet(RING_SET_PREFIX + seg.name, seg.name, ways,
                           {"boundary": seg.boundary, "ring": True}))
    return out


def ring_from_header(grid: HexGrid, spec: Any, where: str) -> ShadedRing:
    if not isinstance(spec, Mapping):
        raise BadInput(where, "mineboard.ring must be an object (center, radius, segments)")
    try:
        center = grid.from_label(str(spec.get("center")))
    except ValueError as exc:
        raise BadInput(where, f"mineboard.ring.center: {exc}") from None
    radius = spec.get("radius")
    most = max(grid.cols, grid.rows)
    if isinstance(radius, bool) or not isinstance(radius, int) or not 1 <= radius <= most:
        raise BadInput(where, f"mineboard.ring.radius must be a whole number from 1 to {most} "
                              "(the board's longer side)")
    sides = ring_sides(center, radius)
    if any(s.hex not in grid or s.hexes[1] not in grid for side in sides for s in side):
        raise BadInput(where, "mineboard.ring runs off the board")
    segments = {}
    raw = spec.get("segments")
    if not isinstance(raw, list) or not raw:
        raise BadInput(where, "mineboard.ring.segments must list the named sides")
    for i, seg in enumerate(raw):
        at = f"{where}: mineboard.ring.segments[{i}]"
        if not isinstance(seg, Mapping) or not isinstance(seg.get("name"), str) \
                or not isinstance(seg.get("boundary"), str):
            raise BadInput(at, "needs 'name', 'side' (0–5) and 'boundary'")
        side = seg.get("side")
        if isinstance(side, bool) or not isinstance(side, int) or not 0 <= side <= 5:
            raise BadInput(at, "'side' must be 0–5")
        segments[seg["name"]] = Segment(seg["name"], seg["boundary"], tuple(sides[side]))
    return ShadedRing(center, radius, segments)
