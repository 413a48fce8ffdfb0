"""Patrols (AW-93…AW-112): naval units sail in the movement phase to a declared sea hex to
strike enemy bases, help ground attacks and stand ready to support intercepted friends.

The step sequence (21.416): every patrol is declared up front together with the base
changes, in the order they are carried out (``declare_patrols``, AW-98); a unit that patrols
does not also change base (AW-96, basechange asks :func:`check_base_change`). Each patrol
then sails as an ``operate`` of activity ``patrol`` (operations.py: range AW-82, boxes AW-94
by box_rules, one operation AW-63), the defender asked as it enters each hex (AW-99, part 1's
interception window over the route); at its hex it makes air rounds, each an outside result
(``patrol_air_round``, AW-101) before which the defender may try an interception if he has
not tried one yet (AW-104); then it returns or stays through the combat phase
(``end_air_rounds``, AW-101, AW-102). The loser of a combat goes home inverted; winning
interceptors may stay as a defensive patrol (defensive.py, AW-100, AW-113). All patrols come
home after regular combat (AW-109) except submarines (AW-110…AW-112, submarines.py).

Patrols never intercept (AW-108): a regular ``intercept`` naming patrolling ships is refused;
they support intercepted friends only (support.py, AW-106, AW-107).
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
from mineboard.core.planning import Preview
from mineboard.core.schema import Doc, Length
from mineboard.core.words import and_list
from mineboard.rules.awaw_naval import forces, interception, operations, ports, reach, returns
from mineboard.rules.awaw_naval.basechange import BaseChange
from mineboard.rules.awaw_naval.forces import label
from mineboard.rules.awaw_naval.ledger import Interception, Operation, Window, ledger_of
from mineboard.rules.awaw_naval.mission_data import patrol_options
from mineboard.rules.awaw_naval.patrol_log import (
    AT_HEX,
    BEATEN,
    EN_ROUTE,
    RETURNING,
    STAYING,
    UNDER_WAY,
    Patrol,
    log_of,
    patrol_of,
    phase_key,
    this_phase,
)
from mineboard.rules.awaw_naval.state import MOVEMENT, AwState
from mineboard.rules.common.checks import TURN

PATROL = "patrol"


@dataclass(frozen=True, slots=True)
class PatrolOrder:
    """One patrol of the declaration: its ships (from one base or several, AW-96), its
    patrol hex and route."""

    ships: Annotated[tuple[str, ...], Length(0, 200), Doc("at least one (checked)")]
    target: Annotated[str, Doc("the patrol hex: a sea hex")]
    via: Annotated[tuple[str, ...], Length(0, 40), Doc("hexes the route passes")] = ()
    strike_force: Annotated[bool, Doc("Japan's Pearl Harbor strike force (AW-66, AW-103)")] \
        = False


@dataclass(frozen=True, slots=True)
class DeclarePatrols(Action):
    """Every patrol of the movement phase, declared up front in the order they sail
    (AW-98)."""

    kind: ClassVar[str] = "declare_patrols"
    patrols: Annotated[tuple[PatrolOrder, ...], Length(0, 40)]


@dataclass(frozen=True, slots=True)
class PatrolAirRound(Action):
    """A patrol at its hex makes a round of counterair and air strikes (AW-101)."""

    kind: ClassVar[str] = "patrol_air_round"
    operation: str


@dataclass(frozen=True, slots=True)
class AirRoundResult(OutsideResult):
    """What a patrol's air round did (air combat is outside these rules, AW-101)."""

    kind: ClassVar[str] = "air_round_result"
    struck: Annotated[str, Length(0, 400),
                      Doc("the enemy bases struck (port ids, comma-separated)")] = ""
    note: Annotated[str, Length(0, 400), Doc("the air module's result, in words")] = ""


@dataclass(frozen=True, slots=True)
class EndAirRounds(Action):
    """The patrol's air rounds are over: it returns to base or stays through the combat
    phase (AW-101, AW-102)."""

    kind: ClassVar[str] = "end_air_rounds"
    operation: str
    stay: bool = False


