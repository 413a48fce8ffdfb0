"""The owner's choices the rules wait for (AW-04 which excess factors, AW-54 which of two
equally near ports, AW-55 which ships go to the nearer port, AW-56 which front): while one
is pending its side is to move (``AwState.to_move``), the phase may not end, and only the
answering action is legal.

They are kept in the state as ``asked`` (``state.Asked``; the first is asked now), so a
deep copy, undo and the batch judgement carry them like any field. Displacements under way
are kept beside them (``displacing``) until the last of their choices is made.
"""

from __future__ import annotations

import importlib
from typing import Any

from mineboard.core.errors import IllegalAction
from mineboard.core.events import Event
from mineboard.rules.awaw_naval.state import Asked, AwState


def stash(state: AwState, name: str, default: Any) -> Any:
    """A bases field the spine does not declare (displacements under way): in the
    instance's ``__dict__``, which a deep copy carries like a field."""
    return vars(state).setdefault(name, default)


def asked(state: AwState) -> list[Asked]:
    return state.asked


def changed_from(state: AwState) -> dict[str, str]:
    """Ship → the base it left by a base change this movement phase (AW-48)."""
    return state.changed_from


def ask(state: AwState, question: Asked) -> None:
    state.asked.append(question)


def current(state: AwState) -> Asked | None:
    return state.asked[0] if state.asked else None


def answered(state: AwState) -> Asked:
    return state.asked.pop(0)


def refuse_unless_asked(state: AwState, kind: str) -> Asked | None:
    """Refuse any action while a different choice is pending; the pending question when
    ``kind`` answers it."""
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
    return list(hook("uninversion", "begin_if_due")(state))


def hook(module: str, name: str) -> Any:
    """``name`` of employment's sibling ``module`` (interception.py, uninversion.py), looked
    up by name: they import bases (``bases.beaten``, the choices), so bases imports none
    of them."""
    return getattr(importlib.import_module(f"mineboard.rules.awaw_naval.{module}"), name)
