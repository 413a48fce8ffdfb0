"""What the conformance suite needs to know of each ruleset: a scenario to play, and how to
make another truth that differs only in what one side may not see.

The no-leak test changes the secrets a side may not know and checks that side's
observation does not change: if it did, some trace of the secret reached it. The
differential test (tests/test_differential.py) plays each kit's ``pairs``: two games that
differ only in one side's secret choices, on through the other side's turn, and holds every
output the other side gets to be the same until the rules reveal the difference. A new
ruleset adds its kit here (the suite fails until it does).
"""

from __future__ import annotations

import copy
import dataclasses
import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from mineboard.core.actions import Action
from mineboard.maps.model import NAVAL_LINE

Order = dict[str, Any]
"""An action as a file writes it ({"kind": …}), or {"until": {summary key: value}}: end
phases until the state's summary says so; "rolls" forces the dice."""


@dataclass(frozen=True)
class Variant:
    """One of the two games of a pair: its own scenario changes (secret starting setup) and
    its owner's secret orders."""

    changes: dict[str, Any] = dataclasses.field(default_factory=dict)
    orders: tuple[Order, ...] = ()


@dataclass(frozen=True)
class Pair:
    """Two games alike but for one side's secrets. Both play ``before``, then each its
    variant, then ``after``; the sides other than ``owner`` must be told the same all along,
    until an event that reveals (a field defends, counters turn up) tells them apart."""

    name: str
    owner: str
    changes: dict[str, Any]
    before: tuple[Order, ...]
    one: Variant
    other: Variant
    after: tuple[Order, ...]


@dataclass(frozen=True)
class Kit:
    scenario: str
    scramble: Callable[[Any, str, random.Random], Any]
    """(truth, side, rng) → a truth that differs only in secrets hidden from ``side``."""
    twins: Callable[[Any, Action], list[Action]]
    """(view, action) → other actions the mover might have chosen in its place that the
    other sides may not tell apart from it (another line to mine, a dummy for a mine)."""
    pairs: Callable[[], list[Pair]] = lambda: []
    """Scripted pairs of games for the differential test: the situations random play
    rarely reaches (a lay on a line whose field the enemy has seen, a retreat across a
    hidden field)."""


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
        if other.side_of(field.owner) != side:  # mines laid since it last defended too
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
        return [PlaceFalse(action.fleet)]
    if isinstance(action, PlaceFalse):
        return [LayMines(action.fleet)]
    return []


def pairs_naval() -> list[Pair]:
    def move(units: list[str], *path: str, **more: Any) -> Order:
        return {"kind": "move", "units": units, "path": list(path), **more}

    uk_attacks = {"nation": "United Kingdom", "phase": "combat_move"}
    seen = [{"line": "110|112", "owner": "Germany", "zone": "112", "count": 2}]
    return [
        Pair("a lay on a line whose field the British have seen (NL-12)", "Axis",
             {**uk_attacks, "minefields": seen},
             ({**move(["uk-destroyer-1"], "110", "112", "114"), "rolls": [6, 6]},
              {"until": {"nation": "Germany", "phase": "noncombat_move"}},
              {"kind": "load_mines", "unit": "ger-escort-1", "count": 1},
              move(["ger-escort-1"], "113", "112")),
             Variant(orders=({"kind": "lay_mines", "unit": "ger-escort-1", "line": "110|112"},)),
             Variant(orders=({"kind": "lay_mines", "unit": "ger-escort-1", "line": "112|114"},)),
             ({"until": {"nation": "United Kingdom", "phase": "combat_move"}},
              move(["uk-destroyer-2"], "110", "112"))),
        Pair("a retreat across a hidden field that defends the other zone (NL-20)", "Axis",
             {**uk_attacks, "options": {"crossing": "into_defended_zone"},
              "units": [{"nation": "United Kingdom", "type": "destroyer", "zone": "110"},
                        {"nation": "Germany", "type": "cruiser", "zone": "112"}]},
             (),
             Variant({"minefields": [{"line": "110|112", "owner": "Germany", "zone": "110",
                                      "count": 3}]}),
             Variant({"minefields": []}),
             (move(["uk-destroyer-1"], "110", "112"), {"kind": "end_phase"},
              {"kind": "retreat", "units": ["uk-destroyer-1"], "to": "110"},
              {"until": {"nation": "France", "phase": "combat_move"}})),
        Pair("how many mines are bought, loaded and where they are laid (NL-01, NL-05)",
             "Axis", {},
             (),
             Variant(orders=({"kind": "buy_mines", "count": 1},
                             {"until": {"phase": "noncombat_move"}},
                             {"kind": "load_mines", "unit": "ger-escort-1", "count": 3},
                             {"kind": "lay_mines", "unit": "ger-escort-1", "line": "112|113"})),
             Variant(orders=({"kind": "buy_mines", "count": 10},
                             {"until": {"phase": "noncombat_move"}},
                             {"kind": "load_mines", "unit": "ger-escort-2", "count": 1},
                             {"kind": "lay_mines", "unit": "ger-escort-2", "line": "113|114"})),
             ({"until": {"nation": "United Kingdom", "phase": "combat_move"}},
              move(["uk-destroyer-1"], "110", "112"),
              {"until": {"nation": "France", "phase": "purchase"}})),
    ]


def pairs_imperium() -> list[Pair]:
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


def pairs_gwas() -> list[Pair]:
    from tests.conftest import mixed_hex_setup

    changes, target, other, start = mixed_hex_setup(("A",))

    def counters(*placed: tuple[str, bool]) -> Variant:
        return Variant(orders=tuple({"kind": "place_counter", "hex": h, "mine": m}
                                    for h, m in placed))

    return [Pair("which of the counters are mines (GT-03, GT-04, GT-10)", "German", changes,
                 (),
                 counters((target, True), (other, True), (target, False), ("1510", False)),
                 counters((target, False), (other, True), (target, True), ("1510", False)),
                 ({"kind": "end_phase"}, {"kind": "end_phase"}, {"kind": "end_phase"},
                  {"kind": "move_ships", "ships": ["A"], "path": [start, target]}))]


KITS = {
    "naval-lines": Kit("northsea-1940-hidden", scramble_naval, twins_naval, pairs_naval),
    "gwas-tactical": Kit("jutland-horns-reef", scramble_gwas, twins_gwas, pairs_gwas),
    "imperium-mines": Kit("imperium-marches", scramble_imperium, twins_imperium,
                          pairs_imperium),
}
