"""Movement by water (AW-27…AW-46, AW-76…AW-92, AW-222, AW-225, AW-226, AW-243): the one
place the other parts ask how far a naval activity may go and whether its route is legal.

The modules it joins, each with what it holds:

- ``water.py`` — the map as ships read it: costs of water, theatres, fronts, island
  groups, islands, virtual hexes, ports and boxes;
- ``passage.py`` — ways closed by facts fixed when the phase began: straits and canals,
  ports that need a hex held, boxes for Western Allied units only, virtual hexes;
- ``limits.py`` — the theatre's figures, what each activity is held to, the ports that
  count as touches, the Pacific's first legs and exemptions;
- ``search.py`` — the cheapest legal route under those facts, and any route judged.

The API (PLAN.md, issue 28): :func:`costs`, :func:`theatre_of`, :func:`figures_for`,
:func:`route`, :func:`water_distance`, :func:`reachable`, :func:`route_report`.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import replace

from mineboard.core.errors import BadInput
from mineboard.core.places import PlaceRef
from mineboard.core.planning import Selection
from mineboard.core.routes import RouteReport, RouteStop
from mineboard.maps.model import PORT, BoardMap
from mineboard.maps.paths import MoveCosts
from mineboard.rules.awaw_naval import limits, passage, water
from mineboard.rules.awaw_naval.data import Figures
from mineboard.rules.awaw_naval.parts import Part
from mineboard.rules.awaw_naval.search import Finder, Leash, Tree, finder
from mineboard.rules.awaw_naval.state import PHASE_START, AwState

ISLANDS, NR_GATEWAY, STRIKE = "AW-92", "AW-43", "AW-88"
ISLAND_ACTIVITIES = ("naval_redeployment", "sea_escort", "sea_transport", "invasion")
"""Activities that may start or end at an island without a port (AW-92)."""
NR_ACTIVITIES = ("naval_redeployment", "sea_escort")
"""Redeployments between a U.S. box and the map go by a gateway port (AW-43)."""
BASE_LINK_ACTIVITIES = ("base_change", "displacement")
"""Base changes (and displacement into a box, 21.231) keep to a U.S. box's links (AW-41)."""


def costs(state: AwState) -> MoveCosts:
    """What entering water costs (movement_costs.json)."""
    return water.move_costs()


def theatre_of(state: AwState, place: str) -> str:
    """``europe`` or ``pacific``: the map's, or a region's ``theatre`` (AW-222)."""
    return water.theatre_of(state, place)


def figures_for(state: AwState, start: str, goal: str | None) -> Figures:
    """The figures a route from ``start`` (to ``goal``) is held to (AW-222)."""
    return limits.figures_for(state, start, goal)


def _place(state: AwState, place: str, field: str) -> str:
    """A map place a route may name, or one line naming the field."""
    if place in state.built_ports:
        return place
    if place not in state.board.places:
        raise BadInput(field, f"{place!r} is not a port, box or hex of map {state.board.id}")
    return place


_LEASHES: OrderedDict[tuple[object, ...], tuple[BoardMap, Leash]] = OrderedDict()
LEASHES_KEPT = 64
"""The facts of recent routes, by everything they are made of: the pointer moving over the
map asks again and again with equal facts, and a leash is a few thousand closed ways."""


def _check_nation(state: AwState, nation: str) -> None:
    if nation not in state.data.nations:
        raise BadInput("nation", f"{nation!r} is not a nation of nations.json")


