"""The main window's games in and out: new, open, the last session, save, quit — each
first seeing to the moves of the game shown that are not saved."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QFileDialog, QMainWindow, QMessageBox

from mineboard.core.errors import MineboardError
from mineboard.core.table import Table
from mineboard.qt.dialogs import ask_passphrases, ask_unsaved, choose_new_game
from mineboard.qt.session import GameSession, last_session_path

SAVE_SUFFIX = ".mineboard"
"""Saved games' extension: the desktop file registers it (application/x-mineboard-save)."""


class GameFiles(QMainWindow):
    """The main window's part that opens and saves its games."""

    if TYPE_CHECKING:  # what it uses of the main window
        session: GameSession

        def say(self, text: str, error: bool = False) -> None: ...
        def game_name(self) -> str: ...
        def load_session(self, session: GameSession) -> None: ...
        def remember_size(self) -> None: ...
        def _sync_title(self) -> None: ...

    def may_leave_game(self, doing: str) -> bool:
        """Before the game leaves the window by ``doing`` ("closing"): if it has moves not
        saved, the player saves them, lets them go, or keeps the game (False)."""
        if not self.session.modified:
            return True
        answer = ask_unsaved(self, self.game_name(), doing, self.session.pbem is None)
        if answer == "save":
            return self.save()
        return answer == "discard"

    def _leaving(self, doing: str, then: Callable[[], None]) -> Callable[[], None]:
        """``then``, once the game shown may leave the window by ``doing``."""
        def run() -> None:
            if self.may_leave_game(doing):
                then()
        return run

    def new_game(self) -> None:
        if not self.may_leave_game("starting a new game"):
            return
        choice = choose_new_game(self)
        if choice is not None:
            self._open(choice.scenario, choice.table, choice.passphrases, choice.seed)

    def open_file(self) -> None:
        if not self.may_leave_game("opening another game"):
            return
        path, _ = QFileDialog.getOpenFileName(
            self, "Open a save or scenario", "",
            "mineboard games (*.mineboard *.json);;All files (*)")
        if path:
            self._open(path)

    def open_last_session(self) -> None:
        """The game that last left a window (closed, replaced, or a restore declined)."""
        path = last_session_path()
        if not path.exists():
            self.say("No last session is kept yet: one is, once a game leaves the window.")
            return
        if self.may_leave_game("opening the last session"):
            self._open(str(path), kept=True)

    def _open(self, name: str, table: Table = Table(),
              passphrases: dict[str, str] | None = None, seed: int | None = None,
              kept: bool = False) -> None:
        """Open ``name`` in place of the game shown (whose moves :meth:`may_leave_game`
        has seen to). ``kept``: a last session, a game with no file of its own."""
        try:
            needed = GameSession.passphrases_needed(name)
            if needed and passphrases is None:
                passphrases = ask_passphrases(self, needed, Path(name).name,
                                              GameSession.sealed_by(name))
                if passphrases is None:
                    return
            session = (GameSession.restore(Path(name), passphrases) if kept else
                       GameSession.open(name, seed, table, passphrases))
        except MineboardError as exc:
            QMessageBox.warning(self, "Cannot open", str(exc))
            return
        self.load_session(session)

    def save(self) -> bool:
        """Whether the game is now saved (False: the player cancelled, or it failed)."""
        if self.session.path is None:
            return self.save_as()
        return self._save_to(self.session.path)

    def save_as(self) -> bool:
        path, _ = QFileDialog.getSaveFileName(self, "Save game", "game.mineboard",
                                              "mineboard saved games (*.mineboard)")
        if not path:
            return False
        chosen = Path(path)  # the desktop opens a game by its extension: keep it on
        return self._save_to(chosen if chosen.suffix else chosen.with_suffix(SAVE_SUFFIX))

    def _save_to(self, path: Path) -> bool:
        try:
            self.session.save(path)
        except MineboardError as exc:
            QMessageBox.warning(self, "Cannot save", str(exc))
            return False
        self._sync_title()
        self.say(f"Saved to {path}")
        return True

    def quit(self) -> None:
        if self.may_leave_game("closing"):
            self.remember_size()
            self.close()

    def open_from_desktop(self, path: str) -> None:
        """A saved game double-clicked while the program runs (macOS sends it as an event,
        not on the command line): opened in place of this one once its moves are seen to."""
        if self.may_leave_game("opening another game"):
            self._open(path)
