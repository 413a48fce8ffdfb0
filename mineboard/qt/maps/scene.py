"""What every map scene does, whatever the map: draw a picture, mark a route and targets,
flash a place, turn counters over, sink a unit, and say what a click at a point means.

The scene mirrors the model (Orange canvas style): one item per (place, owner) kept in a
dictionary and redrawn in place; it is told what to show and never changes the game.
Subclasses know their kind of map — where a place is, how its items look — and nothing of
any ruleset.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from PySide6.QtCore import QPointF, Qt, QVariantAnimation
from PySide6.QtGui import QColor, QPainterPath, QTransform
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPixmapItem, QGraphicsScene

from mineboard.core.places import PlaceRef
from mineboard.maps.model import BoardMap
from mineboard.qt.art import counter_pixmap
from mineboard.qt.maps.items import MarkerItem, PathItem, StackItem
from mineboard.qt.maps.picture import Face, Picture

T = TypeVar("T")
_SHAPE = Qt.ItemSelectionMode.IntersectsItemShape
_TOP_FIRST = Qt.SortOrder.DescendingOrder
Colours = Callable[[str], QColor]
"""Owner → colour, from the ruleset's palette."""


@dataclass(frozen=True)
class Hit:
    """What a click at a point means: a place or way, and the owner whose stack was hit."""

    at: PlaceRef
    owner: str | None = None


