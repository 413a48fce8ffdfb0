"""Part 2's patrols, defensive patrols, submarine patrols, harbor attacks and fast carrier
missions (AW-93…AW-115, AW-136…AW-138, AW-198…AW-204, AW-228, AW-229, AW-241, AW-248) joined
into one part of the ruleset:

- patrol_log.py — the record: patrols declared, how far each got, tries, defensive patrols
- patrols.py — the step sequence of a patrol (AW-93…AW-105, AW-108, AW-109)
- support.py — a staying patrol supports an intercepted friend (AW-106…AW-108)
- defensive.py — defensive patrols and their interceptions (AW-113…AW-115)
- submarines.py — submarine patrols (AW-110…AW-112)
- carriers.py — fast carrier missions (AW-198…AW-204)
- harbor.py — harbor attacks (AW-136…AW-138, AW-248); mission_data.py their tables
- naval_range.py — "within naval range" (AW-241)

It plugs into part 1 where part 1 left room: the activities' own checks and effects
(operations.CHECKS, EFFECTS), the interception's answers (interception.HOOKS), what stays at
sea when a phase ends (returns.STAYS) and basechange's hook (AW-96).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, ClassVar

from mineboard.core.actions import Action
from mineboard.core.dice import Dice
from mineboard.core.errors import IllegalAction
from mineboard.core.events import Event
from mineboard.core.planning import Command, Selection
from mineboard.core.schema import Doc
from mineboard.rules.awaw_naval import (
    carriers,
    defensive,
    harbor,
    interception,
    operations,
    patrols,
    planning,
    returns,
    submarines,
    support,
)
from mineboard.rules.awaw_naval.ledger import ledger_of
from mineboard.rules.awaw_naval.mission_data import patrol_options
from mineboard.rules.awaw_naval.parts import Part
from mineboard.rules.awaw_naval.patrol_log import STAYING, UNDER_WAY, log_of, patrol_of
from mineboard.rules.awaw_naval.state import COMBAT, MOVEMENT, AwState
from mineboard.rules.common.checks import TURN

operations.CHECKS.update({patrols.PATROL: patrols.check_patrol,
                          carriers.ACTIVITY: carriers.check_mission})
operations.EFFECTS.update({patrols.PATROL: patrols.sail, carriers.ACTIVITY: carriers.sail})
interception.HOOKS["check"].append(patrols.refuse_interceptors)
interception.HOOKS["declared"].append(patrols.declared)
interception.HOOKS["passed"].append(patrols.passed)
interception.HOOKS["resolved"].extend((patrols.resolved, defensive.offer_stay,
                                        defensive.resolved))
operations.MAY_INTERCEPT.append(defensive.any_at_sea)


def click_intent(view: AwState, selection: Selection, place: str) -> Action | None:
    """Ships picked in port and a click on a sea hex: a patrol there in the movement phase
    (AW-93), a fast carrier mission in the combat phase if carriers are picked (AW-198)."""
    found = view.board.places.get(place)
    if found is None or found.kind != "hex" or found.props.get("terrain") == "land":
        return None
    ships = tuple(selection.units)
    if view.phase == MOVEMENT:
        return operations.Operate(patrols.PATROL, ships, place)
    if view.phase == COMBAT and any(view.ship_type(view.ships[s]).carrier for s in ships
                                    if s in view.ships):
        return operations.Operate(carriers.ACTIVITY, ships, place)
    return None


planning.INTENTS.append(click_intent)
returns.STAYS.extend((patrols.stays, defensive.stays, submarines.stays))


@dataclass(frozen=True, slots=True)
class PatrolNasMission(Action):
    """The naval air of a patrol staying at sea flies one mission of the option list
    (AW-229: patrol_options.json)."""

    kind: ClassVar[str] = "patrol_nas_mission"
    operation: str
    mission: Annotated[str, Doc("a key of patrol_options.json's staying_nas")]


def check_nas(state: AwState, action: PatrolNasMission) -> None:
    patrol = patrol_of(state, action.operation)
    op = ledger_of(state).operations.get(action.operation)
    if patrol is None or op is None or op.side != state.to_move:
        raise IllegalAction(f"{action.operation!r} is not a patrol of {state.to_move}", TURN)
    if patrol.stage != STAYING:
        raise IllegalAction(f"patrol {op.id} is not staying at sea", "AW-229")
    if not any(state.ship_type(state.ships[s]).carrier for s in op.at_sea):
        raise IllegalAction(f"patrol {op.id} has no carriers at sea", "AW-229")
    listed = patrol_options().staying_nas
    if action.mission not in listed:
        raise IllegalAction(f"{action.mission!r} is not on the list of what a staying "
                            f"patrol's naval air may do ({', '.join(listed)})", "AW-229")


def nas(state: AwState, action: PatrolNasMission, dice: Dice) -> list[Event]:
    words = patrol_options().staying_nas[action.mission]
    op = ledger_of(state).operations[action.operation]
    return [Event(kind="PatrolNasMission", clause="AW-229", at=state.board.ref(op.hex),
                  text=f"the naval air of patrol {op.id} will {words} (air resolution "
                       "outside these rules)",
                  data={"operation": op.id, "mission": action.mission})]


def phase_start(state: AwState) -> list[Event]:
    if state.phase == MOVEMENT:
        log = log_of(state)
        at_sea = ledger_of(state).at_sea()
        log.patrols = [p for p in log.patrols if p.op and any(at_sea.get(s) is not None
                                                              and at_sea[s].id == p.op
                                                              for s in p.ships)]
        log.struck.clear()
        log.combat_tries.clear()
        live = {op for p in log.patrols for op in (p.op,)} | set(log.defensive)
        log.winners = {k: v for k, v in log.winners.items() if k in live or v in live}
        log.defensive_tries.clear()
        log.late.clear()
    return submarines.phase_start(state)


def phase_end(state: AwState, dice: Dice) -> list[Event]:
    """Regular combat is over at the end of the combat phase: patrols, defensive patrols
    and carrier missions come home before exploitation (AW-109, AW-113, AW-203); the end of
    a player turn decides on submarine patrols (AW-110, AW-112)."""
    if state.phase == COMBAT:
        return [*patrols.home_after_combat(state), *defensive.home_after_combat(state),
                *carriers.home_after_combat(state)]
    return submarines.turn_end(state)


def candidates(state: AwState) -> list[Action]:
    """What may be done with the patrols under way and the choices asked (few, so that
    legal_actions stays short)."""
    out: list[Action] = []
    question = state.asked[0] if state.asked else None
    if question is not None and question.kind == defensive.DefensivePatrol.kind:
        ident = str(question.data.get("operation", ""))
        return [defensive.DefensivePatrol(ident, True), defensive.DefensivePatrol(ident, False)]
    if state.awaiting is not None:
        return out
    for patrol in log_of(state).patrols:
        if patrol.op and patrol.stage in UNDER_WAY:
            out += [patrols.PatrolAirRound(patrol.op),
                    patrols.EndAirRounds(patrol.op, False),
                    patrols.EndAirRounds(patrol.op, True)]
    return out


def commands(view: AwState, selection: Selection) -> list[Command]:
    """The buttons of a patrol under way (air round, return, stay: AW-101, AW-102) and of
    the defender's choice for his winners (AW-113)."""
    question = view.asked[0] if view.asked else None
    if question is not None and question.kind == defensive.DefensivePatrol.kind:
        ident = str(question.data.get("operation", ""))
        return [Command("Stay as a defensive patrol", defensive.DefensivePatrol(ident, True),
                        tip="The interceptors stay where they fought until regular combat "
                            "of the next combat phase is over (AW-113)"),
                Command("Return inverted", defensive.DefensivePatrol(ident, False),
                        tip="They go home, inverted for the rest of the player turn "
                            "(AW-113)")]
    if view.awaiting is not None or view.ledger.asked is not None:
        return []
    out = []
    for patrol in log_of(view).patrols:
        op = view.ledger.operations.get(patrol.op)
        if op is None or op.side != view.to_move or patrol.stage not in UNDER_WAY \
                or op.aborted or not op.at_sea:
            continue
        out += [Command(f"Air round: patrol {op.id}", patrols.PatrolAirRound(op.id),
                        tip="Counterair and strikes on enemy bases in range; the defender "
                            "may intercept first if he has not tried (AW-101, AW-104); the "
                            "round's result is entered from outside"),
                Command(f"Return: patrol {op.id}", patrols.EndAirRounds(op.id, False),
                        tip="The air rounds are over: the patrol returns to base (AW-101)"),
                Command(f"Stay: patrol {op.id}", patrols.EndAirRounds(op.id, True),
                        tip="The patrol stays through the combat phase; the defender may "
                            "intercept if he has not tried (AW-102)")]
    return out


