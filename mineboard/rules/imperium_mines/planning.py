"""What the imperium-mines player is offered: jumps with the odds of the minefield checks on
the way, the stay-and-work orders (lay, sweep, false counters), construction, combat."""

from __future__ import annotations

from mineboard.core.actions import Action
from mineboard.core.planning import Command, Preview, Selection, percent
from mineboard.core.words import count_of
from mineboard.maps.model import ROUTE, SYSTEM
from mineboard.rules.common.checks import legal_only
from mineboard.rules.imperium_mines.actions import (
    Build,
    EndPhase,
    Jump,
    LayMines,
    PlaceFalse,
    SettleCombat,
    Sweep,
)
from mineboard.rules.imperium_mines.odds import afoul_chance, hits_per_ship
from mineboard.rules.imperium_mines.state import CONSTRUCTION, SEGMENT, ImperiumState

MAX_SHOWN_POINTS = 8
"""The odds panel shows P(afoul) for 1…8 hidden mine points: beyond that it is near 1."""

def units_at(view: ImperiumState, place: str) -> list[str]:
    return [f.id for f in view.fleets_at(place, view.active)]


def intent(view: ImperiumState, selection: Selection, kind: str,
           target: str) -> Action | None:
    if kind != SYSTEM or not selection.units or selection.place is None \
            or target == selection.place:
        return None
    path = view.board.shortest_path(selection.place, target, ROUTE) or \
        [selection.place, target]
    return Jump(selection.units, tuple(path))


def commands(view: ImperiumState, selection: Selection) -> list[Command]:
    place = selection.place
    if place is None:
        return []
    if not selection.units:
        if view.phase == CONSTRUCTION and view.home[view.active] == place:
            return _build_menu(view)
        return [_combat(view, place)] if _facing(view, place) else []
    if view.phase != SEGMENT:
        return []
    fleet = selection.units[0]
    out: list[Command] = []
    if view.options.mine_warfare:  # without the variant there are no mine orders (IM-01)
        out += [Command("Lay mines", LayMines(fleet),
                        tip="The fleet's minelayers stay and lay 1 point each (IM-06, IM-07)"),
                Command("Sweep", Sweep(fleet),
                        tip="The fleet's minesweepers stay and remove 1 enemy point each "
                        "(IM-26)"),
                Command("Place a false counter", PlaceFalse(fleet),
                        tip="A face-down counter with no mines: any fleet that stays (IM-12). "
                        "Again for another: one at a time, each looks to the enemy as a lay "
                        "does")]
    if _facing(view, place):
        out.append(_combat(view, place))
    return out


def _build_menu(view: ImperiumState) -> list[Command]:
    out = []
    for type_id, stype in view.rules.ships.items():
        if stype.mine_ship and not view.options.mine_warfare:
            continue
        out.append(Command(f"Build a {stype.name} — {count_of(stype.cost, 'Resource')}, "
                           f"{count_of(stype.build_turns, 'turn')}", Build(type_id)))
    return out


def _facing(view: ImperiumState, system: str) -> bool:
    here = view.combatants(system)
    return view.phase == SEGMENT and any(f.side == view.active for f in here) and \
        any(f.side != view.active for f in here)


def _combat(view: ImperiumState, system: str) -> Command:
    rows = tuple((s.id, f"{f.side} {f.id}: {view.ship_name(s)}")
                 for f in view.combatants(system) for s in f.ships)
    name = view.board.places[system].name
    return Command(f"Settle combat at {name}…", pick=rows,
                   tip="Combat is fought by the players; mines play no part (IM-25)",
                   build=lambda picked: SettleCombat(system, picked))


def _candidates(view: ImperiumState) -> list[Action]:
    out: list[Action] = [EndPhase()]
    if view.phase == CONSTRUCTION:
        out += [Build(t) for t in view.rules.ships]
    else:
        for fleet in sorted(view.fleets.values(), key=lambda f: f.id):
            if fleet.side != view.active:
                continue
            out += [LayMines(fleet.id), Sweep(fleet.id), PlaceFalse(fleet.id)]
            for n in view.board.neighbours(fleet.system, ROUTE):
                out.append(Jump((fleet.id,), (fleet.system, n)))
                for m in view.board.neighbours(n, ROUTE):
                    if m != fleet.system:
                        out.append(Jump((fleet.id,), (fleet.system, n, m)))
        for system in sorted({f.system for f in view.fleets.values() if f.side == view.active}):
            out.append(SettleCombat(system, ()))
    return out


