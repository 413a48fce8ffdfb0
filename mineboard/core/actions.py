"""Actions: what a player asks for, as small frozen dataclasses that round-trip through JSON.

An action holds only the player's choices; the rules decide what follows. Each ruleset
declares its action classes and an :class:`ActionCodec` turns JSON into them, checking
every field's type so a bad action file fails with one line naming the field.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping
from typing import Any, ClassVar

from mineboard.core.errors import BadInput


@dataclasses.dataclass(frozen=True, slots=True)
class Action:
    kind: ClassVar[str] = "action"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if value is None or (f.default is not dataclasses.MISSING and value == f.default):
                continue
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out


def _check(value: Any, hint: Any, where: str) -> Any:
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        args = typing.get_args(hint)
        if value is None and type(None) in args:
            return None
        (inner,) = [a for a in args if a is not type(None)]
        return _check(value, inner, where)
    if origin is tuple:
        (item, _ellipsis) = typing.get_args(hint)
        if not isinstance(value, list):
            raise BadInput(where, "must be a list")
        return tuple(_check(v, item, f"{where}[{i}]") for i, v in enumerate(value))
    if hint is bool:
        if not isinstance(value, bool):
            raise BadInput(where, "must be true or false")
        return value
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise BadInput(where, "must be a whole number")
        return value
    if hint is str:
        if not isinstance(value, str):
            raise BadInput(where, "must be a string")
        return value
    raise TypeError(f"unsupported action field type {hint!r}")  # a programming error


class ActionCodec:
    """Parses JSON objects into a ruleset's action classes."""

    def __init__(self, *classes: type[Action]) -> None:
        self.classes = {c.kind: c for c in classes}

    def parse(self, data: object, where: str = "action") -> Action:
        if not isinstance(data, Mapping):
            raise BadInput(where, "an action must be a JSON object with a 'kind'")
        kind = data.get("kind")
        cls = self.classes.get(kind) if isinstance(kind, str) else None
        if cls is None:
            known = ", ".join(sorted(self.classes))
            raise BadInput(where, f"unknown action kind {kind!r} (known: {known})")
        hints = typing.get_type_hints(cls)
        fields = {f.name: f for f in dataclasses.fields(cls)}
        unknown = set(data) - set(fields) - {"kind"}
        if unknown:
            raise BadInput(where, f"unknown field {sorted(unknown)[0]!r} for {kind!r}")
        kwargs: dict[str, Any] = {}
        for name, f in fields.items():
            if name not in data:
                required = (f.default is dataclasses.MISSING
                            and f.default_factory is dataclasses.MISSING)
                if required:
                    raise BadInput(where, f"{kind!r} needs field {name!r}")
                continue
            kwargs[name] = _check(data[name], hints[name], f"{where}.{name}")
        return cls(**kwargs)
