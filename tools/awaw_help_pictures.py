"""Draw the pictures of assets/help/awaw-naval.md with the program's own window, offscreen,
on the bundled scenario The Narrow Seas: a route under the pointer, a route stopped at a
closed canal, two base changes waiting to be declared, the straits for the Allies. Each is
the map alone at full size, cropped to what its caption speaks of (a whole window shrunk
to the page cannot be read).

    QT_QPA_PLATFORM=offscreen .venv/bin/python tools/awaw_help_pictures.py

Look at every picture before keeping it.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from PySide6.QtCore import QRect  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

OUT = ROOT / "assets" / "help"


def main() -> int:
    app = QApplication.instance() or QApplication(sys.argv)
    from mineboard.persistence.scenario import load_scenario
    from mineboard.qt.interactions import Selecting
    from mineboard.qt.mainwindow import MainWindow
    from mineboard.qt.session import GameSession
    from mineboard.resources import maps_dir
    from tests.qt_helpers import hover

    scenario = load_scenario(maps_dir() / "scenarios" / "awaw-narrow-seas.json")
    w = MainWindow(GameSession(scenario, scenario.new_game(1)))
    w.set_speed("off")
    w.resize(1400, 900)
    w.show()
    for _ in range(3):  # shown and laid out before the first look
        app.processEvents()
    c = w.controller

    def look(zoom: float, at: str) -> None:
        w.view.fit()
        w.view.zoom_by(zoom)
        w.view.centerOn(w.scene.anchors[at])
        app.processEvents()

    def save(name: str, crop: QRect) -> None:
        app.processEvents()
        w.view.grab().copy(crop).save(str(OUT / name), "PNG", 0)
        print(f"wrote {OUT / name}: {w.statusBar().currentMessage()}")

    look(2.2, "1005")  # the Home Fleet picked, the pointer on Skarth
    c.set_mode(Selecting(c, "westhaven"))
    hover(w, "skarth")
    save("awaw-naval-route.png", QRect(90, 0, 700, 330))
    c.mode.plan(w.scene.board.ref("skarth"))  # two orders for the declaration
    c.set_mode(Selecting(c, "skarth"))
    c.tick("B4")
    c.mode.refresh()
    c.mode.plan(w.scene.board.ref("orme"))
    c.idle()
    look(2.2, "1005")
    save("awaw-naval-declaration.png", QRect(90, 0, 700, 330))
    for index in reversed(range(len(c.declared()))):
        c.withdraw(index)
    look(1.76, "2806")  # the straits as the Allies see them
    save("awaw-naval-straits.png", QRect(150, 40, 880, 520))
    look(2.0, "2906")  # Force H toward Ostra: stopped at the Long Cut
    c.set_mode(Selecting(c, "sundport"))
    hover(w, "ostra")
    save("awaw-naval-stop.png", QRect(100, 160, 900, 470))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
