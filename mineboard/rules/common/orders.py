"""Setting standing orders (core/orders.py): the action, its check and its effect.

Setting them is the side's secret: the one event it makes is secret to that side, so saves
seal it and play by email sends it sealed, as any other secret action. Its stand-in for
the other sides is the same action with no orders — they learn that orders were set
(the public twin says so), never which.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Annotated

from mineboard.core.actions import Action
from mineboard.core.errors import IllegalAction
from mineboard.core.events import Event
from mineboard.core.orders import OrdersSet, StandingOrder
from mineboard.core.schema import Length

MAX_ORDERS = 20


@dataclass(frozen=True, slots=True)
class SetOrders(Action):
    """The side to move replaces its standing orders with ``orders``."""

    kind = "set_orders"
    orders: Annotated[tuple[StandingOrder, ...], Length(0, MAX_ORDERS)] = ()


def check_orders(action: SetOrders, reactions: Collection[str], places: Collection[str],
                 clause: str) -> None:
    """Every order names a reaction of the ruleset and places of the map. It answers from
    the action alone: the same on every side's view."""
    for i, order in enumerate(action.orders, 1):
        if order.reaction not in reactions:
            raise IllegalAction(f"order {i}: no reaction {order.reaction!r} (known: "
                                f"{', '.join(sorted(reactions))})", clause)
        for place in order.trigger.places:
            if place not in places:
                raise IllegalAction(f"order {i}: {place!r} is no place of this map", clause)
        if order.trigger.when != "never" and not order.trigger.places:
            raise IllegalAction(f"order {i}: name the places it watches", clause)


def set_orders(side: str, action: SetOrders, keep: Callable[[], None],
               clause: str) -> list[Event]:
    """``keep`` stores the orders in the state; the event is ``side``'s secret."""
    keep()
    listed = "; ".join(o.words() for o in action.orders) or "none"
    return [OrdersSet(clause=clause, text=f"{side} sets its standing orders: {listed}",
                      side=side, orders=action.orders, secret_to=side)]


def stand_in(action: SetOrders) -> SetOrders:
    """What the other sides replay: orders were set, none they may read."""
    return SetOrders(())
