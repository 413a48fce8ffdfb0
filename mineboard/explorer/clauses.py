"""The clause catalogues: each clause's title, the rule in the project's words, the project's
decisions where the seed is silent, and where the engine enforces it.

A catalogue is ``assets/rules/<ruleset>/clauses.toml``, written by hand; a clause with an
empty text still counts (``explain --list`` shows which are written). Where a clause is
enforced is not written down but read from the rules' source — every refusal and event
names its clause id in a string — so it cannot go stale. This module imports no ruleset:
``mineboard explain`` answers in well under 300 ms.
"""

from __future__ import annotations

import ast
import difflib
import re
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Annotated

from mineboard.core.errors import BadInput
from mineboard.core.schema import Length, from_json
from mineboard.resources import assets_dir, read_bytes

CLAUSE_ID = re.compile(r"\b([A-Z]{2})-(\d{2,3})\b")


@dataclass(frozen=True, slots=True)
class Clause:
    id: Annotated[str, Length(4, 8)]
    section: Annotated[str, Length(0, 200)]
    title: Annotated[str, Length(0, 200)]
    text: Annotated[str, Length(0, 4000)]
    decisions: tuple[Annotated[str, Length(1, 4000)], ...] = ()
    ruleset: str = ""

    @property
    def written(self) -> bool:
        return bool(self.title and self.text.strip())

    def heading(self) -> str:
        return f"{self.id} {self.title}" if self.title else self.id


@dataclass(frozen=True, slots=True)
class Catalogue:
    ruleset: Annotated[str, Length(1, 64)]
    prefix: Annotated[str, Length(2, 2)]
    title: Annotated[str, Length(0, 200)]
    clauses: tuple[Clause, ...]

    def validate(self) -> None:
        seen: set[str] = set()
        for clause in self.clauses:
            if not clause.id.startswith(self.prefix + "-") or not CLAUSE_ID.fullmatch(clause.id):
                raise ValueError(f"clause id {clause.id!r} is not {self.prefix}-<number>")
            if clause.id in seen:
                raise ValueError(f"clause {clause.id} is listed twice")
            seen.add(clause.id)

    def get(self, clause_id: str) -> Clause | None:
        return next((c for c in self.clauses if c.id == clause_id), None)


def catalogue_path(ruleset_id: str) -> Path:
    return assets_dir() / "rules" / ruleset_id / "clauses.toml"


def catalogue_paths() -> list[Path]:
    return sorted((assets_dir() / "rules").glob("*/clauses.toml"))


@cache
def catalogue(ruleset_id: str) -> Catalogue:
    return read_catalogue(catalogue_path(ruleset_id))


def catalogues() -> dict[str, Catalogue]:
    """Every ruleset's catalogue by ruleset id, read from the bundled assets."""
    return {path.parent.name: catalogue(path.parent.name) for path in catalogue_paths()}


PREFIX_LINE = re.compile(rb'^prefix\s*=\s*"([A-Z]{2})"', re.MULTILINE)


@cache
def ruleset_of_prefix(prefix: str) -> str | None:
    """The ruleset whose clause ids begin ``prefix``, found by the ``prefix = "NL"`` line of
    each catalogue rather than by parsing all five: one clause needs only its own
    catalogue read (the whole of them is most of ``explain``'s time). The catalogue read
    afterwards checks the line against the rest of the file."""
    for path in catalogue_paths():
        m = PREFIX_LINE.search(read_bytes(path))
        if m is not None and m.group(1).decode() == prefix:
            return path.parent.name
    return None


