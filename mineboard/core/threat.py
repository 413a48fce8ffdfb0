"""The threat map (*View ▸ Threat*): what a chosen group would lose at each place of the
map, from the exact odds the rules already compute.

A ruleset answers from a **view** — the state as one side knows it — so a threat map can
hold nothing that side may not know: its own fields exactly, the other side's only as far
as its view shows them. The differential tests that prove the views keep secrets prove this
too (tests/test_threat.py plays the pairs through it).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from mineboard.core.planning import percent

BANDS = 5
"""Shades of the scale, the lightest for the least; a place with no threat is not shaded."""


@dataclass(frozen=True, slots=True)
class ThreatGroup:
    """A group of units the player may ask about: ``key`` goes back to the ruleset."""

    key: str
    label: str
    side: str
    """The side the units belong to: the window first offers a group of the other side's."""


@dataclass(frozen=True, slots=True)
class Threat:
    """What the group would lose at one place."""

    expected: Fraction
    at_least_one: Fraction
    why: str = ""
    """The fields and clauses behind the figures, in words."""

    def tip(self, unit: str) -> str:
        lines = [f"expected {unit}: {float(self.expected):.2f} ({self.expected})",
                 f"P(at least one) = {percent(self.at_least_one)}"]
        return "\n".join(lines + ([self.why] if self.why else []))


@dataclass(frozen=True, slots=True)
class ThreatMap:
    title: str
    unit: str
    """What is counted, plural: "ships lost"."""
    cells: Mapping[str, Threat]
    """Place id → threat; places missing are safe as far as the viewer knows."""
    known: str
    """What the figures rest on, said beside the legend."""

    @property
    def top(self) -> Fraction:
        return max((t.expected for t in self.cells.values()), default=Fraction(0))

    def band(self, place: str) -> int:
        """0 for no threat, else 1…BANDS by expected losses over the map's worst place."""
        threat = self.cells.get(place)
        if threat is None or threat.expected <= 0 or self.top <= 0:
            return 0
        return max(1, min(BANDS, -(-threat.expected * BANDS // self.top)))

    def scale(self) -> list[tuple[int, Fraction, Fraction]]:
        """Each band with the expected losses it covers: (band, above, up to)."""
        top = self.top
        return [(b, top * (b - 1) / BANDS, top * b / BANDS) for b in range(1, BANDS + 1)]
