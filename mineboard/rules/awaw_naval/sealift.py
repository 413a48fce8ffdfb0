"""Sealift (AW-116…AW-135, AW-205…AW-221): the part that carries ground and air units, oil
and BRPs by sea. Three orders, each judged by the arithmetic of transport.py, escort.py and
shipments.py and then declared as an operation of the Naval Activities Table (operations.py,
so one operation a turn, inversion, range and interceptions apply as to any other):

- ``sea_transport`` (movement phase, AW-121…AW-135): destroyers ferry units to one
  debarkation base;
- ``sea_escort`` (redeployment phase, AW-205…AW-220): an NR of ground or air units across
  water, in chained legs of destroyers or transports (WE-09);
- ``ship_by_sea`` (movement or combat phase, AW-116…AW-120, AW-207): a sea supply line, an
  oil counter or a BRP grant, under protection (``supply_protection``).

What lies outside these rules comes in as the order's inputs: the units' and places' supply
(AW-134, AW-214, 30.x), the transports the SW boxes commit (25.x), the NRs already made
(28.x, AW-242), the air room at the debarkation base (AW-135). Interceptions and their
outcomes are interception.py's; as the phase ends each cargo is settled from what they left
(AW-132, AW-219, AW-220, WE-10).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Annotated, Any, ClassVar, Literal

from mineboard.core.actions import Action
from mineboard.core.dice import Dice
from mineboard.core.errors import IllegalAction
from mineboard.core.events import Event
from mineboard.core.planning import Command, Preview, Selection
from mineboard.core.schema import Doc, Length, Range
from mineboard.core.words import and_list
from mineboard.rules.awaw_naval import (
    box_rules,
    escort,
    operations,
    reach,
    shipments,
    transport,
    water,
)
from mineboard.rules.awaw_naval.forces import label, own_ships
from mineboard.rules.awaw_naval.ledger import ledger_of
from mineboard.rules.awaw_naval.parts import Part
from mineboard.rules.awaw_naval.sealift_data import Need, Step, Where, joined, plural
from mineboard.rules.awaw_naval.sealift_record import CargoAtSea, SealiftRecord
from mineboard.rules.awaw_naval.state import (
    COMBAT,
    MOVEMENT,
    REDEPLOYMENT,
    TURN_START,
    AwState,
    Ship,
)
from mineboard.rules.common.checks import TURN

Supply = Literal["", "full", "partial", "none"]
ADVERB = {"full": "fully", "partial": "partially", "none": "not"}


@dataclass(frozen=True, slots=True)
class Carried:
    """A ground or air unit a sea transport carries."""

    unit: Annotated[str, Length(1, 40), Doc("the unit's name")]
    factors: Annotated[int, Range(1, 99)]
    at: Annotated[str, Doc("its embarkation base: a port, an eligible island or a box")]
    kind: Annotated[Literal["ground", "air"], Doc("a ground or an air unit")] = "ground"
    supply: Annotated[Literal["full", "partial", "oil_effect"],
                      Doc("its supply state, from the supply module (AW-134)")] = "full"
    started_at: Annotated[str, Length(0, 40), Doc("an air unit: where it began the player "
                                                  "turn (AW-135); empty: its embarkation "
                                                  "base")] = ""


@dataclass(frozen=True, slots=True)
class SeaTransport(Action):
    """Destroyers ferry ground or air units to one debarkation base (AW-121)."""

    kind: ClassVar[str] = "sea_transport"
    ships: Annotated[tuple[str, ...], Length(1, 200),
                     Doc("the destroyers, and any ships protecting them (AW-128)")]
    to: Annotated[tuple[str, ...], Length(1, 4), Doc("the debarkation base: one a mission "
                                                     "(AW-126)")]
    carried: Annotated[tuple[Carried, ...], Length(0, 40), Doc("the units carried")] = ()
    via: Annotated[tuple[str, ...], Length(0, 40), Doc("hexes the route passes")] = ()
    sw_transports: Annotated[int, Range(0, 99), Doc("transports the SW box commits "
                                                    "(AW-125, 25.x)")] = 0
    bridgehead: Annotated[bool, Doc("the debarkation hex holds a bridgehead counter "
                                    "(AW-129)")] = False
    air_room: Annotated[int, Range(-1, 999), Doc("air factors the debarkation base may "
                                                 "still take (AW-135); -1: not given")] = -1


@dataclass(frozen=True, slots=True)
class EscortLeg:
    """One leg of a sea escort: to where, by destroyers (ships named) or transports (how
    many the SW box commits)."""

    to: Annotated[str, Doc("where the leg ends: a port, an eligible island or a box")]
    by: Annotated[Literal["destroyers", "transports"], Doc("who escorts the leg")]
    ships: Annotated[tuple[str, ...], Length(0, 40)] = ()
    transports: Annotated[int, Range(0, 99)] = 0


@dataclass(frozen=True, slots=True)
class SeaEscort(Action):
    """An NR of ground or air units across water under sea escort (AW-205)."""

    kind: ClassVar[str] = "sea_escort"
    nation: Annotated[str, Doc("the power whose units are escorted")]
    start: Annotated[str, Doc("the embarkation point")]
    factors: Annotated[int, Range(1, 999), Doc("ground or air factors escorted")]
    legs: Annotated[tuple[EscortLeg, ...], Length(0, 6), Doc("the legs, in order")] = ()
    unit: Annotated[str, Length(0, 40)] = ""
    moved_by_nr: Annotated[tuple[str, ...], Length(0, 40),
                           Doc("ships that moved by NR this redeployment phase (AW-242, "
                               "28.x)")] = ()
    reachable: Annotated[bool, Doc("the units are at the embarkation point or may get there "
                                   "by land or air redeployment (AW-217)")] = True
    unload_at: Annotated[tuple[str, ...], Length(0, 4),
                         Doc("places the cargo is put ashore before the last leg's end "
                             "(AW-213)")] = ()
    load_supply: Annotated[Supply, Doc("the loading point's supply (AW-214); empty: the "
                                       "scenario's flags")] = ""
    unload_supply: Annotated[Supply, Doc("the unloading point's supply (AW-214)")] = ""
    bridgehead: Annotated[bool, Doc("the destination is a bridgehead placed by a seaborne "
                                    "invasion (AW-214)")] = False


@dataclass(frozen=True, slots=True)
class ShipBySea(Action):
    """A sea supply line, oil counters or a BRP grant sent by sea (AW-116)."""

    kind: ClassVar[str] = "ship_by_sea"
    what: Annotated[Literal["supply", "oil", "brp"], Doc("a sea supply line, oil counters or "
                                                         "a BRP grant")]
    nation: Annotated[str, Doc("the power that ships it")]
    amount: Annotated[int, Range(1, 999), Doc("supply lines, oil counters or BRPs")]
    start: Annotated[str, Doc("the port or box it leaves")]
    to: Annotated[str, Doc("where it goes")]
    ships: Annotated[tuple[str, ...], Length(0, 200),
                     Doc("destroyers escorting oil, and ships protecting it (AW-120)")] = ()
    transports: Annotated[int, Range(0, 99), Doc("transports of the shipping area "
                                                 "committed")] = 0
    bridgehead: Annotated[bool, Doc("the destination is a bridgehead placed by a seaborne "
                                    "invasion (AW-214)")] = False
    traced_now: Annotated[bool, Doc("sent as post-combat supply is traced to the "
                                    "destination (AW-215)")] = False
    load_supply: Supply = ""
    unload_supply: Supply = ""


# ---- places ------------------------------------------------------------------------------
def where(state: AwState, place: str) -> Where:
    """``place`` as sealift's arithmetic reads it."""
    name = str(state.board.ref(place))
    if state.is_box(place):
        box = box_rules.role_of(state, place) or place
        return Where(place, box, name=name if "box" in name.lower() else f"{name} box")
    spot = state.board.places.get(place)
    role = str(spot.props.get("port_role", "")) if spot is not None else ""
    return Where(place, "", tuple(water.fronts_of(state, place)),
                 water.group_of(state, place) or "", water.theatre_of(state, place), name,
                 role)


