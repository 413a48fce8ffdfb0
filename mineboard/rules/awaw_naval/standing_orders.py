"""Standing orders for interceptions (core/orders.py, AW-79): the side that may intercept
says in advance whether it wants to be asked, so the mover is not stopped — and, at one
screen, the seats not swapped — at every operation, base change and patrol that nobody
means to intercept.

The one reaction is ``intercept``. A side with no standing orders is asked at every chance,
as before orders existed (the default). A side with orders is asked only where an
``intercept`` order that asks fires on a hex of the moving force's route (its ports' own
hexes included, AW-77): ``within`` N hexes of a place, or ``entering`` one; an order that
never fires ("never intercept") or fires nowhere on the route lets the engine pass for it at
once, logged with the order that decided it. The engine never intercepts for a side — the
ships, the hex and the target are the side's choice — so an order that fires must ask.

Nothing is secret in A World at War (fleets lie face up, ``has_secrets`` is False), so the
orders are public: the ``OrdersSet`` event is read by everyone, and the orders show in the
summary. Whether a side is asked rests on the orders and the public route alone, as the seam
demands (core/orders.judge).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from functools import cache

from mineboard.core.actions import Action
from mineboard.core.dice import Dice
from mineboard.core.errors import IllegalAction
from mineboard.core.events import Event
from mineboard.core.orders import (
    ASK,
    AUTO,
    Distance,
    ReactionAsked,
    ReactionPassed,
    StandingOrder,
    StepSeen,
    Trigger,
    judge,
)
from mineboard.core.planning import Command, Selection
from mineboard.core.words import and_list
from mineboard.maps.hexgrid import distance as hex_distance
from mineboard.rules.awaw_naval import operations
from mineboard.rules.awaw_naval.ledger import Window
from mineboard.rules.awaw_naval.parts import Part
from mineboard.rules.awaw_naval.state import AwState
from mineboard.rules.common import orders
from mineboard.rules.common.checks import TURN
from mineboard.rules.common.orders import SetOrders

CLAUSE = "AW-79"
INTERCEPT = "intercept"
REACTIONS = (INTERCEPT,)
"""The answers a side may give when an enemy force sails (its standing orders name them)."""

NEVER = StandingOrder(INTERCEPT, Trigger("never"), AUTO)
"""'Never intercept': the engine passes at once for the side, every time."""

RADII = (2, 5, 10)
"""The distances the window offers for "ask me within N hexes of" a port of the side's."""


def standing_orders(state: AwState, side: str) -> tuple[StandingOrder, ...]:
    return state.orders.get(side, ())


# ---- setting them ---------------------------------------------------------------------
def check_set_orders(state: AwState, action: SetOrders) -> None:
    """The side to move sets its orders at any moment that is its own (its turn, or asked
    whether it intercepts), never while a result from outside or an owner's choice is
    awaited. Each order names hexes or ports of the map; one that fires must ask."""
    if state.awaiting is not None:
        raise IllegalAction(f"the result of {state.awaiting.label} comes first", TURN)
    if state.asked:
        raise IllegalAction(f"the game waits for {state.asked[0].side} to choose "
                            f"{state.asked[0].about}", state.asked[0].clause)
    orders.check_orders(action, REACTIONS, state.board.places, CLAUSE)
    for i, order in enumerate(action.orders, 1):
        for place in order.trigger.places:
            if not _is_hex(state, operations.hex_of(state, place)):
                raise IllegalAction(f"order {i}: {state.board.ref(place)} is a box, not a "
                                    "hex or a port: it has no hexes to measure from", CLAUSE)
        if order.trigger.when != "never" and order.answer == AUTO:
            raise IllegalAction(f"order {i}: the engine never intercepts for a side (the "
                                "ships, the hex and the target are its choice): an order "
                                "that fires asks (answer 'ask'); 'never' passes at once",
                                CLAUSE)


