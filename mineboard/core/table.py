"""What the players agreed when the game was created: kept in the save, shown as a badge.

Hot-seat secrets only hold if no side can take back what it learned. In a game with
secrets, undo past dice and the teacher view are refused unless every side agreed to an
open table when the game began — and that agreement is part of the game, not a menu tick
one side could make while the other looks away.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mineboard.core.errors import BadInput


@dataclass(frozen=True, slots=True)
class Table:
    open: bool = False
    """All sides agreed: undo past dice and the teacher view are allowed even with secrets
    (a teacher showing the rules, a solo player trying placements)."""
    seed_given: bool = False
    """The seed came from the command line (tests, worked examples): anyone can work out
    the dice, so the save and every report say so."""

    def badge(self, has_secrets: bool) -> str:
        """The words on the toolbar badge and at the head of the log (empty: nothing to say)."""
        parts = []
        if has_secrets:
            parts.append("open table: undo past dice and teacher view allowed" if self.open
                         else "secrets kept: no undo into another side's turn")
        if self.seed_given:
            parts.append("dice from a given seed: predictable")
        return " · ".join(parts)

    def to_json(self) -> dict[str, bool]:
        return {"open": self.open, "seed_given": self.seed_given}

    @classmethod
    def from_json(cls, data: Any, where: str) -> Table:
        if not isinstance(data, dict) or not all(
                isinstance(data.get(k, False), bool) for k in ("open", "seed_given")):
            raise BadInput(where, "'table' must be an object with true/false 'open' and "
                                  "'seed_given'")
        unknown = set(data) - {"open", "seed_given"}
        if unknown:
            raise BadInput(where, f"'table' has unknown field {sorted(unknown)[0]!r}")
        return cls(bool(data.get("open", False)), bool(data.get("seed_given", False)))
