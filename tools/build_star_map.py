"""Build maps/stars.geojson: an original star map of named systems joined by jump routes.

Systems are scattered with a minimum spacing from a fixed seed; routes are the Delaunay
edges up to a length limit (short, non-crossing jumps, like a hand-drawn star map), each
with its line from system to system so that a GIS shows the routes.
Run once by a developer; the program reads the GeoJSON.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import shapely
from shapely.geometry import MultiPoint

OUT = Path(__file__).resolve().parent.parent / "maps" / "stars.geojson"
REPLACES = ["1986adf265461de338524bc8b1fe38ced50f9b8b713dbc070e176ae9efff02cc"]
"""The map before its routes had line geometry (issue 26): the same places and ways, so
saves made on it still load."""
NAMES = ["Aldermere", "Brightwater", "Corvan", "Dunmore Reach", "Eidolon", "Fallow",
         "Garnet Gate", "Halcyon", "Istra", "Jovane", "Kestrel", "Lumen", "Marrow", "Nadir",
         "Orison", "Pellucid", "Quorra", "Rime", "Sable", "Tessaly", "Umber", "Vesper", "Wend",
         "Xanthe", "Yarrow", "Zephyr"]
WIDTH, HEIGHT, SPACING, MAX_JUMP = 1000.0, 700.0, 120.0, 230.0


def main() -> None:
    rng = random.Random(1977)
    points: list[tuple[float, float]] = []
    while len(points) < len(NAMES):
        p = (round(rng.uniform(40, WIDTH - 40), 1), round(rng.uniform(40, HEIGHT - 40), 1))
        if all((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2 >= SPACING ** 2 for q in points):
            points.append(p)
    points.sort(key=lambda p: p[0])  # Aldermere in the west, Zephyr in the east
    edges = set()
    for tri in shapely.get_parts(shapely.delaunay_triangles(MultiPoint(points))):
        corners = list(tri.exterior.coords)[:3]
        idx = [points.index((round(x, 1), round(y, 1))) for x, y in corners]
        for a, b in ((idx[0], idx[1]), (idx[1], idx[2]), (idx[0], idx[2])):
            (pa, pb) = points[a], points[b]
            if ((pa[0] - pb[0]) ** 2 + (pa[1] - pb[1]) ** 2) ** 0.5 <= MAX_JUMP:
                edges.add(tuple(sorted((a, b))))
    ids = [n.lower().replace(" ", "-") for n in NAMES]
    features = [{"type": "Feature", "id": ids[i], "properties": {"kind": "system",
                                                                  "name": NAMES[i]},
                 "geometry": {"type": "Point", "coordinates": list(points[i])}}
                for i in range(len(NAMES))]
    features += [{"type": "Feature", "id": f"{ids[a]}~{ids[b]}",
                  "properties": {"kind": "route", "from": ids[a], "to": ids[b]},
                  "geometry": {"type": "LineString",
                               "coordinates": [list(points[a]), list(points[b])]}}
                 for a, b in sorted(edges)]
    doc = {"type": "FeatureCollection",
           "mineboard": {"schema": 1, "id": "stars", "kind": "point",
                         "title": "The Marches between the Imperium and the Terran Union",
                         "units": "board (light-years, y grows upward)",
                         "attribution": "Original to mineboard.",
                         "replaces": REPLACES},
           "features": features}
    OUT.write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n")
    print(f"wrote {OUT}: {len(NAMES)} systems, {len(edges)} routes")


if __name__ == "__main__":
    main()