def _finder(state: AwState, nation: str, start: str, goal: str | None, activity: str,
            *, free: bool = False, western: bool | None = None) -> Finder:
    board = state.board
    held = state.held_at.get(PHASE_START, state.control)
    if western is None:
        western = passage.western_front_activity(state, start, goal)
    key = (id(board), nation, activity, start, free, western,
           limits.figures_for(state, start, goal), limits.first_leg(state, nation, start, goal),
           frozenset(held.items()), frozenset(state.built_ports),
           frozenset(state.unsupplied), frozenset(state.at_peace), state.nations,
           state.data.options)
    kept = _LEASHES.get(key)
    if kept is not None and kept[0] is board:
        _LEASHES.move_to_end(key)
        leash = kept[1]
    else:
        closed = passage.closures(state, nation, start, goal, western)
        leash = limits.leash(state, nation, start, goal, activity, closed, free=free)
        _LEASHES[key] = (board, leash)
        while len(_LEASHES) > LEASHES_KEPT:
            _LEASHES.popitem(last=False)
    return finder(board, costs(state), leash, water.where(state, start))


def beyond_north(state: AwState, place: str) -> bool:
    """A ``ccrr`` label of row 0 in a column of the map: a hex beyond its north edge,
    which AW-46 never lets ships enter (no virtual hexes there, AW-243)."""
    grid = state.board.grid
    if place in state.board.places or grid is None or not re.fullmatch(r"\d{4,6}", place):
        return False
    half = len(place) // 2
    column, row = int(place[:half]), int(place[half:])
    return row == 0 and f"{column:02d}01" in state.board.places


def _island_stop(state: AwState, nation: str, place: str, activity: str) -> str | None:
    """Why an activity may not start or end at ``place``, an island hex without a port
    (AW-92), or None."""
    board = state.board
    if water.is_port(state, place) or water.is_box(board, place) \
            or water.terrain(board, place) in ("sea", water.VIRTUAL) \
            or place in water.port_hexes(state):
        return None
    island = water.island_of(state, place)
    if island is None or activity not in ISLAND_ACTIVITIES:
        return None  # a mainland coast, or a patrol off an island: not AW-92's business
    kinds = ["one-hex", "beach"] + (["two-hex"]
                                   if state.data.options.bridgehead_two_hex_islands else [])
    if island[0] not in kinds:
        return f"{island[1]} is a {island[0]} island without a port: only one-hex islands " \
               "and the beach hexes of the listed islands serve as ports"
    if not state.friendly(place, state.side_of_nation(nation), PHASE_START):
        return f"{island[1]} was not held by the {state.side_of_nation(nation)} when the " \
               "phase began"
    return None


def _us_links(state: AwState, box: str) -> Mapping[str, object] | None:
    place = state.board.places.get(box)
    links = place.props.get("base_changes") if place is not None else None
    return links if isinstance(links, Mapping) else None


def _linked(state: AwState, links: Mapping[str, object], place: str) -> bool:
    """Whether a U.S. box's links admit ``place`` (AW-41): a listed box or port, a port on
    the listed front, a port counter built in a listed island group."""
    listed = [*(links.get("boxes") or []), *(links.get("ports") or [])]  # type: ignore[misc]
    if place in listed:
        return True
    front = links.get("front")
    if isinstance(front, str) and water.is_port(state, place) \
            and front in water.fronts_of(state, place):
        return True
    built_in = links.get("built_in") or []
    built = place in state.built_ports or any(b.hex == place
                                              for b in state.built_ports.values())
    return built and water.group_of(state, place) in built_in  # type: ignore[operator]


def _box_link_stop(state: AwState, start: str, goal: str) -> RouteStop | None:
    """A base change with a U.S. box goes only by the box's links (AW-41)."""
    for box, other in ((start, goal), (goal, start)):
        links = _us_links(state, box)
        if links is not None and not _linked(state, links, other):
            name = state.board.ref(box)
            clause = str(state.board.places[box].props.get("clause") or passage.BOX_US)
            return RouteStop(1, clause, f"base changes with the {name} box go only to and "
                                        f"from the places it links; "
                                        f"{_name(state, other)} is not one of them")
    return None


def _name(state: AwState, place: str) -> str:
    if place in state.built_ports:
        return f"the port counter in {state.board.ref(state.built_ports[place].hex)}"
    return str(state.board.ref(place))


