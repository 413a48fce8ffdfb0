"""Who may carry out an activity of the Naval Activities Table, ship by ship and as a force:
one operation per player turn by uninverted units unimpaired by supply (AW-63, AW-64), never
damaged (AW-68) or newly built (AW-74) units, a patrol not after a base change (AW-70), no
sortie after coming back to base in the same phase (AW-71), ten factors or more in task forces
(AW-65), fast carriers with as many fast fleet factors (AW-66), transports barred from a
supply zone after an abort (AW-69), cargo on task forces that can carry it (AW-75).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated

from mineboard.core.errors import IllegalAction
from mineboard.core.schema import Doc, Length, Range
from mineboard.rules.awaw_naval import box_rules, forces
from mineboard.rules.awaw_naval.employment_data import employment_table
from mineboard.rules.awaw_naval.forces import label
from mineboard.rules.awaw_naval.ledger import ledger_of
from mineboard.rules.awaw_naval.state import MOVEMENT, AwState, Ship


@dataclass(frozen=True, slots=True)
class Cargo:
    """Cargo assigned to a task force of the force (AW-75)."""

    kind: Annotated[str, Doc("ground, air, oil or brp (employment.json)")]
    factors: Annotated[int, Range(1, 999)]
    to: Annotated[str, Length(0, 40), Doc("the task force carrying it; empty: the ships of "
                                          "the force outside any task force")] = ""


def changed_base(state: AwState, ship: Ship) -> bool:
    """Whether ``ship`` changed base this movement phase (bases' record of the phase)."""
    return ship.id in state.changed_from


def ship_refusal(state: AwState, ship: Ship, activity: str) -> IllegalAction | None:
    """Why ``ship`` may not take part in ``activity`` now, or None."""
    ledger = ledger_of(state)
    name = label(ship)
    op = ledger.at_sea().get(ship.id)
    if op is not None:
        return IllegalAction(f"{name} is at sea with operation {op.id}", "AW-63")
    if ship.new:
        return IllegalAction(f"{name} was built this player turn: no operation until it ends",
                             "AW-74")
    if ship.damaged:
        return IllegalAction(f"{name} is damaged and may undertake no naval activity", "AW-68")
    if ship.unusable:
        return IllegalAction(f"{name} is excess in an overstacked port: not usable for the "
                             "rest of the player turn", "AW-04")
    if ship.impaired:
        return IllegalAction(f"{name} is impaired by supply problems", "AW-63")
    if ship.id in ledger.returned:
        return IllegalAction(f"{name} came back to its base this phase and may not sortie "
                             "again in it", "AW-71")
    sw = box_rules.is_sw(state, ship.base)
    if (activity == "patrol" or sw) and state.phase == MOVEMENT \
            and changed_base(state, ship):
        what = "patrol" if activity == "patrol" else "act from an SW box"
        return IllegalAction(f"{name} changed base this movement phase and may not "
                             f"{what} in it", "AW-70")
    if sw:
        return None  # SW-box ships may act more than once (AW-63, 25.36)
    if ship.operated:
        return IllegalAction(f"{name} has carried out its one operation this player turn",
                             "AW-63")
    if ship.inverted:
        why = " (it stays so until the end of the player turn)" if ship.held_inverted else ""
        return IllegalAction(f"{name} is inverted{why}", "AW-64")
    return None


def check_ships(state: AwState, ships: Sequence[Ship], activity: str) -> None:
    for ship in ships:
        refusal = ship_refusal(state, ship, activity)
        if refusal is not None:
            raise refusal


def check_force(state: AwState, ships: Sequence[Ship], *, carriers_exempt: bool = False) -> None:
    """The force as a whole: task forces (AW-65), carriers and fast fleet (AW-66)."""
    why = forces.tf_shortfall(state, ships)
    if why is not None:
        raise IllegalAction(why, "AW-65")
    if not carriers_exempt:
        why = forces.carrier_shortfall(state, ships)
        if why is not None:
            raise IllegalAction(why, "AW-66")


def check_transports(state: AwState, ships: Sequence[Ship], side: str, zone: str) -> None:
    """AW-69: after an aborted transport activity, no transport serves its zone this turn."""
    if (side, zone) in ledger_of(state).transport_bans \
            and any(state.ship_type(s).transport for s in ships):
        raise IllegalAction(f"a transport activity to {zone} was aborted this player turn: no "
                            "transport may serve that supply zone until it ends", "AW-69")


def capacity(state: AwState, ships: Sequence[Ship], kind: str) -> int:
    """Cargo factors of ``kind`` that ``ships`` can carry: by their undamaged destroyer
    factors, or by their transports (AW-75, employment.json)."""
    need = employment_table().cargo[kind]
    usable = [s for s in ships if not s.damaged]
    by_dd = sum(s.factors for s in usable if state.ship_type(s).destroyer) // need.destroyers \
        if need.destroyers else 0
    by_tp = sum(s.factors for s in usable if state.ship_type(s).transport) * need.per_transport
    return max(by_dd, by_tp)


def check_cargo(state: AwState, ships: Sequence[Ship], cargo: Sequence[Cargo]) -> None:
    """AW-75: every cargo goes to one task force of the force (or to the ships outside any),
    and each recipient can carry all it is given."""
    table = employment_table().cargo
    given: dict[tuple[str, str], int] = {}
    for item in cargo:
        if item.kind not in table:
            raise IllegalAction(f"{item.kind!r} is no cargo ({', '.join(table)})", "AW-75")
        tf = item.to or None
        if not any(s.tf == tf for s in ships):
            who = f"task force {item.to}" if item.to else "ships outside a task force"
            raise IllegalAction(f"the force has no {who} to carry {item.factors} "
                                f"{table[item.kind].name}", "AW-75")
        given[item.to, item.kind] = given.get((item.to, item.kind), 0) + item.factors
    for (to, kind), amount in given.items():
        recipient = [s for s in ships if s.tf == (to or None)]
        can = capacity(state, recipient, kind)
        if amount > can:
            who = f"task force {to}" if to else "the ships outside a task force"
            need = table[kind]
            dd = amount * need.destroyers
            tp = math.ceil(amount / need.per_transport) if need.per_transport else 0
            raise IllegalAction(
                f"{who} can carry {can} {need.name}, not {amount} (it needs {dd} destroyer "
                f"factors" + (f" or {tp} transports" if tp else "") + ")", "AW-75")
