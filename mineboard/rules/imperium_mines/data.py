"""Ship table and mine-damage model for imperium-mines, from ``assets/rules/imperium-mines``.

The damage model is its own file because the variant defers to rule 12.8 of the base game,
which this program does not have (IM-23, IM-28): the file holds a labelled default that a
player with the printed rules replaces.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from mineboard.core.errors import BadInput
from mineboard.resources import assets_dir, read_json
from mineboard.rules.tables import flag, section, text, whole


@dataclass(frozen=True, slots=True)
class ShipType:
    id: str
    name: str
    cost: int
    build_turns: int
    jumps: int
    auxiliary: bool
    lays_mines: bool
    sweeps: bool

    @property
    def mine_ship(self) -> bool:
        return self.lays_mines or self.sweeps


@dataclass(frozen=True, slots=True)
class CheckRule:
    dice: int
    afoul_at: int
    later_jump_bonus: int
    per_mine_point: int
    per_sweeper: int


@dataclass(frozen=True, slots=True)
class ShipData:
    ships: Mapping[str, ShipType]
    segments_per_turn: int
    check: CheckRule
    hit_on: int
    hull: Mapping[str, int]
    default_hull: int

    def hull_of(self, ship_type: str) -> int:
        return self.hull.get(ship_type, self.default_hull)


def parse_ship_data(data: Any, damage: Any, where: str, damage_where: str) -> ShipData:
    if not isinstance(data, Mapping) or data.get("schema") != 1:
        raise BadInput(where, "not an imperium-mines ship table (schema 1)")
    ships = {}
    for sid, raw in section(data, "ships", where).items():
        at = f"{where}: ship {sid}"
        if not isinstance(raw, Mapping):
            raise BadInput(at, "must be an object")
        ships[sid] = ShipType(sid, text(raw, "name", at), whole(raw, "cost", at),
                              whole(raw, "build_turns", at, 1, 20), whole(raw, "jumps", at, 0, 20),
                              flag(raw, "auxiliary", at), flag(raw, "lays_mines", at),
                              flag(raw, "sweeps", at))
    chk = section(data, "check", where)
    check = CheckRule(whole(chk, "dice", where, 1, 10), whole(chk, "afoul_at", where, 1, 100),
                      whole(chk, "later_jump_bonus", where, -10, 10),
                      whole(chk, "per_mine_point", where, -10, 10),
                      whole(chk, "per_sweeper", where, -10, 10))
    hit_on = whole(section(data, "damage", where), "hit_on", where, 1, 6)
    if not isinstance(damage, Mapping) or damage.get("schema") != 1:
        raise BadInput(damage_where, "not a mine-damage model (schema 1)")
    hull_raw = damage.get("hull", {})
    if not isinstance(hull_raw, Mapping):
        raise BadInput(damage_where, "'hull' must be an object of ship type → hits")
    hull = {k: whole(hull_raw, k, damage_where, 1, 100) for k in hull_raw}
    unknown = set(hull) - set(ships)
    if unknown:
        raise BadInput(damage_where, f"hull given for unknown ship type {sorted(unknown)[0]!r}")
    return ShipData(ships, whole(data, "segments_per_turn", where, 1, 20), check, hit_on, hull,
                    whole(damage, "default_hull", damage_where, 1, 100))


@cache
def default_ship_data() -> ShipData:
    folder = assets_dir() / "rules" / "imperium-mines"
    ships, _ = read_json(folder / "ships.json")
    damage, _ = read_json(folder / "damage.json")
    return parse_ship_data(ships, damage, str(folder / "ships.json"), str(folder / "damage.json"))
