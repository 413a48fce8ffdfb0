"""The ways ships take across the tactical map, as a side that cannot see under the other
side's counters would choose them, and what those ways cost in hull points, exactly.

Shared by the advisor (advice.py: where the enemy would go, so where a mine would hurt) and
the program's opponent (opponent.py: where its own ships go), so that the advisor predicts
the very moves the opponent makes.

A side sees where the other side's counters lie but not which are mines (GT-10: they turn
up only when ships enter), and the other side's logsheet, hence how many of its counters
may be mines (GT-03, GT-04), is secret too. So a mover weighs **every counter of the other
side it cannot rule out — face down, or a face-up mine — as a mine**: the cautious reading,
and the only weighing that rests on nothing the mover may not know. Its way to a goal is the
one whose sum of those weights (the threat map's figure for each hex entered, every counter
a mine) is least; then the fewest hexes; then a fixed order of hexes, so that a choice never
depends on anything but the view.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Sequence
from fractions import Fraction

from mineboard.rules.gwas_tactical.data import GtData
from mineboard.rules.gwas_tactical.odds import modifier, result_distribution
from mineboard.rules.gwas_tactical.state import BATTLE, GtState, Ship


def enemy_of(view: GtState, side: str) -> str:
    return next(s for s in view.sides if s != side)


def next_impulse(view: GtState) -> int:
    """The impulse of the next move: this one in the battle, else the battle's first."""
    return view.impulse if view.phase == BATTLE else view.rules.impulses[0]


def impulse_of_step(view: GtState, step: int, speed: int) -> int:
    """The impulse on which a ship moving at full ``speed`` from the next move enters the
    ``step``-th hex of its way (1: the first hex after its own), the sequence repeating
    each turn (GT-15)."""
    run = view.rules.impulses
    first = run.index(next_impulse(view)) if next_impulse(view) in run else 0
    return run[(first + (step - 1) // speed) % len(run)]


def likely_mines(view: GtState, mover: str, label: str) -> int:
    """Counters in ``label`` that ``mover`` must fear: the other side's, face down (a mine
    or a dummy: it cannot tell, GT-10) or face-up mines (GT-14)."""
    return sum(1 for c in view.counters_in(label)
               if c.owner != mover and (not c.face_up or c.mine))


def known_mines(view: GtState, mover: str, label: str) -> int:
    """Mine counters in ``label`` that would attack ``mover``'s ships, as the view knows
    them (exact for the counters' owner; the other side's face-down ones count nothing)."""
    return sum(1 for c in view.counters_in(label) if c.owner != mover and c.mine)


def hull_left(view: GtState, ship: Ship) -> int:
    return view.ship_type(ship).hull - ship.damage


def fate(rules: GtData, left: int, mods: Sequence[int]) -> tuple[Fraction, Fraction]:
    """(expected hull points lost, P(no harm at all)) of one ship with ``left`` hull points
    that rolls once on the Minefield Table with each modifier in turn (GT-11, GT-12): the
    damage adds up, a ship is lost once it reaches its hull (13.2) and rolls no more."""
    bands = {b.result: b for b in rules.table.bands}
    dist: dict[int, Fraction] = {0: Fraction(1)}
    unharmed = Fraction(1)
    for mod in mods:
        odds = result_distribution(rules.table, mod)
        unharmed *= sum((p for r, p in odds.items()
                         if not bands[r].sunk and not bands[r].damage), Fraction(0))
        after: dict[int, Fraction] = {}
        for lost, p in dist.items():
            if lost >= left:
                after[lost] = after.get(lost, Fraction(0)) + p
                continue
            for result, q in odds.items():
                band = bands[result]
                now = left if band.sunk else min(left, lost + band.damage)
                after[now] = after.get(now, Fraction(0)) + p * q
        dist = after
    return sum((lost * p for lost, p in dist.items()), Fraction(0)), unharmed


def hex_weight(view: GtState, ships: Sequence[Ship], mines: int, impulse: int) -> Fraction:
    """Expected hull points ``ships`` lose entering a hex with ``mines`` mine counters."""
    if not mines:
        return Fraction(0)
    mod = modifier(view.rules, mines, impulse)
    return sum((fate(view.rules, hull_left(view, s), (mod,))[0] for s in ships), Fraction(0))


def _adjacency(view: GtState) -> dict[str, tuple[str, ...]]:
    key = view.board.id
    found = _ADJACENT.get(key)
    if found is None:
        grid = view.grid
        found = {grid.label(h): tuple(sorted(grid.label(n) for n in grid.neighbours(h)))
                 for h in grid.hexes()}
        _ADJACENT[key] = found
    return found


_ADJACENT: dict[str, dict[str, tuple[str, ...]]] = {}


def is_hex(view: GtState, label: str) -> bool:
    return label in _adjacency(view)


def steps_within(view: GtState, start: str, steps: int,
                 blocked: frozenset[str] = frozenset()) -> dict[str, int]:
    """Every hex a ship in ``start`` can enter moving ``steps`` hexes or fewer, with how
    many it takes (ships move hex by hex and no hex costs more than one, TURN); a hex in
    ``blocked`` may be entered but not passed through."""
    adjacent = _adjacency(view)
    seen = {start: 0}
    frontier = [start]
    for n in range(1, steps + 1):
        frontier = [b for a in frontier if a == start or a not in blocked
                    for b in adjacent[a] if b not in seen]
        for b in frontier:
            seen.setdefault(b, n)
        frontier = list(dict.fromkeys(frontier))
    seen.pop(start)
    return seen


def least_loss_way(view: GtState, mover: str, ships: Sequence[Ship], start: str, goal: str,
                   extra: str | None = None) -> tuple[str, ...] | None:
    """``ships``' way from ``start`` to ``goal`` (both included) with the least weight of
    likely mines (every counter the mover cannot rule out weighed as a mine, at the next
    move's impulse), then the fewest hexes; among equals each hex comes from its
    lowest-labelled neighbour. ``extra``: a hex holding one more counter than the view
    shows (a lay being tried). None: no way."""
    adjacent = _adjacency(view)
    if start not in adjacent or goal not in adjacent:
        return None
    impulse = next_impulse(view)
    exact = {label: hex_weight(view, ships, likely_mines(view, mover, label)
                               + (label == extra), impulse)
             for label in {c.hex for c in view.counters} | ({extra} if extra else set())}
    scale = math.lcm(*(w.denominator for w in exact.values()))  # whole numbers, same order
    weight = {label: int(w * scale) for label, w in exact.items() if w}
    best: dict[str, tuple[int, int]] = {start: (0, 0)}
    done: set[str] = set()
    heap: list[tuple[int, int, str]] = [(0, 0, start)]
    while heap:
        cost, length, here = heapq.heappop(heap)
        if here in done:
            continue
        done.add(here)
        if here == goal:
            break
        for there in adjacent[here]:
            if there in done:
                continue
            key = (cost + weight.get(there, 0), length + 1)
            if key < best.get(there, (1 << 62, 0)):
                best[there] = key
                heapq.heappush(heap, (*key, there))
    if goal not in done:
        return None
    way = [goal]
    while way[-1] != start:
        here = way[-1]
        cost, length = best[here]
        step = (cost - weight.get(here, 0), length - 1)
        way.append(next(u for u in adjacent[here] if u in done and best[u] == step))
    return tuple(reversed(way))
