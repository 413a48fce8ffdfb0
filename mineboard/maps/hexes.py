"""A hex map's board: the grid the header describes (one board or several joined, see
maps.boards; a hex per place, a hexside per way), its terrain (maps.terrain), its ports and
boxes (maps.hex_places), its named sets of hexsides (maps.sets) and the shaded ring's bands
(maps.ring)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from mineboard.core.errors import BadInput
from mineboard.maps.boards import board_size, joined_boards, single_board
from mineboard.maps.hex_places import add_box_links, add_port
from mineboard.maps.hexgrid import HexGrid, Layout
from mineboard.maps.model import (
    BOX,
    HEX,
    HEXSIDE,
    HEXSIDES,
    PORT,
    TERRAIN,
    BoardMap,
    Place,
    Way,
    way_id,
)
from mineboard.maps.ring import ring_edge_sets, ring_from_header
from mineboard.maps.sets import edge_set
from mineboard.maps.terrain import hex_overrides, painted_terrain, side_features
from mineboard.maps.values import MAX_ABS_COORD, finite_pair


def hex_grid_from_header(header: Mapping[str, Any], problems: list[str]) -> HexGrid | None:
    """The grid of ``mineboard.hex``: one board (cols, rows) or several (boards), laid out
    by size, orientation, offset and origin; hexes are ``terrain`` (default sea) until the
    map says otherwise."""
    spec = header.get("hex")
    if not isinstance(spec, Mapping):
        problems.append("mineboard.hex (cols, rows, size, orientation) is required on a hex map")
        return None
    joined = "boards" in spec
    size_of_one = None if joined else board_size(spec, problems)
    if not joined and size_of_one is None:
        return None
    size = spec.get("size", 1.0)
    orientation = spec.get("orientation", "flat")
    offset = spec.get("offset", "odd-q" if orientation == "flat" else "odd-r")
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
    terrain = spec.get("terrain", "sea")
    if not isinstance(terrain, str) or not terrain:
        problems.append("mineboard.hex.terrain (the terrain of a hex nothing else sets) must "
                        "be a name")
        return None
    layout = Layout(orientation, float(size), (float(origin[0]), float(origin[1])))
    if size_of_one is not None:
        grid = single_board(size_of_one, spec, layout, offset, problems)
    else:
        grid = joined_boards(spec["boards"], layout, offset, problems)
    return None if grid is None else dataclasses.replace(grid, default_terrain=terrain)


def hex_board(header: Mapping[str, Any], features: dict[str, Place], sets: list[Place],
              problems: list[str], digest: str) -> BoardMap:
    grid = hex_grid_from_header(header, problems)
    if grid is None:
        return BoardMap(str(header["id"]), "hex", "", {}, {})
    painted = painted_terrain(grid, (f for f in sets if f.kind == TERRAIN), problems)
    stated = (f for f in features.values() if f.kind == HEX)
    grid = dataclasses.replace(grid, overrides=hex_overrides(grid, painted, stated, problems))
    labels = {h: grid.label(h) for h in grid.hexes()}  # each hex's label once, not 7 times
    places = {label: _hex_place(grid, label) for label in labels.values()}
    ways = {}
    for h, a in labels.items():  # grid.hexsides(), by the labels at hand: a map loads faster
        for d in range(3):
            b = labels.get(h.neighbour(d))
            if b is None:
                continue
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
    sides = side_features(grid, painted, {f.id: f for f in sets if f.kind == HEXSIDES},
                          edge_sets, problems)
    grid = dataclasses.replace(grid, sides=sides)
    for side, names in sides.items():
        ways[way_id(*(labels[h] for h in side.hexes))].props = {"features": list(names)}
    return BoardMap(str(header["id"]), "hex", str(header.get("title", header["id"])), places,
                    ways, digest, dict(header), grid=grid, edge_sets=edge_sets)


def _hex_place(grid: HexGrid, label: str) -> Place:
    """A hex as a place: its label, its terrain, and its features if it has any."""
    terrain, features = grid.terrain_at(label)
    props: dict[str, Any] = {"terrain": terrain}
    if features:
        props["features"] = list(features)
    return Place(label, HEX, label, props=props)
