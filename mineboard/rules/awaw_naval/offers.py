"""What bases offers ``legal_actions`` (random play, computer players, the conformance
kit): the answers to a pending choice — a legal one for each question, so play never
sticks there — and a few base changes and port counters to try.

Broad on purpose: the ruleset keeps only those its checks accept.
"""

from __future__ import annotations

from mineboard.core.actions import Action
from mineboard.rules.awaw_naval import choices, construction, movement, ports
from mineboard.rules.awaw_naval.basechange import BaseChange
from mineboard.rules.awaw_naval.construction import BuildPort
from mineboard.rules.awaw_naval.displacement import (
    FRONT,
    PORT,
    SHIPS,
    ChooseFront,
    ChoosePort,
    ChooseShips,
)
from mineboard.rules.awaw_naval.overstack import ELIMINATE, MARK, EliminateExcess, MarkUnusable
from mineboard.rules.awaw_naval.state import CONSTRUCTION, MOVEMENT, Asked, AwState, Ship

NEAREST = 3
"""Destinations offered for each base's first ship: its nearest few."""


def covering(ships: list[Ship], excess: int) -> tuple[str, ...]:
    """Whole ships whose factors reach ``excess`` with none to spare (AW-04's reading)."""
    chosen: list[Ship] = []
    for ship in sorted(ships, key=lambda s: (-s.factors, s.id)):
        if sum(s.factors for s in chosen) >= excess:
            break
        chosen.append(ship)
    for ship in sorted(chosen, key=lambda s: (s.factors, s.id)):
        if sum(s.factors for s in chosen) - ship.factors >= excess:
            chosen.remove(ship)
    return tuple(s.id for s in chosen)


def filling(ships: list[Ship], room: int) -> tuple[str, ...]:
    """Whole ships filling ``room`` as far as they can (AW-55): largest first."""
    chosen: list[str] = []
    left = room
    for ship in sorted(ships, key=lambda s: (-s.factors, s.id)):
        if ship.factors <= left:
            chosen.append(ship.id)
            left -= ship.factors
    return tuple(chosen)


def answers(state: AwState, question: Asked) -> list[Action]:
    data = question.data
    if question.kind == PORT:
        return [ChoosePort(p) for p in data["ports"]]
    if question.kind == FRONT:
        return [ChooseFront(f) for f in data["fronts"]]
    if question.kind == SHIPS:
        jobs = choices.stash(state, "displacing", [])
        ships = [state.ships[s] for s in jobs[0].ships] if jobs else []
        picked = filling(ships, int(data["room"]))
        return [ChooseShips(picked)] if picked else []
    if question.kind in (MARK, ELIMINATE):
        here = [s for s in ports.ships_in(state, str(data["port"])) if ports.counted(s)]
        picked = covering(here, ports.over(state, str(data["port"])))
        if not picked:
            return []
        return [MarkUnusable(picked) if question.kind == MARK else EliminateExcess(picked)]
    return []


def base_changes(state: AwState) -> list[Action]:
    out: list[Action] = []
    by_base: dict[str, list[Ship]] = {}
    for ship in state.ships.values():
        if ship.base and not ship.eliminated and not ship.unusable \
                and ship.id not in state.changed_from \
                and state.side_of_nation(ship.nation) == state.phasing:
            by_base.setdefault(ship.base, []).append(ship)
    for base, ships in sorted(by_base.items()):
        first = min(ships, key=lambda s: s.id)
        reach = movement.reachable(state, first.nation, base, "base_change")
        nearest = sorted((d, b) for b, d in reach.items() if b != base)[:NEAREST]
        out += [BaseChange((first.id,), b) for _, b in nearest]
    return out


def port_counters(state: AwState) -> list[Action]:
    builders = [n for n in state.nations if n in ports.port_rules().builders
                and state.side_of_nation(n) == state.phasing]
    out: list[Action] = []
    for region in state.board.regions.values():
        if region.props.get("island") != ports.port_rules().island_kind:
            continue
        for hex_id in region.places:
            if construction.island_of(state, hex_id) is not None:
                out += [BuildPort(hex_id, n) for n in builders
                        if state.controller(hex_id) == n]
    return out


def candidates(state: AwState) -> list[Action]:
    question = choices.current(state)
    if question is not None:
        return answers(state, question)
    if state.awaiting is not None:
        return []
    if state.phase == MOVEMENT:
        return base_changes(state)
    if state.phase == CONSTRUCTION:
        return port_counters(state)
    return []
