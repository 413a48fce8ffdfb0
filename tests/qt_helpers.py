"""Driving the window as a player does: real mouse events at the places on the map."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt

from mineboard.qt.mainwindow import MainWindow


def stack_point(window: MainWindow, zone: str, nation: str) -> QPoint:
    stack = window.scene.stacks[(zone, nation)]
    base = window.view.mapFromScene(stack.pos())
    shift = stack.transform()
    return base + QPoint(round(shift.dx()), round(shift.dy()))


def zone_point(window: MainWindow, zone: str) -> QPoint:
    return window.view.mapFromScene(window.scene.anchors[zone])


def line_point(window: MainWindow, line: str) -> QPoint:
    """Where a player would click the line: its middle, or the nearest point along it that
    no counter covers (as a player clicks the part of the line they can see)."""
    from mineboard.qt.geometry import to_scene

    geom = window.session.scenario.board.ways[line].geometry
    for t in (0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8):
        at = geom.interpolate(t, normalized=True)
        point = window.view.mapFromScene(to_scene(at.x, at.y))
        hit = window.view.hit_at(QPointF(point))
        if hit is not None and hit.at.id == line:
            return point
    return window.view.mapFromScene(window.scene.line_midpoint(line))


def click(qtbot, window: MainWindow, point: QPoint,
          button: Qt.MouseButton = Qt.MouseButton.LeftButton) -> None:
    qtbot.mouseClick(window.view.viewport(), button, pos=point)


def status(window: MainWindow) -> str:
    return window.statusBar().currentMessage()


def button(window: MainWindow, prefix: str):
    """The command button whose label starts with ``prefix``."""
    (found,) = [b for label, b in window.controls.buttons.items() if label.startswith(prefix)]
    return found


def uncover(qtbot, window: MainWindow) -> None:
    """The next side at the screen presses its own button on the hot-seat cover."""
    if window.cover.isVisible():
        qtbot.mouseClick(window.cover.button, Qt.MouseButton.LeftButton)


def activate(qtbot, window: MainWindow) -> None:
    """Make ``window`` the active window, so its shortcuts fire (offscreen too)."""
    from PySide6.QtWidgets import QApplication

    window.windowHandle().requestActivate()
    qtbot.wait(20)
    if QApplication.activeWindow() is not window:
        QApplication.setActiveWindow(window)
    assert QApplication.activeWindow() is window


def shown_window(qtbot, session, speed: str = "off") -> MainWindow:
    """The board window on ``session``, shown at 1400×900 with the map fitted: how every
    window test starts."""
    w = MainWindow(session)
    w.set_speed(speed)
    qtbot.addWidget(w)
    w.resize(1400, 900)
    w.show()
    qtbot.waitExposed(w)
    uncover(qtbot, w)  # a game with secrets opens covered: its first side sits down
    w.view.fit()
    return w


def unit_point(window: MainWindow, item, unit: str) -> QPoint:
    """The middle of ``unit``'s counter in an opened stack."""
    from mineboard.qt.maps.items import StackItem, open_cell

    index = [u.id for u in item.units].index(unit)
    cell = open_cell(index, len(item.units), item.flip)
    s = StackItem.SIZE
    centre = QPointF(cell.left() + s / 2, cell.top() + s / 2)
    return window.view.mapFromScene(item.mapToScene(centre))


def log_lines(window: MainWindow) -> list[str]:
    """The log's lines, top to bottom, as the player reads them."""
    return [window.log.item(i).text() for i in range(window.log.count())]


def hover(window: MainWindow, place: str) -> None:
    """The pointer moved onto ``place``, as the window system sends it."""
    from PySide6.QtCore import QEvent
    from PySide6.QtGui import QMouseEvent
    from PySide6.QtWidgets import QApplication

    viewport = window.view.viewport()
    there = QPointF(window.view.mapFromScene(window.scene.anchors[place]))
    QApplication.sendEvent(viewport, QMouseEvent(
        QEvent.Type.MouseMove, there, QPointF(viewport.mapToGlobal(there)),
        Qt.MouseButton.NoButton, Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier))
