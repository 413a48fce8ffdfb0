"""asl-minefields: moves hex by hex, and what leaving and entering a minefield hex does —
the movement part of the ruleset (parts.py), joined from modules one concern each, each
importing only those above it:

- ``costs.py`` — MF/MP and TEM from ``movement_costs.json`` (AM-09, AM-11)
- ``los.py`` — line of sight and range (AM-08: minefields never block it)
- ``passage.py`` — leaving and entering: exit before entry, A-P before A-T, stops, Trail
  Breaks, buildings, concealed units (AM-12…AM-18, AM-24, AM-27, AM-41, AM-42, AM-64,
  AM-66, AM-70)
- ``reactions.py`` — snap shots and Daisy Chains through standing orders (AM-09, AM-15)
- ``moving.py`` — the plan action, its checks, and the shared move engine's answers
- ``extras.py`` — rout, unloading, VCA changes, visible A-T removal, a Search's find
  (AM-16, AM-23, AM-28, AM-34, AM-58, AM-74)
- ``planning.py`` — what the window offers (AM-72's warning among it)
- this module — the part itself: its actions, what ending and beginning a phase does,
  the summary, the invariants, and what a view hides (a concealed unit's type).

The attacks themselves are attacks.py's.
"""

from __future__ import annotations

from typing import Any

from mineboard.core.actions import Action
from mineboard.core.dice import Dice
from mineboard.core.events import Event
from mineboard.rules.asl_minefields.costs import cost_table
from mineboard.rules.asl_minefields.extras import (
    ChangeVCA,
    ClearVisibleAT,
    Discover,
    Rout,
    Unload,
    change_vca,
    check_clear_visible,
    check_discover,
    check_rout,
    check_unload,
    check_vca,
    clear_visible,
    discover,
    remove_cleared,
    rout,
    rout_paths,
    unload,
)
from mineboard.rules.asl_minefields.los import distance
from mineboard.rules.asl_minefields.moving import (
    MOVE_CLAUSE,
    RULES,
    AmPlanMove,
    _check_end,
    _check_step,
    _end,
    _step,
    check_plan,
    plan,
    units_here,
)
from mineboard.rules.asl_minefields.parts import Part
from mineboard.rules.asl_minefields.passage import drop_out, enter, leave
from mineboard.rules.asl_minefields.planning import (
    candidates,
    choices,
    commands,
    intent,
    odds_of,
    own_field_warning,
    preview_plan,
    route_report,
    targets,
    units_at,
)
from mineboard.rules.asl_minefields.reactions import (
    REACTION_CLAUSE,
    check_orders,
    offer,
    react,
    set_orders,
    stand_in,
    standing_orders,
)
from mineboard.rules.asl_minefields.state import GOOD, MOVEMENT, AmState
from mineboard.rules.common import moves
from mineboard.rules.common.moves import EndMove, PassReaction, PressOn, React, StepOn
from mineboard.rules.common.orders import SetOrders

_drop_out = drop_out
"""daisy.py's name for passage.drop_out (a unit stopped drops out of its stack's move)."""

__all__ = [
    "MOVE_CLAUSE", "PART", "REACTION_CLAUSE", "RULES", "AmPlanMove", "ChangeVCA",
    "ClearVisibleAT", "Discover", "Rout", "Unload", "_drop_out", "choices", "distance",
    "enter", "intent", "leave", "offer", "own_field_warning", "react", "rout_paths",
    "route_report", "standing_orders", "targets", "units_at", "units_here",
]


def phase_end(state: AmState, dice: Dice) -> list[Event]:
    """The end of a Movement Phase: visible A-T mines worked on go (AM-34, AM-74); pins
    end with the Player Turn."""
    if state.step.phase != MOVEMENT:
        return []
    events = remove_cleared(state)
    state.move_options = ()
    for unit in state.units.values():
        if unit.status == "pinned":
            unit.status = GOOD
    return events


def phase_start(state: AmState) -> list[Event]:
    """A new Movement Phase: the phasing side's units have all their MF/MP again."""
    if state.step.phase == MOVEMENT:
        for unit in state.units.values():
            if unit.side == state.phasing:
                unit.spent, unit.moved = 0, False
    return []


