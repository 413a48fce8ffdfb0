"""``mineboard explain CLAUSE``: a clause in the project's words, its decisions, where the
engine enforces it and its demo boards; ``--list RULESET`` lists every clause. Imports no
ruleset and no map, so it answers at once."""

from __future__ import annotations

import argparse
import json
import textwrap
from collections.abc import Sequence
from typing import Any

from mineboard.cli.common import EXIT_BAD_INPUT, Commands


def add_parser(commands: Commands, argv: Sequence[str]) -> None:
    explain = commands.add_parser("explain", help="explain a rule clause (NL-15, gt-07, …)")
    explain.set_defaults(execute=execute)
    explain.add_argument("clause", nargs="?", help="a clause id, in any case: NL-15, gt-07")
    explain.add_argument("--list", metavar="RULESET", default=None,
                         help="list every clause of a ruleset, with whether each has a "
                              "text and a demo")
    explain.add_argument("--json", action="store_true", help="print JSON")


def execute(args: argparse.Namespace) -> int:
    from mineboard.core.errors import BadInput

    if (args.clause is None) == (args.list is None):
        raise BadInput("explain", "give one clause id (mineboard explain NL-15) or --list "
                                  "RULESET")
    if args.list is not None:
        return _list(args.list, args.json)
    return _explain(args.clause, args.json)


def clause_json(clause: Any) -> dict[str, Any]:
    from mineboard.explorer.clauses import enforced_at
    from mineboard.explorer.index import demos_of

    return {"id": clause.id, "ruleset": clause.ruleset, "section": clause.section,
            "title": clause.title, "text": clause.text, "decisions": list(clause.decisions),
            "enforced_in": [{"module": s.module, "function": s.function, "line": s.line}
                            for s in enforced_at(clause)],
            "demos": [{"name": d.name, "title": d.title, "leads": d.clause == clause.id}
                      for d in demos_of(clause.id)]}


def _explain(text: str, as_json: bool) -> int:
    from mineboard.explorer.clauses import UnknownClause, find_clause

    try:
        clause = find_clause(text, "explain")
    except UnknownClause as exc:
        import sys

        print(f"mineboard: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    info = clause_json(clause)
    if as_json:
        print(json.dumps(info, indent=1, ensure_ascii=False))
        return 0
    print(f"{clause.id} — {clause.title or '(no title yet)'}")
    print(f"{clause.ruleset}: {clause.section}")
    print()
    print(_wrap(clause.text) if clause.text else "  (not written yet)")
    if clause.decisions:
        print("\nThe project's decisions, where the seed is silent:")
        for decision in clause.decisions:
            print(_wrap(decision, "  - ", "    "))
    print("\nEnforced in:")
    for site in info["enforced_in"] or [{"module": "(nowhere in the rules' code names it)",
                                          "function": "", "line": 0}]:
        where = f"{site['module']}:{site['function']}" if site["function"] else site["module"]
        print(f"  {where}")
    print("\nDemo boards (mineboard demo " + clause.id + "):")
    for demo in info["demos"] or [{"name": "(none yet)", "title": "", "leads": True}]:
        also = "" if demo["leads"] else "  (shows it on the way)"
        print(f"  {demo['name']}" + (f" — {demo['title']}" if demo["title"] else "") + also)
    return 0


def _list(ruleset_id: str, as_json: bool) -> int:
    from mineboard.core.errors import BadInput
    from mineboard.explorer.clauses import catalogues
    from mineboard.explorer.index import demos_of

    found = catalogues()
    if ruleset_id not in found:
        raise BadInput("--list", f"no ruleset {ruleset_id!r} has clauses (known: "
                                 f"{', '.join(found)})")
    rows = [{"id": c.id, "title": c.title, "text": c.written,
             "demos": len(demos_of(c.id))} for c in found[ruleset_id].clauses]
    if as_json:
        print(json.dumps({"ruleset": ruleset_id, "clauses": rows}, indent=1,
                         ensure_ascii=False))
        return 0
    print(f"{'clause':<8} {'text':<5} {'demos':<6} title")
    for row in rows:
        print(f"{row['id']:<8} {'yes' if row['text'] else 'no':<5} {row['demos']:<6} "
              f"{row['title']}")
    return 0


def _wrap(text: str, first: str = "  ", rest: str = "  ") -> str:
    paragraphs = [p for p in text.split("\n\n") if p.strip()]
    return "\n\n".join(textwrap.fill(" ".join(p.split()), 88, initial_indent=first,
                                     subsequent_indent=rest) for p in paragraphs)