# ---- who patrols, and in what order ------------------------------------------------------

def _sea_hex(state: AwState, target: str) -> None:
    """AW-93: the patrol hex is a sea hex."""
    place = state.board.places.get(target)
    if place is None or place.kind != "hex" or place.props.get("terrain") == "land":
        raise IllegalAction(f"{state.board.ref(target) if place else target} is not a sea "
                            "hex: a patrol sails to a declared sea hex", "AW-93")


def _own_alone(state: AwState, ships: tuple[str, ...]) -> None:
    """AW-110: submarines patrol on their own, apart from other naval forces."""
    subs = [state.ship_type(state.ships[s]).submarine for s in ships if s in state.ships]
    if any(subs) and not all(subs):
        raise IllegalAction("submarines patrol on their own, apart from other naval forces",
                            "AW-110")


def _changed_base(state: AwState, ships: tuple[str, ...]) -> None:
    for ident in ships:
        if ident in state.changed_from:
            raise IllegalAction(f"{ident} changed base this movement phase: a unit that "
                                "patrols does not also change base in it", "AW-96")


def check_patrol(state: AwState, action: operations.Operate) -> None:
    """CHECKS["patrol"]: a sea hex (AW-93), submarines alone (AW-110), the announced order
    (AW-98) and the patrol before it done (AW-102)."""
    _sea_hex(state, action.target)
    _own_alone(state, action.ships)
    planned = [p for p in this_phase(state) if not p.implicit]
    if not planned:
        return  # a patrol sailing undeclared is a declaration of one
    nxt = next((p for p in planned if not p.op), None)
    if nxt is None:
        raise IllegalAction("every patrol of the phase has sailed: patrols are declared up "
                            "front, none added later", "AW-98")
    if set(nxt.ships) != set(action.ships) or nxt.target != action.target:
        raise IllegalAction(f"the next patrol announced is {and_list(nxt.ships)} to "
                            f"{state.board.ref(nxt.target)}", "AW-98")
    busy = next((p for p in planned if p.op and p.stage in UNDER_WAY
                 and not ledger_of(state).operations[p.op].aborted
                 and ledger_of(state).operations[p.op].at_sea), None)
    if busy is not None:
        raise IllegalAction(f"patrol {busy.op} has not yet returned or chosen to stay: the "
                            "next patrol sails after it", "AW-102")


def check_declare(state: AwState, action: DeclarePatrols) -> None:
    if state.phase != MOVEMENT:
        raise IllegalAction(f"patrols are declared in the movement phase, not the "
                            f"{state.phase} phase", "AW-93")
    if this_phase(state):
        raise IllegalAction("the patrols of this movement phase are declared already: all "
                            "at once, up front", "AW-98")
    if not action.patrols:
        raise IllegalAction("declare at least one patrol", "AW-98")
    seen: set[str] = set()
    for order in action.patrols:
        if not order.ships:
            raise IllegalAction("each patrol declared names its ships", "AW-98")
        _sea_hex(state, order.target)
        for ident in order.ships:
            if ident in seen:
                raise IllegalAction(f"{ident} is in two patrols", "AW-96")
            seen.add(ident)
        _changed_base(state, order.ships)
        _own_alone(state, order.ships)
        operations.check_operate(state, _operate(order))


def _operate(order: PatrolOrder) -> operations.Operate:
    return operations.Operate(PATROL, order.ships, order.target, via=order.via,
                              strike_force=order.strike_force)


def declare(state: AwState, action: DeclarePatrols, dice: Dice) -> list[Event]:
    log = log_of(state)
    key = phase_key(state)
    lines = []
    for n, order in enumerate(action.patrols, 1):
        subs = all(state.ship_type(state.ships[s]).submarine for s in order.ships)
        log.patrols.append(Patrol(order.ships, order.target, state.to_move, key, order.via,
                                  order.strike_force, submarine=subs))
        lines.append(f"{n}. {and_list(order.ships)} to {state.board.ref(order.target)}")
    return [Event(kind="PatrolsDeclared", clause="AW-98",
                  text="patrols declared up front, in this order: " + "; ".join(lines)
                       + " (their air strikes are chosen at the patrol hex)",
                  data={"order": [list(o.ships) for o in action.patrols],
                        "targets": [o.target for o in action.patrols]})]


