"""The seam ruleset's state and scenario: units on a hex board, each side's hidden fields,
standing orders and snap-shot rounds, and the move in progress (see ruleset.py)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any

from mineboard.core.errors import BadInput, IllegalAction
from mineboard.core.moves import MoveInProgress
from mineboard.core.orders import Ask, StandingOrder
from mineboard.core.schema import Length, Range, Ref
from mineboard.maps.model import HEX, BoardMap
from mineboard.rules.common import orders
from mineboard.rules.common.moves import MovesAndReactions
from mineboard.rules.common.orders import SetOrders
from mineboard.rules.common.phases import PhaseSequence, Step
from mineboard.rules.common.scenario import parse_scenario

MOVE, ORDERS, FIELD, SNAP, ASKED = "SR-1", "SR-2", "SR-3", "SR-4", "SR-5"
SNAP_SHOT = "snap_shot"
MOVEMENT = "movement"


# ---- the state ---------------------------------------------------------------------------
@dataclass(slots=True)
class Unit:
    id: str
    side: str
    place: str
    pinned: bool = False


@dataclass
class SeamState(MovesAndReactions):
    board: BoardMap
    sides: tuple[str, ...]
    turn: int
    sequence: PhaseSequence
    position: int
    units: dict[str, Unit]
    minefields: dict[str, str]
    """Hex → the side whose hidden field lies there (a view keeps only what it may see)."""
    revealed: set[str]
    orders: dict[str, tuple[StandingOrder, ...]]
    """Side → its standing orders (secret to it)."""
    rounds: dict[str, int]
    """Side → snap-shots it has left (secret to it)."""
    move: MoveInProgress | None = None
    ask: Ask | None = None


# ---- the scenario --------------------------------------------------------------------------
@dataclass(frozen=True)
class SideSpec:
    name: Annotated[str, Length(1, 40)]
    minefields: tuple[Annotated[str, Ref(HEX)], ...] = ()
    orders: Annotated[tuple[StandingOrder, ...], Length(0, orders.MAX_ORDERS)] = ()
    rounds: Annotated[int, Range(0, 99)] = 3


@dataclass(frozen=True)
class UnitSpec:
    id: Annotated[str, Length(1, 40)]
    side: Annotated[str, Ref("side")]
    hex: Annotated[str, Ref(HEX)]


@dataclass(frozen=True)
class SeamScenario:
    sides: Annotated[tuple[SideSpec, ...], Length(2, 2)]
    units: Annotated[tuple[UnitSpec, ...], Length(0, 50)] = ()


def state_from_scenario(data: Mapping[str, Any], board: BoardMap, where: str) -> SeamState:
    names = [s.get("name") for s in data.get("sides", []) if isinstance(s, Mapping)]
    spec = parse_scenario(SeamScenario, data, where, board,
                          {"side": [n for n in names if isinstance(n, str)]})
    sides = tuple(s.name for s in spec.sides)
    for s in spec.sides:
        try:
            orders.check_orders(SetOrders(s.orders), (SNAP_SHOT,), board.places, ORDERS)
        except IllegalAction as exc:
            raise BadInput(where, f"sides: {s.name}: {exc.reason}") from None
    return SeamState(
        board=board, sides=sides, turn=1,
        sequence=PhaseSequence(tuple(Step(MOVEMENT, s, "Movement") for s in sides)),
        position=0, units={u.id: Unit(u.id, u.side, u.hex) for u in spec.units},
        minefields={h: s.name for s in spec.sides for h in s.minefields}, revealed=set(),
        orders={s.name: s.orders for s in spec.sides},
        rounds={s.name: s.rounds for s in spec.sides})
