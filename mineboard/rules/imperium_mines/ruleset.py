"""The imperium-mines ruleset: minelayers, minesweepers and false minefields between stars."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mineboard.core.actions import Action
from mineboard.core.advice import Advice, Progress, Target, no_progress
from mineboard.core.opponent import Choice
from mineboard.core.threat import ThreatGroup, ThreatMap
from mineboard.maps.model import BoardMap
from mineboard.rules.common.ruleset import PlannedRuleset, Planner
from mineboard.rules.common.turns import turn_summary
from mineboard.rules.imperium_mines import advice as advisor
from mineboard.rules.imperium_mines import opponent, planning
from mineboard.rules.imperium_mines import threat as threats
from mineboard.rules.imperium_mines.actions import CODEC, Jump, LayMines, PlaceFalse
from mineboard.rules.imperium_mines.checks import CHECKS
from mineboard.rules.imperium_mines.effects import EFFECTS
from mineboard.rules.imperium_mines.odds import SystemQuery
from mineboard.rules.imperium_mines.scenario import state_from_scenario
from mineboard.rules.imperium_mines.state import Counter, ImperiumState


class ImperiumMines(PlannedRuleset[ImperiumState]):
    id = "imperium-mines"
    title = "Minelayers, minesweepers and false minefields between star systems"
    clause_prefix = "IM"
    codec = CODEC
    checks = CHECKS
    effects = EFFECTS
    planner = Planner(planning.legal_actions, units_at=planning.units_at,
                      intent=planning.intent, commands=planning.commands,
                      previews={Jump: planning.jump_preview}, invariants=planning.invariants)
    odds_query = SystemQuery

    def new_state(self, scenario: Mapping[str, Any], board: BoardMap,
                  where: str) -> ImperiumState:
        return state_from_scenario(scenario, board, where)

    def stand_in(self, action: Action) -> Action | None:
        """Laid mines stand in as one false counter from the same fleet (IM-08, IM-12): one
        more back at that system; false counters stand in as themselves."""
        if isinstance(action, LayMines):
            return PlaceFalse(action.fleet)
        if isinstance(action, PlaceFalse):
            return action
        return None

    def hide(self, seen: ImperiumState, side: str | None) -> None:
        """The other side's counters become anonymous backs: how many, never what (IM-08)."""
        for owners in seen.minefields.values():
            for owner, counters in owners.items():
                if owner != side:
                    counters[:] = [Counter(0, False, known=False) for _ in counters]
        for fleet in seen.fleets.values():
            if fleet.side != side:
                fleet.laid = False  # it stayed; whether to lay or to place false is secret

    def threat_groups(self, view: ImperiumState) -> list[ThreatGroup]:
        return threats.groups(view)

    def threat(self, view: ImperiumState, group: str) -> ThreatMap | None:
        return threats.threat(view, group)

    def advice_targets(self, view: ImperiumState) -> list[Target]:
        return advisor.targets(view)

    def advise(self, view: ImperiumState, target: Target | None = None,
               progress: Progress = no_progress) -> Advice | None:
        """Always an answer: the lays are one a fleet, all examined (advice.py)."""
        return advisor.advise(self, view, target, progress)

    opponent_policy = opponent.POLICY

    def opponent_move(self, view: ImperiumState) -> Choice | None:
        return opponent.move(self, view)

    def summary(self, state: ImperiumState) -> dict[str, Any]:
        def counters(cs: list[Counter]) -> list[Any]:
            return ["?" if not c.known else ("false" if c.false else c.value) for c in cs]

        return {
            **turn_summary(state),
            "resources": dict(state.resources),
            "building": [list(b) for b in state.building],
            "fleets": {f.id: {"side": f.side, "system": f.system,
                              "ships": {s.id: s.type + (f" ({s.hits} hit)" if s.hits else "")
                                        for s in f.ships}}
                       for f in state.fleets.values()},
            "minefields": {sys: {o: counters(cs) for o, cs in owners.items() if cs}
                           for sys, owners in sorted(state.minefields.items())
                           if any(owners.values())},
        }


RULESET = ImperiumMines()
