"""Routes with costs and conditions: what a move through a map's places costs, whether the
rules allow it, and where it stops being legal if they do not.

* **Costs come from data** (:class:`MoveCosts`): movement points to enter a place of each
  terrain, added for crossing a way of each terrain or kind (a hedge hexside), or the whole
  cost of a step over a way of some kind (a port's berth: 0). A box's ``link_cost`` is the
  whole cost of its link, so one box can lie 8 hexes from one entry hex and 10 from
  another (AW-226). A terrain with no cost cannot be entered: the water graph of a naval
  game is the hexes whose terrain has a naval cost.
* **Conditions are facts, not a live state** (:class:`RouteRules`): the ways closed and
  why (a strait whose sides were not all held when the phase began: :func:`strait_rule`),
  the places that count as a port touch, the most a route may cost, and the most it may
  go between port touches — all fixed by the ruleset from its view when it asks, so a
  route judged now is judged the same way later.
* **Counting** leaves out the first place (the hex a unit is based in, AW-77): a route's
  cost at its start is 0.

Routes are the cheapest under all the conditions: networkx's Dijkstra on the weighted
graph with the closed ways hidden (``restricted_view``), and — where a port must be
touched every N — a label-setting search over (place, cost since the last port touch).
A place that no legal route reaches is explained along the cheapest route that reaches it
with fewer conditions: the first place where that route breaks one is where it "stops",
with the clause and the words.

A :class:`RouteFinder` grows its trees from one start under one set of facts, once and
only when first asked, and remembers every report: the window asks as the pointer moves,
and a place pointed at is then a walk back along a tree, not a search.
"""

from __future__ import annotations

import heapq
import math
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any

from mineboard.core.collector import collection_paused
from mineboard.core.errors import BadInput
from mineboard.core.routes import RouteReport, RouteStop
from mineboard.core.words import and_list, count_of
from mineboard.maps.model import BoardMap, Place, Way, _networkx
from mineboard.maps.values import whole

if TYPE_CHECKING:  # the rulesets import this module; `mineboard rulesets` loads no networkx
    import networkx as nx

Pairs = tuple[tuple[str, int], ...]


def _pairs(table: Mapping[str, int]) -> Pairs:
    return tuple(sorted(table.items()))


