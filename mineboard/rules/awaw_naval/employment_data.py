"""Employment's data files: ``employment.json`` (the task-force threshold of AW-65 and what
cargo needs of its task force, AW-75) and ``boxes.json`` (what ships in each kind of mapboard
box may do, AW-17…AW-26, AW-234). Figures of the rules live here, not in code."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Annotated, Literal

from mineboard.core.schema import Doc, Length, Range
from mineboard.rules.awaw_naval.data import RULESET_ID
from mineboard.rules.common.tables import read_rule_table


@dataclass(frozen=True, slots=True)
class CargoNeed:
    name: str
    destroyers: Annotated[int, Range(0, 9), Doc("destroyer factors per cargo factor")]
    per_transport: Annotated[int, Range(0, 99), Doc("cargo factors one transport carries "
                                                    "(0: transports may not)")]


@dataclass(frozen=True, slots=True)
class EmploymentTable:
    schema: Literal[1]
    tf_factors: Annotated[int, Range(1, 999), Doc("AW-65: a force this big needs a TF")]
    cargo: Annotated[Mapping[str, CargoNeed], Length(1)]
    held_may_uninvert: Annotated[bool, Doc("AW-249: units held inverted until the end of "
                                           "the player turn may be uninverted at it")] = True
    about: str = ""


@dataclass(frozen=True, slots=True)
class Destinations:
    fronts: tuple[str, ...] = ()
    groups: tuple[str, ...] = ()
    ports: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Prewar:
    """American ships may not act against ``enemy`` nor cover what is bound for
    ``shielded`` until the U.S. is at war with ``enemy`` (AW-21, AW-234)."""

    enemy: str
    american: bool = True
    shielded: tuple[str, ...] = ()
    activities: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class BoxRule:
    name: str
    activities: tuple[str, ...] | None = None
    destinations: Mapping[str, Destinations] = field(default_factory=dict)
    with_invasion: tuple[str, ...] = ()
    intercept: bool = True
    one_operation: bool = True
    prewar: Prewar | None = None
    raiders: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class BoxTable:
    schema: Literal[1]
    boxes: Mapping[str, BoxRule]
    aliases: Mapping[str, str] = field(default_factory=dict)
    about: str = ""


@cache
def employment_table() -> EmploymentTable:
    return read_rule_table(EmploymentTable, RULESET_ID, "employment.json")


@cache
def box_table() -> BoxTable:
    return read_rule_table(BoxTable, RULESET_ID, "boxes.json")
