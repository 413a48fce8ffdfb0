"""What employment asks of movement by water: whether a force may sail a route for an
activity (AW-79 interception reach, AW-82 mission range), how far a return base lies from the
activity's hex (AW-72), and the theatre's figures (AW-222).

movement.py owns all of it (``movement.route``, ``movement.water_distance``,
``movement.figures_for``); until those exist, this module answers with a plain stand-in —
hexes entered over water, the first not counted (AW-77), box links at their cost, river and
land hexsides never crossed, the theatre's range for the activity — so employment can be
written and tested meanwhile. Once movement has them they are used and the stand-in is
never reached.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from typing import Any

from mineboard.maps.model import BOX_LINK, HEX
from mineboard.rules.awaw_naval import movement
from mineboard.rules.awaw_naval.data import Figures
from mineboard.rules.awaw_naval.state import AwState

ENTERED = ("sea", "virtual", "coast")
INTERCEPTION = "interception"


@dataclass(frozen=True, slots=True)
class Leg:
    """A route's verdict: legal or not, its length, the places sailed, and why not."""

    legal: bool
    length: int | None
    places: tuple[str, ...] = ()
    reason: str = ""
    clause: str = ""


def place_of(state: AwState, base: str) -> str:
    """A port counter has no place of its own on the map: its hex stands for it (in the
    stand-in only: movement takes port-counter ids as they are)."""
    if getattr(movement, "route", None) is not None:
        return base
    built = state.built_ports.get(base)
    return built.hex if built is not None else base


def figures(state: AwState, start: str, goal: str | None) -> Figures:
    """The theatre's figures for a move from ``start`` to ``goal`` (AW-222)."""
    real = getattr(movement, "figures_for", None)
    if real is not None:
        found: Figures = real(state, place_of(state, start),
                              None if goal is None else place_of(state, goal))
        return found
    return state.figures(str(state.board.meta.get("theatre", "europe")))


def _search(state: AwState, start: str) -> tuple[dict[str, int], dict[str, str]]:
    board = state.board
    best = {start: 0}
    parent: dict[str, str] = {}
    queue = [(0, start)]
    while queue:
        dist, here = heapq.heappop(queue)
        if dist > best.get(here, dist):
            continue
        for there, way in board.adjacent.get(here, {}).items():
            place = board.places[there]
            if way.kind == BOX_LINK:
                box = there if place.kind == "box" else here
                step = int(board.places[box].props.get("link_cost", 0)) \
                    if place.kind == "box" else 1
            elif place.kind == HEX:
                if place.props.get("terrain") not in ENTERED \
                        or set(way.props.get("features", ())) & {"river", "land"}:
                    continue
                step = 1
            else:
                step = 0  # a berth: from a port to its own hex, not counted (AW-77)
            total = dist + step
            if total < best.get(there, total + 1):
                best[there] = total
                parent[there] = here
                heapq.heappush(queue, (total, there))
    return best, parent


def _stand_in(state: AwState, start: str, goal: str) -> tuple[int | None, tuple[str, ...]]:
    best, parent = _search(state, start)
    if goal not in best:
        return None, ()
    path = [goal]
    while path[-1] != start:
        path.append(parent[path[-1]])
    return best[goal], tuple(reversed(path))


def distance(state: AwState, nation: str, start: str, goal: str) -> int | None:
    """Hexes by water from ``start`` to ``goal`` (AW-76), no range limit; None: no route."""
    real = getattr(movement, "water_distance", None)
    a, b = place_of(state, start), place_of(state, goal)
    if real is not None:
        found: int | None = real(state, nation, a, b)
        return found
    return _stand_in(state, a, b)[0]


def _limit(state: AwState, activity: str, fig: Figures) -> tuple[int | None, str]:
    if activity == INTERCEPTION or activity == "counter_interception":
        return fig.intercept, "AW-79"
    entry = state.data.activities.get(activity)
    if entry is not None and entry.offensive:
        return fig.range, "AW-82"
    return None, ""


def real_route() -> Any:
    return getattr(movement, "route", None)


def leg(state: AwState, nation: str, start: str, goal: str, activity: str, *,
        via: tuple[str, ...] = (), strike: bool = False) -> Leg:
    """Whether ``nation``'s ships may sail from ``start`` to ``goal`` (through ``via``, in
    order) for ``activity`` — the whole route judged at once by movement."""
    a, b = place_of(state, start), place_of(state, goal)
    real = real_route()
    if real is not None:
        return _leg_of(real(state, nation, a, b, activity, via=via, strike=strike))
    length, places = _stand_in(state, a, b)
    if length is None:
        return Leg(False, None, (), f"no water route joins {state.board.ref(a)} and "
                                    f"{state.board.ref(b)}", "AW-76")
    fig = figures(state, start, goal)
    limit, clause = _limit(state, activity, fig)
    if limit is not None and length > limit:
        return Leg(False, length, places, f"{state.board.ref(b)} is {length} hexes away by "
                                          f"water; it reaches {limit} in {fig.name}", clause)
    return Leg(True, length, places)


def _leg_of(report: Any) -> Leg:
    """Movement's RouteReport (core/routes.py) as a Leg."""
    stop = report.stop
    places = tuple(report.places)
    length = int(report.cost) if places else None
    if stop is not None and stop.index >= len(places):
        length = None
    return Leg(stop is None, length, places, "" if stop is None else str(stop.reason),
               "" if stop is None else str(stop.clause))


# ---- fronts (bases' fronts.py; a stand-in until it is on the branch) ------------------------
def _fronts_module() -> Any:
    import importlib

    try:
        return importlib.import_module("mineboard.rules.awaw_naval.fronts")
    except ImportError:
        return None


def front_of_hex(state: AwState, hex_id: str) -> str | None:
    """The front of a sea or coastal hex (AW-244)."""
    real = _fronts_module()
    if real is not None:
        found: str | None = real.front_of_hex(state, hex_id)
        return found
    for region in state.board.regions.values():
        if region.props.get("front") and hex_id in region.places:
            return str(region.props["front"])
    return None


def fronts_of(state: AwState, base: str) -> tuple[str, ...]:
    """The fronts a base is on: both of a two-front port's (AW-16), else its water's."""
    real = _fronts_module()
    if real is not None:
        found: tuple[str, ...] = real.fronts_of(state, base)
        return found
    place = state.board.places.get(base)
    named = place.props.get("fronts") if place is not None else None
    if named:
        return tuple(str(f) for f in named)
    hex_id = state.port_hex(base)
    front = front_of_hex(state, hex_id) if hex_id is not None else None
    return (front,) if front else ()


def route_front(state: AwState, base: str, hexes: tuple[str, ...]) -> str | None:
    """The front a two-front base lies on for an activity sailing ``hexes`` (AW-16)."""
    real = _fronts_module()
    if real is not None:
        found: str | None = real.route_front(state, base, hexes)
        return found
    fronts = fronts_of(state, base)
    if len(fronts) <= 1:
        return fronts[0] if fronts else None
    own = state.port_hex(base)
    for hex_id in hexes:
        front = front_of_hex(state, hex_id) if hex_id != own else None
        if front in fronts:
            return front
    return None
