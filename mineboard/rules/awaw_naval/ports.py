"""Ports, port counters and boxes as bases: what each holds, how much it may hold, who
holds it (AW-01, AW-02, AW-06, AW-07, AW-08, AW-246).

A printed port's capacity is the map's (``capacity``: 50, or 100 for a two-port hex, which
stays one port, AW-02); a port counter's is ports.json's; a box has none (AW-07). With the
AW-246 option off a counter may stand beside a printed port: the two are one port of their
summed capacity, as a two-port hex is. Damaged ships waiting for repair are not counted
(AW-06).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Annotated, Literal

from mineboard.core.places import PlaceRef
from mineboard.core.schema import Doc, Length, Range
from mineboard.maps.model import BOX, PORT
from mineboard.rules.awaw_naval.data import RULESET_ID
from mineboard.rules.awaw_naval.state import WAITING_FOR_REPAIR, AwState, Ship
from mineboard.rules.common.tables import read_rule_table


@dataclass(frozen=True, slots=True)
class PortRules:
    schema: Literal[1]
    port_counter_capacity: Annotated[int, Range(1, 999), Doc("AW-01")]
    builders: Annotated[tuple[str, ...], Length(0, 20), Doc("who may build (AW-09)")]
    first_year: Annotated[int, Range(1939, 1946), Doc("AW-09")]
    per_turn: Annotated[int, Range(0, 9), Doc("AW-09")]
    per_year: Annotated[int, Range(0, 9), Doc("AW-09")]
    island_kind: Annotated[str, Doc("the island a port may be built on (AW-10)")]
    barred_groups: Annotated[tuple[str, ...], Doc("island groups where none may (AW-10)")]
    box_side: Annotated[Literal["Axis", "Allies"], Doc("the side the boxes belong to")]
    not_displaced_into: Annotated[tuple[str, ...], Doc("boxes no ship is displaced to "
                                                       "(AW-60)")] = ()
    about: str = ""


@cache
def port_rules() -> PortRules:
    return read_rule_table(PortRules, RULESET_ID, "ports.json")


def is_box(state: AwState, base: str) -> bool:
    return state.is_box(base)


@dataclass(frozen=True, slots=True)
class MapBases:
    """A map's printed ports and boxes, read once (a map never changes in a game)."""

    ports: tuple[str, ...]
    boxes: tuple[str, ...]
    port_at: dict[str, str]
    """Hex → the printed port in it."""


_MAP_BASES: dict[tuple[str, str, int], MapBases] = {}


def map_bases(state: AwState) -> MapBases:
    board = state.board
    key = (board.id, board.content_hash, len(board.places))
    found = _MAP_BASES.get(key)
    if found is None:
        printed = tuple(p.id for p in board.places.values() if p.kind == PORT)
        boxes = tuple(p.id for p in board.places.values() if p.kind == BOX)
        port_at = {str(board.places[p].props.get("hex")): p for p in printed}
        found = _MAP_BASES[key] = MapBases(printed, boxes, port_at)
    return found


def is_port(state: AwState, base: str) -> bool:
    if base in state.built_ports:
        return True
    place = state.board.places.get(base)
    return place is not None and place.kind == PORT


def all_bases(state: AwState) -> list[str]:
    """Every place a ship may be based: printed ports, boxes, port counters."""
    known = map_bases(state)
    return [*known.ports, *known.boxes, *state.built_ports]


def all_ports(state: AwState) -> list[str]:
    return [*map_bases(state).ports, *state.built_ports]


def name(state: AwState, base: str) -> str:
    if base in state.built_ports:
        return f"the port counter in {state.board.ref(state.built_ports[base].hex)}"
    return str(state.board.ref(base))


def ref(state: AwState, base: str) -> PlaceRef:
    """Where a base is drawn: a port counter at its hex."""
    built = state.built_ports.get(base)
    return state.board.ref(built.hex if built is not None else base)


def group(state: AwState, base: str) -> list[str]:
    """The bases that are one port with ``base``: itself, and a printed port and a counter
    sharing its hex (AW-02, AW-246), the printed port first."""
    hex_id = state.port_hex(base)
    if hex_id is None:
        return [base]
    printed = map_bases(state).port_at.get(hex_id)
    out = [printed] if printed is not None else []
    return out + [b for b, p in state.built_ports.items() if p.hex == hex_id]


def capacity(state: AwState, base: str) -> int | None:
    """The factors ``base`` may hold; None: any number (a box, AW-07)."""
    if is_box(state, base):
        return None
    total = 0
    for b in group(state, base):
        if b in state.built_ports:
            total += port_rules().port_counter_capacity
        else:
            total += int(state.board.places[b].props.get("capacity", 0))
    return total


def counted(ship: Ship) -> bool:
    """Whether a ship counts against its port's capacity (AW-06: not while waiting for
    repair)."""
    return not ship.eliminated and ship.row != WAITING_FOR_REPAIR


def ships_in(state: AwState, base: str) -> list[Ship]:
    """The ships based in ``base`` and in the bases that are one port with it."""
    where = set(group(state, base))
    return [s for s in state.ships.values() if s.base in where and not s.eliminated]


def load(state: AwState, base: str) -> int:
    """Factors counted against ``base``'s capacity (AW-01, AW-06)."""
    return sum(s.factors for s in ships_in(state, base) if counted(s))


def room(state: AwState, base: str) -> int | None:
    """Factors ``base`` may still take; None: any number."""
    cap = capacity(state, base)
    return None if cap is None else cap - load(state, base)


def over(state: AwState, base: str) -> int:
    """Factors above capacity (0 when within it)."""
    free = room(state, base)
    return 0 if free is None else max(0, -free)


def holder(state: AwState, base: str) -> str:
    """The power holding a port's hex now, or the side a box belongs to."""
    hex_id = state.port_hex(base)
    if hex_id is None:
        return port_rules().box_side
    return state.controller(hex_id)


def held_by(state: AwState, base: str, side: str, moment: str | None = None) -> bool:
    """Whether ``side`` holds ``base`` (now, or at ``moment``, AW-245); boxes are always
    their side's."""
    hex_id = state.port_hex(base)
    if hex_id is None:
        return is_box(state, base) and port_rules().box_side == side
    return state.friendly(hex_id, side, moment)


def side_of(state: AwState, ship: Ship) -> str:
    return state.side_of_nation(ship.nation)
