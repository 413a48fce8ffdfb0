"""The naval-lines mine-laying advisor: each lay the side to move may make now — an Escort
laying all its mines on one border of its zone (NL-07) — tried on a copy of the side's view
and scored with the exact odds of :mod:`.odds` under the model said in :data:`MODEL`.

The candidates are few (each Escort with mines aboard times the lines of its zone, at most
six on the bundled map), so the ranking is always exhaustive; a bound is given all the same,
should a board of thousands of carriers run out of time.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from mineboard.core.actions import Action
from mineboard.core.advice import Advice, Progress, Suggestion, Target, no_progress, rank, what_if
from mineboard.core.chance import capped_binomial, fraction_text
from mineboard.core.errors import IllegalAction
from mineboard.core.planning import percent
from mineboard.core.words import count_of
from mineboard.maps.model import LAND, NAVAL_LINE, SEA_ZONE
from mineboard.rules.naval_lines.actions import LayMines
from mineboard.rules.naval_lines.checks import check_lay
from mineboard.rules.naval_lines.reach import (
    Group,
    Route,
    cheapest_route,
    fields_met,
    goal_zones,
    groups_of,
    losses,
    near_sides,
    passable,
)
from mineboard.rules.naval_lines.state import NONCOMBAT_MOVE, PHASE_NAMES, NavalState, unit_name

UNIT = "ships lost"

MODEL = ("each enemy group (one nation's surface ships in one sea zone) that can reach the "
         "mined line on its next move — within its move less one line, passing no zone where "
         "your warships would stop it (NL-13) — crosses that line once, unswept, the way that "
         "costs it more; a figure is the expected enemy ships lost to the mines this lay "
         "adds there (NL-15 rolling stops at the ships crossing, NL-16 1–2 on a die, 1 "
         "against an ally's ships), from the minefields you know of")

TARGET_MODEL = ("; P(route hurt): the enemy sends whichever of its groups has the least "
                "expected loss on its way to the target, by that way — any number of lines, "
                "passing no zone where your warships would stop it — so it avoids your mines "
                "whenever it can; the figure is its chance of losing at least one ship there")

Way = tuple[Group, Route]
"""An enemy group and its route."""


def targets(view: NavalState) -> list[Target]:
    """Every sea zone, then every land territory (reached by its coastal zones)."""
    def holder(zone: str) -> str:
        held = view.control.get(zone)
        return f" ({held})" if held else ""

    zones = sorted((p.id for p in view.board.places_of(SEA_ZONE)),
                   key=lambda z: (not z.isdigit(), int(z) if z.isdigit() else 0, z))
    lands = sorted(view.board.places_of(LAND), key=lambda p: p.name)
    return ([Target(z, f"sea zone {z}{holder(z)}") for z in zones]
            + [Target(p.id, f"{p.name} (its coastal zones)") for p in lands])


def why_none(view: NavalState) -> str:
    """Why the side to move can lay nothing now, or "" if it may."""
    nation = view.active
    if view.phase != NONCOMBAT_MOVE:
        return (f"{view.phasing} ({nation}) lays no mines in {PHASE_NAMES[view.phase]}: "
                "Escorts lay mines only in Non-Combat Movement (NL-05)")
    if any(u.nation == nation and u.cargo for u in view.units.values()):
        return ""
    if view.stored.get(nation, 0):
        return (f"no Escort of {nation} has mines aboard: load up to 3 from the "
                f"{count_of(view.stored[nation], 'mine')} stored onto an Escort that has "
                "not moved, in a sea zone beside the capital (NL-04, NL-05)")
    return f"{nation} has no mines aboard an Escort nor in store (NL-04, NL-05)"


def candidates(view: NavalState) -> tuple[list[LayMines], str]:
    """Each legal lay now, checked on the view; Escorts in one zone with the same load make
    the same lay, so only the first of them (by id) is listed. With none: the first
    refusal's reason."""
    found: list[LayMines] = []
    seen: set[tuple[str, str, int]] = set()
    refusal = ""
    for unit in sorted(view.units.values(), key=lambda u: u.id):
        if unit.nation != view.active or not unit.cargo:
            continue
        for n in view.board.neighbours(unit.zone, NAVAL_LINE):
            way = view.board.way_between(unit.zone, n)
            if way is None or (unit.zone, way.id, unit.cargo) in seen:
                continue
            action = LayMines(unit.id, way.id)
            try:
                check_lay(view, action)
            except IllegalAction as exc:
                refusal = refusal or f"{exc.reason} ({exc.clause})"
                continue
            seen.add((unit.zone, way.id, unit.cargo))
            found.append(action)
    return found, refusal


