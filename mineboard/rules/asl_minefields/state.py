"""The asl-minefields state: units on a tactical hex board, each side's secret minefield
record and factor pool, what play has revealed of them, Trail Breaks, standing orders, the
move in progress and the reaction asked.

Secrets (hidden by ``ruleset.hide``): another side's minefields until play reveals them —
presence and type first, strength only after an attack with an effect (AM-05, AM-06,
AM-68) — its pool's split and what is left (AM-76), its booby-trap boards, its Daisy Chain
placements (AM-37), its standing orders. In a view an unknown strength is ``None``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mineboard.core.moves import MoveInProgress
from mineboard.core.orders import Ask, StandingOrder
from mineboard.core.outside import Awaiting
from mineboard.maps.model import BoardMap
from mineboard.rules.asl_minefields.data import AmData, UnitType
from mineboard.rules.common.moves import MovesAndReactions
from mineboard.rules.common.phases import PhaseSequence, Step, each
from mineboard.rules.common.waiting import WaitsForResults

SETUP, FIRE, MOVEMENT = "setup", "fire", "movement"
"""The phases: each side records its minefields in secret once; then each Player Turn is
the phasing side's fire phase (FFE and bombs, clearance, its Daisy Chains) and its
Movement Phase (moves, flail clearance, removing visible A-T mines)."""

GOOD, PINNED, BROKEN = "good", "pinned", "broken"
BOOBY_COST = {"C": 10, "B": 20, "A": 30}
"""AM-50: minefield factors a board's booby-trap level costs."""
AT_COST = 3
"""AM-25: pool factors one A-T factor costs."""
AP_STRENGTHS = (6, 8, 12)
"""AM-07: the only strengths an A-P minefield may have."""
MAX_AT = 5
"""AM-26: A-T factors one hex may hold."""


@dataclass(slots=True)
class Unit:
    id: str
    side: str
    type: str
    hex: str | None
    """None while it rides in a vehicle (``carried_by``) or once eliminated."""
    status: str = GOOD
    """GOOD, PINNED or BROKEN (Personnel; the morale model sets them)."""
    eliminated: bool = False
    immobilised: bool = False
    concealed: bool = False
    carried_by: str | None = None
    """The vehicle it rides as a passenger (PRC, AM-21…AM-23)."""
    vulnerable: bool = False
    """A Vulnerable PRC of an armored vehicle (the PRC rules are external: scenario data)."""
    flail_broken: bool = False
    clearing: bool = False
    """A flail that announced Mine Clearance at the start of its MPh (AM-45)."""
    spent: float = 0
    """MF/MP spent this Movement Phase."""
    moved: bool = False
    daisy: int = 0
    """A-T factors of the Daisy Chain counter it holds (AM-35, AM-39)."""
    known: bool = True
    """False in a view for a concealed enemy unit: its type is not known."""


@dataclass(slots=True)
class Minefield:
    """One side's mines in one hex: at most one A-P minefield and 1–5 A-T factors (AM-78)."""

    hex: str
    owner: str
    ap: int | None = 0
    """0: none; 6, 8 or 12; None in a view: an A-P minefield of unknown strength."""
    at: int | None = 0
    """0: none; 1–5 A-T factors; None in a view: A-T mines of unknown strength."""
    visible: bool = False
    """AM-33: A-T mines in full view on a bridge, paved road, runway or ice."""
    daisy: bool = False
    """AM-35: a Daisy Chain (its A-T factors attack once, then it is gone)."""
    ap_known: bool = False
    """Its A-P presence and type are revealed to every side (AM-05)."""
    at_known: bool = False
    ap_strength_known: bool = False
    """Its A-P strength is revealed (an attack with an effect, AM-06)."""
    at_strength_known: bool = False


@dataclass(slots=True)
class Pool:
    """A side's minefield factors (AM-02). ``total`` is public (the OB); how they were
    spent is the owner's secret (AM-76): in another side's view every other field is 0."""

    total: int
    at_bought: int = 0
    """A-T factors bought, 3 pool factors each (AM-25, AM-59)."""
    booby: dict[str, str] = field(default_factory=dict)
    """Board name → booby-trap level A, B or C (AM-50)."""
    daisy: int = 0
    """Daisy Chain A-T factors the SSR grants on top of the pool (AM-71)."""
    recorded: bool = False
    """The side has recorded its setup (public: only that it has)."""
    hidden: bool = False
    """True in another side's view: only ``total`` and ``recorded`` are real there, the rest
    is the owner's secret (AM-76), so a summary must not count it."""


@dataclass
class AmState(WaitsForResults, MovesAndReactions):
    board: BoardMap
    data: AmData
    sides: tuple[str, ...]
    sequence: PhaseSequence
    position: int
    turn: int
    units: dict[str, Unit]
    minefields: dict[str, dict[str, Minefield]]
    """Owner → hex → its minefield there (a view keeps what the viewer may know)."""
    pools: dict[str, Pool]
    orders: dict[str, tuple[StandingOrder, ...]] = field(default_factory=dict)
    trail_breaks: set[tuple[str, str]] = field(default_factory=set)
    """(from hex, into hex): a Trail Break into a minefield hex across that hexside."""
    setup_areas: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Side → board names whose every hex it may set up on (AM-54)."""
    must_capture: dict[str, bool] = field(default_factory=dict)
    """Side → its victory conditions make it capture terrain or exit (AM-54)."""
    ssr_booby: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Side → boards an SSR lets it give booby traps (AM-54)."""
    move: MoveInProgress | None = None
    ask: Ask | None = None
    awaiting: Awaiting | None = None
    serial: int = 0
    clearance_tried: set[str] = field(default_factory=set)
    """Units that tried Minefield Clearance this fire phase (AM-40: once a phase)."""
    reduction_at: str | None = None
    """The hex whose mines an Original K of an FFE or bomb reduces by an amount the players
    are entering (AM-44, options.k_reduces_by 0)."""
    at_clearing: dict[str, str] = field(default_factory=dict)
    """Hex → the Infantry unit that spent 1 MF there to remove its visible A-T mines (AM-34,
    AM-74): they go at the end of the MPh unless the unit is pinned, broken or eliminated
    there first (movement.py)."""
    move_options: tuple[str, ...] = ()
    """The options of the move in progress, kept for its steps: ``double_tb`` (AM-42),
    ``vbm``, ``trail_break`` (AM-41) (movement.py)."""

    def unit_type(self, unit: Unit | str) -> UnitType:
        u = self.units[unit] if isinstance(unit, str) else unit
        return self.data.units[u.type]

    def fields_at(self, hex_id: str) -> list[Minefield]:
        """Every side's minefield in ``hex_id`` that this state holds."""
        return [f for owned in self.minefields.values() for f in (owned.get(hex_id),)
                if f is not None]

    def units_in(self, hex_id: str) -> list[Unit]:
        return [u for u in self.units.values() if u.hex == hex_id and not u.eliminated]

    def passengers(self, vehicle: str) -> list[Unit]:
        return [u for u in self.units.values() if u.carried_by == vehicle and not u.eliminated]

    def new_id(self, prefix: str) -> str:
        self.serial += 1
        return f"{prefix}{self.serial}"


def order_of_play(sides: tuple[str, ...]) -> PhaseSequence:
    """Setup once, each side in scenario order; then each side's Player Turn: fire phase,
    then Movement Phase."""
    return PhaseSequence(
        prologue=tuple(each(sides, SETUP, "Secret minefield record")),
        cycle=tuple(s for side in sides for s in (Step(FIRE, side, "Fire phase"),
                                                  Step(MOVEMENT, side, "Movement Phase"))))
