"""Hex grid geometry in cube/axial coordinates, after Amit Patel's Red Blob Games guide.

A grid is stored as parameters (orientation, size, origin, columns, rows, offset parity)
plus per-hex overrides, never as polygons: a 100×100 board is ten thousand hexes and each
one's corners follow from six numbers. Pixel coordinates here are y-down, as on a screen
and on a printed hex map (row numbers grow downward).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple

from mineboard.maps import hex_labels
from mineboard.maps.hex_labels import Scheme, digits_width

Orientation = Literal["flat", "pointy"]
Offset = Literal["odd-q", "even-q", "odd-r", "even-r"]


class Hex(NamedTuple):
    """Axial coordinates; the cube coordinate s is derived (q + r + s == 0)."""

    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    def __add__(self, other: object) -> Hex:
        assert isinstance(other, Hex)
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: object) -> Hex:
        assert isinstance(other, Hex)
        return Hex(self.q - other.q, self.r - other.r)

    def scale(self, k: int) -> Hex:
        return Hex(self.q * k, self.r * k)

    def neighbour(self, direction: int) -> Hex:
        return self + DIRECTIONS[direction % 6]

    def neighbours(self) -> list[Hex]:
        return [self + d for d in DIRECTIONS]


DIRECTIONS: tuple[Hex, ...] = (
    Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1), Hex(0, 1),
)


def distance(a: Hex, b: Hex) -> int:
    d = a - b
    return (abs(d.q) + abs(d.r) + abs(d.s)) // 2


def ring(center: Hex, radius: int) -> list[Hex]:
    """The hexes exactly ``radius`` steps from ``center``, walking round from direction 4."""
    if radius == 0:
        return [center]
    out = []
    h = center + DIRECTIONS[4].scale(radius)
    for side in range(6):
        for _ in range(radius):
            out.append(h)
            h = h.neighbour(side)
    return out


def spiral(center: Hex, radius: int) -> list[Hex]:
    return [h for k in range(radius + 1) for h in ring(center, k)]


def cube_round(fq: float, fr: float) -> Hex:
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return Hex(int(q), int(r))


def line(a: Hex, b: Hex) -> list[Hex]:
    """The hexes a straight line from ``a`` to ``b`` passes through, both ends included.

    The end points are nudged by a tiny epsilon so a line running exactly along a hexside
    falls consistently on one side instead of alternating.
    """
    n = distance(a, b)
    if n == 0:
        return [a]
    eps_q, eps_r = 1e-6, 2e-6
    aq, ar = a.q + eps_q, a.r + eps_r
    bq, br = b.q + eps_q, b.r + eps_r
    return [cube_round(aq + (bq - aq) * i / n, ar + (br - ar) * i / n) for i in range(n + 1)]


class Hexside(NamedTuple):
    """The edge between ``hex`` and its neighbour in ``direction`` (0, 1 or 2: canonical)."""

    hex: Hex
    direction: int

    @staticmethod
    def between(a: Hex, b: Hex) -> Hexside:
        d = b - a
        if d not in DIRECTIONS:
            raise ValueError(f"{a} and {b} are not neighbours")
        return Hexside.of(a, DIRECTIONS.index(d))

    @staticmethod
    def of(h: Hex, direction: int) -> Hexside:
        direction %= 6
        if direction < 3:
            return Hexside(h, direction)
        return Hexside(h.neighbour(direction), direction - 3)

    @property
    def hexes(self) -> tuple[Hex, Hex]:
        return self.hex, self.hex.neighbour(self.direction)


def side_between(ha: Hex, hb: Hex, a: str, b: str) -> Hexside:
    """The hexside between hexes ``ha`` and ``hb``, labelled ``a`` and ``b`` (for the error
    line when they are not neighbours)."""
    if hb - ha not in DIRECTIONS:
        raise ValueError(f"hexes {a} and {b} are not neighbours")
    return Hexside.between(ha, hb)


def hexsides_of(h: Hex) -> list[Hexside]:
    return [Hexside.of(h, d) for d in range(6)]


def hexside_distance(h: Hex, side: Hexside) -> int:
    """Hexes from ``h`` to a hexside: 0 for the two hexes that share it, 1 for the next ring."""
    a, b = side.hexes
    return min(distance(h, a), distance(h, b))


# Orientation matrices (forward to pixels, backward to fractional hexes) and first corner.
_ORIENT = {
    "pointy": ((math.sqrt(3), math.sqrt(3) / 2, 0.0, 1.5),
               (math.sqrt(3) / 3, -1 / 3, 0.0, 2 / 3), 0.5),
    "flat": ((1.5, 0.0, math.sqrt(3) / 2, math.sqrt(3)),
             (2 / 3, 0.0, -1 / 3, math.sqrt(3) / 3), 0.0),
}


@dataclass(frozen=True, slots=True)
class Layout:
    orientation: Orientation
    size: float
    origin: tuple[float, float] = (0.0, 0.0)

    def to_pixel(self, h: Hex) -> tuple[float, float]:
        f = _ORIENT[self.orientation][0]
        x = (f[0] * h.q + f[1] * h.r) * self.size + self.origin[0]
        y = (f[2] * h.q + f[3] * h.r) * self.size + self.origin[1]
        return x, y

    def from_pixel(self, x: float, y: float) -> Hex:
        b = _ORIENT[self.orientation][1]
        px, py = (x - self.origin[0]) / self.size, (y - self.origin[1]) / self.size
        return cube_round(b[0] * px + b[1] * py, b[2] * px + b[3] * py)

    def corner_offsets(self) -> list[tuple[float, float]]:
        start = _ORIENT[self.orientation][2]
        out = []
        for i in range(6):
            angle = 2 * math.pi * (start + i) / 6
            out.append((self.size * math.cos(angle), self.size * math.sin(angle)))
        return out

    def corners(self, h: Hex) -> list[tuple[float, float]]:
        cx, cy = self.to_pixel(h)
        return [(cx + dx, cy + dy) for dx, dy in self.corner_offsets()]

    def hexside_segment(self, side: Hexside) -> tuple[tuple[float, float], tuple[float, float]]:
        """The two corner points the hexside runs between."""
        a, b = side.hexes
        ca, cb = self.corners(a), self.corners(b)
        shared = [p for p in ca if any(math.dist(p, q) < self.size * 1e-6 for q in cb)]
        return shared[0], shared[1]


def to_offset(h: Hex, offset: Offset) -> tuple[int, int]:
    """Axial → (column, row) in the given offset layout, both 0-based."""
    if offset == "odd-q":
        return h.q, h.r + (h.q - (h.q & 1)) // 2
    if offset == "even-q":
        return h.q, h.r + (h.q + (h.q & 1)) // 2
    if offset == "odd-r":
        return h.q + (h.r - (h.r & 1)) // 2, h.r
    return h.q + (h.r + (h.r & 1)) // 2, h.r


def from_offset(col: int, row: int, offset: Offset) -> Hex:
    if offset == "odd-q":
        return Hex(col, row - (col - (col & 1)) // 2)
    if offset == "even-q":
        return Hex(col, row - (col + (col & 1)) // 2)
    if offset == "odd-r":
        return Hex(col - (row - (row & 1)) // 2, row)
    return Hex(col - (row + (row & 1)) // 2, row)


ORIGIN = Hex(0, 0)


@dataclass(frozen=True, slots=True)
class Board:
    """One printed board of a battlefield: ``cols`` × ``rows`` hexes numbered by ``scheme``
    after ``prefix``, all moved by ``shift`` (axial) from where they lie on the board alone.

    A translation keeps the board's printed shape whatever the column it starts at, so two
    boards side by side meet hex for hex and their seam needs no special case: a hex's
    neighbours are its six axial neighbours that lie on any board.
    """

    name: str
    cols: int
    rows: int
    shift: Hex = ORIGIN
    scheme: Scheme = "ccrr"
    prefix: str = ""
    width: int = field(init=False, compare=False)
    """Digits of the column and of the row in a ``ccrr`` label of this board."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "width", digits_width(self.cols, self.rows))

    def local(self, h: Hex, offset: Offset) -> tuple[int, int]:
        """The board's own column and row of ``h`` (0-based), on the board or not."""
        if self.shift != ORIGIN:
            h = Hex(h.q - self.shift.q, h.r - self.shift.r)
        return to_offset(h, offset)

    def cell(self, h: Hex, offset: Offset) -> tuple[int, int] | None:
        """The board's own column and row of ``h`` (0-based), or None off this board."""
        col, row = self.local(h, offset)
        return (col, row) if 0 <= col < self.cols and 0 <= row < self.rows else None

    def hex(self, col: int, row: int, offset: Offset) -> Hex:
        h = from_offset(col, row, offset)
        return Hex(h.q + self.shift.q, h.r + self.shift.r)

    def label(self, col: int, row: int) -> str:
        return self.prefix + hex_labels.write(self.scheme, col, row, self.width)

    def labelled(self, offset: Offset) -> Iterator[tuple[Hex, str]]:
        """Every hex of the board with its label, column by column: the labels joined from
        each column's text and each row's (see ``hex_labels.parts``)."""
        col_texts, row_texts = hex_labels.parts(self.scheme, self.cols, self.rows, self.width)
        shift = self.shift if self.shift != ORIGIN else None
        for col, col_text in enumerate(col_texts):
            head = self.prefix + col_text
            for row, row_text in enumerate(row_texts):
                h = from_offset(col, row, offset)
                if shift is not None:
                    h = Hex(h.q + shift.q, h.r + shift.r)
                yield h, head + row_text

    def on_edge(self, col: int, row: int) -> bool:
        return col in (0, self.cols - 1) or row in (0, self.rows - 1)


