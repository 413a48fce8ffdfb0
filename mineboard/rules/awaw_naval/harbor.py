"""Harbor attacks (AW-136…AW-138, with the Harbor Attack Table of AW-248 as a data file):
in the movement phase, once the patrols' attacks are over (AW-136), the attacker names the
target port, the kind of attack and his modifiers; the defender states his, with any
counter-intelligence result; each may add a codebreaking advantage of −1, 0 or +1 (48.32B,
a tactical card); the attacker then enters the table's result, which the defender accepts
(AW-138). An attack needs the harbor-attack research result — a per-nation toggle the players
set (``harbor_research``) — except Germany's one free initial attack on a single target,
usable from Fall 1939 while no harbor attack of any kind has yet been made (AW-137).
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
from mineboard.rules.awaw_naval import choices, interception, ports
from mineboard.rules.awaw_naval.forces import label
from mineboard.rules.awaw_naval.mission_data import harbor_table
from mineboard.rules.awaw_naval.patrol_log import DECLARED, UNDER_WAY, Harbor, log_of, this_phase
from mineboard.rules.awaw_naval.state import MOVEMENT, SEASONS, Asked, AwState
from mineboard.rules.common.checks import TURN


@dataclass(frozen=True, slots=True)
class HarborResearch(Action):
    """A player-set toggle: this nation has (or no longer has) the harbor-attack research
    result (outside these rules, AW-137)."""

    kind: ClassVar[str] = "harbor_research"
    nation: Annotated[str, Length(1, 40)]
    granted: bool = True


@dataclass(frozen=True, slots=True)
class HarborAttack(Action):
    """The attacker states the target, the kind of attack and his modifiers (AW-138)."""

    kind: ClassVar[str] = "harbor_attack"
    nation: Annotated[str, Length(1, 40)]
    target: Annotated[str, Doc("the enemy port attacked")]
    attack: Annotated[str, Doc("a kind of attack of harbor_attacks.json")]
    modifiers: Annotated[int, Range(-20, 20), Doc("the attacker's modifiers")] = 0
    codebreaking: Annotated[int, Range(-1, 1), Doc("a tactical card's advantage (48.32B)")] = 0


@dataclass(frozen=True, slots=True)
class HarborDefence(Action):
    """The defender states his modifiers, counter-intelligence included (AW-138)."""

    kind: ClassVar[str] = "harbor_defence"
    modifiers: Annotated[int, Range(-20, 20)] = 0
    counter_intelligence: Annotated[int, Range(-20, 20),
                                    Doc("a counter-intelligence research result")] = 0
    codebreaking: Annotated[int, Range(-1, 1)] = 0


@dataclass(frozen=True, slots=True)
class HarborAttackResult(OutsideResult):
    """The Harbor Attack Table's result, read outside these rules (AW-248)."""

    kind: ClassVar[str] = "harbor_attack_result"
    result: Annotated[str, Length(1, 40), Doc("a result of harbor_attacks.json")]
    sunk: Annotated[str, Length(0, 400), Doc("ships in the harbor sunk (ids)")] = ""
    damaged: Annotated[str, Length(0, 400), Doc("ships in the harbor damaged (ids)")] = ""


def check_research(state: AwState, action: HarborResearch) -> None:
    if action.nation not in state.nations:
        raise IllegalAction(f"{action.nation} is not in play", TURN)


def research(state: AwState, action: HarborResearch, dice: Dice) -> list[Event]:
    has = log_of(state).harbor_research
    (has.add if action.granted else has.discard)(action.nation)
    return [Event(kind="HarborResearch", clause="AW-137",
                  text=f"{action.nation} {'has' if action.granted else 'lacks'} the "
                       "harbor-attack research result (set by the players)",
                  data={"nation": action.nation, "granted": action.granted})]


