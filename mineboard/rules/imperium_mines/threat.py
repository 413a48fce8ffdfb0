"""The threat map of imperium-mines: what one fleet would lose jumping into each mined
system on its first jump, from the counters the viewer's view holds (its own exactly; the
other side's face-down counters are backs of no known value, IM-08, and weigh nothing
until turned up)."""

from __future__ import annotations

from fractions import Fraction

from mineboard.core.threat import Threat, ThreatGroup, ThreatMap
from mineboard.core.words import count_of, possessive
from mineboard.rules.imperium_mines.odds import afoul_chance, hits_per_ship
from mineboard.rules.imperium_mines.state import ImperiumState


def groups(view: ImperiumState) -> list[ThreatGroup]:
    order = {s: i for i, s in enumerate(view.sides)}
    fleets = sorted(view.fleets.values(), key=lambda f: (order.get(f.side, 99), f.id))
    return [ThreatGroup(f.id, f"{f.side}: {f.id}, {count_of(len(f.ships), 'ship')} at "
                              f"{view.system_name(f.system)}", f.side)
            for f in fleets if f.ships]


def threat(view: ImperiumState, key: str) -> ThreatMap | None:
    """Each system holding counters of the fleet's enemy: the fleet runs afoul with
    P(IM-18, IM-19: first jump, its own sweepers), then each ship takes a die per point
    (IM-22) and is lost when its hits reach its hull (IM-28's damage model)."""
    fleet = view.fleets.get(key)
    if fleet is None or not fleet.ships:
        return None
    rule = view.rules.check
    sweepers = view.count_of(fleet, "sweeps")
    cells: dict[str, Threat] = {}
    for system in sorted(view.minefields):
        counters = view.enemy_counters(system, fleet.side)
        if not counters:
            continue
        points = view.enemy_points(system, fleet.side)
        unknown = sum(1 for c in counters if not c.known)
        afoul = afoul_chance(rule, points, 1, sweepers) if points else Fraction(0)
        survive = []
        for ship in fleet.ships:
            left = view.rules.hull_of(ship.type) - ship.hits
            hits = hits_per_ship(points, view.rules.hit_on, left) if points else None
            survive.append(Fraction(1) if hits is None else 1 - hits.prob(left))
        expected = afoul * sum(1 - s for s in survive)
        none_lost = Fraction(1)
        for s in survive:
            none_lost *= s
        why = (f"{view.system_name(system)}: {count_of(points, 'known mine point')}"
               + (f", {count_of(unknown, 'face-down counter')} of unknown value not counted"
                  if unknown else "")
               + f"; P(afoul) = {afoul} (IM-18, IM-19), a die a point against each ship (IM-22)")
        if expected > 0:
            cells[system] = Threat(Fraction(expected), afoul * (1 - none_lost), why)
    return ThreatMap(
        title=f"Threat to {possessive(fleet.side)} {fleet.id} "
              f"({count_of(len(fleet.ships), 'ship')}), "
              "jumping into each system on its first jump",
        unit="ships lost", cells=cells,
        known="from the counters you know: your own exactly; the other side's face-down "
              "counters count for nothing until they are turned up")
