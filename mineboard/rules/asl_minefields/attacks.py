"""Minefield attacks: one A-P attack on one unit, one A-T trigger (and attack) on one
vehicle, and what an attack reveals. movement.py decides *when* a field attacks (entry,
exit, the order of AM-66, Trail Breaks, buildings); daisy.py and the PRC rules call here too.

- A-P (AM-12, AM-17, AM-19, AM-20, AM-56): the IFT column equal to the field's strength,
  the Original DR with no DRM at all (AM-10: no TEM, no FFMO — the list of DRMs B28.3 lost
  is moot, none applies). Personnel take the result through the morale model (morale.py).
  An unarmored vehicle (hull AF 0 included, AM-20) reads the IFT's Vehicle line; an armored
  one is affected only by a KIA, which immobilises it (AM-19); any other result leaves it
  unaffected and is a "no effect" (AM-69).
- A-T (AM-28…AM-31, AM-67, AM-73, AM-77): a dr ≤ the hex's A-T factors makes one attack on
  the 36+ column (not one per factor). Vs an AFV: KIA (DR + the Aerial AF of its lowest hull
  AF, for the KIA check only) eliminates, anything else immobilises. Vs an unarmored
  vehicle: eliminated outright, a Burning Wreck when that DR reads a KIA (DR ≤ 6 on the
  stand-in). Only vehicles set A-T mines off (AM-27; option ``only_vehicles_trigger_at``).
- PRC (AM-21, AM-22, AM-32): a vehicle eliminated → its PRC roll for survival; immobilised
  → its Vulnerable PRC are attacked Collaterally (morale.py says how).
- Reveal (AM-05, AM-06, AM-68, AM-70): an attack on a susceptible unit reveals the field's
  type to everybody; its strength only when the attack had an effect.

Every roll names its clause; every event too. The functions change ``state`` (the whole
game, not a view) and return what happened as an :class:`Outcome`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from types import ModuleType
from typing import Any, Literal

from mineboard.core.chance import dice_sum
from mineboard.core.dice import Dice
from mineboard.core.events import CountersRevealed, DiceRolled, Event
from mineboard.core.places import PlaceRef
from mineboard.rules.asl_minefields import morale
from mineboard.rules.asl_minefields.morale import eliminate, roll_2d6
from mineboard.rules.asl_minefields.state import GOOD, AmState, Minefield, Unit
from mineboard.rules.asl_minefields.tables import aerial_table, ift


@dataclass
class Outcome:
    """What one attack (or trigger roll) did to one unit."""

    events: list[Event] = field(default_factory=list)
    effect: bool = False
    """The attack had an effect: the field's strength is revealed (AM-06, AM-69)."""
    stops: bool = False
    """The unit may go no further: pinned, broken, immobilised or eliminated (and
    Casualty-Reduced where the option ``cr_stops`` says so, AM-64)."""
    cancels_at: bool = False
    """Immobilised or eliminated: later A-T attacks on this vehicle are cancelled (AM-18)."""
    attacked: bool = False
    """An attack was made (for A-T: the trigger dr succeeded). A Daisy Chain that attacked
    ceases to exist (AM-39, AM-65: daisy.py removes it)."""


AP_CLAUSE = "AM-12"
AT_CLAUSE = "AM-29"


@dataclass(frozen=True, slots=True, kw_only=True)
class QuietAttack(DiceRolled):
    """An A-P attack with no effect: its IFT column is the field's strength, which only the
    owner may read (AM-06, AM-69). The other sides read ``public_text`` and
    ``public_data``: the dice and "no effect", never the column."""

    public_text: str = ""
    public_data: Mapping[str, Any] = field(default_factory=dict)

    def public_twin(self) -> Event | None:
        return DiceRolled(kind=self.kind, clause=self.clause, text=self.public_text,
                          at=self.at, dice=self.dice, hits=self.hits, tally=self.tally,
                          data=self.public_data)


def _attack_event(field: Minefield, clause: str, at: PlaceRef, pair: tuple[int, int],
                  effect: bool, tally: str, text: str, public_text: str,
                  data: dict[str, Any]) -> DiceRolled:
    """The attack's dice: public when it had an effect (its strength is revealed anyway);
    otherwise the owner's alone, the others reading it without the column."""
    if effect:
        return DiceRolled(kind="MinefieldAttack", clause=clause, at=at, dice=pair,
                          hits=(True, True), tally=tally, text=text, data=data)
    public = {k: v for k, v in data.items() if k != "column"}
    return QuietAttack(kind="MinefieldAttack", clause=clause, at=at, dice=pair,
                       hits=(False, False), tally=tally, text=text, data=data,
                       secret_to=field.owner, public_text=public_text, public_data=public)


