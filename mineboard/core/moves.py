"""A move in progress: units going along a planned path one step at a time.

A move is not one opaque jump. Planning it and each step it takes are actions of their own
(python-chess's ``push`` per step), so the rules may stop it after any step — a mine
attack on entering, an interception, a snap-shot — and the other side may answer between
two steps. Undo and replay need nothing special: each step is a record in the game's
history, and a step that rolled, revealed or handed the move over is a commit point like
any other action.

Everything here is plain data the window and the log read without knowing the ruleset:
where the units have got to, the part of the path still planned, and — once the move has
stopped — the clause, the words and the place that stopped it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Protocol, runtime_checkable

from mineboard.core.events import Event


@dataclass(frozen=True, slots=True)
class Stop:
    """Why a move stopped short of its end: the clause, its words, the place, and whether
    the rules let the mover press on from there (a unit gone to ground may; one pinned may
    not)."""

    clause: str
    text: str
    at: str
    resumable: bool = False


@dataclass(frozen=True, slots=True)
class MoveInProgress:
    """``units`` of ``side`` planned to go along ``path`` (its first place is where they
    started); ``done`` steps are taken, so they stand at ``path[done]``; ``stopped`` says
    why it went no further, or None while it may go on."""

    side: str
    units: tuple[str, ...]
    path: tuple[str, ...]
    done: int = 0
    stopped: Stop | None = None

    @property
    def at(self) -> str:
        """Where the units stand now."""
        return self.path[self.done]

    @property
    def ahead(self) -> str | None:
        """The place the next step enters (None: the path is walked)."""
        return self.path[self.done + 1] if self.done + 1 < len(self.path) else None

    @property
    def finished(self) -> bool:
        return self.done == len(self.path) - 1

    @property
    def may_go_on(self) -> bool:
        """Whether the mover may take the next step now."""
        return self.stopped is None and not self.finished

    @property
    def taken(self) -> tuple[str, ...]:
        """The part of the path walked, start and present place included."""
        return self.path[:self.done + 1]

    @property
    def rest(self) -> tuple[str, ...]:
        """The part still planned, from the present place on (one place: nothing left)."""
        return self.path[self.done:]

    def stepped(self) -> MoveInProgress:
        if not self.may_go_on:
            raise ValueError("a stopped or finished move takes no step")
        return replace(self, done=self.done + 1)

    def stopped_by(self, stop: Stop) -> MoveInProgress:
        return replace(self, stopped=stop)

    def resumed(self) -> MoveInProgress:
        if self.stopped is None or not self.stopped.resumable:
            raise ValueError("only a move stopped where the rules allow it may resume")
        return replace(self, stopped=None)


@runtime_checkable
class Moving(Protocol):
    """A state that may hold a move in progress (the window draws its route, the phase
    track names what comes next)."""

    @property
    def move_in_progress(self) -> MoveInProgress | None: ...


def move_of(view: object) -> MoveInProgress | None:
    """The move in progress of any view, or None (a ruleset without moves has none)."""
    return view.move_in_progress if isinstance(view, Moving) else None


# ---- what the log reads --------------------------------------------------------------------
@dataclass(frozen=True, slots=True, kw_only=True)
class MovePlanned(Event):
    """A move's plan, made public as it begins: the units and the whole planned path."""

    kind: str = "MovePlanned"
    units: tuple[str, ...]
    path: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class MoveStepped(Event):
    """One step of a move in progress, into ``at``; ``step`` counts from 1."""

    kind: str = "MoveStepped"
    units: tuple[str, ...]
    step: int
    came_from: str


@dataclass(frozen=True, slots=True, kw_only=True)
class MoveStopped(Event):
    """The rules stopped a move at ``at``; ``clause`` and ``text`` say why, ``resumable``
    whether the mover may press on from there."""

    kind: str = "MoveStopped"
    units: tuple[str, ...]
    resumable: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class MoveEnded(Event):
    """The move is over at ``at``: walked to its end, ended there by the mover, or cut
    short by a stop the rules allow no going on from."""

    kind: str = "MoveEnded"
    units: tuple[str, ...]
    steps: int
