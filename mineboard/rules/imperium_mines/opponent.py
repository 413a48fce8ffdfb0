"""The solo opponent of imperium-mines: the other side played by a plain policy, on its own
side's view and the same exact odds as the advisor and the threat map.

Each call gives one order, so the window plays it through the session like a click (log,
save, undo). Every fleet acts at most once a segment — a lay or a jump marks it (IM-06,
the base game's activation) — so a segment ends after at most two orders a fleet.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mineboard.core.opponent import Choice
from mineboard.core.words import count_of
from mineboard.rules.imperium_mines.actions import Jump
from mineboard.rules.imperium_mines.advice import advise
from mineboard.rules.imperium_mines.state import SEGMENT, Fleet, ImperiumState
from mineboard.rules.imperium_mines.ways import least_loss_way, this_segment

POLICY = (
    "In construction it buys nothing. In each of its action segments, first each fleet "
    "with minelayers lays where the mine-laying advisor's top suggestion is, while that "
    "lay would cost the enemy something it may meet in its next segment (IM-06, IM-07). "
    "Then every fleet that has neither laid nor moved jumps towards the other side's home system "
    "(the only place a scenario gives a side) by the way with the least expected loss "
    "from the mines its view knows. It knows no enemy mine points — the enemy's counters "
    "are face-down backs that weigh nothing (IM-08) — so of ways that cost alike it takes "
    "the one entering the fewest systems holding enemy counters (each halts it for a "
    "check and may hide mines, IM-14), then the fewest jumps. It goes as far as its jumps "
    "allow (IM-05), but enters a system holding enemy counters only on the first jump of a "
    "segment (so IM-32's +1 never applies to it) and stops where enemy fleets stand. It "
    "never sweeps, places false counters or settles combat (the players settle combat, "
    "IM-25); when no fleet has anything left to do it ends the segment.")


def goal_of(view: ImperiumState, side: str) -> str:
    """The other side's home system: the place the scenario says that side holds."""
    others = [s for s in view.sides if s != side]
    return view.home[others[0]]


def move(ruleset: Any, view: ImperiumState) -> Choice | None:
    """The opponent's next order on its side's view (None: nothing left; end the phase)."""
    if view.phase != SEGMENT:
        return None
    side = view.active
    if view.options.mine_warfare:
        advice = advise(ruleset, view)
        if advice.suggestions and advice.suggestions[0].expected > 0:
            top = advice.suggestions[0]
            return Choice(top.action, f"the advisor's top lay: {top.label}, expected "
                                      f"{advice.unit} {top.expected} ({top.why})")
    goal = goal_of(view, side)
    for fleet in _movers(view):
        if fleet.system == goal:
            continue
        way = least_loss_way(view, fleet, goal)
        if way is None or way.jumps == 0:
            continue
        path = this_segment(view, fleet, way, _counters_of_enemy(view, side))
        if len(path) < 2:
            continue
        names = " → ".join(view.system_name(s) for s in way.path)
        return Choice(Jump((fleet.id,), path),
                      f"{fleet.id} heads for {view.system_name(goal)} by {names}: expected "
                      f"ships lost {way.expected} as far as it knows, "
                      f"{count_of(way.halts, 'system')} with enemy counters on the way")
    return None


def _counters_of_enemy(view: ImperiumState, side: str) -> Callable[[str], bool]:
    """Whether a system holds counters of ``side``'s enemy (seen as backs, IM-08)."""
    return lambda system: bool(view.enemy_counters(system, side))


def _movers(view: ImperiumState) -> list[Fleet]:
    """The side to move's fleets that may still jump this segment, by id."""
    return sorted((f for f in view.fleets.values() if f.side == view.active and f.ships
                   and not (f.moved or f.stayed or f.fought)), key=lambda f: f.id)