def _place(state: AwState, place: str, what: str) -> str:
    if place not in state.board.places and place not in state.built_ports:
        raise IllegalAction(f"{what}: there is no place {place!r}", TURN)
    return place


def _supply(state: AwState, place: str, given: str) -> str:
    """A place's supply: the order's input, else the scenario's flags (``unsupplied``:
    not fully supplied)."""
    if given:
        return given
    if state.is_box(place):
        return "full"
    return "partial" if operations.hex_of(state, place) in state.unsupplied else "full"


def _friendly_at_start(state: AwState, place: str, side: str) -> bool:
    if state.is_box(place):
        return True
    return state.friendly(operations.hex_of(state, place), side, TURN_START)


def _check_points(state: AwState, side: str, load: str, unload: str, what: str,
                  load_supply: str, unload_supply: str, bridgehead: bool = False,
                  traced_now: bool = False) -> list[Step]:
    """AW-214 (and AW-215 for oil and BRPs): the loading point controlled and fully
    supplied, the unloading point controlled and at least partially supplied."""
    steps = []
    if not state.is_box(load) and not state.friendly(operations.hex_of(state, load), side):
        raise IllegalAction(f"{state.board.ref(load)} is not held by {side}: cargo loads "
                            "only at a controlled point", "AW-214")
    got = _supply(state, load, load_supply)
    if got != "full":
        raise IllegalAction(f"{state.board.ref(load)} is {ADVERB[got]} supplied: cargo loads "
                            "only at a fully supplied point", "AW-214")
    steps.append(Step("AW-214", f"{state.board.ref(load)} is controlled and fully supplied"))
    if bridgehead:
        if what != "oil":
            raise IllegalAction("only oil counters may be unloaded on a bridgehead placed by "
                                "a seaborne invasion", "AW-214")
        steps.append(Step("AW-214", "oil counters may go to the invasion's bridgehead"))
        return steps
    if not state.is_box(unload) and not state.friendly(operations.hex_of(state, unload), side):
        raise IllegalAction(f"{state.board.ref(unload)} is not held by {side}: cargo unloads "
                            "only at a controlled point", "AW-214")
    got = _supply(state, unload, unload_supply)
    if got == "none":
        if what not in ("oil", "brp") or not traced_now:
            raise IllegalAction(f"{state.board.ref(unload)} is unsupplied: cargo unloads "
                                "only at a point at least partially supplied", "AW-214")
        steps.append(Step("AW-215", f"sent as post-combat supply is traced to "
                                    f"{state.board.ref(unload)}: it aborts should that line "
                                    "be cut"))
    else:
        steps.append(Step("AW-214", f"{state.board.ref(unload)} is controlled and "
                                    f"{ADVERB[got]} supplied"))
    return steps


