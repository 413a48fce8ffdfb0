"""What imperium-mines actions do. Dice events carry ``dice`` and ``hits`` for the tray."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from mineboard.core.actions import Action
from mineboard.core.chance import fraction_text
from mineboard.core.dice import Dice
from mineboard.core.events import (
    CountersPlaced,
    CountersRevealed,
    DiceRolled,
    Event,
    UnitLost,
    UnitsMoved,
)
from mineboard.core.words import and_list, count_of, possessive
from mineboard.rules.common.ending import phase_ender
from mineboard.rules.imperium_mines.actions import (
    Build,
    EndPhase,
    Jump,
    LayMines,
    PlaceFalse,
    SettleCombat,
    SplitFleet,
    Sweep,
)
from mineboard.rules.imperium_mines.odds import afoul_chance, hit_odds, modifier
from mineboard.rules.imperium_mines.state import (
    CONSTRUCTION,
    Counter,
    Fleet,
    ImperiumState,
)


def system_name(state: ImperiumState, system: str) -> str:
    return state.system_name(system)


def apply_build(state: ImperiumState, action: Build, dice: Dice) -> list[Event]:
    stype = state.rules.ships[action.ship]
    state.resources[state.active] -= stype.cost * action.count
    ready = state.turn + stype.build_turns
    state.building += [(state.active, action.ship, ready)] * action.count
    return [Event(kind="ShipsOrdered", clause="IM-02" if stype.mine_ship else "",
                  text=f"{state.active} orders {count_of(action.count, stype.name)} for "
                  f"{count_of(stype.cost * action.count, 'Resource')}, ready on turn {ready} "
                  "(IM-03)",
                  at=state.board.ref(state.home[state.active]),
                  data={"ship": action.ship, "count": action.count})]


def apply_lay(state: ImperiumState, action: LayMines, dice: Dice) -> list[Event]:
    fleet = state.fleets[action.fleet]
    points = state.count_of(fleet, "lays_mines")
    state.minefields.setdefault(fleet.system, {}).setdefault(fleet.side, []).append(
        Counter(points))
    fleet.laid = fleet.stayed = True
    where = system_name(state, fleet.system)
    total = state.points(fleet.system, fleet.side)
    return [CountersPlaced(
        kind="MinesLaid", clause="IM-07",
        text=f"{fleet.id}'s {count_of(points, 'minelayer')} "
        f"lay{'s' if points == 1 else ''} {count_of(points, 'mine point')} at {where}; "
        f"{possessive(fleet.side)} minefield there is now {total}",
        at=state.board.ref(fleet.system), owner=fleet.side, count=1, public_clause="IM-08",
        data={"points": points, "total": total}, secret_to=fleet.side)]


def apply_false(state: ImperiumState, action: PlaceFalse, dice: Dice) -> list[Event]:
    """One back, as a lay puts down one: the enemy reads the same either way (IM-08)."""
    fleet = state.fleets[action.fleet]
    state.minefields.setdefault(fleet.system, {}).setdefault(fleet.side, []).append(
        Counter(0, false=True))
    fleet.stayed = True
    where = system_name(state, fleet.system)
    return [CountersPlaced(
        kind="FalsePlaced", clause="IM-12",
        text=f"{fleet.id} places a False Minefield counter at {where}",
        at=state.board.ref(fleet.system), owner=fleet.side, count=1,
        public_clause="IM-08", secret_to=fleet.side)]


def apply_sweep(state: ImperiumState, action: Sweep, dice: Dice) -> list[Event]:
    """IM-26: each sweeper removes one enemy mine point. What the sweeper learns is only
    that it swept: the owner replaces his real counters with as many counters again showing
    the new total (a counter left at 0 is as empty as a false one, IM-31), so neither the
    number of counter backs nor the log tells how many points were there or went."""
    fleet = state.fleets[action.fleet]
    sweepers = state.count_of(fleet, "sweeps")
    fleet.swept = fleet.stayed = True
    where = system_name(state, fleet.system)
    at = state.board.ref(fleet.system)
    events: list[Event] = [Event(
        kind="MinesSwept", clause="IM-26",
        text=f"{fleet.id} sweeps the enemy minefield counters at {where}", at=at)]
    for owner, counters in state.minefields.get(fleet.system, {}).items():
        if owner == fleet.side:
            continue
        real = [c for c in counters if not c.false]
        total = sum(c.value for c in real)
        removed = min(total, sweepers)
        sweepers -= removed
        left = total - removed
        counters[:] = [c for c in counters if c.false] + _spread(left, len(real))
        events.append(Event(kind="MinefieldReduced", clause="IM-26",
                            text=f"{fleet.id}'s minesweepers remove {removed} of "
                            f"{possessive(owner)} mine points at {where}: {left} left"
                            + (" — swept clear (IM-27)" if not left else ""), at=at,
                            data={"removed": removed, "left": left}, secret_to=owner))
    return events


def _spread(points: int, counters: int) -> list[Counter]:
    """``points`` over exactly ``counters`` counters; those left empty count as false."""
    base, extra = divmod(points, counters) if counters else (0, 0)
    values = [base + (i < extra) for i in range(counters)]
    return [Counter(v) if v else Counter(0, false=True) for v in values]


def _damage(state: ImperiumState, fleet: Fleet, points: int, dice: Dice) -> list[Event]:
    """IM-21/22/33: every ship, auxiliaries too, gets its own roll of ``points`` dice."""
    events: list[Event] = []
    for ship in list(fleet.ships):
        rolls = [dice.roll("IM-22", f"mine attack on {ship.id}") for _ in range(points)]
        hits = [v >= state.rules.hit_on for v in rolls]
        ship.hits += sum(hits)
        hull = state.rules.hull_of(ship.type)
        name = f"{fleet.id}'s {state.ship_name(ship)}"
        text = (f"{count_of(points, 'die', 'dice')} against {name}: "
                f"{', '.join(map(str, rolls))} — {count_of(sum(hits), 'hit')}")
        at = state.board.ref(fleet.system)
        data: dict[str, Any] = {"ship": ship.id, "odds": hit_odds(points, state.rules.hit_on)}
        lost: list[Event] = []
        if ship.hits >= hull:
            fleet.ships.remove(ship)
            data["destroyed"] = True
            lost.append(UnitLost(kind="ShipDestroyed", clause="IM-28",
                                 text=f"{fleet.side} {name} destroyed ({ship.hits} of {hull} "
                                 "hull, damage model)", at=at, unit=ship.id,
                                 unit_type=ship.type, owner=fleet.side))
        elif sum(hits):
            text += f"; damaged ({ship.hits} of {hull} hull, IM-28)"
        miss = 1 - Fraction(7 - state.rules.hit_on, 6)  # IM-22: a die hits on hit_on or more
        events.append(DiceRolled(kind="MineAttack", clause="IM-22", text=text, at=at,
                                 dice=tuple(rolls), hits=tuple(hits), chance=1 - miss ** points,
                                 tally=f"{count_of(sum(hits), 'hit')} on {name}", data=data))
        events += lost
    if not fleet.ships:
        del state.fleets[fleet.id]
        events.append(Event(kind="FleetLost", clause="IM-21",
                            text=f"{fleet.id} is lost to the mines",
                            at=state.board.ref(fleet.system)))
    return events


def enter_system(state: ImperiumState, system: str, jump: int, moving: list[Fleet],
                 dice: Dice) -> tuple[list[Event], list[Fleet]]:
    """IM-14…IM-24 for fleets entering ``system``; returns the events and who must stop."""
    side = state.active
    counters = state.enemy_counters(system, side)
    if not counters:
        return [], []  # IM-13: own mines, or none
    where = system_name(state, system)
    events: list[Event] = []
    owner_fields = {o: cs for o, cs in state.minefields[system].items() if o != side}
    reveal = {o: [c.value if not c.false else "false" for c in cs]
              for o, cs in owner_fields.items()}
    points = state.enemy_points(system, side)
    falses = sum(1 for c in counters if c.false)
    at = state.board.ref(system)
    events.append(CountersRevealed(
        kind="CountersFlipped", clause="IM-15",
        text=f"{possessive(side)} fleet halts at {where} (IM-14): the counters are turned up — "
        f"{count_of(points, 'mine point')} and {count_of(falses, 'false counter')}", at=at,
        faces={o: tuple("F" if v == "false" else str(v) for v in values)
               for o, values in reveal.items()},
        data={"points": points, "false": falses}))
    for cs in owner_fields.values():
        cs[:] = [c for c in cs if not c.false]
    if falses:
        events.append(Event(kind="FalseRemoved", clause="IM-15",
                            text=f"{count_of(falses, 'False Minefield counter')} removed at "
                            f"{where}",
                            at=at, data={"count": falses}))
    if points == 0:
        events.append(Event(kind="OnlyFalse", clause="IM-16",
                            text=f"only false counters at {where}: no roll, the move goes on",
                            at=at))
        return events, []
    stopped = []
    for fleet in list(moving):
        sweepers = state.count_of(fleet, "sweeps")
        rule = state.rules.check
        mod = modifier(rule, points, jump, sweepers)
        rolls = [dice.roll("IM-18", f"minefield check of {fleet.id} at {where}")
                 for _ in range(rule.dice)]
        total = sum(rolls) + mod
        afoul = total >= rule.afoul_at
        later = f" + {rule.later_jump_bonus} (jump {jump})" if jump >= 2 else ""
        sweep_text = f" − {count_of(sweepers, 'minesweeper')}" if sweepers else ""
        chance = afoul_chance(rule, points, jump, sweepers)
        events.append(DiceRolled(
            kind="MineCheck", clause="IM-18",
            text=f"{fleet.id} ({count_of(sweepers, 'minesweeper')}, IM-17) rolls "
            f"{'+'.join(map(str, rolls))} + {count_of(points, 'mine point')}{later}"
            f"{sweep_text} = "
            f"{total}: " + (f"runs afoul ({rule.afoul_at} or more, IM-19)" if afoul
                            else "safe (IM-19)")
            + f"; P(afoul) = {fraction_text(chance)}", at=at,
            dice=tuple(rolls), hits=(afoul,) * len(rolls), chance=Fraction(chance),
            tally=f"{total} {'≥' if afoul else '<'} {rule.afoul_at}",
            data={"fleet": fleet.id, "total": total, "afoul": afoul, "chance": str(chance)}))
        if afoul:
            events += _damage(state, fleet, points, dice)
            if state.options.stop_after_afoul:
                stopped.append(fleet)
    events.append(Event(kind="CountersHidden", clause="IM-24",
                        text=f"the counters at {where} are turned face down again", at=at))
    return events, stopped


def apply_jump(state: ImperiumState, action: Jump, dice: Dice) -> list[Event]:
    moving = [state.fleets[f] for f in action.fleets]
    events: list[Event] = []
    for f in moving:
        f.moved = True
    for jump, (before, system) in enumerate(zip(action.path, action.path[1:], strict=False),
                                            start=1):
        for f in moving:
            f.system = system
        events.append(UnitsMoved(kind="FleetsJumped",
                                 text=f"{and_list(f.id for f in moving)} "
                                 f"jump{'s' if len(moving) == 1 else ''} to "
                                 f"{system_name(state, system)} (jump {jump})",
                                 at=state.board.ref(system),
                                 units=tuple(f.id for f in moving),
                                 path=(state.board.ref(before), state.board.ref(system))))
        more, stopped = enter_system(state, system, jump, moving, dice)
        events += more
        moving = [f for f in moving if f.id in state.fleets and f not in stopped]
        for f in stopped:
            if f.id in state.fleets:
                events.append(Event(kind="FleetStopped", clause="IM-29",
                                    text=f"{f.id} ran afoul and ends its move here",
                                    at=state.board.ref(system)))
        if state.enemy_fleets_at(system, state.active) and moving:
            events.append(Event(kind="Contact", clause="IM-14",
                                text=f"contact with enemy fleets at "
                                f"{system_name(state, system)}: the move ends",
                                at=state.board.ref(system)))
            break
        if not moving:
            break
    return events


def apply_split(state: ImperiumState, action: SplitFleet, dice: Dice) -> list[Event]:
    fleet = state.fleets[action.fleet]
    new = Fleet(state.new_id("F"), fleet.side, fleet.system,
                [s for s in fleet.ships if s.id in action.ships], fleet.moved, fleet.fought,
                fleet.stayed, fleet.laid, fleet.swept)
    fleet.ships = [s for s in fleet.ships if s.id not in action.ships]
    state.fleets[new.id] = new
    return [Event(kind="FleetSplit", text=f"{new.id} splits from {fleet.id}",
                  at=state.board.ref(fleet.system))]


def apply_combat(state: ImperiumState, action: SettleCombat, dice: Dice) -> list[Event]:
    events: list[Event] = []
    for fleet in state.combatants(action.system):
        fleet.fought = True
        for ship in [s for s in fleet.ships if s.id in action.destroyed]:
            fleet.ships.remove(ship)
            events.append(UnitLost(kind="ShipDestroyed", clause="IM-25",
                                   text=f"{fleet.side} {fleet.id}'s {state.ship_name(ship)} "
                                   "destroyed in combat (mines play no part in it)",
                                   at=state.board.ref(action.system), unit=ship.id,
                                   unit_type=ship.type, owner=fleet.side))
        if not fleet.ships:
            del state.fleets[fleet.id]
    return events


def _arrivals(state: ImperiumState) -> list[Event]:
    side = state.active
    ready = [b for b in state.building if b[0] == side and b[2] <= state.turn]
    if not ready:
        return []
    state.building = [b for b in state.building if not (b[0] == side and b[2] <= state.turn)]
    fid = state.new_id("F")
    fleet = Fleet(fid, side, state.home[side], [state.new_ship(side, t) for _s, t, _r in ready])
    state.fleets[fleet.id] = fleet
    names = and_list(state.ship_name(s) for s in fleet.ships)
    return [Event(kind="ShipsBuilt", clause="IM-03",
                  text=f"{count_of(len(ready), 'new ship')} "
                  f"{'joins' if len(ready) == 1 else 'join'} {side} at "
                  f"{system_name(state, fleet.system)} as {fleet.id}: {names}",
                  at=state.board.ref(fleet.system))]


def _begin(state: ImperiumState) -> list[Event]:
    for fleet in state.fleets.values():
        fleet.reset()
    return _arrivals(state) if state.phase == CONSTRUCTION else []


apply_end = phase_ender(begin=_begin)


EFFECTS: dict[type[Action], Callable[[ImperiumState, Any, Dice], list[Event]]] = {
    Build: apply_build, Jump: apply_jump, LayMines: apply_lay, PlaceFalse: apply_false,
    Sweep: apply_sweep, SplitFleet: apply_split, SettleCombat: apply_combat, EndPhase: apply_end,
}
