"""The awaw-naval state: naval units in ports and boxes, who controls each land hex now and
at the moments the rules test it, port counters built, the calendar and the war's toggles.

Nothing here is secret: A World at War's fleets lie face up, so a side's view is the state
itself (``has_secrets`` is False). What the rules leave to other systems — supply, the
construction chart, ground combat, the naval battle — enters as the scenario's flags or as
results from outside the rules (core/outside.py), never as an assumption.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from mineboard.core.orders import StandingOrder
from mineboard.core.outside import Awaiting
from mineboard.maps.model import BoardMap
from mineboard.rules.awaw_naval.data import AwData, Figures, Nation, ShipType
from mineboard.rules.awaw_naval.ledger import Ledger
from mineboard.rules.common.phases import PhaseSequence, Step
from mineboard.rules.common.waiting import WaitsForResults

MOVEMENT, COMBAT, REDEPLOYMENT, CONSTRUCTION = "movement", "combat", "redeployment", \
    "construction"
"""A player turn's phases, as far as naval operations use them: base changes and missions in
the movement phase (AW-47, AW-52), invasions in the combat phase, NRs and sea escorts in the
redeployment phase, port counters in the construction phase (AW-09)."""

TURN_START, MOVEMENT_START, PHASE_START = "turn", "movement", "phase"
"""The moments at which the rules test control (AW-245): the start of the player turn
(AW-72 returns), of the movement phase (AW-49 base-change destinations) and of the phase of
the activity (AW-13, AW-28 straits and canals)."""

SEASONS = ("Spring", "Summer", "Fall", "Winter")

NEUTRAL = "neutral"
"""The controller of a land hex no major power holds."""

# Construction-chart rows a unit may sit on (out of scope: the construction module's or the
# player's input, AW-06, AW-59).
WAITING_FOR_REPAIR, ROW_2, LAUNCH, ROW_3_UP, SUNK_IN_PORT = \
    "waiting_repair", "2", "launch", "3+", "sunk_in_port"


@dataclass(slots=True)
class Ship:
    """A naval counter: a number of factors of one type and nationality, based in a port,
    a box or a port counter (``base``: its place id), or at sea while an activity runs."""

    id: str
    nation: str
    type: str
    factors: int
    base: str | None
    """A port, box or built port's place id; None once eliminated."""
    name: str = ""
    tf: str | None = None
    """The task force it belongs to (AW-65), if any."""
    inverted: bool = False
    """Used this player turn, or displaced (AW-62, AW-64); uninverted under 33.7 (AW-249)."""
    held_inverted: bool = False
    """Stays inverted until the end of this player turn whatever uninverts (AW-48, AW-51)."""
    operated: bool = False
    """Carried out its one operation this player turn (AW-63)."""
    damaged: bool = False
    unusable: bool = False
    """Excess factors in an overstacked port: not usable for the rest of the player turn
    (AW-04)."""
    row: str = ""
    """Its row on the Naval Construction Chart, if any (AW-06, AW-59)."""
    new: bool = False
    """Built this player turn: no operation (AW-74)."""
    impaired: bool = False
    """Impaired by supply problems (a supply-module input, AW-63)."""
    eliminated: bool = False

    def __copy__(self) -> Ship:
        """Field by field (each a string, number or flag): the generic copy's reduce and
        rebuild cost more than the rest of a state's copy (AwState.__deepcopy__)."""
        new = object.__new__(Ship)
        for name in Ship.__slots__:
            object.__setattr__(new, name, getattr(self, name))
        return new


@dataclass(slots=True)
class BuiltPort:
    """A port counter (AW-08…AW-10): a port in every respect, never moved or destroyed."""

    id: str
    hex: str
    nation: str
    turn: int
    year: int


@dataclass(slots=True)
class Asked:
    """One side must answer with an action of kind ``kind`` before play goes on: an
    owner's choice the rules leave to it (AW-04 which excess factors, AW-54 which of two
    equally near ports, AW-55 which ships go to the nearer port, AW-56 which front)."""

    side: str
    kind: str
    clause: str
    about: str
    """What is asked, as the side reads it: "which excess factors at Orme to eliminate"."""
    data: dict[str, Any] = field(default_factory=dict)


