"""Errors a user may see. Each carries one line of text that names what and where."""

from __future__ import annotations

_CONTROL = {code: repr(chr(code))[1:-1] for code in range(32)}


def one_line(text: str) -> str:
    """``text`` with its control characters written as escapes: a name taken from a hostile
    file (a ship called "a\\nb") must not break the one line a message is."""
    return text.translate(_CONTROL)


class MineboardError(Exception):
    """Base of every error the program reports as one line instead of a traceback."""


class BadInput(MineboardError):
    """A file, table or argument that cannot be used. The message names where."""

    def __init__(self, where: str, what: str) -> None:
        where, what = one_line(where), one_line(what)
        super().__init__(f"{where}: {what}")
        self.where = where
        self.what = what


class IllegalAction(MineboardError):
    """An action the rules forbid. Carries the clause id so the player can look it up."""

    def __init__(self, reason: str, clause: str) -> None:
        reason = one_line(reason)
        super().__init__(f"{clause}: {reason}")
        self.reason = reason
        self.clause = clause
