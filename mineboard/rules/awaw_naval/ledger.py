"""Employment's record of the player turn (AW-63…AW-75, AW-249): the operations under way and
what they left behind (who came back to base, which supply zones transports may no longer
serve), the side asked whether it intercepts and what it may intercept, and how many units
may still be uninverted.

It imports nothing of state.py at run time: the state holds one (``AwState.ledger``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from mineboard.rules.awaw_naval.sealift_record import SealiftRecord

if TYPE_CHECKING:
    from mineboard.rules.awaw_naval.state import AwState


@dataclass
class Operation:
    """One activity of the Naval Activities Table declared by a force (AW-223): the ships,
    where each came from, the place it is carried out at, and who is still at sea."""

    id: str
    activity: str
    side: str
    ships: tuple[str, ...]
    origins: dict[str, str]
    """Ship → the base it sailed from (its base of origin, AW-72)."""
    target: str
    """The place it is carried out at: a hex, a port or a box (the patrol hex, the
    invasion hex, the port of debarkation …)."""
    hex: str
    """The hex of the activity, from which returns are measured (AW-72); the naval-combat
    hex once the force fought."""
    phase: str
    route: tuple[str, ...] = ()
    """The route sailed, from the first base to the target (for interceptions, AW-79)."""
    at_sea: list[str] = field(default_factory=list)
    zone: str = ""
    """The destination supply zone, for transports (AW-69)."""
    transports: bool = False
    aborted: bool = False
    fought: bool = False
    parent: str = ""
    """The operation it split from (AW-67)."""


@dataclass
class Window:
    """What the other side is asked whether it intercepts: an operation, a base change or a
    displacement, with the route it sails (AW-16, AW-38, AW-79)."""

    kind: str
    """"operation", "base_change" or "displacement"."""
    mover: str
    ships: tuple[str, ...]
    origin: str
    goal: str
    route: tuple[str, ...]
    operation: str = ""


@dataclass
class Interception:
    """An interception declared and waiting for its outcome (an outside result)."""

    ships: tuple[str, ...]
    side: str
    hex: str
    window: Window
    origins: dict[str, str] = field(default_factory=dict)
    operation: str = ""
    """The interceptors' own operation (AW-63)."""
    situation: str = ""
    """The Naval Interception Table's row the interceptor declared (interception_table.json,
    AW-224); empty: none."""


@dataclass
class Ledger:
    operations: dict[str, Operation] = field(default_factory=dict)
    asked: str | None = None
    """The side asked whether it intercepts (its answer comes before the mover goes on)."""
    windows: list[Window] = field(default_factory=list)
    """The movements the asked side may intercept (several base changes of one batch)."""
    interception: Interception | None = None
    movement_bases: dict[str, str] = field(default_factory=dict)
    """Ship → its base when the movement phase began (kept for the record; AW-70 reads
    bases' ``state.changed_from``)."""
    returned: set[str] = field(default_factory=set)
    """Ships that came back to base this phase: no sortie again in it (AW-71)."""
    transport_bans: set[tuple[str, str]] = field(default_factory=set)
    """(side, supply zone): no transport may serve it for the rest of the player turn
    (AW-69)."""
    uninvert_left: dict[str, int] = field(default_factory=dict)
    """Side → how many of its units may still be uninverted this turn end (AW-249)."""
    sealift: SealiftRecord = field(default_factory=SealiftRecord)
    """Sea transports and escorts of the player turn and their cargo (sealift.py)."""

    def at_sea(self) -> dict[str, Operation]:
        """Ship → the operation it is at sea with."""
        return {s: op for op in self.operations.values() for s in op.at_sea}


def ledger_of(state: AwState) -> Ledger:
    """The state's ledger (``AwState.ledger``)."""
    return state.ledger
