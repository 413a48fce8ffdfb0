"""What employment asks of movement by water and of the fronts, in one place: whether a force
may sail a route for an activity (AW-79 interception reach, AW-82 mission range, straits and
boxes), how far a return base lies from the activity (AW-72), the theatre's figures
(AW-222), and the front a base or a route lies on (AW-16).

movement.py owns the routes (``movement.route``, ``water_distance``, ``figures_for``) and
fronts.py the fronts (``fronts_of``, ``route_front``, ``front_of_hex``, AW-11); this module
only turns their answers into what employment's checks read.
"""

from __future__ import annotations

from dataclasses import dataclass

from mineboard.core.routes import RouteReport
from mineboard.rules.awaw_naval import fronts, movement
from mineboard.rules.awaw_naval.data import Figures
from mineboard.rules.awaw_naval.state import AwState

INTERCEPTION = "interception"


@dataclass(frozen=True, slots=True)
class Leg:
    """A route's verdict: legal or not, its length, the places sailed, and why not."""

    legal: bool
    length: int | None
    places: tuple[str, ...] = ()
    reason: str = ""
    clause: str = ""


def figures(state: AwState, start: str, goal: str | None) -> Figures:
    """The theatre's figures for a move from ``start`` to ``goal`` (AW-222)."""
    return movement.figures_for(state, start, goal)


def distance(state: AwState, nation: str, start: str, goal: str) -> int | None:
    """Hexes by water from ``start`` to ``goal`` (AW-76), no range limit; None: no route."""
    return movement.water_distance(state, nation, start, goal)


def leg(state: AwState, nation: str, start: str, goal: str, activity: str, *,
        via: tuple[str, ...] = (), strike: bool = False) -> Leg:
    """Whether ``nation``'s ships may sail from ``start`` to ``goal`` (through ``via``, in
    order) for ``activity`` — the whole route judged at once by movement."""
    return _leg_of(movement.route(state, nation, start, goal, activity, via=via,
                                  strike=strike))


def _leg_of(report: RouteReport) -> Leg:
    stop = report.stop
    places = tuple(report.places)
    length: int | None = int(report.cost) if places else None
    if stop is not None and stop.index >= len(places):
        length = None
    return Leg(stop is None, length, places, "" if stop is None else stop.reason,
               "" if stop is None else stop.clause)


def front_of_hex(state: AwState, hex_id: str) -> str | None:
    """The front of a sea or coastal hex (AW-244)."""
    return fronts.front_of_hex(state, hex_id)


def fronts_of(state: AwState, base: str) -> tuple[str, ...]:
    """The fronts a base is on: both of a two-front port's (AW-16), else its water's (AW-11)."""
    return fronts.fronts_of(state, base)


def route_front(state: AwState, base: str, hexes: tuple[str, ...]) -> str | None:
    """The front a two-front base lies on for an activity sailing ``hexes`` (AW-16)."""
    return fronts.route_front(state, base, hexes)
