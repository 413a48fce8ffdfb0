"""The window's play-by-email menu: start a game, open a turn file, send one, open all.

Each side plays at its own screen, so there is no cover; the board shows this side's world
(:mod:`mineboard.persistence.pbem`), and what a received file brought goes in the log.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QFileDialog, QMessageBox

from mineboard.core.errors import MineboardError
from mineboard.persistence import pbem
from mineboard.persistence.scenario import load_scenario
from mineboard.qt.dialogs import PbemStartDialog, ask_new_passphrase, ask_passphrases
from mineboard.qt.session import GameSession
from mineboard.resources import bundled_scenarios, resolve_scenario

if TYPE_CHECKING:
    from mineboard.qt.mainwindow import MainWindow


class ByEmail:
    def __init__(self, window: MainWindow) -> None:
        self.window = window

    def new_game(self) -> None:
        dialog = PbemStartDialog(self.window, list(bundled_scenarios()))
        if dialog.exec() != PbemStartDialog.DialogCode.Accepted:
            return
        path, _ = QFileDialog.getSaveFileName(self.window, "Write the invitation", "turn-0.json",
                                              "mineboard turn files (*.json)")
        if not path:
            return
        try:
            scenario = load_scenario(resolve_scenario(dialog.scenario.currentText()))
            seat = pbem.start(scenario, dialog.side.currentText(), dialog.first.text())
            seat = seat.after(pbem.send(seat, Path(path)))
        except MineboardError as exc:
            QMessageBox.warning(self.window, "Cannot start", str(exc))
            return
        self.window.load_session(GameSession.at_seat(seat))
        self.window.say(f"Invitation written to {path}: send it to the other side, who opens it "
                 "with File ▸ Open turn file.")

    def open_turn(self) -> None:
        name, _ = QFileDialog.getOpenFileName(self.window, "Open a turn file", "",
                                              "mineboard turn files (*.json)")
        if name:
            self.open_turn_file(Path(name))

    def open_turn_file(self, path: Path, passphrase: str | None = None) -> None:
        try:
            turn = pbem.read_turn(path)
            receiver = next(s for s in turn.sides if s != turn.sender)
            if turn.seq == 0 and pbem.last_sent(turn.game_id, turn.sender) is None:
                self._join(turn, receiver, path)
                return
            if passphrase is None:
                asked = ask_passphrases(self.window, [receiver], path.name)
                if asked is None:
                    return
                passphrase = asked[receiver]
            seat = pbem.receive_file(path, passphrase)
        except MineboardError as exc:
            QMessageBox.warning(self.window, "Cannot open the turn", str(exc))
            return
        self.window.load_session(GameSession.at_seat(seat))
        self.window.log.add_notes([f"Turn {seat.last.seq}: {line}" for line in seat.told])
        self.window.say(self.status(seat))

    def _join(self, invitation: pbem.TurnFile, side: str, path: Path) -> None:
        phrase = ask_new_passphrase(self.window, side)
        if phrase is None:
            return
        out, _ = QFileDialog.getSaveFileName(self.window, "Write your answer", str(
            path.with_name("turn-1.json")), "mineboard turn files (*.json)")
        if not out:
            return
        seat = pbem.join(invitation, phrase)
        seat = seat.after(pbem.send(seat, Path(out)))
        self.window.load_session(GameSession.at_seat(seat))
        self.window.say(f"Joined as {side}: send {out} back to the other side.")

    def send_turn(self) -> None:
        seat = self.window.session.pbem
        if seat is None:
            self.window.say("Send turn is for games by email (File ▸ New game by email).",
                     error=True)
            return
        if seat.sent:
            self.window.say("This turn is sent: open the other side's answer.", error=True)
            return
        out, _ = QFileDialog.getSaveFileName(self.window, "Write your turn file",
                                             f"turn-{seat.seq}.json",
                                             "mineboard turn files (*.json)")
        if not out:
            return
        try:
            seat = seat.after(pbem.send(seat, Path(out)))
        except MineboardError as exc:
            QMessageBox.warning(self.window, "Cannot send", str(exc))
            return
        self.window.load_session(GameSession.at_seat(seat))
        self.window.say(f"Turn {seat.last.seq} written to {out}: send it to the other side.")

    def reveal_all(self) -> None:
        seat = self.window.session.pbem
        if seat is None or seat.sent:
            self.window.say("Opening all secrets is for a game by email, before sending a turn.",
                     error=True)
            return
        count = seat.reveal_all()
        self.window.say(f"{count} of your secrets will be opened in your next turn file: the other "
                 "side's program then checks every move of the game.")

    @staticmethod
    def status(seat: pbem.Seat) -> str:
        if seat.pending:
            return "Your last move rolls: File ▸ Send turn, and the other side's program " \
                   "rolls it."
        if seat.may_move():
            return f"Your move as {seat.me}. File ▸ Send turn when done."
        return "The other side's move: File ▸ Send turn to hand it over."

