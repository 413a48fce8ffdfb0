"""asl-minefields: moves hex by hex, and what leaving and entering a minefield hex does.

A move is the shared engine's (``rules/common/moves.py``): a plan, then one step per
action. This module answers the engine's questions (``MoveRules``) and adds the ASL parts:

- **Costs** (AM-11): MF or MP per base terrain, hex feature, hexside and Trail Break, from
  ``movement_costs.json``; a minefield adds nothing. Each unit moves once per Movement
  Phase (its move begins when it is planned).
- **Exit, then entry** (AM-12, AM-14, AM-15, AM-66): before a unit leaves a minefield hex
  it is attacked there (``leave``); only if it may go on is it placed in the next hex,
  where that hex's minefields attack it (``enter``). In each hex A-P attacks come before
  A-T ones (AM-18): an immobilisation or elimination cancels what follows. A unit the
  attacks pin, break, immobilise or eliminate drops out of the move where it is; the rest
  of the stack goes on; when none is left the move stops (AM-64).
- **Who is attacked** (AM-13): only the units changing hex (moving, routing, unloading);
  A-P mines attack Personnel and vehicles (AM-17), A-T mines only vehicles (AM-27) and
  only after a trigger dr (AM-28, attacks.py). Presence and type are revealed as a
  susceptible unit enters (AM-05, AM-70). A building hex's mines spare moves into and out
  of the building (AM-24, option ``building_spares``). A unit entering through a Trail
  Break at twice its TB cost is not attacked (AM-42); a fully-tracked AFV not using VBM
  may record one (AM-41). A unit's own side's minefields attack it too (AM-72): the
  preview and the step command warn first.
- **Answers mid-move** through standing orders (core/orders.py): ``snap_shot`` — the
  nearest Good Order enemy unit with LOS fires on the IFT with its firepower, the TEM of
  the hex entered its only DRM (AM-09: minefields add none), each moving unit on its own
  DR — and ``daisy_chain`` (daisy.py). A mover entering a hex with concealed enemy units
  discovers them and stops there (AM-15). A unit an exit attack stops never enters: no
  entry attack, no discovery, no Snap Shot (WE-1).
- **Rout** (AM-16), **unloading PRC** into an A-P hex (AM-23), a **VCA change** (AM-28),
  **removing visible A-T mines** for 1 MF, done at the end of the MPh (AM-34, AM-74), and
  the hook a Search outside these rules calls (``discover``, AM-58).

Attacks themselves are attacks.py's (``ap_attack``, ``at_attack``, ``reveal``, ``fire``),
imported when first used (attacks.py imports the state, not this module).
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from itertools import pairwise
from types import ModuleType
from typing import Annotated, Any, Literal

from mineboard.core.actions import Action
from mineboard.core.dice import Dice
from mineboard.core.errors import IllegalAction
from mineboard.core.events import Event
from mineboard.core.moves import MoveInProgress, Stop
from mineboard.core.orders import ASK, AUTO, Distance, StandingOrder, Trigger
from mineboard.core.places import PlaceRef
from mineboard.core.planning import Choice, Command, Preview, Selection
from mineboard.core.routes import RouteReport, RouteStop
from mineboard.core.schema import Doc, Length, Range
from mineboard.core.words import and_list, possessive
from mineboard.maps.hexgrid import distance as hex_distance
from mineboard.rules.asl_minefields import los
from mineboard.rules.asl_minefields.data import RULESET_ID, UnitType
from mineboard.rules.asl_minefields.parts import Part
from mineboard.rules.asl_minefields.state import BROKEN, GOOD, MOVEMENT, AmState, Minefield, Unit
from mineboard.rules.common import moves, orders
from mineboard.rules.common.checks import TURN, Check, distinct, is_legal
from mineboard.rules.common.moves import EndMove, PassReaction, PlanMove, PressOn, React, StepOn
from mineboard.rules.common.orders import SetOrders
from mineboard.rules.common.tables import read_rule_table

MOVE_CLAUSE = TURN
"""Plans, steps and ends of moves are the base game's turn (the mine rules take movement
for granted); what the mines do on the way names its own clause."""
REACTION_CLAUSE = TURN

COSTS, EXIT, ONLY_MOVERS, ENTRY, TWO, ROUT = "AM-11", "AM-12", "AM-13", "AM-14", "AM-15", \
    "AM-16"
PRC_UNLOAD, BUILDING, AT_TRIGGER, VISIBLE_AT = "AM-23", "AM-24", "AM-28", "AM-34"
TB_RECORD, TB_ENTRY, FIRE_TEM, STOPS, ORDER, OWN_FIELD = "AM-41", "AM-42", "AM-09", "AM-64", \
    "AM-66", "AM-72"
AP_BEFORE_AT, VEHICLE_REVEAL, FLAIL_CLEARING, SEARCH = "AM-18", "AM-70", "AM-45", "AM-58"

SNAP_SHOT, DAISY_CHAIN = "snap_shot", "daisy_chain"
REACTIONS = (SNAP_SHOT, DAISY_CHAIN)
"""The answers a side may give mid-move (its standing orders name them)."""
DOUBLE_TB, VBM, TRAIL_BREAK = "double_tb", "vbm", "trail_break"


# ---- the data: movement costs and TEM ------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ClassCosts:
    """One class of unit's costs (see movement_costs.json's ``about``)."""

    enter: Annotated[Mapping[str, Annotated[float, Range(0, 99)]], Length(1),
                     Doc("base terrain → MF/MP to enter; a terrain not listed: never")]
    features: Annotated[Mapping[str, Annotated[float, Range(0, 99)]],
                        Doc("hex feature → cost to enter, where lower than the terrain's")] = \
        field(default_factory=dict)
    cross: Annotated[Mapping[str, Annotated[float, Range(0, 99)]],
                     Doc("hexside feature → MF/MP added for crossing it")] = \
        field(default_factory=dict)
    tb: Annotated[Mapping[str, Annotated[float, Range(0, 99)]],
                  Doc("base terrain → cost through a Trail Break (AM-42); not listed: the "
                      "normal cost")] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class CostTable:
    schema: Literal[1]
    classes: Annotated[Mapping[Literal["infantry", "cavalry", "vehicle"], ClassCosts],
                       Length(3, 3)]
    tem: Annotated[Mapping[str, Annotated[int, Range(-5, 9)]],
                   Doc("base terrain → TEM of fire into the hex (AM-09)")]
    rout_bonus: Annotated[int, Range(0, 9), Doc("MF a routing unit has on top of its own "
                                                "(AM-16)")] = 2
    about: str = ""


@cache
def cost_table() -> CostTable:
    return read_rule_table(CostTable, RULESET_ID, "movement_costs.json")


def class_of(ut: UnitType) -> Literal["infantry", "cavalry", "vehicle"]:
    return "vehicle" if ut.vehicle else ut.cls


def terrain_of(state: AmState, hex_id: str) -> tuple[str, tuple[str, ...]]:
    grid = state.board.grid
    assert grid is not None
    return grid.terrain_at(hex_id)


def tem(state: AmState, hex_id: str) -> int:
    """AM-09: the TEM of fire into ``hex_id`` — its terrain's; a minefield adds nothing."""
    return cost_table().tem.get(terrain_of(state, hex_id)[0], 0)


