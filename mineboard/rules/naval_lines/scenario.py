"""A naval-lines scenario file: its shape as dataclasses, and the starting state it makes.

Every name a scenario uses (a sea zone, a line, a territory, a nation, a unit type) is a
``Ref`` checked against the map and the unit table, so a typo fails with one line naming
the field and the value.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from mineboard.core.errors import BadInput
from mineboard.core.limits import MAX_NAME_LENGTH, MAX_UNITS
from mineboard.core.schema import Doc, Length, Range, Ref
from mineboard.maps.model import LAND, NAVAL_LINE, SEA_ZONE, BoardMap
from mineboard.rules.common.phases import PhaseSequence, Step
from mineboard.rules.common.scenario import parse_scenario, peek_names
from mineboard.rules.naval_lines.data import RuleData, default_rule_data
from mineboard.rules.naval_lines.state import (
    NONCOMBAT_MOVE,
    PHASE_NAMES,
    PHASES,
    Minefield,
    MineTally,
    Nation,
    NavalState,
    Options,
    Unit,
)

NationName = Annotated[str, Ref("nation")]
SeaZone = Annotated[str, Ref(SEA_ZONE)]
Count = Annotated[int, Range(0, 500)]
"""Mines in a field or a store: far beyond any game, small enough for exact odds (NL-15)."""


@dataclass(frozen=True)
class OptionsSpec:
    hidden_minefields: Annotated[bool, Doc("each side sees only its own minefields")] = False
    crossing: Annotated[Literal["both", "into_defended_zone"],
                        Doc("NL-12 decision: whether a field defends both ways")] = "both"


@dataclass(frozen=True)
class NationSpec:
    name: Annotated[str, Length(1, MAX_NAME_LENGTH)]
    side: Annotated[str, Length(1, MAX_NAME_LENGTH)]
    capital: Annotated[str, Ref(LAND)] | None = None
    ipcs: Annotated[int, Range(0, 1_000_000)] = 0


@dataclass(frozen=True)
class UnitSpec:
    nation: NationName
    type: Annotated[str, Ref("unit_type")]
    zone: SeaZone
    count: Annotated[int, Range(1, 500)] = 1


@dataclass(frozen=True)
class FieldSpec:
    line: Annotated[str, Ref(NAVAL_LINE)]
    owner: NationName
    zone: SeaZone
    count: Count


@dataclass(frozen=True)
class NavalScenario:
    nations: Annotated[tuple[NationSpec, ...], Length(1)]
    options: OptionsSpec = OptionsSpec()
    turn_order: tuple[NationName, ...] | None = None
    turn: Annotated[int, Range(1, 10_000)] = 1
    phase: Literal["purchase", "combat_move", "battle", "noncombat_move", "place"] = "purchase"
    nation: NationName | None = None
    control: Mapping[SeaZone, NationName] = field(default_factory=dict)
    territories: Mapping[Annotated[str, Ref(LAND)], NationName] = field(default_factory=dict)
    stored_mines: Mapping[NationName, Count] = field(default_factory=dict)
    minefields: tuple[FieldSpec, ...] = ()
    units: tuple[UnitSpec, ...] = ()

    def validate(self) -> None:
        if sum(u.count for u in self.units) > MAX_UNITS:
            raise ValueError(f"units: more than {MAX_UNITS} in all")
        names = [n.name for n in self.nations]
        if len(set(names)) != len(names):
            raise ValueError("nations: a nation is listed twice")
        if self.turn_order is not None and sorted(self.turn_order) != sorted(names):
            raise ValueError("turn_order: must list every nation exactly once")


def state_from_scenario(data: Mapping[str, Any], board: BoardMap, where: str,
                        rules: RuleData | None = None) -> NavalState:
    """The starting state; every reference is checked against the map and the unit table."""
    rules = rules or default_rule_data()
    if board.kind != "area":
        raise BadInput(where, f"naval-lines needs an area map, not a {board.kind} map")
    spec = parse_scenario(NavalScenario, data, where, board,
                          {"nation": peek_names(data, "nations"), "unit_type": rules.units})
    for i, f in enumerate(spec.minefields):
        way = board.ways[f.line]
        if f.zone not in (way.a, way.b):
            raise BadInput(f"{where}.minefields[{i}]", f"zone {f.zone} is not on line {f.line}")
    nations = {n.name: Nation(n.name, n.side, n.capital) for n in spec.nations}
    order = list(spec.turn_order or nations)
    units: dict[str, Unit] = {}
    numbers: Counter[tuple[str, str]] = Counter()
    prefix = _prefixes(list(nations))
    for u in spec.units:
        for _ in range(u.count):
            numbers[u.nation, u.type] += 1
            uid = f"{prefix[u.nation]}-{u.type}-{numbers[u.nation, u.type]}"
            units[uid] = Unit(uid, u.nation, u.type, u.zone)
    owners = {p.id: str(p.props["owner"]) for p in board.places_of(LAND)
              if p.props.get("owner") in nations}
    owners.update(spec.territories)
    stored = {n: spec.stored_mines.get(n, 0) for n in nations}
    minefields = [Minefield(board.ways[f.line].id, f.owner, f.zone, f.count)
                  for f in spec.minefields]
    sequence = PhaseSequence(tuple(Step(p, n, PHASE_NAMES[p]) for n in order for p in PHASES))
    state = NavalState(
        board=board, rules=rules,
        options=Options(spec.options.hidden_minefields, spec.options.crossing),
        nations=nations, turn_order=order, turn=spec.turn, sequence=sequence,
        position=sequence.position_of(spec.phase, spec.nation or order[0], where=where),
        ipcs={n.name: n.ipcs for n in spec.nations}, stored=stored,
        pending={n: 0 for n in nations}, bought_this_turn={n: 0 for n in nations},
        units=units, minefields=minefields, control=dict(spec.control), territory_owner=owners,
        tally={n: MineTally(bought=stored[n] + sum(f.count for f in minefields if f.owner == n))
               for n in nations},
    )
    if spec.phase == NONCOMBAT_MOVE:
        state.ncm_control = dict(state.control)
    return state


def _short(nation: str) -> str:
    words = nation.replace("-", " ").split()
    return "".join(w[0] for w in words).lower() if len(words) > 1 else nation[:3].lower()


def _prefixes(nations: list[str]) -> dict[str, str]:
    """Each nation's unit-id prefix: 'ger', 'uk'… short while that is unique; nations whose
    short forms clash ('Germany', 'Germania') keep their whole names, so no unit of one
    can overwrite a unit of the other."""
    shorts = Counter(_short(n) for n in nations)
    prefix = {n: _short(n) if shorts[_short(n)] == 1 else n.lower().replace(" ", "-")
              for n in nations}
    if len(set(prefix.values())) < len(nations):  # contrived names: number them instead
        prefix = {n: f"n{i + 1}" for i, n in enumerate(nations)}
    return prefix
