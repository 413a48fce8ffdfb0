"""asl-minefields booby traps (ASL B28.9): what sets them off and what they do. Buying a
board's level is setup's (AM-50, AM-54); this part is the trigger and the attack.

- :func:`task_check` is called for every Task Check (TC) or Pin Task Check (PTC) Original
  DR: by the morale model when a minefield attack asks for a PTC, and by :class:`TaskCheck`
  for a TC taken under rules outside this chapter (the DR is rolled here, so it is recorded
  like any other). A Sighting TC never triggers (AM-51).
- The trigger DRs per level are data (``options.booby_triggers``, AM-61): shipped as
  C = {12}, B = {11, 12}, A = {11, 12}.
- Only the enemy's traps go off: a side's own TC never sets off its own traps (AM-55); the
  attack then hits Personnel of every side in the Location, its owner's included.
- The attack is Casualty Reduction on the unit(s) Random Selection picks (AM-53, AM-63):
  each Personnel unit in the hex rolls a dr, the highest is hit, and all tied on it are.
  Both come from the morale model (morale.MODEL), which a fuller one may replace.
- A PTC taken only because of AM-52 (a unit normally immune to PTC) may set off a trap but
  never pins that unit (AM-75) and never activates a Sniper (AM-52).

Booby-trap boards are named by :func:`board_of`: the board of a joined battlefield a hex
lies on, or the map's id on a map of one board.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from mineboard.core.actions import Action
from mineboard.core.dice import Dice
from mineboard.core.errors import IllegalAction
from mineboard.core.events import Event
from mineboard.core.planning import Command, Preview, Selection, percent
from mineboard.rules.asl_minefields import morale
from mineboard.rules.asl_minefields.clearance import dr_chance, roll_dr
from mineboard.rules.asl_minefields.parts import Part
from mineboard.rules.asl_minefields.state import GOOD, PINNED, AmState, Unit
from mineboard.rules.common.checks import owned


# ---- where a trap lies -----------------------------------------------------------------------
def board_of(state: AmState, hex_id: str) -> str:
    """The board ``hex_id`` lies on, as booby-trap levels are bought (AM-50: per board)."""
    grid = state.board.grid
    assert grid is not None, "asl-minefields plays on hex maps"
    located = grid.locate(grid.from_label(hex_id))
    name = located[0].name if located is not None else ""
    return name or state.board.id


def hex_of(state: AmState, unit: Unit) -> str | None:
    """Where a unit is: its hex, or its vehicle's while it rides (PRC)."""
    if unit.hex is not None or unit.carried_by is None:
        return unit.hex
    vehicle = state.units.get(unit.carried_by)
    return vehicle.hex if vehicle is not None else None


def levels_against(state: AmState, side: str, hex_id: str) -> dict[str, str]:
    """Enemy side → the booby-trap level it bought on the board of ``hex_id`` (AM-55: a
    side's own traps never count against it)."""
    board = board_of(state, hex_id)
    return {s: pool.booby[board] for s, pool in state.pools.items()
            if s != side and board in pool.booby}


def triggers(state: AmState, level: str, original_dr: int) -> bool:
    """AM-51, AM-61: whether an Original TC DR sets off a trap of ``level``."""
    return original_dr in state.data.options.booby_triggers.get(level, ())


# ---- the trigger -----------------------------------------------------------------------------
def task_check(state: AmState, unit_id: str, original_dr: int, sighting: bool,
               dice: Dice) -> list[Event]:
    """A TC or PTC with this Original DR was taken by ``unit_id``: the booby traps it sets
    off, each an attack on the Personnel of its Location (AM-51…AM-55)."""
    if sighting:
        return []
    unit = state.units[unit_id]
    hex_id = hex_of(state, unit)
    if hex_id is None:
        return []
    events: list[Event] = []
    for owner, level in levels_against(state, unit.side, hex_id).items():
        if triggers(state, level, original_dr):
            events += booby_attack(state, owner, hex_id, unit_id, original_dr, dice)
    return events


def booby_attack(state: AmState, owner: str, hex_id: str, by: str, original_dr: int,
                 dice: Dice) -> list[Event]:
    """AM-53: Casualty Reduction on the Personnel Random Selection picks in the hex —
    not necessarily the unit whose TC set it off, and of any side (AM-55)."""
    at = state.board.ref(hex_id)
    events: list[Event] = [Event(
        kind="BoobyTrap", clause="AM-51", at=at, reveals=True,
        data={"owner": owner, "by": by, "dr": original_dr},
        text=f"{by}'s Original TC DR {original_dr} sets off a {owner} Booby Trap at {at}")]
    candidates = sorted((u for u in state.units_in(hex_id)
                         if state.unit_type(u).personnel), key=lambda u: u.id)
    if not candidates:
        events.append(Event(kind="BoobyTrap", clause="AM-53", at=at,
                            text="no Personnel unit is there for it to hit"))
        return events
    model = morale.MODEL
    chosen, rolled = model.random_selection(state, [u.id for u in candidates], dice, "AM-53")
    events += rolled
    for uid in chosen:
        events += model.casualty_reduction(state, uid, "AM-53")
    return events


