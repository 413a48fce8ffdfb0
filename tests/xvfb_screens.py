"""The window in each state a player meets, on a real X server (Xvfb) the size of a small
laptop screen: run by tests/test_screens_xvfb.py (and tools/screens.py for docs/screens/).

Each state is set up by clicks and keys, the whole screen is saved as a PNG (menus and
dialogs included, as the window system draws them), and what can be measured is written to
``report.json`` for the test to judge: what lies outside the screen or its dock, whether
End phase shows, the dice tray after a pan, zone numbers under stacks.

    python -m tests.xvfb_screens OUT_DIR     (DISPLAY set, QT_QPA_PLATFORM=xcb)
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPoint, QRect, Qt, QTimer
from PySide6.QtGui import QCursor, QGuiApplication
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog, QPushButton, QScrollArea, QWidget

from mineboard.core.table import Table
from mineboard.qt.app import application
from mineboard.qt.mainwindow import MainWindow
from mineboard.qt.maps.area import AreaScene
from mineboard.qt.session import GameSession
from mineboard.rules.naval_lines.actions import Move
from tests.conftest import JUTLAND, mixed_hex_setup, scenario
from tests.qt_helpers import stack_point, zone_point

SCREEN = QRect(0, 0, *(int(v) for v in os.environ.get("MINEBOARD_XVFB_SCREEN",
                                                     "1024x640").split("x")))
"""The virtual screen: a small laptop's by default; tests/test_screens_xvfb.py tries a
1280×800 one too."""
ROOT = Path(__file__).resolve().parent.parent
FIELD = [{"line": "110|112", "owner": "Germany", "zone": "112", "count": 10}]
Report = dict[str, Any]


def on_screen(widget: QWidget) -> QRect:
    return QRect(widget.mapToGlobal(QPoint(0, 0)), widget.size())


def rect_of(r: QRect) -> list[int]:
    return [r.x(), r.y(), r.width(), r.height()]


def window(session: GameSession) -> MainWindow:
    session.autosave_enabled = False
    w = MainWindow(session)
    w.set_speed("off")
    w.resize(SCREEN.size())
    w.move(0, 0)
    w.show()
    QTest.qWaitForWindowExposed(w)
    QTest.qWait(150)  # the docks take their sizes and the map is fitted again
    return w


def click(w: MainWindow, point: QPoint, button: Qt.MouseButton = Qt.MouseButton.LeftButton
          ) -> None:
    QCursor.setPos(w.view.viewport().mapToGlobal(point))
    QTest.mouseClick(w.view.viewport(), button, pos=point)
    QTest.qWait(30)


def layout(w: MainWindow) -> Report:
    """What a small screen may cut: the window, its docks and the turn bar's words."""
    inside = {name: SCREEN.contains(on_screen(dock)) for name, dock in w.docks.items()
              if dock.isVisible()}
    inside["view"] = SCREEN.contains(on_screen(w.view))
    return {
        "window": rect_of(on_screen(w)),
        "inside_screen": inside,
        "end_phase_shown": w.end_button.isVisible() and w.toolbar.rect().contains(
            w.end_button.geometry()),
        "phase_cut": w.phase_label.elided(),
        "view": rect_of(on_screen(w.view.viewport())),
        "status": w.statusBar().currentMessage(),
    }


def numbers_under_stacks(w: MainWindow) -> list[str]:
    from tests.test_map_legibility import numbers_covered

    assert isinstance(w.scene, AreaScene)
    return numbers_covered(w.scene)


# ---- the states ---------------------------------------------------------------------------

def northsea_start() -> tuple[MainWindow, Report]:
    w = window(GameSession.open("northsea-1940", 3))
    return w, {**layout(w), "numbers_under_stacks": numbers_under_stacks(w)}


def northsea_menu() -> tuple[MainWindow, Report]:
    """Combat Movement: Germany's stack picked and opened, a right-click on a zone."""
    sc = scenario(phase="combat_move")
    w = window(GameSession(sc, sc.new_game(3)))
    click(w, stack_point(w, "113", "Germany"))
    click(w, zone_point(w, "112"), Qt.MouseButton.RightButton)
    QTest.qWait(150)
    menu = w.context_menu
    assert menu is not None
    return w, {**layout(w), "menu": rect_of(menu.geometry()),
               "menu_inside_screen": SCREEN.contains(menu.geometry()),
               "menu_entries": [a.text() for a in menu.actions() if a.text()],
               "opened": w.scene.stacks[("113", "Germany")].opened}


def northsea_odds() -> tuple[MainWindow, Report]:
    """Two British destroyers about to cross ten German mines: the odds of the move."""
    sc = scenario(nation="United Kingdom", phase="combat_move", minefields=FIELD)
    w = window(GameSession(sc, sc.new_game(21)))
    click(w, stack_point(w, "110", "United Kingdom"))
    for i in range(w.selection.units.count()):
        item = w.selection.units.item(i)
        keep = "destroyer" in item.data(Qt.ItemDataRole.UserRole)
        item.setCheckState(Qt.CheckState.Checked if keep else Qt.CheckState.Unchecked)
    click(w, zone_point(w, "112"))
    return w, {**layout(w), "planned": w.controller.mode.planned is not None,
               "odds_rows": w.odds.canvas.preview is not None}


