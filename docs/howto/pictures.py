"""Draws the pictures of the how-to-play pages (assets/help/*.png) from real games.

    QT_QPA_PLATFORM=offscreen .venv/bin/python docs/howto/pictures.py

Each picture is the window as a player sees it at one step of a page: the same code as
``mineboard screenshot``, with the moves before it played and the last one planned by a
click on the map. Run it again when the window changes, then look at every picture.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QPointF

from mineboard.qt.app import application
from mineboard.qt.mainwindow import MainWindow
from mineboard.qt.session import GameSession
from mineboard.resources import assets_dir

SIZE = (1400, 860)
OUT = assets_dir() / "help"


def session_after(scenario: str, moves: list[dict[str, Any]], seed: int = 5) -> GameSession:
    """``scenario`` with ``moves`` played, each by the side to move (no hot-seat cover)."""
    session = GameSession.open(scenario, seed)
    session.autosave_enabled = False
    for move in moves:
        session.play(session.game.ruleset.codec.parse(move))
    session.seat_override = str(session.game.state.to_move)
    return session


def picture(name: str, session: GameSession, clicks: Callable[[MainWindow], None]) -> None:
    app = application()
    window = MainWindow(session)
    window.set_speed("off")
    window.resize(*SIZE)
    window.show()
    app.processEvents()
    window.view.fit()
    app.processEvents()
    clicks(window)
    app.processEvents()
    path = OUT / name
    if not window.grab().save(str(path), "PNG"):
        sys.exit(f"cannot write {path}")
    window.close()
    print(f"wrote {path}")


def at(window: MainWindow, point: QPointF) -> None:
    window.view.click_scene_point(point)


def stack(window: MainWindow, place: str, owner: str) -> QPointF:
    item = window.scene.stacks[(place, owner)]
    return item.mapToScene(item.boundingRect().center())


def place(window: MainWindow, place_id: str) -> QPointF:
    return window.scene.anchors[place_id]


END = {"kind": "end_phase"}


def naval_lines() -> None:
    # Seed example 1: Germany's Escort has loaded Berlin's 3 mines and sailed to 112.
    laid = session_after("northsea-1940", [
        END, END, END, {"kind": "load_mines", "unit": "ger-escort-1", "count": 3},
        {"kind": "move", "units": ["ger-escort-1"], "path": ["113", "112"]}])
    picture("naval-lines-lay.png", laid, lambda w: at(w, stack(w, "112", "Germany")))
    # Seed example 4: French ships about to cross the British field on line 91|92.
    crossing = session_after("northsea-1940", [END] * 11)

    def plan(w: MainWindow) -> None:
        at(w, stack(w, "93", "France"))
        at(w, place(w, "91"))

    picture("naval-lines-cross.png", crossing, plan)


def counters(hexes: str, mine: bool) -> list[dict[str, Any]]:
    return [{"kind": "place_counter", "hex": h, "mine": mine} for h in hexes.split()]


def gwas_tactical() -> None:
    # The British battlecruisers crossing the German field on the west boundary have
    # rolled (GT-02); the Germans set up their 11 counters, 4 of them placed.
    approach = [END, {"kind": "cross_boundary", "ships": ["Lion", "Tiger"]}, END]
    setup = session_after("jutland-horns-reef", [
        *approach, *counters("0709 0812 1904", True), *counters("1010", False)])
    picture("gwas-tactical-setup.png", setup, lambda w: None)
    # Impulse 1: a British battlecruiser plans to steam into a hex with German counters.
    battle = session_after("jutland-horns-reef", [
        *approach, *counters("0709 0812 1904 2005 1717 0711", True),
        *counters("0808 1010 1212 1804 1616", False), END,
        *counters("1016 1117", True), *counters("0914 1218", False), END, END])

    def plan(w: MainWindow) -> None:
        w.view.zoom_by(1.8)
        w.view.centerOn(place(w, "0709"))
        at(w, stack(w, "0610", "British"))
        w.selection.tick_only("Lion")
        at(w, place(w, "0709"))

    picture("gwas-tactical-enter.png", battle, plan)


def imperium_mines() -> None:
    # Both sides built nothing; in the first action segment the Imperial fleet at Halcyon
    # plans a jump through Lumen to Pellucid, where Terran counters lie face-down.
    segment = session_after("imperium-marches", [END, END])

    def plan(w: MainWindow) -> None:
        at(w, stack(w, "halcyon", "Imperial"))
        at(w, place(w, "pellucid"))

    picture("imperium-mines-jump.png", segment, plan)
    picture("imperium-mines-lay.png", session_after("imperium-marches", [END, END]),
            lambda w: at(w, stack(w, "corvan", "Imperial")))


def main() -> None:
    os.environ.setdefault("MINEBOARD_DATA_DIR", tempfile.mkdtemp(prefix="mineboard-pictures-"))
    for draw in (naval_lines, gwas_tactical, imperium_mines):
        draw()


if __name__ == "__main__":
    main()
