"""Standing orders: a side's reactions, set in advance and judged by the engine at each step.

Asking a side at every chance to react is a commit point, a hot-seat cover and, by email, a
turn file there and back — and nearly every chance is passed. A side therefore says in
advance what it does when the enemy moves ("snap-shoot any unit entering these hexes",
"intercept anything within 4 hexes of this port", "never"), and whether the engine acts
for it or asks it live. The engine judges the orders after each step with :func:`judge`.

Whether a side is asked must tell the mover nothing that side's secrets decide. So
:func:`judge` sees only the orders and the :class:`StepSeen` — facts of the step that every
side sees (who moves, which units, from where to where) — and a distance on the public
map. Being asked reveals the order that asked, as "hold!" does across a table; it can
never reveal a hidden counter, a minefield or how much ammunition is left, since the
judgement cannot read them. Setting orders is its side's secret action.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Annotated, Literal, Protocol, runtime_checkable

from mineboard.core.events import Event
from mineboard.core.schema import Doc, Length, Range

Answer = Literal["auto", "ask"]
AUTO: Answer = "auto"
ASK: Answer = "ask"

Distance = Callable[[str, str], int]
"""Steps between two places on the public map (hexes between two hexes)."""


@dataclass(frozen=True, slots=True)
class Trigger:
    """When an order fires: a unit ``entering`` one of ``places``, a unit coming
    ``within`` ``radius`` of one of them, or ``never``."""

    when: Literal["entering", "within", "never"]
    places: Annotated[tuple[str, ...], Length(0, 200)] = ()
    radius: Annotated[int, Range(0, 100)] = 0

    def fires(self, place: str, distance: Distance) -> bool:
        if self.when == "entering":
            return place in self.places
        if self.when == "within":
            return any(distance(place, p) <= self.radius for p in self.places)
        return False

    def words(self) -> str:
        where = ", ".join(self.places)
        if self.when == "entering":
            return f"any unit entering {where}"
        if self.when == "within":
            return f"anything within {self.radius} of {where}"
        return "never"


@dataclass(frozen=True, slots=True)
class StandingOrder:
    """One reaction (``reaction``: the ruleset's word for it, "snap_shot"), when it fires,
    and whether the engine takes it at once (``auto``) or asks the side live (``ask``)."""

    reaction: Annotated[str, Length(1, 40)]
    trigger: Trigger
    answer: Annotated[Answer, Doc("auto: the engine acts; ask: the side "
                                                  "is asked live")] = AUTO

    def words(self) -> str:
        how = "at once" if self.answer == AUTO else "asking first"
        return f"{self.reaction.replace('_', '-')} {self.trigger.words()}, {how}"


@dataclass(frozen=True, slots=True)
class StepSeen:
    """What every side sees of one step: the only facts :func:`judge` may use."""

    side: str
    units: tuple[str, ...]
    came_from: str
    entered: str


def judge(orders: Sequence[StandingOrder], seen: StepSeen,
          distance: Distance) -> tuple[StandingOrder, ...]:
    """The orders that fire on ``seen``, in the order the side listed them. Pure and cheap:
    it runs after every step of every move. Each distance from the place entered is
    measured once, however many orders watch the same place."""
    measured: dict[str, int] = {}

    def from_entered(place: str, other: str) -> int:
        if other not in measured:
            measured[other] = distance(place, other)
        return measured[other]

    return tuple(o for o in orders if o.trigger.fires(seen.entered, from_entered))


@dataclass(frozen=True, slots=True)
class Ask:
    """A reaction waiting for ``side``'s answer: the move in progress waits until it
    reacts or passes. ``offer`` says it as the phase track names it ("snap-shoot at
    0304")."""

    side: str
    reaction: str
    at: str
    units: tuple[str, ...]
    offer: str


@runtime_checkable
class Asking(Protocol):
    """A state that may hold a reaction waiting for a side's answer."""

    @property
    def open_ask(self) -> Ask | None: ...


def ask_of(view: object) -> Ask | None:
    """The open reaction of any view, or None."""
    return view.open_ask if isinstance(view, Asking) else None


# ---- what the log reads --------------------------------------------------------------------
@dataclass(frozen=True, slots=True, kw_only=True)
class OrdersSet(Event):
    """A side set its standing orders: its secret; the others learn only that it did."""

    kind: str = "OrdersSet"
    side: str
    orders: tuple[StandingOrder, ...]

    def public_twin(self) -> Event | None:
        if self.secret_to is None:
            return None
        return OrdersSet(clause=self.clause, text=f"{self.side} sets its standing orders",
                         side=self.side, orders=())


@dataclass(frozen=True, slots=True, kw_only=True)
class ReactionAsked(Event):
    """The move waits: ``side`` is asked whether to take ``reaction`` at ``at``."""

    kind: str = "ReactionAsked"
    side: str
    reaction: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ReactionPassed(Event):
    """``side`` let the chance go; the move may go on."""

    kind: str = "ReactionPassed"
    side: str
    reaction: str
