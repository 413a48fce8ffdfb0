"""Two original geomorphic boards for the tactical land games (asl-minefields), as data, and
the battlefields made of them.

Each board is 33 × 10 hexes (columns A–GG, rows 1–10, flat-topped, odd columns half a hex
lower), drawn by hand as a character grid of base terrain with roads, runways, bridges,
sewer access, ice, walls and hedges listed by hex label. Like printed geomorphic boards
they join on any long edge: the outer columns A and GG are open ground, crossed only by the
paved road in row 5, and a board placed beside another shares that edge column with it
(the half hexes of a printed seam: board 1's GG5 is board 2's A5).

:func:`two_boards_json` is the bundled map ``maps/asl-two-boards.geojson``
(``tools/build_asl_boards.py`` writes it); :func:`battlefield_json` lays any number of
boards in a rectangle (the benchmark's 4 × 5 battlefield is built in memory, never shipped).
The file paints what a designer paints in a GIS: each stretch of woods, each building,
the stream, the pond as a polygon snapped to the hexes; roads as lines from hex centre to
hex centre; walls and hedges as named sets of hexsides; bridges, sewer access, ice and the
inner hexes of large buildings hex by hex.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from mineboard.maps.hex_labels import column_letters, read
from mineboard.maps.hexgrid import Board, HexGrid, Layout, from_offset

COLS, ROWS = 33, 10
SIZE = 30.0
"""Centre to corner in board units (the demo board's size)."""
ROAD_ROW = 4
"""The row (0-based) where the paved road crosses both long edges: boards join anywhere."""

TERRAIN_OF = {".": "open", "w": "woods", "b": "building", "m": "marsh", "c": "crag",
              "r": "rubble", "s": "stream", "p": "pond"}
"""The characters of a design's grid and the base terrain each stands for."""
BASE_TERRAINS = tuple(TERRAIN_OF.values())
HEX_FEATURES = ("interior", "paved_road", "road", "bridge", "runway", "sewer", "ice")
SIDE_FEATURES = ("wall", "hedge")

Cell = tuple[int, int]
"""A board's own column and row, 0-based."""


def cell(label: str) -> Cell:
    """A design's own label ('Q3') as its column and row."""
    found = read("letter-number", label, 2)
    if found is None or not (0 <= found[0] < COLS and 0 <= found[1] < ROWS):
        raise ValueError(f"{label!r} is no hex of a 33 × 10 board")
    return found


def name_of(c: Cell, prefix: str = "") -> str:
    return f"{prefix}{column_letters(c[0])}{c[1] + 1}"


def neighbours(c: Cell) -> list[Cell]:
    """The hexes next to ``c`` on its board (odd-q: odd columns lie half a hex lower)."""
    col, row = c
    up, down = (row - 1, row) if col % 2 == 0 else (row, row + 1)
    found = [(col, row - 1), (col, row + 1), (col - 1, up), (col - 1, down), (col + 1, up),
             (col + 1, down)]
    return [(x, y) for x, y in found if 0 <= x < COLS and 0 <= y < ROWS]


@dataclass(frozen=True)
class Design:
    """One board as its designer drew it (labels are the board's own, without prefix)."""

    title: str
    grid: tuple[str, ...]
    """Ten rows of 33 characters, row 1 first: the base terrain (:data:`TERRAIN_OF`)."""
    paved: tuple[tuple[str, ...], ...] = ()
    """Paved roads, each the hexes it runs through from centre to centre."""
    roads: tuple[tuple[str, ...], ...] = ()
    """Unpaved roads and farm tracks, likewise."""
    runway: tuple[str, ...] = ()
    sewer: tuple[str, ...] = ()
    ice: tuple[str, ...] = ()
    walls: dict[str, tuple[tuple[str, str], ...]] = field(default_factory=dict)
    """Name → the hexsides (pairs of neighbouring hexes) the wall runs along."""
    hedges: dict[str, tuple[tuple[str, str], ...]] = field(default_factory=dict)
    names: dict[str, str] = field(default_factory=dict)
    """A hex → the name of the wood, building or water it lies in (the GIS layer shows it)."""

    def terrain(self, c: Cell) -> str:
        return TERRAIN_OF[self.grid[c[1]][c[0]]]

    def cells(self) -> Iterator[Cell]:
        for col in range(COLS):
            for row in range(ROWS):
                yield col, row

    def areas(self) -> list[tuple[str, list[Cell]]]:
        """Each stretch of one base terrain other than open ground (hexes joined through
        their sides), in reading order of its first hex: what the designer paints."""
        seen: set[Cell] = set()
        out = []
        for start in sorted(self.cells(), key=lambda c: (c[1], c[0])):
            terrain = self.terrain(start)
            if start in seen or terrain == "open":
                continue
            group, todo = [], [start]
            seen.add(start)
            while todo:
                c = todo.pop()
                group.append(c)
                for n in neighbours(c):
                    if n not in seen and self.terrain(n) == terrain:
                        seen.add(n)
                        todo.append(n)
            out.append((terrain, sorted(group)))
        return out

    def interior(self) -> list[Cell]:
        """Building hexes whose six neighbours are all hexes of the same building: the
        inner hexes of a large building."""
        return [c for c in self.cells() if self.terrain(c) == "building"
                and len(neighbours(c)) == 6
                and all(self.terrain(n) == "building" for n in neighbours(c))]

    def bridges(self) -> list[Cell]:
        """Where a road crosses the stream."""
        return sorted({cell(lb) for path in (*self.paved, *self.roads) for lb in path
                       if self.terrain(cell(lb)) in ("stream", "pond")})

    def problems(self) -> list[str]:
        """What would make this design no board: a grid of the wrong shape or characters,
        a road or hexside whose hexes are not neighbours, an edge that does not join."""
        out = []
        if len(self.grid) != ROWS or any(len(r) != COLS for r in self.grid):
            return [f"{self.title}: the grid must be {ROWS} rows of {COLS} characters"]
        out += [f"{self.title}: row {i + 1} has {ch!r}" for i, r in enumerate(self.grid)
                for ch in set(r) - set(TERRAIN_OF)]
        for path in (*self.paved, *self.roads, self.runway):
            for a, b in itertools.pairwise(path):
                if cell(b) not in neighbours(cell(a)):
                    out.append(f"{self.title}: {a} and {b} are not neighbours")
        for sides in (*self.walls.values(), *self.hedges.values()):
            for a, b in sides:
                if cell(b) not in neighbours(cell(a)):
                    out.append(f"{self.title}: hexside {a}|{b}: not neighbours")
        for label in (*self.sewer, *self.ice):
            cell(label)
        on_road = {cell(lb) for path in self.paved for lb in path}
        for row in range(ROWS):
            for col in (0, COLS - 1):
                if self.terrain((col, row)) != "open":
                    out.append(f"{self.title}: edge hex {name_of((col, row))} is not open")
                if ((col, row) in on_road) != (row == ROAD_ROW):
                    out.append(f"{self.title}: the paved road must cross the edge in row "
                               f"{ROAD_ROW + 1} only ({name_of((col, row))})")
        return out

    def mirrored(self) -> Design:
        """The board seen in a mirror, east for west (the benchmark's battlefield uses it
        for variety; a printed board cannot do this)."""
        def m(label: str) -> str:
            col, row = cell(label)
            return name_of((COLS - 1 - col, row))

        def sides(d: dict[str, tuple[tuple[str, str], ...]]
                  ) -> dict[str, tuple[tuple[str, str], ...]]:
            return {k: tuple((m(a), m(b)) for a, b in v) for k, v in d.items()}

        return Design(
            self.title + " (mirrored)", tuple(r[::-1] for r in self.grid),
            tuple(tuple(map(m, p)) for p in self.paved),
            tuple(tuple(map(m, p)) for p in self.roads), tuple(map(m, self.runway)),
            tuple(map(m, self.sewer)), tuple(map(m, self.ice)), sides(self.walls),
            sides(self.hedges), {m(k): v for k, v in self.names.items()})


def _row(start: str, end: str) -> tuple[str, ...]:
    """The hexes of one row from ``start`` to ``end`` (same row, either direction)."""
    (c0, r0), (c1, r1) = cell(start), cell(end)
    assert r0 == r1
    step = 1 if c1 >= c0 else -1
    return tuple(name_of((c, r0)) for c in range(c0, c1 + step, step))


def _column(start: str, end: str) -> tuple[str, ...]:
    (c0, r0), (c1, r1) = cell(start), cell(end)
    assert c0 == c1
    step = 1 if r1 >= r0 else -1
    return tuple(name_of((c0, r)) for r in range(r0, r1 + step, step))


def _around(labels: Iterable[str], towards: Iterable[str] = ()) -> tuple[tuple[str, str], ...]:
    """The hexsides between ``labels`` and their neighbours outside them (only those
    towards ``towards`` if given): a wall or hedge round a yard or field."""
    inside = {cell(lb) for lb in labels}
    only = {cell(lb) for lb in towards}
    return tuple((name_of(a), name_of(b)) for a in sorted(inside) for b in neighbours(a)
                 if b not in inside and (not only or b in only))




#        A    F    K    P    U    Z    DD
#        |    |    |    |    |    |    |
VELDEN = Design(
    title="Velden, a village at a crossroads by a brook",
    grid=(
        ".wwww..s.....ww.b.b.....b...ww...",  # 1
        ".wwwww.s.....w..bbb.b...b..ccww..",  # 2
        "..wwww.s.b.....bbbbbb..bb...cw...",  # 3
        "...ww..s........bbb......r.r.....",  # 4
        "........s........................",  # 5
        ".......ms.......b.bb...b.b.......",  # 6
        "......mmppb....bb.b..r.bb..ww....",  # 7
        ".......mpp.............b..wwwww..",  # 8
        "........sm....ww..........wwwwww.",  # 9
        "........s.....www..........www...",  # 10
    ),
    paved=(_row("A5", "GG5"),),
    roads=(_column("W1", "W10"),
           ("P5", "O6", "N6", "M7", "L7", "K8", "K9", "K10")),
    sewer=("R5", "V5"),
    ice=("I8",),
    walls={"churchyard wall": (("P1", "O1"), ("O2", "O1"), ("O2", "N1"), ("O2", "N2"),
                               ("O3", "N2"), ("O3", "N3"), ("O3", "O4"))},
    hedges={"orchard hedge": _around(["Y8", "Z8", "Y9", "Z9", "Z10"]),
            "Mill Lane hedge": (("O6", "O7"), ("N6", "N7"), ("M7", "M8"), ("L7", "L8"))},
    names={"B2": "Kessel Wood", "N1": "Chapel Copse", "R3": "St. Anna's church",
           "H2": "Velde Brook", "I7": "Mill Pond", "H7": "Mill Pond reeds", "K7": "the mill",
           "CC2": "Rabenstein", "BB8": "Low Copse", "P10": "Bottom Wood",
           "Z4": "burnt farm", "BB4": "burnt barn", "V7": "ruined smithy"})

HARROW = Design(
    title="Harrow Field, farmland with an airstrip",
    grid=(
        ".www.......s......www............",  # 1
        ".www.......s......wwww...........",  # 2
        "..ww......s........ww..r.........",  # 3
        "..........s...........r..........",  # 4
        "..........s......................",  # 5
        "....bbb..ss..bb..................",  # 6
        "....bbb.ms..............b...b....",  # 7
        "....bbb.ms...b......pp......bwww.",  # 8
        ".......mms..cc.......p......wwww.",  # 9
        ".........s..c................ww..",  # 10
    ),
    paved=((*_row("A5", "X5"), "X4", "Y4", "Z3", "AA3", "BB3", "CC4", "DD4", "EE5", "FF5",
            "GG5"),),
    roads=(_column("F1", "F5"),
           ("P5", "P6", "P7", "Q8", "R8", "S9", "T9", "T10"),
           ("P7", "O7", "N7", "M7", "L7", "K7", "J7", "I7", "H7")),
    runway=_column("AA5", "AA10"),
    sewer=("F5",),
    ice=("U8", "V9"),
    walls={"brickworks wall": _around(["E6", "F6", "G6", "E7", "F7", "G7", "E8", "F8", "G8"],
                                      ["D6", "D7", "D8", "E9", "F9", "G9", "H8"]),
           "farmyard wall": (("M6", "N6"), ("N5", "N6"), ("O6", "P6"))},
    hedges={"Long Acre hedge": _around(["P2", "Q2", "P3", "Q3", "R3", "O3", "O4", "P4"]),
            "Ten Acre hedge": _around(["Q6", "R6", "S6", "R7", "S7", "T7"])},
    names={"C2": "Harrow Spinney", "T2": "Cold Harbour Wood", "F7": "brickworks",
           "K4": "Harrow Beck", "V9": "duck pond", "I8": "Beck Fen", "M9": "Hob Crag",
           "X3": "ruined cottage", "EE9": "Gallows Copse", "CC7": "hangar",
           "Y7": "flight office", "N6": "Harrow Farm", "N8": "barn"})

DESIGNS = {"velden": VELDEN, "harrow": HARROW}
"""The boards by name: the bundled two-board map is Velden (board 1) and Harrow Field
(board 2)."""


# ---- the map file ------------------------------------------------------------------------

def _hexagon(grid: HexGrid, label: str) -> list[tuple[float, float]]:
    return [(round(x, 6), round(y, 6)) for x, y in grid.layout.corners(grid.from_label(label))]


def _polygon(grid: HexGrid, labels: list[str]) -> Any:
    """The hexes' outline as GeoJSON coordinates (a Polygon's rings or a MultiPolygon's)."""
    from shapely.geometry import Polygon, mapping
    from shapely.ops import unary_union

    shape = unary_union([Polygon(_hexagon(grid, lb)) for lb in labels])
    shape = shape.simplify(0.001)
    out = mapping(shape)
    return out["type"], _rounded(out["coordinates"])


def _rounded(coords: Any) -> Any:
    if isinstance(coords[0], float | int):
        return [round(coords[0], 2), round(coords[1], 2)]
    return [_rounded(c) for c in coords]


def _centres(grid: HexGrid, labels: Iterable[str]) -> list[list[float]]:
    out = []
    for lb in labels:
        x, y = grid.layout.to_pixel(grid.from_label(lb))
        out.append([round(x, 2), round(y, 2)])
    return out


def _terrain(fid: str, key: str, value: str, name: str, geometry: tuple[str, Any]
             ) -> dict[str, Any]:
    return {"type": "Feature", "id": fid,
            "properties": {"kind": "terrain", key: value, "name": name},
            "geometry": {"type": geometry[0], "coordinates": geometry[1]}}


def board_features(design: Design, grid: HexGrid, prefix: str) -> list[dict[str, Any]]:
    """Everything one board paints and states, its hexes named with ``prefix``: painted
    areas of base terrain, then the runway, then roads as lines; then bridges, sewer
    access, ice and inner building hexes hex by hex; walls and hedges as named hexsides."""
    def lb(c: Cell | str) -> str:
        return prefix + (c if isinstance(c, str) else name_of(c))

    out: list[dict[str, Any]] = []
    counts: dict[str, int] = {}
    for terrain, cells in design.areas():
        counts[terrain] = counts.get(terrain, 0) + 1
        named = [design.names[name_of(c)] for c in cells if name_of(c) in design.names]
        name = named[0] if named else terrain
        out.append(_terrain(f"{prefix}-{terrain}-{counts[terrain]}", "terrain", terrain, name,
                            _polygon(grid, [lb(c) for c in cells])))
    if design.runway:
        out.append(_terrain(f"{prefix}-runway", "feature", "runway", "airstrip",
                            _polygon(grid, [lb(x) for x in design.runway])))
    for kind, paths in (("paved_road", design.paved), ("road", design.roads)):
        for i, path in enumerate(paths, 1):
            out.append(_terrain(f"{prefix}-{kind}-{i}", "feature", kind,
                                "paved road" if kind == "paved_road" else "road",
                                ("LineString", _centres(grid, [lb(x) for x in path]))))
    stated: dict[str, list[str]] = {}
    for feature, cells in (("bridge", design.bridges()), ("interior", design.interior()),
                           ("sewer", [cell(x) for x in design.sewer]),
                           ("ice", [cell(x) for x in design.ice])):
        for c in cells:
            stated.setdefault(lb(c), []).append(feature)
    for label, names in stated.items():
        out.append({"type": "Feature", "id": f"{label}-hex",
                    "properties": {"kind": "hex", "label": label, "features": names},
                    "geometry": None})
    for feature, sets in (("wall", design.walls), ("hedge", design.hedges)):
        for i, (name, sides) in enumerate(sets.items(), 1):
            out.append({"type": "Feature", "id": f"{prefix}-{feature}-{i}",
                        "properties": {"kind": "hexsides", "name": name,
                                       "hexsides": [f"{lb(a)}|{lb(b)}" for a, b in sides],
                                       "features": [feature]},
                        "geometry": None})
    return out


@dataclass(frozen=True)
class Placed:
    """A design on a battlefield: its board's name and prefix, and where its first hex lies
    (column and row of the whole field, 0-based)."""

    design: Design
    name: str
    at: tuple[int, int]


def battlefield_json(placed: list[Placed], map_id: str, title: str) -> dict[str, Any]:
    """A map of ``placed`` boards: each board's prefix is its name."""
    boards = [{"name": p.name, "cols": COLS, "rows": ROWS, "at": list(p.at),
               "labels": "letter-number", "prefix": p.name} for p in placed]
    grid = HexGrid.joined(tuple(Board(p.name, COLS, ROWS, from_offset(*p.at, "odd-q"),
                                      "letter-number", p.name) for p in placed),
                          Layout("flat", SIZE), "odd-q")
    features = [f for p in placed for f in board_features(p.design, grid, p.name)]
    return {"type": "FeatureCollection",
            "mineboard": {"schema": 1, "id": map_id, "kind": "hex", "title": title,
                          "units": "board",
                          "hex": {"size": SIZE, "orientation": "flat", "offset": "odd-q",
                                  "terrain": "open", "boards": boards}},
            "features": features}


def two_boards_json() -> dict[str, Any]:
    """The bundled battlefield: Velden (board 1) and Harrow Field (board 2) side by side,
    sharing the seam column (1GG5 is 2A5)."""
    return battlefield_json(
        [Placed(VELDEN, "1", (0, 0)), Placed(HARROW, "2", (COLS - 1, 0))],
        "asl-two-boards", "Velden and Harrow Field: two geomorphic boards, joined")


def field_json(across: int = 4, down: int = 5) -> dict[str, Any]:
    """``across`` × ``down`` boards (the benchmark's battlefield, 4 × 5 = 20 boards, 6,450
    hexes), Velden and Harrow Field by turns, every other row seen in a mirror; boards
    share their seam columns and lie row under row."""
    designs = [VELDEN, HARROW, VELDEN.mirrored(), HARROW.mirrored()]
    placed = [Placed(designs[(i + 2 * (j % 2)) % 4], str(j * across + i + 1),
                     (i * (COLS - 1), j * ROWS))
              for j in range(down) for i in range(across)]
    return battlefield_json(placed, f"asl-field-{across}x{down}",
                            f"{across} × {down} geomorphic boards")
