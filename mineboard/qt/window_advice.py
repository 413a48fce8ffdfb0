"""The main window's advisor and solo-game parts: *Game ▸ Advise* (the dock and the marks
on the map, qt/advice_view.py) and the program's side of a solo game (qt/solo.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QApplication, QDockWidget, QMainWindow

from mineboard.core.advice import Advice, Target
from mineboard.core.errors import MineboardError
from mineboard.core.game import PUBLIC
from mineboard.core.words import possessive
from mineboard.qt.advice_view import AdviceLayer, AdvicePanel, Cancelled, ranked
from mineboard.qt.session import GameSession
from mineboard.qt.solo import ProgramPlayer

if TYPE_CHECKING:
    from mineboard.qt.controller import BoardController
    from mineboard.qt.dice import DiceTray


class AdviceAndSolo(QMainWindow):
    if TYPE_CHECKING:  # what it uses of the main window
        session: GameSession
        docks: dict[str, QDockWidget]
        advice_panel: AdvicePanel
        advice_layer: AdviceLayer | None
        advice_target: Target | None
        _advised_at: int
        covered: bool
        controller: BoardController
        dice: DiceTray
        demo: object
        program: ProgramPlayer

        def say(self, text: str, error: bool = False) -> None: ...

    def advise(self) -> None:
        """Game ▸ Advise: open the dock and rank the lays of the side at the screen."""
        dock = self.docks["advice"]
        dock.show()
        dock.raise_()
        self._advise_for(self.advice_target)

    def _advise_for(self, target: Target | None) -> None:
        self.advice_target = target
        session = self.session
        ruleset = session.game.ruleset
        public = session.observation(PUBLIC).view
        seat = session.seat()
        side = seat if seat in public.sides else public.to_move
        self.advice_panel.set_targets(ruleset.advice_targets(session.observation(side).view),
                                      target)
        if side != public.to_move:
            self._show_advice(None, f"{public.to_move} is to move: {side} lays nothing now.")
            return
        view = session.observation(side).view
        asked_at = session.game.generation
        try:
            advice = ranked(self, lambda progress: ruleset.advise(view, target, progress))
        except Cancelled as exc:
            self._show_advice(None, f"{exc}.")
            return
        except MineboardError as exc:
            self._show_advice(None, f"No advice: {exc}")
            return
        if self.session is not session or session.game.generation != asked_at \
                or self.covered:  # the game moved on while it was worked out: not for now
            self._show_advice(None, "The game moved on while the advice was worked out: "
                                    "Game ▸ Advise (Ctrl+Shift+A) again.")
            return
        self._advised_at = asked_at
        self._show_advice(advice, "" if advice is not None
                          else f"{ruleset.title}: {ruleset.no_advice}.")

    def _show_advice(self, advice: Advice | None = None, note: str | None = None) -> None:
        """Advice is for the moment it was asked: once the game moves on it goes."""
        if self.advice_layer is None or not self.advice_layer.alive:
            return
        if self.covered:  # the next side must find nothing of the last one's advice
            self.advice_panel.show_advice(None, "Game ▸ Advise (Ctrl+Shift+A) ranks the mines "
                                                "your side may lay now.")
            self.advice_layer.show(None)
            return
        stale = note is None and self._advised_at != self.session.game.generation
        if stale or not self.docks["advice"].isVisible():
            if stale and self.advice_panel.advice is not None:
                self.advice_panel.show_advice(None, "The game has moved on: Game ▸ Advise "
                                                    "(Ctrl+Shift+A) again.")
            self.advice_layer.show(None)
            return
        if note is not None:
            self.advice_panel.show_advice(advice, note)
        self.advice_layer.show(self.advice_panel.advice, self.advice_panel.list.currentRow())

    def _pick_advice(self, row: int) -> None:
        if self.advice_layer is not None and self.advice_layer.alive:
            self.advice_layer.show(self.advice_panel.advice, row)

    def _lay_advice(self, row: int) -> None:
        advice = self.advice_panel.advice
        if advice is None or not 0 <= row < len(advice.best):
            return
        suggestion = advice.best[row]
        self.controller.play(suggestion.action, suggestion.label)

    def _program_may_move(self) -> bool:
        return (not self.covered and not self.dice.busy and self.demo is None
                and QApplication.activeModalWidget() is None)

    def _let_program_move(self) -> None:
        if self.session.program is None:
            self.say("Not a solo game: File ▸ New game, and choose the program as a side's "
                     "player.", error=True)
        elif not self.session.program_to_move():
            self.say(f"It is not {possessive(self.session.program)} turn.")
        else:
            self.program.resume()
