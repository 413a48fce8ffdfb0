"""The awaw-naval map as naval movement reads it: the costs of water (movement_costs.json),
each place's theatre (AW-222) and fronts (AW-11, AW-244), island groups (4.74), islands
without ports (AW-92), virtual hexes (AW-243), ports — printed and built — and boxes.

Everything here is read from the map's data (docs/maps.md and PLAN's vocabulary): the
rules' figures and clauses live in the other movement modules.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from functools import cache
from typing import Any

from mineboard.core.errors import BadInput
from mineboard.maps.model import BOX, HEX, PORT, BoardMap
from mineboard.maps.paths import MoveCosts
from mineboard.rules.awaw_naval.data import RULESET_ID
from mineboard.rules.awaw_naval.state import AwState
from mineboard.rules.common.tables import rule_file

VIRTUAL = "virtual"
WATER = ("sea", "coast", VIRTUAL)


@cache
def move_costs() -> MoveCosts:
    """movement_costs.json: a hex a hex, a berth free, rivers and land never crossed."""
    path = rule_file(RULESET_ID, "movement_costs.json")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise BadInput(str(path), f"cannot be read: {exc}") from exc
    return MoveCosts.from_json(data, str(path))


def terrain(board: BoardMap, place: str) -> str:
    p = board.places.get(place)
    if p is None:
        return ""
    return str(p.props.get("terrain", p.kind))


def regions_with(board: BoardMap, key: str) -> list[Any]:
    return [r for r in board.regions.values() if key in r.props]


_CACHE: dict[int, tuple[BoardMap, dict[str, dict[str, list[str]]]]] = {}


def _kept(board: BoardMap) -> dict[str, dict[str, list[str]]]:
    """What this module has read off ``board`` (maps never change during a game)."""
    kept = _CACHE.get(id(board))
    if kept is None or kept[0] is not board:
        kept = (board, {})
        _CACHE[id(board)] = kept
        while len(_CACHE) > 16:
            _CACHE.pop(next(iter(_CACHE)))
    return kept[1]


def _index(board: BoardMap, key: str) -> dict[str, list[str]]:
    """Place → the values of ``key`` of the regions that hold it."""
    kept = _kept(board)
    table = kept.get(key)
    if table is None:
        table = {}
        for region in board.regions.values():
            value = region.props.get(key)
            if value is None or value is False:
                continue
            for place in region.places:
                table.setdefault(place, []).append(str(value) if value is not True
                                                   else region.id)
        kept[key] = table
    return table


def hex_of(state: AwState, place: str) -> str:
    """The hex a port (printed or built) lies in; a hex or a box is itself."""
    if place in state.built_ports:
        return state.built_ports[place].hex
    p = state.board.places.get(place)
    if p is not None and p.kind == PORT:
        return str(p.props.get("hex", place))
    return place


def where(state: AwState, place: str) -> str:
    """The map place a route starts or ends at: a built port is its hex."""
    return state.built_ports[place].hex if place in state.built_ports else place


def theatre_of(state: AwState, place: str) -> str:
    """A region's ``theatre`` if one holds the place (or its hex), else the map's."""
    board = state.board
    table = _index(board, "theatre")
    for p in (place, hex_of(state, place)):
        if p in table:
            return table[p][0]
    return str(board.meta.get("theatre", "europe"))


def fronts_of(state: AwState, place: str) -> tuple[str, ...]:
    """The water fronts of a place, as bases reads them (fronts.py: a port is on the front of
    the water it borders, AW-11; both of a two-front port's; a box's ``front``; a hex's own,
    AW-244) — one reading of AW-11 for the whole ruleset."""
    from mineboard.rules.awaw_naval import fronts

    p = state.board.places.get(place)
    if p is not None and p.kind == HEX:
        own = fronts.front_of_hex(state, place)
        return (own,) if own is not None else ()
    return fronts.fronts_of(state, place)


def group_of(state: AwState, place: str) -> str | None:
    """The island group (4.74: ``hawaiian``, ``aleutians``, ``society``, ``japan`` …) a
    place, its hex or its port lies in; a port's own ``group`` first."""
    board = state.board
    p = board.places.get(place)
    if p is not None and isinstance(p.props.get("group"), str):
        return str(p.props["group"])
    table = _index(board, "group")
    for q in (place, hex_of(state, place)):
        if q in table:
            return table[q][0]
    return None