@dataclass
class AwState(WaitsForResults):
    board: BoardMap
    data: AwData
    sides: tuple[str, ...]
    sequence: PhaseSequence
    position: int
    turn: int
    year: int
    season: int
    """Index into SEASONS."""
    ships: dict[str, Ship]
    control: dict[str, str]
    """Land hex → the major power that holds it now (absent or NEUTRAL: no major power)."""
    held_at: dict[str, dict[str, str]] = field(default_factory=dict)
    """Moment (TURN_START, MOVEMENT_START, PHASE_START) → control as it was then (AW-245)."""
    built_ports: dict[str, BuiltPort] = field(default_factory=dict)
    at_peace: set[tuple[str, str]] = field(default_factory=set)
    """Pairs of powers (sorted) not at war with each other (AW-21, AW-78)."""
    unsupplied: set[str] = field(default_factory=set)
    """Hexes not fully supplied (a supply-module input: AW-10, AW-83)."""
    nations: tuple[str, ...] = ()
    """The powers in play (the scenario's), each on its side by nations.json."""
    awaiting: Awaiting | None = None
    serial: int = 0
    asked: list[Asked] = field(default_factory=list)
    """The owners' choices the game waits for, the first asked now (bases' choices.py)."""
    changed_from: dict[str, str] = field(default_factory=dict)
    """Ship → the base it left by a base change this movement phase (AW-48)."""
    ledger: Ledger = field(default_factory=Ledger)
    """Employment's record of the player turn: operations at sea, the side asked whether it
    intercepts, bases at the start of the movement phase, transport bans, the uninversion
    allowance (employment.py, AW-63…AW-75, AW-249)."""
    orders: dict[str, tuple[StandingOrder, ...]] = field(default_factory=dict)
    """Side → its standing orders for interceptions (standing_orders.py, AW-79); none: it
    is asked at every chance."""

    @property
    def to_move(self) -> str:
        """A result awaited from outside comes first; then an owner's choice; then the side
        asked whether it intercepts (AW-79); else the phasing side."""
        if self.awaiting is None:
            if self.asked:
                return self.asked[0].side
            if self.ledger.asked:
                return self.ledger.asked
        return super().to_move

    @property
    def phase_label(self) -> str:
        if self.awaiting is None and self.asked:
            return f"{self.asked[0].side} chooses {self.asked[0].about}"
        return super().phase_label

    @property
    def has_secrets(self) -> bool:
        """Fleets lie face up: a side's view is the state itself."""
        return False

    # ---- reading the tables ----------------------------------------------------------
    def ship_type(self, ship: Ship | str) -> ShipType:
        s = self.ships[ship] if isinstance(ship, str) else ship
        return self.data.ships[s.type]

    def nation(self, name: str) -> Nation:
        return self.data.nations[name]

    def side_of_nation(self, name: str) -> str:
        return self.data.nations[name].side

    def figures(self, theatre: str) -> Figures:
        return self.data.theatres[theatre]

    # ---- control (AW-245) ----------------------------------------------------------------
    def controller(self, hex_id: str, moment: str | None = None) -> str:
        """Who holds ``hex_id`` now, or at ``moment`` (NEUTRAL: no major power)."""
        table = self.control if moment is None else self.held_at.get(moment, self.control)
        return table.get(hex_id, NEUTRAL)

    def friendly(self, hex_id: str, side: str, moment: str | None = None) -> bool:
        """Held by a major power of ``side`` (AW-245: "friendly")."""
        holder = self.controller(hex_id, moment)
        return holder != NEUTRAL and holder in self.data.nations \
            and self.data.nations[holder].side == side

    def snapshot(self, *moments: str) -> None:
        for moment in moments:
            self.held_at[moment] = dict(self.control)

    def at_war(self, a: str, b: str) -> bool:
        return ((a, b) if a <= b else (b, a)) not in self.at_peace

    # ---- ships and places ------------------------------------------------------------
    def ships_at(self, base: str) -> list[Ship]:
        return [s for s in self.ships.values() if s.base == base and not s.eliminated]

    def port_hex(self, base: str) -> str | None:
        """The hex of a port (map or built), None for a box."""
        if base in self.built_ports:
            return self.built_ports[base].hex
        place = self.board.places.get(base)
        if place is None or place.kind != "port":
            return None
        hex_id = place.props.get("hex")
        return str(hex_id) if hex_id is not None else None

    def is_box(self, base: str) -> bool:
        place = self.board.places.get(base)
        return place is not None and place.kind == "box"

    def new_id(self, prefix: str) -> str:
        self.serial += 1
        return f"{prefix}{self.serial}"

    @property
    def calendar(self) -> str:
        return f"{SEASONS[self.season]} {self.year}"

    def __deepcopy__(self, memo: dict[int, Any]) -> AwState:
        """A copy for a batch judged on its combined result, an undo step or a demo: the
        tables of who holds what and the ships copied flat (strings and numbers only), the
        rest as deeply as ever. Every batch of base changes the window or the fuzzer judges
        makes one, and the generic deep copy spent 1 ms walking the control tables."""
        new = object.__new__(type(self))
        memo[id(self)] = new
        for name, value in vars(self).items():  # the fields, and what parts stash beside them
            if name == "ships":
                value = {k: copy.copy(ship) for k, ship in value.items()}
            elif name == "control":
                value = dict(value)
            elif name == "held_at":
                value = {moment: dict(table) for moment, table in value.items()}
            else:
                value = copy.deepcopy(value, memo)
            object.__setattr__(new, name, value)
        return new


def order_of_play(sides: tuple[str, ...]) -> PhaseSequence:
    """Each game turn, each side's player turn: movement, combat, redeployment and
    construction phases."""
    return PhaseSequence(cycle=tuple(
        Step(phase, side, label) for side in sides
        for phase, label in ((MOVEMENT, "Movement phase"), (COMBAT, "Combat phase"),
                             (REDEPLOYMENT, "Redeployment phase"),
                             (CONSTRUCTION, "Construction phase"))))
