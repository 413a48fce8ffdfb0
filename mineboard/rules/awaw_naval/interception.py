"""Interceptions as far as part 1 needs them: after the mover declares an operation, a base
change or a displacement, the other side is asked whether it intercepts (or passes); an
interception is eligible only within reach (AW-79, the departure port hex included, AW-77),
from the side of a closed strait the interceptors are on and never from both at once
(AW-38), on the front an activity to or from a two-front port sails (AW-16), never from a box
whose ships may not (AW-19, AW-25; AW-21 for American ships before the U.S. is at war with
Germany), by ships that may still act (AW-63…AW-68). Its outcome is settled outside these
rules (rule 22, AW-224): the intercepting side enters it, the mover accepts it; a base change
beaten goes back (bases.beaten, AW-48), an operation beaten or aborted is called off (AW-69).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
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
from mineboard.rules.awaw_naval import box_rules, eligibility, operations, reach
from mineboard.rules.awaw_naval.forces import label, own_ships
from mineboard.rules.awaw_naval.ledger import Interception, Operation, Window, ledger_of
from mineboard.rules.awaw_naval.state import PHASE_START, AwState, Ship
from mineboard.rules.common.checks import TURN

CLAUSE = "AW-79"

HOOKS: dict[str, list[Callable[..., list[Event] | None]]] = {
    "check": [], "declared": [], "passed": [], "resolved": []}
"""What part 2 adds to an interception: further checks of an ``Intercept`` (state, action;
patrols: AW-104, AW-108), and its answers once one is declared (state, the Interception),
passed (state, the side) or resolved (state, the Interception, the result) — a patrol's one
try, its next air round, the winner's choice (AW-100, AW-101, AW-113)."""


def run_hooks(moment: str, state: AwState, *args: object) -> list[Event]:
    """Part 2's answers to an interception at ``moment`` (HOOKS), in the order registered."""
    return [e for fn in HOOKS[moment] for e in (fn(state, *args) or [])]


@dataclass(frozen=True, slots=True)
class Intercept(Action):
    """The side asked intercepts a moving force at a hex of its route."""

    kind: ClassVar[str] = "intercept"
    ships: Annotated[tuple[str, ...], Length(1, 200)]
    target: Annotated[str, Doc("a ship of the moving force")]
    hex: Annotated[str, Doc("the interception hex, on the moving force's route")]
    situation: Annotated[str, Length(0, 60),
                         Doc("the Naval Interception Table's situation declared "
                             "(interception_table.json); empty: none (AW-224, AW-176)")] = ""


@dataclass(frozen=True, slots=True)
class PassInterception(Action):
    """The side asked lets the moving forces go on."""

    kind: ClassVar[str] = "pass_interception"


@dataclass(frozen=True, slots=True)
class InterceptionResult(OutsideResult):
    """The outcome of an interception and its naval combat (rule 22, outside these rules)."""

    kind: ClassVar[str] = "interception_result"
    intercepted: Annotated[bool, Doc("the interception succeeded: the forces fought")]
    mover_beaten: Annotated[bool, Doc("the moving force lost the naval combat")] = False
    mover_sunk: Annotated[str, Length(0, 400),
                          Doc("the moving force's ships sunk (ids, comma-separated)")] = ""
    mover_damaged: Annotated[str, Length(0, 400),
                             Doc("the moving force's ships damaged (ids)")] = ""
    interceptors_sunk: Annotated[str, Length(0, 400),
                                 Doc("the interceptors sunk (ids)")] = ""
    interceptors_damaged: Annotated[str, Length(0, 400),
                                    Doc("the interceptors damaged (ids)")] = ""
    aborted: Annotated[bool, Doc("the moving force's activity is called off")] = False


def ids(text: str) -> list[str]:
    return [t.strip() for t in text.split(",") if t.strip()]


def offer(state: AwState, kind: str, ship_ids: Sequence[str], origin: str,
          goal: str) -> list[Event]:
    """A base change or a displacement the other side may intercept (AW-47, AW-61)."""
    if not ship_ids:
        return []
    first = state.ships[ship_ids[0]]
    mover = state.side_of_nation(first.nation)
    route = reach.leg(state, first.nation, origin, goal, kind).places
    return operations.ask_interceptors(state, Window(kind, mover, tuple(ship_ids), origin,
                                                     goal, route))


def window_of(state: AwState, target: str) -> Window | None:
    return next((w for w in ledger_of(state).windows if target in w.ships), None)


