"""Checks of the plain values a map file gives: whole numbers and [x, y] pairs.

Every reader of a feature's or the header's properties asks these, so "a whole number ≥ 0"
and "a point a board can hold" mean one thing everywhere in the map format.
"""

from __future__ import annotations

from typing import Any

MAX_ABS_COORD = 1e7
"""Board units from the origin, at most: a coordinate past it is a mistake, and one far
past it makes geometry slow or inexact."""


def whole(value: Any) -> bool:
    """A whole number ≥ 0 (booleans are not numbers here)."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def finite_pair(value: Any) -> bool:
    """[x, y] of numbers a board can hold."""
    return isinstance(value, list) and len(value) == 2 and all(
        isinstance(v, (int, float)) and not isinstance(v, bool) and abs(v) <= MAX_ABS_COORD
        for v in value)