def _destroyer_factors(state: AwState, ships: list[Ship]) -> int:
    return sum(s.factors for s in ships if state.ship_type(s).destroyer and not s.damaged)


def _declare(state: AwState, activity: str, ships: tuple[str, ...], target: str,
             via: tuple[str, ...] = ()) -> operations.Operate:
    return operations.Operate(activity, ships, target, via)


def _approach(state: AwState, ships: list[Ship], embark: str, activity: str) -> tuple[str, ...]:
    """The hexes ships not based at ``embark`` sail to reach it: an interception there
    comes before the cargo is loaded (AW-132A, AW-219)."""
    stop = {embark, operations.hex_of(state, embark)}
    out: list[str] = []
    for ship in ships:
        if ship.base and ship.base != embark:
            leg = reach.leg(state, ship.nation, ship.base, embark, activity)
            out += [p for p in leg.places if p not in stop]
    return tuple(dict.fromkeys(out))


# ---- sea transport -----------------------------------------------------------------------
def transport_need(state: AwState, action: SeaTransport) -> tuple[Need, list[Step]]:
    """The arithmetic of a sea transport (AW-124, AW-125), each embarkation base's cargo on
    its own, and its further steps (AW-126, AW-127, AW-129, AW-130, AW-134, AW-135)."""
    side = state.to_move
    if state.phase != MOVEMENT:
        raise IllegalAction(f"sea transport is carried out in the movement phase, not the "
                            f"{state.phase} phase", "AW-121")
    if not action.carried:
        raise IllegalAction("a sea transport carries ground or air units: name them",
                            "AW-121")
    if len(set(action.to)) != 1:
        raise IllegalAction(f"one sea transport mission has one debarkation base, not "
                            f"{and_list(str(state.board.ref(t)) for t in action.to)}: a "
                            "second one needs a second mission", "AW-126")
    goal = _place(state, action.to[0], "to")
    record = ledger_of(state).sealift
    embarks = dict.fromkeys(str(state.board.ref(u.at)) for u in action.carried)
    steps = [Step("AW-126", f"one debarkation base, {state.board.ref(goal)}; embarking at "
                            f"{and_list(embarks)}")]
    for place in dict.fromkeys((*(u.at for u in action.carried), goal)):
        _place(state, place, "units.at")
        if not _friendly_at_start(state, place, side):
            raise IllegalAction(f"{state.board.ref(place)} was not friendly when {side}'s "
                                "player turn began", "AW-127")
    steps.append(Step("AW-127", "embarkation and debarkation bases friendly since the turn "
                                "began"))
    for unit in action.carried:
        if unit.unit in record.transported:
            raise IllegalAction(f"{unit.unit} was sea-transported to "
                                f"{state.board.ref(record.transported[unit.unit])} this turn "
                                "and may not be sea-transported again", "AW-130")
        if unit.kind == "ground" and unit.supply != "full":
            why = "partially supplied" if unit.supply == "partial" else \
                "under an army oil effect"
            raise IllegalAction(f"{unit.unit} is {why}: no sea transport", "AW-134")
        if unit.kind == "air" and (unit.started_at or unit.at) != unit.at:
            raise IllegalAction(f"{unit.unit} began the player turn at "
                                f"{state.board.ref(unit.started_at)}, not at its embarkation "
                                f"base {state.board.ref(unit.at)}", "AW-135")
    air = sum(u.factors for u in action.carried if u.kind == "air")
    if air and action.air_room >= 0 and air > action.air_room:
        raise IllegalAction(f"{air} air factors would overfill {state.board.ref(goal)}, which "
                            f"may take {action.air_room} more", "AW-135")
    port = state.port_hex(goal) is not None or state.is_box(goal)
    if action.bridgehead and not port:
        island = water.island_of(state, goal)
        kinds = ("one-hex", "two-hex") if state.data.options.bridgehead_two_hex_islands \
            else ("one-hex",)
        if island is None or island[0] not in kinds:
            raise IllegalAction(f"{state.board.ref(goal)} is a bridgehead without a port: no "
                                "sea transport onto it, save to an island that qualifies "
                                "under 21.37 (AW-237)", "AW-129")
        steps.append(Step("AW-129", f"onto a bridgehead on {island[1]}, an island of 21.37"))
    needs = []
    goal_where = where(state, goal)
    for origin in dict.fromkeys(u.at for u in action.carried):
        factors = sum(u.factors for u in action.carried if u.at == origin)
        needs.append(transport.need(factors, where(state, origin), goal_where))
    return joined(*needs), steps


