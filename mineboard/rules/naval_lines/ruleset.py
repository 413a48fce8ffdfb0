"""The naval-lines ruleset: the seed's Naval Mine unit on the lines between sea zones."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from mineboard.core.actions import Action
from mineboard.core.advice import Advice, Progress, Target, no_progress
from mineboard.core.opponent import Choice
from mineboard.core.planning import Preview
from mineboard.core.threat import ThreatGroup, ThreatMap
from mineboard.maps.model import BoardMap
from mineboard.rules.common.ruleset import PlannedRuleset, Planner
from mineboard.rules.common.turns import turn_summary
from mineboard.rules.naval_lines import advice, opponent, planning
from mineboard.rules.naval_lines import threat as threats
from mineboard.rules.naval_lines.actions import CODEC, Move, Retreat
from mineboard.rules.naval_lines.checks import CHECKS
from mineboard.rules.naval_lines.effects import EFFECTS
from mineboard.rules.naval_lines.odds import LineQuery
from mineboard.rules.naval_lines.previews import move_preview, retreat_preview
from mineboard.rules.naval_lines.scenario import state_from_scenario
from mineboard.rules.naval_lines.state import Minefield, NavalState


def _as_seen(field: Minefield, own: bool) -> Minefield | None:
    """A field as a side knows it: its own whole; another side's as last seen when it
    defended, not as its owner has since made it (NL-12: a lay on a revealed line is as
    secret as any other); None if it has never defended."""
    if own:
        return field
    return None if field.public is None else replace(field, count=field.public)


def _retreat_preview(view: NavalState, action: Retreat) -> Preview | None:
    if action.units and action.units[0] in view.units:
        return retreat_preview(view.units[action.units[0]].zone, action)
    return None


class NavalLines(PlannedRuleset[NavalState]):
    id = "naval-lines"
    title = "Naval mines on sea-zone lines (WWII grand strategy)"
    clause_prefix = "NL"
    codec = CODEC
    checks = CHECKS
    effects = EFFECTS
    planner = Planner(planning.legal_actions, units_at=planning.units_at,
                      intent=planning.intent, targets=planning.targets,
                      choices=planning.choices, commands=planning.commands,
                      previews={Move: move_preview, Retreat: _retreat_preview},
                      invariants=planning.invariants)
    odds_query = LineQuery

    def new_state(self, scenario: Mapping[str, Any], board: BoardMap, where: str) -> NavalState:
        return state_from_scenario(scenario, board, where)

    def hide(self, seen: NavalState, side: str | None) -> None:
        """Under hidden minefields (the only secrets): other sides' fields as last seen,
        their money, stores and cargo."""
        seen.minefields = [shown for f in seen.minefields
                           if (shown := _as_seen(f, seen.side_of(f.owner) == side))]
        for nation in seen.nations:
            if seen.side_of(nation) != side:
                seen.stored[nation] = seen.pending[nation] = 0
                seen.bought_this_turn[nation] = 0
        # Money tells what was bought, and mines bought are secret (NL-01 hidden).
        seen.ipcs = {n: v for n, v in seen.ipcs.items() if seen.side_of(n) == side}
        for unit in seen.units.values():
            if seen.side_of(unit.nation) != side:
                unit.cargo = 0
                unit.done = False  # "it laid mines this turn" would tell where
                if unit.mission == "mines":
                    unit.mission = None
        seen.tally = {}

    def threat_groups(self, view: NavalState) -> list[ThreatGroup]:
        return threats.groups(view)

    def threat(self, view: NavalState, group: str) -> ThreatMap | None:
        return threats.threat(view, group)

    def advice_targets(self, view: NavalState) -> list[Target]:
        return advice.targets(view)

    def advise(self, view: NavalState, target: Target | None = None,
               progress: Progress = no_progress) -> Advice | None:
        return advice.advise(self, view, target, progress)

    opponent_policy = opponent.POLICY

    def opponent_move(self, view: NavalState) -> Choice | None:
        return opponent.move(self, view)

    def route(self, view: NavalState, action: Action) -> tuple[str, ...]:
        if isinstance(action, Retreat) and action.units and action.units[0] in view.units:
            return (view.units[action.units[0]].zone, action.to)
        return super().route(view, action)

    def summary(self, state: NavalState) -> dict[str, Any]:
        return {
            **turn_summary(state),
            "ipcs": dict(state.ipcs),
            "stored_mines": dict(state.stored),
            "pending_mines": {n: c for n, c in state.pending.items() if c},
            "units": {u.id: {"type": u.type, "zone": u.zone, **({"cargo": u.cargo}
                                                                if u.cargo else {})}
                      for u in state.units.values()},
            "minefields": [{"line": f.line, "owner": f.owner, "zone": f.zone,
                            "count": f.count} for f in state.minefields if f.count],
            "control": dict(sorted(state.control.items())),
        }


RULESET = NavalLines()
