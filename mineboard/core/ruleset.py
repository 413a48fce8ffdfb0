"""The one interface every rule system implements, and the registry that finds them by id.

A ruleset is stateless: it reads and changes a state object it is handed. ``check`` says
whether an action is legal without touching anything — and must answer the same on a side's
view as on the truth, since players are checked on what they know; ``apply`` changes the
state in place, rolling only through the dice it is given, and returns the events. ``view``
is boardgame.io's ``playerView``: the state as one side (or nobody) may see it.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Generic, TypeVar

from mineboard.core.actions import Action, ActionCodec
from mineboard.core.dice import Dice
from mineboard.core.errors import BadInput, IllegalAction
from mineboard.core.events import Event
from mineboard.core.game import GameState

S = TypeVar("S", bound=GameState)


class Ruleset(ABC, Generic[S]):
    id: ClassVar[str]
    title: ClassVar[str]
    clause_prefix: ClassVar[str]
    codec: ClassVar[ActionCodec]

    @abstractmethod
    def new_state(self, scenario: Mapping[str, Any], board: Any, where: str) -> S:
        """The starting state of a scenario (already parsed JSON) on a loaded map."""

    @abstractmethod
    def check(self, state: S, action: Action) -> None:
        """Raise :class:`~mineboard.core.errors.IllegalAction` if ``action`` is not legal."""

    @abstractmethod
    def apply(self, state: S, action: Action, dice: Dice) -> list[Event]:
        """Carry out a legal action on ``state`` in place; return what happened."""

    @abstractmethod
    def view(self, state: S, side: str | None) -> S:
        """``state`` as ``side`` may see it; None: as nobody may (public knowledge only).

        A game without secrets may return ``state`` itself.
        """

    @abstractmethod
    def end_phase(self, state: S) -> Action:
        """The action that ends the current phase, segment or impulse."""

    @abstractmethod
    def summary(self, state: S) -> dict[str, Any]:
        """The state as plain JSON, for ``mineboard run`` and for tests."""


class TableRuleset(Ruleset[S]):
    """A ruleset whose legality checks and effects are tables keyed by action class."""

    checks: ClassVar[Mapping[type[Action], Callable[[Any, Any], None]]]
    effects: ClassVar[Mapping[type[Action], Callable[[Any, Any, Dice], list[Event]]]]

    def check(self, state: S, action: Action) -> None:
        check = self.checks.get(type(action))
        if check is None:
            raise IllegalAction(f"{action.kind!r} is not a {self.id} action", "TURN")
        check(state, action)

    def apply(self, state: S, action: Action, dice: Dice) -> list[Event]:
        return self.effects[type(action)](state, action, dice)


_REGISTRY: dict[str, Ruleset[Any]] = {}


def register(ruleset: Ruleset[Any]) -> Ruleset[Any]:
    if ruleset.id in _REGISTRY:
        raise ValueError(f"ruleset {ruleset.id!r} registered twice")
    _REGISTRY[ruleset.id] = ruleset
    return ruleset


def registered() -> dict[str, Ruleset[Any]]:
    return dict(_REGISTRY)


def get_ruleset(ruleset_id: str, where: str = "ruleset") -> Ruleset[Any]:
    try:
        return _REGISTRY[ruleset_id]
    except KeyError:
        known = ", ".join(sorted(_REGISTRY)) or "none"
        raise BadInput(where, f"unknown ruleset {ruleset_id!r} (known: {known})") from None
