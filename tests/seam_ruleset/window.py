"""The seam ruleset, window part: units as counters in their hexes, a field as a mine
counter (its owner's, or once it showed itself), and words for a move in progress and a
reaction waiting for its answer. The route of the move is the window's own drawing
(qt/move_route.py), as for every ruleset."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from typing import ClassVar

from mineboard.core.words import and_list, count_of
from mineboard.qt.maps.hexes import HexScene
from mineboard.qt.maps.picture import CounterMark, Face, Picture, StackMark, UnitMark
from mineboard.qt.plugin import RulesetUI, UnitRow, move_hint
from tests.seam_ruleset.state import SeamState


class SeamTestUI(RulesetUI[SeamState]):
    ruleset_id = "seam-test"
    scene_class = HexScene
    colours: ClassVar[Mapping[str, str]] = {"Red": "#D55E00", "Blue": "#0072B2"}

    def picture(self, view: SeamState) -> Picture:
        p = Picture()
        stacks: dict[tuple[str, str], list[str]] = defaultdict(list)
        for unit in sorted(view.units.values(), key=lambda u: u.id):
            stacks[(unit.place, unit.side)].append(unit.id)
        for (place, side), units in sorted(stacks.items()):
            marks = tuple(UnitMark(u, "escort", f"Squad {u}", u) for u in units)
            pinned = [u for u in units if view.units[u].pinned]
            tip = f"{side}: {and_list(units)}" + (f" ({and_list(pinned)} pinned)"
                                                  if pinned else "")
            p.stacks.append(StackMark(place, side, marks, tip))
        for place, owner in sorted(view.minefields.items()):
            shown = place in view.revealed
            p.counters.append(CounterMark(view.board.ref(place), owner, (Face("M", shown),),
                                          tip=f"{owner}'s minefield"
                                              + ("" if shown else " (hidden from the enemy)")))
        return p

    def unit_rows(self, view: SeamState, units: list[str]) -> list[UnitRow]:
        return [UnitRow(u, f"Squad {u}") for u in units]

    def hint(self, view: SeamState) -> str:
        return move_hint(view) or (f"{view.phase_label}: click your units, then a hex to "
                                   "plan a move, again to set out; then click each next hex "
                                   "to step.")

    def holdings(self, view: SeamState, side: str) -> str:
        rounds = view.rounds.get(side)
        orders = view.orders.get(side, ())
        if rounds is None:
            return ""
        return (f"{side}: {count_of(rounds, 'snap-shot round')} · "
                f"{count_of(len(orders), 'standing order')}")
