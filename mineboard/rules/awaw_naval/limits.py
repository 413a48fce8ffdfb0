"""How far a naval activity may go: the theatre's figures (AW-222), which of them an
activity is held to (interceptions AW-79, NRs, sea supply and escorts AW-80, base changes
and displacement AW-81, offensive missions AW-82), the ports that count as touches
(AW-225, AW-78's notional ports, AW-90's five-hex ports) and the Pacific's first legs and
exemptions (AW-83…AW-88, AW-228). Where a limit does not apply at all: a nation at war
with nobody (AW-78).

The figures are data (theatres.json); the places — which group is Japan, which hexes are
Midway, Johnston and Wake — are the map's (region ``group``, ``first_leg``,
``exempt_to``; see tools/build_awaw_demo_sea.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from mineboard.core.errors import BadInput
from mineboard.maps.paths import Closed, Limit
from mineboard.rules.awaw_naval import water
from mineboard.rules.awaw_naval.data import Figures
from mineboard.rules.awaw_naval.passage import is_western
from mineboard.rules.awaw_naval.search import Leash
from mineboard.rules.awaw_naval.state import PHASE_START, AwState

INTERCEPT, TOUCH, RANGE, MISSION, THEATRE, TOUCHES = \
    "AW-79", "AW-80", "AW-81", "AW-82", "AW-222", "AW-225"
INTERCEPTIONS = ("interception", "counter_interception")
RANGED = ("base_change", "displacement")
"""Base changes and displacement: the range, no port touches (AW-81)."""
EXTRA_ACTIVITIES = {"displacement": "Displacement"}
"""Activities a route may be asked for beyond the Naval Activities Table."""


def figures_for(state: AwState, start: str, goal: str | None) -> Figures:
    """The figures of the theatre where the activity starts; a route between boxes or
    between theatres takes the option's (the stricter Pacific ones by default, AW-222)."""
    here = water.theatre_of(state, start)
    board = state.board
    cross = state.data.options.cross_theatre
    if goal is not None:
        there = water.theatre_of(state, goal)
        if there != here or (water.is_box(board, water.where(state, start))
                             and water.is_box(board, water.where(state, goal))):
            return state.data.theatres[cross]
    if here not in state.data.theatres:
        raise BadInput(f"map {board.id}", f"theatre {here!r} is not in theatres.json "
                                          f"({', '.join(state.data.theatres)})")
    return state.data.theatres[here]


def check_activity(state: AwState, activity: str) -> None:
    if activity not in state.data.activities and activity not in EXTRA_ACTIVITIES:
        known = sorted([*state.data.activities, *EXTRA_ACTIVITIES])
        raise BadInput("activity", f"{activity!r} is not a naval activity "
                                   f"({', '.join(known)})")


def at_war_anywhere(state: AwState, nation: str) -> bool:
    """At war with some power of the other side in play (AW-78: range limits do not
    apply to a country not at war in the theatre; the scenario's ``at_peace`` says who)."""
    side = state.side_of_nation(nation)
    foes = [n for n in state.nations if n in state.data.nations
            and state.data.nations[n].side != side]
    return not foes or any(state.at_war(nation, f) for f in foes)


def limits(state: AwState, activity: str, figures: Figures) -> tuple[Limit | None,
                                                                    Limit | None]:
    """(allowance, port touch every) for the activity under these figures."""
    check_activity(state, activity)
    if activity in INTERCEPTIONS:
        return Limit(figures.intercept, INTERCEPT), None
    if activity in RANGED:
        return Limit(figures.range, RANGE), None
    table = state.data.activities.get(activity)
    if table is not None and table.offensive:
        return Limit(figures.range, MISSION), Limit(figures.touch_every, MISSION)
    return None, Limit(figures.touch_every, TOUCH)


def touches(state: AwState, nation: str, start: str, activity: str) -> dict[str, int | None]:
    """The places that count as a port touch for ``nation`` (AW-225): ports printed or
    built whose hex its side held when the phase began, and those hexes; boxes that serve
    it; for Western Allied ships the notional port hexes off the edge (AW-78). A port with
    a ``touch_limit`` counts for only so many hexes (AW-90), except as the base of an
    interception from it."""
    board = state.board
    side = state.side_of_nation(nation)
    western = is_western(state, nation)
    out: dict[str, int | None] = {}
    for hex_id, ports in water.port_hexes(state).items():
        if not state.friendly(hex_id, side, PHASE_START):
            continue
        limit: int | None = None
        for port in ports:
            place = board.places.get(port)
            raw = place.props.get("touch_limit") if place is not None else None
            if isinstance(raw, int):
                limit = raw if limit is None else min(limit, raw)
        for port in ports:
            out[port] = limit
        out[hex_id] = limit
    for box in board.places_of("box"):
        if box.props.get("serves") != "western" or western:
            out[box.id] = None
    if western:
        for hex_id in water.notional_ports(board):
            out[hex_id] = None
    if activity in INTERCEPTIONS and out.get(start) is not None:
        home = water.hex_of(state, start)
        out[start] = None
        out[home] = None
    return out


