"""What the gwas-tactical player is offered: placing counters in setup, moving ships hex by
hex in the impulses, the boundary roll in the approach, and the odds of a planned move."""

from __future__ import annotations

from mineboard.core.actions import Action
from mineboard.core.planning import Choice, Command, Preview, Selection, percent
from mineboard.core.words import and_list, count_of
from mineboard.maps.model import HEX, HEXSIDE
from mineboard.rules.common.checks import Check, is_legal, legal_only
from mineboard.rules.gwas_tactical.actions import (
    CrossBoundary,
    EndPhase,
    LeaveMap,
    MoveShips,
    PlaceCounter,
)
from mineboard.rules.gwas_tactical.odds import loss_chance, modifier, table_preview
from mineboard.rules.gwas_tactical.setup import mines_still_needed, room_for_mines
from mineboard.rules.gwas_tactical.state import (
    APPROACH,
    BATTLE,
    SETUP,
    GtState,
    Ship,
    boundary_name,
)


def units_at(view: GtState, place: str) -> list[str]:
    if view.phase == SETUP:
        return []  # in setup a click on a hex places a counter
    return sorted(s.id for s in view.ships_in(place) if s.side == view.active)


def intent(view: GtState, selection: Selection, kind: str, target: str) -> Action | None:
    if kind != HEX:
        return None
    if view.phase == SETUP:
        return PlaceCounter(target, selection.option("counter", "mine") == "mine")
    if not selection.units or selection.place is None or target == selection.place:
        return None
    path = view.board.shortest_path(selection.place, target, HEXSIDE) or \
        [selection.place, target]
    return MoveShips(selection.units, tuple(path))


def targets(view: GtState, selection: Selection, check: Check) -> dict[str, Action]:
    """In setup, every hex where the chosen counter may go now (GT-05, GT-06)."""
    if view.phase != SETUP:
        return {}
    out: dict[str, Action] = {}
    mine = selection.option("counter", "mine") == "mine"
    for h in view.grid.hexes():
        action = PlaceCounter(view.grid.label(h), mine)
        if is_legal(check, view, action):
            out[action.hex] = action
    return out


def choices(view: GtState, selection: Selection) -> list[Choice]:
    if view.phase != SETUP:
        return []
    return [Choice("counter", "Counter", "mine", values=(("mine", "Mine"), ("dummy", "Dummy")),
                   tip="Which face-down counter a click on a hex places (GT-05, GT-06)")]


def commands(view: GtState, selection: Selection) -> list[Command]:
    ships = [view.ships[s] for s in selection.units if s in view.ships]
    out: list[Command] = []
    crossing = tuple(s.id for s in ships if s.crossing)
    if view.phase == APPROACH and crossing:
        out.append(Command("Roll for crossing the boundary (GT-02)", CrossBoundary(crossing),
                           tip="Ships entering across an enemy minefield roll on the "
                               "Minefield Table before the battle"))
    if view.phase == BATTLE and len(ships) == 1:
        out.append(Command(f"{ships[0].id} leaves the map", LeaveMap(ships[0].id),
                           tip="From an edge hex; no second roll for the boundary (GT-02)"))
    return out


def _candidates(view: GtState) -> list[Action]:
    out: list[Action] = [EndPhase()]
    side = view.active
    if view.phase == APPROACH:
        out += [CrossBoundary((s.id,)) for s in view.ships.values() if s.side == side]
    elif view.phase == SETUP:
        for h in view.grid.hexes():
            label = view.grid.label(h)
            out += [PlaceCounter(label, True), PlaceCounter(label, False)]
    else:
        for ship in sorted(view.ships.values(), key=lambda s: s.id):
            if ship.side != side or ship.hex is None:
                continue
            out.append(LeaveMap(ship.id))
            start = view.hex_of(ship.hex)
            for n in view.grid.neighbours(start):
                out.append(MoveShips((ship.id,), (ship.hex, view.grid.label(n))))
    return out


legal_actions = legal_only(_candidates)