def read_catalogue(path: Path) -> Catalogue:
    """A catalogue file, or one line naming the file and what is wrong in it."""
    try:
        data = tomllib.loads(read_bytes(path).decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise BadInput(str(path), f"not a TOML catalogue ({exc})") from None
    catalogue = from_json(Catalogue, data, str(path))
    if catalogue.ruleset != path.parent.name:
        raise BadInput(str(path), f"'ruleset' is {catalogue.ruleset!r}, but the file is in "
                                  f"the folder of {path.parent.name!r}")
    clauses = tuple(Clause(c.id, c.section, c.title, c.text.strip(), c.decisions,
                           catalogue.ruleset) for c in catalogue.clauses)
    return Catalogue(catalogue.ruleset, catalogue.prefix, catalogue.title, clauses)


def all_clauses() -> dict[str, Clause]:
    return {c.id: c for cat in catalogues().values() for c in cat.clauses}


def normalise(text: str) -> str:
    """``gt-7``, ``GT07`` and ``GT-07`` all name GT-07."""
    m = re.fullmatch(r"\s*([A-Za-z]{2})\s*-?\s*(\d{1,3})\s*", text)
    if not m:
        return text.strip().upper()
    return f"{m.group(1).upper()}-{int(m.group(2)):02d}"


class UnknownClause(BadInput):
    """No clause has that id; the message names the nearest ones."""


def find_clause(text: str, where: str = "clause") -> Clause:
    """The clause ``text`` names, in any case; or one line naming the nearest ids."""
    clause_id = normalise(text)
    ruleset_id = ruleset_of_prefix(clause_id[:2])
    found = catalogue(ruleset_id).get(clause_id) if ruleset_id is not None else None
    if found is not None:
        return found
    clauses = all_clauses()
    near = nearest(clause_id, list(clauses))
    hint = (f"; nearest: {', '.join(near)}" if near else
            f"; clause ids look like {', '.join(['NL-15', 'GT-07', 'IM-18'])}")
    raise UnknownClause(where, f"no clause {text.strip()[:20]!r}{hint}")


def nearest(clause_id: str, known: list[str]) -> list[str]:
    """The ids closest to ``clause_id``: same prefix and nearest number first."""
    m = CLAUSE_ID.fullmatch(clause_id)
    if m:
        same = [k for k in known if k.startswith(m.group(1) + "-")]
        if same:
            number = int(m.group(2))
            return sorted(same, key=lambda k: (abs(int(k[3:]) - number), k))[:3]
    return difflib.get_close_matches(clause_id, known, n=3, cutoff=0.3)


@dataclass(frozen=True, slots=True)
class Site:
    """A place in the rules' source that names a clause: where it is enforced or applied."""

    module: str
    function: str
    line: int

    def __str__(self) -> str:
        return f"{self.module}:{self.function}"


def package_folder(ruleset_id: str) -> Path:
    return Path(__file__).resolve().parent.parent / "rules" / ruleset_id.replace("-", "_")


NOT_ENFORCING = ("conformance.py", "threat.py", "advice.py", "opponent.py")
"""Files beside a ruleset's rules that name clauses without enforcing them: the tests'
conformance kit (its scripted games name clauses they show), and what serves the player —
the threat map, the advisor and the solo opponent state their models and policies with the
clauses they rest on."""


def enforced_at(clause: Clause) -> list[Site]:
    """The functions of the clause's ruleset whose strings name the clause: its refusals,
    its events, its dice. Only the files that mention the id are parsed, and only the parts
    of them around it are walked, so ``explain`` stays quick."""
    sites: list[Site] = []
    root = Path(__file__).resolve().parent.parent.parent
    for path in sorted(package_folder(clause.ruleset).glob("*.py")):
        if path.name in NOT_ENFORCING:
            continue
        source = path.read_text(encoding="utf-8")
        if clause.id not in source:
            continue
        module = ".".join(path.relative_to(root).with_suffix("").parts)
        for function, line in _named_in(source, clause.id):
            if not any(s.function == function and s.module == module for s in sites):
                sites.append(Site(module, function, line))
    return sites


def _named_in(source: str, clause_id: str) -> list[tuple[str, int]]:
    """(enclosing function, line) of each string naming ``clause_id``; a method is named
    with its class, a nested function by the function it is in. Docstrings and ``Doc``
    help texts explain a clause; they are not where it is enforced."""
    lines = {i + 1 for i, text in enumerate(source.splitlines()) if clause_id in text}
    pattern = re.compile(rf"\b{re.escape(clause_id)}\b")
    out: list[tuple[str, int]] = []

    def near(node: ast.AST) -> bool:
        start = getattr(node, "lineno", None)
        end = getattr(node, "end_lineno", None)
        return start is None or end is None or any(start <= n <= end for n in lines)

    def visit(node: ast.AST, scope: str, in_class: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if not near(child):
                continue
            if isinstance(child, ast.ClassDef):
                visit(child, child.name, True)
            elif isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                visit(child, f"{scope}.{child.name}" if in_class else scope or child.name,
                      False)
            elif _explains(child):
                continue
            elif isinstance(child, ast.Constant) and isinstance(child.value, str):
                if pattern.search(child.value):
                    out.append((scope or "<module>", child.lineno))
            else:
                visit(child, scope, in_class)

    visit(ast.parse(source), "", False)
    return out


def _explains(node: ast.AST) -> bool:
    """A docstring, or a ``Doc(...)`` help text."""
    if isinstance(node, ast.Expr):
        return isinstance(node.value, ast.Constant)
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            and node.func.id == "Doc")
