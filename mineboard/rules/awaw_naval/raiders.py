"""Raiders (AW-168…AW-197, AW-230…AW-232, AW-234, AW-235, AW-248): the part that sends Axis
raider groups into an SW box (raid_groups.py: an ``Operate`` of activity ``raid`` each,
registered in operations' CHECKS, EFFECTS, UNSEEN and PREVIEWS), and the defender's answer
(raid_engagement.py: the Raider Table through the game's dice, the ships that engage, the
naval combat as a result entered from outside, the second attempt and the way home). The
table is data (raider_table.json, raider_data.py) and its odds are exact
(raider_odds.py, odds.py)."""

from __future__ import annotations

from functools import partial
from typing import Any

from mineboard.core.actions import Action
from mineboard.core.errors import IllegalAction
from mineboard.core.events import Event
from mineboard.core.planning import Command, Selection
from mineboard.rules.awaw_naval import operations
from mineboard.rules.awaw_naval import raid_engagement as engagement
from mineboard.rules.awaw_naval import raid_groups as groups
from mineboard.rules.awaw_naval.parts import Part
from mineboard.rules.awaw_naval.state import COMBAT, MOVEMENT, Asked, AwState

operations.CHECKS["raid"] = groups.check_raid
operations.EFFECTS["raid"] = groups.sail
operations.UNSEEN["raid"] = groups.unseen
operations.PREVIEWS["raid"] = engagement.preview_raid


def phase_start(state: AwState) -> list[Event]:
    """A new player turn forgets last turn's raids; Germany's opening raiders must raid in
    its Fall 1939 combat phase (AW-177): the phase waits for it."""
    if state.phase == MOVEMENT:
        groups.raids(state).clear()
    if state.phase != COMBAT or state.calendar != "Fall 1939":
        return []
    opening = [s for s in state.ships.values() if not s.eliminated and s.base
               and groups._opening(state, s) and state.side_of_nation(s.nation) == state.phasing]
    if not opening:
        return []
    names = ", ".join(s.name for s in opening)
    state.asked.append(Asked(state.phasing, "operate", "AW-177",
                             f"the raid of its opening raiders ({names})",
                             {"ships": [s.id for s in opening]}))
    return [Event(kind="OpeningRaidersMustRaid", clause="AW-177",
                  text=f"{names} set up in the Atlantic SW box must raid this combat phase",
                  data={"ships": [s.id for s in opening]})]


def candidates(state: AwState) -> list[Action]:
    """What the defender may answer now, and sending a box's groups on."""
    out: list[Action] = []
    question = state.asked[0] if state.asked else None
    if question is not None and question.kind == engagement.ROLL:
        group = str(question.data.get("group"))
        out += [engagement.OpposeRaider(group), engagement.DeclineRaider(group)]
    elif question is not None and question.kind == engagement.ENGAGE:
        found = groups.raids(state).get(str(question.data.get("group")))
        if found is not None:
            out.append(engagement.greedy(state, found))
    elif question is None:
        for box in {g.box for g in groups.raids(state).values() if not g.committed}:
            out.append(groups.CommitRaids(box))
    return out


def _raid_commands(state: AwState, selection: Selection) -> list[Command]:
    """The ships picked (Axis, combat phase): a raid into each SW box they may raid."""
    if state.phase != COMBAT or not selection.units or state.asked \
            or state.ledger.asked is not None:
        return []
    ships = tuple(u for u in selection.units if u in state.ships)
    if not ships or state.side_of_nation(state.ships[ships[0]].nation) != "Axis":
        return []
    out = []
    for place in state.board.places.values():
        if place.kind != "box" or groups.sw_role(state, place.id) is None:
            continue
        action = operations.Operate("raid", ships, place.id)
        try:
            operations.check_operate(state, action)
        except IllegalAction:
            continue  # only the raids these ships may make
        preview = engagement.preview_raid(state, action)
        out.append(Command(f"Raid the {place.name or place.id}", action,
                           tip=f"{preview.title}: {preview.summary}" if preview else ""))
    return out


