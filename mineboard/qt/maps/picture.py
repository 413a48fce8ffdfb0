"""What a scene draws of a game, as plain data a ruleset's window code fills in.

A scene knows its kind of map, never a ruleset: each ruleset turns the viewing side's view
into a :class:`Picture` (stacks of units, counters or minefields, who holds which place,
tooltips) and the scene draws that. Because the picture is made from the view, nothing the
viewer may not know can reach a pixel or a tooltip.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mineboard.core.places import PlaceRef


@dataclass(frozen=True, slots=True)
class Face:
    """One counter as the viewer sees it: "?" is a back, ``up`` a counter turned face up."""

    text: str
    up: bool = False


BACK = Face("?")


@dataclass(frozen=True, slots=True)
class Status:
    """A state a unit is in that changes what it may do, drawn as a letter badge on the
    counter's corner — a letter, not a colour, so it reads in any light and to any eye."""

    word: str
    """What the tooltip and the manual call it ("pinned")."""
    letter: str
    """The badge: a letter or a short abbreviation."""


PINNED = Status("pinned", "P")
BROKEN = Status("broken", "B")
IMMOBILISED = Status("immobilised", "I")
INVERTED = Status("inverted", "Inv")
"""A counter turned over (moved, spent, disrupted — the game says which)."""


@dataclass(frozen=True, slots=True)
class UnitMark:
    id: str
    art: str
    """The silhouette's name in assets/art/units."""
    label: str
    """The unit's full type name, written under the counter (a four-letter cut could not
    tell a battlecruiser from a light cruiser); with its number where a game's units have
    no names of their own ("Escort 2"), so an opened stack tells them apart."""
    name: str = ""
    """The unit's own name where the scenario gives ships names (gwas: "Seydlitz")."""
    status: tuple[Status, ...] = ()
    """What state it is in (pinned, broken …): their letters on a badge at the counter's
    top left, in this order."""
    facing: float | None = None
    """Where its front points, in degrees clockwise from the map's up, drawn as a notch on
    the counter's rim; None: the game has no facing. On a hex map
    :func:`~mineboard.qt.plugin.hexside_facing` gives a hexside's angle."""

    @property
    def badge(self) -> str:
        return "".join(s.letter for s in self.status)


@dataclass(frozen=True)
class StackMark:
    """One owner's units at one place."""

    place: str
    owner: str
    units: tuple[UnitMark, ...]
    tip: str = ""


@dataclass(frozen=True)
class CounterMark:
    """One owner's markers at a place or on a way: face-down counters (``faces``) or, with
    ``count`` and no faces, a minefield drawn as a mine glyph with its number of mines."""

    at: PlaceRef
    owner: str
    faces: tuple[Face, ...] = ()
    count: int = 0
    tip: str = ""


@dataclass
class Picture:
    owners: tuple[str, ...] = ()
    stacks: list[StackMark] = field(default_factory=list)
    counters: list[CounterMark] = field(default_factory=list)
    holders: dict[str, str] = field(default_factory=dict)
    """Place id → the owner who holds it (zones and territories are tinted by it)."""
    tips: dict[str, str] = field(default_factory=dict)
    """Place or way id → its tooltip."""
    marked: set[str] = field(default_factory=set)
    """Ways drawn as mined."""
