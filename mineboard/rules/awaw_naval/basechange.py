"""Base changes (AW-47…AW-52, AW-03): every base change of a movement phase is declared
together and judged on the combined result.

An order is ``base_change``: ships of one base to another port or box. Alone, each order
must be a legal move (``check``: the mover's ships, the movement phase, a destination his
side held when the movement phase began, a route movement allows — range AW-49, boxes
AW-41/AW-50); together (``check_together``) no destination may end over its capacity
(AW-03), so two full ports may swap ships (AW-47). Carried out, the ships are based at once
at their destination, turned over where AW-51 says, and remembered with their origin for
the rest of the phase: an interception that beats them sends them back (overstack.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated, ClassVar

from mineboard.core import batch
from mineboard.core.actions import Action
from mineboard.core.dice import Dice
from mineboard.core.errors import IllegalAction
from mineboard.core.events import Event, UnitsMoved
from mineboard.core.schema import Doc, Length
from mineboard.maps.model import HEX
from mineboard.rules.awaw_naval import choices, distances, movement, ports
from mineboard.rules.awaw_naval.state import MOVEMENT, MOVEMENT_START, AwState, Ship

KIND = "base_change"


@dataclass(frozen=True, slots=True)
class BaseChange(Action):
    """Ships of one base change base to another port or box (AW-47)."""

    kind: ClassVar[str] = KIND
    ships: Annotated[tuple[str, ...], Length(1, 200), Doc("the ships, all of one base")]
    to: Annotated[str, Doc("the new base: a port, a port counter or a box")]


def _ships(state: AwState, action: BaseChange) -> list[Ship]:
    if len(set(action.ships)) != len(action.ships):
        raise IllegalAction("a ship is listed twice", "AW-47")
    out = []
    for ship_id in action.ships:
        ship = state.ships.get(ship_id)
        if ship is None or ship.eliminated or ship.base is None:
            raise IllegalAction(f"there is no ship {ship_id} in play", "AW-47")
        if state.side_of_nation(ship.nation) != state.phasing:
            raise IllegalAction(f"{ship_id} is not a {state.phasing} ship", "AW-47")
        out.append(ship)
    return out


def check(state: AwState, action: BaseChange) -> None:
    """One order alone, on the state before the declaration."""
    choices.refuse_unless_asked(state, KIND)
    choices.hook("patrols", "check_base_change")(state, action)  # AW-96, AW-98
    if state.phase != MOVEMENT:
        raise IllegalAction("base changes are made in the owner's movement phase, "
                            f"not in the {state.phase} phase", "AW-47")
    ships = _ships(state, action)
    origins = {s.base for s in ships}
    if len(origins) != 1:
        raise IllegalAction("the ships of one order leave one base: give one order a base",
                            "AW-47")
    origin = str(ships[0].base)
    moved = choices.changed_from(state)
    at_sea = state.ledger.at_sea()
    for ship in ships:
        if ship.id in at_sea:
            raise IllegalAction(f"{ship.id} is at sea on an operation, not in port", "AW-47")
        if ship.id in moved:
            raise IllegalAction(f"{ship.id} changed base this phase already (from "
                                f"{ports.name(state, moved[ship.id])})", "AW-47")
        if ship.unusable:
            raise IllegalAction(f"{ship.id} is excess in an overstacked port and may not be "
                                "used for the rest of the player turn", "AW-04")
    if action.to not in ports.all_bases(state):
        raise IllegalAction(f"{action.to} is not a port or a box", "AW-47")
    there = ports.name(state, action.to)
    if action.to == origin:
        raise IllegalAction(f"the ships are based in {there} already", "AW-47")
    if not ports.held_by(state, action.to, state.phasing, MOVEMENT_START):
        raise IllegalAction(f"{there} was not held by the {state.phasing} when the movement "
                            "phase began", "AW-49")
    holder = ports.holder(state, action.to)
    if holder in state.data.nations and state.side_of_nation(holder) != state.phasing:
        # Base changes come before ground movement (AW-52): a port the enemy holds now was
        # taken by a change entered out of that order, and no fleet sails into it.
        raise IllegalAction(f"{there} is held by {holder} now", "AW-49")
    for nation in dict.fromkeys(s.nation for s in ships):  # boxes serve some only (AW-41)
        leg = distances.base_change_leg(state, nation, origin, action.to)
        if not leg.legal:
            raise IllegalAction(f"{ports.name(state, origin)} to {there}: {leg.reason}",
                                leg.clause or "AW-49")


def check_together(before: AwState, after: AwState, members: Sequence[Action]) -> None:
    """The declaration as a whole: each ship once, no destination over capacity (AW-03,
    AW-47)."""
    seen: dict[str, int] = {}
    for index, member in enumerate(members):
        assert isinstance(member, BaseChange)
        for ship_id in member.ships:
            if ship_id in seen:
                raise batch.refusal(members, index, IllegalAction(
                    f"{ship_id} changes base twice (orders {seen[ship_id] + 1} and "
                    f"{index + 1})", "AW-47"))
            seen[ship_id] = index
    for index, member in enumerate(members):
        assert isinstance(member, BaseChange)
        cap = ports.capacity(after, member.to)
        if cap is None:
            continue
        held = ports.load(after, member.to)
        if held > cap:
            raise batch.refusal(members, index, IllegalAction(
                f"{ports.name(after, member.to)} would base {held} factors after the base "
                f"changes; it bases at most {cap}", "AW-03"))


def _theatre(state: AwState, base: str) -> str:
    return movement.theatre_of(state, base)


def _is_sw_box(state: AwState, base: str) -> bool:
    return state.is_box(base) and bool(state.board.places[base].props.get("sw"))


def inverts(state: AwState, origin: str, to: str) -> bool:
    """AW-51: box to box, SW box to a port, or from one theatre to the other turns a ship
    over; port to port, port to box and box to port in one theatre, and any move into an SW
    box, do not."""
    if _is_sw_box(state, to):
        return False
    if _is_sw_box(state, origin):
        return True
    if state.is_box(origin) and state.is_box(to):
        return True
    return _theatre(state, origin) != _theatre(state, to)


def apply(state: AwState, action: BaseChange, dice: Dice) -> list[Event]:
    ships = [state.ships[s] for s in action.ships]
    origin = str(ships[0].base)
    turned = inverts(state, origin, action.to)
    moved = choices.changed_from(state)
    for ship in ships:
        moved[ship.id] = origin
        ship.base = action.to
        if turned or ship.inverted:
            # AW-51: turned over by the move, or already over: either way until the end of
            # the player turn.
            ship.held_inverted = ship.held_inverted or turned or ship.inverted
            ship.inverted = True
    factors = sum(s.factors for s in ships)
    text = (f"{', '.join(action.ships)} ({factors} factors) change base from "
            f"{ports.name(state, origin)} to {ports.name(state, action.to)}")
    events: list[Event] = [UnitsMoved(clause="AW-47", text=text, units=action.ships,
                                      path=(ports.ref(state, origin), ports.ref(state, action.to)),
                                      data={"from": origin, "to": action.to,
                                            "factors": factors})]
    if turned:
        events.append(Event(kind="Inverted", clause="AW-51", at=ports.ref(state, action.to),
                            text=f"{', '.join(action.ships)} are inverted until the end of "
                                 "the player turn (a base change box to box, from an SW "
                                 "box, or between theatres)",
                            data={"ships": list(action.ships)}))
    events += air_attack_opportunity(state, "AW-47", list(action.ships), origin, action.to,
                                     "base_change")
    return events + offer_interception(state, "base_change", list(action.ships), origin,
                                       action.to)


def air_attack_opportunity(state: AwState, clause: str, ship_ids: list[str], origin: str,
                           goal: str, activity: str) -> list[Event]:
    """Enemy air may attack ships changing base (AW-47, 23.7) or displaced (AW-61) in each
    hex they enter: air combat is outside these rules, so the engine names the hexes for
    the air module or the players (the catalogue's "air attack opportunity")."""
    if not ship_ids:
        return []
    nation = state.ships[ship_ids[0]].nation
    places = movement.route(state, nation, origin, goal, activity).places
    hexes = [p for p in places if p in state.board.places
             and state.board.places[p].kind == HEX]
    entered = hexes[1:] if hexes and hexes[0] == state.port_hex(origin) else hexes
    if not entered:
        return []
    return [Event(kind="AirAttackOpportunity", clause=clause, at=state.board.ref(entered[-1]),
                  text=f"enemy air may attack {', '.join(ship_ids)} in each hex entered "
                       f"({len(entered)}: {entered[0]} … {entered[-1]}); air combat is "
                       "settled outside these rules",
                  data={"ships": ship_ids, "hexes": entered})]


def offer_interception(state: AwState, kind: str, ship_ids: list[str], origin: str,
                       goal: str) -> list[Event]:
    """The other side's chance to intercept a base change or a displacement (AW-47, AW-61:
    employment's interception part asks it, if it has a ship that could)."""
    return list(choices.hook("interception", "offer")(state, kind, ship_ids, origin, goal))
