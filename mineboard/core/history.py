"""What was played, and the truth after any number of actions, without a copy per action.

A game of ten thousand actions must not hold ten thousand copies of its state. The history
keeps every record (action, recorded rolls, events) and a snapshot every ``every`` records;
the state after *n* actions is the nearest snapshot at or before *n* with the records since
replayed on their recorded rolls — exact, because replaying a record can only ever repeat it.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from mineboard.core.actions import Action
from mineboard.core.dice import Roll
from mineboard.core.errors import MineboardError
from mineboard.core.events import Event

S = TypeVar("S")

SNAPSHOT_EVERY = 32


@dataclass(frozen=True, slots=True)
class Record:
    action: Action
    rolls: tuple[Roll, ...]
    events: tuple[Event, ...]
    by: str | None = None
    """The seat that played it (None: played by a script or a test, checked on the truth)."""
    hands_over: bool = False
    """In a game with secrets, the move passed to another side: that side may not undo into
    a turn whose secrets it would then see."""
    mover: str | None = field(default=None, compare=False)
    """The side to move when it was played (whose dice they were, for *View ▸ Dice*): known
    from the state, so never written to a file — a loaded game plays its records again."""

    @property
    def commits(self) -> bool:
        """Whether undoing this would let a player see chance or secrets and take them back."""
        return bool(self.rolls) or self.hands_over or any(e.reveals for e in self.events)

    @property
    def secret_to(self) -> str | None:
        """The side this action is a secret of, so a save or a turn file can seal it for
        that side alone: an action all of whose events are that side's secrets (laying,
        loading, placing face-down). One that tells anyone anything — ending a phase that
        also stores a side's mines — is public, its secret effects replayed by everyone
        and hidden by the views. None: everyone may know the action."""
        if not self.events or any(e.secret_to is None for e in self.events):
            return None
        sides = {e.secret_to for e in self.events}
        if len(sides) > 1:
            raise MineboardError(f"{self.action.kind} holds secrets of {len(sides)} sides")
        return next(iter(sides))


class ReplayError(MineboardError):
    """A recorded action list does not replay (an action is illegal or rolls disagree)."""


Replayer = Callable[[S, Record], None]
"""Apply one record to a state in place, on the record's own rolls."""


class History(Generic[S]):
    def __init__(self, initial: S, replay: Replayer[S], every: int = SNAPSHOT_EVERY) -> None:
        self.records: list[Record] = []
        self._every = every
        self._snapshots: list[S] = [copy.deepcopy(initial)]
        self._replay = replay

    @property
    def initial(self) -> S:
        return copy.deepcopy(self._snapshots[0])

    def append(self, record: Record, state_after: S) -> None:
        self.records.append(record)
        if len(self.records) % self._every == 0:
            self._snapshots.append(copy.deepcopy(state_after))

    def pop(self) -> Record:
        record = self.records.pop()
        del self._snapshots[len(self.records) // self._every + 1:]
        return record

    def state_after(self, count: int) -> S:
        """A fresh copy of the truth after the first ``count`` records."""
        base = min(count // self._every, len(self._snapshots) - 1)
        state = copy.deepcopy(self._snapshots[base])
        for record in self.records[base * self._every:count]:
            self._replay(state, record)
        return state
