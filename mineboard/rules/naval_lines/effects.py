"""What legal naval-lines actions do to the state, and the events that tell of it.

Dice come only from the ``dice`` argument; every roll names its clause. Mines are resolved
one die at a time exactly as the seed says (NL-15), so the log can show each die.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from mineboard.core.actions import Action
from mineboard.core.chance import fraction_text
from mineboard.core.dice import Dice
from mineboard.core.events import DiceRolled, Event, UnitLost, UnitsMoved
from mineboard.core.places import PlaceRef
from mineboard.core.words import and_list, count_of
from mineboard.maps.model import way_id
from mineboard.rules.common.ending import phase_ender
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
from mineboard.rules.naval_lines.checks import enemies_in
from mineboard.rules.naval_lines.state import (
    BATTLE,
    COMBAT_MOVE,
    NONCOMBAT_MOVE,
    PLACE,
    PURCHASE,
    Minefield,
    NavalState,
    Unit,
    unit_label,
    unit_name,
)


def _secret(state: NavalState, nation: str) -> str | None:
    """Under hidden minefields, mine stock and laying are known to the owner's side only."""
    return state.side_of(nation) if state.options.hidden_minefields else None


def units_named(state: NavalState, units: list[Unit]) -> str:
    """Units of one nation, named for a player: "Germany's Escort 1 and Destroyer 2"."""
    if not units:
        return ""
    return f"{units[0].nation}'s {and_list(unit_name(state, u) for u in units)}"


def _is(count: int) -> str:
    return "is" if count == 1 else "are"


def apply_buy(state: NavalState, action: BuyMines, dice: Dice) -> list[Event]:
    nation = state.active
    state.ipcs[nation] -= action.count * state.rules.mine.cost
    state.pending[nation] += action.count
    state.bought_this_turn[nation] += action.count
    state.tally[nation].bought += action.count
    capital = state.nations[nation].capital
    return [Event(kind="MinesBought", clause="NL-02",
                  text=f"{nation} buys {count_of(action.count, 'naval mine')} at its capital "
                  f"for {count_of(action.count * state.rules.mine.cost, 'IPC')}",
                  at=state.board.ref(capital) if capital else None,
                  data={"nation": nation, "count": action.count},
                  secret_to=_secret(state, nation))]


def apply_load(state: NavalState, action: LoadMines, dice: Dice) -> list[Event]:
    unit = state.units[action.unit]
    state.stored[unit.nation] -= action.count
    unit.cargo += action.count
    unit.mission = "mines"
    return [Event(kind="MinesLoaded", clause="NL-05",
                  text=f"{unit_label(state, unit)} loads {count_of(action.count, 'mine')} in "
                  f"sea zone {unit.zone}", at=state.board.ref(unit.zone),
                  data={"unit": unit.id, "count": action.count},
                  secret_to=_secret(state, unit.nation))]


def apply_lay(state: NavalState, action: LayMines, dice: Dice) -> list[Event]:
    unit = state.units[action.unit]
    count, unit.cargo, unit.done = unit.cargo, 0, True
    field = next((f for f in state.minefields if f.line == action.line
                  and f.owner == unit.nation and f.zone == unit.zone), None)
    if field is None:
        field = Minefield(action.line, unit.nation, unit.zone, 0)
        state.minefields.append(field)
    field.count += count
    return [Event(kind="MinesLaid", clause="NL-07",
                  text=f"{unit_label(state, unit)} lays {count_of(count, 'mine')} on line "
                  f"{action.line} defending sea zone {unit.zone}; its move ends",
                  at=state.board.ref(action.line),
                  data={"unit": unit.id, "count": count, "zone": unit.zone,
                        "owner": unit.nation}, secret_to=_secret(state, unit.nation))]


def facing_fields(state: NavalState, line: str, to_zone: str,
                  mover: str) -> list[tuple[str, list[Minefield]]]:
    """The minefields a crossing meets, grouped by owner in turn order (NL-09, NL-12, NL-17)."""
    groups: dict[str, list[Minefield]] = {}
    for f in state.fields_on(line):
        if f.owner == mover:
            continue  # NL-17: the owner crosses freely
        if state.options.crossing == "into_defended_zone" and f.zone != to_zone:
            continue
        groups.setdefault(f.owner, []).append(f)
    order = {n: i for i, n in enumerate(state.turn_order)}
    out = []
    for owner in sorted(groups, key=lambda n: (order.get(n, 99), n)):
        fields = sorted(groups[owner], key=lambda f: (f.zone != to_zone, f.zone))
        out.append((owner, fields))
    return out


