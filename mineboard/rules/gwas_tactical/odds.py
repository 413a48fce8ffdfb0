"""Exact odds of one ship's roll on the Minefield Table with the GT-11 modifiers."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Annotated

from mineboard.core.chance import dice_sum
from mineboard.core.errors import BadInput
from mineboard.core.planning import Preview, percent
from mineboard.core.schema import Doc, Range
from mineboard.core.words import count_of
from mineboard.rules.gwas_tactical.data import GtData, MinefieldTable, default_data


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


def meanings(table: MinefieldTable, results: list[str]) -> str:
    """What the Minefield Table results a roll may give do to the ship: one row."""
    bands = {b.result: b for b in table.bands}
    said = []
    for result in results:
        band = bands[result]
        if band.sunk:
            said.append(f"{result}: the ship sinks")
        elif band.damage:
            said.append(f"{result}: {count_of(band.damage, 'hull point')} lost")
    return f"What the results do — {'; '.join(said)}." if said else ""


def loss_chance(table: MinefieldTable, mod: int, hull_left: int) -> Fraction:
    """P(a ship with ``hull_left`` damage points to spare goes down on one roll)."""
    bands = {b.result: b for b in table.bands}
    return sum((p for r, p in result_distribution(table, mod).items()
                if bands[r].sunk or bands[r].damage >= hull_left), Fraction(0))


def table_preview(rules: GtData, mod: int, title: str, clause: str = "GT-11",
                  summary: str = "", rows: tuple[str, ...] = ()) -> Preview:
    """The odds panel of one ship's roll under ``clause``: the table's results with their
    exact chances, a row saying what each does to the ship, then ``rows``."""
    dist = result_distribution(rules.table, mod)
    outcomes = tuple(dist.items())  # never empty: a checked table has a band for every roll
    first, chance = outcomes[0]
    label = f" [{rules.table.label}]" if rules.table.label else ""
    meaning = meanings(rules.table, list(dist))
    return Preview(title=title, axis=f"Minefield Table result, each ship ({clause})",
                   outcomes=outcomes,
                   summary=f"{summary}{first}: {percent(chance)}{label}",
                   good=0, rows=(meaning, *rows) if meaning else rows,
                   data={"modifier": mod,
                         "distribution": {k: str(p) for k, p in dist.items()}})


@dataclass(frozen=True)
class HexQuery:
    """``mineboard odds gwas-tactical``: a ship entering a hex with enemy mine counters.

    The limits keep the command's answer small and quick: one ship's roll is one table
    lookup per dice total whatever the count, and past the table's last band every larger
    count gives the same odds, so 999 loses nothing a game could ask. No mine counter (0)
    passes the range so that :func:`hex_odds` can say which clause needs one.
    """

    mine_counters: Annotated[int, Range(0, 999),
                             Doc("enemy mine counters in the hex (1–999)")]
    impulse: Annotated[int, Range(1, 99),
                       Doc("the impulse (1–99; the impulse table's own run, 1–9 by default)")]

    def preview(self) -> Preview:
        return hex_odds(self)


def hex_odds(query: HexQuery) -> Preview:
    data = default_data()
    mine_counters, impulse = query.mine_counters, query.impulse
    if mine_counters < 1:
        raise BadInput("--mine-counters", "a hex needs at least one mine counter to roll "
                                          "(GT-11)")
    if impulse not in data.impulses:
        raise BadInput("--impulse", f"impulses run {data.impulses[0]}–{data.impulses[-1]}")
    mod = modifier(data, mine_counters, impulse)
    return table_preview(data, mod, f"gwas-tactical: {count_of(mine_counters, 'mine counter')}, "
                                    f"impulse "
                                    f"{impulse}: modifier +{mod} (GT-11) — table: "
                                    f"{data.table.label or 'printed'}")
