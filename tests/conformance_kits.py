"""What the conformance suite needs to know of each ruleset: a scenario to play, and how to
make another truth that differs only in what one side may not see.

The no-leak test changes the secrets a side may not know and checks that side's
observation does not change: if it did, some trace of the secret reached it. A new ruleset
adds its kit here (the suite fails until it does).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from mineboard.core.actions import Action
from mineboard.maps.model import NAVAL_LINE


@dataclass(frozen=True)
class Kit:
    scenario: str
    scramble: Callable[[Any, str, random.Random], Any]
    """(truth, side, rng) → a truth that differs only in secrets hidden from ``side``."""
    twins: Callable[[Any, Action], list[Action]]
    """(view, action) → other actions the mover might have chosen in its place that the
    other sides may not tell apart from it (another line to mine, a dummy for a mine)."""


def scramble_naval(state: Any, side: str, rng: random.Random) -> Any:
    other = copy.deepcopy(state)
    for nation in other.nations:
        if other.side_of(nation) == side:
            continue
        other.stored[nation] += rng.randint(1, 3)
        other.ipcs[nation] += rng.randint(1, 9)  # money tells what was bought (issue 9)
        other.pending[nation] += rng.randint(1, 3)
        other.bought_this_turn[nation] += 1
        for unit in other.units.values():
            if unit.nation == nation and other.unit_type(unit).mine_capacity:
                unit.cargo = rng.randint(0, 3)
        lines = sorted(w.id for w in other.board.ways_of(NAVAL_LINE))
        way = other.board.ways[rng.choice(lines)]
        from mineboard.rules.naval_lines.state import Minefield

        other.minefields.append(Minefield(way.id, nation, way.a, rng.randint(1, 5)))
    for field in other.minefields:
        if not field.revealed and other.side_of(field.owner) != side:
            field.count += rng.randint(0, 2)
    return other


def scramble_gwas(state: Any, side: str, rng: random.Random) -> Any:
    other = copy.deepcopy(state)
    for counter in other.counters:
        if counter.owner != side and not counter.face_up and rng.random() < 0.7:
            counter.mine = not counter.mine
    for owner, log in other.logs.items():
        if owner != side:
            log.logged = {**log.logged, "C|E": log.logged.get("C|E", 0) + 2}
            log.minefields = list(reversed(log.minefields))
    return other


def scramble_imperium(state: Any, side: str, rng: random.Random) -> Any:
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


def twins_naval(view: Any, action: Action) -> list[Action]:
    """Mines laid on another line of the zone, another number loaded or bought."""
    from mineboard.rules.naval_lines.actions import BuyMines, LayMines, LoadMines

    if isinstance(action, LayMines):
        zone = view.units[action.unit].zone
        return [LayMines(action.unit, w.id) for w in view.board.ways_of(NAVAL_LINE)
                if zone in (w.a, w.b) and w.id != action.line]
    if isinstance(action, LoadMines):
        return [LoadMines(action.unit, n) for n in (1, 2, 3) if n != action.count]
    if isinstance(action, BuyMines):
        return [BuyMines(n) for n in (1, 2, 3) if n != action.count]
    return []


def twins_gwas(view: Any, action: Action) -> list[Action]:
    from mineboard.rules.gwas_tactical.actions import PlaceCounter

    if isinstance(action, PlaceCounter):
        return [PlaceCounter(action.hex, not action.mine)]
    return []


def twins_imperium(view: Any, action: Action) -> list[Action]:
    from mineboard.rules.imperium_mines.actions import LayMines, PlaceFalse

    if isinstance(action, LayMines):
        return [PlaceFalse(action.fleet, 1)]
    if isinstance(action, PlaceFalse) and action.count == 1:
        return [LayMines(action.fleet)]
    return []


KITS = {
    "naval-lines": Kit("northsea-1940-hidden", scramble_naval, twins_naval),
    "gwas-tactical": Kit("jutland-horns-reef", scramble_gwas, twins_gwas),
    "imperium-mines": Kit("imperium-marches", scramble_imperium, twins_imperium),
}
