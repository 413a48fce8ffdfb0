"""An imperium-mines scenario file: sides with their home systems, fleets, minefields, and
the variant's options — as dataclasses checked against the star map and the ship table."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Annotated, Any, ClassVar

from mineboard.core.errors import BadInput
from mineboard.core.limits import MAX_NAME_LENGTH, MAX_UNITS
from mineboard.core.schema import Doc, Length, Range, Ref
from mineboard.maps.model import SYSTEM, BoardMap
from mineboard.rules.common.scenario import parse_scenario, peek_names
from mineboard.rules.imperium_mines.data import ShipData, default_ship_data
from mineboard.rules.imperium_mines.state import (
    Counter,
    Fleet,
    ImperiumState,
    Options,
    order_of_play,
)

Side = Annotated[str, Ref("side")]
System = Annotated[str, Ref(SYSTEM)]


@dataclass(frozen=True)
class SideSpec:
    name: Annotated[str, Length(1, MAX_NAME_LENGTH)]
    home: System
    resources: Annotated[int, Range(0, 1_000_000)] = 0


@dataclass(frozen=True)
class FleetSpec:
    side: Side
    system: System
    ships: Annotated[Mapping[Annotated[str, Ref("ship_type")],
                             Annotated[int, Range(1, 100)]], Length(1)]
    id: Annotated[str, Length(1, MAX_NAME_LENGTH)] | None = None


@dataclass(frozen=True)
class MinefieldSpec:
    schema_aliases: ClassVar[Mapping[str, str]] = {"false": "false_"}
    owner: Side
    system: System
    points: Annotated[int, Range(0, 99)] = 0
    false_: Annotated[int, Range(0, 99), Doc("False Minefield counters (IM-12)")] = 0


@dataclass(frozen=True)
class ImperiumScenario:
    sides: Annotated[tuple[SideSpec, ...], Length(2, 2)]
    options: Options = field(default_factory=Options)
    fleets: tuple[FleetSpec, ...] = ()
    minefields: tuple[MinefieldSpec, ...] = ()

    def validate(self) -> None:
        if self.sides[0].name == self.sides[1].name:
            raise ValueError("sides: the two sides need different names")
        if sum(n for f in self.fleets for n in f.ships.values()) > MAX_UNITS:
            raise ValueError(f"fleets: more than {MAX_UNITS} ships in all")


def state_from_scenario(data: Mapping[str, Any], board: BoardMap, where: str,
                        rules: ShipData | None = None) -> ImperiumState:
    rules = rules or default_ship_data()
    if board.kind != "point":
        raise BadInput(where, f"imperium-mines needs a star map (point map), not {board.kind}")
    spec = parse_scenario(ImperiumScenario, data, where, board,
                          {"side": peek_names(data, "sides"), "ship_type": rules.ships})
    options = spec.options
    if spec.minefields and not options.mine_warfare:
        raise BadInput(f"{where}: minefields",
                       "minefields exist only with the mine-warfare option (IM-01)")
    sides = tuple(s.name for s in spec.sides)
    state = ImperiumState(board, rules, options, sides, {s.name: s.home for s in spec.sides},
                          1, order_of_play(sides, rules), 0,
                          {s.name: s.resources for s in spec.sides}, [], {}, {})
    for i, f in enumerate(spec.fleets):
        at = f"{where}: fleets[{i}]"
        ships = []
        for stype, count in f.ships.items():
            if rules.ships[stype].mine_ship and not options.mine_warfare:
                raise BadInput(at, f"{stype}s exist only with the mine-warfare option (IM-01)")
            ships += [state.new_ship(f.side, stype) for _ in range(count)]
        fid = f.id or state.new_id("F")
        if fid in state.fleets:
            raise BadInput(at, f"fleet id {fid!r} used twice")
        state.fleets[fid] = Fleet(fid, f.side, f.system, ships)
    for m in spec.minefields:
        counters = state.minefields.setdefault(m.system, {}).setdefault(m.owner, [])
        if m.points:
            counters.append(Counter(m.points))
        counters += [Counter(0, false=True) for _ in range(m.false_)]
    return state
