"""asl-minefields: what leaving and entering a hex does — the minefield attacks in the
order of AM-66 and the stops they make (the shared move engine's ``leave`` and ``enter``).

- Before a unit leaves a minefield hex it is attacked there (AM-12, AM-14); a unit stopped
  stays (AM-15): it never enters the next hex.
- In the hex entered each unit is attacked, A-P before A-T (AM-18, AM-66); an
  immobilisation or elimination cancels the A-T attacks after it; the A-T mines a vehicle
  entered are revealed even then (AM-70). Only vehicles set A-T mines off (AM-27).
- A building hex's mines spare moves into and out of the building (AM-24); a unit entering
  through a Trail Break at twice its TB cost is not attacked (AM-42); a fully-tracked AFV
  not using VBM records a TB (AM-41).
- A unit stopped drops out of its stack's move where it is; the rest go on; none left: the
  move stops there for good (AM-64). Concealed enemy units in the hex entered are found and
  the move ends there (AM-15).

The attacks are attacks.py's; clearance.py's flail hook and daisy.py's sighting are
called after each entry. They are looked up by name when first used (no import circle).
"""

from __future__ import annotations

import importlib
from dataclasses import replace
from types import ModuleType
from typing import Any, Literal

from mineboard.core.dice import Dice
from mineboard.core.events import Event
from mineboard.core.moves import MoveInProgress, Stop
from mineboard.core.words import and_list, possessive
from mineboard.rules.asl_minefields.costs import step_cost, terrain_of
from mineboard.rules.asl_minefields.data import UnitType
from mineboard.rules.asl_minefields.state import AmState, Minefield, Unit
from mineboard.rules.common import moves

TWO, BUILDING, AP_BEFORE_AT = "AM-15", "AM-24", "AM-18"
TB_RECORD, TB_ENTRY, STOPS = "AM-41", "AM-42", "AM-64"
DOUBLE_TB, VBM, TRAIL_BREAK = "double_tb", "vbm", "trail_break"
"""The options of a move (``AmState.move_options``)."""


def attacks_module() -> ModuleType:
    """attacks.py (it imports none of the movement modules)."""
    return importlib.import_module("mineboard.rules.asl_minefields.attacks")


def hook(module: str, name: str) -> Any:
    """``name`` of the sibling ``module`` (clearance.py, daisy.py, odds.py), looked up by
    name so that the movement modules import none of them (they may import these)."""
    found = importlib.import_module(f"mineboard.rules.asl_minefields.{module}")
    return getattr(found, name, None)


def spared(state: AmState, hex_id: str) -> bool:
    """AM-24: a minefield in a building hex attacks no move into or out of the building
    (every unit in a building hex here is in the building Location)."""
    return state.data.options.building_spares and terrain_of(state, hex_id)[0] == "building"


def _triggers_at(ut: UnitType, only_vehicles: bool) -> bool:
    """AM-27: only vehicles set off A-T mines (option: every non-Infantry unit)."""
    return ut.vehicle or (not only_vehicles and ut.cls != "infantry")


def reveal_presence(state: AmState, f: Minefield, kind: Literal["ap", "at"]) -> list[Event]:
    """AM-05, AM-70: a susceptible unit entering shows the field's presence and type (an
    attack reveals it itself; this is for the A-T mines a cancelled attack never makes)."""
    known = f.ap_known if kind == "ap" else f.at_known
    if known:
        return []
    events: list[Event] = attacks_module().reveal(state, f, kind, False)
    return events


