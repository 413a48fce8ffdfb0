"""The window code of the test ruleset "outside-test" (tests/outside_ruleset.py): fleets
as stacks of frigates at their star systems."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from mineboard.core.words import count_of
from mineboard.qt.maps.picture import Picture, StackMark, UnitMark
from mineboard.qt.maps.points import PointScene
from mineboard.qt.plugin import RulesetUI
from tests.outside_ruleset import RULESET_ID, OutsideState


class OutsideUI(RulesetUI[OutsideState]):
    ruleset_id = RULESET_ID
    scene_class = PointScene
    colours: ClassVar[Mapping[str, str]] = {"Blue": "#0072B2", "Red": "#D55E00"}

    def picture(self, view: OutsideState) -> Picture:
        p = Picture()
        for fleet in sorted(view.fleets.values(), key=lambda f: f.id):
            units = tuple(UnitMark(f"{fleet.id}.{n}", "space-frigate", "Frigate", fleet.id)
                          for n in range(fleet.ships))
            p.stacks.append(StackMark(fleet.system, fleet.side, units,
                                      f"fleet {fleet.id}: {count_of(fleet.ships, 'ship')}"))
        return p
