"""What the naval-lines player is offered: what a click means, what glows, which options
and buttons a selection has, a broad list of legal actions, and the invariants.

Everything is answered from the player's view and checked with the ruleset's own check, so
the window, the tests and a computer player see the same game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from mineboard.core.actions import Action
from mineboard.core.planning import Choice, Command, Selection
from mineboard.core.words import count_of
from mineboard.maps.model import LAND, NAVAL_LINE, SEA_ZONE
from mineboard.rules.common.checks import Check, is_legal, legal_only
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
from mineboard.rules.naval_lines.checks import enemies_in, stop_reason
from mineboard.rules.naval_lines.state import (
    BATTLE,
    COMBAT_MOVE,
    NONCOMBAT_MOVE,
    PURCHASE,
    NavalState,
    unit_label,
    unit_name,
)

BUY_STEPS = (1, 2, 3, 5, 10)


def units_at(view: NavalState, place: str) -> list[str]:
    return sorted(u.id for u in view.units_in(place) if u.nation == view.active)


def intent(view: NavalState, selection: Selection, kind: str, target: str) -> Action | None:
    units = selection.units
    if not units or selection.place is None:
        return None
    if kind == NAVAL_LINE:  # the ticked Escort with mines aboard, else any ticked Escort
        carriers = [u for u in units if u in view.units and view.units[u].cargo]
        escorts = [u for u in units if u in view.units
                   and view.unit_type(view.units[u]).mine_capacity]
        return LayMines((carriers or escorts or list(units))[0], target)
    if kind != SEA_ZONE or target == selection.place:
        return None
    if view.phase == BATTLE:
        return Retreat(units, target)
    path = plan_path(view, units, selection.place, target)
    sweepers: tuple[str, ...] = ()
    if view.phase == COMBAT_MOVE and selection.option("sweep", True):
        sweepers = tuple(u for u in units if u in view.units
                         and view.unit_type(view.units[u]).mine_capacity
                         and view.units[u].mission is None)
    first = selection.option("lose_first", "")
    return Move(units, tuple(path), sweepers, (first,) if first in units else ())


def plan_path(view: NavalState, units: tuple[str, ...], start: str,
              target: str) -> tuple[str, ...]:
    """The route a click on ``target`` means: the shortest by naval lines, unless it runs
    through a zone the ships may not pass (enemy warships in Combat Movement, NL-13
    decision; any enemy in Non-Combat Movement) and a way round is within their reach.
    Else the shortest, which the check refuses and says why."""
    direct = tuple(view.board.shortest_path(start, target, NAVAL_LINE) or (start, target))
    moving = [view.units[u] for u in units if u in view.units]

    def closed(zone: str) -> bool:
        if view.phase == COMBAT_MOVE:
            return stop_reason(view, moving, zone) is not None
        return view.phase == NONCOMBAT_MOVE and bool(enemies_in(view, zone, view.active))

    if not moving or not any(closed(z) for z in direct[1:-1]):
        return direct
    reach = min(view.unit_type(u).move - u.moved for u in moving)
    return _way_round(view, start, target, closed, reach) or direct


def _way_round(view: NavalState, start: str, target: str, closed: Callable[[str], bool],
               most: int) -> tuple[str, ...] | None:
    """The shortest path of at most ``most`` lines from ``start`` to ``target`` passing no
    closed zone (the target itself may be one: a move may end there), or None."""
    seen = {start}
    frontier: list[tuple[str, ...]] = [(start,)]
    for _ in range(most):
        grown = []
        for path in frontier:
            for n in view.board.neighbours(path[-1], NAVAL_LINE):
                if n == target:
                    return (*path, n)
                if n not in seen and not closed(n):
                    seen.add(n)
                    grown.append((*path, n))
        frontier = grown
    return None


def targets(view: NavalState, selection: Selection, check: Check) -> dict[str, Action]:
    """The lines the picked Escorts may mine now: they glow (NL-07, NL-08)."""
    out: dict[str, Action] = {}
    if view.phase != NONCOMBAT_MOVE or selection.place is None or not selection.units:
        return out
    for n in view.board.neighbours(selection.place, NAVAL_LINE):
        way = view.board.way_between(selection.place, n)
        action = intent(view, selection, NAVAL_LINE, way.id) if way else None
        if action is not None and is_legal(check, view, action):
            out[way.id] = action  # type: ignore[union-attr]
    return out


def choices(view: NavalState, selection: Selection) -> list[Choice]:
    picked = [view.units[u] for u in selection.units if u in view.units]
    out: list[Choice] = []
    escorts = [u for u in picked if view.unit_type(u).mine_capacity]
    if view.phase == COMBAT_MOVE and escorts:
        out.append(Choice("sweep", "Escorts sweep (NL-22)", True,
                          tip="Each attacking Escort rolls up to 3 dice at each mined line on "
                              "the way, at enemy fields in turn order; a sweeping Escort "
                              "takes no part in the battle (NL-22, NL-24)"))
    targets_ = [u for u in picked if view.unit_type(u).mine_target]
    if view.phase in (COMBAT_MOVE, NONCOMBAT_MOVE) and len(targets_) > 1:
        values = (("", "cheapest first"), *((u.id, unit_name(view, u))
                                            for u in sorted(targets_, key=lambda u: u.id)))
        out.append(Choice("lose_first", "Lose first", "", values=values,
                          tip="Which ship a mine sinks first (NL-21); the rest go cheapest "
                              "first"))
    if view.phase == NONCOMBAT_MOVE and escorts:
        cap = min(view.rules.mine.max_per_carrier, view.unit_type(escorts[0]).mine_capacity)
        out.append(Choice("load", "Mines to load", min(cap, max(1, view.stored[view.active])),
                          low=1, high=cap, tip="Mines loaded from the capital's store (NL-05)"))
    return out


def commands(view: NavalState, selection: Selection) -> list[Command]:
    place = selection.place
    if place is None:
        return []
    if selection.units:
        return _unit_commands(view, selection, place)
    kind = view.board.places[place].kind if place in view.board.places else ""
    if kind == LAND:
        return _land_commands(view, place)
    if kind == SEA_ZONE and view.phase == BATTLE and _contested(view, place):
        return [_settle(view, place)]
    return []


def _unit_commands(view: NavalState, selection: Selection, place: str) -> list[Command]:
    out: list[Command] = []
    picked = [view.units[u] for u in selection.units if u in view.units]
    escorts = [u for u in picked if view.unit_type(u).mine_capacity]
    if view.phase == NONCOMBAT_MOVE and escorts:
        unit = next((u for u in escorts if not u.moved), escorts[0])
        # As many as asked, but never more than the store holds or the Escort takes (at
        # least one: an empty store is then refused with its reason, NL-04).
        room = min(view.unit_type(unit).mine_capacity, view.rules.mine.max_per_carrier)
        count = max(1, min(int(selection.option("load", 1)), view.stored.get(unit.nation, 0),
                           room - unit.cargo))
        out.append(Command(f"Load {count_of(count, 'mine')} onto {unit_name(view, unit)}",
                           LoadMines(unit.id, count),
                           tip="From the capital's store, in a sea zone next to the capital, "
                               "before the Escort moves (NL-04…NL-06)"))
    if view.phase == BATTLE and _contested(view, place):
        out.append(_settle(view, place))
    return out


def _land_commands(view: NavalState, territory: str) -> list[Command]:
    nation = view.active
    capital_of = [n for n, info in view.nations.items() if info.capital == territory]
    if view.phase == PURCHASE and nation in capital_of:
        left = view.capacity(nation) - view.bought_this_turn[nation]
        cost = max(1, view.rules.mine.cost)
        most = min(left, view.ipcs[nation] // cost)
        return [Command(f"Buy {count_of(n, 'naval mine')} — {n * view.rules.mine.cost} IPC",
                        BuyMines(n), tip="NL-01…NL-03")
                for n in range(1, most + 1)]
    owner = view.territory_owner.get(territory)
    if view.phase == BATTLE and (owner is None or view.side_of(owner) != view.phasing):
        name = view.board.places[territory].name
        return [Command(f"Capture {name} (settled by the players)", Capture(territory))]
    return []


def _settle(view: NavalState, zone: str) -> Command:
    rows = tuple((u.id, unit_label(view, u))
                 for u in sorted(view.units_in(zone), key=lambda u: u.id)
                 if u.mission != "sweep")  # a sweeper takes no part in the battle (NL-24)
    return Command(f"Settle the battle in sea zone {zone}…", pick=rows,
                   tip="Battles are fought by the players; tick what was sunk",
                   build=lambda picked: SettleBattle(zone, picked))


def _contested(view: NavalState, zone: str) -> bool:
    return any(u.nation == view.active for u in view.units_in(zone)) and \
        bool(enemies_in(view, zone, view.active))


# ---- a broad sample of legal actions (fuzzing, computer players) --------------------------
def _candidates(view: NavalState) -> Iterator[Action]:
    nation = view.active
    yield EndPhase()
    if view.phase == PURCHASE:
        yield from (BuyMines(n) for n in BUY_STEPS)
        return
    own = sorted((u for u in view.units.values() if u.nation == nation), key=lambda u: u.id)
    zones = sorted({u.zone for u in own})
    if view.phase == BATTLE:
        for zone in zones:
            group = tuple(u.id for u in own if u.zone == zone)
            yield SettleBattle(zone, ())
            for u in view.units_in(zone):
                yield SettleBattle(zone, (u.id,))
            for n in view.board.neighbours(zone, NAVAL_LINE):
                yield Retreat(group, n)
        for place in view.board.places_of(LAND):
            yield Capture(place.id)
        return
    for zone in zones:
        here = [u for u in own if u.zone == zone]
        groups = [(u.id,) for u in here] + [tuple(u.id for u in here)]
        for group in groups:
            for path in _paths(view, zone, 2):
                yield Move(group, path)
                escorts = tuple(u for u in group
                                if view.unit_type(view.units[u]).mine_capacity)
                if escorts and view.phase == COMBAT_MOVE:
                    yield Move(group, path, sweepers=escorts)
        if view.phase == NONCOMBAT_MOVE:
            for u in here:
                yield from (LoadMines(u.id, n) for n in (1, 2, 3))
                for n in view.board.neighbours(zone, NAVAL_LINE):
                    way = view.board.way_between(zone, n)
                    if way is not None:
                        yield LayMines(u.id, way.id)


def _paths(view: NavalState, start: str, most: int) -> Iterator[tuple[str, ...]]:
    """Every simple path of 1..``most`` naval lines from ``start``."""
    frontier: list[tuple[str, ...]] = [(start,)]
    for _ in range(most):
        grown = []
        for path in frontier:
            for n in view.board.neighbours(path[-1], NAVAL_LINE):
                if n not in path:
                    grown.append((*path, n))
        yield from grown
        frontier = grown


legal_actions = legal_only(_candidates)


# ---- invariants ---------------------------------------------------------------------------
def invariants(state: NavalState) -> list[str]:
    """Mine conservation (bought = stored + pending + carried + laid + detonated + swept +
    lost) and no negative counts, for every nation."""
    problems = []
    for nation, tally in state.tally.items():
        accounted = (state.stored[nation] + state.pending[nation] + state.carried(nation)
                     + state.laid(nation) + tally.detonated + tally.swept + tally.lost)
        if tally.bought != accounted:
            problems.append(f"{nation}: {tally.bought} mines bought but {accounted} "
                            "accounted for")
        if min(state.stored[nation], state.pending[nation], state.ipcs[nation]) < 0:
            problems.append(f"{nation}: a negative store, pending count or IPCs")
    if any(f.count < 0 for f in state.minefields):
        problems.append("a minefield with fewer than 0 mines")
    if any(u.cargo < 0 for u in state.units.values()):
        problems.append("a unit carrying fewer than 0 mines")
    return problems

