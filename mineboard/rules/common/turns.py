"""The game contract (:class:`~mineboard.core.game.GameState`) for states that keep a
position in an order of play, so each ruleset does not write it again."""

from __future__ import annotations

from typing import Any, Protocol

from mineboard.rules.common.phases import PhaseSequence, Step


class SequencedTurns:
    """Who acts, in which phase, read from the order of play.

    The side to move is the phasing side here. A ruleset whose other side answers mid-turn
    (an ASL reaction, an AWAW interception) keeps who is answering in its state and
    overrides ``to_move`` and ``actor`` together; the window, the cover and the checks
    follow ``to_move``.
    """

    sequence: PhaseSequence
    position: int

    @property
    def step(self) -> Step:
        return self.sequence.step(self.position)

    @property
    def active(self) -> str:
        """Who acts in the current step: a nation, or a side where players are sides."""
        return self.step.actor

    @property
    def phase(self) -> str:
        return self.step.phase

    @property
    def phase_label(self) -> str:
        return self.step.label

    @property
    def actor(self) -> str:
        return self.active


class SidesArePlayers(SequencedTurns):
    """Each player is one side and owns its units and markers (no nations within sides);
    the side to move is the side whose step it is, and face-down markers make secrets."""

    sides: tuple[str, ...]

    @property
    def owners(self) -> tuple[str, ...]:
        return self.sides

    @property
    def phasing(self) -> str:
        return self.active

    @property
    def to_move(self) -> str:
        return self.active

    @property
    def has_secrets(self) -> bool:
        return True

    def side_of(self, owner: str) -> str:
        return owner


class Sequenced(Protocol):
    """A state that keeps its place in an order of play and counts the turns (a
    :class:`SequencedTurns` with a ``turn``): what ending a phase and the summary read."""

    sequence: PhaseSequence
    position: int
    turn: int

    @property
    def active(self) -> str: ...

    @property
    def phase(self) -> str: ...

    @property
    def phase_label(self) -> str: ...


def turn_summary(state: Sequenced) -> dict[str, Any]:
    """The first keys of every ruleset's ``summary``: where the game stands. ``mineboard
    run`` relies on ``turn``, ``nation`` (who acts) and ``phase_name``."""
    return {"turn": state.turn, "nation": state.active, "phase": state.phase,
            "phase_name": state.phase_label}
