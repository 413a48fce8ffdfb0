"""gwas-tactical data: the Minefield Table (a labelled default), ships, the impulse sequence.

The printed Minefield Table (rule 13.2) is not in the source (GT-15), so the table is a file
that says on its face it is a stand-in; the loader checks every band so a hand-edited table
with a gap or an overlap fails with one line naming the band.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from mineboard.core.errors import BadInput
from mineboard.resources import assets_dir, read_json
from mineboard.rules.tables import section, text, whole


@dataclass(frozen=True, slots=True)
class Band:
    low: int
    high: int
    result: str
    damage: int
    sunk: bool


@dataclass(frozen=True, slots=True)
class MinefieldTable:
    label: str
    dice: int
    bands: tuple[Band, ...]

    def lookup(self, roll: int) -> Band:
        for band in self.bands:
            if band.low <= roll <= band.high:
                return band
        raise ValueError(f"roll {roll} falls outside the table")  # the loader forbids gaps


@dataclass(frozen=True, slots=True)
class ShipType:
    id: str
    name: str
    speed: int
    hull: int


@dataclass(frozen=True, slots=True)
class GtData:
    table: MinefieldTable
    ships: Mapping[str, ShipType]
    impulses: tuple[int, ...]
    plus_two: frozenset[int]


def parse_table(data: Any, where: str) -> MinefieldTable:
    if not isinstance(data, Mapping) or data.get("schema") != 1:
        raise BadInput(where, "not a Minefield Table (schema 1)")
    bands_raw = data.get("bands")
    if not isinstance(bands_raw, list) or not bands_raw:
        raise BadInput(where, "'bands' must be a non-empty list")
    bands = []
    for i, b in enumerate(bands_raw):
        at = f"{where}: bands[{i}]"
        if not isinstance(b, Mapping):
            raise BadInput(at, "must be an object")
        low, high = whole(b, "from", at, -999, 999), whole(b, "to", at, -999, 999)
        if high < low:
            raise BadInput(at, f"'to' ({high}) is below 'from' ({low})")
        sunk = b.get("sunk", False)
        if not isinstance(sunk, bool):
            raise BadInput(at, "'sunk' must be true or false")
        damage = whole(b, "damage", at, 0, 99) if "damage" in b else 0
        bands.append(Band(low, high, text(b, "result", at), damage, sunk))
    for i, (a, b) in enumerate(itertools.pairwise(bands)):
        if b.low != a.high + 1:
            gap = "overlaps" if b.low <= a.high else "leaves a gap after"
            raise BadInput(f"{where}: bands[{i + 1}]", f"{gap} band {i} (rolls must run on "
                                                       "without gaps or overlaps)")
    dice = whole(data, "dice", where, 1, 4)
    if bands[0].low > dice or bands[-1].high < dice * 6 + 20:
        raise BadInput(where, "the bands must cover every possible modified roll")
    return MinefieldTable(str(data.get("label", "")), dice, tuple(bands))


def parse_data(table: Any, ships: Any, impulses: Any, where: Path) -> GtData:
    ship_types = {}
    for sid, raw in section(ships, "ships", str(where / "ships.json")).items():
        at = f"{where / 'ships.json'}: ship {sid}"
        if not isinstance(raw, Mapping):
            raise BadInput(at, "must be an object")
        ship_types[sid] = ShipType(sid, text(raw, "name", at), whole(raw, "speed", at, 1, 20),
                                   whole(raw, "hull", at, 1, 99))
    imp_where = str(where / "impulses.json")
    seq = impulses.get("impulses") if isinstance(impulses, Mapping) else None
    plus = impulses.get("plus_two") if isinstance(impulses, Mapping) else None
    if not isinstance(seq, list) or not seq or not all(isinstance(i, int) for i in seq):
        raise BadInput(imp_where, "'impulses' must be a list of impulse numbers")
    if not isinstance(plus, list) or not all(isinstance(i, int) for i in plus):
        raise BadInput(imp_where, "'plus_two' must be a list of impulse numbers")
    return GtData(parse_table(table, str(where / "minefield-table.json")), ship_types,
                  tuple(seq), frozenset(plus))


@cache
def default_data() -> GtData:
    folder = assets_dir() / "rules" / "gwas-tactical"
    table, ships, impulses = (read_json(folder / name)[0] for name in
                              ("minefield-table.json", "ships.json", "impulses.json"))
    return parse_data(table, ships, impulses, folder)
