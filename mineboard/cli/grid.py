"""``mineboard grid MAP -o FILE``: write a hex map's grid as a GeoJSON layer of hex
polygons, for a GIS to show under the terrain a designer paints (docs/maps.md)."""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path

from mineboard.cli.common import Commands


def add_parser(commands: Commands, argv: Sequence[str]) -> None:
    grid = commands.add_parser("grid", help="write a hex map's grid as a GeoJSON layer")
    grid.set_defaults(execute=execute)
    grid.add_argument("map", help="a hex map: a .geojson file or a bundled map id")
    grid.add_argument("-o", "--out", type=Path, default=None,
                      help="the layer to write (.geojson; default: standard output)")


def execute(args: argparse.Namespace) -> int:
    from mineboard.atomic import write_atomic
    from mineboard.core.errors import BadInput
    from mineboard.maps.grid_layer import grid_layer
    from mineboard.maps.loading import load_board
    from mineboard.maps.refs import map_file

    ref: str = args.map
    path = Path(ref) if ref.endswith(".geojson") else map_file(ref, Path("."), "map")
    if not path.is_file():
        raise BadInput(ref, f"no map file {path}")
    board = load_board(path)
    layer = grid_layer(board)
    text = json.dumps(layer, ensure_ascii=False) + "\n"
    if args.out is None:
        print(text, end="")
        return 0
    if args.out.suffix.lower() != ".geojson":
        raise BadInput(str(args.out), "the grid layer is GeoJSON; name it .geojson")
    write_atomic(args.out, text)
    print(f"wrote {args.out}: {len(layer['features'])} hexes of map {board.id!r}")
    return 0
