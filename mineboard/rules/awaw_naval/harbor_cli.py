"""``mineboard check awaw-naval harbor SCENARIO …``: a harbor attack judged on a scenario's
starting state, step by step with its clause — the timing (AW-136), research or Germany's
free attack (AW-137), the target and the modifiers with codebreaking and counter-intelligence
(AW-138), the kinds of the Harbor Attack Table (AW-248). The table's result is read outside
these rules; the check ends with the net modifier to read it with.

Exit 0: the attack may be declared; 1: refused (the clause on the last line); 2: bad input.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import Any

from mineboard.core.errors import IllegalAction


class HarborCheck:
    help = ("a harbor attack's steps on a scenario: timing, research or the free attack, the "
            "modifiers and the net one to read the Harbor Attack Table with")

    def __init__(self, place_named: Callable[[Any, str, str], str]) -> None:
        self.place_named = place_named
        """(state, text, the option) → a place id: cli_checks.py's, handed in."""

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("scenario", help="a bundled scenario name or a scenario file")
        parser.add_argument("--nation", required=True, help="the attacking power")
        parser.add_argument("--target", required=True, metavar="PORT",
                            help="the enemy port attacked (id or name)")
        parser.add_argument("--attack", required=True, help="a kind of harbor_attacks.json")
        parser.add_argument("--research", action="store_true",
                            help="the attacker has the harbor-attack research result")
        for side in ("attacker", "defender"):
            parser.add_argument(f"--{side}", type=int, default=0,
                                help=f"the {side}'s modifiers")
            parser.add_argument(f"--{side}-codebreaking", type=int, default=0,
                                choices=(-1, 0, 1), help="a tactical card's advantage")
        parser.add_argument("--counter-intelligence", type=int, default=0,
                            help="the defender's counter-intelligence result")
        parser.add_argument("--json", action="store_true", help="print JSON")

    def run(self, args: argparse.Namespace) -> int:
        from mineboard.rules.awaw_naval import harbor
        from mineboard.rules.awaw_naval.patrol_log import log_of

        state = args.state
        target = self.place_named(state, args.target, "--target")
        if args.research:
            log_of(state).harbor_research.add(args.nation)
        steps: list[dict[str, Any]] = []
        action = harbor.HarborAttack(args.nation, target, args.attack, args.attacker,
                                     args.attacker_codebreaking)
        try:
            harbor.check_attack(state, action)
        except IllegalAction as exc:
            return _print(args, steps, exc)
        free = args.nation not in log_of(state).harbor_research
        steps.append({"clause": "AW-136", "text": f"{state.phase} phase, no patrol under way"})
        steps.append({"clause": "AW-137", "text": "free initial attack" if free
                      else "research result"})
        attacker = args.attacker + args.attacker_codebreaking
        defender = args.defender + args.defender_codebreaking
        net = attacker - defender - args.counter_intelligence
        steps.append({"clause": "AW-138", "text": f"attacker {args.attacker:+d}, codebreaking "
                      f"{args.attacker_codebreaking:+d}; defender {args.defender:+d}, "
                      f"codebreaking {args.defender_codebreaking:+d}, counter-intelligence "
                      f"{args.counter_intelligence:+d}: net {net:+d}"})
        steps.append({"clause": "AW-248", "text": f"read the Harbor Attack Table "
                      f"({args.attack}) at {net:+d}; the result is entered"})
        return _print(args, steps, None, net)


def _print(args: argparse.Namespace, steps: list[dict[str, Any]],
           refusal: IllegalAction | None, net: int | None = None) -> int:
    if args.json:
        print(json.dumps({"legal": refusal is None, "net": net, "steps": steps,
                          "refused": None if refusal is None else
                          {"clause": refusal.clause, "reason": refusal.reason}}))
    else:
        for step in steps:
            print(f"{step['clause']}: {step['text']}")
        print("legal" if refusal is None else f"refused — {refusal.clause}: {refusal.reason}")
    return 0 if refusal is None else 1
