"""Starting the desktop program, and rendering it offscreen for ``mineboard screenshot``."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QBuffer, QCoreApplication, QEvent, QIODevice, QObject, QTimer
from PySide6.QtGui import QFileOpenEvent, QGuiApplication, QIcon
from PySide6.QtWidgets import QApplication, QMessageBox

from mineboard.atomic import write_atomic
from mineboard.core.errors import BadInput, MineboardError
from mineboard.core.game import PUBLIC, seat_for
from mineboard.core.table import Table
from mineboard.crash import crash_report
from mineboard.qt.dialogs import ask_passphrases
from mineboard.qt.mainwindow import MainWindow
from mineboard.qt.session import GameSession, last_session_path
from mineboard.resources import assets_dir


def application() -> QApplication:
    app = QApplication.instance()
    if app is None:
        QCoreApplication.setOrganizationName("mineboard")
        QCoreApplication.setApplicationName("mineboard")
        QGuiApplication.setDesktopFileName("io.github.mineboard.Mineboard")
        app = QApplication(sys.argv[:1])
        app.setWindowIcon(app_icon())
    assert isinstance(app, QApplication)
    return app


def app_icon() -> QIcon:
    """The program's icon at each size it is drawn in (assets/icons, from mineboard.svg)."""
    icon = QIcon()
    for path in sorted((assets_dir() / "icons").glob("mineboard-*.png")):
        icon.addFile(str(path))
    return icon


class _DesktopOpens(QObject):
    """A saved game opened from the desktop while the program runs: macOS sends it as an
    event to the application, not on the command line (Linux and Windows start
    ``mineboard play FILE``)."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.FileOpen and isinstance(event, QFileOpenEvent):
            self.window.open_from_desktop(event.file())
            return True
        return False


def startup_session(name_or_path: str, seed: int | None, ask_restore: Callable[[], bool],
                    table: Table = Table(),
                    ask_passphrases: Callable[[list[str], list[str]], dict[str, str] | None]
                    = (lambda sides, sealed: None)) -> GameSession:
    """The game to start with: the autosave of a mineboard that did not close cleanly, if the
    player wants it back, else the named scenario or save — opened first, so a bad name or a
    file that cannot start a game fails at once rather than after a question about another
    game. (A sealed save is read first; its passphrases come after the question.)

    No autosave is deleted here: a restored game writes over it with its first autosave, and
    one not restored (declined, cancelled, unreadable) is kept as the last session."""
    needed = GameSession.passphrases_needed(name_or_path)
    named = None if needed else GameSession.open(name_or_path, seed, table)
    pending = GameSession.claim_autosave()
    if pending is not None:
        restored = _restore(pending, ask_restore, ask_passphrases)
        if restored is not None:
            return restored
        GameSession.keep_as_last_session(pending)
    if named is not None:
        return named
    passphrases = ask_passphrases(needed, GameSession.sealed_by(name_or_path))
    if passphrases is None:
        raise BadInput(name_or_path, "sealed: its sides' passphrases are needed")
    return GameSession.open(name_or_path, passphrases=passphrases)


def _restore(pending: Path, ask_restore: Callable[[], bool],
             ask_passphrases: Callable[[list[str], list[str]], dict[str, str] | None]
             ) -> GameSession | None:
    """The game in ``pending`` if the player wants it back and it opens, else None."""
    if not ask_restore():
        return None
    try:
        needed = GameSession.passphrases_needed(str(pending))
        passphrases = ask_passphrases(needed, GameSession.sealed_by(str(pending))) \
            if needed else {}
        if passphrases is None:
            return None
        return GameSession.restore(pending, passphrases)
    except MineboardError as exc:
        QMessageBox.warning(None, "Cannot restore",
                            f"{exc}\n\nIt is kept as {last_session_path()}.")
        return None


def _ask_restore() -> bool:
    answer = QMessageBox.question(None, "Restore game?",
                                  "mineboard did not close cleanly last time. Restore the game "
                                  "that was in progress?\n\nIf not, it is kept as "
                                  f"{last_session_path()} (in place of any kept before), to "
                                  "open with File ▸ Open last session.")
    return answer == QMessageBox.StandardButton.Yes


def report_defect(kind: type[BaseException], exc: BaseException, tb: Any) -> None:
    """``sys.excepthook`` of the window: an exception in a click's handler is a defect of
    ours. Qt would print its traceback and carry on; the player gets one line and the file
    with the details, and the game goes on from its last good state (every action is
    all-or-nothing, see :meth:`Game.play`)."""
    if issubclass(kind, KeyboardInterrupt):
        sys.__excepthook__(kind, exc, tb)
        return
    where = crash_report(exc.with_traceback(tb))
    print(f"mineboard: internal error ({kind.__name__}); please report it with {where}",
          file=sys.stderr)
    QMessageBox.critical(QApplication.activeWindow(), "mineboard: internal error",
                         f"Something went wrong inside mineboard ({kind.__name__}). The game "
                         f"goes on from its last good state.\n\nPlease report it with {where}.")


def run_app(name_or_path: str, seed: int | None, table: Table = Table()) -> int:
    app = application()
    sys.excepthook = report_defect
    try:
        session = startup_session(name_or_path, seed, _ask_restore, table,
                                  lambda sides, sealed: ask_passphrases(None, sides,
                                                                        "The game", sealed))
    except MineboardError as exc:
        print(f"mineboard: {exc}", file=sys.stderr)
        return 2
    window = MainWindow(session)
    app.installEventFilter(_DesktopOpens(window))
    if os.environ.get("MINEBOARD_FIRST_FRAME_EXIT"):
        _exit_after_first_frame(window)
    window.show()
    # Paths and neighbours need networkx, a fifth of the start: load it once the board is
    # up, not before the first frame (a click that comes sooner simply loads it itself).
    QTimer.singleShot(400, window, lambda: window.session.scenario.board.graph)
    code = app.exec()
    GameSession.release_autosave()
    return code


class _FirstFrame(QObject):
    """For the startup benchmark: report the first painted frame of the map, then quit."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            print("FIRST_FRAME", flush=True)
            QTimer.singleShot(0, application().quit)
            watched.removeEventFilter(self)
        return False


