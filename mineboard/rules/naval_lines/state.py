"""The naval-lines game state and how a scenario file becomes one.

The state is plain data (dataclasses of ids and counts); the map it refers to is shared,
never copied. Anything that can be worked out from the rest (who is active, which mines
face a crossing) is a method, not a field, so it can never disagree with the truth.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mineboard.maps.model import BoardMap
from mineboard.rules.common.phases import PhaseSequence
from mineboard.rules.common.turns import SequencedTurns
from mineboard.rules.naval_lines.data import RuleData, UnitType

PURCHASE, COMBAT_MOVE, BATTLE, NONCOMBAT_MOVE, PLACE = (
    "purchase", "combat_move", "battle", "noncombat_move", "place")
PHASES = (PURCHASE, COMBAT_MOVE, BATTLE, NONCOMBAT_MOVE, PLACE)
PHASE_NAMES = {
    PURCHASE: "Purchase & Repair Units",
    COMBAT_MOVE: "Combat Movement",
    BATTLE: "Conduct Combat",
    NONCOMBAT_MOVE: "Non-Combat Movement",
    PLACE: "Place New Units",
}


@dataclass(slots=True)
class Nation:
    name: str
    side: str
    capital: str | None  # land territory id


@dataclass(slots=True)
class Unit:
    id: str
    nation: str
    type: str
    zone: str
    moved: int = 0
    mission: str | None = None  # "attack", "sweep" or "mines": one per turn (NL-11)
    cargo: int = 0
    done: bool = False  # laid mines: its move has ended (NL-07)
    came_from: str | None = None  # the zone it last attacked from: where it may retreat (NL-20)


@dataclass(slots=True)
class Minefield:
    """One nation's mines on one line, laid from one zone (the zone they defend)."""

    line: str
    owner: str
    zone: str
    count: int
    public: int | None = None
    """The count every side has seen: set when the field defends, lowered by each mine it
    loses in sight of all; None until it has defended. Mines its owner lays on it later
    are secret again, so under hidden minefields the other sides keep seeing this number
    until the field defends once more (NL-12)."""


@dataclass(frozen=True, slots=True)
class Options:
    hidden_minefields: bool = False
    crossing: str = "both"  # NL-12 decision: or "into_defended_zone"


@dataclass(slots=True)
class MineTally:
    """Counts kept only to prove conservation: bought = stored + … + lost."""

    bought: int = 0
    detonated: int = 0
    swept: int = 0
    lost: int = 0


@dataclass
class NavalState(SequencedTurns):
    board: BoardMap
    rules: RuleData
    options: Options
    nations: dict[str, Nation]
    turn_order: list[str]
    turn: int
    sequence: PhaseSequence
    position: int
    ipcs: dict[str, int]
    stored: dict[str, int]
    pending: dict[str, int]
    bought_this_turn: dict[str, int]
    units: dict[str, Unit]
    minefields: list[Minefield]
    control: dict[str, str]
    territory_owner: dict[str, str]
    ncm_control: dict[str, str] = field(default_factory=dict)
    tally: dict[str, MineTally] = field(default_factory=dict)

    # ---- derived -------------------------------------------------------------------------
    def side_of(self, owner: str) -> str:
        return self.nations[owner].side

    # ---- the game contract (core.game.GameState) -------------------------------------------
    @property
    def sides(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(self.nations[n].side for n in self.turn_order))

    @property
    def owners(self) -> tuple[str, ...]:
        return tuple(self.turn_order)

    @property
    def phasing(self) -> str:
        return self.side_of(self.active)

    @property
    def to_move(self) -> str:
        return self.phasing

    @property
    def has_secrets(self) -> bool:
        return self.options.hidden_minefields

    def unit_type(self, unit: Unit) -> UnitType:
        return self.rules.units[unit.type]

    def capacity(self, nation: str) -> int:
        """Industrial capacity of the nation's capital, if it still holds it (NL-03)."""
        capital = self.nations[nation].capital
        if capital is None or self.territory_owner.get(capital) != nation:
            return 0
        return int(self.board.places[capital].props.get("industrial_capacity", 0))

    def holds_capital(self, nation: str) -> bool:
        capital = self.nations[nation].capital
        return capital is not None and self.territory_owner.get(capital) == nation

    def units_in(self, zone: str) -> list[Unit]:
        return [u for u in self.units.values() if u.zone == zone]

    def fields_on(self, line: str) -> list[Minefield]:
        return [f for f in self.minefields if f.line == line and f.count > 0]

    def laid(self, nation: str) -> int:
        return sum(f.count for f in self.minefields if f.owner == nation)

    def carried(self, nation: str) -> int:
        return sum(u.cargo for u in self.units.values() if u.nation == nation)

    def cost_order(self, units: list[Unit]) -> list[Unit]:
        """Cheapest first: the default choice of casualties (NL-21 decision)."""
        return sorted(units, key=lambda u: (self.unit_type(u).cost, u.type, u.id))


def unit_name(state: NavalState, unit: Unit) -> str:
    """The name a player reads: the unit's type and its number among its nation's units of
    that type ("Escort 2" for ``ger-escort-2``). Made of the unit's type and the number the
    scenario gave it, never of what it carries, so every side reads the same name."""
    number = unit.id.rpartition("-")[2]
    return f"{state.unit_type(unit).name} {number if number.isdigit() else unit.id}"


def unit_label(state: NavalState, unit: Unit) -> str:
    """The unit's name with its nation, where either side's units may be meant
    ("Germany's Escort 2")."""
    return f"{unit.nation}'s {unit_name(state, unit)}"
