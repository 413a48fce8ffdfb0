"""Exact odds of losses on a planned route, by dynamic programming over chance states.

The state after each crossing is (ships lost so far, mines left in any field the route
meets again). Ships are lost in a fixed order (the crossing player's choice, NL-21), so
"k lost" says exactly which ships survive — and so which sweepers are still sweeping.
Each crossing of a line turns a state into a distribution: sweeping (NL-22/23) thins the
enemy fields on the line, then each field in turn sinks min(ships, Binomial(mines, p))
(NL-15 stops at the casualty count) — the order the game plays them in.

Only what a crossing needs is worked out: the binomials up to the ships still afloat
(``core/chance``), and where every sweep die falls on one field that the route does not
meet again — the usual crossing — the sweep folds into that field's own roll instead of
branching on every count of mines it can leave (:func:`_defence`). So a thousand mines
against two hundred sweeping Escorts take milliseconds (issue 11).

This module knows nothing of a game: ``mineboard odds`` imports it alone. The odds of a
planned move in a game are in :mod:`mineboard.rules.naval_lines.previews`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import groupby
from typing import Annotated

from mineboard.core.chance import Dist, binomial, capped_binomial, capped_binomial_sum
from mineboard.core.errors import BadInput
from mineboard.core.planning import Preview, percent
from mineboard.core.schema import Doc, Range
from mineboard.core.words import count_of
from mineboard.rules.naval_lines.data import MineData, default_rule_data


@dataclass(frozen=True, slots=True)
class SweepRule:
    """How Escorts sweep a line: up to ``dice`` dice each, a mine off per success (NL-22/23)."""

    dice: int
    chance: Fraction

    @staticmethod
    def of(mine: MineData) -> SweepRule:
        return SweepRule(mine.sweep_dice, mine.sweep_chance)


@dataclass(frozen=True, slots=True)
class FieldCrossing:
    """One minefield met on the route. ``key`` ties repeated crossings of the same field;
    ``swept`` is how sweeping Escorts thin it first (None: it is not swept). Fields with
    the same ``crossing`` are met at one crossing of one line, in this order, and share
    each Escort's sweep dice (NL-22); None: a crossing of its own."""

    key: str
    mines: int
    detonate: Fraction
    swept: SweepRule | None = None
    crossing: int | None = None


@lru_cache(maxsize=65536)
def sweep(pools: tuple[int, ...], sweepers: int, rule: SweepRule) -> Dist[tuple[int, ...]]:
    """Mines left in each enemy field of a line after ``sweepers`` Escorts each roll
    min(dice, mines left on the line) dice, at the fields in order (NL-22, NL-23)."""
    if _all_dice_at_first(pools, sweepers, rule):
        return binomial(rule.dice * sweepers, rule.chance).map(
            lambda s: (pools[0] - s, *pools[1:]))

    def one_escort(left: tuple[int, ...]) -> Dist[tuple[int, ...]]:
        budget = min(rule.dice, sum(left))
        dist: Dist[tuple[int, ...]] = Dist.certain(())
        for mines in left:
            rolled = min(budget, mines)
            budget -= rolled

            def field(done: tuple[int, ...], m: int = mines, r: int = rolled
                      ) -> Dist[tuple[int, ...]]:
                return binomial(r, rule.chance).map(lambda s: (*done, m - s))

            dist = dist.bind(field)
        return dist

    dist: Dist[tuple[int, ...]] = Dist.certain(pools)
    for _ in range(sweepers):
        dist = dist.bind(one_escort)
    return dist


def _all_dice_at_first(pools: tuple[int, ...], sweepers: int, rule: SweepRule) -> bool:
    """Whether every Escort rolls all its dice at the first field: it holds enough mines
    that even if every die before removed one, the next Escort still finds ``dice`` there.
    Then the sweep is ``dice × sweepers`` independent dice, one Binomial, with no
    Escort-by-Escort bookkeeping."""
    return bool(pools) and pools[0] >= rule.dice * sweepers


State = tuple[int, tuple[tuple[str, int], ...]]
Crossing = list[tuple[int, FieldCrossing]]