def group_places(state: AwState, group: str) -> set[str]:
    """Every place of an island group: its regions' hexes, the ports in them, built ports
    in them."""
    board = state.board
    hexes = {h for r in board.regions.values() if r.props.get("group") == group
             for h in r.places}
    ports = {p.id for p in board.places.values() if p.kind == PORT
             and (p.props.get("hex") in hexes or p.props.get("group") == group)}
    built = {b.id for b in state.built_ports.values() if b.hex in hexes}
    return hexes | ports | built | {str(board.places[p].props.get("hex")) for p in ports}


def island_of(state: AwState, hex_id: str) -> tuple[str, str] | None:
    """(kind, name) of the island whose hex this is: ``one-hex``, ``two-hex``, ``beach``,
    ``larger`` (AW-92)."""
    for region in state.board.regions.values():
        kind = region.props.get("island")
        if isinstance(kind, str) and hex_id in region.places:
            return kind, region.name
    return None


def is_virtual(board: BoardMap, place: str) -> bool:
    return terrain(board, place) == VIRTUAL


def is_port(state: AwState, place: str) -> bool:
    p = state.board.places.get(place)
    return place in state.built_ports or (p is not None and p.kind == PORT)


def is_box(board: BoardMap, place: str) -> bool:
    p = board.places.get(place)
    return p is not None and p.kind == BOX


def printed_ports(board: BoardMap) -> dict[str, list[str]]:
    """Hex → the map's ports in it (kept per board)."""
    kept = _kept(board)
    table = kept.get("__ports__")
    if table is None:
        table = {}
        for p in board.places.values():
            if p.kind == PORT:
                table.setdefault(str(p.props.get("hex")), []).append(p.id)
        kept["__ports__"] = table
    return table


def bases_of(board: BoardMap) -> list[str]:
    """Every port and box of the map (kept per board)."""
    kept = _kept(board).setdefault("__bases__", {})
    if "" not in kept:
        kept[""] = [p.id for p in board.places.values() if p.kind in (PORT, BOX)]
    return kept[""]


def port_hexes(state: AwState) -> dict[str, list[str]]:
    """Hex → the ports (printed and built) in it."""
    printed = printed_ports(state.board)
    if not state.built_ports:
        return printed
    out = {h: list(ports) for h, ports in printed.items()}
    for b in state.built_ports.values():
        out.setdefault(b.hex, []).append(b.id)
    return out


def notional_ports(board: BoardMap) -> frozenset[str]:
    """The virtual hexes next to the map: the notional Western Allied port hexes off its
    edge (AW-78, AW-45)."""
    kept = _kept(board).setdefault("__notional__", {})
    if "" in kept:
        return frozenset(kept[""])
    adjacent = board.adjacent
    out = [h for h, p in board.places.items() if p.kind == HEX
           and p.props.get("terrain") == VIRTUAL
           and any(board.places[n].kind == HEX and terrain(board, n) != VIRTUAL
                   for n in adjacent[h])]
    kept[""] = out
    return frozenset(out)


def names(state: AwState, places: Iterable[str]) -> list[str]:
    """How the rules' words name places: a hex that a named one-hex region holds (a shore,
    an island) or that holds a port, by that name too — "Copenhagen (hex 0604)"."""
    board = state.board
    single = _kept(board).setdefault("__single__", {})
    if "" not in single:
        single[""] = [f"{r.places[0]}\t{r.name}" for r in board.regions.values()
                      if len(r.places) == 1 and r.name != r.id]
    named = dict(line.split("\t", 1) for line in single[""])
    ports = port_hexes(state)
    out = []
    for p in places:
        ref = str(board.ref(p))
        if p in ports:
            port = ports[p][0]
            ref = f"{board.places[port].name if port in board.places else port} ({ref})"
        elif p in named:
            ref = f"{named[p]} ({ref})"
        out.append(ref)
    return out


def water_place(state: AwState, place: str) -> bool:
    """A place ships may be in: a port, a box, a water hex or a coastal hex."""
    return is_port(state, place) or is_box(state.board, place) \
        or terrain(state.board, place) in WATER