def check_base_change(state: AwState, action: BaseChange) -> None:
    """Basechange's hook: a unit declared to patrol does not change base (AW-96); base
    changes are declared with the patrols, before the first patrol sails (AW-98)."""
    planned = this_phase(state)
    at_sea = ledger_of(state).at_sea()
    for p in planned:
        both = {s for s in set(p.ships) & set(action.ships) if s not in at_sea}
        if both:
            raise IllegalAction(f"{and_list(sorted(both))} patrols this movement phase and "
                                "may not also change base in it", "AW-96")
    if any(p.op and not p.implicit for p in planned):
        raise IllegalAction("base changes are declared up front with the patrols, before "
                            "the first patrol sails", "AW-98")


# ---- sailing ---------------------------------------------------------------------------

def sail(state: AwState, op: Operation, dice: Dice) -> list[Event]:
    """EFFECTS["patrol"]: the next patrol sails (or a patrol declared alone)."""
    planned = this_phase(state)
    patrol = next((p for p in planned if not p.op and set(p.ships) == set(op.ships)), None)
    if patrol is None:
        subs = all(state.ship_type(state.ships[s]).submarine for s in op.ships)
        patrol = Patrol(op.ships, op.target, op.side, phase_key(state), submarine=subs,
                        implicit=True)
        log_of(state).patrols.append(patrol)
    patrol.op, patrol.stage = op.id, EN_ROUTE
    ships = [state.ships[s] for s in op.ships]
    hex_ref = state.board.ref(op.hex)
    front = reach.front_of_hex(state, op.hex) or "no"
    payers = [label(s) for s in ships if not state.ship_type(s).submarine]
    origins = sorted(set(op.origins.values()))
    hexes = [h for h in op.route if state.board.places.get(h) is not None
             and state.board.places[h].kind == "hex"]
    events = [
        Event(kind="OffensiveMission", clause="AW-95", at=hex_ref,
              text=f"a patrol is an offensive mission on the {front} front; units to pay "
                   f"for: {and_list(payers) if payers else 'none (submarines need no BRPs)'} "
                   "(BRPs are charged outside these rules)",
              data={"front": front, "units": payers}),
        Event(kind="PatrolBase", clause="AW-97", at=hex_ref,
              text=f"{hex_ref} is the patrol's base until the combat phase ends; for "
                   f"capacity it still occupies {and_list(ports.name(state, o) for o in origins)}",
              data={"operation": op.id, "origins": origins}),
        Event(kind="HexByHex", clause="AW-99", at=hex_ref,
              text=f"the defender may intercept in each hex the patrol enters "
                   f"({len(hexes)} hexes), before its counterair from that hex; defending "
                   "air in range helps (air combat outside these rules)",
              data={"hexes": hexes})]
    if any(state.ship_type(s).carrier for s in ships):
        may = patrol_options().en_route
        events.append(Event(kind="CarrierPatrolEnRoute", clause="AW-229", at=hex_ref,
                            text="in each hex entered without interception its carriers may: "
                                 f"{and_list(may)} (patrol_options.json; air combat outside "
                                 "these rules)", data={"options": list(may)}))
    if len(origins) > 1:
        events.append(Event(kind="JointPatrol", clause="AW-96", at=hex_ref,
                            text=f"a joint patrol from {and_list(origins)}: its ships sail "
                                 "together and may join up at sea",
                            data={"origins": origins}))
    return events


def _patrol(state: AwState, ident: str) -> tuple[Patrol, Operation]:
    patrol = patrol_of(state, ident)
    op = ledger_of(state).operations.get(ident)
    if patrol is None or op is None:
        raise IllegalAction(f"there is no patrol {ident!r}", TURN)
    if op.side != state.to_move:
        raise IllegalAction(f"patrol {ident} is {op.side}'s", TURN)
    if op.aborted or not op.at_sea:
        raise IllegalAction(f"patrol {ident} is no longer at sea on its mission", "AW-100")
    return patrol, op


