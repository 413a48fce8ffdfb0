"""The program's opponent for solo play: the other side played by a plain policy each
ruleset states in words (``Ruleset.opponent_policy``), on the same exact odds as the
threat map and the advisor.

It is handed only its side's **view**, so it cannot play on what it may not know, and its
moves are ordinary actions: the window plays them through the session like a click, so they
are logged, saved and undone like a player's. When the ruleset's choice is refused (a view
that knew too little) or there is none, it ends the phase — always legal where nothing is
pending — so a solo game never stalls on it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mineboard.core.actions import Action
from mineboard.core.advice import patient
from mineboard.core.errors import IllegalAction, MineboardError


class Waiting(MineboardError):
    """The program's side must enter a result from outside the rules: the player does."""


TURN_LIMIT = 200
"""Actions the opponent may make before the player is asked to move again: a ruleset whose
policy loops is stopped and said, not left to freeze the window."""


@dataclass(frozen=True, slots=True)
class Choice:
    """What the opponent plays now, and why in a sentence for the log."""

    action: Action
    why: str


def choose(ruleset: Any, view: Any) -> Choice:
    """The opponent's next action on ``view`` (its own side's view, that side to move).

    The ruleset's choice if it is legal on the view; otherwise the end of the phase — but
    never past a result the rules wait for from outside them (core/outside.py): a program
    cannot fight another game's battle, so the player enters it (Waiting says so)."""
    with patient():  # its advice takes the time it needs: the same choice on any machine
        picked: Choice | None = ruleset.opponent_move(view)
    if picked is not None:
        try:
            ruleset.check(view, picked.action)
            return picked
        except IllegalAction as exc:
            why = f"its choice was refused ({exc}); it ends the phase"
    else:
        why = "nothing more to do in this phase"
    awaiting = ruleset.awaiting(view)
    if awaiting is not None:  # no phase ends past it: the player enters the result
        raise Waiting(f"the program waits for {awaiting.waiting_for} (Game ▸ Result from "
                      "outside the rules)")
    return Choice(ruleset.end_phase(view), why)
