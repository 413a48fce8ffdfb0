"""The Qt benchmarks of ``mineboard bench``: scene build, repaint, hit test, first frame."""

from __future__ import annotations

import os
import subprocess
import sys
import time

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QImage, QPainter, QTransform

from mineboard.bench import bench
from mineboard.maps.generate import hex_map_json
from mineboard.maps.geojson import hex_grid_from_header
from mineboard.maps.hexgrid import from_offset
from mineboard.qt.app import application
from mineboard.qt.maps.hexes import HexBoardScene

COUNTERS = 2000
TYPES = ("destroyer", "cruiser", "escort", "submarine", "battleship")
COLOURS = ("#5A5A5A", "#E69F00", "#0072B2")


def build_hex10k() -> HexBoardScene:
    application()
    doc = hex_map_json(100, 100)
    grid = hex_grid_from_header(doc["mineboard"], {}, [])
    assert grid is not None
    scene = HexBoardScene(grid)
    for i in range(COUNTERS):
        h = from_offset(i % 100, (i // 100) * 5, grid.offset)  # 2,000 distinct hexes
        scene.add_counter(h, TYPES[i % len(TYPES)], COLOURS[i % len(COLOURS)])
    return scene


_SCENE: list[HexBoardScene] = []


def _shared_scene() -> HexBoardScene:
    if not _SCENE:
        _SCENE.append(build_hex10k())
    return _SCENE[0]


@bench("scene_build_hex10k", runs=5, budget_ms=1000)
def scene_build_hex10k() -> float:
    start = time.perf_counter()
    scene = build_hex10k()
    scene.itemsBoundingRect()
    return time.perf_counter() - start


@bench("repaint_hex10k_1080p", runs=15, budget_ms=16.7)
def repaint_hex10k_1080p() -> float:
    """Everything on the board visible at once: the heaviest frame a player can ask for."""
    scene = _shared_scene()
    image = QImage(1920, 1080, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(0)
    painter = QPainter(image)
    painter.setRenderHints(QPainter.RenderHint.Antialiasing
                           | QPainter.RenderHint.SmoothPixmapTransform)
    start = time.perf_counter()
    scene.render(painter, QRectF(0, 0, 1920, 1080), scene.sceneRect(),
                 Qt.AspectRatioMode.KeepAspectRatio)
    elapsed = time.perf_counter() - start
    painter.end()
    if os.environ.get("MINEBOARD_BENCH_SAVE"):
        image.save(os.environ["MINEBOARD_BENCH_SAVE"])
    return elapsed


@bench("hit_test_hex10k", runs=50, budget_ms=1.0)
def hit_test_hex10k() -> float:
    scene = _shared_scene()
    rect = scene.sceneRect()
    points = [QPointF(rect.left() + rect.width() * (i * 0.137 % 1),
                      rect.top() + rect.height() * (i * 0.291 % 1)) for i in range(100)]
    start = time.perf_counter()
    for p in points:
        scene.itemAt(p, QTransform())
        scene.hex_at(p)
    return (time.perf_counter() - start) / len(points)


@bench("startup_first_frame", runs=3, budget_ms=2000)
def startup_first_frame() -> float:
    env = dict(os.environ, MINEBOARD_FIRST_FRAME_EXIT="1", QT_QPA_PLATFORM="offscreen",
               MINEBOARD_DATA_DIR=os.environ.get("MINEBOARD_DATA_DIR", "/tmp/mineboard-bench"))
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "mineboard", "play"], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert proc.stdout is not None
    for line in proc.stdout:
        if line.startswith("FIRST_FRAME"):
            break
    elapsed = time.perf_counter() - start
    proc.wait(timeout=30)
    return elapsed