def detonation_chance(state: NavalState, owner: str, mover: str) -> tuple[Fraction, str]:
    """P(one die detonates) and the clause: 1–2 against enemies, 1 against allies (NL-16)."""
    return state.rules.mine.detonates(state.side_of(owner) == state.side_of(mover)), "NL-16"


def _take_mine(fields: list[Minefield]) -> None:
    """One mine of the fields facing a crossing goes, in sight of all (they have defended)."""
    for f in fields:
        if f.count:
            f.count -= 1
            f.public = f.count
            return


def loss_order(state: NavalState, units: list[Unit], chosen: tuple[str, ...]) -> list[Unit]:
    """The crossing player's casualty order: their choices first, then cheapest (NL-21)."""
    first = [state.units[u] for u in chosen if u in {x.id for x in units}]
    rest = state.cost_order([u for u in units if u.id not in chosen])
    return first + rest


def pool(fields: list[Minefield]) -> int:
    """The mines one owner has facing a crossing: its fields on the line roll as one."""
    return sum(f.count for f in fields)


def cross_line(state: NavalState, line: str, to_zone: str, moving: list[Unit],
               sweepers: list[Unit], chosen: tuple[str, ...], dice: Dice) -> list[Event]:
    """Every field on the line shows itself, attacking Escorts sweep the enemy ones
    (NL-22), then each owner's field defends in turn order (NL-15)."""
    facing = facing_fields(state, line, to_zone, state.active)
    events = [entered(state, owner, fields, line) for owner, fields in facing]
    if state.phase == COMBAT_MOVE:
        side = state.side_of(state.active)
        enemy = [(o, fields) for o, fields in facing if state.side_of(o) != side]
        events += sweep_line(state, line, enemy, sweepers, dice)
    for owner, fields in facing:
        events += defend(state, owner, fields, line, moving, sweepers, chosen, dice)
    return events


def entered(state: NavalState, owner: str, fields: list[Minefield], line: str) -> Event:
    for f in fields:
        f.public = f.count
    return Event(kind="MinefieldEntered", clause="NL-12",
                 text=f"{state.active}'s ships cross line {line}: {owner}'s minefield of "
                 f"{count_of(pool(fields), 'mine')} defends", at=state.board.ref(line),
                 data={"owner": owner, "mines": pool(fields)}, reveals=True)


def sweep_line(state: NavalState, line: str, enemy: list[tuple[str, list[Minefield]]],
               sweepers: list[Unit], dice: Dice) -> list[Event]:
    """Each sweeping Escort rolls one die per enemy mine on the line, at most 3 in all
    (NL-22, NL-23). The seed does not say how those dice are shared when several enemies
    mined the line; here they go at the owners' mines in turn order, first owner first."""
    events: list[Event] = []
    mine = state.rules.mine
    at = state.board.ref(line)
    swept_total = 0
    for sweeper in sweepers:
        n_dice = min(mine.sweep_dice, sum(pool(fields) for _owner, fields in enemy))
        k = 0
        for owner, fields in enemy:
            for _ in range(min(n_dice - k, pool(fields))):
                k += 1
                value = dice.roll("NL-22", f"sweep by {sweeper.id} on {line}")
                swept = value <= mine.sweep_on
                if swept:
                    _take_mine(fields)
                    state.tally[owner].swept += 1
                    swept_total += 1
                events.append(DiceRolled(
                    kind="SweepRolled", clause="NL-22",
                    text=f"{unit_label(state, sweeper)} sweeps {owner}'s mines on line "
                    f"{line}, die {k} of {n_dice}: rolled {value} — "
                    f"{'mine swept' if swept else 'miss'} "
                    f"(P = {fraction_text(mine.sweep_chance)})",
                    at=at, dice=(value,), hits=(swept,), chance=Fraction(mine.sweep_chance),
                    tally=f"{count_of(swept_total, 'mine')} swept",
                    data={"unit": sweeper.id, "owner": owner, "value": value,
                          "swept": swept, "chance": str(mine.sweep_chance)}))
    return events


