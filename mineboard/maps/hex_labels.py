"""How a printed board numbers its hexes: a label scheme turns a board's own column and row
(0-based) into the text printed in the hex, and back.

Two schemes cover the boards mineboard has met: ``ccrr`` (column then row as digits,
``0712``: the tactical naval maps) and ``letter-number`` (column letters then the row
number, ``M5``: geomorphic boards, ``A12``: letter-and-number mapboards). A board's prefix
goes in front (``3`` + ``M5`` = ``3M5``), so boards of one battlefield tell their hexes
apart. Parsing is strict: a label is read only as the scheme writes it, so one hex never
answers to two spellings ("0815" on a board with six-digit labels names no hex).
"""

from __future__ import annotations

from typing import Literal

Scheme = Literal["ccrr", "letter-number"]
SCHEMES: tuple[Scheme, ...] = ("ccrr", "letter-number")
_LETTERS = 26


def digits_width(cols: int, rows: int, first: int = 1) -> int:
    """Digits of the column (and of the row) in a ``ccrr`` label: 2, more past 99."""
    return max(2, len(str(max(cols, rows) - 1 + first)))


def column_letters(col: int) -> str:
    """Column 0 → 'A', 25 → 'Z', 26 → 'AA', 27 → 'BB' (letters doubled, as geomorphic
    boards print columns past Z)."""
    return chr(ord("A") + col % _LETTERS) * (col // _LETTERS + 1)


def _column_of(letters: str) -> int | None:
    if not letters or not letters.isascii() or not letters.isupper() or not letters.isalpha() \
            or len(set(letters)) != 1:
        return None
    return (len(letters) - 1) * _LETTERS + ord(letters[0]) - ord("A")


def write(scheme: Scheme, col: int, row: int, width: int) -> str:
    """The label of column ``col``, row ``row`` (both 0-based) without the board's prefix;
    ``width`` is the digits of a ``ccrr`` label's column and of its row."""
    if scheme == "ccrr":
        return f"{col + 1:0{width}d}{row + 1:0{width}d}"
    return f"{column_letters(col)}{row + 1}"


def parts(scheme: Scheme, cols: int, rows: int, width: int) -> tuple[list[str], list[str]]:
    """Each column's text and each row's text: a label is its column's followed by its
    row's (as :func:`write` writes it), so a board's labels are joined from texts written
    once per column and once per row rather than each written whole (a map of thousands
    of hexes loads faster)."""
    if scheme == "ccrr":
        return ([f"{col + 1:0{width}d}" for col in range(cols)],
                [f"{row + 1:0{width}d}" for row in range(rows)])
    return [column_letters(col) for col in range(cols)], [str(row + 1) for row in range(rows)]


def read(scheme: Scheme, text: str, width: int) -> tuple[int, int] | None:
    """The 0-based column and row a label (without prefix) names, or None if it is not
    written as ``scheme`` writes labels (the board's size is not checked here)."""
    if scheme == "ccrr":
        if not (text.isascii() and text.isdigit() and len(text) == 2 * width):
            return None
        return int(text[:width]) - 1, int(text[width:]) - 1
    split = len(text) - len(text.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ"))
    col = _column_of(text[:split])
    digits = text[split:]
    if col is None or not (digits.isascii() and digits.isdigit()) or digits.startswith("0"):
        return None
    return col, int(digits) - 1


def form(scheme: Scheme, width: int) -> str:
    """How the scheme's labels look, for an error line: 'CCRR digits', 'column letters
    and a row number'."""
    if scheme == "ccrr":
        return "C" * width + "R" * width + " digits"
    return "column letters and a row number"
