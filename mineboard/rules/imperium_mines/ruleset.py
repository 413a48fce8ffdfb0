"""The imperium-mines ruleset: minelayers, minesweepers and false minefields between stars."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from mineboard.core.actions import Action
from mineboard.core.places import PlaceRef
from mineboard.core.planning import Command, Preview, Selection
from mineboard.core.ruleset import TableRuleset
from mineboard.maps.model import BoardMap
from mineboard.rules.imperium_mines import planning
from mineboard.rules.imperium_mines.actions import CODEC, EndPhase, Jump, LayMines, PlaceFalse
from mineboard.rules.imperium_mines.checks import CHECKS
from mineboard.rules.imperium_mines.effects import EFFECTS
from mineboard.rules.imperium_mines.odds import SystemQuery
from mineboard.rules.imperium_mines.scenario import state_from_scenario
from mineboard.rules.imperium_mines.state import Counter, ImperiumState


class ImperiumMines(TableRuleset[ImperiumState]):
    id = "imperium-mines"
    title = "Minelayers, minesweepers and false minefields between star systems"
    clause_prefix = "IM"
    codec = CODEC
    checks = CHECKS
    effects = EFFECTS

    def new_state(self, scenario: Mapping[str, Any], board: BoardMap,
                  where: str) -> ImperiumState:
        return state_from_scenario(scenario, board, where)

    def end_phase(self, state: ImperiumState) -> Action:
        return EndPhase()

    def stand_in(self, action: Action) -> Action | None:
        """Laid mines stand in as one false counter from the same fleet (IM-08, IM-12): one
        more back at that system; false counters stand in as themselves."""
        if isinstance(action, LayMines):
            return PlaceFalse(action.fleet)
        if isinstance(action, PlaceFalse):
            return action
        return None

    def view(self, state: ImperiumState, side: str | None) -> ImperiumState:
        """The other side's counters become anonymous backs: how many, never what (IM-08)."""
        seen = copy.deepcopy(state)
        for owners in seen.minefields.values():
            for owner, counters in owners.items():
                if owner != side:
                    counters[:] = [Counter(0, False, known=False) for _ in counters]
        for fleet in seen.fleets.values():
            if fleet.side != side:
                fleet.laid = False  # it stayed; whether to lay or to place false is secret
        return seen

    # ---- what the player is offered ---------------------------------------------------
    def units_at(self, view: ImperiumState, place: str) -> list[str]:
        return planning.units_at(view, place)

    def intent(self, view: ImperiumState, selection: Selection, at: PlaceRef) -> Action | None:
        return planning.intent(view, selection, at.kind, at.id)

    def commands(self, view: ImperiumState, selection: Selection) -> list[Command]:
        return planning.commands(view, selection)

    def preview(self, view: ImperiumState, action: Action) -> Preview | None:
        return planning.jump_preview(view, action) if isinstance(action, Jump) else None

    def legal_actions(self, view: ImperiumState) -> list[Action]:
        return planning.legal_actions(view, self.check)

    def invariants(self, state: ImperiumState) -> list[str]:
        return planning.invariants(state)

    odds_query = SystemQuery

    def summary(self, state: ImperiumState) -> dict[str, Any]:
        def counters(cs: list[Counter]) -> list[Any]:
            return ["?" if not c.known else ("false" if c.false else c.value) for c in cs]

        return {
            "turn": state.turn,
            "nation": state.active,
            "phase": state.phase,
            "phase_name": state.phase_label,
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
