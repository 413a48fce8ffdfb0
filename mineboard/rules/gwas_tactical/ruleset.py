"""The gwas-tactical ruleset: face-down mine and dummy counters on a tactical hex map."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mineboard.core.actions import Action
from mineboard.core.advice import Advice, Progress, Target, no_progress
from mineboard.core.errors import BadInput
from mineboard.core.opponent import Choice as OpponentChoice
from mineboard.core.places import PlaceRef
from mineboard.core.planning import Selection
from mineboard.core.routes import RouteReport
from mineboard.core.threat import ThreatGroup, ThreatMap
from mineboard.maps.model import BoardMap
from mineboard.rules.common.ruleset import PlannedRuleset, Planner
from mineboard.rules.common.turns import turn_summary
from mineboard.rules.gwas_tactical import advice, opponent, planning, routes
from mineboard.rules.gwas_tactical import threat as threats
from mineboard.rules.gwas_tactical.actions import (
    CODEC,
    CrossBoundary,
    MoveShips,
    PlaceCounter,
)
from mineboard.rules.gwas_tactical.checks import CHECKS
from mineboard.rules.gwas_tactical.effects import EFFECTS
from mineboard.rules.gwas_tactical.odds import HexQuery
from mineboard.rules.gwas_tactical.scenario import state_from_scenario
from mineboard.rules.gwas_tactical.state import BATTLE, GtState


class GwasTactical(PlannedRuleset[GtState]):
    id = "gwas-tactical"
    title = "Mine and dummy counters on a WWI tactical hex map"
    clause_prefix = "GT"
    codec = CODEC
    checks = CHECKS
    effects = EFFECTS
    secret_clauses = frozenset({"GT-07"})
    """By email the other side's counters stand in as dummies: the GT-07 minimums near the
    shaded hexsides may then look unmet. The counts (GT-03, GT-08) are public, and the mines
    a receiver sees are a lower bound of the truth, so a GT-04 refusal there is proof."""
    planner = Planner(planning.legal_actions, units_at=planning.units_at,
                      intent=planning.intent, targets=planning.targets,
                      choices=planning.choices, commands=planning.commands,
                      previews={MoveShips: planning.move_preview,
                                CrossBoundary: planning.cross_preview},
                      invariants=planning.invariants)
    odds_query = HexQuery

    def new_state(self, scenario: Mapping[str, Any], board: BoardMap, where: str) -> GtState:
        strategic = board.related.get("strategic")
        if strategic is None:
            raise BadInput(where, f"tactical map {board.id!r} names no related 'strategic' map")
        return state_from_scenario(scenario, board, where, strategic)

    def stand_in(self, action: Action) -> Action | None:
        """A counter placed face-down stands in as a dummy: the same back on the same hex."""
        if isinstance(action, PlaceCounter):
            return PlaceCounter(action.hex, mine=False)
        return None

    def hide(self, seen: GtState, side: str | None) -> None:
        """The other side's face-down counters: where they lie, never which are mines."""
        for c in seen.counters:
            if c.owner != side and not c.face_up:
                c.mine, c.known = False, False
        for other, log in seen.logs.items():
            if other != side:
                log.minefields, log.logged = [], {}

    def threat_groups(self, view: GtState) -> list[ThreatGroup]:
        return threats.groups(view)

    def threat(self, view: GtState, group: str) -> ThreatMap | None:
        return threats.threat(view, group)

    def advice_targets(self, view: GtState) -> list[Target]:
        return advice.targets(view)

    def advise(self, view: GtState, target: Target | None = None,
               progress: Progress = no_progress) -> Advice | None:
        return advice.advise(self, view, target, progress)

    opponent_policy = opponent.POLICY

    def opponent_move(self, view: GtState) -> OpponentChoice | None:
        return opponent.move(self, view)

    def over(self, state: GtState) -> str | None:
        """Decision (the seed names no end): the battle is over once a side has no ship
        left on the tactical map, sunk or gone off its edge; before the battle it goes on."""
        if state.phase != BATTLE:
            return None
        for side in state.sides:
            if not any(s.side == side and s.hex is not None for s in state.ships.values()):
                return f"no {side} ship is left on the tactical map"
        return None

    def route_report(self, view: GtState, selection: Selection, at: PlaceRef
                     ) -> RouteReport | None:
        """The route a click at ``at`` would plan, judged as the click would be."""
        return routes.route_report(view, selection, at, self.check)

    def summary(self, state: GtState) -> dict[str, Any]:
        return {
            **turn_summary(state),
            "budgets": {s: {"counters": log.budget, "max_mines": log.max_mines}
                        for s, log in state.logs.items()},
            "ships": {s.id: {"side": s.side, "type": s.type, "hex": s.hex,
                             **({"damage": s.damage} if s.damage else {})}
                      for s in state.ships.values()},
            "counters": [{"owner": c.owner, "hex": c.hex,
                          "kind": ("mine" if c.mine else "dummy") if c.known else "?",
                          "face_up": c.face_up} for c in state.counters],
        }


RULESET = GwasTactical()