def set_orders(state: AwState, action: SetOrders, dice: Dice) -> list[Event]:
    """The seam's effect, its event made public — nothing in this game is secret — with the
    orders as plain data, as a public event's must be (logs, saves, turn files)."""
    side = state.to_move

    def keep() -> None:
        if action.orders:
            state.orders[side] = action.orders
        else:
            state.orders.pop(side, None)

    listed = "; ".join(words(state, o) for o in action.orders) or "none: asked at every chance"
    return [Event(kind=e.kind, clause=e.clause, text=f"{side} sets its standing orders: {listed}",
                  data={"side": side, "orders": [dataclasses.asdict(o) for o in action.orders]})
            for e in orders.set_orders(side, action, keep, CLAUSE)]


# ---- judging them when a force sails --------------------------------------------------
def _is_hex(state: AwState, place: str) -> bool:
    found = state.board.places.get(place)
    return found is not None and found.kind == "hex"


def distance(state: AwState) -> Distance:
    """Hexes between two hexes (or ports, by their hexes) of the public map."""
    grid = state.board.grid
    assert grid is not None

    @cache
    def apart(a: str, b: str) -> int:
        return hex_distance(grid.from_label(operations.hex_of(state, a)),
                            grid.from_label(operations.hex_of(state, b)))

    return apart


def route_hexes(state: AwState, window: Window) -> list[str]:
    """The hexes of the moving force's route, its ports' own hexes included (AW-77)."""
    out = [operations.hex_of(state, p) for p in window.route]
    return [h for i, h in enumerate(out) if _is_hex(state, h) and (i == 0 or out[i - 1] != h)]


def _by_hex(state: AwState, order: StandingOrder) -> StandingOrder:
    """The order with each port it watches named by its hex, as routes are judged."""
    places = tuple(operations.hex_of(state, p) for p in order.trigger.places)
    return dataclasses.replace(order, trigger=dataclasses.replace(order.trigger,
                                                                  places=places))


def fired(state: AwState, side: str, window: Window) -> tuple[StandingOrder, ...]:
    """The ``side``'s orders that fire on some hex of ``window``'s route, as core/orders
    judges each step: who moves, which ships, from where to where — public facts only."""
    apart = distance(state)
    mine = standing_orders(state, side)
    judged = {_by_hex(state, o): o for o in mine}
    out: list[StandingOrder] = []
    route = route_hexes(state, window)
    for before, entered in zip([*route[:1], *route], route, strict=False):
        seen = StepSeen(window.mover, window.ships, before, entered)
        out += [judged[o] for o in judge(tuple(judged), seen, apart) if judged[o] not in out]
    return tuple(o for o in mine if o in out)


def words(state: AwState, order: StandingOrder) -> str:
    """An order as players read it, its places by their names on the map ("intercept
    anything within 2 of Fenmouth, asking first")."""
    if order.trigger.when == "never":
        return "never intercept, passing at once"
    named = tuple(str(state.board.ref(p)) for p in order.trigger.places)
    return dataclasses.replace(order, trigger=dataclasses.replace(order.trigger,
                                                                  places=named)).words()


def _nearest(state: AwState, order: StandingOrder, route: Sequence[str]) -> str:
    """How near the route comes to the places an order watches, in words."""
    if order.trigger.when == "never" or not route:
        return ""
    apart = distance(state)
    near = min(apart(h, p) for h in route for p in order.trigger.places)
    return f"; the route comes no nearer than {near} hexes"


def answer(state: AwState, side: str, window: Window) -> tuple[bool, list[Event]]:
    """operations.ANSWERS: whether ``side`` is asked about ``window`` and what the log says.
    No orders: asked, as ever. An order that asks fires on the route: asked, the order named
    (being asked shows the order, as "hold!" does across a table). Else the engine passes
    at once for the side, naming the orders that let the force go."""
    mine = standing_orders(state, side)
    if not mine:
        return True, []
    ships = and_list(window.ships)
    asking = [o for o in fired(state, side, window) if o.answer == ASK]
    if asking:
        return True, [ReactionAsked(clause=CLAUSE, side=side, reaction=INTERCEPT,
                                    text=f"{side}'s standing order asks it about {ships}: "
                                         f"{words(state, asking[0])}",
                                    data={"order": words(state, asking[0])})]
    route = route_hexes(state, window)
    why = "; ".join(words(state, o) + _nearest(state, o, route) for o in mine)
    return False, [ReactionPassed(clause=CLAUSE, side=side, reaction=INTERCEPT,
                                  text=f"{side} does not intercept {ships}: its standing "
                                       f"orders pass at once ({why})",
                                  data={"ships": list(window.ships), "kind": window.kind,
                                        "orders": [words(state, o) for o in mine]})]


