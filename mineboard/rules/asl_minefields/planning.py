"""asl-minefields: what the window offers the side to move — the units it may pick,
what a click means, the hexes lit, a move's options, the buttons, the route under the
pointer, the odds panels of its actions, and a broad sample for ``legal_actions``.

All of it answers from a view. The mover's own hidden minefields on a path are warned of
in the odds panel and on the step's button (AM-72).
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Sequence
from dataclasses import replace
from itertools import pairwise
from typing import Any

from mineboard.core.actions import Action
from mineboard.core.errors import IllegalAction
from mineboard.core.orders import ASK, AUTO, StandingOrder, Trigger
from mineboard.core.places import PlaceRef
from mineboard.core.planning import Choice, Command, Preview, Selection
from mineboard.core.routes import RouteReport, RouteStop
from mineboard.core.words import and_list
from mineboard.rules.asl_minefields import extras
from mineboard.rules.asl_minefields.costs import mf_left, num, step_cost, unit_word
from mineboard.rules.asl_minefields.extras import (
    AT_TRIGGER,
    PRC_UNLOAD,
    ROUT,
    VISIBLE_AT,
    ChangeVCA,
    ClearVisibleAT,
    Rout,
    Unload,
    rout_paths,
)
from mineboard.rules.asl_minefields.los import distance
from mineboard.rules.asl_minefields.moving import COSTS, RULES, AmPlanMove, units_here
from mineboard.rules.asl_minefields.passage import (
    DOUBLE_TB,
    TB_ENTRY,
    TB_RECORD,
    TRAIL_BREAK,
    VBM,
    hook,
    makes_tb,
)
from mineboard.rules.asl_minefields.reactions import FIRE_TEM, SNAP_SHOT
from mineboard.rules.asl_minefields.state import BROKEN, GOOD, MOVEMENT, AmState, Minefield, Unit
from mineboard.rules.common import moves
from mineboard.rules.common.checks import Check, is_legal
from mineboard.rules.common.moves import StepOn
from mineboard.rules.common.orders import SetOrders

OWN_FIELD = "AM-72"


def units_at(view: AmState, place: str) -> list[str]:
    """The phasing side's units at ``place`` that may still move or rout (none while a
    move goes on or an answer is awaited)."""
    if moves.busy(view) or view.step.phase != MOVEMENT or view.awaiting is not None:
        return []
    return [u for u in units_here(view, view.phasing, place)
            if not view.units[u].moved and not view.units[u].immobilised
            and view.units[u].status in (GOOD, BROKEN)]


def _options(selection: Selection) -> dict[str, bool]:
    return {key: bool(selection.option(key, False)) for key in (DOUBLE_TB, VBM, TRAIL_BREAK)}


def _broken(view: AmState, units: Sequence[str]) -> bool:
    return len(units) == 1 and view.units[units[0]].status == BROKEN


def intent(view: AmState, selection: Selection, kind: str, place: str) -> Action | None:
    """A click: the next step of the move in progress; with units picked, a move (or, for
    a broken unit, a rout) by the cheapest route there."""
    if moves.busy(view):
        return moves.step_intent(view, place)
    if not selection.units or selection.place is None or place == selection.place \
            or place not in view.board.places or any(u not in view.units
                                                     for u in selection.units):
        return None
    if _broken(view, selection.units):
        return next((Rout(selection.units[0], path)
                     for path in rout_paths(view, selection.units[0]) if path[-1] == place),
                    None)
    found = _route(view, selection, place)
    if found is None:
        return None
    return AmPlanMove(tuple(selection.units), found, **_options(selection))


def targets(view: AmState, selection: Selection, check: Check) -> dict[str, Action]:
    """The hexes a click would step into: the next step of the move in progress, or each
    neighbour the picked units may legally enter now (6 checks: fast on any board); for a
    broken unit, the buildings it may rout to."""
    if moves.busy(view):
        move = view.move
        if view.ask is None and move is not None and move.ahead is not None:
            return {move.ahead: StepOn()}
        return {}
    if not selection.units or selection.place is None \
            or selection.place not in view.board.adjacent \
            or any(u not in view.units for u in selection.units):
        return {}
    out: dict[str, Action] = {}
    if _broken(view, selection.units):  # the buildings it may rout to (AM-16)
        for path in rout_paths(view, selection.units[0]):
            rout_to = Rout(selection.units[0], path)
            if is_legal(check, view, rout_to):
                out[path[-1]] = rout_to
        return out
    opts = _options(selection)
    for n in view.board.adjacent[selection.place]:
        action = AmPlanMove(tuple(selection.units), (selection.place, n), **opts)
        if is_legal(check, view, action):
            out[n] = action
    return out


def choices(view: AmState, selection: Selection) -> list[Choice]:
    """The options of a move: paying double through Trail Breaks (AM-42), VBM and
    recording a Trail Break for fully-tracked AFVs (AM-41)."""
    units = [view.units[u] for u in selection.units if u in view.units]
    if not units or moves.busy(view):
        return []
    types = [view.unit_type(u) for u in units if u.known]
    out: list[Choice] = []
    if view.trail_breaks:
        out.append(Choice(DOUBLE_TB, "Twice the cost through Trail Breaks", False,
                          tip=f"{TB_ENTRY}: no minefield attack on entering through a TB"))
    if types and all(t.vehicle for t in types):
        out.append(Choice(VBM, "Vehicular Bypass Movement", False))
    if any(makes_tb(t) for t in types):
        out.append(Choice(TRAIL_BREAK, "Record a Trail Break", False,
                          tip=f"{TB_RECORD}: a fully-tracked AFV not using VBM marks its way "
                              "into each minefield hex"))
    return out


def _own_hidden(view: AmState, side: str, hex_id: str) -> list[Minefield]:
    return [f for f in view.minefields.get(side, {}).values()
            if f.hex == hex_id and (f.ap or f.at) and not f.visible
            and not (f.ap_known or f.at_known)]


def own_field_warning(view: AmState, side: str, path: Sequence[str]) -> list[str]:
    """AM-72: the owner's hidden minefields along ``path`` attack its own units too."""
    rows = []
    for i, hex_id in enumerate(path):
        for f in _own_hidden(view, side, hex_id):
            how = "leaving" if i == 0 else ("entering and leaving" if i < len(path) - 1
                                             else "entering")
            what = " + ".join(x for x in (f"{f.ap} A-P" if f.ap else "",
                                          f"{f.at} A-T" if f.at else "") if x)
            rows.append(f"{OWN_FIELD}: your own hidden minefield ({what}) in "
                        f"{view.board.ref(hex_id)} attacks your units {how} it")
    return rows