# ---- A-P ------------------------------------------------------------------------------------
def ap_attack(state: AmState, unit_id: str, field: Minefield, dice: Dice) -> Outcome:
    """The A-P minefield ``field`` attacks ``unit_id`` once (entry, exit, unloading or
    bailing out: the caller knows which). The unit is taken to be in the field's hex."""
    strength = field.ap or 0
    if strength <= 0:
        return Outcome()
    unit = state.units[unit_id]
    utype = state.unit_type(unit)
    clause = "AM-17" if utype.vehicle else AP_CLAUSE
    table = ift()
    # AM-05: a susceptible unit meeting the field shows its presence and type before any
    # die is rolled — the first thing the other side learns is the reveal itself
    shown = reveal(state, field, "ap", strength=False)
    pair = roll_2d6(dice, clause, f"A-P minefield attack on {unit_id}")
    dr = sum(pair)
    column = table.column_label(table.column_index(strength))
    result = table.result(strength, dr)
    at = state.board.ref(field.hex)
    base = {"unit": unit_id, "hex": field.hex, "column": column, "dr": dr, "drm": 0,
            "dice": list(pair)}
    if utype.personnel:
        before = unit.status
        events: list[Event] = [*shown, _attack_event(
            field, clause, at, pair, result.effect, f"{dr}: {result.text}",
            f"A-P minefield attacks {unit_id} on the IFT {column} column, no DRM (AM-10): "
            f"DR {dr} → {result.text}",
            f"A-P minefield attacks {unit_id}: DR {dr} → no effect (its strength stays "
            f"secret, AM-06)", {**base, "result": result.text})]
        events += morale.MODEL.resolve(state, unit_id, result, dice, clause)
        events += reveal(state, field, "ap", strength=result.effect)
        return Outcome(events, effect=result.effect, stops=_stopped(state, unit, before, events),
                       attacked=True)
    if utype.mine_armored:
        hit = result.kind == "KIA"
        verdict = "immobilised (AM-19)" if hit else "no effect on an armored vehicle (AM-19)"
    else:
        line = table.vehicle(strength, dr)
        hit = line != "none"
        verdict = {"eliminated": "eliminated (Vehicle line)",
                   "immobilised": "immobilised (Vehicle line)"}.get(line, "no effect")
    events = [*shown, _attack_event(
        field, clause, at, pair, hit, f"{dr}: {verdict}",
        f"A-P minefield attacks {unit_id} on the IFT {column} column, no DRM (AM-10): "
        f"DR {dr} → {verdict}",
        f"A-P minefield attacks {unit_id}: DR {dr} → {verdict} (its strength stays secret, "
        f"AM-69)", {**base, "result": verdict})]
    if not hit:
        events += reveal(state, field, "ap", strength=False)
        return Outcome(events, attacked=True)
    if not utype.mine_armored and table.vehicle(strength, dr) == "eliminated":
        events += _vehicle_eliminated(state, unit, dice, clause, "eliminated by an A-P "
                                                                 "minefield")
    else:
        events += _vehicle_immobilised(state, unit, strength, dr, dice, clause)
    events += reveal(state, field, "ap", strength=True)
    return Outcome(events, effect=True, stops=True, cancels_at=True, attacked=True)


def _stopped(state: AmState, unit: Unit, before: str, events: list[Event]) -> bool:
    """AM-64: eliminated, or newly pinned or broken (a broken unit routing goes on unless
    it is worse off); Casualty Reduction stops it only under the option ``cr_stops``."""
    reduced = any(e.kind == "CasualtyReduction" and e.data.get("unit") == unit.id
                  for e in events)
    return unit.eliminated or (unit.status != before and unit.status != GOOD) or \
        (reduced and state.data.options.cr_stops)


