"""Raider groups sailing to an SW box (AW-168…AW-177, AW-230): a raid is an operation
(``Operate`` with activity ``raid``) whose target is an SW box; each operation is one raider
group. Here: which ships may raid (AW-169), from where (AW-170…AW-172, raider_table.json's
``raid_from``), the group's make-up (AW-173), sailing from port (AW-174, with Germany's
opening raiders of AW-177 as the exception), the groups' ranks (AW-175), who may not see
them on the map (AW-176) and the BRP front reported for the raid (AW-230).

The record of the turn's raids is kept on the ledger (``raids``): a deep copy, undo and a
view carry it like the operations.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, ClassVar

from mineboard.core.actions import Action
from mineboard.core.dice import Dice
from mineboard.core.errors import IllegalAction
from mineboard.core.events import Event
from mineboard.core.schema import Doc, Length
from mineboard.core.words import and_list
from mineboard.rules.awaw_naval import box_rules, reach
from mineboard.rules.awaw_naval.forces import label
from mineboard.rules.awaw_naval.ledger import Operation, ledger_of
from mineboard.rules.awaw_naval.raider_data import (
    RaiderTable,
    RaidFrom,
    SwBox,
    any_match,
    raider_table,
)
from mineboard.rules.awaw_naval.state import AwState, Ship
from mineboard.rules.common.checks import TURN

OPENING_RAIDERS = ("Graf Spee", "Lutzow", "Scheer")
"""The pocket battleships Germany may set up in the Atlantic SW box (AW-177), by name."""

FROM_CLAUSE = {"sw-atlantic": "AW-170", "sw-indian": "AW-171", "sw-pacific": "AW-172"}


@dataclass
class RaidGroup:
    """One raider group in an SW box: its ships, rank and how the defender met it."""

    op: str
    box: str
    role: str
    side: str
    ships: tuple[str, ...]
    rank: int
    port_bonus: bool = False
    south_edge: bool = False
    committed: bool = False
    """The raiding player has sent its groups in this box on: the defender answers."""
    attempt: int = 1
    status: str = "sailing"
    """sailing, declined, undetected, engaging, fought, done."""
    modifier: int | None = None
    inputs: dict[str, int] = field(default_factory=dict)
    rolls: list[int] = field(default_factory=list)
    types: list[int] = field(default_factory=list)
    engaged: list[str] = field(default_factory=list)
    """Defenders engaging it in the current round."""
    first_round: list[str] = field(default_factory=list)
    """Defenders that fought it in the first round (AW-195)."""
    may_attack: tuple[str, ...] = ()
    """Its ships that may attack the defender's transports (AW-191, AW-193)."""
    held_back: tuple[str, ...] = ()


def raids(state: AwState) -> dict[str, RaidGroup]:
    """Operation id → its raider group, this player turn: kept on the ledger beside its
    declared fields, so every copy of the state carries it (the ledger is copied deeply,
    its ``__dict__`` whole) while part 1's records of the state stay as they were."""
    found: dict[str, RaidGroup] = vars(ledger_of(state)).setdefault("raids", {})
    return found


def groups_in(state: AwState, box: str) -> list[RaidGroup]:
    return sorted((g for g in raids(state).values() if g.box == box), key=lambda g: g.rank)


def sw_role(state: AwState, place: str) -> str | None:
    """The Raider Table's key for an SW box on the map, or None."""
    role = box_rules.role_of(state, place)
    return role if role in raider_table().boxes else None


@dataclass(frozen=True, slots=True)
class RankRaiders(Action):
    """The raiding player ranks its groups in an SW box, first raider first (AW-175)."""

    kind: ClassVar[str] = "rank_raiders"
    box: str
    groups: Annotated[tuple[str, ...], Length(1, 20), Doc("raid operations, first first")]
    by: Annotated[str, Doc("the power that ranks them")] = ""
    agreed: Annotated[bool, Doc("Japan agrees with a European Axis ranking")] = False


@dataclass(frozen=True, slots=True)
class CommitRaids(Action):
    """The raiding player's groups in an SW box are all there and ranked: the defender
    now answers each, first raider first (AW-178)."""

    kind: ClassVar[str] = "commit_raids"
    box: str


# ---- which ships, from where ---------------------------------------------------------------