def _hexes(state: AwState, window: Window) -> list[str]:
    """The hexes of the moving force's route, its ports' own hexes included (AW-77)."""
    out = [operations.hex_of(state, p) for p in window.route]
    return [h for h in out if state.board.places.get(h) is not None
            and state.board.places[h].kind == "hex"]


def _closed(state: AwState, edge_set: object, side: str) -> bool:
    control = getattr(edge_set, "props", {}).get("control", ())
    return any(not state.friendly(h, side, PHASE_START) for h in control)


def _check_strait(state: AwState, side: str, ships: Sequence[Ship], hex_id: str) -> None:
    """AW-38: in a strait closed to them, interceptors come from one side only."""
    for edge_set in state.board.edge_sets.values():
        if not edge_set.props.get("strait") or not _closed(state, edge_set, side):
            continue
        sides = [(a, b) for a, b in (str(w).split("|") for w in edge_set.ways)]
        strait_hexes = {x for pair in sides for x in pair}
        if hex_id not in strait_hexes:
            continue
        crossing = set()
        for ship in ships:
            leg = reach.leg(state, ship.nation, ship.base or "", hex_id, reach.INTERCEPTION)
            steps = set(zip(leg.places, leg.places[1:], strict=False))
            crossing.add(any(pair in steps or pair[::-1] in steps for pair in sides))
        if len(crossing) > 1:
            raise IllegalAction(f"{edge_set.name or edge_set.id} is closed to "
                                f"{side}: interceptors from both of its sides may not join "
                                f"in one interception at {state.board.ref(hex_id)}", "AW-38")


def _check_fronts(state: AwState, window: Window, ships: Sequence[Ship], hex_id: str) -> None:
    """AW-16: an activity to or from a two-front port is intercepted only on the front its
    route passes there, by ships based on that front."""
    route = tuple(_hexes(state, window))
    for end, hexes in ((window.origin, route), (window.goal, tuple(reversed(route)))):
        if len(reach.fronts_of(state, end)) < 2:
            continue
        front = reach.route_front(state, end, hexes)
        if front is None:
            continue
        here = reach.front_of_hex(state, hex_id)
        if here is not None and here != front:
            raise IllegalAction(f"{state.board.ref(end)} is a two-front port: this movement "
                                f"sails its {front} front and is intercepted only there",
                                "AW-16")
        for ship in ships:
            if front not in reach.fronts_of(state, ship.base or ""):
                raise IllegalAction(f"{label(ship)} is based on the "
                                    f"{and_list(reach.fronts_of(state, ship.base or ''))} "
                                    f"front; a movement to or from "
                                    f"{state.board.ref(end)} on the {front} front is "
                                    "intercepted only by ships of that front", "AW-16")


def check_intercept(state: AwState, action: Intercept) -> None:
    ledger = ledger_of(state)
    run_hooks("check", state, action)
    side = ledger.asked
    if side is None:
        raise IllegalAction("nobody is asked whether to intercept now", TURN)
    if ledger.interception is not None:
        raise IllegalAction("the outcome of the interception declared comes first", TURN)
    window = window_of(state, action.target)
    if window is None:
        raise IllegalAction(f"{action.target!r} is not moving where {side} may intercept it",
                            TURN)
    ships = own_ships(state, action.ships, side, CLAUSE, "interceptor")
    if action.hex not in _hexes(state, window):
        raise IllegalAction(f"{state.board.ref(action.hex)} is not on the route of "
                            f"{label(state.ships[action.target])}", CLAUSE)
    eligibility.check_ships(state, ships, "interception")
    eligibility.check_force(state, ships)
    movers = {state.ships[s].nation for s in window.ships}
    box_rules.check_interception(state, ships, movers)
    _check_strait(state, side, ships, action.hex)
    _check_fronts(state, window, ships, action.hex)
    for ship in ships:
        if state.port_hex(ship.base or "") == action.hex:
            continue  # its own port hex counts as entered (AW-77)
        leg = reach.leg(state, ship.nation, ship.base or "", action.hex, reach.INTERCEPTION)
        if not leg.legal:
            raise IllegalAction(f"{label(ship)} from {state.board.ref(ship.base or '')}: "
                                f"{leg.reason}", leg.clause or CLAUSE)


