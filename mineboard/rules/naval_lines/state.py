"""The naval-lines game state and how a scenario file becomes one.

The state is plain data (dataclasses of ids and counts); the map it refers to is shared,
never copied. Anything that can be worked out from the rest (who is active, which mines
face a crossing) is a method, not a field, so it can never disagree with the truth.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from mineboard.core.errors import BadInput
from mineboard.maps.model import LAND, NAVAL_LINE, SEA_ZONE, BoardMap
from mineboard.rules.common.phases import PhaseSequence, Step
from mineboard.rules.naval_lines.data import RuleData, UnitType, default_rule_data

PURCHASE, COMBAT_MOVE, BATTLE, NONCOMBAT_MOVE, PLACE = (
    "purchase", "combat_move", "battle", "noncombat_move", "place")
PHASES = (PURCHASE, COMBAT_MOVE, BATTLE, NONCOMBAT_MOVE, PLACE)
PHASE_NAMES = {
    PURCHASE: "Purchase & Repair Units",
    COMBAT_MOVE: "Combat Movement",
    BATTLE: "Conduct Combat",
    NONCOMBAT_MOVE: "Non-Combat Movement",
    PLACE: "Place New Units",
}
CROSSING_OPTIONS = ("both", "into_defended_zone")


@dataclass(slots=True)
class Nation:
    name: str
    side: str
    capital: str | None  # land territory id


@dataclass(slots=True)
class Unit:
    id: str
    nation: str
    type: str
    zone: str
    moved: int = 0
    mission: str | None = None  # "attack", "sweep" or "mines": one per turn (NL-11)
    cargo: int = 0
    done: bool = False  # laid mines: its move has ended (NL-07)


@dataclass(slots=True)
class Minefield:
    """One nation's mines on one line, laid from one zone (the zone they defend)."""

    line: str
    owner: str
    zone: str
    count: int
    revealed: bool = False


@dataclass(frozen=True, slots=True)
class Options:
    hidden_minefields: bool = False
    crossing: str = "both"  # NL-12 decision: or "into_defended_zone"


@dataclass(slots=True)
class MineTally:
    """Counts kept only to prove conservation: bought = stored + … + lost."""

    bought: int = 0
    detonated: int = 0
    swept: int = 0
    lost: int = 0


@dataclass
class NavalState:
    board: BoardMap
    rules: RuleData
    options: Options
    nations: dict[str, Nation]
    turn_order: list[str]
    turn: int
    sequence: PhaseSequence
    position: int
    ipcs: dict[str, int]
    stored: dict[str, int]
    pending: dict[str, int]
    bought_this_turn: dict[str, int]
    units: dict[str, Unit]
    minefields: list[Minefield]
    control: dict[str, str]
    territory_owner: dict[str, str]
    ncm_control: dict[str, str] = field(default_factory=dict)
    tally: dict[str, MineTally] = field(default_factory=dict)

    # ---- derived -------------------------------------------------------------------------
    @property
    def active(self) -> str:
        """The nation whose turn it is."""
        return self.sequence.step(self.position).actor

    @property
    def phase(self) -> str:
        return self.sequence.step(self.position).phase

    def side_of(self, owner: str) -> str:
        return self.nations[owner].side

    # ---- the game contract (core.game.GameState) -------------------------------------------
    @property
    def sides(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(self.nations[n].side for n in self.turn_order))

    @property
    def owners(self) -> tuple[str, ...]:
        return tuple(self.turn_order)

    @property
    def phasing(self) -> str:
        return self.side_of(self.active)

    @property
    def to_move(self) -> str:
        return self.phasing

    @property
    def actor(self) -> str:
        return self.active

    @property
    def phase_label(self) -> str:
        return PHASE_NAMES[self.phase]

    @property
    def has_secrets(self) -> bool:
        return self.options.hidden_minefields

    def unit_type(self, unit: Unit) -> UnitType:
        return self.rules.units[unit.type]

    def capacity(self, nation: str) -> int:
        """Industrial capacity of the nation's capital, if it still holds it (NL-03)."""
        capital = self.nations[nation].capital
        if capital is None or self.territory_owner.get(capital) != nation:
            return 0
        return int(self.board.places[capital].props.get("industrial_capacity", 0))

    def holds_capital(self, nation: str) -> bool:
        capital = self.nations[nation].capital
        return capital is not None and self.territory_owner.get(capital) == nation

    def units_in(self, zone: str) -> list[Unit]:
        return [u for u in self.units.values() if u.zone == zone]

    def fields_on(self, line: str) -> list[Minefield]:
        return [f for f in self.minefields if f.line == line and f.count > 0]

    def laid(self, nation: str) -> int:
        return sum(f.count for f in self.minefields if f.owner == nation)

    def carried(self, nation: str) -> int:
        return sum(u.cargo for u in self.units.values() if u.nation == nation)

    def cost_order(self, units: list[Unit]) -> list[Unit]:
        """Cheapest first: the default choice of casualties (NL-21 decision)."""
        return sorted(units, key=lambda u: (self.unit_type(u).cost, u.type, u.id))


