"""asl-minefields data: unit types and the rule options (the readings the catalogue leaves to
the players), each a JSON file under ``assets/rules/asl-minefields/`` a player may edit.

Morale, armor and movement allowances are outside B28 (the catalogue's "What the clauses
need from outside the source"): the unit file carries the few numbers the small morale
model (morale.py) and the movement costs need, and says so on its face.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Annotated, Literal

from mineboard.core.schema import Doc, Length, Range
from mineboard.rules.common.tables import Shared, read_rule_table

RULESET_ID = "asl-minefields"

UnitClass = Literal["infantry", "cavalry", "vehicle"]
Size = Literal["squad", "half-squad", "leader", "crew", "vehicle"]
Tracks = Literal["none", "half", "full"]


@dataclass(frozen=True, slots=True)
class UnitType:
    """One kind of counter. Infantry and cavalry are Personnel; a vehicle with every hull
    AF given is armored (an AFV), one whose lowest hull AF is 0 counts as unarmored for
    every minefield attack (AM-20)."""

    name: Annotated[str, Length(1, 60)]
    cls: Annotated[UnitClass, Doc("infantry, cavalry or vehicle")]
    size: Size
    fp: Annotated[int, Range(0, 99), Doc("firepower: the IFT column it fires on (snap shots)")] = 0
    morale: Annotated[int, Range(0, 12), Doc("morale level (Personnel): an MC or PTC whose "
                                             "final DR exceeds it fails")] = 0
    mf: Annotated[int, Range(0, 99), Doc("movement factors (Personnel) or points "
                                         "(vehicles) a Movement Phase")] = 4
    reduces_to: Annotated[str, Doc("the unit type Casualty Reduction turns it into; empty: "
                                   "Casualty Reduction eliminates it")] = ""
    armored: Annotated[bool, Doc("an AFV (its hull AF decides how mines treat it)")] = False
    hull_af: Annotated[tuple[Annotated[int, Range(0, 30)], ...], Length(0, 3),
                       Doc("front, side and rear hull armor factors")] = ()
    tracks: Annotated[Tracks, Doc("fully-tracked AFVs may make Trail Breaks (AM-41)")] = "none"
    carries: Annotated[int, Range(0, 9), Doc("Personnel units it may carry (PRC)")] = 0
    flail: Annotated[bool, Doc("a Flail Tank (AM-45…AM-47)")] = False
    sapper: Annotated[int, Range(0, 2), Doc("its Clearance DR drm (AM-49: squad 2, HS 1)")] = 0
    ptc_immune: Annotated[bool, Doc("normally immune to PTC (takes them only for Booby "
                                    "Traps, AM-52)")] = False

    @property
    def vehicle(self) -> bool:
        return self.cls == "vehicle"

    @property
    def personnel(self) -> bool:
        return self.cls != "vehicle"

    @property
    def lowest_hull_af(self) -> int | None:
        return min(self.hull_af) if self.hull_af else None

    @property
    def mine_armored(self) -> bool:
        """Armored for minefield attacks: an AFV whose lowest hull AF is above 0 (AM-20)."""
        low = self.lowest_hull_af
        return self.vehicle and self.armored and low is not None and low > 0


@dataclass(frozen=True, slots=True)
class UnitTable:
    schema: Literal[1]
    types: Annotated[Mapping[str, UnitType], Length(1)]
    about: str = ""


@dataclass(frozen=True, slots=True)
class RuleOptions:
    """The readings of truncated or ambiguous clauses the catalogue leaves open, each with
    its clause; a scenario's ``options`` overrides any of them (options.json's defaults)."""

    booby_triggers: Annotated[Mapping[str, tuple[Annotated[int, Range(2, 12)], ...]],
                              Doc("AM-61: the Original TC DRs that set off booby traps, "
                                  "per level (A, B, C)")]

    cr_stops: Annotated[bool, Doc("AM-64: a Casualty-Reduced unit stops too (default: it "
                                  "goes on if still in Good Order)")] = False
    at_on_leave: Annotated[bool, Doc("AM-28: A-T mines trigger when a vehicle leaves their "
                                     "hex too")] = True
    at_on_vca: Annotated[bool, Doc("AM-28: … and when it changes VCA within it")] = True
    only_vehicles_trigger_at: Annotated[bool, Doc("AM-27: only vehicles set off A-T mines "
                                                  "(false: every non-Infantry unit)")] = True
    vehicles_double_tb: Annotated[bool, Doc("AM-42: vehicles may pay double MP through a TB "
                                            "to avoid the attack")] = True
    building_spares: Annotated[bool, Doc("AM-24: a minefield in a building hex does not "
                                         "attack moves into or out of the building")] = True
    at_used_up: Annotated[bool, Doc("AM-77: an A-T attack that eliminates or immobilizes "
                                    "uses up one A-T factor")] = False
    daisy_hidden_on_paved: Annotated[bool, Doc("AM-71: a Daisy Chain stays hidden on a paved "
                                               "road or bridge (false: in full view)")] = True
    booby_part_of_setup: Annotated[bool, Doc("AM-54: booby traps need only part of the "
                                             "setup area on the board (default: all of "
                                             "it)")] = False
    k_reduces_by: Annotated[int, Range(0, 12), Doc("AM-44: factors an Original K of an FFE "
                                                   "or bomb takes off (0: ask the players "
                                                   "for the amount)")] = 0


@dataclass(frozen=True, slots=True)
class AmData(Shared):
    """Everything a game reads and never changes: shared by every copy of a state."""

    units: Mapping[str, UnitType]
    options: RuleOptions


@cache
def unit_table() -> UnitTable:
    return read_rule_table(UnitTable, RULESET_ID, "units.json")


@cache
def default_options() -> RuleOptions:
    return read_rule_table(RuleOptions, RULESET_ID, "options.json")
