"""Checks every ruleset makes the same way: is that unit there and ours, would this be legal."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from mineboard.core.actions import Action
from mineboard.core.errors import IllegalAction
from mineboard.core.words import possessive

T = TypeVar("T")
V = TypeVar("V")

TURN = "TURN"
"""The clause of the base game's ordinary turn structure (phases, movement, ownership), which
the mine rules take for granted rather than state."""

Check = Callable[[Any, Action], None]


def owned(item: T | None, ident: str, noun: str, owner: str | None, active: str,
          where: str = "", name: str = "") -> T:
    """``item`` if it exists and belongs to ``active``; else the refusal that says which,
    naming the item by ``name`` where it has one a player reads."""
    if item is None:
        raise IllegalAction(f"there is no {noun} {ident!r}{where}", TURN)
    if owner != active:
        raise IllegalAction(f"{name or ident} belongs to {owner}; it is {possessive(active)} "
                            "turn", TURN)
    return item


def distinct(ids: Iterable[str], what: str, clause: str,
             name: Callable[[str], str] = str) -> None:
    """Refuse an action that names a unit twice in one list: it would roll twice, be sunk
    twice or cross twice. ``what`` names the list's part ("crossing ship"), ``clause`` the
    clause that governs the action, ``name`` says an id as a player reads it. The answer
    rests on the order alone, never on a secret."""
    seen: set[str] = set()
    for ident in ids:
        if ident in seen:
            raise IllegalAction(f"{what} {name(ident)} is listed twice", clause)
        seen.add(ident)


def is_legal(check: Check, view: Any, action: Action) -> bool:
    try:
        check(view, action)
    except IllegalAction:
        return False
    return True


def legal_only(candidates: Callable[[V], Iterable[Action]]
               ) -> Callable[[V, Check], list[Action]]:
    """The legal ones of ``candidates`` (a broad list of actions to try, legal or not), as
    :meth:`~mineboard.core.ruleset.Ruleset.legal_actions` wants them: a planning module
    lists what might be done and leaves the judging to the ruleset's checks."""
    def legal_actions(view: V, check: Check) -> list[Action]:
        return [action for action in candidates(view) if is_legal(check, view, action)]
    return legal_actions