def _quiet(state: AwState) -> None:
    ledger = ledger_of(state)
    if ledger.asked is not None or ledger.interception is not None:
        raise IllegalAction("the defender's interception comes first", "AW-99")


def _defender(state: AwState, side: str) -> str:
    return next(s for s in state.sides if s != side)


def _offer(state: AwState, patrol: Patrol, op: Operation, clause: str,
           when: str) -> list[Event]:
    """The defender's chance at the patrol hex (AW-101, AW-102), unless he has tried
    (AW-104)."""
    if patrol.tried:
        return [Event(kind="NoSecondTry", clause="AW-104", at=state.board.ref(op.hex),
                      text=f"the defender tried once already to intercept patrol {op.id}: "
                           f"no interception {when}")]
    first = op.origins[op.at_sea[0]]
    asked = operations.ask_interceptors(state, Window("operation", op.side, tuple(op.at_sea),
                                                      first, op.target, (op.hex,), op.id))
    if not asked:
        return []
    return [Event(kind="PatrolHexInterception", clause=clause, at=state.board.ref(op.hex),
                  text=f"{_defender(state, op.side)} may intercept patrol {op.id} at its hex "
                       f"{when}"), *asked]


def check_air_round(state: AwState, action: PatrolAirRound) -> None:
    _quiet(state)
    patrol, _op = _patrol(state, action.operation)
    if patrol.stage not in UNDER_WAY:
        raise IllegalAction(f"patrol {action.operation} has ended its air rounds", "AW-101")
    if patrol.round_pending:
        raise IllegalAction("the air round announced comes first", "AW-101")


def _begin_round(state: AwState, patrol: Patrol, op: Operation) -> Event:
    patrol.round_pending = False
    log_of(state).round_op = op.id
    return outside.begin(state, Awaiting(AirRoundResult.kind,
                                         f"air round {patrol.rounds} of patrol {op.id}",
                                         "AW-101", enters=op.side,
                                         accepts=_defender(state, op.side)))


def air_round(state: AwState, action: PatrolAirRound, dice: Dice) -> list[Event]:
    patrol, op = _patrol(state, action.operation)
    patrol.stage, patrol.rounds = AT_HEX, patrol.rounds + 1
    events = [Event(kind="AirRoundAnnounced", clause="AW-101", at=state.board.ref(op.hex),
                    text=f"patrol {op.id} at {state.board.ref(op.hex)}: air round "
                         f"{patrol.rounds}, counterair and strikes on enemy bases in range",
                    data={"operation": op.id, "round": patrol.rounds})]
    offered = _offer(state, patrol, op, "AW-101", f"before air round {patrol.rounds}")
    events += offered
    if ledger_of(state).asked is not None:
        patrol.round_pending = True
        return events
    return [*events, _begin_round(state, patrol, op)]


def _pending(state: AwState) -> Patrol | None:
    return next((p for p in log_of(state).patrols if p.round_pending), None)


def check_air_result(state: AwState, result: AirRoundResult) -> None:
    """AW-103: any number of patrols may strike one base, except in the initial Pearl
    Harbor attack; a base struck must be a port."""
    op_id = log_of(state).round_op
    patrol = patrol_of(state, op_id)
    log = log_of(state)
    for base in interception.ids(result.struck):
        if state.port_hex(base) is None:
            raise IllegalAction(f"air_round_result.struck: {base!r} is not a port", "AW-101")
        others = [o for o in log.struck.get(base, []) if o != op_id]
        striking = [patrol_of(state, o) for o in others] + [patrol]
        if others and any(p is not None and p.strike_force for p in striking):
            raise IllegalAction(f"air_round_result.struck: {base} was struck by patrol "
                                f"{others[0]}; in the initial Pearl Harbor attack one base "
                                "suffers one patrol's strikes", "AW-103")


