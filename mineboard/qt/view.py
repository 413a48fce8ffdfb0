"""The map view: wheel and +/− zoom, fit, drag and arrow-key panning, clicks passed on; a
drag that starts on a stack its owner may move carries the stack instead of the map.

It tells its scene every change of zoom (:meth:`MapScene.set_view`): the scene's screen
items keep their size by it and its level of detail follows it.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QPoint, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QFocusEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QResizeEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import QGraphicsView, QWidget

from mineboard.qt.maps.scene import Hit, MapScene

DRAG_THRESHOLD = 5
ZOOM_STEP = 1.25
MIN_SCALE_OF_FIT, MAX_SCALE_OF_FIT = 0.5, 24.0


class BoardView(QGraphicsView):
    clicked = Signal(object, object)  # the Hit (None: empty sea or sky), the mouse button
    zoomed = Signal(float)
    picked_up = Signal(object, object)  # the Hit of the stack carried, the scene point
    carried = Signal(object, object)  # the Hit under the mouse (None: off the map), the point
    dropped = Signal(object)  # the Hit where the stack was let go (None: off the map)
    pointed = Signal(object)  # the place's Hit when the pointer enters another (None: off)

    def __init__(self, scene: MapScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.board_scene = scene
        self.setRenderHints(QPainter.RenderHint.Antialiasing
                            | QPainter.RenderHint.SmoothPixmapTransform)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setOptimizationFlags(QGraphicsView.OptimizationFlag.DontSavePainterState)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._press: QPoint | None = None
        self._dragging = False
        self._carrying = False
        self.may_carry: Callable[[Hit], bool] = lambda hit: False
        """Whether a drag from this hit carries the stack there (the window asks its
        controller); otherwise a drag pans."""
        self._fit_scale = 1.0
        self._fitted = True  # until the player zooms, the map follows the window's size
        self._pointed: str | None = None

    def show_board(self, scene: MapScene) -> None:
        """Another game's map in the same view: the window keeps its layout as it was."""
        self.board_scene = scene
        self.setScene(scene)
        self._pointed = None  # a place of the old map is no place of this one
        self.fit()

    # ---- zoom ------------------------------------------------------------------------------
    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self._fitted:
            self.fit(settle=False)  # a dock edge dragged: stacks move once it rests

    def fit(self, settle: bool = True) -> None:
        """The whole map in view. ``settle``: place stacks and markers clear of labels now
        (not while the view is not shown yet: its size is not final)."""
        self._fitted = True
        self.resetTransform()
        self.fitInView(self.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
        self._fit_scale = self.transform().m11()
        self._tell_scene(settle=settle and self.isVisible())
        self.zoomed.emit(1.0)

    def zoom_by(self, factor: float) -> None:
        self._fitted = False
        current = self.transform().m11() / self._fit_scale
        target = min(MAX_SCALE_OF_FIT, max(MIN_SCALE_OF_FIT, current * factor))
        self.scale(target / current, target / current)
        self._tell_scene()
        self.zoomed.emit(target)

    def _tell_scene(self, settle: bool = False) -> None:
        self.board_scene.set_view(self.transform().m11(), self.devicePixelRatioF(), settle)

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.DevicePixelRatioChange:  # moved to another screen
            self._tell_scene()
        return super().event(event)

    def wheelEvent(self, event: QWheelEvent) -> None:
        steps = event.angleDelta().y() / 120
        if steps:
            self.zoom_by(ZOOM_STEP ** steps)

    # ---- pan and click ---------------------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:
        if self._carrying:  # another button while a stack is carried: ignored
            event.accept()
            return
        if event.button() in (Qt.MouseButton.LeftButton, Qt.MouseButton.MiddleButton):
            self._press = event.position().toPoint()
            self._dragging = event.button() == Qt.MouseButton.MiddleButton
        elif event.button() == Qt.MouseButton.RightButton:
            self._emit_click(event.position(), event.button())
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        here = event.position().toPoint()
        if self._carrying:
            if not event.buttons() & Qt.MouseButton.LeftButton:  # its release went elsewhere
                self._put_back()
                return
            self.carried.emit(self._carry_hit(event.position()), self.mapToScene(here))
        elif self._press is not None:
            delta = here - self._press
            if not self._dragging and delta.manhattanLength() > DRAG_THRESHOLD:
                start = self.hit_at(QPointF(self._press))
                if start is not None and self.may_carry(start):
                    self._carrying = True
                    self.setCursor(Qt.CursorShape.ClosedHandCursor)
                    self.picked_up.emit(start, self.mapToScene(here))
                    return
            if self._dragging or delta.manhattanLength() > DRAG_THRESHOLD:
                self._dragging = True
                self.setCursor(Qt.CursorShape.ClosedHandCursor)
                self.pan_by(-delta.x(), -delta.y())
                self._press = here
        else:
            self.board_scene.hover(self.mapToScene(here))
            self._point(event.position())
        super().mouseMoveEvent(event)

    def leaveEvent(self, event: QEvent) -> None:
        self.board_scene.hover(None)
        self._point(None)
        super().leaveEvent(event)

    def _point(self, pos: QPointF | None) -> None:
        """Say which place the pointer is over, once per place entered, not per pixel (the
        route under the pointer is asked for there: docs/paths.md)."""
        hit = None if pos is None else self._carry_hit(pos)
        place = None if hit is None else hit.at.id
        if place != self._pointed:
            self._pointed = place
            self.pointed.emit(hit)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._carrying:
            if event.button() != Qt.MouseButton.LeftButton:
                event.accept()
                return  # only letting go of the left button drops the stack
            self.dropped.emit(self._carry_hit(event.position()))
        elif self._press is not None and not self._dragging \
                and event.button() == Qt.MouseButton.LeftButton:
            self._emit_click(event.position(), event.button())
        self._press = None
        self._dragging = self._carrying = False
        self.unsetCursor()
        event.accept()

    def _carry_hit(self, pos: QPointF) -> Hit | None:
        """Where a carried stack would go: a place in the view, never a way (letting go on a
        zone's border moves into the zone, it does not lay mines), nothing off the view."""
        if not QRectF(self.viewport().rect()).contains(pos):
            return None
        return self.board_scene.hit(self.mapToScene(pos.toPoint()), self.viewportTransform(),
                                    ways=False)

    def _put_back(self) -> None:
        self._carrying = self._dragging = False
        self._press = None
        self.unsetCursor()
        self.dropped.emit(None)

    def focusOutEvent(self, event: QFocusEvent) -> None:
        if self._carrying:  # a window over it, a menu: the stack goes back
            self._put_back()
        super().focusOutEvent(event)

    def _emit_click(self, pos: QPointF, button: Qt.MouseButton) -> None:
        self.clicked.emit(self.hit_at(pos), button)

    def hit_at(self, pos: QPointF) -> Hit | None:
        """What a click at ``pos`` (viewport pixels) means: the one way clicks are judged."""
        return self.board_scene.hit(self.mapToScene(pos.toPoint()), self.viewportTransform())

    def click_scene_point(self, scene_pos: QPointF,
                          button: Qt.MouseButton = Qt.MouseButton.LeftButton) -> None:
        """Click as a player would, at a point of the map (tests and keyboard use this)."""
        view_pos = self.mapFromScene(scene_pos)
        self._emit_click(QPointF(view_pos), button)

    def pan_by(self, dx: float, dy: float) -> None:
        """Move the map by screen pixels, as a drag or an arrow key does. The scroll bars
        move by whole pixels along the axes asked for: the view scrolls what it shows and
        paints only the strip uncovered (re-centring would drift by a pixel, making the
        strip a frame)."""
        for bar, step in ((self.horizontalScrollBar(), dx), (self.verticalScrollBar(), dy)):
            if round(step):
                bar.setValue(bar.value() + round(step))

    def keyPressEvent(self, event: QKeyEvent) -> None:
        step = 60
        key = Qt.Key(event.key())
        moves = {Qt.Key.Key_Left: (-step, 0), Qt.Key.Key_Right: (step, 0),
                 Qt.Key.Key_Up: (0, -step), Qt.Key.Key_Down: (0, step)}
        if key in moves:
            self.pan_by(*moves[key])
        elif key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.zoom_by(ZOOM_STEP)
        elif key == Qt.Key.Key_Minus:
            self.zoom_by(1 / ZOOM_STEP)
        else:
            super().keyPressEvent(event)
