"""A fleet's ways between star systems and what the known mines on them would cost it —
shared by the advisor (the enemy's least-loss way to a named target) and the solo
opponent (its own way to its goal).

A fleet may jump fewer times than it could (IM-05 sets only the most), so a fleet that
cares can stop short of a mined system and enter it on the first jump of its next segment:
the +1 of IM-18/IM-32 then never applies. A way's cost is therefore the mined systems it
enters, each on a first jump — not their order or the way's length — and its loss is
exact: the fleet runs afoul at each with P(IM-18, IM-19), and every ship takes one die per
point of every field it ran afoul of, its hits adding up across fields (IM-22, IM-23), so a
ship's hits over the way are Binomial(the points of the fields it ran afoul of, 1/6).
"""

from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction

from mineboard.maps.model import ROUTE
from mineboard.rules.imperium_mines.odds import afoul_chance
from mineboard.rules.imperium_mines.state import Fleet, ImperiumState
from mineboard.rules.imperium_mines.threat import survival

MAX_LABELS = 20000
"""Partial ways the least-loss search may hold before it settles for the way through the
fewest mined systems: far more than the 26-system map needs even mined everywhere (a few
hundred there)."""


def distances(view: ImperiumState, start: str) -> dict[str, int]:
    """The fewest jumps from ``start`` to every system reachable by jump routes."""
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in view.board.neighbours(here, ROUTE):
            if there not in seen:
                seen[there] = seen[here] + 1
                queue.append(there)
    return seen


def way_loss(view: ImperiumState, fleet: Fleet,
             fields: Iterable[int]) -> tuple[Fraction, Fraction]:
    """(expected ships lost, P(at least one lost)) for ``fleet`` entering mined systems of
    these points, each on the first jump of a segment, with the minesweepers it sets out
    with (IM-18: one sunk on the way is still counted — it can only make a later check
    look easier by one)."""
    sweepers = view.count_of(fleet, "sweeps")
    totals: dict[int, Fraction] = {0: Fraction(1)}
    for points in fields:
        afoul = afoul_chance(view.rules.check, points, 1, sweepers)
        grown: dict[int, Fraction] = {}
        for dice, weight in totals.items():
            if afoul:
                grown[dice + points] = grown.get(dice + points, Fraction(0)) + weight * afoul
            if afoul != 1:
                grown[dice] = grown.get(dice, Fraction(0)) + weight * (1 - afoul)
        totals = grown
    expected, none_lost = Fraction(0), Fraction(0)
    for dice, weight in totals.items():
        survive = survival(view, fleet, dice)
        all_afloat = Fraction(1)
        for s in survive:
            all_afloat *= s
        expected += weight * sum(1 - s for s in survive)
        none_lost += weight * all_afloat
    return expected, 1 - none_lost


@dataclass(frozen=True, slots=True)
class Way:
    """A fleet's way to a system and what the known mines on it cost."""

    path: tuple[str, ...]
    mined: tuple[str, ...]
    """The systems on it holding mine points the view knows, in the order entered."""
    halts: int
    """Systems on it holding the other side's counters, known or not (IM-14)."""
    expected: Fraction
    at_least_one: Fraction

    @property
    def jumps(self) -> int:
        return len(self.path) - 1


@dataclass(frozen=True, slots=True)
class _Label:
    """A partial way: the points of the mined systems it entered (largest first), the
    systems with the other side's counters it entered, and the way itself."""

    fields: tuple[int, ...]
    halts: int
    path: tuple[str, ...]

    def beats(self, other: _Label) -> bool:
        """At least as good whatever follows: no more fields, each no greater than one of
        ``other``'s (matched largest to largest), no more halts, no more jumps — and, where
        all of these are alike, first by names."""
        if (self.fields, self.halts, len(self.path)) == \
                (other.fields, other.halts, len(other.path)):
            return self.path <= other.path
        return (len(self.fields) <= len(other.fields) and self.halts <= other.halts
                and len(self.path) <= len(other.path)
                and all(a <= b for a, b in zip(self.fields, other.fields, strict=False)))


