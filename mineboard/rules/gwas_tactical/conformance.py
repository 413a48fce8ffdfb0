"""The conformance kit of gwas-tactical (:mod:`mineboard.rules.common.conformance`): Horns
Reef, where a side's secrets are which of its face-down counters are mines."""

from __future__ import annotations

import copy
import random
from typing import Any

from mineboard.core.actions import Action
from mineboard.rules.common.conformance import Kit, Pair, Variant
from mineboard.rules.gwas_tactical.actions import PlaceCounter
from mineboard.rules.gwas_tactical.state import GtState

SCENARIO = "jutland-horns-reef"


def mixed_hex_setup(probe: GtState, british: tuple[str, ...]
                    ) -> tuple[dict[str, Any], str, str, str]:
    """Scenario changes for a Jutland counter setup on the map of ``probe`` (Horns Reef's
    starting state): the Germans hold the C|W field, and British light cruisers named
    ``british`` wait next to ``target``, a hex beside the ring's western side; ``other`` is
    another hex beside it. (changes, target, other, start)"""
    west = probe.ring.segment_of_boundary("C|W")
    assert west is not None, "Horns Reef's ring has a C|W side"
    target = probe.grid.label(west.hexsides[3].hex)
    other = probe.grid.label(west.hexsides[5].hex)
    start = next(probe.grid.label(n) for n in probe.grid.neighbours(west.hexsides[3].hex)
                 if probe.grid.label(n) not in (target, other))
    ships = [{"id": "Seydlitz", "side": "German", "type": "battlecruiser", "hex": "1510"}]
    ships += [{"id": s, "side": "British", "type": "light_cruiser", "hex": start}
              for s in british]
    changes = {"phase": "setup", "ships": ships,
               "sides": [{"name": "German", "minefields": ["C|W"]}, {"name": "British"}]}
    return changes, target, other, start


def scramble(state: Any, side: str, rng: random.Random) -> Any:
    other = copy.deepcopy(state)
    for counter in other.counters:
        if counter.owner != side and not counter.face_up and rng.random() < 0.7:
            counter.mine = not counter.mine
    for owner, log in other.logs.items():
        if owner != side:
            log.logged = {**log.logged, "C|E": log.logged.get("C|E", 0) + 2}
            log.minefields = list(reversed(log.minefields))
    return other


def twins(view: Any, action: Action) -> list[Action]:
    if isinstance(action, PlaceCounter):
        return [PlaceCounter(action.hex, not action.mine)]
    return []


def pairs(start_state: GtState) -> list[Pair]:
    changes, target, other, start = mixed_hex_setup(start_state, ("A",))

    def counters(*placed: tuple[str, bool]) -> Variant:
        return Variant(orders=tuple({"kind": "place_counter", "hex": h, "mine": m}
                                    for h, m in placed))

    return [Pair("which of the counters are mines (GT-03, GT-04, GT-10)", "German", changes,
                 (),
                 counters((target, True), (other, True), (target, False), ("1510", False)),
                 counters((target, False), (other, True), (target, True), ("1510", False)),
                 ({"kind": "end_phase"}, {"kind": "end_phase"}, {"kind": "end_phase"},
                  {"kind": "move_ships", "ships": ["A"], "path": [start, target]}))]


KIT = Kit(SCENARIO, scramble, twins, pairs)