# ---- any IFT attack on a unit (snap shots) ---------------------------------------------------
def fire(state: AmState, target_id: str, column: int, drm: int, dice: Dice, clause: str,
         purpose: str) -> Outcome:
    """One IFT attack on ``target_id`` at ``column`` firepower with ``drm`` (a Snap Shot:
    the TEM of the hex entered, AM-09 — never anything for a minefield). Personnel take
    the result through the morale model; an unarmored vehicle reads the Vehicle line; an
    armored one is immobilised by a KIA only (the rules of B28.42 stand in for the AFV
    rules this chapter lacks)."""
    unit = state.units[target_id]
    utype = state.unit_type(unit)
    table = ift()
    pair = roll_2d6(dice, clause, purpose)
    dr = sum(pair)
    final = dr + drm
    label = table.column_label(table.column_index(column))
    result = table.result(column, final)
    at = state.board.ref(unit.hex) if unit.hex else None
    data = {"unit": target_id, "column": label, "dr": dr, "drm": drm, "dice": list(pair)}
    if utype.personnel:
        before = unit.status
        events: list[Event] = [DiceRolled(
            kind="IftAttack", clause=clause, at=at, dice=pair, hits=(result.effect,) * 2,
            chance=_dr_chance(lambda f: table.result(column, f).effect, drm),
            tally=f"{final}: {result.text}",
            text=f"{purpose}: IFT {label} column, DR {dr} {drm:+d} = {final} → {result.text}",
            data={**data, "result": result.text})]
        events += morale.MODEL.resolve(state, target_id, result, dice, clause)
        return Outcome(events, effect=result.effect, stops=_stopped(state, unit, before, events),
                       attacked=True)
    def line_of(f: int) -> str:
        return ("immobilised" if table.result(column, f).kind == "KIA" else "none") \
            if utype.mine_armored else table.vehicle(column, f)

    line = line_of(final)
    events = [DiceRolled(kind="IftAttack", clause=clause, at=at, dice=pair,
                         hits=(line != "none",) * 2, tally=f"{final}: {line}",
                         chance=_dr_chance(lambda f: line_of(f) != "none", drm),
                         text=f"{purpose}: IFT {label} column, DR {dr} {drm:+d} = {final} → "
                              f"{'no effect' if line == 'none' else line}",
                         data={**data, "result": line})]
    if line == "eliminated":
        events += _vehicle_eliminated(state, unit, dice, clause, f"eliminated ({purpose})")
    elif line == "immobilised":
        events += _vehicle_immobilised(state, unit, column, dr, dice, clause)
    hit = line != "none"
    return Outcome(events, effect=hit, stops=hit, cancels_at=hit, attacked=True)


def _dr_chance(counts: Callable[[int], bool], drm: int) -> Fraction:
    """The chance that a 2d6 DR with ``drm`` gives a final DR that ``counts`` (for *View ▸
    Dice*). Only for attacks whose column everyone knows: a minefield's own attack would
    tell its secret strength by its chance (AM-06), so those carry none."""
    return sum((p for dr, p in dice_sum(2).fractions().items() if counts(dr + drm)),
               Fraction(0))


# ---- A-T ------------------------------------------------------------------------------------
def triggers_at(state: AmState, unit_id: str) -> bool:
    """AM-27: whether ``unit_id`` can set off A-T mines (vehicles; with the option off,
    every unit that is not Infantry)."""
    utype = state.unit_type(unit_id)
    if state.data.options.only_vehicles_trigger_at:
        return utype.vehicle
    return utype.cls != "infantry"


