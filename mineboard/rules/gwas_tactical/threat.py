"""The threat map of gwas-tactical: what a side's ships in one hex would lose entering each
hex that holds mine counters of their enemy, this impulse, from the counters the viewer's
view holds (its own exactly; the other side's face-down counters, mine or dummy, weigh
nothing until turned up, GT-09, GT-10)."""

from __future__ import annotations

from fractions import Fraction

from mineboard.core.threat import Threat, ThreatGroup, ThreatMap
from mineboard.core.words import count_of, possessive
from mineboard.rules.gwas_tactical.odds import modifier, result_distribution
from mineboard.rules.gwas_tactical.state import GtState


def groups(view: GtState) -> list[ThreatGroup]:
    found: dict[tuple[str, str], int] = {}
    for ship in view.ships.values():
        if ship.hex is not None:
            found[(ship.side, ship.hex)] = found.get((ship.side, ship.hex), 0) + 1
    order = {s: i for i, s in enumerate(view.sides)}
    return [ThreatGroup(f"{side}@{hex_}", f"{side}: {count_of(n, 'ship')} in hex {hex_}", side)
            for (side, hex_), n in sorted(found.items(),
                                          key=lambda kv: (order.get(kv[0][0], 99), kv[0]))]


def threat(view: GtState, key: str) -> ThreatMap | None:
    """Each hex with known enemy mine counters: every ship rolls once on the Minefield
    Table entering it (or staying in it, GT-13), +1 a counter beyond the first and the
    impulse's bonus (GT-11). Counted in hull points, since most results damage rather than
    sink: a ship sunk loses all it has left; P(at least one) is that of any harm."""
    side, _, at = key.partition("@")
    ships = [s for s in view.ships.values() if s.side == side and s.hex == at]
    if not ships:
        return None
    table = view.rules.table
    bands = {b.result: b for b in table.bands}
    impulse = max(view.impulse, 1)  # before the battle: as on its first impulse
    cells: dict[str, Threat] = {}
    for label in sorted({c.hex for c in view.counters}):
        mines = sum(1 for c in view.counters_in(label) if c.owner != side and c.mine)
        if not mines:
            continue
        mod = modifier(view.rules, mines, impulse)
        odds = result_distribution(table, mod)
        expected, none = Fraction(0), Fraction(1)
        for ship in ships:
            left = view.ship_type(ship).hull - ship.damage
            expected += sum((p * (left if bands[r].sunk else min(bands[r].damage, left))
                             for r, p in odds.items()), Fraction(0))
            none *= sum((p for r, p in odds.items()
                         if not bands[r].sunk and not bands[r].damage), Fraction(0))
        if expected > 0:
            cells[label] = Threat(expected, 1 - none,
                                  f"hex {label}: {count_of(mines, 'known mine counter')}, "
                                  f"impulse {impulse}: modifier +{mod} (GT-11)"
                                  + ("; staying rolls again (GT-13)" if label == at else ""))
    return ThreatMap(
        title=f"Threat to {possessive(side)} {count_of(len(ships), 'ship')} in hex {at}, "
              f"entering each hex on impulse {impulse}",
        unit="hull points lost", cells=cells,
        known="from the counters you know: your own exactly; the other side's face-down "
              "counters count for nothing until they are turned up")
