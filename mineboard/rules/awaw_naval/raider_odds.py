"""Exact odds of the Raider Table (AW-178…AW-184), as fractions, from a modifier total.

One die plus the modifiers says how many ships may engage a raider group (0 or less: it
slips through undetected); that many dice then name the ship types. The number of ships is
a shifted die; the count of each type over N dice is binomial, and the make-up of the N
dice as a whole (how many of each face) is multinomial — counted, never enumerated over
6^N rolls, so even the largest group the rules allow answers in well under 20 ms
(``mineboard bench awaw_raider_odds``).

Pure: numbers in, fractions out; no game, no state (raider_data.py turns a situation into
the modifier total, the engine's preview and ``mineboard odds awaw-naval raider`` both call
this).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import comb, factorial

SIDES = 6


def roll_distribution(modifier: int, sides: int = SIDES) -> dict[int, Fraction]:
    """The modified roll: each value's chance (a die plus ``modifier``)."""
    return {face + modifier: Fraction(1, sides) for face in range(1, sides + 1)}


def ships_distribution(modifier: int, sides: int = SIDES) -> dict[int, Fraction]:
    """How many ships engage: 0 (undetected, a modified roll of 0 or less) or the modified
    roll itself (AW-178, AW-184)."""
    out: dict[int, Fraction] = {}
    for value, p in roll_distribution(modifier, sides).items():
        n = max(value, 0)
        out[n] = out.get(n, Fraction(0)) + p
    return dict(sorted(out.items()))


def undetected(modifier: int, sides: int = SIDES) -> Fraction:
    """P(the group slips through undetected): a modified roll of 0 or less."""
    return ships_distribution(modifier, sides).get(0, Fraction(0))


@cache
def count_of_a_face(n: int, sides: int = SIDES) -> tuple[Fraction, ...]:
    """Over ``n`` dice, P(a given face shows k times), k = 0…n (binomial, 1/sides)."""
    total = sides ** n
    return tuple(Fraction(comb(n, k) * (sides - 1) ** (n - k), total) for k in range(n + 1))


def compositions(n: int, parts: int = SIDES) -> Iterator[tuple[int, ...]]:
    """Every way to split ``n`` dice among ``parts`` faces (counts per face)."""
    if parts == 1:
        yield (n,)
        return
    for first in range(n, -1, -1):
        for rest in compositions(n - first, parts - 1):
            yield (first, *rest)


@cache
def faces_given(n: int, sides: int = SIDES) -> dict[tuple[int, ...], Fraction]:
    """The make-up of ``n`` ship-type dice: counts of faces 1…sides → exact chance
    (multinomial: n! / ∏ c! over sides^n)."""
    total = sides ** n
    top = factorial(n)
    out = {}
    for c in compositions(n, sides):
        ways = top
        for k in c:
            ways //= factorial(k)
        out[c] = Fraction(ways, total)
    return out


@dataclass(frozen=True)
class RaiderOdds:
    """Everything the Raider Table can do to one group, exactly."""

    modifier: int
    roll: dict[int, Fraction]
    ships: dict[int, Fraction]
    """Number of engaging ships (0: undetected) → chance."""
    types: dict[int, dict[int, Fraction]]
    """Face (ship type) → how many dice show it → chance, over the whole roll."""

    @property
    def undetected(self) -> Fraction:
        return self.ships.get(0, Fraction(0))

    @property
    def engaged(self) -> Fraction:
        return 1 - self.undetected

    def expected(self, face: int) -> Fraction:
        return sum((k * p for k, p in self.types[face].items()), Fraction(0))


def raider_odds(modifier: int, sides: int = SIDES) -> RaiderOdds:
    """The exact odds for a group whose Raider Table modifiers add up to ``modifier``."""
    ships = ships_distribution(modifier, sides)
    types: dict[int, dict[int, Fraction]] = {}
    for face in range(1, sides + 1):
        dist: dict[int, Fraction] = {}
        for n, pn in ships.items():
            for k, pk in enumerate(count_of_a_face(n, sides)):
                if pk:
                    dist[k] = dist.get(k, Fraction(0)) + pn * pk
        types[face] = dict(sorted(dist.items()))
    return RaiderOdds(modifier, roll_distribution(modifier, sides), ships, types)


def make_up(modifier: int, sides: int = SIDES) -> dict[tuple[int, ...], Fraction]:
    """The joint make-up of the whole roll (counts per face, all zero when undetected):
    the multinomial of each N mixed by the chance of N."""
    out: dict[tuple[int, ...], Fraction] = {}
    for n, pn in ships_distribution(modifier, sides).items():
        for c, pc in faces_given(n, sides).items():
            out[c] = out.get(c, Fraction(0)) + pn * pc
    return out
