"""The Raider Table and the raider rules' figures as a data file (AW-248):
``assets/rules/awaw-naval/raider_table.json``. The printed table is a player aid the source
only summarises, so every modifier, band, port limit and ship-type result is read from here:
edit the file and the engine and the odds (raider_odds.py) follow. A file that breaks the
shape fails with one line naming the field (core/schema.py).

:func:`modifiers` adds up a group's Raider Table modifiers from plain numbers, so the odds
command (which has no game) and the engine (which reads them off the state) agree.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from functools import cache
from pathlib import Path
from typing import Annotated, ClassVar, Literal

from mineboard.core.schema import Doc, Length, Range
from mineboard.rules.awaw_naval.data import RULESET_ID, ShipType
from mineboard.rules.common.tables import read_rule_table, read_table

DIE_SIDES = 6
ATTRIBUTES = frozenset(f.name for f in fields(ShipType)) - {"name"}
"""The ship-type attributes a match may name (units.json's, AW-247)."""


@dataclass(frozen=True, slots=True)
class ShipMatch:
    """Ships whose type has every attribute of ``has``, none of ``not`` and (when not 0)
    exactly ``factors`` factors."""

    schema_aliases: ClassVar[Mapping[str, str]] = {"not": "not_"}
    has: tuple[str, ...] = ()
    not_: Annotated[tuple[str, ...], Doc("attributes the type must lack")] = ()
    factors: Annotated[int, Range(0, 99), Doc("0: any size")] = 0

    def validate(self) -> None:
        wrong = [a for a in (*self.has, *self.not_) if a not in ATTRIBUTES]
        if wrong:
            raise ValueError(f"{wrong[0]!r} is no ship-type attribute "
                             f"({', '.join(sorted(ATTRIBUTES))})")

    def matches(self, kind: ShipType, factors: int) -> bool:
        return all(getattr(kind, a) for a in self.has) \
            and not any(getattr(kind, a) for a in self.not_) \
            and (not self.factors or factors == self.factors)


def any_match(matches: tuple[ShipMatch, ...], kind: ShipType, factors: int) -> bool:
    return any(m.matches(kind, factors) for m in matches)


@dataclass(frozen=True, slots=True)
class ShipResult:
    """One face of a ship-type die (AW-184)."""

    die: Annotated[int, Range(1, DIE_SIDES)]
    name: Annotated[str, Length(1, 80)]
    match: Annotated[tuple[ShipMatch, ...], Length(1, 10)]
    per_factor: Annotated[bool, Doc("the die sends one factor of a counter")] = False
    escort_light: Annotated[bool, Doc("needs light fleet factors equal to its own "
                                      "(AW-186, 21.313)")] = False


@dataclass(frozen=True, slots=True)
class RaidFrom:
    """Who may raid from where (AW-170…AW-172)."""

    nations: Annotated[tuple[str, ...], Length(1, 10)]
    fronts: Annotated[tuple[str, ...], Doc("a base on one of these fronts")] = ()
    ports: Annotated[tuple[str, ...], Doc("port ids")] = ()
    groups: Annotated[tuple[str, ...], Doc("any port of these island groups")] = ()
    max_ships: Annotated[int, Range(0, 99), Doc("ships a turn from each port (0: any)")] = 0
    held: Annotated[tuple[str, ...], Doc("map regions whose every hex the Axis must "
                                         "hold")] = ()


@dataclass(frozen=True, slots=True)
class PortBonus:
    port: str
    nations: tuple[str, ...]
    bonus: Annotated[int, Range(-9, 9)]


@dataclass(frozen=True, slots=True)
class Defenders:
    """Where defending ships may engage from (AW-190 with the AW-231 reading)."""

    boxes: Annotated[tuple[str, ...], Doc("box roles (boxes.json)")] = ()
    ports: Annotated[tuple[str, ...], Doc("port ids")] = ()
    fronts: Annotated[tuple[str, ...], Doc("any port on these fronts")] = ()


@dataclass(frozen=True, slots=True)
class SwBox:
    """One SW box's Raider Table modifiers and raid rules."""

    name: Annotated[str, Length(1, 60)]
    cve_per: Annotated[int, Range(1, 99), Doc("+1 per so many CVEs (rounded down)")]
    cve_cap: Annotated[int, Range(0, 99), Doc("at most this much from CVEs")]
    raid_from: Annotated[tuple[RaidFrom, ...], Length(1, 20)]
    defenders: Defenders
    war: Annotated[tuple[str, ...], Length(0, 2), Doc("two powers whose war adds "
                                                      "war_bonus")] = ()
    war_bonus: Annotated[int, Range(-9, 9)] = 0
    search_air: Annotated[str, Doc("the box whose operational search AAS/NAS count as "
                                   "CVEs (empty: none)")] = ""
    search_air_south_only: Annotated[bool, Doc("only for groups entering across "
                                               "south_edge")] = False
    south_edge: Annotated[str, Doc("the map region of the southern edge")] = ""
    port_bonus: tuple[PortBonus, ...] = ()
    direct_ports: Annotated[tuple[str, ...], Doc("ports raiding straight into the box, "
                                                 "unseen on the map (AW-176)")] = ()


@dataclass(frozen=True, slots=True)
class RaiderTable:
    schema: Literal[1]
    automatic: Annotated[int, Range(-9, 9)]
    per_group_ahead: Annotated[int, Range(-9, 9)]
    three_ships: Annotated[int, Range(-9, 9)]
    per_air_range: Annotated[int, Range(-9, 9)]
    codebreaking: Annotated[int, Range(0, 9), Doc("the most Ultra or Magic moves the roll")]
    max_ships: Annotated[int, Range(1, 9)]
    max_carriers: Annotated[int, Range(0, 9)]
    cruiser_factors: Annotated[int, Range(1, 9), Doc("cruiser factors that make one ship")]
    raiders: Annotated[tuple[ShipMatch, ...], Length(1, 20)]
    never: tuple[ShipMatch, ...]
    boxes: Annotated[Mapping[str, SwBox], Length(1, 20)]
    results: Annotated[tuple[ShipResult, ...], Length(DIE_SIDES, DIE_SIDES)]
    about: str = ""

    def validate(self) -> None:
        dice = [r.die for r in self.results]
        if sorted(dice) != list(range(1, DIE_SIDES + 1)):
            raise ValueError("results: give each die face 1…6 exactly once, in any order")

    def result(self, die: int) -> ShipResult:
        return next(r for r in self.results if r.die == die)


@cache
def raider_table() -> RaiderTable:
    return read_rule_table(RaiderTable, RULESET_ID, "raider_table.json")


def read_raider_table(path: Path) -> RaiderTable:
    """A replacement table (a player's printed figures), checked like the bundled one."""
    return read_table(RaiderTable, path)


# ---- the modifiers ----------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Situation:
    """What a group's Raider Table roll depends on, as plain numbers (AW-179…AW-183)."""

    box: str = "sw-atlantic"
    rank: int = 1
    """1 for the first group raiding the box, 2 for the second …"""
    ships: int = 1
    air_range: int = 0
    at_war: bool = False
    cves: int = 0
    search_air: int = 0
    """Operational search AAS/NAS in the box that counts them (a player input)."""
    south_edge: bool = False
    """The group entered across the southern edge (AW-182)."""
    port_bonus: bool = False
    """Its nation is based at a port with a bonus (Japanese raiders from Singapore)."""
    codebreaking: int = 0


def modifiers(table: RaiderTable, s: Situation) -> list[tuple[str, int, str]]:
    """Each modifier that applies: (what, how much, clause), the automatic −3 first."""
    box = table.boxes[s.box]
    out = [("automatic", table.automatic, "AW-179")]
    if s.rank > 1:
        out.append((f"{s.rank - 1} group(s) ahead", table.per_group_ahead * (s.rank - 1),
                    "AW-179"))
    if s.ships >= 3:
        out.append(("three ships", table.three_ships, "AW-179"))
    if s.air_range:
        out.append((f"{s.air_range} air-range result(s)", table.per_air_range * s.air_range,
                    "AW-179"))
    if box.war and s.at_war:
        out.append((f"{' and '.join(box.war)} at war", box.war_bonus, "AW-180"))
    if s.port_bonus:
        bonus = next((b.bonus for b in box.port_bonus), 0)
        out.append(("based at " + ", ".join(b.port for b in box.port_bonus), bonus, "AW-181"))
    clause = {"sw-atlantic": "AW-180", "sw-indian": "AW-181"}.get(s.box, "AW-182")
    search = s.search_air if box.search_air and (s.south_edge or
                                                 not box.search_air_south_only) else 0
    counted = s.cves + search
    band = min(counted // box.cve_per, box.cve_cap)
    if band:
        what = f"{s.cves} CVEs" + (f" + {search} search air" if search else "")
        out.append((f"{what} ÷ {box.cve_per}", band, clause))
    if s.codebreaking:
        out.append(("codebreaking", s.codebreaking, "AW-183"))
    return out


def total(table: RaiderTable, s: Situation) -> int:
    return sum(v for _w, v, _c in modifiers(table, s))
