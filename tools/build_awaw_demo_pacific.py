"""Build maps/awaw-demo-pacific.geojson: the small Pacific the awaw-naval demo boards and
tests sail on — real place names (geography), a layout of our own, small and open.

40 × 31 hexes of ocean (labels ``ccrr``), theatre pacific, with a column of virtual hexes
beyond the east edge (column 41: the notional Western Allied port hexes, AW-78). What the
Pacific clauses need, each at a distance the tests measure:

- Japan (region group ``japan``: land in columns 2–3, the Sea of Japan in column 1 beyond
  the Kanmon Strait — a strait with no clause of its own, AW-28, open to a side holding both
  its shores 0212 and 0214; home ports Ominato, Yokosuka, Kure
  on its east coast): the 20-hex first leg (AW-86), except toward Midway (AW-228); Marcus
  and Lisianski 20 and 21 hexes east of Yokosuka along row 14.
- The Hawaiian Islands (group ``hawaiian``: Oahu with Pearl Harbor, Maui, Hawaii):
  15/20-hex first legs with Midway, Johnston (and Wake) held and fully supplied (AW-83);
  Nihoa, Necker, Kaula and Laysan 15, 16, 20 and 21 hexes west of Pearl Harbor along
  row 24. Pearl Harbor → Dutch Harbor by the shortest route (AW-84).
- The Aleutians (group ``aleutians``): Dutch Harbor, Kiska (one-hex, no port).
- A line of islands along row 6 for port touches every 10 hexes (AW-80): Marcus Line
  ports 9, 12, 19 and 27 hexes east of Paramushiro.
- Port Moresby (New Guinea) and Sandakan (Borneo), ``touch_limit`` 5 (AW-90): Samarai
  and Buna 5 and 6 hexes east of Port Moresby along row 26.
- Islands without ports (AW-92): Baker (one-hex), Guadalcanal (two-hex, group solomons),
  New Ireland (beach); Kwajalein and Majuro (one-hex, group marshalls) for port counters.
- Truk, a lagoon port that needs Moen held to sail in or out (``requires``, AW-34).
- The Society Islands (group ``society``): Papeete, Moorea.
- Boxes (AW-226): Australia — 8 hexes via two entry hexes in row 31, 10 via Noumea's;
  India — 8 via one entry hex on the west edge; Pacific U.S. — every east-edge hex
  (AW-42), linked for base changes to Pearl Harbor, Dutch Harbor, Papeete, port counters in
  the Hawaiian and Society Islands, and the Australia box (AW-41).
- Manila (Luzon), a port the Pacific U.S. box does not link.

``--check`` exits 1 if the file differs from what this would write.

    .venv/bin/python tools/build_awaw_demo_pacific.py [--check]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

OUT = Path(__file__).resolve().parent.parent / "maps" / "awaw-demo-pacific.geojson"
COLS, ROWS = 41, 31
EAST_VIRTUAL = 41

JAPAN = [(c, r) for c in (2, 3) for r in range(8, 19) if r != 13]
"""Japan's home islands, cut by the Kanmon Strait (row 13) from the Sea of Japan (column 1)."""
NEW_GUINEA = [(c, r) for c in range(5, 13) for r in (27, 28)]
BORNEO = [(c, r) for c in (2, 3, 4) for r in range(21, 25)]
LUZON = [(6, 18), (6, 19), (7, 18)]

PORTS: dict[str, tuple[str, int, int, dict[str, Any]]] = {
    # id: (name, col, row, extra properties)
    "ominato": ("Ominato", 4, 10, {}),
    "yokosuka": ("Yokosuka", 4, 14, {"naval_base": True}),
    "kure": ("Kure", 4, 17, {}),
    "marcus": ("Marcus", 24, 14, {}),
    "lisianski": ("Lisianski", 25, 14, {}),
    "pearl-harbor": ("Pearl Harbor", 34, 24, {"naval_base": True}),
    "nihoa": ("Nihoa", 19, 24, {}),
    "necker": ("Necker", 18, 24, {}),
    "kaula": ("Kaula", 14, 24, {}),
    "laysan": ("Laysan", 13, 24, {}),
    "midway": ("Midway", 20, 10, {}),
    "johnston": ("Johnston Island", 30, 28, {}),
    "wake": ("Wake", 12, 9, {}),
    "dutch-harbor": ("Dutch Harbor", 27, 2, {}),
    "paramushiro": ("Paramushiro", 6, 6, {}),
    "agrihan": ("Agrihan", 15, 6, {}),
    "pagan": ("Pagan", 18, 6, {}),
    "eniwetok": ("Eniwetok", 25, 6, {}),
    "ujelang": ("Ujelang", 33, 6, {}),
    "port-moresby": ("Port Moresby", 10, 26, {"touch_limit": 5}),
    "samarai": ("Samarai", 15, 26, {}),
    "buna": ("Buna", 16, 26, {}),
    "sandakan": ("Sandakan", 5, 22, {"touch_limit": 5}),
    "manila": ("Manila", 7, 19, {}),
    "truk": ("Truk", 16, 12, {"requires": ["1611"]}),
    "papeete": ("Papeete", 36, 30, {}),
    "noumea": ("Noumea", 30, 31, {}),
}
ISLANDS: list[tuple[str, str, str, list[str], dict[str, Any]]] = [
    # id, name, island kind, hexes, extra (group …)
    ("oahu", "Oahu", "one-hex", ["3424"], {}),
    ("maui", "Maui", "one-hex", ["3525"], {}),
    ("hawaii", "Hawaii", "two-hex", ["3625", "3626"], {}),
    ("kiska", "Kiska", "one-hex", ["1803"], {"group": "aleutians"}),
    ("unalaska", "Unalaska", "one-hex", ["2702"], {"group": "aleutians"}),
    ("baker", "Baker Island", "one-hex", ["3716"], {}),
    ("guadalcanal", "Guadalcanal", "two-hex", ["1821", "1822"], {"group": "solomons"}),
    ("new-ireland", "New Ireland", "beach", ["1428"], {}),
    ("kwajalein", "Kwajalein", "one-hex", ["2218"], {"group": "marshalls"}),
    ("majuro", "Majuro", "one-hex", ["2419"], {"group": "marshalls"}),
    ("moen", "Moen", "one-hex", ["1611"], {}),
    ("midway-island", "Midway", "one-hex", ["2010"], {"group": "midway"}),
    ("johnston-island", "Johnston Island", "one-hex", ["3028"], {"group": "johnston"}),
    ("wake-island", "Wake", "one-hex", ["1209"], {"group": "wake"}),
    ("tahiti", "Tahiti", "one-hex", ["3630"], {"group": "society"}),
    ("moorea", "Moorea", "one-hex", ["3729"], {"group": "society"}),
]


