"""Sealift's record of the player turn (AW-130, AW-131, AW-219, AW-220): which units were
sea-transported this turn and where they landed, and each cargo at sea with what it needs,
settled as its phase ends. Held by the ledger (``Ledger.sealift``); imports nothing."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class CargoAtSea:
    """A cargo carried by an operation: what it is, where it loaded and goes, and the
    destroyer factors it needs to survive (AW-220)."""

    what: str
    """"transport", "escort" or a shipment ("supply", "oil", "brp")."""
    text: str
    origin: str
    destination: str
    need_dd: int = 0
    units: tuple[str, ...] = ()
    operations: tuple[str, ...] = ()
    phase: str = ""
    settled: str = ""
    """"landed", "returned" or "lost" once its phase ended."""
    before_loading: tuple[str, ...] = ()
    """Hexes the ships sail to reach the embarkation point: an interception there comes
    before the cargo is loaded (AW-132, AW-219)."""


@dataclass
class SealiftRecord:
    transported: dict[str, str] = field(default_factory=dict)
    """Unit → where it was sea-transported to this player turn (AW-130, AW-134)."""
    cargo: dict[str, CargoAtSea] = field(default_factory=dict)
    """Cargo id → the cargo."""
