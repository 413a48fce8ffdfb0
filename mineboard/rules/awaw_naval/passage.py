"""Where ships may not pass, as facts fixed when the phase began (AW-245): straits and
canals by who held their sides (AW-28…AW-39), ports that need a hex held to sail in or out
(Parnu and Saare, AW-34), boxes that serve Western Allied units only (AW-41, AW-44) and the
virtual hexes off the European west edge (AW-45, AW-46, AW-243). Rivers and the land
between two coastal hexes are no edges at all (movement_costs.json ``barred``, AW-40).

Each closure is a way id → :class:`Closed` (clause, words). The clause is the map's when
it names one (a strait feature's ``clause``: Gibraltar's AW-30, the Kattegat's AW-32), else
the general one (AW-28 straits, AW-39 canals).
"""

from __future__ import annotations

from mineboard.core.words import and_list
from mineboard.maps.model import BERTH, BOX_LINK, BoardMap
from mineboard.maps.paths import Closed
from mineboard.rules.awaw_naval import water
from mineboard.rules.awaw_naval.state import NEUTRAL, PHASE_START, AwState

STRAIT, CANAL, PORT_HELD, BOX_SERVES, BOX_US, OFF_MAP, VIRTUAL = \
    "AW-28", "AW-39", "AW-34", "AW-44", "AW-41", "AW-45", "AW-46"


def is_western(state: AwState, nation: str) -> bool:
    n = state.data.nations.get(nation)
    return n is not None and n.western


def _friendly(state: AwState, hex_id: str, side: str) -> bool:
    return state.friendly(hex_id, side, PHASE_START)


def _enemy(state: AwState, hex_id: str, side: str) -> bool:
    holder = state.controller(hex_id, PHASE_START)
    return holder != NEUTRAL and not _friendly(state, hex_id, side)


def strait_closures(state: AwState, side: str) -> dict[str, Closed]:
    """Every strait or canal whose conditions were not met when the phase began: its
    ``control`` hexes friendly (a neutral is not enough, AW-29), its
    ``friendly_or_neutral`` hexes not enemy (AW-32, AW-33)."""
    board = state.board
    out: dict[str, Closed] = {}
    for edge_set in board.edge_sets.values():
        props = edge_set.props
        control = props.get("control")
        loose = props.get("friendly_or_neutral")
        if not isinstance(control, list) and not isinstance(loose, list):
            continue
        if not (props.get("strait") or props.get("canal")):
            continue
        missing = [h for h in (control or []) if h in board.places
                   and not _friendly(state, h, side)]
        hostile = [h for h in (loose or []) if h in board.places and _enemy(state, h, side)]
        if not missing and not hostile:
            continue
        clause = str(props.get("clause") or (CANAL if props.get("canal") else STRAIT))
        parts = []
        if missing:
            parts.append(f"{and_list(water.names(state, missing))} "
                         f"{'was' if len(missing) == 1 else 'were'} not held by the "
                         f"{side} when the phase began")
        if hostile:
            parts.append(f"{and_list(water.names(state, hostile))} "
                         f"{'was' if len(hostile) == 1 else 'were'} held by the enemy "
                         "when the phase began")
        why = Closed(clause, f"{edge_set.name} is closed to the {side}: "
                             f"{'; '.join(parts)}")
        for way in edge_set.ways:
            out[way] = why
    return out


def port_closures(state: AwState, side: str) -> dict[str, Closed]:
    """A port whose ``requires`` hexes were not all friendly when the phase began: no
    movement into or out of it (Parnu needs Saare, AW-34)."""
    board = state.board
    out: dict[str, Closed] = {}
    for port in board.places_of("port"):
        needs = port.props.get("requires")
        if not isinstance(needs, list):
            continue
        missing = [h for h in needs if h in board.places and not _friendly(state, h, side)]
        if not missing:
            continue
        clause = str(port.props.get("clause") or PORT_HELD)
        why = Closed(clause, f"no ship sails into or out of {port.name} unless "
                             f"{and_list(water.names(state, missing))} "
                             f"{'is' if len(missing) == 1 else 'are'} held: "
                             f"{'it was' if len(missing) == 1 else 'they were'} not when "
                             "the phase began")
        for way in board.adjacent[port.id].values():
            if way.kind == BERTH:
                out[way.id] = why
    return out