def _route_steps(state: AwState, ships: list[Ship], action: SeaTransport) -> list[Step]:
    """AW-122: from each destroyer's base to the embarkation base and on to the debarkation
    base, the whole route within the offensive range."""
    goal = action.to[0]
    steps = []
    for ship in ships:
        base = ship.base or ""
        for origin in dict.fromkeys(u.at for u in action.carried):
            if origin == base:
                continue
            first = reach.leg(state, ship.nation, base, origin, "sea_transport")
            second = reach.leg(state, ship.nation, origin, goal, "sea_transport",
                               via=action.via)
            limit = reach.figures(state, base, goal).range
            if not first.legal or not second.legal or first.length is None \
                    or second.length is None or first.length + second.length > limit:
                total = "no route" if first.length is None or second.length is None else \
                    f"{first.length} + {second.length} hexes"
                raise IllegalAction(f"{label(ship)} from {state.board.ref(base)} by "
                                    f"{state.board.ref(origin)} to {state.board.ref(goal)}: "
                                    f"{total}, beyond the range of {limit}", "AW-122")
            steps.append(Step("AW-122", f"{label(ship)}: {state.board.ref(base)} → "
                                        f"{state.board.ref(origin)} → {state.board.ref(goal)}"
                                        f", {first.length} + {second.length} hexes, within "
                                        f"{limit}"))
    return steps


def check_transport(state: AwState, action: SeaTransport) -> None:
    ships = own_ships(state, action.ships, state.to_move, "AW-121")
    need, _ = transport_need(state, action)
    have = _destroyer_factors(state, ships)
    if have < need.destroyers:
        raise IllegalAction(f"{plural(have, 'destroyer factor')} carry too little: "
                            f"{'; '.join(need.lines())}", "AW-124")
    if action.sw_transports < need.transports:
        raise IllegalAction(f"{plural(action.sw_transports, 'transport')} committed, "
                            f"{need.transports} needed: {'; '.join(need.lines())}", "AW-125")
    _route_steps(state, ships, action)
    operations.check_operate(state, _declare(state, "sea_transport", action.ships,
                                             action.to[0], action.via))


