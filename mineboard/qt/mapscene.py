"""What every map scene shares: anchors for places, owner colours, the planned path, the
selection, and the sinking animation (a picture only — it never touches the game)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

from PySide6.QtCore import QPointF, QVariantAnimation
from PySide6.QtGui import QColor, QPainterPath, QTransform
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPixmapItem, QGraphicsScene

from mineboard.core.places import PlaceRef
from mineboard.qt import palette
from mineboard.qt.art import counter_pixmap
from mineboard.qt.items import PathItem, StackItem

T = TypeVar("T")


class MapScene(QGraphicsScene):
    def __init__(self) -> None:
        super().__init__()
        self.anchors: dict[str, QPointF] = {}
        self.selected: set[str] = set()
        self.turn_order: list[str] = []
        self.markers: dict[tuple[str, str], QGraphicsItem] = {}
        self.stacks: dict[tuple[str, str], StackItem] = {}
        self.path_item = PathItem()
        self.addItem(self.path_item)

    def sync(self, store: dict[Any, T], keys: Iterable[Any],
             make: Callable[[Any], T]) -> dict[Any, T]:
        """Make ``store`` hold an item for exactly ``keys``: drop the stale, add the new.

        Scenes keep one item per (place, owner) and redraw it in place, rather than
        rebuilding the scene on every change.
        """
        wanted = list(keys)
        for key in [k for k in store if k not in wanted]:
            self.removeItem(store.pop(key))  # type: ignore[arg-type]
        for key in wanted:
            if key not in store:
                store[key] = make(key)
                self.addItem(store[key])  # type: ignore[arg-type]
        return store

    def colour(self, owner: str) -> QColor:
        return palette.nation_colour(owner, self.turn_order)

    def set_path(self, places: list[str]) -> None:
        path = QPainterPath()
        for i, place in enumerate(places):
            p = self.anchors[place]
            if i == 0:
                path.moveTo(p)
            else:
                path.lineTo(p)
        self.path_item.setPath(path)

    def set_eligible_lines(self, lines: set[str]) -> None:
        """Only area maps have lines to glow; other scenes ignore this."""

    def set_detail(self, zoom_of_fit: float) -> None:
        """Level of detail as the view zooms; nothing to change by default."""

    art_prefix = ""

    def art_for(self, unit_type: str) -> str:
        return self.art_prefix + unit_type

    def point_of(self, at: PlaceRef) -> QPointF | None:
        """Where on the scene ``at`` is drawn (None: not on this map)."""
        return self.anchors.get(at.id)

    def flash(self, at: PlaceRef | None, on: bool) -> None:
        """Light up ``at`` (a die that hit there, a log entry clicked); None clears all."""

    def reveal(self, at: PlaceRef, faces: Mapping[str, tuple[str, ...]], speed: str) -> None:
        """Counters at ``at`` turn face up; ``faces`` by owner."""

    def sink(self, at: PlaceRef, unit_type: str, owner: str, speed: str) -> None:
        """A lost ship slides down and fades where it was lost."""
        point = self.point_of(at)
        if speed == "off" or point is None:
            return
        pixmap = counter_pixmap(self.art_for(unit_type), self.colour(owner).name(), "",
                                StackItem.SIZE)
        ghost = QGraphicsPixmapItem(pixmap)
        ghost.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        ghost.setOffset(-StackItem.SIZE / 2 + 36, -StackItem.SIZE / 2)
        ghost.setPos(point)
        ghost.setZValue(10)
        self.addItem(ghost)
        anim = QVariantAnimation(self)
        anim.setDuration(900 if speed == "normal" else 350)
        anim.setStartValue(0.0)
        anim.setEndValue(1.0)

        def step(t: object) -> None:
            ghost.setOpacity(1.0 - float(t))  # type: ignore[arg-type]
            ghost.setTransform(QTransform.fromTranslate(0, 24 * float(t)))  # type: ignore[arg-type]

        anim.valueChanged.connect(step)
        anim.finished.connect(lambda: self.removeItem(ghost))
        anim.start(QVariantAnimation.DeletionPolicy.DeleteWhenStopped)
