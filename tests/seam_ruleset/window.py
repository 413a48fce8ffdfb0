"""The seam ruleset, window part: squads and boats as counters in their places (a pinned
one badged), a field as a mine counter (its owner's, or once it showed itself), the fields
another side laid where this one may not know counted in words, and words for a move in
progress and a reaction waiting for its answer.

Everything else the window does for every ruleset: the joined boards and painted terrain
(qt/maps), the route of the move in progress (qt/move_route.py), the route under the
pointer from ``route_report`` (qt/route_readout.py), the form and the prompt of the
Deep's result (qt/outside_results.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from mineboard.core.words import and_list, count_of
from mineboard.qt.maps.hexes import HexScene
from mineboard.qt.maps.picture import PINNED, CounterMark, Face, Picture, UnitMark
from mineboard.qt.plugin import RulesetUI, UnitRow, move_hint, stacks
from tests.seam_ruleset.state import SeamState, Unit

ART = {"squad": "landing_craft", "boat": "escort"}
"""The nearest silhouettes the program has: a squad goes ashore, a boat patrols."""


class SeamTestUI(RulesetUI[SeamState]):
    ruleset_id = "seam-test"
    scene_class = HexScene
    colours: ClassVar[Mapping[str, str]] = {"Red": "#D55E00", "Blue": "#0072B2"}

    def picture(self, view: SeamState) -> Picture:
        p = Picture()

        def mark(unit: Unit) -> tuple[UnitMark]:
            return (UnitMark(unit.id, ART[unit.kind], _name(unit), unit.id,
                             (PINNED,) if unit.pinned else ()),)

        def tip(place: str, side: str, units: list[Unit]) -> str:
            pinned = [u.id for u in units if u.pinned]
            return f"{side}: {and_list([_name(u) for u in units])}" + (
                f" ({and_list(pinned)} pinned)" if pinned else "")

        p.stacks += stacks(sorted(view.units.values(), key=lambda u: u.id),
                           lambda u: (u.place, u.side), mark, tip)
        for place, owner in sorted(view.minefields.items()):
            shown = place in view.revealed
            p.counters.append(CounterMark(view.board.ref(place), owner, (Face("M", shown),),
                                          tip=f"{owner}'s minefield"
                                              + ("" if shown else " (hidden from the enemy)")))
        return p

    def unit_rows(self, view: SeamState, units: list[str]) -> list[UnitRow]:
        return [UnitRow(u, _name(view.units[u])) for u in units]

    def hint(self, view: SeamState) -> str:
        return move_hint(view) or (f"{view.phase_label}: click your units, then a place to "
                                   "see the route, again to set out; then click each next "
                                   "place to step. A squad may lay a hidden field where it "
                                   "stands.")

    def holdings(self, view: SeamState, side: str) -> str:
        rounds = view.rounds.get(side)
        if rounds is None:
            return ""
        orders = view.orders.get(side, ())
        unseen = [f"{s} has {count_of(n, 'field')} laid where you cannot see"
                  for s, n in sorted(view.unplaced.items()) if n and s != side]
        return "; ".join([f"{side}: {count_of(rounds, 'snap-shot round')} · "
                          f"{count_of(len(orders), 'standing order')} · "
                          f"{count_of(view.to_lay.get(side, 0), 'field')} to lay", *unseen])


def _name(unit: Unit) -> str:
    return f"{unit.kind.capitalize()} {unit.id}"
