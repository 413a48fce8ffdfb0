"""The mine-laying advisor of gwas-tactical (*Game ▸ Advise*, ``mineboard advise``).

Counters are laid one at a time in the counter setup (GT-03…GT-08), so the lays a side may
make now are the legal ``PlaceCounter`` actions of its view: a mine within two hexes of one
of its shaded hexsides (GT-06, within the GT-04 half and the GT-07 minimums), or a dummy
anywhere free of enemy ships (GT-05) — at most a few hundred on the Horns Reef map, each
tried on a copy of the view (``core.advice.what_if``) and scored exactly, so the ranking is
always exhaustive: no bound is needed.

Two enemy models, each said beside the answer (:func:`model`):

* no target — the threat model: each enemy group that can enter the hex on its next move
  enters it once; the figure is the threat map's (threat.py) for that group and hex after
  the lay, summed over the groups;
* a named target hex — each enemy group takes its least-loss way there as it can judge it
  (ways.py: every counter it cannot see under weighed as a mine), and the figures are the
  exact losses on those ways from the mines as the asking side knows them.

Only the asking side's view is read, and an enemy's losses depend only on the asking side's
own counters (GT-09: a side's own counters never harm it), so the other side's secrets
cannot change the answer.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from mineboard.core.advice import (
    TIME_ALLOWED,
    Advice,
    Progress,
    Suggestion,
    Target,
    no_progress,
    rank,
    what_if,
)
from mineboard.core.planning import percent
from mineboard.core.words import and_list, count_of, possessive
from mineboard.rules.gwas_tactical import threat as threats
from mineboard.rules.gwas_tactical.actions import PlaceCounter
from mineboard.rules.gwas_tactical.odds import modifier
from mineboard.rules.gwas_tactical.state import SETUP, GtState, Ship, boundary_name
from mineboard.rules.gwas_tactical.ways import (
    enemy_of,
    fate,
    hull_left,
    impulse_of_step,
    is_hex,
    known_mines,
    least_loss_way,
    likely_mines,
    next_impulse,
    steps_within,
)

UNIT = "hull points lost"


def model(view: GtState, target: Target | None) -> str:
    """The enemy model the figures rest on, in words."""
    impulse = next_impulse(view)
    if target is None:
        return (f"each enemy group (its ships in one hex, moving together at its slowest "
                f"ship's speed) that can enter the hex on its next move — impulse {impulse}, "
                "the battle's first — without passing through another hex holding your "
                "counters enters it once, and each of its ships rolls once on "
                "the Minefield Table with GT-11's modifiers (+1 a mine counter beyond the "
                "first, +2 on the impulses that give it); counted in hull points as the "
                "threat map counts them (a ship sunk loses all it has left). A hex no "
                "enemy group can reach costs nothing (it scores 0); a dummy is removed "
                "unrolled when entered (GT-10), so it costs nothing and only mine lays are "
                "ranked")
    return (f"each enemy group heads for hex {target.key} by its least-loss way as it can "
            "judge it: it cannot tell your mines from your dummies (GT-10) and your "
            "logsheet is secret (GT-03, GT-04), so it weighs every counter of yours as a "
            "mine and takes the way whose hexes would cost it least so weighed, then the "
            "fewest hexes — a dummy can turn it too. It moves at full speed from impulse "
            f"{impulse}, each hex entered on the impulse it reaches it (GT-11's +2 where "
            "that impulse gives it). The figures are exact from your counters as they are: "
            "expected hull points lost on those ways (damage adds up; a ship sunk rolls no "
            "more) and P(at least one enemy ship harmed), the groups judged on the counters "
            "as they lie now")


def targets(view: GtState) -> list[Target]:
    """The hexes of the asking side's ships: where the enemy would go to engage them."""
    side = view.active
    held: dict[str, list[str]] = {}
    for ship in sorted(view.ships.values(), key=lambda s: s.id):
        if ship.side == side and ship.hex is not None:
            held.setdefault(ship.hex, []).append(ship.id)
    return [Target(label, f"hex {label} ({side} {and_list(ids)})")
            for label, ids in sorted(held.items())]


def cannot_lay(view: GtState, side: str) -> str:
    """Why ``side`` may lay nothing now ("" when it may)."""
    if view.phase != SETUP:
        return (f"{side} lays no counters in this phase ({view.phase_label}): mine and dummy "
                "counters are placed face-down in the counter setup, after both sides set up "
                "their ships and before combat (GT-03, GT-05, GT-08)")
    log = view.logs[side]
    if log.budget == 0:
        return (f"{side} has no minefield and no logged 'Mine' on zone {view.zone}'s "
                "boundaries, so it places no counters (GT-01, GT-03)")
    mines, dummies = view.placed(side)
    if mines + dummies >= log.budget:
        return (f"all {count_of(log.budget, 'counter')} of {possessive(side)} are placed "
                "(GT-03): nothing is left to lay")
    return ""


