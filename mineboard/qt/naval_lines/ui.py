"""How a naval-lines view is drawn: stacks of ships per nation, minefields on the lines
(owner's letters and the number of mines), zones and territories tinted by who holds them."""

from __future__ import annotations

from collections import defaultdict

from mineboard.core.words import count_of
from mineboard.maps.model import NAVAL_LINE
from mineboard.qt.maps.area import AreaScene
from mineboard.qt.maps.picture import CounterMark, Picture, UnitMark
from mineboard.qt.plugin import RulesetUI, UnitRow, stacks
from mineboard.rules.naval_lines.state import (
    BATTLE,
    COMBAT_MOVE,
    NONCOMBAT_MOVE,
    PLACE,
    PURCHASE,
    NavalState,
    Unit,
    unit_name,
)


class NavalLinesUI(RulesetUI[NavalState]):
    ruleset_id = "naval-lines"
    scene_class = AreaScene
    help = (("Click your ships", "pick them; tick the ones that move in the Selection dock"),
            ("Click a sea zone", "plan a move: route, minefields and exact odds; again to sail"),
            ("Click a glowing line", "lay the mines aboard the picked Escort (NL-07)"),
            ("Click your capital in Purchase", "buy naval mines (NL-01…NL-03)"),
            ("Click land in Conduct Combat", "record a capture the players settled"))

    def picture(self, view: NavalState) -> Picture:
        p = Picture(stacks=stacks(
            sorted(view.units.values(), key=lambda u: (-view.unit_type(u).cost, u.id)),
            lambda u: (u.zone, u.nation), lambda u: [UnitMark(u.id, u.type, unit_name(view, u))],
            lambda zone, nation, units: self._stack_tip(view, zone, nation, units)))
        totals: dict[tuple[str, str], int] = defaultdict(int)
        for f in view.minefields:
            if f.count:
                totals[(f.line, f.owner)] += f.count
        for (line_id, owner), count in sorted(totals.items()):
            p.counters.append(CounterMark(view.board.ref(line_id), owner, count=count,
                                          tip=f"{owner}'s minefield on line {line_id}: "
                                              f"{count_of(count, 'mine')}"))
            p.marked.add(line_id)
        p.holders = {**view.control, **view.territory_owner}
        for sea in view.board.places_of("sea_zone"):
            p.tips[sea.id] = self._zone_tip(view, sea.id)
        for way in view.board.ways_of(NAVAL_LINE):
            fields = [f"{o}: {count_of(n, 'mine')}" for (ln, o), n in sorted(totals.items())
                      if ln == way.id]
            p.tips[way.id] = "\n".join([f"Naval line {way.id}", *fields])
        for land in view.board.places_of("land"):
            holder = view.territory_owner.get(land.id)
            tip = [f"{land.name} — {f'held by {holder}' if holder else 'neutral'}"]
            if "capital" in land.props:
                tip.append(f"{land.props['capital']}, capital; industrial capacity "
                           f"{land.props.get('industrial_capacity', 0)}")
            for nation, info in view.nations.items():
                if info.capital == land.id and view.stored.get(nation):
                    tip.append(f"{count_of(view.stored[nation], 'naval mine')} stored (NL-04)")
            p.tips[land.id] = "\n".join(tip)
        return p

    @staticmethod
    def _zone_tip(view: NavalState, zone: str) -> str:
        place = view.board.places[zone]
        lines = [f"Sea zone {zone} — {place.name}",
                 f"Controlled by {view.control.get(zone) or 'nobody'}"]
        for n in view.board.neighbours(zone, NAVAL_LINE):
            way = view.board.way_between(zone, n)
            fields = [f"{f.owner} {count_of(f.count, 'mine')}"
                      for f in view.fields_on(way.id)] if way else []
            if way is not None and fields:
                lines.append(f"Line {way.id}: " + ", ".join(fields))
        return "\n".join(lines)

    @staticmethod
    def _stack_tip(view: NavalState, zone: str, nation: str, units: list[Unit]) -> str:
        lines = [f"{nation} in sea zone {zone}"]
        for u in sorted(units, key=lambda u: u.id):
            t = view.unit_type(u)
            extra = f", {count_of(u.cargo, 'mine')} aboard" if u.cargo else ""
            moved = f", moved {u.moved}/{t.move}" if u.moved else ""
            lines.append(f"• {unit_name(view, u)}{extra}{moved}")
        return "\n".join(lines)

    def unit_rows(self, view: NavalState, units: list[str]) -> list[UnitRow]:
        rows = []
        for uid in units:
            u = view.units[uid]
            t = view.unit_type(u)
            bits = [unit_name(view, u), f"moves left {t.move - u.moved}"]
            if u.cargo:
                bits.append(f"{count_of(u.cargo, 'mine')} aboard")
            rows.append(UnitRow(uid, " · ".join(bits), u.moved < t.move and not u.done))
        if not any(r.ticked for r in rows):
            rows = [UnitRow(r.id, r.text, True) for r in rows]
        return rows

    def heading(self, view: NavalState, place: str) -> str:
        return (f"{view.active} in sea zone {place}: tick the ships to move, then click a "
                "sea zone.")

    def hint(self, view: NavalState) -> str:
        if view.phase != PURCHASE:
            return f"{view.phase_label}: {HINTS[view.phase]}"
        capital = view.nations[view.active].capital
        place = view.board.places.get(capital or "")
        where = "your capital" if place is None else \
            f"{place.props.get('capital', place.name)} (your capital)"
        return (f"Purchase: click {where} to buy naval mines ({view.rules.mine.cost} IPC each, "
                "NL-01…NL-03), then End phase.")

    def holdings(self, view: NavalState, side: str) -> str:
        """Each nation of ``side``: IPCs, mines stored, bought (stored when Place New Units
        ends, NL-04) and aboard its Escorts (NL-05)."""
        rows = []
        for nation in view.turn_order:
            if view.side_of(nation) != side:
                continue
            bits = [f"{view.ipcs[nation]} IPC" if nation in view.ipcs else "",
                    f"{count_of(view.stored.get(nation, 0), 'mine')} stored",
                    f"{view.pending[nation]} bought" if view.pending.get(nation) else "",
                    f"{view.carried(nation)} aboard" if view.carried(nation) else ""]
            rows.append(f"{nation}: " + " · ".join(b for b in bits if b))
        return "\n".join(rows)


HINTS = {
    COMBAT_MOVE: "click your ships, tick those that attack, click a sea zone to see the route "
                 "and the odds, again to sail; then End phase.",
    BATTLE: "where your ships meet the enemy's, click the zone and Settle the battle here; "
            "then End phase.",
    NONCOMBAT_MOVE: "click your ships next to your capital, tick an Escort and Load mines, "
                    "sail it, click a glowing line to lay them (NL-05…NL-07); then End phase.",
    PLACE: "nothing to place on this board: bought mines go to the capital's store when "
           "you End phase (NL-04).",
}
