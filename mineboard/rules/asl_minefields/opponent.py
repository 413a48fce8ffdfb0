"""asl-minefields, the program's opponent for solo play: a plain policy on the same exact
odds as the advisor and the odds panel, played from its own side's view only — another
side's fields count only as far as play revealed them (AM-03, AM-05, AM-06).

Its choices are ordinary actions (a record, a plan, a step), so the session logs, saves and
undoes them as a player's; where it has nothing to do, it returns None and
``core.opponent.choose`` ends the phase.
"""

from __future__ import annotations

import math
from itertools import pairwise
from typing import Any

from mineboard.core.errors import IllegalAction
from mineboard.core.opponent import Choice
from mineboard.core.planning import percent
from mineboard.rules.asl_minefields.advice import UNIT, advise
from mineboard.rules.asl_minefields.costs import mf_left, step_cost
from mineboard.rules.asl_minefields.moving import AmPlanMove
from mineboard.rules.asl_minefields.state import FIRE, GOOD, MOVEMENT, SETUP, AmState, Unit
from mineboard.rules.asl_minefields.ways import costs_from, least_loss_way, may_move
from mineboard.rules.common.moves import PassReaction, StepOn, said

POLICY = (
    "The defender (a side with minefield factors whose enemy must capture, or the one with "
    "factors when no side must) records, in its Setup, the advisor's best lay again and "
    "again — the one stopping most enemy units expected within reach of their next move — "
    "until its pool is spent or no lay would stop anything (AM-02, AM-07, AM-25); in its "
    "fire phase it pulls a Daisy Chain where the advisor says (AM-36); it moves nothing and "
    "passes every reaction asked of it. The attacker (the side that must capture, else the "
    "side without minefield factors) moves each unit in turn, by id, towards the nearest "
    "hex an enemy unit is seen to hold (by MF/MP), along its least-loss way there: the "
    "cheapest way that crosses no minefield it knows of, or, if there is none, the way on "
    "which the fields it knows stop it least likely — its own exactly, the enemy's only as "
    "revealed, one of unknown strength counted at the least it may hold (6 A-P factors, 1 "
    "A-T factor: AM-06, AM-07, AM-26); as far as its MF/MP reach this phase, step by step, "
    "going on until the end or a stop (AM-64).")


def attacking(view: AmState, side: str) -> bool:
    """The side that must capture attacks; with no such side, the one without factors."""
    if view.must_capture.get(side):
        return True
    if any(view.must_capture.get(s) for s in view.sides if s != side):
        return False
    return view.pools[side].total == 0


def move(ruleset: Any, view: AmState) -> Choice | None:
    """The opponent's next action on its own view (None: end the phase)."""
    side = view.to_move
    if view.ask is not None:
        return Choice(PassReaction(), f"{side} lets the move go on") \
            if view.ask.side == side else None
    if view.awaiting is not None:
        return None
    if view.phase in (SETUP, FIRE):
        advice = advise(ruleset, view)
        top = advice.suggestions[0] if advice.suggestions else None
        if top is None or top.expected <= 0:
            return None
        return Choice(top.action, f"{side}: {top.label}, the advisor's best now — "
                                  f"{top.figures(UNIT)}; {top.why}")
    if view.phase != MOVEMENT or side != view.phasing:
        return None
    going = view.move
    if going is not None and going.may_go_on and going.ahead is not None:
        return Choice(StepOn(), f"{said(going.units, 'goes', 'go')} on to "
                                f"{view.board.ref(going.ahead)}")
    if not attacking(view, side):
        return None
    for unit in sorted(view.units.values(), key=lambda u: u.id):
        if unit.side == side and _may_move_now(view, unit):
            found = plan(ruleset, view, unit)
            if found is not None:
                return found
    return None


def _may_move_now(view: AmState, unit: Unit) -> bool:
    return (may_move(view, unit) and unit.carried_by is None and not unit.moved
            and unit.status == GOOD and not unit.clearing)


def goal_of(view: AmState, unit: Unit) -> str | None:
    """The nearest hex (by MF/MP) an enemy unit is seen to hold; None: none it can reach."""
    assert unit.hex is not None
    held = {u.hex for u in view.units.values()
            if u.side != unit.side and u.hex is not None and not u.eliminated}
    best, _back = costs_from(view, view.data.units[unit.type], unit.hex)
    reached = sorted((best[h], h) for h in held if h in best)
    return reached[0][1] if reached else None


def plan(ruleset: Any, view: AmState, unit: Unit) -> Choice | None:
    """``unit``'s move this phase: its least-loss way to its goal, as far as its MF/MP go."""
    goal = goal_of(view, unit)
    if goal is None or unit.hex is None:
        return None
    way = least_loss_way(view, unit.side, unit, goal, weakest=True)
    if way is None:
        return None
    path = _this_phase(view, unit, _without_loops(way.path))
    if len(path) < 2:
        return None
    action = AmPlanMove((unit.id,), path)
    try:
        ruleset.check(view, action)
    except IllegalAction:  # refused on the view: the next unit is tried instead
        return None
    crossing = (f"crossing {', '.join(str(view.board.ref(h)) for h in way.through)}: "
                f"P(stopped on the way) {percent(way.stop)}" if way.through else
                "crossing no minefield it knows of")
    return Choice(action, f"{unit.id} heads for {view.board.ref(goal)}, the nearest hex "
                          f"an enemy holds, by its least-loss way ({crossing}); this phase "
                          f"to {view.board.ref(path[-1])}")


def _without_loops(path: tuple[str, ...]) -> tuple[str, ...]:
    out: list[str] = []
    for h in path:
        if h in out:
            del out[out.index(h) + 1:]
        else:
            out.append(h)
    return tuple(out)


def _this_phase(view: AmState, unit: Unit, path: tuple[str, ...]) -> tuple[str, ...]:
    """The part of ``path`` the unit's MF/MP left pay for (AM-11)."""
    ut = view.data.units[unit.type]
    budget, spent = mf_left(view, unit), 0.0
    out = [path[0]]
    for a, b in pairwise(path):
        cost = step_cost(view, ut, a, b)
        if cost is None or spent + cost > budget or math.isclose(budget, spent):
            break
        spent += cost
        out.append(b)
    return tuple(out)
