"""A game in play: the state, every action taken with its recorded rolls, undo and redo.

Undo is by snapshot (python-chess keeps a stack of board states the same way): states are
small, and a snapshot cannot drift from the truth the way an inverse operation can. A
record whose action rolled dice or revealed a hidden thing is a *commit point*; undoing
across one is allowed only when the caller says so (solo and teaching games).
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from mineboard.core.actions import Action
from mineboard.core.dice import Roll, ScriptedDice, SeededDice
from mineboard.core.errors import IllegalAction, MineboardError
from mineboard.core.events import Event
from mineboard.core.ruleset import Ruleset

S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class Record:
    action: Action
    rolls: tuple[Roll, ...]
    events: tuple[Event, ...]

    @property
    def commits(self) -> bool:
        """Whether undoing this would let a player see chance or secrets and take them back."""
        return bool(self.rolls) or any(e.reveals for e in self.events)


class ReplayError(MineboardError):
    """A recorded action list does not replay (an action is illegal or rolls disagree)."""


class Game(Generic[S]):
    def __init__(self, ruleset: Ruleset[S], initial: S, seed: int) -> None:
        self.ruleset = ruleset
        self.seed = seed
        self._states: list[S] = [initial]
        self.records: list[Record] = []
        self._redo: list[Record] = []

    @property
    def state(self) -> S:
        return self._states[-1]

    @property
    def initial(self) -> S:
        return self._states[0]

    @property
    def previous(self) -> S:
        """The state before the last action (the initial state if none was played)."""
        return self._states[-2] if len(self._states) > 1 else self._states[0]

    @property
    def roll_count(self) -> int:
        return sum(len(r.rolls) for r in self.records)

    def check(self, action: Action) -> None:
        self.ruleset.check(self.state, action)

    def play(self, action: Action, recorded: Sequence[Roll] | None = None) -> Record:
        """Check and apply ``action``. Illegal actions raise and change nothing.

        With ``recorded`` the dice replay those rolls instead of drawing from the seed.
        """
        self.ruleset.check(self.state, action)
        new = copy.deepcopy(self.state)
        dice: SeededDice | ScriptedDice
        if recorded is None:
            dice = SeededDice(self.seed, self.roll_count)
        else:
            dice = ScriptedDice(r.value for r in recorded)
        events = self.ruleset.apply(new, action, dice)
        if isinstance(dice, ScriptedDice) and dice.unused:
            raise ReplayError(f"{dice.unused} recorded roll(s) left over")
        record = Record(action, tuple(dice.rolls), tuple(events))
        self._states.append(new)
        self.records.append(record)
        self._redo.clear()
        return record

    def can_undo(self, past_commits: bool = False) -> bool:
        if not self.records:
            return False
        return past_commits or not self.records[-1].commits

    def undo(self, past_commits: bool = False) -> Record:
        if not self.records:
            raise IllegalAction("nothing to undo", "undo")
        if not self.can_undo(past_commits):
            raise IllegalAction("dice were rolled or a secret revealed; this cannot be undone "
                                "in a two-player game", "undo")
        self._states.pop()
        record = self.records.pop()
        self._redo.append(record)
        return record

    def can_redo(self) -> bool:
        return bool(self._redo)

    def redo(self) -> Record:
        if not self._redo:
            raise IllegalAction("nothing to redo", "redo")
        record = self._redo.pop()
        redo_rest = self._redo
        # The roll index is rewound by undo, so the seeded dice give the same values again.
        replayed = self.play(record.action)
        self._redo = redo_rest
        return replayed

    def events(self, side: str | None = None) -> list[Event]:
        """Every event so far that a viewer on ``side`` may see, oldest first."""
        return [e for r in self.records for e in r.events if e.visible_to(side)]

    def view(self, side: str | None) -> S:
        return self.ruleset.view(self.state, side)

    @classmethod
    def replay(cls, ruleset: Ruleset[S], initial: S, seed: int,
               steps: Iterable[tuple[Action, Sequence[Roll] | None]]) -> Game[S]:
        """Rebuild a game from its actions; stops with a one-line error at the first bad one."""
        game = cls(ruleset, initial, seed)
        for index, (action, rolls) in enumerate(steps):
            try:
                game.play(action, rolls)
            except IllegalAction as exc:
                raise ReplayError(f"action {index} ({action.kind}) is illegal: {exc}") from None
            except MineboardError as exc:
                raise ReplayError(f"action {index} ({action.kind}): {exc}") from None
        return game


def summary_with_events(game: Game[Any], side: str | None = None) -> dict[str, Any]:
    return {
        "ruleset": game.ruleset.id,
        "seed": game.seed,
        "state": game.ruleset.summary(game.view(side)),
        "events": [e.to_json() for e in game.events(side)],
    }