def northsea_tray_panned() -> tuple[MainWindow, Report]:
    """The crossing rolled, the tray up; then the map zoomed and panned away."""
    sc = scenario(nation="United Kingdom", phase="combat_move", minefields=FIELD)
    w = window(GameSession(sc, sc.new_game(21)))
    w.set_speed("normal")
    w.controller.play(Move(("uk-destroyer-1", "uk-destroyer-2"), ("110", "112")))
    w.view.zoom_by(3)
    w.view.pan_by(-250, -180)
    QTest.qWait(200)
    return w, {**layout(w), "tray_shown": w.dice.isVisible(),
               "tray_inside_view": on_screen(w.view.viewport()).contains(on_screen(w.dice))}


def hotseat_cover() -> tuple[MainWindow, Report]:
    w = window(GameSession.open("northsea-1940-hidden", 3))
    for _ in range(5):  # Germany's turn to its end: the cover for the United Kingdom
        w.end_phase()
        QTest.qWait(20)
        if w.cover.isVisible():
            break
    return w, {**layout(w), "covered": w.cover.isVisible(),
               "cover_fills_window": w.cover.geometry() == w.rect()}


def jutland_setup() -> tuple[MainWindow, Report]:
    changes, _target, _other, _start = mixed_hex_setup(("Galatea", "Phaeton"))
    sc = scenario(JUTLAND, **changes)
    w = window(GameSession(sc, sc.new_game(3, Table(open=True))))
    panel = w.ruleset_panel
    return w, {**layout(w), "panel_shown": panel is not None and panel.isVisible()}


def imperium_route() -> tuple[MainWindow, Report]:
    w = window(GameSession.open("imperium-marches", 3))
    return w, layout(w)


def new_game_dialog() -> tuple[MainWindow, Report]:
    w = window(GameSession.open("northsea-1940", 3))
    found: Report = {}

    def look() -> None:
        dialog = next(d for d in QApplication.topLevelWidgets()
                      if isinstance(d, QDialog) and d.isVisible())
        found["dialog"] = rect_of(dialog.frameGeometry())
        found["dialog_inside_screen"] = SCREEN.contains(dialog.frameGeometry())
        save(found.setdefault("_name", "new-game-dialog"))
        dialog.reject()

    QTimer.singleShot(400, look)
    w.new_game()
    return w, {**layout(w), **{k: v for k, v in found.items() if not k.startswith("_")}}


def first_window(session: GameSession) -> MainWindow:
    """The window as ``mineboard play`` opens it the first time: no size given, nothing
    remembered — it must fit the screen by itself."""
    session.autosave_enabled = False
    w = MainWindow(session)
    w.set_speed("off")
    w.show()
    QTest.qWaitForWindowExposed(w)
    QTest.qWait(250)
    return w


def reachable(w: MainWindow) -> Report:
    """What a player must reach without scrolling or moving the window: the window, the
    turn bar's End phase, the phase strip, each dock, each button of the docks, the log."""
    buttons = {b.text(): SCREEN.contains(on_screen(b)) and _unscrolled(b)
               for dock in w.docks.values() for b in dock.findChildren(QPushButton)
               if b.isVisible() and b.text()}
    return {"frame": rect_of(w.frameGeometry()),
            "frame_inside": SCREEN.contains(w.frameGeometry()),
            "toolbar_inside": SCREEN.contains(on_screen(w.toolbar)),
            "end_inside": SCREEN.contains(on_screen(w.end_button)) and w.end_button.isVisible(),
            "phase_inside": SCREEN.contains(on_screen(w.phase_label)),
            "docks_inside": {n: SCREEN.contains(on_screen(d)) for n, d in w.docks.items()
                             if d.isVisible()},  # Dice and Threat open from View
            "log_inside": SCREEN.contains(on_screen(w.log)),
            "buttons": buttons}


def _unscrolled(button: QWidget) -> bool:
    """Whether ``button`` shows whole in the scroll area it is in (if any) as it stands."""
    parent = button.parentWidget()
    while parent is not None and not isinstance(parent, QScrollArea):
        parent = parent.parentWidget()
    if parent is None:
        return True
    return on_screen(parent.viewport()).contains(on_screen(button))


def first_start() -> tuple[MainWindow, Report]:
    w = first_window(GameSession.open("northsea-1940", 3))
    return w, {**layout(w), **reachable(w)}


def first_start_escort() -> tuple[MainWindow, Report]:
    """Non-Combat Movement, the German stack at 113 picked: the Selection dock's options
    and buttons (Load mines) on the first window."""
    sc = scenario(phase="noncombat_move")
    w = first_window(GameSession(sc, sc.new_game(3)))
    click(w, stack_point(w, "113", "Germany"))
    QTest.qWait(150)
    return w, {**layout(w), **reachable(w)}


