"""Defending against raiders in an SW box (AW-178…AW-197, AW-231, AW-232, AW-234, AW-235).

Once the raiding player sends its groups on (raid_groups.CommitRaids), the defender is
asked about each group, first raider first: decline it (AW-178) or roll the Raider Table
(one die plus the modifiers of raider_data.py, through the game's dice). A modified 0 or
less: undetected, it may attack transports (AW-191). N ≥ 1: N dice name the ship types
(AW-184). Once every group's types are settled the defender sends actual ships
(``EngageRaider``, AW-188): each die answered by a ship of its type or, lacking one, of a
lower result — never refused while one is there (AW-187) — fast ships only in the first
engagement (AW-185), one fully operational fast carrier with as many light factors a
group and attempt (AW-186, AW-235), uninverted ships from the places of AW-231 only
(AW-190), Americans not before their war with Germany (AW-234). The naval combat and what
the transports suffer are rule 22's (outside): the defender enters the round's outcome and
the raider accepts it; the engine says who may attack the transports (AW-192, AW-193).
Then a second attempt for each group with the same modifiers (AW-196 with AW-232's
differences), and every raider goes home (AW-194, AW-197).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, ClassVar

from mineboard.core import outside
from mineboard.core.actions import Action
from mineboard.core.dice import Dice
from mineboard.core.errors import IllegalAction
from mineboard.core.events import Event
from mineboard.core.outside import Awaiting, OutsideResult
from mineboard.core.planning import Preview
from mineboard.core.schema import Doc, Length, Range
from mineboard.core.words import and_list
from mineboard.rules.awaw_naval import box_rules, interception_table, reach
from mineboard.rules.awaw_naval.forces import label
from mineboard.rules.awaw_naval.ledger import ledger_of
from mineboard.rules.awaw_naval.odds import situation_preview
from mineboard.rules.awaw_naval.raid_groups import (
    RaidGroup,
    groups_in,
    raids,
    ship_count,
    sw_role,
)
from mineboard.rules.awaw_naval.raider_data import (
    RaiderTable,
    ShipResult,
    Situation,
    any_match,
    modifiers,
    raider_table,
)
from mineboard.rules.awaw_naval.state import Asked, AwState, Ship
from mineboard.rules.common.checks import TURN

ROLL, ENGAGE = "oppose_raider", "engage_raider"
"""The questions the defender is asked (state.asked kinds)."""


@dataclass(frozen=True, slots=True)
class OpposeRaider(Action):
    """The defender rolls the Raider Table for a raider group (AW-178), with the modifiers
    the game cannot know as inputs (research, search air, codebreaking: players' toggles)."""

    kind: ClassVar[str] = "oppose_raider"
    group: Annotated[str, Doc("the raid operation")]
    air_range: Annotated[int, Range(0, 9), Doc("defender air-range research results "
                                               "(AW-179)")] = 0
    search_air: Annotated[int, Range(0, 99), Doc("operational search AAS/NAS in the box "
                                                 "that counts them (AW-181, AW-182)")] = 0
    codebreaking: Annotated[int, Range(-9, 9), Doc("+1 the defender's Ultra/Magic "
                                                   "advantage, -1 the raider's (AW-183)")] = 0


@dataclass(frozen=True, slots=True)
class DeclineRaider(Action):
    """The defender lets a raider group be (AW-178): no roll, no engagement."""

    kind: ClassVar[str] = "decline_raider"
    group: str


@dataclass(frozen=True, slots=True)
class EngageRaider(Action):
    """The defender's actual ships against a group (AW-188): ``ships[i]`` answers the i-th
    ship-type die; a destroyer counter may be named once per factor it sends; ``escorts``
    are the light ships a fast carrier takes along (AW-186)."""

    kind: ClassVar[str] = "engage_raider"
    group: str
    ships: Annotated[tuple[str, ...], Length(0, 40)] = ()
    escorts: Annotated[tuple[str, ...], Length(0, 40)] = ()


@dataclass(frozen=True, slots=True)
class RaidCombatResult(OutsideResult):
    """One round of naval combat between a raider group and its defenders (22.35, outside
    these rules), as the players fought it."""

    kind: ClassVar[str] = "raid_combat_result"
    raiders_sunk: Annotated[str, Length(0, 400), Doc("raiders sunk (ids, comma-separated)")] = ""
    raiders_damaged: Annotated[str, Length(0, 400), Doc("raiders damaged (ids)")] = ""
    defenders_sunk: Annotated[str, Length(0, 400), Doc("defenders sunk (ids)")] = ""
    defenders_damaged: Annotated[str, Length(0, 400), Doc("defenders damaged (ids)")] = ""
    defenders_screened: Annotated[str, Length(0, 400),
                                  Doc("surviving defenders screened (ids, AW-193)")] = ""
    held_back: Annotated[str, Length(0, 400), Doc("raiders held back from the combat to "
                                                  "attack the transports (AW-191)")] = ""


def ids(text: str) -> list[str]:
    return [t.strip() for t in text.split(",") if t.strip()]


# ---- the defender's pool -------------------------------------------------------------------

def _place_ok(state: AwState, group: RaidGroup, ship: Ship) -> bool:
    """AW-190 with the AW-231 reading: a box of the list, or a friendly port of the list
    (or on its fronts) that is operational."""
    where = raider_table().boxes[group.role].defenders
    base = ship.base or ""
    role = box_rules.role_of(state, base)
    if role is not None:
        return role in where.boxes or role == group.role
    hex_id = state.port_hex(base)
    if hex_id is None or not state.friendly(hex_id, state.side_of_nation(ship.nation)):
        return False
    return base in where.ports or bool(set(reach.fronts_of(state, base)) & set(where.fronts))


def _engaging_elsewhere(state: AwState, group: RaidGroup) -> set[str]:
    """Ships another group has in this attempt: those engaging it now, and in the first
    attempt those that fought it (one group a ship, AW-188); in the second those still
    fighting the group they engaged (AW-195)."""
    out = set()
    for g in raids(state).values():
        if g.op == group.op:
            continue
        out |= set(g.engaged)
        out |= {s for s in g.first_round
                if group.attempt == 1 or _still_fighting(state, s)}
    return out


def pool_refusal(state: AwState, group: RaidGroup, ship: Ship) -> IllegalAction | None:
    """Why ``ship`` may not engage ``group`` now, or None."""
    name = label(ship)
    raider_nations = {state.ships[s].nation for s in group.ships}
    if state.side_of_nation(ship.nation) == group.side:
        return IllegalAction(f"{name} is the raider's own side", TURN)
    if ship.eliminated or ship.base is None:
        return IllegalAction(f"there is no ship {ship.id!r} afloat", TURN)
    if ship.id in ledger_of(state).at_sea():
        return IllegalAction(f"{name} is at sea with another operation", "AW-63")
    if ship.inverted or ship.damaged:
        return IllegalAction(f"{name} is {'inverted' if ship.inverted else 'damaged'}: "
                             "defenders engage uninverted and undamaged", "AW-190")
    if not _place_ok(state, group, ship):
        return IllegalAction(f"{name} at {state.board.ref(ship.base)} is not where ships "
                             f"engage raiders in the {state.board.ref(group.box)} from "
                             "(raider_table.json 'defenders')", "AW-231")
    hex_id = state.port_hex(ship.base)
    if hex_id is not None and hex_id in state.unsupplied:
        return IllegalAction(f"{name} lies in a port that is not operational", "AW-190")
    if state.nation(ship.nation).american and any(not state.at_war(ship.nation, n)
                                                  for n in raider_nations):
        return IllegalAction(f"the U.S. is not at war with {and_list(sorted(raider_nations))}: "
                             f"American ships may not chase its raiders", "AW-234")
    if ship.id in _engaging_elsewhere(state, group):
        return IllegalAction(f"{name} engages another raider group already; the defender "
                             "picks one group for each ship", "AW-188")
    damaged_raiders = any(state.ships[s].damaged for s in group.ships)
    if not state.ship_type(ship).fast and not (group.attempt == 2 and damaged_raiders):
        return IllegalAction(f"{name} is slow: only fast ships engage, slow ones only a "
                             "returning group with damaged ships", "AW-185")
    return None


def answers(table: RaiderTable, state: AwState, ship: Ship) -> int | None:
    """The die result ``ship`` answers (AW-184), or None."""
    kind = state.ship_type(ship)
    return next((r.die for r in sorted(table.results, key=lambda r: -r.die)
                 if any_match(r.match, kind, ship.factors)), None)


def _light(state: AwState, ship: Ship) -> bool:
    kind = state.ship_type(ship)
    return kind.fleet and not kind.heavy


@dataclass
class _Pool:
    """The defender's ships and factors left while dice are answered."""

    left: dict[str, int]
    """Ship → the factors (destroyers) or 1 (others) it may still send."""

    def take(self, ident: str) -> bool:
        if self.left.get(ident, 0) <= 0:
            return False
        self.left[ident] -= 1
        return True


def pool_of(state: AwState, group: RaidGroup) -> _Pool:
    table = raider_table()
    left = {}
    for ship in state.ships.values():
        if pool_refusal(state, group, ship) is not None:
            continue
        result = answers(table, state, ship)
        per_factor = result is not None and table.result(result).per_factor
        left[ship.id] = ship.factors if per_factor or state.ship_type(ship).destroyer else 1
    for ident in group.first_round:
        left.pop(ident, None)  # already engaging it (AW-195)
    return _Pool(left)


def _carrier_escort(state: AwState, pool: _Pool, carrier: Ship, first: bool) -> list[str]:
    """Light factors enough for ``carrier`` from what is left (greedy), or []."""
    need, got = carrier.factors, []
    for ident in sorted(pool.left, key=lambda i: -state.ships[i].factors):
        ship = state.ships[ident]
        if not _light(state, ship) or ident == carrier.id:
            continue
        while pool.left.get(ident, 0) > 0 and need > 0:
            pool.left[ident] -= 1
            per = 1 if state.ship_type(ship).destroyer else ship.factors
            need -= per
            got.append(ident)
    return got if need <= 0 else []


def available(state: AwState, pool: _Pool, die: int, carrier_ok: bool) -> bool:
    """Whether some ship left answers ``die`` exactly (a carrier with its escort)."""
    table = raider_table()
    for ident, n in pool.left.items():
        ship = state.ships[ident]
        if n <= 0 or answers(table, state, ship) != die:
            continue
        if table.result(die).escort_light:
            if not carrier_ok:
                continue
            trial = _Pool(dict(pool.left))
            trial.left[ident] -= 1
            if not _carrier_escort(state, trial, ship, True):
                continue
        return True
    return False


def greedy(state: AwState, group: RaidGroup) -> EngageRaider:
    """A legal answer: the highest die first, each by its own type or the highest lower
    result left ("" where nothing is left for a die)."""
    table = raider_table()
    pool = pool_of(state, group)
    ships = [""] * len(group.types)
    escorts: list[str] = []
    carrier_ok = True
    for index in sorted(range(len(group.types)), key=lambda i: -group.types[i]):
        die = group.types[index]
        for want in range(die, 0, -1):
            sent = _take_for(state, table, pool, want, carrier_ok, escorts)
            if sent is not None:
                ships[index] = sent
                carrier_ok = carrier_ok and not table.result(want).escort_light
                break
    while ships and not ships[-1]:
        ships.pop()
    return EngageRaider(group.op, tuple(ships), tuple(escorts))


def _take_for(state: AwState, table: RaiderTable, pool: _Pool, want: int, carrier_ok: bool,
              escorts: list[str]) -> str | None:
    """Take a ship answering ``want`` from ``pool`` (a carrier with its escort), or None."""
    for ident in sorted(pool.left):
        ship = state.ships[ident]
        if pool.left[ident] <= 0 or answers(table, state, ship) != want:
            continue
        if table.result(want).escort_light:
            if not carrier_ok:
                continue
            trial = _Pool(dict(pool.left))
            trial.left[ident] -= 1
            found = _carrier_escort(state, trial, ship, True)
            if not found:
                continue
            pool.left = trial.left
            escorts += found
        else:
            pool.left[ident] -= 1
        return ident
    return None


# ---- asking, rolling ----------------------------------------------------------------------

def defender_of(state: AwState, group: RaidGroup) -> str:
    return next(s for s in state.sides if s != group.side)


def ask_rolls(state: AwState, groups: list[RaidGroup]) -> None:
    for group in groups:
        group.committed = True
        state.asked.append(Asked(defender_of(state, group), ROLL, "AW-178",
                                 f"whether to oppose raider group {group.rank} in the "
                                 f"{state.board.ref(group.box)}", {"group": group.op}))


def commit(state: AwState, action: object, dice: Dice) -> list[Event]:
    box = str(getattr(action, "box", ""))
    groups = [g for g in groups_in(state, box) if _afloat(state, g)]
    ask_rolls(state, groups)
    return [Event(kind="RaidersInTheBox", clause="AW-178",
                  text=f"{len(groups)} raider group(s) in the {state.board.ref(box)}: the "
                       "defender may oppose each, first raider first",
                  data={"box": box, "groups": [g.op for g in groups]})]


def _afloat(state: AwState, group: RaidGroup) -> bool:
    op = ledger_of(state).operations.get(group.op)
    return op is not None and not op.aborted and bool(op.at_sea)


def _question(state: AwState, kind: str, group_id: str, clause: str) -> RaidGroup:
    question = state.asked[0] if state.asked else None
    if question is None or question.kind != kind or question.data.get("group") != group_id:
        what = question.about if question is not None else "nothing of raiders"
        raise IllegalAction(f"the game asks {what} now", clause)
    return raids(state)[group_id]


def situation(state: AwState, group: RaidGroup, action: OpposeRaider | None) -> Situation:
    table = raider_table()
    box = table.boxes[group.role]
    cves = sum(s.factors for s in state.ships.values() if s.base == group.box
               and not s.eliminated and state.ship_type(s).cve
               and state.side_of_nation(s.nation) != group.side)
    at_war = len(box.war) == 2 and state.at_war(*box.war)
    inputs = group.inputs if action is None else {
        "air_range": action.air_range, "search_air": action.search_air,
        "codebreaking": action.codebreaking}
    count = sum(ship_count(table, state, state.ships[s]) for s in group.ships)
    return Situation(box=group.role, rank=group.rank, ships=count,
                     air_range=inputs.get("air_range", 0), at_war=at_war, cves=cves,
                     search_air=inputs.get("search_air", 0), south_edge=group.south_edge,
                     port_bonus=group.port_bonus, codebreaking=inputs.get("codebreaking", 0))


def fixed(group: RaidGroup) -> bool:
    """The second roll takes the first roll's modifiers (AW-196); a group the defender let
    be the first time has none yet."""
    return group.attempt == 2 and bool(group.rolls)


def check_oppose(state: AwState, action: OpposeRaider) -> None:
    group = _question(state, ROLL, action.group, "AW-178")
    limit = raider_table().codebreaking
    if abs(action.codebreaking) > limit:
        raise IllegalAction(f"codebreaking moves the roll by at most {limit} either way",
                            "AW-183")
    if fixed(group) and (action.air_range, action.search_air, action.codebreaking) != \
            (group.inputs.get("air_range", 0), group.inputs.get("search_air", 0),
             group.inputs.get("codebreaking", 0)):
        raise IllegalAction("the second roll takes the same modifiers as the group's "
                            "first", "AW-196")


def oppose(state: AwState, action: OpposeRaider, dice: Dice) -> list[Event]:
    state.asked.pop(0)
    group = raids(state)[action.group]
    table = raider_table()
    second = group.attempt == 2
    s = situation(state, group, None if fixed(group) else action)
    if not fixed(group):
        group.inputs = {"air_range": action.air_range, "search_air": action.search_air,
                        "codebreaking": action.codebreaking}
    mods = modifiers(table, s)
    total = sum(v for _w, v, _c in mods)
    group.modifier = total
    clause = "AW-196" if second else "AW-178"
    die = dice.roll(clause, f"Raider Table, raider group {group.rank}")
    group.rolls.append(die)
    result = die + total
    words = " ".join(f"{v:+d}" for _w, v, _c in mods)
    events = [Event(kind="RaiderTableRoll", clause=clause, at=state.board.ref(group.box),
                    text=f"raider group {group.rank}: die {die} {words} = {result}",
                    data={"group": group.op, "die": die, "modifier": total, "result": result,
                          "attempt": group.attempt,
                          "modifiers": [[w, v, c] for w, v, c in mods]})]
    if result <= 0:
        group.types = []
        if second:
            return events + _second_without_new(state, group)
        group.status = "undetected"
        group.may_attack = group.ships
        return [*events, Event(kind="RaiderUndetected", clause="AW-191",
                               text=f"raider group {group.rank} slips through undetected: "
                                    "all its ships may attack the transports",
                               data={"group": group.op, "attackers": list(group.ships)}),
                *after_round(state, group)]
    group.types = [dice.roll("AW-184", f"ship type {i + 1} of {result} against raider group "
                                       f"{group.rank}") for i in range(result)]
    group.status = "engaging"
    events.append(Event(kind="RaiderShipTypes", clause="AW-184",
                        text=f"{result} ship(s) may engage raider group {group.rank}: "
                             + "; ".join(f"{d}: {table.result(d).name}" for d in group.types),
                        data={"group": group.op, "dice": list(group.types)}))
    state.asked.append(Asked(defender_of(state, group), ENGAGE, "AW-188",
                             f"the ships that engage raider group {group.rank}",
                             {"group": group.op}))
    return events


def _second_without_new(state: AwState, group: RaidGroup) -> list[Event]:
    """A second roll of 0 or less: no new defender; the undamaged first-round ones may still
    fight (AW-195)."""
    staying = [s for s in group.first_round if _still_fighting(state, s)]
    if staying:
        group.status = "engaging"
        state.asked.append(Asked(defender_of(state, group), ENGAGE, "AW-188",
                                 f"the ships that engage raider group {group.rank}",
                                 {"group": group.op}))
        return []
    return finish(state, group)


def check_decline(state: AwState, action: DeclineRaider) -> None:
    group = raids(state).get(action.group)
    question = state.asked[0] if state.asked else None
    if group is not None and group.attempt == 2 and question is not None \
            and question.kind == ENGAGE:
        _question(state, ENGAGE, action.group, "AW-197")
        return  # the second combat may be declined (21.538B)
    if group is not None and group.rolls and group.attempt == 1:
        raise IllegalAction("the defender opposed this group: he cannot change his mind",
                            "AW-178")
    _question(state, ROLL, action.group, "AW-178")


def decline(state: AwState, action: DeclineRaider, dice: Dice) -> list[Event]:
    state.asked.pop(0)
    group = raids(state)[action.group]
    if group.attempt == 2:
        group.engaged = []
        return [Event(kind="RaiderDeclined", clause="AW-197",
                      text=f"no second engagement of raider group {group.rank}",
                      data={"group": group.op}), *finish(state, group)]
    group.status = "declined"
    group.may_attack = group.ships
    return [Event(kind="RaiderDeclined", clause="AW-178",
                  text=f"the defender does not oppose raider group {group.rank}: all its "
                       "ships may attack the transports (AW-191)",
                  data={"group": group.op, "attackers": list(group.ships)}),
            *after_round(state, group)]


# ---- sending ships ---------------------------------------------------------------------------

def _result(table: RaiderTable, die: int) -> ShipResult:
    return table.result(die)


def check_engage(state: AwState, action: EngageRaider) -> None:
    group = _question(state, ENGAGE, action.group, "AW-188")
    table = raider_table()
    pool = pool_of(state, group)
    carrier_ok = True
    if len(action.ships) > len(group.types):
        raise IllegalAction(f"{len(group.types)} die/dice, {len(action.ships)} ships",
                            "AW-184")
    pairs = []
    unanswered = list(group.types[len(action.ships):])
    for die, ident in zip(group.types, action.ships, strict=False):
        if not ident:
            unanswered.append(die)
            continue
        ship = state.ships.get(ident)
        if ship is None:
            raise IllegalAction(f"there is no ship {ident!r}", TURN)
        why = pool_refusal(state, group, ship)
        if why is not None:
            raise why
        result = answers(table, state, ship)
        if result is None or result > die:
            raise IllegalAction(f"{label(ship)} does not answer a {die} "
                                f"({_result(table, die).name}) nor a lower result", "AW-184")
        pairs.append((die, result, ship))
    # the highest die first, its own type before a stand-in: whether the type was there is
    # judged before lower dice take ships (a 6's light escort, AW-186)
    for die, result, ship in sorted(pairs, key=lambda p: (-p[0], p[1] < p[0])):
        if not pool.take(ship.id):
            raise IllegalAction(f"{label(ship)} is sent more often than it has factors",
                                "AW-184")
        if _result(table, result).escort_light:
            if not carrier_ok:
                raise IllegalAction("one fast carrier a group in each engagement attempt",
                                    "AW-186")
            carrier_ok = False
            _check_escort(state, group, pool, ship, action.escorts)
        if result < die and available(state, pool, die, carrier_ok):
            clause = "AW-186" if _result(table, die).escort_light else "AW-187"
            raise IllegalAction(f"a ship answering the {die} ({_result(table, die).name}) is "
                                f"there: {label(ship)} may stand in only when none is",
                                clause)
    if carrier_ok and action.escorts:
        raise IllegalAction("escorts go only with a fast carrier answering a 6", "AW-186")
    for die in unanswered:
        for lower in range(die, 0, -1):
            if available(state, pool, lower, carrier_ok):
                raise IllegalAction(f"the {die} is unanswered though a ship of result "
                                    f"{lower} is there: the defender may not refuse to send "
                                    "ships", "AW-187")


def _check_escort(state: AwState, group: RaidGroup, pool: _Pool, carrier: Ship,
                  escorts: tuple[str, ...]) -> None:
    """AW-186 (AW-235): a fully operational carrier with light factors equal to its own."""
    got = 0
    for ident in escorts:
        ship = state.ships.get(ident)
        if ship is None or not _light(state, ship):
            raise IllegalAction(f"{ident} is no light ship to escort {label(carrier)}",
                                "AW-186")
        why = pool_refusal(state, group, ship)
        if why is not None:
            raise why
        if not pool.take(ident):
            raise IllegalAction(f"{label(ship)} is sent more often than it has factors",
                                "AW-186")
        got += 1 if state.ship_type(ship).destroyer else ship.factors
    if got < carrier.factors:
        raise IllegalAction(f"{label(carrier)} ({carrier.factors} factors) needs as many "
                            f"light factors; the escorts bring {got}: another ship must be "
                            "sent", "AW-186")


def engage(state: AwState, action: EngageRaider, dice: Dice) -> list[Event]:
    state.asked.pop(0)
    group = raids(state)[action.group]
    joiners = [s for s in group.first_round if _still_fighting(state, s)]
    sent = [s for s in dict.fromkeys((*action.ships, *action.escorts)) if s]
    group.engaged = list(dict.fromkeys((*joiners, *sent)))
    if not group.engaged:
        if group.attempt == 2:
            return finish(state, group)
        group.status = "undetected"
        group.may_attack = group.ships
        return [Event(kind="RaiderUnopposed", clause="AW-191",
                      text=f"no defender can engage raider group {group.rank}: all its ships "
                           "may attack the transports", data={"group": group.op}),
                *after_round(state, group)]
    group.status = "engaging"
    events = [Event(kind="RaiderEngaged", clause="AW-188", at=state.board.ref(group.box),
                    text=f"{and_list(label(state.ships[s]) for s in group.engaged)} engage "
                         f"raider group {group.rank}"
                         + (f" ({and_list(joiners)} again, AW-195)" if joiners else "")
                         + ": on their way neither air-attacked nor intercepted (AW-189)",
                    data={"group": group.op, "ships": group.engaged,
                          "attempt": group.attempt})]
    defender = defender_of(state, group)
    events.append(outside.begin(state, Awaiting(
        RaidCombatResult.kind, f"the naval combat with raider group {group.rank}", "AW-192",
        enters=defender, accepts=group.side)))
    return events


def _still_fighting(state: AwState, ident: str) -> bool:
    ship = state.ships[ident]
    return not ship.eliminated and not ship.damaged


# ---- the combat and after ------------------------------------------------------------------

def _fighting_group(state: AwState) -> RaidGroup:
    return next(g for g in sorted(raids(state).values(), key=lambda g: g.rank)
                if g.status == "engaging" and g.engaged)


def check_result(state: AwState, result: RaidCombatResult) -> None:
    group = _fighting_group(state)
    for name, pool in (("raiders_sunk", group.ships), ("raiders_damaged", group.ships),
                       ("held_back", group.ships), ("defenders_sunk", group.engaged),
                       ("defenders_damaged", group.engaged),
                       ("defenders_screened", group.engaged)):
        for ident in ids(getattr(result, name)):
            if ident not in pool:
                raise IllegalAction(f"raid_combat_result.{name}: {ident} is not among "
                                    f"{and_list(pool)}", "AW-192")
    held = set(ids(result.held_back))
    if held & (set(ids(result.raiders_sunk)) | set(ids(result.raiders_damaged))):
        raise IllegalAction("raid_combat_result.held_back: ships held back did not fight",
                            "AW-191")
    if held and group.attempt == 2:
        raise IllegalAction("raid_combat_result.held_back: no second attack on the "
                            "transports", "AW-197")
    if set(ids(result.defenders_screened)) & set(ids(result.defenders_sunk)):
        raise IllegalAction("raid_combat_result.defenders_screened: a sunk ship is not "
                            "screened", "AW-193")


def resolve(state: AwState, result: RaidCombatResult, dice: Dice) -> list[Event]:
    group = _fighting_group(state)
    events: list[Event] = []
    at = state.board.ref(group.box)
    for name in ("raiders_sunk", "defenders_sunk"):
        for ident in ids(getattr(result, name)):
            ship = state.ships[ident]
            ship.eliminated, ship.base = True, None
            for op in ledger_of(state).operations.values():
                if ident in op.at_sea:
                    op.at_sea.remove(ident)
            events.append(Event(kind="ShipSunk", clause="AW-192", at=at,
                                text=f"{label(ship)} is sunk", data={"ship": ident}))
    for name in ("raiders_damaged", "defenders_damaged"):
        for ident in ids(getattr(result, name)):
            state.ships[ident].damaged = True
            events.append(Event(kind="ShipDamaged", clause="AW-195", at=at,
                                text=f"{label(state.ships[ident])} is damaged and disengages "
                                     "after this round", data={"ship": ident}))
    survivors = [s for s in group.engaged if not state.ships[s].eliminated]
    screened = set(ids(result.defenders_screened))
    unscreened = [s for s in survivors if s not in screened]
    group.held_back = tuple(ids(result.held_back))
    if group.attempt == 1:
        group.first_round = list(group.engaged)
        alive = [s for s in group.ships if not state.ships[s].eliminated]
        if unscreened:
            group.may_attack = ()
            events.append(Event(kind="RaiderBarredFromTransports", clause="AW-193",
                                text=f"{and_list(label(state.ships[s]) for s in unscreened)} "
                                     f"survive unscreened: raider group {group.rank} may not "
                                     "attack the transports",
                                data={"group": group.op, "unscreened": unscreened}))
        else:
            attackers = list(group.held_back) or [s for s in alive
                                                  if not state.ships[s].damaged]
            group.may_attack = tuple(attackers)
            events.append(Event(kind="RaiderMayAttackTransports", clause="AW-193",
                                text=f"every defender is screened or sunk: "
                                     f"{and_list(label(state.ships[s]) for s in attackers)} "
                                     "may attack the transports (Naval Attack Table, outside "
                                     "these rules, AW-192)",
                                data={"group": group.op, "attackers": attackers}))
        group.status = "fought"
    else:
        group.status = "done"
        events.append(Event(kind="NoSecondAttack", clause="AW-197",
                            text=f"raider group {group.rank} may not attack the transports a "
                                 "second time", data={"group": group.op}))
        events += going_home(state, group)
    group.engaged = []
    return events + after_round(state, group)


def after_round(state: AwState, group: RaidGroup) -> list[Event]:
    """Once every group of the box is through its first round, the second attempt begins
    (AW-196); once through the second, every group goes home (AW-194, AW-197)."""
    box = [g for g in groups_in(state, group.box) if g.committed]
    if any(q.kind in (ROLL, ENGAGE) for q in state.asked):
        return []
    if all(g.attempt == 1 and g.status in ("fought", "undetected", "declined") for g in box):
        second = [g for g in box if _afloat(state, g)]
        for g in second:
            g.attempt, g.types = 2, []
        ask_rolls(state, second)
        return [Event(kind="SecondEngagementAttempt", clause="AW-196",
                      text="before the raiders return, the defender may roll again for each "
                           "group with the same modifiers (a second fast carrier may "
                           "engage; slow ships only a group with damaged ships: AW-232)",
                      data={"groups": [g.op for g in second]})]
    return []


def finish(state: AwState, group: RaidGroup) -> list[Event]:
    group.status = "done"
    return going_home(state, group)


def going_home(state: AwState, group: RaidGroup) -> list[Event]:
    """AW-194, AW-197: the group heads home as one group; exposed on the way unless German
    and bound for Bergen or Scapa Flow, or an opening raider of Fall 1939."""
    table = raider_table()
    op = ledger_of(state).operations.get(group.op)
    alive = [s for s in group.ships if not state.ships[s].eliminated]
    if op is None or not alive:
        return []
    direct = table.boxes[group.role].direct_ports
    exempt = [s for s in alive if state.ships[s].nation == "Germany"
              and (op.origins[s] in direct or (box_rules.is_sw(state, op.origins[s])
                                               and state.calendar == "Fall 1939"))]
    exposed = [s for s in alive if s not in exempt]
    events = [Event(kind="RaidersReturn", clause="AW-194",
                  text=f"raider group {group.rank} returns to port as one group; raiders "
                       "never stay at sea"
                       + (f"; {and_list(exposed)} may be air-attacked and intercepted on "
                          "the way (AW-197)" if exposed else "")
                       + (f"; {and_list(exempt)} go unmolested (AW-197)" if exempt else ""),
                  data={"group": group.op, "exposed": exposed, "exempt": exempt})]
    return events + interception_table.offer_way_home(
        state, op.side, group.box,
        {s: op.origins[s] for s in exposed if not box_rules.is_sw(state, op.origins[s])})


# ---- odds before the roll --------------------------------------------------------------------

def preview_oppose(state: AwState, action: OpposeRaider) -> Preview | None:
    group = raids(state).get(action.group)
    if group is None:
        return None
    s = situation(state, group, None if fixed(group) else action)
    return situation_preview(s, f"Raider Table: raider group {group.rank} in the "
                                f"{state.board.ref(group.box)}")


def preview_raid(state: AwState, action: object) -> Preview | None:
    """The odds panel before a raid is committed: the group's Raider Table odds as if
    the defender opposes it with no research, search air or codebreaking."""
    target = str(getattr(action, "target", ""))
    role = sw_role(state, target)
    ships = [state.ships[i] for i in getattr(action, "ships", ()) if i in state.ships]
    if role is None or not ships:
        return None
    table = raider_table()
    box = table.boxes[role]
    rank = len(groups_in(state, target)) + 1
    cves = sum(s.factors for s in state.ships.values() if s.base == target
               and state.ship_type(s).cve and state.side_of_nation(s.nation) == "Allies")
    bonus = any(s.base == b.port and s.nation in b.nations for b in box.port_bonus
                for s in ships)
    s = Situation(box=role, rank=rank, ships=sum(ship_count(table, state, x) for x in ships),
                  at_war=len(box.war) == 2 and state.at_war(*box.war), cves=cves,
                  port_bonus=bonus)
    return situation_preview(s, f"Raider Table if opposed: group {rank} in the {box.name}")