@dataclass(frozen=True)
class MoveCosts:
    """Movement points, as rule data gives them (see the module's notes). Hashable, so a
    board's weighted graph is built once per table of costs."""

    enter: Pairs
    cross: Pairs = ()
    fixed: Pairs = ()
    unit: tuple[str, str] = ("hex", "hexes")
    barred: tuple[str, ...] = ()
    """Hexside features never crossed (a naval move along a river, or over the land between
    two coastal hexes): such a way is no edge of the graph at all."""

    @classmethod
    def of(cls, enter: Mapping[str, int], cross: Mapping[str, int] | None = None,
           fixed: Mapping[str, int] | None = None,
           unit: tuple[str, str] = ("hex", "hexes"),
           barred: tuple[str, ...] = ()) -> MoveCosts:
        return cls(_pairs(enter), _pairs(cross or {}), _pairs(fixed or {}), unit,
                   tuple(sorted(barred)))

    @classmethod
    def from_json(cls, data: Any, where: str) -> MoveCosts:
        """``{"unit": ["hex", "hexes"], "enter": {"sea": 1}, "cross": {"hedge": 1},
        "fixed": {"berth": 0}, "barred": ["river"]}`` — a bad entry is one line naming it."""
        if not isinstance(data, Mapping):
            raise BadInput(where, "movement costs must be an object with \"enter\"")
        tables: dict[str, dict[str, int]] = {}
        for key in ("enter", "cross", "fixed"):
            table = data.get(key, {})
            if not isinstance(table, Mapping):
                raise BadInput(f"{where}: {key}", "must map names to whole numbers ≥ 0")
            for name, cost in table.items():
                if not whole(cost):
                    raise BadInput(f"{where}: {key}.{name}", f"{cost!r} is not a whole "
                                   "number ≥ 0")
            tables[key] = dict(table)
        if not tables["enter"]:
            raise BadInput(f"{where}: enter", "names no terrain: nothing could be entered")
        unit = data.get("unit", ["hex", "hexes"])
        if not (isinstance(unit, list) and len(unit) == 2
                and all(isinstance(u, str) and u for u in unit)):
            raise BadInput(f"{where}: unit", "must be [singular, plural], e.g. [\"MP\", \"MP\"]")
        barred = data.get("barred", [])
        if not (isinstance(barred, list) and all(isinstance(b, str) and b for b in barred)):
            raise BadInput(f"{where}: barred", "must list hexside features, e.g. [\"river\"]")
        return cls.of(tables["enter"], tables["cross"], tables["fixed"], (unit[0], unit[1]),
                      tuple(barred))

    @cached_property
    def _enter(self) -> dict[str, int]:
        return dict(self.enter)

    @cached_property
    def _cross(self) -> dict[str, int]:
        return dict(self.cross)

    @cached_property
    def _fixed(self) -> dict[str, int]:
        return dict(self.fixed)

    def step(self, way: Way, into: Place) -> int | None:
        """What crossing ``way`` into ``into`` costs; None: it may not be entered."""
        if self.bars(way):
            return None
        fixed, cross = self.way_cost(way)
        if fixed is not None:
            return fixed
        enter = self.entry(into)
        return None if enter is None else enter + cross

    def entry(self, place: Place) -> int | None:
        """What entering ``place`` costs by its terrain (else its kind); None: never."""
        return self._enter.get(str(place.props.get("terrain", place.kind)))

    def bars(self, way: Way) -> bool:
        """Whether ``way`` carries a feature never crossed."""
        if not self.barred:
            return False
        features = way.props.get("features")
        return isinstance(features, list) and any(f in self.barred for f in features)

    def crossing(self, way: Way) -> tuple[int | None, int] | None:
        """``way_cost`` of a way that may be crossed, None if it is barred: what a graph
        asks of each of a map's 20,000 ways. A way without properties (a hexside of open
        sea, most of them) costs what its kind does, so that is worked out once a kind."""
        if way.props:
            return None if self.bars(way) else self.way_cost(way)
        plain = self._plain.get(way.kind)
        if plain is None:
            plain = self._plain[way.kind] = self.way_cost(way)
        return plain

    @cached_property
    def _plain(self) -> dict[str, tuple[int | None, int]]:
        """Kind → ``way_cost`` of a way of that kind without properties."""
        return {}

    def way_cost(self, way: Way) -> tuple[int | None, int]:
        """A step over ``way``: its whole cost if fixed (a box's link, a berth), else what
        crossing it adds to entering the place beyond."""
        link = way.props.get("link_cost")
        if link is not None and whole(link):
            return int(link), 0
        fixed = self._fixed.get(way.kind)
        if fixed is not None:
            return fixed, 0
        return None, self._cross.get(str(way.props.get("terrain", way.kind)), 0)


@dataclass(frozen=True)
class Closed:
    """Why a way is closed to this route."""

    clause: str
    reason: str


@dataclass(frozen=True)
class Limit:
    """At most ``most`` (in the costs' unit), by ``clause``."""

    most: int
    clause: str


@dataclass(frozen=True)
class RouteRules:
    """The facts a route is judged by, fixed by the ruleset from what the mover knows when
    it asks (a strait's sides as held when the phase began, not as held now)."""

    closed: tuple[tuple[str, Closed], ...] = ()
    """Way id → why it is closed (see :func:`closed_ways`)."""
    touches: frozenset[str] = frozenset()
    """Places that count as a port touch; the start always does (the unit's base)."""
    allowance: Limit | None = None
    """The most the whole route may cost."""
    touch_every: Limit | None = None
    """The most a route may go between port touches."""
    reach_clause: str = "MOVE"
    """The clause that says where a move may go at all (AW-27: any all-water hex)."""

    @cached_property
    def closures(self) -> dict[str, Closed]:
        return dict(self.closed)


WayRule = Callable[[Way], Closed | None]
"""A predicate on ways, given its facts when it was made: why a way is closed, or None."""


def closed_ways(board: BoardMap, rule: WayRule) -> tuple[tuple[str, Closed], ...]:
    """Every way ``rule`` closes, with why: the ``closed`` of :class:`RouteRules`."""
    return tuple((way.id, why) for way in board.ways.values() if (why := rule(way)) is not None)


def strait_rule(board: BoardMap, held: frozenset[str], clause: str) -> WayRule:
    """A strait — an edge set whose ``control`` lists its sides — is open only if all its
    sides are in ``held``: the places the mover's side held when the phase began (AW-28)."""
    shut: dict[str, Closed] = {}
    for strait in board.edge_sets.values():
        control = strait.props.get("control")
        if not isinstance(control, list):
            continue
        missing = [str(board.ref(p)) for p in control if p in board.places and p not in held]
        if not missing:
            continue
        why = Closed(clause, f"{strait.name} is closed: {and_list(missing)} "
                             f"{'was' if len(missing) == 1 else 'were'} not held when the "
                             "phase began")
        for way in strait.ways:
            shut[way] = why
    return lambda way: shut.get(way.id)