def commands(view: AmState, selection: Selection) -> list[Command]:
    """The move's buttons (its next step warned of the owner's own field, AM-72), and what
    the picked units may do where they stand: rout, unload, turn, clear visible A-T."""
    out = moves.move_commands(RULES, view, selection.place,
                              f"{FIRE_TEM}: the firer's FP on the IFT, the hex's TEM only")
    move = view.move
    if move is not None and move.may_go_on and move.ahead is not None and view.ask is None:
        warn = own_field_warning(view, move.side, (move.at, move.ahead))
        out = [replace(c, tip="; ".join(warn)) if isinstance(c.action, StepOn) and warn
               else c for c in out]
    if view.step.phase != MOVEMENT or view.ask is not None:
        return out
    for uid in selection.units:
        unit = view.units.get(uid)
        if unit is None:
            continue
        for label, action, tip in _unit_commands(view, unit):
            if _legal_here(view, action):
                out.append(Command(label, action, tip))
    return out


def _unit_commands(view: AmState, unit: Unit) -> list[tuple[str, Action, str]]:
    out: list[tuple[str, Action, str]] = []
    out.append((f"{unit.id}: remove the visible A-T mines (1 MF)", ClearVisibleAT(unit.id),
                f"{VISIBLE_AT}: removed at the end of the Movement Phase"))
    if unit.known and view.unit_type(unit).vehicle:
        out.append((f"{unit.id}: change VCA (1 MP)", ChangeVCA(unit.id),
                    f"{AT_TRIGGER}: in an A-T hex the mines may attack again"))
        riders = tuple(p.id for p in view.passengers(unit.id))
        if riders:
            out.append((f"Unload {and_list(riders)}", Unload(riders),
                        f"{PRC_UNLOAD}: in an A-P hex they are attacked as if entering"))
    if unit.status == BROKEN:
        for path in rout_paths(view, unit.id):
            out.append((f"{unit.id}: rout to {view.board.ref(path[-1])}", Rout(unit.id, path),
                        f"{ROUT}: by the fewest hexes, or round known A-P minefields"))
    return out


_CHECKS: dict[type[Action], Any] = {
    Rout: extras.check_rout, Unload: extras.check_unload, ChangeVCA: extras.check_vca,
    ClearVisibleAT: extras.check_clear_visible,
}
"""The checks of what the picked units may do where they stand (the buttons)."""


def _legal_here(view: AmState, action: Action) -> bool:
    check = _CHECKS.get(type(action))
    if check is None:
        return False
    try:
        check(view, action)
    except IllegalAction:
        return False
    return True