def defend(state: NavalState, owner: str, fields: list[Minefield], line: str,
           moving: list[Unit], sweepers: list[Unit], chosen: tuple[str, ...],
           dice: Dice) -> list[Event]:
    """Roll the owner's field one die at a time until it stops (NL-15)."""
    events: list[Event] = []
    mover = state.active
    at = state.board.ref(line)
    targets = [u for u in moving if state.unit_type(u).mine_target]
    immune = [u for u in moving if not state.unit_type(u).mine_target]
    if immune:
        passes = "passes" if len(immune) == 1 else "pass"
        events.append(Event(kind="MinesIgnored", clause="NL-21",
                            text=f"{units_named(state, immune)} {passes} the minefield "
                            "freely", at=at,
                            data={"units": [u.id for u in immune]}))
    mines = pool(fields)
    if not targets or not mines:
        return events
    p, clause = detonation_chance(state, owner, mover)
    need = len(targets)
    order = loss_order(state, targets, chosen)
    hits = 0
    for k in range(mines):
        value = dice.roll("NL-15", f"{owner} mine {k + 1} of {mines} on {line}")
        detonates = value <= p * 6
        text = (f"{owner}'s mine {k + 1} of {mines} on line {line} rolled {value} — "
                f"{'detonates' if detonates else 'holds'} (P = {fraction_text(p)}, "
                f"{clause})")
        if detonates:
            hits += 1
        data: dict[str, Any] = {"owner": owner, "value": value, "detonates": detonates,
                                "chance": str(p), "index": k + 1, "of": mines,
                                "targets": need}
        lost: list[Event] = []
        if detonates:
            victim = order[hits - 1]
            _take_mine(fields)
            state.tally[owner].detonated += 1
            lost += sink(state, victim, at)
            moving.remove(victim)
            if victim in sweepers:
                sweepers.remove(victim)
            data["sunk"] = victim.id
            lost.insert(0, UnitLost(kind="ShipSunk", clause="NL-18",
                                    text=f"{unit_label(state, victim)} sunk; the mine is "
                                    "removed", at=at, unit=victim.id, unit_type=victim.type,
                                    owner=victim.nation))
        events.append(DiceRolled(kind="MineRolled", clause="NL-15", text=text, at=at,
                                 dice=(value,), hits=(detonates,), chance=Fraction(p),
                                 tally=f"{hits} detonated of {k + 1} rolled "
                                       f"(rolling stops at {need})", data=data))
        events += lost
        if hits == need:
            events.append(Event(kind="MinefieldStopped", clause="NL-15",
                                text=f"rolling stops: {count_of(hits, 'detonation')} = "
                                f"{count_of(need, 'crossing surface unit')}", at=at))
            break
    return events


def apply_move(state: NavalState, action: Move, dice: Dice) -> list[Event]:
    moving = [state.units[u] for u in action.units]
    sweepers = [state.units[u] for u in action.sweepers]
    events: list[Event] = []
    attacking = state.phase == COMBAT_MOVE
    for unit in moving:
        if attacking and unit.mission is None:
            unit.mission = "sweep" if unit in sweepers else "attack"
    for a, b in zip(action.path, action.path[1:], strict=False):
        events += cross_line(state, way_id(a, b), b, moving, sweepers, action.losses, dice)
        for unit in moving:
            unit.zone = b
            unit.moved += 1
            if attacking:
                unit.came_from = a
    if moving:
        names = f"{units_named(state, moving)} {'moves' if len(moving) == 1 else 'move'}"
        # Under hidden minefields a quiet crossing tells the mover the line held no enemy
        # field: that is learnt, so the move cannot be taken back in a two-player game.
        events.append(UnitsMoved(text=f"{names} {' → '.join(action.path)}",
                                 reveals=state.options.hidden_minefields,
                                 at=state.board.ref(action.path[-1]),
                                 units=tuple(u.id for u in moving),
                                 path=tuple(state.board.ref(z) for z in action.path)))
    return events


def sink(state: NavalState, unit: Unit, at: PlaceRef) -> list[Event]:
    """Take a sunk unit off the map; mines aboard go down with it (NL-04: lost, counted)."""
    del state.units[unit.id]
    if not unit.cargo:
        return []
    state.tally[unit.nation].lost += unit.cargo
    return [Event(kind="MinesLost", clause="NL-04",
                  text=f"{count_of(unit.cargo, 'mine')} aboard {unit_label(state, unit)} "
                  f"{_is(unit.cargo)} lost with it", at=at,
                  data={"nation": unit.nation, "count": unit.cargo},
                  secret_to=_secret(state, unit.nation))]


def apply_settle(state: NavalState, action: SettleBattle, dice: Dice) -> list[Event]:
    events: list[Event] = []
    for uid in action.sunk:
        unit = state.units[uid]
        at = state.board.ref(action.zone)
        events.append(UnitLost(kind="ShipSunk", text=f"{unit_label(state, unit)} sunk in "
                               f"battle in sea zone {action.zone}", at=at, unit=uid,
                               unit_type=unit.type, owner=unit.nation))
        events += sink(state, unit, at)
    events.append(Event(kind="BattleSettled", text=f"battle in sea zone {action.zone} settled",
                        at=state.board.ref(action.zone)))
    return events