def resolve_air_round(state: AwState, result: AirRoundResult, dice: Dice) -> list[Event]:
    log = log_of(state)
    awaiting_op, log.round_op = log.round_op, ""
    patrol = patrol_of(state, awaiting_op)
    struck = interception.ids(result.struck)
    events = [Event(kind="AirRound", clause="AW-101",
                    text=f"air round {patrol.rounds if patrol else ''} of patrol {awaiting_op}: "
                         + (f"struck {and_list(struck)}" if struck else "no base struck")
                         + (f" ({result.note})" if result.note else ""),
                    data={"operation": awaiting_op, "struck": struck})]
    for base in interception.ids(result.struck):
        before = [o for o in log.struck.get(base, []) if o != awaiting_op]
        log.struck.setdefault(base, []).append(awaiting_op)
        if before:
            events.append(Event(kind="BaseStruckAgain", clause="AW-103",
                                at=state.board.ref(base),
                                text=f"{state.board.ref(base)} is struck by another patrol "
                                     "this turn: the rules set no limit",
                                data={"base": base, "patrols": [*before, awaiting_op]}))
    return events


def check_end_rounds(state: AwState, action: EndAirRounds) -> None:
    _quiet(state)
    patrol, _op = _patrol(state, action.operation)
    if patrol.stage not in UNDER_WAY:
        raise IllegalAction(f"patrol {action.operation} has ended its air rounds", "AW-101")


def end_rounds(state: AwState, action: EndAirRounds, dice: Dice) -> list[Event]:
    patrol, op = _patrol(state, action.operation)
    if not action.stay:
        patrol.stage = RETURNING
        return [Event(kind="PatrolReturns", clause="AW-101", at=state.board.ref(op.hex),
                      text=f"patrol {op.id} returns to base (return_to_base, AW-72); the next "
                           "patrol of the order may sail",
                      data={"operation": op.id})]
    patrol.stage = STAYING
    events = [Event(kind="PatrolStays", clause="AW-102", at=state.board.ref(op.hex),
                    text=f"patrol {op.id} stays at {state.board.ref(op.hex)} through the "
                         "combat phase", data={"operation": op.id})]
    return events + _offer(state, patrol, op, "AW-102", "as it stays")


# ---- the interception's answers (interception.HOOKS) ---------------------------------------

def refuse_interceptors(state: AwState, action: interception.Intercept) -> None:
    """Patrols never intercept (AW-108), fast carrier missions neither (AW-203); a defender
    who tried once does not try again against that patrol (AW-104)."""
    at_sea = ledger_of(state).at_sea()
    for ident in action.ships:
        op = at_sea.get(ident)
        if op is not None and op.activity == PATROL:
            raise IllegalAction(f"{ident} is on patrol: patrols do not intercept, except to "
                                "support an intercepted friend (AW-106) or as defensive "
                                "patrols", "AW-108")
        if op is not None and op.activity == "carrier_mission":
            raise IllegalAction(f"{ident} is on a fast carrier mission, which may neither "
                                "intercept nor counter-intercept", "AW-203")
    target = at_sea.get(action.target)
    patrol = None if target is None else patrol_of(state, target.id)
    if patrol is not None and patrol.tried:
        raise IllegalAction(f"the defender has tried once to intercept patrol {patrol.op}: "
                            "no second try against it with any forces", "AW-104")


def declared(state: AwState, pending: Interception) -> list[Event]:
    patrol = patrol_of(state, pending.window.operation)
    if patrol is not None:
        patrol.tried = True
    return []


def passed(state: AwState, side: str) -> list[Event]:
    patrol = _pending(state)
    if patrol is None or ledger_of(state).asked is not None:
        return []
    return [_begin_round(state, patrol, ledger_of(state).operations[patrol.op])]


