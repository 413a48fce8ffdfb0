"""Events: what an action did, in plain words, with the clause that made it happen.

Events are the only thing the log, the animations and the tests read; they never change
state. An event with ``secret_to`` set is known to that side only (hidden minefields).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    kind: str
    clause: str
    text: str
    data: Mapping[str, Any] = field(default_factory=dict)
    secret_to: str | None = None
    reveals: bool = False
    hidden_from: str | None = None
    """The public twin of a secret event: its side already reads the full version."""

    def line(self) -> str:
        return f"{self.clause}: {self.text}" if self.clause else self.text

    def visible_to(self, side: str | None) -> bool:
        """Whether a viewer on ``side`` may see this event (None: the teacher sees all)."""
        if side is None:
            return self.hidden_from is None or self.secret_to is not None
        if self.hidden_from == side:
            return False
        return self.secret_to is None or self.secret_to == side

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "clause": self.clause, "text": self.text}
        if self.data:
            out["data"] = dict(self.data)
        if self.secret_to is not None:
            out["secret_to"] = self.secret_to
        if self.hidden_from is not None:
            out["hidden_from"] = self.hidden_from
        return out
