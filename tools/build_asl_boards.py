"""Build maps/asl-two-boards.geojson: two original geomorphic boards side by side — Velden,
a village at a crossroads by a brook (board 1), and Harrow Field, farmland with an airstrip
(board 2) — for the tactical land games (asl-minefields).

The boards are drawn by hand in ``mineboard/maps/geomorphic.py`` (a grid of base terrain
per board, roads, runway, walls and hedges by hex label); this tool turns them into the
map file a GIS opens: each wood, building, brook and pond a polygon snapped to the hexes,
roads as lines from hex centre to hex centre, walls and hedges as named hexsides, bridges,
sewer access, ice and inner building hexes hex by hex. Deterministic: the same file every
run. The benchmark's 4 × 5 battlefield (``field_json``) is built in memory, not written.

    .venv/bin/python tools/build_asl_boards.py [--check] [--field FILE.geojson]

``--check`` writes nothing and fails if the file on disk is not what the designs make;
``--field FILE`` also writes the benchmark's 4 × 5 battlefield there, to look at in a GIS
(it is not shipped: the benchmark builds it in memory).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from mineboard.maps.geomorphic import DESIGNS, field_json, two_boards_json

OUT = Path(__file__).resolve().parent.parent / "maps" / "asl-two-boards.geojson"


def text() -> str:
    problems = [p for d in DESIGNS.values() for p in d.problems()]
    if problems:
        raise SystemExit("\n".join(problems))
    return json.dumps(two_boards_json(), indent=1, ensure_ascii=False) + "\n"


def main(argv: list[str]) -> int:
    made = text()
    if "--field" in argv:
        field = Path(argv[argv.index("--field") + 1])
        field.write_text(json.dumps(field_json(4, 5)) + "\n")
        print(f"wrote {field}: the 4 × 5 battlefield")
    if "--check" in argv:
        same = OUT.exists() and OUT.read_text() == made
        print(f"{OUT}: {'up to date' if same else 'differs from the designs'}")
        return 0 if same else 1
    OUT.write_text(made)
    doc = json.loads(made)
    print(f"wrote {OUT}: {len(doc['mineboard']['hex']['boards'])} boards, "
          f"{len(doc['features'])} features, {len(made):,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
