"""What a ruleset tells a player about the decision in front of them, without any GUI.

The window turns clicks into a :class:`Selection` (units picked at a place, options set) and
asks the ruleset what a click on a place would mean (an *intent*), which places are worth
lighting up (*targets*), which options and commands the selection offers, and what a planned
action's odds are (a :class:`Preview`). All of it is plain data, so the headless tests, the
``odds`` command and the window share one answer, and a new ruleset's window code only
draws.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from mineboard.core.actions import Action


@dataclass(frozen=True)
class Selection:
    """Units picked at a place (by the side to move) and the options the player has set."""

    place: str | None = None
    units: tuple[str, ...] = ()
    options: Mapping[str, Any] = field(default_factory=dict)
    declared: tuple[Action, ...] = ()
    """Orders planned to be declared together (the ruleset's ``batch_kinds``), kept by the
    window in the order planned until a command declares them as one batch
    (core/batch.py)."""

    def option(self, key: str, default: Any = None) -> Any:
        return self.options.get(key, default)


@dataclass(frozen=True)
class Choice:
    """An option the player sets before acting: a tick box (bool default), a pick among
    ``values`` (value, label), or a count from ``low`` to ``high`` (int default)."""

    key: str
    label: str
    default: bool | int | str
    values: tuple[tuple[str, str], ...] = ()
    low: int = 0
    high: int = 0
    tip: str = ""


@dataclass(frozen=True)
class Command:
    """A button or menu entry: an action to play, or — with ``pick`` — units to tick first
    in a small dialog, from which ``build`` makes the action (a battle's losses)."""

    label: str
    action: Action | None = None
    tip: str = ""
    pick: tuple[tuple[str, str], ...] = ()
    build: Callable[[tuple[str, ...]], Action] | None = None

    def make(self, picked: tuple[str, ...] = ()) -> Action:
        if self.build is not None:
            return self.build(picked)
        if self.action is None:
            raise ValueError(f"command {self.label!r} has no action")
        return self.action


@dataclass(frozen=True)
class Preview:
    """The exact odds of a planned action, as bars: ``outcomes`` in display order.

    ``outcomes`` is a distribution when ``axis`` counts outcomes (ships lost, table result);
    it is a chance per case when ``axis`` names an unknown the player cannot see (the mine
    points hidden under face-down counters).
    """

    title: str
    axis: str
    outcomes: tuple[tuple[str, Fraction], ...]
    summary: str
    good: int | None = None
    """Index of the outcome that means "nothing happens", drawn in a calm colour."""
    highlight: int | None = None
    """Index of the case that is true, where the viewer is allowed to know it."""
    data: Mapping[str, Any] = field(default_factory=dict)
    """The same numbers as JSON for the ``odds`` command (fractions as strings)."""
    words: tuple[str, ...] = ()
    """Each outcome as a player says it ("lose 1 ship"), where its label is terse."""
    rows: tuple[str, ...] = ()
    """The breakdown under the bars: each field or system met, what sweeping changes, who
    is lost first — what the one distribution hides."""

    def probability(self, label: str) -> Fraction:
        return dict(self.outcomes).get(label, Fraction(0))

    def phrase(self, i: int) -> str:
        """Outcome ``i`` in words: its own where given, else its label."""
        return self.words[i] if i < len(self.words) else self.outcomes[i][0]

    @staticmethod
    def nothing_to_roll(title: str, summary: str) -> Preview:
        """A planned order that no chance stands in the way of, and why."""
        return Preview(title=title, axis="", outcomes=(), summary=summary)


def percent(p: Fraction) -> str:
    """A probability as a player reads it at a glance: '33.3 %'."""
    return f"{float(p) * 100:.1f} %"