def route_losses(fields: Sequence[FieldCrossing], sweeper_flags: Sequence[bool]) -> Dist[int]:
    """Distribution of surface ships lost along the route.

    ``sweeper_flags`` lists the crossing surface ships in the order they would be lost,
    True where that ship sweeps.
    """
    n = len(sweeper_flags)
    if len({f.key for f in fields}) == len(fields) and not any(f.swept for f in fields):
        return _independent_fields(fields, n)
    # sweepers_alive[k]: sweepers among the ships left after the first k are lost.
    sweepers_alive = tuple(sum(sweeper_flags[k:]) for k in range(n + 1))
    last_use = {f.key: i for i, f in enumerate(fields)}
    dist: Dist[State] = Dist.certain((0, ()))
    for crossing in group_crossings(fields):

        def step(state: State, crossing: Crossing = crossing) -> Dist[State]:
            return _cross(state, crossing, sweepers_alive, last_use)

        dist = dist.bind(step)
    return dist.map(lambda s: s[0])


def group_crossings(fields: Sequence[FieldCrossing]) -> list[Crossing]:
    """The route's fields grouped by the crossing they are met at, each with its index."""
    def crossing_of(item: tuple[int, FieldCrossing]) -> object:
        i, field = item
        return ("alone", i) if field.crossing is None else field.crossing

    return [list(group) for _, group in groupby(enumerate(fields), key=crossing_of)]


