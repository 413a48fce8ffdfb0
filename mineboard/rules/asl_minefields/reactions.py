"""asl-minefields: the other side's answers mid-move, through its standing orders
(core/orders.py) — a ``snap_shot`` (AM-09), a ``daisy_chain`` (daisy.py) — and setting
those orders (rules/common/orders.py: the side's secret).

A Snap Shot is fired by the nearest Good Order unit of the side with a clear LOS (AM-08:
minefields never block it), on the IFT column of its firepower, the TEM of the hex entered
its only DRM (AM-09: a minefield adds none), one DR for each moving unit; a unit it pins
or breaks drops out of the move (AM-64).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mineboard.core.actions import Action
from mineboard.core.dice import Dice
from mineboard.core.events import Event
from mineboard.core.moves import MoveInProgress, Stop
from mineboard.core.orders import StandingOrder
from mineboard.core.words import and_list, possessive
from mineboard.rules.asl_minefields import los
from mineboard.rules.asl_minefields.costs import tem
from mineboard.rules.asl_minefields.los import distance
from mineboard.rules.asl_minefields.passage import attacks_module, drop_out, hook
from mineboard.rules.asl_minefields.state import GOOD, AmState, Unit
from mineboard.rules.common import moves, orders
from mineboard.rules.common.checks import TURN
from mineboard.rules.common.orders import SetOrders

REACTION_CLAUSE = TURN
"""Asks and their answers are the base game's turn."""
FIRE_TEM = "AM-09"
SNAP_SHOT, DAISY_CHAIN = "snap_shot", "daisy_chain"
SNAP_SHOT, DAISY_CHAIN = "snap_shot", "daisy_chain"


REACTIONS = (SNAP_SHOT, DAISY_CHAIN)
"""The answers a side may give mid-move (its standing orders name them)."""


def offer(state: AmState, reaction: str, move: MoveInProgress) -> str:
    at = state.board.ref(move.at)
    if reaction == SNAP_SHOT:
        return f"snap-shoot at {and_list(move.units)} in {at}"
    if reaction == DAISY_CHAIN:
        return f"pull a Daisy Chain across {at}"
    return f"{reaction.replace('_', ' ')} at {at}"


def standing_orders(state: AmState, side: str) -> Sequence[StandingOrder]:
    return state.orders.get(side, ())


def react(state: AmState, side: str, reaction: str, move: MoveInProgress, dice: Dice,
          answer: object) -> tuple[list[Event], Stop | None]:
    if reaction == DAISY_CHAIN:
        daisy_react = hook("daisy", "react")
        if daisy_react is None:  # pragma: no cover - daisy.py not written yet
            return [], None
        result: tuple[list[Event], Stop | None] = daisy_react(state, side, move, dice, answer)
        return result
    return snap_shot(state, side, move, dice)


def firer(state: AmState, side: str, at: str) -> Unit | None:
    """The unit of ``side`` that takes a Snap Shot at ``at``: Good Order, with firepower,
    on the map, with a clear LOS (AM-08: minefields never block it); the nearest, then the
    strongest, then by id."""
    apart = distance(state)
    able = [u for u in state.units.values()
            if u.side == side and u.hex is not None and not u.eliminated and u.status == GOOD
            and state.unit_type(u).fp > 0 and los.clear(state.board, u.hex, at)]
    if not able:
        return None
    return min(able, key=lambda u: (apart(u.hex or at, at), -state.unit_type(u).fp, u.id))


def snap_shot(state: AmState, side: str, move: MoveInProgress,
              dice: Dice) -> tuple[list[Event], Stop | None]:
    """A Snap Shot at the units that just entered ``move.at``: an IFT attack on the
    firer's firepower column, its only DRM the TEM of the hex entered (AM-09), one DR for
    each moving unit. A unit it pins or breaks drops out of the move (AM-64)."""
    at = move.at
    ref = state.board.ref(at)
    shooter = firer(state, side, at)
    if shooter is None:
        # an order that finds no firer stays the side's secret, as the order itself is
        return [Event(kind="SnapShotNone", clause=FIRE_TEM, at=ref, secret_to=side,
                      text=f"no unit of {possessive(side)} can snap-shoot at {ref}")], None
    fp, drm = state.unit_type(shooter).fp, tem(state, at)
    events: list[Event] = [Event(kind="SnapShot", clause=FIRE_TEM, at=ref,
                                 text=f"{shooter.id} snap-shoots at {and_list(move.units)} in "
                                      f"{ref}: {fp} FP, TEM {drm:+d} (a minefield adds "
                                      "nothing)",
                                 data={"firer": shooter.id, "fp": fp, "drm": drm})]
    if shooter.concealed:
        shooter.concealed = False
        events.append(Event(kind="ConcealmentLost", clause=FIRE_TEM,
                            at=state.board.ref(str(shooter.hex)),
                            text=f"{shooter.id} fires and is seen", reveals=True))
    stopped: list[str] = []
    for uid in [u for u in move.units if state.units[u].hex == at]:
        out = _fire(state, uid, fp, drm, dice, f"{shooter.id}'s Snap Shot at {uid} in {ref}")
        events += out.events
        if out.stops or state.units[uid].eliminated:
            stopped.append(uid)
    more, stop = drop_out(state, stopped, at, FIRE_TEM, f"{possessive(shooter.id)} Snap Shot")
    return events + more, stop


def _fire(state: AmState, uid: str, column: int, drm: int, dice: Dice, purpose: str) -> Any:
    """One IFT attack by fire on ``uid`` (attacks.fire)."""
    return attacks_module().fire(state, uid, column, drm, dice, FIRE_TEM, purpose)


def check_orders(state: AmState, action: SetOrders) -> None:
    moves.no_ask(state, REACTION_CLAUSE)
    orders.check_orders(action, REACTIONS, state.board.places, REACTION_CLAUSE)


def set_orders(state: AmState, action: SetOrders, dice: Dice) -> list[Event]:
    side = state.to_move

    def keep() -> None:
        state.orders[side] = action.orders

    return orders.set_orders(side, action, keep, REACTION_CLAUSE)


def stand_in(action: Action) -> Action | None:
    return orders.stand_in(action) if isinstance(action, SetOrders) else None
