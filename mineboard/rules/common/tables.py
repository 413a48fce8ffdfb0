"""Reading a rule table (a JSON data file a player may edit) into its dataclass.

Tables are facts from the rule texts — costs, dice, bands — kept out of code so a player can
match their edition. Their shape is a dataclass like any other input, so a broken table
fails with one line naming the file and the field, never with a traceback mid-game.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Self, TypeVar

from mineboard.core.schema import from_json
from mineboard.resources import assets_dir, read_json

T = TypeVar("T")


def read_table(cls: type[T], path: Path) -> T:
    data, _digest = read_json(path)
    return from_json(cls, data, str(path))


def rule_file(ruleset_id: str, name: str) -> Path:
    """Where a ruleset's bundled table ``name`` lies: ``assets/rules/<id>/<name>``."""
    return assets_dir() / "rules" / ruleset_id / name


def read_rule_table(cls: type[T], ruleset_id: str, name: str) -> T:
    """A ruleset's bundled table ``name`` as a ``cls``."""
    return read_table(cls, rule_file(ruleset_id, name))


class Shared:
    """A value no game ever changes (rule tables, the order of play): every copy of a state
    shares it, so the copies a view or an undo makes cost nothing for it."""

    __slots__ = ()

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        return self
