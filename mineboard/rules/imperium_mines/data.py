"""Ship table and mine-damage model for imperium-mines, from ``assets/rules/imperium-mines``.

The damage model is its own file because the variant defers to rule 12.8 of the base game,
which this program does not have (IM-23, IM-28): the file holds a labelled default that a
player with the printed rules replaces.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Annotated, Literal

from mineboard.core.errors import BadInput
from mineboard.core.schema import Doc, Length, Range
from mineboard.rules.common.tables import Shared, read_rule_table, read_table, rule_file

RULESET_ID = "imperium-mines"

Modifier = Annotated[int, Range(-10, 10)]


@dataclass(frozen=True, slots=True)
class ShipType:
    name: Annotated[str, Length(1)]
    cost: Annotated[int, Range(0, 1000)]
    build_turns: Annotated[int, Range(1, 20)]
    auxiliary: Annotated[bool, Doc("moves as an auxiliary, at the table's auxiliary_jumps "
                                   "(IM-05)")]
    lays_mines: bool
    sweeps: bool
    jumps: Annotated[int | None, Range(0, 20),
                     Doc("a warship's jumps a segment; a fleet moves at its slowest ship")] = None

    @property
    def mine_ship(self) -> bool:
        return self.lays_mines or self.sweeps

    def validate(self) -> None:
        """The seed's one word on movement: minelayers and minesweepers move as auxiliaries
        (IM-05), so they, like every auxiliary, take the auxiliaries' speed, not one of their
        own; a warship needs its own."""
        if self.mine_ship and not self.auxiliary:
            raise ValueError("minelayers and minesweepers move as auxiliaries (IM-05)")
        if self.auxiliary and self.jumps is not None:
            raise ValueError("an auxiliary moves as auxiliaries (the table's auxiliary_jumps), "
                             "not at jumps of its own (IM-05)")
        if not self.auxiliary and self.jumps is None:
            raise ValueError("a ship that is not an auxiliary needs its jumps a segment")


@dataclass(frozen=True, slots=True)
class CheckRule:
    """IM-18/IM-19: ``dice`` d6 + modifiers ≥ ``afoul_at`` runs afoul."""

    dice: Annotated[int, Range(1, 10)]
    afoul_at: Annotated[int, Range(1, 100)]
    later_jump_bonus: Modifier
    per_mine_point: Modifier
    per_sweeper: Modifier


@dataclass(frozen=True, slots=True)
class HitRule:
    hit_on: Annotated[int, Range(1, 6), Doc("lowest die that hits a ship (IM-22)")]


@dataclass(frozen=True, slots=True)
class ShipTable:
    schema: Literal[1]
    ships: Annotated[Mapping[str, ShipType], Length(1)]
    segments_per_turn: Annotated[int, Range(1, 20)]
    auxiliary_jumps: Annotated[int, Range(0, 20),
                               Doc("jumps a segment of every auxiliary: the base game's rule "
                                   "for auxiliaries, not in the source (IM-05)")]
    check: CheckRule
    damage: HitRule
    about: str = ""


@dataclass(frozen=True, slots=True)
class DamageModel:
    """IM-28: the base game's rule 12.8 is not in the source; this is a labelled default."""

    schema: Literal[1]
    default_hull: Annotated[int, Range(1, 100)]
    hull: Mapping[str, Annotated[int, Range(1, 100)]] = field(default_factory=dict)
    about: str = ""


@dataclass(frozen=True, slots=True)
class ShipData(Shared):
    ships: Mapping[str, ShipType]
    segments_per_turn: int
    auxiliary_jumps: int
    check: CheckRule
    hit_on: int
    hull: Mapping[str, int]
    default_hull: int

    def hull_of(self, ship_type: str) -> int:
        return self.hull.get(ship_type, self.default_hull)

    def jumps_of(self, ship_type: str) -> int:
        stype = self.ships[ship_type]
        return self.auxiliary_jumps if stype.jumps is None else stype.jumps


def ship_data(table: ShipTable, damage: DamageModel, damage_where: str) -> ShipData:
    unknown = set(damage.hull) - set(table.ships)
    if unknown:
        raise BadInput(damage_where, f"hull given for unknown ship type {sorted(unknown)[0]!r}")
    return ShipData(table.ships, table.segments_per_turn, table.auxiliary_jumps, table.check,
                    table.damage.hit_on, damage.hull, damage.default_hull)


@cache
def default_ship_data() -> ShipData:
    damage = rule_file(RULESET_ID, "damage.json")
    return ship_data(read_rule_table(ShipTable, RULESET_ID, "ships.json"),
                     read_table(DamageModel, damage), str(damage))