def least_loss_way(view: ImperiumState, fleet: Fleet, goal: str) -> Way | None:
    """``fleet``'s way to ``goal`` with the least expected loss from the mine points the
    view knows (the other side's face-down counters weigh nothing, IM-08), then the
    smaller chance of any loss, then the fewest systems holding the other side's counters
    (each halts it for a check and may hide mines, IM-14), then the fewest jumps, then
    the names. None: no way there.

    A way's loss depends only on the points of the mined systems it enters, and it grows
    with each field added and with each field's points (a check is likelier to fail and a
    failed one rolls more dice, IM-18, IM-22). So a partial way whose fields can be matched
    one for one to no smaller fields of another reaching the same system, with no more
    halts and jumps, is at least as good as that one: the search keeps only the partial
    ways no other beats so (a Pareto front at each system) and weighs exactly each way
    that reaches the goal."""
    start = fleet.system
    if goal not in view.board.places or start not in view.board.places:
        return None
    mined = {s: view.enemy_points(s, fleet.side) for s in view.minefields
             if s != start and view.enemy_points(s, fleet.side) > 0}
    halting = {s for s in view.minefields if s != start and view.enemy_counters(s, fleet.side)}
    fronts: dict[str, list[_Label]] = {start: [_Label((), 0, (start,))]}
    heap: list[tuple[int, int, int, tuple[str, ...], tuple[int, ...]]] = \
        [(0, 0, 0, (start,), ())]
    arrived: list[_Label] = []
    held = 0
    while heap:
        _points, halts, _jumps, path, fields = heapq.heappop(heap)
        label = _Label(fields, halts, path)
        if label not in fronts.get(path[-1], []):
            continue  # beaten since it was queued
        if path[-1] == goal:
            arrived.append(label)
            continue
        for there in view.board.neighbours(path[-1], ROUTE):
            if there in path:
                continue
            grown = _Label(tuple(sorted((*fields, mined[there]), reverse=True))
                           if there in mined else fields,
                           halts + (there in halting), (*path, there))
            front = fronts.setdefault(there, [])
            if any(old.beats(grown) for old in front):
                continue
            front[:] = [old for old in front if not grown.beats(old)] + [grown]
            heapq.heappush(heap, (sum(grown.fields), grown.halts, len(grown.path),
                                  grown.path, grown.fields))
            held += 1
        if held > MAX_LABELS:  # not on the bundled map: the fewest mined systems instead
            fewest = _fewest_halts(view, start, goal, set(mined) | halting)
            return None if fewest is None else _way(view, fleet, fewest, mined, halting)
    ways = [_way(view, fleet, a.path, mined, halting) for a in arrived]
    return min(ways, key=lambda w: (w.expected, w.at_least_one, w.halts, w.jumps, w.path),
               default=None)


def _way(view: ImperiumState, fleet: Fleet, path: tuple[str, ...], mined: dict[str, int],
         halting: set[str]) -> Way:
    entered = tuple(s for s in path[1:] if s in mined)
    expected, chance = way_loss(view, fleet, (mined[s] for s in entered))
    return Way(path, entered, sum(1 for s in path[1:] if s in halting), expected, chance)


def _fewest_halts(view: ImperiumState, start: str, goal: str,
                  halting: set[str]) -> tuple[str, ...] | None:
    """The way that enters the fewest ``halting`` systems, then makes the fewest jumps,
    then comes first by names (Dijkstra on those three)."""
    heap: list[tuple[int, int, tuple[str, ...]]] = [(0, 0, (start,))]
    done: set[str] = set()
    while heap:
        halts, jumps, path = heapq.heappop(heap)
        here = path[-1]
        if here in done:
            continue
        done.add(here)
        if here == goal:
            return path
        for there in view.board.neighbours(here, ROUTE):
            if there not in done:
                heapq.heappush(heap, (halts + (there in halting), jumps + 1, (*path, there)))
    return None


def this_segment(view: ImperiumState, fleet: Fleet, way: Way,
                 careful: Callable[[str], bool]) -> tuple[str, ...]:
    """The part of ``way`` the fleet jumps this segment: as far as its jumps allow (IM-05),
    entering a ``careful`` system only on its first jump (stopping short before one met
    later, so the +1 of IM-18/IM-32 never applies), and no further than a system where
    enemy fleets stand (contact ends a move, IM-14)."""
    reach = view.jumps(fleet)
    taken = [way.path[0]]
    for jump, there in enumerate(way.path[1:reach + 1], start=1):
        if jump >= 2 and careful(there):
            break
        taken.append(there)
        if view.enemy_fleets_at(there, fleet.side):
            break
    return tuple(taken)
