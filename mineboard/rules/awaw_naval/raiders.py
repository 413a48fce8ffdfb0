"""Raiders (AW-168…AW-197, AW-230…AW-232, AW-234, AW-235, AW-248): the part that sends Axis
raider groups into an SW box (raid_groups.py: an ``Operate`` of activity ``raid`` each,
registered in operations' CHECKS, EFFECTS, UNSEEN and PREVIEWS), and the defender's answer
(raid_engagement.py: the Raider Table through the game's dice, the ships that engage, the
naval combat as a result entered from outside, the second attempt and the way home). The
table is data (raider_table.json, raider_data.py) and its odds are exact
(raider_odds.py, odds.py)."""

from __future__ import annotations

from typing import Any

from mineboard.core.actions import Action
from mineboard.core.events import Event
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
    candidates=candidates, phase_start=phase_start, summary=summary)
"""Operate's preview (operations.preview_operate) dispatches by activity through
operations.PREVIEWS: another part adds its activity's preview there, not here."""
