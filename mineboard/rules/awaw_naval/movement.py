"""(to be written: see parts.py)"""

from __future__ import annotations

from mineboard.core.places import PlaceRef
from mineboard.core.planning import Selection
from mineboard.core.routes import RouteReport
from mineboard.rules.awaw_naval.parts import Part
from mineboard.rules.awaw_naval.state import AwState


def route_report(view: AwState, selection: Selection, at: PlaceRef) -> RouteReport | None:
    return None

PART = Part()