# ---- the weighted graph of a board under a table of costs -------------------------------------

Step = tuple[str, int, str]
"""One direction of a way: (the place entered, what entering it costs, the way's id)."""


class WeightedGraph:
    """A board's places joined one way per direction that may be entered, each step with
    its cost and its way.

    The steps are plain tuples by place (``steps``): what the hand-made searches walk and
    a route is judged by. The networkx graph of the same edges, each with its ``cost`` and
    ``way`` (``nx``), is made only when a networkx algorithm is run on it: made with every
    graph, its 43,000 edge dicts were a third of the awaw Europe map's load, for rules
    that never use them. What callers asked of the networkx graph before (``in``,
    ``has_edge``, ``get_edge_data``, ``graph["steps"]``) is answered from the steps."""

    def __init__(self, steps: dict[str, list[Step]]) -> None:
        self.steps = steps
        self.graph: dict[str, Any] = {"steps": steps}
        """As networkx's graph attribute, which held the steps before."""

    @cached_property
    def nodes(self) -> frozenset[str]:
        """Every place a step leaves or enters (the networkx graph's nodes)."""
        return frozenset(self.steps).union(b for out in self.steps.values() for b, _, _ in out)

    @cached_property
    def nx(self) -> nx.DiGraph:
        """The steps as a networkx DiGraph, each edge with its ``cost`` and ``way``: made on
        first use, each place's edges in the order of its steps."""
        graph = _networkx().DiGraph()
        graph.add_edges_from((a, b, {"cost": cost, "way": way})
                             for a, out in self.steps.items() for b, cost, way in out)
        return graph

    def __contains__(self, place: object) -> bool:
        return place in self.nodes

    def number_of_nodes(self) -> int:
        return len(self.nodes)

    def step(self, a: str, b: str) -> Step | None:
        """The step from ``a`` into ``b``, or None. A place has a handful of steps; should
        two ways join the same places, the later one, as networkx kept it."""
        found = None
        for step in self.steps.get(a, ()):
            if step[0] == b:
                found = step
        return found

    def has_edge(self, a: str, b: str) -> bool:
        return self.step(a, b) is not None

    def get_edge_data(self, a: str, b: str) -> dict[str, Any] | None:
        """The step from ``a`` into ``b`` as networkx gave it (``cost``, ``way``), or None."""
        step = self.step(a, b)
        return None if step is None else {"cost": step[1], "way": step[2]}


_GRAPHS: OrderedDict[tuple[int, MoveCosts], tuple[BoardMap, WeightedGraph]] = OrderedDict()
GRAPHS_KEPT = 4


def weighted_graph(board: BoardMap, costs: MoveCosts) -> WeightedGraph:
    """The board's places joined one way per direction that may be entered, each step with
    its ``cost`` and its ``way``: built once per board and table of costs."""
    key = (id(board), costs)
    kept = _GRAPHS.get(key)
    if kept is not None and kept[0] is board:
        _GRAPHS.move_to_end(key)
        return kept[1]
    with collection_paused():  # a step per direction of 20,000 ways: none of them garbage
        graph = WeightedGraph(_steps(board, costs))
    _GRAPHS[key] = (board, graph)
    while len(_GRAPHS) > GRAPHS_KEPT:
        _GRAPHS.popitem(last=False)
    return graph


def _steps(board: BoardMap, costs: MoveCosts) -> dict[str, list[Step]]:
    """Each place's steps, way by way in the board's order, each way a → b before b → a."""
    enter = {p.id: costs.entry(p) for p in board.places.values()}
    steps: dict[str, list[Step]] = {}
    for way in board.ways.values():
        crossing = costs.crossing(way)
        if crossing is None:
            continue
        fixed, cross = crossing
        for a, b in ((way.a, way.b), (way.b, way.a)):
            into = enter[b]
            cost = fixed if fixed is not None else None if into is None else into + cross
            if cost is not None:
                steps.setdefault(a, []).append((b, cost, way.id))
    return steps


# ---- finding and judging routes from one start ------------------------------------------------

