"""Displacement (AW-53…AW-62): when the enemy takes a port, the ships based there sail to
the nearest port their side holds with room for them, whatever its supply.

Worked as a short sequence of the owner's choices, each asked only when the rules leave one
(choices.py): the front first when leaving a two-front port (AW-56); then, nearest first,
the port — the owner picks among equally near ones (AW-54) — and, when it has room for
only some, which whole ships go there (AW-55), the rest going on to the next nearest.
Nothing within the theatre's range (AW-57): the rest are eliminated. Ships sunk in port or
on a construction row "3" or higher are eliminated at once (AW-59); damaged ships and rows
"2" and "Launch" are displaced like any other. The U.S., India and Australia boxes count
as ports at their water distance plus their offset, from a port that may base-change into
them (AW-60, AW-226). Every displaced ship is inverted (AW-62). Each move is an event with
its route's ends, where an interception of displaced ships (AW-61, employment's) hooks in.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any, ClassVar

from mineboard.core.actions import Action
from mineboard.core.dice import Dice
from mineboard.core.errors import IllegalAction
from mineboard.core.events import Event, UnitsMoved
from mineboard.core.schema import Doc, Length
from mineboard.rules.awaw_naval import choices, distances, fronts, ports
from mineboard.rules.awaw_naval.basechange import air_attack_opportunity, offer_interception
from mineboard.rules.awaw_naval.overstack import eliminate
from mineboard.rules.awaw_naval.state import ROW_3_UP, SUNK_IN_PORT, Asked, AwState, Ship

FRONT, PORT, SHIPS = "choose_front", "choose_port", "choose_ships"


@dataclass(frozen=True, slots=True)
class ChooseFront(Action):
    """The front displaced ships leaving a two-front port head for (AW-56)."""

    kind: ClassVar[str] = FRONT
    front: Annotated[str, Doc("one of the port's fronts")]


@dataclass(frozen=True, slots=True)
class ChoosePort(Action):
    """Which of the equally near ports the displaced ships go to (AW-54)."""

    kind: ClassVar[str] = PORT
    port: Annotated[str, Doc("one of the ports offered")]


@dataclass(frozen=True, slots=True)
class ChooseShips(Action):
    """Which displaced ships fill the nearest port that has room for only some (AW-55)."""

    kind: ClassVar[str] = SHIPS
    ships: Annotated[tuple[str, ...], Length(1, 200), Doc("whole ships, filling its room")]


@dataclass(slots=True)
class Job:
    """One displacement under way: a side's ships leaving one port."""

    side: str
    origin: str
    ships: list[str]
    front: str | None = None
    port: str | None = None
    """The port chosen among equally near ones (AW-54), until it is filled."""
    done: list[str] = field(default_factory=list)
    """Ports filled already (AW-55: the rest go on to the next)."""


def _jobs(state: AwState) -> list[Job]:
    out: list[Job] = choices.stash(state, "displacing", [])
    return out


def _box_takes_displaced(state: AwState, box: str) -> bool:
    props = state.board.places[box].props
    return not props.get("sw") and box not in ports.port_rules().not_displaced_into


def candidates(state: AwState, job: Job) -> list[tuple[int, str]]:
    """(distance, base) of every base the ships may be displaced to now, nearest first:
    held by their side, with room, by a route legal for every nation among them within the
    theatre's range (AW-53, AW-57, AW-60: the U.S. box serves Western Allied ships only)."""
    nations = list(dict.fromkeys(state.ships[s].nation for s in job.ships))
    own = set(ports.group(state, job.origin))
    out: list[tuple[int, str]] = []
    for base in ports.all_bases(state):
        if base in own or base in job.done:
            continue
        if not ports.held_by(state, base, job.side):
            continue
        free = ports.room(state, base)
        if free is not None and free <= 0:
            continue
        if state.is_box(base):
            if not _box_takes_displaced(state, base):
                continue
        elif job.front is not None and job.front not in fronts.fronts_of(state, base):
            continue
        if base in state.built_ports or ports.group(state, base)[0] == base:
            # A legal route for a displacement: movement's range (AW-57, AW-81), straits
            # and canals, box links (AW-60), the Pacific exceptions it knows.
            legs = [distances.base_change_leg(state, n, job.origin, base, "displacement")
                    for n in nations]
            if all(leg.legal and leg.length is not None for leg in legs):
                out.append((max(int(leg.length or 0) for leg in legs), base))
    return sorted(out, key=lambda item: (item[0], item[1]))