def _gateways(state: AwState, start: str, goal: str) -> tuple[str, set[str]] | None:
    """(the U.S. box, the ports and their hexes an NR between it and the map must end at
    or pass, AW-43) — or None if neither end is a U.S. box or both are boxes."""
    board = state.board
    if water.is_box(board, start) and water.is_box(board, goal):
        return None
    for box in (start, goal):
        links = _us_links(state, box)
        if links is None:
            continue
        ports = {p for p in [*(pl.id for pl in board.places_of(PORT)), *state.built_ports]
                 if _linked(state, links, p)}
        return box, ports | {water.hex_of(state, p) for p in ports}
    return None


def _stopped(report: RouteReport, stop: RouteStop) -> RouteReport:
    if report.stop is not None and report.stop.index <= stop.index:
        return report
    index = min(stop.index, max(1, len(report.places) - 1))
    return replace(report, stop=RouteStop(index, stop.clause, stop.reason))


def _walk(state: AwState, found: Finder, start: str, goal: str,
          via: Sequence[str]) -> list[str]:
    """The route through each of ``via`` in turn, cheapest between them (past closed
    ways if it must, so the judge says where it stops)."""
    board = state.board
    path = [start]
    for target in [*via, goal]:
        here = path[-1]
        if target == here:
            continue
        if board.way_between(here, target) is not None:
            path.append(target)
            continue
        leg = None
        kinds = ("legal", "free", "all") if target in found.leash.touch_limits \
            else ("free", "all")  # a legal route may end only at a port after Moresby
        for kind in kinds:
            sub = finder(board, found.costs, found.leash, here)
            leg = sub.path(kind, target)
            if leg is not None:
                break
        path += leg[1:] if leg is not None else [target]
    return path


def route(state: AwState, nation: str, start: str, goal: str, activity: str, *,
          via: Sequence[str] = (), strike: bool = False) -> RouteReport:
    """``nation``'s route for ``activity`` from ``start`` (a port, built port, box or
    island hex) to ``goal``: the cheapest legal one — through each of ``via`` in order if
    given (a route the player traced) — or where it stops being legal and by which clause.
    ``strike``: the patrol of Japan's opening strike on Pearl Harbor (AW-88, 51.12: a
    player-declared flag). Unknown places or activities: BadInput naming the field."""
    return _port_names(state, _route(state, nation, start, goal, activity, via=via,
                                     strike=strike))


def _port_names(state: AwState, report: RouteReport) -> RouteReport:
    """A port's hex read as the port: "Saltby (hex 1112)", so a touch names its port."""
    ports = water.port_hexes(state)
    names = tuple(f"{_name(state, ports[p][0])} ({n})" if p in ports else n
                  for p, n in zip(report.places, report.names, strict=True))
    return replace(report, names=names) if names != report.names else report


def _route(state: AwState, nation: str, start: str, goal: str, activity: str, *,
           via: Sequence[str] = (), strike: bool = False) -> RouteReport:
    for i, hex_id in enumerate([*via, goal]):
        if beyond_north(state, hex_id):
            head = _route(state, nation, start, via[i - 1] if i else start, activity,
                         via=via[:max(0, i - 1)], strike=strike)
            return replace(head, goal=hex_id, stop=head.stop or RouteStop(
                len(head.places), passage.VIRTUAL,
                f"hex {hex_id} lies beyond the north edge: there are no virtual hexes "
                "there; ships step off the European map only beyond its west edge"))
    start, goal = _place(state, start, "from"), _place(state, goal, "to")
    via = [_place(state, v, "route") for v in via]
    _check_nation(state, nation)
    limits.check_activity(state, activity)
    src, dst = water.where(state, start), water.where(state, goal)
    exempt = limits.exemption(state, nation, start, goal)
    free = strike and activity == "patrol" and nation == "Japan"
    found = _finder(state, nation, start, goal, activity, free=free)
    for end in (src,) if activity == "invasion" else (src, dst):  # its goal: AW-151
        why = _island_stop(state, nation, end, activity)
        if why is not None:  # the end itself is barred: say so, not what the way breaks
            if end == src:
                return found.nowhere(dst, why, ISLANDS)
            base = found.report(dst)
            return replace(base, stop=RouteStop(max(1, len(base.places) - 1), ISLANDS, why))
    if exempt is not None:
        report = _exempt_route(state, nation, start, goal, activity, exempt, via)
        if report is not None:
            return report
    report = found.judge(_walk(state, found, src, dst, via), dst,
                         why_not=lambda a, b: passage.why_not(state.board, a, b)) \
        if via else found.report(dst)
    boxed = _box_closed(state, nation, src, dst, report)
    if boxed is not None:
        return boxed
    if activity in BASE_LINK_ACTIVITIES:
        stop = _box_link_stop(state, start, goal)
        if stop is not None:  # the destination itself is barred: say so, not the range
            at = 1 if water.is_box(state.board, start) and _us_links(state, start) \
                else max(1, len(report.places) - 1)
            return replace(report, stop=replace(stop, index=min(at, len(report.places))))
    if activity in NR_ACTIVITIES:
        report = _by_gateway(state, nation, found, start, goal, activity, report, via)
    return report


