"""What gwas-tactical actions do: boundary rolls, counter placement, flips, Minefield Table
rolls with their modifiers, the impulse sequence."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mineboard.core.actions import Action
from mineboard.core.chance import fraction_text
from mineboard.core.dice import Dice
from mineboard.core.events import Event
from mineboard.rules.gwas_tactical.actions import (
    CrossBoundary,
    EndPhase,
    LeaveMap,
    MoveShips,
    PlaceCounter,
)
from mineboard.rules.gwas_tactical.odds import modifier, result_distribution
from mineboard.rules.gwas_tactical.state import APPROACH, BATTLE, SETUP, Counter, GtState, Ship


def ship_name(state: GtState, ship: Ship) -> str:
    return f"{ship.side} {state.ship_type(ship).name} {ship.id}"


def table_roll(state: GtState, ship: Ship, mod: int, why: str, clause: str, dice: Dice,
               where: dict[str, Any]) -> list[Event]:
    """One roll on the Minefield Table for one ship; damage applied from ship data."""
    table = state.rules.table
    rolls = [dice.roll(clause, f"{why}: {ship.id}") for _ in range(table.dice)]
    total = sum(rolls) + mod
    band = table.lookup(total)
    odds = result_distribution(table, mod)
    text = (f"{ship_name(state, ship)} rolls {'+'.join(map(str, rolls))}"
            + (f" + {mod}" if mod else "") + f" = {total} on the Minefield Table ({why}): "
            f"{band.result} (P = {fraction_text(odds[band.result])})")
    hit = band.sunk or band.damage > 0
    data: dict[str, Any] = {**where, "ship": ship.id, "dice": rolls, "hits": [hit] * len(rolls),
                            "modifier": mod, "total": total, "result": band.result,
                            "tally": f"{total}: {band.result}"}
    ship.damage += band.damage
    hull = state.ship_type(ship).hull
    if band.sunk or ship.damage >= hull:
        del state.ships[ship.id]
        text += f"; {ship.id} sinks"
        data["sunk"] = ship.id
    elif band.damage:
        text += f"; {ship.damage} of {hull} hull lost"
    events = [Event("MinefieldRoll", clause, text, data)]
    if table.label:
        events[0] = Event(events[0].kind, clause, text + f" [{table.label}]", data)
    return events


def apply_cross(state: GtState, action: CrossBoundary, dice: Dice) -> list[Event]:
    events = []
    for sid in action.ships:
        ship = state.ships[sid]
        boundary, ship.crossing = ship.crossing, None
        enemy_fields = [s for s, log in state.logs.items() if s != ship.side
                        and boundary in log.minefields]
        if not enemy_fields:
            events.append(Event("BoundaryCrossed", "GT-02", f"{ship.id} crosses {boundary}: "
                                "no enemy minefield there", {"ship": sid}))
            continue
        events += table_roll(state, ship, 0, f"crossing the mined boundary {boundary}",
                             "GT-02", dice, {})
    return events


def apply_place(state: GtState, action: PlaceCounter, dice: Dice) -> list[Event]:
    side = state.active
    state.counters.append(Counter(state.new_id("c"), side, action.hex, action.mine))
    kind = "mine" if action.mine else "dummy"
    clause = "GT-06" if action.mine else "GT-05"
    mines, dummies = state.placed(side)
    budget = state.logs[side].budget
    return [
        Event("CounterPlaced", clause, f"{side} places a {kind} counter face-down in hex "
              f"{action.hex} ({mines + dummies} of {budget}: {mines} mine(s), "
              f"{dummies} dumm{'y' if dummies == 1 else 'ies'})",
              {"hex": action.hex, "mine": action.mine}, secret_to=side),
        Event("FaceDownPlaced", "GT-05", f"{side} places a face-down counter in hex "
              f"{action.hex}", {"hex": action.hex}, hidden_from=side),
    ]


def enter_hex(state: GtState, label: str, entering: list[Ship], dice: Dice) -> list[Event]:
    """GT-09…GT-12 for ships of the active side entering ``label``."""
    side = state.active
    enemy = [c for c in state.counters_in(label) if c.owner != side]
    if not enemy:
        return []  # GT-09: only friendly counters, or none
    events: list[Event] = []
    down = [c for c in enemy if not c.face_up]
    if down:
        mines = sum(c.mine for c in down)
        events.append(Event("CountersFlipped", "GT-10",
                            f"ships enter hex {label}: {len(down)} face-down counter(s) "
                            f"turned up — {mines} mine(s), {len(down) - mines} dumm(ies) "
                            "removed", {"hex": label, "mines": mines,
                                        "dummies": len(down) - mines}, reveals=True))
        for c in down:
            c.face_up = True
        state.counters = [c for c in state.counters if not (c in down and not c.mine)]
    mines_up = state.enemy_mines_up(label, side)
    if not mines_up:
        return events
    mod = modifier(len(mines_up), state.impulse, state.rules.plus_two)
    why = (f"hex {label}, {len(mines_up)} mine counter(s), impulse {state.impulse}")
    for ship in list(entering):  # GT-12: every ship that entered rolls
        if ship.id in state.ships:
            events += table_roll(state, ship, mod, why, "GT-11", dice, {"hex": label})
    return events


def apply_move(state: GtState, action: MoveShips, dice: Dice) -> list[Event]:
    ships = [state.ships[s] for s in action.ships]
    events: list[Event] = []
    for ship in ships:
        ship.moved = True
    for label in action.path[1:]:
        ships = [s for s in ships if s.id in state.ships]
        if not ships:
            break
        for ship in ships:
            ship.hex = label
        events.append(Event("ShipsMoved", "", f"{', '.join(s.id for s in ships)} → {label}",
                            {"hex": label}))
        events += enter_hex(state, label, ships, dice)
    return events


def apply_leave(state: GtState, action: LeaveMap, dice: Dice) -> list[Event]:
    ship = state.ships[action.ship]
    origin, ship.hex = ship.hex, None
    return [Event("ShipLeft", "GT-02", f"{ship.id} leaves the tactical map from {origin}; "
                  "no second roll for the boundary it crosses", {"hex": origin})]


def apply_end(state: GtState, action: EndPhase, dice: Dice) -> list[Event]:
    events: list[Event] = []
    side = state.active
    if state.phase == BATTLE:
        for ship in [s for s in state.ships.values() if s.side == side and not s.moved]:
            if ship.hex is None:
                continue
            mines_up = state.enemy_mines_up(ship.hex, side)
            if mines_up:
                mod = modifier(len(mines_up), state.impulse, state.rules.plus_two)
                events += table_roll(state, ship, mod, f"stayed in mined hex {ship.hex}",
                                     "GT-13", dice, {"hex": ship.hex})
    state.step += 1
    n = len(state.sides)
    if state.phase in (APPROACH, SETUP) and state.step >= n:
        state.phase, state.step = (SETUP if state.phase == APPROACH else BATTLE), 0
    elif state.phase == BATTLE and state.step >= n * len(state.rules.impulses):
        state.step = 0
        state.turn += 1
    if state.phase == BATTLE and state.step % n == 0:
        for ship in state.ships.values():
            ship.moved = False
    label = {APPROACH: "approach", SETUP: "counter setup"}.get(
        state.phase, f"impulse {state.impulse}")
    events.append(Event("PhaseBegan", "", f"turn {state.turn}: {state.active} — {label}",
                        {"turn": state.turn, "side": state.active}))
    return events


EFFECTS: dict[type[Action], Callable[[GtState, Any, Dice], list[Event]]] = {
    CrossBoundary: apply_cross, PlaceCounter: apply_place, MoveShips: apply_move,
    LeaveMap: apply_leave, EndPhase: apply_end,
}
