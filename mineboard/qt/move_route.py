"""The route of a move in progress on the map: the part walked, the part still planned, and
the place where the rules stopped it.

A move in progress is part of the game (core/moves.py), so every side sees it: the walked
part as a solid line in the mover's colour, the rest dashed as a planned route is, and a
stopped move's place ringed in red and crossed, with the clause that stopped it written by
it ("SR-3") — never colour alone. It is drawn apart from the pointer's planned route
(``MapScene.set_path``): a player may plan the next move while this one shows.
"""

from __future__ import annotations

import weakref

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainterPath

from mineboard.core.moves import MoveInProgress, move_of
from mineboard.qt import palette
from mineboard.qt.maps.items import PATH_Z, Overlay, TextItem, TextStyle, cosmetic
from mineboard.qt.maps.scene import CALLOUT_Z, MapScene

STOP_COLOUR = QColor("#D0021B")
STOP_LABEL = TextStyle(10, "#D0021B", heavy=True, pill=True)
STOP_SIZE = 0.32
"""The stop ring's radius, in the map's typical spacing of places (a hex's width)."""


class MoveRoute:
    """The three overlays and the clause label of one scene's move in progress.

    It holds its scene weakly: ``_ROUTES`` keeps it as long as the scene lives, and a value
    that held its key strongly would keep every scene a window ever showed alive.
    """

    def __init__(self, scene: MapScene) -> None:
        self._scene = weakref.ref(scene)
        self.done = Overlay()
        self.rest = Overlay()
        self.stop = Overlay()
        rest_pen = cosmetic(palette.PATH, 3)
        rest_pen.setStyle(Qt.PenStyle.DotLine)
        self.rest.setPen(rest_pen)
        self.stop.setPen(cosmetic(STOP_COLOUR, 4))
        for z, item in enumerate((self.rest, self.done, self.stop)):
            item.setZValue(PATH_Z + 0.1 * (z + 1))
            scene.addItem(item)
        self.label: TextItem | None = None
        self.shown: MoveInProgress | None = None

    @property
    def scene(self) -> MapScene:
        scene = self._scene()
        assert scene is not None, "a route outlived its scene"
        return scene

    def show(self, move: MoveInProgress | None) -> None:
        if move == self.shown:
            return
        self.shown = move
        self.done.setPath(self._line(move.taken if move else ()))
        self.rest.setPath(self._line(move.rest if move else ()))
        if move is not None:
            pen = cosmetic(self.scene.colour(move.side), 5)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            self.done.setPen(pen)
        self._mark(move)

    def _line(self, places: tuple[str, ...]) -> QPainterPath:
        path = QPainterPath()
        points = [self.scene.anchors[p] for p in places if p in self.scene.anchors]
        if len(points) > 1:
            path.moveTo(points[0])
            for point in points[1:]:
                path.lineTo(point)
        return path

    def _mark(self, move: MoveInProgress | None) -> None:
        if self.label is not None:
            self.scene.removeItem(self.label)
            self.label = None
        stop = move.stopped if move is not None else None
        centre = self.scene.anchors.get(stop.at) if stop is not None else None
        if stop is None or centre is None:
            self.stop.setPath(QPainterPath())
            return
        r = self.scene.spacing * STOP_SIZE
        path = QPainterPath()
        path.addEllipse(QRectF(centre.x() - r, centre.y() - r, 2 * r, 2 * r))
        d = r * 0.7
        path.moveTo(centre + QPointF(-d, -d))
        path.lineTo(centre + QPointF(d, d))
        path.moveTo(centre + QPointF(d, -d))
        path.lineTo(centre + QPointF(-d, d))
        self.stop.setPath(path)
        self.label = TextItem(f"stopped: {stop.clause}", STOP_LABEL, z=CALLOUT_Z)
        self.label.setPos(centre)
        self.label.set_shift(QPointF(0, -38))  # above: the counter's names are below it
        self.label.setToolTip(stop.text)
        self.scene.addItem(self.label)


_ROUTES: weakref.WeakKeyDictionary[MapScene, MoveRoute] = weakref.WeakKeyDictionary()


def show_move(scene: MapScene, view: object) -> MoveRoute:
    """Draw ``view``'s move in progress on ``scene`` (nothing, where there is none)."""
    route = _ROUTES.get(scene)
    if route is None:
        route = _ROUTES[scene] = MoveRoute(scene)
    route.show(move_of(view))
    return route
