"""Seaborne invasions and shore bombardment in play (AW-139…AW-167, AW-227, AW-239,
AW-240, AW-250): the orders, their checks against the state, and what they do. The
arithmetic is invasion.py's and bombardment.py's; this module reads the state for it.

The flow: ``invade`` declares the invasion as its destroyers' operation (operations.Operate
with activity ``invasion``; the other side may intercept, AW-79); ``operate`` with activity
``shore_bombardment`` and ``with_invasion`` adds bombarding ships (AW-156); ``land_invasion``
states the defense and ground support the ground module gives and, once the odds hold
(AW-147), waits for the ground combat's result (``invasion_combat``, entered by the
invader, accepted by the defender); the invader then allocates the loss factors due
(``allocate_invasion_losses``, AW-155, AW-163…AW-167) and may send surplus invaders back to a
port (``return_surplus``, AW-250).

Terrain the demo maps do not mark (beach hexes) comes from the scenario's ``beaches`` (a
map may mark a hex ``beach: true``); Lorient and Famagusta are read by port name or a
port's ``beach_other_coast`` (AW-149).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Annotated, Any, ClassVar, Literal

from mineboard.core import outside
from mineboard.core.actions import Action
from mineboard.core.dice import Dice
from mineboard.core.errors import IllegalAction
from mineboard.core.events import Event
from mineboard.core.outside import Awaiting, OutsideResult
from mineboard.core.planning import Command, Preview, Selection
from mineboard.core.schema import Doc, Length, Range
from mineboard.core.words import and_list
from mineboard.rules.awaw_naval import bombardment, choices, invasion, operations, reach, water
from mineboard.rules.awaw_naval.bombardment import Line, Refused
from mineboard.rules.awaw_naval.forces import label, own_ships
from mineboard.rules.awaw_naval.ledger import ledger_of
from mineboard.rules.awaw_naval.parts import Part
from mineboard.rules.awaw_naval.state import TURN_START, Asked, AwState, Ship
from mineboard.rules.common.checks import TURN, distinct

OTHER_COAST = ("lorient", "famagusta")
"""Ports whose beach faces another coast (AW-149), by name."""


# ---- the record ------------------------------------------------------------------------
@dataclass
class Landing:
    """An invasion under way: its operation, hex, troops, carriers and bombarding ships,
    and how far it has gone."""

    operation: str
    side: str
    hex: str
    units: tuple[invasion.Invader, ...]
    occupied: bool
    carriers: tuple[str, ...]
    began: dict[str, str]
    """Unit → where it began the turn (its embarkation base)."""
    bombarding: list[str] = field(default_factory=list)
    stage: str = "at_sea"
    """at_sea, landing (the result awaited), losses (the invader allocates), done."""
    attack: int = 0
    defense: int = 0
    added: int = 0
    """Combat factors bombardment added (AW-167's cap on fleet losses)."""
    due: int = 0
    lost: list[str] = field(default_factory=list)
    returned: list[str] = field(default_factory=list)


def landings(state: AwState) -> dict[str, Landing]:
    """The state's invasions under way, by operation id (carried like a field)."""
    found: dict[str, Landing] = choices.stash(state, "landings", {})
    return found


def beaches(state: AwState) -> set[str]:
    found: set[str] = choices.stash(state, "beaches", set())
    return found


def _refused(exc: Refused) -> IllegalAction:
    return IllegalAction(exc.reason, exc.clause)


# ---- orders ------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class InvaderSpec:
    """A ground unit embarked (the ground module's unit, as the naval rules ask of it)."""

    id: Annotated[str, Length(1, 40)]
    factors: Annotated[int, Range(1, 99)]
    began_at: Annotated[str, Doc("the port, island hex or box it began the turn in: its "
                                 "embarkation base (AW-139)")]
    attacks: Annotated[bool, Doc("attacks from the sea in the initial combat (else held "
                                 "aboard)")] = True
    kind: Annotated[Literal["infantry", "armor", "marine", "commando", "airborne", "air"],
                    Doc("its kind (AW-145, AW-153)")] = "infantry"
    supply: Annotated[Literal["full", "partial", "army_oil"],
                      Doc("its supply state, from the supply module (AW-145)")] = "full"

    def invader(self) -> invasion.Invader:
        return invasion.Invader(self.id, self.factors, self.attacks, self.kind, self.supply,
                                self.kind == "air")


@dataclass(frozen=True, slots=True)
class Invade(Action):
    """Destroyers carry ground units from their embarkation bases to one invasion hex."""

    kind: ClassVar[str] = "invade"
    ships: Annotated[tuple[str, ...], Length(1, 200), Doc("the destroyers carrying the "
                                                         "troops (and, from a box, the SW "
                                                         "transports)")]
    target: Annotated[str, Doc("the invasion hex")]
    troops: Annotated[tuple[InvaderSpec, ...], Length(1, 40), Doc("the ground units "
                                                                  "embarked")]
    via: Annotated[tuple[str, ...], Length(0, 40), Doc("hexes the route passes, in order")] = ()
    occupied: Annotated[bool, Doc("an enemy ground unit occupies the hex (ground module)")] \
        = False
    commando_port: Annotated[bool, Doc("a commando invades a port by its special ability "
                                       "(AW-140, AW-151)")] = False
    western_allied_ctl: Annotated[int, Range(0, 9), Doc("the Western Allied CTL "
                                                         "(AW-151)")] = 0


def _as_operate(action: Invade) -> operations.Operate:
    return operations.Operate("invasion", action.ships, action.target, via=action.via)


def hex_kind(state: AwState, hex_id: str) -> str:
    """What ``hex_id`` is for AW-151: a beach, Gibraltar, Singapore, a one-hex island, a
    port or anything else."""
    place = state.board.places.get(hex_id)
    ports = [p for p in state.board.places.values()
             if p.kind == "port" and p.props.get("hex") == hex_id]
    for p in ports:
        if p.name.lower() in ("gibraltar", "singapore"):
            return p.name.lower()
    if hex_id in beaches(state) or (place is not None and place.props.get("beach")):
        return invasion.BEACH
    island = water.island_of(state, hex_id)
    if island is not None and island[0] == "one-hex":
        return invasion.ONE_HEX_ISLAND
    if ports:
        return invasion.PORT
    return invasion.OTHER


def _other_coast(state: AwState, hex_id: str) -> bool:
    """AW-149: a port whose beach faces another coast — Lorient, Famagusta, or a port the
    map marks ``beach_other_coast`` or the scenario lists in ``beach_other_coast``."""
    listed: set[str] = choices.stash(state, "other_coast", set())
    return any(p.kind == "port" and p.props.get("hex") == hex_id
               and (p.name.lower() in OTHER_COAST or p.props.get("beach_other_coast")
                    or p.id in listed)
               for p in state.board.places.values())


def enemy_naval(state: AwState, hex_id: str, side: str) -> list[invasion.EnemyNaval]:
    """Enemy naval units in the invasion hex's ports (AW-148): fleets and carriers count;
    submarines, ASW and transports do not."""
    out = []
    for ship in state.ships.values():
        if ship.eliminated or ship.base is None:
            continue
        if state.side_of_nation(ship.nation) == side or state.port_hex(ship.base) != hex_id:
            continue
        kind = state.ship_type(ship)
        counts = not (kind.submarine or kind.asw or kind.transport)
        out.append(invasion.EnemyNaval(ship.id, ship.factors, counts, ship.damaged,
                                       ship.tf or ""))
    return out


def _check_began(state: AwState, spec: InvaderSpec, side: str) -> Line:
    """AW-139, AW-140 (Dutch Harbor), AW-142 (South Africa): where the unit embarks."""
    place = state.board.places.get(spec.began_at)
    if place is None and spec.began_at not in state.built_ports:
        raise IllegalAction(f"{spec.id}: there is no place {spec.began_at!r}", TURN)
    if state.is_box(spec.began_at):
        if (place.props.get("role") if place else None) == "south-africa":
            raise IllegalAction("no invasion may start from the South Africa box", "AW-142")
        return Line("AW-139", f"{spec.id} embarks in the {place.name if place else ''} box")
    hex_id = water.hex_of(state, spec.began_at)
    if place is not None and place.kind == "port" and place.name.lower() == "dutch harbor":
        raise IllegalAction("Dutch Harbor may not be used as a base for seaborne invasions",
                            "AW-140")
    island = water.island_of(state, hex_id)
    eligible = ("one-hex", "beach") + (("two-hex",) if view_option(
        state, "bridgehead_two_hex_islands") else ())
    if not water.is_port(state, spec.began_at) and (island is None
                                                    or island[0] not in eligible):
        raise IllegalAction(f"{spec.id} began the turn at {state.board.ref(spec.began_at)}, "
                            "no port, eligible island (AW-92) or box", "AW-139")
    if not state.friendly(hex_id, side, TURN_START):
        raise IllegalAction(f"{state.board.ref(spec.began_at)} was not controlled by the "
                            f"{side} when the turn began: {spec.id} may not embark there",
                            "AW-139")
    if hex_id in state.unsupplied:
        raise IllegalAction(f"{state.board.ref(spec.began_at)} is not fully supplied: "
                            f"{spec.id} may not embark there", "AW-139")
    return Line("AW-139", f"{spec.id} began the turn at {state.board.ref(spec.began_at)}, "
                          "controlled and fully supplied")


def _route_places(state: AwState, action: Invade) -> reach.Leg:
    ships = [state.ships[i] for i in action.ships if i in state.ships]
    first = ships[0]
    return operations.route_of(state, first.nation, first.base or "", action.target,
                               "invasion", action.via)


def _check_embarkation(state: AwState, action: Invade, ships: list[Ship],
                       leg: reach.Leg) -> Line:
    """AW-144: the destroyers sail from their base through every embarkation base to the
    one invasion hex."""
    passed = set(leg.places) | {water.hex_of(state, p) for p in leg.places}
    bases = {s.base for s in ships}
    for place in dict.fromkeys(u.began_at for u in action.troops):
        if place in bases or state.is_box(place):
            continue
        if place not in passed and water.hex_of(state, place) not in passed:
            raise IllegalAction(f"the destroyers' route does not call at "
                                f"{state.board.ref(place)}, where "
                                f"{and_list(u.id for u in action.troops if u.began_at == place)}"
                                " embark: name it in the route", "AW-144")
    names = and_list(str(state.board.ref(p)) for p in dict.fromkeys(
        u.began_at for u in action.troops))
    return Line("AW-144", f"embarking at {names}; one invasion hex, "
                          f"{state.board.ref(action.target)}")


def _check_dutch_harbor(state: AwState, action: Invade, side: str, leg: reach.Leg) -> None:
    """AW-141: Japan invading Dutch Harbor from Japan needs another Aleutian island it holds
    and supplies, on the route."""
    target_ports = [p for p in state.board.places.values() if p.kind == "port"
                    and p.props.get("hex") == action.target]
    if not any(p.name.lower() == "dutch harbor" for p in target_ports):
        return
    if not any(water.group_of(state, u.began_at) == "japan" for u in action.troops):
        return
    held = [h for h in water.group_places(state, "aleutians")
            if state.board.places.get(h) is not None and state.board.places[h].kind == "hex"
            and h != action.target and state.friendly(h, side) and h not in state.unsupplied]
    if not held:
        raise IllegalAction("an invasion of Dutch Harbor from Japan needs another Aleutian "
                            "island under Japanese control and full supply", "AW-141")
    passed = set(leg.places) | {water.hex_of(state, p) for p in leg.places}
    if not passed & set(held):
        names = and_list(str(state.board.ref(h)) for h in sorted(held))
        raise IllegalAction(f"the invasion of Dutch Harbor from Japan must pass through "
                            f"{names} on its way", "AW-141")


def invade_lines(state: AwState, action: Invade,
                 lines: list[Line] | None = None) -> list[Line]:
    """Every check of an invasion, in order, as lines (added to ``lines`` as they pass, so
    a caller sees how far it got); the first that fails raises."""
    distinct(action.ships, "invading ship", "AW-139")
    distinct((u.id for u in action.troops), "invading unit", "AW-139")
    side = state.to_move
    lines = [] if lines is None else lines
    if state.is_box(action.target):
        raise IllegalAction("no invasion may target a mapboard box", "AW-142")
    place = state.board.places.get(action.target)
    if place is None or place.kind != "hex":
        raise IllegalAction(f"the invasion target is a hex, not {action.target!r}", "AW-151")
    units = [u.invader() for u in action.troops]
    try:
        lines += invasion.check_units(units)
    except Refused as exc:
        raise _refused(exc) from None
    for spec in action.troops:
        lines.append(_check_began(state, spec, side))
    operations.check_operate(state, _as_operate(action))
    ships = own_ships(state, action.ships, side, "AW-143")
    wrong = [s for s in ships if not (state.ship_type(s).destroyer
                                      or state.ship_type(s).transport)]
    if wrong:
        raise IllegalAction(f"{and_list(label(s) for s in wrong)}: destroyers carry the "
                            "invaders; other ships escort or bombard as their own "
                            "operation", "AW-139")
    leg = _route_places(state, action)
    lines.append(Line("AW-82", f"route of {leg.length} hexes, within the offensive range"))
    lines.append(_check_embarkation(state, action, ships, leg))
    from_box = any(state.is_box(u.began_at) for u in action.troops)
    needs = invasion.destroyers_needed(sum(u.factors for u in units), action.occupied,
                                       from_box)
    lines += needs.lines
    dd = sum(s.factors for s in ships if state.ship_type(s).destroyer)
    try:
        lines.append(invasion.check_destroyers(dd, needs))
        kind = hex_kind(state, action.target)
        if action.commando_port:
            if not any(u.kind == "commando" for u in units):
                raise Refused("only a commando invades a port by its special ability",
                              "AW-151")
            lines.append(invasion.check_target(invasion.PORT, True, action.occupied,
                                               action.western_allied_ctl))
            theatre = water.theatre_of(state, action.target)
            lines.append(invasion.check_commando_range(theatre, leg.length or 0))
        else:
            lines.append(invasion.check_target(kind))
    except Refused as exc:
        raise _refused(exc) from None
    if from_box:
        tp = sum(s.factors for s in ships if state.ship_type(s).transport)
        if tp < needs.transports:
            raise IllegalAction(f"{tp} SW-box transports go with the invasion from a box; "
                                f"{needs.transports} are needed", "AW-227")
    _check_dutch_harbor(state, action, side, leg)
    try:
        lines.append(invasion.check_naval_presence(
            enemy_naval(state, action.target, side),
            state.data.options.enemy_tf_needs_undamaged, _other_coast(state, action.target)))
    except Refused as exc:
        raise _refused(exc) from None
    return lines


def check_invade(state: AwState, action: Invade) -> None:
    invade_lines(state, action)


def invade(state: AwState, action: Invade, dice: Dice) -> list[Event]:
    ledger = ledger_of(state)
    before = set(ledger.operations)
    events = operations.operate(state, _as_operate(action), dice)
    op_id = next(i for i in ledger.operations if i not in before)
    units = tuple(u.invader() for u in action.troops)
    landing = Landing(op_id, state.phasing, action.target, units, action.occupied,
                      tuple(action.ships), {u.id: u.began_at for u in action.troops})
    landings(state)[op_id] = landing
    needs = invasion.destroyers_needed(sum(u.factors for u in units), action.occupied,
                                       any(state.is_box(u.began_at) for u in action.troops))
    events.insert(1, Event(kind="InvasionDeclared", clause="AW-139",
                           at=state.board.ref(action.target),
                           text=f"invasion of {state.board.ref(action.target)} by "
                                f"{and_list(u.id for u in units)} "
                                f"({sum(u.factors for u in units)} ground factors, "
                                f"{needs.destroyers} destroyer factors needed)",
                           data={"operation": op_id, "units": [u.id for u in units],
                                 "destroyers_needed": needs.destroyers}))
    return events


# ---- the checks registered for Operate ---------------------------------------------------
def check_invasion_operate(state: AwState, action: operations.Operate) -> None:
    """What an invasion's naval movement must meet whoever declares it (AW-142, AW-146)."""
    if state.is_box(action.target):
        raise IllegalAction("no invasion may target a mapboard box", "AW-142")
    for s in (state.ships[i] for i in action.ships):
        place = state.board.places.get(s.base or "")
        if place is not None and place.props.get("role") == "south-africa":
            raise IllegalAction("no invasion may start from the South Africa box", "AW-142")
    _check_dutch_harbor_bases(state, action.ships)
    _check_winter(state, action.ships, action.target, action.via)


def _check_dutch_harbor_bases(state: AwState, ship_ids: tuple[str, ...]) -> None:
    """AW-140's option: no invasion destroyers or bombarding ships based at Dutch Harbor."""
    if not state.data.options.dutch_harbor_bars_all_bases:
        return
    for s in (state.ships[i] for i in ship_ids):
        place = state.board.places.get(s.base or "")
        if place is not None and place.name.lower() == "dutch harbor":
            raise IllegalAction(f"{label(s)} is based at Dutch Harbor, which may not be used "
                                "as a base for seaborne invasions (rule option "
                                "dutch_harbor_bars_all_bases)", "AW-140")


def _check_winter(state: AwState, ship_ids: tuple[str, ...], target: str,
                  via: tuple[str, ...]) -> None:
    from mineboard.rules.awaw_naval import fronts

    winter = state.calendar.startswith("Winter")
    if not winter:
        return
    ship = state.ships[ship_ids[0]]
    leg = operations.route_of(state, ship.nation, ship.base or "", target, "invasion", via)
    sea = [p for p in leg.places if water.terrain(state.board, p) == "sea"]
    route_fronts = [f for f in (fronts.front_of_hex(state, h) for h in sea) if f]
    aleutian = water.group_of(state, operations.hex_of(state, target)) == "aleutians"
    try:
        invasion.check_winter(True, route_fronts, aleutian)
    except Refused as exc:
        raise _refused(exc) from None


def check_bombardment_operate(state: AwState, action: operations.Operate) -> None:
    """AW-156: only with a seaborne invasion, at its hex. AW-158's boxes are boxes.json's:
    the U.S. boxes only alongside an invasion from them (AW-18), never the South Africa box
    (AW-25), refused by box_rules before this check."""
    landing = landings(state).get(action.with_invasion)
    if landing is None or landing.side != state.to_move:
        raise IllegalAction("shore bombardment supports only a seaborne invasion: name the "
                            "invasion it goes with", "AW-156")
    if landing.stage != "at_sea":
        raise IllegalAction(f"the invasion {landing.operation} has landed already: "
                            "bombardment joins before the combat", "AW-156")
    if operations.hex_of(state, action.target) != landing.hex:
        raise IllegalAction(f"the bombardment goes to the invasion hex "
                            f"{state.board.ref(landing.hex)}", "AW-156")
    for s in (state.ships[i] for i in action.ships):
        if s.id in landing.carriers:
            raise IllegalAction(f"{label(s)} carries troops and may not bombard", "AW-154")
    _check_dutch_harbor_bases(state, action.ships)
    _check_winter(state, action.ships, action.target, action.via)  # AW-144: as the invasion


def bombard(state: AwState, op: Any, dice: Dice) -> list[Event]:
    """The bombarding ships join their invasion (EFFECTS['shore_bombardment'])."""
    # the invasion it goes with: the Operate's with_invasion is not kept on the operation,
    # so the last invasion at sea at the same hex of the side is the one named
    for landing in reversed(list(landings(state).values())):
        if landing.hex == op.hex and landing.side == op.side and landing.stage == "at_sea":
            landing.bombarding.extend(op.ships)
            return [Event(kind="BombardmentJoined", clause="AW-156",
                          text=f"{and_list(op.ships)} bombard for invasion "
                               f"{landing.operation}",
                          data={"operation": landing.operation,
                                "ships": list(op.ships)})]
    return []


# ---- the landing: odds and the ground combat's result ------------------------------------
@dataclass(frozen=True, slots=True)
class LandInvasion(Action):
    """The invader lands: the ground module's defense strength and the ground support
    flown; the odds are judged (AW-147) and the combat's result awaited."""

    kind: ClassVar[str] = "land_invasion"
    invasion: Annotated[str, Doc("the invasion's operation id")]
    defense: Annotated[int, Range(0, 999), Doc("the defense strength (ground module)")] = 0
    ground_support: Annotated[int, Range(0, 999), Doc("combat factors of air/CVE ground "
                                                      "support (air module)")] = 0
    support_remnant_thirds: Annotated[int, Range(0, 2), Doc("the naval-air ground "
                                                            "support remnant, in thirds of "
                                                            "a combat factor (AW-162)")] = 0
    joiners: Annotated[int, Range(0, 999), Doc("ground factors of airborne and adjacent "
                                               "land units joining the attack (21.517B, "
                                               "ground module)")] = 0


def groups_of(state: AwState, ship_ids: list[str]) -> list[bombardment.Group]:
    by_nation: dict[str, int] = {}
    for i in ship_ids:
        s = state.ships[i]
        if s.eliminated or s.damaged:
            continue
        by_nation[s.nation] = by_nation.get(s.nation, 0) + s.factors
    return [bombardment.Group(n, state.nation(n).naval_drm, f) for n, f in by_nation.items()]


def _landing(state: AwState, ident: str, stage: str) -> Landing:
    landing = landings(state).get(ident)
    if landing is None:
        raise IllegalAction(f"there is no invasion {ident!r}", TURN)
    if landing.side != state.to_move:
        raise IllegalAction(f"invasion {ident} is not {state.to_move}'s", TURN)
    if landing.stage != stage:
        raise IllegalAction(f"invasion {ident} is {landing.stage.replace('_', ' ')}, not "
                            f"{stage.replace('_', ' ')}", TURN)
    return landing


def landing_lines(state: AwState, action: LandInvasion) -> tuple[list[Line], int, int]:
    """The attack strength line by line: ground factors, bombardment (AW-159…AW-161),
    ground support within its cap (AW-154), the remnants (AW-162), the odds (AW-147)."""
    landing = _landing(state, action.invasion, "at_sea")
    op = ledger_of(state).operations.get(landing.operation)
    if op is None or op.aborted or not op.at_sea:
        raise IllegalAction(f"invasion {landing.operation} is no longer at sea", "AW-152")
    if ledger_of(state).asked is not None:
        raise IllegalAction(f"{ledger_of(state).asked} is deciding whether to intercept",
                            "AW-79")
    caps = invasion.support_caps(landing.units, action.joiners,
                                 view_option(state, "invasion_caps_count_joiners"))
    lines = list(caps.lines)
    if action.ground_support > caps.support:
        raise IllegalAction(f"ground support of {action.ground_support} exceeds 3 × "
                            f"{caps.ground} = {caps.support}", "AW-154")
    allot = bombardment.allot(groups_of(state, landing.bombarding), caps.ground)
    lines += allot.lines[1:] if landing.bombarding else []  # its first: caps' AW-154
    extra = 0
    if action.support_remnant_thirds and landing.bombarding:
        combined = bombardment.combine_remnants(allot, action.ground_support,
                                                Fraction(action.support_remnant_thirds, 3))
        lines += combined.lines
        extra = combined.extra
    added = allot.total + extra
    ground = invasion.attack_factors(landing.units) + action.joiners
    attack = ground + added + action.ground_support
    lines.append(Line("AW-154", f"attack {ground} ground + {added} bombardment + "
                                f"{action.ground_support} ground support = {attack}"))
    try:
        lines.append(invasion.check_odds(attack, action.defense, landing.occupied))
    except Refused as exc:
        raise _refused(exc) from None
    return lines, attack, added


def view_option(state: AwState, name: str) -> bool:
    return bool(getattr(state.data.options, name))


def check_land(state: AwState, action: LandInvasion) -> None:
    landing_lines(state, action)


@dataclass(frozen=True, slots=True)
class InvasionCombat(OutsideResult):
    """The invasion's ground combat, fought by the ground module's rules."""

    kind: ClassVar[str] = "invasion_combat"
    attacker_losses: Annotated[int, Range(0, 999), Doc("loss factors the invader must "
                                                       "take")] = 0
    hex_taken: Annotated[bool, Doc("the invaders occupy the hex")] = False
    odds_below_one: Annotated[bool, Doc("a result dropped the odds under 1:1: the "
                                        "invasion ends (AW-147)")] = False


def land(state: AwState, action: LandInvasion, dice: Dice) -> list[Event]:
    lines, attack, added = landing_lines(state, action)
    landing = landings(state)[action.invasion]
    landing.stage, landing.attack, landing.defense, landing.added = \
        "landing", attack, action.defense, added
    at = state.board.ref(landing.hex)
    other = next(s for s in state.sides if s != landing.side)
    return [Event(kind="InvasionLanded", clause=line.clause, at=at, text=line.text)
            for line in lines] + [
        outside.begin(state, Awaiting(InvasionCombat.kind, f"the invasion combat at {at}",
                                      "AW-147", enters=landing.side, accepts=other))]


def _awaited_landing(state: AwState) -> Landing:
    return next(x for x in landings(state).values() if x.stage == "landing")


def resolve_combat(state: AwState, result: InvasionCombat, dice: Dice) -> list[Event]:
    landing = _awaited_landing(state)
    landing.due = result.attacker_losses
    events: list[Event] = []
    if result.odds_below_one:
        events.append(Event(kind="InvasionEnded", clause="AW-147",
                            text="the odds dropped under 1:1: the invasion ends; ships and "
                                 "surviving troops sail back to the embarkation base"))
    present = [e.id for e in enemy_naval(state, landing.hex, landing.side)]
    if result.hex_taken and present:
        events.append(Event(kind="DisplacementDue", clause="AW-150",
                            text=f"the invaders hold {state.board.ref(landing.hex)}: "
                                 f"{and_list(present)} will be displaced when the hex "
                                 "changes hands (the ground module's set_control, AW-53)",
                            data={"ships": present}))
    if landing.due:
        landing.stage = "losses"
        choices.ask(state, Asked(
            landing.side, AllocateInvasionLosses.kind, "AW-155",
            f"{landing.due} loss factors of invasion {landing.operation}",
            {"invasion": landing.operation}))
        events.append(Event(kind="LossesDue", clause="AW-155",
                            text=f"the invader allots {landing.due} loss factors among the "
                                 "units that attacked, the ground support and the "
                                 "bombarding fleets",
                            data={"invasion": landing.operation, "due": landing.due}))
    else:
        landing.stage = "done"
    return events


# ---- losses ------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ShipLossSpec:
    ship: Annotated[str, Length(1, 40)]
    losses: Annotated[int, Range(1, 99)]


@dataclass(frozen=True, slots=True)
class AllocateInvasionLosses(Action):
    """The invader takes the loss factors due from the invasion combat (AW-155…AW-167)."""

    kind: ClassVar[str] = "allocate_invasion_losses"
    invasion: str
    units: Annotated[tuple[str, ...], Length(0, 40), Doc("ground units lost")] = ()
    air: Annotated[int, Range(0, 999), Doc("air or CVE factors lost")] = 0
    fleet: Annotated[tuple[ShipLossSpec, ...], Length(0, 200),
                     Doc("loss factors put on each bombarding ship")] = ()


def bombarders(state: AwState, landing: Landing) -> list[bombardment.Bombarder]:
    out = []
    for i in (*landing.carriers, *landing.bombarding):
        s = state.ships[i]
        t = state.ship_type(s)
        kind = bombardment.DESTROYER if t.destroyer else bombardment.CRUISER if t.cruiser \
            else bombardment.HEAVY if t.heavy else bombardment.OTHER
        out.append(bombardment.Bombarder(s.id, kind, s.factors, i in landing.carriers,
                                         s.damaged))
    return out


def losses_lines(state: AwState, action: AllocateInvasionLosses
                 ) -> tuple[list[Line], bombardment.FleetOutcome, Landing]:
    distinct(action.units, "lost unit", "AW-155")
    distinct((s.ship for s in action.fleet), "ship taking losses", "AW-164")
    choices.refuse_answer_not_asked(state, AllocateInvasionLosses.kind, "AW-155")
    landing = _landing(state, action.invasion, "losses")
    by_id = {u.id: u for u in landing.units}
    ground = []
    for ident in action.units:
        unit = by_id.get(ident)
        if unit is None:
            raise IllegalAction(f"{ident} is not among the invaders", "AW-155")
        ground.append(bombardment.GroundUnitLoss(unit.id, unit.factors, unit.attacks))
    ships = bombarders(state, landing)
    try:
        outcome = bombardment.check_fleet_losses(
            ships, [bombardment.ShipLoss(s.ship, s.losses) for s in action.fleet],
            landing.added)
        lines = list(outcome.lines)
        lines += bombardment.check_losses(landing.due, ground, action.air, outcome)
        if action.fleet:
            lines += bombardment.next_round([s for s in ships if not s.carrying],
                                            outcome).lines
    except Refused as exc:
        raise _refused(exc) from None
    return lines, outcome, landing


def check_losses(state: AwState, action: AllocateInvasionLosses) -> None:
    losses_lines(state, action)


def allocate(state: AwState, action: AllocateInvasionLosses, dice: Dice) -> list[Event]:
    lines, outcome, landing = losses_lines(state, action)
    choices.answered(state)
    events = [Event(kind="InvasionLosses", clause=line.clause, text=line.text)
              for line in lines]
    for ident in outcome.sunk:
        ship = state.ships[ident]
        ship.eliminated, ship.base = True, None
        _off_sea(state, ident)
        clause = "AW-165" if state.ship_type(ship).cruiser else "AW-164"
        events.append(Event(kind="ShipSunk", clause=clause, text=f"{label(ship)} is lost",
                            data={"ship": ident}))
    for ident, lost in outcome.dd_lost.items():
        ship = state.ships[ident]
        if not ship.eliminated:
            ship.factors -= lost
            events.append(Event(kind="ShipReduced", clause="AW-164",
                                text=f"{label(ship)} loses {lost} destroyer factors "
                                     f"({ship.factors} left)",
                                data={"ship": ident, "lost": lost}))
    for ident in outcome.damaged:
        state.ships[ident].damaged = True
        events.append(Event(kind="ShipDamaged", clause="AW-166",
                            text=f"{label(state.ships[ident])} is damaged",
                            data={"ship": ident}))
    landing.lost.extend(action.units)
    landing.stage = "done"
    return events + choices.settled(state)


def _off_sea(state: AwState, ident: str) -> None:
    for op in ledger_of(state).operations.values():
        if ident in op.at_sea:
            op.at_sea.remove(ident)


# ---- surplus invaders (AW-250) ---------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ReturnSurplus(Action):
    """Surplus invaders go back to a friendly port within range of the invasion hex."""

    kind: ClassVar[str] = "return_surplus"
    invasion: str
    units: Annotated[tuple[str, ...], Length(1, 40)]
    port: str


def surplus_lines(state: AwState, action: ReturnSurplus) -> list[Line]:
    distinct(action.units, "returning invader", "AW-250")
    landing = _landing(state, action.invasion, "done")
    alive = {u.id for u in landing.units} - set(landing.lost) - set(landing.returned)
    for ident in action.units:
        if ident not in alive:
            raise IllegalAction(f"{ident} is not an invader in {state.board.ref(landing.hex)}",
                                "AW-250")
    if not water.is_port(state, action.port):
        raise IllegalAction(f"{action.port!r} is not a port", "AW-250")
    if not state.friendly(water.hex_of(state, action.port), landing.side):
        raise IllegalAction(f"{state.board.ref(action.port)} is not a friendly port",
                            "AW-250")
    nation = state.ships[landing.carriers[0]].nation
    distance = reach.distance(state, nation, landing.hex, action.port)
    figures = reach.figures(state, landing.hex, action.port)
    try:
        return [invasion.surplus_return(distance, figures.return_to)]
    except Refused as exc:
        raise _refused(exc) from None


def check_surplus(state: AwState, action: ReturnSurplus) -> None:
    surplus_lines(state, action)


def return_surplus(state: AwState, action: ReturnSurplus, dice: Dice) -> list[Event]:
    lines = surplus_lines(state, action)
    landing = landings(state)[action.invasion]
    landing.returned.extend(action.units)
    return [Event(kind="SurplusReturned", clause=line.clause,
                  text=f"{and_list(action.units)} return to {state.board.ref(action.port)}: "
                       f"{line.text}",
                  data={"units": list(action.units), "port": action.port})
            for line in lines]


# ---- previews: the arithmetic before the order is confirmed ----------------------------------
def _shown(title: str, lines: list[Line], verdict: str) -> Preview:
    return Preview(title=title, axis="", outcomes=(), summary=verdict,
                   rows=tuple(f"{line.clause}: {line.text}" for line in lines))


def _preview(title: str, compute: Any, state: AwState, action: Any) -> Preview:
    """The arithmetic line by line with its clauses, and the verdict."""
    try:
        found = compute(state, action)
    except IllegalAction as exc:
        return _shown(title, [], f"refused — {exc.clause}: {exc.reason}")
    return _shown(title, found[0] if isinstance(found, tuple) else found, "legal")


def preview_invade(state: AwState, action: Invade) -> Preview:
    """The invasion's checks as far as they pass, then the verdict."""
    lines: list[Line] = []
    try:
        invade_lines(state, action, lines)
    except IllegalAction as exc:
        return _shown("Seaborne invasion", lines, f"refused — {exc.clause}: {exc.reason}")
    return _shown("Seaborne invasion", lines, "legal")


def preview_land(state: AwState, action: LandInvasion) -> Preview:
    return _preview("Invasion attack strength", landing_lines, state, action)


def preview_bombardment(state: AwState, action: operations.Operate) -> Preview:
    """Before a shore bombardment is ordered (the window's first click on the invasion
    hex): the invasion's attack strength with these ships added to its bombardment — every
    3 naval factors 1 combat factor (AW-159), within the DRM classes' caps (AW-160) taken
    cumulatively (AW-161) (operations.PREVIEWS["shore_bombardment"])."""
    title = f"Shore bombardment of {state.board.ref(action.target)}"
    try:  # the order's own checks first: no sums for an order that may not be given
        operations.check_operate(state, action)
    except IllegalAction as exc:
        return _shown(title, [], f"refused — {exc.clause}: {exc.reason}")
    landing = landings(state)[action.with_invasion]  # check_bombardment_operate's
    after = copy.deepcopy(state)
    landings(after)[landing.operation].bombarding.extend(
        s for s in action.ships if s not in landing.bombarding)
    return _preview(title, landing_lines, after, LandInvasion(landing.operation))


def preview_losses(state: AwState, action: AllocateInvasionLosses) -> Preview:
    return _preview("Invasion losses", losses_lines, state, action)


# ---- the window's commands ------------------------------------------------------------------
def commands(view: AwState, selection: Selection) -> list[Command]:
    """Buttons for the invasion under way: land an invasion of an empty hex (an occupied
    hex needs the ground module's defense: the order ``land_invasion``), and, when asked,
    tick the units and ship factors that take the losses (AW-155…AW-167)."""
    question = choices.current(view)
    if question is not None and question.kind == AllocateInvasionLosses.kind:
        landing = landings(view).get(str(question.data.get("invasion", "")))
        return [] if landing is None else [_losses_command(view, landing)]
    if question is not None or view.awaiting is not None or ledger_of(view).asked:
        return []
    out = []
    for landing in landings(view).values():
        if landing.stage == "at_sea" and landing.side == view.to_move and not landing.occupied:
            out.append(Command(f"Land invasion {landing.operation} at "
                               f"{view.board.ref(landing.hex)}",
                               LandInvasion(landing.operation),
                               tip="The hex is empty: no odds to judge (AW-147); the "
                                   "ground combat's result is entered next."))
    return out


def _losses_command(view: AwState, landing: Landing) -> Command:
    picks: list[tuple[str, str]] = [(f"unit:{u.id}", f"{u.id} ({u.factors} factors)")
                                    for u in landing.units if u.attacks]
    for ship in bombarders(view, landing):
        if ship.carrying:
            continue
        if ship.kind == bombardment.DESTROYER:
            picks += [(f"dd:{ship.id}:{n}", f"{ship.id}: destroyer factor {n}")
                      for n in range(1, min(ship.factors, landing.added) + 1)]
        elif ship.kind == bombardment.CRUISER:
            picks.append((f"ca:{ship.id}", f"{ship.id}: sunk (2 loss factors)"))
        elif ship.kind == bombardment.HEAVY and not ship.damaged:
            picks.append((f"bb:{ship.id}", f"{ship.id}: damaged (1 loss factor)"))

    def build(picked: tuple[str, ...]) -> Action:
        units = tuple(p.split(":")[1] for p in picked if p.startswith("unit:"))
        fleet: dict[str, int] = {}
        for p in picked:
            kind, ident = p.split(":")[:2]
            if kind in ("dd", "ca", "bb"):
                fleet[ident] = fleet.get(ident, 0) + (2 if kind == "ca" else 1)
        return AllocateInvasionLosses(landing.operation, units, fleet=tuple(
            ShipLossSpec(i, n) for i, n in fleet.items()))

    return Command(f"Take {landing.due} loss factors of invasion {landing.operation}",
                   tip="Tick the units that attacked and the bombarding ship factors that "
                       "take the losses: a cruiser sinks for 2, a heavy ship is damaged for "
                       f"1, at most {landing.added} on the fleet (AW-155…AW-167).",
                   pick=tuple(picks), build=build)


def summary(state: AwState) -> dict[str, Any]:
    found = landings(state)
    if not found:
        return {}
    return {"invasions": {k: {"hex": v.hex, "stage": v.stage, "bombarding": list(v.bombarding),
                              "attack": v.attack, "added": v.added, "due": v.due,
                              "lost": list(v.lost), "returned": list(v.returned)}
                          for k, v in found.items()}}


operations.CHECKS["invasion"] = check_invasion_operate
operations.CHECKS["shore_bombardment"] = check_bombardment_operate
operations.EFFECTS["shore_bombardment"] = bombard
operations.PREVIEWS["shore_bombardment"] = preview_bombardment

PART = Part(
    actions=(Invade, LandInvasion, AllocateInvasionLosses, ReturnSurplus),
    checks={Invade: check_invade, LandInvasion: check_land,
            AllocateInvasionLosses: check_losses, ReturnSurplus: check_surplus},
    effects={Invade: invade, LandInvasion: land, AllocateInvasionLosses: allocate,
             ReturnSurplus: return_surplus},
    resolve={InvasionCombat: resolve_combat},
    previews={Invade: preview_invade, LandInvasion: preview_land,
              AllocateInvasionLosses: preview_losses},
    commands=commands, summary=summary)
