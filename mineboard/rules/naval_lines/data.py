"""The naval-lines unit table, read from ``assets/rules/naval-lines/units.json``.

Rule data lives in a file so a player can match their edition's costs and moves without
touching code; the loader checks every field so a broken table fails with one line.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

from mineboard.core.errors import BadInput
from mineboard.resources import assets_dir, read_json
from mineboard.rules.tables import flag, whole


@dataclass(frozen=True, slots=True)
class UnitType:
    id: str
    name: str
    cost: int
    move: int
    surface: bool
    mine_immune: bool
    mine_capacity: int

    @property
    def mine_target(self) -> bool:
        """Whether naval mines attack this unit when it crosses their line (NL-12, NL-21)."""
        return self.surface and not self.mine_immune


@dataclass(frozen=True, slots=True)
class MineData:
    cost: int
    defense: int
    allied_defense: int
    max_per_carrier: int
    sweep_dice: int
    sweep_on: int

    def detonates(self, allied: bool) -> Fraction:
        """P(one die detonates a mine): 1–2 against enemies, 1 against allies (NL-16)."""
        return Fraction(self.allied_defense if allied else self.defense, 6)

    @property
    def sweep_chance(self) -> Fraction:
        """P(one sweep die removes a mine) (NL-23)."""
        return Fraction(self.sweep_on, 6)


@dataclass(frozen=True, slots=True)
class RuleData:
    units: Mapping[str, UnitType]
    mine: MineData
    no_mine_production: frozenset[str]


def parse_rule_data(data: Any, where: str) -> RuleData:
    if not isinstance(data, Mapping) or data.get("schema") != 1:
        raise BadInput(where, "not a naval-lines unit table (schema 1)")
    mine = data.get("mine")
    if not isinstance(mine, Mapping):
        raise BadInput(where, "'mine' must be an object")
    mine_data = MineData(whole(mine, "cost", f"{where}: mine"),
                         whole(mine, "defense", f"{where}: mine", 0, 6),
                         whole(mine, "allied_defense", f"{where}: mine", 0, 6),
                         whole(mine, "max_per_carrier", f"{where}: mine", 1, 100),
                         whole(mine, "sweep_dice", f"{where}: mine", 0, 20),
                         whole(mine, "sweep_on", f"{where}: mine", 0, 6))
    units_raw = data.get("units")
    if not isinstance(units_raw, Mapping) or not units_raw:
        raise BadInput(where, "'units' must be a non-empty object")
    units = {}
    for uid, u in units_raw.items():
        at = f"{where}: unit {uid}"
        if not isinstance(u, Mapping) or not isinstance(u.get("name"), str):
            raise BadInput(at, "needs a 'name'")
        units[uid] = UnitType(uid, u["name"], whole(u, "cost", at), whole(u, "move", at, 0, 20),
                              flag(u, "surface", at), flag(u, "mine_immune", at),
                              whole(u, "mine_capacity", at, 0, 100))
    banned = data.get("no_mine_production", [])
    if not isinstance(banned, list) or not all(isinstance(n, str) for n in banned):
        raise BadInput(where, "'no_mine_production' must be a list of nation names")
    return RuleData(units, mine_data, frozenset(banned))


@cache
def default_rule_data() -> RuleData:
    path: Path = assets_dir() / "rules" / "naval-lines" / "units.json"
    data, _digest = read_json(path)
    return parse_rule_data(data, str(path))