def apply_transport(state: AwState, action: SeaTransport, dice: Dice) -> list[Event]:
    need, steps = transport_need(state, action)
    ships = [state.ships[i] for i in action.ships]
    route = _route_steps(state, ships, action)
    events = operations.operate(state, _declare(state, "sea_transport", action.ships,
                                                action.to[0], action.via), dice)
    op = next(e.data["operation"] for e in events if e.kind == "OperationDeclared")
    goal = action.to[0]
    record = ledger_of(state).sealift
    units = tuple(u.unit for u in action.carried)
    for u in action.carried:
        record.transported[u.unit] = goal
    factors = sum(u.factors for u in action.carried)
    record.cargo[op] = CargoAtSea("transport", f"{and_list(units)} ({factors} factors)",
                                  action.carried[0].at, goal, need.destroyers, units, (op,),
                                  state.phase, before_loading=_approach(
                                      state, ships, action.carried[0].at, "sea_transport"))
    lines = [*need.lines(), *(s.line() for s in (*steps, *route))]
    others = [label(s) for s in ships if not state.ship_type(s).destroyer]
    if others:
        lines.append(f"AW-128: {and_list(others)} sail with the destroyers to protect them")
    lines.append(f"AW-131: {and_list(units)} land at {state.board.ref(goal)} in this movement "
                 "phase; stacking is judged as it ends (ground module)")
    if any(u.kind == "air" for u in action.carried):
        lines.append(f"AW-135: {state.board.ref(goal)} becomes the air units' base; the move "
                     "counts as staging")
    events.insert(0, Event(kind="SeaTransportSet", clause="AW-124", at=state.board.ref(goal),
                           text=f"{and_list(units)} sea-transported to "
                                f"{state.board.ref(goal)}: " + "; ".join(lines),
                           data={"operation": op, "destroyers": need.destroyers,
                                 "transports": need.transports, "units": list(units),
                                 "steps": lines}))
    return events


# ---- sea escort --------------------------------------------------------------------------
def escort_plan(state: AwState, action: SeaEscort) -> tuple[escort.Plan, list[Step]]:
    """The arithmetic of a sea escort over its legs (AW-205…AW-218)."""
    side = state.to_move
    if state.phase != REDEPLOYMENT:
        raise IllegalAction(f"NRs of ground and air units are escorted in the redeployment "
                            f"phase, not the {state.phase} phase", "AW-207")
    if action.nation not in state.nations or state.side_of_nation(action.nation) != side:
        raise IllegalAction(f"{action.nation} is not a power of {side} in play", TURN)
    if not action.legs:
        raise IllegalAction("an escort sails at least one leg to its destination", "AW-213")
    start = _place(state, action.start, "start")
    ends = [_place(state, leg.to, "legs.to") for leg in action.legs]
    if action.unload_at:
        raise IllegalAction(f"an escort has one embarkation point and one destination "
                            f"({state.board.ref(ends[-1])}); "
                            f"{and_list(str(state.board.ref(u)) for u in action.unload_at)} "
                            "needs an escort of its own", "AW-213")
    if not action.reachable:
        raise IllegalAction(f"the escorted units are not at {state.board.ref(start)} and "
                            "cannot get there by land or air redeployment", "AW-217")
    steps = [Step("AW-205", f"{action.factors} ground or air factors NRed across water from "
                            f"{state.board.ref(start)} to {state.board.ref(ends[-1])}"),
             Step("AW-213", "one embarkation point and one destination"),
             Step("AW-218", f"its own escort to {state.board.ref(ends[-1])}, apart from NRs")]
    steps += _check_points(state, side, start, ends[-1], "units", action.load_supply,
                           action.unload_supply, action.bridgehead)
    legs = []
    here = start
    for i, spec in enumerate(action.legs):
        ships = own_ships(state, spec.ships, side, "AW-208") if spec.ships else []
        if spec.by == escort.DESTROYERS:
            if not ships:
                raise IllegalAction(f"leg {i + 1} is escorted by destroyers: name them",
                                    "AW-208")
            others = [label(s) for s in ships if not state.ship_type(s).destroyer]
            if others:
                steps.append(Step("AW-216", f"{and_list(others)} protect the escort on leg "
                                            f"{i + 1}, under the destroyers' limits"))
        elif ships:
            raise IllegalAction(f"leg {i + 1} is escorted by transports of the SW box: name "
                                "no ships", "AW-209")
        if spec.by == escort.TRANSPORTS:
            for end in (here, spec.to):
                if not _friendly_at_start(state, end, side):
                    raise IllegalAction(f"transports escort only between places held since "
                                        f"{side}'s player turn began, and "
                                        f"{state.board.ref(end)} was not", "AW-233")
        based = next((s.base or "" for s in ships if s.base != here), "") if i else ""
        legs.append(escort.Leg(where(state, here), where(state, spec.to), spec.by,
                               _destroyer_factors(state, ships), based, spec.transports))
        if i == 0 and ships:
            interval = reach.figures(state, here, spec.to).touch_every
            for ship in ships:
                base = ship.base or ""
                dist = 0 if base == here else reach.distance(state, ship.nation, base, here)
                steps.append(escort.first_leg(label(ship), base, here, dist, interval,
                                              ship.id in action.moved_by_nr))
        here = spec.to
    plan = escort.plan(escort.Cargo(action.nation, action.factors), legs)
    return plan, steps


