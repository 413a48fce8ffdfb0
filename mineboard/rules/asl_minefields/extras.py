"""asl-minefields: what a unit does in the Movement Phase besides a move — a broken
unit's rout (AM-16), PRC unloading into an A-P hex (AM-23), a vehicle's VCA change
(AM-28), Infantry's 1 MF on visible A-T mines (AM-34, AM-74), and the find of a Search
made outside these rules (AM-58).

Rout (the rout rules are outside B28; the model): a broken unit routs to a building by the
fewest hexes, or — where every such way crosses an A-P minefield its side knows of (its
own, or one revealed) — by the fewest hexes that avoid them all, with its MF plus
``rout_bonus``. It is a move like any other (AM-13: routing units are attacked).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from mineboard.core.actions import Action
from mineboard.core.dice import Dice
from mineboard.core.errors import IllegalAction
from mineboard.core.events import Event
from mineboard.core.words import possessive
from mineboard.rules.asl_minefields.costs import (
    class_of,
    cost_table,
    mf_left,
    step_cost,
    terrain_of,
)
from mineboard.rules.asl_minefields.data import UnitType
from mineboard.rules.asl_minefields.moving import RULES, check_cost, in_movement, own
from mineboard.rules.asl_minefields.passage import (
    STOPS,
    attacks_module,
    drop_out,
    spared,
)
from mineboard.rules.asl_minefields.reactions import REACTION_CLAUSE
from mineboard.rules.asl_minefields.state import BROKEN, GOOD, AmState, Minefield, Unit
from mineboard.rules.common import moves
from mineboard.rules.common.checks import TURN, distinct
from mineboard.rules.common.moves import PlanMove

ROUT, PRC_UNLOAD, AT_TRIGGER, VISIBLE_AT, SEARCH, COSTS = "AM-16", "AM-23", "AM-28", \
    "AM-34", "AM-58", "AM-11"


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
    if unit.hex is None or unit.eliminated:  # aboard a vehicle, or gone: no rout
        return []
    ut = state.unit_type(unit)
    start = unit.hex
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
    in_movement(state)
    if moves.busy(state):
        raise IllegalAction("finish the move in progress first", TURN)
    unit = own(state, action.unit)
    if unit.status != BROKEN:
        raise IllegalAction(f"{unit.id} is not broken: only a broken unit routs", ROUT)
    if unit.moved:
        raise IllegalAction(f"{unit.id} has moved this Movement Phase already", TURN)
    moves.check_plan(RULES, state, PlanMove((unit.id,), action.path), state.board.adjacent)
    ut = state.unit_type(unit)
    check_cost(state, unit, action.path, False, routing=True)
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


def check_unload(state: AmState, action: Unload) -> None:
    in_movement(state)
    if moves.busy(state):
        raise IllegalAction("finish the move in progress first", TURN)
    if not action.units:
        raise IllegalAction("name the passengers to unload", TURN)
    distinct(action.units, "unloading unit", TURN)
    for uid in action.units:
        unit = own(state, uid)
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
        if not spared(state, hex_id):
            events += attacks_module().bail_out_attacks(state, uid, dice)
    return events


def check_vca(state: AmState, action: ChangeVCA) -> None:
    in_movement(state)
    unit = own(state, action.vehicle)
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
                out = attacks_module().at_attack(state, unit.id, f, dice)
                events += out.events
                if out.stops and state.move is not None and unit.id in state.move.units:
                    more, stop = drop_out(state, [unit.id], hex_id, STOPS, "the A-T attack")
                    events += more + moves.stop_move(RULES, state, stop)
    return events


def _visible_at(state: AmState, hex_id: str) -> list[Minefield]:
    return [f for f in state.fields_at(hex_id) if f.visible and f.at != 0]


def check_clear_visible(state: AmState, action: ClearVisibleAT) -> None:
    in_movement(state)
    unit = own(state, action.unit)
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


def remove_cleared(state: AmState) -> list[Event]:
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
                events += attacks_module().reveal(state, f, "ap", False)
            if f.at:
                events += attacks_module().reveal(state, f, "at", False)
    word = "finds" if events else "finds nothing new"
    return [Event(kind="Searched", clause=SEARCH, at=ref,
                  text=f"{possessive(side)} Search of {ref} {word}"), *events]
