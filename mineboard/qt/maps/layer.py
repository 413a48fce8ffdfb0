"""The map's own art — hexes, zones, coasts, lines — as one item.

Drawn as thousands of items, a map costs a call per item on every repaint. A
:class:`MapLayer` is one item whose ``draw`` looks only at what lies in the exposed
rectangle, found through :class:`Buckets`: a pan paints the strip it uncovers, a change
repaints the rectangle it touches, and the work is proportional to that, never to the size
of the map. (Qt's ``DeviceCoordinateCache`` was tried and left out: on every scroll it
copies a whole screen-sized pixmap twice, which made pans cost twice what drawing the strip
does.)
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Hashable, Mapping
from typing import Generic, TypeVar

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

K = TypeVar("K", bound=Hashable)
Cell = tuple[int, int]


class Buckets(Generic[K]):
    """Keys filed by the cell of the board their box's centre falls in: the keys whose
    boxes may meet a rectangle are those of the cells around it, grown by the largest
    box's half size — so each key lives in one cell and is drawn once."""

    def __init__(self, boxes: Mapping[K, QRectF], cell: float) -> None:
        self.cell = cell
        self.boxes = dict(boxes)
        self.reach_x = max((b.width() / 2 for b in self.boxes.values()), default=0.0)
        self.reach_y = max((b.height() / 2 for b in self.boxes.values()), default=0.0)
        self.cells: dict[Cell, list[K]] = defaultdict(list)
        for key, box in self.boxes.items():
            self.cells[self.cell_of(box.center())].append(key)

    def cell_of(self, point: QPointF) -> Cell:
        return math.floor(point.x() / self.cell), math.floor(point.y() / self.cell)

    def cells_near(self, rect: QRectF) -> list[Cell]:
        grown = rect.adjusted(-self.reach_x, -self.reach_y, self.reach_x, self.reach_y)
        (x0, y0), (x1, y1) = self.cell_of(grown.topLeft()), self.cell_of(grown.bottomRight())
        if (x1 - x0 + 1) * (y1 - y0 + 1) > len(self.cells):
            return sorted(c for c in self.cells if x0 <= c[0] <= x1 and y0 <= c[1] <= y1)
        return [(i, j) for i in range(x0, x1 + 1) for j in range(y0, y1 + 1)
                if (i, j) in self.cells]

    def keys_in(self, rect: QRectF) -> list[K]:
        """The keys whose boxes meet ``rect``, each once (a box may be a bare point)."""
        return [k for c in self.cells_near(rect) for k in self.cells[c]
                if rect.intersects(self.boxes[k]) or rect.contains(self.boxes[k].topLeft())]


class MapLayer(QGraphicsItem):
    """One item for a map's art (see the module's note)."""

    def __init__(self, rect: QRectF) -> None:
        super().__init__()
        self._rect = rect
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        pixels = option.levelOfDetailFromTransform(painter.worldTransform())
        painter.save()  # the view does not (DontSavePainterState): hints must not leak
        self.draw(painter, option.exposedRect & self._rect, pixels)
        painter.restore()

    def draw(self, painter: QPainter, exposed: QRectF, pixels: float) -> None:
        """Paint what lies in ``exposed`` at ``pixels`` screen pixels per scene unit."""
        raise NotImplementedError
