"""The threat map of naval-lines: what a nation's ships in one zone would lose crossing each
mined line, from the fields the viewer's view holds (its own exactly; hidden enemy fields
only as last seen, NL-01 hidden)."""

from __future__ import annotations

from mineboard.core.threat import Threat, ThreatGroup, ThreatMap
from mineboard.core.words import count_of, possessive
from mineboard.rules.naval_lines.effects import detonation_chance, facing_fields, pool
from mineboard.rules.naval_lines.odds import FieldCrossing, route_losses
from mineboard.rules.naval_lines.state import NavalState


def groups(view: NavalState) -> list[ThreatGroup]:
    """Each nation's surface ships that mines can sink, zone by zone (NL-21: submarines
    and planes pass minefields freely)."""
    found: dict[tuple[str, str], int] = {}
    for unit in view.units.values():
        if view.unit_type(unit).mine_target:
            key = (unit.nation, unit.zone)
            found[key] = found.get(key, 0) + 1
    order = {n: i for i, n in enumerate(view.turn_order)}
    return [ThreatGroup(f"{nation}@{zone}", f"{nation}: {count_of(n, 'ship')} in {zone}",
                        view.side_of(nation))
            for (nation, zone), n in sorted(found.items(), key=lambda kv: (order.get(
                kv[0][0], 99), kv[0]))]


def threat(view: NavalState, key: str) -> ThreatMap | None:
    """Each line with fields the group would meet: the losses of all its ships crossing
    it without sweeping, the worse of the two ways across (NL-12's one-way setting makes
    them differ)."""
    nation, _, zone = key.partition("@")
    ships = [u for u in view.units.values()
             if u.nation == nation and u.zone == zone and view.unit_type(u).mine_target]
    if nation not in view.nations or not ships:
        return None
    cells: dict[str, Threat] = {}
    for line in sorted({f.line for f in view.minefields}):
        way = view.board.ways.get(line)
        if way is None:
            continue
        worst: Threat | None = None
        for entered in (way.a, way.b):
            met = facing_fields(view, line, entered, nation)
            if not met:
                continue
            fields = [FieldCrossing(f"{line}/{owner}", pool(group),
                                    detonation_chance(view, owner, nation)[0], None)
                      for owner, group in met]
            dist = route_losses(fields, [False] * len(ships))
            why = "; ".join(f"{owner} {count_of(pool(group), 'mine')} (P = "
                            f"{detonation_chance(view, owner, nation)[0]} a die, NL-15, NL-16)"
                            for owner, group in met)
            found = Threat(dist.expected(), 1 - dist.prob(0), f"line {line}: {why}")
            if worst is None or found.expected > worst.expected:
                worst = found
        if worst is not None and worst.expected > 0:
            cells[line] = worst
    return ThreatMap(
        title=f"Threat to {possessive(nation)} {count_of(len(ships), 'ship')} in {zone}, crossing "
              "each line without sweeping",
        unit="ships lost", cells=cells,
        known="from the minefields you know of: your own exactly, the others as last seen")

