"""Ending a phase, the same in every ruleset: what the ending phase settles, the step on in
the order of play (a new turn where the cycle wraps), what the new phase sets up, and the
``PhaseBegan`` event that names it. A ruleset writes only the settling and the setting up.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from mineboard.core.dice import Dice
from mineboard.core.events import Event, PhaseBegan
from mineboard.rules.common.actions import EndPhase
from mineboard.rules.common.turns import Sequenced

S = TypeVar("S", bound=Sequenced)

Settle = Callable[[S, Dice], list[Event]]
"""What the ending phase settles before play moves on (rolls for ships that stayed)."""
Begin = Callable[[S], list[Event]]
"""What the new phase sets up (units ready to move again, ships built)."""


def _nothing(*_args: object) -> list[Event]:
    return []


def phase_ender(settle: Settle[S] = _nothing, begin: Begin[S] = _nothing,
                name_phase: bool = False) -> Callable[[S, EndPhase, Dice], list[Event]]:
    """The effect of ``EndPhase``: ``settle`` the ending phase, step on, ``begin`` the new
    one, and say which it is — with its phase id in the event's data where ``name_phase``
    (a ruleset whose saves and transcripts have always recorded it there keeps it)."""
    def apply_end(state: S, action: EndPhase, dice: Dice) -> list[Event]:
        events = settle(state, dice)
        state.position, new_turn = state.sequence.advance(state.position)
        state.turn += new_turn
        events += begin(state)
        events.append(PhaseBegan(text=f"turn {state.turn}: {state.active} — "
                                 f"{state.phase_label}", turn=state.turn, actor=state.active,
                                 data={"phase": state.phase} if name_phase else {}))
        return events
    return apply_end
