"""Actions every ruleset shares."""

from __future__ import annotations

from dataclasses import dataclass

from mineboard.core.actions import Action


@dataclass(frozen=True, slots=True)
class EndPhase(Action):
    """End the current phase, segment or impulse (the ruleset says what that sets off)."""

    kind = "end_phase"
