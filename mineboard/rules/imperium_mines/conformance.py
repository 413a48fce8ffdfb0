"""The conformance kit of imperium-mines (:mod:`mineboard.rules.common.conformance`): the
Marches, where a side's secrets are which of its counters are false and what the others
hold."""

from __future__ import annotations

import copy
import random
from dataclasses import replace
from typing import Any

from mineboard.core.actions import Action
from mineboard.rules.common.conformance import Kit, Pair, Variant
from mineboard.rules.imperium_mines.actions import LayMines, PlaceFalse


def scramble(state: Any, side: str, rng: random.Random) -> Any:
    other = copy.deepcopy(state)
    for owners in other.minefields.values():
        for owner, counters in owners.items():
            if owner == side:
                continue
            for i, counter in enumerate(counters):
                false = rng.random() < 0.5
                counters[i] = replace(counter, false=false,
                                      value=0 if false else rng.randint(1, 6))
    return other


def twins(view: Any, action: Action) -> list[Action]:
    if isinstance(action, LayMines):
        return [PlaceFalse(action.fleet)]
    if isinstance(action, PlaceFalse):
        return [LayMines(action.fleet)]
    return []


def pairs(start: Any) -> list[Pair]:
    fleets = [{"id": "L", "side": "Imperial", "system": "corvan", "ships": {"minelayer": 1}},
              {"id": "T", "side": "Terran", "system": "eidolon", "ships": {"frigate": 1}}]
    segment = {"until": {"phase": "segment"}}
    enter = ({"kind": "end_phase"}, {"kind": "jump", "fleets": ["T"],
                                     "path": ["eidolon", "corvan"]})
    return [
        Pair("two false counters, or a lay and a false counter (IM-08)",
             "Imperial", {"fleets": fleets, "minefields": []}, (segment,),
             Variant(orders=({"kind": "place_false", "fleet": "L"},
                             {"kind": "place_false", "fleet": "L"})),
             Variant(orders=({"kind": "lay_mines", "fleet": "L"},
                             {"kind": "place_false", "fleet": "L"})),
             enter),
        Pair("a lay or a false counter (IM-08, IM-12)", "Imperial",
             {"fleets": fleets, "minefields": []}, (segment,),
             Variant(orders=({"kind": "lay_mines", "fleet": "L"},)),
             Variant(orders=({"kind": "place_false", "fleet": "L"},)),
             enter),
    ]


KIT = Kit("imperium-marches", scramble, twins, pairs)