def _attack_unit(state: AmState, uid: str, hex_id: str, leaving: bool,
                 dice: Dice) -> tuple[list[Event], bool]:
    """Every minefield attack in ``hex_id`` on unit ``uid`` leaving or entering it: A-P
    before A-T (AM-18, AM-66); an immobilisation or elimination cancels the A-T attacks
    after it. Returns the events and whether the unit goes no further."""
    unit = state.units[uid]
    ut = state.unit_type(unit)
    fields = [f for f in state.fields_at(hex_id) if f.ap or f.at]
    if not fields:
        return [], False
    attacks = attacks_module()
    opts = state.data.options
    events: list[Event] = []
    stops = cancelled = False
    for f in fields:
        if f.ap:
            out = attacks.ap_attack(state, uid, f, dice)
            events += out.events
            stops = stops or out.stops
            cancelled = cancelled or out.cancels_at
            if out.stops:
                clearing_spoilt(state, uid, hex_id)
    if not _triggers_at(ut, opts.only_vehicles_trigger_at) or (leaving and not opts.at_on_leave):
        return events, stops
    at = state.board.ref(hex_id)
    for f in fields:
        if not f.at:
            continue
        if cancelled or unit.eliminated:
            if not leaving:
                events += reveal_presence(state, f, "at")
            events.append(Event(kind="AttackCancelled", clause=AP_BEFORE_AT, at=at,
                                text=f"{uid} is out of action: the A-T mines at {at} make no "
                                     "attack on it"))
            continue
        out = attacks.at_attack(state, uid, f, dice)
        events += out.events
        stops = stops or out.stops
        cancelled = cancelled or out.cancels_at
    return events, stops


def clearing_spoilt(state: AmState, uid: str, hex_id: str) -> None:
    """AM-74: the clearing unit pinned, broken or eliminated in that hex first: no removal."""
    if state.at_clearing.get(hex_id) == uid:
        del state.at_clearing[hex_id]


def drop_out(state: AmState, stopped: list[str], at: str, clause: str,
              why: str) -> tuple[list[Event], Stop | None]:
    """Units the attacks stopped drop out of the move where they are; the rest go on
    (AM-64). None left: the move stops there for good."""
    move = state.move
    if not stopped or move is None:
        return [], None
    rest = tuple(u for u in move.units if u not in stopped)
    ref = state.board.ref(at)
    if not rest:
        alive = tuple(u for u in move.units if not state.units[u].eliminated)
        if alive and alive != move.units:
            state.move = replace(move, units=alive)
        return [], Stop(clause, f"{why} stops {and_list(stopped)} at {ref}", at)
    state.move = replace(move, units=rest)
    return [Event(kind="UnitsDropOut", clause=clause, at=ref,
                  text=f"{why} stops {and_list(stopped)} at {ref}; "
                       f"{moves.said(rest, 'goes', 'go')} on",
                  data={"stopped": list(stopped), "going_on": list(rest)})], None


def leave(state: AmState, move: MoveInProgress, dice: Dice) -> tuple[list[Event], Stop | None]:
    """AM-12, AM-14, AM-66: each unit leaving a minefield hex is attacked there, A-P then
    A-T, before it goes; a unit stopped stays (AM-15): it never enters the next hex."""
    here = move.at
    if spared(state, here) or not state.fields_at(here):
        return [], None
    events: list[Event] = []
    stopped: list[str] = []
    for uid in move.units:
        more, stops = _attack_unit(state, uid, here, True, dice)
        events += more
        if stops or state.units[uid].eliminated:
            stopped.append(uid)
    more, stop = drop_out(state, stopped, here, STOPS, "the exit attack")
    return events + more, stop


def _through_tb(state: AmState, a: str, b: str) -> bool:
    return (a, b) in state.trail_breaks