class MapScene(QGraphicsScene):
    map_kind: ClassVar[str] = ""

    def __init__(self, board: BoardMap, colours: Colours) -> None:
        super().__init__()
        self.board = board
        self.colours = colours
        self.anchors: dict[str, QPointF] = {}
        self.stacks: dict[tuple[str, str], StackItem] = {}
        self.markers: dict[tuple[str, str], MarkerItem] = {}
        self.selected: set[str] = set()
        self.picture = Picture()
        self.path_item = PathItem()
        self.addItem(self.path_item)

    # ---- the picture -------------------------------------------------------------------
    def show(self, picture: Picture) -> None:
        """Redraw everything dynamic from ``picture`` (made from a side's view)."""
        self.picture = picture
        order = {o: i for i, o in enumerate(picture.owners)}
        stacks = {(s.place, s.owner): s for s in picture.stacks if s.place in self.anchors}
        self._sync(self.stacks, stacks, lambda key: StackItem(key[0], key[1],
                                                               self.colours(key[1])))
        per_place: dict[str, int] = {}
        for key in sorted(stacks, key=lambda k: (k[0], order.get(k[1], 99))):
            mark, item = stacks[key], self.stacks[key]
            index = per_place.get(mark.place, 0)
            per_place[mark.place] = index + 1
            item.set_units(mark.units, sum(1 for u in mark.units if u.id in self.selected))
            item.setPos(self.anchors[mark.place])
            offset = self.stack_offset(index, order.get(mark.owner, 0))
            item.setTransform(QTransform.fromTranslate(offset.x(), offset.y()))
            item.setToolTip(mark.tip)
        counters = {(c.at.id, c.owner): c for c in picture.counters}
        self._sync(self.markers, counters,
                   lambda key: MarkerItem(counters[key].at, key[1], self.colours(key[1])))
        per_at: dict[str, int] = {}
        totals: dict[str, int] = {}
        for cmark in counters.values():
            totals[cmark.at.id] = totals.get(cmark.at.id, 0) + 1
        for key in sorted(counters, key=lambda k: (k[0], order.get(k[1], 99))):
            cmark, marker = counters[key], self.markers[key]
            index = per_at.get(cmark.at.id, 0)
            per_at[cmark.at.id] = index + 1
            base = self.marker_anchor(cmark.at)
            if base is None:
                continue
            marker.faces, marker.count, marker.revealed = cmark.faces, cmark.count, None
            marker.setPos(base)
            offset = self.marker_offset(cmark.at, index, totals[cmark.at.id],
                                        order.get(cmark.owner, 0))
            marker.setTransform(QTransform.fromTranslate(offset.x(), offset.y()))
            marker.setToolTip(cmark.tip)
            marker.update()
        self.show_places(picture)

    def show_places(self, picture: Picture) -> None:
        """Tints and tooltips of the map's own items (holders, marked ways)."""

    def stack_offset(self, index: int, order: int) -> QPointF:
        """Where the ``index``-th stack at a place sits, from the place's anchor."""
        return QPointF(0, 0)

    def marker_anchor(self, at: PlaceRef) -> QPointF | None:
        return self.anchors.get(at.id)

    def marker_offset(self, at: PlaceRef, index: int, count: int, order: int) -> QPointF:
        """Where the ``index``-th of ``count`` owners' markers at ``at`` sits."""
        return QPointF(0, 0)

    def _sync(self, store: dict[Any, T], keys: Iterable[Any],
              make: Callable[[Any], T]) -> None:
        """Make ``store`` hold an item for exactly ``keys``: drop the stale, add the new."""
        wanted = set(keys)
        for key in [k for k in store if k not in wanted]:
            self.removeItem(store.pop(key))  # type: ignore[arg-type]
        for key in wanted:
            if key not in store:
                store[key] = make(key)
                self.addItem(store[key])  # type: ignore[arg-type]

    def set_selected(self, units: set[str]) -> None:
        self.selected = set(units)
        for item in self.stacks.values():
            item.set_units(item.units, sum(1 for u in item.units if u.id in self.selected))

    # ---- overlays driven by the interactions --------------------------------------------
    def set_path(self, places: Iterable[str]) -> None:
        path = QPainterPath()
        for i, place in enumerate(p for p in places if p in self.anchors):
            point = self.anchors[place]
            if i == 0:
                path.moveTo(point)
            else:
                path.lineTo(point)
        self.path_item.setPath(path)

    def set_targets(self, targets: Iterable[PlaceRef]) -> None:
        """Light up where a click would be legal (lines to mine, hexes to place on)."""

    def flash(self, at: PlaceRef | None, on: bool) -> None:
        """Light up ``at`` (a die that hit there, a log entry clicked); None clears all."""

    def set_detail(self, zoom_of_fit: float) -> None:
        """Level of detail as the view zooms; nothing to change by default."""

    def colour(self, owner: str) -> QColor:
        return self.colours(owner)

    def point_of(self, at: PlaceRef) -> QPointF | None:
        """Where on the scene ``at`` is drawn (None: not on this map)."""
        return self.anchors.get(at.id)

    def hit(self, pos: QPointF, view_transform: QTransform) -> Hit | None:
        """What a click at ``pos`` means: the topmost stack, marker or place item there."""
        for item in self.items(pos, _SHAPE, _TOP_FIRST, view_transform):
            found = self.hit_item(item)
            if found is not None:
                return found
        return self.hit_background(pos)

    def hit_item(self, item: QGraphicsItem) -> Hit | None:
        if isinstance(item, StackItem):
            return Hit(self.board.ref(item.place), item.owner)
        if isinstance(item, MarkerItem):
            return Hit(item.at)
        return None

    def hit_background(self, pos: QPointF) -> Hit | None:
        return None

    # ---- animations (pictures only: they never touch the game) --------------------------
    def reveal(self, at: PlaceRef, faces: Mapping[str, tuple[str, ...]], speed: str) -> None:
        """Counters at ``at`` turn over to their faces: squash to the edge, show them."""
        for owner, shown in faces.items():
            item = self.markers.get((at.id, owner))
            if item is None:
                continue
            up = tuple(Face(text, up=True) for text in shown)
            if speed == "off":
                item.revealed = up
                item.update()
                continue
            anim = QVariantAnimation(self)
            anim.setDuration(500 if speed == "normal" else 200)
            anim.setStartValue(1.0)
            anim.setEndValue(-1.0)

            def step(t: object, item: MarkerItem = item, up: tuple[Face, ...] = up) -> None:
                value = float(t)  # type: ignore[arg-type]
                if value < 0:
                    item.revealed = up  # past the edge: the faces are up
                item.flip = value
                item.update()

            anim.valueChanged.connect(step)
            anim.finished.connect(lambda item=item: step(1.0, item))
            anim.start(QVariantAnimation.DeletionPolicy.DeleteWhenStopped)

    def sink(self, at: PlaceRef, art: str, owner: str, speed: str) -> None:
        """A lost unit slides down and fades where it was lost."""
        point = self.point_of(at)
        if speed == "off" or point is None:
            return
        pixmap = counter_pixmap(art, self.colour(owner).name(), "", StackItem.SIZE)
        ghost = QGraphicsPixmapItem(pixmap)
        ghost.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        ghost.setOffset(-StackItem.SIZE / 2, -StackItem.SIZE / 2)
        ghost.setPos(point)
        ghost.setZValue(10)
        self.addItem(ghost)
        anim = QVariantAnimation(self)
        anim.setDuration(900 if speed == "normal" else 350)
        anim.setStartValue(0.0)
        anim.setEndValue(1.0)

        def step(t: object) -> None:
            value = float(t)  # type: ignore[arg-type]
            ghost.setOpacity(1.0 - value)
            ghost.setTransform(QTransform.fromTranslate(0, 24 * value))

        anim.valueChanged.connect(step)
        anim.finished.connect(lambda: self.removeItem(ghost))
        anim.start(QVariantAnimation.DeletionPolicy.DeleteWhenStopped)