def resolved(state: AwState, pending: Interception, result: interception.InterceptionResult
             ) -> list[Event]:
    """AW-100: the loser of a patrol's combat goes home inverted for the player turn; a
    winning patrol goes on (AW-105) and a winning interceptor may stay as a defensive patrol
    (AW-113)."""
    patrol = patrol_of(state, pending.window.operation)
    if patrol is None or not result.intercepted:
        return passed(state, pending.side) if patrol is not None else []
    op = ledger_of(state).operations[patrol.op]
    where = state.board.ref(pending.hex)
    if result.mover_beaten:
        patrol.stage, patrol.round_pending = BEATEN, False
        for ident in op.ships:
            ship = state.ships[ident]
            if not ship.eliminated:
                ship.inverted = ship.held_inverted = True
        log_of(state).winners[pending.operation] = patrol.op
        return [Event(kind="PatrolBeaten", clause="AW-100", at=where,
                      text=f"patrol {op.id} lost the naval combat: it returns to port and is "
                           "inverted for the rest of the player turn",
                      data={"operation": op.id})]  # defensive.offer_stay asks next (AW-113)
    events = [Event(kind="PatrolWon", clause="AW-100", at=where,
                    text=f"patrol {op.id} won the naval combat: it goes on, or aborts "
                         "(abort_operation) and returns", data={"operation": op.id}),
              Event(kind="PatrolGoesOn", clause="AW-105", at=where,
                    text="the combat does not stop the patrol's ships and naval air from "
                         "carrying out their patrol functions")]
    for ident in pending.ships:
        ship = state.ships[ident]
        if not ship.eliminated:
            ship.held_inverted = True
    return events + passed(state, pending.side)


# ---- after regular combat (AW-109) ----------------------------------------------------------

def stays(state: AwState, op: Operation) -> bool:
    """returns.STAYS: a patrol that stays keeps the sea until its combat phase is over."""
    patrol = patrol_of(state, op.id)
    return patrol is not None and not patrol.submarine and patrol.stage == STAYING \
        and state.phase == MOVEMENT and op.side == state.phasing


def home_after_combat(state: AwState) -> list[Event]:
    """AW-109: once regular combat is over, every patrol still at sea comes home and stays
    inverted until the player turn ends; submarines may stay (AW-110)."""
    events: list[Event] = []
    ledger = ledger_of(state)
    for patrol in log_of(state).patrols:
        op = ledger.operations.get(patrol.op)
        if op is None or not op.at_sea or patrol.submarine or op.side != state.phasing:
            continue
        ships = [state.ships[s] for s in op.at_sea]
        origin = op.origins[ships[0].id]
        if not returns.held_now(state, origin, op.side):
            continue  # employment's end of phase finds it another base (AW-72)
        for ship in ships:
            ship.inverted = True
        events.append(Event(kind="PatrolsHome", clause="AW-109",
                            at=state.board.ref(op.hex),
                            text=f"regular combat is over: patrol {op.id} returns to base and "
                                 "is inverted until the player turn ends (before "
                                 "exploitation)", data={"operation": op.id}))
        events += returns.home_to_origins(state, op, ships)
        patrol.stage = RETURNING
    return events


# ---- what the window shows -----------------------------------------------------------------

def preview_declare(state: AwState, action: DeclarePatrols) -> Preview | None:
    """Each patrol's route, range and the clauses it is held to, before it is declared."""
    rows = []
    for n, order in enumerate(action.patrols, 1):
        ships = [state.ships[s] for s in order.ships if s in state.ships]
        if not ships:
            continue
        leg = reach.leg(state, ships[0].nation, ships[0].base or "", order.target, PATROL,
                        via=order.via, strike=order.strike_force)
        verdict = "within range (AW-82)" if leg.legal else f"{leg.reason} ({leg.clause})"
        rows.append(f"{n}. {and_list(order.ships)} ({forces.factors(state, ships)} factors) "
                    f"to {order.target}: {leg.length} hexes, {verdict}")
    rows.append("a unit that patrols may not also change base this phase (AW-96)")
    rows.append("the defender may intercept each patrol hex by hex, once (AW-99, AW-104)")
    return Preview(title="awaw-naval: patrols declared up front (AW-98)", axis="",
                   outcomes=(), summary=f"{len(action.patrols)} patrol(s) in this order",
                   rows=tuple(rows))
