"""The tables minefield attacks read: the Infantry Fire Table (``ift.json``) and the hull-AF
to Aerial-AF table (``aerial-af.json``), both data files a player may edit.

Neither table is in ASL B28 (AM-56, AM-57): the bundled files are the project's stand-ins,
labelled so on their face, with what a player types in to play with the printed charts. A
broken file is refused with one line naming the file and the field (``core/schema.py``),
never a traceback mid-game; the one fact the rules text gives — DR ≤ 6 on the 36+ column is
at least a 1KIA (B28.52) — is checked on load.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Annotated, Literal, TypeVar

from mineboard.core.errors import BadInput
from mineboard.core.schema import Doc, Length, Range
from mineboard.rules.asl_minefields.data import RULESET_ID
from mineboard.rules.common.tables import Shared, read_rule_table

ResultKind = Literal["KIA", "K", "MC", "NMC", "PTC", "none"]

_RESULT = re.compile(r"^(?:(?P<kia>[1-9])KIA|K/(?P<k>[1-9])|(?P<mc>[1-9])MC|(?P<w>NMC|PTC|-))$")


@dataclass(frozen=True, slots=True)
class IftResult:
    """One cell of the IFT: ``kind`` with its number (KIA count, K/#, #MC; 0 otherwise)."""

    kind: ResultKind
    n: int = 0

    @staticmethod
    def parse(text: str) -> IftResult:
        m = _RESULT.match(text)
        if m is None:
            raise ValueError(f"{text!r} is not an IFT result (#KIA, K/#, #MC, NMC, PTC or -)")
        if m["kia"]:
            return IftResult("KIA", int(m["kia"]))
        if m["k"]:
            return IftResult("K", int(m["k"]))
        if m["mc"]:
            return IftResult("MC", int(m["mc"]))
        return IftResult({"NMC": "NMC", "PTC": "PTC"}.get(m["w"], "none"))  # type: ignore[arg-type]

    @property
    def text(self) -> str:
        return {"KIA": f"{self.n}KIA", "K": f"K/{self.n}", "MC": f"{self.n}MC",
                "NMC": "NMC", "PTC": "PTC"}.get(self.kind, "no effect")

    @property
    def effect(self) -> bool:
        """Anything but "no effect": enough to reveal the attacking field's strength (AM-06)."""
        return self.kind != "none"

    @property
    def severity(self) -> int:
        """An order from nothing to the worst result, for sorting outcomes in the odds panel."""
        base = {"none": 0, "PTC": 1, "NMC": 2, "MC": 2, "K": 10, "KIA": 20}[self.kind]
        return base + self.n


ResultText = Annotated[str, Length(1, 5), Doc("#KIA, K/#, #MC, NMC, PTC or - (no effect)")]


@dataclass(frozen=True, slots=True)
class IftRow:
    dr: Annotated[int, Range(-20, 40), Doc("the final DR this row is read on")]
    results: Annotated[tuple[ResultText, ...], Length(1, 30),
                       Doc("one result per column, in the order of 'columns'")]

    def validate(self) -> None:
        for i, text in enumerate(self.results):
            try:
                IftResult.parse(text)
            except ValueError as e:
                raise ValueError(f"results[{i}]: {e}") from None


@dataclass(frozen=True, slots=True)
class Ift(Shared):
    """The IFT as data: rows by final DR, one column per firepower. Firepower reads the
    largest column not above it, so the last column reads "and more" (36+); a final DR
    past either end reads the end row (the printed table's "≤" and "≥" rows)."""

    schema: Literal[1]
    columns: Annotated[tuple[Annotated[int, Range(1, 99)], ...], Length(1, 30),
                       Doc("firepower columns, ascending; the last one reads 'and more'")]
    rows: Annotated[tuple[IftRow, ...], Length(1, 60), Doc("one row per final DR, in order")]
    vehicle_eliminated: Annotated[tuple[Annotated[int, Range(-20, 40)], ...], Length(1, 30),
                                  Doc("the Vehicle line: per column, the final DR at or below "
                                      "which an unarmored vehicle is eliminated")]
    vehicle_immobilised: Annotated[tuple[Annotated[int, Range(-20, 40)], ...], Length(1, 30),
                                   Doc("per column, the final DR at or below which an "
                                       "unarmored vehicle not eliminated is immobilised")]
    label: str = ""
    about: str = ""

    def validate(self) -> None:
        cols = self.columns
        if any(b <= a for a, b in itertools.pairwise(cols)):
            raise ValueError("columns: firepower columns must rise from left to right")
        for i, row in enumerate(self.rows):
            if len(row.results) != len(cols):
                raise ValueError(f"rows[{i}].results: {len(row.results)} results for "
                                 f"{len(cols)} columns")
            if i and row.dr != self.rows[i - 1].dr + 1:
                raise ValueError(f"rows[{i}].dr: rows must run on by one final DR "
                                 f"(expected {self.rows[i - 1].dr + 1}, got {row.dr})")
        for name in ("vehicle_eliminated", "vehicle_immobilised"):
            if len(getattr(self, name)) != len(cols):
                raise ValueError(f"{name}: one value per column ({len(cols)})")
        for i, (e, m) in enumerate(zip(self.vehicle_eliminated, self.vehicle_immobilised,
                                       strict=True)):
            if m < e:
                raise ValueError(f"vehicle_immobilised[{i}]: below vehicle_eliminated (an "
                                 "eliminating DR also immobilises)")
        last = len(cols) - 1
        for i, row in enumerate(self.rows):
            if row.dr <= 6 and IftResult.parse(row.results[last]).kind != "KIA":
                raise ValueError(f"rows[{i}].results[{last}]: B28.52 says a DR of 6 or less "
                                 f"on the {self.column_label(last)} column is at least a 1KIA")
        if self.rows[0].dr > 2 or self.rows[-1].dr < 12:
            raise ValueError("rows: the rows must cover every DR from 2 to 12")

    def column_index(self, firepower: int) -> int:
        """The column ``firepower`` reads: the largest not above it (the first if below)."""
        index = 0
        for i, col in enumerate(self.columns):
            if col <= firepower:
                index = i
        return index

    def column_label(self, index: int) -> str:
        col = self.columns[index]
        return f"{col}+" if index == len(self.columns) - 1 else str(col)

    def result(self, firepower: int, final_dr: int) -> IftResult:
        return _parsed(self)[self._row(final_dr)][self.column_index(firepower)]

    def _row(self, final_dr: int) -> int:
        return min(max(final_dr - self.rows[0].dr, 0), len(self.rows) - 1)

    def vehicle(self, firepower: int, final_dr: int) -> str:
        """The Vehicle line vs an unarmored vehicle: eliminated, immobilised or none."""
        c = self.column_index(firepower)
        if final_dr <= self.vehicle_eliminated[c]:
            return "eliminated"
        if final_dr <= self.vehicle_immobilised[c]:
            return "immobilised"
        return "none"

    @property
    def top(self) -> int:
        """The firepower of the last column (36 on the IFT: A-T mines attack there)."""
        return self.columns[-1]


def ift_result(column: int, dr: int) -> str:
    """The IFT result of an Original ``dr`` on the ``column`` firepower reads, as printed
    in the table file ("1KIA", "K/2", "1MC", "NMC", "PTC"; "" for no effect): for FFE and
    bombs (clearance.py, AM-43, AM-44)."""
    result = ift().result(column, dr)
    return result.text if result.effect else ""


_PARSED: dict[int, tuple[Ift, tuple[tuple[IftResult, ...], ...]]] = {}
"""id(table) → the table and its cells parsed (a lookup by identity: hashing the whole
table on every read would cost more than the read)."""


def _parsed(ift: Ift) -> tuple[tuple[IftResult, ...], ...]:
    found = _PARSED.get(id(ift))
    if found is None or found[0] is not ift:
        found = (ift, tuple(tuple(IftResult.parse(t) for t in row.results) for row in ift.rows))
        _PARSED[id(ift)] = found
    return found[1]


@dataclass(frozen=True, slots=True)
class AerialTable(Shared):
    """Hull AF → the Aerial AF used as a DRM for an A-T attack's KIA check (AM-30, AM-57)."""

    schema: Literal[1]
    drm: Annotated[Mapping[str, Annotated[int, Range(0, 12)]],
                   Doc("hull AF (1–30, every one of them) → its Aerial AF")]
    label: str = ""
    about: str = ""

    def validate(self) -> None:
        for key in self.drm:
            if not key.isdigit() or not 1 <= int(key) <= 30:
                raise ValueError(f"drm.{key}: keys are hull AFs from 1 to 30")
        missing = [h for h in range(1, 31) if str(h) not in self.drm]
        if missing:
            raise ValueError(f"drm.{missing[0]}: no Aerial AF for hull AF {missing[0]}")

    def aerial(self, hull_af: int) -> int:
        return self.drm[str(min(max(hull_af, 1), 30))]


@cache
def ift() -> Ift:
    """The IFT a game reads: ``assets/rules/asl-minefields/ift.json`` (AM-56)."""
    return _read(Ift, "ift.json", "AM-56: the program never assumes a cell of the IFT")


@cache
def aerial_table() -> AerialTable:
    """``assets/rules/asl-minefields/aerial-af.json`` (AM-57)."""
    return _read(AerialTable, "aerial-af.json",
                 "AM-57: the program never assumes an Aerial AF; type in the printed values")


T = TypeVar("T")


def _read(cls: type[T], name: str, why: str) -> T:
    """A table file, or one line naming the file, the field and the clause: a game meeting
    it mid-move refuses that step and changes nothing."""
    try:
        return read_rule_table(cls, RULESET_ID, name)
    except BadInput as e:
        raise BadInput(e.where, f"{e.what} ({why})") from e
