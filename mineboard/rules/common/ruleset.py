"""The wiring every ruleset shares, so its ``ruleset.py`` names its parts and writes no
delegation: what a player is offered comes from a :class:`Planner` of the ruleset's planning
functions, the ending of a phase is :class:`~mineboard.rules.common.actions.EndPhase`, and a
side's view is a copy of the truth with the secrets taken out by :meth:`PlannedRuleset.hide`.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from mineboard.core.actions import Action
from mineboard.core.game import GameState
from mineboard.core.places import PlaceRef
from mineboard.core.planning import Choice, Command, Preview, Selection
from mineboard.core.ruleset import TableRuleset
from mineboard.maps.model import BoardMap
from mineboard.rules.common.actions import EndPhase
from mineboard.rules.common.checks import Check


class OnBoard(GameState, Protocol):
    """A state on a loaded map: the planner names places by id, the window by reference."""

    @property
    def board(self) -> BoardMap: ...


S = TypeVar("S", bound=OnBoard)


def _nothing(*_args: Any) -> Any:
    return None


def _none_of(*_args: Any) -> list[Any]:
    return []


def _no_targets(*_args: Any) -> Mapping[str, Action]:
    return {}


@dataclass(frozen=True)
class Planner(Generic[S]):
    """A ruleset's planning functions, each answered from a view; what a ruleset does not
    offer (no options, no glowing places) it leaves out. Places are named by id here and
    turned into :class:`~mineboard.core.places.PlaceRef` on the way to the window."""

    legal_actions: Callable[[S, Check], list[Action]]
    """A broad sample of legal actions (see :func:`~mineboard.rules.common.checks.legal_only`)."""
    units_at: Callable[[S, str], list[str]] = _none_of
    intent: Callable[[S, Selection, str, str], Action | None] = _nothing
    """What choosing the place of that kind and id with the selection means."""
    targets: Callable[[S, Selection, Check], Mapping[str, Action]] = _no_targets
    """Place or way id → the legal action a click there would be."""
    choices: Callable[[S, Selection], list[Choice]] = _none_of
    commands: Callable[[S, Selection], list[Command]] = _none_of
    previews: Mapping[type[Action], Callable[[S, Any], Preview | None]] = \
        field(default_factory=dict)
    """Action class → the odds panel of a planned action of that class."""
    invariants: Callable[[S], list[str]] = _none_of


class PlannedRuleset(TableRuleset[S]):
    """A table ruleset whose player services come from its :class:`Planner`, whose
    phases end with the common ``EndPhase``, and whose views hide secrets by :meth:`hide`.

    A side's view is a deep copy of the truth with what it may not see taken out; a game
    without secrets (``has_secrets`` false) is its own view, as there is nothing to take
    out."""

    planner: ClassVar[Planner[Any]]

    def view(self, state: S, side: str | None) -> S:
        if not state.has_secrets:
            return state
        seen = copy.deepcopy(state)
        self.hide(seen, side)
        return seen

    def hide(self, seen: S, side: str | None) -> None:
        """Take out of ``seen`` (a copy) what ``side`` may not know; None: what nobody at
        the table may (the hot-seat cover)."""
        raise NotImplementedError(f"{self.id} has secrets but hides none")

    def end_phase(self, state: S) -> Action:
        return EndPhase()

    def units_at(self, view: S, place: str) -> list[str]:
        return self.planner.units_at(view, place)

    def intent(self, view: S, selection: Selection, at: PlaceRef) -> Action | None:
        return self.planner.intent(view, selection, at.kind, at.id)

    def targets(self, view: S, selection: Selection) -> dict[PlaceRef, Action]:
        found = self.planner.targets(view, selection, self.check)
        return {view.board.ref(ident): action for ident, action in found.items()}

    def choices(self, view: S, selection: Selection) -> list[Choice]:
        return self.planner.choices(view, selection)

    def commands(self, view: S, selection: Selection) -> list[Command]:
        return self.planner.commands(view, selection)

    def preview(self, view: S, action: Action) -> Preview | None:
        preview = self.planner.previews.get(type(action))
        return None if preview is None else preview(view, action)

    def legal_actions(self, view: S) -> list[Action]:
        return self.planner.legal_actions(view, self.check)

    def invariants(self, state: S) -> list[str]:
        return self.planner.invariants(state)
