"""Reading an asl-minefields scenario: the sides with their OB minefield factors (and what
an SSR grants), the units, the rule options, and — for demos and tests — a side's setup
already recorded, or a phase to start in."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from mineboard.core.errors import BadInput
from mineboard.core.orders import StandingOrder
from mineboard.core.schema import Doc, Length, Range, Ref, from_json
from mineboard.maps.model import HEX, BoardMap
from mineboard.rules.asl_minefields.data import AmData, RuleOptions, default_options, unit_table
from mineboard.rules.asl_minefields.state import (
    FIRE,
    MOVEMENT,
    AmState,
    Minefield,
    Pool,
    Unit,
    order_of_play,
)
from mineboard.rules.common import orders
from mineboard.rules.common.scenario import parse_scenario, peek_names


@dataclass(frozen=True)
class FieldSpec:
    """A minefield already recorded (a demo or test starting after setup)."""

    hex: Annotated[str, Ref(HEX)]
    ap: Annotated[int, Range(0, 12)] = 0
    at: Annotated[int, Range(0, 5)] = 0
    visible: bool = False
    daisy: bool = False


@dataclass(frozen=True)
class SideSpec:
    name: Annotated[str, Length(1, 40)]
    pool: Annotated[int, Range(0, 999), Doc("OB minefield factors (AM-02; public)")] = 0
    daisy: Annotated[int, Range(0, 5), Doc("Daisy Chain A-T factors an SSR grants (AM-35, "
                                           "AM-71)")] = 0
    setup_boards: Annotated[tuple[str, ...], Doc("boards whose every hex it may set up on "
                                                 "(AM-54)")] = ()
    must_capture: Annotated[bool, Doc("its victory conditions make it capture terrain or "
                                      "exit (AM-54)")] = False
    ssr_booby: Annotated[tuple[str, ...], Doc("boards an SSR lets it give booby traps "
                                              "(AM-54)")] = ()
    orders: Annotated[tuple[StandingOrder, ...], Length(0, orders.MAX_ORDERS)] = ()
    minefields: Annotated[tuple[FieldSpec, ...], Length(0, 500),
                          Doc("a setup already recorded (demos and tests)")] = ()
    at_bought: Annotated[int, Range(0, 333)] = 0
    booby: Annotated[Mapping[str, Literal["A", "B", "C"]], Doc("board → booby-trap level, "
                                                               "already bought")] = \
        dataclasses.field(default_factory=dict)
    recorded: Annotated[bool, Doc("its setup is done: play starts after it")] = False


@dataclass(frozen=True)
class UnitSpec:
    id: Annotated[str, Length(1, 40)]
    side: Annotated[str, Ref("side")]
    type: Annotated[str, Ref("unit_type")]
    hex: Annotated[str, Ref(HEX)] = ""
    carried_by: Annotated[str, Doc("the vehicle it rides in (PRC)")] = ""
    vulnerable: bool = False
    concealed: bool = False
    status: Literal["good", "pinned", "broken"] = "good"
    daisy: Annotated[int, Range(0, 5)] = 0
    flail_broken: bool = False


@dataclass(frozen=True)
class AmScenario:
    sides: Annotated[tuple[SideSpec, ...], Length(2, 2)]
    units: Annotated[tuple[UnitSpec, ...], Length(0, 500)] = ()
    options: Annotated[Mapping[str, Any], Doc("rule options overriding options.json")] = \
        dataclasses.field(default_factory=dict)
    phase: Literal["setup", "fire", "movement"] = "setup"
    side: Annotated[str, Doc("whose phase the game starts in (default the first side)")] = ""
    turn: Annotated[int, Range(1, 99)] = 1


def options_of(overrides: Mapping[str, Any], where: str) -> RuleOptions:
    base = dataclasses.asdict(default_options())
    unknown = sorted(set(overrides) - set(base))
    if unknown:
        raise BadInput(where, f"options: unknown option {unknown[0]!r} "
                              f"(known: {', '.join(sorted(base))})")
    return from_json(RuleOptions, {**base, **overrides}, f"{where}: options")


def state_from_scenario(data: Mapping[str, Any], board: BoardMap, where: str) -> AmState:
    types = unit_table().types
    spec = parse_scenario(AmScenario, data, where, board,
                          {"side": peek_names(data, "sides"), "unit_type": list(types)})
    sides = tuple(s.name for s in spec.sides)
    if len(set(sides)) != len(sides):
        raise BadInput(where, "sides: two sides with one name")
    units: dict[str, Unit] = {}
    for i, u in enumerate(spec.units):
        if u.id in units:
            raise BadInput(where, f"units[{i}].id: {u.id!r} is listed twice")
        if bool(u.hex) == bool(u.carried_by):
            raise BadInput(where, f"units[{i}]: give a hex or the vehicle it rides in, "
                                  "not both")
        units[u.id] = Unit(u.id, u.side, u.type, u.hex or None, status=u.status,
                           concealed=u.concealed, carried_by=u.carried_by or None,
                           vulnerable=u.vulnerable, daisy=u.daisy,
                           flail_broken=u.flail_broken)
    for i, u in enumerate(spec.units):
        if u.carried_by and (u.carried_by not in units
                             or not types[units[u.carried_by].type].vehicle):
            raise BadInput(where, f"units[{i}].carried_by: {u.carried_by!r} is not a vehicle "
                                  "of the scenario")
    sequence = order_of_play(sides)
    side = spec.side or sides[0]
    if side not in sides:
        raise BadInput(where, f"side: {side!r} is not a side ({', '.join(sides)})")
    position = sequence.position_of(spec.phase, side, None, where)
    recorded_before = spec.phase in (FIRE, MOVEMENT)
    return AmState(
        board=board, data=AmData(types, options_of(spec.options, where)), sides=sides,
        sequence=sequence, position=position, turn=spec.turn, units=units,
        minefields={s.name: {f.hex: Minefield(f.hex, s.name, f.ap, f.at, f.visible, f.daisy)
                             for f in s.minefields} for s in spec.sides},
        pools={s.name: Pool(s.pool, s.at_bought, dict(s.booby), s.daisy,
                            s.recorded or recorded_before) for s in spec.sides},
        orders={s.name: s.orders for s in spec.sides},
        setup_areas={s.name: s.setup_boards for s in spec.sides},
        must_capture={s.name: s.must_capture for s in spec.sides},
        ssr_booby={s.name: s.ssr_booby for s in spec.sides})
