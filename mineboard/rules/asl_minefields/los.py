"""asl-minefields: line of sight and the terrain's effect on fire, as far as the minefield
clauses need them (the full LOS rules are outside ASL B28).

AM-08: a minefield never blocks LOS and is never a Hindrance — nothing here reads the
minefields. AM-09: fire into a hex uses the TEM of its other terrain only (movement_costs.json
``tem``); a minefield adds nothing.

The small model: LOS between two hexes is clear unless a hex strictly between them on the
straight hex line is woods or building (blocking terrain). Walls, hedges, heights and
Hindrances are not modelled. ``distance`` counts hexes on the map (ranges).
"""

from __future__ import annotations

from functools import cache

from mineboard.core.orders import Distance
from mineboard.maps.hexgrid import distance as hex_distance
from mineboard.maps.hexgrid import line
from mineboard.maps.model import BoardMap
from mineboard.rules.asl_minefields.state import AmState

BLOCKING = frozenset({"woods", "building"})
"""Base terrain that blocks a line of sight drawn across it (never a minefield, AM-08)."""


def clear(board: BoardMap, a: str, b: str) -> bool:
    """Whether LOS from hex ``a`` to hex ``b`` is clear (AM-08: minefields never block)."""
    grid = board.grid
    assert grid is not None
    between = line(grid.from_label(a), grid.from_label(b))[1:-1]
    return not any(grid.terrain(h) in BLOCKING for h in between if h in grid)


def hindrance(board: BoardMap, a: str, b: str) -> int:
    """The Hindrance DRM along the LOS: 0 — minefields are never a Hindrance (AM-08), and
    no other Hindrance is modelled."""
    return 0


def distance(state: AmState) -> Distance:
    """Hexes between two hexes of the map (standing orders' ranges, the nearest firer)."""
    grid = state.board.grid
    assert grid is not None

    @cache
    def apart(a: str, b: str) -> int:
        return hex_distance(grid.from_label(a), grid.from_label(b))

    return apart
