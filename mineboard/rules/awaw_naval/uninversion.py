"""Uninversion at the end of the player turn (AW-249, AW-74, AW-221): how many naval units may
turn face up again depends on oil (33.7, outside rule 21), so the owner enters the number as
a result from outside the rules when its construction phase — the end of its player turn —
begins, the other side accepts it, and the owner then chooses which units; whatever it does
not choose stays inverted. Units held inverted "until the end of the player turn" (AW-48,
AW-51) and units built this turn (AW-74) are eligible then, as the player turn is ending;
ships still at sea are not. As the turn ends, every unit's one operation is free again.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, ClassVar

from mineboard.core import outside
from mineboard.core.actions import Action
from mineboard.core.dice import Dice
from mineboard.core.errors import IllegalAction
from mineboard.core.events import Event
from mineboard.core.outside import Awaiting, Bound, OutsideResult
from mineboard.core.schema import Doc, Length, Range
from mineboard.core.words import and_list
from mineboard.rules.awaw_naval.employment_data import employment_table
from mineboard.rules.awaw_naval.forces import label, own_ships
from mineboard.rules.awaw_naval.ledger import ledger_of
from mineboard.rules.awaw_naval.state import CONSTRUCTION, AwState, Ship

CLAUSE = "AW-249"


@dataclass(frozen=True, slots=True)
class UninversionAllowance(OutsideResult):
    """How many naval units may be uninverted this turn end (33.7: oil for naval use)."""

    kind: ClassVar[str] = "uninversion_allowance"
    count: Annotated[int, Range(0, 999), Doc("naval units that may be uninverted (33.7)")]


@dataclass(frozen=True, slots=True)
class Uninvert(Action):
    """The owner turns the units it chooses face up again (AW-249)."""

    kind: ClassVar[str] = "uninvert"
    ships: Annotated[tuple[str, ...], Length(1, 200)]


def inverted(state: AwState, side: str) -> list[Ship]:
    """``side``'s inverted units that may be uninverted now: not at sea, and — unless
    employment.json's ``held_may_uninvert`` — not held inverted to the end of the turn."""
    at_sea = ledger_of(state).at_sea()
    held_ok = employment_table().held_may_uninvert
    return [s for s in state.ships.values() if s.inverted and not s.eliminated and s.base
            and s.id not in at_sea and state.side_of_nation(s.nation) == side
            and (held_ok or not s.held_inverted)]


def _owner_choosing(state: AwState) -> bool:
    """Whether an owner's choice is pending (AW-04's elimination comes first)."""
    return bool(state.asked)


def phase_start(state: AwState) -> list[Event]:
    """The construction phase ends the player turn: ask for the number (if any unit is
    inverted), once no owner's choice of bases is pending."""
    return begin_if_due(state)


def begin_if_due(state: AwState) -> list[Event]:
    """Ask for the uninversion number if it is due: the construction phase, not asked yet
    this turn, nothing else pending, some unit of the phasing side inverted. Bases calls it
    once the last owner's choice is answered."""
    if state.phase != CONSTRUCTION or state.awaiting is not None or _owner_choosing(state):
        return []
    side = state.phasing
    if side in ledger_of(state).uninvert_left:
        return []
    waiting = inverted(state, side)
    if not waiting:
        return []
    other = next(s for s in state.sides if s != side)
    return [outside.begin(state, Awaiting(
        UninversionAllowance.kind, f"{side}'s uninversion (33.7)", CLAUSE, enters=side,
        accepts=other, bounds=(Bound("count", 0, len(waiting),
                                     f"{side} has {len(waiting)} inverted units"),)))]


def resolve(state: AwState, result: UninversionAllowance, dice: Dice) -> list[Event]:
    side = state.phasing
    ledger_of(state).uninvert_left[side] = result.count
    return [Event(kind="UninversionAllowed", clause=CLAUSE,
                  text=f"{side} may uninvert {result.count} naval units",
                  data={"side": side, "count": result.count})]


def check_uninvert(state: AwState, action: Uninvert) -> None:
    side = state.to_move
    left = ledger_of(state).uninvert_left.get(side)
    if state.phase != CONSTRUCTION or left is None:
        raise IllegalAction("units are uninverted at the end of the player turn, once the "
                            "number allowed is entered", CLAUSE)
    ships = own_ships(state, action.ships, side, CLAUSE)
    eligible = {s.id for s in inverted(state, side)}
    for ship in ships:
        if ship.id not in eligible:
            why = "is not inverted" if not ship.inverted else \
                "is held inverted to the end of the turn" if ship.held_inverted else "is at sea"
            raise IllegalAction(f"{label(ship)} {why}", CLAUSE)
    if len(ships) > left:
        raise IllegalAction(f"{side} may uninvert {left} more units, not {len(ships)}",
                            CLAUSE)


def uninvert(state: AwState, action: Uninvert, dice: Dice) -> list[Event]:
    side = state.to_move
    ships = [state.ships[i] for i in action.ships]
    for s in ships:
        s.inverted = s.held_inverted = False
    ledger_of(state).uninvert_left[side] -= len(ships)
    return [Event(kind="Uninverted", clause=CLAUSE,
                  text=f"{and_list(label(s) for s in ships)} uninverted",
                  data={"ships": list(action.ships)})]


def turn_end(state: AwState) -> list[Event]:
    """The player turn ends (its construction phase): the one operation is free again, the
    holds of AW-48/AW-51 and the newly built mark lapse; the rest stays inverted."""
    if state.phase != CONSTRUCTION:
        return []
    side = state.phasing
    for s in state.ships.values():
        s.operated = False
        s.held_inverted = False
        if state.side_of_nation(s.nation) == side:
            s.new = False
    ledger = ledger_of(state)
    ledger.uninvert_left.pop(side, None)
    ledger.transport_bans = {b for b in ledger.transport_bans if b[0] != side}
    # the turn's operations are done with once their ships are home: a game of many turns
    # would otherwise carry every past one in each copy of its state
    ledger.operations = {k: op for k, op in ledger.operations.items() if op.at_sea}
    still = [s.id for s in inverted(state, side)]
    return [Event(kind="TurnEnded", clause=CLAUSE,
                  text=f"{side}'s player turn ends; {len(still)} of its units stay inverted",
                  data={"inverted": still})] if still else []


