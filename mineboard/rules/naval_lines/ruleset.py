"""The naval-lines ruleset: the seed's Naval Mine unit on the lines between sea zones."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from mineboard.core.actions import Action
from mineboard.core.chance import Dist
from mineboard.core.ruleset import TableRuleset
from mineboard.maps.model import BoardMap, way_id
from mineboard.rules.naval_lines.actions import CODEC, EndPhase, Move
from mineboard.rules.naval_lines.checks import CHECKS
from mineboard.rules.naval_lines.effects import (
    EFFECTS,
    detonation_chance,
    facing_fields,
    loss_order,
)
from mineboard.rules.naval_lines.odds import FieldCrossing, route_losses
from mineboard.rules.naval_lines.state import (
    COMBAT_MOVE,
    PHASE_NAMES,
    NavalState,
    state_from_scenario,
)


class NavalLines(TableRuleset[NavalState]):
    id = "naval-lines"
    title = "Naval mines on sea-zone lines (WWII grand strategy)"
    clause_prefix = "NL"
    codec = CODEC
    checks = CHECKS
    effects = EFFECTS

    def new_state(self, scenario: Mapping[str, Any], board: BoardMap, where: str) -> NavalState:
        return state_from_scenario(scenario, board, where)

    def end_phase(self, state: NavalState) -> Action:
        return EndPhase()

    def view(self, state: NavalState, side: str | None) -> NavalState:
        if not state.options.hidden_minefields:
            return state
        seen = copy.deepcopy(state)
        seen.minefields = [f for f in seen.minefields
                           if f.revealed or seen.side_of(f.owner) == side]
        for nation in seen.nations:
            if seen.side_of(nation) != side:
                seen.stored[nation] = seen.pending[nation] = 0
                seen.bought_this_turn[nation] = 0
        for unit in seen.units.values():
            if seen.side_of(unit.nation) != side:
                unit.cargo = 0
                if unit.mission == "mines":
                    unit.mission = None
        seen.tally = {}
        return seen

    def move_odds(self, state: NavalState, move: Move) -> Dist[int]:
        """Exact distribution of surface ships lost by a planned move, given what is known."""
        self.check(state, move)
        moving = [state.units[u] for u in move.units]
        targets = loss_order(state, [u for u in moving if state.unit_type(u).mine_target],
                             move.losses)
        flags = [u.id in move.sweepers for u in targets]
        fields = []
        for a, b in zip(move.path, move.path[1:], strict=False):
            line = way_id(a, b)
            for owner, group in facing_fields(state, line, b, state.active):
                p, _clause = detonation_chance(state, owner, state.active)
                enemy = state.side_of(owner) != state.side_of(state.active)
                fields.append(FieldCrossing(f"{line}/{owner}", sum(f.count for f in group), p,
                                            sweepable=enemy and state.phase == COMBAT_MOVE))
        return route_losses(fields, flags)

    def summary(self, state: NavalState) -> dict[str, Any]:
        return {
            "turn": state.turn,
            "nation": state.active,
            "phase": state.phase,
            "phase_name": PHASE_NAMES[state.phase],
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