@dataclass(frozen=True)
class HexGrid:
    """One or more boards of hexes in one axial space, with per-hex overrides by label and
    per-hexside features.

    A map of one board is ``cols`` × ``rows`` labelled CCRR (``boards`` left empty); a
    battlefield of joined boards (:meth:`joined`) lists them, and ``cols`` × ``rows`` is then
    the rectangle of the offset layout that holds them all. Where boards overlap (the half
    hexes along a geomorphic seam) the hex is the first board's: it carries that board's
    label, and the later board's label names the same hex.
    """

    cols: int
    rows: int
    layout: Layout
    offset: Offset = "odd-q"
    overrides: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    default_terrain: str = "sea"
    boards: tuple[Board, ...] = ()
    sides: Mapping[Hexside, tuple[str, ...]] = field(default_factory=dict)
    """Hexside → its features (stream, wall, road, …), in the order the map gives them."""
    _where: dict[Hex, tuple[Board, int, int]] = field(init=False, repr=False, compare=False)
    """Where each hex of a battlefield of several boards lies (its first board): asking
    each board in turn made loading a battlefield of 20 boards take seconds."""

    def __post_init__(self) -> None:
        if not self.boards:
            object.__setattr__(self, "boards", (Board("", self.cols, self.rows),))
        where: dict[Hex, tuple[Board, int, int]] = {}
        if len(self.boards) > 1:
            for board in reversed(self.boards):  # the first board's claim wins
                for col in range(board.cols):
                    for row in range(board.rows):
                        where[board.hex(col, row, self.offset)] = (board, col, row)
        object.__setattr__(self, "_where", where)

    @classmethod
    def joined(cls, boards: tuple[Board, ...], layout: Layout, offset: Offset) -> HexGrid:
        """A battlefield of several boards: ``cols`` and ``rows`` span them all."""
        cells = [to_offset(b.hex(col, row, offset), offset) for b in boards
                 for col, row in ((0, 0), (b.cols - 1, b.rows - 1), (0, b.rows - 1),
                                  (b.cols - 1, 0), (min(1, b.cols - 1), 0),
                                  (0, min(1, b.rows - 1)))]
        cols = max(c for c, _ in cells) - min(c for c, _ in cells) + 1
        rows = max(r for _, r in cells) - min(r for _, r in cells) + 1
        return cls(cols, rows, layout, offset, boards=boards)

    def __deepcopy__(self, memo: dict[int, Any]) -> HexGrid:
        return self  # a map's grid never changes: every copy of a state shares it

    def locate(self, h: Hex) -> tuple[Board, int, int] | None:
        """The board ``h`` belongs to and its column and row there, or None off every board."""
        if len(self.boards) > 1:
            return self._where.get(h)
        for board in self.boards:
            cell = board.cell(h, self.offset)
            if cell is not None:
                return board, cell[0], cell[1]
        return None

    def hexes(self) -> Iterator[Hex]:
        """Every hex once, board by board, column by column."""
        single = len(self.boards) == 1
        for board in self.boards:
            for col in range(board.cols):
                for row in range(board.rows):
                    h = board.hex(col, row, self.offset)
                    if single or self.locate(h)[0] is board:  # type: ignore[index]
                        yield h

    def __len__(self) -> int:
        if len(self.boards) == 1:
            return self.cols * self.rows
        return sum(1 for _ in self.hexes())

    def __contains__(self, h: object) -> bool:
        if not isinstance(h, Hex):
            return False
        if len(self.boards) == 1:
            return self.boards[0].cell(h, self.offset) is not None
        return h in self._where

    @property
    def label_width(self) -> int:
        """Digits of the column (and of the row) in the first board's CCRR labels."""
        return self.boards[0].width

    def label(self, h: Hex) -> str:
        """The printed hex number: '0712' for column 7, row 12 of a CCRR board, '3M5' for
        column M, row 5 of geomorphic board 3. A hex off every board is numbered as the
        first board would number it (a ring's reach is checked by whoever asks)."""
        if len(self.boards) == 1:  # the common case, asked for every hex of every map
            board = self.boards[0]
            return board.label(*board.local(h, self.offset))
        found = self.locate(h)
        if found is None:
            col, row = to_offset(h, self.offset)
            return self.boards[0].label(col, row)
        board, col, row = found
        return board.label(col, row)

    def labels(self) -> dict[Hex, str]:
        """Every hex with its label (as :meth:`label` writes it), in the order of
        :meth:`hexes`: what loading a map asks of each of its thousands of hexes, written a
        column and a row at a time."""
        if len(self.boards) == 1:
            return dict(self.boards[0].labelled(self.offset))
        return {h: label for board in self.boards for h, label in board.labelled(self.offset)
                if self._where[h][0] is board}

    def from_label(self, label: str) -> Hex:
        """The hex of a label written exactly as :meth:`label` writes it (so '0815' is not a
        hex of a board whose labels have six digits: it would name no place), or the later
        board's label of a hex two boards share."""
        off_board = False
        text = label if isinstance(label, str) else ""
        for board in self.boards:
            if not text.startswith(board.prefix):
                continue
            cell = hex_labels.read(board.scheme, text[len(board.prefix):], board.width)
            if cell is None:
                continue
            col, row = cell
            if 0 <= col < board.cols and 0 <= row < board.rows:
                return board.hex(col, row, self.offset)
            off_board = True
        if off_board:
            raise ValueError(f"hex {label} is off the board")
        raise ValueError(f"hex label {str(label)[:20]!r} is not {self._form()}")

    def _form(self) -> str:
        """How this map's labels look, for an error line."""
        first = self.boards[0]
        if len(self.boards) == 1 and not first.prefix:
            return hex_labels.form(first.scheme, first.width)
        examples = ", ".join(b.label(0, 0) for b in self.boards[:4])
        return f"a hex label of this map's boards (e.g. {examples})"

    def neighbours(self, h: Hex) -> list[Hex]:
        return [n for n in h.neighbours() if n in self]

    def hexside_between(self, a: str, b: str) -> Hexside:
        """The hexside between two hexes of the board given by label (either order).

        Raises ValueError saying why not: a label that is not one of the board's, a hex off
        the board, or two hexes that are not neighbours.
        """
        return side_between(self.from_label(a), self.from_label(b), a, b)

    def terrain(self, h: Hex) -> str:
        """The hex's base terrain: the map's default unless painted or overridden."""
        return self.terrain_at(self.label(h))[0]

    def features(self, h: Hex) -> tuple[str, ...]:
        """What stands in the hex besides its terrain (road, building, bridge, …)."""
        return self.terrain_at(self.label(h))[1]

    def terrain_at(self, label: str) -> tuple[str, tuple[str, ...]]:
        """The base terrain and the features of the hex labelled ``label``."""
        entry = self.overrides.get(label)
        if entry is None:
            return self.default_terrain, ()
        return (str(entry.get("terrain", self.default_terrain)),
                tuple(entry.get("features", ())))

    def side_features(self, side: Hexside) -> tuple[str, ...]:
        """What runs along a hexside (stream, wall, hedge) or crosses it (road)."""
        return self.sides.get(side, ())

    def hexsides(self) -> Iterator[Hexside]:
        """Every hexside between two hexes of the board, once each."""
        for h in self.hexes():
            for d in range(3):
                if h.neighbour(d) in self:
                    yield Hexside(h, d)

    def hex_at(self, x: float, y: float) -> Hex | None:
        h = self.layout.from_pixel(x, y)
        return h if h in self else None

    def pixel_bounds(self) -> tuple[float, float, float, float]:
        xs, ys = [], []
        for board in self.boards:
            for col, row in ((0, 0), (board.cols - 1, board.rows - 1), (0, board.rows - 1),
                             (board.cols - 1, 0), (1, 0), (0, 1)):
                if col < board.cols and row < board.rows:
                    for x, y in self.layout.corners(board.hex(col, row, self.offset)):
                        xs.append(x)
                        ys.append(y)
        return min(xs), min(ys), max(xs), max(ys)
