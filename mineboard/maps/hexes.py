"""A hex map's board: the grid the header describes (one board or several joined, see
maps.boards; a hex per place, a hexside per way), its terrain (maps.terrain), its ports and
boxes (maps.hex_places), its named sets of hexsides (maps.sets) and the shaded ring's bands
(maps.ring)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import Any, cast

from mineboard.core.errors import BadInput
from mineboard.maps.boards import board_size, joined_boards, single_board
from mineboard.maps.hex_index import LabelIndex
from mineboard.maps.hex_places import add_box_links, add_port
from mineboard.maps.hexgrid import DIRECTIONS, Hex, HexGrid, Layout
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
    place_sort_key,
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
    index = LabelIndex.of(grid)  # each hex's label once, not 7 times
    painted = painted_terrain(grid, (f for f in sets if f.kind == TERRAIN), problems)
    stated = (f for f in features.values() if f.kind == HEX)
    grid = dataclasses.replace(grid, overrides=hex_overrides(index, painted, stated, problems))
    places = _hex_places(grid, index.labels.values())
    ways = _hexsides(index.labels)
    # Every port and box becomes a place, even one with a problem, so that a region or a
    # link naming it does not add a second line for the same mistake.
    for f in features.values():
        if f.kind in (PORT, BOX):
            if f.id in places:
                problems.append(f"feature {f.id}: id is also the label of a hex of this map")
                continue
            places[f.id] = f
    for port in (f for f in features.values() if f.kind == PORT):
        add_port(index, port, places, ways, problems)
    for box in (f for f in features.values() if f.kind == BOX):
        add_box_links(box, places, ways, problems)
    edge_sets = {f.id: s for f in sets if f.kind == HEXSIDES
                 if (s := edge_set(index, f, ways, problems)) is not None}
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
    sides = side_features(index, painted, {f.id: f for f in sets if f.kind == HEXSIDES},
                          edge_sets, problems)
    grid = dataclasses.replace(grid, sides=sides)
    for side, names in sides.items():
        ways[way_id(*(index.label(h) for h in side.hexes))].props = {"features": list(names)}
    return BoardMap(str(header["id"]), "hex", str(header.get("title", header["id"])), places,
                    ways, digest, dict(header), grid=grid, edge_sets=edge_sets)


def _hex_places(grid: HexGrid, labels: Iterable[str]) -> dict[str, Place]:
    """A place per hex, by label: most are plain (the map's default terrain), made here
    without asking the grid."""
    plain = grid.default_terrain
    overrides = grid.overrides
    return {label: Place(label, HEX, label, props={"terrain": plain})
            if label not in overrides else _hex_place(grid, label) for label in labels}


def _hex_place(grid: HexGrid, label: str) -> Place:
    """A hex as a place: its label, its terrain, and its features if it has any."""
    terrain, features = grid.terrain_at(label)
    props: dict[str, Any] = {"terrain": terrain}
    if features:
        props["features"] = list(features)
    return Place(label, HEX, label, props=props)


def _hexsides(labels: Mapping[Hex, str]) -> dict[str, Way]:
    """A way per hexside between two hexes of the grid, hex by hex (``labels``' order) and
    in directions 0, 1, 2 (as ``HexGrid.hexsides``), by ``way_id``.

    The 20,000 hexsides of a large map are the bulk of its load, so each hex's neighbours
    are looked up among the labels at hand rather than asked of the grid, and each label's
    place in ``place_sort_key``'s order is found once rather than at each of its sides."""
    rank = {label: i for i, label in enumerate(sorted(labels.values(), key=place_sort_key))}
    # A Hex is a tuple, hashed and compared as one: the neighbours' keys need no Hex made.
    at = cast("Mapping[tuple[int, int], str]", labels)
    steps = [(d.q, d.r) for d in DIRECTIONS[:3]]
    ways: dict[str, Way] = {}
    for (q, r), a in labels.items():
        a_rank = rank[a]
        for dq, dr in steps:
            b = at.get((q + dq, r + dr))
            if b is None:
                continue
            first, second = (a, b) if a_rank < rank[b] else (b, a)
            wid = f"{first}|{second}"
            ways[wid] = Way(wid, HEXSIDE, first, second)
    return ways