def label(col: int, row: int) -> str:
    return f"{col:02d}{row:02d}"


def feature(fid: str, kind: str, **props: Any) -> dict[str, Any]:
    return {"type": "Feature", "id": fid, "properties": {"kind": kind, **props},
            "geometry": None}


def terrain() -> dict[str, str]:
    out: dict[str, str] = {}
    for col, row in JAPAN + NEW_GUINEA + BORNEO + LUZON:
        out[label(col, row)] = "land"
    for row in range(1, ROWS + 1):
        out[label(EAST_VIRTUAL, row)] = "virtual"
    for _name, col, row, _extra in PORTS.values():
        out[label(col, row)] = "coast"
    for _id, _name, _kind, hexes, _extra in ISLANDS:
        for h in hexes:
            out[h] = "coast"
    return out


def doc() -> dict[str, Any]:
    features = [feature(f"h{h}", "hex", label=h, terrain=t) for h, t in terrain().items()]
    for pid, (name, col, row, extra) in PORTS.items():
        features.append(feature(pid, "port", hex=label(col, row), name=name, capacity=50,
                                **extra))
    features.append(feature("australia", "box", name="Australia", role="australia",
                            links=["2031", "2431", "3031"],
                            link_cost={"2031": 8, "2431": 8, "3031": 10},
                            serves="western", clause="AW-44"))
    features.append(feature("india", "box", name="India", role="india", links=["0129"],
                            link_cost=8, serves="western", clause="AW-44"))
    features.append(feature("pacific-us", "box", name="Pacific U.S.", role="us-pacific",
                            links=[label(40, r) for r in range(1, ROWS + 1)], link_cost=6,
                            serves="western", clause="AW-41",
                            base_changes={"boxes": ["australia"],
                                          "ports": ["pearl-harbor", "dutch-harbor", "papeete"],
                                          "built_in": ["hawaiian", "society"]}))
    japan_hexes = [label(c, r) for c, r in JAPAN] + [label(PORTS[p][1], PORTS[p][2])
                                                      for p in ("ominato", "yokosuka", "kure")]
    features.append(feature(
        "japan", "region", name="Japan (home islands)", group="japan", island="larger",
        places=japan_hexes,
        first_leg=[{"for": "Japan", "needs": [], "hexes": 20, "clause": "AW-86",
                    "not_toward": ["midway"],
                    "not_toward_by_option": ["johnston", "hawaiian"]}],
        exempt_to=[{"group": "aleutians", "for": "Japan", "clause": "AW-87"}]))
    features.append(feature(
        "hawaiian", "region", name="Hawaiian Islands", group="hawaiian",
        places=["3424", "3525", "3625", "3626"],
        first_leg=[{"for": "western", "needs": ["2010", "3028"], "hexes": 15,
                    "clause": "AW-83"},
                   {"for": "western", "needs": ["2010", "3028", "1209"], "hexes": 20,
                    "clause": "AW-83"}],
        exempt_to=[{"group": "aleutians", "for": "western", "clause": "AW-84"}]))
    features.append(feature("aleutians", "region", name="Aleutian Islands",
                            group="aleutians", places=["2702", "1803"]))
    features.append(feature("society", "region", name="Society Islands", group="society",
                            places=["3630", "3729"]))
    for iid, name, kind, hexes, extra in ISLANDS:
        features.append(feature(iid, "region", name=name, island=kind, places=hexes,
                                **extra))
    features.append(feature("new-guinea", "region", name="New Guinea", island="larger",
                            places=[label(c, r) for c, r in NEW_GUINEA] + ["1026"]))
    features.append(feature("borneo", "region", name="Borneo", island="larger",
                            places=[label(c, r) for c, r in BORNEO] + ["0522"]))
    features.append(feature("kanmon", "hexsides", name="Kanmon Strait", strait=True,
                            hexsides=["0113|0213", "0114|0213"], control=["0212", "0214"]))
    features.append(feature("virtual", "region",
                            name="Notional Western Allied ports (off the east edge)",
                            virtual=True,
                            places=[label(EAST_VIRTUAL, r) for r in range(1, ROWS + 1)]))
    return {"type": "FeatureCollection",
            "mineboard": {"schema": 1, "id": "awaw-demo-pacific", "kind": "hex",
                          "title": "A small Pacific (awaw-naval demos)",
                          "units": "board", "theatre": "pacific",
                          "hex": {"cols": COLS, "rows": ROWS, "size": 20.0,
                                  "orientation": "flat", "offset": "odd-q"}},
            "features": features}


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