def step_cost(state: AmState, ut: UnitType, a: str, b: str,
              double_tb: bool = False) -> float | None:
    """MF/MP for a unit of ``ut`` to step from ``a`` into ``b`` (AM-11: a minefield there
    adds nothing); through a Trail Break its TB cost, doubled with ``double_tb`` (AM-42);
    None: it may not enter ``b``."""
    table = cost_table().classes[class_of(ut)]
    terrain, features = terrain_of(state, b)
    options = [c for c in (table.enter.get(terrain),
                           *(table.features.get(f) for f in features)) if c is not None]
    if not options:
        return None
    cost = min(options)
    if (a, b) in state.trail_breaks:
        cost = min(cost, table.tb.get(terrain, cost))
        if double_tb:
            cost *= 2
    way = state.board.adjacent.get(a, {}).get(b)
    if way is not None:
        cost += sum(table.cross.get(f, 0) for f in way.props.get("features", ()))
    return cost


def path_cost(state: AmState, ut: UnitType, path: Sequence[str],
              double_tb: bool = False) -> tuple[float, int | None]:
    """The cost of a whole path, and the index of the first hex it may not enter (None)."""
    total = 0.0
    for i, (a, b) in enumerate(pairwise(path), 1):
        cost = step_cost(state, ut, a, b, double_tb)
        if cost is None:
            return total, i
        total += cost
    return total, None


def mf_left(state: AmState, unit: Unit, routing: bool = False) -> float:
    bonus = cost_table().rout_bonus if routing else 0
    return state.unit_type(unit).mf + bonus - unit.spent


def _num(x: float) -> str:
    return str(int(x)) if x == int(x) else str(x)


def _unit_word(ut: UnitType) -> str:
    return "MP" if ut.vehicle else "MF"


# ---- the actions ---------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class AmPlanMove(PlanMove):
    """``units`` go along ``path`` one step per action, with the ASL options of the move."""

    kind = "plan_move"
    double_tb: Annotated[bool, Doc("pay twice the Trail Break cost to enter a minefield hex "
                                   "through a TB unattacked (AM-42)")] = False
    vbm: Annotated[bool, Doc("vehicles use Vehicular Bypass Movement (no Trail Break, "
                             "AM-41)")] = False
    trail_break: Annotated[bool, Doc("a fully-tracked AFV records a Trail Break into each "
                                     "minefield hex it enters (AM-41)")] = False

    @property
    def options(self) -> tuple[str, ...]:
        return tuple(name for name, on in ((DOUBLE_TB, self.double_tb), (VBM, self.vbm),
                                           (TRAIL_BREAK, self.trail_break)) if on)


@dataclass(frozen=True, slots=True)
class Rout(Action):
    """A broken ``unit`` routs along ``path`` to a building (AM-16), one step per action."""

    kind = "rout"
    unit: str
    path: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Unload(Action):
    """PRC ``units`` leave their vehicle into its hex (AM-23)."""

    kind = "unload"
    units: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ChangeVCA(Action):
    """``vehicle`` changes its covered arc in its hex for 1 MP (AM-28)."""

    kind = "change_vca"
    vehicle: str


@dataclass(frozen=True, slots=True)
class ClearVisibleAT(Action):
    """Infantry ``unit`` spends 1 MF in its hex to remove the visible A-T mines there at
    the end of the MPh (AM-34, AM-74)."""

    kind = "clear_visible_at"
    unit: str


@dataclass(frozen=True, slots=True)
class Discover(Action):
    """A Search made outside these rules found what mines lie in hex ``at`` (AM-58): the
    other sides' minefields there show their presence and type, never their strength."""

    kind = "discover"
    at: str


# ---- attacks.py, daisy.py, clearance.py: imported on first use -----------------------------
def _attacks() -> ModuleType:
    from mineboard.rules.asl_minefields import attacks

    return attacks


def _sibling(name: str) -> ModuleType | None:
    import importlib

    try:
        return importlib.import_module(f"mineboard.rules.asl_minefields.{name}")
    except ImportError:  # pragma: no cover - the part is not written yet
        return None


def _hook(module: str, name: str) -> Any:
    found = _sibling(module)
    return None if found is None else getattr(found, name, None)


# ---- the engine's questions ------------------------------------------------------------------
class _Rules:
    """The answers to :class:`~mineboard.rules.common.moves.MoveRules` (the ruleset
    delegates to the same functions)."""

    move_clause = MOVE_CLAUSE
    reaction_clause = REACTION_CLAUSE

    def ref(self, state: AmState, place: str) -> PlaceRef:
        return state.board.ref(place)

    def units_here(self, state: AmState, side: str, place: str) -> list[str]:
        return units_here(state, side, place)

    def leave(self, state: AmState, move: MoveInProgress,
              dice: Dice) -> tuple[list[Event], Stop | None]:
        return leave(state, move, dice)

    def enter(self, state: AmState, move: MoveInProgress,
              dice: Dice) -> tuple[list[Event], Stop | None]:
        return enter(state, move, dice)

    def standing_orders(self, state: AmState, side: str) -> Sequence[StandingOrder]:
        return standing_orders(state, side)

    def distance(self, state: AmState) -> Distance:
        return distance(state)

    def react(self, state: AmState, side: str, reaction: str, move: MoveInProgress,
              dice: Dice, answer: Action | None) -> tuple[list[Event], Stop | None]:
        return react(state, side, reaction, move, dice, answer)

    def offer(self, state: AmState, reaction: str, move: MoveInProgress) -> str:
        return offer(state, reaction, move)


RULES = _Rules()


def units_here(state: AmState, side: str, place: str) -> list[str]:
    return sorted(u.id for u in state.units.values()
                  if u.side == side and u.hex == place and not u.eliminated)


def standing_orders(state: AmState, side: str) -> Sequence[StandingOrder]:
    return state.orders.get(side, ())


def distance(state: AmState) -> Distance:
    grid = state.board.grid
    assert grid is not None

    @cache
    def apart(a: str, b: str) -> int:
        return hex_distance(grid.from_label(a), grid.from_label(b))

    return apart


def offer(state: AmState, reaction: str, move: MoveInProgress) -> str:
    at = state.board.ref(move.at)
    if reaction == SNAP_SHOT:
        return f"snap-shoot at {and_list(move.units)} in {at}"
    if reaction == DAISY_CHAIN:
        return f"pull a Daisy Chain across {at}"
    return f"{reaction.replace('_', ' ')} at {at}"


# ---- leaving and entering: the attacks, in the order of AM-66 --------------------------------
def _spared(state: AmState, hex_id: str) -> bool:
    """AM-24: a minefield in a building hex attacks no move into or out of the building
    (every unit in a building hex here is in the building Location)."""
    return state.data.options.building_spares and terrain_of(state, hex_id)[0] == "building"


