"""The game in the window: a Game, its scenario, its undo stack, its file and its autosave.

Every change goes through :meth:`GameSession.play`, which checks legality first and then
pushes an undo command — so a refused click leaves no trace, and undo acts on the model,
never on scene items.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from mineboard.core.actions import Action
from mineboard.core.errors import IllegalAction
from mineboard.core.game import PUBLIC, TEACHER, Game, Observation
from mineboard.core.history import Record
from mineboard.core.table import Table
from mineboard.persistence.pbem import Seat
from mineboard.persistence.saves import load_save, save_needs, write_save
from mineboard.persistence.scenario import Scenario, load_scenario
from mineboard.persistence.sealing import Seals
from mineboard.resources import resolve_scenario, user_dir


def autosave_path() -> Path:
    return user_dir() / "autosave.json"


def settings_path() -> Path:
    """The player's settings (dice speed …), beside the autosave: tests and portable installs
    that set MINEBOARD_DATA_DIR never touch the real ones."""
    return user_dir() / "settings.ini"


def is_save(path: Path) -> bool:
    return path.is_file() and b'"mineboard_save"' in path.read_bytes()[:4096]


class ActionCommand(QUndoCommand):
    """An action already played; the stack's first redo (on push) only announces it, so a
    refusal is raised before anything reaches the stack."""

    def __init__(self, session: GameSession, record: Record, text: str) -> None:
        super().__init__(text)
        self.session = session
        self.record = record
        self._pushed = False

    def redo(self) -> None:
        if self._pushed:
            self.record = self.session.game.redo()
        self._pushed = True
        self.session.after_change(self.record)

    def undo(self) -> None:
        self.session.game.undo(past_commits=self.session.solo)  # the game has the last word
        self.session.after_change(None)


class GameSession(QObject):
    changed = Signal()
    played = Signal(object)  # the Record just played (not on undo/redo)

    def __init__(self, scenario: Scenario, game: Game[Any], path: Path | None = None,
                 seals: Seals | None = None) -> None:
        super().__init__()
        self.scenario = scenario
        self.game = game
        self.path = path
        self.seals = seals or Seals()
        """The keys of the sides that set a passphrase: saves and autosaves seal with them."""
        self.solo = False
        self.teacher_view = False
        self.seat_override: str | None = None  # the screenshot command draws for one side
        self.undo_stack = QUndoStack(self)
        self.autosave_enabled = True
        self._replaying = False
        self.pbem: Seat | None = None
        """Play by email: this side's seat. The game shown is its world, moves go through
        it, and the turn file is the save."""

    @classmethod
    def at_seat(cls, seat: Seat) -> GameSession:
        """A play-by-email game, as ``seat``'s side sees it."""
        session = cls(seat.last.scenario, seat.world())
        session.pbem = seat
        session.autosave_enabled = False
        return session

    # ---- opening ---------------------------------------------------------------------------
    @classmethod
    def open(cls, name_or_path: str, seed: int | None = None, table: Table = Table(),
             passphrases: Mapping[str, str] | None = None) -> GameSession:
        """A save (opened with ``passphrases`` if sealed), or a new game of a scenario at
        ``table`` whose sides named in ``passphrases`` seal their secrets with them."""
        path = resolve_scenario(name_or_path)
        if is_save(path):
            loaded = load_save(path, passphrases)
            return cls(loaded.scenario, loaded.game, path, loaded.seals)
        scenario = load_scenario(path)
        return cls(scenario, scenario.new_game(seed, table),
                   seals=Seals.from_passphrases(passphrases or {}))

    @staticmethod
    def passphrases_needed(name_or_path: str) -> list[str]:
        """The sides whose passphrases opening this file asks for."""
        path = resolve_scenario(name_or_path)
        return save_needs(path) if is_save(path) else []

    # ---- playing ---------------------------------------------------------------------------
    def play(self, action: Action, text: str = "") -> Record | None:
        """Play for the seat in front of the screen, then put it on the undo stack. Raises
        IllegalAction, changing nothing — not even the stack."""
        if self.pbem is not None:
            return self._play_by_email(action)
        record = self.game.play(action, by=self.seat())
        self.undo_stack.push(ActionCommand(self, record, text or action.kind))
        if record.commits and not self.solo:
            self.undo_stack.clear()  # a roll, a reveal or a hand-over: undo may not cross it
        return record

    def _play_by_email(self, action: Action) -> Record | None:
        assert self.pbem is not None
        entry = self.pbem.play(action)
        self.game = self.pbem.world()
        self.after_change(None if entry.pending else self.game.records[-1])
        return None if entry.pending else self.game.records[-1]

    def undo_by_email(self) -> str:
        """Take back this side's last move of the turn file not yet sent."""
        assert self.pbem is not None
        entry = self.pbem.undo()
        self.game = self.pbem.world()
        self.after_change(None)
        return entry.action.kind if entry.action else "a secret move"

    def allow_undo_past_dice(self, on: bool) -> None:
        """Edit ▸ Allow undo past dice. Raises IllegalAction in a game with secrets whose
        sides did not open the table when it began."""
        if on and not self.game.may_see_everything():
            raise IllegalAction("not in a game with secrets: the sides did not agree to an "
                                "open table when it began", "table")
        if self.solo and not on:  # nothing taken back past a roll from now on
            self.undo_stack.clear()
        self.solo = on

    def show_everything(self, on: bool) -> None:
        """View ▸ Teacher view; refused like :meth:`allow_undo_past_dice`."""
        if on and not self.game.may_see_everything():
            raise IllegalAction("not in a game with secrets: the sides did not agree to an "
                                "open table when it began", "table")
        self.teacher_view = on

    def after_change(self, record: Record | None) -> None:
        if record is not None and not self._replaying:
            self.played.emit(record)
        self.autosave()
        self.changed.emit()

    @property
    def hidden(self) -> bool:
        """Whether the game has secrets, so hot-seat players need a cover between turns."""
        return bool(self.game.observe(PUBLIC).view.has_secrets)

    def seat(self) -> str:
        """Whose eyes the board is drawn for: the side to move when secrets exist."""
        if self.seat_override is not None:
            return self.seat_override
        if self.pbem is not None:
            return self.pbem.me
        if self.teacher_view or not self.hidden:
            return TEACHER
        return str(self.game.observe(PUBLIC).view.to_move)

    def observation(self, seat: str | None = None) -> Observation[Any]:
        """The game as the current seat (or ``seat``) knows it: the window's only way in."""
        return self.game.observe(self.seat() if seat is None else seat)

    def view(self) -> Any:
        return self.observation().view

    def check(self, action: Action) -> None:
        """Would ``action`` be legal, as the current seat can tell? (Raises IllegalAction.)"""
        self.observation().check(action)

    # ---- files -----------------------------------------------------------------------------
    def save(self, path: Path) -> None:
        write_save(path, self.scenario, self.game, self.seals)
        self.path = path
        self.undo_stack.setClean()

    def autosave(self) -> None:
        if self.autosave_enabled:
            write_save(autosave_path(), self.scenario, self.game, self.seals)

    @staticmethod
    def discard_autosave() -> None:
        autosave_path().unlink(missing_ok=True)

    @staticmethod
    def pending_autosave() -> Path | None:
        path = autosave_path()
        return path if path.exists() else None


def scenario_sides(name_or_path: str) -> tuple[tuple[str, ...], bool]:
    """A scenario's sides, and whether its game keeps secrets (so passphrases make sense)."""
    start = load_scenario(resolve_scenario(name_or_path)).new_game(0).state
    return tuple(start.sides), bool(start.has_secrets)