# ---- a TC taken under rules outside this chapter ---------------------------------------------
@dataclass(frozen=True, slots=True)
class TaskCheck(Action):
    """``unit`` takes a Task Check (``ptc``: a Pin Task Check; ``sighting``: a Sighting TC,
    E7.3) under rules outside this chapter: its Original DR is rolled here so that it may
    set off a Booby Trap (AM-51)."""

    kind = "task_check"
    unit: str
    ptc: bool = False
    sighting: bool = False


def check_task(state: AmState, action: TaskCheck) -> None:
    unit = state.units.get(action.unit)
    present = unit if unit is not None and not unit.eliminated \
        and hex_of(state, unit) is not None else None
    found = owned(present, action.unit, "unit", unit.side if unit else None, state.to_move,
                  " on the map")
    if not state.unit_type(found).personnel:
        raise IllegalAction(f"{found.id} is a vehicle: Task Checks here are Personnel's",
                            "AM-51")


def apply_task(state: AmState, action: TaskCheck, dice: Dice) -> list[Event]:
    unit = state.units[action.unit]
    kind = state.unit_type(unit)
    what = "Sighting TC" if action.sighting else "PTC" if action.ptc else "Task Check"
    dr, rolled = roll_dr(dice, "AM-51", f"{what} DR of {unit.id}")
    hex_id = hex_of(state, unit)
    at = state.board.ref(hex_id) if hex_id is not None else None
    events: list[Event] = [rolled]
    if action.ptc and kind.ptc_immune:
        events.append(Event(kind="TaskCheck", clause="AM-75", at=at,
                            data={"unit": unit.id, "dr": dr, "pins": False, "sniper": False},
                            text=f"{unit.id} is immune to PTC and takes this one only for "
                                 f"Booby Traps (AM-52): DR {dr} pins it not, and activates "
                                 "no Sniper"))
    elif action.ptc:
        pins = dr > kind.morale and unit.status == GOOD
        if pins:
            unit.status = PINNED
        events.append(Event(kind="TaskCheck", clause="AM-51", at=at,
                            data={"unit": unit.id, "dr": dr, "pins": pins},
                            text=f"{unit.id} takes a PTC: DR {dr} against morale "
                                 f"{kind.morale} — {'pinned' if pins else 'passed'}"))
    else:
        events.append(Event(kind="TaskCheck", clause="AM-51", at=at,
                            data={"unit": unit.id, "dr": dr, "sighting": action.sighting},
                            text=f"{unit.id} takes a {what}: Original DR {dr}"
                                 + (" (a Sighting TC sets off no Booby Trap)"
                                    if action.sighting else "")))
    return events + task_check(state, unit.id, dr, action.sighting, dice)


def preview_task(view: AmState, action: TaskCheck) -> Preview | None:
    """The chance the TC sets off an enemy trap, per level the enemy may have bought —
    the viewer cannot know which (setup's secret), so each is a case."""
    unit = view.units.get(action.unit)
    if unit is None or hex_of(view, unit) is None:
        return None
    chances: list[tuple[str, Fraction]] = []
    for level in ("C", "B", "A"):
        drs = frozenset(view.data.options.booby_triggers.get(level, ()))
        p = Fraction(0) if action.sighting else dr_chance(drs.__contains__)
        chances.append((f"Level {level}", p))
    rows: tuple[str, ...] = ()
    kind = view.unit_type(unit)
    if action.ptc and not kind.ptc_immune:
        pin = dr_chance(lambda dr: dr > kind.morale)
        rows = (f"pinned: {percent(pin)} (DR > morale {kind.morale})",)
    elif action.ptc:
        rows = ("immune to PTC: taken for Booby Traps only, never pins (AM-75)",)
    return Preview(title=f"Task Check by {unit.id}",
                   axis="if the enemy holds this booby-trap level here", outcomes=tuple(chances),
                   summary="a Sighting TC sets off no Booby Trap" if action.sighting else
                   "chance of setting off a Booby Trap, by the level the enemy may have "
                   "bought for this board", rows=rows)


def commands(view: AmState, selection: Selection) -> list[Command]:
    if view.awaiting is not None:
        return []
    out: list[Command] = []
    for uid in selection.units:
        unit = view.units.get(uid)
        if unit is None or unit.side != view.to_move or not view.unit_type(unit).personnel:
            continue
        out.append(Command(f"Task Check ({uid})", TaskCheck(uid),
                           tip="a TC taken under other rules: its DR may set off a Booby "
                               "Trap (AM-51)"))
        out.append(Command(f"Pin Task Check ({uid})", TaskCheck(uid, ptc=True),
                           tip="a PTC: pinned if the DR exceeds morale (AM-51, AM-75)"))
    return out


def candidates(view: AmState) -> list[Action]:
    return [TaskCheck(u.id) for u in view.units.values()
            if u.side == view.to_move and not u.eliminated]


def summary(state: AmState) -> dict[str, Any]:
    return {}


PART = Part(actions=(TaskCheck,), checks={TaskCheck: check_task},
            effects={TaskCheck: apply_task}, previews={TaskCheck: preview_task},
            commands=commands, candidates=candidates)