def control_changed(state: AwState, hex_id: str, was: str, dice: Dice) -> list[Event]:
    """The enemy took ``hex_id``: displace the ships based in a port there (AW-53)."""
    holder = state.controller(hex_id)
    if holder not in state.data.nations:
        return []
    taker = state.side_of_nation(holder)
    events: list[Event] = []
    for port in ports.all_ports(state):
        if state.port_hex(port) != hex_id or ports.group(state, port)[0] != port:
            continue
        by_side: dict[str, list[Ship]] = {}
        at_sea = state.ledger.at_sea()  # not in port: they come back elsewhere (AW-72)
        for ship in ports.ships_in(state, port):
            if ship.id in at_sea:
                continue
            side = state.side_of_nation(ship.nation)
            if side != taker:
                by_side.setdefault(side, []).append(ship)
        for side, ships in by_side.items():
            staying = []
            for ship in ships:
                if ship.row in (ROW_3_UP, SUNK_IN_PORT):
                    events.append(eliminate(state, ship, "AW-59",
                                            f"is eliminated: its base {ports.name(state, port)} "
                                            "is taken (sunk in port, or on row 3 or higher)"))
                else:
                    staying.append(ship.id)
            if staying:
                _jobs(state).append(Job(side, port, staying))
    return events + advance(state)


def advance(state: AwState) -> list[Event]:
    """Carry the displacements on as far as they go without a choice of the owner's."""
    events: list[Event] = []
    jobs = _jobs(state)
    while jobs and choices.current(state) is None:
        job = jobs[0]
        place = ports.name(state, job.origin)
        two = fronts.fronts_of(state, job.origin)
        if job.front is None and len(two) > 1:
            choices.ask(state, Asked(job.side, FRONT, "AW-56",
                                     f"the front the ships displaced from {place} head for "
                                     f"({' or '.join(two)})", {"fronts": list(two)}))
            break
        found = candidates(state, job)
        if not found:
            for ship_id in job.ships:
                events.append(eliminate(state, state.ships[ship_id], "AW-57",
                                        f"is eliminated: no port of its side with room within "
                                        f"range of {place}"))
            jobs.pop(0)
            continue
        nearest = [b for d, b in found if d == found[0][0]]
        if job.port is None or job.port not in nearest:
            job.port = None
            if len(nearest) > 1:
                choices.ask(state, Asked(job.side, PORT, "AW-54",
                                         f"which port the ships displaced from {place} go to "
                                         f"({', '.join(ports.name(state, b) for b in nearest)}"
                                         f", {found[0][0]} hexes each)",
                                         {"ports": nearest, "hexes": found[0][0]}))
                break
            job.port = nearest[0]
        target, hexes = job.port, found[0][0]
        free = ports.room(state, target)
        need = sum(state.ships[s].factors for s in job.ships
                   if ports.counted(state.ships[s]))
        if free is None or need <= free:
            events += _move(state, job, list(job.ships), target, hexes)
            jobs.pop(0)
            continue
        if not any(state.ships[s].factors <= free for s in job.ships):
            job.done.append(target)
            job.port = None
            continue
        choices.ask(state, Asked(job.side, SHIPS, "AW-55",
                                 f"which ships displaced from {place} fill the {free} free "
                                 f"factors of {ports.name(state, target)} ({hexes} hexes); "
                                 "the rest go on to the next nearest port",
                                 {"port": target, "room": free, "hexes": hexes}))
        break
    return events


