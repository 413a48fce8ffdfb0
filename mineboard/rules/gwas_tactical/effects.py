"""What gwas-tactical actions do: boundary rolls, counter placement, flips, Minefield Table
rolls with their modifiers, the impulse sequence."""

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
from mineboard.core.words import and_list, count_of
from mineboard.rules.common.ending import phase_ender
from mineboard.rules.gwas_tactical.actions import (
    CrossBoundary,
    EndPhase,
    LeaveMap,
    MoveShips,
    PlaceCounter,
)
from mineboard.rules.gwas_tactical.odds import modifier, result_distribution
from mineboard.rules.gwas_tactical.state import (
    BATTLE,
    Counter,
    GtState,
    Ship,
    boundary_name,
    ship_name,
)


def table_roll(state: GtState, ship: Ship, mod: int, why: str, clause: str,
               dice: Dice) -> list[Event]:
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
    data: dict[str, Any] = {"ship": ship.id, "modifier": mod, "total": total,
                            "result": band.result}
    at = state.board.ref(ship.hex) if ship.hex is not None else None
    ship.damage += band.damage
    hull = state.ship_type(ship).hull
    lost: list[Event] = []
    if band.sunk or ship.damage >= hull:
        del state.ships[ship.id]
        data["sunk"] = ship.id
        lost.append(UnitLost(kind="ShipSunk", clause=clause, text=f"{ship_name(state, ship)} "
                             "sinks", at=at, unit=ship.id, unit_type=ship.type,
                             owner=ship.side))
    elif band.damage:
        text += f"; {ship.damage} of {hull} hull lost"
    if table.label:
        text += f" [{table.label}]"
    harm = sum((odds[b.result] for b in table.bands
                if (b.sunk or b.damage > 0) and b.result in odds), Fraction(0))
    return [DiceRolled(kind="MinefieldRoll", clause=clause, text=text, at=at,
                       dice=tuple(rolls), hits=(hit,) * len(rolls), chance=harm,
                       tally=f"{total}: {band.result}", data=data), *lost]


def apply_cross(state: GtState, action: CrossBoundary, dice: Dice) -> list[Event]:
    events: list[Event] = []
    for sid in action.ships:
        ship = state.ships[sid]
        boundary, ship.crossing = ship.crossing, None
        enemy_fields = [s for s, log in state.logs.items() if s != ship.side
                        and boundary in log.minefields]
        if not enemy_fields:
            events.append(Event(kind="BoundaryCrossed", clause="GT-02",
                                text=f"{ship_name(state, ship)} crosses "
                                f"{boundary_name(state, str(boundary))}: no enemy minefield "
                                "there", at=state.board.ref(str(ship.hex)),
                                data={"ship": sid}, reveals=True))  # of the enemy logsheet
            continue
        events += table_roll(state, ship, 0,
                             f"crossing {boundary_name(state, str(boundary))}, which is mined",
                             "GT-02", dice)
    return events


def apply_place(state: GtState, action: PlaceCounter, dice: Dice) -> list[Event]:
    side = state.active
    state.counters.append(Counter(state.new_id("c"), side, action.hex, action.mine))
    kind = "mine" if action.mine else "dummy"
    clause = "GT-06" if action.mine else "GT-05"
    mines, dummies = state.placed(side)
    budget = state.logs[side].budget
    return [CountersPlaced(
        kind="CounterPlaced", clause=clause,
        text=f"{side} places a {kind} counter face-down in hex {action.hex} "
        f"({mines + dummies} of {budget}: {count_of(mines, 'mine')}, "
        f"{count_of(dummies, 'dummy')})",
        at=state.board.ref(action.hex), owner=side, count=1, public_clause="GT-05",
        data={"mine": action.mine}, secret_to=side)]


