"""What an IFT result does to a unit: a small, documented morale model behind one interface.

Morale, casualties and the procedures around them (Random Selection, Casualty Reduction,
Collateral attacks, the PRC survival roll) are outside ASL B28 (AM-63, the catalogue's
"What the clauses need from outside the source"). The rules call them only through
:class:`MoraleModel`; :data:`MODEL` is the one in use, and a fuller model — the printed
ASL chapter A rules, say — replaces it by assigning another object with the same methods.

The small model (:class:`SmallModel`), stated once here so a player can check it:

- **KIA** (any number): the attacked unit is eliminated. A minefield attacks one unit at a
  time, so the number matters only where one attack hits a stack (not in these rules).
- **K/#**: Casualty Reduction, then a #MC for what is left.
- **#MC / NMC**: a Morale Check: DR + # (NMC: + 0) against the unit's morale level
  (``units.json``). Above it: a Good Order or pinned unit breaks; a broken one suffers
  Casualty Reduction. Exactly equal: a Good Order unit is pinned. Below: passed.
- **PTC**: a Pin Task Check: DR above the morale level pins a Good Order unit. A broken unit
  is not affected. A unit normally immune to PTC rolls it anyway, only so that a booby
  trap may trigger (AM-52), and is never pinned by it (AM-75). Every PTC DR goes to
  ``traps.task_check`` (booby traps, AM-51).
- **Casualty Reduction**: a unit with a ``reduces_to`` type becomes that type (a squad its
  half-squad), keeping its status; one without is eliminated.
- **Random Selection** (AM-63's default): each candidate rolls a die; the highest is
  selected, and every unit tied on it is.
- **PRC survival** (AM-21): when a vehicle is eliminated each of its PRC rolls a die and
  survives on 1–3 (:data:`SURVIVAL_MAX`); a survivor is set down in the vehicle's hex,
  Good Order unchanged, and — it bailed out — is attacked by an A-P minefield there as if
  entering (AM-23).
- **Collateral attack** (AM-22): when a vehicle is immobilised, each Vulnerable PRC is
  attacked on the same column with the same Original DR as the attack that immobilised
  it (no new DR for the attack itself), its result read as for Personnel above (a check
  it calls for is rolled).

Results are pure functions of the dice (:func:`SmallModel.fate`), so the exact odds
(``odds.py``) and the play (``resolve``) can never disagree.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Protocol

from mineboard.core.chance import Dist, dice_sum
from mineboard.core.dice import Dice
from mineboard.core.events import Event, UnitLost
from mineboard.core.places import PlaceRef
from mineboard.rules.asl_minefields.data import UnitType
from mineboard.rules.asl_minefields.state import BROKEN, GOOD, PINNED, AmState, Unit
from mineboard.rules.asl_minefields.tables import IftResult

SURVIVAL_MAX = 3
"""The small model's PRC survival roll: a PRC survives its vehicle's elimination on a dr of
1 to this (AM-21)."""


@dataclass(frozen=True, slots=True)
class Fate:
    """What became of one Personnel unit: its (possibly reduced) type and status."""

    type: str
    status: str = GOOD
    eliminated: bool = False
    reduced: bool = False

    @property
    def label(self) -> str:
        if self.eliminated:
            return "eliminated"
        words = (["reduced"] if self.reduced else []) + \
            ([self.status] if self.status != GOOD else [])
        return ", ".join(words) or "unharmed"


def roll_2d6(dice: Dice, clause: str, purpose: str) -> tuple[int, int]:
    """A DR is two dice, each its own recorded roll."""
    return (dice.roll(clause, f"{purpose} (first die)"),
            dice.roll(clause, f"{purpose} (second die)"))


class MoraleModel(Protocol):
    """What the rules ask of a morale model (see the module docstring)."""

    def fate(self, types: Mapping[str, UnitType], unit_type: str, status: str,
             result: IftResult, check_dr: int) -> Fate:
        """The unit after ``result``, given the DR of the check it calls for (if any)."""
        ...

    def needs_check(self, types: Mapping[str, UnitType], unit_type: str,
                    result: IftResult) -> bool:
        """Whether ``result`` makes the unit roll a check (MC or PTC) for its fate."""
        ...

    def chances(self, types: Mapping[str, UnitType], unit_type: str, status: str,
                result: IftResult) -> Dist[Fate]:
        """The exact distribution of :meth:`fate` over the check's DR."""
        ...

    def resolve(self, state: AmState, unit_id: str, result: IftResult, dice: Dice,
                clause: str) -> list[Event]:
        """Apply ``result`` to a Personnel unit in ``state``, rolling what it needs."""
        ...

    def casualty_reduction(self, state: AmState, unit_id: str, clause: str) -> list[Event]:
        ...

    def random_selection(self, state: AmState, candidates: list[str], dice: Dice,
                         clause: str) -> tuple[list[str], list[Event]]:
        """The units selected among ``candidates`` (AM-53, AM-63), and the rolls' events."""
        ...

    def prc_survival(self, state: AmState, vehicle_id: str, dice: Dice,
                     clause: str) -> list[Event]:
        """The PRC of eliminated ``vehicle_id`` roll for survival (AM-21)."""
        ...

    def collateral(self, state: AmState, vehicle_id: str, firepower: int, original_dr: int,
                   dice: Dice, clause: str) -> list[Event]:
        """The Vulnerable PRC of immobilised ``vehicle_id`` are attacked (AM-22)."""
        ...


