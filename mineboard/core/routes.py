"""What a ruleset says about a route while the pointer moves over the map: how long it is as
the rules count it, what it costs, where it touches a port, and — if it is not legal — the
place where it stops being legal, with the clause and the words.

The window draws this and reads it out; it never computes a route itself. The search lives
in ``mineboard.maps.paths`` (maps sit above core), which fills these values in.
"""

from __future__ import annotations

from dataclasses import dataclass

from mineboard.core.words import and_list, count_of


@dataclass(frozen=True, slots=True)
class RouteStop:
    """Where a route stops being legal: ``index`` is the position in the route's places of
    the first place it may not enter (``len(places)`` when no route reaches the place at
    all), with the clause that says so and why, in a player's words."""

    index: int
    clause: str
    reason: str


@dataclass(frozen=True, slots=True)
class RouteReport:
    """A route from its first place (where the units are) to its last (under the pointer).

    ``costs[i]`` is what reaching ``places[i]`` costs, counted without the first place (the
    hex a unit starts in is not counted: ``costs[0] == 0``), in ``unit`` (singular, plural:
    ("hex", "hexes"), ("MP", "MP")); ``touches`` are the indices of the places that count
    as a port touch along the way. ``goal`` names the place pointed at: the last of
    ``places``, or — when no route reaches it — a place the route does not hold.
    """

    places: tuple[str, ...]
    names: tuple[str, ...]
    costs: tuple[int, ...]
    goal: str
    unit: tuple[str, str] = ("hex", "hexes")
    allowance: int | None = None
    touches: tuple[int, ...] = ()
    stop: RouteStop | None = None

    @property
    def legal(self) -> bool:
        return self.stop is None

    @property
    def cost(self) -> int:
        """What the whole route costs (to its last place)."""
        return self.costs[-1] if self.costs else 0

    @property
    def length(self) -> int:
        """Places entered after the first: the first is not counted."""
        return max(0, len(self.places) - 1)

    @property
    def legal_places(self) -> tuple[str, ...]:
        """The places the route may go through: all of them, or those before its stop."""
        return self.places if self.stop is None else self.places[:self.stop.index]

    def text(self) -> str:
        """The readout: "To hex 0712: 14 hexes (of 20) · ports touched at hex 0405 and
        hex 0609" or "… · stops at hex 0811 — AW-80: no port …"."""
        if not self.places:
            return ""
        if self.stop is not None and self.stop.index >= len(self.places):
            return f"To {self.goal} — {self.stop.clause}: {self.stop.reason}"
        spent = count_of(self.cost, *self.unit)
        of = f" (of {self.allowance})" if self.allowance is not None else ""
        out = f"To {self.goal}: {spent}{of}"
        ports = [self.names[i] for i in self.touches]
        if ports:
            out += f" · {'port' if len(ports) == 1 else 'ports'} touched at {and_list(ports)}"
        if self.stop is not None:
            out += (f" · stops at {self.names[self.stop.index]} — {self.stop.clause}: "
                    f"{self.stop.reason}")
        return out
