"""Exact discrete distributions, for odds shown before a move and for the ``odds`` command.

Weights are integers over one common denominator rather than ``Fraction`` values: dice odds
are sums of products of small fractions, and keeping a single denominator turns thousands
of gcd-heavy Fraction additions into plain big-integer arithmetic (the route-odds budget
depends on it). Convert to ``Fraction`` only at the edge, with :meth:`Dist.fractions`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
J = TypeVar("J", bound=Hashable)


@dataclass(frozen=True, slots=True)
class Dist(Generic[K]):
    """A probability distribution: ``weights[k] / denom`` is P(k). Weights sum to ``denom``."""

    weights: Mapping[K, int]
    denom: int

    @staticmethod
    def certain(outcome: K) -> Dist[K]:
        return Dist({outcome: 1}, 1)

    @staticmethod
    def from_fractions(probs: Mapping[K, Fraction]) -> Dist[K]:
        denom = math.lcm(*(p.denominator for p in probs.values())) if probs else 1
        weights = {k: p.numerator * (denom // p.denominator) for k, p in probs.items() if p}
        if sum(weights.values()) != denom:
            raise ValueError("probabilities do not sum to 1")
        return Dist(weights, denom)

    def prob(self, outcome: K) -> Fraction:
        return Fraction(self.weights.get(outcome, 0), self.denom)

    def fractions(self) -> dict[K, Fraction]:
        return {k: Fraction(w, self.denom) for k, w in self.weights.items() if w}

    def map(self, f: Callable[[K], J]) -> Dist[J]:
        out: dict[J, int] = {}
        for k, w in self.weights.items():
            key = f(k)
            out[key] = out.get(key, 0) + w
        return Dist(out, self.denom)

    def bind(self, f: Callable[[K], Dist[J]]) -> Dist[J]:
        """Chain a second chance step that depends on this one's outcome."""
        children = [(w, f(k)) for k, w in self.weights.items() if w]
        denom = math.lcm(*(c.denom for _, c in children)) if children else 1
        out: dict[J, int] = {}
        for w, child in children:
            scale = w * (denom // child.denom)
            for j, cw in child.weights.items():
                out[j] = out.get(j, 0) + scale * cw
        return _reduced(out, self.denom * denom)

    def expected(self, value: Callable[[K], int | Fraction] | None = None) -> Fraction:
        """The mean of ``value(outcome)``; outcomes themselves when they are numbers.

        Summed as integers while the values are, so a distribution over hundreds of
        outcomes makes one Fraction rather than a gcd per outcome."""
        total: int | Fraction = 0
        for k, w in self.weights.items():
            v = value(k) if value is not None else k
            total += w * v  # type: ignore[operator]
        return Fraction(total) / self.denom


def _reduced(weights: dict[K, int], denom: int) -> Dist[K]:
    g = denom
    for w in weights.values():
        g = math.gcd(g, w)
        if g == 1:
            break
    if g > 1:
        weights = {k: w // g for k, w in weights.items()}
        denom //= g
    return Dist(weights, denom)


Part = tuple[int, Fraction]
"""``(n, p)``: n independent trials, each a success with probability p."""


@lru_cache(maxsize=4096)
def binomial(n: int, p: Fraction) -> Dist[int]:
    """Number of successes in ``n`` independent trials of probability ``p``."""
    return Dist(dict(enumerate(_sum_weights(((n, p),), n + 1))), p.denominator**n)


@lru_cache(maxsize=65536)
def capped_binomial(n: int, p: Fraction, cap: int) -> Dist[int]:
    """``min(cap, Binomial(n, p))``: dice rolled one at a time until ``cap`` successes."""
    if cap >= n:
        return binomial(n, p)
    return capped_binomial_sum(((n, p),), cap)


@lru_cache(maxsize=4096)
def capped_binomial_sum(parts: tuple[Part, ...], cap: int) -> Dist[int]:
    """``min(cap, Binomial(n₁, p₁) + Binomial(n₂, p₂) + …)``.

    Only the ``cap`` terms below the cap are worked out and the cap takes what is left, so
    a thousand mines against ten ships cost ten terms, not a thousand.
    """
    denom = math.prod(p.denominator**n for n, p in parts)
    trials = sum(n for n, _p in parts)
    weights = dict(enumerate(_sum_weights(parts, min(cap, trials + 1))))
    if cap <= trials:
        weights[cap] = denom - sum(weights.values())
    return Dist(weights, denom)


def _sum_weights(parts: tuple[Part, ...], count: int) -> list[int]:
    """The first ``count`` coefficients of F(z) = ∏ (q + a·z)^n over the parts (p = a/b,
    q = b − a): the weights of k successes over the denominator ∏ b^n.

    Each coefficient comes from the m before it (m = number of parts) by the recurrence
    that F′·P = F·R gives, with P = ∏ (q + a·z) and R = Σ n·a·∏_{others} (q + a·z): a few
    multiplications of a big number by a small one and one exact division, instead of
    three big powers per term — or, for a sum, a convolution of two whole lists. A part
    that always succeeds (q = 0) only shifts the count; one that never does (a = 0) or
    has no trials changes nothing.
    """
    shift = sum(n for n, p in parts if p == 1)
    live = [(n, p.numerator, p.denominator - p.numerator) for n, p in parts if n and 0 < p < 1]
    if not live:  # nothing left to chance: the count is the shift
        return [int(k == shift) for k in range(count)]
    lower = _product([[q, a] for _n, a, q in live])
    rate = [0] * len(live)
    for i, (n, a, _q) in enumerate(live):
        others = _product([[q, a] for j, (_m, a, q) in enumerate(live) if j != i])
        rate = [r + n * a * c for r, c in zip(rate, others, strict=True)]
    weights = [math.prod(q**n for n, _a, q in live)]
    for k in range(count - shift - 1):  # plain loops: this is the hot one
        total = (rate[0] - lower[1] * k) * weights[k]
        for j in range(1, min(len(live), k + 1)):
            total += (rate[j] - lower[j + 1] * (k - j)) * weights[k - j]
        weights.append(total // (lower[0] * (k + 1)))
    return ([0] * shift + weights)[:count]


def _product(polys: list[list[int]]) -> list[int]:
    """The coefficients of a product of small polynomials, lowest power first."""
    out = [1]
    for poly in polys:
        new = [0] * (len(out) + len(poly) - 1)
        for i, c in enumerate(out):
            for j, d in enumerate(poly):
                new[i + j] += c * d
        out = new
    return out


@lru_cache(maxsize=16)
def dice_sum(n: int, sides: int = 6) -> Dist[int]:
    """The total of ``n`` fair dice."""
    die: Dist[int] = Dist({face: 1 for face in range(1, sides + 1)}, sides)

    def add_die(total: int) -> Dist[int]:
        return die.map(lambda face: total + face)

    dist: Dist[int] = Dist.certain(0)
    for _ in range(n):
        dist = dist.bind(add_die)
    return dist


def mix(parts: Iterable[tuple[Fraction, Dist[K]]]) -> Dist[K]:
    """A weighted mixture of distributions (weights sum to 1). A part of weight 0 plays no
    part, and a mixture of one part is that part: a fleet sure to run afoul costs no
    reduction of its (possibly thousands of digits long) weights."""
    parts = [(w, dist) for w, dist in parts if w]
    if len(parts) == 1 and parts[0][0] == 1:
        return parts[0][1]
    chooser = Dist.from_fractions({i: w for i, (w, _) in enumerate(parts)})
    return chooser.bind(lambda i: parts[i][1])


def fraction_text(p: Fraction) -> str:
    """Odds as a player reads them: '1/3 (33.3 %)'."""
    return f"{p} ({float(p) * 100:.1f} %)"
