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

MAX_SCRIPTED_DICE = 10_000
"""Dice a game may be scripted with (``run --dice``, a demo): more than any demo rolls."""
MAX_DIE_SIDES = 100


@dataclass(frozen=True, slots=True)
class Table:
    open: bool = False
    """All sides agreed: undo past dice and the teacher view are allowed even with secrets
    (a teacher showing the rules, a solo player trying placements)."""
    seed_given: bool = False
    """The seed came from the command line (tests, worked examples): anyone can work out
    the dice, so the save and every report say so."""
    dice_script: tuple[int, ...] | None = None
    """Every die of the game chosen beforehand (a demo board, ``run --dice``): roll *n* is
    the *n*-th value, and a roll past the end is an error — so an empty script is a game
    that may roll no die at all. None: the dice come from the seed. Predictable by design,
    and said so like a given seed."""
    program: str | None = None
    """The side the program plays (a solo game, core/opponent.py), None: people play every
    side. Agreed when the game begins, like the rest of the table."""

    @property
    def predictable(self) -> bool:
        """Anyone can know the dice before they are rolled."""
        return self.seed_given or self.dice_script is not None

    def badge(self, has_secrets: bool) -> str:
        """The words on the toolbar badge and at the head of the log (empty: nothing to say)."""
        parts = []
        if has_secrets:
            parts.append("open table: undo past dice and teacher view allowed" if self.open
                         else "secrets kept: no undo into another side's turn")
        if self.dice_script is not None:
            parts.append("scripted dice: predictable")
        elif self.seed_given:
            parts.append("dice from a given seed: predictable")
        if self.program is not None:
            parts.append(f"solo: the program plays {self.program}")
        return " · ".join(parts)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"open": self.open, "seed_given": self.seed_given}
        # absent when not scripted: older saves' digests stay what they were
        if self.dice_script is not None:
            out["dice_script"] = list(self.dice_script)
        if self.program is not None:  # likewise: absent for people on every side
            out["program"] = self.program
        return out

    @classmethod
    def from_json(cls, data: Any, where: str) -> Table:
        if not isinstance(data, dict) or not all(
                isinstance(data.get(k, False), bool) for k in ("open", "seed_given")):
            raise BadInput(where, "'table' must be an object with true/false 'open' and "
                                  "'seed_given'")
        unknown = set(data) - {"open", "seed_given", "dice_script", "program"}
        if unknown:
            raise BadInput(where, f"'table' has unknown field {sorted(unknown)[0]!r}")
        program = data.get("program")
        if program is not None and (not isinstance(program, str) or not 0 < len(program) <= 40):
            raise BadInput(where, "'table.program' must be the name of the side the program "
                                  "plays")
        return cls(bool(data.get("open", False)), bool(data.get("seed_given", False)),
                   dice_script(data["dice_script"], f"{where}: table.dice_script")
                   if "dice_script" in data else None, program)


def dice_script(values: Any, where: str) -> tuple[int, ...]:
    """A list of die values as a game's script, or one line saying what is wrong with it."""
    if not isinstance(values, list | tuple) or len(values) > MAX_SCRIPTED_DICE:
        raise BadInput(where, f"must be a list of at most {MAX_SCRIPTED_DICE} die values")
    for i, v in enumerate(values):
        if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= MAX_DIE_SIDES:
            raise BadInput(where, f"die {i + 1} ({str(v)[:20]!r}) is not a whole number from "
                                  f"1 to {MAX_DIE_SIDES}")
    return tuple(values)
