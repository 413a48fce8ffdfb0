"""Submarine patrols (AW-110…AW-112): submarines patrol on their own and, instead of coming
home after regular combat, may stay at sea until they attack, fight a naval combat or the
opposing player turn ends. In the opposing movement phase each may be hit by one sortie of
land-based air (``attack_submarine_patrol``; the air combat is outside these rules and its
losses are entered, AW-111). During the opposing player turn they count as defensive patrols
(defensive.py, AW-112, AW-115). A German submarine may not stay on western-front patrol
through the Allied player turn if Germany conducted Atlantic SW-box warfare in its own turn:
the players set that flag (``sw_warfare_conducted``), and the patrol is sent home as the
Axis player turn ends (AW-112).
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
from mineboard.rules.awaw_naval import interception, reach, returns
from mineboard.rules.awaw_naval.forces import label
from mineboard.rules.awaw_naval.ledger import Operation, ledger_of
from mineboard.rules.awaw_naval.patrol_log import STAYING, Patrol, log_of, patrol_of
from mineboard.rules.awaw_naval.state import CONSTRUCTION, MOVEMENT, AwState
from mineboard.rules.common.checks import TURN

SW_FRONT = "western"
"""The front whose submarine patrols the Atlantic SW-box warfare flag sends home (AW-112)."""


@dataclass(frozen=True, slots=True)
class SwWarfare(Action):
    """A player-set flag: this nation conducted Atlantic SW-box submarine warfare in its
    player turn (25.3, outside these rules; AW-112)."""

    kind: ClassVar[str] = "sw_warfare_conducted"
    nation: Annotated[str, Length(1, 40)]


@dataclass(frozen=True, slots=True)
class AttackSubmarinePatrol(Action):
    """One sortie of land-based air against an enemy submarine patrol (AW-111)."""

    kind: ClassVar[str] = "attack_submarine_patrol"
    operation: str


@dataclass(frozen=True, slots=True)
class SubmarineAirResult(OutsideResult):
    """What the sortie did (air combat outside these rules, AW-111)."""

    kind: ClassVar[str] = "submarine_air_result"
    sunk: Annotated[str, Length(0, 400), Doc("submarines sunk (ids, comma-separated)")] = ""
    damaged: Annotated[str, Length(0, 400), Doc("submarines damaged (ids)")] = ""


def _sub_patrols(state: AwState) -> list[tuple[Patrol, Operation]]:
    ledger = ledger_of(state)
    return [(p, ledger.operations[p.op]) for p in log_of(state).patrols
            if p.submarine and p.stage == STAYING and p.op in ledger.operations
            and ledger.operations[p.op].at_sea]


def stays(state: AwState, op: Operation) -> bool:
    """returns.STAYS: a submarine patrol that stays keeps the sea until it fights (AW-110)."""
    patrol = patrol_of(state, op.id)
    return patrol is not None and patrol.submarine and patrol.stage == STAYING \
        and not op.fought


def check_sw(state: AwState, action: SwWarfare) -> None:
    if action.nation not in state.nations:
        raise IllegalAction(f"{action.nation} is not in play", TURN)
    if state.side_of_nation(action.nation) != state.phasing:
        raise IllegalAction(f"{action.nation} conducts submarine warfare in its own player "
                            "turn", "AW-112")


def sw(state: AwState, action: SwWarfare, dice: Dice) -> list[Event]:
    log_of(state).sw_warfare.add(action.nation)
    return [Event(kind="SwWarfareConducted", clause="AW-112",
                  text=f"{action.nation} conducted Atlantic SW-box submarine warfare this "
                       f"player turn: its {SW_FRONT}-front submarine patrols go home as the "
                       "turn ends", data={"nation": action.nation})]


def _home(state: AwState, op: Operation, clause: str, why: str) -> list[Event]:
    patrol = patrol_of(state, op.id)
    if patrol is not None:
        patrol.stage = "returning"
    origin = op.origins[op.at_sea[0]]
    event = Event(kind="SubmarinePatrolHome", clause=clause, at=state.board.ref(op.hex),
                  text=f"submarine patrol {op.id} {why}", data={"operation": op.id})
    if not returns.held_now(state, origin, op.side):
        return [event]  # employment's end of phase finds another base (AW-72)
    return [event, *returns.home_to_origins(state, op, [state.ships[i] for i in op.at_sea])]


def turn_end(state: AwState) -> list[Event]:
    """The construction phase ends a player turn: the phasing side's western-front German
    submarine patrols go home after Atlantic SW warfare (AW-112); the other side's, whose
    opposing player turn this was, go home (AW-110)."""
    if state.phase != CONSTRUCTION:
        return []
    events: list[Event] = []
    log = log_of(state)
    for _patrol, op in _sub_patrols(state):
        nations = {state.ships[s].nation for s in op.at_sea}
        if op.side == state.phasing:
            if nations & log.sw_warfare and reach.front_of_hex(state, op.hex) == SW_FRONT:
                events += _home(state, op, "AW-112",
                                f"may not stay on {SW_FRONT}-front patrol through the "
                                "opposing player turn: "
                                f"{and_list(sorted(nations & log.sw_warfare))} conducted "
                                "Atlantic SW-box warfare this turn; it returns to base")
        else:
            events += _home(state, op, "AW-110", "stays no longer: the opposing player turn "
                                                 "is over; it returns to base")
    log.sw_warfare.clear()
    return events


def check_attack(state: AwState, action: AttackSubmarinePatrol) -> None:
    if state.phase != MOVEMENT:
        raise IllegalAction("submarine patrols are attacked from the air in the movement "
                            "phase, just after counterair", "AW-111")
    op = ledger_of(state).operations.get(action.operation)
    patrol = patrol_of(state, action.operation)
    if op is None or patrol is None or not patrol.submarine or patrol.stage != STAYING \
            or not op.at_sea:
        raise IllegalAction(f"{action.operation!r} is no submarine patrol at sea", "AW-111")
    if op.side == state.phasing:
        raise IllegalAction("a submarine patrol is attacked in the opposing player's movement "
                            "phase", "AW-111")
    if op.id in log_of(state).sub_attacked:
        raise IllegalAction(f"submarine patrol {op.id} has suffered its one sortie this phase",
                            "AW-111")


def attack(state: AwState, action: AttackSubmarinePatrol, dice: Dice) -> list[Event]:
    op = ledger_of(state).operations[action.operation]
    log = log_of(state)
    log.sub_attacked.add(op.id)
    log.sub_attack = op.id
    where = state.board.ref(op.hex)
    return [Event(kind="AirAttackOpportunity", clause="AW-111", at=where,
                  text=f"one sortie of land-based air in range attacks submarine patrol "
                       f"{op.id} at {where}: each squadron once, air cover allowed, no "
                       "air-defense roll; carrier air and fleets may not (air combat outside "
                       "these rules)", data={"operation": op.id}),
            outside.begin(state, Awaiting(SubmarineAirResult.kind,
                                          f"the air attack on submarine patrol {op.id}",
                                          "AW-111", enters=state.phasing, accepts=op.side))]


def check_result(state: AwState, result: SubmarineAirResult) -> None:
    op = ledger_of(state).operations[log_of(state).sub_attack]
    for name in ("sunk", "damaged"):
        for ident in interception.ids(getattr(result, name)):
            if ident not in op.at_sea:
                raise IllegalAction(f"submarine_air_result.{name}: {ident} is not among "
                                    f"{and_list(op.at_sea)}", "AW-111")


def resolve(state: AwState, result: SubmarineAirResult, dice: Dice) -> list[Event]:
    log = log_of(state)
    op = ledger_of(state).operations[log.sub_attack]
    log.sub_attack = ""
    events = []
    for ident in interception.ids(result.sunk):
        ship = state.ships[ident]
        ship.eliminated, ship.base = True, None
        op.at_sea.remove(ident)
        events.append(Event(kind="ShipSunk", clause="AW-111", text=f"{label(ship)} is sunk",
                            data={"ship": ident}))
    for ident in interception.ids(result.damaged):
        state.ships[ident].damaged = True
        events.append(Event(kind="ShipDamaged", clause="AW-111",
                            text=f"{label(state.ships[ident])} is damaged",
                            data={"ship": ident}))
    return events


def phase_start(state: AwState) -> list[Event]:
    """The opposing movement phase begins: each submarine patrol still at sea may be hit by
    one air sortie (AW-111)."""
    log = log_of(state)
    log.sub_attacked.clear()
    if state.phase != MOVEMENT:
        return []
    return [Event(kind="SubmarinePatrolExposed", clause="AW-111", at=state.board.ref(op.hex),
                  text=f"{state.phasing} may attack submarine patrol {op.id} with one sortie "
                       "of land-based air just after counterair (attack_submarine_patrol)",
                  data={"operation": op.id})
            for _p, op in _sub_patrols(state) if op.side != state.phasing]