def _triggers_at(ut: UnitType, only_vehicles: bool) -> bool:
    """AM-27: only vehicles set off A-T mines (option: every non-Infantry unit)."""
    return ut.vehicle or (not only_vehicles and ut.cls != "infantry")


def _reveal(state: AmState, f: Minefield, kind: Literal["ap", "at"]) -> list[Event]:
    """AM-05, AM-70: a susceptible unit entering shows the field's presence and type (an
    attack reveals it itself; this is for the A-T mines a cancelled attack never makes)."""
    known = f.ap_known if kind == "ap" else f.at_known
    if known:
        return []
    events: list[Event] = _attacks().reveal(state, f, kind, False)
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
    attacks = _attacks()
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
                _clearing_spoilt(state, uid, hex_id)
    if not _triggers_at(ut, opts.only_vehicles_trigger_at) or (leaving and not opts.at_on_leave):
        return events, stops
    at = state.board.ref(hex_id)
    for f in fields:
        if not f.at:
            continue
        if cancelled or unit.eliminated:
            if not leaving:
                events += _reveal(state, f, "at")
            events.append(Event(kind="AttackCancelled", clause=AP_BEFORE_AT, at=at,
                                text=f"{uid} is out of action: the A-T mines at {at} make no "
                                     "attack on it"))
            continue
        out = attacks.at_attack(state, uid, f, dice)
        events += out.events
        stops = stops or out.stops
        cancelled = cancelled or out.cancels_at
    return events, stops