def _status_word(status: str) -> str:
    return {GOOD: "in Good Order", PINNED: "pinned", BROKEN: "broken"}[status]


class SmallModel:
    """The project's small morale model (see the module docstring)."""

    def __init__(self) -> None:
        self._chances: dict[tuple[int, str, str, IftResult], tuple[object, Dist[Fate]]] = {}

    def needs_check(self, types: Mapping[str, UnitType], unit_type: str,
                    result: IftResult) -> bool:
        if result.kind in ("MC", "NMC", "PTC"):
            return True
        return result.kind == "K" and bool(types[unit_type].reduces_to)

    def fate(self, types: Mapping[str, UnitType], unit_type: str, status: str,
             result: IftResult, check_dr: int) -> Fate:
        now = Fate(unit_type, status)
        kind = result.kind
        if kind == "none":
            return now
        if kind == "KIA":
            return replace(now, eliminated=True)
        if kind == "K":
            now = self._reduced(types, now)
            return now if now.eliminated else self._check(types, now, result.n, check_dr)
        if kind in ("MC", "NMC"):
            return self._check(types, now, result.n if kind == "MC" else 0, check_dr)
        # PTC
        t = types[unit_type]
        if t.ptc_immune or status != GOOD or check_dr <= t.morale:
            return now
        return replace(now, status=PINNED)

    @staticmethod
    def _reduced(types: Mapping[str, UnitType], now: Fate) -> Fate:
        into = types[now.type].reduces_to
        if not into:
            return replace(now, eliminated=True)
        return replace(now, type=into, reduced=True)

    def _check(self, types: Mapping[str, UnitType], now: Fate, drm: int, dr: int) -> Fate:
        morale = types[now.type].morale
        final = dr + drm
        if final > morale:
            if now.status == BROKEN:
                return self._reduced(types, now)
            return replace(now, status=BROKEN)
        if final == morale and now.status == GOOD:
            return replace(now, status=PINNED)
        return now

    def chances(self, types: Mapping[str, UnitType], unit_type: str, status: str,
                result: IftResult) -> Dist[Fate]:
        key = (id(types), unit_type, status, result)
        found = self._chances.get(key)
        if found is not None and found[0] is types:
            return found[1]
        if not self.needs_check(types, unit_type, result):
            dist = Dist.certain(self.fate(types, unit_type, status, result, 0))
        else:
            dist = dice_sum(2).map(lambda dr: self.fate(types, unit_type, status, result, dr))
        self._chances[key] = (types, dist)
        return dist

    def resolve(self, state: AmState, unit_id: str, result: IftResult, dice: Dice,
                clause: str) -> list[Event]:
        unit = state.units[unit_id]
        types = state.data.units
        events: list[Event] = []
        check_dr = 0
        if self.needs_check(types, unit.type, result):
            what = "Pin Task Check" if result.kind == "PTC" else f"{result.text} Morale Check"
            dice_pair = roll_2d6(dice, clause, f"{what} of {unit_id}")
            check_dr = sum(dice_pair)
            level = types[self._checked_type(types, unit, result)].morale
            events.append(Event(kind="MoraleCheck", clause=clause,
                                text=f"{unit_id} rolls DR {check_dr} for its {what} "
                                     f"(morale {level})",
                                at=_at(state, unit), data={"unit": unit_id, "dr": check_dr,
                                                           "dice": list(dice_pair),
                                                           "check": result.text}))
        fate = self.fate(types, unit.type, unit.status, result, check_dr)
        events += self._apply(state, unit, fate, clause)
        if result.kind == "PTC":  # the PTC's own effect first, then what its DR sets off
            events += _task_check(state, unit_id, check_dr, dice)
        return events

    @staticmethod
    def _checked_type(types: Mapping[str, UnitType], unit: Unit, result: IftResult) -> str:
        return types[unit.type].reduces_to or unit.type if result.kind == "K" else unit.type

    def _apply(self, state: AmState, unit: Unit, fate: Fate, clause: str) -> list[Event]:
        if fate.eliminated:
            return eliminate(state, unit, clause, "eliminated")
        events: list[Event] = []
        if fate.reduced:
            events.append(Event(kind="CasualtyReduction", clause=clause,
                                text=f"{unit.id} suffers Casualty Reduction: "
                                     f"{state.data.units[unit.type].name} → "
                                     f"{state.data.units[fate.type].name}",
                                at=_at(state, unit),
                                data={"unit": unit.id, "from": unit.type, "to": fate.type}))
            unit.type = fate.type
        if fate.status != unit.status:
            unit.status = fate.status
            events.append(Event(kind=f"Unit{fate.status.capitalize()}", clause=clause,
                                text=f"{unit.id} is {_status_word(fate.status)}",
                                at=_at(state, unit), data={"unit": unit.id,
                                                           "status": fate.status}))
        return events

    def casualty_reduction(self, state: AmState, unit_id: str, clause: str) -> list[Event]:
        unit = state.units[unit_id]
        return self._apply(state, unit, self._reduced(state.data.units, Fate(unit.type,
                                                                              unit.status)),
                           clause)

    def random_selection(self, state: AmState, candidates: list[str], dice: Dice,
                         clause: str) -> tuple[list[str], list[Event]]:
        if len(candidates) <= 1:
            return list(candidates), []
        rolls = {c: dice.roll(clause, f"Random Selection: {c}") for c in candidates}
        best = max(rolls.values())
        chosen = [c for c in candidates if rolls[c] == best]
        said = ", ".join(f"{c} {r}" for c, r in rolls.items())
        return chosen, [Event(kind="RandomSelection", clause=clause,
                              text=f"Random Selection ({said}): {', '.join(chosen)}",
                              data={"rolls": rolls, "selected": chosen})]

    def prc_survival(self, state: AmState, vehicle_id: str, dice: Dice,
                     clause: str) -> list[Event]:
        vehicle = state.units[vehicle_id]
        events: list[Event] = []
        for prc in state.passengers(vehicle_id):
            dr = dice.roll(clause, f"survival roll of {prc.id} (survives on ≤ {SURVIVAL_MAX})")
            if dr <= SURVIVAL_MAX:
                prc.carried_by = None
                prc.hex = vehicle.hex
                events.append(Event(kind="PrcSurvived", clause=clause,
                                    text=f"{prc.id} survives the loss of {vehicle_id} "
                                         f"(dr {dr})", at=_at(state, prc),
                                    data={"unit": prc.id, "dr": dr}))
            else:
                events += eliminate(state, prc, clause, f"lost with {vehicle_id} (dr {dr})")
        return events

    def collateral(self, state: AmState, vehicle_id: str, firepower: int, original_dr: int,
                   dice: Dice, clause: str) -> list[Event]:
        from mineboard.rules.asl_minefields.tables import ift

        events: list[Event] = []
        result = ift().result(firepower, original_dr)
        for prc in state.passengers(vehicle_id):
            if not vulnerable(state, prc):
                continue
            events.append(Event(kind="CollateralAttack", clause=clause,
                                text=f"{prc.id}, riding {vehicle_id}, is attacked "
                                     f"Collaterally: {result.text}",
                                at=_at(state, state.units[vehicle_id]),
                                data={"unit": prc.id, "dr": original_dr,
                                      "result": result.text}))
            events += self.resolve(state, prc.id, result, dice, clause)
        return events


