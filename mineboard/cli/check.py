"""``mineboard check RULESET CHECK …``: ask a ruleset one question about a position without
playing it — is this route legal for this activity, how long is it, where does it touch a
port (``mineboard check RULESET route SCENARIO --activity base_change --from orme --to
tarn``).

Each ruleset offers its own table of checks: a module ``cli_checks`` beside its
``ruleset`` module, with ``CHECKS``, a mapping of names to objects that have ``help`` (a
line), ``add_arguments(parser)`` and ``run(args) -> int``. A check with a positional
``scenario`` argument finds the scenario's starting state in ``args.state`` (loaded here: the
rules never read files). The parser imports only the named ruleset's table, and only when
the command is ``check`` (no ruleset, map library or Qt otherwise). Exit 0: the check passed
(a legal route); 1: it failed (refused, with the clause); 2: bad input, one line naming the
field.
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from mineboard.cli.common import Commands, Parser


class SubCheck(Protocol):
    """One check a ruleset offers on the command line."""

    help: str

    def add_arguments(self, parser: argparse.ArgumentParser) -> None: ...

    def run(self, args: argparse.Namespace) -> int: ...


def add_parser(commands: Commands, argv: Sequence[str]) -> None:
    check = commands.add_parser("check", help="ask a ruleset whether something is legal "
                                              "(a route, …) without playing it")
    rulesets = check.add_subparsers(dest="ruleset", metavar="RULESET", parser_class=Parser,
                                    required=True, help="the rule system to ask (RULESET "
                                                        "--help: its checks)")
    for ruleset_id, table in _tables(argv):
        each = rulesets.add_parser(ruleset_id, help=f"checks of {ruleset_id}")
        checks = each.add_subparsers(dest="check", metavar="CHECK", parser_class=Parser,
                                     required=True, help="what to check")
        for name, sub in table.items():
            parser = checks.add_parser(name, help=sub.help, description=sub.help)
            sub.add_arguments(parser)
            parser.set_defaults(execute=_runner(ruleset_id, sub))


def _runner(ruleset_id: str, sub: SubCheck) -> Any:
    """The check, with its scenario's starting state loaded first (``args.state``)."""
    def execute(args: argparse.Namespace) -> int:
        if getattr(args, "scenario", None) is not None:
            from mineboard.core.errors import BadInput
            from mineboard.persistence.scenario import load_scenario
            from mineboard.resources import resolve_scenario

            scenario = load_scenario(resolve_scenario(args.scenario))
            if scenario.ruleset.id != ruleset_id:
                raise BadInput("scenario", f"{args.scenario} is a {scenario.ruleset.id} "
                                           f"scenario, not {ruleset_id}")
            args.state = scenario.ruleset.new_state(scenario.data, scenario.board,
                                                    scenario.where)
        return sub.run(args)
    return execute


def checks_of(ruleset_id: str) -> Mapping[str, SubCheck]:
    """The ruleset's table of checks (empty: it offers none)."""
    from mineboard.core.registry import provided

    package = provided(ruleset_id).rules.partition(":")[0].rpartition(".")[0]
    try:
        module = importlib.import_module(f"{package}.cli_checks")
    except ModuleNotFoundError as exc:
        if exc.name != f"{package}.cli_checks":
            raise
        return {}
    table: Mapping[str, SubCheck] = module.CHECKS
    return table


def _tables(argv: Sequence[str]) -> list[tuple[str, Mapping[str, Any]]]:
    """The tables the parser needs: none for another command, the named ruleset's when it
    is known, else every ruleset's (for help and the error that lists them)."""
    args = [a for a in argv if not a.startswith("-")]
    if args[:1] != ["check"]:
        return []
    import mineboard.rules  # noqa: F401  (names the rulesets)
    from mineboard.core.registry import ruleset_ids

    ids = ruleset_ids()
    wanted = [args[1]] if len(args) > 1 and args[1] in ids else ids
    return [(rid, table) for rid in wanted if (table := checks_of(rid))]
