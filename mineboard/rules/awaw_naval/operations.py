"""The generic declaration of an activity of the Naval Activities Table (AW-223): a force,
the activity, where it is carried out, its route and cargo. Here: whether it may (the
eligibility of eligibility.py, the boxes' limits of box_rules.py, the range by movement) and
what declaring it does to the units (one operation, inverted: AW-63, AW-64); what each
activity then does at sea is its own effect, registered in :data:`EFFECTS` by part 2
(patrols, transports, invasions …). Also aborting (AW-69) and splitting a carrier force
(AW-67).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, ClassVar

from mineboard.core.actions import Action
from mineboard.core.dice import Dice
from mineboard.core.errors import IllegalAction
from mineboard.core.events import Event
from mineboard.core.planning import Preview
from mineboard.core.schema import Doc, Length
from mineboard.core.words import and_list
from mineboard.rules.awaw_naval import box_rules, eligibility, forces, reach
from mineboard.rules.awaw_naval.eligibility import Cargo
from mineboard.rules.awaw_naval.forces import label, own_ships
from mineboard.rules.awaw_naval.ledger import Operation, Window, ledger_of
from mineboard.rules.awaw_naval.state import AwState, Ship
from mineboard.rules.common.checks import TURN

TARGETED = ("sea_transport", "invasion")
"""Activities whose target hexes other forces may not sail through needlessly (AW-71)."""

PROTECTION = ("supply_protection",)
"""Activities assigned to a single task force (AW-75, 21.35B)."""

EFFECTS: dict[str, Callable[[AwState, Operation, Dice], list[Event]]] = {}
"""Activity → what it does once declared (part 2 registers each activity's own)."""

CHECKS: dict[str, Callable[[AwState, Operate], None]] = {}
"""Activity → its own further checks (part 2)."""

UNSEEN: dict[str, Callable[[AwState, Operation], bool]] = {}
"""Activity → whether a declared operation sails unseen: nobody is asked to intercept it
(raiders from Bergen or Scapa Flow, AW-176)."""

PREVIEWS: dict[str, Callable[[AwState, Operate], Preview | None]] = {}
"""Activity → the odds the panel shows before the operation is committed (part 2)."""


def preview_operate(state: AwState, action: Operate) -> Preview | None:
    """The activity's own preview, if it registered one."""
    preview = PREVIEWS.get(action.activity)
    return None if preview is None else preview(state, action)
MAY_INTERCEPT: list[Callable[[AwState, str], bool]] = []
"""Part 2's interceptors at sea (defensive patrols, AW-114): whether a side has one, so that
it is asked even with no ship in port that could."""

ANSWERS: list[Callable[[AwState, str, Window], tuple[bool, list[Event]]]] = []
"""Standing orders (standing_orders.py): (state, the side that may intercept, the window) →
whether it is asked live, and what the log says — an order that asks, or the engine's pass
at once for it."""


@dataclass(frozen=True, slots=True)
class Operate(Action):
    """A force carries out one activity of the Naval Activities Table (AW-223)."""

    kind: ClassVar[str] = "operate"
    activity: Annotated[str, Doc("a key of activities.json")]
    ships: Annotated[tuple[str, ...], Length(1, 200)]
    target: Annotated[str, Doc("where it is carried out: a hex, a port or a box")]
    via: Annotated[tuple[str, ...], Length(0, 40), Doc("hexes the route passes, in order")] = ()
    cargo: Annotated[tuple[Cargo, ...], Length(0, 40)] = ()
    supply_zone: Annotated[str, Length(0, 60), Doc("the destination supply zone (AW-69); "
                                                   "empty: the target's")] = ""
    with_invasion: Annotated[str, Length(0, 40), Doc("the invasion operation it goes with "
                                                     "(AW-18)")] = ""
    strike_force: Annotated[bool, Doc("Japan's Pearl Harbor strike force, exempt from "
                                      "AW-66")] = False


@dataclass(frozen=True, slots=True)
class AbortOperation(Action):
    """The owner calls an operation at sea off (after a combat, for instance)."""

    kind: ClassVar[str] = "abort_operation"
    operation: str


@dataclass(frozen=True, slots=True)
class SplitForce(Action):
    """Part of a force at sea goes its own way (AW-67)."""

    kind: ClassVar[str] = "split_force"
    operation: str
    ships: Annotated[tuple[str, ...], Length(1, 200)]


def hex_of(state: AwState, place: str) -> str:
    """The hex of a port, a port counter or a hex; a box is its own place."""
    return state.port_hex(place) or place


def _targets(state: AwState) -> set[str]:
    return {hex_of(state, op.target) for op in ledger_of(state).operations.values()
            if op.activity in TARGETED and op.phase == state.phase and not op.aborted}


def route_of(state: AwState, nation: str, start: str, target: str, activity: str,
             via: tuple[str, ...], strike: bool = False) -> reach.Leg:
    """The route from ``start`` to ``target`` through ``via`` for ``activity``, judged whole
    by movement (range, port touches, first legs)."""
    return reach.leg(state, nation, start, target, activity, via=via, strike=strike)


def _check_targets(state: AwState, ship: Ship, action: Operate, leg: reach.Leg) -> None:
    """AW-71: not through the sea of two or more target hexes when a route avoids them."""
    targeted = _targets(state)
    goal = hex_of(state, action.target)
    if action.activity in TARGETED:
        targeted.add(goal)
    passed = [h for h in leg.places if h in targeted]
    if len(set(passed)) < 2:
        return
    others = set(passed) - {goal}
    direct = reach.leg(state, ship.nation, ship.base or "", action.target, action.activity)
    if direct.legal and not (set(direct.places) & others):
        names = and_list(str(state.board.ref(h)) for h in sorted(others))
        raise IllegalAction(f"the route passes {names}, the target of a sea transport or "
                            "invasion this phase, though a route avoiding it exists", "AW-71")


def check_operate(state: AwState, action: Operate) -> None:
    ledger = ledger_of(state)
    if ledger.asked is not None:
        raise IllegalAction(f"{ledger.asked} is deciding whether to intercept; the moving "
                            "player waits", TURN)
    entry = state.data.activities.get(action.activity)
    if entry is None:
        raise IllegalAction(f"{action.activity!r} is not on the Naval Activities Table "
                            f"({', '.join(state.data.activities)})", "AW-223")
    if not entry.operation:
        raise IllegalAction(f"a {entry.name.lower()} is not an operation: it is declared as "
                            "its own order", "AW-223")
    if action.activity in ("interception", "counter_interception"):
        raise IllegalAction("an interception is declared by the other side when asked",
                            "AW-223")
    if entry.phase and entry.phase != state.phase:
        raise IllegalAction(f"a {entry.name.lower()} is carried out in the {entry.phase} "
                            f"phase, not the {state.phase} phase", "AW-223")
    if action.target not in state.board.places and action.target not in state.built_ports:
        raise IllegalAction(f"there is no place {action.target!r}", TURN)
    ships = own_ships(state, action.ships, state.to_move, "AW-63")
    eligibility.check_ships(state, ships, action.activity)
    eligibility.check_force(state, ships, carriers_exempt=action.strike_force
                            and all(s.nation == "Japan" for s in ships))
    if action.strike_force and any(s.nation != "Japan" for s in ships):
        raise IllegalAction("only Japan's Pearl Harbor strike force is exempt", "AW-66")
    with_invasion = False
    if action.with_invasion:
        inv = ledger.operations.get(action.with_invasion)
        bases = {s.base for s in ships}
        with_invasion = inv is not None and inv.activity == "invasion" \
            and set(inv.origins.values()) & bases == bases
    box_rules.check_activity(state, ships, action.activity, action.target, with_invasion)
    eligibility.check_transports(state, ships, state.to_move,
                                 action.supply_zone or action.target)
    eligibility.check_cargo(state, ships, action.cargo)
    if action.activity in PROTECTION and len({s.tf for s in ships if s.tf}) > 1:
        raise IllegalAction("sea supply protection is assigned to a single task force",
                            "AW-75")
    for base in dict.fromkeys(s.base for s in ships):
        ship = next(s for s in ships if s.base == base)
        leg = route_of(state, ship.nation, base or "", action.target, action.activity,
                       action.via, action.strike_force)
        if not leg.legal:
            raise IllegalAction(f"{label(ship)} from {state.board.ref(base or '')}: "
                                f"{leg.reason}", leg.clause or "AW-82")
        _check_targets(state, ship, action, leg)
    extra = CHECKS.get(action.activity)
    if extra is not None:
        extra(state, action)


def _may_intercept(state: AwState, side: str) -> bool:
    """Whether ``side`` has any ship that could intercept (else nobody is asked)."""
    return any(state.side_of_nation(s.nation) == side and not s.eliminated and s.base
               and eligibility.ship_refusal(state, s, "interception") is None
               and getattr(box_rules.rule_of(state, s.base), "intercept", True)
               for s in state.ships.values()) or any(f(state, side) for f in MAY_INTERCEPT)


def ask_interceptors(state: AwState, window: Window) -> list[Event]:
    """Open the other side's chance to intercept ``window`` (AW-79): it declares or passes.
    Bases calls it after base changes (AW-47) and displacement (AW-61)."""
    other = next(s for s in state.sides if s != window.mover)
    if not _may_intercept(state, other):
        return []
    said: list[Event] = []
    for answer in ANSWERS:
        asks, words = answer(state, other, window)
        said += words
        if not asks:
            return said
    ledger = ledger_of(state)
    ledger.asked = other
    ledger.windows.append(window)
    return [*said, Event(kind="InterceptionAsked", clause="AW-79",
                  text=f"{other} may intercept {and_list(window.ships)} or pass",
                  data={"side": other, "kind": window.kind, "ships": list(window.ships)})]


def operate(state: AwState, action: Operate, dice: Dice) -> list[Event]:
    ledger = ledger_of(state)
    ships = [state.ships[i] for i in action.ships]
    side = state.to_move
    goal = hex_of(state, action.target)
    first = ships[0]
    leg = route_of(state, first.nation, first.base or "", action.target, action.activity,
                   action.via, action.strike_force)
    op = Operation(state.new_id("op"), action.activity, side, tuple(action.ships),
                   {s.id: s.base or "" for s in ships}, action.target, goal, state.phase,
                   route=leg.places, at_sea=list(action.ships),
                   zone=action.supply_zone or action.target,
                   transports=any(state.ship_type(s).transport for s in ships))
    ledger.operations[op.id] = op
    inverted = []
    for s in ships:
        if box_rules.is_sw(state, s.base):
            continue
        s.operated = True
        s.inverted = True
        inverted.append(s.id)
    name = state.data.activities[action.activity].name
    events = [Event(kind="OperationDeclared", clause="AW-63", at=state.board.ref(action.target),
                    text=f"{name} to {state.board.ref(action.target)} by "
                         f"{and_list(label(s) for s in ships)} "
                         f"({forces.factors(state, ships)} factors): their one operation of the "
                         "player turn; inverted (AW-64)",
                    data={"operation": op.id, "activity": action.activity,
                          "ships": list(action.ships), "inverted": inverted,
                          "length": leg.length})]
    effect = EFFECTS.get(action.activity)
    if effect is not None:
        events += effect(state, op, dice)
    unseen = UNSEEN.get(action.activity)
    if unseen is not None and unseen(state, op):
        return events
    events += ask_interceptors(state, Window("operation", side, op.ships,
                                             first.base or "", action.target, leg.places,
                                             op.id))
    return events


def _own_op(state: AwState, ident: str) -> Operation:
    op = ledger_of(state).operations.get(ident)
    if op is None or not op.at_sea:
        raise IllegalAction(f"there is no operation {ident!r} at sea", TURN)
    return op


def check_abort(state: AwState, action: AbortOperation) -> None:
    op = _own_op(state, action.operation)
    if op.side != state.to_move:
        raise IllegalAction(f"operation {op.id} is not {state.to_move}'s", TURN)
    if op.aborted:
        raise IllegalAction(f"operation {op.id} is aborted already", "AW-69")


def abort(state: AwState, op: Operation) -> list[Event]:
    """Call ``op`` off; transports close its supply zone for the player turn (AW-69)."""
    op.aborted = True
    text = f"operation {op.id} ({op.activity}) is aborted"
    if op.transports:
        ledger_of(state).transport_bans.add((op.side, op.zone))
        text += f": no transport may serve {op.zone} for the rest of the player turn"
    return [Event(kind="OperationAborted", clause="AW-69", text=text,
                  data={"operation": op.id, "zone": op.zone, "transports": op.transports})]


def apply_abort(state: AwState, action: AbortOperation, dice: Dice) -> list[Event]:
    return abort(state, ledger_of(state).operations[action.operation])


def check_split(state: AwState, action: SplitForce) -> None:
    op = _own_op(state, action.operation)
    if op.side != state.to_move:
        raise IllegalAction(f"operation {op.id} is not {state.to_move}'s", TURN)
    parting = set(action.ships)
    if not parting <= set(op.at_sea) or parting == set(op.at_sea):
        raise IllegalAction("split off some of the ships at sea with the operation, not all",
                            "AW-67")
    for part in ([state.ships[i] for i in op.at_sea if i in parting],
                 [state.ships[i] for i in op.at_sea if i not in parting]):
        why = forces.carrier_shortfall(state, part)
        if why is not None:
            raise IllegalAction(f"a force splits only if each part keeps the ratio: {why}",
                                "AW-67")


def split(state: AwState, action: SplitForce, dice: Dice) -> list[Event]:
    ledger = ledger_of(state)
    op = ledger.operations[action.operation]
    new = Operation(state.new_id("op"), op.activity, op.side, tuple(action.ships),
                    {s: op.origins[s] for s in action.ships}, op.target, op.hex, op.phase,
                    op.route, list(action.ships), op.zone, op.transports, parent=op.id)
    op.at_sea = [s for s in op.at_sea if s not in action.ships]
    ledger.operations[new.id] = new
    return [Event(kind="ForceSplit", clause="AW-67",
                  text=f"{and_list(action.ships)} split from operation {op.id} as {new.id}",
                  data={"operation": op.id, "new": new.id, "ships": list(action.ships)})]