def _escort_ops(action: SeaEscort, start: str) -> list[tuple[str, EscortLeg]]:
    out, here = [], start
    for spec in action.legs:
        if spec.by == escort.DESTROYERS:
            out.append((here, spec))
        here = spec.to
    return out


def check_escort(state: AwState, action: SeaEscort) -> None:
    escort_plan(state, action)
    for here, spec in _escort_ops(action, action.start):
        ships = own_ships(state, spec.ships, state.to_move, "AW-208")
        for ship in ships:
            parts = [(ship.base or "", here), (here, spec.to)] if ship.base != here \
                else [(here, spec.to)]
            for a, b in parts:
                leg = reach.leg(state, ship.nation, a, b, "sea_escort")
                if not leg.legal:
                    raise IllegalAction(f"{label(ship)} from {state.board.ref(a)} to "
                                        f"{state.board.ref(b)}: {leg.reason} "
                                        f"({leg.clause or 'AW-80'})", "AW-206")
        operations.check_operate(state, _declare(state, "sea_escort", spec.ships, spec.to))


def apply_escort(state: AwState, action: SeaEscort, dice: Dice) -> list[Event]:
    plan, steps = escort_plan(state, action)
    events: list[Event] = []
    ops = []
    for _, spec in _escort_ops(action, action.start):
        got = operations.operate(state, _declare(state, "sea_escort", spec.ships, spec.to),
                                 dice)
        ops.append(next(e.data["operation"] for e in got if e.kind == "OperationDeclared"))
        events += got
    goal = action.legs[-1].to
    unit = action.unit or f"{action.factors} {action.nation} factors"
    record = ledger_of(state).sealift
    ident = ops[0] if ops else state.new_id("escort")
    first = [state.ships[i] for i in action.legs[0].ships]
    record.cargo[ident] = CargoAtSea("escort", unit, action.start, goal, action.factors,
                                     (action.unit,) if action.unit else (), tuple(ops),
                                     state.phase, before_loading=_approach(
                                         state, first, action.start, "sea_escort"))
    lines = [*(s.line() for s in steps), *plan.lines()]
    events.insert(0, Event(kind="SeaEscortSet", clause="AW-208", at=state.board.ref(goal),
                           text=f"{unit} escorted from {state.board.ref(action.start)} to "
                                f"{state.board.ref(goal)}: " + "; ".join(lines),
                           data={"operations": ops, "destroyers": plan.need.destroyers,
                                 "transports": plan.need.transports, "steps": lines}))
    return events


# ---- shipments ---------------------------------------------------------------------------
def shipment_need(state: AwState, action: ShipBySea) -> tuple[Need, list[Step]]:
    side = state.to_move
    if state.phase not in (MOVEMENT, COMBAT):
        raise IllegalAction(f"sea supply, oil and BRPs go by sea as supply is determined in "
                            f"the movement and combat phases, not the {state.phase} phase",
                            "AW-116")
    if action.nation not in state.nations or state.side_of_nation(action.nation) != side:
        raise IllegalAction(f"{action.nation} is not a power of {side} in play", TURN)
    start = _place(state, action.start, "start")
    goal = _place(state, action.to, "to")
    moment = "initial" if state.phase == MOVEMENT else "post-combat"
    steps = [Step("AW-116", f"in {moment} supply determination ({state.phase} phase)")]
    if action.traced_now and state.phase != COMBAT:
        raise IllegalAction("only post-combat supply (combat phase) is traced to a "
                            "destination as the shipment arrives", "AW-215")
    need = shipments.need(action.what, action.amount, action.nation, state.is_box(start))
    if action.what != shipments.SUPPLY:
        steps += _check_points(state, side, start, goal, action.what, action.load_supply,
                               action.unload_supply, action.bridgehead, action.traced_now)
    return need, steps


def _what(action: ShipBySea) -> str:
    return {"supply": plural(action.amount, "sea supply line"),
            "oil": plural(action.amount, "oil counter"),
            "brp": f"a grant of {action.amount} BRPs"}[action.what]