legal_actions = legal_only(_candidates)


def jump_preview(view: ImperiumState, jump: Jump) -> Preview:
    """P(run afoul) at each system on the route with enemy counters: the first one's on the
    bars, for each number of mine points they might hide, every one's in a row below; the
    true number is marked where the viewer may know it."""
    sweepers = min(view.count_of(view.fleets[f], "sweeps") for f in jump.fleets)
    checks = [(number, system) for number, system in enumerate(jump.path[1:], start=1)
              if view.enemy_counters(system, view.active)]
    if not checks:
        names = " → ".join(view.board.places[p].name for p in jump.path)
        return Preview.nothing_to_roll(names, "No enemy counters on the way.")
    rule = view.rules.check
    number, system = checks[0]
    counters = view.enemy_counters(system, view.active)
    name = view.board.places[system].name
    points = known_points(view, system)
    cases = tuple((f"{k} pt", afoul_chance(rule, k, number, sweepers))
                  for k in range(1, MAX_SHOWN_POINTS + 1))
    if points is not None:
        summary = check_row(view, number, system, sweepers)
    else:
        summary = (f"The fleet halts at {name} for a minefield check (IM-14): "
                   "P(afoul) by the mine points the counters may hide")
    return Preview(title=f"{name}, jump {number}: {count_of(len(counters), 'face-down counter')}"
                         f"; {count_of(sweepers, 'sweeper')}",
                   axis=f"mine points hidden at {name} — chance to run afoul (IM-18, IM-19)",
                   outcomes=cases, summary=summary,
                   highlight=points - 1 if points and points <= MAX_SHOWN_POINTS else None,
                   words=tuple(count_of(k, "mine point")
                               for k in range(1, MAX_SHOWN_POINTS + 1)),
                   rows=tuple(check_row(view, n, s, sweepers) for n, s in checks))


def known_points(view: ImperiumState, system: str) -> int | None:
    """The enemy mine points at ``system``, where the viewer may know them."""
    known = all(c.known for c in view.enemy_counters(system, view.active))
    return view.enemy_points(system, view.active) if known else None


def check_row(view: ImperiumState, number: int, system: str, sweepers: int) -> str:
    """The minefield check at one system of the route, in percent and words."""
    rule = view.rules.check
    head = f"{view.board.places[system].name}, jump {number}"
    points = known_points(view, system)
    if points is None:
        counters = len(view.enemy_counters(system, view.active))
        low, high = (afoul_chance(rule, k, number, sweepers) for k in (1, MAX_SHOWN_POINTS))
        return (f"{head}: {count_of(counters, 'face-down counter')} — runs afoul "
                f"{percent(low)} if {'it hides' if counters == 1 else 'they hide'} 1 mine point "
                f"… {percent(high)} if {MAX_SHOWN_POINTS}")
    if points == 0:
        return f"{head}: only false counters — no check (IM-16)"
    afoul = afoul_chance(rule, points, number, sweepers)
    clean = hits_per_ship(points, view.rules.hit_on, cap=1).prob(0)  # one term
    return (f"{head}: {count_of(points, 'mine point')} — runs afoul {percent(afoul)}; if "
            "afoul, each "
            f"ship escapes unhit {percent(clean)}")


def invariants(state: ImperiumState) -> list[str]:
    problems = []
    for side, money in state.resources.items():
        if money < 0:
            problems.append(f"{side} has {money} Resources")
    for fleet in state.fleets.values():
        if not fleet.ships:
            problems.append(f"fleet {fleet.id} has no ships but is on the map")
        for ship in fleet.ships:
            if ship.hits >= state.rules.hull_of(ship.type):
                problems.append(f"{ship.id} afloat with {ship.hits} hits")
    if not state.options.mine_warfare and any(any(o.values())
                                              for o in state.minefields.values()):
        problems.append("minefield counters in a game without the mine-warfare variant "
                        "(IM-01)")
    for system, owners in state.minefields.items():
        for owner, counters in owners.items():
            if any(c.value < 0 or (c.false and c.value) for c in counters):
                problems.append(f"{owner}'s counters at {system} hold impossible values")
    return problems
