"""Where an enemy group can go and what the way costs it, from a view: the shared ground
of the mine-laying advisor and the program's opponent.

A **group** is one nation's ships in one sea zone that mines can sink (NL-12, NL-21).
Both questions are answered from the fields the view holds (its side's own exactly, the
other side's as last seen, NL-01 hidden) with the exact odds of :mod:`.odds`.

The cheapest way to a goal is exact: with nobody sweeping, each field met sinks
Binomial(mines, p) ships capped by the ships still afloat (NL-15), so the ships a route
loses are min(ships, the sum of every field's detonations) — which depends only on the
*set* of fields met, never on their order, and only grows when a field is added. A search
in order of expected loss whose states are (zone, fields met so far) therefore pops the
goal first along the route of least expected loss (a uniform-cost search, the cost of a
route never falling as it grows); lines with no field the group would meet cost nothing
and only add length.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Collection
from dataclasses import dataclass
from fractions import Fraction
from itertools import pairwise

from mineboard.core.chance import Dist
from mineboard.maps.model import COAST, NAVAL_LINE, SEA_ZONE, way_id
from mineboard.rules.naval_lines.checks import stop_reason
from mineboard.rules.naval_lines.effects import detonation_chance, facing_fields, pool
from mineboard.rules.naval_lines.odds import FieldCrossing, route_losses
from mineboard.rules.naval_lines.previews import pool_key
from mineboard.rules.naval_lines.state import NavalState, Unit


@dataclass(frozen=True, slots=True)
class Group:
    """One nation's ships in one zone; ``ships`` are those mines can sink."""

    nation: str
    zone: str
    ships: tuple[Unit, ...]

    @property
    def key(self) -> str:
        return f"{self.nation}@{self.zone}"


def groups_of(view: NavalState, enemy_of_side: str) -> list[Group]:
    """Every group of the nations not on ``enemy_of_side``'s side, in turn order then zone."""
    found: dict[tuple[str, str], list[Unit]] = {}
    for unit in sorted(view.units.values(), key=lambda u: u.id):
        if view.side_of(unit.nation) != enemy_of_side and view.unit_type(unit).mine_target:
            found.setdefault((unit.nation, unit.zone), []).append(unit)
    order = {n: i for i, n in enumerate(view.turn_order)}
    return [Group(n, z, tuple(ships)) for (n, z), ships in
            sorted(found.items(), key=lambda kv: (order.get(kv[0][0], 99), _zone_key(kv[0][1])))]


def move_of(view: NavalState, group: Group) -> int:
    """Lines the group may cross on its next move: the slowest ship's full allowance (its
    ships' moves this turn are given back at the start of its nation's turn)."""
    return min(view.unit_type(s).move for s in group.ships)


def _zone_key(zone: str) -> tuple[int, str]:
    return (int(zone), zone) if zone.isdigit() else (1 << 30, zone)


def fields_met(view: NavalState, nation: str, line: str, entered: str,
               crossing: int | None = None) -> list[FieldCrossing]:
    """The fields a crossing of ``line`` into ``entered`` meets, each owner's pool one field
    with its chance a die (NL-15, NL-16, NL-17: the nation's own are not met), unswept."""
    return [FieldCrossing(pool_key(line, owner, group), pool(group),
                          detonation_chance(view, owner, nation)[0], None, crossing)
            for owner, group in facing_fields(view, line, entered, nation)]


def losses(fields: list[FieldCrossing], ships: int) -> Dist[int]:
    """Ships lost of ``ships`` crossing ``fields`` without sweeping (NL-15)."""
    return route_losses(fields, [False] * ships)


def passable(view: NavalState, group: Group) -> Callable[[str], bool]:
    """Whether the group may sail on through a zone in Combat Movement: no enemy warship
    there stops it (NL-13 decision)."""
    ships = list(group.ships)
    return lambda zone: stop_reason(view, ships, zone) is None


def near_sides(view: NavalState, group: Group, line: str) -> list[tuple[str, str]]:
    """The ways (from, into) the group can cross ``line`` on its next move: it reaches
    ``from`` within its allowance less one, passing only zones that do not stop it."""
    way = view.board.ways.get(line)
    if way is None:
        return []
    steps = within(view, group.zone, move_of(view, group) - 1, passable(view, group))
    return [(a, b) for a, b in ((way.a, way.b), (way.b, way.a)) if a in steps]