def _drop_out(state: AmState, stopped: list[str], at: str, clause: str,
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
    if _spared(state, here) or not state.fields_at(here):
        return [], None
    events: list[Event] = []
    stopped: list[str] = []
    for uid in move.units:
        more, stops = _attack_unit(state, uid, here, True, dice)
        events += more
        if stops or state.units[uid].eliminated:
            stopped.append(uid)
    more, stop = _drop_out(state, stopped, here, STOPS, "the exit attack")
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
    on_enter = _hook("clearance", "on_enter")
    if on_enter is not None:
        for uid in move.units:
            events += on_enter(state, uid, at, via_tb)
    stopped: list[str] = []
    mined = [f for f in state.fields_at(at) if f.ap or f.at]
    if mined and _spared(state, at):
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
    sighted = _hook("daisy", "sighted")
    if sighted is not None:
        events += sighted(state)
    more, stop = _drop_out(state, stopped, at, STOPS, "the entry attack")
    events += more
    if stop is None and _enemies_in(state, move.side, at):
        going = state.move.units if state.move is not None else move.units
        stop = Stop(TWO, f"enemy units hold {ref}: {and_list(going)} go no further", at)
    return events, stop


def _record_tb(state: AmState, move: MoveInProgress, came_from: str, at: str,
               mined: list[Minefield]) -> list[Event]:
    """AM-41: a fully-tracked AFV not using VBM that enters a minefield hex records a
    Trail Break across the hexside it came through, if it is still in play."""
    if TRAIL_BREAK not in state.move_options or VBM in state.move_options or not mined \
            or _spared(state, at):  # a spared building hex shows no field: no TB
        return []
    for uid in move.units:
        unit = state.units[uid]
        if _makes_tb(state.unit_type(unit)) and not unit.eliminated and \
                (came_from, at) not in state.trail_breaks:
            state.trail_breaks.add((came_from, at))
            ref = state.board.ref(at)
            return [Event(kind="TrailBreakPlaced", clause=TB_RECORD, at=ref,
                          text=f"{uid} leaves a Trail Break into {ref} from "
                               f"{state.board.ref(came_from)}",
                          data={"from": came_from, "into": at})]
    return []


def _makes_tb(ut: UnitType) -> bool:
    return ut.vehicle and ut.armored and ut.tracks == "full"


def _enemies_in(state: AmState, side: str, hex_id: str) -> list[Unit]:
    return [u for u in state.units.values()
            if u.hex == hex_id and u.side != side and not u.eliminated]


def _discover(state: AmState, move: MoveInProgress, at: str) -> list[Event]:
    """AM-15: a mover in play entering a hex discovers the concealed enemy units there."""
    if not any(state.units[u].hex == at for u in move.units):
        return []
    found = [u for u in _enemies_in(state, move.side, at) if u.concealed]
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


# ---- answers mid-move ------------------------------------------------------------------------
def react(state: AmState, side: str, reaction: str, move: MoveInProgress, dice: Dice,
          answer: object) -> tuple[list[Event], Stop | None]:
    if reaction == DAISY_CHAIN:
        daisy_react = _hook("daisy", "react")
        if daisy_react is None:  # pragma: no cover - daisy.py not written yet
            return [], None
        result: tuple[list[Event], Stop | None] = daisy_react(state, side, move, dice, answer)
        return result
    return snap_shot(state, side, move, dice)


def firer(state: AmState, side: str, at: str) -> Unit | None:
    """The unit of ``side`` that takes a Snap Shot at ``at``: Good Order, with firepower,
    on the map, with a clear LOS (AM-08: minefields never block it); the nearest, then the
    strongest, then by id."""
    apart = distance(state)
    able = [u for u in state.units.values()
            if u.side == side and u.hex is not None and not u.eliminated and u.status == GOOD
            and state.unit_type(u).fp > 0 and los.clear(state.board, u.hex, at)]
    if not able:
        return None
    return min(able, key=lambda u: (apart(u.hex or at, at), -state.unit_type(u).fp, u.id))


def snap_shot(state: AmState, side: str, move: MoveInProgress,
              dice: Dice) -> tuple[list[Event], Stop | None]:
    """A Snap Shot at the units that just entered ``move.at``: an IFT attack on the
    firer's firepower column, its only DRM the TEM of the hex entered (AM-09), one DR for
    each moving unit. A unit it pins or breaks drops out of the move (AM-64)."""
    at = move.at
    ref = state.board.ref(at)
    shooter = firer(state, side, at)
    if shooter is None:
        # an order that finds no firer stays the side's secret, as the order itself is
        return [Event(kind="SnapShotNone", clause=FIRE_TEM, at=ref, secret_to=side,
                      text=f"no unit of {possessive(side)} can snap-shoot at {ref}")], None
    fp, drm = state.unit_type(shooter).fp, tem(state, at)
    events: list[Event] = [Event(kind="SnapShot", clause=FIRE_TEM, at=ref,
                                 text=f"{shooter.id} snap-shoots at {and_list(move.units)} in "
                                      f"{ref}: {fp} FP, TEM {drm:+d} (a minefield adds "
                                      "nothing)",
                                 data={"firer": shooter.id, "fp": fp, "drm": drm})]
    if shooter.concealed:
        shooter.concealed = False
        events.append(Event(kind="ConcealmentLost", clause=FIRE_TEM,
                            at=state.board.ref(str(shooter.hex)),
                            text=f"{shooter.id} fires and is seen", reveals=True))
    stopped: list[str] = []
    for uid in [u for u in move.units if state.units[u].hex == at]:
        out = _fire(state, uid, fp, drm, dice, f"{shooter.id}'s Snap Shot at {uid} in {ref}")
        events += out.events
        if out.stops or state.units[uid].eliminated:
            stopped.append(uid)
    more, stop = _drop_out(state, stopped, at, FIRE_TEM, f"{possessive(shooter.id)} Snap Shot")
    return events + more, stop


def _fire(state: AmState, uid: str, column: int, drm: int, dice: Dice, purpose: str) -> Any:
    """One IFT attack by fire on ``uid`` (attacks.fire)."""
    return _attacks().fire(state, uid, column, drm, dice, FIRE_TEM, purpose)


# ---- checks ---------------------------------------------------------------------------------
def _in_movement(state: AmState, clause: str = TURN) -> None:
    moves.no_ask(state, REACTION_CLAUSE)
    if state.step.phase != MOVEMENT:
        raise IllegalAction(f"units move in their side's Movement Phase; this is "
                            f"{possessive(state.phasing)} {state.step.label}", clause)


def _own(state: AmState, uid: str) -> Unit:
    unit = state.units.get(uid)
    if unit is None or unit.eliminated:
        raise IllegalAction(f"there is no unit {uid!r} in play", TURN)
    if unit.side != state.phasing:
        raise IllegalAction(f"{uid} belongs to {unit.side}; it is "
                            f"{possessive(state.phasing)} Movement Phase", TURN)
    return unit


def _may_move(state: AmState, unit: Unit) -> None:
    if unit.carried_by is not None:
        raise IllegalAction(f"{unit.id} rides in {unit.carried_by}: unload it first", TURN)
    if unit.status == BROKEN:
        raise IllegalAction(f"{unit.id} is broken: it may only rout", ROUT)
    if unit.status != GOOD:
        raise IllegalAction(f"{unit.id} is {unit.status}: it may not move this phase", TURN)
    if unit.immobilised:
        raise IllegalAction(f"{unit.id} is immobilised", TURN)
    if unit.clearing:
        raise IllegalAction(f"{unit.id} is clearing mines: it spends its whole MP on it",
                            FLAIL_CLEARING)
    if unit.moved:
        raise IllegalAction(f"{unit.id} has moved this Movement Phase already", TURN)


def _check_cost(state: AmState, unit: Unit, path: Sequence[str], double: bool,
                routing: bool = False) -> None:
    ut = state.unit_type(unit)
    cost, stuck = path_cost(state, ut, path, double)
    if stuck is not None:
        terrain, _ = terrain_of(state, path[stuck])
        raise IllegalAction(f"{unit.id} may not enter {state.board.ref(path[stuck])} "
                            f"({terrain})", COSTS)
    left = mf_left(state, unit, routing)
    if cost > left:
        word = _unit_word(ut)
        raise IllegalAction(f"the path costs {unit.id} {_num(cost)} {word}; it has "
                            f"{_num(left)} {word} left (a minefield adds nothing, AM-11)",
                            COSTS)


def check_plan(state: AmState, action: AmPlanMove) -> None:
    _in_movement(state)
    moves.check_plan(RULES, state, action, state.board.adjacent)
    units = [_own(state, u) for u in action.units]
    for unit in units:
        _may_move(state, unit)
    types = [state.unit_type(u) for u in units]
    if len({t.vehicle for t in types}) > 1:
        raise IllegalAction("vehicles and Personnel move apart", TURN)
    if action.vbm and not all(t.vehicle for t in types):
        raise IllegalAction("only vehicles use Vehicular Bypass Movement", TURN)
    if action.trail_break:
        if action.vbm:
            raise IllegalAction("an AFV using VBM records no Trail Break", TB_RECORD)
        if not any(_makes_tb(t) for t in types):
            raise IllegalAction("only a fully-tracked AFV records a Trail Break", TB_RECORD)
    if action.double_tb and types[0].vehicle and not state.data.options.vehicles_double_tb:
        raise IllegalAction("vehicles may not pay double MP through a Trail Break (rule "
                            "option vehicles_double_tb)", TB_ENTRY)
    for unit in units:
        _check_cost(state, unit, action.path, action.double_tb)


def plan(state: AmState, action: AmPlanMove, dice: Dice) -> list[Event]:
    events = moves.end(RULES, state) if state.move is not None else []
    for uid in action.units:
        state.units[uid].moved = True
    state.move_options = action.options
    events += moves.plan(RULES, state, action)
    return events


def _check_step(state: AmState, action: StepOn) -> None:
    moves.check_step(RULES, state)


def _step(state: AmState, action: StepOn, dice: Dice) -> list[Event]:
    return moves.step(RULES, state, dice)


def _check_end(state: AmState, action: EndMove) -> None:
    moves.check_end(RULES, state)


def _end(state: AmState, action: EndMove, dice: Dice) -> list[Event]:
    return moves.end(RULES, state)


# ---- AM-16: rout ------------------------------------------------------------------------------
def _is_building(state: AmState, hex_id: str) -> bool:
    return terrain_of(state, hex_id)[0] == "building"


def _known_ap_hexes(state: AmState, side: str) -> set[str]:
    """Every hex with an A-P minefield ``side`` knows of (its own, or one revealed)."""
    return {h for owned in state.minefields.values() for h, f in owned.items()
            if f.ap != 0 and (f.owner == side or f.ap_known)}


def _reach(state: AmState, unit: Unit) -> int:
    """The most hexes a routing unit could cover: its rout MF over the cheapest entry."""
    table = cost_table().classes[class_of(state.unit_type(unit))]
    cheapest = min([c for c in (*table.enter.values(), *table.features.values()) if c > 0],
                   default=1)
    return int(mf_left(state, unit, routing=True) // cheapest)


def _hexes_to_building(state: AmState, ut: UnitType, start: str, avoid: Iterable[str] = (),
                       reach: int = 99) -> tuple[int | None, dict[str, str]]:
    """Breadth-first: the fewest hexes from ``start`` to a building hex over hexes the unit
    may enter, never through ``avoid``, no further than ``reach`` hexes (None: none
    within it); and each reached hex's predecessor."""
    blocked = set(avoid)
    seen: dict[str, str] = {start: start}
    frontier = [start]
    depth = 0
    while frontier and depth <= reach:
        if any(_is_building(state, h) for h in frontier if h != start):
            return depth, seen
        depth += 1
        nxt: list[str] = []
        for h in frontier:
            for n in sorted(state.board.adjacent[h]):
                if n in seen or n in blocked or step_cost(state, ut, h, n) is None:
                    continue
                seen[n] = h
                nxt.append(n)
        frontier = nxt
    return None, seen


def rout_paths(state: AmState, uid: str) -> list[tuple[str, ...]]:
    """Sample legal routs (for legal_actions): the shortest to the nearest building, and
    the detour round known A-P minefields where there is one (AM-16)."""
    unit = state.units[uid]
    ut = state.unit_type(unit)
    start = str(unit.hex)
    out: list[tuple[str, ...]] = []
    reach = _reach(state, unit)
    for avoid in ((), _known_ap_hexes(state, unit.side)):
        depth, seen = _hexes_to_building(state, ut, start, avoid, reach)
        if depth is None or depth == 0:
            continue
        goal = sorted(h for h, _ in seen.items() if _is_building(state, h) and h != start
                      and _depth(seen, h, start) == depth)
        if goal:
            out.append(_walk_back(seen, goal[0], start))
    return list(dict.fromkeys(out))


def _depth(seen: Mapping[str, str], h: str, start: str) -> int:
    n = 0
    while h != start:
        h = seen[h]
        n += 1
    return n


def _walk_back(seen: Mapping[str, str], goal: str, start: str) -> tuple[str, ...]:
    path = [goal]
    while path[-1] != start:
        path.append(seen[path[-1]])
    return tuple(reversed(path))


def check_rout(state: AmState, action: Rout) -> None:
    """AM-16: a broken unit routs to a building by the fewest hexes — or, where every such
    route crosses an A-P minefield its side knows of, by the fewest hexes that avoid them
    all. A minefield its side does not know of changes nothing."""
    _in_movement(state)
    if moves.busy(state):
        raise IllegalAction("finish the move in progress first", TURN)
    unit = _own(state, action.unit)
    if unit.status != BROKEN:
        raise IllegalAction(f"{unit.id} is not broken: only a broken unit routs", ROUT)
    if unit.moved:
        raise IllegalAction(f"{unit.id} has moved this Movement Phase already", TURN)
    moves.check_plan(RULES, state, PlanMove((unit.id,), action.path), state.board.adjacent)
    ut = state.unit_type(unit)
    _check_cost(state, unit, action.path, False, routing=True)
    goal, steps = action.path[-1], len(action.path) - 1
    if not _is_building(state, goal):
        raise IllegalAction(f"a rout ends in a building; {state.board.ref(goal)} is none",
                            ROUT)
    known = _known_ap_hexes(state, unit.side)
    shortest, _ = _hexes_to_building(state, ut, action.path[0], reach=steps)
    if steps == shortest:
        return
    detour, _ = _hexes_to_building(state, ut, action.path[0], known, steps)
    crosses = [h for h in action.path[1:] if h in known]
    if detour is not None and detour != shortest and steps == detour and not crosses:
        return
    round_known = "" if detour in (None, shortest) else f" ({detour})"
    raise IllegalAction(f"{unit.id} must rout by the fewest hexes to a building ("
                        f"{shortest}), or round the A-P minefields its side knows of"
                        f"{round_known}; this path takes {steps}", ROUT)


def rout(state: AmState, action: Rout, dice: Dice) -> list[Event]:
    state.units[action.unit].moved = True
    state.move_options = ()
    return moves.plan(RULES, state, PlanMove((action.unit,), action.path))


# ---- AM-23: unloading PRC ---------------------------------------------------------------------
def check_unload(state: AmState, action: Unload) -> None:
    _in_movement(state)
    if moves.busy(state):
        raise IllegalAction("finish the move in progress first", TURN)
    if not action.units:
        raise IllegalAction("name the passengers to unload", TURN)
    distinct(action.units, "unloading unit", TURN)
    for uid in action.units:
        unit = _own(state, uid)
        vehicle = None if unit.carried_by is None else state.units.get(unit.carried_by)
        if vehicle is None or vehicle.eliminated or vehicle.hex is None:
            raise IllegalAction(f"{uid} rides in no vehicle on the map", PRC_UNLOAD)


def unload(state: AmState, action: Unload, dice: Dice) -> list[Event]:
    """AM-23: PRC unloading in an A-P minefield's hex are attacked as if entering it."""
    events: list[Event] = []
    for uid in action.units:
        unit = state.units[uid]
        vehicle = state.units[str(unit.carried_by)]
        hex_id = str(vehicle.hex)
        ref = state.board.ref(hex_id)
        unit.hex, unit.carried_by, unit.moved = hex_id, None, True
        events.append(Event(kind="Unloaded", clause=PRC_UNLOAD, at=ref,
                            text=f"{uid} unloads from {vehicle.id} in {ref}"))
        if not _spared(state, hex_id):
            events += _attacks().bail_out_attacks(state, uid, dice)
    return events


# ---- AM-28: a VCA change ----------------------------------------------------------------------
def check_vca(state: AmState, action: ChangeVCA) -> None:
    _in_movement(state)
    unit = _own(state, action.vehicle)
    if not state.unit_type(unit).vehicle:
        raise IllegalAction(f"{unit.id} is no vehicle: it has no VCA", TURN)
    if unit.hex is None or unit.immobilised:
        raise IllegalAction(f"{unit.id} may not turn", TURN)
    move = state.move
    if move is not None and move.may_go_on and unit.id not in move.units:
        raise IllegalAction("finish the move in progress first", TURN)
    if mf_left(state, unit) < 1:
        raise IllegalAction(f"{unit.id} has no MP left to change its VCA", COSTS)


def change_vca(state: AmState, action: ChangeVCA, dice: Dice) -> list[Event]:
    """AM-28 (option at_on_vca): turning in an A-T hex makes the trigger dr again."""
    unit = state.units[action.vehicle]
    unit.spent += 1
    hex_id = str(unit.hex)
    ref = state.board.ref(hex_id)
    events: list[Event] = [Event(kind="VcaChanged", clause=AT_TRIGGER, at=ref,
                                 text=f"{unit.id} changes its VCA in {ref} (1 MP)")]
    if state.data.options.at_on_vca:
        for f in state.fields_at(hex_id):
            if f.at:
                out = _attacks().at_attack(state, unit.id, f, dice)
                events += out.events
                if out.stops and state.move is not None and unit.id in state.move.units:
                    more, stop = _drop_out(state, [unit.id], hex_id, STOPS, "the A-T attack")
                    events += more + moves.stop_move(RULES, state, stop)
    return events


# ---- AM-34, AM-74: removing visible A-T mines -------------------------------------------------
def _visible_at(state: AmState, hex_id: str) -> list[Minefield]:
    return [f for f in state.fields_at(hex_id) if f.visible and f.at != 0]


def check_clear_visible(state: AmState, action: ClearVisibleAT) -> None:
    _in_movement(state)
    unit = _own(state, action.unit)
    ut = state.unit_type(unit)
    if unit.hex is None or ut.cls != "infantry":
        raise IllegalAction("only Infantry remove visible A-T mines", VISIBLE_AT)
    if unit.status != GOOD:
        raise IllegalAction(f"{unit.id} is {unit.status}: it may not clear mines", VISIBLE_AT)
    move = state.move
    if move is not None and move.may_go_on and unit.id not in move.units:
        raise IllegalAction("finish the move in progress first", TURN)
    if not _visible_at(state, unit.hex):
        raise IllegalAction(f"no visible A-T mines lie in {state.board.ref(unit.hex)}",
                            VISIBLE_AT)
    if unit.hex in state.at_clearing:
        raise IllegalAction(f"{state.at_clearing[unit.hex]} is removing them already",
                            VISIBLE_AT)
    if mf_left(state, unit) < 1:
        raise IllegalAction(f"{unit.id} has no MF left to spend on the mines", VISIBLE_AT)


def clear_visible(state: AmState, action: ClearVisibleAT, dice: Dice) -> list[Event]:
    unit = state.units[action.unit]
    unit.spent += 1
    hex_id = str(unit.hex)
    state.at_clearing[hex_id] = unit.id
    ref = state.board.ref(hex_id)
    return [Event(kind="VisibleMinesWorkedOn", clause=VISIBLE_AT, at=ref,
                  text=f"{unit.id} spends 1 MF on the A-T mines in {ref}: they go at the "
                       "end of the Movement Phase unless it is pinned, broken or "
                       "eliminated there first")]


def _clearing_spoilt(state: AmState, uid: str, hex_id: str) -> None:
    """AM-74: the clearing unit pinned, broken or eliminated in that hex first: no removal."""
    if state.at_clearing.get(hex_id) == uid:
        del state.at_clearing[hex_id]


def _remove_cleared(state: AmState) -> list[Event]:
    events: list[Event] = []
    for hex_id, uid in sorted(state.at_clearing.items()):
        unit = state.units[uid]
        ref = state.board.ref(hex_id)
        spoilt = unit.eliminated or (unit.hex == hex_id and unit.status != GOOD)
        if spoilt:
            events.append(Event(kind="VisibleMinesStay", clause=VISIBLE_AT, at=ref,
                                text=f"{uid} was stopped in {ref}: the A-T mines stay"))
            continue
        for f in _visible_at(state, hex_id):
            f.at = 0
            if not f.ap and not f.daisy:
                del state.minefields[f.owner][hex_id]
        events.append(Event(kind="VisibleMinesRemoved", clause=VISIBLE_AT, at=ref,
                            text=f"the visible A-T mines in {ref} are removed ({uid})"))
    state.at_clearing.clear()
    return events


# ---- AM-58: a Search's find ------------------------------------------------------------------
def check_discover(state: AmState, action: Discover) -> None:
    moves.no_ask(state, REACTION_CLAUSE)
    if action.at not in state.board.places:
        raise IllegalAction(f"{action.at!r} is no hex of this map", SEARCH)


def discover(state: AmState, action: Discover, dice: Dice) -> list[Event]:
    """The hook a Search procedure calls: presence and type of the other sides' fields in
    the hex are revealed, their strength is not (AM-58)."""
    side = state.to_move
    ref = state.board.ref(action.at)
    events: list[Event] = []
    for f in state.fields_at(action.at):
        if f.owner != side:
            if f.ap:
                events += _attacks().reveal(state, f, "ap", False)
            if f.at:
                events += _attacks().reveal(state, f, "at", False)
    word = "finds" if events else "finds nothing new"
    return [Event(kind="Searched", clause=SEARCH, at=ref,
                  text=f"{possessive(side)} Search of {ref} {word}"), *events]


# ---- standing orders --------------------------------------------------------------------------
def check_orders(state: AmState, action: SetOrders) -> None:
    moves.no_ask(state, REACTION_CLAUSE)
    orders.check_orders(action, REACTIONS, state.board.places, REACTION_CLAUSE)


def set_orders(state: AmState, action: SetOrders, dice: Dice) -> list[Event]:
    side = state.to_move

    def keep() -> None:
        state.orders[side] = action.orders

    return orders.set_orders(side, action, keep, REACTION_CLAUSE)


def _stand_in(action: Action) -> Action | None:
    return orders.stand_in(action) if isinstance(action, SetOrders) else None


# ---- phases ---------------------------------------------------------------------------------
def phase_end(state: AmState, dice: Dice) -> list[Event]:
    """The end of a Movement Phase: visible A-T mines worked on go (AM-34, AM-74); pins
    end with the Player Turn."""
    if state.step.phase != MOVEMENT:
        return []
    events = _remove_cleared(state)
    state.move_options = ()
    for unit in state.units.values():
        if unit.status == "pinned":
            unit.status = GOOD
    return events


def phase_start(state: AmState) -> list[Event]:
    """A new Movement Phase: the phasing side's units have all their MF/MP again."""
    if state.step.phase == MOVEMENT:
        for unit in state.units.values():
            if unit.side == state.phasing:
                unit.spent, unit.moved = 0, False
    return []


# ---- what a player is offered ------------------------------------------------------------------
def units_at(view: AmState, place: str) -> list[str]:
    """The phasing side's units at ``place`` that may still move or rout (none while a
    move goes on or an answer is awaited)."""
    if moves.busy(view) or view.step.phase != MOVEMENT or view.awaiting is not None:
        return []
    return [u for u in units_here(view, view.phasing, place)
            if not view.units[u].moved and not view.units[u].immobilised
            and view.units[u].status in (GOOD, BROKEN)]


def _options(selection: Selection) -> dict[str, bool]:
    return {key: bool(selection.option(key, False)) for key in (DOUBLE_TB, VBM, TRAIL_BREAK)}


def _broken(view: AmState, units: Sequence[str]) -> bool:
    return len(units) == 1 and view.units[units[0]].status == BROKEN


def intent(view: AmState, selection: Selection, kind: str, place: str) -> Action | None:
    """A click: the next step of the move in progress; with units picked, a move (or, for
    a broken unit, a rout) by the cheapest route there."""
    if moves.busy(view):
        return moves.step_intent(view, place)
    if not selection.units or selection.place is None or place == selection.place \
            or place not in view.board.places or any(u not in view.units
                                                     for u in selection.units):
        return None
    if _broken(view, selection.units):
        return next((Rout(selection.units[0], path)
                     for path in rout_paths(view, selection.units[0]) if path[-1] == place),
                    None)
    found = _route(view, selection, place)
    if found is None:
        return None
    return AmPlanMove(tuple(selection.units), found, **_options(selection))


def targets(view: AmState, selection: Selection, check: Check) -> dict[str, Action]:
    """The hexes a click would step into: the next step of the move in progress, or each
    neighbour the picked units may legally enter now (6 checks: fast on any board); for a
    broken unit, the buildings it may rout to."""
    if moves.busy(view):
        move = view.move
        if view.ask is None and move is not None and move.ahead is not None:
            return {move.ahead: StepOn()}
        return {}
    if not selection.units or selection.place is None \
            or selection.place not in view.board.adjacent \
            or any(u not in view.units for u in selection.units):
        return {}
    out: dict[str, Action] = {}
    if _broken(view, selection.units):  # the buildings it may rout to (AM-16)
        for path in rout_paths(view, selection.units[0]):
            rout_to = Rout(selection.units[0], path)
            if is_legal(check, view, rout_to):
                out[path[-1]] = rout_to
        return out
    opts = _options(selection)
    for n in view.board.adjacent[selection.place]:
        action = AmPlanMove(tuple(selection.units), (selection.place, n), **opts)
        if is_legal(check, view, action):
            out[n] = action
    return out


def choices(view: AmState, selection: Selection) -> list[Choice]:
    """The options of a move: paying double through Trail Breaks (AM-42), VBM and
    recording a Trail Break for fully-tracked AFVs (AM-41)."""
    units = [view.units[u] for u in selection.units if u in view.units]
    if not units or moves.busy(view):
        return []
    types = [view.unit_type(u) for u in units if u.known]
    out: list[Choice] = []
    if view.trail_breaks:
        out.append(Choice(DOUBLE_TB, "Twice the cost through Trail Breaks", False,
                          tip=f"{TB_ENTRY}: no minefield attack on entering through a TB"))
    if types and all(t.vehicle for t in types):
        out.append(Choice(VBM, "Vehicular Bypass Movement", False))
    if any(_makes_tb(t) for t in types):
        out.append(Choice(TRAIL_BREAK, "Record a Trail Break", False,
                          tip=f"{TB_RECORD}: a fully-tracked AFV not using VBM marks its way "
                              "into each minefield hex"))
    return out


def _own_hidden(view: AmState, side: str, hex_id: str) -> list[Minefield]:
    return [f for f in view.minefields.get(side, {}).values()
            if f.hex == hex_id and (f.ap or f.at) and not f.visible
            and not (f.ap_known or f.at_known)]


def own_field_warning(view: AmState, side: str, path: Sequence[str]) -> list[str]:
    """AM-72: the owner's hidden minefields along ``path`` attack its own units too."""
    rows = []
    for i, hex_id in enumerate(path):
        for f in _own_hidden(view, side, hex_id):
            how = "leaving" if i == 0 else ("entering and leaving" if i < len(path) - 1
                                             else "entering")
            what = " + ".join(x for x in (f"{f.ap} A-P" if f.ap else "",
                                          f"{f.at} A-T" if f.at else "") if x)
            rows.append(f"{OWN_FIELD}: your own hidden minefield ({what}) in "
                        f"{view.board.ref(hex_id)} attacks your units {how} it")
    return rows


def commands(view: AmState, selection: Selection) -> list[Command]:
    """The move's buttons (its next step warned of the owner's own field, AM-72), and what
    the picked units may do where they stand: rout, unload, turn, clear visible A-T."""
    out = moves.move_commands(RULES, view, selection.place,
                              f"{FIRE_TEM}: the firer's FP on the IFT, the hex's TEM only")
    move = view.move
    if move is not None and move.may_go_on and move.ahead is not None and view.ask is None:
        warn = own_field_warning(view, move.side, (move.at, move.ahead))
        out = [replace(c, tip="; ".join(warn)) if isinstance(c.action, StepOn) and warn
               else c for c in out]
    if view.step.phase != MOVEMENT or view.ask is not None:
        return out
    for uid in selection.units:
        unit = view.units.get(uid)
        if unit is None:
            continue
        for label, action, tip in _unit_commands(view, unit):
            if _legal_here(view, action):
                out.append(Command(label, action, tip))
    return out


def _unit_commands(view: AmState, unit: Unit) -> list[tuple[str, Action, str]]:
    out: list[tuple[str, Action, str]] = []
    out.append((f"{unit.id}: remove the visible A-T mines (1 MF)", ClearVisibleAT(unit.id),
                f"{VISIBLE_AT}: removed at the end of the Movement Phase"))
    if unit.known and view.unit_type(unit).vehicle:
        out.append((f"{unit.id}: change VCA (1 MP)", ChangeVCA(unit.id),
                    f"{AT_TRIGGER}: in an A-T hex the mines may attack again"))
        riders = tuple(p.id for p in view.passengers(unit.id))
        if riders:
            out.append((f"Unload {and_list(riders)}", Unload(riders),
                        f"{PRC_UNLOAD}: in an A-P hex they are attacked as if entering"))
    if unit.status == BROKEN:
        for path in rout_paths(view, unit.id):
            out.append((f"{unit.id}: rout to {view.board.ref(path[-1])}", Rout(unit.id, path),
                        f"{ROUT}: by the fewest hexes, or round known A-P minefields"))
    return out


def _legal_here(view: AmState, action: Action) -> bool:
    check = _CHECKS.get(type(action))
    if check is None:
        return False
    try:
        check(view, action)
    except IllegalAction:
        return False
    return True


def _route(view: AmState, selection: Selection, goal: str) -> tuple[str, ...] | None:
    """The cheapest path of the picked units to ``goal`` (Dijkstra on the slowest unit's
    costs, bounded by its MF/MP left)."""
    units = [view.units[u] for u in selection.units]
    unit = units[0]
    if unit.hex is None or not unit.known:
        return None
    ut = view.unit_type(unit)
    double = bool(selection.option(DOUBLE_TB, False))
    start = unit.hex
    # no further than twice what is left (to show where a route runs out): a pointer far
    # away costs nothing
    limit = max(mf_left(view, unit, routing=True), 0) * 2 + 2
    if distance(view)(start, goal) > limit:
        return None
    best: dict[str, float] = {start: 0.0}
    back: dict[str, str] = {}
    queue: list[tuple[float, str]] = [(0.0, start)]
    while queue:
        cost, h = heapq.heappop(queue)
        if h == goal:
            break
        if cost > best.get(h, math.inf):
            continue
        for n in view.board.adjacent.get(h, {}):
            step = step_cost(view, ut, h, n, double)
            if step is None:
                continue
            c = cost + step
            if c < best.get(n, math.inf) and c <= limit:
                best[n], back[n] = c, h
                heapq.heappush(queue, (c, n))
    if goal not in back:
        return None
    path = [goal]
    while path[-1] != start:
        path.append(back[path[-1]])
    return tuple(reversed(path))


def route_report(view: AmState, selection: Selection, at: PlaceRef) -> RouteReport | None:
    """The cheapest route of the picked units to ``at`` in MF/MP (rounded up), and where
    it runs past what the first of them has left (AM-11)."""
    if moves.busy(view) or not selection.units or selection.place is None \
            or at.id not in view.board.places or at.id == selection.place \
            or any(u not in view.units for u in selection.units):
        return None
    unit = view.units[selection.units[0]]
    if not unit.known:
        return None
    ut = view.unit_type(unit)
    path = _route(view, selection, at.id)
    word = _unit_word(ut)
    if path is None:
        return RouteReport((selection.place,), (str(view.board.ref(selection.place)),), (0,),
                           at.id, (word, word), None,
                           stop=RouteStop(1, COSTS, f"{unit.id} finds no way to "
                                                    f"{view.board.ref(at.id)} within "
                                                    "its reach"))
    costs = [0.0]
    double = bool(selection.option(DOUBLE_TB, False))
    for a, b in pairwise(path):
        costs.append(costs[-1] + (step_cost(view, ut, a, b, double) or 0))
    left = mf_left(view, unit)
    stop = None
    over = next((i for i, c in enumerate(costs) if c > left), None)
    if over is not None:
        stop = RouteStop(over, COSTS, f"{unit.id} has {_num(left)} {word} left")
    return RouteReport(path, tuple(str(view.board.ref(p)) for p in path),
                       tuple(math.ceil(c) for c in costs), at.id, (word, word),
                       math.floor(left), stop=stop)


def preview_plan(view: AmState, action: AmPlanMove) -> Preview | None:
    """The odds of a planned move (attacks' odds.path_preview: from what the viewer
    knows), with a row for each of the mover's own hidden fields on the way (AM-72)."""
    found = None
    path_preview = _hook("odds", "path_preview")
    if path_preview is not None:
        found = path_preview(view, action)
    rows = own_field_warning(view, view.phasing, action.path)
    if not rows:
        return found
    if found is None:
        found = Preview.nothing_to_roll(f"{and_list(action.units)} to "
                                        f"{view.board.ref(action.path[-1])}",
                                        "no minefield the mover knows of but its own")
    return replace(found, rows=tuple(found.rows) + tuple(rows))


def _odds_of(name: str) -> Any:
    """attacks' odds panel ``name`` (odds.py), looked up when asked."""
    def preview(view: AmState, action: Action) -> Preview | None:
        found = _hook("odds", name)
        return None if found is None else found(view, action)

    return preview


def candidates(view: AmState) -> list[Action]:
    """A broad sample for legal_actions: the move's buttons, orders, one-step plans of each
    unit that may move, routs, unloading, VCA changes and visible A-T removal."""
    out: list[Action] = [c.action for c in moves.move_commands(RULES, view, None)
                         if c.action is not None]
    if view.ask is not None:
        return out
    out.append(SetOrders())
    side = view.to_move
    first = next((u for u in sorted(view.units.values(), key=lambda u: u.id)
                  if u.side != side and u.hex is not None and not u.eliminated), None)
    if first is not None:
        out += [SetOrders((StandingOrder(SNAP_SHOT, Trigger("within", (str(first.hex),), 1),
                                         answer),)) for answer in (AUTO, ASK)]
    if view.step.phase != MOVEMENT or moves.busy(view):
        return out
    for unit in sorted(view.units.values(), key=lambda u: u.id):
        if unit.side != view.phasing or unit.eliminated:
            continue
        if unit.hex is not None and unit.known:
            out += [AmPlanMove((unit.id,), (unit.hex, n))
                    for n in sorted(view.board.adjacent.get(unit.hex, {}))]
            if _makes_tb(view.unit_type(unit)):
                out += [AmPlanMove((unit.id,), (unit.hex, n), trail_break=True)
                        for n in sorted(view.board.adjacent.get(unit.hex, {}))]
        out += [a for _label, a, _tip in _unit_commands(view, unit)] if unit.known else []
        if unit.carried_by is not None:
            out.append(Unload((unit.id,)))
    return out


# ---- the summary and the invariants ------------------------------------------------------------
def summary(state: AmState) -> dict[str, Any]:
    move = state.move
    return {
        "units": {u.id: {"hex": u.hex, "status": u.status, "spent": u.spent,
                         **({"eliminated": True} if u.eliminated else {}),
                         **({"immobilised": True} if u.immobilised else {}),
                         **({"concealed": True} if u.concealed else {}),
                         **({"carried_by": u.carried_by} if u.carried_by else {}),
                         **({"type": u.type} if u.known else {})}
                  for u in state.units.values()},
        "move": None if move is None else {
            "units": list(move.units), "path": list(move.path), "done": move.done,
            "options": list(state.move_options),
            "stopped": None if move.stopped is None else
            [move.stopped.clause, move.stopped.text, move.stopped.resumable]},
        "ask": None if state.ask is None else state.ask.offer,
        "trail_breaks": sorted(f"{a}>{b}" for a, b in state.trail_breaks),
        "at_clearing": dict(sorted(state.at_clearing.items())),
    }


def invariants(state: AmState) -> list[str]:
    out = []
    move = state.move
    if move is not None:
        out += [f"{u} is at {state.units[u].hex}, the move at {move.at}"
                for u in move.units
                if not state.units[u].eliminated and state.units[u].hex != move.at]
    if state.ask is not None and move is None:
        out.append("a reaction is asked with no move in progress")
    for unit in state.units.values():
        if not unit.eliminated and (unit.hex is None) == (unit.carried_by is None):
            out.append(f"{unit.id} is {'nowhere' if unit.hex is None else 'both on the map '}"
                       f"{'' if unit.hex is None else 'and in ' + str(unit.carried_by)}")
        if unit.known and unit.spent > state.unit_type(unit).mf + cost_table().rout_bonus:
            out.append(f"{unit.id} spent {unit.spent} of {state.unit_type(unit).mf}")
    return out


CONCEALED_STAND_IN = "squad"
"""The type a concealed enemy unit carries in a view: a stand-in so code that looks a type
up still works; ``known`` False says it is not the unit's (AM-15)."""


def hide(seen: AmState, side: str | None) -> None:
    """A concealed enemy unit shows where it is, never what it is (AM-15)."""
    for unit in seen.units.values():
        if unit.concealed and unit.side != side:
            unit.known = False
            unit.type = CONCEALED_STAND_IN


_CHECKS: dict[type[Action], Any] = {
    AmPlanMove: check_plan,
    StepOn: _check_step,
    PressOn: lambda s, a: moves.check_press_on(RULES, s),
    EndMove: _check_end,
    React: lambda s, a: moves.check_answer(RULES, s),
    PassReaction: lambda s, a: moves.check_answer(RULES, s),
    SetOrders: check_orders,
    Rout: check_rout,
    Unload: check_unload,
    ChangeVCA: check_vca,
    ClearVisibleAT: check_clear_visible,
    Discover: check_discover,
}
_EFFECTS: dict[type[Action], Any] = {
    AmPlanMove: plan,
    StepOn: _step,
    PressOn: lambda s, a, d: moves.press_on(RULES, s),
    EndMove: _end,
    React: lambda s, a, d: moves.answer(RULES, s, a, d),
    PassReaction: lambda s, a, d: moves.answer(RULES, s, a, d),
    SetOrders: set_orders,
    Rout: rout,
    Unload: unload,
    ChangeVCA: change_vca,
    ClearVisibleAT: clear_visible,
    Discover: discover,
}

PART = Part(
    actions=tuple(_CHECKS),
    checks=_CHECKS,
    effects=_EFFECTS,
    hide=hide,
    stand_in=_stand_in,
    commands=commands,
    candidates=candidates,
    previews={AmPlanMove: preview_plan, Rout: _odds_of("path_preview"),
              Unload: _odds_of("unload_preview"), ChangeVCA: _odds_of("vca_preview")},
    phase_end=phase_end,
    phase_start=phase_start,
    summary=summary,
    invariants=invariants,
)
