"""Seaborne invasions' arithmetic and limits (AW-139…AW-155, AW-227, AW-239, AW-250), free
of the game state: what the engine (invasion_orders.py), the command line and the tests
judge with the same numbers. What other systems decide — the ground-combat odds and result,
supply, CTL, marines and commandos, winter — comes in as arguments (the catalogue's "Out of
scope" list), never as an assumption.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from mineboard.rules.awaw_naval.bombardment import Line, Refused

BEACH, GIBRALTAR, SINGAPORE, ONE_HEX_ISLAND, PORT, OTHER = \
    "beach", "gibraltar", "singapore", "one_hex_island", "port", "other"
"""What an invasion hex is, as far as AW-151 asks."""

INVADABLE = (BEACH, GIBRALTAR, SINGAPORE, ONE_HEX_ISLAND)

COMMANDO_RANGE = {"europe": 10, "pacific": 5}
"""A commando invading a port by its special ability: its range by theatre (AW-140)."""

FREE_ATTACKERS = ("marine", "commando")
"""Unit kinds not counted against the two units attacking from the sea (AW-153)."""

SEA_ATTACKERS = 2


@dataclass(frozen=True, slots=True)
class Needs:
    destroyers: int
    transports: int
    lines: tuple[Line, ...]


def destroyers_needed(factors: int, occupied: bool, from_box: bool = False,
                      box_multiple: int = 2, factors_per_transport: int = 5) -> Needs:
    """Destroyer factors for ``factors`` embarked ground factors — every embarked unit,
    attacking or not (AW-143): 1 each, 2 if an enemy ground unit occupies the hex; from a
    box doubled and one SW-box transport per 5 factors, rounded up (AW-227, AW-238)."""
    per = 2 if occupied else 1
    lines = [Line("AW-143", f"{factors} embarked ground factors × {per} destroyer factor"
                            f"{'s' if per > 1 else ''} "
                            f"({'occupied' if occupied else 'empty'} hex) = {factors * per}")]
    dd = factors * per
    transports = 0
    if from_box:
        dd *= box_multiple
        transports = math.ceil(factors / factors_per_transport)
        lines.append(Line("AW-227", f"from a box: × {box_multiple} = {dd} destroyer factors, "
                                    f"and ⌈{factors} ÷ {factors_per_transport}⌉ = "
                                    f"{transports} SW-box transports (AW-238 rounds up)"))
    return Needs(dd, transports, tuple(lines))


def check_destroyers(have: int, needs: Needs) -> Line:
    if have < needs.destroyers:
        raise Refused(f"{have} destroyer factors carry the invaders; {needs.destroyers} are "
                      "needed", "AW-143")
    return Line("AW-143", f"{have} destroyer factors ≥ {needs.destroyers} needed")


@dataclass(frozen=True, slots=True)
class Invader:
    """A ground unit embarked for an invasion (the ground module's unit, as far as the
    naval rules ask)."""

    id: str
    factors: int
    attacks: bool = True
    """Attacks the hex from the sea in the initial combat (else held aboard)."""
    kind: str = "infantry"
    """infantry, armor, marine, commando, airborne … (AW-153 counts marines and commandos
    apart)."""
    supply: str = "full"
    """full, partial or army_oil (AW-145, from the supply module)."""
    air: bool = False
    """An air unit (AW-145: never invades)."""


def check_units(units: Sequence[Invader]) -> list[Line]:
    """AW-145 (full supply, no air units) and AW-153 (at most two units attack from the sea,
    marines and commandos apart)."""
    if not units:
        raise Refused("an invasion carries at least one ground unit", "AW-139")
    for u in units:
        if u.air:
            raise Refused(f"{u.id} is an air unit: air units never invade", "AW-145")
        if u.supply != "full":
            why = "partially supplied" if u.supply == "partial" else "under an army oil effect"
            raise Refused(f"{u.id} is {why} and may not invade", "AW-145")
    counted = [u.id for u in units if u.attacks and u.kind not in FREE_ATTACKERS]
    if len(counted) > SEA_ATTACKERS:
        raise Refused(f"{len(counted)} units attack from the sea ({', '.join(counted)}): at "
                      "most two, marines and commandos apart", "AW-153")
    if not any(u.attacks for u in units):
        raise Refused("no embarked unit attacks the hex", "AW-153")
    return [Line("AW-153", f"{len(counted)} unit(s) attack from the sea besides marines and "
                           "commandos (at most 2)")]


def attack_factors(units: Sequence[Invader], joiners: int = 0,
                   count_joiners: bool = False) -> int:
    """The ground factors involved in the invasion attack (AW-154): units that attack,
    plus airborne and adjacent land units only under the rule option."""
    return sum(u.factors for u in units if u.attacks) + (joiners if count_joiners else 0)


@dataclass(frozen=True, slots=True)
class Caps:
    ground: int
    bombardment: int
    support: int
    lines: tuple[Line, ...]


def support_caps(units: Sequence[Invader], joiners: int = 0,
                 count_joiners: bool = False) -> Caps:
    """AW-154: bombardment and ground support may each add at most 3 × the ground factors
    involved in the invasion attack."""
    ground = attack_factors(units, joiners, count_joiners)
    held = sum(u.factors for u in units if not u.attacks)
    text = f"{ground} ground factors in the attack"
    if held:
        text += f" ({held} held aboard do not count)"
    if joiners:
        text += (f"; {joiners} airborne/adjacent {'count' if count_joiners else 'do not count'}"
                 " (rule option)")
    text += f" → bombardment ≤ {3 * ground}, ground support ≤ {3 * ground}"
    return Caps(ground, 3 * ground, 3 * ground, (Line("AW-154", text),))


def check_odds(attack: int, defense: int, occupied: bool) -> Line:
    """AW-147: an occupied hex only at 1:1 or better (odds from the ground module)."""
    if occupied and attack < defense:
        raise Refused(f"attack {attack} against defense {defense} is under 1:1: an occupied "
                      "hex is invaded only at 1:1 or better", "AW-147")
    return Line("AW-147", f"attack {attack} against defense {defense}"
                          + (" ≥ 1:1" if occupied else " (hex empty: no odds limit)"))


@dataclass(frozen=True, slots=True)
class EnemyNaval:
    """Enemy naval units in the invasion hex once air, harbor and atomic attacks are done."""

    id: str
    factors: int
    counts: bool
    """A fleet or carrier unit: submarines, ASW and transports are not counted (AW-148)."""
    damaged: bool = False
    tf: str = ""


def check_naval_presence(enemy: Sequence[EnemyNaval], tf_needs_undamaged: bool = False,
                         other_coast: bool = False) -> Line:
    """AW-148, AW-239, AW-149: an enemy TF blocks (with one counted factor, undamaged under
    the option), as do 10 or more undamaged counted factors outside TFs — unless the
    hex's beach faces another coast than its port (Lorient, Famagusta)."""
    if other_coast:
        return Line("AW-149", "the beach faces another coast than the port: naval units "
                              "there never prevent the invasion")
    tfs = sorted({e.tf for e in enemy if e.tf and e.counts
                  and (not tf_needs_undamaged or not e.damaged)})
    if tfs:
        raise Refused(f"an enemy task force ({', '.join(tfs)}) is in the invasion hex",
                      "AW-239")
    loose = sum(e.factors for e in enemy if not e.tf and e.counts and not e.damaged)
    if loose >= 10:
        raise Refused(f"{loose} undamaged enemy naval factors outside task forces are in the "
                      "invasion hex (10 or more forbid it)", "AW-148")
    return Line("AW-148", f"{loose} undamaged counted enemy naval factors outside task forces"
                          " (fewer than 10), no enemy task force")