def help_page() -> tuple[MainWindow, Report]:
    w = window(GameSession.open("jutland-horns-reef", 3))
    w.show_help()
    QTest.qWait(200)
    assert w.help_window is not None
    frame = w.help_window.frameGeometry()
    return w, {**layout(w), "help": rect_of(frame), "help_inside_screen": SCREEN.contains(frame)}


def rules_explorer() -> tuple[MainWindow, Report]:
    """Help ▸ Rules on NL-15's page beside its demo board, played: the verdict, the step's
    words and the dice on the map (docs/screens/rules-explorer.png, shown by the README:
    tools/screens.py takes it on a 1280×800 screen, where the page and the board both
    show)."""
    w = window(GameSession.open("northsea-1940", 3))
    rules = w.show_rules("NL-15")
    rules.demo_buttons["nl-15-two-destroyers-ten-mines"].click()
    QTest.qWait(150)
    w.set_speed("fast")
    QTest.keyClick(w.view, Qt.Key.Key_Right)
    QTest.qWait(2500)  # the dice land, the verdict is told
    w.show_rules("NL-15")
    # The page over the map's east, the crossing (west) in view, the demo bar beside.
    w.view.zoom_by(1.25)
    QTest.qWait(100)
    port = w.view.viewport()
    bars = w.view.horizontalScrollBar(), w.view.verticalScrollBar()
    now = w.view.mapFromScene(w.scene.anchors["112"])
    bars[0].setValue(bars[0].value() + now.x() - port.width() // 4)
    bars[1].setValue(bars[1].value() + now.y() - port.height() * 3 // 5)
    right = port.mapToGlobal(QPoint(port.width(), 0)).x()
    width = min(420, int(port.width() * 0.45))
    rules.resize(width, SCREEN.height() - 130)
    rules.move(right - width, 62)
    QTest.qWait(300)
    frame = rules.frameGeometry()
    assert w.demo_panel is not None and w.demo_dock is not None
    inside = {name: SCREEN.contains(on_screen(dock)) for name, dock in w.docks.items()
              if name != "selection" and dock.isVisible()}  # under the demo's tab; closed
    inside.update(demo=SCREEN.contains(on_screen(w.demo_dock)),
                  view=SCREEN.contains(on_screen(w.view)))
    return w, {**layout(w), "inside_screen": inside, "rules_inside_screen":
               SCREEN.contains(frame), "verdict": w.demo_panel.verdict.text()}


STATES: dict[str, Callable[[], tuple[MainWindow, Report]]] = {
    "northsea-start": northsea_start, "northsea-menu": northsea_menu,
    "northsea-odds": northsea_odds, "northsea-tray-panned": northsea_tray_panned,
    "hotseat-cover": hotseat_cover, "jutland-setup": jutland_setup,
    "imperium-start": imperium_route, "new-game-dialog": new_game_dialog,
    "help": help_page, "first-start": first_start, "first-start-escort": first_start_escort,
    "rules-explorer": rules_explorer,
}
FIRST = ("first-start", "first-start-escort")
"""The states that open the window as a first start does (the others set its size)."""
OUT = Path(".")


def save(name: str) -> None:
    QGuiApplication.primaryScreen().grabWindow(0).save(str(OUT / f"{name}.png"))


def take_screens(out: Path, data: Path, size: str = "1024x640",
                 names: tuple[str, ...] = ()) -> subprocess.CompletedProcess[str]:
    """Start an X server of ``size`` (a small laptop's by default) on a free display, and
    this module on it in a process of its own (Qt picks its platform once per process)."""
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0",
                               f"{size}x24", "-nolisten", "tcp"],
                              pass_fds=(write,), stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    os.close(write)
    try:
        with os.fdopen(read) as answer:
            display = answer.readline().strip()
        if not display:
            raise RuntimeError("Xvfb did not start")
        env = dict(os.environ, DISPLAY=f":{display}", QT_QPA_PLATFORM="xcb",
                   MINEBOARD_DATA_DIR=str(data), MINEBOARD_XVFB_SCREEN=size)
        return subprocess.run([sys.executable, "-m", "tests.xvfb_screens", str(out), *names],
                              cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    finally:
        server.terminate()
        server.wait(timeout=10)


def main(out: Path, names: list[str]) -> None:
    global OUT
    OUT = out
    application()
    report: dict[str, Report] = {}
    for name in names or list(STATES):
        w, found = STATES[name]()
        QTest.qWait(100)
        if name != "new-game-dialog":  # that one was saved while its dialog was up
            save(name)
        report[name] = found
        if w.context_menu is not None:
            w.context_menu.close()
        if w.help_window is not None:
            w.help_window.close()
        if w.rules_window is not None:
            w.rules_window.close()
        w.close()
        QTest.qWait(50)
    (out / "report.json").write_text(json.dumps(report, indent=1))


if __name__ == "__main__":
    main(Path(sys.argv[1]), sys.argv[2:])
