"""Generated maps of any size, for benchmarks and property tests.

They go through the same file format and loader as hand-made maps, so a benchmark of
"load a 300-zone map" measures exactly what opening a real one costs.
"""

from __future__ import annotations

import random
from typing import Any

import shapely
from shapely.geometry import MultiPoint, Point, box, mapping


def area_map_json(zones: int = 300, land_every: int = 10, seed: int = 0,
                  capitals: int = 0) -> dict[str, Any]:
    """A rectangle cut into Voronoi cells; every ``land_every``-th cell is land, and the
    first ``capitals`` lands hold a capital (so a scenario can give nations one)."""
    rng = random.Random(seed)
    side = 100.0 * zones**0.5
    frame = box(0, 0, side, side)
    points = MultiPoint([(rng.uniform(0, side), rng.uniform(0, side)) for _ in range(zones)])
    cells = shapely.get_parts(shapely.voronoi_polygons(points, extend_to=frame))
    features = []
    for i, cell in enumerate(cells):
        geom = shapely.set_precision(shapely.intersection(cell, frame), 0.01)
        land = land_every and i % land_every == land_every - 1
        props: dict[str, Any] = {"kind": "land" if land else "sea_zone",
                                 "name": f"Land {i}" if land else f"Zone {i}"}
        if land and i // land_every < capitals:
            props.update(capital=f"Capital {i // land_every + 1}", industrial_capacity=8)
        features.append({"type": "Feature", "id": f"L{i}" if land else str(i + 1),
                         "properties": props, "geometry": mapping(geom)})
    return {"type": "FeatureCollection",
            "mineboard": {"schema": 1, "id": f"generated-{zones}", "kind": "area",
                          "units": "board"},
            "features": features}


def point_map_json(systems: int = 25, seed: int = 0) -> dict[str, Any]:
    """Systems scattered on a plane, each joined to its nearest neighbours."""
    rng = random.Random(seed)
    pts = [(rng.uniform(0, 1000), rng.uniform(0, 1000)) for _ in range(systems)]
    features: list[dict[str, Any]] = [
        {"type": "Feature", "id": f"S{i}", "properties": {"kind": "system", "name": f"S{i}"},
         "geometry": mapping(Point(p))} for i, p in enumerate(pts)]
    seen = set()
    for i, p in enumerate(pts):
        near = sorted(range(systems), key=lambda j: (p[0] - pts[j][0])**2 + (p[1] - pts[j][1])**2)
        for j in near[1:3]:
            key = tuple(sorted((i, j)))
            if key not in seen:
                seen.add(key)
                features.append({"type": "Feature", "id": f"R{key[0]}-{key[1]}",
                                 "properties": {"kind": "route", "from": f"S{key[0]}",
                                                "to": f"S{key[1]}"}, "geometry": None})
    return {"type": "FeatureCollection",
            "mineboard": {"schema": 1, "id": f"generated-stars-{systems}", "kind": "point",
                          "units": "board"},
            "features": features}


def hex_map_json(cols: int = 100, rows: int = 100, size: float = 20.0) -> dict[str, Any]:
    """A plain sea hex grid with a few land overrides."""
    width = max(2, len(str(max(cols, rows))))  # as HexGrid.label writes them
    features = [{"type": "Feature", "id": f"o{c}", "properties": {
        "kind": "hex", "label": f"{c:0{width}d}{c:0{width}d}", "terrain": "land"},
        "geometry": None} for c in range(1, min(cols, rows) + 1, 7)]
    return {"type": "FeatureCollection",
            "mineboard": {"schema": 1, "id": f"generated-hex-{cols}x{rows}", "kind": "hex",
                          "units": "board",
                          "hex": {"cols": cols, "rows": rows, "size": size,
                                  "orientation": "flat", "offset": "odd-q"}},
            "features": features}


RING_SEGMENTS = ("C|SW", "C|S", "C|E", "C|NE", "C|NW", "C|W")
"""The six sides of the shaded ring, as the bundled Jutland tactical map names them."""


def tactical_map_json(cols: int = 100, rows: int = 100, size: float = 20.0,
                      radius: int = 8) -> dict[str, Any]:
    """A gwas-tactical hex map: a shaded ring in the middle standing for the boundaries of
    zone C on the bundled Jutland zone map, so the game's own scenes can be measured at any
    size."""
    doc = hex_map_json(cols, rows, size)
    width = max(2, len(str(max(cols, rows))))
    header = doc["mineboard"]
    header["id"] = f"generated-tactical-{cols}x{rows}"
    header["ring"] = {"center": f"{cols // 2:0{width}d}{rows // 2:0{width}d}",
                      "radius": radius,
                      "segments": [{"name": b.split("|")[1], "side": i, "boundary": b}
                                   for i, b in enumerate(RING_SEGMENTS)]}
    header["related"] = {"strategic": "jutland-zones"}
    header["battle_zone"] = "C"
    return doc


def water_map_json(cols: int = 100, rows: int = 100, size: float = 20.0,
                   every: int = 12) -> dict[str, Any]:
    """A naval hex map for route benchmarks: open sea with a square island of 4 × 4 land
    hexes every ``every`` columns and rows, a port on each island's west coast, a strait
    between the first two islands held by one island's hex on each side, and an off-map
    box 8 hexes from hex 0101 and 10 from the bottom-left hex (its links' own costs)."""
    width = max(2, len(str(max(cols, rows))))

    def label(col: int, row: int) -> str:  # 0-based column and row, as the map prints them
        return f"{col + 1:0{width}d}{row + 1:0{width}d}"

    features: list[dict[str, Any]] = []
    corners = [(c, r) for c in range(every // 2, cols - 4, every)
               for r in range(every // 2, rows - 4, every)]
    for i, (c0, r0) in enumerate(corners):
        for dc in range(4):
            for dr in range(4):
                features.append({"type": "Feature", "id": f"L{i}-{dc}{dr}", "geometry": None,
                                 "properties": {"kind": "hex", "label": label(c0 + dc, r0 + dr),
                                                "terrain": "land"}})
        features.append({"type": "Feature", "id": f"P{i}", "geometry": None,
                         "properties": {"kind": "port", "name": f"Port {i}",
                                        "hex": label(c0 - 1, r0 + 1)}})
    if len(corners) > 1:  # the water between the first two islands (one above the other)
        (c0, r0), (_, r1) = corners[0], corners[1]
        gap = [label(c0 + 1, r) for r in range(r0 + 4, r1)]
        features.append({"type": "Feature", "id": "S1", "geometry": None, "properties": {
            "kind": "hexsides", "name": "The Narrows",
            "hexsides": [f"{label(c0, r)}|{label(c0 + 1, r)}" for r in range(r0 + 4, r1)]
            + [f"{label(c0 + 1, r)}|{label(c0 + 2, r)}" for r in range(r0 + 4, r1)],
            "control": [label(c0 + 1, r0 + 3), label(c0 + 1, r1)]}})
        assert gap
    features.append({"type": "Feature", "id": "B1", "geometry": None, "properties": {
        "kind": "box", "name": "Far Box", "links": [label(0, 0), label(0, rows - 1)],
        "link_cost": {label(0, 0): 8, label(0, rows - 1): 10}}})
    return {"type": "FeatureCollection",
            "mineboard": {"schema": 1, "id": f"generated-water-{cols}x{rows}", "kind": "hex",
                          "units": "board",
                          "hex": {"cols": cols, "rows": rows, "size": size,
                                  "orientation": "flat", "offset": "odd-q"}},
            "features": features}
