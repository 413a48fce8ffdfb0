"""The owner's choices the rules wait for (AW-04 which excess factors, AW-54 which of two
equally near ports, AW-55 which ships go to the nearer port, AW-56 which front): while one
is pending, its side is to move and only the answering action is legal.

Kept in the state as ``asked`` (a list; the first is asked now). Until ``AwState`` has that
field (requested of state.py's owner) it lives in the instance's ``__dict__``, which a
deep copy carries like any field, so undo and the batch judgement see it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from mineboard.core.errors import IllegalAction
from mineboard.core.events import Event
from mineboard.rules.awaw_naval.state import AwState


@dataclass(slots=True)
class Asked:
    """One side must answer with an action of kind ``kind`` before play goes on."""

    side: str
    kind: str
    clause: str
    about: str
    """What is asked, as the side reads it: "which excess factors at Orme to eliminate"."""
    data: dict[str, Any] = field(default_factory=dict)


def _stash(state: AwState, name: str, default: Any) -> Any:
    """A field of the state the spine does not declare yet (see the module's docstring)."""
    if hasattr(state, name) and name not in vars(state):
        return getattr(state, name)  # the real field, once state.py has it
    return vars(state).setdefault(name, default)


def asked(state: AwState) -> list[Asked]:
    out: list[Asked] = _stash(state, "asked", [])
    return out


def changed_from(state: AwState) -> dict[str, str]:
    """Ship → the base it left by a base change this movement phase (AW-48)."""
    out: dict[str, str] = _stash(state, "changed_from", {})
    return out


def ask(state: AwState, question: Asked) -> None:
    asked(state).append(question)


def current(state: AwState) -> Asked | None:
    pending = asked(state)
    return pending[0] if pending else None


def answered(state: AwState) -> Asked:
    return asked(state).pop(0)


def side_to_move(state: AwState) -> str:
    """Who is to move: the side asked, else whoever the state says."""
    question = current(state)
    if question is not None and state.awaiting is None:
        return question.side
    return state.to_move


def refuse_unless_asked(state: AwState, kind: str) -> Asked | None:
    """Refuse any action while a different choice is pending, and an answer nobody asked
    for; the pending question when ``kind`` answers it."""
    question = current(state)
    if question is None:
        return None
    if question.kind != kind:
        raise IllegalAction(f"the game waits for {question.side} to choose "
                            f"{question.about}", question.clause)
    return question


def refuse_answer_not_asked(state: AwState, kind: str, clause: str) -> Asked:
    question = refuse_unless_asked(state, kind)
    if question is None:
        raise IllegalAction(f"nobody is asked to {kind.replace('_', ' ')} now", clause)
    return question


def settled(state: AwState) -> list[Event]:
    """Once the last pending choice is answered, what waited for it goes on: the
    uninversion at the end of the player turn (employment's, AW-249) comes after the
    elimination of excess ships at the end of redeployment (AW-04)."""
    if current(state) is not None:
        return []
    from mineboard.rules.awaw_naval import uninversion  # employment's; it imports bases

    begin = getattr(uninversion, "begin_if_due", None)
    return list(begin(state)) if begin is not None else []
