"""Errors a user may see. Each carries one line of text that names what and where."""

from __future__ import annotations


class MineboardError(Exception):
    """Base of every error the program reports as one line instead of a traceback."""


class BadInput(MineboardError):
    """A file, table or argument that cannot be used. The message names where."""

    def __init__(self, where: str, what: str) -> None:
        super().__init__(f"{where}: {what}")
        self.where = where
        self.what = what


class IllegalAction(MineboardError):
    """An action the rules forbid. Carries the clause id so the player can look it up."""

    def __init__(self, reason: str, clause: str) -> None:
        super().__init__(f"{clause}: {reason}")
        self.reason = reason
        self.clause = clause