def ship_count(table: RaiderTable, state: AwState, ship: Ship) -> int:
    """Ships a counter counts as in a group: a cruiser counter is one ship per
    ``cruiser_factors`` factors (AW-173: "each two-factor cruiser is one ship")."""
    if state.ship_type(ship).cruiser:
        return max(1, -(-ship.factors // table.cruiser_factors))
    return 1


def raider_refusal(table: RaiderTable, state: AwState, ship: Ship) -> str | None:
    kind = state.ship_type(ship)
    if any_match(table.never, kind, ship.factors) or \
            not any_match(table.raiders, kind, ship.factors):
        return (f"{label(ship)} ({ship.factors}-factor {kind.name.lower()}) may not raid: "
                "cruisers, capital ships and fast carriers may, never destroyers, slow ships "
                "or five-factor battleships")
    return None


def _in_group(state: AwState, base: str, groups: tuple[str, ...]) -> bool:
    hex_id = state.port_hex(base) or base
    return any(str(r.props.get("group", "")) in groups and hex_id in r.places
               for r in state.board.regions.values())


def _entry_for(state: AwState, box: SwBox, ship: Ship) -> RaidFrom | None:
    base = ship.base or ""
    for entry in box.raid_from:
        if ship.nation not in entry.nations:
            continue
        if entry.fronts and set(reach.fronts_of(state, base)) & set(entry.fronts):
            return entry
        if base in entry.ports or (entry.groups and _in_group(state, base, entry.groups)):
            return entry
    return None


def _held_by_axis(state: AwState, region_id: str, side: str) -> bool:
    region = state.board.regions.get(region_id)
    return region is not None and all(state.friendly(h, side) for h in region.places)


def _opening(state: AwState, ship: Ship) -> bool:
    """One of Germany's opening raiders set up in the Atlantic SW box (AW-177)."""
    return ship.nation == "Germany" and ship.name in OPENING_RAIDERS \
        and sw_role(state, ship.base or "") == "sw-atlantic"


def ships_from(state: AwState, port: str) -> int:
    """Ships raiding from ``port`` this player turn (AW-171, AW-172 limits)."""
    table = raider_table()
    out = 0
    for group in raids(state).values():
        op = ledger_of(state).operations.get(group.op)
        if op is None:
            continue
        out += sum(ship_count(table, state, state.ships[s]) for s in group.ships
                   if op.origins.get(s) == port)
    return out


def check_raid(state: AwState, action: object) -> None:
    """Operations' further checks for activity ``raid`` (registered in CHECKS)."""
    table = raider_table()
    target = str(getattr(action, "target", ""))
    role = sw_role(state, target)
    if role is None:
        raise IllegalAction(f"{state.board.ref(target)} is no SW box: raiders sail into the "
                            "Atlantic, Indian Ocean or Pacific SW box", "AW-168")
    box = table.boxes[role]
    ships = [state.ships[i] for i in getattr(action, "ships", ())]
    side = state.side_of_nation(ships[0].nation)
    if side != "Axis":
        raise IllegalAction("only Axis ships raid", "AW-168")
    for ship in ships:
        why = raider_refusal(table, state, ship)
        if why is not None:
            raise IllegalAction(why, "AW-169")
    count = sum(ship_count(table, state, s) for s in ships)
    if count > table.max_ships:
        raise IllegalAction(f"a raider group has at most {table.max_ships} ships; "
                            f"{and_list(label(s) for s in ships)} are {count}", "AW-173")
    carriers = [s for s in ships if state.ship_type(s).carrier]
    if len(carriers) > table.max_carriers:
        raise IllegalAction(f"a raider group has at most {table.max_carriers} fast carrier; "
                            f"{and_list(label(s) for s in carriers)} are {len(carriers)}",
                            "AW-173")
    per_port: dict[str, int] = {}
    for ship in ships:
        base = ship.base or ""
        if box_rules.is_sw(state, base):
            if not (_opening(state, ship) and state.calendar == "Fall 1939"):
                raise IllegalAction(f"{label(ship)} lies in an SW box: raiders sail from a port "
                                    "into the SW box before they may attack transports "
                                    "(only Germany's opening raiders raid from the box, in "
                                    "Fall 1939)", "AW-174")
            continue
        entry = _entry_for(state, box, ship)
        if entry is None:
            raise IllegalAction(_from_refusal(state, box, role, ship), FROM_CLAUSE[role])
        for region in entry.held:
            if not _held_by_axis(state, region, side):
                name = state.board.regions[region].name if region in state.board.regions \
                    else region
                raise IllegalAction(f"{label(ship)} may raid from {state.board.ref(base)} "
                                    f"only while the Axis holds {name}", FROM_CLAUSE[role])
        if entry.max_ships:
            per_port[base] = per_port.get(base, 0) + ship_count(table, state, ship)
            if ships_from(state, base) + per_port[base] > entry.max_ships:
                raise IllegalAction(f"at most {entry.max_ships} ships raid from "
                                    f"{state.board.ref(base)} a turn", FROM_CLAUSE[role])


def _from_refusal(state: AwState, box: SwBox, role: str, ship: Ship) -> str:
    where = state.board.ref(ship.base or "")
    if role == "sw-atlantic":
        return (f"{label(ship)} ({ship.nation}, based at {where}): only German ships based "
                f"in a western-front port raid into the {box.name}")
    places = sorted({p for e in box.raid_from if ship.nation in e.nations for p in e.ports})
    return (f"{label(ship)} ({ship.nation}) may not raid into the {box.name} from {where}"
            + (f" (from {and_list(places)} only)" if places else ""))


# ---- sailing ---------------------------------------------------------------------------------

def unseen(state: AwState, op: Operation) -> bool:
    """AW-176: raiders from the direct ports (Bergen, Scapa Flow) go straight to the SW box,
    neither air-attacked nor intercepted on the map; Germany's opening raiders are there."""
    role = sw_role(state, op.target)
    if role is None:
        return False
    direct = raider_table().boxes[role].direct_ports
    return all(o in direct or box_rules.is_sw(state, o) for o in op.origins.values())


def _south_edge(state: AwState, box: SwBox, op: Operation) -> bool:
    """AW-182: the group entered the Pacific SW box across the southern edge."""
    region = state.board.regions.get(box.south_edge) if box.south_edge else None
    if region is None or len(op.route) < 2:
        return False
    return op.route[-2] in region.places


def sail(state: AwState, op: Operation, dice: Dice) -> list[Event]:
    """Operations' effect for activity ``raid``: the group joins the box's ranking."""
    table = raider_table()
    role = sw_role(state, op.target) or ""
    box = table.boxes[role]
    rank = len(groups_in(state, op.target)) + 1
    nations = {state.ships[s].nation for s in op.ships}
    bonus = any(op.origins[s] == b.port and state.ships[s].nation in b.nations
                for b in box.port_bonus for s in op.ships)
    group = RaidGroup(op.id, op.target, role, op.side, op.ships, rank, bonus,
                      _south_edge(state, box, op))
    raids(state)[op.id] = group
    origins = sorted(set(op.origins.values()))
    fronts = sorted({f for o in origins for f in reach.fronts_of(state, o)})
    events = [Event(kind="RaiderGroupSails", clause="AW-175", at=state.board.ref(op.target),
                    text=f"raider group {rank} in the {box.name}: "
                         f"{and_list(label(state.ships[s]) for s in op.ships)}"
                         + (" (its own group: groups never sail together, AW-174)"
                            if rank > 1 else ""),
                    data={"operation": op.id, "rank": rank, "box": op.target,
                          "nations": sorted(nations), "front": fronts[0] if fronts else "",
                          "port_bonus": bonus, "south_edge": group.south_edge}),
              Event(kind="RaidFront", clause="AW-230",
                    text="BRPs for the raid are charged on the "
                         f"{and_list(fronts) if fronts else 'no'} front (the front of the "
                         "water by its port of departure; the BRP module deducts them)",
                    data={"operation": op.id, "fronts": fronts})]
    if unseen(state, op):
        events.append(Event(kind="RaidersUnseen", clause="AW-176",
                            text="straight into the SW box: neither air-attacked nor "
                                 "intercepted on the map",
                            data={"operation": op.id}))
    else:
        events.append(Event(kind="RaidersMayBeIntercepted", clause="AW-176",
                            text="on the map the raiders may be air-attacked, and "
                                 "intercepted only where a favorable interception modifier "
                                 "applies (rule 22, outside these rules)",
                            data={"operation": op.id}))
    opening = [s for s in op.ships if _opening(state, state.ships[s])]
    if opening:
        events.append(Event(kind="OpeningRaiders", clause="AW-177",
                            text=f"Germany pays {len(opening)} BRP(s) for its opening "
                                 "raiders (the BRP module deducts them)",
                            data={"ships": opening, "brps": len(opening)}))
        state.asked[:] = [q for q in state.asked if q.clause != "AW-177"]
    return events


# ---- ranking and sending on --------------------------------------------------------------

def _box_of(state: AwState, box: str) -> list[RaidGroup]:
    if box not in state.board.places:
        raise IllegalAction(f"there is no place {box!r}", TURN)
    if sw_role(state, box) is None:
        raise IllegalAction(f"{state.board.ref(box)} is no SW box", "AW-175")
    found = groups_in(state, box)
    if not found:
        raise IllegalAction(f"no raider group is in the {state.board.ref(box)}", "AW-175")
    if any(g.committed for g in found):
        raise IllegalAction("the defender is answering these groups already: their order is "
                            "fixed", "AW-175")
    return found


def check_rank(state: AwState, action: RankRaiders) -> None:
    found = _box_of(state, action.box)
    if sorted(action.groups) != sorted(g.op for g in found) or \
            len(set(action.groups)) != len(action.groups):
        raise IllegalAction(f"rank every group in the box once: "
                            f"{and_list(g.op for g in found)}", "AW-175")
    nations = {state.ships[s].nation for g in found for s in g.ships}
    if "Japan" in nations and nations - {"Japan"} and action.by != "Japan" \
            and not action.agreed:
        raise IllegalAction("the European Axis and Japan both raid here: unless Japan "
                            "agrees, Japan decides the order", "AW-175")


def rank(state: AwState, action: RankRaiders, dice: Dice) -> list[Event]:
    for i, op in enumerate(action.groups, start=1):
        raids(state)[op].rank = i
    return [Event(kind="RaidersRanked", clause="AW-175",
                  text=f"first raider {action.groups[0]}"
                       + "".join(f", then {g}" for g in action.groups[1:]),
                  data={"box": action.box, "order": list(action.groups)})]


def check_commit(state: AwState, action: CommitRaids) -> None:
    _box_of(state, action.box)
    ledger = ledger_of(state)
    if ledger.asked is not None or ledger.interception is not None:
        raise IllegalAction("the defender answers the raiders once the interceptions of "
                            "the other missions are resolved", "AW-178")
    if state.phasing != state.to_move:
        raise IllegalAction(f"it is {state.to_move} who acts now", TURN)
