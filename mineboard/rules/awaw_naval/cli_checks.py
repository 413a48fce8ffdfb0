"""awaw-naval's checks on the command line (``mineboard check awaw-naval CHECK …``, see
mineboard/cli/check.py): ``route`` — a naval activity's route from a port, its length, its
port touches, legal or where it stops and by which clause; and part 2's, each in its own
module: ``transport`` and ``escort`` (sealift_checks.py), ``bombard`` and ``invade``
(cli_invasion.py), ``harbor`` (harbor_cli.py).

Exit 0: legal; 1: refused (the clause and why on the last line); 2: bad input, one line
naming the field (an unknown port, a route through land or between hexes that are not
neighbours, an activity not on the Naval Activities Table).
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from mineboard.core.errors import BadInput
from mineboard.rules.awaw_naval import sealift_checks
from mineboard.rules.awaw_naval.cli_invasion import invasion_checks
from mineboard.rules.awaw_naval.harbor_cli import HarborCheck


class RouteCheck:
    help = ("a naval activity's route from a port: length, port touches, legal or where it "
            "stops and by which clause")

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("scenario", help="a bundled scenario name or a scenario file "
                                             "(awaw-naval)")
        parser.add_argument("--activity", required=True,
                            help="a key of activities.json (base_change, patrol, "
                                 "naval_redeployment, interception …) or displacement")
        parser.add_argument("--from", dest="start", required=True, metavar="PORT",
                            help="where the force is based: a port, a box, a port counter "
                                 "or an island hex (id or name)")
        goal = parser.add_mutually_exclusive_group(required=True)
        goal.add_argument("--to", metavar="PLACE", help="where the route ends: the "
                                                        "cheapest legal route is found")
        goal.add_argument("--route", metavar="H1,H2,…",
                          help="the route, hex by hex from the first hex entered: it is "
                               "judged as traced")
        parser.add_argument("--nation", help="whose ships (default: the nation of the "
                                             "ships based there, else its holder)")
        parser.add_argument("--strike", action="store_true",
                            help="Japan's opening strike on Pearl Harbor (AW-88)")
        parser.add_argument("--json", action="store_true", help="print JSON")

    def run(self, args: argparse.Namespace) -> int:
        """The route judged on ``args.state``, the scenario's starting state (loaded by the
        command line: mineboard/cli/check.py)."""
        from mineboard.rules.awaw_naval import movement

        state = args.state
        start = place_named(state, args.start, "--from")
        nation = nation_of(state, start, args.nation)
        if args.route is not None:
            hexes = [h.strip() for h in args.route.split(",") if h.strip()]
            if not hexes:
                raise BadInput("--route", "names no hex")
            traced = [h if movement.beyond_north(state, h)
                      else place_named(state, h, "--route") for h in hexes]
            check_traced(state, start, traced)
            goal, via = traced[-1], traced[:-1]
        else:
            goal, via = place_named(state, args.to, "--to"), []
        report = movement.route(state, nation, start, goal, args.activity, via=via,
                                strike=args.strike)
        if args.json:
            print(json.dumps(as_json(report, nation, args.activity), ensure_ascii=False))
        else:
            print(f"{nation}, {args.activity}: {report.text()}")
            stop = report.stop
            print("legal" if stop is None else f"refused — {stop.clause}: {stop.reason}")
        return 0 if report.legal else 1


def place_named(state: Any, text: str, field: str) -> str:
    """A place by id (a port, a box, a port counter, a hex) or a port's or box's name."""
    if text in state.board.places or text in state.built_ports:
        return text
    wanted = text.strip().lower()
    for place in state.board.places.values():
        if place.kind in ("port", "box") and place.name.lower() == wanted:
            return str(place.id)
    raise BadInput(field, f"{text!r} is not a port, box or hex of map {state.board.id}")


def nation_of(state: Any, start: str, asked: str | None) -> str:
    if asked is not None:
        if asked not in state.nations:
            raise BadInput("--nation", f"{asked!r} is not a power in this scenario "
                                       f"({', '.join(state.nations)})")
        return asked
    based = [s.nation for s in state.ships.values() if s.base == start and not s.eliminated]
    if based:
        return str(based[0])
    from mineboard.rules.awaw_naval import water

    holder = state.controller(water.hex_of(state, start))
    if holder in state.nations:
        return str(holder)
    raise BadInput("--nation", f"no ships are based at {state.board.ref(start)} and no "
                               "power holds it: say whose ships sail")


def check_traced(state: Any, start: str, hexes: list[str]) -> None:
    """A traced route goes hex to neighbouring hex through water: anything else is bad
    input, not a refusal (a river or a closed strait is the rules' refusal)."""
    from mineboard.rules.awaw_naval import movement, water

    board = state.board
    here = water.where(state, start)
    for i, there in enumerate(hexes):
        if movement.beyond_north(state, there):
            return  # the rules refuse it (AW-46)
        spot = water.where(state, there)
        joined = board.way_between(here, spot) is not None or spot == here or (
            i == 0 and board.way_between(water.hex_of(state, here), spot) is not None)
        if not joined:
            raise BadInput("--route", f"{board.ref(spot)} is not next to {board.ref(here)}")
        way = board.way_between(here, spot)
        features = way.props.get("features", []) if way is not None else []
        if not water.water_place(state, spot) or "land" in features:
            raise BadInput("--route", f"{board.ref(spot)} is reached only over land: a "
                                      "route goes by water")
        here = spot


def as_json(report: Any, nation: str, activity: str) -> dict[str, Any]:
    stop = report.stop
    return {"nation": nation, "activity": activity, "legal": report.legal,
            "length": report.cost, "allowance": report.allowance,
            "places": list(report.places), "names": list(report.names),
            "costs": list(report.costs),
            "touches": [{"at": report.places[i], "name": report.names[i],
                         "hexes": report.costs[i]} for i in report.touches],
            "stop": None if stop is None else {
                "index": stop.index, "clause": stop.clause, "reason": stop.reason,
                "at": report.places[stop.index] if stop.index < len(report.places)
                else report.goal},
            "text": report.text()}


CHECKS = {"route": RouteCheck(), **sealift_checks.checks(place_named), **invasion_checks(),
          "harbor": HarborCheck(place_named)}