def _box_closed(state: AwState, nation: str, src: str, dst: str,
                report: RouteReport) -> RouteReport | None:
    """A box that does not serve ``nation`` as the start or the goal: the route stops at
    the box itself, whatever else it breaks on the way (AW-41, AW-44)."""
    closed = passage.box_closures(state, nation)
    if not closed:
        return None
    for end, index in ((dst, len(report.places) - 1), (src, 1)):
        if not water.is_box(state.board, end):
            continue
        ways = state.board.adjacent[end].values()
        why = next((closed[w.id] for w in ways if w.id in closed), None)
        if why is not None:
            return replace(report, stop=RouteStop(max(1, min(index, len(report.places))),
                                                  why.clause, why.reason))
    return None


def _exempt_route(state: AwState, nation: str, start: str, goal: str, activity: str,
                  clause: str, via: Sequence[str]) -> RouteReport | None:
    """The shortest route between the two island groups, free of range and port touches
    (AW-84, AW-87); a longer route traced by the player is judged by the usual rules."""
    free = _finder(state, nation, start, goal, activity, free=True)
    src, dst = water.where(state, start), water.where(state, goal)
    best = free.path("legal", dst)
    if best is None:
        return None
    report = free.report(dst)
    if via:
        traced = free.judge(_walk(state, free, src, dst, via), dst,
                            why_not=lambda a, b: passage.why_not(state.board, a, b))
        if traced.cost > report.cost:
            return None
        report = traced
    return report if report.legal else None


def _by_gateway(state: AwState, nation: str, found: Finder, start: str, goal: str,
                activity: str, report: RouteReport, via: Sequence[str]) -> RouteReport:
    """An NR between a U.S. box and the map ends at or passes a gateway port (AW-43): if
    the cheapest route passes none, the cheapest through one."""
    gate = _gateways(state, start, goal)
    if gate is None or not report.legal:
        return report
    box, ports = gate
    if any(p in ports for p in report.places):
        return report
    src, dst = water.where(state, start), water.where(state, goal)
    best: RouteReport | None = None
    if not via:
        for port in sorted(p for p in ports if p in state.board.places
                           and state.board.places[p].kind == PORT):
            path = _walk(state, found, src, dst, [port])
            tried = found.judge(path, dst)
            if tried.legal and (best is None or tried.cost < best.cost):
                best = tried
    if best is not None:
        return best
    return _stopped(report, RouteStop(len(report.places) - 1, NR_GATEWAY,
                                      f"an NR between the {state.board.ref(box)} box and "
                                      "the map must end at or pass one of the ports the "
                                      "box links; this route passes none"))


def water_distance(state: AwState, nation: str, start: str, goal: str) -> int | None:
    """The distance by water along a route the movement rules allow, with no range or
    port-touch limit (AW-76); the first hex not counted (AW-77). None: no route."""
    start, goal = _place(state, start, "from"), _place(state, goal, "to")
    _check_nation(state, nation)
    found = _finder(state, nation, start, goal, "base_change", free=True)
    dst = water.where(state, goal)
    return found.cost_to(dst, "free")


