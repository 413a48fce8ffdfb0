"""The conformance kit of asl-minefields (:mod:`mineboard.rules.common.conformance`): both
sides record minefields in secret on the demo board, then move through them.

A side's secrets here are its minefield record — where its hidden fields lie and how strong
they are, the factors of its visible A-T counters (AM-68), its pool's split and what is left
(AM-76), its booby-trap boards — its Daisy Chains until seen (AM-37) and its standing orders.
:func:`scramble` makes another truth that differs in exactly those, :func:`twins` the
records another side may not tell apart (a field in another hex, of another strength, a
conversion instead of a field), and :func:`pairs` scripted games the differential test plays
on to the other side's moves.
"""

from __future__ import annotations

import copy
import random
from pathlib import Path

from mineboard.core.actions import Action
from mineboard.core.orders import ASK, AUTO, StandingOrder, Trigger
from mineboard.maps.model import HEX
from mineboard.rules.asl_minefields.setup import (
    BuyBoobyTraps,
    ConvertToAt,
    FieldEntry,
    RecordMines,
    RecordSetup,
    boards,
    seen_field,
)
from mineboard.rules.asl_minefields.state import AP_STRENGTHS, MAX_AT, AmState, Minefield
from mineboard.rules.common.conformance import Kit, Order, Pair, Variant
from mineboard.rules.common.orders import SetOrders

SCENARIO = str(Path(__file__).with_name("conformance-scenario.json"))
REACTIONS = ("snap_shot", "daisy_chain")


def _other_strength(rng: random.Random, now: int, choices: tuple[int, ...]) -> int:
    return rng.choice([c for c in choices if c != now] or list(choices))


def scramble(truth: AmState, side: str, rng: random.Random) -> AmState:
    """The other sides' hidden fields moved elsewhere with other strengths, the unknown
    strengths of their revealed fields and visible counters changed, the Daisy Chain
    counters their units hold, their pools split otherwise and their orders made up anew."""
    other = copy.deepcopy(truth)
    hexes = sorted(h for h, p in truth.board.places.items() if p.kind == HEX)
    for owner, owned in other.minefields.items():
        if owner == side:
            continue
        hidden = [h for h, f in owned.items() if seen_field(f) is None]
        moved = [owned.pop(h) for h in hidden]
        free = [h for h in hexes if h not in owned]
        for found, new in zip(moved, rng.sample(free, len(moved)), strict=True):
            owned[new] = Minefield(
                new, owner, ap=_other_strength(rng, found.ap or 0, AP_STRENGTHS)
                if found.ap else 0,
                at=rng.randint(1, MAX_AT) if found.at else 0, daisy=found.daisy)
        for found in owned.values():
            if found.ap and found.ap_known and not found.ap_strength_known:
                found.ap = _other_strength(rng, found.ap, AP_STRENGTHS)
            if found.at and (found.visible or found.at_known) and not found.at_strength_known:
                found.at = _other_strength(rng, found.at, tuple(range(1, MAX_AT + 1)))
    for unit in other.units.values():  # who holds a Daisy Chain counter (AM-37)
        if unit.side != side:
            unit.daisy = rng.choice((0, 1, 2))
    names = boards(truth)
    for owner, pool in other.pools.items():
        if owner == side:
            continue
        pool.at_bought += rng.randint(1, 3)
        pool.booby = {rng.choice(names): rng.choice("ABC")}
        other.orders[owner] = (StandingOrder(rng.choice(REACTIONS), Trigger(
            "entering", tuple(rng.sample(hexes, 2))), rng.choice((AUTO, ASK))),)
    return other


def twins(view: AmState, action: Action) -> list[Action]:
    """Records the other sides may not tell apart: hidden fields anywhere, of any
    strength, a conversion or a booby-trap purchase in their place; a visible counter with
    other factors; other standing orders."""
    if isinstance(action, RecordSetup):
        shown = tuple(f for f in action.fields if f.visible)
        hexes = sorted(h for h, p in view.board.places.items() if p.kind == HEX)
        alike: list[Action] = [RecordSetup(action.side, 0, (), (*shown, FieldEntry(h, ap=6)))
                               for h in hexes[::5]]
        alike.append(RecordSetup(action.side, action.convert + 3, action.booby,
                                 (*shown, *(FieldEntry(f.hex, ap=8) for f in action.fields
                                            if not f.visible))))
        return alike
    if isinstance(action, RecordMines) and action.visible:
        return [RecordMines(action.side, action.hex, at=n, visible=True)
                for n in range(1, MAX_AT + 1) if n != action.at]
    if isinstance(action, RecordMines | ConvertToAt | BuyBoobyTraps):
        side = action.side
        hexes = sorted(h for h, p in view.board.places.items() if p.kind == HEX)
        out: list[Action] = [RecordMines(side, h, ap=ap) for h in hexes[:: 7]
                             for ap in AP_STRENGTHS]
        out += [ConvertToAt(side, 3), RecordMines(side, hexes[0], at=1)]
        out += [BuyBoobyTraps(side, b, "C") for b in boards(view)]
        return [a for a in out if a != action]
    if isinstance(action, SetOrders):
        anywhere = tuple(sorted(view.board.places)[:3])
        return [SetOrders(()), SetOrders((StandingOrder(REACTIONS[0],
                                                        Trigger("entering", anywhere)),))]
    return []


def _orders(*orders: Order) -> Variant:
    return Variant(orders=orders)


def pairs(start: AmState) -> list[Pair]:
    """Records the Allies may not tell apart, played on to the Allies' moves: through the
    views, the log, the odds of their planned paths and their menus, until a minefield
    reveals itself (the first pair's squad walks into the hidden field)."""
    axis = "Axis"
    allies_move = {"until": {"phase": "movement", "nation": "Allies"}}
    convert = {"kind": "convert_to_at", "side": axis}
    record = {"kind": "record_mines", "side": axis}
    return [
        Pair("a hidden A-P field where the Allies walk, or A-T mines elsewhere (AM-03, AM-76)",
             axis, {}, (),
             _orders({**convert, "factors": 6}, {**record, "hex": "B2", "ap": 8}),
             _orders({**convert, "factors": 3}, {**record, "hex": "G4", "at": 1}),
             (allies_move, {"kind": "plan_move", "units": ["al-squad-1"],
                            "path": ["A2", "B2"]}, {"kind": "step"})),
        Pair("a visible A-T counter of 1 factor or of 5 (AM-01, AM-68)", axis, {}, (),
             _orders({**convert, "factors": 3}, {**record, "hex": "C4", "at": 1,
                                                  "visible": True}),
             _orders({**convert, "factors": 15}, {**record, "hex": "C4", "at": 5,
                                                   "visible": True}),
             (allies_move,)),
        Pair("a Daisy Chain pulled across the paved road or the dirt road (AM-37, AM-71)",
             axis, {}, ({"until": {"phase": "fire", "nation": axis}},),
             _orders({"kind": "place_daisy", "unit": "ax-daisy", "hex": "E4"}),
             _orders({"kind": "place_daisy", "unit": "ax-daisy", "hex": "F4"}),
             (allies_move,)),
        Pair("booby traps on the board, or an A-P field (AM-50, AM-76)", axis, {}, (),
             _orders({"kind": "buy_booby_traps", "side": axis, "board": "asl-demo-board",
                      "level": "C"}),
             _orders({**record, "hex": "I3", "ap": 8}),
             (allies_move,)),
    ]


KIT = Kit(SCENARIO, scramble, twins, pairs)
"""The asl-minefields kit: its own scenario beside it (setup first, so random play records
minefields in secret before it moves through them)."""
