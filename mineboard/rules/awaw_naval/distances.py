"""What bases asks of movement by water: the legality of a base change's route and the
distance by water between two bases (movement.py owns both: ``movement.route`` and
``movement.water_distance``).

Until movement's functions exist this module answers with a plain stand-in — hexes entered
over water, the first not counted (AW-77), box links at their cost, a river or land hexside
never crossed — so bases can be written and tested meanwhile; once movement has them they
are used and the stand-in is never reached.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass

from mineboard.maps.model import BOX_LINK, HEX
from mineboard.rules.awaw_naval import movement
from mineboard.rules.awaw_naval.data import Figures
from mineboard.rules.awaw_naval.state import AwState

ENTERED = ("sea", "virtual", "coast")


@dataclass(frozen=True, slots=True)
class Leg:
    """A route's verdict as bases needs it: legal, its length, or why not and the clause."""

    legal: bool
    length: int | None
    reason: str = ""
    clause: str = ""


def _place_of(state: AwState, base: str) -> str:
    """A port counter has no place on the map: its hex stands for it."""
    built = state.built_ports.get(base)
    return built.hex if built is not None else base


def theatre_figures(state: AwState, start: str, goal: str | None) -> Figures:
    """The theatre's figures for a move from ``start`` to ``goal`` (AW-222)."""
    figures_for = getattr(movement, "figures_for", None)
    if figures_for is not None:
        result: Figures = figures_for(state, start, goal)
        return result
    theatre = str(state.board.meta.get("theatre", "europe"))
    return state.figures(theatre)


def _stand_in_distance(state: AwState, start: str, goal: str) -> int | None:
    board = state.board
    start, goal = _place_of(state, start), _place_of(state, goal)

    def cost_into(a: str, b: str) -> int | None:
        way = board.adjacent[a][b]
        place = board.places[b]
        if way.kind == BOX_LINK:
            link = board.places[b if place.kind == "box" else a].props.get("link_cost", 0)
            return int(link) if place.kind == "box" else 1
        if place.kind == HEX:
            if place.props.get("terrain") not in ENTERED:
                return None
            if set(way.props.get("features", ())) & {"river", "land"}:
                return None
            return 1
        return 0  # a berth: a port to its hex

    best = {start: 0}
    queue = [(0, start)]
    while queue:
        dist, here = heapq.heappop(queue)
        if here == goal:
            # AW-77: the first hex (the port's own) is not counted.
            return dist
        if dist > best.get(here, dist):
            continue
        for there in board.adjacent.get(here, {}):
            step = cost_into(here, there)
            if step is None:
                continue
            total = dist + step
            if total < best.get(there, total + 1):
                best[there] = total
                heapq.heappush(queue, (total, there))
    return None


def water_distance(state: AwState, nation: str, start: str, goal: str) -> int | None:
    """Hexes by water from base ``start`` to base ``goal``, a box's offset included
    (AW-76, AW-226); None if no water route joins them."""
    real = getattr(movement, "water_distance", None)
    if real is not None:
        result: int | None = real(state, nation, start, goal)
        return result
    return _stand_in_distance(state, start, goal)


def base_change_leg(state: AwState, nation: str, start: str, goal: str,
                    activity: str = "base_change") -> Leg:
    """Whether ships of ``nation`` may base-change (or be displaced, ``activity``
    "displacement") from ``start`` to ``goal`` by the rules of movement (range AW-49/AW-81,
    straits, canals, boxes AW-41/AW-50). Port counters are passed by their ids."""
    route = getattr(movement, "route", None)
    if route is not None:
        report = route(state, nation, start, goal, activity)
        return _leg_of(report)
    length = _stand_in_distance(state, start, goal)
    figures = theatre_figures(state, start, goal)
    if length is None:
        return Leg(False, None, "no water route joins them", "AW-49")
    if length > figures.range:
        return Leg(False, length, f"it is {length} hexes by water; a base change reaches "
                                  f"{figures.range} in {figures.name}", "AW-49")
    return Leg(True, length)


def _leg_of(report: object) -> Leg:
    """Movement's RouteReport (core/routes.py) as a Leg: its cost, its stop and why."""
    legal = bool(getattr(report, "legal", False))
    length = getattr(report, "cost", None)
    stop = getattr(report, "stop", None)
    reason = str(getattr(stop, "reason", "")) if stop is not None else ""
    clause = str(getattr(stop, "clause", "")) if stop is not None else ""
    return Leg(legal, None if length is None else int(length), reason, clause)
