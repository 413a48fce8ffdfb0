"""Events: what an action did, in plain words, with the clause that made it happen.

Events are the only thing the log, the animations and the tests read; they never change
state. The few kinds the program acts on without knowing the ruleset are typed here
(dice to show, a unit to sink, counters to turn over, a phase to announce); everything else
is a plain :class:`Event` whose ``kind`` names what happened in the ruleset's own words.

Secrecy lives on the event: ``secret_to`` names the one side that may read it. What the
other sides learn is derived from the event itself by :meth:`Event.public_twin` — never a
second, hand-written event that could drift from the first or leak by its wording.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from fractions import Fraction
from typing import Any

from mineboard.core.places import PlaceRef


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    kind: str = "Note"
    clause: str = ""
    text: str
    at: PlaceRef | None = None
    data: Mapping[str, Any] = field(default_factory=dict)
    """Rule-specific numbers (totals, modifiers) for the JSON log and the tests."""
    secret_to: str | None = None
    reveals: bool = False
    """It turns up something hidden, so undoing it would un-know a secret: a commit point."""

    def line(self) -> str:
        return f"{self.clause}: {self.text}" if self.clause else self.text

    def public_twin(self) -> Event | None:
        """What a side that may not read this secret event learns of it (None: nothing)."""
        return None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "type": type(self).__name__,
                               "clause": self.clause, "text": self.text}
        if self.at is not None:
            out["at"] = self.at.to_json()
        base = {f.name for f in fields(Event)}
        for f in fields(self):
            if f.name in base or (f.metadata.get(QUIET_DEFAULT) and
                                  getattr(self, f.name) == f.default):
                continue
            out[f.name] = _jsonable(getattr(self, f.name))
        if self.data:
            out["data"] = dict(self.data)
        if self.secret_to is not None:
            out["secret_to"] = self.secret_to
        return out


QUIET_DEFAULT = "quiet default"
"""Field metadata: the field is written to JSON only when set, so adding it to an event
type changes no log, save or transcript written before."""


def _jsonable(value: Any) -> Any:
    if isinstance(value, PlaceRef):
        return value.to_json()
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, tuple | list):
        return [_jsonable(v) for v in value]
    if isinstance(value, Mapping):
        return {k: _jsonable(v) for k, v in value.items()}
    return value


@dataclass(frozen=True, slots=True, kw_only=True)
class PhaseBegan(Event):
    """A new phase, segment or impulse; ``actor`` is who acts in it as players name them."""

    kind: str = "PhaseBegan"
    turn: int
    actor: str


@dataclass(frozen=True, slots=True, kw_only=True)
class DiceRolled(Event):
    """Dice of one resolution step: the tray shows them, ``hits`` marks those that count."""

    kind: str = "DiceRolled"
    dice: tuple[int, ...]
    hits: tuple[bool, ...]
    tally: str = ""
    """The running count of the rule's stop condition, shown beside the dice."""
    chance: Fraction | None = field(default=None, metadata={QUIET_DEFAULT: True})
    """The exact chance, before the dice, that this resolution counts (``any(hits)``: a
    mine detonates, a sweep clears, a fleet runs afoul). *View ▸ Dice* sets the hits seen
    against the sum of these; None where the roll has no such single outcome."""


@dataclass(frozen=True, slots=True, kw_only=True)
class UnitLost(Event):
    """A unit sunk, destroyed or eliminated at ``at``."""

    kind: str = "UnitLost"
    unit: str
    unit_type: str
    owner: str


@dataclass(frozen=True, slots=True, kw_only=True)
class UnitsMoved(Event):
    kind: str = "UnitsMoved"
    units: tuple[str, ...]
    path: tuple[PlaceRef, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class CountersRevealed(Event):
    """Face-down counters at ``at`` turned up: each owner's faces as the players read them."""

    kind: str = "CountersRevealed"
    faces: Mapping[str, tuple[str, ...]]
    reveals: bool = True


@dataclass(frozen=True, slots=True, kw_only=True)
class CountersPlaced(Event):
    """Face-down counters put on the map. Secret to their owner; everyone sees how many.

    With ``place_secret`` the place is itself the secret (a counter laid where the other
    side may not know it lies): the public twin names no place, while the owner's own event
    keeps ``at`` whole, so its log still links to where it laid them."""

    kind: str = "CountersPlaced"
    owner: str
    count: int
    public_clause: str = ""
    place_secret: bool = field(default=False, metadata={QUIET_DEFAULT: True})

    def public_twin(self) -> Event | None:
        if self.secret_to is None:
            return None
        noun = "a face-down counter" if self.count == 1 else f"{self.count} face-down counters"
        at = None if self.place_secret else self.at
        where = f" at {at}" if at is not None else ""
        return CountersPlaced(clause=self.public_clause or self.clause,
                              text=f"{self.owner} places {noun}{where}", at=at,
                              owner=self.owner, count=self.count,
                              place_secret=self.place_secret)


def visible_to(event: Event, side: str) -> Event | None:
    """The version of ``event`` that a viewer on ``side`` reads, or None."""
    if event.secret_to is None or event.secret_to == side:
        return event
    return event.public_twin()


def public_version(event: Event) -> Event | None:
    """What a viewer who is on no side reads (the cover between hot-seat players)."""
    return event if event.secret_to is None else event.public_twin()


def with_text(event: Event, text: str) -> Event:
    return replace(event, text=text)
