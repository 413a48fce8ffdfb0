"""The naval-lines unit table, read from ``assets/rules/naval-lines/units.json``.

Rule data lives in a file so a player can match their edition's costs and moves without
touching code; the loader checks every field so a broken table fails with one line.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Annotated, Literal

from mineboard.core.schema import Doc, Length, Range
from mineboard.rules.common.tables import Shared, read_rule_table

Die = Annotated[int, Range(0, 6)]


@dataclass(frozen=True, slots=True)
class UnitType:
    name: Annotated[str, Length(1)]
    cost: Annotated[int, Range(0, 1000)]
    move: Annotated[int, Range(0, 20)]
    surface: Annotated[bool, Doc("attacked by naval mines when crossing a mined line (NL-12)")]
    mine_immune: Annotated[bool, Doc("never attacked by mines (NL-21)")]
    mine_capacity: Annotated[int, Range(0, 100), Doc("mines it may carry (NL-05)")]
    warship: Annotated[bool, Doc("a surface warship: an enemy ship entering its sea zone in "
                                 "Combat Movement stops there (NL-13 decision)")]
    passes_warships: Annotated[bool, Doc("sails on through a zone holding enemy warships "
                                         "(submarines; NL-13 decision)")]
    stops_passers: Annotated[bool, Doc("stops even a ship that passes warships (destroyers "
                                       "against submarines; NL-13 decision)")]

    @property
    def mine_target(self) -> bool:
        """Whether naval mines attack this unit when it crosses their line (NL-12, NL-21)."""
        return self.surface and not self.mine_immune


@dataclass(frozen=True, slots=True)
class MineData:
    cost: Annotated[int, Range(0, 1000)]
    defense: Annotated[Die, Doc("highest die that detonates against an enemy (NL-16)")]
    allied_defense: Annotated[Die, Doc("highest die that detonates against an ally (NL-16)")]
    max_per_carrier: Annotated[int, Range(1, 100)]
    sweep_dice: Annotated[int, Range(0, 20), Doc("dice a sweeping Escort rolls (NL-22)")]
    sweep_on: Annotated[Die, Doc("highest sweep die that removes a mine (NL-22)")]

    def detonates(self, allied: bool) -> Fraction:
        """P(one die detonates a mine): 1–2 against enemies, 1 against allies (NL-16)."""
        return Fraction(self.allied_defense if allied else self.defense, 6)

    @property
    def sweep_chance(self) -> Fraction:
        """P(one sweep die removes a mine) (NL-22)."""
        return Fraction(self.sweep_on, 6)


@dataclass(frozen=True, slots=True)
class RuleData(Shared):
    schema: Literal[1]
    mine: MineData
    units: Annotated[Mapping[str, UnitType], Length(1)]
    no_mine_production: tuple[str, ...] = ()
    about: str = ""


@cache
def default_rule_data() -> RuleData:
    return read_rule_table(RuleData, "naval-lines", "units.json")
