"""Reading an awaw-naval scenario: the powers in play, the calendar, the naval units and
their bases, who holds which land hex, port counters already built, the war's toggles and
the supply flags the rules take from outside (the catalogue's "Out of scope" list)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from mineboard.core.errors import BadInput
from mineboard.core.schema import Doc, Length, Range, Ref, from_json
from mineboard.maps.model import BOX, HEX, PORT, BoardMap
from mineboard.rules.awaw_naval.data import (
    SIDES,
    AwData,
    RuleOptions,
    activity_table,
    default_options,
    nation_table,
    ship_table,
    theatre_table,
)
from mineboard.rules.awaw_naval.state import (
    MOVEMENT_START,
    NEUTRAL,
    PHASE_START,
    SEASONS,
    TURN_START,
    AwState,
    BuiltPort,
    Ship,
    order_of_play,
)
from mineboard.rules.common.scenario import parse_scenario

BASE = "base"
"""A scenario's name for a port, a box or a port counter: where a ship may be based."""


@dataclass(frozen=True)
class ShipSpec:
    id: Annotated[str, Length(1, 40)]
    nation: Annotated[str, Ref("nation")]
    type: Annotated[str, Ref("ship_type")]
    factors: Annotated[int, Range(1, 99)]
    base: Annotated[str, Ref(BASE)]
    name: Annotated[str, Length(0, 60)] = ""
    tf: Annotated[str, Length(0, 40), Doc("its task force (AW-65)")] = ""
    inverted: bool = False
    held_inverted: bool = False
    operated: bool = False
    damaged: bool = False
    row: Annotated[Literal["", "waiting_repair", "2", "launch", "3+", "sunk_in_port"],
                   Doc("its Naval Construction Chart row (AW-06, AW-59)")] = ""
    new: bool = False
    impaired: Annotated[bool, Doc("impaired by supply problems (AW-63)")] = False


@dataclass(frozen=True)
class BuiltPortSpec:
    hex: Annotated[str, Ref(HEX)]
    nation: Annotated[str, Ref("nation")]
    year: Annotated[int, Range(1939, 1946)] = 1942
    turn: Annotated[int, Range(0, 99)] = 0


@dataclass(frozen=True)
class AwScenario:
    nations: Annotated[tuple[Annotated[str, Ref("nation")], ...], Length(1, 20),
                       Doc("the powers in play")]
    ships: Annotated[tuple[ShipSpec, ...], Length(0, 2000)] = ()
    control: Annotated[Mapping[str, tuple[Annotated[str, Ref(HEX)], ...]],
                       Doc("power → the land hexes it holds (the rest: no major power)")] = \
        dataclasses.field(default_factory=dict)
    built_ports: Annotated[tuple[BuiltPortSpec, ...], Length(0, 99)] = ()
    at_peace: Annotated[tuple[Annotated[tuple[Annotated[str, Ref("nation")], ...],
                                        Length(2, 2)], ...],
                        Doc("pairs of powers not at war (AW-21, AW-78)")] = ()
    unsupplied: Annotated[tuple[Annotated[str, Ref(HEX)], ...],
                          Doc("hexes not fully supplied (supply module input)")] = ()
    options: Annotated[Mapping[str, Any], Doc("rule options overriding options.json")] = \
        dataclasses.field(default_factory=dict)
    year: Annotated[int, Range(1939, 1946)] = 1942
    season: Literal["Spring", "Summer", "Fall", "Winter"] = "Spring"
    phase: Literal["movement", "combat", "redeployment", "construction"] = "movement"
    side: Literal["", "Axis", "Allies"] = ""
    turn: Annotated[int, Range(1, 99)] = 1
    beaches: Annotated[tuple[Annotated[str, Ref(HEX)], ...],
                       Doc("beach hexes the map does not mark (AW-151)")] = ()
    beach_other_coast: Annotated[tuple[Annotated[str, Ref(PORT)], ...],
                                 Doc("ports whose beach faces another coast, as Lorient "
                                     "and Famagusta (AW-149)")] = ()


def built_port_id(hex_id: str) -> str:
    return f"port-counter-{hex_id}"


def options_of(overrides: Mapping[str, Any], where: str) -> RuleOptions:
    base = dataclasses.asdict(default_options())
    unknown = sorted(set(overrides) - set(base))
    if unknown:
        raise BadInput(where, f"options: unknown option {unknown[0]!r} "
                              f"(known: {', '.join(sorted(base))})")
    return from_json(RuleOptions, {**base, **overrides}, f"{where}: options")


def game_data(options: RuleOptions) -> AwData:
    theatres = {str(k): v for k, v in theatre_table().theatres.items()}
    return AwData(ship_table().types, nation_table().nations, theatres,
                  activity_table().activities, options)


def state_from_scenario(data: Mapping[str, Any], board: BoardMap, where: str) -> AwState:
    nations = nation_table().nations
    raw_ports = data.get("built_ports")
    built_hexes = [p["hex"] for p in raw_ports if isinstance(p, Mapping)
                   and isinstance(p.get("hex"), str)] if isinstance(raw_ports, list) else []
    bases = [p.id for p in board.places.values() if p.kind in (PORT, BOX)] \
        + [built_port_id(h) for h in built_hexes]
    spec = parse_scenario(AwScenario, data, where, board,
                          {"nation": list(nations), "ship_type": list(ship_table().types),
                           BASE: bases})
    ships: dict[str, Ship] = {}
    for i, s in enumerate(spec.ships):
        if s.id in ships:
            raise BadInput(where, f"ships[{i}].id: {s.id!r} is listed twice")
        if s.nation not in spec.nations:
            raise BadInput(where, f"ships[{i}].nation: {s.nation} is not among the scenario's "
                                  f"nations ({', '.join(spec.nations)})")
        ships[s.id] = Ship(s.id, s.nation, s.type, s.factors, s.base, name=s.name,
                           tf=s.tf or None, inverted=s.inverted or s.held_inverted,
                           held_inverted=s.held_inverted, operated=s.operated,
                           damaged=s.damaged, row=s.row, new=s.new, impaired=s.impaired)
    control: dict[str, str] = {}
    for power, hexes in spec.control.items():
        if power != NEUTRAL and power not in nations:
            raise BadInput(where, f"control: {power!r} is not a nation "
                                  f"({', '.join(sorted(nations))})")
        for h in hexes:
            if h in control:
                raise BadInput(where, f"control.{power}: hex {h} is held by {control[h]} too")
            if power != NEUTRAL:
                control[h] = power
    sides = SIDES
    sequence = order_of_play(sides)
    position = sequence.position_of(spec.phase, spec.side or sides[0], None, where)
    state = AwState(
        board=board, data=game_data(options_of(spec.options, where)), sides=sides,
        sequence=sequence, position=position, turn=spec.turn, year=spec.year,
        season=SEASONS.index(spec.season), ships=ships, control=control,
        built_ports={built_port_id(p.hex): BuiltPort(built_port_id(p.hex), p.hex, p.nation,
                                                     p.turn, p.year)
                     for p in spec.built_ports},
        at_peace={(a, b) if a <= b else (b, a) for a, b in spec.at_peace},
        unsupplied=set(spec.unsupplied), nations=spec.nations)
    state.snapshot(TURN_START, MOVEMENT_START, PHASE_START)
    if spec.beaches:
        vars(state)["beaches"] = set(spec.beaches)  # invasion_orders.beaches (AW-151)
    if spec.beach_other_coast:
        vars(state)["other_coast"] = set(spec.beach_other_coast)  # AW-149
    return state
