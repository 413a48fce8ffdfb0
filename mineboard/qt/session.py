"""The game in the window: a Game, its scenario, its undo stack, its file and its autosave.

Every change goes through :meth:`GameSession.play`, which checks legality first and then
pushes an undo command — so a refused click leaves no trace, and undo acts on the model,
never on scene items.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from PySide6.QtCore import QLockFile, QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from mineboard.atomic import temp_files
from mineboard.core.actions import Action
from mineboard.core.errors import BadInput, IllegalAction
from mineboard.core.game import PUBLIC, TEACHER, Game, Observation
from mineboard.core.history import Record
from mineboard.core.opponent import choose
from mineboard.core.table import Table
from mineboard.core.words import possessive
from mineboard.persistence.documents import read_document
from mineboard.persistence.pbem import Seat
from mineboard.persistence.saves import loaded_from, save_needs, write_save
from mineboard.persistence.scenario import Scenario, load_scenario, scenario_from_data
from mineboard.persistence.sealing import Seals, sealed_sides
from mineboard.resources import resolve_scenario, user_dir

AUTOSAVE = "autosave.json"
STALE_TEMP_SECONDS = 60.0
"""Longer than any write of a save takes: a temp file this old is nobody's work in progress."""

_claims: dict[Path, QLockFile | None] = {}
"""By data folder (tests switch folders): the lock by which this process owns the folder's
autosave, or None when another running mineboard owned it when this one claimed it."""


def autosave_path() -> Path:
    """Where this process autosaves: the data folder's autosave, unless another running
    mineboard owned it when this one started — then a file of this process's own, which no
    start offers back (the window names it: it opens like any save)."""
    folder = user_dir()
    if folder in _claims and _claims[folder] is None:
        return folder / f"autosave-{os.getpid()}.json"
    return folder / AUTOSAVE


def last_session_path() -> Path:
    """Where an autosave the player did not restore is kept: out of the next autosave's way,
    since it may be the only copy of a game."""
    return user_dir() / "last-session.json"


def _lock(folder: Path) -> QLockFile | None:
    """The autosave lock of ``folder`` for this process, or None while another running
    mineboard holds it.

    Qt judges a lock by the pid, program name and boot it records, so a lock file left empty
    or a crashed owner's pid now used by another Python program would keep the folder locked
    for ever. The owner's open lock file is the sure test (flock on Unix, an open handle on
    Windows): Qt can remove the file only once its owner is gone. A folder where no lock can
    be made (read-only) gives an unheld one: there is no autosave to keep anyone out of."""
    with contextlib.suppress(OSError):
        folder.mkdir(parents=True, exist_ok=True)
    lock = QLockFile(str(folder / "autosave.lock"))
    lock.setStaleLockTime(0)  # held for the whole session: never stale merely by age
    if lock.tryLock(0) or lock.error() != QLockFile.LockError.LockFailedError:
        return lock
    return lock if lock.removeStaleLockFile() and lock.tryLock(0) else None


def _remove_stale_temps(folder: Path) -> None:
    """A kill between writing and renaming leaves a whole game in a temp file. The lock's
    holder alone writes the shared autosave, so its temp files are stale; another running
    instance may be writing its own autosave or a last session's save right now, so theirs
    go only once older than any write takes."""
    now = time.time()
    for name, age in ((AUTOSAVE, 0.0), ("autosave-*.json", STALE_TEMP_SECONDS),
                      (last_session_path().name, STALE_TEMP_SECONDS)):
        for tmp in temp_files(folder, name):
            with contextlib.suppress(OSError):
                if now - tmp.stat().st_mtime >= age:
                    tmp.unlink()


def settings_path() -> Path:
    """The player's settings (dice speed …), beside the autosave: tests and portable installs
    that set MINEBOARD_DATA_DIR never touch the real ones."""
    return user_dir() / "settings.ini"


