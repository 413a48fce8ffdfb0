"""Build maps/awaw-demo-sea.geojson: the small European sea the awaw-naval demo boards and
tests sail on — an original layout, not a printed map's.

A channel 43 hexes long (columns 4–46) between two coasts, with three virtual columns of
open water west of its west edge (AW-243), a sound through a spit of land held from one
port (a Gibraltar), a canal through an isthmus (a Kiel or Suez), a second sound held from
both shores, a river mouth, islands of one and two hexes, a beach island, ports at known
distances (a two-port hex, a naval base, two two-front ports), three fronts and three
off-map boxes. ``--check`` exits 1 if the file differs from what this would write.

    .venv/bin/python tools/build_awaw_demo_sea.py [--check]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from mineboard.maps.geojson import board_from_json

OUT = Path(__file__).resolve().parent.parent / "maps" / "awaw-demo-sea.geojson"
COLS, ROWS = 46, 12
VIRTUAL = (1, 2, 3)

NORTH_PORTS = {5: "Westhaven", 8: "Orme", 12: "Skarth", 16: "Fenmouth", 24: "Calder",
               28: "Brennock", 36: "Dunmere", 42: "Harla", 46: "Eastwick"}
SOUTH_PORTS = {6: "Portlow", 11: "Saltby", 15: "Marrow", 23: "Tarn", 30: "Velay",
               37: "Ostra", 44: "Kessel"}
FRONTS = (("western", "Western front", range(1, 21)),
          ("mediterranean", "Mediterranean front", range(21, 34)),
          ("eastern", "Eastern front", range(34, COLS + 1)))


def label(col: int, row: int) -> str:
    return f"{col:02d}{row:02d}"


def feature(fid: str, kind: str, **props: Any) -> dict[str, Any]:
    return {"type": "Feature", "id": fid, "properties": {"kind": kind, **props},
            "geometry": None}


def terrain() -> dict[str, str]:
    """Every hex that is not open sea: land, coast (a land hex with a water part) or
    virtual water."""
    out: dict[str, str] = {}
    for col in range(1, COLS + 1):
        for row in range(1, ROWS + 1):
            if col in VIRTUAL:
                out[label(col, row)] = "virtual"
            elif row in (1, ROWS):
                out[label(col, row)] = "land"
    for col in (20, 21, 40, 41):  # the spits of the two sounds, open in rows 6–7
        for row in (*range(2, 6), *range(8, ROWS)):
            out[label(col, row)] = "land"
    for row in range(2, ROWS):  # the isthmus, cut by the canal in row 6
        out[label(33, row)] = "land"
    coast = [label(c, 1) for c in NORTH_PORTS] + [label(c, ROWS) for c in SOUTH_PORTS] + [
        "2008", "3306", "1006", "2609", "2610", "3809", "2612", "2712", "2005", "4005",
        "4108", "3305", "3307"]
    for hex_id in coast:
        out[hex_id] = "coast"
    return out


def base_doc() -> dict[str, Any]:
    features = [feature(f"h{h}", "hex", label=h, terrain=t) for h, t in terrain().items()]
    for col, name in NORTH_PORTS.items():
        props: dict[str, Any] = {"hex": label(col, 1), "name": name, "capacity": 50}
        if name == "Westhaven":
            props.update(capacity=100, ports=2)
        if name == "Skarth":
            props["naval_base"] = True
        features.append(feature(name.lower(), "port", **props))
    for col, name in SOUTH_PORTS.items():
        features.append(feature(name.lower(), "port", hex=label(col, ROWS), name=name,
                                capacity=50))
    features.append(feature("sundport", "port", hex="2008", name="Sundport", capacity=50,
                            fronts=["western", "mediterranean"]))
    features.append(feature("canalmouth", "port", hex="3306", name="Canalmouth", capacity=50,
                            port_role="suez", fronts=["mediterranean", "eastern"]))
    features.append(feature("atlantic-us", "box", name="Atlantic U.S.",
                            links=[label(4, r) for r in range(2, ROWS)], link_cost=4,
                            serves="western", clause="AW-41", front="western", role="us-atlantic",
                            base_changes={"boxes": ["south-africa", "pacific-us"],
                                          "front": "western"}))
    features.append(feature("south-africa", "box", name="South Africa",
                            links=["4511", "4611"], link_cost=8, serves="western",
                            clause="AW-44", role="south-africa"))
    features.append(feature("pacific-us", "box", name="Pacific U.S.", links=["atlantic-us"],
                            link_cost=10, serves="western", clause="AW-41",
                            role="us-pacific", base_changes={"boxes": ["atlantic-us"]}))
    for fid, name, cols in FRONTS:
        features.append(feature(fid, "region", name=name, front=fid,
                                places=[label(c, r) for c in cols for r in range(1, ROWS + 1)]))
    features.append(feature("virtual", "region", name="Virtual hexes (off the west edge)",
                            virtual=True,
                            places=[label(c, r) for c in VIRTUAL for r in range(1, ROWS + 1)]))
    features.append(feature("skerry", "region", name="Skerry", island="one-hex",
                            places=["1006"]))
    features.append(feature("longholm", "region", name="Longholm", island="two-hex",
                            places=["2609", "2610"]))
    features.append(feature("palmetto", "region", name="Palmetto", island="beach",
                            places=["3809"]))
    return {"type": "FeatureCollection",
            "mineboard": {"schema": 1, "id": "awaw-demo-sea", "kind": "hex",
                          "title": "A small European sea (awaw-naval demos)",
                          "units": "board", "theatre": "europe",
                          "hex": {"cols": COLS, "rows": ROWS, "size": 20.0,
                                  "orientation": "flat", "offset": "odd-q"}},
            "features": features}


def between(board: Any, west: set[str], east: set[str]) -> list[str]:
    return sorted(w.id for w in board.ways.values() if w.kind == "hexside"
                  and {w.a, w.b} & west and {w.a, w.b} & east)


def doc() -> dict[str, Any]:
    out = base_doc()
    board = board_from_json(out, "awaw-demo-sea")
    sea_rows = ("06", "07")
    out["features"] += [
        feature("narrow-sound", "hexsides", name="Narrow Sound", strait=True,
                hexsides=between(board, {f"20{r}" for r in sea_rows},
                                 {f"21{r}" for r in sea_rows}),
                control=["2008"], clause="AW-30"),
        feature("twin-sound", "hexsides", name="Twin Sound", strait=True,
                hexsides=between(board, {f"40{r}" for r in sea_rows},
                                 {f"41{r}" for r in sea_rows}),
                control=["4005", "4108"], clause="AW-29"),
        feature("long-cut", "hexsides", name="Long Cut (canal)", canal=True,
                hexsides=sorted(w.id for w in board.ways.values() if w.kind == "hexside"
                                and "3306" in (w.a, w.b)
                                and {w.a, w.b} - {"3306"} <= {"3206", "3207", "3406",
                                                             "3407", "3205", "3405"}),
                control=["3305", "3306", "3307"]),
        feature("wend", "hexsides", name="The Wend (river)", hexsides=["2612|2712"],
                features=["river"]),
        feature("spits", "hexsides", name="Land between coastal hexes", hexsides=LAND_SIDES,
                features=["land"]),
    ]
    return out


LAND_SIDES = ["2005|2106", "4005|4106", "4007|4108", "3305|3404",
              "3305|3405", "3305|3306", "3206|3307", "3207|3307", "3306|3307"]
"""The land between two coastal hexes on either side of a sound or the isthmus: without
it a ship would pass through the water part of a spit's tip and round the strait."""


def text() -> str:
    return json.dumps(doc(), indent=1, ensure_ascii=False) + "\n"


def main(argv: list[str]) -> int:
    new = text()
    if "--check" in argv:
        return 0 if OUT.read_text(encoding="utf-8") == new else 1
    OUT.write_text(new, encoding="utf-8")
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
