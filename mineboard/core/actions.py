"""Actions: what a player asks for, as small frozen dataclasses that round-trip through JSON.

An action holds only the player's choices; the rules decide what follows. Each ruleset
declares its action classes and an :class:`ActionCodec` turns JSON into them through
:func:`~mineboard.core.schema.from_json`, so a bad action file fails with one line naming
the field.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, ClassVar

from mineboard.core import schema
from mineboard.core.errors import BadInput


@dataclasses.dataclass(frozen=True, slots=True)
class Action:
    kind: ClassVar[str] = "action"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, **schema.to_json(self)}


class ActionCodec:
    """Parses JSON objects into a ruleset's action classes."""

    def __init__(self, *classes: type[Action]) -> None:
        self.classes = {c.kind: c for c in classes}
        for c in classes:
            schema.json_fields(c)  # an unsupported field type fails when the ruleset loads

    def parse(self, data: object, where: str = "action") -> Action:
        if not isinstance(data, Mapping):
            raise BadInput(where, "an action must be a JSON object with a 'kind'")
        kind = data.get("kind")
        cls = self.classes.get(kind) if isinstance(kind, str) else None
        if cls is None:
            known = ", ".join(sorted(self.classes))
            raise BadInput(where, f"unknown action kind {kind!r} (known: {known})")
        # Reworded here so the messages name the kind, as players read them.
        keys = {f.key for f in schema.json_fields(cls)}
        for key in data:
            if key != "kind" and key not in keys:
                raise BadInput(where, f"unknown field {key!r} for {kind!r}")
        fields = {k: v for k, v in data.items() if k != "kind"}
        try:
            return schema.from_json(cls, fields, where)
        except schema.MissingField as e:
            if e.where != where:
                raise
            raise BadInput(where, f"{kind!r} needs field {e.key!r}") from None
