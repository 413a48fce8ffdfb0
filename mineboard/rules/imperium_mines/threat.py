"""The threat map of imperium-mines: what one fleet would lose jumping into each mined
system on its first jump, from the counters the viewer's view holds (its own exactly; the
other side's face-down counters are backs of no known value, IM-08, and weigh nothing
until turned up)."""

from __future__ import annotations

from fractions import Fraction

from mineboard.core.threat import Threat, ThreatGroup, ThreatMap
from mineboard.core.words import count_of, possessive
from mineboard.rules.imperium_mines.odds import afoul_chance, hits_per_ship
from mineboard.rules.imperium_mines.state import Fleet, ImperiumState


def groups(view: ImperiumState) -> list[ThreatGroup]:
    order = {s: i for i, s in enumerate(view.sides)}
    fleets = sorted(view.fleets.values(), key=lambda f: (order.get(f.side, 99), f.id))
    return [ThreatGroup(f.id, f"{f.side}: {f.id}, {count_of(len(f.ships), 'ship')} at "
                              f"{view.system_name(f.system)}", f.side)
            for f in fleets if f.ships]


def survival(view: ImperiumState, fleet: Fleet, dice: int) -> list[Fraction]:
    """Each ship's chance to come through ``dice`` mine dice (IM-22) afloat: it is lost when
    its hits reach what is left of its hull (IM-28's damage model). Hits from several
    fields add up (IM-23), so this serves a whole way as well as one system."""
    out = []
    for ship in fleet.ships:
        left = view.rules.hull_of(ship.type) - ship.hits
        hits = hits_per_ship(dice, view.rules.hit_on, left) if dice else None
        out.append(Fraction(1) if hits is None else 1 - hits.prob(left))
    return out


def fleet_loss(view: ImperiumState, fleet: Fleet, points: int,
               jump: int) -> tuple[Fraction, Fraction]:
    """(expected ships lost, P(at least one lost)) for ``fleet`` entering a system of
    ``points`` enemy mine points on jump ``jump`` of its segment: it runs afoul with
    P(IM-18, IM-19, its own sweepers), then each ship takes a die a point (IM-22)."""
    if points <= 0:
        return Fraction(0), Fraction(0)
    afoul = afoul_chance(view.rules.check, points, jump, view.count_of(fleet, "sweeps"))
    survive = survival(view, fleet, points)
    none_lost = Fraction(1)
    for s in survive:
        none_lost *= s
    return afoul * sum(1 - s for s in survive), afoul * (1 - none_lost)


def threat(view: ImperiumState, key: str) -> ThreatMap | None:
    """Each system holding counters of the fleet's enemy: the fleet runs afoul with
    P(IM-18, IM-19: first jump, its own sweepers), then each ship takes a die per point
    (IM-22) and is lost when its hits reach its hull (IM-28's damage model)."""
    fleet = view.fleets.get(key)
    if fleet is None or not fleet.ships:
        return None
    cells: dict[str, Threat] = {}
    for system in sorted(view.minefields):
        counters = view.enemy_counters(system, fleet.side)
        if not counters:
            continue
        points = view.enemy_points(system, fleet.side)
        unknown = sum(1 for c in counters if not c.known)
        afoul = afoul_chance(view.rules.check, points, 1, view.count_of(fleet, "sweeps"))
        expected, at_least_one = fleet_loss(view, fleet, points, 1)
        why = (f"{view.system_name(system)}: {count_of(points, 'known mine point')}"
               + (f", {count_of(unknown, 'face-down counter')} of unknown value not counted"
                  if unknown else "")
               + f"; P(afoul) = {afoul} (IM-18, IM-19), a die a point against each ship (IM-22)")
        if expected > 0:
            cells[system] = Threat(expected, at_least_one, why)
    return ThreatMap(
        title=f"Threat to {possessive(fleet.side)} {fleet.id} "
              f"({count_of(len(fleet.ships), 'ship')}), "
              "jumping into each system on its first jump",
        unit="ships lost", cells=cells,
        known="from the counters you know: your own exactly; the other side's face-down "
              "counters count for nothing until they are turned up")
