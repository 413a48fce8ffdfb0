"""asl-minefields: what a unit risks at a hex, and its least-loss way to a goal — the shared
ground of the advisor (advice.py) and the solo opponent (opponent.py), worked exactly from
a view with the same chains of attacks as the odds panel (odds.py).

A unit's **least-loss way** to a goal is the path, over as many Movement Phases as it takes,
along which the chance that a known minefield stops it at least once (pinned, broken,
immobilised or eliminated, AM-64) is least. Only hexes whose known parts can attack the unit
matter (AM-12, AM-17, AM-27; a building under ``building_spares`` spares it, AM-24), so the
search runs on a small graph: the start, the goal and those mined hexes, two of them joined
when a way between them crosses no other mined hex. Every sequence of mined hexes is tried
depth first; the chance of being stopped only grows as attacks are added, so a sequence
already as bad as the best found is dropped unfinished without losing the least one.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import pairwise

from mineboard.maps.model import HEX
from mineboard.rules.asl_minefields.costs import class_of, step_cost
from mineboard.rules.asl_minefields.data import UnitType
from mineboard.rules.asl_minefields.odds import Known, _chain, _spared, _susceptible, known_parts
from mineboard.rules.asl_minefields.state import AP_STRENGTHS, BROKEN, AmState, Unit

WEAKEST = {"ap": AP_STRENGTHS[0], "at": 1}
"""The least a field of unknown strength may hold (AM-07: 6 A-P factors; AM-26: 1 A-T)."""


def attacks(view: AmState, viewer: str, unit: Unit, hex_id: str, entering: bool,
            weakest: bool = False) -> list[Known]:
    """The known parts in ``hex_id`` that attack ``unit`` entering (or leaving) it, A-P first
    (AM-18), as ``viewer`` knows them; a part of unknown strength is left out, or with
    ``weakest`` counted at the least it may hold (AM-06: its type is known, not its
    strength)."""
    ut = view.data.units[unit.type]
    if _spared(view, ut, hex_id, hex_id, hex_id, entering, ()):
        return []
    out: list[Known] = []
    for part in known_parts(view, viewer, hex_id):
        if not _susceptible(view, ut, part.kind, not entering):
            continue
        if part.strength is None:
            if not weakest:
                continue
            part = replace(part, strength=WEAKEST[part.kind])
        out.append(part)
    return out


def stop_chance(view: AmState, unit: Unit, parts: list[Known]) -> Fraction:
    """P(``unit`` is stopped by ``parts`` attacking it in turn), exactly (odds._chain)."""
    if not parts:
        return Fraction(0)
    dist = _chain(view, unit, parts)
    return sum((p for t, p in dist.fractions().items() if t.stop is not None), Fraction(0))


def may_move(view: AmState, unit: Unit) -> bool:
    """A unit whose next Movement Phase can take it anywhere: on the map, of a known type,
    neither immobilised nor broken (a broken unit only routs, AM-16)."""
    return (unit.hex is not None and not unit.eliminated and unit.known
            and not unit.immobilised and unit.status != BROKEN)


# ---- reach --------------------------------------------------------------------------------
BoardKey = tuple[str, str, int]


def _board(view: AmState) -> BoardKey:
    """A key for what is worked out once per board (shared by every copy of a game's state)."""
    return (view.board.id, view.board.content_hash, id(view.board))


_STEPS: dict[tuple[BoardKey, str, frozenset[tuple[str, str]]],
             dict[tuple[str, str], float | None]] = {}
"""Memo of step costs by board, class of unit and the Trail Breaks (all a cost depends on)."""


def _steps(view: AmState, ut: UnitType) -> dict[tuple[str, str], float | None]:
    key = (_board(view), class_of(ut), frozenset(view.trail_breaks))
    found = _STEPS.get(key)
    if found is None:
        if len(_STEPS) > 100:
            _STEPS.clear()
        found = _STEPS[key] = {}
    return found


def costs_from(view: AmState, ut: UnitType, start: str, limit: float = math.inf,
               blocked: frozenset[str] = frozenset(), goal: str | None = None
               ) -> tuple[dict[str, float], dict[str, str]]:
    """The cheapest MF/MP to each hex from ``start`` (AM-11: a minefield adds nothing), no
    dearer than ``limit``, never through ``blocked``; and each hex's previous hex. With a
    ``goal`` it stops once the goal's cost is settled."""
    best: dict[str, float] = {start: 0.0}
    back: dict[str, str] = {}
    queue: list[tuple[float, str]] = [(0.0, start)]
    adjacent = view.board.adjacent
    steps = _steps(view, ut)
    while queue:
        cost, h = heapq.heappop(queue)
        if cost > best.get(h, math.inf):
            continue
        if h == goal:
            break
        for n in adjacent.get(h, {}):
            if n in blocked:
                continue
            if (h, n) in steps:
                step = steps[(h, n)]
            else:
                step = steps[(h, n)] = step_cost(view, ut, h, n)
            if step is None:
                continue
            c = cost + step
            if c <= limit and c < best.get(n, math.inf):
                best[n], back[n] = c, h
                heapq.heappush(queue, (c, n))
    return best, back


def path_to(back: Mapping[str, str], start: str, goal: str) -> tuple[str, ...]:
    path = [goal]
    while path[-1] != start:
        path.append(back[path[-1]])
    return tuple(reversed(path))


# ---- least-loss ways ------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Way:
    """A unit's least-loss way: the hexes, the chance it is stopped on them, the mined
    hexes it crosses."""

    unit: str
    path: tuple[str, ...]
    stop: Fraction
    through: tuple[str, ...]


_ENTERABLE: dict[tuple[BoardKey, str], frozenset[str]] = {}
_COMPONENTS: dict[tuple[BoardKey, str, frozenset[str]], dict[str, int]] = {}


def enterable(view: AmState, ut: UnitType) -> frozenset[str]:
    """The hexes a unit of ``ut``'s class may enter at all (movement_costs.json)."""
    key = (_board(view), class_of(ut))
    found = _ENTERABLE.get(key)
    if found is None:
        adjacent = view.board.adjacent
        found = frozenset(h for h, p in view.board.places.items() if p.kind == HEX and any(
            step_cost(view, ut, n, h) is not None for n in list(adjacent.get(h, {}))[:1]))
        _ENTERABLE[key] = found
    return found


def _components(view: AmState, ut: UnitType, blocked: frozenset[str]) -> dict[str, int]:
    """Each enterable hex outside ``blocked`` → its piece of the board (flood fill)."""
    key = (_board(view), class_of(ut), blocked)
    found = _COMPONENTS.get(key)
    if found is not None:
        return found
    if len(_COMPONENTS) > 2_000:
        _COMPONENTS.clear()
    free = enterable(view, ut) - blocked
    adjacent = view.board.adjacent
    comp: dict[str, int] = {}
    for seed in sorted(free):
        if seed in comp:
            continue
        label = len(comp)
        comp[seed] = label
        stack = [seed]
        while stack:
            h = stack.pop()
            for n in adjacent.get(h, {}):
                if n in free and n not in comp:
                    comp[n] = label
                    stack.append(n)
    _COMPONENTS[key] = comp
    return comp


_CUTS: dict[tuple[BoardKey, str, frozenset[str]], frozenset[str]] = {}


def cut_hexes(view: AmState, ut: UnitType, blocked: frozenset[str]) -> frozenset[str]:
    """The hexes whose loss would split a piece of the board a unit of ``ut`` may cross
    without meeting a field (articulation points): any other hex has a way round it."""
    key = (_board(view), class_of(ut), blocked)
    found = _CUTS.get(key)
    if found is None:
        if len(_CUTS) > 200:
            _CUTS.clear()
        comp = _components(view, ut, blocked)
        found = _CUTS[key] = _articulation(comp, view.board.adjacent)
    return found


def _articulation(nodes: Mapping[str, int], adjacent: Mapping[str, Mapping[str, object]]
                  ) -> frozenset[str]:
    """The articulation points of the graph on ``nodes`` (Tarjan's low-link, without
    recursion: a battlefield may hold hundreds of hexes in a row)."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    cuts: set[str] = set()
    for root in sorted(nodes):
        if root in order:
            continue
        order[root] = low[root] = len(order)
        children = 0
        stack = [(root, "", iter(sorted(n for n in adjacent.get(root, {}) if n in nodes)))]
        while stack:
            h, parent, todo = stack[-1]
            n = next(todo, None)
            if n is None:
                stack.pop()
                if stack:
                    up = stack[-1][0]
                    low[up] = min(low[up], low[h])
                    if up != root and low[h] >= order[up]:
                        cuts.add(up)
                continue
            if n == parent:
                continue
            if n in order:
                low[h] = min(low[h], order[n])
            else:
                order[n] = low[n] = len(order)
                if h == root:
                    children += 1
                stack.append((n, h, iter(sorted(m for m in adjacent.get(n, {}) if m in nodes))))
        if children > 1:
            cuts.add(root)
    return frozenset(cuts)


def blocked_for(view: AmState, viewer: str, unit: Unit, weakest: bool = False
                ) -> frozenset[str]:
    """The hexes whose known fields attack ``unit`` entering or leaving them."""
    return frozenset(h for fields in view.minefields.values() for h in fields
                     if attacks(view, viewer, unit, h, True, weakest)
                     or attacks(view, viewer, unit, h, False, weakest))


class _Search:
    """One unit's least-loss way to ``goal`` over the graph of mined hexes."""

    def __init__(self, view: AmState, viewer: str, unit: Unit, goal: str,
                 weakest: bool, mined: Iterable[str]) -> None:
        assert unit.hex is not None
        self.view, self.viewer, self.unit, self.weakest = view, viewer, unit, weakest
        self.start, self.goal = unit.hex, goal
        self.ut = view.data.units[unit.type]
        self.enter = {h: attacks(view, viewer, unit, h, True, weakest) for h in mined}
        self.leave = {h: attacks(view, viewer, unit, h, False, weakest) for h in mined}
        for h in (self.start, goal):
            self.enter.setdefault(h, attacks(view, viewer, unit, h, True, weakest))
            self.leave.setdefault(h, attacks(view, viewer, unit, h, False, weakest))
        self.blocked = frozenset(h for h in self.enter if self.enter[h] or self.leave[h])
        self.comp = _components(view, self.ut, self.blocked)
        self.nodes = sorted(h for h in self.blocked if h not in (self.start, goal))
        self.ok = enterable(view, self.ut)
        self.best: tuple[Fraction, tuple[str, ...]] | None = None

    def _touching(self, h: str) -> set[int]:
        adjacent = self.view.board.adjacent
        out = {self.comp[n] for n in adjacent.get(h, {}) if n in self.comp}
        if h in self.comp:
            out.add(self.comp[h])
        return out

    def _joined(self, a: str, b: str) -> bool:
        if b not in self.ok:
            return False
        if b in self.view.board.adjacent.get(a, {}):
            return True
        return bool(self._touching(a) & self._touching(b))

    def chance(self, seq: tuple[str, ...]) -> Fraction:
        parts: list[Known] = []
        for a, b in pairwise(seq):
            parts += self.leave[a] + self.enter[b]
        return stop_chance(self.view, self.unit, parts)

    def run(self, concrete: bool) -> Way | None:
        if self.start == self.goal:
            return Way(self.unit.id, (self.start,), Fraction(0), ())
        self._go((self.start,))
        if self.best is None:
            return None
        stop, seq = self.best
        return Way(self.unit.id, self._concrete(seq) if concrete else seq, stop,
                   tuple(h for h in seq if h in self.blocked and (
                       self.enter[h] if h != self.start else self.leave[h])))

    def _go(self, seq: tuple[str, ...]) -> None:
        p = self.chance(seq)
        if self.best is not None and (p, len(seq)) >= (self.best[0], len(self.best[1])):
            return  # more attacks never lower the chance: nothing better lies beyond
        a = seq[-1]
        if a == self.goal:
            self.best = (p, seq)
            return
        for b in (self.goal, *self.nodes):
            if b not in seq and self._joined(a, b):
                self._go((*seq, b))

    def _concrete(self, seq: tuple[str, ...]) -> tuple[str, ...]:
        """The hexes of a sequence: between two of its hexes the cheapest way (MF/MP)
        over hexes no known field attacks the unit in."""
        out = [seq[0]]
        for a, b in pairwise(seq):
            blocked = self.blocked - {b}
            _costs, back = costs_from(self.view, self.ut, a, blocked=blocked, goal=b)
            out += path_to(back, a, b)[1:]
        return tuple(out)


def least_loss_way(view: AmState, viewer: str, unit: Unit, goal: str,
                   weakest: bool = False, concrete: bool = True) -> Way | None:
    """``unit``'s least-loss way to ``goal`` from the fields ``viewer`` knows (None: it
    cannot get there); ties go to the fewest mined hexes crossed, and between them it
    takes the cheapest way in MF/MP.
    Without ``concrete`` its path holds only the start, the mined hexes and the goal (all
    its chance depends on), which spares the search for the hexes between."""
    mined = {h for fields in view.minefields.values() for h in fields}
    return _Search(view, viewer, unit, goal, weakest, mined).run(concrete)