def check_shipment(state: AwState, action: ShipBySea) -> None:
    need, _ = shipment_need(state, action)
    ships = own_ships(state, action.ships, state.to_move, "AW-120") if action.ships else []
    clause = need.steps[0].clause
    have = _destroyer_factors(state, ships)
    if have < need.destroyers:
        raise IllegalAction(f"{plural(have, 'destroyer factor')} escort too little: "
                            f"{'; '.join(need.lines())}", clause)
    if action.transports < need.transports:
        raise IllegalAction(f"{plural(action.transports, 'transport')} committed, "
                            f"{need.transports} needed: {'; '.join(need.lines())}", clause)
    if ships:
        operations.check_operate(state, _declare(state, "supply_protection", action.ships,
                                                 action.to))


def apply_shipment(state: AwState, action: ShipBySea, dice: Dice) -> list[Event]:
    need, steps = shipment_need(state, action)
    events: list[Event] = []
    ops: tuple[str, ...] = ()
    if action.ships:
        events = operations.operate(state, _declare(state, "supply_protection", action.ships,
                                                    action.to), dice)
        ops = (next(e.data["operation"] for e in events if e.kind == "OperationDeclared"),)
    record = ledger_of(state).sealift
    ident = ops[0] if ops else state.new_id("ship")
    record.cargo[ident] = CargoAtSea(action.what, _what(action), action.start, action.to,
                                     need.destroyers, (), ops, state.phase)
    lines = [*need.lines(), *(s.line() for s in steps)]
    if action.ships:
        lines.append(f"AW-120: {and_list(action.ships)} protect it")
    events.insert(0, Event(kind="ShippedBySea", clause=need.steps[0].clause,
                           at=state.board.ref(action.to),
                           text=f"{_what(action)} by sea from {state.board.ref(action.start)} "
                                f"to {state.board.ref(action.to)}: " + "; ".join(lines),
                           data={"what": action.what, "destroyers": need.destroyers,
                                 "transports": need.transports, "steps": lines}))
    return events


# ---- the cargo's fate --------------------------------------------------------------------
def settle(state: AwState, ident: str, cargo: CargoAtSea) -> Event:
    """AW-132, AW-219, AW-220: what became of ``cargo`` once its operations' interceptions
    are over."""
    ledger = ledger_of(state)
    ops = [ledger.operations[o] for o in cargo.operations if o in ledger.operations]
    beaten = any(op.aborted for op in ops)
    ships = [state.ships[s] for op in ops for s in op.ships]
    surviving = sum(s.factors for s in ships if state.ship_type(s).destroyer
                    and not s.eliminated and not s.damaged)
    transport_lost = any(state.ship_type(s).transport and s.eliminated for s in ships)
    loaded = not any(op.fought and op.hex in cargo.before_loading for op in ops)
    step = escort.fate(cargo.need_dd, surviving, beaten, transport_lost, loaded)
    if cargo.what == "transport" and step.clause == "AW-219":
        step = Step("AW-132" if "beaten" in step.text else "AW-131", step.text)
    cargo.settled = escort.kind_of(step)
    place = cargo.destination if cargo.settled == escort.LANDED else cargo.origin
    text = f"{cargo.text}: {step.text}"
    if cargo.settled == escort.RETURNED:
        text += f" ({state.board.ref(cargo.origin)})"
        if cargo.what == "transport":
            text += "; ground units pay the debarkation cost there and may move and attack, " \
                    "air units fly from there (AW-133, AW-236)"
            for unit in cargo.units:
                ledger.sealift.transported[unit] = cargo.origin
    kinds = {escort.LANDED: "CargoLanded", escort.RETURNED: "CargoReturned",
             escort.LOST: "CargoLost"}
    return Event(kind=kinds[cargo.settled], clause=step.clause, at=state.board.ref(place),
                 text=text, data={"cargo": ident, "fate": cargo.settled,
                                  "surviving_destroyers": surviving, "needed": cargo.need_dd})


def phase_end(state: AwState, dice: Dice) -> list[Event]:
    record = ledger_of(state).sealift
    return [settle(state, ident, cargo) for ident, cargo in record.cargo.items()
            if not cargo.settled and cargo.phase == state.phase]


def phase_start(state: AwState) -> list[Event]:
    if state.phase == MOVEMENT:  # a new player turn
        ledger_of(state).sealift = SealiftRecord()
    return []


def summary(state: AwState) -> dict[str, Any]:
    record = ledger_of(state).sealift
    if not record.transported and not record.cargo:
        return {}
    return {"sealift": {"transported": dict(record.transported),
                        "cargo": {i: {"what": c.what, "to": c.destination,
                                      "fate": c.settled or "at sea"}
                                  for i, c in record.cargo.items()}}}


