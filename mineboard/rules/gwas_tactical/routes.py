"""The route under the pointer for gwas-tactical: the move a click there would plan (the
shortest way hex by hex, as ``planning.intent`` finds it), its length, and where it stops
being legal — past the slowest picked ship's speed, or at its first hex for any other
refusal the check gives (a ship that has moved this impulse, a move outside the battle)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from mineboard.core.actions import Action
from mineboard.core.errors import IllegalAction
from mineboard.core.places import PlaceRef
from mineboard.core.planning import Selection
from mineboard.core.routes import RouteReport, RouteStop
from mineboard.maps.model import HEXSIDE
from mineboard.maps.paths import Limit, MoveCosts, RouteRules, route_finder
from mineboard.rules.common.checks import TURN
from mineboard.rules.gwas_tactical import planning
from mineboard.rules.gwas_tactical.actions import MoveShips
from mineboard.rules.gwas_tactical.state import GtState

COSTS = MoveCosts.of({}, fixed={HEXSIDE: 1})
"""A hex an impulse, whatever the hex: ships' moves here know no terrain."""


def route_report(view: GtState, selection: Selection, at: PlaceRef,
                 check: Callable[[GtState, Action], None]) -> RouteReport | None:
    action = planning.intent(view, selection, at.kind, at.id)
    if not isinstance(action, MoveShips):
        return None
    ships = [view.ships[s] for s in action.ships if s in view.ships]
    if not ships:
        return None
    speed = min(view.ship_type(s).speed for s in ships)
    rules = RouteRules(allowance=Limit(speed, TURN))
    report = route_finder(view.board, COSTS, rules, action.path[0]).judge(list(action.path),
                                                                          at.id)
    try:  # what else the check says, on the part the speed allows
        check(view, MoveShips(action.ships, action.path[:speed + 1]))
    except IllegalAction as exc:
        return replace(report, stop=RouteStop(1, exc.clause, exc.reason))
    return report
