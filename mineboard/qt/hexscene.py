"""Hex boards in a scene: one item draws the whole grid, counters are C++-painted pixmaps.

Ten thousand hexes as ten thousand Python items would make every repaint call back into
Python ten thousand times. Instead (the chips example's lesson, taken further) the grid is
one item holding one prebuilt path per terrain, drawn in a few C++ calls, and it drops the
outlines when hexes get too small to see.
"""

from __future__ import annotations

from collections import defaultdict

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPixmapItem,
    QGraphicsScene,
    QStyleOptionGraphicsItem,
    QWidget,
)

from mineboard.maps.hexgrid import Hex, HexGrid
from mineboard.qt.art import counter_pixmap

TERRAIN = {"sea": QColor("#CFE3F1"), "land": QColor("#EADFC2"), "shoal": QColor("#BFD8C9")}
OUTLINE_MIN_PIXELS = 6.0
LABEL_MIN_PIXELS = 22.0
SMOOTH_MIN_PIXELS = 14.0


class HexGridItem(QGraphicsItem):
    def __init__(self, grid: HexGrid) -> None:
        super().__init__()
        self.grid = grid
        x0, y0, x1, y1 = grid.pixel_bounds()
        self._rect = QRectF(x0, y0, x1 - x0, y1 - y0)
        corners = grid.layout.corner_offsets()
        fills: dict[str, QPainterPath] = defaultdict(QPainterPath)
        outline = QPainterPath()
        for h in grid.hexes():
            cx, cy = grid.layout.to_pixel(h)
            poly = QPolygonF([QPointF(cx + dx, cy + dy) for dx, dy in corners])
            terrain = grid.terrain(h)
            if terrain != grid.default_terrain:
                fills[terrain].addPolygon(poly)
            outline.addPolygon(poly)
        self.fills = dict(fills)
        self.outline = outline
        self.pen = QPen(QColor("#8FB0C8"), 0)  # cosmetic hairline
        self.labels = False
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.fillRect(self._rect, TERRAIN.get(self.grid.default_terrain, TERRAIN["sea"]))
        painter.setPen(QPen(QColor(0, 0, 0, 0), 0))
        for terrain, path in self.fills.items():
            painter.setBrush(TERRAIN.get(terrain, QColor("#DDDDDD")))
            painter.drawPath(path)
        lod = option.levelOfDetailFromTransform(painter.worldTransform())
        pixels = lod * self.grid.layout.size
        if pixels >= OUTLINE_MIN_PIXELS:
            # Small hexes: hairlines without antialiasing look the same and cost far less.
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, pixels >= SMOOTH_MIN_PIXELS)
            painter.setPen(self.pen)
            painter.setBrush(QColor(0, 0, 0, 0))
            painter.drawPath(self.outline)
        if self.labels and lod * self.grid.layout.size >= LABEL_MIN_PIXELS:
            self._paint_labels(painter, option.exposedRect)

    def _paint_labels(self, painter: QPainter, exposed: QRectF) -> None:
        """Hex numbers in the top corner of each visible hex, as on a printed map."""
        size = self.grid.layout.size
        font = QFont("DejaVu Sans")
        font.setPixelSize(max(1, round(size * 0.3)))
        painter.setFont(font)
        painter.setPen(QColor("#5E7D96"))
        for h in self.grid.hexes():
            x, y = self.grid.layout.to_pixel(h)
            if exposed.contains(x, y):
                painter.drawText(QRectF(x - size, y - size * 0.86, 2 * size, size * 0.5),
                                 Qt.AlignmentFlag.AlignCenter, self.grid.label(h))


class HexBoardScene(QGraphicsScene):
    """A hex board with counters; used by the hex rulesets and by the benchmarks."""

    def __init__(self, grid: HexGrid) -> None:
        super().__init__()
        self.grid = grid
        self.grid_item = HexGridItem(grid)
        self.addItem(self.grid_item)
        self.counters: list[QGraphicsPixmapItem] = []
        self.setSceneRect(self.grid_item.boundingRect())

    def add_counter(self, h: Hex, unit_type: str, colour: str) -> QGraphicsPixmapItem:
        size = round(self.grid.layout.size * 1.1)
        item = QGraphicsPixmapItem(counter_pixmap(unit_type, colour, "", size))
        x, y = self.grid.layout.to_pixel(h)
        item.setOffset(-size / 2, -size / 2)
        item.setPos(x, y)
        item.setZValue(1)
        item.setData(0, self.grid.label(h))
        self.addItem(item)
        self.counters.append(item)
        return item

    def hex_at(self, pos: QPointF) -> Hex | None:
        return self.grid.hex_at(pos.x(), pos.y())
