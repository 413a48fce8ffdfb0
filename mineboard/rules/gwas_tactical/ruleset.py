"""The gwas-tactical ruleset: face-down mine and dummy counters on a tactical hex map."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from mineboard.core.actions import Action
from mineboard.core.errors import BadInput
from mineboard.core.places import PlaceRef
from mineboard.core.planning import Choice, Command, Preview, Selection
from mineboard.core.routes import RouteReport
from mineboard.core.ruleset import TableRuleset
from mineboard.maps.model import BoardMap
from mineboard.rules.gwas_tactical import planning, routes
from mineboard.rules.gwas_tactical.actions import (
    CODEC,
    CrossBoundary,
    EndPhase,
    MoveShips,
    PlaceCounter,
)
from mineboard.rules.gwas_tactical.checks import CHECKS
from mineboard.rules.gwas_tactical.effects import EFFECTS
from mineboard.rules.gwas_tactical.odds import HexQuery
from mineboard.rules.gwas_tactical.scenario import state_from_scenario
from mineboard.rules.gwas_tactical.state import GtState


class GwasTactical(TableRuleset[GtState]):
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

    def new_state(self, scenario: Mapping[str, Any], board: BoardMap, where: str) -> GtState:
        strategic = board.related.get("strategic")
        if strategic is None:
            raise BadInput(where, f"tactical map {board.id!r} names no related 'strategic' map")
        return state_from_scenario(scenario, board, where, strategic)

    def end_phase(self, state: GtState) -> Action:
        return EndPhase()

    def stand_in(self, action: Action) -> Action | None:
        """A counter placed face-down stands in as a dummy: the same back on the same hex."""
        if isinstance(action, PlaceCounter):
            return PlaceCounter(action.hex, mine=False)
        return None

    def view(self, state: GtState, side: str | None) -> GtState:
        """The other side's face-down counters: where they lie, never which are mines."""
        seen = copy.deepcopy(state)
        for c in seen.counters:
            if c.owner != side and not c.face_up:
                c.mine, c.known = False, False
        for other, log in seen.logs.items():
            if other != side:
                log.minefields, log.logged = [], {}
        return seen

    # ---- what the player is offered ---------------------------------------------------
    def units_at(self, view: GtState, place: str) -> list[str]:
        return planning.units_at(view, place)

    def intent(self, view: GtState, selection: Selection, at: PlaceRef) -> Action | None:
        return planning.intent(view, selection, at.kind, at.id)

    def targets(self, view: GtState, selection: Selection) -> dict[PlaceRef, Action]:
        found = planning.targets(view, selection, self.check)
        return {view.board.ref(label): action for label, action in found.items()}

    def choices(self, view: GtState, selection: Selection) -> list[Choice]:
        return planning.choices(view, selection)

    def commands(self, view: GtState, selection: Selection) -> list[Command]:
        return planning.commands(view, selection)

    def preview(self, view: GtState, action: Action) -> Preview | None:
        if isinstance(action, MoveShips):
            return planning.move_preview(view, action)
        if isinstance(action, CrossBoundary):
            return planning.cross_preview(view, action)
        return None

    def route_report(self, view: GtState, selection: Selection, at: PlaceRef
                     ) -> RouteReport | None:
        return routes.route_report(view, selection, at, self.check)

    def legal_actions(self, view: GtState) -> list[Action]:
        return planning.legal_actions(view, self.check)

    def invariants(self, state: GtState) -> list[str]:
        return planning.invariants(state)

    odds_query = HexQuery

    def summary(self, state: GtState) -> dict[str, Any]:
        return {
            "turn": state.turn,
            "nation": state.active,
            "phase": state.phase,
            "phase_name": state.phase_label,
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