def enemy_groups(view: GtState, enemy: str) -> list[tuple[str, list[Ship]]]:
    """The enemy's ships on the map by hex, in label order (each list by ship id)."""
    found: dict[str, list[Ship]] = {}
    for ship in sorted(view.ships.values(), key=lambda s: s.id):
        if ship.side == enemy and ship.hex is not None:
            found.setdefault(ship.hex, []).append(ship)
    return sorted(found.items())


def _speed(view: GtState, ships: Sequence[Ship]) -> int:
    return min(view.ship_type(s).speed for s in ships)


def _group_name(enemy: str, at: str, ships: Sequence[Ship]) -> str:
    return f"{enemy} {and_list(s.id for s in ships)} (hex {at})"


def _near(view: GtState, side: str, label: str) -> str:
    """Which of the side's mine boundaries a hex is near (GT-06), in words."""
    log = view.logs[side]
    near = [b for b in sorted(log.mine_boundaries())
            if view.ring.near(view.hex_of(label), [b])]
    return (f"; within two hexes of {and_list(boundary_name(view, b) for b in near)} (GT-06)"
            if near else "")


def _label(action: PlaceCounter) -> str:
    return f"{'mine' if action.mine else 'dummy'} in hex {action.hex}"


def advise(ruleset: Any, view: GtState, target: Target | None = None,
           progress: Progress = no_progress, time_allowed: float = TIME_ALLOWED) -> Advice:
    """The counters ``view``'s side to move may lay now, ranked (see the module's text).

    ``time_allowed``: the program's opponent passes no limit, so that its choice never
    depends on how fast the machine is (the ranking is small: it always finishes)."""
    side = view.active
    enemy = enemy_of(view, side)
    log = view.logs[side]
    mines, dummies = view.placed(side)
    title = (f"{side}: where to lay the next counter — {mines} of at most {log.max_mines} "
             f"mines and {dummies} dummies of {count_of(log.budget, 'counter')} placed")
    said = model(view, target)
    why_not = cannot_lay(view, side)
    if not why_not and target is not None and not is_hex(view, target.key):
        why_not = f"{target.key!r} is not a hex of this map"
    if why_not:
        return Advice(side=side, title=f"{side}: nothing to lay now", unit=UNIT, model=said,
                      suggestions=(), considered=0, total=0, target=target, nothing=why_not)
    candidates = [a for a in ruleset.legal_actions(view) if isinstance(a, PlaceCounter)
                  and (a.mine or target is not None)]
    groups = enemy_groups(view, enemy)
    if target is None and not candidates:
        return Advice(side=side, title=title, unit=UNIT, model=said, suggestions=(),
                      considered=0, total=0, target=target,
                      nothing=f"{side} may lay no mine counter now (GT-04, GT-06, GT-07): only "
                              "dummies, which cost the enemy nothing (GT-10); name a target to "
                              "see where a dummy would turn it")
    if target is None:
        score = _threat_scorer(ruleset, view, side, enemy, groups)
        nothing = (f"no hex where {side} may lay a mine now is within reach of an enemy "
                   "group's next move, and dummies cost nothing (GT-10)")
    else:
        score = _route_scorer(ruleset, view, side, enemy, groups, target.key)
        nothing = (f"every enemy group reaches hex {target.key} by a way clear of all "
                   f"counters {side} may lay now: it would go round them")
    return rank(candidates, score, side=side, title=title, unit=UNIT, model=said,
                target=target, nothing=nothing, progress=progress, time_allowed=time_allowed)


