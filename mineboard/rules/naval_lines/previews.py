"""The odds panel of a planned move or retreat in a game: which fields the route meets, as
the mover knows them, turned into the crossings :mod:`.odds` works the exact odds from."""

from __future__ import annotations

from mineboard.core.chance import Dist
from mineboard.core.planning import Preview
from mineboard.maps.model import way_id
from mineboard.rules.naval_lines.actions import Move, Retreat
from mineboard.rules.naval_lines.effects import (
    detonation_chance,
    facing_fields,
    loss_order,
    pool,
)
from mineboard.rules.naval_lines.odds import FieldCrossing, SweepRule, losses_preview, route_losses
from mineboard.rules.naval_lines.state import COMBAT_MOVE, Minefield, NavalState


def route_odds(state: NavalState, move: Move) -> Dist[int]:
    """Exact distribution of surface ships lost by a planned move, given what is known.

    ``state`` is the mover's view: fields the mover cannot see are not on its route.
    """
    return route_losses(*route_fields(state, move))


def route_fields(state: NavalState, move: Move) -> tuple[list[FieldCrossing], list[bool]]:
    """The fields a planned move meets, in order, and its mine targets in the order they
    would be lost, True for each that sweeps: the model both the exact odds and a
    simulation (``mineboard bench --compare-mc``) work from."""
    moving = [state.units[u] for u in move.units]
    targets = loss_order(state, [u for u in moving if state.unit_type(u).mine_target],
                         move.losses)
    flags = [u.id in move.sweepers for u in targets]
    rule = SweepRule.of(state.rules.mine)
    fields = []
    for i, (a, b) in enumerate(zip(move.path, move.path[1:], strict=False)):
        line = way_id(a, b)
        for owner, group in facing_fields(state, line, b, state.active):
            p, _clause = detonation_chance(state, owner, state.active)
            enemy = state.side_of(owner) != state.side_of(state.active)
            fields.append(FieldCrossing(pool_key(line, owner, group), pool(group), p,
                                        rule if enemy and state.phase == COMBAT_MOVE else None,
                                        crossing=i))
    return fields, flags


def pool_key(line: str, owner: str, group: list[Minefield]) -> str:
    """Names the mines one crossing meets. A crossing meets all of an owner's fields on the
    line, or under the one-way setting those defending the zone entered (NL-12), so two
    crossings meet the same fields or none in common: the fields' zones tell them apart."""
    return f"{line}/{owner}/{'+'.join(sorted(f.zone for f in group))}"


def retreat_preview(origin: str, retreat: Retreat) -> Preview:
    return Preview.nothing_to_roll(f"Retreat {origin} → {retreat.to}",
                                   "NL-20: mines do not defend against a retreat.")


def move_preview(state: NavalState, move: Move) -> Preview:
    """The odds panel of a planned move: the loss distribution over the fields the mover
    knows of on the way (a hidden field may lie on a line the mover cannot see)."""
    dist = route_odds(state, move)
    crossings = []
    for a, b in zip(move.path, move.path[1:], strict=False):
        for owner, group in facing_fields(state, way_id(a, b), b, state.active):
            crossings.append(f"{way_id(a, b)} ({owner} {pool(group)})")
    if not crossings:
        return Preview.nothing_to_roll(" → ".join(move.path),
                                       "No minefield you know of lies on the way.")
    ships = sum(1 for u in move.units if state.unit_type(state.units[u]).mine_target)
    return losses_preview(f"{' → '.join(move.path)}: {', '.join(crossings)}", dist, ships)