# ---- previews ----------------------------------------------------------------------------
def _preview(title: str, lines: list[str], refusal: IllegalAction | None) -> Preview:
    verdict = "legal" if refusal is None else f"refused ({refusal.clause})"
    rows = tuple(lines) + (() if refusal is None else (str(refusal),))
    return Preview(title=title, axis="verdict", outcomes=((verdict, Fraction(1)),),
                   summary=verdict, good=0 if refusal is None else None, rows=rows)


def preview_transport(state: AwState, action: SeaTransport) -> Preview | None:
    try:
        need, steps = transport_need(state, action)
    except IllegalAction as why:
        return _preview("Sea transport", [], why)
    refusal = None
    try:
        check_transport(state, action)
    except IllegalAction as why:
        refusal = why
    return _preview("Sea transport", [*need.lines(), *(s.line() for s in steps)], refusal)


def preview_escort(state: AwState, action: SeaEscort) -> Preview | None:
    try:
        plan, steps = escort_plan(state, action)
    except IllegalAction as why:
        return _preview("Sea escort", [], why)
    refusal = None
    try:
        check_escort(state, action)
    except IllegalAction as why:
        refusal = why
    return _preview("Sea escort", [*(s.line() for s in steps), *plan.lines()], refusal)


def preview_shipment(state: AwState, action: ShipBySea) -> Preview | None:
    try:
        need, steps = shipment_need(state, action)
    except IllegalAction as why:
        return _preview("By sea", [], why)
    refusal = None
    try:
        check_shipment(state, action)
    except IllegalAction as why:
        refusal = why
    return _preview("By sea", [*need.lines(), *(s.line() for s in steps)], refusal)


# ---- the window -------------------------------------------------------------------------
WINDOW_PORTS = 4
"""How many of the nearest friendly ports the window offers as destinations."""


def _nearest_ports(view: AwState, nation: str, start: str) -> list[str]:
    side = view.side_of_nation(nation)
    found = []
    for place in view.board.places.values():
        if place.kind != "port" or place.id == start \
                or not view.friendly(operations.hex_of(view, place.id), side, TURN_START):
            continue
        far = reach.distance(view, nation, start, place.id)
        if far is not None:
            found.append((far, place.id))
    return [p for _, p in sorted(found)[:WINDOW_PORTS]]


def commands(view: AwState, selection: Selection) -> list[Command]:
    """With destroyers of the side to move picked in one port: a sea transport (movement
    phase) or a sea escort (redeployment phase) of as many ground factors as they carry to
    each of the nearest friendly ports, where legal; the tip is the arithmetic."""
    if view.awaiting is not None or view.asked or view.ledger.asked or not selection.units \
            or view.phase not in (MOVEMENT, REDEPLOYMENT):
        return []
    ships = [view.ships.get(i) for i in selection.units]
    picked = [s for s in ships if s is not None and s.base and not s.eliminated]
    if len(picked) != len(ships) or len({s.base for s in picked}) != 1 \
            or any(view.side_of_nation(s.nation) != view.to_move for s in picked):
        return []
    factors = _destroyer_factors(view, picked)
    start, nation = picked[0].base or "", picked[0].nation
    if not factors or view.is_box(start):
        return []
    out = []
    for port in _nearest_ports(view, nation, start):
        action: SeaTransport | SeaEscort
        if view.phase == MOVEMENT:
            action = SeaTransport(tuple(selection.units), (port,),
                                  (Carried("ground unit", factors, start),))
            words, preview = "Sea transport", preview_transport(view, action)
        else:
            action = SeaEscort(nation, start, factors,
                               (EscortLeg(port, "destroyers", tuple(selection.units)),))
            words, preview = "Sea escort", preview_escort(view, action)
        if preview is None or preview.good is None:
            continue
        out.append(Command(f"{words}: {plural(factors, 'ground factor')} to "
                           f"{view.board.ref(port)}", action, tip="\n".join(preview.rows)))
    return out


PART = Part(
    actions=(SeaTransport, SeaEscort, ShipBySea),
    checks={SeaTransport: check_transport, SeaEscort: check_escort,
            ShipBySea: check_shipment},
    effects={SeaTransport: apply_transport, SeaEscort: apply_escort,
             ShipBySea: apply_shipment},
    previews={SeaTransport: preview_transport, SeaEscort: preview_escort,
              ShipBySea: preview_shipment},
    commands=commands, phase_end=phase_end, phase_start=phase_start, summary=summary)
