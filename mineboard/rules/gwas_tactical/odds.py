"""Exact odds of one ship's roll on the Minefield Table with the GT-11 modifiers."""

from __future__ import annotations

from fractions import Fraction

from mineboard.core.chance import dice_sum
from mineboard.rules.gwas_tactical.data import GtData, MinefieldTable


def modifier(rules: GtData, mine_counters: int, impulse: int) -> int:
    """GT-11: +1 for each mine counter beyond the first, +2 on the listed impulses."""
    return rules.per_extra_mine * max(0, mine_counters - 1) + \
        (rules.impulse_bonus if impulse in rules.plus_two else 0)


def result_distribution(table: MinefieldTable, mod: int) -> dict[str, Fraction]:
    out: dict[str, Fraction] = {}
    for total, p in dice_sum(table.dice).fractions().items():
        result = table.lookup(total + mod).result
        out[result] = out.get(result, Fraction(0)) + p
    order = [b.result for b in table.bands]
    return {r: out[r] for r in order if r in out}
