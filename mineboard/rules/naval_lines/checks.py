"""Legality of naval-lines actions. Each refusal names the clause that forbids the action.

Checks read the state and never change it, so the GUI can ask "would this be legal?" on
every hover. Clause ``TURN`` marks the game's ordinary turn structure (phases, movement
allowance), which the mine rules take for granted rather than state.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from mineboard.core.actions import Action
from mineboard.core.errors import IllegalAction
from mineboard.core.words import count_of
from mineboard.maps.model import COAST, NAVAL_LINE, way_id
from mineboard.rules.common.checks import TURN, distinct, owned
from mineboard.rules.naval_lines.actions import (
    BuyMines,
    Capture,
    EndPhase,
    LayMines,
    LoadMines,
    Move,
    Retreat,
    SettleBattle,
)
from mineboard.rules.naval_lines.state import (
    BATTLE,
    COMBAT_MOVE,
    NONCOMBAT_MOVE,
    PHASE_NAMES,
    PURCHASE,
    NavalState,
    Unit,
    unit_label,
    unit_name,
)


def refuse(reason: str, clause: str) -> IllegalAction:
    return IllegalAction(reason, clause)


def require_phase(state: NavalState, phases: tuple[str, ...], what: str, clause: str) -> None:
    if state.phase not in phases:
        allowed = " or ".join(PHASE_NAMES[p] for p in phases)
        raise refuse(f"{what} only in {allowed}, not in {PHASE_NAMES[state.phase]}", clause)


def named(state: NavalState, unit_id: str, nation: bool = False) -> str:
    """A unit's name for a refusal, with its nation where either side's may be meant; an id
    no unit has is said as it was given."""
    unit = state.units.get(unit_id)
    if unit is None:
        return unit_id
    return unit_label(state, unit) if nation else unit_name(state, unit)


def own_unit(state: NavalState, unit_id: str) -> Unit:
    unit = state.units.get(unit_id)
    return owned(unit, unit_id, "unit", unit.nation if unit else None, state.active,
                 name=named(state, unit_id))


def enemies_in(state: NavalState, zone: str, nation: str) -> list[Unit]:
    side = state.side_of(nation)
    return [u for u in state.units_in(zone) if state.side_of(u.nation) != side]


def stopped_by(state: NavalState, unit: Unit, zone: str) -> Unit | None:
    """The enemy ship that stops ``unit`` on entering ``zone`` in Combat Movement, or None
    if it may sail on (the NL-13 decision, the base game's rule): an enemy warship stops
    every ship but one that passes warships (a submarine), and that one only where an enemy
    that stops passers (a destroyer) is. Ships are in sight of all, so this never rests on
    a secret."""
    enemies = sorted(enemies_in(state, zone, unit.nation), key=lambda u: u.id)
    if state.unit_type(unit).passes_warships:
        return next((e for e in enemies if state.unit_type(e).stops_passers), None)
    return next((e for e in enemies if state.unit_type(e).warship), None)


def stop_reason(state: NavalState, units: list[Unit], zone: str) -> str | None:
    """Why the group may not sail on through ``zone`` in Combat Movement, or None."""
    stopped = [(u, e) for u in units if (e := stopped_by(state, u, zone)) is not None]
    if not stopped:
        return None
    names = ", ".join(unit_name(state, u) for u, _e in stopped[:3])
    more = f" and {len(stopped) - 3} more" if len(stopped) > 3 else ""
    enemy = stopped[0][1]
    return f"{names}{more} must stop in sea zone {zone}: {unit_label(state, enemy)} is there"


def check_buy(state: NavalState, action: BuyMines) -> None:
    nation = state.active
    require_phase(state, (PURCHASE,), "naval mines are bought", "NL-02")
    if nation in state.rules.no_mine_production:
        raise refuse(f"{nation} cannot produce naval mines", "NL-02")
    if not state.holds_capital(nation):
        raise refuse(f"naval mines are produced only at {nation}'s capital, which "
                     f"{nation} does not hold", "NL-02")
    if action.count < 1:
        raise refuse("buy at least one mine", "NL-02")
    limit = state.capacity(nation)
    already = state.bought_this_turn[nation]
    if already + action.count > limit:
        raise refuse(f"the capital's industrial complex produces at most "
                     f"{count_of(limit, 'mine')} a turn ({already} bought already)", "NL-03")
    cost = action.count * state.rules.mine.cost
    if cost > state.ipcs[nation]:
        raise refuse(f"{count_of(action.count, 'mine')} cost{'s' if action.count == 1 else ''} "
                     f"{count_of(cost, 'IPC')}; {nation} has {state.ipcs[nation]}", "NL-01")


def check_load(state: NavalState, action: LoadMines) -> None:
    require_phase(state, (NONCOMBAT_MOVE,), "mines are loaded", "NL-05")
    unit = own_unit(state, action.unit)
    utype = state.unit_type(unit)
    if utype.mine_capacity == 0:
        raise refuse(f"only Escorts carry naval mines, not a {utype.name}", "NL-05")
    if unit.mission in ("attack", "sweep"):
        raise refuse(f"{unit_name(state, unit)} already had a mission this turn "
                     f"({unit.mission})", "NL-11")
    if unit.moved or unit.done:
        raise refuse(f"{unit_name(state, unit)} has moved this turn; an Escort loads mines "
                     "before it moves",
                     "NL-05")
    nation = state.active
    capital = state.nations[nation].capital
    if not state.holds_capital(nation) or capital is None:
        raise refuse(f"{nation} holds no capital to load mines from", "NL-04")
    if capital not in state.board.neighbours(unit.zone, COAST):
        name = state.board.places[capital].props.get("capital", capital)
        raise refuse(f"mines are loaded only in a sea zone next to {name}; mines never "
                     "move over land", "NL-06")
    if action.count < 1:
        raise refuse("load at least one mine", "NL-05")
    if action.count > state.stored[nation]:
        stored = state.stored[nation]
        held = "no mines are" if stored == 0 else \
            f"only {count_of(stored, 'mine')} {'is' if stored == 1 else 'are'}"
        raise refuse(f"{held} stored in the capital", "NL-04")
    cap = min(utype.mine_capacity, state.rules.mine.max_per_carrier)
    if unit.cargo + action.count > cap:
        raise refuse(f"an Escort carries at most {count_of(cap, 'mine')} ({unit.cargo} aboard)",
                     "NL-05")


def check_move(state: NavalState, action: Move) -> None:
    require_phase(state, (COMBAT_MOVE, NONCOMBAT_MOVE), "ships move", TURN)
    if not action.units:
        raise refuse("choose at least one unit to move", TURN)
    said = partial(named, state)
    distinct(action.units, "moving unit", TURN, said)
    distinct(action.sweepers, "sweeper", "NL-22", said)
    distinct(action.losses, "casualty choice", "NL-21", said)
    if len(action.path) < 2:
        raise refuse("a move needs a path of at least two sea zones", TURN)
    start = action.path[0]
    for a, b in zip(action.path, action.path[1:], strict=False):
        way = state.board.ways.get(way_id(a, b)) if a in state.board.places else None
        if way is None or way.kind != NAVAL_LINE:
            raise refuse(f"sea zones {a} and {b} do not share a naval line", TURN)
    steps = len(action.path) - 1
    for uid in action.units:
        unit = own_unit(state, uid)
        if unit.zone != start:
            raise refuse(f"{unit_name(state, unit)} is in sea zone {unit.zone}, not {start}",
                         TURN)
        if unit.done:
            raise refuse(f"{unit_name(state, unit)} laid mines this turn, which ended its move",
                         "NL-07")
        left = state.unit_type(unit).move - unit.moved
        if steps > left:
            raise refuse(f"{unit_name(state, unit)} can move {count_of(left, 'more sea zone')}"
                         f", not {steps}", TURN)
    if state.phase == COMBAT_MOVE:
        check_stops(state, action)
    for uid in action.sweepers:
        if uid not in action.units:
            raise refuse(f"sweeper {named(state, uid)} is not in the moving group", "NL-22")
        unit = state.units[uid]
        if state.unit_type(unit).mine_capacity == 0:
            raise refuse(f"only Escorts sweep mines, not a {state.unit_type(unit).name}",
                         "NL-22")
        if state.phase != COMBAT_MOVE:
            raise refuse("Escorts sweep only while attacking, in Combat Movement", "NL-22")
        if unit.mission is not None:
            raise refuse(f"{unit_name(state, unit)} already had a mission this turn "
                         f"({unit.mission})", "NL-24")
    for uid in action.losses:
        if uid not in action.units:
            raise refuse(f"casualty choice {named(state, uid)} is not in the moving group",
                         "NL-21")
    if state.phase == NONCOMBAT_MOVE:
        for zone in action.path[1:]:
            if enemies_in(state, zone, state.active):
                raise refuse(f"sea zone {zone} holds enemy ships; moving there is an attack "
                             "(Combat Movement)", TURN)
        for uid in action.units:
            if state.units[uid].mission in ("attack", "sweep"):
                raise refuse(f"{named(state, uid)} attacked this turn and cannot move again",
                             "NL-11")


def check_stops(state: NavalState, action: Move) -> None:
    """Enemy warships stop a combat move in the zone they hold: it may end there (an
    attack), never pass through, nor go on later in the phase (NL-13 decision)."""
    moving = [state.units[uid] for uid in action.units]
    for unit in moving:
        enemy = stopped_by(state, unit, unit.zone) if unit.moved else None
        if enemy is not None:
            raise refuse(f"{unit_name(state, unit)} stopped in sea zone {unit.zone}, where "
                         f"{unit_label(state, enemy)} is, and moves no further this phase",
                         "NL-13")
    for zone in action.path[1:-1]:
        reason = stop_reason(state, moving, zone)
        if reason is not None:
            raise refuse(reason, "NL-13")


def check_lay(state: NavalState, action: LayMines) -> None:
    require_phase(state, (NONCOMBAT_MOVE,), "mines are laid", "NL-05")
    unit = own_unit(state, action.unit)
    if unit.cargo == 0:
        raise refuse(f"{unit_name(state, unit)} carries no mines", "NL-05")
    way = state.board.ways.get(action.line)
    if way is None or way.kind != NAVAL_LINE:
        raise refuse(f"{action.line!r} is not a naval line", "NL-07")
    if unit.zone not in (way.a, way.b):
        raise refuse(f"line {way.id} is not a border of sea zone {unit.zone}, where "
                     f"{unit_name(state, unit)} is", "NL-07")
    if state.ncm_control.get(unit.zone) != state.active:
        holder = state.ncm_control.get(unit.zone) or "nobody"
        raise refuse(f"{state.active} has not controlled sea zone {unit.zone} since "
                     f"Non-Combat Movement began (controlled by {holder})", "NL-08")


def check_settle(state: NavalState, action: SettleBattle) -> None:
    require_phase(state, (BATTLE,), "battles are settled", TURN)
    if action.zone not in state.board.places:
        raise refuse(f"there is no sea zone {action.zone!r}", TURN)
    distinct(action.sunk, "sunk ship", TURN, partial(named, state, nation=True))
    present = {u.id for u in state.units_in(action.zone)}
    if not any(state.units[u].nation == state.active for u in present):
        raise refuse(f"{state.active} has no units in sea zone {action.zone}", TURN)
    for uid in action.sunk:
        if uid not in present:
            raise refuse(f"{named(state, uid, True)} is not in sea zone {action.zone}", TURN)
        if state.units[uid].mission == "sweep":
            raise refuse(f"{named(state, uid, True)} swept mines this turn and takes no part "
                         "in the battle",
                         "NL-24")


def check_retreat(state: NavalState, action: Retreat) -> None:
    """Attackers withdraw from a battle the way they came in (NL-20): only then is the line
    they cross one they attacked across, the line whose mines let a retreat pass."""
    require_phase(state, (BATTLE,), "attackers retreat", "NL-20")
    if not action.units:
        raise refuse("choose at least one unit to retreat", "NL-20")
    distinct(action.units, "retreating unit", "NL-20", partial(named, state))
    units = [own_unit(state, uid) for uid in action.units]
    zones = {u.zone for u in units}
    if len(zones) != 1:
        raise refuse("retreat one group from one sea zone at a time", "NL-20")
    (zone,) = zones
    if not enemies_in(state, zone, state.active):
        raise refuse(f"there is no battle in sea zone {zone} to retreat from", "NL-20")
    for unit in units:
        if unit.came_from is None:
            raise refuse(f"{unit_name(state, unit)} did not attack into sea zone {zone} this "
                         "turn", "NL-20")
    origins = sorted({u.came_from for u in units if u.came_from is not None})
    if action.to not in origins:
        raise refuse(f"retreat into sea zone {' or '.join(origins)}, where the attack on "
                     f"{zone} came from; not {action.to}", "NL-20")
    if enemies_in(state, action.to, state.active):
        raise refuse(f"cannot retreat into sea zone {action.to}: enemy ships are there",
                     "NL-20")


def check_capture(state: NavalState, action: Capture) -> None:
    require_phase(state, (BATTLE,), "territories are taken", TURN)
    place = state.board.places.get(action.territory)
    if place is None or place.kind != "land":
        raise refuse(f"{action.territory!r} is not a land territory", TURN)
    owner = state.territory_owner.get(action.territory)
    if owner is not None and state.side_of(owner) == state.side_of(state.active):
        raise refuse(f"{place.name} is held by {owner}, a friend of {state.active}", TURN)


def contested_zones(state: NavalState) -> list[str]:
    zones = {u.zone for u in state.units.values() if u.nation == state.active}
    return sorted(z for z in zones if enemies_in(state, z, state.active))


def check_end(state: NavalState, action: EndPhase) -> None:
    if state.phase == BATTLE:
        contested = contested_zones(state)
        if contested:
            raise refuse(f"settle the battle in sea zone {contested[0]} first (or retreat)",
                         TURN)


CHECKS: dict[type[Action], Callable[[NavalState, Any], None]] = {
    BuyMines: check_buy, LoadMines: check_load, Move: check_move, LayMines: check_lay,
    SettleBattle: check_settle, Retreat: check_retreat, Capture: check_capture,
    EndPhase: check_end,
}