def _exit_after_first_frame(window: MainWindow) -> None:
    window._first_frame = _FirstFrame(window)  # type: ignore[attr-defined]
    window.view.viewport().installEventFilter(window._first_frame)  # type: ignore[attr-defined]


def render_window(window: MainWindow, out: Path, width: int, height: int) -> None:
    window.resize(width, height)
    window.show()
    application().processEvents()
    window.view.fit()
    application().processEvents()
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not window.grab().save(buffer, "PNG"):
        raise BadInput(str(out), "the picture could not be encoded as PNG")
    write_atomic(out, bytes(buffer.data().data()))  # a folder or a full disk: one line


def screenshot(name_or_path: str, out: Path, size: tuple[int, int], side: str | None,
               teacher: bool = False) -> bool:
    """Draw the window on ``name_or_path`` into ``out``; whether it drew the hot-seat cover
    (a game with secrets, drawn for no side: what its screen shows before a side sits)."""
    if teacher and side is not None:
        raise BadInput("--teacher", "draws everything; it cannot be combined with --side")
    application()
    # A teacher's picture of a scenario is a game at an open table; a save keeps its own.
    session = GameSession.open(name_or_path, table=Table(open=teacher))
    session.autosave_enabled = False
    if side is not None:
        # Draw for that side (or that nation's side), as its player would see the board.
        session.seat_override = seat_for(session.observation(PUBLIC).view, side, "--side")
    window = MainWindow(session)
    window.dice.speed = "off"
    if teacher:
        window.teacher_action.trigger()  # as the player would: View ▸ Teacher view
        if not session.teacher_view:
            raise BadInput("--teacher", "this game keeps secrets and its sides did not open "
                                        "the table: there is no teacher view of it")
    render_window(window, out, *size)
    QTimer.singleShot(0, window, window.close)
    return window.covered
