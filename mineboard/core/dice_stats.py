"""Dice statistics (*View ▸ Dice*): are the dice fair, and did the mines do what the odds said?

Two questions players of online wargames ask. *Are the dice fair?* — each side's rolls
counted by face, with Pearson's chi-square test against a fair die and its p-value. *Were
the mines lucky?* — each kind of resolution whose event states its exact chance
(``DiceRolled.chance``: a mine detonating, a sweep clearing, a fleet running afoul),
the number that counted against the sum of those chances, with the exact two-sided
p-value of the count (the sum of unequal Bernoulli trials, computed, not approximated).

Everything is read from what one seat may see (:meth:`Observation.dice_seen`): another
side's secret actions add nothing, and a hidden event counts as that seat reads it.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from mineboard.core.dice import Roll
from mineboard.core.events import DiceRolled, Event

MIN_EXPECTED_PER_FACE = 5
"""Below this many rolls expected per face the chi-square test is not to be trusted (the
usual rule of thumb), and the panel says so instead of printing a p-value."""

NOBODY = "(no side)"
"""Rolls of actions played while no side was to move (a script's setup)."""


@dataclass(frozen=True, slots=True)
class FaceCounts:
    """One side's rolls of one kind of die."""

    sides: int
    counts: tuple[int, ...]
    """Rolls of face 1, 2, …, ``sides``."""

    @property
    def rolls(self) -> int:
        return sum(self.counts)

    @property
    def expected(self) -> Fraction:
        return Fraction(self.rolls, self.sides)

    @property
    def chi_square(self) -> Fraction:
        """Pearson's statistic against a fair die, exactly."""
        e = self.expected
        return sum(((c - e) ** 2 / e for c in self.counts), Fraction(0)) if e else Fraction(0)

    @property
    def judged(self) -> bool:
        return self.expected >= MIN_EXPECTED_PER_FACE

    @property
    def p_value(self) -> float | None:
        """P(a fair die gives a statistic this large or larger); None: too few rolls."""
        if not self.judged:
            return None
        return chi_square_survival(float(self.chi_square), self.sides - 1)


@dataclass(frozen=True, slots=True)
class Outcomes:
    """One side's resolutions of one kind whose chance the rules stated."""

    kind: str
    clause: str
    chances: tuple[Fraction, ...]
    counted: int

    @property
    def tries(self) -> int:
        return len(self.chances)

    @property
    def expected(self) -> Fraction:
        return sum(self.chances, Fraction(0))

    @property
    def p_value(self) -> float:
        """Exact two-sided: twice the smaller tail at the count seen, at most 1."""
        dist = poisson_binomial([float(c) for c in self.chances])
        low = sum(dist[: self.counted + 1])
        high = sum(dist[self.counted:])
        return min(1.0, 2 * min(low, high))

    @property
    def label(self) -> str:
        """The event kind as words: ``MineRolled`` → ``Mine rolled``."""
        words = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", self.kind).lower()
        return words[:1].upper() + words[1:]


@dataclass(slots=True)
class SideDice:
    side: str
    faces: dict[int, FaceCounts] = field(default_factory=dict)
    outcomes: dict[tuple[str, str], Outcomes] = field(default_factory=dict)


def dice_statistics(
        seen: Iterable[tuple[str | None, Sequence[Roll], Sequence[Event]]],
) -> dict[str, SideDice]:
    """Per side to move, its dice by face and its stated-chance outcomes, from
    :meth:`Observation.dice_seen`. Sides in the order they first rolled."""
    faces: dict[str, dict[int, list[int]]] = {}
    outcomes: dict[str, dict[tuple[str, str], tuple[list[Fraction], int]]] = {}
    for mover, rolls, events in seen:
        side = mover or NOBODY
        for roll in rolls:
            counts = faces.setdefault(side, {}).setdefault(roll.sides, [0] * roll.sides)
            if 1 <= roll.value <= roll.sides:
                counts[roll.value - 1] += 1
        for event in events:
            if isinstance(event, DiceRolled) and event.chance is not None:
                key = (event.kind, event.clause)
                chances, counted = outcomes.setdefault(side, {}).get(key, ([], 0))
                chances.append(Fraction(event.chance))
                outcomes[side][key] = (chances, counted + any(event.hits))
    out: dict[str, SideDice] = {}
    for side in [*faces, *(s for s in outcomes if s not in faces)]:
        stats = out[side] = SideDice(side)
        for sides, counts in sorted(faces.get(side, {}).items()):
            stats.faces[sides] = FaceCounts(sides, tuple(counts))
        for (kind, clause), (chances, counted) in outcomes.get(side, {}).items():
            stats.outcomes[(kind, clause)] = Outcomes(kind, clause, tuple(chances), counted)
    return out


def poisson_binomial(chances: Sequence[float]) -> list[float]:
    """P(exactly k of independent trials with these chances succeed), k = 0…n."""
    dist = [1.0]
    for p in chances:
        nxt = [0.0] * (len(dist) + 1)
        for k, q in enumerate(dist):
            nxt[k] += q * (1 - p)
            nxt[k + 1] += q * p
        dist = nxt
    return dist


def chi_square_survival(x: float, dof: int) -> float:
    """P(χ² with ``dof`` degrees of freedom ≥ x): the regularised upper incomplete gamma
    Q(dof/2, x/2), in closed form for the whole and half-whole orders dice give."""
    if dof < 1:
        raise ValueError("a chi-square test needs at least one degree of freedom")
    if x <= 0:
        return 1.0
    half = x / 2
    if dof % 2 == 0:  # Q(n, t) = e^-t Σ_{i<n} t^i / i!
        term, total = 1.0, 1.0
        for i in range(1, dof // 2):
            term *= half / i
            total += term
        return min(1.0, math.exp(-half) * total)
    # Q(1/2, t) = erfc(√t); Q(a + 1, t) = Q(a, t) + t^a e^-t / Γ(a + 1)
    q = math.erfc(math.sqrt(half))
    a = 0.5
    while a < dof / 2:
        q += math.exp(a * math.log(half) - half - math.lgamma(a + 1))
        a += 1
    return min(1.0, q)
