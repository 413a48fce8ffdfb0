"""Build maps/northsea.geojson from the public-domain Natural Earth land in ../shared/geodata.

Run once by a developer (``python tools/build_northsea_map.py``); the program never
reprojects at run time. Sea zones are the water (bounding box minus land) cut into Voronoi
cells around named seed points; a cell's fragments cut off from its seed are given to the
neighbour they share most border with, so every zone is one piece and every naval line comes
out of the geometry. All overlay operations snap to a 0.01 km grid so shared borders are
exactly shared.
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import shapely
from shapely.geometry import MultiPoint, Point, box, mapping, shape
from shapely.ops import unary_union

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT.parent / "shared" / "geodata" / "northsea_land.geojson"
OUT = ROOT / "maps" / "northsea.geojson"
GRID = 0.01
LON0, LAT0, LON1, LAT1 = -12.0, 47.0, 31.0, 66.0
KM_PER_DEG = 111.32
KX = math.cos(math.radians(57.0)) * KM_PER_DEG


def project(lon: float, lat: float) -> tuple[float, float]:
    return round((lon - LON0) * KX, 2), round((lat - LAT0) * KM_PER_DEG, 2)


# number, name, seed (lon, lat)
ZONES = [
    (91, "Irish Sea", (-4.8, 53.8)),
    (93, "Celtic Sea", (-7.0, 50.6)),
    (107, "Bay of Biscay", (-5.5, 47.6)),
    (94, "Porcupine Bank", (-11.2, 52.5)),
    (95, "Rockall", (-10.5, 56.8)),
    (96, "Hebrides", (-8.6, 58.4)),
    (97, "Faroe Gap", (-6.0, 61.8)),
    (98, "Iceland Basin", (-10.5, 64.5)),
    (99, "Norwegian Sea", (-1.0, 65.0)),
    (100, "Vøring Plateau", (6.5, 64.8)),
    (92, "St George's Channel", (-4.6, 51.3)),
    (109, "Western Channel", (-3.8, 49.9)),
    (111, "Dover Strait", (1.0, 50.5)),
    (110, "Thames Approaches", (1.9, 51.7)),
    (112, "Southern Bight", (3.4, 52.9)),
    (113, "German Bight", (7.3, 54.3)),
    (114, "Dogger Bank", (2.8, 54.9)),
    (115, "Firth of Forth", (-1.0, 56.3)),
    (116, "Central North Sea", (2.5, 57.2)),
    (117, "Moray Firth", (-2.8, 58.4)),
    (118, "Fair Isle", (-1.2, 59.8)),
    (119, "Viking Bank", (2.2, 60.5)),
    (120, "Bergen Coast", (4.3, 61.5)),
    (121, "Jutland Bank", (6.6, 56.6)),
    (122, "Skagerrak", (9.4, 58.0)),
    (123, "Kattegat", (11.5, 57.0)),
    (124, "Kiel Bay", (11.3, 54.45)),
    (125, "Bornholm Basin", (15.3, 55.1)),
    (126, "Gdańsk Bay", (19.0, 54.9)),
    (127, "Gotland Sea", (18.8, 56.8)),
    (128, "Gulf of Riga", (23.3, 57.7)),
    (129, "Northern Baltic", (21.3, 59.0)),
    (130, "Gulf of Finland", (26.0, 59.9)),
    (131, "Sea of Åland", (19.0, 60.1)),
    (132, "Bothnian Sea", (19.3, 61.8)),
    (133, "Bothnian Bay", (23.0, 64.8)),
    (134, "Stockholm Archipelago", (18.9, 58.9)),
]

# territory id, name, owner, source countries, capital name and (lon, lat), capacity
TERRITORIES = [
    ("GBR", "United Kingdom", "United Kingdom", ["GBR", "IMN", "JEY", "GGY"],
     ("London", (-0.13, 51.51)), 10),
    ("IRL", "Ireland", "", ["IRL"], ("Dublin", (-6.26, 53.35)), 0),
    ("FRA", "France", "France", ["FRA"], ("Paris", (2.35, 48.86)), 6),
    ("BEL", "Belgium", "", ["BEL", "LUX"], ("Brussels", (4.35, 50.85)), 0),
    ("NLD", "Netherlands", "", ["NLD"], ("Amsterdam", (4.9, 52.37)), 0),
    ("DEU", "Germany", "Germany", ["DEU", "AUT", "CZE"], ("Berlin", (13.4, 52.52)), 10),
    ("DNK", "Denmark", "", ["DNK", "FRO"], ("Copenhagen", (12.57, 55.68)), 0),
    ("NOR", "Norway", "", ["NOR"], ("Oslo", (10.75, 59.91)), 0),
    ("SWE", "Sweden", "", ["SWE"], ("Stockholm", (18.07, 59.33)), 0),
    ("FIN", "Finland", "", ["FIN", "ALD"], ("Helsinki", (24.94, 60.17)), 0),
    ("EST", "Estonia", "", ["EST"], ("Tallinn", (24.75, 59.44)), 0),
    ("LVA", "Latvia", "", ["LVA"], ("Riga", (24.1, 56.95)), 0),
    ("LTU", "Lithuania", "", ["LTU"], ("Kaunas", (23.9, 54.9)), 0),
    ("POL", "Poland", "Germany", ["POL"], ("Warsaw", (21.0, 52.23)), 0),
    ("SOV", "Soviet Union", "", ["RUS", "BLR", "UKR", "MDA"], None, 0),
    ("CHE", "Switzerland", "", ["CHE", "LIE", "ITA"], None, 0),
    ("HUN", "Hungary", "", ["HUN", "SVK", "ROU"], None, 0),
]


def main() -> int:
    src = json.loads(SOURCE.read_text())
    by_code = {f["id"]: shape(f["geometry"]) for f in src["features"]}
    frame = box(*project(LON0, LAT0), *project(LON1, LAT1))

    def proj(geom):
        return shapely.set_precision(shapely.transform(geom, _vproject), GRID)

    land: dict[str, shapely.Geometry] = {}
    taken = None
    for tid, _name, _owner, codes, _cap, _ic in TERRITORIES:
        geom = unary_union([proj(by_code[c]) for c in codes if c in by_code])
        geom = shapely.intersection(geom, frame, grid_size=GRID)
        if taken is not None:
            geom = shapely.difference(geom, taken, grid_size=GRID)
        taken = geom if taken is None else shapely.union(taken, geom, grid_size=GRID)
        land[tid] = geom

    water = shapely.difference(frame, taken, grid_size=GRID)
    pieces = sorted(shapely.get_parts(water), key=lambda g: -g.area)
    sea, lakes = pieces[0], pieces[1:]
    for lake in lakes:  # inland water and slivers between countries join the land beside them
        best = max(land, key=lambda t: shapely.intersection(
            land[t].boundary, lake.boundary, grid_size=GRID).length)
        land[best] = shapely.union(land[best], lake, grid_size=GRID)

    seeds = MultiPoint([project(*lonlat) for _n, _name, lonlat in ZONES])
    cells = shapely.voronoi_polygons(seeds, extend_to=frame.buffer(500))
    cell_of = {}
    for cell in shapely.get_parts(cells):
        for number, _name, lonlat in ZONES:
            if cell.contains(Point(project(*lonlat))):
                cell_of[number] = cell
    zones: dict[int, shapely.Geometry] = {}
    orphans = []
    for number, _name, lonlat in ZONES:
        part = shapely.intersection(cell_of[number], sea, grid_size=GRID)
        seed_pt = Point(project(*lonlat))
        if not part.intersects(seed_pt):
            sys.exit(f"seed of zone {number} lies on land")
        for piece in shapely.get_parts(part):
            if piece.intersects(seed_pt):
                zones[number] = piece
            else:
                orphans.append(piece)
    # Hand each orphan to the zone it shares most border with, largest orphans first.
    while orphans:
        orphans.sort(key=lambda g: -g.area)
        progress = False
        for orphan in list(orphans):
            shared = {n: shapely.intersection(z.boundary, orphan.boundary,
                                              grid_size=GRID).length for n, z in zones.items()}
            best = max(shared, key=shared.get)
            if shared[best] > 0:
                zones[best] = shapely.union(zones[best], orphan, grid_size=GRID)
                orphans.remove(orphan)
                progress = True
        if not progress:
            sys.exit(f"{len(orphans)} water pieces touch no zone")

    clean = _as_coverage({**{str(n): g for n, g in zones.items()}, **land})
    features = []
    for number, name, _lonlat in ZONES:
        geom = clean[str(number)]
        if geom.geom_type != "Polygon":
            sys.exit(f"zone {number} is {geom.geom_type}")
        features.append({"type": "Feature", "id": str(number),
                         "properties": {"kind": "sea_zone", "name": name},
                         "geometry": mapping(geom)})
    for tid, name, owner, _codes, cap, ic in TERRITORIES:
        props: dict[str, object] = {"kind": "land", "name": name}
        if owner:
            props["owner"] = owner
        if cap:
            props["capital"] = cap[0]
            props["capital_xy"] = list(project(*cap[1]))
        if ic:
            props["industrial_capacity"] = ic
        features.append({"type": "Feature", "id": tid, "properties": props,
                         "geometry": mapping(clean[tid])})
    doc = {
        "type": "FeatureCollection",
        "mineboard": {
            "schema": 1, "id": "northsea", "kind": "area",
            "title": "North Sea, Channel and Baltic",
            "units": "km (equirectangular, x scaled by cos 57°; y grows northward)",
            "projection": {"lon0": LON0, "lat0": LAT0, "km_per_degree": KM_PER_DEG,
                           "x_scale": round(KX, 6)},
            "attribution": "Coastlines made with Natural Earth (public domain); "
                           "sea zones original to mineboard.",
        },
        "features": features,
    }
    OUT.write_text(_dump(doc))
    print(f"wrote {OUT} ({OUT.stat().st_size // 1024} KiB, {len(ZONES)} zones)")
    return 0


def _as_coverage(feats: dict[str, shapely.Geometry]) -> dict[str, shapely.Geometry]:
    """Rebuild the features from one noded, grid-snapped set of edges (polygonize), so that
    neighbours share their borders vertex for vertex and nothing overlaps or gaps."""
    edges = shapely.set_precision(shapely.union_all([g.boundary for g in feats.values()]), GRID)
    edges = shapely.union_all(shapely.get_parts(edges))
    faces = list(shapely.get_parts(shapely.polygonize(list(shapely.get_parts(edges)))))
    ids = list(feats)
    tree = shapely.STRtree([feats[i] for i in ids])
    owned: dict[str, list] = {i: [] for i in ids}
    for face in faces:
        spot = face.point_on_surface()
        hits = [ids[k] for k in tree.query(spot, predicate="intersects")]
        if not hits:
            hits = [max(ids, key=lambda i: feats[i].boundary.intersection(face.boundary).length)]
        owned[hits[0]].append(face)
    out = {}
    for i, parts in owned.items():
        geom = shapely.union_all(parts)
        if geom.geom_type == "GeometryCollection":
            geom = shapely.MultiPolygon([g for g in shapely.get_parts(geom) if g.area > 0])
        out[i] = geom
    return out


def _vproject(coords):
    out = coords.copy()
    out[:, 0] = ((coords[:, 0] - LON0) * KX).round(2)
    out[:, 1] = ((coords[:, 1] - LAT0) * KM_PER_DEG).round(2)
    return out


def _dump(doc: dict) -> str:
    """One feature per line: diffs stay readable and the file stays small."""
    head = {k: v for k, v in doc.items() if k != "features"}
    lines = [json.dumps(f, separators=(",", ":"), ensure_ascii=False) for f in doc["features"]]
    text = json.dumps(head, indent=1, ensure_ascii=False)[:-2]
    return text + ',\n "features": [\n' + ",\n".join(lines) + "\n ]\n}\n"


if __name__ == "__main__":
    raise SystemExit(main())
