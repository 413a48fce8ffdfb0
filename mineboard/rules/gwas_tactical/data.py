"""gwas-tactical data: the Minefield Table (a labelled default), ships, the impulse sequence.

The printed Minefield Table (rule 13.2) is not in the source (GT-15), so the table is a file
that says on its face it is a stand-in; the loader checks every band so a hand-edited table
with a gap or an overlap fails with one line naming the band. A roll past either end of the
table reads the band at that end.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Annotated, Any, ClassVar, Literal

from mineboard.core.schema import Doc, Length, Range, from_json
from mineboard.rules.common.tables import Shared, read_rule_table

RULESET_ID = "gwas-tactical"

Roll = Annotated[int, Range(-999, 999)]


@dataclass(frozen=True, slots=True)
class Band:
    schema_aliases: ClassVar[Mapping[str, str]] = {"from": "low", "to": "high"}
    low: Roll
    high: Roll
    result: Annotated[str, Length(1)]
    damage: Annotated[int, Range(0, 99), Doc("hull points lost")] = 0
    sunk: Annotated[bool, Doc("the ship sinks outright")] = False

    def validate(self) -> None:
        if self.high < self.low:
            raise ValueError(f"'to' ({self.high}) is below 'from' ({self.low})")


@dataclass(frozen=True, slots=True)
class MinefieldTable:
    schema: Literal[1]
    dice: Annotated[int, Range(1, 4)]
    bands: Annotated[tuple[Band, ...], Length(1)]
    label: str = ""
    about: str = ""

    def validate(self) -> None:
        for i, (a, b) in enumerate(itertools.pairwise(self.bands)):
            if b.low != a.high + 1:
                gap = "overlaps" if b.low <= a.high else "leaves a gap after"
                raise ValueError(f"bands[{i + 1}]: {gap} band {i} (rolls must run on without "
                                 "gaps or overlaps)")

    def lookup(self, roll: int) -> Band:
        """The band holding the modified roll. A printed table's first and last rows read
        "or less" and "or more", and GT-11's modifiers have no ceiling (every mine counter
        in a hex adds one), so a roll past either end reads that end's band."""
        roll = min(max(roll, self.bands[0].low), self.bands[-1].high)
        return next(b for b in self.bands if b.low <= roll <= b.high)  # no gaps (validate)


@dataclass(frozen=True, slots=True)
class ShipType:
    name: Annotated[str, Length(1)]
    speed: Annotated[int, Range(1, 20), Doc("hexes a ship may move in one impulse")]
    hull: Annotated[int, Range(1, 99), Doc("damage points that sink it")]


@dataclass(frozen=True, slots=True)
class ShipTable:
    schema: Literal[1]
    ships: Annotated[Mapping[str, ShipType], Length(1)]
    about: str = ""


@dataclass(frozen=True, slots=True)
class ImpulseTable:
    schema: Literal[1]
    impulses: Annotated[tuple[Annotated[int, Range(1, 99)], ...], Length(1)]
    plus_two: Annotated[tuple[Annotated[int, Range(1, 99)], ...],
                        Doc("impulses on which entering a mined hex adds the bonus (GT-11)")]
    impulse_bonus: Annotated[int, Range(0, 20), Doc("GT-11: +2 on those impulses")]
    per_extra_mine: Annotated[int, Range(0, 20), Doc("GT-11: +1 per mine counter beyond "
                                                     "the first")]
    about: str = ""


@dataclass(frozen=True, slots=True)
class GtData(Shared):
    table: MinefieldTable
    ships: Mapping[str, ShipType]
    impulses: tuple[int, ...]
    plus_two: frozenset[int]
    impulse_bonus: int
    per_extra_mine: int


def parse_table(data: Any, where: str) -> MinefieldTable:
    """A Minefield Table from parsed JSON (a player's substitute for the default)."""
    return from_json(MinefieldTable, data, where)


@cache
def default_data() -> GtData:
    impulses = read_rule_table(ImpulseTable, RULESET_ID, "impulses.json")
    return GtData(read_rule_table(MinefieldTable, RULESET_ID, "minefield-table.json"),
                  read_rule_table(ShipTable, RULESET_ID, "ships.json").ships, impulses.impulses,
                  frozenset(impulses.plus_two), impulses.impulse_bonus,
                  impulses.per_extra_mine)

