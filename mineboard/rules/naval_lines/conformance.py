"""The conformance kit of naval-lines (:mod:`mineboard.rules.common.conformance`): the hidden
North Sea, where a side's secrets are the mines it bought, loaded and laid on which line."""

from __future__ import annotations

import copy
import random
from typing import Any

from mineboard.core.actions import Action
from mineboard.maps.model import NAVAL_LINE
from mineboard.rules.common.conformance import Kit, Order, Pair, Variant
from mineboard.rules.naval_lines.actions import BuyMines, LayMines, LoadMines
from mineboard.rules.naval_lines.state import Minefield


def scramble(state: Any, side: str, rng: random.Random) -> Any:
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
        other.minefields.append(Minefield(way.id, nation, way.a, rng.randint(1, 5)))
    for field in other.minefields:
        if other.side_of(field.owner) != side:  # mines laid since it last defended too
            field.count += rng.randint(0, 2)
    return other


def twins(view: Any, action: Action) -> list[Action]:
    """Mines laid on another line of the zone, another number loaded or bought."""
    if isinstance(action, LayMines):
        zone = view.units[action.unit].zone
        return [LayMines(action.unit, w.id) for w in view.board.ways_of(NAVAL_LINE)
                if zone in (w.a, w.b) and w.id != action.line]
    if isinstance(action, LoadMines):
        return [LoadMines(action.unit, n) for n in (1, 2, 3) if n != action.count]
    if isinstance(action, BuyMines):
        return [BuyMines(n) for n in (1, 2, 3) if n != action.count]
    return []


def pairs(start: Any) -> list[Pair]:
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


KIT = Kit("northsea-1940-hidden", scramble, twins, pairs)
