"""Whose move it is while a game waits for a result from outside the rules
(:mod:`mineboard.core.outside`), once for every ruleset whose players are its sides."""

from __future__ import annotations

from mineboard.core import outside
from mineboard.core.outside import Awaiting
from mineboard.rules.common.turns import SidesArePlayers


class WaitsForResults(SidesArePlayers):
    """While the state waits, the side it waits for is to move and acts, and the phase says
    what it waits for; otherwise whatever the other bases say.

    Put it first among a state's bases, so it answers over them — over
    :class:`~mineboard.rules.common.moves.MovesAndReactions`' asked side too: a result
    awaited mid-move comes before any reaction. (The seam trial wrote these three
    properties by hand in each state that combined the two.)"""

    awaiting: Awaiting | None

    @property
    def to_move(self) -> str:
        return outside.to_move(self, super().to_move)

    @property
    def actor(self) -> str:
        return self.to_move

    @property
    def phase_label(self) -> str:
        return self.awaiting.label if self.awaiting is not None else super().phase_label
