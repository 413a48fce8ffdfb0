"""awaw-naval's sealift checks on the command line (cli_checks.py lists them):

- ``transport`` — what a sea transport of so many factors from one place to another needs:
  the link it uses (AW-123), destroyer factors (AW-124), SW-box transports (AW-125, AW-238);
  given what is at hand (``--destroyers``, ``--sw-transports``), legal or refused;
- ``escort`` — a sea escort over chained legs (AW-208…AW-211, AW-233, WE-09): each leg's
  need, legal or refused with the clause.

Exit 0: legal; 1: refused (the clause and why on the last line); 2: bad input, one line
naming the field. ``--json`` prints the same as one JSON object.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import Any

from mineboard.core.errors import BadInput, IllegalAction

Named = Callable[[Any, str, str], str]
"""(state, text, the option) → a place id: cli_checks.py's ``place_named``, handed in."""


def _verdict(lines: list[str], refusal: IllegalAction | None, as_json: bool,
             data: dict[str, Any]) -> int:
    if as_json:
        print(json.dumps({**data, "steps": lines, "legal": refusal is None,
                          "refused": None if refusal is None else
                          {"clause": refusal.clause, "reason": refusal.reason}},
                         ensure_ascii=False))
    else:
        for line in lines:
            print(line)
        print("legal" if refusal is None else f"refused — {refusal.clause}: {refusal.reason}")
    return 0 if refusal is None else 1


class TransportCheck:
    def __init__(self, named: Named) -> None:
        self.named = named

    help = ("a sea transport's arithmetic: its box link, destroyer factors and SW-box "
            "transports, each with its clause")

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("scenario", help="a bundled scenario name or a scenario file "
                                             "(awaw-naval)")
        parser.add_argument("--factors", type=int, required=True,
                            help="ground or air factors carried")
        parser.add_argument("--from", dest="start", required=True, metavar="PLACE",
                            help="the embarkation base: a port, a box or an island hex")
        parser.add_argument("--to", required=True, metavar="PLACE",
                            help="the debarkation base")
        parser.add_argument("--destroyers", type=int, metavar="N",
                            help="destroyer factors at hand (AW-124)")
        parser.add_argument("--sw-transports", type=int, metavar="N",
                            help="transports the SW box commits (AW-125)")
        parser.add_argument("--json", action="store_true", help="print JSON")

    def run(self, args: argparse.Namespace) -> int:
        from mineboard.rules.awaw_naval import sealift, transport

        state = args.state
        if args.factors < 1:
            raise BadInput("--factors", "must be 1 or more")
        start = self.named(state, args.start, "--from")
        goal = self.named(state, args.to, "--to")
        lines: list[str] = []
        refusal = None
        need = None
        try:
            need = transport.need(args.factors, sealift.where(state, start),
                                  sealift.where(state, goal))
            lines = need.lines()
            if args.destroyers is not None and args.destroyers < need.destroyers:
                raise IllegalAction(f"{args.destroyers} destroyer factors at hand, "
                                    f"{need.destroyers} needed", "AW-124")
            if args.sw_transports is not None and args.sw_transports < need.transports:
                raise IllegalAction(f"{args.sw_transports} SW-box transports at hand, "
                                    f"{need.transports} needed", "AW-125")
        except IllegalAction as why:
            refusal = why
        return _verdict(lines, refusal, args.json,
                        {"factors": args.factors, "from": start, "to": goal,
                         "destroyers": None if need is None else need.destroyers,
                         "transports": None if need is None else need.transports})


def parse_leg(state: Any, text: str, named: Named) -> tuple[str, str, int, str]:
    """``PLACE:destroyers:FACTORS[:BASE]`` or ``PLACE:transports:N`` → (place, by, n, base)."""
    parts = text.split(":")
    if len(parts) not in (3, 4) or parts[1] not in ("destroyers", "transports"):
        raise BadInput("--leg", f"{text!r} is not PLACE:destroyers:FACTORS[:BASE] or "
                                "PLACE:transports:N")
    if not parts[2].isdigit():
        raise BadInput("--leg", f"{parts[2]!r} in {text!r} is not a number")
    base = named(state, parts[3], "--leg") if len(parts) == 4 else ""
    return named(state, parts[0], "--leg"), parts[1], int(parts[2]), base


class EscortCheck:
    def __init__(self, named: Named) -> None:
        self.named = named

    help = ("a sea escort over chained legs: each leg's destroyers or transports, with "
            "their clauses (AW-208…AW-211, AW-233)")

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("scenario", help="a bundled scenario name or a scenario file "
                                             "(awaw-naval)")
        parser.add_argument("--nation", required=True, help="the power that ships it")
        parser.add_argument("--from", dest="start", required=True, metavar="PLACE",
                            help="the embarkation point")
        parser.add_argument("--leg", action="append", required=True,
                            metavar="PLACE:BY:N[:BASE]",
                            help="a leg, in order: its end, 'destroyers' with the factors "
                                 "(and where they are based) or 'transports' with how many")
        parser.add_argument("--factors", type=int, default=0, help="ground or air factors")
        parser.add_argument("--oil", type=int, default=0, help="oil counters")
        parser.add_argument("--brp", type=int, default=0, help="BRPs granted")
        parser.add_argument("--json", action="store_true", help="print JSON")

    def run(self, args: argparse.Namespace) -> int:
        from mineboard.rules.awaw_naval import escort, sealift

        state = args.state
        if args.nation not in state.data.nations:
            raise BadInput("--nation", f"{args.nation!r} is not a power "
                                       f"({', '.join(state.data.nations)})")
        if min(args.factors, args.oil, args.brp) < 0 or not (args.factors or args.oil
                                                             or args.brp):
            raise BadInput("--factors", "say what is escorted: --factors, --oil or --brp")
        here = self.named(state, args.start, "--from")
        legs = []
        for text in args.leg:
            to, by, n, base = parse_leg(state, text, self.named)
            legs.append(escort.Leg(sealift.where(state, here), sealift.where(state, to), by,
                                   n if by == escort.DESTROYERS else 0, base,
                                   n if by == escort.TRANSPORTS else 0))
            here = to
        cargo = escort.Cargo(args.nation, args.factors, args.oil, args.brp)
        lines: list[str] = []
        refusal = None
        try:
            plan = escort.plan(cargo, legs)
            lines = plan.lines()
        except IllegalAction as why:
            refusal = why
        return _verdict(lines, refusal, args.json,
                        {"nation": args.nation, "cargo": cargo.text(),
                         "legs": len(legs)})


def checks(named: Named) -> dict[str, Any]:
    """The sealift checks, reading places with ``named``."""
    return {"escort": EscortCheck(named), "transport": TransportCheck(named)}