def apply_retreat(state: NavalState, action: Retreat, dice: Dice) -> list[Event]:
    units = [state.units[u] for u in action.units]
    origin = units[0].zone
    line = way_id(origin, action.to)
    for u in units:
        u.zone, u.came_from = action.to, None
    # Said of every retreat, mined line or not: a note given only where a field lies would
    # tell a hidden one (NL-20: a retreat never rolls).
    return [UnitsMoved(kind="UnitsRetreated", clause="NL-20",
                       text=f"{units_named(state, units)} "
                       f"{'retreats' if len(units) == 1 else 'retreat'} {origin} → {action.to} "
                       f"across line {line}; mines never defend against a retreat",
                       at=state.board.ref(action.to), units=tuple(action.units),
                       path=(state.board.ref(origin), state.board.ref(action.to)))]


def apply_capture(state: NavalState, action: Capture, dice: Dice) -> list[Event]:
    place = state.board.places[action.territory]
    state.territory_owner[action.territory] = state.active
    at = state.board.ref(action.territory)
    events = [Event(kind="TerritoryCaptured", text=f"{state.active} takes {place.name}",
                    at=at, data={"by": state.active})]
    for nation, info in state.nations.items():
        if info.capital == action.territory and nation != state.active:
            lost = state.stored[nation] + state.pending[nation]
            state.stored[nation] = state.pending[nation] = 0
            state.tally[nation].lost += lost
            if lost:
                events.append(Event(kind="MinesLost", clause="NL-04",
                                    text=f"{count_of(lost, 'naval mine')} stored in "
                                    f"{place.name} {_is(lost)} lost with the capital", at=at,
                                    data={"nation": nation, "count": lost},
                                    secret_to=_secret(state, nation)))
    return events


def _settle(state: NavalState, dice: Dice) -> list[Event]:
    """What the ending phase leaves behind: control of the zones won (NL-19), mines not
    laid back to store, new mines to the capital (NL-04)."""
    nation = state.active
    events: list[Event] = []
    if state.phase == BATTLE:
        for zone in sorted({u.zone for u in state.units.values() if u.nation == nation}):
            holder = state.control.get(zone)
            if enemies_in(state, zone, nation):
                continue
            if holder is None or state.side_of(holder) != state.side_of(nation):
                state.control[zone] = nation
                events.append(Event(kind="ZoneControlled", clause="NL-19",
                                    text=f"{nation} now controls sea zone {zone}; mines on "
                                    "its lines stay where they are",
                                    at=state.board.ref(zone), data={"nation": nation}))
    if state.phase == NONCOMBAT_MOVE:
        for unit in state.units.values():
            if unit.nation == nation and unit.cargo:
                state.stored[nation] += unit.cargo
                events.append(Event(kind="MinesReturned", clause="NL-04",
                                    text=f"{unit_label(state, unit)} did not lay the "
                                    f"{count_of(unit.cargo, 'mine')} aboard; "
                                    f"{'it returns' if unit.cargo == 1 else 'they return'} "
                                    "to store in the capital",
                                    at=state.board.ref(unit.zone),
                                    data={"unit": unit.id, "count": unit.cargo},
                                    secret_to=_secret(state, nation)))
                unit.cargo = 0
    if state.phase == PLACE:
        placed = state.pending[nation]
        state.pending[nation] = 0
        if placed and state.holds_capital(nation):
            state.stored[nation] += placed
            events.append(Event(kind="MinesPlaced", clause="NL-04",
                                text=f"{count_of(placed, 'new naval mine')} {_is(placed)} "
                                f"stored in {nation}'s capital",
                                data={"nation": nation, "count": placed},
                                secret_to=_secret(state, nation)))
        elif placed:
            state.tally[nation].lost += placed
            events.append(Event(kind="MinesLost", clause="NL-04",
                                text=f"{count_of(placed, 'new mine')} "
                                f"{'has' if placed == 1 else 'have'} no capital to be stored "
                                f"in and {_is(placed)} lost", data={"nation": nation},
                                secret_to=_secret(state, nation)))
    return events


def _begin(state: NavalState) -> list[Event]:
    if state.phase == PURCHASE:  # the next nation's turn begins
        nation = state.active
        state.bought_this_turn[nation] = 0
        for unit in state.units.values():
            if unit.nation == nation:
                unit.moved, unit.mission, unit.done, unit.came_from = 0, None, False, None
    if state.phase == NONCOMBAT_MOVE:
        state.ncm_control = dict(state.control)
    return []


apply_end = phase_ender(_settle, _begin, name_phase=True)


EFFECTS: dict[type[Action], Callable[[NavalState, Any, Dice], list[Event]]] = {
    BuyMines: apply_buy, LoadMines: apply_load, Move: apply_move, LayMines: apply_lay,
    SettleBattle: apply_settle, Retreat: apply_retreat, Capture: apply_capture,
    EndPhase: apply_end,
}
