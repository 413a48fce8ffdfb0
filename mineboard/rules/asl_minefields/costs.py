"""asl-minefields: what moving costs, and the cover a hex gives — from
``movement_costs.json`` (movement and TEM are outside ASL B28: stand-in numbers a group may
edit). AM-11: a minefield adds nothing to a hex's cost; AM-09: nothing to its TEM either.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import pairwise
from typing import Annotated, Literal

from mineboard.core.schema import Doc, Length, Range
from mineboard.rules.asl_minefields.data import RULESET_ID, UnitType
from mineboard.rules.asl_minefields.state import AmState, Unit
from mineboard.rules.common.tables import read_rule_table


@dataclass(frozen=True, slots=True)
class ClassCosts:
    """One class of unit's costs (see movement_costs.json's ``about``)."""

    enter: Annotated[Mapping[str, Annotated[float, Range(0, 99)]], Length(1),
                     Doc("base terrain → MF/MP to enter; a terrain not listed: never")]
    features: Annotated[Mapping[str, Annotated[float, Range(0, 99)]],
                        Doc("hex feature → cost to enter, where lower than the terrain's")] = \
        field(default_factory=dict)
    cross: Annotated[Mapping[str, Annotated[float, Range(0, 99)]],
                     Doc("hexside feature → MF/MP added for crossing it")] = \
        field(default_factory=dict)
    tb: Annotated[Mapping[str, Annotated[float, Range(0, 99)]],
                  Doc("base terrain → cost through a Trail Break (AM-42); not listed: the "
                      "normal cost")] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class CostTable:
    schema: Literal[1]
    classes: Annotated[Mapping[Literal["infantry", "cavalry", "vehicle"], ClassCosts],
                       Length(3, 3)]
    tem: Annotated[Mapping[str, Annotated[int, Range(-5, 9)]],
                   Doc("base terrain → TEM of fire into the hex (AM-09)")]
    rout_bonus: Annotated[int, Range(0, 9), Doc("MF a routing unit has on top of its own "
                                                "(AM-16)")] = 2
    about: str = ""


@cache
def cost_table() -> CostTable:
    return read_rule_table(CostTable, RULESET_ID, "movement_costs.json")


def class_of(ut: UnitType) -> Literal["infantry", "cavalry", "vehicle"]:
    return "vehicle" if ut.vehicle else ut.cls


def terrain_of(state: AmState, hex_id: str) -> tuple[str, tuple[str, ...]]:
    grid = state.board.grid
    assert grid is not None
    return grid.terrain_at(hex_id)


def tem(state: AmState, hex_id: str) -> int:
    """AM-09: the TEM of fire into ``hex_id`` — its terrain's; a minefield adds nothing."""
    return cost_table().tem.get(terrain_of(state, hex_id)[0], 0)


def step_cost(state: AmState, ut: UnitType, a: str, b: str,
              double_tb: bool = False) -> float | None:
    """MF/MP for a unit of ``ut`` to step from ``a`` into ``b`` (AM-11: a minefield there
    adds nothing); through a Trail Break its TB cost, doubled with ``double_tb`` (AM-42);
    None: it may not enter ``b``."""
    table = cost_table().classes[class_of(ut)]
    terrain, features = terrain_of(state, b)
    options = [c for c in (table.enter.get(terrain),
                           *(table.features.get(f) for f in features)) if c is not None]
    if not options:
        return None
    cost = min(options)
    if (a, b) in state.trail_breaks:
        cost = min(cost, table.tb.get(terrain, cost))
        if double_tb:
            cost *= 2
    way = state.board.adjacent.get(a, {}).get(b)
    if way is not None:
        cost += sum(table.cross.get(f, 0) for f in way.props.get("features", ()))
    return cost


def path_cost(state: AmState, ut: UnitType, path: Sequence[str],
              double_tb: bool = False) -> tuple[float, int | None]:
    """The cost of a whole path, and the index of the first hex it may not enter (None)."""
    total = 0.0
    for i, (a, b) in enumerate(pairwise(path), 1):
        cost = step_cost(state, ut, a, b, double_tb)
        if cost is None:
            return total, i
        total += cost
    return total, None


def mf_left(state: AmState, unit: Unit, routing: bool = False) -> float:
    bonus = cost_table().rout_bonus if routing else 0
    return state.unit_type(unit).mf + bonus - unit.spent


def num(x: float) -> str:
    return str(int(x)) if x == int(x) else str(x)


def unit_word(ut: UnitType) -> str:
    return "MP" if ut.vehicle else "MF"