def _cross(state: State, crossing: Crossing, sweepers_alive: tuple[int, ...],
           last_use: dict[str, int]) -> Dist[State]:
    """One crossing of a line: the Escorts still afloat sweep its enemy fields, then each
    field defends in turn against the ships still afloat."""
    ships = len(sweepers_alive) - 1
    lost, memory = state
    remembered = dict(memory)
    pools = tuple(remembered.pop(f.key, f.mines) for _i, f in crossing)
    swept = [j for j, (_i, f) in enumerate(crossing) if f.swept]
    rule = crossing[swept[0]][1].swept if swept else None
    faced = [0] * len(crossing)

    def after_sweep(left: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
        out = list(pools)
        for j, mines in zip(swept, left, strict=True):
            out[j] = mines
        return lost, tuple(out)

    dist: Dist[tuple[int, tuple[int, ...]]] = Dist.certain((lost, pools))
    sweepers = sweepers_alive[lost]
    if rule is not None and sweepers:
        enemy = tuple(pools[j] for j in swept)
        at, first = crossing[swept[0]]
        if _all_dice_at_first(enemy, sweepers, rule) and last_use[first.key] == at:
            # Folded into its defence; its mines left go untracked, as none are met again.
            faced[swept[0]] = rule.dice * sweepers
        else:
            dist = sweep(enemy, sweepers, rule).map(after_sweep)
    for j, (_i, field) in enumerate(crossing):

        def defend(s: tuple[int, tuple[int, ...]], j: int = j, field: FieldCrossing = field
                   ) -> Dist[tuple[int, tuple[int, ...]]]:
            done, left = s
            hits = _defence(left[j], faced[j], field, ships - done)
            return hits.map(lambda h: (done + h, (*left[:j], left[j] - h, *left[j + 1:])))

        dist = dist.bind(defend)

    def remember(s: tuple[int, tuple[int, ...]]) -> State:
        done, left = s
        keep = dict(remembered)
        for (i, field), mines in zip(crossing, left, strict=True):
            if last_use[field.key] > i:
                keep[field.key] = mines
        return done, tuple(sorted(keep.items()))

    return dist.map(remember)


def _defence(mines: int, faced: int, field: FieldCrossing, ships: int) -> Dist[int]:
    """Ships a field sinks of ``ships`` afloat (NL-15), ``faced`` of its mines having met
    one sweep die each first.

    This is how a sweep folds into the defence when all the dice fall on this field and
    it is not met again (its mines left need not be known): the dice remove Binomial(D, r)
    mines, and since mines are alike that is the same as D chosen mines each removed with
    r — so those detonate with p·(1 − r), the others with p. Two binomials and a cap: a
    recurrence of a few terms per ship, not a sum over every count the sweep can leave.
    """
    if not faced or field.swept is None:
        return capped_binomial(mines, field.detonate, ships)
    survives = field.detonate * (1 - field.swept.chance)
    return capped_binomial_sum(((mines - faced, field.detonate), (faced, survives)), ships)


def _independent_fields(fields: Sequence[FieldCrossing], ships: int) -> Dist[int]:
    """The common case — each field met once, nobody sweeping — as a plain convolution.

    ``weights[k]`` over one running denominator; each field multiplies it by b**mines. The
    general DP gives the same numbers (a test checks) but spends most of its time on state
    bookkeeping this case does not need.
    """
    weights = [1] + [0] * ships
    denom = 1
    for field in fields:
        hits = binomial(field.mines, field.detonate)
        pmf = [hits.weights[j] for j in range(min(field.mines, ships) + 1)]
        new = [0] * (ships + 1)
        for lost, w in enumerate(weights):
            if not w:
                continue
            alive = ships - lost
            tail = hits.denom
            for j in range(min(alive, field.mines + 1)):
                new[lost + j] += w * pmf[j]
                tail -= pmf[j]
            if alive <= field.mines:
                new[ships] += w * tail
        weights, denom = new, denom * hits.denom
    return Dist({k: w for k, w in enumerate(weights) if w}, denom)


def single_line(mines: int, ships: int, allied: bool = False, sweepers: int = 0,
                mine: MineData | None = None) -> Dist[int]:
    """One minefield, ``ships`` crossing surface ships of which ``sweepers`` sweep."""
    mine = mine or default_rule_data().mine
    field = FieldCrossing("line", mines, mine.detonates(allied),
                          None if allied else SweepRule.of(mine))
    flags = [True] * sweepers + [False] * (ships - sweepers)
    return route_losses([field], flags)


def losses_preview(title: str, dist: Dist[int], ships: int) -> Preview:
    probs = dist.fractions()
    outcomes = tuple((f"{k} lost", probs.get(k, Fraction(0))) for k in range(ships + 1))
    expected = dist.expected()
    return Preview(title=title, axis="surface ships lost (NL-15)", outcomes=outcomes,
                   summary=f"P(no loss) = {percent(probs.get(0, Fraction(0)))}; expected "
                           f"losses {float(expected):.2f}",
                   good=0,
                   data={"distribution": {str(k): str(p) for k, p in
                                          ((k, probs.get(k, Fraction(0)))
                                           for k in range(ships + 1))},
                         "expected": str(expected)})


@dataclass(frozen=True)
class LineQuery:
    """``mineboard odds naval-lines``: ships crossing one mined naval line.

    The limits keep the whole command under a second and its fractions printable. While
    the field holds at least 3 mines per sweeper the sweep folds into the defence (a few
    terms per ship, milliseconds even at 1,000 mines and ships); a field smaller than
    that is swept Escort by Escort, which grows with the square of the sweepers and is
    what bounds them: 100 sweepers against 299 mines take about a third of a second. The
    denominators grow by 3 or 6 a mine and 6**3 a sweeper, about 700 digits at the
    limits, far below Python's 4300-digit int-to-str limit.
    """

    mines: Annotated[int, Range(0, 1000), Doc("mines in the field (0–1000)")]
    ships: Annotated[int, Range(0, 1000),
                     Doc("crossing surface ships, sweepers included (0–1000)")]
    allied: Annotated[bool, Doc("the mines belong to an ally, not an enemy (NL-16)")] = False
    sweepers: Annotated[int, Range(0, 100), Doc("attacking Escorts among the ships that sweep "
                                                 "first (NL-22; 0–100)")] = 0

    def preview(self) -> Preview:
        return line_odds(self)


def line_odds(query: LineQuery) -> Preview:
    if query.sweepers > query.ships:
        raise BadInput("--sweepers", f"{count_of(query.sweepers, 'sweeper')} but only "
                                     f"{count_of(query.ships, 'ship')}")
    if query.allied and query.sweepers:
        raise BadInput("--sweepers", "Escorts sweep enemy mines only, not an ally's (NL-22)")
    dist = single_line(query.mines, query.ships, query.allied, query.sweepers)
    mine = default_rule_data().mine
    highest = mine.allied_defense if query.allied else mine.defense
    faces = "1" if highest == 1 else f"1–{highest}"
    side = "allied" if query.allied else "enemy"
    sweeping = f", {count_of(query.sweepers, 'Escort')} sweeping first (NL-22)" \
        if query.sweepers else ""
    title = (f"naval-lines: {count_of(query.ships, 'surface ship')} "
             f"cross{'es' if query.ships == 1 else ''} {count_of(query.mines, f'{side} mine')} "
             f"(detonating on {faces}, NL-16){sweeping}")
    return losses_preview(title, dist, min(query.ships, query.mines))
