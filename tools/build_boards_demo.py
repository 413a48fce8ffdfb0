"""Build maps/boards-demo.geojson: two geomorphic boards joined side by side (hexes 1A1…
and 2A1…), with terrain painted as a designer would in a GIS: a wood, a village, a marsh,
a hill, a road across the seam, a stream and a hedge along hexsides.

The painted shapes are computed here from the grid so that the demo is exact; a designer
draws them by hand over the layer ``mineboard grid`` writes. Run once by a developer.
"""

from __future__ import annotations

import json
from pathlib import Path

from mineboard.maps.hexgrid import Board, HexGrid, Layout, from_offset

OUT = Path(__file__).resolve().parent.parent / "maps" / "boards-demo.geojson"
SIZE = 10.0
BOARDS = [{"name": "1", "cols": 8, "rows": 6, "at": [0, 0], "labels": "letter-number",
           "prefix": "1"},
          {"name": "2", "cols": 8, "rows": 6, "at": [8, 0], "labels": "letter-number",
           "prefix": "2"}]


def grid() -> HexGrid:
    boards = tuple(Board(b["name"], b["cols"], b["rows"], from_offset(*b["at"], "odd-q"),
                         "letter-number", b["prefix"]) for b in BOARDS)
    return HexGrid.joined(boards, Layout("flat", SIZE), "odd-q")


def centre(g: HexGrid, label: str) -> list[float]:
    x, y = g.layout.to_pixel(g.from_label(label))
    return [round(x, 3), round(y, 3)]


def blob(g: HexGrid, labels: list[str], grow: float = 0.75) -> list[list[list[float]]]:
    """A polygon round the centres of ``labels`` (their hull, grown by ``grow`` hex
    sizes): what a hand-painted wood looks like."""
    from shapely.geometry import MultiPoint

    hull = MultiPoint([centre(g, lb) for lb in labels]).convex_hull.buffer(grow * SIZE, 8)
    return [[[round(x, 2), round(y, 2)] for x, y in hull.exterior.coords]]


def along(g: HexGrid, sides: list[tuple[str, str]]) -> list[list[float]]:
    """A line traced along the hexsides between each pair of hexes, in order."""
    points: list[tuple[float, float]] = []
    for a, b in sides:
        s, e = g.layout.hexside_segment(g.hexside_between(a, b))
        if points and _near(points[-1], e):
            s, e = e, s
        if points and not _near(points[-1], s):
            raise ValueError(f"{a}|{b} does not continue the line")
        points.extend([s, e] if not points else [e])
    return [[round(x, 3), round(y, 3)] for x, y in points]


def _near(p: tuple[float, float], q: tuple[float, float]) -> bool:
    return abs(p[0] - q[0]) + abs(p[1] - q[1]) < 1e-6


def feature(fid: str, props: dict[str, object], kind: str, coords: object) -> dict[str, object]:
    return {"type": "Feature", "id": fid, "properties": {"kind": "terrain", **props},
            "geometry": {"type": kind, "coordinates": coords}}


def main() -> None:
    g = grid()
    features = [
        feature("wood", {"name": "Hollow Wood", "terrain": "woods"}, "Polygon",
                blob(g, ["1B2", "1C2", "1C3", "1B3", "1D3"])),
        feature("village", {"name": "Grenay", "terrain": "village"}, "Polygon",
                blob(g, ["2C4", "2D4"], 0.6)),
        feature("marsh", {"name": "Low Moor", "terrain": "marsh"}, "Polygon",
                blob(g, ["1F5", "1G5"], 0.6)),
        feature("hill", {"name": "Hill 112", "terrain": "hill"}, "Polygon",
                blob(g, ["2G2", "2H2", "2G3"], 0.6)),
        feature("road", {"name": "Route 5", "feature": "road"}, "LineString",
                [centre(g, lb) for lb in ["1A4", "1B4", "1C4", "1D4", "1E4", "1F4", "1G4",
                                          "1H3", "2A3", "2B3", "2C3", "2D3", "2E4", "2F4"]]),
        feature("stream", {"name": "Ru de Loos", "hexside": "stream"}, "LineString",
                along(g, [("2E1", "2F1"), ("2E2", "2F1"), ("2E2", "2F2"), ("2E3", "2F2"),
                          ("2E3", "2F3"), ("2E4", "2F3"), ("2E4", "2F4"), ("2E5", "2F4"),
                          ("2E5", "2F5"), ("2E6", "2F5"), ("2E6", "2F6")])),
        feature("hedge", {"name": "hedge", "hexside": "hedge"}, "LineString",
                along(g, [("1D5", "1D6"), ("1D5", "1E6"), ("1E5", "1E6")])),
        {"type": "Feature", "id": "bridge", "properties": {"kind": "hex", "label": "2E4",
                                                           "features": ["bridge"]},
         "geometry": None},
        {"type": "Feature", "id": "church", "properties": {"kind": "hex", "label": "2D4",
                                                           "features": ["building"]},
         "geometry": None},
        {"type": "Feature", "id": "wall", "properties": {
            "kind": "hexsides", "name": "farm wall", "hexsides": ["1G2|1G3", "1G2|1H2"],
            "features": ["wall"]}, "geometry": None},
    ]
    doc = {"type": "FeatureCollection",
           "mineboard": {"schema": 1, "id": "boards-demo", "kind": "hex",
                         "title": "Two geomorphic boards, joined", "units": "board",
                         "hex": {"size": SIZE, "orientation": "flat", "offset": "odd-q",
                                 "terrain": "open", "boards": BOARDS}},
           "features": features}
    OUT.write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n")
    print(f"wrote {OUT}: {len(g)} hexes on {len(BOARDS)} boards, {len(features)} features")



if __name__ == "__main__":
    main()
