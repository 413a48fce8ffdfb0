"""Finding and judging a naval route under its facts (a :class:`Leash`): ways closed and
why, the most a route may cost, and the port touches — a touch every N hexes, a longer
first leg (AW-83, AW-86), ports that count for fewer hexes (Port Moresby, Sandakan: AW-90).

``mineboard.maps.paths`` knows one touch interval for every port; A World at War's ports
differ, so the search here is its label-setting search grown a little: a label is (place,
cost, hexes left before a port must be touched, whether the last touch was a limited port
that the route may not end after). A place is settled again only by a label with more
hexes left than every cheaper one — the only labels that can go further — so the cheapest
legal route is found exactly. Routes are walked back by label. ``judge`` walks any path
(the player's, or the cheapest one past the limits) and says where it stops being legal.
"""

from __future__ import annotations

import heapq
import math
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from mineboard.core.routes import RouteReport, RouteStop
from mineboard.core.words import count_of
from mineboard.maps.model import BoardMap
from mineboard.maps.paths import Closed, Limit, MoveCosts, weighted_graph

Steps = Mapping[str, list[tuple[str, int, str]]]


@dataclass(frozen=True)
class Leash:
    """The facts a route is judged by (hashable: finders are kept by them)."""

    closed: tuple[tuple[str, Closed], ...] = ()
    touches: tuple[tuple[str, int | None], ...] = ()
    """Places that count as a port touch → the hexes allowed after touching it (None: the
    usual ``every``; 5 at Port Moresby and Sandakan, AW-90)."""
    every: Limit | None = None
    """A port touch within every so many hexes (AW-80, AW-82)."""
    first: Limit | None = None
    """The first leg's own limit, if the start gives one (AW-83, AW-86, AW-90)."""
    allowance: Limit | None = None
    """The most the whole route may cost (AW-79, AW-81, AW-82)."""
    reach_clause: str = "AW-27"
    limited_clause: str = "AW-90"
    ends: frozenset[str] = frozenset()
    """Places a route may end at but never sail on from (boxes, but the start: AW-45)."""
    ends_clause: str = "AW-45"

    @cached_property
    def closures(self) -> dict[str, Closed]:
        return dict(self.closed)

    @cached_property
    def touch_limits(self) -> dict[str, int | None]:
        return dict(self.touches)

    def gap_after(self, place: str) -> tuple[float, str | None, bool]:
        """(hexes allowed before the next touch, the clause that says so, limited?)."""
        limit = self.touch_limits.get(place)
        if limit is not None:
            return limit, self.limited_clause, True
        if self.every is None:
            return math.inf, None, False
        return self.every.most, self.every.clause, False

    def opening(self, start: str) -> tuple[float, str | None, bool]:
        """The first leg from ``start``: its own limit (a first-leg exception), else what a
        touch at the start allows."""
        if self.first is not None and self.every is not None:
            return self.first.most, self.first.clause, False
        return self.gap_after(start)


@dataclass
class Tree:
    first: dict[str, int]
    labels: list[tuple[int, str]]
    cost: dict[str, int] | None = None
    """The cost of each place's first (cheapest legal) label, where the search kept it."""
    before: dict[str, str] | None = None
    """A plain tree (no port touch binds) keeps each place's predecessor instead of labels."""

    def path(self, goal: str) -> list[str] | None:
        if self.before is not None:
            if goal not in self.before:
                return None
            out = [goal]
            while out[-1] in self.before and self.before[out[-1]] != out[-1]:
                out.append(self.before[out[-1]])
            out.reverse()
            return out
        label = self.first.get(goal)
        if label is None:
            return None
        out = []
        while label >= 0:
            before, place = self.labels[label]
            out.append(place)
            label = before
        out.reverse()
        return out