def vulnerable(state: AmState, prc: Unit) -> bool:
    """AM-22: every PRC of an unarmored vehicle (hull AF 0 included) is Vulnerable; on an
    armored one, those the scenario marks Vulnerable (the PRC rules are external)."""
    carrier = state.units[prc.carried_by] if prc.carried_by else None
    if carrier is None:
        return False
    return prc.vulnerable or not state.unit_type(carrier).mine_armored


def eliminate(state: AmState, unit: Unit, clause: str, why: str) -> list[Event]:
    where = _at(state, unit)
    unit.eliminated = True
    unit.hex = None
    unit.carried_by = None
    events: list[Event] = [UnitLost(clause=clause, text=f"{unit.id} is {why}", at=where,
                                    unit=unit.id, unit_type=unit.type, owner=unit.side)]
    return events


def _at(state: AmState, unit: Unit) -> PlaceRef | None:
    hex_id = unit.hex
    if hex_id is None and unit.carried_by is not None:
        hex_id = state.units[unit.carried_by].hex
    return state.board.ref(hex_id) if hex_id is not None else None


def _task_check(state: AmState, unit_id: str, original_dr: int, dice: Dice) -> list[Event]:
    """Booby traps (traps.py, AM-51) see every TC DR. traps.py sits above the morale model
    (its traps reduce units through it), so it is found by name rather than imported: no
    import circle, not even a lazy one."""
    traps = importlib.import_module("mineboard.rules.asl_minefields.traps")
    hook = getattr(traps, "task_check", None)
    if hook is None:
        return []
    events: list[Event] = hook(state, unit_id, original_dr, False, dice)
    return events


MODEL: MoraleModel = SmallModel()
"""The morale model in use (assign a fuller one to replace it)."""