@dataclass(frozen=True)
class Tree:
    """Cheapest routes from one start, as labels: ``labels[i]`` is (the label before it,
    its place), ``first[place]`` the label of the cheapest route to ``place``. Labels, not
    places, are walked back: under a port-touch rule the route to a place may go through
    another by a dearer label than that place's cheapest (one that touched a port later)."""

    first: dict[str, int]
    labels: list[tuple[int, str]]

    def path(self, goal: str) -> list[str] | None:
        label = self.first.get(goal)
        if label is None:
            return None
        path = []
        while label >= 0:
            before, place = self.labels[label]
            path.append(place)
            label = before
        path.reverse()
        return path


class RouteFinder:
    """Every route from ``start`` under ``costs`` and ``rules``: trees grown on first need,
    reports remembered per place."""

    def __init__(self, board: BoardMap, costs: MoveCosts, rules: RouteRules,
                 start: str) -> None:
        self.board, self.costs, self.rules, self.start = board, costs, rules, start
        self.graph = weighted_graph(board, costs)
        self._trees: dict[str, Tree | None] = {}
        self._reports: dict[str, RouteReport] = {}

    def grow(self) -> None:
        """Grow every tree now (the benchmark's warm start)."""
        for kind in ("legal", "free", "all"):
            self._tree(kind)

    def forget(self, reports_only: bool = False) -> None:
        """Drop what was found (the benchmark's cold start)."""
        self._reports.clear()
        if not reports_only:
            self._trees.clear()

    def report(self, goal: str) -> RouteReport:
        """The route to ``goal``: the cheapest legal one, or where the cheapest that
        reaches it stops being legal."""
        done = self._reports.get(goal)
        if done is None:
            done = self._report(goal)
            self._reports[goal] = done
        return done

    def _report(self, goal: str) -> RouteReport:
        for kind in ("legal", "free", "all"):
            path = self._path(kind, goal)
            if path is not None:
                return self.judge(path, goal)
        name, there = str(self.board.ref(self.start)), str(self.board.ref(goal))
        place = self.board.places.get(goal)
        why = f"no route from {name} reaches {there}"
        if place is not None and self.costs.entry(place) is None:
            why = (f"{there} is {place.props.get('terrain', place.kind)}, which this move "
                   "may not enter")
        return RouteReport((self.start,), (name,), (0,), there, self.costs.unit,
                           self._most(), stop=RouteStop(1, self.rules.reach_clause, why))

    def _most(self) -> int | None:
        return self.rules.allowance.most if self.rules.allowance is not None else None

    def _path(self, kind: str, goal: str) -> list[str] | None:
        if goal == self.start:
            return [goal]
        tree = self._tree(kind)
        return None if tree is None else tree.path(goal)

    def _tree(self, kind: str) -> Tree | None:
        """``legal``: under every condition; ``free``: past the closed ways only (the
        cheapest route, to say where it breaks the allowance or the port touches);
        ``all``: through closed ways too (to say which one)."""
        if kind not in self._trees:
            rules = self.rules
            if self.start not in self.graph:
                tree = None
            elif kind == "legal" and rules.touch_every is not None:
                tree = self._touching_tree()
            elif kind == "legal" and rules.allowance is not None:
                tree = _dijkstra(self.graph.nx, self.start, rules.allowance.most,
                                 rules.closures)
            elif kind == "legal":
                tree = self._tree("free")
            elif kind == "free":
                tree = _dijkstra(self.graph.nx, self.start, None, rules.closures)
            else:
                tree = _dijkstra(self.graph.nx, self.start, None, {}) if rules.closed \
                    else self._tree("free")
            self._trees[kind] = tree
        return self._trees[kind]

    def _touching_tree(self) -> Tree:
        """The cheapest routes that touch a port every ``touch_every`` (and stay within the
        allowance): a label-setting search over (place, cost since the last touch). A
        place is settled again only by a label that touched a port more recently than
        every cheaper one — the only labels that can go further."""
        assert self.rules.touch_every is not None
        every = self.rules.touch_every.most
        most = self.rules.allowance.most if self.rules.allowance is not None else math.inf
        touches, closed = self.rules.touches, self.rules.closures
        steps = self.graph.steps
        best_since: dict[str, float] = {}
        labels: list[tuple[int, str]] = [(-1, self.start)]  # (label before, place)
        first: dict[str, int] = {}
        heap: list[tuple[int, int, int, str]] = [(0, 0, 0, self.start)]
        while heap:
            cost, since, label, place = heapq.heappop(heap)
            if since >= best_since.get(place, math.inf):
                continue
            best_since[place] = since
            first.setdefault(place, label)
            for nbr, step, way in steps.get(place, ()):
                after, reach = cost + step, since + step
                if reach > every or after > most or way in closed:
                    continue
                if nbr in touches:
                    reach = 0
                if reach >= best_since.get(nbr, math.inf):
                    continue
                labels.append((label, nbr))
                heapq.heappush(heap, (after, reach, len(labels) - 1, nbr))
        return Tree(first, labels)

    def judge(self, path: list[str], goal: str) -> RouteReport:
        """``path`` walked under the rules: its running cost, its port touches, and the
        first place it may not enter (a closed way, past the allowance, too far since the
        last port touch)."""
        board, rules, unit = self.board, self.rules, self.costs.unit
        closed = rules.closures
        costs, touches = [0], []
        stop: RouteStop | None = None
        since, last = 0, self.start
        for i in range(1, len(path)):
            a, b = path[i - 1], path[i]
            _, step, way = self.graph.step(a, b) or (b, 0, None)
            cost = costs[-1] + step
            since += step
            costs.append(cost)
            if stop is not None:
                continue
            why = closed.get(way) if way is not None else None
            if way is None:  # a path given from outside: no way, or not enterable
                stop = RouteStop(i, rules.reach_clause,
                                 f"{board.ref(b)} cannot be entered from {board.ref(a)}")
            elif why is not None:
                stop = RouteStop(i, why.clause, why.reason)
            elif rules.allowance is not None and cost > rules.allowance.most:
                stop = RouteStop(i, rules.allowance.clause,
                                 f"{board.ref(b)} is {count_of(cost, *unit)} away; at most "
                                 f"{rules.allowance.most} may be spent")
            elif rules.touch_every is not None and since > rules.touch_every.most:
                stop = RouteStop(i, rules.touch_every.clause,
                                 f"{count_of(since, *unit)} since {board.ref(last)} with no "
                                 f"port touched; a port must be touched every "
                                 f"{count_of(rules.touch_every.most, *unit)}")
            elif b in rules.touches:
                if since:  # not the port's own hex again (the berth costs nothing)
                    touches.append(i)
                    last = b
                since = 0
        names = tuple(str(board.ref(p)) for p in path)
        return RouteReport(tuple(path), names, tuple(costs), str(board.ref(goal)), unit,
                           self._most(), tuple(touches), stop)


