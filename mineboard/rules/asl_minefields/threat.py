"""The threat map of asl-minefields: what a side's units in one hex would suffer stepping
into each hex that holds another side's minefields, from the view alone — its own fields
exactly, another side's only as play revealed them (AM-05, AM-06: a type seen with its
strength unknown is named in the tooltip and weighs nothing). A minefield's work is to stop
a move (AM-64), so what is counted is units stopped: pinned, broken, immobilised or
eliminated."""

from __future__ import annotations

from fractions import Fraction

from mineboard.core.threat import Threat, ThreatGroup, ThreatMap
from mineboard.core.words import count_of, possessive
from mineboard.rules.asl_minefields.odds import entry_fate
from mineboard.rules.asl_minefields.state import AmState, Unit

KINDS = {"ap": "A-P", "at": "A-T"}


def _movers(view: AmState, side: str, at: str) -> list[Unit]:
    """The units a threat map can be worked for: on the map, alive, of a known type (a
    concealed enemy shows where it is, never what, AM-15)."""
    return sorted((u for u in view.units.values() if u.side == side and u.hex == at
                   and not u.eliminated and u.known), key=lambda u: u.id)


def groups(view: AmState) -> list[ThreatGroup]:
    order = {s: i for i, s in enumerate(view.sides)}
    stacks = sorted({(u.side, u.hex) for u in view.units.values() if u.hex is not None},
                    key=lambda k: (order.get(k[0], 99), k))
    out = []
    for side, at in stacks:
        units = _movers(view, side, at)
        if units:
            out.append(ThreatGroup(f"{side}@{at}", f"{side}: {count_of(len(units), 'unit')} "
                                                   f"in {at}", side))
    return out


def threat(view: AmState, key: str) -> ThreatMap | None:
    """Each hex with another side's fields in the view: every unit of the group steps in
    where nothing spares it (no road, no Trail Break), the attacks in the clauses' order
    (AM-18) and their results through the unit's morale model, exactly as a planned
    path's odds are worked (odds.entry_fate)."""
    side, _, at = key.partition("@")
    units = _movers(view, side, at)
    if not units:
        return None
    cells: dict[str, Threat] = {}
    for owner in sorted(o for o in view.minefields if o != side):
        for hex_id, field in sorted(view.minefields[owner].items()):
            stopped: list[Fraction] = []
            unknown: set[str] = set()
            for unit in units:
                dist, left_out = entry_fate(view, owner, unit, hex_id)
                stopped.append(sum((p for track, p in dist.fractions().items()
                                    if track.stop is not None), Fraction(0)))
                unknown |= {KINDS[k.kind] for k in left_out}
            expected = sum(stopped, Fraction(0))
            none = Fraction(1)
            for p in stopped:
                none *= 1 - p
            if expected <= 0 or (hex_id in cells and cells[hex_id].expected >= expected):
                continue
            parts = [f"{kind} {v}" for kind, v in (("A-P", field.ap), ("A-T", field.at)) if v]
            why = (f"{hex_id}: {possessive(owner)} {', '.join(parts)} (AM-12, AM-29)"
                   + (f"; {' and '.join(sorted(unknown))} of unknown strength not counted "
                      "(AM-06)" if unknown else ""))
            cells[hex_id] = Threat(expected, 1 - none, why)
    return ThreatMap(
        title=f"Threat to {possessive(side)} {count_of(len(units), 'unit')} in {at}, "
              "stepping into each mined hex",
        unit="units stopped", cells=cells,
        known="from the minefields you know: your own exactly; another side's as far as "
              "play revealed them (a strength not yet shown counts for nothing)")
