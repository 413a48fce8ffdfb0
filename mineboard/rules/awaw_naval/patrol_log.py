"""Part 2's record of patrols, defensive patrols, fast carrier missions and harbor attacks
(AW-93…AW-115, AW-136…AW-138, AW-198…AW-204): the patrols declared up front and how far each
has got, whether the defender has tried his one interception of it, the interceptors that
beat a patrol, defensive patrols and their one successful interception a turn, supports,
the submarine-warfare flag, bases struck, harbor attacks made.

It is kept beside the state's declared fields (``vars(state)``, as bases keeps its
displacements, choices.stash): a deep copy carries it, a replay rebuilds it, and the
transcripts of demos that never patrol do not change.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mineboard.rules.awaw_naval.state import AwState

DECLARED, EN_ROUTE, AT_HEX, STAYING, RETURNING, BEATEN = \
    "declared", "en_route", "at_hex", "staying", "returning", "beaten"
"""A patrol's stages (AW-98…AW-102): declared up front, sailing hex by hex, at its patrol
hex making air rounds, staying through the combat phase, going home, beaten."""

UNDER_WAY = (EN_ROUTE, AT_HEX)
"""Stages in which the next patrol of the announced order waits (AW-102)."""


@dataclass
class Patrol:
    """One patrol of the announced order (AW-98)."""

    ships: tuple[str, ...]
    target: str
    side: str
    phase_key: tuple[int, int]
    """(turn, position) of the movement phase it was declared in."""
    via: tuple[str, ...] = ()
    strike_force: bool = False
    op: str = ""
    """Its operation once it sailed (operations.Operate)."""
    stage: str = DECLARED
    tried: bool = False
    """The defender has tried his one interception of it (AW-104)."""
    rounds: int = 0
    round_pending: bool = False
    """An air round announced whose result waits for the defender's answer (AW-101)."""
    submarine: bool = False
    implicit: bool = False
    """Sailed without a declaration: a declaration of one patrol (part 1's way)."""


@dataclass
class Harbor:
    """A harbor attack declared and waiting for the defender's word and its result
    (AW-138)."""

    side: str
    nation: str
    target: str
    kind: str
    attacker: int
    free: bool
    defender: int | None = None
    counter_intelligence: int = 0
    codebreaking: int = 0


@dataclass
class PatrolLog:
    patrols: list[Patrol] = field(default_factory=list)
    winners: dict[str, str] = field(default_factory=dict)
    """Interceptors' operation → the patrol operation they beat (AW-100, AW-113)."""
    defensive: dict[str, str] = field(default_factory=dict)
    """Defensive patrol operation → its patrol hex (AW-113)."""
    defensive_tries: dict[str, str] = field(default_factory=dict)
    """Interception operation made by a defensive patrol → that defensive patrol (AW-114)."""
    combat_tries: set[str] = field(default_factory=set)
    """Defensive patrols that intercepted in the combat phase (once, AW-114)."""
    successes: dict[str, tuple[int, str]] = field(default_factory=dict)
    """Side → the player turn (turn, phasing side) of its one successful 21.4192
    interception (AW-114)."""
    late: dict[str, tuple[int, int]] = field(default_factory=dict)
    """Ship → the phase its support came too late in (AW-107: none again in it)."""
    support: tuple[str, tuple[str, ...], str] | None = None
    """(patrol operation, ships, supported operation) awaiting its outcome (AW-106)."""
    sw_warfare: set[str] = field(default_factory=set)
    """Nations that conducted Atlantic SW-box warfare this player turn (AW-112)."""
    struck: dict[str, list[str]] = field(default_factory=dict)
    """Base → the patrol operations whose air rounds struck it this player turn (AW-103)."""
    carrier_strikes: dict[str, str] = field(default_factory=dict)
    """Fast carrier mission → the one base its carriers strike (AW-204)."""
    harbor: Harbor | None = None
    harbor_attacks: int = 0
    """Harbor attacks made in the game so far (AW-137)."""
    free_harbor_used: bool = False
    harbor_research: set[str] = field(default_factory=set)
    """Nations with the harbor-attack research result (a player-set toggle, AW-137)."""
    round_op: str = ""
    """The patrol whose air round result is awaited (AW-101)."""
    sub_attack: str = ""
    """The submarine patrol an air sortie attacks, its result awaited (AW-111)."""
    sub_attacked: set[str] = field(default_factory=set)
    """Submarine patrols attacked from the air this movement phase (one sortie, AW-111)."""


def log_of(state: AwState) -> PatrolLog:
    """The state's patrol record, made on first use."""
    log: PatrolLog = vars(state).setdefault("patrol_log", PatrolLog())
    return log


def phase_key(state: AwState) -> tuple[int, int]:
    return state.turn, state.position


def player_turn(state: AwState) -> tuple[int, str]:
    return state.turn, state.phasing


def patrol_of(state: AwState, op_id: str) -> Patrol | None:
    return next((p for p in log_of(state).patrols if p.op and p.op == op_id), None)


def this_phase(state: AwState) -> list[Patrol]:
    """The patrols declared (or sailed) in the current movement phase, in their order."""
    key = phase_key(state)
    return [p for p in log_of(state).patrols if p.phase_key == key]
