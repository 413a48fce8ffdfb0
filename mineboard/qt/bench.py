"""The Qt benchmarks of ``mineboard bench``: the game's own scenes, drawn as players see them.

Each board is a real game — a bundled scenario played on, or a scenario built here for a
generated map — drawn the way the window draws it: the ruleset's window code turns the
seat's view into a picture, the ruleset's scene shows it, and the window's
:class:`~mineboard.qt.view.BoardView` paints it in a 1920×1080 viewport. A frame is a whole
viewport repainted; a pan scrolls as a drag does and paints what the scroll exposed; a hit
test goes through the view's click path. Budgets are those of issue 11.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, QObject, QPointF, QSize
from PySide6.QtGui import QPaintEvent, QRegion

from mineboard.bench import bench
from mineboard.core.game import PUBLIC, Game
from mineboard.maps.generate import area_map_json, tactical_map_json
from mineboard.maps.model import NAVAL_LINE, SEA_ZONE
from mineboard.persistence.scenario import Scenario, scenario_from_data
from mineboard.qt.app import application
from mineboard.qt.maps.hexes import HexScene
from mineboard.qt.maps.picture import Picture
from mineboard.qt.maps.scene import MapScene
from mineboard.qt.plugin import RulesetUI
from mineboard.qt.registry import ui_for
from mineboard.qt.session import GameSession
from mineboard.qt.view import ZOOM_STEP, BoardView
from mineboard.resources import maps_dir, resolve_scenario

SCREEN = QSize(1920, 1080)
FRAME_MS, PAN_MS, HIT_MS, HIT_LARGE_MS = 16.7, 8.0, 0.1, 0.5
LABEL_ZOOM_PIXELS = 24.0
"""Hex size in screen pixels at which the hex scene is measured zoomed in: hex numbers show."""
ZOOM_OF_FIT = 4.0
"""How far into an area or star map the zoomed-in frames and pans look."""
PAN_FRACTION = 0.25
"""A pan moves the map a quarter of the screen's width, as a brisk drag does."""
HITS = 100


# ---- the games -----------------------------------------------------------------------------


_FOLDERS: list[tempfile.TemporaryDirectory[str]] = []


def _folder() -> Path:
    """A folder for a generated map, removed when the process ends."""
    _FOLDERS.append(tempfile.TemporaryDirectory(prefix="mineboard-bench-"))
    return Path(_FOLDERS[-1].name)


def _scenario(data: dict[str, Any], folder: Path, map_doc: dict[str, Any] | None = None
              ) -> Scenario:
    """``data`` as a scenario file beside its generated map would be read."""
    if map_doc is not None:
        (folder / "map.geojson").write_text(json.dumps(map_doc))
        data["map"] = "map.geojson"
    return scenario_from_data({"mineboard_scenario": 1, "title": "bench", **data},
                              "bench scenario", folder)


