"""The program's opponent in naval-lines: a plain policy (:data:`POLICY`) on the same exact
odds as the threat map and the advisor, played from its own side's view only.

Each phase it makes each of its moves at most once — a group moves only while none of its
ships has moved, a load only fills an Escort, a lay ends the Escort's move (NL-07) — so a
phase always ends: when nothing is left, :func:`move` answers None and the phase is ended.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from math import ceil
from typing import Any

from mineboard.core.advice import Advice, what_if
from mineboard.core.errors import IllegalAction, MineboardError
from mineboard.core.opponent import Choice
from mineboard.core.words import count_of
from mineboard.maps.model import COAST, NAVAL_LINE
from mineboard.rules.naval_lines.actions import BuyMines, LayMines, LoadMines, Move, SettleBattle
from mineboard.rules.naval_lines.advice import advise
from mineboard.rules.naval_lines.checks import check_load, check_move, contested_zones, enemies_in
from mineboard.rules.naval_lines.reach import cheapest_route
from mineboard.rules.naval_lines.state import (
    BATTLE,
    COMBAT_MOVE,
    NONCOMBAT_MOVE,
    PURCHASE,
    NavalState,
    Unit,
    unit_name,
)

POLICY = (
    "The program plays its side from that side's view alone (its own minefields exactly, "
    "the enemy's as last seen), by these rules. Purchase: it buys mines for its Escorts "
    "beside its capital to load next (3 each, NL-05), less those already stored, within "
    "the capital's capacity and its IPCs (NL-01…NL-03). Combat Movement: each group of its "
    "ships (those in one sea zone; Escorts beside the capital stay there while mines are "
    "stored, to load them) heads for its target — the nearest sea zone held by the enemy "
    "with no enemy ship in it, counted in lines — by the route of least expected loss to "
    "the minefields it knows of (NL-15, NL-16; its own pass freely, NL-17), then the "
    "fewest lines, and sails as far along it as its move allows. It never enters or passes "
    "a zone holding enemy ships, so it starts no battle, and it does not sweep. Battle: it "
    "takes no territory (land battles are the players'); a battle left in a zone of its "
    "ships is settled with none sunk (undo to enter the real result). Non-Combat Movement: "
    "it loads its stored mines onto unmoved Escorts beside its capital (NL-05) and lays "
    "them where the advisor's top suggestion is (its model stated with the advice), "
    "moving the Escort first to the zone where its best lay costs the enemy more, if any "
    "zone it may lay from (NL-08) does; mines it cannot use go back to store (NL-04). "
    "Otherwise it ends the phase.")


def move(ruleset: Any, view: NavalState) -> Choice | None:
    """The opponent's next action on its own side's ``view`` (None: end the phase)."""
    if view.phase == PURCHASE:
        return _buy(view)
    if view.phase == COMBAT_MOVE:
        return _advance(view)
    if view.phase == BATTLE:
        return _settle(view)
    if view.phase == NONCOMBAT_MOVE:
        return _load(view) or _lay(ruleset, view)
    return None


def _told(view: NavalState, why: str, public: str) -> str:
    """The reason the log shows. Under hidden minefields it is read at the table by the
    other side too, so it says only what that side may know (``public``): not the mines
    bought, loaded or laid, nor figures that rest on its side's secret fields (NL-01
    hidden)."""
    return public if view.options.hidden_minefields else why


def _carry(view: NavalState, unit: Unit) -> int:
    return min(view.unit_type(unit).mine_capacity, view.rules.mine.max_per_carrier)


def _loaders(view: NavalState) -> list[Unit]:
    """The nation's Escorts in a sea zone beside its capital (where mines load, NL-06)."""
    capital = view.nations[view.active].capital
    if capital is None or not view.holds_capital(view.active):
        return []
    coast = set(view.board.neighbours(capital, COAST))
    return sorted((u for u in view.units.values() if u.nation == view.active
                   and view.unit_type(u).mine_capacity and u.zone in coast),
                  key=lambda u: u.id)


