"""The seam ruleset's state and scenario: squads and boats on two joined boards, each side's
hidden fields (placed, or — in a view — only counted), standing orders and snap-shot
rounds, the move in progress and a result awaited from outside the rules (see ruleset.py)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from mineboard.core.errors import BadInput, IllegalAction
from mineboard.core.moves import MoveInProgress
from mineboard.core.orders import Ask, StandingOrder
from mineboard.core.outside import Awaiting
from mineboard.core.schema import Length, Range, Ref
from mineboard.maps.model import HEX, BoardMap
from mineboard.rules.common import orders
from mineboard.rules.common.moves import MovesAndReactions
from mineboard.rules.common.orders import SetOrders
from mineboard.rules.common.phases import PhaseSequence, Step
from mineboard.rules.common.scenario import parse_scenario
from mineboard.rules.common.waiting import WaitsForResults

MOVE, ORDERS, FIELD, SNAP, ASKED = "SR-1", "SR-2", "SR-3", "SR-4", "SR-5"
GOING, LAY, DEEP = "SR-6", "SR-7", "SR-8"
SNAP_SHOT = "snap_shot"
MOVEMENT = "movement"
Kind = Literal["squad", "boat"]


# ---- the state ---------------------------------------------------------------------------
@dataclass(slots=True)
class Unit:
    id: str
    side: str
    place: str
    kind: Kind = "squad"
    pinned: bool = False


@dataclass
class SeamState(WaitsForResults, MovesAndReactions):
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
    to_lay: dict[str, int]
    """Side → fields it may still lay in play (SR-7; public: laying is seen, not where)."""
    unplaced: dict[str, int] = field(default_factory=dict)
    """Side → its hidden fields whose place this state may not name: empty in the truth;
    in a view, the other sides' fields not yet revealed; in a world rebuilt from stand-ins,
    the fields laid where it was not told (core/hidden_place.py)."""
    move: MoveInProgress | None = None
    ask: Ask | None = None
    awaiting: Awaiting | None = None
    """The crossing of the Deep waiting for its result from outside the rules (SR-8)."""


# ---- the scenario --------------------------------------------------------------------------
@dataclass(frozen=True)
class SideSpec:
    name: Annotated[str, Length(1, 40)]
    minefields: tuple[Annotated[str, Ref(HEX)], ...] = ()
    orders: Annotated[tuple[StandingOrder, ...], Length(0, orders.MAX_ORDERS)] = ()
    rounds: Annotated[int, Range(0, 99)] = 3
    lay: Annotated[int, Range(0, 9)] = 1


@dataclass(frozen=True)
class UnitSpec:
    id: Annotated[str, Length(1, 40)]
    side: Annotated[str, Ref("side")]
    hex: Annotated[str, Ref(HEX)]
    kind: Kind = "squad"


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
        position=0,
        units={u.id: Unit(u.id, u.side, u.hex, u.kind) for u in spec.units},
        minefields={h: s.name for s in spec.sides for h in s.minefields}, revealed=set(),
        orders={s.name: s.orders for s in spec.sides},
        rounds={s.name: s.rounds for s in spec.sides},
        to_lay={s.name: s.lay for s in spec.sides})
