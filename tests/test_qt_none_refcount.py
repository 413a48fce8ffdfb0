"""PySide6 6.12.0 on Python 3.11 drops a reference to None on every void Qt call, and Python
aborts after a few thousand. pyproject pins around it; this catches the next release that
does the same."""

from __future__ import annotations

import sys

from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QGraphicsRectItem


def test_void_qt_calls_keep_none_alive(qapp):
    item = QGraphicsRectItem(0, 0, 10, 10)
    brush = QBrush(QColor("red"))
    before = sys.getrefcount(None)
    for _ in range(10_000):
        item.setBrush(brush)
        item.setPos(1.0, 2.0)
    after = sys.getrefcount(None)
    assert after >= before - 100, f"None lost {before - after} references"
