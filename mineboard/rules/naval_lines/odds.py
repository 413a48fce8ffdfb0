"""Exact odds of losses on a planned route, by dynamic programming over chance states.

The state after each minefield is (ships lost so far, mines left in any field the route
meets again). Ships are lost in a fixed order (the crossing player's choice, NL-21), so
"k lost" says exactly which ships survive — and so which sweepers are still sweeping.
Each minefield turns a state into a distribution: sweeping (NL-22/23) thins the mines,
then the field sinks min(ships, Binomial(mines, p)) (NL-15 stops at the casualty count).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from mineboard.core.chance import Dist, binomial, capped_binomial

SWEEP_CHANCE = Fraction(1, 6)
SWEEP_DICE = 3
ENEMY = Fraction(1, 3)
ALLIED = Fraction(1, 6)


@dataclass(frozen=True, slots=True)
class FieldCrossing:
    """One minefield met on the route. ``key`` ties repeated crossings of the same field."""

    key: str
    mines: int
    detonate: Fraction
    sweepable: bool = False


@lru_cache(maxsize=65536)
def sweep(mines: int, sweepers: int) -> Dist[int]:
    """Mines left after ``sweepers`` Escorts each roll min(3, mines left) dice, 1s removing."""
    def one_escort(m: int) -> Dist[int]:
        return binomial(min(SWEEP_DICE, m), SWEEP_CHANCE).map(lambda s: m - s)

    dist: Dist[int] = Dist.certain(mines)
    for _ in range(sweepers):
        dist = dist.bind(one_escort)
    return dist


State = tuple[int, tuple[tuple[str, int], ...]]


def route_losses(fields: Sequence[FieldCrossing], sweeper_flags: Sequence[bool]) -> Dist[int]:
    """Distribution of surface ships lost along the route.

    ``sweeper_flags`` lists the crossing surface ships in the order they would be lost,
    True where that ship sweeps.
    """
    n = len(sweeper_flags)
    if len({f.key for f in fields}) == len(fields) and not any(f.sweepable for f in fields):
        return _independent_fields(fields, n)
    # sweepers_alive[k]: sweepers among the ships left after the first k are lost.
    sweepers_alive = [sum(sweeper_flags[k:]) for k in range(n + 1)]
    last_use = {f.key: i for i, f in enumerate(fields)}
    dist: Dist[State] = Dist.certain((0, ()))
    for i, field in enumerate(fields):

        def step(state: State, i: int = i, field: FieldCrossing = field) -> Dist[State]:
            lost, memory = state
            remembered = dict(memory)
            mines = remembered.pop(field.key, field.mines)
            before = sweep(mines, sweepers_alive[lost]) if field.sweepable else \
                Dist.certain(mines)

            def defend(m: int) -> Dist[State]:
                alive = n - lost
                hits = capped_binomial(m, field.detonate, alive)

                def after(h: int) -> State:
                    keep = dict(remembered)
                    if last_use[field.key] > i:
                        keep[field.key] = m - h
                    return lost + h, tuple(sorted(keep.items()))

                return hits.map(after)

            return before.bind(defend)

        dist = dist.bind(step)
    return dist.map(lambda s: s[0])


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


def single_line(mines: int, ships: int, allied: bool = False, sweepers: int = 0) -> Dist[int]:
    """One minefield, ``ships`` crossing surface ships of which ``sweepers`` sweep."""
    field = FieldCrossing("line", mines, ALLIED if allied else ENEMY, sweepable=not allied)
    flags = [True] * sweepers + [False] * (ships - sweepers)
    return route_losses([field], flags)
