"""Reading a rule table (a JSON data file a player may edit) into its dataclass.

Tables are facts from the rule texts — costs, dice, bands — kept out of code so a player can
match their edition. Their shape is a dataclass like any other input, so a broken table
fails with one line naming the file and the field, never with a traceback mid-game.
"""

from __future__ import annotations

from pathlib import Path
from typing import TypeVar

from mineboard.core.schema import from_json
from mineboard.resources import read_json

T = TypeVar("T")


def read_table(cls: type[T], path: Path) -> T:
    data, _digest = read_json(path)
    return from_json(cls, data, str(path))