def box_closures(state: AwState, nation: str) -> dict[str, Closed]:
    """Boxes that serve Western Allied units only (``serves: western``): closed to every
    other nation (AW-41 U.S. boxes, AW-44 Australia, India, South Africa)."""
    board = state.board
    out: dict[str, Closed] = {}
    if is_western(state, nation):
        return out
    for box in board.places_of("box"):
        if box.props.get("serves") != "western":
            continue
        clause = str(box.props.get("clause") or BOX_SERVES)
        why = Closed(clause, f"the {box.name} box serves Western Allied units only; "
                             f"{nation} is not a Western Allied power")
        for way in board.adjacent[box.id].values():
            if way.kind == BOX_LINK:
                out[way.id] = why
    return out


def _virtual_ways(board: BoardMap) -> list[tuple[str, str, str]]:
    """(way, a, b) for every way with a virtual hex at one end (kept per board)."""
    kept = water._kept(board).setdefault("__virtual_ways__", {})
    if "" not in kept:
        rows = []
        for way in board.ways.values():
            if water.is_virtual(board, way.a) or water.is_virtual(board, way.b):
                rows.append(f"{way.id}\t{way.a}\t{way.b}")
        kept[""] = rows
    return [tuple(r.split("\t")) for r in kept[""]]  # type: ignore[misc]


def western_front_activity(state: AwState, start: str, goal: str | None) -> bool:
    """An activity on the western front of the European map: it starts there and, if it
    has a goal, ends there too (AW-46)."""
    if water.theatre_of(state, start) != "europe":
        return False
    ends = [start] if goal is None else [start, goal]
    return all("western" in water.fronts_of(state, p) or water.is_virtual(state.board, p)
               for p in ends)


def virtual_closures(state: AwState, nation: str, start: str, goal: str | None,
                     western: bool | None = None) -> dict[str, Closed]:
    """The virtual hexes (AW-243) are open to western-front activities on the European
    map (AW-46); otherwise ships leave the map only for a box or, Western Allied ships, to
    touch a notional port hex next to the edge and come back (AW-45, AW-78)."""
    board = state.board
    ways = _virtual_ways(board)
    if western is None:
        western = western_front_activity(state, start, goal)
    if not ways or western:
        return {}
    notional = water.notional_ports(board) if is_western(state, nation) else frozenset()
    out: dict[str, Closed] = {}
    along = Closed(OFF_MAP, "ships leave the map only for a box or to touch a notional "
                            "Western Allied port hex next to the edge, and come back the "
                            "way they went (virtual hexes are for western-front "
                            "activities on the European map, AW-46)")
    shut = Closed(VIRTUAL, "the virtual hexes off the west edge are open only to "
                           "western-front activities on the European map")
    for way, a, b in ways:
        both = water.is_virtual(board, a) and water.is_virtual(board, b)
        if both:
            out[way] = along if notional else shut
        elif not (a in notional or b in notional):
            out[way] = shut
    return out


def closures(state: AwState, nation: str, start: str, goal: str | None,
             western: bool | None = None) -> dict[str, Closed]:
    """Every way closed to ``nation``'s route from ``start`` (to ``goal``); ``western``
    says whether it is a western-front activity (AW-46) when the caller knows better."""
    side = state.side_of_nation(nation)
    out: dict[str, Closed] = {}
    out.update(virtual_closures(state, nation, start, goal, western))
    out.update(box_closures(state, nation))
    out.update(port_closures(state, side))
    out.update(strait_closures(state, side))
    return out


def why_not(board: BoardMap, a: str, b: str) -> tuple[str, str] | None:
    """Why a step of a given route is no edge of the water graph: a river (AW-40), the land
    between two coastal hexes, a land hex, or no hexside at all (AW-27)."""
    way = board.way_between(a, b)
    if way is None:
        return ("AW-27", f"{board.ref(b)} is not next to {board.ref(a)}")
    features = way.props.get("features")
    if isinstance(features, list) and "river" in features:
        return ("AW-40", f"ships never sail along or across a river: "
                         f"{board.ref(a)}–{board.ref(b)} crosses one")
    if isinstance(features, list) and "land" in features:
        return ("AW-27", f"land lies between {board.ref(a)} and {board.ref(b)}")
    if water.terrain(board, b) not in water.WATER and board.places[b].kind not in \
            ("port", BOX):
        return ("AW-27", f"{board.ref(b)} is {water.terrain(board, b)}: ships sail only "
                         "through water and the water part of coastal hexes")
    return None


BOX = "box"