def bounded_tree(steps: Steps, start: str, most: float, closed: Mapping[str, Closed],
                 ends: frozenset[str] = frozenset()) -> Tree:
    """Cheapest routes within ``most`` past the ``closed`` ways, when no port touch binds:
    Dial's buckets (costs are small whole numbers), a list per cost instead of a heap —
    the set of ports a force may reach is asked whenever a stack is picked."""
    before: dict[str, str] = {start: start}
    seen: dict[str, int] = {start: 0}
    done: dict[str, int] = {}
    buckets: list[list[str]] = [[start]]
    get, none, big = seen.get, (), 1 << 30
    cost = 0
    while cost < len(buckets):
        bucket = buckets[cost]
        while bucket:
            place = bucket.pop()
            if place in done:
                continue
            done[place] = cost
            if place in ends and place != start:
                continue
            for nbr, step, way in steps.get(place, none):
                after = cost + step
                if after > most or get(nbr, big) <= after or way in closed:
                    continue
                seen[nbr] = after
                before[nbr] = place
                while len(buckets) <= after:
                    buckets.append([])
                buckets[after].append(nbr)
        cost += 1
    return Tree({}, [], done, {p: before[p] for p in done})


def legal_tree(steps: Steps, start: str, leash: Leash) -> Tree:
    """The cheapest legal routes from ``start`` to every place they reach."""
    if leash.every is None and all(v is None for v in leash.touch_limits.values()):
        most = leash.allowance.most if leash.allowance is not None else math.inf
        return bounded_tree(steps, start, most, leash.closures, leash.ends)
    most = leash.allowance.most if leash.allowance is not None else math.inf
    closed = leash.closures
    touches = leash.touch_limits
    budget0, _, strict0 = leash.opening(start)
    budget0 = min(budget0, most)
    labels: list[tuple[int, str]] = [(-1, start)]
    first: dict[str, int] = {}
    costs: dict[str, int] = {}
    best: dict[str, float] = {}
    heap: list[tuple[int, float, int, str, bool]] = [(0, -budget0, 0, start, strict0)]
    while heap:
        cost, neg_left, label, place, strict = heapq.heappop(heap)
        left = -neg_left
        key = left * 2 + (0 if strict else 1)
        if key <= best.get(place, -math.inf):
            continue
        best[place] = key
        if (not strict or place in touches or place == start) and place not in first:
            first[place] = label
            costs[place] = cost
        if place in leash.ends and place != start:
            continue
        for nbr, step, way in steps.get(place, ()):
            after, rest = cost + step, left - step
            if rest < 0 or after > most or way in closed:
                continue
            nstrict = strict
            if nbr in touches and after > 0:  # the start's own spot keeps the opening
                rest, _, nstrict = leash.gap_after(nbr)
            rest = min(rest, most - after)  # slack past the allowance is of no use
            nkey = rest * 2 + (0 if nstrict else 1)
            if nkey <= best.get(nbr, -math.inf):
                continue
            labels.append((label, nbr))
            heapq.heappush(heap, (after, -rest, len(labels) - 1, nbr, nstrict))
    return Tree(first, labels, costs)