def move_preview(view: GtState, move: MoveShips) -> Preview:
    """The first hex on the path holding enemy counters: each ship's Minefield Table roll.

    Face-down counters may be dummies, so the odds shown are those if one of them is a mine
    (the mover cannot know more); face-up mines give the true modifier.
    """
    side = view.active
    for label in move.path[1:]:
        up = view.enemy_mines_up(label, side)
        down = [c for c in view.counters_in(label) if c.owner != side and not c.face_up]
        if not up and not down:
            continue
        mod = modifier(view.rules, len(up) or 1, view.impulse)
        known = (count_of(len(up), "face-up mine") if up else
                 f"{count_of(len(down), 'face-down counter')}, if one is a mine")
        ships = [view.ships[s] for s in move.ships if s in view.ships]
        return table_preview(view.rules, mod, f"Hex {label}, impulse {view.impulse}: {known}; "
                                              f"modifier +{mod} (GT-11)",
                             rows=loss_rows(view, ships, mod))
    return Preview.nothing_to_roll(" → ".join(move.path), "No enemy counters on the way.")


def cross_preview(view: GtState, cross: CrossBoundary) -> Preview | None:
    """The odds panel of the boundary roll (GT-02): each crossing ship's roll on the
    Minefield Table, unmodified. Whether the enemy mined the boundary is on his secret
    logsheet, so the odds are those *if* it is mined, said in words, and the same whatever
    the truth: a ship crossing an unmined boundary does not roll, and only the roll itself
    tells which it was."""
    ships = [view.ships[s] for s in cross.ships if s in view.ships]
    boundaries = sorted({s.crossing for s in ships if s.crossing is not None})
    if not boundaries:
        return None
    where = and_list(boundary_name(view, b) for b in boundaries)
    names = and_list(s.id for s in ships if s.crossing is not None)
    crossing = sum(1 for s in ships if s.crossing is not None)
    mod = 0
    return table_preview(
        view.rules, mod, f"{names} {'crosses' if crossing == 1 else 'cross'} {where} into "
        "the battle zone", clause="GT-02",
        summary="If the boundary is mined (the enemy's logsheet is secret), each ship rolls "
                "once — ",
        rows=("No roll if the boundary holds no enemy minefield: the roll itself tells "
              "whether it does (GT-02).", *loss_rows(view, ships, mod)))


def loss_rows(view: GtState, ships: list[Ship], mod: int) -> tuple[str, ...]:
    """Each rolling ship's chance to go down, by the hull it has left."""
    rows = []
    for ship in ships:
        hull = view.ship_type(ship).hull
        left = hull - ship.damage
        lost = loss_chance(view.rules.table, mod, left)
        rows.append(f"{ship.id} ({view.ship_type(ship).name}, "
                    f"{left} of {count_of(hull, 'hull point')} left): "
                    + (f"sinks {percent(lost)}" if lost else "cannot sink on this roll"))
    return tuple(rows)


def invariants(state: GtState) -> list[str]:
    """Counters never exceed the logsheet's budget (GT-03) or the half that may be mines
    (GT-04); before the battle every side can still finish its setup (GT-07, GT-08), or
    the game would wait for an action no one may take; a ship afloat has taken less damage
    than its hull."""
    problems = []
    for side, log in state.logs.items():
        mines, dummies = state.placed(side)
        if mines + dummies > log.budget or mines > log.max_mines:
            problems.append(f"{side}: {count_of(mines, 'mine')} and "
                            f"{count_of(dummies, 'dummy')} placed, budget {log.budget} with at "
                            f"most {count_of(log.max_mines, 'mine')}")
        if state.phase != BATTLE:
            need, room = mines_still_needed(state, side), room_for_mines(log, mines, dummies)
            if need > room:
                problems.append(f"{side} can no longer finish setup: room for "
                                f"{count_of(room, 'more mine counter')}, the GT-07 minimums "
                                f"need {need}")
    for ship in state.ships.values():
        if ship.damage >= state.ship_type(ship).hull:
            problems.append(f"{ship.id} afloat with {ship.damage} damage")
    for c in state.counters:
        if c.face_up and not c.mine:
            problems.append(f"a dummy face up in hex {c.hex}: dummies are removed (GT-10)")
    return problems
