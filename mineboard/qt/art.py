"""Counter art: SVG silhouettes from ``assets/art/units`` drawn on a nation-coloured square.

Pixmaps are rendered once per (unit type, nation, size) and cached, so painting a stack is
a blit — the chips example's lesson for a scene with thousands of counters.
"""

from __future__ import annotations

from functools import cache

from PySide6.QtCore import QByteArray, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen, QPixmap
from PySide6.QtSvg import QSvgRenderer

from mineboard.qt.palette import ink_for
from mineboard.resources import assets_dir


@cache
def _svg_text(name: str) -> str:
    path = assets_dir() / "art" / "units" / f"{name}.svg"
    if not path.exists():
        path = assets_dir() / "art" / "units" / "back.svg"
    return path.read_text(encoding="utf-8")


@cache
def silhouette(name: str, ink: str) -> QSvgRenderer:
    return QSvgRenderer(QByteArray(_svg_text(name).replace("INK", ink).encode()))


@cache
def counter_pixmap(unit_type: str, colour: str, label: str, size: int,
                   ratio: float = 1.0) -> QPixmap:
    """A square counter: nation colour, silhouette, type name along the bottom."""
    px = round(size * ratio)
    pixmap = QPixmap(px, px)
    pixmap.setDevicePixelRatio(ratio)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    back = QColor(colour)
    ink = ink_for(back)
    rect = QRectF(0.5, 0.5, size - 1, size - 1)
    painter.setPen(QPen(back.darker(170), 1))
    painter.setBrush(back)
    painter.drawRoundedRect(rect, size * 0.12, size * 0.12)
    silhouette(unit_type, ink.name()).render(painter, QRectF(size * 0.08, -size * 0.06,
                                                             size * 0.84, size * 0.84))
    if label:
        font = QFont("DejaVu Sans", max(6, round(size * 0.2)))
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(ink)
        painter.drawText(QRectF(0, size * 0.66, size, size * 0.32),
                         Qt.AlignmentFlag.AlignCenter, label)
    painter.end()
    return pixmap