class Finder:
    """Every route from ``start`` under one leash: trees grown on first need."""

    def __init__(self, board: BoardMap, costs: MoveCosts, leash: Leash, start: str) -> None:
        self.board, self.costs, self.leash, self.start = board, costs, leash, start
        self.graph = weighted_graph(board, costs)
        self.steps: Steps = self.graph.graph["steps"]
        self._trees: dict[str, Tree] = {}
        self._reports: dict[str, RouteReport] = {}

    def tree(self, kind: str) -> Tree:
        """``legal``; ``free``: past the closed ways only; ``all``: through them too."""
        if kind not in self._trees:
            if kind == "legal":
                tree = legal_tree(self.steps, self.start, self.leash)
            elif kind == "free":
                tree = bounded_tree(self.steps, self.start, math.inf, self.leash.closures,
                                    self.leash.ends)
            else:
                tree = bounded_tree(self.steps, self.start, math.inf, {})  # to say why
            self._trees[kind] = tree
        return self._trees[kind]

    def cost_to(self, goal: str, kind: str = "legal") -> int | None:
        path = self.path(kind, goal)
        return None if path is None else self.judge(path, goal).cost

    def path(self, kind: str, goal: str) -> list[str] | None:
        if goal == self.start:
            return [goal]
        return self.tree(kind).path(goal)

    def report(self, goal: str) -> RouteReport:
        done = self._reports.get(goal)
        if done is None:
            done = self._report(goal)
            self._reports[goal] = done
        return done

    def _report(self, goal: str) -> RouteReport:
        for kind in ("legal", "free", "all"):
            path = self.path(kind, goal)
            if path is not None:
                return self.judge(path, goal)
        return self.nowhere(goal)

    def nowhere(self, goal: str, why: str | None = None,
                clause: str | None = None) -> RouteReport:
        name = str(self.board.ref(self.start))
        there = str(self.board.ref(goal)) if goal in self.board.places else goal
        if why is None:
            why = f"no route by water from {name} reaches {there}"
            place = self.board.places.get(goal)
            if place is not None and self.costs.entry(place) is None \
                    and place.kind not in ("port", "box"):
                why = (f"{there} is {place.props.get('terrain', place.kind)}, which ships "
                       "never enter")
        return RouteReport((self.start,), (name,), (0,), there, self.costs.unit,
                           self._most(), stop=RouteStop(1, clause or self.leash.reach_clause,
                                                        why))

    def _most(self) -> int | None:
        return self.leash.allowance.most if self.leash.allowance is not None else None

    def judge(self, path: list[str], goal: str, *,
              why_not: Any = None) -> RouteReport:
        """``path`` walked under the leash: its running cost, its port touches and the first
        place it may not enter. ``why_not(a, b)`` explains a step that is no edge of the
        water graph (a river, land: its clause and words)."""
        board, leash, unit = self.board, self.leash, self.costs.unit
        closed, touches = leash.closures, leash.touch_limits
        costs, marks = [0], []
        stop: RouteStop | None = None
        left, clause, strict = leash.opening(self.start)
        since, last = 0, self.start
        for i in range(1, len(path)):
            a, b = path[i - 1], path[i]
            edge = self.graph.get_edge_data(a, b)
            step = int(edge["cost"]) if edge is not None else 0
            cost = costs[-1] + step
            since += step
            costs.append(cost)
            if stop is not None:
                continue
            if edge is None:
                found = why_not(a, b) if why_not is not None else None
                stop = RouteStop(i, *(found or (leash.reach_clause,
                                                f"{board.ref(b)} cannot be entered from "
                                                f"{board.ref(a)}")))
                continue
            why = closed.get(edge["way"])
            if a in leash.ends and i > 1:
                stop = RouteStop(i, leash.ends_clause,
                                 f"a route ends at the {board.ref(a)} box; it does not sail "
                                 "on through it (each move into or out of a box is its own)")
            elif why is not None:
                stop = RouteStop(i, why.clause, why.reason)
            elif leash.allowance is not None and cost > leash.allowance.most:
                stop = RouteStop(i, leash.allowance.clause,
                                 f"{board.ref(b)} is {count_of(cost, *unit)} away; at most "
                                 f"{leash.allowance.most} may be spent")
            elif since > left:
                stop = RouteStop(i, clause or leash.reach_clause,
                                 f"{count_of(since, *unit)} since {board.ref(last)} with no "
                                 f"port touched; a port must be touched within "
                                 f"{count_of(int(left), *unit)} of it")
            elif b in touches and cost > 0:  # the start's own spot keeps the opening
                if since:
                    marks.append(i)
                    last = b
                since = 0
                left, clause, strict = leash.gap_after(b)
        if stop is None and strict and since and path[-1] not in touches:
            stop = RouteStop(len(path) - 1, leash.limited_clause,
                             f"{board.ref(last)} counts for only {count_of(int(left), *unit)}"
                             f": the route must end at or pass another port within "
                             f"{count_of(int(left), *unit)} of it")
        names = tuple(str(board.ref(p)) for p in path)
        there = str(board.ref(goal)) if goal in board.places else goal
        return RouteReport(tuple(path), names, tuple(costs), there, unit, self._most(),
                           tuple(marks), stop)


_FINDERS: OrderedDict[tuple[int, MoveCosts, Leash, str], Finder] = OrderedDict()
FINDERS_KEPT = 16


def finder(board: BoardMap, costs: MoveCosts, leash: Leash, start: str) -> Finder:
    """The finder for these facts, made once (equal facts give equal routes)."""
    key = (id(board), costs, leash, start)
    found = _FINDERS.get(key)
    if found is None or found.board is not board:
        found = Finder(board, costs, leash, start)
        _FINDERS[key] = found
        while len(_FINDERS) > FINDERS_KEPT:
            _FINDERS.popitem(last=False)
    else:
        _FINDERS.move_to_end(key)
    return found
