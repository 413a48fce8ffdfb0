"""Sealift's figures and links (``sealift.json``) and the two plain values its arithmetic
passes around: a place as the rules see it (``Where``: a box's role, a port's fronts, island
group and theatre) and one step of a requirement with its clause (``Step``). The modules
transport.py, escort.py and shipments.py compute with these alone, never with the map, so
their sums can be checked on paper (AW-117…AW-135, AW-205…AW-220, AW-233, AW-238)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Annotated, Literal

from mineboard.core.schema import Doc, Range
from mineboard.rules.awaw_naval.data import RULESET_ID
from mineboard.rules.common.tables import read_rule_table


@dataclass(frozen=True, slots=True)
class Link:
    """A sea-transport link involving a box (AW-123) and the SW box it passes (AW-125)."""

    name: str
    boxes: tuple[str, ...]
    fronts: tuple[str, ...] = ()
    groups: tuple[str, ...] = ()
    ports: tuple[str, ...] = ()
    theatres: tuple[str, ...] = ()
    sw: str = ""


@dataclass(frozen=True, slots=True)
class Pair:
    """Two places between which transports may (or must) escort (AW-233)."""

    a: str
    b: str
    sw: str = ""
    must: bool = False


@dataclass(frozen=True, slots=True)
class OilEscort:
    destroyers: tuple[str, ...] = ()
    transports: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class SealiftTable:
    schema: Literal[1]
    far_boxes: tuple[str, ...]
    links: tuple[Link, ...]
    oil: OilEscort
    far_dd_per_factor: Annotated[int, Range(1, 9), Doc("AW-124: to or from a far box")] = 2
    dd_per_factor: Annotated[int, Range(1, 9), Doc("AW-124, AW-208")] = 1
    dd_per_oil: Annotated[int, Range(1, 9), Doc("AW-118, AW-208")] = 3
    per_transport: Annotated[int, Range(1, 99), Doc("AW-125, AW-209")] = 5
    transport_pairs: tuple[Pair, ...] = ()
    supply_from_box: tuple[str, ...] = ()
    brp_grants: tuple[str, ...] = ()
    about: str = ""


@cache
def sealift_table() -> SealiftTable:
    return read_rule_table(SealiftTable, RULESET_ID, "sealift.json")


@dataclass(frozen=True, slots=True)
class Where:
    """A place as sealift's rules read it: its id and name, the role of a box (empty for a
    port or island), the fronts, island group and theatre of a port."""

    id: str
    box: str = ""
    fronts: tuple[str, ...] = ()
    group: str = ""
    theatre: str = ""
    name: str = ""
    role: str = ""
    """The port's ``port_role`` on the map: which port of the rules it stands for (a demo
    map's Canalmouth stands for Suez)."""

    @property
    def label(self) -> str:
        return self.name or self.id


@dataclass(frozen=True, slots=True)
class Step:
    """One line of a requirement: what is counted, by which clause, and how many."""

    clause: str
    text: str
    destroyers: int = 0
    transports: int = 0

    def line(self) -> str:
        return f"{self.clause}: {self.text}"


@dataclass(frozen=True, slots=True)
class Need:
    """What a cargo needs: destroyer factors, transports, and the steps that made them."""

    destroyers: int = 0
    transports: int = 0
    steps: tuple[Step, ...] = field(default_factory=tuple)

    def lines(self) -> list[str]:
        return [s.line() for s in self.steps]


def per_five(amount: int, per: int) -> int:
    """Transports for ``amount`` at ``per`` each, rounded up (AW-209, AW-238)."""
    return math.ceil(amount / per) if amount > 0 else 0


def sw_name(role: str) -> str:
    """The SW box of a role, by boxes.json's name ("Atlantic SW box")."""
    from mineboard.rules.awaw_naval.employment_data import box_table

    rule = box_table().boxes.get(role)
    return rule.name if rule is not None else (role or "SW box")


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def joined(*needs: Need) -> Need:
    return Need(sum(n.destroyers for n in needs), sum(n.transports for n in needs),
                tuple(s for n in needs for s in n.steps))


def links_of(table: SealiftTable | None = None) -> tuple[Link, ...]:
    return (table or sealift_table()).links


def as_mapping(where: Where) -> Mapping[str, object]:
    return {"id": where.id, "box": where.box, "fronts": list(where.fronts),
            "group": where.group, "theatre": where.theatre}
