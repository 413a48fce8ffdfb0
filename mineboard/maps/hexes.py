"""A hex map's board: the grid the header describes (a hex per place, a hexside per way),
each hex's overrides, its ports and boxes (maps.hex_places), its named sets of hexsides
(maps.sets) and the shaded ring's bands (maps.ring)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mineboard.core.errors import BadInput
from mineboard.maps.hex_places import add_box_links, add_port
from mineboard.maps.hexgrid import HexGrid, Layout
from mineboard.maps.model import BOX, HEX, HEXSIDE, HEXSIDES, PORT, BoardMap, Place, Way, way_id
from mineboard.maps.ring import ring_edge_sets, ring_from_header
from mineboard.maps.sets import edge_set
from mineboard.maps.values import MAX_ABS_COORD, finite_pair

MAX_HEXES = 100_000
"""Hexes on one board (the bench's largest has 10,000; 250,000 took 10 s and 430 MB)."""


def hex_grid_from_header(header: Mapping[str, Any], overrides: Mapping[str, Place],
                         problems: list[str]) -> HexGrid | None:
    spec = header.get("hex")
    if not isinstance(spec, Mapping):
        problems.append("mineboard.hex (cols, rows, size, orientation) is required on a hex map")
        return None
    cols, rows, size = spec.get("cols"), spec.get("rows"), spec.get("size", 1.0)
    orientation = spec.get("orientation", "flat")
    offset = spec.get("offset", "odd-q" if orientation == "flat" else "odd-r")
    if not (isinstance(cols, int) and isinstance(rows, int) and 0 < cols <= 500
            and 0 < rows <= 500):
        problems.append("mineboard.hex: cols and rows must be whole numbers from 1 to 500")
        return None
    if cols * rows > MAX_HEXES:  # each hex is a place and three hexsides: memory and time
        problems.append(f"mineboard.hex: {cols} × {rows} = {cols * rows:,} hexes; a board "
                        f"may have at most {MAX_HEXES:,}")
        return None
    if not isinstance(size, (int, float)) or not 0 < size < MAX_ABS_COORD:
        problems.append("mineboard.hex.size must be a positive number")
        return None
    if orientation not in ("flat", "pointy") or offset not in ("odd-q", "even-q", "odd-r",
                                                               "even-r"):
        problems.append("mineboard.hex: orientation flat|pointy, offset odd-q|even-q|odd-r|"
                        "even-r")
        return None
    origin = spec.get("origin", [0.0, 0.0])
    if not finite_pair(origin):
        problems.append("mineboard.hex.origin must be two numbers [x, y] in board units")
        return None
    grid = HexGrid(cols, rows, Layout(orientation, float(size),
                                      (float(origin[0]), float(origin[1]))), offset)
    by_label = {}
    for place in overrides.values():
        label = str(place.props.get("label", place.id))
        try:
            grid.from_label(label)
        except ValueError as exc:
            problems.append(f"feature {place.id}: {exc}")
            continue
        by_label[label] = dict(place.props)
    return HexGrid(cols, rows, grid.layout, offset, overrides=by_label)


def hex_board(header: Mapping[str, Any], features: dict[str, Place], sets: list[Place],
              problems: list[str], digest: str) -> BoardMap:
    overrides = {fid: f for fid, f in features.items() if f.kind == HEX}
    grid = hex_grid_from_header(header, overrides, problems)
    if grid is None:
        return BoardMap(str(header["id"]), "hex", "", {}, {})
    places = {grid.label(h): Place(grid.label(h), HEX, grid.label(h),
                                   props={"terrain": grid.terrain(h)}) for h in grid.hexes()}
    ways = {}
    for side in grid.hexsides():
        a, b = (grid.label(h) for h in side.hexes)
        wid = way_id(a, b)
        first, second = wid.split("|")
        ways[wid] = Way(wid, HEXSIDE, first, second)
    # Every port and box becomes a place, even one with a problem, so that a region or a
    # link naming it does not add a second line for the same mistake.
    for f in features.values():
        if f.kind in (PORT, BOX):
            if f.id in places:
                problems.append(f"feature {f.id}: id is also the label of a hex of this map")
                continue
            places[f.id] = f
    for port in (f for f in features.values() if f.kind == PORT):
        add_port(grid, port, places, ways, problems)
    for box in (f for f in features.values() if f.kind == BOX):
        add_box_links(box, places, ways, problems)
    edge_sets = {f.id: s for f in sets if f.kind == HEXSIDES
                 if (s := edge_set(grid, f, ways, problems)) is not None}
    if "ring" in header:
        try:
            shaded = ring_from_header(grid, header["ring"], "")
        except BadInput as exc:
            # ring_from_header names the place after "where"; with where "" only that stays.
            at = exc.where.removeprefix(": ")
            problems.append(f"{at}: {exc.what}" if at else exc.what)
        else:
            for ring_set in ring_edge_sets(grid, shaded):
                if ring_set.id in edge_sets:
                    problems.append(f"mineboard.ring: edge set {ring_set.id!r} is also the id "
                                    "of a hexsides feature")
                    continue
                edge_sets[ring_set.id] = ring_set
    return BoardMap(str(header["id"]), "hex", str(header.get("title", header["id"])), places,
                    ways, digest, dict(header), grid=grid, edge_sets=edge_sets)
