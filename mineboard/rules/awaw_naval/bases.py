"""Bases: ports and capacity, base changes declared together, failed base changes and
overstacking, displacement, port counters, fronts (AW-01…AW-16, AW-47…AW-62, AW-244,
AW-246) — the part ruleset.py joins, made of small modules:

- ports.py — what a port, a port counter or a box bases, and who holds it
- fronts.py — the front of a port's water, two-front ports, the front a route passes
- basechange.py — the ``base_change`` order, alone and declared together (AW-03, AW-47…52)
- overstack.py — a beaten base change, unusable and eliminated excess (AW-04, AW-05, AW-48)
- displacement.py — a port taken: to the nearest port with room (AW-53…AW-62)
- construction.py — port counters (AW-08…AW-10, AW-246)
- choices.py — the owner's choices the game waits for
- offers.py — what bases offers legal_actions: an answer to each choice, moves to try
- distances.py — what bases asks of movement by water
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mineboard.core.actions import Action
from mineboard.core.dice import Dice
from mineboard.core.events import Event
from mineboard.rules.awaw_naval import (
    basechange,
    choices,
    construction,
    displacement,
    fronts,
    offers,
    overstack,
    ports,
)
from mineboard.rules.awaw_naval.basechange import BaseChange
from mineboard.rules.awaw_naval.construction import BuildPort
from mineboard.rules.awaw_naval.displacement import ChooseFront, ChoosePort, ChooseShips
from mineboard.rules.awaw_naval.overstack import EliminateExcess, MarkUnusable, NrFailed
from mineboard.rules.awaw_naval.parts import Part
from mineboard.rules.awaw_naval.state import CONSTRUCTION, MOVEMENT, REDEPLOYMENT, AwState

BATCH_KINDS: frozenset[str] = frozenset({basechange.KIND})
"""Orders declared together (AW-47): every base change of a movement phase."""


def check_together(before: AwState, after: AwState, members: Sequence[Action]) -> None:
    """Capacity on the combined result of the base changes declared (AW-03, AW-47)."""
    basechange.check_together(before, after, members)


def beaten(state: AwState, ship_ids: Sequence[str], dice: Dice) -> list[Event]:
    """A base-changing force beaten in naval combat (AW-48): employment's interception
    result calls this."""
    return overstack.beaten(state, ship_ids, dice)


def phase_start(state: AwState) -> list[Event]:
    if state.phase == MOVEMENT:
        choices.changed_from(state).clear()
    return []


def phase_end(state: AwState, dice: Dice) -> list[Event]:
    if state.phase == REDEPLOYMENT:
        return overstack.redeployment_over(state)
    if state.phase == CONSTRUCTION:
        for ship in state.ships.values():  # AW-04: unusable for the player turn only
            if state.side_of_nation(ship.nation) == state.phasing:
                ship.unusable = False
    return []


def summary(state: AwState) -> dict[str, Any]:
    """Where each ship is and what it may do; each port's load (AW-01, AW-06)."""
    question = choices.current(state)
    port_loads = {}
    for port in ports.all_ports(state):
        if ports.group(state, port)[0] != port:
            continue
        port_loads[port] = {"load": ports.load(state, port),
                            "capacity": ports.capacity(state, port),
                            "over": ports.over(state, port),
                            "fronts": list(fronts.fronts_of(state, port))}
    return {
        "ships": {s.id: {"base": s.base, "factors": s.factors, "inverted": s.inverted,
                         "unusable": s.unusable, "eliminated": s.eliminated}
                  for s in state.ships.values()},
        "ports": port_loads,
        "asked": None if question is None else {"side": question.side,
                                                "kind": question.kind,
                                                "clause": question.clause},
    }


def invariants(state: AwState) -> list[str]:
    """Every ship in play is based at a port or box; none in port stays in a port the enemy
    holds once its displacement is done (AW-53)."""
    out = []
    bases_now = set(ports.all_bases(state))
    displacing = {s for job in choices.stash(state, "displacing", []) for s in job.ships}
    displacing |= set(state.ledger.at_sea())  # at sea: its return is employment's (AW-72)
    for ship in state.ships.values():
        if ship.eliminated != (ship.base is None):
            out.append(f"{ship.id}: eliminated is {ship.eliminated} but base is {ship.base}")
        elif ship.base is not None and ship.base not in bases_now:
            out.append(f"{ship.id}: based at {ship.base}, which is no port or box")
        elif ship.base is not None and ship.id not in displacing:
            holder = ports.holder(state, ship.base)
            if holder in state.data.nations and \
                    state.side_of_nation(holder) != state.side_of_nation(ship.nation):
                out.append(f"{ship.id}: based at {ship.base}, which {holder} holds")
    return out


PART = Part(
    actions=(BaseChange, MarkUnusable, EliminateExcess, ChooseFront, ChoosePort,
             ChooseShips, BuildPort, NrFailed),
    checks={BaseChange: basechange.check, MarkUnusable: overstack.check_mark,
            EliminateExcess: overstack.check_eliminate,
            ChooseFront: displacement.check_front, ChoosePort: displacement.check_port,
            ChooseShips: displacement.check_ships, BuildPort: construction.check,
            NrFailed: overstack.check_nr_failed},
    effects={BaseChange: basechange.apply, MarkUnusable: overstack.apply_mark,
             EliminateExcess: overstack.apply_eliminate,
             ChooseFront: displacement.apply_front, ChoosePort: displacement.apply_port,
             ChooseShips: displacement.apply_ships, BuildPort: construction.apply,
             NrFailed: overstack.apply_nr_failed},
    phase_start=phase_start, phase_end=phase_end,
    control_changed=displacement.control_changed, summary=summary, invariants=invariants,
    candidates=offers.candidates)