def _bundled(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(resolve_scenario(name).read_text())
    return data


GT_TYPES = ("dreadnought", "battlecruiser", "light_cruiser", "destroyer")


def tactical_game(cols: int = 100, rows: int = 100, stacks: int = 2000
                  ) -> tuple[Scenario, Game[Any]]:
    """A gwas-tactical battle on a generated board: ``stacks`` hexes hold ships, the
    Germans east of the middle, the British west, one stack in three of two ships."""
    doc = tactical_map_json(cols, rows)
    width = max(2, len(str(max(cols, rows))))
    rng = random.Random(11)
    cells = rng.sample([(c, r) for c in range(1, cols + 1) for r in range(1, rows + 1)],
                       stacks)
    ships = []
    for i, (c, r) in enumerate(cells):
        for k in range(1 + (i % 3 == 0)):
            ships.append({"id": f"s{i}-{k}", "side": "German" if c > cols // 2 else "British",
                          "type": GT_TYPES[(i + k) % len(GT_TYPES)],
                          "hex": f"{c:0{width}d}{r:0{width}d}"})
    data = {"ruleset": "gwas-tactical", "phase": "battle", "ships": ships,
            "sides": [{"name": "German"}, {"name": "British"}]}
    scenario = _scenario(data, _folder(), doc)
    return scenario, scenario.new_game(1)


EXAMPLE_1: list[dict[str, Any]] = [
    {"kind": "end_phase"}, {"kind": "end_phase"}, {"kind": "end_phase"},
    {"kind": "load_mines", "unit": "ger-escort-1", "count": 3},
    {"kind": "move", "units": ["ger-escort-1"], "path": ["113", "112"]},
    {"kind": "lay_mines", "unit": "ger-escort-1", "line": "110|112"}]
"""The seed's example 1 (docs/examples/example1.json): stored mines loaded, carried, laid."""


def northsea_game() -> tuple[Scenario, Game[Any]]:
    """North Sea 1940 mid-game: example 1 played (an Escort loads, sails and lays) with
    fields on a dozen more lines, so the map carries what a long game leaves on it."""
    data = _bundled("northsea-1940")
    board = _scenario(data, maps_dir() / "scenarios").board
    owners = [n["name"] for n in data["nations"]]
    lines = sorted(board.ways_of(NAVAL_LINE), key=lambda w: w.id)[::7][:12]
    data["minefields"] = data["minefields"] + [
        {"line": w.id, "owner": owners[i % len(owners)], "zone": w.a, "count": 2 + i % 5}
        for i, w in enumerate(lines) if w.id != "91|92"]
    scenario = _scenario(data, maps_dir() / "scenarios")
    game = scenario.new_game(3)
    for raw in EXAMPLE_1:
        game.play(game.ruleset.codec.parse(raw))
    return scenario, game


NL_TYPES = ("escort", "destroyer", "cruiser", "submarine", "battleship", "transport")


def area_game(zones: int) -> tuple[Scenario, Game[Any]]:
    """naval-lines mid-game on a generated map of ``zones`` places: three nations with
    capitals, most sea zones controlled, ships in one zone in ten, fields on one line in
    twenty."""
    doc = area_map_json(zones, capitals=3)
    folder = _folder()
    nations = [("Germany", "Axis", "L9"), ("United Kingdom", "Allies", "L19"),
               ("France", "Allies", "L29")]
    sea = [f["id"] for f in doc["features"] if f["properties"]["kind"] == SEA_ZONE]
    rng = random.Random(5)
    units = [{"nation": nations[i % 3][0], "type": NL_TYPES[i % len(NL_TYPES)], "zone": z,
              "count": 1 + i % 4} for i, z in enumerate(rng.sample(sea, len(sea) // 10))]
    data: dict[str, Any] = {
        "ruleset": "naval-lines", "phase": "combat_move",
        "nations": [{"name": n, "side": s, "capital": c, "ipcs": 30} for n, s, c in nations],
        "control": {z: nations[i % 3][0] for i, z in enumerate(sea) if i % 5},
        "units": units}
    scenario = _scenario(data, folder, doc)
    lines = sorted(scenario.board.ways_of(NAVAL_LINE), key=lambda w: w.id)[::20]
    data["minefields"] = [{"line": w.id, "owner": nations[i % 3][0], "zone": w.a,
                           "count": 1 + i % 6} for i, w in enumerate(lines)]
    scenario = _scenario(data, folder)
    return scenario, scenario.new_game(1)


def imperium_game() -> tuple[Scenario, Game[Any]]:
    """The Marches in the first action segment, with the bundled scenario's minefields."""
    scenario = _scenario(_bundled("imperium-marches"), maps_dir() / "scenarios")
    game = scenario.new_game(1)
    for _ in range(len(game.observe(PUBLIC).view.sides)):
        game.play(game.ruleset.codec.parse({"kind": "end_phase"}))
    return scenario, game


# ---- the screen ----------------------------------------------------------------------------


class _PaintLog(QObject):
    """The regions the viewport painted (a pan must paint only the strip it uncovers)."""

    def __init__(self) -> None:
        super().__init__()
        self.regions: list[QRegion] = []

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            assert isinstance(event, QPaintEvent)
            self.regions.append(QRegion(event.region()))
        return False


@dataclass
class Screen:
    """One game's board as the window shows it: the ruleset's scene class and picture of
    the seat's view, in the window's view, 1920×1080."""

    scene: MapScene
    view: BoardView
    paints: _PaintLog
    picture: Callable[[], Picture]
    """The picture of the game as it stands (the ruleset's picture of the seat's view)."""
    at: str = ""
    """Where the view looks now (a key of ZOOMS)."""
    sign: int = 1
    """Pans and zoom steps go back and forth, so they never run into the map's edge."""

    @classmethod
    def of(cls, scenario: Scenario, game: Game[Any]) -> Screen:
        application()
        session = GameSession(scenario, game)
        session.autosave_enabled = False
        ui: RulesetUI[Any] = ui_for(game.ruleset.id)
        return cls.showing(ui.make_scene(scenario.board), lambda: ui.draw(session.view()))

    @classmethod
    def showing(cls, scene: MapScene, picture: Callable[[], Picture]) -> Screen:
        """``scene`` in the window's view, showing ``picture``."""
        application()
        view = BoardView(scene)
        view.setFrameShape(BoardView.Shape.NoFrame)  # the viewport is the whole 1920×1080
        view.resize(SCREEN)
        view.show()
        paints = _PaintLog()
        view.viewport().installEventFilter(paints)
        screen = cls(scene, view, paints, picture)
        screen.refresh()
        screen.look("fit")
        return screen

    def refresh(self) -> None:
        """Draw the game as the window does after every change: the seat's view, as the
        ruleset's picture, shown by the scene."""
        self.scene.show(self.picture())

    def settle(self) -> None:
        """Let the view paint whatever is pending, so the next timing starts clean."""
        application().processEvents()
        self.paints.regions.clear()

    def look(self, zoom: str) -> None:
        """Fit the map, zoom as the player does (the view's own zoom) to ``zoom``, and look
        at the middle of the map."""
        self.view.fit()
        factor = ZOOMS[zoom](self)
        if factor != 1.0:
            self.view.zoom_by(factor)
            self.view.centerOn(self.scene.sceneRect().center())
        self.at = zoom
        self.settle()

    def frame(self) -> float:
        """The whole viewport painted, as after an expose or a change everywhere."""
        start = time.perf_counter()
        self.view.viewport().repaint()
        return time.perf_counter() - start

    def zoom_step(self) -> float:
        """One wheel notch, in and out by turns, and the frame it paints."""
        self.settle()
        self.sign = -self.sign
        start = time.perf_counter()
        self.view.zoom_by(ZOOM_STEP ** self.sign)
        self.view.viewport().repaint()
        return time.perf_counter() - start

    def pan(self, fraction: float = PAN_FRACTION) -> float:
        """Scroll by ``fraction`` of the screen's width, as a drag does, and paint what it
        uncovered (the event loop's next update)."""
        self.settle()
        self.sign = -self.sign
        start = time.perf_counter()
        self.view.pan_by(self.sign * SCREEN.width() * fraction, 0)
        application().processEvents()
        return time.perf_counter() - start

    def hit(self) -> float:
        """Seconds a click takes to be understood (the view's click path), averaged over
        points all over the screen."""
        points = spread_points()
        start = time.perf_counter()
        for p in points:
            self.view.hit_at(p)
        return (time.perf_counter() - start) / len(points)


def spread_points(count: int = HITS) -> list[QPointF]:
    """Points a player might click, all over the screen."""
    return [QPointF(SCREEN.width() * ((i * 0.137) % 1), SCREEN.height() * ((i * 0.291) % 1))
            for i in range(count)]


ASL_SIDES = ("Germans", "Americans")
ASL_UNITS = (("asl-squad", "Squad"), ("asl-half-squad", "Half-squad"), ("asl-leader", "Leader"),
             ("asl-tank", "Tank"), ("asl-squad", "Squad"), ("asl-halftrack", "Halftrack"))


def asl_field_screen(across: int = 4, down: int = 5, stacks: int = 240,
                     mines: int = 30) -> Screen:
    """Issue 27's battlefield: ``across`` × ``down`` geomorphic boards (4 × 5: 6,450 hexes,
    every one with its terrain, built in memory from the two bundled boards' designs) with
    ``stacks`` stacks of infantry, leaders and vehicles of two sides (one to three units
    each, the Germans east of the middle) and ``mines`` visible A-T mine counters.

    The asl-minefields window code is not on this branch yet, so the picture of a mid-game
    view is made here as it would make it: the same scene, counters and markers. Once it
    is, this should draw a real game through it, as the other boards do."""
    from PySide6.QtGui import QColor

    from mineboard.maps.geojson import board_from_json
    from mineboard.maps.geomorphic import field_json
    from mineboard.qt.maps.picture import CounterMark, Face, StackMark, UnitMark
    from mineboard.qt.palette import nation_colour

    application()
    board = board_from_json(field_json(across, down), "bench battlefield")
    grid = board.grid
    assert grid is not None
    scene = HexScene(board, lambda owner: QColor(nation_colour(owner, list(ASL_SIDES))))
    rng = random.Random(27)
    hexes = sorted(grid.hexes())
    middle = sum(grid.layout.to_pixel(h)[0] for h in hexes) / len(hexes)
    marks = []
    for i, h in enumerate(rng.sample(hexes, stacks)):
        side = ASL_SIDES[grid.layout.to_pixel(h)[0] > middle]
        units = tuple(UnitMark(f"u{i}-{k}", *ASL_UNITS[(i + k) % len(ASL_UNITS)])
                      for k in range(1 + i % 3))
        marks.append(StackMark(grid.label(h), side, units))
    counters = [CounterMark(board.ref(grid.label(h)), ASL_SIDES[0], (Face("A-T", up=True),))
                for h in rng.sample(hexes, mines)]
    picture = Picture(owners=ASL_SIDES, stacks=marks, counters=counters)
    return Screen.showing(scene, lambda: picture)


def awaw_europe_screen() -> Screen:
    """awaw-naval's Europe map (108 × 67 hexes: sea, coast, land, virtual; 109 ports,
    straits, canals, rivers, fronts, boxes), drawn by the shared hex scene with no ships:
    the frame budget is the map's own (issue 28). Once the awaw-naval window lands, this
    should draw a game through it, as the other boards do."""
    from PySide6.QtGui import QColor

    from mineboard.maps.loading import bundled_board
    from mineboard.qt.maps.picture import Picture

    application()
    board = bundled_board("awaw-europe", "bench")
    scene = HexScene(board, lambda owner: QColor("#808080"))
    return Screen.showing(scene, lambda: Picture(owners=("Allies", "Axis")))


def bundled_game(name: str) -> tuple[Scenario, Game[Any]]:
    scenario = _scenario(_bundled(name), maps_dir() / "scenarios")
    return scenario, scenario.new_game(1)


BOARDS: dict[str, Callable[[], tuple[Scenario, Game[Any]]]] = {
    "hex10k": tactical_game,
    "northsea": northsea_game,
    "area300": lambda: area_game(300),
    "area3000": lambda: area_game(3000),
    "stars": imperium_game,
    "jutland": lambda: bundled_game("jutland-horns-reef"),
}
SCREENS: dict[str, Callable[[], Screen]] = {"asl20": asl_field_screen,
                                            "awaw_europe": awaw_europe_screen}
"""Boards shown without a game of their own (see :func:`asl_field_screen`)."""
LARGE = ("hex10k", "area3000", "asl20", "awaw_europe")
SCALE_ONLY: dict[str, Callable[[], tuple[Scenario, Game[Any]]]] = {
    "area1000": lambda: area_game(1000),
    "hex2500": lambda: tactical_game(50, 50, 500),
}
"""Boards drawn only as points of the scale curves (a fitted frame each)."""
BOARDS.update(SCALE_ONLY)
SCALE: dict[str, tuple[str, float]] = {
    "area300": ("frame, whole map in view: places", 300),
    "area1000": ("frame, whole map in view: places", 1000),
    "area3000": ("frame, whole map in view: places", 3000),
    "jutland": ("frame, whole map in view: hexes", 600),
    "hex2500": ("frame, whole map in view: hexes", 2500),
    "hex10k": ("frame, whole map in view: hexes", 10_000),
}
"""The fitted frames that are points of a scale curve (``mineboard bench --chart``)."""


@cache
def screen(name: str) -> Screen:
    """The board ``name`` on screen, built once per process."""
    if name in SCREENS:
        return SCREENS[name]()
    return Screen.of(*BOARDS[name]())


def _label_zoom(s: Screen) -> float:
    assert isinstance(s.scene, HexScene)
    return LABEL_ZOOM_PIXELS / s.scene.grid.layout.size / s.view.transform().m11()


ZOOMS: dict[str, Callable[[Screen], float]] = {
    "fit": lambda s: 1.0,
    "labels": _label_zoom,
    "mid": lambda s: 2.5,
    "near": lambda s: ZOOM_OF_FIT,
}
"""Where a benchmark looks, as a factor of the fitted zoom: the whole map; hex numbers just
readable (hexes LABEL_ZOOM_PIXELS across); part way in; well in."""


# ---- the benchmarks ------------------------------------------------------------------------

MEASURES: dict[str, Callable[[Screen], float]] = {
    "frame": Screen.frame, "zoom": Screen.zoom_step, "pan": Screen.pan, "hit": Screen.hit}
SAMPLES: dict[str, tuple[Callable[[], float], float]] = {}
"""name → (one sample in seconds, budget in ms): the screen benchmarks, for the tests."""


def _register(kind: str, board: str, zoom: str, budget: float, runs: int) -> None:
    def sample() -> float:
        s = screen(board)
        if s.at != zoom or kind == "zoom":  # a zoom step starts from its zoom each time
            s.look(zoom)
        return MEASURES[kind](s)

    name = f"{kind}_{board}_{zoom}"
    SAMPLES[name] = (sample, budget)
    scale = SCALE.get(board) if (kind, zoom) == ("frame", "fit") else None
    bench(name, runs=runs, budget_ms=budget, scale=scale)(sample)


for _board, _zooms in (("hex10k", ("fit", "labels")), ("northsea", ("fit", "near")),
                       ("area300", ("fit", "near")), ("area3000", ("fit", "near")),
                       ("stars", ("fit", "near")), ("jutland", ("fit",)),
                       ("asl20", ("fit", "near")), ("awaw_europe", ("fit", "labels"))):
    for _zoom in _zooms:
        _register("frame", _board, _zoom, FRAME_MS, 9)
        _register("hit", _board, _zoom, HIT_LARGE_MS if _board in LARGE else HIT_MS, 9)
        if _zoom != "fit":  # fitted, the whole map shows: there is nowhere to pan
            _register("pan", _board, _zoom, PAN_MS, 9)
    _register("zoom", _board, _zooms[-1], FRAME_MS, 8)
    if _board in LARGE:
        _register("pan", _board, "mid", PAN_MS, 9)


for _board in SCALE_ONLY:
    _register("frame", _board, "fit", FRAME_MS, 5)


@bench("scene_build_hex10k", runs=3, budget_ms=1000)
def scene_build_hex10k() -> float:
    """The tactical scene of 10,000 hexes built and its 2,000 stacks shown."""
    scenario, game = BOARDS["hex10k"]()
    start = time.perf_counter()
    Screen.of(scenario, game)
    return time.perf_counter() - start


@bench("startup_first_frame", runs=5, budget_ms=600)
def startup_first_frame() -> float:
    env = dict(os.environ, MINEBOARD_FIRST_FRAME_EXIT="1", QT_QPA_PLATFORM="offscreen",
               MINEBOARD_DATA_DIR=os.environ.get("MINEBOARD_DATA_DIR", "/tmp/mineboard-bench"))
    # A player's Python keeps the compiled modules (a wheel's install compiles them); a
    # shell that forbids writing them would time compiling the program on every start.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
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
