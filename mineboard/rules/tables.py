"""Reading rule tables (JSON data files) with one-line errors that name the field."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mineboard.core.errors import BadInput


def whole(obj: Mapping[str, Any], key: str, where: str, low: int = 0, high: int = 1000) -> int:
    value = obj.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise BadInput(where, f"{key!r} must be a whole number from {low} to {high}")
    return value


def flag(obj: Mapping[str, Any], key: str, where: str) -> bool:
    value = obj.get(key)
    if not isinstance(value, bool):
        raise BadInput(where, f"{key!r} must be true or false")
    return value


def section(obj: Any, key: str, where: str) -> Mapping[str, Any]:
    value = obj.get(key) if isinstance(obj, Mapping) else None
    if not isinstance(value, Mapping) or not value:
        raise BadInput(where, f"{key!r} must be a non-empty object")
    return value


def text(obj: Mapping[str, Any], key: str, where: str) -> str:
    value = obj.get(key)
    if not isinstance(value, str) or not value:
        raise BadInput(where, f"{key!r} must be a non-empty string")
    return value