def summary(state: AwState) -> dict[str, Any]:
    """The patrols and what they left behind, once there are any (else nothing: the
    summaries of games without patrols do not change)."""
    log = log_of(state)
    out: dict[str, Any] = {}
    if log.patrols:
        out["patrols"] = {p.op or f"planned{n}": {"ships": list(p.ships), "target": p.target,
                                                   "stage": p.stage, "tried": p.tried,
                                                   "rounds": p.rounds}
                          for n, p in enumerate(log.patrols, 1)}
    if log.defensive:
        out["defensive_patrols"] = dict(log.defensive)
    if log.harbor_attacks or log.harbor is not None:
        out["harbor_attacks"] = {"made": log.harbor_attacks, "free_used": log.free_harbor_used}
    if log.carrier_strikes:
        out["carrier_strikes"] = dict(log.carrier_strikes)
    return out


PART = Part(
    actions=(patrols.DeclarePatrols, patrols.PatrolAirRound, patrols.EndAirRounds,
             PatrolNasMission, defensive.DefensivePatrol, defensive.DefensiveIntercept,
             support.SupportIntercepted, submarines.SwWarfare,
             submarines.AttackSubmarinePatrol, carriers.CarrierStrike, harbor.HarborResearch,
             harbor.HarborAttack, harbor.HarborDefence),
    checks={patrols.DeclarePatrols: patrols.check_declare,
            patrols.PatrolAirRound: patrols.check_air_round,
            patrols.EndAirRounds: patrols.check_end_rounds,
            patrols.AirRoundResult: patrols.check_air_result,
            PatrolNasMission: check_nas,
            defensive.DefensivePatrol: defensive.check_stay,
            defensive.DefensiveIntercept: defensive.check_defensive,
            support.SupportIntercepted: support.check_support,
            submarines.SwWarfare: submarines.check_sw,
            submarines.AttackSubmarinePatrol: submarines.check_attack,
            submarines.SubmarineAirResult: submarines.check_result,
            carriers.CarrierStrike: carriers.check_strike,
            harbor.HarborResearch: harbor.check_research,
            harbor.HarborAttack: harbor.check_attack,
            harbor.HarborDefence: harbor.check_defence,
            harbor.HarborAttackResult: harbor.check_result},
    effects={patrols.DeclarePatrols: patrols.declare,
             patrols.PatrolAirRound: patrols.air_round,
             patrols.EndAirRounds: patrols.end_rounds,
             PatrolNasMission: nas,
             defensive.DefensivePatrol: defensive.stay,
             defensive.DefensiveIntercept: defensive.defensive_intercept,
             support.SupportIntercepted: support.support,
             submarines.SwWarfare: submarines.sw,
             submarines.AttackSubmarinePatrol: submarines.attack,
             carriers.CarrierStrike: carriers.strike,
             harbor.HarborResearch: harbor.research,
             harbor.HarborAttack: harbor.attack,
             harbor.HarborDefence: harbor.defence},
    resolve={patrols.AirRoundResult: patrols.resolve_air_round,
             support.SupportResult: support.resolve,
             submarines.SubmarineAirResult: submarines.resolve,
             harbor.HarborAttackResult: harbor.resolve},
    previews={patrols.DeclarePatrols: patrols.preview_declare,
              harbor.HarborAttack: harbor.preview},
    commands=commands, candidates=candidates, phase_start=phase_start, phase_end=phase_end,
    summary=summary)
