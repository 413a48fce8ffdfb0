"""Build the two gwas-tactical maps: a small strategic sea-zone map and a tactical hex map.

The strategic map is a hexagonal battle zone "C" with six zones around it; the tactical map
is a 30×20 hex board whose shaded ring (radius 8 around hex 1510) has six sides, each named
by compass and tied to the boundary between C and the zone that lies that way.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

from shapely.geometry import MultiPoint, Polygon, mapping

from mineboard.maps.hexgrid import HexGrid, Layout
from mineboard.maps.ring import compass, ring_sides

MAPS = Path(__file__).resolve().parent.parent / "maps"
ZONE_NAMES = {"C": "Horns Reef", "east": "Jutland Coast", "north-east": "Skagerrak Mouth",
              "north-west": "Dogger North", "west": "Dogger Bank", "south-west": "Terschelling",
              "south-east": "Heligoland Bight", "north": "Fisher Bank", "south": "Ems"}
ABBREV = {"east": "E", "north-east": "NE", "north-west": "NW", "west": "W",
          "south-west": "SW", "south-east": "SE", "north": "N", "south": "S"}


SHOAL = ["2601", "2701", "2801", "2901", "3001", "2702", "2802", "2902", "3002"]
"""Hexes of the painted shoal, in the north-east corner: outside the ring, where no
scenario sets a ship."""


def shoal(grid: HexGrid) -> dict[str, object]:
    """The Little Fisher Bank painted as a terrain polygon (as a designer would in QGIS):
    the hull of its hexes' centres grown by half a hex, so each of them is more than half
    inside and no other is."""
    centres = MultiPoint([grid.layout.to_pixel(grid.from_label(lb)) for lb in SHOAL])
    outline = centres.convex_hull.buffer(0.5 * grid.layout.size, 4)
    return {"type": "Feature", "id": "little-fisher-bank",
            "properties": {"kind": "terrain", "name": "Little Fisher Bank",
                           "terrain": "shoal"},
            "geometry": {"type": "Polygon", "coordinates": [
                [[round(x, 2), round(y, 2)] for x, y in outline.exterior.coords]]}}


def main() -> None:
    grid = HexGrid(30, 20, Layout("flat", 30.0), "odd-q")
    center = grid.from_label("1510")
    sides = ring_sides(center, 8)
    names = [compass(grid, center, side) for side in sides]
    assert len(set(names)) == 6, names
    # Strategic zones: a hexagon for C, and for each ring side a zone in that direction.
    r = 100.0
    angles = {n: {"east": 0, "north-east": 60, "north": 90, "north-west": 120, "west": 180,
                  "south-west": 240, "south": 270, "south-east": 300}[n] for n in names}
    corners = sorted(angles.values())
    mids = [(corners[i] + corners[(i + 1) % 6] + (360 if i == 5 else 0)) / 2 % 360
            for i in range(6)]
    hexagon = [(r * math.cos(math.radians(a)), r * math.sin(math.radians(a))) for a in mids]
    features = [{"type": "Feature", "id": "C", "properties": {"kind": "sea_zone",
                                                            "name": ZONE_NAMES["C"]},
                 "geometry": mapping(Polygon(hexagon))}]
    for i, a in enumerate(mids):
        b = mids[(i + 1) % 6]
        middle = (a + b + (360 if b < a else 0)) / 2 % 360
        name = min(angles, key=lambda n, m=middle: min(abs(angles[n] - m),
                                                       360 - abs(angles[n] - m)))
        outer = 2.2 * r
        p1 = hexagon[i]
        p2 = hexagon[(i + 1) % 6]
        q1 = (outer * math.cos(math.radians(a)), outer * math.sin(math.radians(a)))
        q2 = (outer * math.cos(math.radians(b)), outer * math.sin(math.radians(b)))
        features.append({"type": "Feature", "id": ABBREV[name],
                         "properties": {"kind": "sea_zone", "name": ZONE_NAMES[name]},
                         "geometry": mapping(Polygon([p1, q1, q2, p2]))})
    strategic = {"type": "FeatureCollection",
                 "mineboard": {"schema": 1, "id": "jutland-zones", "kind": "area",
                               "title": "Horns Reef and its approaches",
                               "units": "board (schematic)"},
                 "features": [{**f, "geometry": {**f["geometry"], "coordinates": [
                     [[round(x, 2), round(y, 2)] for x, y in ring_]
                     for ring_ in f["geometry"]["coordinates"]]}} for f in features]}
    (MAPS / "jutland-zones.geojson").write_text(json.dumps(strategic, indent=1) + "\n")
    # Line ids list the lower id first, as the map model derives them.
    segments = [{"name": n, "side": i, "boundary": "|".join(sorted(("C", ABBREV[n])))}
                for i, n in enumerate(names)]
    tactical = {"type": "FeatureCollection",
                "mineboard": {"schema": 1, "id": "jutland-tactical", "kind": "hex",
                              "title": "Tactical map: the battle at Horns Reef",
                              "units": "board (hexes of one nautical mile)",
                              "hex": {"cols": 30, "rows": 20, "size": 30.0,
                                      "orientation": "flat", "offset": "odd-q"},
                              "ring": {"center": "1510", "radius": 8, "segments": segments},
                              # The loader resolves related maps into BoardMap.related.
                              "related": {"strategic": "jutland-zones"},
                              # The same map before its strategic map became 'related':
                              # saves made on it still load.
                              # And the map (with its strategic map) before its shoal was painted.
                              "replaces": ["88d67d91a9c623f3ea1af05cf40d04fcaabdb6e3"
                                           "1407a360de4355fde223fc19",
                                           "fd2cfff25b8472dd59dcdff8497679cf860c5455"
                                           "c25a71ae2323302a97149b98"],
                              "battle_zone": "C"},
                "features": [shoal(grid)]}
    (MAPS / "jutland-tactical.geojson").write_text(json.dumps(tactical, indent=1) + "\n")
    print("ring sides:", names)


if __name__ == "__main__":
    main()
