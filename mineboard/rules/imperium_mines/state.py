"""The imperium-mines state: fleets of ships at star systems, face-down minefield counters."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from mineboard.core.errors import BadInput
from mineboard.maps.model import SYSTEM, BoardMap
from mineboard.rules.common.phases import PhaseSequence, Step, each
from mineboard.rules.imperium_mines.data import ShipData, ShipType, default_ship_data

CONSTRUCTION, SEGMENT = "construction", "segment"


@dataclass(slots=True)
class Ship:
    id: str
    type: str
    hits: int = 0


@dataclass(slots=True)
class Fleet:
    id: str
    side: str
    system: str
    ships: list[Ship]
    moved: bool = False
    fought: bool = False
    stayed: bool = False  # laid, swept or placed false counters: it may not move (IM-06)
    laid: bool = False
    swept: bool = False

    def reset(self) -> None:
        self.moved = self.fought = self.stayed = self.laid = self.swept = False


@dataclass(slots=True)
class Counter:
    """A face-down minefield counter. ``known`` is False in a view that must not show it."""

    value: int
    false: bool = False
    known: bool = True


@dataclass(frozen=True, slots=True)
class Options:
    mine_warfare: bool = True  # IM-01: the variant is used only when both players agree
    stop_after_afoul: bool = True  # IM-29
    false_needs_enemy_free: bool = False  # IM-34


@dataclass
class ImperiumState:
    board: BoardMap
    rules: ShipData
    options: Options
    sides: tuple[str, ...]
    home: dict[str, str]
    turn: int
    sequence: PhaseSequence
    position: int
    resources: dict[str, int]
    building: list[tuple[str, str, int]]  # (side, ship type, ready on turn)
    fleets: dict[str, Fleet]
    minefields: dict[str, dict[str, list[Counter]]]
    serial: int = 0

    @property
    def phase(self) -> str:
        return self.sequence.step(self.position).phase

    @property
    def segment(self) -> int:
        """1-based segment number within the turn (0 during construction)."""
        return self.sequence.step(self.position).number

    @property
    def active(self) -> str:
        return self.sequence.step(self.position).actor

    # ---- the game contract (core.game.GameState) -------------------------------------------
    @property
    def owners(self) -> tuple[str, ...]:
        return self.sides

    @property
    def phasing(self) -> str:
        return self.active

    @property
    def to_move(self) -> str:
        return self.active

    @property
    def actor(self) -> str:
        return self.active

    @property
    def phase_label(self) -> str:
        return self.sequence.step(self.position).label

    @property
    def has_secrets(self) -> bool:
        """Counters always lie face-down in this variant: every game has secrets."""
        return True

    def side_of(self, owner: str) -> str:
        return owner  # each player is one side

    def ship_type(self, ship: Ship) -> ShipType:
        return self.rules.ships[ship.type]

    def fleets_at(self, system: str, side: str | None = None) -> list[Fleet]:
        return [f for f in self.fleets.values() if f.system == system
                and (side is None or f.side == side)]

    def enemy_fleets_at(self, system: str, side: str) -> list[Fleet]:
        return [f for f in self.fleets.values() if f.system == system and f.side != side]

    def enemy_counters(self, system: str, side: str) -> list[Counter]:
        return [c for owner, cs in self.minefields.get(system, {}).items() if owner != side
                for c in cs]

    def points(self, system: str, owner: str) -> int:
        return sum(c.value for c in self.minefields.get(system, {}).get(owner, [])
                   if not c.false)

    def enemy_points(self, system: str, side: str) -> int:
        """IM-30: only the moving fleet's enemy's points count."""
        return sum(self.points(system, o) for o in self.minefields.get(system, {}) if o != side)

    def count_of(self, fleet: Fleet, predicate: str) -> int:
        return sum(1 for s in fleet.ships if getattr(self.ship_type(s), predicate))

    def jumps(self, fleet: Fleet) -> int:
        return min((self.ship_type(s).jumps for s in fleet.ships), default=0)

    def new_id(self, prefix: str) -> str:
        self.serial += 1
        return f"{prefix}{self.serial}"


def order_of_play(sides: tuple[str, ...], rules: ShipData) -> PhaseSequence:
    """Each turn: construction side by side, then action segments taken alternately."""
    n = rules.segments_per_turn
    segments = tuple(Step(SEGMENT, sides[(k - 1) % len(sides)], f"Action segment {k} of {n}", k)
                     for k in range(1, n + 1))
    return PhaseSequence((*each(sides, CONSTRUCTION, "Construction"), *segments))


def state_from_scenario(data: Mapping[str, Any], board: BoardMap, where: str,
                        rules: ShipData | None = None) -> ImperiumState:
    rules = rules or default_ship_data()
    if board.kind != "point":
        raise BadInput(where, f"imperium-mines needs a star map (point map), not {board.kind}")
    opts = data.get("options", {})
    if not isinstance(opts, Mapping):
        raise BadInput(where, "'options' must be an object")
    known = {"mine_warfare", "stop_after_afoul", "false_needs_enemy_free"}
    for key, value in opts.items():
        if key not in known:
            raise BadInput(f"{where}: options", f"unknown option {key!r}")
        if not isinstance(value, bool):
            raise BadInput(f"{where}: options.{key}", "must be true or false")
    options = Options(opts.get("mine_warfare", False), opts.get("stop_after_afoul", True),
                      opts.get("false_needs_enemy_free", False))
    raw_sides = data.get("sides")
    if not isinstance(raw_sides, list) or len(raw_sides) != 2:
        raise BadInput(where, "'sides' must list the two sides")
    sides, home, resources = [], {}, {}
    for i, s in enumerate(raw_sides):
        at = f"{where}: sides[{i}]"
        if not isinstance(s, Mapping) or not isinstance(s.get("name"), str):
            raise BadInput(at, "a side needs a 'name'")
        base = s.get("home")
        if base not in board.places or board.places[base].kind != SYSTEM:
            raise BadInput(at, f"home {base!r} is not a star system of map {board.id}")
        money = s.get("resources", 0)
        if isinstance(money, bool) or not isinstance(money, int) or money < 0:
            raise BadInput(at, "'resources' must be a whole number ≥ 0")
        sides.append(s["name"])
        home[s["name"]] = str(base)
        resources[s["name"]] = money
    sequence = order_of_play(tuple(sides), rules)
    state = ImperiumState(board, rules, options, tuple(sides), home, 1, sequence, 0, resources,
                          [], {}, {})
    raw_fleets = data.get("fleets", [])
    if not isinstance(raw_fleets, list):
        raise BadInput(where, "'fleets' must be a list")
    for i, f in enumerate(raw_fleets):
        at = f"{where}: fleets[{i}]"
        if not isinstance(f, Mapping) or f.get("side") not in sides:
            raise BadInput(at, "a fleet needs a 'side' that is one of the sides")
        system = f.get("system")
        if system not in board.places:
            raise BadInput(at, f"system {system!r} is not on map {board.id}")
        ships_raw = f.get("ships")
        if not isinstance(ships_raw, Mapping) or not ships_raw:
            raise BadInput(at, "'ships' must map ship types to counts")
        ships = []
        for stype, count in ships_raw.items():
            if stype not in rules.ships:
                raise BadInput(at, f"unknown ship type {stype!r}")
            if stype in ("minelayer", "minesweeper") and not options.mine_warfare:
                raise BadInput(at, f"{stype}s exist only with the mine-warfare option (IM-01)")
            if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 100:
                raise BadInput(at, f"count of {stype} must be 1–100")
            ships += [Ship(state.new_id("s"), str(stype)) for _ in range(count)]
        fid = str(f.get("id") or state.new_id("F"))
        if fid in state.fleets:
            raise BadInput(at, f"fleet id {fid!r} used twice")
        state.fleets[fid] = Fleet(fid, str(f["side"]), str(system), ships)
    raw_mines = data.get("minefields", [])
    if not isinstance(raw_mines, list):
        raise BadInput(where, "'minefields' must be a list")
    for i, m in enumerate(raw_mines):
        at = f"{where}: minefields[{i}]"
        if not isinstance(m, Mapping) or m.get("owner") not in sides \
                or m.get("system") not in board.places:
            raise BadInput(at, "needs an 'owner' side and a 'system' of the map")
        points, false = m.get("points", 0), m.get("false", 0)
        for key, value in (("points", points), ("false", false)):
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 99:
                raise BadInput(at, f"{key!r} must be a whole number 0–99")
        counters = state.minefields.setdefault(str(m["system"]), {}).setdefault(
            str(m["owner"]), [])
        if points:
            counters.append(Counter(points))
        counters += [Counter(0, false=True) for _ in range(false)]
    return state
