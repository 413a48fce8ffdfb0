"""Which demo boards exist and which clauses each shows, read without loading a ruleset or a
map: ``mineboard explain`` lists a clause's demos in a few milliseconds."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from mineboard.core.errors import MineboardError
from mineboard.explorer.clauses import catalogue_paths, ruleset_of_prefix
from mineboard.resources import assets_dir, read_json


@dataclass(frozen=True, slots=True)
class DemoEntry:
    """A demo file as the index knows it: enough to list it, not yet checked."""

    name: str
    path: Path
    clause: str
    also: tuple[str, ...]
    title: str

    @property
    def clauses(self) -> tuple[str, ...]:
        return (self.clause, *self.also)


def demos_dir(ruleset_id: str) -> Path:
    return assets_dir() / "rules" / ruleset_id / "demos"


def clause_of_name(path: Path) -> str:
    """The clause a demo file's name begins with (``nl-15-ten-mines.json`` → NL-15)."""
    m = re.match(r"([a-z]{2})-(\d{2,3})(?:-|$)", path.stem)
    return f"{m.group(1).upper()}-{m.group(2)}" if m else ""


def demo_index() -> tuple[DemoEntry, ...]:
    """Every bundled demo, by ruleset then name. A file too broken to read is still listed
    (under the clause its name gives), so its test fails rather than vanishing."""
    return tuple(e for path in catalogue_paths() for e in demos_in(path.parent.name))


@cache
def demos_in(ruleset_id: str) -> tuple[DemoEntry, ...]:
    """One ruleset's demos: a clause's demos are all in its own ruleset's folder, and
    ``explain`` reads only those."""
    entries = []
    for path in sorted(demos_dir(ruleset_id).glob("*.json")):
        try:
            data, _ = read_json(path)
        except MineboardError:
            data = {}
        if not isinstance(data, dict):
            data = {}
        also = data.get("also", [])
        title = data.get("title", "")
        entries.append(DemoEntry(
            path.stem, path, clause_of_name(path),
            tuple(a for a in also if isinstance(a, str)) if isinstance(also, list) else (),
            title if isinstance(title, str) else ""))
    return tuple(entries)


def demos_of(clause_id: str) -> list[DemoEntry]:
    """The demos of a clause: those it leads, then those that show it on the way."""
    ruleset_id = ruleset_of_prefix(clause_id[:2])
    entries = demos_in(ruleset_id) if ruleset_id is not None else ()
    own = [e for e in entries if e.clause == clause_id]
    return own + [e for e in entries if e.clause != clause_id and clause_id in e.also]