def _dijkstra(graph: nx.DiGraph, start: str, cutoff: int | None,
              closed: Mapping[str, Closed]) -> Tree:
    """networkx's Dijkstra from ``start`` past the ``closed`` ways, each place reached
    through its first cheapest predecessor. The closed ways are hidden by the weight (None:
    no edge), which networkx's Dijkstra takes for a filter — as ``restricted_view`` would,
    at twice the cost, its every look at a neighbour going through the view's filters."""
    weight: Any = "cost"
    if closed:
        def weight(a: str, b: str, edge: dict[str, Any]) -> int | None:
            return None if edge["way"] in closed else int(edge["cost"])

    pred, _ = _networkx().dijkstra_predecessor_and_distance(graph, start, cutoff=cutoff,
                                                            weight=weight)
    first = {place: i for i, place in enumerate(pred)}
    # a zero-cost way back (a berth) lists the start's own neighbour as a tie before it
    labels = [(first[before[0]] if before and place != start else -1, place)
              for place, before in pred.items()]
    return Tree(first, labels)


_FINDERS: OrderedDict[tuple[int, MoveCosts, RouteRules, str], RouteFinder] = OrderedDict()
FINDERS_KEPT = 8
"""Starts remembered: the stacks a player picks in turn, and the one picked again."""


def route_finder(board: BoardMap, costs: MoveCosts, rules: RouteRules,
                 start: str) -> RouteFinder:
    """The finder for these facts, made once: equal facts give equal routes, so a finder
    is kept by its facts rather than by the game's generation — a change that leaves them
    equal keeps its trees, and one that changes them can never meet a stale tree."""
    key = (id(board), costs, rules, start)
    finder = _FINDERS.get(key)
    if finder is None or finder.board is not board:
        finder = RouteFinder(board, costs, rules, start)
        _FINDERS[key] = finder
        while len(_FINDERS) > FINDERS_KEPT:
            _FINDERS.popitem(last=False)
    else:
        _FINDERS.move_to_end(key)
    return finder


def route_report(board: BoardMap, costs: MoveCosts, rules: RouteRules, start: str,
                 goal: str) -> RouteReport:
    """The route from ``start`` to ``goal`` (both place ids of ``board``), judged."""
    return route_finder(board, costs, rules, start).report(goal)