def check_target(kind: str, commando: bool = False, defended: bool = False,
                 western_allied_ctl: int = 0) -> Line:
    """AW-151: beach hexes, Gibraltar, Singapore, one-hex islands; a commando also an
    undefended port while the Western Allied CTL is 2 or more."""
    if kind in INVADABLE:
        return Line("AW-151", f"the invasion hex is {kind.replace('_', ' ')}: eligible")
    if kind == PORT and commando:
        if defended:
            raise Refused("a commando invades only an undefended port", "AW-151")
        if western_allied_ctl < 2:
            raise Refused(f"a commando invades a port only at Western Allied CTL 2 or more "
                          f"(CTL {western_allied_ctl})", "AW-151")
        return Line("AW-151", f"a commando against an undefended port at CTL "
                              f"{western_allied_ctl}")
    raise Refused("only beach hexes, Gibraltar, Singapore and one-hex islands may be invaded",
                  "AW-151")


def check_commando_range(theatre: str, length: int) -> Line:
    """AW-140: a commando invading a port by its ability sails at most 10 (Europe) or 5
    (Pacific) hexes."""
    limit = COMMANDO_RANGE.get(theatre, COMMANDO_RANGE["europe"])
    if length > limit:
        raise Refused(f"a commando invading a port has a range of {limit} hexes in the "
                      f"{theatre.title()}; this one is {length}", "AW-140")
    return Line("AW-140", f"commando range {length} ≤ {limit} ({theatre.title()})")


def check_winter(winter: bool, route_fronts: Sequence[str], aleutian: bool) -> Line:
    """AW-146: in winter no route through a western- or eastern-front sea hex, whatever the
    target, and no Aleutian island at all."""
    if not winter:
        return Line("AW-146", "not a winter turn")
    if aleutian:
        raise Refused("no Aleutian island may be invaded in a winter turn", "AW-146")
    barred = [f for f in dict.fromkeys(route_fronts) if f in ("western", "eastern")]
    if barred:
        raise Refused(f"winter: the invasion's naval movement uses {' and '.join(barred)}-front"
                      " sea hexes", "AW-146")
    return Line("AW-146", "winter: the route uses no western- or eastern-front sea hex")


def surplus_return(distance: int | None, return_to: int) -> Line:
    """AW-250: surplus invaders go back to a port within the AW-72 return distance (a
    reading: 20 Europe, 10 Pacific); else they stay, and an overstack is eliminated at the
    end of the combat phase."""
    if distance is None or distance > return_to:
        shown = "no route" if distance is None else f"{distance} hexes"
        raise Refused(f"that port is {shown} from the invasion hex, beyond {return_to}: the "
                      "surplus stays (eliminated at the end of the combat phase if "
                      "overstacked)", "AW-250")
    return Line("AW-250", f"port {distance} hexes from the invasion hex ≤ {return_to}")
