"""The boards of a hex map's header: one board (``cols``, ``rows``, optional ``labels``), or
a battlefield of several (``boards``: each with its size, where its first hex lies, its
label scheme and prefix), checked so that every hex has one label and every label one hex.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeGuard, cast

from mineboard.maps.hex_labels import SCHEMES, Scheme
from mineboard.maps.hexgrid import Board, HexGrid, Layout, Offset, from_offset

MAX_SIDE = 500
"""Columns or rows of one board, at most."""
MAX_HEXES = 100_000
"""Hexes on one map (the bench's largest has 10,000; 250,000 took 10 s and 430 MB)."""


def _side(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool) and 0 < value <= MAX_SIDE


def _scheme(raw: Any, where: str, problems: list[str]) -> Scheme | None:
    if raw not in SCHEMES:
        problems.append(f"{where}: labels must be one of {', '.join(SCHEMES)}")
        return None
    return cast(Scheme, raw)


def board_size(spec: Mapping[str, Any], problems: list[str]) -> tuple[int, int] | None:
    """``cols`` and ``rows`` of a map of one board."""
    cols, rows = spec.get("cols"), spec.get("rows")
    if not (_side(cols) and _side(rows)):
        problems.append(f"mineboard.hex: cols and rows must be whole numbers from 1 to "
                        f"{MAX_SIDE}")
        return None
    if cols * rows > MAX_HEXES:  # each hex is a place and three hexsides: memory and time
        problems.append(f"mineboard.hex: {cols} × {rows} = {cols * rows:,} hexes; a board "
                        f"may have at most {MAX_HEXES:,}")
        return None
    return cols, rows


def single_board(size: tuple[int, int], spec: Mapping[str, Any], layout: Layout,
                 offset: Offset, problems: list[str]) -> HexGrid | None:
    """A map of one board of ``size`` (from :func:`board_size`), labelled CCRR unless
    ``labels`` says otherwise."""
    scheme = _scheme(spec.get("labels", "ccrr"), "mineboard.hex", problems)
    if scheme is None:
        return None
    cols, rows = size
    return HexGrid(cols, rows, layout, offset, boards=(Board("", cols, rows, scheme=scheme),))


def joined_boards(raw: Any, layout: Layout, offset: Offset, problems: list[str]
                  ) -> HexGrid | None:
    """A battlefield: ``mineboard.hex.boards``, a list of boards placed side by side."""
    if not isinstance(raw, list) or not raw or len(raw) > 64:
        problems.append("mineboard.hex.boards must list 1 to 64 boards")
        return None
    boards: list[Board] = []
    for i, spec in enumerate(raw):
        board = _board(spec, i, offset, problems)
        if board is not None:
            if any(b.name == board.name for b in boards):
                problems.append(f"mineboard.hex.boards[{i}]: a second board named "
                                f"{board.name!r}")
            boards.append(board)
    if len(boards) != len(raw):
        return None
    if sum(b.cols * b.rows for b in boards) > MAX_HEXES:
        problems.append(f"mineboard.hex.boards: more than {MAX_HEXES:,} hexes in all")
        return None
    grid = HexGrid.joined(tuple(boards), layout, offset)
    before = len(problems)
    _check_overlaps(grid, problems)
    if len(problems) == before:
        _check_labels(grid, problems)
    return grid if len(problems) == before else None


def _board(spec: Any, i: int, offset: Offset, problems: list[str]) -> Board | None:
    where = f"mineboard.hex.boards[{i}]"
    if not isinstance(spec, Mapping):
        problems.append(f"{where} must be an object (name, cols, rows, at, labels, prefix)")
        return None
    name, cols, rows = spec.get("name", str(i + 1)), spec.get("cols"), spec.get("rows")
    at, prefix = spec.get("at", [0, 0]), spec.get("prefix", "")
    if not isinstance(name, str) or not name:
        problems.append(f"{where}.name must be a non-empty string")
        return None
    if not (_side(cols) and _side(rows)):
        problems.append(f"{where}: cols and rows must be whole numbers from 1 to {MAX_SIDE}")
        return None
    if not (isinstance(at, list) and len(at) == 2 and all(
            isinstance(v, int) and not isinstance(v, bool) and abs(v) <= 10 * MAX_SIDE
            for v in at)):
        problems.append(f"{where}.at must be [column, row]: whole numbers, where the "
                        "board's first hex lies in the battlefield")
        return None
    if not isinstance(prefix, str) or "|" in prefix or not prefix.isprintable():
        problems.append(f"{where}.prefix must be text without '|'")
        return None
    scheme = _scheme(spec.get("labels", "ccrr"), where, problems)
    if scheme is None:
        return None
    return Board(name, cols, rows, from_offset(at[0], at[1], offset), scheme, prefix)


def _check_overlaps(grid: HexGrid, problems: list[str]) -> None:
    """Boards may share their edge hexes (the half hexes of a seam), nothing more: one
    line for each pair of boards that overlap inside."""
    told: set[tuple[str, str]] = set()
    for board in grid.boards[1:]:
        for col in range(board.cols):
            for row in range(board.rows):
                h = board.hex(col, row, grid.offset)
                owner = grid.locate(h)
                assert owner is not None
                first, fcol, frow = owner
                if first is board or (board.on_edge(col, row) and first.on_edge(fcol, frow)):
                    continue
                if (first.name, board.name) not in told:
                    told.add((first.name, board.name))
                    problems.append(f"mineboard.hex.boards: board {board.name!r} overlaps "
                                    f"board {first.name!r} at {first.label(fcol, frow)}, "
                                    "inside both (boards may share only their edge hexes)")


def _check_labels(grid: HexGrid, problems: list[str]) -> None:
    """Every label of every board names its own hex: two boards printing the same label
    (no prefixes, or prefixes that run into each other's labels) would make a save or a
    command ambiguous. One line, for the first clash."""
    for board in grid.boards:
        for col in range(board.cols):
            for row in range(board.rows):
                label, h = board.label(col, row), board.hex(col, row, grid.offset)
                got = grid.from_label(label)
                if got != h:
                    other = grid.locate(got)
                    assert other is not None
                    problems.append(f"mineboard.hex.boards: label {label} names a hex of "
                                    f"board {board.name!r} and one of board "
                                    f"{other[0].name!r}: give the boards prefixes that tell "
                                    "them apart")
                    return