def within(view: NavalState, start: str, most: int, open_: Callable[[str], bool]) -> set[str]:
    """Zones reachable from ``start`` in at most ``most`` lines, each one passed open."""
    seen = {start}
    frontier = [start]
    for _ in range(max(0, most)):
        grown = []
        for zone in frontier:
            for n in view.board.neighbours(zone, NAVAL_LINE):
                if n not in seen and open_(n):
                    seen.add(n)
                    grown.append(n)
        frontier = grown
    return seen


def goal_zones(view: NavalState, place: str) -> set[str]:
    """The sea zones that reach ``place``: itself, or a land territory's coast."""
    if place not in view.board.places:
        return set()
    if view.board.places[place].kind == SEA_ZONE:
        return {place}
    return {z for z in view.board.neighbours(place, COAST)
            if view.board.places[z].kind == SEA_ZONE}


@dataclass(frozen=True, slots=True)
class Route:
    """A group's way to a goal: the zones in order, the fields met, the exact losses."""

    path: tuple[str, ...]
    fields: tuple[FieldCrossing, ...]
    dist: Dist[int]

    @property
    def expected(self) -> Fraction:
        return self.dist.expected()

    @property
    def hurt(self) -> Fraction:
        """P(at least one ship lost on the way)."""
        return 1 - self.dist.prob(0)

    @property
    def lines(self) -> tuple[str, ...]:
        return tuple(way_id(a, b) for a, b in pairwise(self.path))


def cheapest_route(view: NavalState, nation: str, ships: int, start: str,
                   goals: Collection[str], open_: Callable[[str], bool]) -> Route | None:
    """The route of least expected loss from ``start`` to any of ``goals`` (then the fewest
    lines, then the first by zone ids), passing only ``open_`` zones (a goal may be entered
    even if not open: the move ends there); None if no goal can be reached.

    Exact, by the argument in the module's docstring: a uniform-cost search over (zone,
    mined crossings so far), each route's cost its exact expected loss. A state is dropped
    when its zone was already left having met a subset of its fields: the cost only grows
    with the set met, so nothing beyond it can do better."""
    if not goals:
        return None
    cache: dict[frozenset[tuple[str, str]], Dist[int]] = {}
    arcs: dict[tuple[str, str], list[FieldCrossing]] = {}

    def met(a: str, b: str) -> list[FieldCrossing]:
        if (a, b) not in arcs:
            arcs[a, b] = fields_met(view, nation, way_id(a, b), b)
        return arcs[a, b]

    def cost(crossed: frozenset[tuple[str, str]]) -> Dist[int]:
        if crossed not in cache:
            fields = [f for arc in sorted(crossed) for f in met(*arc)]
            cache[crossed] = losses(fields, ships)
        return cache[crossed]

    start_key: frozenset[tuple[str, str]] = frozenset()
    heap: list[tuple[Fraction, int, tuple[tuple[int, str], ...], tuple[str, ...],
                     frozenset[tuple[str, str]]]] = [
        (Fraction(0), 1, (_zone_key(start),), (start,), start_key)]
    done: dict[str, list[frozenset[tuple[str, str]]]] = {}

    def dominated(zone: str, crossed: frozenset[tuple[str, str]]) -> bool:
        """Whether ``zone`` was already left having met only some of these fields: every
        way on from here costs at least as much as the same way on from there."""
        return any(earlier <= crossed for earlier in done.get(zone, ()))

    while heap:
        _e, _n, _order, path, crossed = heapq.heappop(heap)
        zone = path[-1]
        if zone in goals:
            fields = tuple(f for arc in _arcs_in_order(path, crossed) for f in met(*arc))
            return Route(path, fields, cost(crossed))
        if dominated(zone, crossed):
            continue
        done.setdefault(zone, []).append(crossed)
        for n in view.board.neighbours(zone, NAVAL_LINE):
            if n in path or (n not in goals and not open_(n)):
                continue
            grown = crossed | {(zone, n)} if met(zone, n) else crossed
            if dominated(n, grown):
                continue
            nxt = (*path, n)
            heapq.heappush(heap, (cost(grown).expected(), len(nxt),
                                  tuple(_zone_key(z) for z in nxt), nxt, grown))
    return None


def _arcs_in_order(path: tuple[str, ...],
                   crossed: frozenset[tuple[str, str]]) -> list[tuple[str, str]]:
    return [(a, b) for a, b in pairwise(path) if (a, b) in crossed]