@dataclass(frozen=True, slots=True)
class Scorer:
    """Scores one lay on the view: the line's added losses and the target's route."""

    ruleset: Any
    view: NavalState
    groups: tuple[Group, ...]
    goals: frozenset[str]
    target: Target | None
    before: Way | None

    def __call__(self, action: Action) -> Suggestion | None:
        if not isinstance(action, LayMines):
            return None
        try:
            after = what_if(self.ruleset, self.view, action)
        except IllegalAction:
            return None
        unit = self.view.units[action.unit]
        line = action.line
        expected = Fraction(0)
        reasons = []
        for group in self.groups:
            gain, said = self.line_gain(after, group, line)
            if gain > 0:
                expected += gain
                reasons.append(said)
        mines = count_of(unit.cargo, "mine")
        head = (f"{unit_name(self.view, unit)} lays all {mines} on line {line}, defending "
                f"sea zone {unit.zone}; its move ends (NL-07)")
        stop = None
        if self.target is not None:
            way = enemy_way(after, self.groups, self.goals)
            stop = Fraction(0) if way is None else way[1].hurt
            reasons.append(route_words(way, self.before, self.target))
        why = head + (": " + "; ".join(reasons) if reasons else
                      ": no enemy surface ship can reach the line on its next move")
        return Suggestion(action=action, label=f"{unit_name(self.view, unit)}: {mines} on "
                          f"line {line} (from zone {unit.zone})", places=(line,),
                          expected=expected, stop=stop, why=why)

    def line_gain(self, after: NavalState, group: Group, line: str) -> tuple[Fraction, str]:
        """What the lay adds to the group's expected losses crossing ``line`` once, the
        way (of those it can reach) that costs it more."""
        best = Fraction(0)
        said = ""
        ships = len(group.ships)
        for a, b in near_sides(after, group, line):
            old = losses(fields_met(self.view, group.nation, line, b), ships).expected()
            met = fields_met(after, group.nation, line, b)
            new = losses(met, ships).expected()
            if new - old > best:
                best = new - old
                pools = ", ".join(f"{f.mines} at {fraction_text(f.detonate)} a die"
                                  for f in met)
                said = (f"{group.nation}'s {count_of(ships, 'ship')} in {group.zone} crossing "
                        f"{a}→{b} expect to lose {new} instead of {old}, +{best} "
                        f"({pools}; rolling stops at {ships}, NL-15, NL-16)")
        return best, said


def enemy_way(view: NavalState, groups: Iterable[Group], goals: frozenset[str]) -> Way | None:
    """The enemy's least-expected-loss way to the goals: the cheapest route of any of its
    groups (then the fewest lines, then the first group in turn order)."""
    best: tuple[Fraction, int, int] | None = None
    found: Way | None = None
    for i, group in enumerate(groups):
        route = cheapest_route(view, group.nation, len(group.ships), group.zone, goals,
                               passable(view, group))
        if route is None:
            continue
        key = (route.expected, len(route.path), i)
        if best is None or key < best:
            best, found = key, (group, route)
    return found


def route_words(way: Way | None, before: Way | None, target: Target) -> str:
    """The enemy's way to the target after the lay, and its chance of a loss before."""
    if way is None:
        return f"no enemy group can reach {target.label}"
    group, route = way
    was = "" if before is None else f", {percent(before[1].hurt)} before this lay"
    lines = ", ".join(route.lines) or "none: it is there already"
    return (f"the enemy's least-loss way to {target.label}: {group.nation}'s "
            f"{count_of(len(group.ships), 'ship')} {' → '.join(route.path)} (lines {lines}), "
            f"P(at least one lost) {percent(route.hurt)}{was}; expected {route.expected}")


def bound(view: NavalState, groups: tuple[Group, ...]) -> Callable[[Iterable[Action]], Fraction]:
    """The most an unexamined lay could add: for every enemy group, the expected losses of
    the largest load alone against it (min(n, ·) is subadditive, so a field never adds more
    to a line than it would cost on its own)."""
    p = view.rules.mine.detonates(False)

    def most(left: Iterable[Action]) -> Fraction:
        loads = [view.units[a.unit].cargo for a in left if isinstance(a, LayMines)]
        heaviest = max(loads, default=0)
        return sum((capped_binomial(heaviest, p, len(g.ships)).expected() for g in groups),
                   Fraction(0))
    return most


def advise(ruleset: Any, view: NavalState, target: Target | None = None,
           progress: Progress = no_progress) -> Advice:
    """The lays the side to move may make now, best first, from ``view`` alone."""
    side, nation = view.phasing, view.active
    title = f"Where {nation} may lay mines now" + \
        (f", to hurt the enemy's way to {target.label}" if target else "")
    model = MODEL + (TARGET_MODEL if target else "")
    nothing = why_none(view)
    found: list[LayMines] = []
    if not nothing:
        found, refusal = candidates(view)
        nothing = "" if found else f"no lay is legal now: {refusal}"
    if nothing:
        return Advice(side=side, title=title, unit=UNIT, model=model, suggestions=(),
                      considered=0, total=0, target=target, nothing=nothing)
    groups = tuple(groups_of(view, side))
    goals = frozenset(goal_zones(view, target.key)) if target else frozenset()
    before = enemy_way(view, groups, goals) if target else None
    score = Scorer(ruleset, view, groups, goals, target, before)
    return rank(found, score, side=side, title=title, unit=UNIT, model=model, target=target,
                bound=bound(view, groups), progress=progress,
                nothing="no enemy surface ship can reach any line these Escorts may mine on "
                        "its next move" + (", nor is any on the enemy's least-loss way to "
                                           "the target" if target else ""))