def at_attack(state: AmState, vehicle_id: str, field: Minefield, dice: Dice) -> Outcome:
    """The A-T mines of ``field`` against ``vehicle_id``: the trigger dr (AM-28), then at
    most one attack on the 36+ column (AM-67). Reveals the A-T type either way (AM-70)."""
    factors = field.at or 0
    if factors <= 0 or not triggers_at(state, vehicle_id):
        return Outcome()
    unit = state.units[vehicle_id]
    at = state.board.ref(field.hex)
    shown = reveal(state, field, "at", strength=False)  # AM-05, AM-70: before the dr
    trigger = dice.roll("AM-28", f"A-T trigger dr for {vehicle_id}")
    if trigger > factors:
        events: list[Event] = [*shown, DiceRolled(
            kind="MinefieldTrigger", clause="AM-28", at=at, dice=(trigger,), hits=(False,),
            tally=f"{trigger}: no attack",
            text=f"A-T mines: trigger dr {trigger} for {vehicle_id} — no attack",
            data={"unit": vehicle_id, "hex": field.hex, "dr": trigger, "attack": False})]
        return Outcome(events)
    events = [*shown, DiceRolled(
        kind="MinefieldTrigger", clause="AM-28", at=at, dice=(trigger,), hits=(True,),
        tally=f"{trigger}: attack", text=f"A-T mines: trigger dr {trigger} for {vehicle_id} "
                                         f"— one attack on the 36+ column (AM-67)",
        data={"unit": vehicle_id, "hex": field.hex, "dr": trigger, "attack": True})]
    table = ift()
    utype = state.unit_type(unit)
    pair = roll_2d6(dice, AT_CLAUSE, f"A-T mine attack on {vehicle_id}")
    dr = sum(pair)
    column = table.column_label(len(table.columns) - 1)
    result = table.result(table.top, dr)
    base = {"unit": vehicle_id, "hex": field.hex, "column": column, "dr": dr,
            "dice": list(pair)}
    if utype.mine_armored:
        low = utype.lowest_hull_af or 0
        drm = aerial_table().aerial(low)
        kia = table.result(table.top, dr + drm).kind == "KIA"
        verdict = "KIA: eliminated" if kia else "immobilised"
        events.append(DiceRolled(
            kind="MinefieldAttack", clause=AT_CLAUSE, at=at, dice=pair, hits=(True, True),
            tally=f"{dr}+{drm}: {verdict}",
            text=f"A-T mine attack on {vehicle_id} (36+ column, no TEM): DR {dr} + {drm} "
                 f"Aerial AF for hull AF {low} for the KIA check only (AM-30) = {dr + drm} → "
                 f"{verdict}", data={**base, "drm": drm, "result": verdict}))
        if kia:
            events += _vehicle_eliminated(state, unit, dice, AT_CLAUSE,
                                          "eliminated by A-T mines (AM-29)")
        else:
            events += _vehicle_immobilised(state, unit, table.top, dr, dice, AT_CLAUSE)
    else:
        wreck = result.kind == "KIA"
        verdict = "eliminated, Burning Wreck" if wreck else "eliminated"
        events.append(DiceRolled(
            kind="MinefieldAttack", clause="AM-31", at=at, dice=pair, hits=(True, True),
            tally=f"{dr}: {verdict}",
            text=f"A-T mine attack on unarmored {vehicle_id}: eliminated outright (AM-31); "
                 f"DR {dr} → {result.text}: "
                 f"{'a Burning Wreck' if wreck else 'no Burning Wreck'} (AM-73)",
            data={**base, "drm": 0, "result": verdict, "burning_wreck": wreck}))
        events += _vehicle_eliminated(state, unit, dice, "AM-31",
                                      "eliminated by A-T mines" +
                                      (", leaving a Burning Wreck" if wreck else ""))
    events += reveal(state, field, "at", strength=True)
    events += _used_up(state, field)
    events += _daisy_spent(state, field)
    return Outcome(events, effect=True, stops=True, cancels_at=True, attacked=True)


def _daisy_spent(state: AmState, field: Minefield) -> list[Event]:
    """AM-39, AM-65: a Daisy Chain that attacked is gone (daisy.py removes it). daisy.py
    sits above this module (it attacks through it), so it is found by name rather than
    imported: no import circle, not even a lazy one."""
    if not field.daisy:
        return []
    spent = getattr(_part("daisy"), "spent", None)
    if spent is None:
        return []
    events: list[Event] = spent(state, field)
    return events


def _used_up(state: AmState, field: Minefield) -> list[Event]:
    """AM-77: by default an A-T attack uses nothing up; the option takes one factor off.
    Either way the log says which reading is in force."""
    if field.daisy or not field.at:
        return []
    at = state.board.ref(field.hex)
    if not state.data.options.at_used_up:
        return [Event(kind="MinesRemain", clause="AM-77", at=at,
                      text=f"the A-T mines at {at} are not used up by their attack "
                           "(option at_used_up off)")]
    field.at -= 1
    if not field.at and not field.ap:
        state.minefields.get(field.owner, {}).pop(field.hex, None)
        return [Event(kind="MinefieldGone", clause="AM-77", at=at,
                      text=f"the A-T mines at {at} are used up (option at_used_up)")]
    return [Event(kind="MinefieldReduced", clause="AM-77", at=at,
                  text=f"the A-T mines at {at} lose one factor (option at_used_up): "
                       f"{field.at} left", data={"at": field.at})]


