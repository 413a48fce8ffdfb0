"""A gwas-tactical scenario file: the two sides' logsheets and the ships on the tactical
map, as dataclasses checked against the map, its strategic zone map and the ship table."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from mineboard.core.errors import BadInput
from mineboard.core.limits import MAX_NAME_LENGTH, MAX_UNITS
from mineboard.core.schema import Doc, Length, Range, Ref
from mineboard.core.words import count_of, possessive
from mineboard.maps.model import HEX, NAVAL_LINE, BoardMap
from mineboard.maps.ring import ShadedRing
from mineboard.rules.common.scenario import parse_scenario, peek_names
from mineboard.rules.gwas_tactical.data import GtData, default_data
from mineboard.rules.gwas_tactical.setup import (
    hexside_name,
    mines_still_needed,
    room_for_mines,
    unmineable,
)
from mineboard.rules.gwas_tactical.state import (
    APPROACH,
    GtState,
    Logsheet,
    Ship,
    order_of_play,
)

Boundary = Annotated[str, Ref("boundary")]


@dataclass(frozen=True)
class SideSpec:
    name: Annotated[str, Length(1, MAX_NAME_LENGTH)]
    minefields: Annotated[tuple[Boundary, ...],
                          Doc("boundaries with a completed minefield (GT-01)")] = ()
    logged: Annotated[Mapping[Boundary, Annotated[int, Range(0, 1000)]],
                      Doc("boundary → turns 'Mine' was logged (GT-03)")] = \
        field(default_factory=dict)


@dataclass(frozen=True)
class ShipSpec:
    side: Annotated[str, Ref("side")]
    type: Annotated[str, Ref("ship_type")]
    hex: Annotated[str, Ref(HEX)]
    id: Annotated[str, Length(1, MAX_NAME_LENGTH)] | None = None
    crossing: Boundary | None = None


@dataclass(frozen=True)
class GwasScenario:
    sides: Annotated[tuple[SideSpec, ...], Length(2, 2)]
    phase: Literal["approach", "setup", "battle"] = "approach"
    ships: Annotated[tuple[ShipSpec, ...], Length(0, MAX_UNITS)] = ()

    def validate(self) -> None:
        if self.sides[0].name == self.sides[1].name:
            raise ValueError("sides: the two sides need different names")


def state_from_scenario(data: Mapping[str, Any], board: BoardMap, where: str,
                        strategic: BoardMap, rules: GtData | None = None) -> GtState:
    rules = rules or default_data()
    grid = board.grid
    if grid is None:
        raise BadInput(where, "gwas-tactical needs a tactical hex map")
    try:
        ring = ShadedRing.from_edge_sets(grid, board.edge_sets)
    except ValueError as exc:
        raise BadInput(where, f"map {board.id}: the shaded ring: {exc}") from None
    zone = str(board.meta.get("battle_zone", ""))
    if zone not in strategic.places:
        raise BadInput(where, f"battle zone {zone!r} is not on the strategic map")
    boundaries = {w.id for w in strategic.ways_of(NAVAL_LINE) if zone in (w.a, w.b)}
    for seg in ring.segments.values():
        if seg.boundary not in boundaries:
            raise BadInput(where, f"ring segment {seg.name} names {seg.boundary!r}, not a "
                                  f"boundary of zone {zone}")
    spec = parse_scenario(GwasScenario, data, where, board,
                          {"boundary": boundaries, "side": peek_names(data, "sides"),
                           "ship_type": rules.ships})
    sides = tuple(s.name for s in spec.sides)
    logs = {s.name: Logsheet(list(s.minefields), dict(s.logged)) for s in spec.sides}
    sequence = order_of_play(sides, rules)
    state = GtState(board, grid, ring, strategic, zone, rules, sides, logs, sequence,
                    sequence.position_of(spec.phase or APPROACH), 1, {}, [])
    for i, s in enumerate(spec.ships):
        sid = s.id or state.new_id("ship")
        if sid in state.ships:
            raise BadInput(f"{where}: ships[{i}]", f"ship id {sid!r} used twice")
        if s.crossing is not None and spec.phase != APPROACH:
            raise BadInput(f"{where}: ships[{i}].crossing", "the scenario starts after the "
                           "approach, where ships roll for the boundary they cross (GT-02)")
        state.ships[sid] = Ship(sid, s.side, s.type, s.hex, crossing=s.crossing)
    for i, side in enumerate(sides):
        check_setup_can_end(state, side, f"{where}: sides[{i}]")
    return state


def check_setup_can_end(state: GtState, side: str, where: str) -> None:
    """A side whose GT-07 minimums no placement can meet would leave setup with no legal
    action (GT-04, GT-05, GT-08): such a scenario is refused before play."""
    closed = unmineable(state, side)
    if closed:
        raise BadInput(where, f"no hex within two hexes of {hexside_name(state, closed[0])} "
                              f"is free of enemy ships, so {side} could never place the mine "
                              "counters GT-07 needs there (GT-05): setup could never end")
    log, need = state.logs[side], mines_still_needed(state, side)
    if need > room_for_mines(log, 0, 0):
        raise BadInput(where, f"{possessive(side)} minimums near the shaded hexsides need "
                              f"{count_of(need, 'mine counter')} but it may place at most "
                              f"{log.max_mines} (GT-04, "
                              "GT-07): setup could never end")
