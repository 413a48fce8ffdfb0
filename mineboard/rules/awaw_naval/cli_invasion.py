"""``mineboard check awaw-naval bombard …`` and ``… invade …``: shore bombardment's and an
invasion's arithmetic, each step printed with its clause (bombardment.py, invasion.py,
invasion_orders.py), for a scenario's starting state.

Exit 0: legal; 1: refused (the clause and why on the last line); 2: bad input, one line
naming the field.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import replace
from fractions import Fraction
from typing import Any

from mineboard.core.errors import BadInput, IllegalAction
from mineboard.rules.awaw_naval.bombardment import Line, Refused


def _pairs(text: str, field: str) -> list[tuple[str, int]]:
    """``A:3,B:2`` → [(A, 3), (B, 2)]; anything else is bad input naming ``field``."""
    out = []
    for part in (p.strip() for p in text.split(",") if p.strip()):
        name, sep, number = part.rpartition(":")
        if not sep or not name or not number.isdigit() or int(number) < 1:
            raise BadInput(field, f"{part!r} is not NAME:FACTORS with FACTORS 1 or more")
        out.append((name, int(number)))
    return out


def _ship(state: Any, ident: str, field: str) -> Any:
    ship = state.ships.get(ident)
    if ship is None or ship.eliminated:
        raise BadInput(field, f"there is no ship {ident!r} in the scenario")
    return ship


def _print(lines: list[Line], verdict: str, as_json: bool, data: dict[str, Any]) -> None:
    if as_json:
        print(json.dumps({**data, "lines": [{"clause": x.clause, "text": x.text}
                                            for x in lines], "verdict": verdict},
                         ensure_ascii=False))
        return
    for line in lines:
        print(f"{line.clause}: {line.text}")
    print(verdict)


class BombardCheck:
    help = ("shore bombardment's arithmetic: combat factors, Naval Nationality DRM caps, "
            "remnants, and losses on the bombarding fleet, each step with its clause")

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("scenario", help="a bundled scenario name or a scenario file "
                                             "(awaw-naval)")
        parser.add_argument("--ground", type=int, required=True,
                            help="ground factors in the invasion attack (AW-154)")
        parser.add_argument("--ships", default="",
                            help="bombarding ships of the scenario, comma-separated ids")
        parser.add_argument("--group", action="append", default=[], metavar="NATION:FACTORS",
                            help="bombarding factors of a nation (its DRM from nations.json);"
                                 " repeatable")
        parser.add_argument("--support", type=int, default=0,
                            help="combat factors of air/CVE ground support (AW-162)")
        parser.add_argument("--support-remnant", type=int, default=0, choices=(0, 1, 2),
                            help="the naval-air ground support remnant in thirds (AW-162)")
        parser.add_argument("--losses", default="", metavar="SHIP:N,…",
                            help="loss factors put on bombarding ships (AW-163…AW-167)")
        parser.add_argument("--json", action="store_true", help="print JSON")

    def run(self, args: argparse.Namespace) -> int:
        from mineboard.rules.awaw_naval import bombardment, invasion_orders

        state = args.state
        if args.ground < 1:
            raise BadInput("--ground", "at least 1 ground factor attacks")
        if args.support < 0:
            raise BadInput("--support", "not negative")
        ids = [i.strip() for i in args.ships.split(",") if i.strip()]
        ships = [_ship(state, i, "--ships") for i in ids]
        if len(set(ids)) < len(ids):
            raise BadInput("--ships", "a ship is named twice")
        groups = invasion_orders.groups_of(state, ids)
        for text in args.group:
            for nation, factors in _pairs(text, "--group"):
                if nation not in state.data.nations:
                    raise BadInput("--group", f"{nation!r} is not in nations.json")
                groups.append(bombardment.Group(nation, state.nation(nation).naval_drm,
                                                factors))
        if not groups:
            raise BadInput("--ships", "name the bombarding ships or --group NATION:FACTORS")
        allot = bombardment.allot(groups, args.ground)
        lines = list(allot.lines)
        added = allot.total
        data: dict[str, Any] = {"ground": args.ground, "computed": allot.total}
        if args.support_remnant:
            combined = bombardment.combine_remnants(allot, args.support,
                                                    Fraction(args.support_remnant, 3))
            lines += combined.lines
            added += combined.extra
        data["added"] = added
        verdict = "legal"
        code = 0
        if args.losses:
            pairs = _pairs(args.losses, "--losses")
            for ident, _ in pairs:
                if ident not in ids:
                    raise BadInput("--losses", f"{ident!r} is not among --ships")
            fleet = [self_bombarder(state, s) for s in ships]
            try:
                outcome = bombardment.check_fleet_losses(
                    fleet, [bombardment.ShipLoss(i, n) for i, n in pairs], added)
                lines += outcome.lines
                after = bombardment.next_round(fleet, outcome)
                lines += after.lines
                data["next_round"] = after.left
            except Refused as exc:
                verdict, code = f"refused — {exc.clause}: {exc.reason}", 1
        _print(lines, verdict, args.json, data)
        return code


def self_bombarder(state: Any, ship: Any) -> Any:
    from mineboard.rules.awaw_naval import bombardment

    kind = state.ship_type(ship)
    tag = bombardment.DESTROYER if kind.destroyer else bombardment.CRUISER if kind.cruiser \
        else bombardment.HEAVY if kind.heavy else bombardment.OTHER
    return bombardment.Bombarder(ship.id, tag, ship.factors, False, ship.damaged)


class InvadeCheck:
    help = ("a seaborne invasion's checks: embarkation, range, destroyers, target hex, "
            "enemy ships, each step with its clause")

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("scenario", help="a bundled scenario name or a scenario file "
                                             "(awaw-naval)")
        parser.add_argument("--ships", required=True,
                            help="the carrying destroyers (and transports), comma-separated")
        parser.add_argument("--target", required=True, help="the invasion hex")
        parser.add_argument("--unit", action="append", required=True,
                            metavar="ID:FACTORS:BEGAN_AT[:KIND][:held]",
                            help="an embarked ground unit; repeatable")
        parser.add_argument("--via", default="", help="hexes the route passes, in order")
        parser.add_argument("--occupied", action="store_true",
                            help="an enemy ground unit occupies the hex")
        parser.add_argument("--commando-port", action="store_true",
                            help="a commando invades a port by its ability")
        parser.add_argument("--ctl", type=int, default=0, help="the Western Allied CTL")
        parser.add_argument("--json", action="store_true", help="print JSON")

    def run(self, args: argparse.Namespace) -> int:
        from mineboard.rules.awaw_naval import invasion_orders
        from mineboard.rules.awaw_naval.state import COMBAT

        state = args.state
        troops = tuple(_unit(text) for text in args.unit)
        ships = tuple(i.strip() for i in args.ships.split(",") if i.strip())
        for ident in ships:
            _ship(state, ident, "--ships")
        if args.target not in state.board.places:
            raise BadInput("--target", f"{args.target!r} is not a hex of map {state.board.id}")
        side = state.side_of_nation(state.ships[ships[0]].nation)
        if state.phase != COMBAT or state.phasing != side:
            step = next(i for i, s in enumerate(state.sequence.cycle)
                        if s.phase == COMBAT and s.actor == side)
            state = replace(state, position=step)
        action = invasion_orders.Invade(
            ships, args.target, troops,
            via=tuple(h.strip() for h in args.via.split(",") if h.strip()),
            occupied=args.occupied, commando_port=args.commando_port,
            western_allied_ctl=args.ctl)
        lines: list[Line] = []
        try:
            invasion_orders.invade_lines(state, action, lines)
            verdict, code = "legal", 0
        except IllegalAction as exc:
            verdict, code = f"refused — {exc.clause}: {exc.reason}", 1
        _print(lines, verdict, args.json, {"target": args.target, "legal": code == 0})
        return code


def _unit(text: str) -> Any:
    from mineboard.rules.awaw_naval.invasion_orders import InvaderSpec

    parts = text.split(":")
    kinds = ("infantry", "armor", "marine", "commando", "airborne", "air")
    if len(parts) < 3 or not parts[1].isdigit() or int(parts[1]) < 1:
        raise BadInput("--unit", f"{text!r} is not ID:FACTORS:BEGAN_AT[:KIND][:held]")
    kind = parts[3] if len(parts) > 3 and parts[3] else "infantry"
    if kind not in kinds:
        raise BadInput("--unit", f"{kind!r} is not one of {', '.join(kinds)}")
    held = len(parts) > 4 and parts[4] == "held"
    return InvaderSpec(parts[0], int(parts[1]), parts[2], attacks=not held,
                       kind=kind)  # type: ignore[arg-type]


def invasion_checks() -> dict[str, Any]:
    """The checks this module adds to cli_checks.CHECKS."""
    return {"bombard": BombardCheck(), "invade": InvadeCheck()}