def free_attack(state: AwState, nation: str) -> str | None:
    """Why ``nation`` may not make the free initial harbor attack, or None (AW-137)."""
    free = harbor_table().free_attack
    log = log_of(state)
    if nation != free.nation:
        return f"only {free.nation} has a free initial harbor attack"
    if (state.year, state.season) < (free.year, free.season):
        return f"the free attack is usable from {SEASONS[free.season]} {free.year} on"
    if log.free_harbor_used:
        return "the one free initial harbor attack is used"
    if log.harbor_attacks:
        return f"{log.harbor_attacks} harbor attack(s) have been made already"
    return None


def _net(action: HarborAttack) -> int:
    return action.modifiers + action.codebreaking


def check_attack(state: AwState, action: HarborAttack) -> None:
    choices.refuse_unless_asked(state, HarborAttack.kind)
    if state.phase != MOVEMENT:
        raise IllegalAction(f"harbor attacks are made in the movement phase, not the "
                            f"{state.phase} phase", "AW-136")
    if action.nation not in state.nations or state.side_of_nation(action.nation) \
            != state.phasing:
        raise IllegalAction(f"{action.nation} is not a power of {state.phasing}", TURN)
    busy = [p for p in this_phase(state) if p.stage == DECLARED or p.stage in UNDER_WAY]
    if busy:
        raise IllegalAction(f"the patrols' attacks are not finished ({and_list(busy[0].ships)} "
                            "still patrolling): harbor attacks come after them", "AW-136")
    log = log_of(state)
    if log.harbor is not None:
        raise IllegalAction("the harbor attack declared is resolved first", "AW-138")
    table = harbor_table()
    if action.attack not in table.kinds:
        raise IllegalAction(f"{action.attack!r} is not a kind of harbor attack "
                            f"({', '.join(table.kinds)})", "AW-248")
    if abs(action.modifiers) > table.modifier_limit:
        raise IllegalAction(f"modifiers of at most ±{table.modifier_limit}", "AW-138")
    if state.port_hex(action.target) is None:
        raise IllegalAction(f"{action.target!r} is not a port", TURN)
    holder = ports.holder(state, action.target)
    if holder not in state.data.nations or state.side_of_nation(holder) == state.phasing:
        raise IllegalAction(f"{ports.name(state, action.target)} is not an enemy port",
                            "AW-138")
    if action.nation not in log.harbor_research:
        why = free_attack(state, action.nation)
        if why is not None:
            raise IllegalAction(f"{action.nation} lacks the harbor-attack research result "
                                f"and {why}", "AW-137")


def attack(state: AwState, action: HarborAttack, dice: Dice) -> list[Event]:
    log = log_of(state)
    free = action.nation not in log.harbor_research
    log.harbor = Harbor(state.phasing, action.nation, action.target, action.attack,
                        _net(action), free)
    if free:
        log.free_harbor_used = True
    defender = next(s for s in state.sides if s != state.phasing)
    where = ports.name(state, action.target)
    choices.ask(state, Asked(defender, HarborDefence.kind, "AW-138",
                             f"its modifiers against the harbor attack on {where}"))
    events = [Event(kind="HarborAttackDeclared", clause="AW-138",
                    at=ports.ref(state, action.target),
                    text=f"{action.nation}: {harbor_table().kinds[action.attack].lower()} on "
                         f"{where}, attacker's modifiers {_net(action):+d} (codebreaking "
                         f"{action.codebreaking:+d}); {defender} states its modifiers",
                    data={"target": action.target, "attack": action.attack,
                          "modifiers": _net(action)})]
    if free:
        events.insert(0, Event(kind="FreeHarborAttack", clause="AW-137",
                               text=f"{action.nation}'s one free initial harbor attack, on a "
                                    "single target; later harbor attacks are unmodified by it",
                               data={"nation": action.nation}))
    return events