# ---- what the window and the planner offer --------------------------------------------
def _may_set(view: AwState) -> bool:
    return view.awaiting is None and not view.asked and view.ledger.interception is None


def _asked(view: AwState) -> bool:
    """The side to move is asked whether it intercepts, and may set its orders now."""
    return view.ledger.asked is not None and view.ledger.asked == view.to_move \
        and _may_set(view)


def _own_port(view: AwState, place: str) -> bool:
    found = view.board.places.get(place)
    port_hex = view.port_hex(place)
    return found is not None and found.kind == "port" and port_hex is not None \
        and view.friendly(port_hex, view.to_move)


def commands(view: AwState, selection: Selection) -> list[Command]:
    """While asked whether it intercepts, the side's standing orders: with nothing picked,
    never intercept (or, once set, none: asked at every chance); a port of its own clicked
    with no ships picked, ask only when a force comes within N hexes of it.

    Only while asked, and only at its own ports: a place's commands stand in for the refusal
    of a click there (qt/interactions.py), and a refused base change or interception must
    still say why."""
    if selection.units or not _asked(view):
        return []
    side, place = view.to_move, selection.place
    out: list[Command] = []
    if place is not None:
        if not _own_port(view, place):
            return []
        where = view.board.ref(place)
        kept = tuple(o for o in standing_orders(view, side) if o.trigger.when != "never")
        out += [Command(f"Standing orders: ask me to intercept within {n} hexes of {where}",
                        SetOrders((*kept, StandingOrder(INTERCEPT,
                                                        Trigger("within", (place,), n), ASK))),
                        tip=f"{side} is asked whether it intercepts only when an enemy "
                            f"force's route comes within {n} hexes of {where} (or another "
                            "place its orders watch); elsewhere the engine passes for it at "
                            "once (AW-79)")
                for n in RADII]
    out.append(Command("Standing orders: never intercept", SetOrders((NEVER,)),
                       tip=f"The engine passes at once for {side} whenever an enemy force "
                           "sails; it is never asked (AW-79). Right-click a port of yours "
                           "to be asked only near it."))
    if standing_orders(view, side):
        out.append(Command("Standing orders: none (ask me at every chance)", SetOrders(()),
                           tip=f"{side} is asked whether it intercepts every time it could "
                               "(AW-79)"))
    return out


def candidates(view: AwState) -> list[Action]:
    """For the planner's broad list: while asked whether it intercepts, the side may also
    stop being asked (never), be asked only near the force's goal, or at every chance."""
    ledger = view.ledger
    if not _asked(view):
        return []
    out: list[Action] = [SetOrders(()), SetOrders((NEVER,))]
    route = route_hexes(view, ledger.windows[0]) if ledger.windows else []
    if route:
        out.append(SetOrders((StandingOrder(INTERCEPT, Trigger("within", (route[-1],), 2),
                                            ASK),)))
    return out


def summary(state: AwState) -> dict[str, object]:
    """The orders set, by side (the key only once a side has set some)."""
    if not state.orders:
        return {}
    return {"standing_orders": {side: [words(state, o) for o in kept]
                                for side, kept in sorted(state.orders.items())}}


operations.ANSWERS.append(answer)

PART = Part(actions=(SetOrders,), checks={SetOrders: check_set_orders},
            effects={SetOrders: set_orders}, commands=commands, candidates=candidates,
            summary=summary)
