"""A hex map's grid as a GeoJSON layer a GIS shows under the painted terrain: one polygon
per hex, with its label, board, terrain and features.

The map file keeps the grid as parameters (a 100×100 board would be ten thousand polygons
in every save that carries it); this layer is written on demand (``mineboard grid``) for
the designer to paint over, and says what the program made of the painting: each hex's
terrain and features as the loader derived them.
"""

from __future__ import annotations

from typing import Any

from mineboard.core.errors import BadInput
from mineboard.maps.model import BoardMap

DIGITS = 6
"""Decimals kept of a corner's coordinates: far below a pixel at any zoom."""


def grid_layer(board: BoardMap) -> dict[str, Any]:
    """The layer of ``board``'s hexes as a GeoJSON FeatureCollection (board units, y down
    as in the map file, so it lies exactly under the map's own features)."""
    grid = board.grid
    if grid is None:
        raise BadInput(board.id, f"a {board.kind} map has no hex grid to write")
    features = []
    for h in grid.hexes():
        found = grid.locate(h)
        assert found is not None  # every hex the grid yields lies on a board
        corners = [[round(x, DIGITS), round(y, DIGITS)] for x, y in grid.layout.corners(h)]
        label = grid.label(h)
        features.append({
            "type": "Feature", "id": label,
            "properties": {"label": label, "board": found[0].name,
                           "terrain": grid.terrain(h), "features": list(grid.features(h))},
            "geometry": {"type": "Polygon", "coordinates": [[*corners, corners[0]]]}})
    return {"type": "FeatureCollection", "name": f"{board.id} hex grid",
            "features": features}
