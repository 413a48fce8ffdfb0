"""Draw the application icon's PNG sizes (and the Windows .ico) from assets/icons/mineboard.svg.

    .venv/bin/python packaging/icons.py

The PNGs are kept in assets/icons/ so that the program sets its window icon without
loading Qt's SVG module, and the bundle and the desktop file take them from there.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ICONS = ROOT / "assets" / "icons"
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


def main() -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    app = QGuiApplication(sys.argv[:1])  # noqa: F841  (Qt paints only with an application)
    renderer = QSvgRenderer(str(ICONS / "mineboard.svg"))
    if not renderer.isValid():
        print("packaging/icons.py: assets/icons/mineboard.svg cannot be read", file=sys.stderr)
        return 1
    for size in SIZES:
        image = QImage(size, size, QImage.Format.Format_ARGB32)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter)
        painter.end()
        image.save(str(ICONS / f"mineboard-{size}.png"))
        if size == 256:  # Windows takes one .ico; Qt's image plugins write it
            image.save(str(ICONS / "mineboard.ico"))
    print(f"wrote {len(SIZES)} PNG sizes and mineboard.ico in {ICONS}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
