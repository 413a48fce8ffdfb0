"""What imperium-mines actions do. Dice events carry ``dice`` and ``hits`` for the tray."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mineboard.core.actions import Action
from mineboard.core.chance import fraction_text
from mineboard.core.dice import Dice
from mineboard.core.events import Event
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
from mineboard.rules.imperium_mines.odds import afoul_chance, modifier
from mineboard.rules.imperium_mines.state import Counter, Fleet, ImperiumState, Ship


def system_name(state: ImperiumState, system: str) -> str:
    return state.board.places[system].name


def apply_build(state: ImperiumState, action: Build, dice: Dice) -> list[Event]:
    stype = state.rules.ships[action.ship]
    state.resources[state.active] -= stype.cost * action.count
    ready = state.turn + stype.build_turns
    state.building += [(state.active, action.ship, ready)] * action.count
    return [Event("ShipsOrdered", "IM-02" if stype.mine_ship else "",
                  f"{state.active} orders {action.count} {stype.name}(s) for "
                  f"{stype.cost * action.count} Resources, ready on turn {ready} (IM-03)",
                  {"ship": action.ship, "count": action.count})]


def apply_lay(state: ImperiumState, action: LayMines, dice: Dice) -> list[Event]:
    fleet = state.fleets[action.fleet]
    points = state.count_of(fleet, "lays_mines")
    state.minefields.setdefault(fleet.system, {}).setdefault(fleet.side, []).append(
        Counter(points))
    fleet.laid = fleet.stayed = True
    where = system_name(state, fleet.system)
    total = state.points(fleet.system, fleet.side)
    return [
        Event("MinesLaid", "IM-07", f"{fleet.id}'s {points} minelayer(s) lay {points} mine "
              f"point(s) at {where}; {fleet.side}'s minefield there is now {total}",
              {"system": fleet.system, "points": points, "total": total}, secret_to=fleet.side),
        Event("CountersPlaced", "IM-08", f"{fleet.side} places a face-down minefield counter "
              f"at {where}", {"system": fleet.system, "count": 1}, hidden_from=fleet.side),
    ]


def apply_false(state: ImperiumState, action: PlaceFalse, dice: Dice) -> list[Event]:
    fleet = state.fleets[action.fleet]
    state.minefields.setdefault(fleet.system, {}).setdefault(fleet.side, []).extend(
        Counter(0, false=True) for _ in range(action.count))
    fleet.stayed = True
    where = system_name(state, fleet.system)
    return [
        Event("FalsePlaced", "IM-12", f"{fleet.id} places {action.count} False Minefield "
              f"counter(s) at {where}", {"system": fleet.system, "count": action.count},
              secret_to=fleet.side),
        Event("CountersPlaced", "IM-08", f"{fleet.side} places {action.count} face-down "
              f"minefield counter(s) at {where}", {"system": fleet.system,
                                                    "count": action.count},
              hidden_from=fleet.side),
    ]


def apply_sweep(state: ImperiumState, action: Sweep, dice: Dice) -> list[Event]:
    fleet = state.fleets[action.fleet]
    sweepers = state.count_of(fleet, "sweeps")
    fleet.swept = fleet.stayed = True
    events = []
    where = system_name(state, fleet.system)
    for owner, counters in state.minefields.get(fleet.system, {}).items():
        if owner == fleet.side:
            continue
        real = sum(c.value for c in counters if not c.false)
        removed = min(real, sweepers)
        sweepers -= removed
        left = real - removed
        counters[:] = [c for c in counters if c.false] + ([Counter(left)] if left else [])
        events.append(Event("MinesSwept", "IM-26", f"{fleet.id}'s minesweepers remove "
                            f"{removed} of {owner}'s mine point(s) at {where}",
                            {"system": fleet.system, "removed": removed}))
        events.append(Event("MinefieldReduced", "IM-26", f"{owner}'s minefield at {where} "
                            f"is now {left} point(s)" + (" — swept clear (IM-27)" if not left
                                                          else ""),
                            {"system": fleet.system, "left": left}, secret_to=owner))
    return events


def _damage(state: ImperiumState, fleet: Fleet, points: int, dice: Dice) -> list[Event]:
    """IM-21/22/33: every ship, auxiliaries too, gets its own roll of ``points`` dice."""
    events = []
    for ship in list(fleet.ships):
        rolls = [dice.roll("IM-22", f"mine attack on {ship.id}") for _ in range(points)]
        hits = [v >= state.rules.hit_on for v in rolls]
        ship.hits += sum(hits)
        hull = state.rules.hull_of(ship.type)
        name = f"{state.ship_type(ship).name} {ship.id}"
        text = (f"{points} dice against {name}: {', '.join(map(str, rolls))} — "
                f"{sum(hits)} hit(s)")
        data: dict[str, Any] = {"system": fleet.system, "ship": ship.id, "dice": rolls,
                                "hits": hits, "tally": f"{sum(hits)} hit(s) on {name}"}
        if ship.hits >= hull:
            fleet.ships.remove(ship)
            text += f"; destroyed ({ship.hits} of {hull} hull, damage model IM-28)"
            data["destroyed"] = True
        elif sum(hits):
            text += f"; damaged ({ship.hits} of {hull} hull, IM-28)"
        events.append(Event("MineAttack", "IM-22", text, data))
    if not fleet.ships:
        del state.fleets[fleet.id]
        events.append(Event("FleetLost", "IM-21", f"{fleet.id} is lost to the mines",
                            {"system": fleet.system}))
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
    events.append(Event("CountersFlipped", "IM-15",
                        f"{side}'s fleet halts at {where} (IM-14): the counters are turned up — "
                        f"{points} mine point(s) and {falses} false counter(s)",
                        {"system": system, "counters": reveal, "points": points,
                         "false": falses}, reveals=True))
    for cs in owner_fields.values():
        cs[:] = [c for c in cs if not c.false]
    if falses:
        events.append(Event("FalseRemoved", "IM-15", f"{falses} False Minefield counter(s) "
                            f"removed at {where}", {"system": system, "count": falses}))
    if points == 0:
        events.append(Event("OnlyFalse", "IM-16", f"only false counters at {where}: no roll, "
                            "the move goes on", {"system": system}))
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
        sweep_text = f" − {sweepers} minesweeper(s)" if sweepers else ""
        chance = afoul_chance(rule, points, jump, sweepers)
        events.append(Event(
            "MineCheck", "IM-18",
            f"{fleet.id} ({sweepers} minesweeper(s), IM-17) rolls {'+'.join(map(str, rolls))}"
            f" + {points} mine point(s){later}{sweep_text} = {total}: "
            + ("runs afoul (10 or more, IM-19)" if afoul else "safe (IM-19)")
            + f"; P(afoul) = {fraction_text(chance)}",
            {"system": system, "fleet": fleet.id, "dice": rolls, "hits": [afoul] * len(rolls),
             "total": total, "afoul": afoul, "chance": str(chance),
             "tally": f"{total} {'≥' if afoul else '<'} {rule.afoul_at}"}))
        if afoul:
            events += _damage(state, fleet, points, dice)
            if state.options.stop_after_afoul:
                stopped.append(fleet)
    events.append(Event("CountersHidden", "IM-24", f"the counters at {where} are turned face "
                        "down again", {"system": system}))
    return events, stopped


def apply_jump(state: ImperiumState, action: Jump, dice: Dice) -> list[Event]:
    moving = [state.fleets[f] for f in action.fleets]
    events: list[Event] = []
    for f in moving:
        f.moved = True
    for jump, system in enumerate(action.path[1:], start=1):
        for f in moving:
            f.system = system
        events.append(Event("FleetsJumped", "", f"{', '.join(f.id for f in moving)} jump to "
                            f"{system_name(state, system)} (jump {jump})",
                            {"system": system, "fleets": [f.id for f in moving]}))
        more, stopped = enter_system(state, system, jump, moving, dice)
        events += more
        moving = [f for f in moving if f.id in state.fleets and f not in stopped]
        for f in stopped:
            if f.id in state.fleets:
                events.append(Event("FleetStopped", "IM-29", f"{f.id} ran afoul and ends its "
                                    "move here", {"system": system}))
        if state.enemy_fleets_at(system, state.active) and moving:
            events.append(Event("Contact", "IM-14", f"contact with enemy fleets at "
                                f"{system_name(state, system)}: the move ends",
                                {"system": system}))
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
    return [Event("FleetSplit", "", f"{new.id} splits from {fleet.id}",
                  {"system": fleet.system})]


def apply_combat(state: ImperiumState, action: SettleCombat, dice: Dice) -> list[Event]:
    events = []
    for fleet in state.fleets_at(action.system):
        fleet.fought = True
        for ship in [s for s in fleet.ships if s.id in action.destroyed]:
            fleet.ships.remove(ship)
            events.append(Event("ShipDestroyed", "IM-25", f"{fleet.side} "
                                f"{state.ship_type(ship).name} {ship.id} destroyed in combat "
                                "(mines play no part in it)", {"system": action.system}))
        if not fleet.ships:
            del state.fleets[fleet.id]
    return events


def _arrivals(state: ImperiumState) -> list[Event]:
    side = state.active
    ready = [b for b in state.building if b[0] == side and b[2] <= state.turn]
    if not ready:
        return []
    state.building = [b for b in state.building if not (b[0] == side and b[2] <= state.turn)]
    fleet = Fleet(state.new_id("F"), side, state.home[side],
                  [Ship(state.new_id("s"), t) for _s, t, _r in ready])
    state.fleets[fleet.id] = fleet
    return [Event("ShipsBuilt", "IM-03", f"{len(ready)} new ship(s) join {side} at "
                  f"{system_name(state, fleet.system)} as {fleet.id}",
                  {"system": fleet.system})]


def apply_end(state: ImperiumState, action: EndPhase, dice: Dice) -> list[Event]:
    state.step += 1
    if state.step >= len(state.sides) + state.rules.segments_per_turn:
        state.step = 0
        state.turn += 1
    for fleet in state.fleets.values():
        fleet.reset()
    events = []
    if state.phase == "construction":
        events += _arrivals(state)
        label = "Construction"
    else:
        label = f"action segment {state.segment}"
    events.append(Event("PhaseBegan", "", f"turn {state.turn}: {state.active} — {label}",
                        {"turn": state.turn, "side": state.active}))
    return events


EFFECTS: dict[type[Action], Callable[[ImperiumState, Any, Dice], list[Event]]] = {
    Build: apply_build, Jump: apply_jump, LayMines: apply_lay, PlaceFalse: apply_false,
    Sweep: apply_sweep, SplitFleet: apply_split, SettleCombat: apply_combat, EndPhase: apply_end,
}
