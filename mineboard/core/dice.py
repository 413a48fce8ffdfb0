"""The only source of randomness: seeded, counted and recorded dice.

Roll number *n* of a game with seed *s* is drawn from ``random.Random("mineboard:s:n")``:
seeding with a string and calling ``random()`` are the parts of the standard library whose
results are promised across Python versions, so the same seed gives the same rolls anywhere.
Because a roll depends only on its index, undo (which rewinds the index) followed by redo
rolls the same values again — undo can never be used to re-roll. A new game's seed is
:func:`fresh_seed`: 128 random bits, so the dice are a function of a secret no player holds.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

from mineboard.core.errors import MineboardError


@dataclass(frozen=True, slots=True)
class Roll:
    """One die as rolled: what it was for and which clause asked for it."""

    sides: int
    value: int
    clause: str
    purpose: str

    def to_json(self) -> dict[str, object]:
        return {"sides": self.sides, "value": self.value, "clause": self.clause,
                "purpose": self.purpose}


class Dice(Protocol):
    """What a ruleset rolls with. Implementations record every roll in ``rolls``."""

    rolls: list[Roll]

    def roll(self, clause: str, purpose: str, sides: int = 6) -> int: ...


SEED_BITS = 128


def fresh_seed() -> int:
    """A seed nobody can guess, so nobody can work out the dice to come (``secrets``)."""
    return secrets.randbits(SEED_BITS)


def seeded_value(seed: int, index: int, sides: int) -> int:
    """The value of roll number ``index`` in a game seeded with ``seed``."""
    r = random.Random(f"mineboard:{seed}:{index}").random()
    return 1 + int(r * sides)


class SeededDice:
    """Dice drawn from the game's seed, starting at roll number ``start``."""

    def __init__(self, seed: int, start: int = 0) -> None:
        self.seed = seed
        self.index = start
        self.rolls: list[Roll] = []

    def roll(self, clause: str, purpose: str, sides: int = 6) -> int:
        value = seeded_value(self.seed, self.index, sides)
        self.index += 1
        self.rolls.append(Roll(sides, value, clause, purpose))
        return value


class DiceExhausted(MineboardError):
    """A scripted or recorded list of rolls ran out before the rules stopped rolling."""


class ScriptedDice:
    """Dice that return chosen values: for tests, and for replaying recorded rolls."""

    def __init__(self, values: Iterable[int]) -> None:
        self._values = list(values)
        self._next = 0
        self.rolls: list[Roll] = []

    def roll(self, clause: str, purpose: str, sides: int = 6) -> int:
        if self._next >= len(self._values):
            raise DiceExhausted(f"no scripted roll left for {clause} ({purpose})")
        value = self._values[self._next]
        if not 1 <= value <= sides:
            raise DiceExhausted(f"scripted roll {value} is not a d{sides} value ({clause})")
        self._next += 1
        self.rolls.append(Roll(sides, value, clause, purpose))
        return value

    @property
    def unused(self) -> int:
        return len(self._values) - self._next


class ScriptedRolls:
    """The dice a player chose beforehand (``run --dice``, a demo's ``dice``): roll number
    *n* of the game is ``values[n]``, so undo and redo roll the same values again, exactly
    as with a seed. Running out is an error naming the roll, never a quiet random die."""

    def __init__(self, values: Sequence[int], start: int = 0) -> None:
        self.values = values
        self.index = start
        self.rolls: list[Roll] = []

    def roll(self, clause: str, purpose: str, sides: int = 6) -> int:
        number = self.index + 1
        if self.index >= len(self.values):
            raise DiceExhausted(f"roll {number} of the game ({clause}: {purpose}) has no die: "
                                f"only {len(self.values)} were scripted")
        value = self.values[self.index]
        if not 1 <= value <= sides:
            raise DiceExhausted(f"scripted roll {number} is {value}, but {clause} ({purpose}) "
                                f"rolls a d{sides}")
        self.index += 1
        self.rolls.append(Roll(sides, value, clause, purpose))
        return value