class ActionCommand(QUndoCommand):
    """An action already played; the stack's first redo (on push) only announces it, so a
    refusal is raised before anything reaches the stack."""

    def __init__(self, session: GameSession, record: Record, text: str,
                 loaded: bool = False) -> None:
        super().__init__(text)
        self.session = session
        self.record = record
        self._pushed = False
        self._loaded = loaded
        """Played before the game was saved: the push announces nothing, it only lets the
        action be taken back as it could have been before the save."""

    def redo(self) -> None:
        if self._pushed:
            self.record = self.session.game.redo()  # the recorded rolls, not fresh ones
        self._pushed = True
        if not self._loaded:
            self.session.after_change(self.record)
        self._loaded = False

    def undo(self) -> None:
        # the game has the last word
        self.session.game.undo(past_commits=self.session.undo_past_dice)
        self.session.after_change(None)


class GameSession(QObject):
    changed = Signal()
    played = Signal(object)  # the Record just played (not on undo/redo)
    autosave_note = Signal(str)
    """What the player should know about the autosave, each time it changes: why it failed
    (told once, not again until it has worked), where it goes when not to the usual file,
    or "" for nothing."""

    def __init__(self, scenario: Scenario, game: Game[Any], path: Path | None = None,
                 seals: Seals | None = None) -> None:
        super().__init__()
        self.scenario = scenario
        self.game = game
        self.path = path
        self.seals = seals or Seals()
        """The keys of the sides that set a passphrase: saves and autosaves seal with them."""
        self.undo_past_dice = False
        self.teacher_view = False
        self.seat_override: str | None = None  # the screenshot command draws for one side
        self.undo_stack = QUndoStack(self)
        self._stack_records()
        self.autosave_enabled = True
        self._autosaved = False  # whether the autosave file holds this session's game
        self._note: str | None = None
        self._replaying = False
        self.pbem: Seat | None = None
        """Play by email: this side's seat. The game shown is its world, moves go through
        it, and the turn file is the save."""

    def _stack_records(self) -> None:
        """A game opened from a save undoes as it did before it was saved: its actions since
        the last roll, reveal or hand-over go on the undo stack (the game has the last word
        on each, as for any other)."""
        records = self.game.records
        start = max((i + 1 for i, r in enumerate(records) if r.commits), default=0)
        for record in records[start:]:
            text = record.action.kind.replace("_", " ").capitalize()
            self.undo_stack.push(ActionCommand(self, record, text, loaded=True))
        self.undo_stack.setClean()

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
        doc = read_document(resolve_scenario(name_or_path), "scenario", "save")
        if doc.kind == "save":
            loaded = loaded_from(doc, passphrases)
            return cls(loaded.scenario, loaded.game, doc.path, loaded.seals)
        scenario = scenario_from_data(doc.data, doc.where, doc.folder)
        return cls(scenario, scenario.new_game(seed, table),
                   seals=Seals.from_passphrases(passphrases or {}))

    @classmethod
    def restore(cls, path: Path, passphrases: Mapping[str, str] | None = None) -> GameSession:
        """The game in an autosave or the last session. That file may be its only copy and
        is replaced by the next game to leave a window: the game counts as not saved, and
        Save asks where to write it."""
        session = cls.open(str(path), passphrases=passphrases)
        session.path = None
        session.undo_stack.resetClean()
        session._autosaved = path == autosave_path()
        return session

    @staticmethod
    def passphrases_needed(name_or_path: str) -> list[str]:
        """The sides opening this file asks for a passphrase (see ``save_needs``)."""
        return save_needs(read_document(resolve_scenario(name_or_path), "scenario", "save"))

    @staticmethod
    def sealed_by(name_or_path: str) -> list[str]:
        """The sides whose seals this file holds (the others are asked whether they set
        one)."""
        return sealed_sides(read_document(resolve_scenario(name_or_path), "scenario",
                                          "save").data)

    # ---- playing ---------------------------------------------------------------------------
    def play(self, action: Action, text: str = "") -> Record | None:
        """Play for the seat in front of the screen, then put it on the undo stack. Raises
        IllegalAction, changing nothing — not even the stack."""
        if self.pbem is not None:
            return self._play_by_email(action)
        record = self.game.play(action, by=self.seat())
        self.undo_stack.push(ActionCommand(self, record,
                                           text or action.kind.replace("_", " ").capitalize()))
        if record.commits and not self.undo_past_dice:
            self._forget_undo()  # a roll, a reveal or a hand-over: undo may not cross it
        return record

    @property
    def program(self) -> str | None:
        """The side the program plays in a solo game (core/opponent.py), else None."""
        return self.game.table.program if self.pbem is None else None

    def program_to_move(self) -> bool:
        """Whether the program's side is to move now (and the rules wait on nobody else)."""
        public = self.game.observe(PUBLIC).view
        if self.program is None or self.game.ruleset.over(public):
            return False
        return bool(public.to_move == self.program)

    def play_program(self) -> Record:
        """One move of the program's side, chosen on its own view alone and played like a
        click: on the undo stack and in the log, its reason as the stack's words."""
        program = self.program
        assert program is not None
        choice = choose(self.game.ruleset, self.game.observe(program).view)
        record = self.game.play(choice.action, by=program)
        # its reason may name what only its side may know (where it laid): the player reads
        # the words of a secret move as play by email shows one
        why = "a secret move" if record.secret_to == program else choice.why
        self.undo_stack.push(ActionCommand(self, record, f"Program: {why}"))
        if record.commits and not self.undo_past_dice:
            self._forget_undo()
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
        return entry.action.kind.replace("_", " ") if entry.action else "a secret move"

    def allow_undo_past_dice(self, on: bool) -> None:
        """Edit ▸ Allow undo past dice. Raises IllegalAction in a game with secrets whose
        sides did not open the table when it began."""
        if on and not self.game.may_see_everything():
            raise IllegalAction(CLOSED_TABLE, "table")
        if self.undo_past_dice and not on:  # nothing taken back past a roll from now on
            self._forget_undo()
        self.undo_past_dice = on

    def _forget_undo(self) -> None:
        """Empty the undo stack, leaving whether the game differs from its file as it was:
        QUndoStack.clear() alone would call a game with a roll not saved a saved one."""
        saved = self.undo_stack.isClean()
        self.undo_stack.clear()
        if not saved:
            self.undo_stack.resetClean()

    def show_everything(self, on: bool) -> None:
        """View ▸ Teacher view; refused like :meth:`allow_undo_past_dice`."""
        if on and not self.game.may_see_everything():
            raise IllegalAction(CLOSED_TABLE, "table")
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
        if self.program is not None:  # solo: the player's side, whoever is to move
            return str(next(s for s in self.game.observe(PUBLIC).view.sides
                            if s != self.program))
        return str(self.game.observe(PUBLIC).view.to_move)

    def observation(self, seat: str | None = None) -> Observation[Any]:
        """The game as the current seat (or ``seat``) knows it: the window's only way in."""
        return self.game.observe(self.seat() if seat is None else seat)

    def view(self) -> Any:
        return self.observation().view

    def seal_note(self) -> str:
        """Who seals the saved files of a game with secrets, in words for the badge: a side
        whose seal another stripped from a file reads it there."""
        if not self.game.has_secrets or self.pbem is not None:
            return ""
        sides = tuple(self.game.observe(PUBLIC).view.sides)
        sealed = [s for s in sides if self.seals.covers(s)]
        if len(sealed) == len(sides):
            return "saves sealed by every side"
        if not sealed:
            return "no passphrases: a saved file shows every secret"
        open_ = [s for s in sides if s not in sealed]
        return (f"saves sealed by {' and '.join(sealed)} only: "
                f"{possessive(' and '.join(open_))} secrets lie open in them")

    def briefing(self, seat: str | None = None) -> dict[str, str]:
        """The scenario's words the current seat (or ``seat``) alone may read, by side."""
        return self.scenario.briefing_for(self.seat() if seat is None else seat)

    def check(self, action: Action) -> None:
        """Would ``action`` be legal, as the current seat can tell? (Raises IllegalAction.)"""
        self.observation().check(action)

    # ---- files -----------------------------------------------------------------------------
    def save(self, path: Path) -> None:
        write_save(path, self.scenario, self.game, self.seals)
        self.path = path
        self.undo_stack.setClean()

    def autosave(self) -> None:
        """Autosave after each change. A full disk or a read-only folder must not undo, hide
        or repeat the action just played: the failure is only told to the player."""
        if not self.autosave_enabled:
            return
        path = autosave_path()
        try:
            write_save(path, self.scenario, self.game, self.seals)
        except BadInput as exc:
            self._tell(f"Not autosaved: {exc} — File ▸ Save As keeps the game.")
            return
        except ValueError as exc:  # a value no file can hold: a defect, but play goes on
            self._tell(f"Not autosaved: {path}: {type(exc).__name__} — please report it.")
            return
        self._autosaved = True
        self._tell("" if path.name == AUTOSAVE else
                   f"Another mineboard is running: this one autosaves to {path}.")

    def _tell(self, note: str) -> None:
        if note != self._note:
            self._note = note
            self.autosave_note.emit(note)

    @property
    def modified(self) -> bool:
        """Whether moves would be lost if the game left the window now: moves since it was
        saved, or by email, moves not yet sent."""
        if self.pbem is not None:
            return not self.pbem.sent and \
                self.pbem.entries != list(self.pbem.last.ledger.entries)
        return not self.undo_stack.isClean()

    def retire(self) -> None:
        """The game leaves the window (closed, or another opened in its place), so a start
        offers nothing to restore: its autosave — written by it, or the one it was restored
        from — is kept as the last session until another game leaves. A game saved since its
        last move is in its own file: its autosave goes, and the last session kept before it
        stays."""
        if self.autosave_enabled and self._autosaved:
            if self.modified:
                self.keep_as_last_session(autosave_path())
            else:
                autosave_path().unlink(missing_ok=True)
        self._autosaved = False
        self.autosave_enabled = False

    @staticmethod
    def claim_autosave() -> Path | None:
        """Make this process the one that autosaves to the data folder's autosave, and return
        the autosave a mineboard that is no longer running left there, if any.

        A lock file beside it names the owner. While another mineboard runs, its live game
        is not offered here, and this process autosaves to a file of its own (see
        :func:`autosave_path`); a lock whose owner is gone is taken over. With the lock
        held, temp files that killed writes left behind are removed."""
        folder = user_dir()
        if folder in _claims:
            return None  # claimed already: the autosave there is this process's own
        lock = _claims[folder] = _lock(folder)
        if lock is None:
            return None
        _remove_stale_temps(folder)
        path = folder / AUTOSAVE
        return path if path.exists() else None

    @staticmethod
    def release_autosave() -> None:
        """At exit, before the interpreter's teardown (whose order is not ours) would."""
        lock = _claims.pop(user_dir(), None)
        if lock is not None:
            lock.unlock()

    @staticmethod
    def pending_autosave() -> Path | None:
        """The autosave a start would offer now: one left by a mineboard no longer running.
        None once this process has claimed the autosave, or while another running one has."""
        folder = user_dir()
        path = folder / AUTOSAVE
        if folder in _claims or not path.exists():
            return None
        probe = _lock(folder)
        if probe is None:
            return None
        probe.unlock()
        return path

    @staticmethod
    def keep_as_last_session(path: Path) -> None:
        """An autosave not restored is still a game, maybe the only copy of it: moved out of
        the next autosave's way, in place of the one kept before."""
        with contextlib.suppress(OSError):
            os.replace(path, last_session_path())


CLOSED_TABLE = ("this game keeps secrets and its sides did not open the table when it began "
                "(File ▸ New game ▸ Open table)")
"""Why undo past dice and the teacher view are off: each would show one side the other's
secrets."""


def scenario_sides(name_or_path: str) -> tuple[tuple[str, ...], bool]:
    """A scenario's sides, and whether its game keeps secrets (so passphrases make sense)."""
    return sides_of(load_scenario(resolve_scenario(name_or_path)))


def sides_of(scenario: Scenario) -> tuple[tuple[str, ...], bool]:
    """:func:`scenario_sides` of a scenario already read."""
    start = scenario.new_game(0).state
    return tuple(start.sides), bool(start.has_secrets)