@dataclass(frozen=True)
class FirstLeg:
    hexes: int
    clause: str


def _matches(state: AwState, who: Any, nation: str) -> bool:
    return (who == "western" and is_western(state, nation)) or who == nation


def _group_regions(state: AwState, group: str | None) -> list[Mapping[str, Any]]:
    if group is None:
        return []
    return [r.props for r in state.board.regions.values() if r.props.get("group") == group]


def _held_and_supplied(state: AwState, hexes: list[str], side: str) -> bool:
    return all(state.friendly(h, side, PHASE_START) and h not in state.unsupplied
               for h in hexes)


def first_leg(state: AwState, nation: str, start: str, goal: str | None) -> FirstLeg | None:
    """The longest opening leg before the first port touch the start's island group
    allows this nation: Hawaii's 15 or 20 with Midway, Johnston (and Wake) held and fully
    supplied (AW-83), Japan's 20 except toward Midway — and, by option, toward Johnston
    and the Hawaiian Islands (AW-86, AW-228)."""
    side = state.side_of_nation(nation)
    goal_group = water.group_of(state, goal) if goal is not None else None
    best: FirstLeg | None = None
    for props in _group_regions(state, water.group_of(state, start)):
        legs = props.get("first_leg")
        if not isinstance(legs, list):
            continue
        for leg in legs:
            if not isinstance(leg, Mapping) or not _matches(state, leg.get("for"), nation):
                continue
            needs = [str(h) for h in leg.get("needs", [])]
            if not _held_and_supplied(state, needs, side):
                continue
            barred = [str(g) for g in leg.get("not_toward", [])]
            if not state.data.options.japan_first_leg_to_hawaii:
                barred += [str(g) for g in leg.get("not_toward_by_option", [])]
            if goal_group is not None and goal_group in barred:
                continue
            hexes = int(leg.get("hexes", 0))
            if best is None or hexes > best.hexes:
                best = FirstLeg(hexes, str(leg.get("clause", "")))
    return best


def exemption(state: AwState, nation: str, start: str, goal: str) -> str | None:
    """The clause exempting a route between two island groups from range and port
    touches if it goes the shortest way (AW-84 Hawaii–Aleutians, AW-87 Japan–Aleutians),
    or None."""
    a, b = water.group_of(state, start), water.group_of(state, goal)
    if a is None or b is None or a == b:
        return None
    for here, there in ((a, b), (b, a)):
        for props in _group_regions(state, here):
            for entry in props.get("exempt_to", []) or []:
                if isinstance(entry, Mapping) and entry.get("group") == there \
                        and _matches(state, entry.get("for"), nation):
                    return str(entry.get("clause", ""))
    return None


def leash(state: AwState, nation: str, start: str, goal: str | None, activity: str,
          closed: Mapping[str, Closed], *, free: bool = False) -> Leash:
    """The facts a route is judged by; ``free``: no range or touch limits (AW-78 not at
    war, AW-84/AW-87 shortest routes, AW-88's opening strike) — only the ports that count
    for fewer hexes still bind (AW-90)."""
    figures = figures_for(state, start, goal)
    allowance, every = limits(state, activity, figures)
    if free or not at_war_anywhere(state, nation):
        allowance, every = None, None
    touch = touches(state, nation, water.where(state, start), activity)
    first = None
    if every is not None:
        leg = first_leg(state, nation, start, goal)
        if leg is not None and leg.hexes > every.most:
            first = Limit(leg.hexes, leg.clause)
    if every is None:
        touch = {p: v for p, v in touch.items() if v is not None}
    boxes = frozenset(p.id for p in state.board.places_of("box")) - {water.where(state, start)}
    return Leash(closed=tuple(sorted(closed.items())), touches=tuple(sorted(touch.items(),
                                                                            key=_key)),
                 every=every, first=first, allowance=allowance, ends=boxes)


def _key(item: tuple[str, int | None]) -> tuple[str, int]:
    return item[0], -1 if item[1] is None else item[1]