def _route(view: AmState, selection: Selection, goal: str) -> tuple[str, ...] | None:
    """The cheapest path of the picked units to ``goal`` (Dijkstra on the slowest unit's
    costs, bounded by its MF/MP left)."""
    units = [view.units[u] for u in selection.units]
    unit = units[0]
    if unit.hex is None or not unit.known:
        return None
    ut = view.unit_type(unit)
    double = bool(selection.option(DOUBLE_TB, False))
    start = unit.hex
    # no further than twice what is left (to show where a route runs out): a pointer far
    # away costs nothing
    limit = max(mf_left(view, unit, routing=True), 0) * 2 + 2
    if distance(view)(start, goal) > limit:
        return None
    best: dict[str, float] = {start: 0.0}
    back: dict[str, str] = {}
    queue: list[tuple[float, str]] = [(0.0, start)]
    while queue:
        cost, h = heapq.heappop(queue)
        if h == goal:
            break
        if cost > best.get(h, math.inf):
            continue
        for n in view.board.adjacent.get(h, {}):
            step = step_cost(view, ut, h, n, double)
            if step is None:
                continue
            c = cost + step
            if c < best.get(n, math.inf) and c <= limit:
                best[n], back[n] = c, h
                heapq.heappush(queue, (c, n))
    if goal not in back:
        return None
    path = [goal]
    while path[-1] != start:
        path.append(back[path[-1]])
    return tuple(reversed(path))


def route_report(view: AmState, selection: Selection, at: PlaceRef) -> RouteReport | None:
    """The cheapest route of the picked units to ``at`` in MF/MP (rounded up), and where
    it runs past what the first of them has left (AM-11)."""
    if moves.busy(view) or not selection.units or selection.place is None \
            or at.id not in view.board.places or at.id == selection.place \
            or any(u not in view.units for u in selection.units):
        return None
    unit = view.units[selection.units[0]]
    if not unit.known:
        return None
    ut = view.unit_type(unit)
    path = _route(view, selection, at.id)
    word = unit_word(ut)
    if path is None:
        return RouteReport((selection.place,), (str(view.board.ref(selection.place)),), (0,),
                           at.id, (word, word), None,
                           stop=RouteStop(1, COSTS, f"{unit.id} finds no way to "
                                                    f"{view.board.ref(at.id)} within "
                                                    "its reach"))
    costs = [0.0]
    double = bool(selection.option(DOUBLE_TB, False))
    for a, b in pairwise(path):
        costs.append(costs[-1] + (step_cost(view, ut, a, b, double) or 0))
    left = mf_left(view, unit)
    stop = None
    over = next((i for i, c in enumerate(costs) if c > left), None)
    if over is not None:
        stop = RouteStop(over, COSTS, f"{unit.id} has {num(left)} {word} left")
    return RouteReport(path, tuple(str(view.board.ref(p)) for p in path),
                       tuple(math.ceil(c) for c in costs), at.id, (word, word),
                       math.floor(left), stop=stop)


def preview_plan(view: AmState, action: AmPlanMove) -> Preview | None:
    """The odds of a planned move (attacks' odds.path_preview: from what the viewer
    knows), with a row for each of the mover's own hidden fields on the way (AM-72)."""
    found = None
    path_preview = hook("odds", "path_preview")
    if path_preview is not None:
        found = path_preview(view, action)
    rows = own_field_warning(view, view.phasing, action.path)
    if not rows:
        return found
    if found is None:
        found = Preview.nothing_to_roll(f"{and_list(action.units)} to "
                                        f"{view.board.ref(action.path[-1])}",
                                        "no minefield the mover knows of but its own")
    return replace(found, rows=tuple(found.rows) + tuple(rows))


def odds_of(name: str) -> Any:
    """attacks' odds panel ``name`` (odds.py), looked up when asked."""
    def preview(view: AmState, action: Action) -> Preview | None:
        found = hook("odds", name)
        return None if found is None else found(view, action)

    return preview


def candidates(view: AmState) -> list[Action]:
    """A broad sample for legal_actions: the move's buttons, orders, one-step plans of each
    unit that may move, routs, unloading, VCA changes and visible A-T removal."""
    out: list[Action] = [c.action for c in moves.move_commands(RULES, view, None)
                         if c.action is not None]
    if view.ask is not None:
        return out
    out.append(SetOrders())
    side = view.to_move
    first = next((u for u in sorted(view.units.values(), key=lambda u: u.id)
                  if u.side != side and u.hex is not None and not u.eliminated), None)
    if first is not None:
        out += [SetOrders((StandingOrder(SNAP_SHOT, Trigger("within", (str(first.hex),), 1),
                                         answer),)) for answer in (AUTO, ASK)]
    if view.step.phase != MOVEMENT or moves.busy(view):
        return out
    for unit in sorted(view.units.values(), key=lambda u: u.id):
        if unit.side != view.phasing or unit.eliminated:
            continue
        if unit.hex is not None and unit.known:
            out += [AmPlanMove((unit.id,), (unit.hex, n))
                    for n in sorted(view.board.adjacent.get(unit.hex, {}))]
            if makes_tb(view.unit_type(unit)):
                out += [AmPlanMove((unit.id,), (unit.hex, n), trail_break=True)
                        for n in sorted(view.board.adjacent.get(unit.hex, {}))]
        out += [a for _label, a, _tip in _unit_commands(view, unit)] if unit.known else []
        if unit.carried_by is not None:
            out.append(Unload((unit.id,)))
    return out
