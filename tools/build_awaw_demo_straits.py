"""Build maps/awaw-demo-straits.geojson: six short channels, one for each strait the rules
name with a condition of its own — the Skagerrak (AW-31), the Kattegat (AW-32), the Gulf of
Finland (AW-33), Otranto (AW-35), Malacca (AW-36) and Sunda (AW-37) — so each has a demo
board. A layout of our own, not a printed map's.

Channel k (k = 0…5) is row 3k + 2, twelve hexes of sea between land; a port at each end
(``<strait>-w`` in column 1, ``<strait>-e`` in column 12, both in the row above, 12 hexes
apart by water); the strait is the hexside between columns 6 and 7 of the channel, its
shores the land hexes (6, row − 1) and (7, row + 1). ``--check`` exits 1 if the file
differs from what this would write.

    .venv/bin/python tools/build_awaw_demo_straits.py [--check]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

OUT = Path(__file__).resolve().parent.parent / "maps" / "awaw-demo-straits.geojson"
COLS = 12

STRAITS = (
    # id, name, clause, which shores must be friendly / friendly or neutral
    ("skagerrak", "Skagerrak", "AW-31", ("north", "south"), ()),
    ("kattegat", "Kattegat", "AW-32", ("north",), ("south",)),
    ("finland", "Gulf of Finland", "AW-33", (), ("north", "south")),
    ("otranto", "Strait of Otranto", "AW-35", ("north", "south"), ()),
    ("malacca", "Strait of Malacca", "AW-36", ("north",), ()),
    ("sunda", "Sunda Strait", "AW-37", ("north", "south"), ()),
)
SHORES = {"skagerrak": ("Skagen", "Kristiansand"), "kattegat": ("Copenhagen", "Halland"),
          "finland": ("Helsinki", "Tallinn"), "otranto": ("Durazzo", "Brindisi"),
          "malacca": ("Singapore", "Sumatra shore"), "sunda": ("Sumatra", "Java")}
ROWS = 3 * len(STRAITS) + 1


def label(col: int, row: int) -> str:
    return f"{col:02d}{row:02d}"


def feature(fid: str, kind: str, **props: Any) -> dict[str, Any]:
    return {"type": "Feature", "id": fid, "properties": {"kind": kind, **props},
            "geometry": None}


def row_of(k: int) -> int:
    return 3 * k + 2


def shores(k: int) -> dict[str, str]:
    row = row_of(k)
    return {"north": label(6, row - 1), "south": label(7, row + 1)}


def doc() -> dict[str, Any]:
    channels = {label(c, row_of(k)) for k in range(len(STRAITS)) for c in range(1, COLS + 1)}
    ports = {label(c, row_of(k) - 1) for k in range(len(STRAITS)) for c in (1, COLS)}
    features = []
    for col in range(1, COLS + 1):
        for row in range(1, ROWS + 1):
            h = label(col, row)
            if h not in channels:
                features.append(feature(f"h{h}", "hex", label=h,
                                        terrain="coast" if h in ports else "land"))
    for k, (sid, name, clause, friendly, loose) in enumerate(STRAITS):
        row = row_of(k)
        side = shores(k)
        features.append(feature(f"{sid}-w", "port", hex=label(1, row - 1),
                                name=f"{name} West", capacity=50))
        features.append(feature(f"{sid}-e", "port", hex=label(COLS, row - 1),
                                name=f"{name} East", capacity=50))
        props: dict[str, Any] = {"strait": True, "clause": clause}
        if friendly:
            props["control"] = [side[s] for s in friendly]
        if loose:
            props["friendly_or_neutral"] = [side[s] for s in loose]
        features.append(feature(sid, "hexsides", name=name,
                                hexsides=[f"{label(6, row)}|{label(7, row)}"], **props))
        for s, place_name in zip(("north", "south"), SHORES[sid], strict=True):
            features.append(feature(f"{sid}-{s}", "region", name=place_name,
                                    places=[side[s]]))
    features.append(feature("western", "region", name="Western front", front="western",
                            places=sorted(channels | ports)))
    return {"type": "FeatureCollection",
            "mineboard": {"schema": 1, "id": "awaw-demo-straits", "kind": "hex",
                          "title": "Six named straits (awaw-naval demos)", "units": "board",
                          "theatre": "europe",
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