def _move(state: AwState, job: Job, ship_ids: list[str], target: str,
          hexes: int) -> list[Event]:
    for ship_id in ship_ids:
        ship = state.ships[ship_id]
        ship.base = target
        ship.inverted = True
        job.ships.remove(ship_id)
    factors = sum(state.ships[s].factors for s in ship_ids)
    data: dict[str, Any] = {"ships": ship_ids, "from": job.origin, "to": target,
                            "hexes": hexes, "factors": factors, "interceptable": True}
    return [UnitsMoved(clause="AW-53", units=tuple(ship_ids),
                       path=(ports.ref(state, job.origin), ports.ref(state, target)),
                       text=f"{', '.join(ship_ids)} ({factors} factors) are displaced from "
                            f"{ports.name(state, job.origin)} to "
                            f"{ports.name(state, target)}, {hexes} hexes, and inverted "
                            "(AW-62); the enemy may intercept them on the way (AW-61)",
                       data=data),
            *air_attack_opportunity(state, "AW-61", ship_ids, job.origin, target,
                                    "displacement"),
            *offer_interception(state, "displacement", ship_ids, job.origin, target)]


def check_front(state: AwState, action: ChooseFront) -> None:
    question = choices.refuse_answer_not_asked(state, FRONT, "AW-56")
    if action.front not in question.data["fronts"]:
        raise IllegalAction(f"{action.front} is not one of the port's fronts "
                            f"({', '.join(question.data['fronts'])})", "AW-56")


def check_port(state: AwState, action: ChoosePort) -> None:
    question = choices.refuse_answer_not_asked(state, PORT, "AW-54")
    offered = question.data["ports"]
    if action.port not in offered:
        raise IllegalAction(f"{action.port} is not one of the nearest ports "
                            f"({', '.join(offered)})", "AW-54")


def check_ships(state: AwState, action: ChooseShips) -> None:
    question = choices.refuse_answer_not_asked(state, SHIPS, "AW-55")
    job = _jobs(state)[0]
    if len(set(action.ships)) != len(action.ships):
        raise IllegalAction("a ship is listed twice", "AW-55")
    for ship_id in action.ships:
        if ship_id not in job.ships:
            raise IllegalAction(f"{ship_id} is not among the ships displaced from "
                                f"{ports.name(state, job.origin)}", "AW-55")
    room = int(question.data["room"])
    chosen = sum(state.ships[s].factors for s in action.ships)
    if chosen > room:
        raise IllegalAction(f"{chosen} factors do not fit in the {room} free at "
                            f"{ports.name(state, str(question.data['port']))}", "AW-55")
    left = [s for s in job.ships if s not in action.ships
            and state.ships[s].factors <= room - chosen]
    if left:
        raise IllegalAction(f"{left[0]} still fits ({room - chosen} factors free): the "
                            "nearest port is filled as far as whole ships allow", "AW-55")


def apply_front(state: AwState, action: ChooseFront, dice: Dice) -> list[Event]:
    choices.answered(state)
    _jobs(state)[0].front = action.front
    return [Event(kind="FrontChosen", clause="AW-56",
                  text=f"the displaced ships head for the {action.front} front",
                  data={"front": action.front}), *advance(state)]


def apply_port(state: AwState, action: ChoosePort, dice: Dice) -> list[Event]:
    choices.answered(state)
    _jobs(state)[0].port = action.port
    return advance(state)


def apply_ships(state: AwState, action: ChooseShips, dice: Dice) -> list[Event]:
    question = choices.answered(state)
    job = _jobs(state)[0]
    target = str(question.data["port"])
    events = _move(state, job, list(action.ships), target, int(question.data["hexes"]))
    job.done.append(target)
    job.port = None
    if not job.ships:
        _jobs(state).pop(0)
    return events + advance(state)
