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
        """The mean of ``value(outcome)``; outcomes themselves when they are numbers."""
        total = Fraction(0)
        for k, w in self.weights.items():
            v = value(k) if value is not None else k
            total += Fraction(w) * v  # type: ignore[operator]
        return total / self.denom


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


@lru_cache(maxsize=4096)
def binomial(n: int, p: Fraction) -> Dist[int]:
    """Number of successes in ``n`` independent trials of probability ``p``."""
    a, b = p.numerator, p.denominator
    q = b - a
    return Dist({k: math.comb(n, k) * a**k * q ** (n - k) for k in range(n + 1)}, b**n)


@lru_cache(maxsize=65536)
def capped_binomial(n: int, p: Fraction, cap: int) -> Dist[int]:
    """``min(cap, Binomial(n, p))``: dice rolled one at a time until ``cap`` successes."""
    full = binomial(n, p)
    if cap >= n:
        return full
    weights = {k: full.weights[k] for k in range(cap)}
    weights[cap] = full.denom - sum(weights.values())
    return Dist(weights, full.denom)


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
    """A weighted mixture of distributions (weights sum to 1)."""
    parts = list(parts)
    chooser = Dist.from_fractions({i: w for i, (w, _) in enumerate(parts)})
    return chooser.bind(lambda i: parts[i][1])


def fraction_text(p: Fraction) -> str:
    """Odds as a player reads them: '1/3 (33.3 %)'."""
    return f"{p} ({float(p) * 100:.1f} %)"
