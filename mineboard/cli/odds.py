"""``mineboard odds RULESET …``: the exact odds of a mine resolution, each ruleset with the
options of its own odds query.

The parser loads only what it needs: no odds query for another command, only the named
ruleset's when it is known (one small module, not the ruleset with its map libraries), and
every one only for help and for the error that lists them."""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from typing import Any

from mineboard.cli.common import Commands, Parser, whole


def add_parser(commands: Commands, argv: Sequence[str]) -> None:
    odds = commands.add_parser("odds", help="exact odds of a mine resolution")
    odds.set_defaults(execute=execute)
    rulesets = odds.add_subparsers(dest="ruleset", metavar="RULESET", parser_class=Parser,
                                   required=True, help="the rule system whose odds to work "
                                                       "out (RULESET --help: its options)")
    for ruleset_id, query in _odds_queries(argv):
        _add_query_options(rulesets.add_parser(ruleset_id, help=_first_line(query.__doc__)),
                           query)


def _odds_queries(argv: Sequence[str]) -> list[tuple[str, type]]:
    """The odds queries the parser needs (see the module's docstring)."""
    import mineboard.rules  # noqa: F401  (names the rulesets)
    from mineboard.core.registry import odds_query, ruleset_ids

    args = [a for a in argv if not a.startswith("-")]
    if args[:1] != ["odds"]:
        return []  # another command: the odds options are never read
    ids = ruleset_ids()
    named = args[1] if len(args) > 1 and args[1] in ids else None
    if named is not None and odds_query(named) is not None:
        return [(named, odds_query(named))]  # type: ignore[list-item]
    # every ruleset with odds: a name without any (a ruleset that rolls no dice) is then
    # refused with the list of those that have them
    return [(rid, query) for rid in ids if (query := odds_query(rid)) is not None]


def _first_line(doc: str | None) -> str:
    return (doc or "").strip().splitlines()[0].split(": ", 1)[-1] if doc else ""


def _add_query_options(parser: argparse.ArgumentParser, query: type) -> None:
    """One option per field of the ruleset's odds query, typed from its hint."""
    import typing

    from mineboard.core.schema import Range, json_fields

    positional = getattr(query, "positional", ())
    for f in json_fields(query):
        annotated = typing.get_origin(f.hint) is typing.Annotated
        base = typing.get_args(f.hint)[0] if annotated else f.hint
        if f.name in positional:  # a word after the ruleset id: "odds <ruleset> raider"
            parser.add_argument(f.name, choices=typing.get_args(base) or None, help=f.doc)
            continue
        limits = next((m for m in getattr(f.hint, "__metadata__", ()) if isinstance(m, Range)),
                      Range(0, 100_000))
        flag = "--" + f.key.replace("_", "-")
        if base is bool:
            parser.add_argument(flag, dest=f.name, action="store_true", help=f.doc)
        else:
            parser.add_argument(flag, dest=f.name, type=whole(limits) if base is int else str,
                                required=f.required, help=f.doc,
                                **({} if f.required else {"default": _default_of(query, f.name)}))
    parser.add_argument("--json", action="store_true", help="print JSON, odds as fractions")


def _default_of(query: type, name: str) -> Any:
    import dataclasses

    field = next(f for f in dataclasses.fields(query) if f.name == name)
    return field.default


def execute(args: argparse.Namespace) -> int:
    import dataclasses

    from mineboard.core.registry import odds_query

    query_type = odds_query(args.ruleset)
    assert query_type is not None  # only rulesets with one get an odds subcommand
    fields = dataclasses.fields(query_type)  # type: ignore[arg-type]
    preview = query_type(**{f.name: getattr(args, f.name) for f in fields}).preview()
    if args.json:
        print(json.dumps({"ruleset": args.ruleset, **preview.data}))
        return 0
    print(preview.title)
    print(f"  {preview.axis}:")
    width = max((len(label) for label, _p in preview.outcomes), default=0)
    for label, p in preview.outcomes:
        print(f"    {label:<{width}} {float(p):8.5f}  {'█' * round(float(p) * 40)}  {p}")
    print(f"  {preview.summary}")
    return 0
