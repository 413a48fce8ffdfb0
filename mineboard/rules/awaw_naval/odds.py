"""``mineboard odds awaw-naval raider …``: the exact odds of the Raider Table for one raider
group (AW-178…AW-184), and the preview the window shows before a raid is committed.

Only this module and its two small neighbours (the table's data, the pure odds) are
imported for the command: no map, no state.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Annotated, ClassVar, Literal

from mineboard.core.errors import BadInput
from mineboard.core.planning import Preview, percent
from mineboard.core.schema import Doc, Range
from mineboard.rules.awaw_naval.raider_data import (
    RaiderTable,
    Situation,
    modifiers,
    raider_table,
)
from mineboard.rules.awaw_naval.raider_odds import raider_odds

BOXES = {"atlantic": "sw-atlantic", "indian": "sw-indian", "pacific": "sw-pacific"}


def ships_label(n: int) -> str:
    return "undetected" if n == 0 else f"{n} ship" + ("s" if n > 1 else "")


def situation_preview(situation: Situation, title: str,
                      table: RaiderTable | None = None) -> Preview:
    """The Raider Table's exact odds for ``situation``: bars for the number of engaging
    ships, rows for the modifiers and each ship type's count."""
    table = table or raider_table()
    mods = modifiers(table, situation)
    total = sum(v for _w, v, _c in mods)
    odds = raider_odds(total)
    outcomes = tuple((ships_label(n), p) for n, p in odds.ships.items())
    rows = [f"modifiers: {', '.join(f'{w} {v:+d} ({c})' for w, v, c in mods)} = {total:+d}"]
    for face in range(1, 7):
        result = table.result(face)
        at_least = 1 - odds.types[face].get(0, Fraction(0))
        rows.append(f"die {face} — {result.name}: expected {odds.expected(face)}, "
                    f"at least one {at_least} ({percent(at_least)})")
    good = next((i for i, (label, _p) in enumerate(outcomes) if label == "undetected"), None)
    return Preview(
        title=title, axis="defending ships that may engage (AW-178, AW-184)",
        outcomes=outcomes, good=good, rows=tuple(rows),
        summary=f"undetected {odds.undetected} ({percent(odds.undetected)}); engaged "
                f"{odds.engaged} ({percent(odds.engaged)})",
        data={"box": situation.box, "rank": situation.rank, "ships": situation.ships,
              "modifier": total,
              "modifiers": [{"what": w, "value": v, "clause": c} for w, v, c in mods],
              "undetected": str(odds.undetected), "engaged": str(odds.engaged),
              "roll": {str(k): str(p) for k, p in odds.roll.items()},
              "engaging": {str(k): str(p) for k, p in odds.ships.items()},
              "types": {table.result(f).name: {str(k): str(p) for k, p in d.items()}
                        for f, d in odds.types.items()}})


@dataclass(frozen=True, slots=True)
class RaiderQuery:
    """``mineboard odds awaw-naval``: one raider group on the Raider Table.

    The modifiers of AW-179…AW-183 from the options (raider_table.json's figures); prints
    the chance it slips through undetected, of each number of engaging ships, and of each
    ship type's count over those dice."""

    positional: ClassVar[tuple[str, ...]] = ("table",)
    table: Annotated[Literal["raider"], Doc("the table: raider")]
    groups: Annotated[int, Range(1, 6), Doc("the group's rank in its SW box: 1 first, "
                                            "2 second … (AW-179)")] = 1
    ships: Annotated[int, Range(1, 3), Doc("ships in the group (AW-173)")] = 1
    box: Annotated[Literal["atlantic", "indian", "pacific"],
                   Doc("the SW box: atlantic, indian or pacific")] = "atlantic"
    at_war: Annotated[bool, Doc("the U.S. is at war with Germany (Atlantic, AW-180)")] = False
    cves: Annotated[int, Range(0, 99), Doc("CVEs in the SW box (AW-180…AW-182)")] = 0
    search_air: Annotated[int, Range(0, 99), Doc("operational search AAS/NAS in the India "
                                                 "or Australia box (AW-181, AW-182)")] = 0
    south_edge: Annotated[bool, Doc("the group entered across the southern edge "
                                    "(AW-182)")] = False
    singapore: Annotated[bool, Doc("Japanese raiders based in Singapore (AW-181)")] = False
    air_range: Annotated[int, Range(0, 2), Doc("defender air-range research results "
                                               "(AW-179)")] = 0
    codebreaking: Annotated[int, Range(-1, 1), Doc("+1 the defender's codebreaking "
                                                   "advantage, -1 the raider's (AW-183)")] = 0

    def situation(self) -> Situation:
        if self.box not in BOXES:
            raise BadInput("--box", f"{self.box!r}: atlantic, indian or pacific")
        return Situation(box=BOXES[self.box], rank=self.groups, ships=self.ships,
                         air_range=self.air_range, at_war=self.at_war, cves=self.cves,
                         search_air=self.search_air, south_edge=self.south_edge,
                         port_bonus=self.singapore and self.box == "indian",
                         codebreaking=self.codebreaking)

    def preview(self) -> Preview:
        table = raider_table()
        s = self.situation()
        title = (f"awaw-naval: Raider Table, {table.boxes[s.box].name}, group {s.rank} of "
                 f"{s.ships} ship" + ("s" if s.ships > 1 else ""))
        return situation_preview(s, title, table)
