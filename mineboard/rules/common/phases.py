"""The order of play as data: who acts in which phase, turn after turn.

Each ruleset lists its steps (phase, actor, label) — played once at the start (a battle's
approach and counter setup), then a cycle repeated every turn — and a state keeps only its
position in that list. Whose turn it is, which phase and which impulse are read from the
list, so they can never disagree with each other.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from mineboard.core.errors import BadInput
from mineboard.rules.common.tables import Shared


@dataclass(frozen=True, slots=True)
class Step:
    phase: str
    actor: str
    label: str
    number: int = 0
    """The impulse or segment number, where the phase has one."""


@dataclass(frozen=True)
class PhaseSequence(Shared):
    """Immutable: every copy of a state shares it."""

    cycle: tuple[Step, ...]
    prologue: tuple[Step, ...] = ()

    def __post_init__(self) -> None:
        if not self.cycle:
            raise ValueError("a phase sequence needs at least one step in its cycle")

    def __len__(self) -> int:
        return len(self.prologue) + len(self.cycle)

    def step(self, position: int) -> Step:
        if position < len(self.prologue):
            return self.prologue[position]
        return self.cycle[(position - len(self.prologue)) % len(self.cycle)]

    def advance(self, position: int) -> tuple[int, bool]:
        """The next position, and whether a new turn begins there (the cycle wrapped)."""
        following = position + 1
        if following < len(self):
            return following, False
        return len(self.prologue), True

    def position_of(self, phase: str, actor: str | None = None, number: int | None = None,
                    where: str = "scenario") -> int:
        """The first position of ``phase`` (for ``actor``, numbered ``number``)."""
        for position in range(len(self)):
            s = self.step(position)
            if s.phase == phase and actor in (None, s.actor) and number in (None, s.number):
                return position
        wanted = " ".join(str(x) for x in (phase, actor, number) if x is not None)
        raise BadInput(where, f"there is no step {wanted!r} in this game's order of play")


def each(actors: Iterable[str], phase: str, label: str, number: int = 0) -> list[Step]:
    """The same phase for each actor in turn."""
    return [Step(phase, actor, label, number) for actor in actors]
