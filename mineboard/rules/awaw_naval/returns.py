"""Coming back to base after an activity (AW-72, AW-73): to the base of origin under the
activity's own range rules, or to any base the side held when its player turn began within
the theatre's return distance of the activity's hex (the naval-combat hex if it fought),
within the base's room; never, in the combat phase, to a base an enemy invasion targets
unless it is the only one; sea escorts and SW-box operations always to their origin. Ships
still at sea when the phase ends come back to their origin.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Annotated, ClassVar

from mineboard.core.actions import Action
from mineboard.core.dice import Dice
from mineboard.core.errors import IllegalAction
from mineboard.core.events import Event
from mineboard.core.schema import Length
from mineboard.core.words import and_list
from mineboard.rules.awaw_naval import box_rules, ports, reach
from mineboard.rules.awaw_naval.forces import label
from mineboard.rules.awaw_naval.ledger import Operation, ledger_of
from mineboard.rules.awaw_naval.state import COMBAT, TURN_START, AwState, Ship
from mineboard.rules.common.checks import TURN

STAYS: list[Callable[[AwState, Operation], bool]] = []
"""Part 2's operations that stay at sea when a phase ends (a patrol staying through the
combat phase, a defensive patrol, a submarine patrol: AW-102, AW-110, AW-113)."""

ORIGIN_ONLY = ("sea_escort", "naval_redeployment")
"""Activities whose ships go back to their base of origin once they failed (AW-73: "after
failed base changes, NRs or sea escorts", 21.33)."""


@dataclass(frozen=True, slots=True)
class ReturnToBase(Action):
    """Ships at sea with an operation come back to a base (AW-72)."""

    kind: ClassVar[str] = "return_to_base"
    operation: str
    ships: Annotated[tuple[str, ...], Length(1, 200)]
    to: str


def room(state: AwState, base: str) -> int | None:
    """Factors ``base`` may still take (None: a box, unlimited) — bases' ports.room."""
    return ports.room(state, base)


def held_now(state: AwState, base: str, side: str) -> bool:
    """Held by ``side`` now (a box: always)."""
    hex_id = state.port_hex(base)
    return state.is_box(base) if hex_id is None else state.friendly(hex_id, side)


def held_at_turn_start(state: AwState, base: str, side: str) -> bool:
    """Held by ``side`` when its player turn began (AW-72, AW-245); a box the side's ships
    may use counts as held."""
    hex_id = state.port_hex(base)
    if hex_id is None:
        return state.is_box(base)
    return state.friendly(hex_id, side, TURN_START)


def invasion_targets(state: AwState, side: str) -> set[str]:
    """Hexes an enemy seaborne invasion targets this phase (AW-73)."""
    return {state.port_hex(op.target) or op.target for op in ledger_of(state).operations.values()
            if op.activity == "invasion" and op.side != side and op.phase == state.phase
            and not op.aborted}


def where(op: Operation) -> str:
    """Where returns are measured from (AW-72): the naval-combat hex if the force fought,
    else the place of the activity (a port of debarkation as itself)."""
    return op.hex if op.fought else op.target


def refusal(state: AwState, op: Operation, ship: Ship, to: str) -> IllegalAction | None:
    """Why ``ship`` may not come back to ``to`` from ``op``, or None (capacity aside)."""
    origin = op.origins[ship.id]
    side = op.side
    start = where(op)
    if to == origin:
        if not held_now(state, origin, side):
            return IllegalAction(f"{state.board.ref(origin)}, {label(ship)}'s base of origin, "
                                 f"is no longer held by {side}", "AW-72")
        leg = reach.leg(state, ship.nation, start, origin, op.activity)
        if leg.legal or (leg.length is not None and op.activity == "interception"):
            return None
        return IllegalAction(f"{label(ship)} cannot reach its base of origin "
                             f"{state.board.ref(origin)} under the activity's range rules: "
                             f"{leg.reason}", leg.clause or "AW-72")
    if (op.activity in ORIGIN_ONLY and op.aborted) or box_rules.is_sw(state, origin):
        what = "operating from an SW box" if box_rules.is_sw(state, origin) else \
            f"after a failed {state.data.activities[op.activity].name.lower()}"
        return IllegalAction(f"{label(ship)} goes back to its base of origin "
                             f"{state.board.ref(origin)} {what}", "AW-73")
    if to not in state.board.places and to not in state.built_ports:
        return IllegalAction(f"there is no base {to!r}", TURN)
    if not held_at_turn_start(state, to, side) or not held_now(state, to, side):
        return IllegalAction(f"{state.board.ref(to)} was not held by {side} when the player "
                             "turn began", "AW-72")
    fig = reach.figures(state, start, to)
    far = reach.distance(state, ship.nation, start, to)
    what = "the naval-combat hex" if op.fought else "the activity's place"
    if far is None or far > fig.return_to:
        return IllegalAction(f"{state.board.ref(to)} is "
                             f"{'out of reach' if far is None else f'{far} hexes'} from "
                             f"{what} {state.board.ref(start)}; another base must lie within "
                             f"{fig.return_to} in {fig.name}", "AW-72")
    return None


def _candidates(state: AwState, op: Operation, ship: Ship) -> list[str]:
    bases = [p.id for p in state.board.places.values() if p.kind in ("port", "box")]
    return [b for b in [*bases, *state.built_ports] if refusal(state, op, ship, b) is None]


def check_return(state: AwState, action: ReturnToBase) -> None:
    ledger = ledger_of(state)
    op = ledger.operations.get(action.operation)
    if op is None or not set(action.ships) <= set(op.at_sea):
        raise IllegalAction(f"those ships are not at sea with operation {action.operation!r}",
                            TURN)
    if op.side != (ledger.asked or state.to_move) and op.activity != "interception":
        raise IllegalAction(f"operation {op.id} is {op.side}'s", TURN)
    if ledger.interception is not None:
        raise IllegalAction("the outcome of the interception comes first", TURN)
    ships = [state.ships[i] for i in action.ships]
    for ship in ships:
        why = refusal(state, op, ship, action.to)
        if why is not None:
            raise why
    hex_id = state.port_hex(action.to)
    if state.phase == COMBAT and hex_id in invasion_targets(state, op.side):
        others = [b for s in ships for b in _candidates(state, op, s) if b != action.to]
        if others:
            raise IllegalAction(f"{state.board.ref(action.to)} is the target of an enemy "
                                "seaborne invasion; it may be chosen only as the sole base "
                                f"left, and {state.board.ref(others[0])} is open", "AW-73")
    free = room(state, action.to)
    total = sum(s.factors for s in ships)
    if free is not None and total > free:
        raise IllegalAction(f"{state.board.ref(action.to)} has room for {max(free, 0)} "
                            f"factors, not {total}", "AW-72")


def come_back(state: AwState, op: Operation, ships: Sequence[Ship], to: str,
              text: str) -> Event:
    ledger = ledger_of(state)
    for ship in ships:
        ship.base = to
        op.at_sea.remove(ship.id)
        ledger.returned.add(ship.id)
    return Event(kind="ReturnedToBase", clause="AW-72", at=state.board.ref(to),
                 text=f"{and_list(label(s) for s in ships)} {text} {state.board.ref(to)}",
                 data={"operation": op.id, "ships": [s.id for s in ships], "to": to})


def home_to_origins(state: AwState, op: Operation, ships: Sequence[Ship]) -> list[Event]:
    """``ships`` of ``op`` come back each to the base it sailed from, one event a base (the
    ends of patrols, defensive patrols, submarine patrols and carrier missions)."""
    by_origin: dict[str, list[Ship]] = {}
    for ship in ships:
        by_origin.setdefault(op.origins[ship.id], []).append(ship)
    return [come_back(state, op, home, base, "come back to") for base, home in by_origin.items()]


def apply_return(state: AwState, action: ReturnToBase, dice: Dice) -> list[Event]:
    op = ledger_of(state).operations[action.operation]
    return [come_back(state, op, [state.ships[i] for i in action.ships], action.to,
                      "come back to")]


def _fallback(state: AwState, op: Operation, ships: Sequence[Ship]) -> str | None:
    """The nearest base by water ``op.side`` holds now with room for ``ships``, for ships
    whose base of origin the enemy took while they were at sea."""
    need = sum(s.factors for s in ships)
    best: tuple[int, str] | None = None
    for base in [p.id for p in state.board.places.values() if p.kind in ("port", "box")]:
        if not held_now(state, base, op.side):
            continue
        free = room(state, base)
        if free is not None and free < need:
            continue
        far = reach.distance(state, ships[0].nation, where(op), base)
        if far is not None and (best is None or (far, base) < best):
            best = (far, base)
    return None if best is None else best[1]


def all_home(state: AwState) -> list[Event]:
    """The phase ends: whoever is still at sea comes back to its base of origin, or — if
    the enemy took it meanwhile — to the nearest base its side holds with room; with none,
    it is lost."""
    events = []
    for op in ledger_of(state).operations.values():
        if any(stays(state, op) for stays in STAYS):
            continue
        by_origin: dict[str, list[Ship]] = {}
        for ident in list(op.at_sea):
            ship = state.ships[ident]
            if ship.eliminated:
                op.at_sea.remove(ident)
                continue
            by_origin.setdefault(op.origins[ident], []).append(ship)
        for origin, ships in by_origin.items():
            if held_now(state, origin, op.side):
                events.append(come_back(state, op, ships, origin, "end the phase back at"))
                continue
            other = _fallback(state, op, ships)
            if other is not None:
                events.append(come_back(state, op, ships, other,
                                        f"find {state.board.ref(origin)} lost and end the "
                                        "phase at"))
                continue
            for ship in ships:
                op.at_sea.remove(ship.id)
                ship.eliminated, ship.base = True, None
            events.append(Event(kind="ShipsLost", clause="AW-72",
                                text=f"{and_list(label(s) for s in ships)} find no base of "
                                     f"{op.side} to come back to and are lost",
                                data={"operation": op.id, "ships": [s.id for s in ships]}))
    return events