def _part(name: str) -> ModuleType:
    """A part of the ruleset above this module, by name (see :func:`_daisy_spent`)."""
    return importlib.import_module(f"mineboard.rules.asl_minefields.{name}")


# ---- vehicles and their PRC -----------------------------------------------------------------
def _vehicle_eliminated(state: AmState, vehicle: Unit, dice: Dice, clause: str,
                        why: str) -> list[Event]:
    """The vehicle is lost; its PRC roll for survival (AM-21, AM-32), and a survivor set
    down in an A-P minefield hex is attacked as it bails out (AM-23)."""
    hex_id = vehicle.hex
    lost = eliminate(state, vehicle, clause, why)
    vehicle.hex = hex_id  # the PRC survival roll sets survivors down here
    survival = morale.MODEL.prc_survival(state, vehicle.id, dice, "AM-21")
    vehicle.hex = None
    events = lost + survival
    for e in survival:
        if e.kind == "PrcSurvived":
            events += bail_out_attacks(state, e.data["unit"], dice)
    return events


def _vehicle_immobilised(state: AmState, vehicle: Unit, firepower: int, dr: int, dice: Dice,
                         clause: str) -> list[Event]:
    vehicle.immobilised = True
    events: list[Event] = [Event(kind="UnitImmobilised", clause=clause,
                                 at=state.board.ref(vehicle.hex) if vehicle.hex else None,
                                 text=f"{vehicle.id} is immobilised",
                                 data={"unit": vehicle.id})]
    return events + morale.MODEL.collateral(state, vehicle.id, firepower, dr, dice, "AM-22")


def bail_out_attacks(state: AmState, unit_id: str, dice: Dice) -> list[Event]:
    """AM-23: Personnel set down (unloaded, bailed out, surviving their vehicle) in a hex
    with A-P minefields are attacked by each as if entering — except in a building hex
    under the option ``building_spares`` (AM-24: a unit there is in the building)."""
    unit = state.units[unit_id]
    events: list[Event] = []
    if unit.hex is None:
        return events
    if state.data.options.building_spares and \
            state.board.places[unit.hex].props.get("terrain") == "building":
        return events
    for owned in state.minefields.values():
        mf = owned.get(unit.hex)
        if mf is not None and mf.ap and not unit.eliminated:
            events += ap_attack(state, unit_id, mf, dice).events
    return events


# ---- revealing --------------------------------------------------------------------------------
def face(field: Minefield, kind: Literal["ap", "at"]) -> str:
    """A revealed field as the players read it: type, and strength where it is known."""
    if kind == "ap":
        return f"A-P minefield {field.ap}" if field.ap_strength_known else "A-P minefield ?"
    return f"A-T mines {field.at}" if field.at_strength_known else "A-T mines ?"


def reveal(state: AmState, field: Minefield, kind: Literal["ap", "at"],
           strength: bool) -> list[Event]:
    """Reveal ``field``'s A-P or A-T part to every side: presence and type (AM-05), and its
    strength too if ``strength`` (an attack with an effect, AM-06; never otherwise, AM-68,
    AM-69, AM-70). Returns a public event only when something new is learned."""
    if kind == "ap":
        if not field.ap:
            return []
        new = not field.ap_known or (strength and not field.ap_strength_known)
        field.ap_known = True
        field.ap_strength_known = field.ap_strength_known or strength
    else:
        if not field.at:
            return []
        new = not field.at_known or (strength and not field.at_strength_known)
        field.at_known = True
        field.at_strength_known = field.at_strength_known or strength
    if not new:
        return []
    at = state.board.ref(field.hex)
    shown = face(field, kind)
    clause = "AM-06" if strength else "AM-05"
    how = "with its strength" if strength else "type only, strength unknown"
    return [CountersRevealed(clause=clause, at=at, faces={field.owner: (shown,)},
                             text=f"{field.owner}'s {shown.removesuffix(' ?')} revealed at "
                                  f"{at} ({how})",
                             data={"hex": field.hex, "owner": field.owner, "mines": kind,
                                   "strength": (field.ap if kind == "ap" else field.at)
                                   if strength else None})]