def check_defence(state: AwState, action: HarborDefence) -> None:
    choices.refuse_answer_not_asked(state, HarborDefence.kind, "AW-138")
    limit = harbor_table().modifier_limit
    if abs(action.modifiers) > limit or abs(action.counter_intelligence) > limit:
        raise IllegalAction(f"modifiers of at most ±{limit}", "AW-138")


def defence(state: AwState, action: HarborDefence, dice: Dice) -> list[Event]:
    choices.answered(state)
    log = log_of(state)
    harbor = log.harbor
    assert harbor is not None
    harbor.defender = action.modifiers + action.codebreaking
    harbor.counter_intelligence = action.counter_intelligence
    net = harbor.attacker - harbor.defender - harbor.counter_intelligence
    where = ports.name(state, harbor.target)
    defender = next(s for s in state.sides if s != harbor.side)
    return [Event(kind="HarborDefence", clause="AW-138", at=ports.ref(state, harbor.target),
                  text=f"{defender}'s modifiers {harbor.defender:+d}, counter-intelligence "
                       f"{harbor.counter_intelligence:+d}: net {net:+d} on the Harbor Attack "
                       "Table (AW-248)",
                  data={"net": net}),
            outside.begin(state, Awaiting(HarborAttackResult.kind,
                                          f"the harbor attack on {where}", "AW-248",
                                          enters=harbor.side, accepts=defender))]


def check_result(state: AwState, result: HarborAttackResult) -> None:
    harbor = log_of(state).harbor
    assert harbor is not None
    table = harbor_table()
    if result.result not in table.results:
        raise IllegalAction(f"harbor_attack_result.result: {result.result!r} is not on the "
                            f"table ({', '.join(table.results)})", "AW-248")
    present = {s.id for s in ports.ships_in(state, harbor.target)}
    for name in ("sunk", "damaged"):
        for ident in interception.ids(getattr(result, name)):
            if ident not in present:
                raise IllegalAction(f"harbor_attack_result.{name}: {ident} is not in "
                                    f"{ports.name(state, harbor.target)}", "AW-248")


def resolve(state: AwState, result: HarborAttackResult, dice: Dice) -> list[Event]:
    log = log_of(state)
    harbor = log.harbor
    assert harbor is not None
    log.harbor = None
    log.harbor_attacks += 1
    events = [Event(kind="HarborAttackResolved", clause="AW-248",
                    at=ports.ref(state, harbor.target),
                    text=f"the harbor attack on {ports.name(state, harbor.target)}: "
                         f"{harbor_table().results[result.result]}",
                    data={"result": result.result})]
    for ident in interception.ids(result.sunk):
        ship = state.ships[ident]
        ship.eliminated, ship.base = True, None
        events.append(Event(kind="ShipSunk", clause="AW-138", text=f"{label(ship)} is sunk",
                            data={"ship": ident}))
    for ident in interception.ids(result.damaged):
        state.ships[ident].damaged = True
        events.append(Event(kind="ShipDamaged", clause="AW-138",
                            text=f"{label(state.ships[ident])} is damaged",
                            data={"ship": ident}))
    return events


def preview(state: AwState, action: HarborAttack) -> Preview | None:
    """The sequence and its arithmetic before the attack is declared (AW-137, AW-138)."""
    log = log_of(state)
    research_ok = action.nation in log.harbor_research
    why = None if research_ok else free_attack(state, action.nation)
    rows = (f"research result: {'yes' if research_ok else 'no'}"
            + ("" if research_ok else f"; free attack: {why or 'available'}") + " (AW-137)",
            f"attacker's modifiers {action.modifiers:+d}, codebreaking "
            f"{action.codebreaking:+d} → {_net(action):+d} (AW-138)",
            "then the defender's modifiers and counter-intelligence; the result is read on "
            "the Harbor Attack Table and entered (AW-248)")
    return Preview(title="awaw-naval: harbor attack (AW-136…AW-138)", axis="", outcomes=(),
                   summary=f"on {action.target}: net so far {_net(action):+d}", rows=rows)
