"""Exact odds of the minefield check (dice + modifiers ≥ the afoul number, IM-18/IM-19) and
of mine hits on each ship (IM-22); the numbers come from the ship table."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Annotated

from mineboard.core.chance import Dist, binomial, capped_binomial, dice_sum, fraction_text, mix
from mineboard.core.errors import BadInput
from mineboard.core.planning import Preview
from mineboard.core.schema import Doc, Range
from mineboard.core.words import count_of
from mineboard.rules.imperium_mines.data import CheckRule, ShipData, default_ship_data

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


MAX_LISTED_HITS = 12
"""A mine attack's event lists the chance of each number of hits up to this many, the last
standing for "this many or more": a huge field's full table would swamp the log."""


def hit_odds(points: int, hit_on: int = 6) -> dict[str, str]:
    """IM-22: the exact chance of each number of hits one ship's attack of ``points`` dice
    makes, as fractions by label ("0 hits", "1 hit", …), for the log and the demo boards."""
    cap = MAX_LISTED_HITS if points > MAX_LISTED_HITS else None
    dist = hits_per_ship(points, hit_on, cap).fractions()
    return {count_of(k, "hit") + (" or more" if k == cap else ""): str(dist.get(k, Fraction(0)))
            for k in range(min(points, MAX_LISTED_HITS) + 1)}


def ship_damage(rule: CheckRule, points: int, jump: int, sweepers: int, hull: int,
                hit_on: int = 6) -> Dist[int]:
    """Hits one ship takes entering a system of ``points`` mine points: none unless its
    fleet runs afoul (IM-19), then a die per point (IM-22), ``hull`` standing for
    destroyed (the damage model: a ship is lost when its hits reach its hull)."""
    afoul = afoul_chance(rule, points, jump, sweepers)
    return mix([(1 - afoul, Dist.certain(0)), (afoul, hits_per_ship(points, hit_on, hull))])


MAX_QUERY_POINTS = 99
"""The odds command's largest minefield, as large as a scenario may set one down. The hit
table has a row per possible hit, each a fraction over 6**points: it grows with the square
of the points, and far beyond this it takes minutes and outgrows Python's int-to-str limit."""


@dataclass(frozen=True)
class SystemQuery:
    """``mineboard odds imperium-mines``: a fleet entering a mined star system."""

    mine_points: Annotated[int, Range(0, MAX_QUERY_POINTS),
                           Doc("enemy mine points in the system (IM-30), at most "
                               f"{MAX_QUERY_POINTS}")]
    jump: Annotated[int, Range(1, None),
                    Doc("which jump of the segment enters the system (1 = first)")] = 1
    sweepers: Annotated[int, Range(0, None), Doc("minesweepers in the entering fleet "
                                                 "(IM-18)")] = 0

    def preview(self) -> Preview:
        return system_odds(self)


def system_odds(query: SystemQuery, rules: ShipData | None = None) -> Preview:
    if query.jump < 1:
        raise BadInput("--jump", "jumps are counted from 1 (IM-32)")
    if query.mine_points > MAX_QUERY_POINTS:
        raise BadInput("--mine-points", f"at most {MAX_QUERY_POINTS} mine points (IM-22)")
    rules = rules or default_ship_data()
    afoul = afoul_chance(rules.check, query.mine_points, query.jump, query.sweepers)
    hits = hits_per_ship(query.mine_points, rules.hit_on).fractions()
    full = {k: hits.get(k, Fraction(0)) for k in range(query.mine_points + 1)}
    bonus = f" ({rules.check.later_jump_bonus:+d}, 2nd or later jump)" if query.jump >= 2 \
        else ""
    return Preview(
        title=f"imperium-mines: {count_of(query.mine_points, 'mine point')}, jump "
              f"{query.jump}{bonus}, {count_of(query.sweepers, 'minesweeper')}; "
              f"P(run afoul: {rules.check.dice}d6 + modifiers ≥ "
              f"{rules.check.afoul_at}) = "
              f"{fraction_text(afoul)}",
        axis=f"if afoul, hits on each ship (one die per mine point, "
             f"{'6' if rules.hit_on == 6 else f'{rules.hit_on}+'} hits, IM-22)",
        outcomes=tuple((count_of(k, "hit"), p) for k, p in full.items()),
        summary=f"if afoul, each ship escapes unhit with P = {fraction_text(full[0])}"
        if query.mine_points else "no mine points: no check is made (IM-16, IM-27)", good=0,
        data={"afoul": str(afoul), "hits_per_ship": {str(k): str(p) for k, p in full.items()}})