def enter(state: AmState, move: MoveInProgress, dice: Dice) -> tuple[list[Event], Stop | None]:
    """Put the units in the hex entered and pay its cost (AM-11); then each is attacked
    there, A-P then A-T (AM-14, AM-66) — unless it is a building (AM-24) or the unit came
    through a Trail Break at double cost (AM-42); a fully-tracked AFV may record a TB
    (AM-41); concealed enemy units there are discovered and the move stops (AM-15)."""
    came_from, at = move.path[move.done - 1], move.at
    ref = state.board.ref(at)
    double = DOUBLE_TB in state.move_options
    via_tb = _through_tb(state, came_from, at)
    events: list[Event] = []
    for uid in move.units:
        unit = state.units[uid]
        unit.hex = at
        unit.spent += step_cost(state, state.unit_type(unit), came_from, at, double) or 0
    on_enter = hook("clearance", "on_enter")
    if on_enter is not None:
        for uid in move.units:
            events += on_enter(state, uid, at, via_tb)
    stopped: list[str] = []
    mined = [f for f in state.fields_at(at) if f.ap or f.at]
    if mined and spared(state, at):
        # no attack, so nothing revealed (AM-05): only the owners read that it held off
        events += [Event(kind="BuildingSpared", clause=BUILDING, at=ref, secret_to=owner,
                         text=f"{moves.said(move.units, 'enters', 'enter')} the building at "
                              f"{ref}: {possessive(owner)} minefield there makes no attack")
                   for owner in sorted({f.owner for f in mined})]
    elif via_tb and double:
        events.append(Event(kind="TrailBreakUsed", clause=TB_ENTRY, at=ref,
                            text=f"{moves.said(move.units, 'enters', 'enter')} {ref} through "
                                 "the Trail Break at twice its cost: no minefield attack"))
    elif mined:
        for uid in move.units:
            more, stops = _attack_unit(state, uid, at, False, dice)
            events += more
            if stops or state.units[uid].eliminated:
                stopped.append(uid)
    events += _record_tb(state, move, came_from, at, mined)
    events += _discover(state, move, at)
    sighted = hook("daisy", "sighted")
    if sighted is not None:
        events += sighted(state)
    more, stop = drop_out(state, stopped, at, STOPS, "the entry attack")
    events += more
    if stop is None and enemies_in(state, move.side, at):
        going = state.move.units if state.move is not None else move.units
        stop = Stop(TWO, f"enemy units hold {ref}: {and_list(going)} go no further", at)
    return events, stop


def _record_tb(state: AmState, move: MoveInProgress, came_from: str, at: str,
               mined: list[Minefield]) -> list[Event]:
    """AM-41: a fully-tracked AFV not using VBM that enters a minefield hex records a
    Trail Break across the hexside it came through, if it is still in play."""
    if TRAIL_BREAK not in state.move_options or VBM in state.move_options or not mined \
            or spared(state, at):  # a spared building hex shows no field: no TB
        return []
    for uid in move.units:
        unit = state.units[uid]
        if makes_tb(state.unit_type(unit)) and not unit.eliminated and \
                (came_from, at) not in state.trail_breaks:
            state.trail_breaks.add((came_from, at))
            ref = state.board.ref(at)
            return [Event(kind="TrailBreakPlaced", clause=TB_RECORD, at=ref,
                          text=f"{uid} leaves a Trail Break into {ref} from "
                               f"{state.board.ref(came_from)}",
                          data={"from": came_from, "into": at})]
    return []


def makes_tb(ut: UnitType) -> bool:
    return ut.vehicle and ut.armored and ut.tracks == "full"


def enemies_in(state: AmState, side: str, hex_id: str) -> list[Unit]:
    return [u for u in state.units.values()
            if u.hex == hex_id and u.side != side and not u.eliminated]


def _discover(state: AmState, move: MoveInProgress, at: str) -> list[Event]:
    """AM-15: a mover in play entering a hex discovers the concealed enemy units there."""
    if not any(state.units[u].hex == at for u in move.units):
        return []
    found = [u for u in enemies_in(state, move.side, at) if u.concealed]
    for u in found:
        u.concealed = False
    if not found:
        return []
    ref = state.board.ref(at)
    return [Event(kind="ConcealmentLost", clause=TWO, at=ref,
                  text=f"{and_list(move.units)} discover{'s' if len(move.units) == 1 else ''} "
                       f"{possessive(found[0].side)} "
                       f"{and_list(f'{u.id} ({state.unit_type(u).name})' for u in found)} "
                       f"at {ref}",
                  data={"units": [u.id for u in found]}, reveals=True)]