def turn_up(state: GtState, label: str) -> list[Event]:
    """GT-10: every face-down counter in the hex turns up, whoever owns it ("all"), and
    every dummy goes; the mines stay face up for the rest of the battle."""
    down = [c for c in state.counters_in(label) if not c.face_up]
    if not down:
        return []
    mines = sum(c.mine for c in down)
    faces = {owner: tuple("M" if c.mine else "D" for c in down if c.owner == owner)
             for owner in dict.fromkeys(c.owner for c in down)}
    for c in down:
        c.face_up = True
    gone = {c.id for c in down if not c.mine}
    state.counters = [c for c in state.counters if c.id not in gone]
    return [CountersRevealed(
        kind="CountersFlipped", clause="GT-10",
        text=f"ships enter hex {label}: {count_of(len(down), 'face-down counter')} turned up "
        f"— {count_of(mines, 'mine')}, {count_of(len(down) - mines, 'dummy')} removed",
        at=state.board.ref(label), faces=faces,
        data={"mines": mines, "dummies": len(down) - mines})]


def enter_hex(state: GtState, label: str, entering: list[Ship], dice: Dice) -> list[Event]:
    """GT-09…GT-12 for ships of the active side entering ``label``."""
    side = state.active
    if all(c.owner == side for c in state.counters_in(label)):
        return []  # GT-09: only friendly counters, or none: they stay face down
    events = turn_up(state, label)
    mines_up = state.enemy_mines_up(label, side)
    if not mines_up:
        return events
    mod = modifier(state.rules, len(mines_up), state.impulse)
    why = f"hex {label}, {count_of(len(mines_up), 'mine counter')}, impulse {state.impulse}"
    for ship in list(entering):  # GT-12: every ship that entered rolls
        if ship.id in state.ships:
            events += table_roll(state, ship, mod, why, "GT-11", dice)
    return events


def apply_move(state: GtState, action: MoveShips, dice: Dice) -> list[Event]:
    ships = [state.ships[s] for s in action.ships]
    events: list[Event] = []
    for ship in ships:
        ship.moved = True
    for before, label in zip(action.path, action.path[1:], strict=False):
        ships = [s for s in ships if s.id in state.ships]
        if not ships:
            break
        for ship in ships:
            ship.hex, ship.entered = label, state.impulse
        events.append(UnitsMoved(kind="ShipsMoved", text=f"{and_list(s.id for s in ships)} "
                                 f"→ hex {label}", at=state.board.ref(label),
                                 units=tuple(s.id for s in ships),
                                 path=(state.board.ref(before), state.board.ref(label))))
        events += enter_hex(state, label, ships, dice)
    return events


def apply_leave(state: GtState, action: LeaveMap, dice: Dice) -> list[Event]:
    ship = state.ships[action.ship]
    origin, ship.hex = ship.hex, None
    return [Event(kind="ShipLeft", clause="GT-02",
                  text=f"{ship_name(state, ship)} leaves the tactical map from hex {origin}; no "
                  "second roll for the boundary it crosses", at=state.board.ref(str(origin)))]


def _settle(state: GtState, dice: Dice) -> list[Event]:
    events: list[Event] = []
    side = state.active
    if state.phase == BATTLE:
        for ship in [s for s in state.ships.values() if s.side == side and not s.moved]:
            if ship.hex is None:
                continue
            mines_up = state.enemy_mines_up(ship.hex, side)
            if mines_up:  # GT-13 rolls again, with GT-11's bonus for when it came in
                mod = modifier(state.rules, len(mines_up), ship.entered)
                came = f", entered on impulse {ship.entered}" if ship.entered else ""
                events += table_roll(state, ship, mod, f"stayed in mined hex {ship.hex}{came}",
                                     "GT-13", dice)
    return events


def _begin(state: GtState) -> list[Event]:
    if state.phase == BATTLE and state.active == state.sides[0]:  # a new impulse
        for ship in state.ships.values():
            ship.moved = False
    return []


apply_end = phase_ender(_settle, _begin)


EFFECTS: dict[type[Action], Callable[[GtState, Any, Dice], list[Event]]] = {
    CrossBoundary: apply_cross, PlaceCounter: apply_place, MoveShips: apply_move,
    LeaveMap: apply_leave, EndPhase: apply_end,
}
