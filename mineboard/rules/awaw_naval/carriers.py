"""Fast carrier missions (AW-198…AW-204): in the combat phase fast carriers sail to a sea
hex (the mission hex) from which their naval air strikes one enemy base or supports ground
combat; offensive range (AW-82) and the boxes' limits (AW-199: box_rules' AW-17, AW-18,
AW-25) come from part 1's declaration of an operation, the carrier ratio from AW-66 (AW-202).
Here: the mission hex, carriers present and escorts sailing with them (AW-198, AW-202), what
is reported for BRPs and timing (AW-200, AW-201), the one base struck once interceptions are
over (``carrier_strike``, AW-201, AW-204), and the return after regular combat (AW-203).
A mission neither intercepts nor supports (patrols.refuse_interceptors, support.py, AW-203);
it may follow a base change, unlike a patrol (AW-204, AW-96).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, ClassVar

from mineboard.core.actions import Action
from mineboard.core.dice import Dice
from mineboard.core.errors import IllegalAction
from mineboard.core.events import Event
from mineboard.core.schema import Doc
from mineboard.core.words import and_list
from mineboard.rules.awaw_naval import operations, reach, returns
from mineboard.rules.awaw_naval.forces import label
from mineboard.rules.awaw_naval.ledger import Operation, ledger_of
from mineboard.rules.awaw_naval.patrol_log import log_of
from mineboard.rules.awaw_naval.state import AwState
from mineboard.rules.common.checks import TURN

ACTIVITY = "carrier_mission"


@dataclass(frozen=True, slots=True)
class CarrierStrike(Action):
    """The naval air of a fast carrier mission strikes its one enemy base (AW-204; the air
    mission itself is outside these rules, 21.556)."""

    kind: ClassVar[str] = "carrier_strike"
    operation: str
    base: Annotated[str, Doc("the enemy port struck")]


def check_mission(state: AwState, action: operations.Operate) -> None:
    """CHECKS["carrier_mission"]: a sea hex, fast carriers in the force, every other ship
    sailing from a carrier's base (AW-198, AW-202)."""
    place = state.board.places.get(action.target)
    if place is None or place.kind != "hex" or place.props.get("terrain") == "land":
        raise IllegalAction(f"{action.target} is not a sea hex: a fast carrier mission sails "
                            "to a sea hex, the mission hex", "AW-198")
    ships = [state.ships[s] for s in action.ships]
    carriers = [s for s in ships if state.ship_type(s).carrier]
    if not carriers:
        raise IllegalAction("a fast carrier mission needs fast carriers", "AW-198")
    bases = {s.base for s in carriers}
    for ship in ships:
        if ship.base not in bases:
            raise IllegalAction(f"{label(ship)} is based at {ship.base}, where no carrier of "
                                "the mission is: the accompanying fleet follows the carriers' "
                                "basing and movement", "AW-202")


def sail(state: AwState, op: Operation, dice: Dice) -> list[Event]:
    """EFFECTS["carrier_mission"]: what the mission reports as it sails."""
    ships = [state.ships[s] for s in op.ships]
    front = reach.front_of_hex(state, op.hex) or "no"
    payers = [label(s) for s in ships if not state.ship_type(s).submarine]
    where = state.board.ref(op.hex)
    return [
        Event(kind="OffensiveMission", clause="AW-200", at=where,
              text=f"a fast carrier mission is an offensive mission charged to the {front} "
                   f"front: {and_list(payers)} (BRPs outside these rules; submarines need "
                   "none; alongside an invasion or bombardment, the front of its land hex)",
              data={"front": front, "units": payers}),
        Event(kind="CarrierMissionTiming", clause="AW-201", at=where,
              text="announced with the combat phase's other offensive naval missions; its "
                   "air mission is assigned once every combat caused by enemy interceptions "
                   "is over (carrier_strike)"),
        Event(kind="CarrierMissionCombat", clause="AW-203", at=where,
              text="it fights only if intercepted, neither intercepts nor counter-intercepts, "
                   "and comes home after regular combat")]


def check_strike(state: AwState, action: CarrierStrike) -> None:
    ledger = ledger_of(state)
    op = ledger.operations.get(action.operation)
    if op is None or op.activity != ACTIVITY:
        raise IllegalAction(f"{action.operation!r} is not a fast carrier mission", TURN)
    if ledger.asked is not None or ledger.interception is not None:
        raise IllegalAction("carrier air missions are assigned only once every combat caused "
                            "by enemy interceptions is over", "AW-201")
    if op.side != state.to_move:
        raise IllegalAction(f"operation {op.id} is {op.side}'s", TURN)
    if op.aborted or not any(state.ship_type(state.ships[s]).carrier for s in op.at_sea):
        raise IllegalAction(f"mission {op.id} has no carriers at sea on it any more",
                            "AW-203")
    done = log_of(state).carrier_strikes.get(op.id)
    if done is not None:
        raise IllegalAction(f"mission {op.id} strikes {done} already: a fast carrier mission "
                            "strikes a single enemy base", "AW-204")
    if state.port_hex(action.base) is None:
        raise IllegalAction(f"{action.base!r} is not a port", TURN)


def strike(state: AwState, action: CarrierStrike, dice: Dice) -> list[Event]:
    log_of(state).carrier_strikes[action.operation] = action.base
    return [Event(kind="CarrierStrike", clause="AW-204", at=state.board.ref(action.base),
                  text=f"mission {action.operation}'s naval air strikes "
                       f"{state.board.ref(action.base)}, its single target (the air mission "
                       "is settled outside these rules, 21.556)",
                  data={"operation": action.operation, "base": action.base})]


def home_after_combat(state: AwState) -> list[Event]:
    """AW-203: after regular combat, before exploitation, the force returns to base."""
    events: list[Event] = []
    for op in ledger_of(state).operations.values():
        if op.activity != ACTIVITY or not op.at_sea or op.side != state.phasing:
            continue
        origin = op.origins[op.at_sea[0]]
        if not returns.held_now(state, origin, op.side):
            continue
        events.append(Event(kind="CarrierMissionHome", clause="AW-203",
                            at=state.board.ref(op.hex),
                            text=f"regular combat is over: fast carrier mission {op.id} "
                                 "returns to base", data={"operation": op.id}))
        events += returns.home_to_origins(state, op, [state.ships[i] for i in op.at_sea])
    return events
