"""Part 2's data files for patrols and harbor attacks: ``patrol_options.json`` — the two
option lists the source lost (AW-229: what a patrol with carriers may do en route when not
intercepted, what the naval air of a patrol staying at sea may do) — and
``harbor_attacks.json``, the Harbor Attack Table the source does not print (AW-248): the
kinds of attack, the results a player may enter, and Germany's free initial attack
(AW-137). Replace either file to play with other lists; a file that breaks its schema is
refused in one line naming the field."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Annotated, Literal

from mineboard.core.schema import Doc, Length, Range
from mineboard.rules.awaw_naval.data import RULESET_ID
from mineboard.rules.common.tables import read_rule_table


@dataclass(frozen=True, slots=True)
class PatrolOptions:
    schema: Literal[1]
    en_route: Annotated[tuple[str, ...], Length(1, 20),
                        Doc("AW-229: what a patrol with carriers may do en route when not "
                            "intercepted (21.416G)")]
    staying_nas: Annotated[Mapping[str, str], Length(1, 20),
                           Doc("AW-229: the missions the naval air of a patrol staying at sea "
                               "may fly (21.4181C), key → words")]
    about: str = ""


@dataclass(frozen=True, slots=True)
class FreeAttack:
    """Germany's one free initial harbor attack (AW-137)."""

    nation: Annotated[str, Length(1, 40)]
    year: Annotated[int, Range(1900, 2100)]
    season: Annotated[int, Range(0, 3), Doc("0 Spring … 3 Winter: usable from then on")]


@dataclass(frozen=True, slots=True)
class HarborTable:
    schema: Literal[1]
    kinds: Annotated[Mapping[str, str], Length(1, 20), Doc("kind of attack → its name")]
    results: Annotated[Mapping[str, str], Length(1, 40),
                       Doc("result a player may enter → what it means (AW-248)")]
    free_attack: FreeAttack
    modifier_limit: Annotated[int, Range(0, 20), Doc("largest modifier either side states")] \
        = 6
    about: str = ""


@cache
def patrol_options() -> PatrolOptions:
    return read_rule_table(PatrolOptions, RULESET_ID, "patrol_options.json")


@cache
def harbor_table() -> HarborTable:
    return read_rule_table(HarborTable, RULESET_ID, "harbor_attacks.json")
