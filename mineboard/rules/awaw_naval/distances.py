"""What bases asks of movement by water (movement.py owns the answers): the legality and
length of a base change's or a displacement's route — range by theatre (AW-222), straits,
canals, boxes — as a small verdict (:class:`Leg`) the bases modules read.
Port counters are passed by their ids; movement knows their hexes.
"""

from __future__ import annotations

from dataclasses import dataclass

from mineboard.core.routes import RouteReport
from mineboard.rules.awaw_naval import movement
from mineboard.rules.awaw_naval.state import AwState


@dataclass(frozen=True, slots=True)
class Leg:
    """A route's verdict as bases needs it: legal, its length, or why not and the clause."""

    legal: bool
    length: int | None
    reason: str = ""
    clause: str = ""


def base_change_leg(state: AwState, nation: str, start: str, goal: str,
                    activity: str = "base_change") -> Leg:
    """Whether ships of ``nation`` may base-change (or be displaced, ``activity``
    "displacement") from ``start`` to ``goal`` by the rules of movement (range AW-49/AW-81,
    straits, canals, boxes AW-41/AW-50)."""
    return leg_of(movement.route(state, nation, start, goal, activity))


def leg_of(report: RouteReport) -> Leg:
    stop = report.stop
    return Leg(report.legal, report.cost, stop.reason if stop else "",
               stop.clause if stop else "")
