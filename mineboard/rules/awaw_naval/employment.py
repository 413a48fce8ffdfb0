"""Employment (AW-17…AW-26, AW-63…AW-75, AW-223, AW-247, AW-249): the part that joins
task forces (forces.py), the declaration of an activity of the Naval Activities Table and
who may carry it out (operations.py, eligibility.py, box_rules.py), coming back to base
(returns.py), interceptions asked of the other side and their outcomes (interception.py)
and uninversion as the player turn ends (uninversion.py). Its record of the turn is the
ledger (ledger.py); its figures and the boxes' limits are data (employment_data.py:
employment.json, boxes.json); what it asks of movement and the fronts goes through reach.py.
"""

from __future__ import annotations

from typing import Any

from mineboard.core.actions import Action
from mineboard.core.dice import Dice
from mineboard.core.events import Event
from mineboard.rules.awaw_naval import (
    box_rules,
    eligibility,
    forces,
    interception,
    operations,
    returns,
    uninversion,
)
from mineboard.rules.awaw_naval.ledger import ledger_of
from mineboard.rules.awaw_naval.parts import Part
from mineboard.rules.awaw_naval.state import MOVEMENT, AwState


def phase_start(state: AwState) -> list[Event]:
    ledger = ledger_of(state)
    ledger.returned.clear()
    if state.phase == MOVEMENT:
        ledger.movement_bases = {s.id: s.base for s in state.ships.values()
                                 if s.base is not None}
    return uninversion.phase_start(state)


def phase_end(state: AwState, dice: Dice) -> list[Event]:
    interception.close(state)
    ledger_of(state).interception = None
    events = returns.all_home(state)
    return events + uninversion.turn_end(state)


CANDIDATE_SHIPS = 6
"""How many ships' operations and interceptions legal_actions tries (a sample, not all)."""


def _ready(state: AwState, side: str) -> list[str]:
    return [s.id for s in state.ships.values()
            if state.side_of_nation(s.nation) == side and s.base and not s.eliminated
            and eligibility.ship_refusal(state, s, "patrol") is None][:CANDIDATE_SHIPS]


def candidates(state: AwState) -> list[Action]:
    """A sample of what may be done: a patrol to each ready ship's own port hex, an
    interception where the moving force is bound, passing, returns, task forces,
    uninverting."""
    ledger = ledger_of(state)
    out: list[Action] = []
    if ledger.asked is not None:
        out.append(interception.PassInterception())
        for window in ledger.windows[:2]:
            goal = operations.hex_of(state, window.goal)
            out += [interception.Intercept((i,), window.ships[0], goal)
                    for i in _ready(state, ledger.asked)]
    elif state.awaiting is None:
        for ident in _ready(state, state.to_move):
            base = state.ships[ident].base or ""
            hex_id = state.port_hex(base)
            if hex_id is not None:
                out.append(operations.Operate("patrol", (ident,), hex_id))
    for tf in {s.tf for s in state.ships.values() if s.tf}:
        out.append(forces.DissolveTaskForce(tf))
    for op in ledger.operations.values():
        for ident in op.at_sea:
            out.append(returns.ReturnToBase(op.id, (ident,), op.origins[ident]))
    left = ledger.uninvert_left.get(state.to_move)
    if left:
        out += [uninversion.Uninvert((s.id,)) for s in uninversion.inverted(state,
                                                                            state.to_move)]
    return out


def summary(state: AwState) -> dict[str, Any]:
    ledger = ledger_of(state)
    return {
        **forces.summary(state),
        **box_rules.summary(state),
        "employment": {s.id: {"operated": s.operated, "held_inverted": s.held_inverted,
                              "new": s.new, "damaged": s.damaged, "tf": s.tf}
                       for s in state.ships.values()},
        "operations": {op.id: {"activity": op.activity, "side": op.side,
                               "ships": list(op.ships), "at_sea": list(op.at_sea),
                               "hex": op.hex, "aborted": op.aborted, "fought": op.fought}
                       for op in ledger.operations.values()},
        "intercepting": None if ledger.asked is None else {
            "side": ledger.asked, "moving": [list(w.ships) for w in ledger.windows]},
        "transport_bans": sorted(f"{s}:{z}" for s, z in ledger.transport_bans),
        "uninvert_left": dict(ledger.uninvert_left),
    }


def invariants(state: AwState) -> list[str]:
    out = []
    for op in ledger_of(state).operations.values():
        for ident in op.at_sea:
            if state.ships[ident].eliminated:
                out.append(f"{ident} is sunk but still at sea with {op.id}")
    return out


PART = Part(
    actions=(forces.FormTaskForce, forces.DissolveTaskForce, operations.Operate,
             operations.AbortOperation, operations.SplitForce, returns.ReturnToBase,
             interception.Intercept, interception.PassInterception, uninversion.Uninvert),
    checks={forces.FormTaskForce: forces.check_form,
            forces.DissolveTaskForce: forces.check_dissolve,
            operations.Operate: operations.check_operate,
            operations.AbortOperation: operations.check_abort,
            operations.SplitForce: operations.check_split,
            returns.ReturnToBase: returns.check_return,
            interception.Intercept: interception.check_intercept,
            interception.PassInterception: interception.check_pass,
            uninversion.Uninvert: uninversion.check_uninvert,
            interception.InterceptionResult: interception.check_result},
    effects={forces.FormTaskForce: forces.form,
             forces.DissolveTaskForce: forces.dissolve,
             operations.Operate: operations.operate,
             operations.AbortOperation: operations.apply_abort,
             operations.SplitForce: operations.split,
             returns.ReturnToBase: returns.apply_return,
             interception.Intercept: interception.intercept,
             interception.PassInterception: interception.apply_pass,
             uninversion.Uninvert: uninversion.uninvert},
    resolve={interception.InterceptionResult: interception.resolve,
             uninversion.UninversionAllowance: uninversion.resolve},
    candidates=candidates, phase_start=phase_start, phase_end=phase_end,
    summary=summary, invariants=invariants)