def _where(where: str, key: str) -> str:
    return f"{where}: {key}"


def state_from_scenario(data: Mapping[str, Any], board: BoardMap, where: str,
                        rules: RuleData | None = None) -> NavalState:
    """Build the starting state; every reference is checked against the map and the table."""
    rules = rules or default_rule_data()
    if board.kind != "area":
        raise BadInput(where, f"naval-lines needs an area map, not a {board.kind} map")
    opts = data.get("options", {})
    if not isinstance(opts, Mapping):
        raise BadInput(where, "'options' must be an object")
    crossing = opts.get("crossing", "both")
    if crossing not in CROSSING_OPTIONS:
        raise BadInput(_where(where, "options.crossing"),
                       f"must be one of {', '.join(CROSSING_OPTIONS)}")
    hidden = opts.get("hidden_minefields", False)
    if not isinstance(hidden, bool):
        raise BadInput(_where(where, "options.hidden_minefields"), "must be true or false")
    unknown_opts = set(opts) - {"crossing", "hidden_minefields"}
    if unknown_opts:
        raise BadInput(_where(where, "options"), f"unknown option {sorted(unknown_opts)[0]!r}")

    nations: dict[str, Nation] = {}
    raw_nations = data.get("nations")
    if not isinstance(raw_nations, list) or not raw_nations:
        raise BadInput(where, "'nations' must be a non-empty list")
    ipcs: dict[str, int] = {}
    for i, n in enumerate(raw_nations):
        at = _where(where, f"nations[{i}]")
        if not isinstance(n, Mapping) or not isinstance(n.get("name"), str) \
                or not isinstance(n.get("side"), str):
            raise BadInput(at, "a nation needs a 'name' and a 'side'")
        capital = n.get("capital")
        if capital is not None and (capital not in board.places
                                    or board.places[capital].kind != LAND):
            raise BadInput(at, f"capital {capital!r} is not a land territory of map {board.id}")
        money = n.get("ipcs", 0)
        if isinstance(money, bool) or not isinstance(money, int) or money < 0:
            raise BadInput(at, "'ipcs' must be a whole number ≥ 0")
        nations[n["name"]] = Nation(n["name"], n["side"], capital)
        ipcs[n["name"]] = money

    order = data.get("turn_order", list(nations))
    if not isinstance(order, list) or sorted(order) != sorted(nations):
        raise BadInput(_where(where, "turn_order"), "must list every nation exactly once")

    def nation_ref(value: Any, at: str) -> str:
        if value not in nations:
            raise BadInput(at, f"unknown nation {value!r}")
        return str(value)

    def zone_ref(value: Any, at: str) -> str:
        if not isinstance(value, str) or value not in board.places \
                or board.places[value].kind != SEA_ZONE:
            raise BadInput(at, f"{value!r} is not a sea zone of map {board.id}")
        return value

    control = {zone_ref(z, _where(where, f"control.{z}")): nation_ref(n, _where(
        where, f"control.{z}")) for z, n in _mapping(data, "control", where).items()}
    owners = {p.id: str(p.props["owner"]) for p in board.places_of(LAND)
              if p.props.get("owner") in nations}
    for t, n in _mapping(data, "territories", where).items():
        if t not in board.places or board.places[t].kind != LAND:
            raise BadInput(_where(where, f"territories.{t}"), "not a land territory")
        owners[t] = nation_ref(n, _where(where, f"territories.{t}"))

    units: dict[str, Unit] = {}
    raw_units = data.get("units", [])
    if not isinstance(raw_units, list):
        raise BadInput(where, "'units' must be a list")
    for i, u in enumerate(raw_units):
        at = _where(where, f"units[{i}]")
        if not isinstance(u, Mapping):
            raise BadInput(at, "must be an object")
        nation = nation_ref(u.get("nation"), at)
        utype = u.get("type")
        if utype not in rules.units:
            raise BadInput(at, f"unknown unit type {utype!r} (known: {', '.join(rules.units)})")
        zone = zone_ref(u.get("zone"), at)
        count = u.get("count", 1)
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 500:
            raise BadInput(at, "'count' must be a whole number from 1 to 500")
        for _ in range(count):
            number = sum(1 for x in units.values() if x.nation == nation and x.type == utype)
            uid = f"{_short(nation)}-{utype}-{number + 1}"
            units[uid] = Unit(uid, nation, str(utype), zone)

    stored = {n: 0 for n in nations}
    for n, c in _mapping(data, "stored_mines", where).items():
        stored[nation_ref(n, _where(where, f"stored_mines.{n}"))] = _count(
            c, _where(where, f"stored_mines.{n}"))
    minefields: list[Minefield] = []
    raw_fields = data.get("minefields", [])
    if not isinstance(raw_fields, list):
        raise BadInput(where, "'minefields' must be a list")
    for i, f in enumerate(raw_fields):
        at = _where(where, f"minefields[{i}]")
        if not isinstance(f, Mapping):
            raise BadInput(at, "must be an object")
        line = f.get("line")
        way = board.ways.get(line) if isinstance(line, str) else None
        if way is None or way.kind != NAVAL_LINE:
            raise BadInput(at, f"{line!r} is not a naval line of map {board.id}")
        zone = zone_ref(f.get("zone"), at)
        if zone not in (way.a, way.b):
            raise BadInput(at, f"zone {zone} is not on line {line}")
        minefields.append(Minefield(way.id, nation_ref(f.get("owner"), at), zone,
                                    _count(f.get("count"), at)))

    phase = data.get("phase", PURCHASE)
    if phase not in PHASES:
        raise BadInput(_where(where, "phase"), f"must be one of {', '.join(PHASES)}")
    first = data.get("nation", order[0])
    sequence = PhaseSequence(tuple(Step(p, n, PHASE_NAMES[p]) for n in order for p in PHASES))
    turn = data.get("turn", 1)
    if isinstance(turn, bool) or not isinstance(turn, int) or turn < 1:
        raise BadInput(_where(where, "turn"), "must be a whole number ≥ 1")
    state = NavalState(
        board=board, rules=rules, options=Options(hidden, crossing), nations=nations,
        turn_order=list(order), turn=turn, sequence=sequence,
        position=sequence.position_of(phase, nation_ref(first, where), where=where),
        ipcs=ipcs, stored=stored, pending={n: 0 for n in nations},
        bought_this_turn={n: 0 for n in nations}, units=units, minefields=minefields,
        control=control, territory_owner=owners,
        tally={n: MineTally(bought=stored[n] + sum(f.count for f in minefields if f.owner == n))
               for n in nations},
    )
    if phase == "noncombat_move":
        state.ncm_control = dict(control)
    return state


def _mapping(data: Mapping[str, Any], key: str, where: str) -> Mapping[str, Any]:
    value = data.get(key, {})
    if not isinstance(value, Mapping):
        raise BadInput(where, f"{key!r} must be an object")
    return value


def _count(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 100000:
        raise BadInput(where, "must be a whole number ≥ 0")
    return value


def _short(nation: str) -> str:
    words = nation.replace("-", " ").split()
    return "".join(w[0] for w in words).lower() if len(words) > 1 else nation[:3].lower()
