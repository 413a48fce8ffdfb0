"""The imperium-mines state: fleets of ships at star systems, face-down minefield counters."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated

from mineboard.core.schema import Doc
from mineboard.maps.model import BoardMap
from mineboard.rules.common.phases import PhaseSequence, Step, each
from mineboard.rules.common.tables import Shared
from mineboard.rules.common.turns import SidesArePlayers
from mineboard.rules.imperium_mines.data import ShipData, ShipType

CONSTRUCTION, SEGMENT = "construction", "segment"


@dataclass(slots=True)
class Ship:
    id: str
    type: str
    hits: int = 0
    name: str = ""
    """What a player calls it: its type and its number among its side's ships of that type,
    in the order they came into play ("Destroyer 2"); ids ("s12") are for files."""


@dataclass(slots=True)
class Fleet:
    id: str
    side: str
    system: str
    ships: list[Ship]
    moved: bool = False
    fought: bool = False
    stayed: bool = False  # laid, swept or placed false counters: it may not move (IM-06)
    laid: bool = False
    swept: bool = False

    def reset(self) -> None:
        self.moved = self.fought = self.stayed = self.laid = self.swept = False


@dataclass(frozen=True, slots=True)
class Counter(Shared):
    """A face-down minefield counter. ``known`` is False in a view that must not show it.

    Immutable, so copying a state shares them: a long game piles up hundreds of counters
    (false ones stay until a fleet enters, IM-15), and every view and undo copies the state.
    """

    value: int
    false: bool = False
    known: bool = True


@dataclass(frozen=True, slots=True)
class Options:
    """The game's rule options, read from the scenario's ``options`` as they stand, so each
    default is written once."""

    mine_warfare: Annotated[bool, Doc("IM-01: both players agreed to the variant")] = False
    stop_after_afoul: Annotated[bool, Doc("IM-29: a fleet that runs afoul stops")] = True
    false_needs_enemy_free: Annotated[bool, Doc("IM-34: false counters need a system free "
                                                "of enemy fleets")] = False


@dataclass
class ImperiumState(SidesArePlayers):
    """Counters always lie face-down in this variant: every game has secrets."""

    board: BoardMap
    rules: ShipData
    options: Options
    sides: tuple[str, ...]
    home: dict[str, str]
    turn: int
    sequence: PhaseSequence
    position: int
    resources: dict[str, int]
    building: list[tuple[str, str, int]]  # (side, ship type, ready on turn)
    fleets: dict[str, Fleet]
    minefields: dict[str, dict[str, list[Counter]]]
    serial: int = 0
    numbered: dict[str, int] = field(default_factory=dict)
    """Side and ship type → how many such ships it has had: the next one's number. Ships
    come into play in the open (the scenario, construction), so the names tell no secret."""

    @property
    def has_secrets(self) -> bool:
        """Only the mine-warfare variant puts anything face-down (IM-01)."""
        return self.options.mine_warfare

    @property
    def segment(self) -> int:
        """1-based segment number within the turn (0 during construction)."""
        return self.step.number

    def ship_type(self, ship: Ship) -> ShipType:
        return self.rules.ships[ship.type]

    def fleets_at(self, system: str, side: str | None = None) -> list[Fleet]:
        return [f for f in self.fleets.values() if f.system == system
                and (side is None or f.side == side)]

    def combatants(self, system: str) -> list[Fleet]:
        """The fleets in a combat at ``system`` this segment: one of the active side that
        stayed to lay, sweep or place false counters may not fight (IM-06, IM-12, IM-26)."""
        return [f for f in self.fleets_at(system) if f.side != self.active or not f.stayed]

    def enemy_fleets_at(self, system: str, side: str) -> list[Fleet]:
        return [f for f in self.fleets.values() if f.system == system and f.side != side]

    def enemy_counters(self, system: str, side: str) -> list[Counter]:
        return [c for owner, cs in self.minefields.get(system, {}).items() if owner != side
                for c in cs]

    def points(self, system: str, owner: str) -> int:
        return sum(c.value for c in self.minefields.get(system, {}).get(owner, [])
                   if not c.false)

    def enemy_points(self, system: str, side: str) -> int:
        """IM-30: only the moving fleet's enemy's points count."""
        return sum(self.points(system, o) for o in self.minefields.get(system, {}) if o != side)

    def count_of(self, fleet: Fleet, predicate: str) -> int:
        return sum(1 for s in fleet.ships if getattr(self.ship_type(s), predicate))

    def jumps(self, fleet: Fleet) -> int:
        """A fleet moves at its slowest ship, auxiliaries at the auxiliaries' speed (IM-05)."""
        return min((self.rules.jumps_of(s.type) for s in fleet.ships), default=0)

    def new_id(self, prefix: str) -> str:
        self.serial += 1
        return f"{prefix}{self.serial}"

    def new_ship(self, side: str, ship_type: str) -> Ship:
        """A ship coming into play for ``side``, with a fresh id and its name."""
        key = f"{side}/{ship_type}"
        self.numbered[key] = self.numbered.get(key, 0) + 1
        name = f"{self.rules.ships[ship_type].name} {self.numbered[key]}"
        return Ship(self.new_id("s"), ship_type, name=name)

    def ship_name(self, ship: Ship) -> str:
        return ship.name or self.ship_type(ship).name

    def system_name(self, system: str) -> str:
        """A system's name; an id no system has is said as given (a refusal's)."""
        place = self.board.places.get(system)
        return place.name if place is not None else system


def order_of_play(sides: tuple[str, ...], rules: ShipData) -> PhaseSequence:
    """Each turn: construction side by side, then action segments taken alternately."""
    n = rules.segments_per_turn
    segments = tuple(Step(SEGMENT, sides[(k - 1) % len(sides)], f"Action segment {k} of {n}", k)
                     for k in range(1, n + 1))
    return PhaseSequence((*each(sides, CONSTRUCTION, "Construction"), *segments))