def intercept(state: AwState, action: Intercept, dice: Dice) -> list[Event]:
    ledger = ledger_of(state)
    side = ledger.asked or ""
    window = window_of(state, action.target)
    assert window is not None
    ships = [state.ships[i] for i in action.ships]
    op = Operation(state.new_id("op"), "interception", side, tuple(action.ships),
                   {s.id: s.base or "" for s in ships}, action.hex, action.hex, state.phase,
                   at_sea=list(action.ships))
    ledger.operations[op.id] = op
    for s in ships:
        if not box_rules.is_sw(state, s.base):
            s.operated = s.inverted = True
    ledger.interception = Interception(tuple(action.ships), side, action.hex, window,
                                       op.origins, op.id, action.situation)
    where = state.board.ref(action.hex)
    return [*run_hooks("declared", state, ledger.interception),
            Event(kind="InterceptionDeclared", clause=CLAUSE, at=where,
                  text=f"{side} intercepts {and_list(window.ships)} at {where} with "
                       f"{and_list(label(s) for s in ships)} (their one operation, AW-63)",
                  data={"ships": list(action.ships), "target": list(window.ships),
                        "hex": action.hex, "operation": op.id}),
            outside.begin(state, Awaiting(InterceptionResult.kind,
                                          f"the interception at {where}", "AW-224",
                                          enters=side, accepts=window.mover))]


def check_pass(state: AwState, action: PassInterception) -> None:
    ledger = ledger_of(state)
    if ledger.asked is None:
        raise IllegalAction("nobody is asked whether to intercept now", TURN)
    if ledger.interception is not None:
        raise IllegalAction("the outcome of the interception declared comes first", TURN)


def close(state: AwState) -> None:
    ledger = ledger_of(state)
    ledger.asked = None
    ledger.windows.clear()


def apply_pass(state: AwState, action: PassInterception, dice: Dice) -> list[Event]:
    side = ledger_of(state).asked
    close(state)
    return [Event(kind="InterceptionPassed", clause=CLAUSE, text=f"{side} does not intercept"),
            *run_hooks("passed", state, side)]


def check_result(state: AwState, result: InterceptionResult) -> None:
    pending = ledger_of(state).interception
    assert pending is not None
    for name, pool in (("mover_sunk", pending.window.ships),
                       ("mover_damaged", pending.window.ships),
                       ("interceptors_sunk", pending.ships),
                       ("interceptors_damaged", pending.ships)):
        for ident in ids(getattr(result, name)):
            if ident not in pool:
                raise IllegalAction(f"interception_result.{name}: {ident} is not among "
                                    f"{and_list(pool)}", "AW-224")
    if result.aborted and pending.window.kind == "displacement":
        raise IllegalAction("interception_result.aborted: displaced ships may not abort; "
                            "they sail on to the same port", "AW-61")
    if not result.intercepted and (result.mover_beaten or result.mover_sunk
                                   or result.interceptors_sunk):
        raise IllegalAction("interception_result.intercepted: no combat without a "
                            "successful interception", "AW-224")


def resolve(state: AwState, result: InterceptionResult, dice: Dice) -> list[Event]:
    ledger = ledger_of(state)
    pending = ledger.interception
    assert pending is not None
    ledger.interception = None
    events: list[Event] = []
    at = state.board.ref(pending.hex)
    for name in ("mover_sunk", "interceptors_sunk"):
        for ident in ids(getattr(result, name)):
            ship = state.ships[ident]
            ship.eliminated, ship.base = True, None
            for op in ledger.operations.values():
                if ident in op.at_sea:
                    op.at_sea.remove(ident)
            events.append(Event(kind="ShipSunk", clause="AW-224", at=at,
                                text=f"{label(ship)} is sunk", data={"ship": ident}))
    for name in ("mover_damaged", "interceptors_damaged"):
        for ident in ids(getattr(result, name)):
            state.ships[ident].damaged = True
            events.append(Event(kind="ShipDamaged", clause="AW-68", at=at,
                                text=f"{label(state.ships[ident])} is damaged: it helps the "
                                     "activity no more but may stay with the force",
                                data={"ship": ident}))
    ledger.operations[pending.operation].fought = result.intercepted
    window = pending.window
    survivors = [s for s in window.ships if not state.ships[s].eliminated]
    if window.kind == "base_change" and result.intercepted and result.mover_beaten \
            and survivors:
        from mineboard.rules.awaw_naval import bases

        events += bases.beaten(state, survivors, dice)
    if window.kind == "operation":
        op = ledger.operations[window.operation]
        if result.intercepted:
            op.fought, op.hex = True, pending.hex
        if (result.aborted or result.mover_beaten) and not op.aborted:
            events += operations.abort(state, op)
    ledger.windows = [w for w in ledger.windows if w is not window] \
        if result.intercepted else ledger.windows
    if not ledger.windows:
        close(state)
    return events + run_hooks("resolved", state, pending, result)