def _buy(view: NavalState) -> Choice | None:
    nation = view.active
    if view.bought_this_turn[nation]:
        return None
    loaders = _loaders(view)
    want = sum(_carry(view, u) for u in loaders) - view.stored[nation] - view.pending[nation]
    cost = max(1, view.rules.mine.cost)
    count = min(want, view.capacity(nation), view.ipcs.get(nation, 0) // cost)
    if count < 1:
        return None
    return Choice(BuyMines(count), _told(
        view, f"buys {count_of(count, 'mine')} for its {count_of(len(loaders), 'Escort')} "
        "beside its capital to load (NL-02, NL-05)", "its purchase is secret (NL-01 hidden)"))


def _reserved(view: NavalState) -> set[str]:
    """Escorts kept beside the capital to load the mines in store (NL-05: an Escort loads
    before it moves)."""
    stored = view.stored[view.active]
    fresh = [u for u in _loaders(view) if not u.moved and u.mission is None]
    if not stored or not fresh:
        return set()
    return {u.id for u in fresh[:ceil(stored / _carry(view, fresh[0]))]}


def _advance(view: NavalState) -> Choice | None:
    """The first group (by zone) that may still move, along its least-loss route."""
    nation, side = view.active, view.phasing
    kept = _reserved(view)

    def open_(zone: str) -> bool:
        return not enemies_in(view, zone, nation)

    zones = sorted({u.zone for u in view.units.values() if u.nation == nation},
                   key=lambda z: (not z.isdigit(), int(z) if z.isdigit() else 0, z))
    for zone in zones:
        group = sorted((u for u in view.units_in(zone) if u.nation == nation
                        and not u.moved and u.mission is None and not u.done
                        and u.id not in kept), key=lambda u: u.id)
        if not group:
            continue
        goals, steps = _nearest_enemy_held(view, zone, side, open_)
        if not goals:
            continue
        targets = [u for u in group if view.unit_type(u).mine_target]
        route = cheapest_route(view, nation, len(targets), zone, goals, open_)
        left = min(view.unit_type(u).move for u in group)
        if route is None or left < 1:
            continue
        path = route.path[:left + 1]
        action = Move(tuple(u.id for u in group), path)
        try:
            check_move(view, action)
        except IllegalAction:
            continue
        goal = route.path[-1]
        heading = (f"{nation}'s {count_of(len(group), 'ship')} in {zone} head for sea zone "
                   f"{goal} (held by {view.control.get(goal)}, the nearest enemy-held zone "
                   f"free of enemy ships, {count_of(steps, 'line')} away)")
        return Choice(action, _told(
            view, f"{heading} by the route of least expected loss, "
            f"{' → '.join(route.path)} (lines {', '.join(route.lines)}): expected "
            f"{route.expected} lost to the mines it knows of", heading))
    return None


def _nearest_enemy_held(view: NavalState, start: str, side: str,
                        open_: Any) -> tuple[set[str], int]:
    """The enemy-held sea zones free of enemy ships nearest ``start`` in lines, through
    zones free of enemy ships, and how far."""
    seen = {start}
    frontier = [start]
    steps = 0
    while frontier:
        steps += 1
        grown = [n for z in frontier for n in view.board.neighbours(z, NAVAL_LINE)
                 if n not in seen and open_(n)]
        grown = list(dict.fromkeys(grown))
        seen.update(grown)
        held = {z for z in grown if (h := view.control.get(z)) and view.side_of(h) != side}
        if held:
            return held, steps
        frontier = grown
    return set(), 0


def _settle(view: NavalState) -> Choice | None:
    contested = contested_zones(view)
    if not contested:
        return None
    zone = contested[0]
    return Choice(SettleBattle(zone, ()), f"the battle in sea zone {zone} is the players' to "
                  "fight; the program enters none sunk (undo to enter the real result)")


def _load(view: NavalState) -> Choice | None:
    """Fill an unmoved Escort beside the capital from the store (NL-04, NL-05)."""
    nation = view.active
    for unit in _loaders(view):
        count = min(view.stored[nation], _carry(view, unit) - unit.cargo)
        if count < 1:
            continue
        action = LoadMines(unit.id, count)
        try:
            check_load(view, action)
        except IllegalAction:
            continue
        return Choice(action, _told(
            view, f"{unit_name(view, unit)} loads {count_of(count, 'mine')} from the "
            "capital's store to lay them (NL-05)", "a secret order (NL-01 hidden)"))
    return None


def _top(advice: Advice, unit: str | None = None) -> Fraction:
    """The best expected loss the advice finds (for one Escort's lays, if named)."""
    return max((s.expected for s in advice.suggestions
                if unit is None or getattr(s.action, "unit", None) == unit), default=Fraction(0))


def _lay(ruleset: Any, view: NavalState) -> Choice | None:
    """The advisor's top lay; or first a move of an Escort to where its lay is worth more."""
    here = advise(ruleset, view)
    best_here = _top(here)
    moved = _best_move(ruleset, view, best_here)
    if moved is not None:
        return moved
    if here.suggestions and best_here > 0:
        top = here.suggestions[0]
        assert isinstance(top.action, LayMines)
        return Choice(top.action, _told(
            view, f"the advisor's top lay: {top.label}, {top.figures(here.unit)}",
            "a secret order (NL-01 hidden)"))
    return None


def _best_move(ruleset: Any, view: NavalState, beat: Fraction) -> Choice | None:
    """The move of an Escort with mines aboard to a zone its side has held since
    Non-Combat Movement began (NL-08) whose best lay beats ``beat``, the best of them."""
    best: tuple[Fraction, int, tuple[str, ...]] | None = None
    found: Choice | None = None
    for action in _carrier_moves(view):
        try:
            check_move(view, action)
            after = what_if(ruleset, view, action)
        except (IllegalAction, MineboardError):
            continue  # refused, or it would roll (a field on the way): not tried
        value = _top(advise(ruleset, after), action.units[0])
        key = (-value, len(action.path), action.path)
        if value > beat and (best is None or key < best):
            best = key
            sails = (f"{unit_name(view, view.units[action.units[0]])} sails "
                     f"{' → '.join(action.path)}")
            found = Choice(action, _told(
                view, f"{sails} to lay where the enemy would lose {value} expected, more "
                f"than the {beat} of any lay now", sails))
    return found


def _carrier_moves(view: NavalState) -> Iterator[Move]:
    nation = view.active
    for unit in sorted(view.units.values(), key=lambda u: u.id):
        if unit.nation != nation or not unit.cargo or unit.done:
            continue
        left = view.unit_type(unit).move - unit.moved
        frontier: list[tuple[str, ...]] = [(unit.zone,)]
        for _ in range(left):
            grown = [(*p, n) for p in frontier for n in view.board.neighbours(p[-1], NAVAL_LINE)
                     if n not in p and not enemies_in(view, n, nation)]
            for path in grown:
                if view.ncm_control.get(path[-1]) == nation:
                    yield Move((unit.id,), path)
            frontier = grown