def summary(state: AmState) -> dict[str, Any]:
    move = state.move
    return {
        "units": {u.id: {"hex": u.hex, "status": u.status, "spent": u.spent,
                         **({"eliminated": True} if u.eliminated else {}),
                         **({"immobilised": True} if u.immobilised else {}),
                         **({"concealed": True} if u.concealed else {}),
                         **({"carried_by": u.carried_by} if u.carried_by else {}),
                         **({"type": u.type} if u.known else {})}
                  for u in state.units.values()},
        "move": None if move is None else {
            "units": list(move.units), "path": list(move.path), "done": move.done,
            "options": list(state.move_options),
            "stopped": None if move.stopped is None else
            [move.stopped.clause, move.stopped.text, move.stopped.resumable]},
        "ask": None if state.ask is None else state.ask.offer,
        "trail_breaks": sorted(f"{a}>{b}" for a, b in state.trail_breaks),
        "at_clearing": dict(sorted(state.at_clearing.items())),
    }


def invariants(state: AmState) -> list[str]:
    out = []
    move = state.move
    if move is not None:
        out += [f"{u} is at {state.units[u].hex}, the move at {move.at}"
                for u in move.units
                if not state.units[u].eliminated and state.units[u].hex != move.at]
    if state.ask is not None and move is None:
        out.append("a reaction is asked with no move in progress")
    for unit in state.units.values():
        if not unit.eliminated and (unit.hex is None) == (unit.carried_by is None):
            out.append(f"{unit.id} is {'nowhere' if unit.hex is None else 'both on the map '}"
                       f"{'' if unit.hex is None else 'and in ' + str(unit.carried_by)}")
        if unit.known and unit.spent > state.unit_type(unit).mf + cost_table().rout_bonus:
            out.append(f"{unit.id} spent {unit.spent} of {state.unit_type(unit).mf}")
    return out


CONCEALED_STAND_IN = "squad"
"""The type a concealed enemy unit carries in a view: a stand-in so code that looks a type
up still works; ``known`` False says it is not the unit's (AM-15)."""


def hide(seen: AmState, side: str | None) -> None:
    """A concealed enemy unit shows where it is, never what it is (AM-15)."""
    for unit in seen.units.values():
        if unit.concealed and unit.side != side:
            unit.known = False
            unit.type = CONCEALED_STAND_IN


_CHECKS: dict[type[Action], Any] = {
    AmPlanMove: check_plan,
    StepOn: _check_step,
    PressOn: lambda s, a: moves.check_press_on(RULES, s),
    EndMove: _check_end,
    React: lambda s, a: moves.check_answer(RULES, s),
    PassReaction: lambda s, a: moves.check_answer(RULES, s),
    SetOrders: check_orders,
    Rout: check_rout,
    Unload: check_unload,
    ChangeVCA: check_vca,
    ClearVisibleAT: check_clear_visible,
    Discover: check_discover,
}


_EFFECTS: dict[type[Action], Any] = {
    AmPlanMove: plan,
    StepOn: _step,
    PressOn: lambda s, a, d: moves.press_on(RULES, s),
    EndMove: _end,
    React: lambda s, a, d: moves.answer(RULES, s, a, d),
    PassReaction: lambda s, a, d: moves.answer(RULES, s, a, d),
    SetOrders: set_orders,
    Rout: rout,
    Unload: unload,
    ChangeVCA: change_vca,
    ClearVisibleAT: clear_visible,
    Discover: discover,
}


PART = Part(
    actions=tuple(_CHECKS),
    checks=_CHECKS,
    effects=_EFFECTS,
    hide=hide,
    stand_in=stand_in,
    commands=commands,
    candidates=candidates,
    previews={AmPlanMove: preview_plan, Rout: odds_of("path_preview"),
              Unload: odds_of("unload_preview"), ChangeVCA: odds_of("vca_preview")},
    phase_end=phase_end,
    phase_start=phase_start,
    summary=summary,
    invariants=invariants,
)