def reachable(state: AwState, nation: str, start: str, activity: str) -> dict[str, int]:
    """Every port (printed or built) and box ``nation`` may reach from ``start`` by a
    legal route for ``activity``, with its length in hexes."""
    start = _place(state, start, "from")
    _check_nation(state, nation)
    limits.check_activity(state, activity)
    board = state.board
    src = water.where(state, start)
    targets = [*water.bases_of(board), *state.built_ports]
    out: dict[str, int] = {}
    western = passage.western_front_activity(state, start, None)
    tree = _finder(state, nation, start, None, activity).tree("legal")
    plain: Tree | None = None  # a western start's tree without the virtual hexes (AW-46)
    for target in targets:
        if target == start:
            continue
        dst = water.where(state, target)
        cost = 0 if dst == src else (tree.cost or {}).get(dst)
        if cost is not None and western \
                and "western" not in water.fronts_of(state, target) \
                and any(water.is_virtual(board, p) for p in tree.path(dst) or ()):
            if plain is None:
                plain = _finder(state, nation, start, None, activity,
                                western=False).tree("legal")
            cost = (plain.cost or {}).get(dst)
        if cost is None:
            continue
        if activity in BASE_LINK_ACTIVITIES and _box_link_stop(state, start, target):
            continue
        out[target] = cost
    for target in targets:  # the shortest routes between island groups (AW-84, AW-87)
        if target not in out and target != start \
                and limits.exemption(state, nation, start, target) is not None:
            done = route(state, nation, start, target, activity)
            if done.legal:
                out[target] = done.cost
    return out


def route_report(view: AwState, selection: Selection, at: PlaceRef) -> RouteReport | None:
    """The route under the pointer: the picked ships' base to the place pointed at, for
    the activity the player has chosen (``activity``, a base change by default)."""
    ships = [view.ships[s] for s in selection.units if s in view.ships]
    if not ships or ships[0].base is None or at.id == ships[0].base:
        return None
    if at.id not in view.board.places and at.id not in view.built_ports:
        return None
    activity = str(selection.option("activity", "base_change"))
    goal = at.id
    ports = water.port_hexes(view).get(goal)
    if ports and activity in BASE_LINK_ACTIVITIES:  # a port's hex, pointed at: the port
        goal = ports[0]
    if goal == ships[0].base:
        return None
    try:
        report = route(view, ships[0].nation, ships[0].base, goal, activity)
    except BadInput:
        return None
    if report.legal and activity == "base_change" and (water.is_port(view, goal)
                                                       or water.is_box(view.board, goal)):
        return _order_refusal(view, selection, goal, report)
    return report


def _order_refusal(view: AwState, selection: Selection, goal: str,
                   report: RouteReport) -> RouteReport:
    """A legal route whose base change the rules refuse for another reason (the port not
    held when the movement phase began, AW-49; a ship that moved already): the readout stops
    at the goal with that refusal, so the pointer says why before the click. Bases' check is
    looked up by name (it imports this module)."""
    import importlib

    from mineboard.core.errors import IllegalAction

    bases = importlib.import_module("mineboard.rules.awaw_naval.basechange")
    try:
        bases.check(view, bases.BaseChange(tuple(selection.units), goal))
    except IllegalAction as exc:
        return replace(report, stop=RouteStop(max(1, len(report.places) - 1), exc.clause,
                                              exc.reason))
    except (BadInput, KeyError, ValueError):
        return report
    return report


def warm(state: AwState) -> None:
    """Build the map's water graph now (a game's load), so the first route under the
    pointer after a pick does not pay for it (about 30 ms on the European map, once per
    board: the graph is kept)."""
    from mineboard.maps.paths import weighted_graph

    weighted_graph(state.board, costs(state))


PART = Part()
