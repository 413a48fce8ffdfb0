"""awaw-naval data: ship types, nations, theatre figures, the Naval Activities Table and the
rule options, each a JSON file under ``assets/rules/awaw-naval/`` a player may edit.

The source leans on systems outside rule 21 (the catalogue's "Out of scope" list): what a
ship type is, each nation's Naval Nationality DRM and the Naval Activities Table are data
here (AW-247, AW-223), never constants in code; the theatres' figures are data too
(AW-222), so a house rule is an edit, not a patch.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Annotated, Literal

from mineboard.core.schema import Doc, Length, Range
from mineboard.rules.common.tables import Shared, read_rule_table

RULESET_ID = "awaw-naval"
SIDES = ("Axis", "Allies")
Theatre = Literal["europe", "pacific"]
Phase = Literal["movement", "combat", "redeployment", "construction"]


@dataclass(frozen=True, slots=True)
class ShipType:
    """What a counter of this type is (AW-247). Fleet factors are the surface warships' —
    battleships, battlecruisers, cruisers and destroyers — that escort carriers (AW-66)."""

    name: Annotated[str, Length(1, 60)]
    fleet: bool = False
    heavy: bool = False
    capital: bool = False
    fast: bool = False
    battlecruiser: bool = False
    cruiser: bool = False
    destroyer: bool = False
    carrier: Annotated[bool, Doc("a fast carrier (AW-66)")] = False
    cve: bool = False
    submarine: bool = False
    asw: bool = False
    transport: bool = False


@dataclass(frozen=True, slots=True)
class ShipTable:
    schema: Literal[1]
    types: Annotated[Mapping[str, ShipType], Length(1)]
    about: str = ""


@dataclass(frozen=True, slots=True)
class Nation:
    side: Literal["Axis", "Allies"]
    naval_drm: Annotated[int, Range(0, 9), Doc("Naval Nationality DRM (AW-247)")]
    western: Annotated[bool, Doc("a Western Allied power (the U.S. boxes serve only them, "
                                 "AW-41)")] = False
    american: Annotated[bool, Doc("American ships (AW-21)")] = False
    stand_in: Annotated[bool, Doc("its DRM is a placeholder the project chose")] = False


@dataclass(frozen=True, slots=True)
class NationTable:
    schema: Literal[1]
    nations: Annotated[Mapping[str, Nation], Length(1)]
    about: str = ""


@dataclass(frozen=True, slots=True)
class Figures:
    """A theatre's distances, in hexes (AW-222)."""

    name: str
    range: Annotated[int, Range(1, 999), Doc("base changes, displacement, offensive missions "
                                             "(AW-49, AW-57, AW-81, AW-82)")]
    touch_every: Annotated[int, Range(1, 999), Doc("a port touch within every so many hexes "
                                                   "(AW-80, AW-82)")]
    return_to: Annotated[int, Range(0, 999), Doc("another base after an activity (AW-72)")]
    intercept: Annotated[int, Range(1, 999), Doc("interceptions reach (AW-79)")]


@dataclass(frozen=True, slots=True)
class TheatreTable:
    schema: Literal[1]
    theatres: Mapping[Theatre, Figures]
    about: str = ""


@dataclass(frozen=True, slots=True)
class Activity:
    name: str
    operation: Annotated[bool, Doc("uses up the unit's one operation of the player turn "
                                   "(AW-63)")]
    offensive: Annotated[bool, Doc("an offensive mission: mission range and port touches "
                                   "(AW-82)")] = False
    phase: Annotated[str, Doc("the phase it is carried out in (empty: any)")] = ""


@dataclass(frozen=True, slots=True)
class ActivityTable:
    schema: Literal[1]
    activities: Annotated[Mapping[str, Activity], Length(1)]
    about: str = ""


@dataclass(frozen=True, slots=True)
class RuleOptions:
    """The readings the catalogue leaves open, each with its clause; a scenario's
    ``options`` overrides any of them (options.json's defaults)."""

    cross_theatre: Annotated[Theatre, Doc("AW-222: the figures of box-to-box and "
                                          "cross-theatre routes")] = "pacific"
    japan_first_leg_to_hawaii: Annotated[bool, Doc("AW-228: Japan's 20-hex first leg "
                                                   "holds toward Johnston Island and the "
                                                   "Hawaiian Islands (never toward "
                                                   "Midway)")] = True
    one_port_per_hex_strict: Annotated[bool, Doc("AW-246: no port counter in a hex that "
                                                 "has a printed port")] = True
    bridgehead_two_hex_islands: Annotated[bool, Doc("AW-237: two-hex islands without a "
                                                    "port count too")] = False
    enemy_tf_needs_undamaged: Annotated[bool, Doc("AW-239: only an enemy TF with an "
                                                  "undamaged factor blocks")] = False
    dutch_harbor_bars_all_bases: Annotated[bool, Doc("AW-140: Dutch Harbor may not base the "
                                                     "destroyers or bombarding ships of an "
                                                     "invasion either (default: only no "
                                                     "embarking there)")] = False
    invasion_caps_count_joiners: Annotated[bool, Doc("AW-154: airborne and adjacent land "
                                                     "units joining an invasion count toward "
                                                     "the support caps")] = False


@dataclass(frozen=True, slots=True)
class AwData(Shared):
    """Everything a game reads and never changes: shared by every copy of a state."""

    ships: Mapping[str, ShipType]
    nations: Mapping[str, Nation]
    theatres: Mapping[str, Figures]
    activities: Mapping[str, Activity]
    options: RuleOptions


@cache
def ship_table() -> ShipTable:
    return read_rule_table(ShipTable, RULESET_ID, "units.json")


@cache
def nation_table() -> NationTable:
    return read_rule_table(NationTable, RULESET_ID, "nations.json")


@cache
def theatre_table() -> TheatreTable:
    return read_rule_table(TheatreTable, RULESET_ID, "theatres.json")


@cache
def activity_table() -> ActivityTable:
    return read_rule_table(ActivityTable, RULESET_ID, "activities.json")


@cache
def default_options() -> RuleOptions:
    return read_rule_table(RuleOptions, RULESET_ID, "options.json")
