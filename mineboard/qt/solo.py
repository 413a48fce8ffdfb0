"""The program's side of a solo game in the window: one move at a time, each after the
last one's dice have landed, so the player watches it play as they would watch a person.

The moves themselves are chosen in core/opponent.py on the program's own view and played
through the session like a click. Taking a move back pauses the program — else it would at
once play again what was just undone — until the player moves or asks it to
(*Game ▸ Let the program move*).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer

from mineboard.core.errors import MineboardError
from mineboard.core.opponent import TURN_LIMIT, Waiting
from mineboard.qt.session import GameSession

PACE_MS = 350
"""Between two of the program's moves: long enough to see each one."""


class ProgramPlayer(QObject):
    def __init__(self, parent: QObject, ready: Callable[[], bool],
                 say: Callable[[str, bool], None]) -> None:
        super().__init__(parent)  # its timer goes with the window
        self.session: GameSession | None = None
        self.ready = ready
        """Whether the window can take a move now (not covered, no dice rolling, no demo)."""
        self.say = say
        self.paused = False
        self.moves_in_a_row = 0
        self.pace_ms = PACE_MS
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.step)

    def bind(self, session: GameSession) -> None:
        self.session = session
        self.paused = False
        self.moves_in_a_row = 0
        self._timer.stop()

    def unbind(self) -> None:
        """The game leaves the window: nothing more is played in it."""
        self.session = None
        self._timer.stop()

    def pause(self) -> None:
        self.paused = True
        self._timer.stop()

    def resume(self) -> None:
        self.paused = False
        self.moves_in_a_row = 0
        self.maybe_move()

    def player_moved(self) -> None:
        self.paused = False
        self.moves_in_a_row = 0

    def maybe_move(self) -> None:
        """Called after each change is drawn: the program's next move, after a pause."""
        session = self.session
        if session is None or self.paused or not session.program_to_move():
            return
        self._timer.start(self.pace_ms)

    def step(self) -> None:
        session = self.session
        if session is None or self.paused or not session.program_to_move():
            return
        if not self.ready():
            self._timer.start(self.pace_ms)  # the dice still roll, or a dialog is open
            return
        if self.moves_in_a_row >= TURN_LIMIT:
            self.pause()
            self.say(f"The program made {TURN_LIMIT} moves without handing over: it is "
                     "paused (Game ▸ Let the program move to go on).", True)
            return
        self.moves_in_a_row += 1
        try:
            session.play_program()
        except Waiting as exc:  # the player enters it; their move wakes the program again
            self.pause()
            self.say(f"{str(exc)[0].upper()}{str(exc)[1:]}.", False)
        except MineboardError as exc:
            self.pause()
            self.say(f"The program cannot move: {exc}", True)