def _answer_commands(state: AwState) -> list[Command]:
    """The defender's answers while it is asked about a raider group."""
    question = state.asked[0]
    group = groups.raids(state).get(str(question.data.get("group")))
    if group is None:
        return []
    if question.kind == engagement.ROLL:
        oppose = engagement.OpposeRaider(group.op, **group.inputs)
        preview = engagement.preview_oppose(state, oppose)
        return [Command(f"Oppose raider group {group.rank} (Raider Table)", oppose,
                        tip=preview.summary if preview else ""),
                Command(f"Let raider group {group.rank} be", engagement.DeclineRaider(group.op),
                        tip="AW-178: its ships may then attack the transports (AW-191)")]
    best = engagement.greedy(state, group)
    pool = engagement.pool_of(state, group)
    return [Command(f"Send {len(best.ships)} ship(s) against raider group {group.rank}", best,
                    tip="Each die by its own ship type or the highest lower result there "
                        "(AW-184, AW-187)"),
            Command(f"Choose the ships against raider group {group.rank}…",
                    pick=tuple((i, i) for i in sorted(pool.left)),
                    build=partial(_engage_with, group.op),
                    tip="In the order of the dice rolled; destroyers once a factor (AW-188)")]


def _engage_with(group: str, picked: tuple[str, ...]) -> Action:
    return engagement.EngageRaider(group, picked)


def commands(state: AwState, selection: Selection) -> list[Command]:
    question = state.asked[0] if state.asked else None
    if question is not None and question.kind in (engagement.ROLL, engagement.ENGAGE):
        return _answer_commands(state)
    out = _raid_commands(state, selection)
    if question is None and state.ledger.asked is None and state.awaiting is None:
        for box in sorted({g.box for g in groups.raids(state).values() if not g.committed}):
            out.append(Command(f"Send the raiders in the {state.board.ref(box)} on",
                               groups.CommitRaids(box),
                               tip="The defender then answers each group, first raider "
                                   "first (AW-175, AW-178)"))
    return out


def summary(state: AwState) -> dict[str, Any]:
    """The turn's raider groups (absent while there are none)."""
    if not groups.raids(state):
        return {}
    return {"raids": {g.op: {"box": g.box, "rank": g.rank, "ships": list(g.ships),
                             "status": g.status, "attempt": g.attempt, "rolls": list(g.rolls),
                             "modifier": g.modifier, "types": list(g.types),
                             "engaged": list(g.engaged), "first_round": list(g.first_round),
                             "may_attack": list(g.may_attack)}
                      for g in groups.raids(state).values()}}


PART = Part(
    actions=(groups.RankRaiders, groups.CommitRaids, engagement.OpposeRaider,
             engagement.DeclineRaider, engagement.EngageRaider),
    checks={groups.RankRaiders: groups.check_rank, groups.CommitRaids: groups.check_commit,
            engagement.OpposeRaider: engagement.check_oppose,
            engagement.DeclineRaider: engagement.check_decline,
            engagement.EngageRaider: engagement.check_engage,
            engagement.RaidCombatResult: engagement.check_result},
    effects={groups.RankRaiders: groups.rank, groups.CommitRaids: engagement.commit,
             engagement.OpposeRaider: engagement.oppose,
             engagement.DeclineRaider: engagement.decline,
             engagement.EngageRaider: engagement.engage},
    resolve={engagement.RaidCombatResult: engagement.resolve},
    previews={engagement.OpposeRaider: engagement.preview_oppose,
              operations.Operate: operations.preview_operate},
    commands=commands, candidates=candidates, phase_start=phase_start, summary=summary)
"""Operate's preview (operations.preview_operate) dispatches by activity through
operations.PREVIEWS: another part adds its activity's preview there, not here."""
