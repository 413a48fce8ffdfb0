"""A staying patrol supports an intercepted friend (AW-106…AW-108): the only
counter-interception a patrol makes (22.163). The support is declared once a friendly
force has been intercepted, its success is settled outside these rules (``support_result``,
entered by the supporting side): if it arrives, the supporting ships join that force and
take on its mission once the combat is over (not with raiders); if it comes too late, they
go back to their patrol hex and try no support again in that phase (AW-107). A patrol may
split to support several forces and keep part of itself back. Patrols, base changes and SW
deployments are carried out at the same moment as patrols, so none of them is supported
(AW-108); fast carrier missions support nobody (AW-203).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, ClassVar

from mineboard.core import outside
from mineboard.core.actions import Action
from mineboard.core.dice import Dice
from mineboard.core.errors import IllegalAction
from mineboard.core.events import Event
from mineboard.core.outside import Awaiting, OutsideResult
from mineboard.core.schema import Doc, Length
from mineboard.core.words import and_list
from mineboard.rules.awaw_naval.ledger import ledger_of
from mineboard.rules.awaw_naval.patrol_log import STAYING, log_of, patrol_of, phase_key
from mineboard.rules.awaw_naval.state import AwState
from mineboard.rules.common.checks import TURN

SIMULTANEOUS = ("patrol", "base_change", "displacement")
"""Movements at the same moment as patrols: no patrol supports them (AW-108)."""


@dataclass(frozen=True, slots=True)
class SupportIntercepted(Action):
    """Ships of a staying patrol go to the help of an intercepted friendly force (AW-106)."""

    kind: ClassVar[str] = "support_intercepted"
    operation: Annotated[str, Doc("the supporting patrol")]
    ships: Annotated[tuple[str, ...], Length(1, 200), Doc("its ships that go (AW-107)")]
    supported: Annotated[str, Doc("the intercepted friendly operation")]


@dataclass(frozen=True, slots=True)
class SupportResult(OutsideResult):
    """Whether the support arrived in time to fight (22.163, outside these rules)."""

    kind: ClassVar[str] = "support_result"
    arrived: Annotated[bool, Doc("the supporting ships arrived in time to fight")]


def check_support(state: AwState, action: SupportIntercepted) -> None:
    ledger = ledger_of(state)
    op = ledger.operations.get(action.operation)
    patrol = patrol_of(state, action.operation)
    if op is not None and op.activity == "carrier_mission":
        raise IllegalAction("a fast carrier mission may not counter-intercept to support "
                            "other forces", "AW-203")
    if op is None or patrol is None:
        raise IllegalAction(f"{action.operation!r} is not a patrol", "AW-106")
    if op.side != state.to_move:
        raise IllegalAction(f"patrol {op.id} is {op.side}'s", TURN)
    if patrol.stage != STAYING:
        raise IllegalAction(f"patrol {op.id} is not staying at sea: only a patrol that stays "
                            "supports an intercepted friend", "AW-106")
    if not set(action.ships) <= set(op.at_sea):
        raise IllegalAction(f"the supporting ships must be at sea with patrol {op.id}",
                            "AW-107")
    log = log_of(state)
    for ident in action.ships:
        if log.late.get(ident) == phase_key(state):
            raise IllegalAction(f"{ident} came too late to a combat this phase: its next "
                                "support waits for a later phase", "AW-107")
    if log.support is not None:
        raise IllegalAction("the support declared comes first", "AW-106")
    friend = ledger.operations.get(action.supported)
    if friend is not None and friend.activity in SIMULTANEOUS:
        raise IllegalAction(f"operation {friend.id} is a {friend.activity.replace('_', ' ')}, "
                            "carried out at the same moment as patrols: no patrol supports "
                            "it", "AW-108")
    if friend is None or friend.side != op.side or not friend.fought or not friend.at_sea:
        raise IllegalAction(f"{action.supported!r} is no friendly force intercepted and at "
                            "sea", "AW-106")


def support(state: AwState, action: SupportIntercepted, dice: Dice) -> list[Event]:
    op = ledger_of(state).operations[action.operation]
    log_of(state).support = (op.id, tuple(action.ships), action.supported)
    kept = [s for s in op.at_sea if s not in action.ships]
    other = next(s for s in state.sides if s != op.side)
    return [Event(kind="SupportDeclared", clause="AW-106", at=state.board.ref(op.hex),
                  text=f"{and_list(action.ships)} of patrol {op.id} go to support "
                       f"operation {action.supported}"
                       + (f"; {and_list(kept)} stay uncommitted (AW-107)" if kept else ""),
                  data={"ships": list(action.ships), "supported": action.supported}),
            outside.begin(state, Awaiting(SupportResult.kind,
                                          f"the support of operation {action.supported}",
                                          "AW-106", enters=op.side, accepts=other))]


def resolve(state: AwState, result: SupportResult, dice: Dice) -> list[Event]:
    log = log_of(state)
    assert log.support is not None
    patrol_id, ships, supported = log.support
    log.support = None
    ledger = ledger_of(state)
    op, friend = ledger.operations[patrol_id], ledger.operations[supported]
    live = [s for s in ships if s in op.at_sea]
    if not result.arrived:
        for ident in live:
            log.late[ident] = phase_key(state)
        return [Event(kind="SupportTooLate", clause="AW-107", at=state.board.ref(op.hex),
                      text=f"{and_list(live)} arrived too late to fight: back to the patrol "
                           f"hex {state.board.ref(op.hex)}; no support again this phase",
                      data={"ships": live})]
    if friend.activity == "raid":
        return [Event(kind="SupportArrived", clause="AW-106",
                      text=f"{and_list(live)} fought beside the raiders; they do not join "
                           "them", data={"ships": live})]
    for ident in live:
        op.at_sea.remove(ident)
        friend.at_sea.append(ident)
        friend.origins[ident] = op.origins[ident]
    friend.ships = (*friend.ships, *live)
    return [Event(kind="SupportJoins", clause="AW-106", at=state.board.ref(friend.hex),
                  text=f"{and_list(live)} arrived: once the combat is over they join "
                       f"operation {friend.id} and take on its mission",
                  data={"ships": live, "operation": friend.id})]
