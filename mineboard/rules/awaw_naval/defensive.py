"""Defensive patrols (AW-113…AW-115): a defending force that beat a patrol may stay where it
intercepted until regular combat of the next combat phase is over; from there it intercepts
as if from port — in the movement phase's sea supply and sea transport segments and once in
the combat phase — an exception to the one-operation rule, with one successful such
interception a player turn (21.4192). During the opposing player turn patrolling submarines
count as defensive patrols and may intercept any enemy naval activity (AW-115, AW-112).

A defensive patrol's interception is declared with ``defensive_intercept`` (its ships are at
sea, so part 1's ``intercept`` would find them busy); its outcome is part 1's
``interception_result``, entered by the defender and accepted by the mover (AW-224).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, ClassVar

from mineboard.core import outside
from mineboard.core.actions import Action
from mineboard.core.dice import Dice
from mineboard.core.errors import IllegalAction
from mineboard.core.events import Event
from mineboard.core.outside import Awaiting
from mineboard.core.schema import Doc, Length
from mineboard.core.words import and_list
from mineboard.rules.awaw_naval import choices, interception, interception_table, reach, returns
from mineboard.rules.awaw_naval.forces import label, own_ships
from mineboard.rules.awaw_naval.ledger import Interception, Operation, ledger_of
from mineboard.rules.awaw_naval.patrol_log import STAYING, log_of, patrol_of, player_turn
from mineboard.rules.awaw_naval.state import COMBAT, MOVEMENT, Asked, AwState
from mineboard.rules.common.checks import TURN

MOVEMENT_SEGMENTS = ("sea_transport", "supply_protection")
"""The movement-phase segments in which a defensive patrol intercepts (21.4192: sea supply
and sea transport)."""


@dataclass(frozen=True, slots=True)
class DefensivePatrol(Action):
    """The defender's answer for interceptors that beat a patrol: stay as a defensive
    patrol, or return and stay inverted for the player turn (AW-100, AW-113)."""

    kind: ClassVar[str] = "defensive_patrol"
    operation: Annotated[str, Doc("the interceptors' operation")]
    stay: bool = True


@dataclass(frozen=True, slots=True)
class DefensiveIntercept(Action):
    """A defensive patrol (or a submarine patrol in the opposing player turn) intercepts a
    moving force from its patrol hex (AW-114, AW-115)."""

    kind: ClassVar[str] = "defensive_intercept"
    ships: Annotated[tuple[str, ...], Length(1, 200)]
    target: Annotated[str, Doc("a ship of the moving force")]
    hex: Annotated[str, Doc("the interception hex, on the moving force's route")]
    situation: Annotated[str, Length(0, 60),
                         Doc("the Naval Interception Table's situation declared "
                             "(interception_table.json); empty: none (AW-224, AW-176)")] = ""


def ask_stay(state: AwState, pending: Interception) -> list[Event]:
    """The defender chooses for his winning interceptors (AW-113)."""
    where = state.board.ref(pending.hex)
    choices.ask(state, Asked(pending.side, DefensivePatrol.kind, "AW-113",
                             f"whether the interceptors at {where} stay as a defensive patrol",
                             {"operation": pending.operation}))
    return [Event(kind="DefensivePatrolOffered", clause="AW-113", at=where,
                  text=f"{pending.side}'s interceptors beat the patrol: they may stay at "
                       f"{where} as a defensive patrol until regular combat of the next "
                       "combat phase is over, or return inverted for the player turn",
                  data={"operation": pending.operation})]


def offer_stay(state: AwState, pending: Interception,
               result: interception.InterceptionResult) -> list[Event]:
    """interception.HOOKS["resolved"], after patrols': interceptors that beat a patrol are
    asked whether they stay (AW-100, AW-113)."""
    if not (result.intercepted and result.mover_beaten) \
            or patrol_of(state, pending.window.operation) is None:
        return []
    return ask_stay(state, pending)


def check_stay(state: AwState, action: DefensivePatrol) -> None:
    question = choices.refuse_answer_not_asked(state, DefensivePatrol.kind, "AW-113")
    if question.data.get("operation") != action.operation:
        raise IllegalAction(f"the choice asked is for operation "
                            f"{question.data.get('operation')}", "AW-113")


def stay(state: AwState, action: DefensivePatrol, dice: Dice) -> list[Event]:
    choices.answered(state)
    op = ledger_of(state).operations[action.operation]
    where = state.board.ref(op.hex)
    if action.stay:
        log_of(state).defensive[op.id] = op.hex
        event = Event(kind="DefensivePatrol", clause="AW-113", at=where,
                      text=f"{and_list(op.at_sea)} stay at {where} as a defensive patrol "
                           "until regular combat of the next combat phase is over",
                      data={"operation": op.id, "hex": op.hex})
    else:
        for ident in op.at_sea:
            state.ships[ident].inverted = state.ships[ident].held_inverted = True
        event = Event(kind="InterceptorsReturn", clause="AW-113", at=where,
                      text=f"{and_list(op.at_sea)} return (return_to_base) and stay inverted "
                           "for the rest of the player turn", data={"operation": op.id})
    return [event, *choices.settled(state)]


def stays(state: AwState, op: Operation) -> bool:
    """returns.STAYS: a defensive patrol keeps the sea through the movement phase."""
    return op.id in log_of(state).defensive and state.phase == MOVEMENT


def home_after_combat(state: AwState) -> list[Event]:
    """Regular combat of the combat phase is over: defensive patrols come home (AW-113)."""
    events: list[Event] = []
    log = log_of(state)
    for op_id in list(log.defensive):
        op = ledger_of(state).operations.get(op_id)
        del log.defensive[op_id]
        if op is None or not op.at_sea:
            continue
        origin = op.origins[op.at_sea[0]]
        if not returns.held_now(state, origin, op.side):
            continue
        events.append(Event(kind="DefensivePatrolEnds", clause="AW-113",
                            at=state.board.ref(op.hex),
                            text=f"regular combat is over: the defensive patrol {op.id} "
                                 "comes home", data={"operation": op.id}))
        events += returns.home_to_origins(state, op, [state.ships[i] for i in op.at_sea])
    return events


def any_at_sea(state: AwState, side: str) -> bool:
    """operations.MAY_INTERCEPT: ``side`` has a defensive patrol (or a submarine patrol in
    the opposing player turn) at sea."""
    ledger = ledger_of(state)
    for op in ledger.operations.values():
        if op.side != side or not op.at_sea:
            continue
        patrol = patrol_of(state, op.id)
        if op.id in log_of(state).defensive or (patrol is not None and patrol.submarine
                                                and patrol.stage == STAYING
                                                and side != state.phasing):
            return True
    return False


def _source(state: AwState, ship_ids: tuple[str, ...]) -> Operation:
    """The one defensive patrol (or submarine patrol counting as one) the ships are at sea
    with."""
    at_sea = ledger_of(state).at_sea()
    ops = {at_sea[s].id if s in at_sea else "" for s in ship_ids}
    if len(ops) != 1 or "" in ops:
        raise IllegalAction("the interceptors must all be at sea with one defensive patrol",
                            "AW-114")
    op = ledger_of(state).operations[ops.pop()]
    patrol = patrol_of(state, op.id)
    sub_patrol = patrol is not None and patrol.submarine and patrol.stage == STAYING \
        and op.side != state.phasing
    if op.id not in log_of(state).defensive and not sub_patrol:
        raise IllegalAction(f"{op.id} is not a defensive patrol: only a force that beat a "
                            "patrol and stayed, or a submarine patrol in the opposing player "
                            "turn, intercepts from the sea", "AW-114")
    return op


def check_defensive(state: AwState, action: DefensiveIntercept) -> None:
    ledger = ledger_of(state)
    side = ledger.asked
    if side is None:
        raise IllegalAction("nobody is asked whether to intercept now", TURN)
    if ledger.interception is not None:
        raise IllegalAction("the outcome of the interception declared comes first", TURN)
    window = interception.window_of(state, action.target)
    if window is None:
        raise IllegalAction(f"{action.target!r} is not moving where {side} may intercept it",
                            TURN)
    ships = own_ships(state, action.ships, side, "AW-114", "interceptor")
    interception_table.check_intercept(state, action)  # AW-224, AW-176
    op = _source(state, action.ships)
    log = log_of(state)
    submarine = op.id not in log.defensive
    moving = ledger.operations.get(window.operation)
    activity = moving.activity if moving is not None else window.kind
    if not submarine:
        if state.phase == MOVEMENT and activity not in MOVEMENT_SEGMENTS:
            raise IllegalAction(f"a defensive patrol intercepts in the movement phase only in "
                                f"the sea supply and sea transport segments, not a "
                                f"{activity.replace('_', ' ')}", "AW-114")
        if state.phase == COMBAT and op.id in log.combat_tries:
            raise IllegalAction(f"defensive patrol {op.id} has intercepted once in this combat "
                                "phase", "AW-114")
        if state.phase not in (MOVEMENT, COMBAT):
            raise IllegalAction("a defensive patrol intercepts in the movement and combat "
                                "phases", "AW-114")
    if log.successes.get(side) == player_turn(state):
        raise IllegalAction(f"{side} has made its one successful interception from a "
                            "defensive patrol this turn", "AW-114")
    hexes = [h for h in window.route
             if state.board.places.get(h) is not None and state.board.places[h].kind == "hex"]
    if action.hex not in hexes:
        raise IllegalAction(f"{state.board.ref(action.hex)} is not on the route of "
                            f"{label(state.ships[action.target])}", "AW-79")
    interception._check_fronts(state, window, ships, action.hex)  # AW-16, as from port
    for ship in ships:
        leg = reach.leg(state, ship.nation, op.hex, action.hex, reach.INTERCEPTION)
        if op.hex != action.hex and not leg.legal:
            raise IllegalAction(f"{label(ship)} from its patrol hex "
                                f"{state.board.ref(op.hex)}: {leg.reason}",
                                leg.clause or "AW-79")


def defensive_intercept(state: AwState, action: DefensiveIntercept, dice: Dice) -> list[Event]:
    ledger = ledger_of(state)
    side = ledger.asked or ""
    window = interception.window_of(state, action.target)
    assert window is not None
    source = _source(state, action.ships)
    log = log_of(state)
    op = Operation(state.new_id("op"), "interception", side, tuple(action.ships),
                   {s: source.origins[s] for s in action.ships}, action.hex, action.hex,
                   state.phase)
    ledger.operations[op.id] = op
    log.defensive_tries[op.id] = source.id
    if state.phase == COMBAT:
        log.combat_tries.add(source.id)
    ledger.interception = Interception(tuple(action.ships), side, action.hex, window,
                                       op.origins, op.id, action.situation)
    where = state.board.ref(action.hex)
    route = [source.hex, *reach.leg(state, state.ships[action.ships[0]].nation, source.hex,
                                    action.hex, reach.INTERCEPTION).places[1:]]
    patrol = patrol_of(state, source.id)
    clause = "AW-115" if patrol is not None and patrol.submarine else "AW-114"
    pending = ledger.interception
    events = interception.run_hooks("declared", state, pending)
    events += [Event(kind="DefensiveInterception", clause=clause, at=where,
                     text=f"{side}'s defensive patrol {source.id} intercepts "
                          f"{and_list(window.ships)} at {where} from its patrol hex "
                          f"({state.board.ref(source.hex)})",
                     data={"ships": list(action.ships), "operation": op.id,
                           "from": source.id}),
               Event(kind="CounterInterceptable", clause="AW-115", at=where,
                     text="the defensive patrol may be counter-intercepted in any hex of its "
                          f"interception route ({len(route)} hexes), its patrol hex included",
                     data={"route": route}),
               outside.begin(state, Awaiting(interception.InterceptionResult.kind,
                                             f"the interception at {where}", "AW-224",
                                             enters=side, accepts=window.mover))]
    return events


def resolved(state: AwState, pending: Interception, result: interception.InterceptionResult
             ) -> list[Event]:
    """interception.HOOKS["resolved"]: a defensive patrol's successful interception is its
    side's one a turn (AW-114)."""
    log = log_of(state)
    if pending.operation not in log.defensive_tries or not result.intercepted:
        return []
    log.successes[pending.side] = player_turn(state)
    source = ledger_of(state).operations.get(log.defensive_tries[pending.operation])
    if source is not None:
        source.fought = True  # a submarine patrol that fought stays out no longer (AW-110)
    return [Event(kind="DefensiveSuccess", clause="AW-114",
                  text=f"{pending.side}'s successful interception from a defensive patrol: "
                       "its one this turn", data={"side": pending.side})]
