"""What each part of the ruleset adds to the whole (ruleset.py joins them): its actions with
their checks and effects, what it hides from a side, what it offers a player, what it does
when a phase ends, and its keys of the summary. One part a group of clauses:

- setup.py — the secret record: pool, A-P and A-T fields, visible A-T, terrain (AM-01…AM-07,
  AM-25, AM-26, AM-33, AM-59, AM-60, AM-76, AM-78)
- movement.py — moves hex by hex with exit and entry attacks, vehicles, PRC, Trail Breaks,
  snap shots and concealed units, rout, visible A-T removal (AM-08…AM-18, AM-21…AM-24,
  AM-27, AM-28, AM-32, AM-34, AM-41, AM-42, AM-58, AM-64, AM-66, AM-69, AM-70, AM-72,
  AM-74), using attacks.py; joined from costs.py, los.py, passage.py (leaving and
  entering), reactions.py (standing orders), moving.py (the plan and the move engine's
  answers), extras.py (rout, unload, VCA, visible A-T, a Search's find) and planning.py
  (what the window offers)
- clearance.py — infantry clearance, sappers, FFE and bombs, flail tanks (AM-40, AM-43…AM-49,
  AM-62)
- traps.py — booby traps and the Task Checks that set them off (AM-50…AM-55, AM-61, AM-75)
- daisy.py — Daisy Chains (AM-35…AM-39, AM-65, AM-71)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from mineboard.core.actions import Action
from mineboard.core.dice import Dice
from mineboard.core.events import Event
from mineboard.core.planning import Command, Preview, Selection
from mineboard.rules.asl_minefields.state import AmState


def _nothing(*_args: Any) -> Any:
    return None


def _none_of(*_args: Any) -> list[Any]:
    return []


def _empty(*_args: Any) -> dict[str, Any]:
    return {}


@dataclass(frozen=True)
class Part:
    actions: tuple[type[Action], ...] = ()
    checks: Mapping[type[Action], Callable[[AmState, Any], None]] = field(default_factory=dict)
    effects: Mapping[type[Action], Callable[[AmState, Any, Dice], list[Event]]] = \
        field(default_factory=dict)
    hide: Callable[[AmState, str | None], None] = _nothing
    """Take out of a copy what ``side`` may not know (None: what nobody at the table may)."""
    stand_in: Callable[[Action], Action | None] = _nothing
    """What the other sides replay for one of this part's secret actions (None: nothing)."""
    commands: Callable[[AmState, Selection], list[Command]] = _none_of
    candidates: Callable[[AmState], list[Action]] = _none_of
    """A broad list of this part's actions to try (legal or not) for legal_actions."""
    previews: Mapping[type[Action], Callable[[AmState, Any], Preview | None]] = \
        field(default_factory=dict)
    phase_end: Callable[[AmState, Dice], list[Event]] = _none_of
    """What ending the current phase does (before the next begins)."""
    phase_start: Callable[[AmState], list[Event]] = _none_of
    """What beginning the (new) current phase does."""
    summary: Callable[[AmState], dict[str, Any]] = _empty
    invariants: Callable[[AmState], list[str]] = _none_of