def _threat_scorer(ruleset: Any, view: GtState, side: str, enemy: str,
                   groups: list[tuple[str, list[Ship]]]) -> Any:
    """Scores under the threat model. A hex no enemy group can reach scores 0 by the
    model's own words, so only a lay within reach is tried on a copy of the view."""
    feared = frozenset(c.hex for c in view.counters if likely_mines(view, enemy, c.hex))
    reach = {at: steps_within(view, at, _speed(view, ships), feared) for at, ships in groups}
    impulse = next_impulse(view)

    def score(action: PlaceCounter) -> Suggestion:
        here = action.hex
        reaching = [(at, ships) for at, ships in groups if here in reach[at]]
        if not reaching:
            return Suggestion(action, _label(action), (here,), Fraction(0), None,
                              f"no enemy group can enter hex {here} on its next move "
                              f"(impulse {impulse})")
        after = what_if(ruleset, view, action)
        expected, parts = Fraction(0), []
        for at, ships in reaching:
            threat = threats.threat(after, f"{enemy}@{at}")
            cell = None if threat is None else threat.cells.get(here)
            if cell is None:
                continue
            expected += cell.expected
            parts.append(f"{_group_name(enemy, at, ships)}, "
                         f"{count_of(reach[at][here], 'hex')} away: expected "
                         f"{cell.expected} hull points, P(harm) {percent(cell.at_least_one)}")
        count = known_mines(after, enemy, here)
        why = (f"hex {here}: {count_of(count, 'mine counter')} of yours after this one, "
               f"modifier +{modifier(view.rules, count, impulse)} on impulse {impulse} "
               f"(GT-11); " + "; ".join(parts) + _near(view, side, here))
        return Suggestion(action, _label(action), (here,), expected, None, why)
    return score


def route_figures(view: GtState, enemy: str, ships: Sequence[Ship],
                  way: Sequence[str]) -> tuple[Fraction, Fraction, list[str]]:
    """(expected hull points lost, P(no ship harmed), the mined hexes met) of ``ships``
    taking ``way`` (first hex: where they are) at their slowest ship's full speed, from the
    mines as ``view`` knows them."""
    speed = _speed(view, ships)
    mods: list[int] = []
    met: list[str] = []
    for step, label in enumerate(way[1:], 1):
        count = known_mines(view, enemy, label)
        if count:
            impulse = impulse_of_step(view, step, speed)
            mods.append(modifier(view.rules, count, impulse))
            met.append(f"hex {label} ({count_of(count, 'mine')}, impulse {impulse}, "
                       f"+{mods[-1]})")
    expected, unharmed = Fraction(0), Fraction(1)
    for ship in ships:
        lost, safe = fate(view.rules, hull_left(view, ship), mods)
        expected += lost
        unharmed *= safe
    return expected, unharmed, met


def _route_scorer(ruleset: Any, view: GtState, side: str, enemy: str,
                  groups: list[tuple[str, list[Ship]]], goal: str) -> Any:
    """Scores under the target model. A lay off every group's way changes nothing the
    model looks at: the weights grow only in its hex, so each way stays the best, and no
    mine is added on any way — so such a lay scores what the board scores now, worked out
    once; only a lay on some way is tried on a copy of the view and the ways through its
    hex found again (a mine and a dummy look alike to the enemy, so once per hex)."""
    moving = [(at, ships) for at, ships in groups if at != goal]
    before = {at: least_loss_way(view, enemy, ships, at, goal) for at, ships in moving}
    now = {at: route_figures(view, enemy, ships, way)
           for at, ships in moving if (way := before[at]) is not None}
    turned: dict[tuple[str, str], tuple[str, ...] | None] = {}

    def said(at: str, ships: list[Ship], way: tuple[str, ...], lost: Fraction,
             met: list[str]) -> str:
        return (f"{_group_name(enemy, at, ships)} goes {'→'.join(way)}"
                + (f", meeting {and_list(met)}: expected {lost} hull points" if met else
                   ", meeting no mine of yours"))

    def score(action: PlaceCounter) -> Suggestion:
        here = action.hex
        on = {at for at, way in before.items() if way is not None and here in way[1:]}
        after = what_if(ruleset, view, action) if on else view
        expected, unharmed, parts = Fraction(0), Fraction(1), []
        for at, ships in moving:
            way = before[at]
            if at in on:
                if (at, here) not in turned:
                    turned[(at, here)] = least_loss_way(after, enemy, ships, at, goal)
                way = turned[(at, here)]
                figures = None if way is None else route_figures(after, enemy, ships, way)
            else:
                figures = now.get(at)
            if way is None or figures is None:
                continue
            lost, safe, met = figures
            expected += lost
            unharmed *= safe
            parts.append(said(at, ships, way, lost, met))
        kind = ("a mine" if action.mine else
                "a dummy (no roll, GT-10, but the enemy cannot tell and may turn)")
        where = "" if on else " — on no enemy way, so the ways and figures are as now"
        why = f"{kind} in hex {here}{where}: " + "; ".join(parts) + \
            (_near(view, side, here) if action.mine else "")
        return Suggestion(action, _label(action), (here,), expected, 1 - unharmed, why)
    return score
