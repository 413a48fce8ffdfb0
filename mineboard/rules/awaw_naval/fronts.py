"""Fronts at sea (AW-11…AW-16, AW-244): a port and the ships in it are on the front of the
water its hex borders, whatever front its land lies on; a two-front port is on both, and
for an interception on the one its activity's route passes.

The map gives every sea and coastal hex a front (regions with ``front``, AW-244). A port's
front is read from the water next to its hex — the hexes ships sail through to reach it —
so a port whose land hex lies in another front's region still takes its water's front
(AW-11, WE-01); where that water is on two fronts the port's own hex decides, unless the map
names both (``fronts``: a two-front port, AW-12, AW-14, AW-15).
"""

from __future__ import annotations

from collections.abc import Sequence

from mineboard.maps.model import BoardMap
from mineboard.rules.awaw_naval.state import AwState

WATER = ("sea", "virtual")
"""Hex terrain that is all water: a port's front is the front of these next to it."""


_TABLES: dict[tuple[str, str, int], dict[str, str]] = {}
"""Each map's place → front, read once (a map never changes during a game)."""


def _front_table(board: BoardMap) -> dict[str, str]:
    key = (board.id, board.content_hash, len(board.regions))
    if key in _TABLES:
        return _TABLES[key]
    out: dict[str, str] = {}
    for region in board.regions.values():
        front = region.props.get("front")
        if front:
            for place in region.places:
                out.setdefault(place, str(front))
    _TABLES[key] = out
    return out


def _fronts_by_place(state: AwState) -> dict[str, str]:
    return _front_table(state.board)


def front_of_hex(state: AwState, hex_id: str) -> str | None:
    """The front of a sea or coastal hex as the map gives it (AW-244)."""
    return _fronts_by_place(state).get(hex_id)


def _barred(state: AwState, a: str, b: str) -> bool:
    way = state.board.adjacent.get(a, {}).get(b)
    features = way.props.get("features", ()) if way is not None else ()
    return "river" in features or "land" in features


def water_fronts(state: AwState, hex_id: str) -> list[str]:
    """The fronts of the all-water hexes next to ``hex_id`` (its water, AW-11)."""
    out: list[str] = []
    for other in state.board.adjacent.get(hex_id, {}):
        place = state.board.places.get(other)
        if place is None or place.kind != "hex" or place.props.get("terrain") not in WATER:
            continue
        if _barred(state, hex_id, other):
            continue
        front = front_of_hex(state, other)
        if front is not None and front not in out:
            out.append(front)
    return out


_BASE_FRONTS: dict[tuple[str, str, str], tuple[str, ...]] = {}
"""A printed port's or a box's fronts, read once per map (a port counter's are read each
time: it is not on the map)."""


def fronts_of(state: AwState, base: str) -> tuple[str, ...]:
    """The fronts a base is on: both of a two-front port's (AW-12, AW-14, AW-15), else the
    front of the water its hex borders (AW-11); a box's ``front`` if the map gives one."""
    if base in state.built_ports:
        return _fronts_of(state, base)
    key = (state.board.id, state.board.content_hash, base)
    found = _BASE_FRONTS.get(key)
    if found is None:
        found = _BASE_FRONTS[key] = _fronts_of(state, base)
    return found


def _fronts_of(state: AwState, base: str) -> tuple[str, ...]:
    place = state.board.places.get(base)
    named = place.props.get("fronts") if place is not None else None
    if named:
        return tuple(str(f) for f in named)
    hex_id = state.port_hex(base)
    if hex_id is None:
        front = place.props.get("front") if place is not None else None
        return (str(front),) if front else ()
    water = water_fronts(state, hex_id)
    own = front_of_hex(state, hex_id)
    if len(water) == 1:
        return (water[0],)
    if own is not None:
        return (own,)
    return tuple(water)


def front_of(state: AwState, place: str) -> str | None:
    """The one front of a hex, or of a base on one front; None for a two-front port (ask
    ``route_front``) or a place on none."""
    if place in state.board.places and state.board.places[place].kind == "hex":
        return front_of_hex(state, place)
    fronts = fronts_of(state, place)
    return fronts[0] if len(fronts) == 1 else None


def is_two_front(state: AwState, base: str) -> bool:
    return len(fronts_of(state, base)) > 1


def route_front(state: AwState, base: str, hexes: Sequence[str]) -> str | None:
    """The front a base lies on for an activity to or from it along ``hexes`` (AW-16): a
    two-front port is on the front of the first hex of the route outside it that lies on
    one of its fronts; a one-front base is on its front."""
    fronts = fronts_of(state, base)
    if len(fronts) <= 1:
        return fronts[0] if fronts else None
    own = state.port_hex(base)
    for hex_id in hexes:
        if hex_id == own:
            continue
        front = front_of_hex(state, hex_id)
        if front in fronts:
            return front
    return None


def may_intercept(state: AwState, interceptor_base: str, front: str | None) -> bool:
    """Whether ships based at ``interceptor_base`` are on ``front``, the front an
    activity passes (AW-16, WE-02): a two-front base is on both."""
    return front is not None and front in fronts_of(state, interceptor_base)


def charged_front(state: AwState, target: str, acting_front: str) -> str:
    """The front an invasion of, or a sea transport to, ``target`` is charged to (AW-14):
    a two-front port the map marks ``charge_front`` (Gibraltar: the Mediterranean) is
    charged there whichever of its fronts the force comes from; otherwise the acting
    front. The BRPs themselves are the economy's, outside these rules."""
    place = state.board.places.get(target)
    charged = place.props.get("charge_front") if place is not None else None
    if charged and acting_front in fronts_of(state, target):
        return str(charged)
    return acting_front
