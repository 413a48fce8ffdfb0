"""Exact odds of the minefield check (dice + modifiers ≥ the afoul number, IM-18/IM-19) and
of mine hits on each ship (IM-22); the numbers come from the ship table."""

from __future__ import annotations

from fractions import Fraction

from mineboard.core.chance import Dist, binomial, capped_binomial, dice_sum, mix
from mineboard.rules.imperium_mines.data import CheckRule

SIX = Fraction(1, 6)


def modifier(rule: CheckRule, points: int, jump: int, sweepers: int) -> int:
    """IM-18 and IM-32: +1 per mine point, a flat +1 from the 2nd jump on, −1 per sweeper."""
    later = rule.later_jump_bonus if jump >= 2 else 0
    return rule.per_mine_point * points + later + rule.per_sweeper * sweepers


def afoul_chance(rule: CheckRule, points: int, jump: int, sweepers: int) -> Fraction:
    """IM-19: P(dice + modifier ≥ afoul_at). Without mine points no one rolls: false
    counters only (IM-16) or a field swept clear (IM-27)."""
    if points <= 0:
        return Fraction(0)
    need = rule.afoul_at - modifier(rule, points, jump, sweepers)
    dist = dice_sum(rule.dice)
    return sum((dist.prob(s) for s in dist.weights if s >= need), Fraction(0))


def hits_per_ship(points: int, hit_on: int = 6, cap: int | None = None) -> Dist[int]:
    """IM-22: one die per mine point against each ship, a hit on each 6. With ``cap`` the
    count stops there (``cap`` stands for "cap or more"): only the terms below it are
    worked out, so ten thousand points cost a handful of terms, not ten thousand."""
    chance = Fraction(7 - hit_on, 6)
    return binomial(points, chance) if cap is None else capped_binomial(points, chance, cap)


def ship_damage(rule: CheckRule, points: int, jump: int, sweepers: int, hull: int,
                hit_on: int = 6) -> Dist[int]:
    """Hits one ship takes entering a system of ``points`` mine points: none unless its
    fleet runs afoul (IM-19), then a die per point (IM-22), ``hull`` standing for
    destroyed (the damage model: a ship is lost when its hits reach its hull)."""
    afoul = afoul_chance(rule, points, jump, sweepers)
    return mix([(1 - afoul, Dist.certain(0)), (afoul, hits_per_ship(points, hit_on, hull))])
