"""The gwas-tactical state: ships and face-down counters on the tactical hex map, the two
logsheets, and where the battle stands (approach, counter setup, impulses)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from mineboard.maps.hexgrid import Hex, HexGrid
from mineboard.maps.model import BoardMap
from mineboard.maps.ring import ShadedRing
from mineboard.rules.common.phases import PhaseSequence, Step, each
from mineboard.rules.common.turns import SidesArePlayers
from mineboard.rules.gwas_tactical.data import GtData, ShipType

APPROACH, SETUP, BATTLE = "approach", "setup", "battle"


@dataclass(slots=True)
class Ship:
    id: str
    side: str
    type: str
    hex: str | None  # None once it has left the tactical map
    damage: int = 0
    moved: bool = False  # this impulse
    crossing: str | None = None  # the boundary it crosses into the zone, until it rolls
    entered: int = 0  # the impulse it entered its hex on (GT-11, GT-13); 0: set up there


@dataclass(slots=True)
class Counter:
    id: str
    owner: str
    hex: str
    mine: bool
    face_up: bool = False
    known: bool = True  # False in a view for the side that must not know what it is


@dataclass(slots=True)
class Logsheet:
    """A player's logsheet for the battle zone's boundaries (GT-01, GT-03)."""

    minefields: list[str] = field(default_factory=list)  # boundaries with a completed field
    logged: dict[str, int] = field(default_factory=dict)  # boundary → turns "Mine" logged

    def open_logs(self) -> dict[str, int]:
        """Logged boundaries whose minefield is not yet laid."""
        return {b: n for b, n in self.logged.items() if n and b not in self.minefields}

    @property
    def budget(self) -> int:
        """GT-03: 4 per completed minefield plus 1 per logged turn for unlaid ones."""
        return 4 * len(self.minefields) + sum(self.open_logs().values())

    @property
    def max_mines(self) -> int:
        """GT-04: at most half, rounded up."""
        return math.ceil(self.budget / 2)

    def mine_boundaries(self) -> set[str]:
        return set(self.minefields) | set(self.open_logs())


@dataclass
class GtState(SidesArePlayers):
    """Counters lie face-down from the start: every gwas-tactical game has secrets."""

    board: BoardMap
    grid: HexGrid
    ring: ShadedRing
    strategic: BoardMap
    zone: str
    rules: GtData
    sides: tuple[str, ...]
    logs: dict[str, Logsheet]
    sequence: PhaseSequence
    position: int
    turn: int
    ships: dict[str, Ship]
    counters: list[Counter]
    serial: int = 0

    @property
    def impulse(self) -> int:
        return self.step.number

    def ship_type(self, ship: Ship) -> ShipType:
        return self.rules.ships[ship.type]

    def hex_of(self, label: str) -> Hex:
        return self.grid.from_label(label)

    def counters_in(self, label: str) -> list[Counter]:
        return [c for c in self.counters if c.hex == label]

    def ships_in(self, label: str) -> list[Ship]:
        return [s for s in self.ships.values() if s.hex == label]

    def enemy_mines_up(self, label: str, side: str) -> list[Counter]:
        return [c for c in self.counters_in(label) if c.owner != side and c.mine and c.face_up]

    def placed(self, side: str) -> tuple[int, int]:
        """(mine counters, dummies) the side has placed."""
        mine = [c for c in self.counters if c.owner == side]
        return sum(c.mine for c in mine), sum(not c.mine for c in mine)

    def new_id(self, prefix: str) -> str:
        self.serial += 1
        return f"{prefix}{self.serial}"


def ship_name(state: GtState, ship: Ship) -> str:
    """A ship as the log names it: side, type and the scenario's name for it ("British
    Battlecruiser Lion")."""
    return f"{ship.side} {state.ship_type(ship).name} {ship.id}"


def boundary_name(state: GtState, boundary: str) -> str:
    """A battle-zone boundary by the side of the shaded ring that stands for it, with the
    strategic line's id the logsheet uses: "the west boundary (C|W)"."""
    seg = state.ring.segment_of_boundary(boundary)
    return f"the {seg.name} boundary ({boundary})" if seg else f"boundary {boundary}"


def order_of_play(sides: tuple[str, ...], rules: GtData) -> PhaseSequence:
    """Approach and counter setup once, side by side; then every turn the impulses."""
    return PhaseSequence(
        prologue=(*each(sides, APPROACH, "Approach"),
                  *each(sides, SETUP, "Counter setup")),
        cycle=tuple(Step(BATTLE, side, f"Impulse {i}", i) for i in rules.impulses
                    for side in sides))
