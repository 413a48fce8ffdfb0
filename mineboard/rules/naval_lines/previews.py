"""The odds panel of a planned move or retreat in a game: which fields the route meets, as
the mover knows them, turned into the crossings :mod:`.odds` works the exact odds from."""

from __future__ import annotations

from dataclasses import replace

from mineboard.core.chance import Dist
from mineboard.core.planning import Preview, percent
from mineboard.core.words import count_of
from mineboard.maps.model import way_id
from mineboard.rules.naval_lines.actions import Move, Retreat
from mineboard.rules.naval_lines.effects import (
    detonation_chance,
    facing_fields,
    loss_order,
    pool,
)
from mineboard.rules.naval_lines.odds import FieldCrossing, SweepRule, losses_preview, route_losses
from mineboard.rules.naval_lines.state import COMBAT_MOVE, Minefield, NavalState, Unit, unit_name


def route_odds(state: NavalState, move: Move) -> Dist[int]:
    """Exact distribution of surface ships lost by a planned move, given what is known.

    ``state`` is the mover's view: fields the mover cannot see are not on its route.
    """
    return route_losses(*route_fields(state, move))


Met = tuple[int, str, str, list[Minefield]]
"""A field group a route meets: the crossing's index, the line, the owner, its fields."""


def met_fields(state: NavalState, move: Move) -> list[Met]:
    """Each owner's fields the move meets, crossing by crossing, as the mover knows them."""
    return [(i, way_id(a, b), owner, group)
            for i, (a, b) in enumerate(zip(move.path, move.path[1:], strict=False))
            for owner, group in facing_fields(state, way_id(a, b), b, state.active)]


def mine_targets(state: NavalState, move: Move) -> list[Unit]:
    """The moving ships mines can sink, in the order they would be lost (NL-21)."""
    moving = [state.units[u] for u in move.units]
    return loss_order(state, [u for u in moving if state.unit_type(u).mine_target],
                      move.losses)


def route_fields(state: NavalState, move: Move) -> tuple[list[FieldCrossing], list[bool]]:
    """The fields a planned move meets, in order, and its mine targets in the order they
    would be lost, True for each that sweeps: the model both the exact odds and a
    simulation (``mineboard bench --compare-mc``) work from."""
    flags = [u.id in move.sweepers for u in mine_targets(state, move)]
    rule = SweepRule.of(state.rules.mine)
    fields = []
    for i, line, owner, group in met_fields(state, move):
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
    knows of on the way (a hidden field may lie on a line the mover cannot see), then what
    each field and the sweeping add to it, and who goes down first."""
    met = met_fields(state, move)
    if not met:
        return Preview.nothing_to_roll(" → ".join(move.path),
                                       "No minefield you know of lies on the way.")
    fields, flags = route_fields(state, move)
    dist = route_losses(fields, flags)
    crossings = ", ".join(f"{line} ({owner} {pool(group)})" for _i, line, owner, group in met)
    preview = losses_preview(f"{' → '.join(move.path)}: {crossings}", dist, len(flags))
    rows = [field_row(met_one, field, flags) for met_one, field in zip(met, fields, strict=True)]
    if any(flags) and any(f.swept for f in fields):
        rows.append(sweep_row(dist, route_losses(fields, [False] * len(flags)), sum(flags),
                              SweepRule.of(state.rules.mine)))
    rows.append(casualty_row([unit_name(state, u) for u in mine_targets(state, move)]))
    return replace(preview, words=tuple(lose_words(k) for k in range(len(flags) + 1)),
                   rows=tuple(rows))


def lose_words(ships: int) -> str:
    return f"lose {count_of(ships, 'ship')}"


def escorts(n: int) -> str:
    return count_of(n, "Escort")


def field_row(met: Met, field: FieldCrossing, flags: list[bool]) -> str:
    """One field met with every ship still afloat: what it alone would cost."""
    _i, line, owner, _group = met
    alone = route_losses([field], flags)
    swept = f", swept by {escorts(sum(flags))}" if field.swept and any(flags) else ""
    return (f"line {line}, {owner} {count_of(field.mines, 'mine')}{swept}: lose none there "
            f"{percent(alone.prob(0))}, expect {float(alone.expected()):.2f} lost")


def sweep_row(swept: Dist[int], unswept: Dist[int], sweepers: int, rule: SweepRule) -> str:
    """What the sweeping changes over the whole route (NL-22)."""
    return (f"Sweeping with {escorts(sweepers)} (up to {rule.dice} dice a line): lose none "
            f"{percent(swept.prob(0))} instead of {percent(unswept.prob(0))}")


def casualty_row(order: list[str], shown: int = 6) -> str:
    """Who goes down first, by the casualty order chosen (NL-21)."""
    more = f", … ({len(order)} in all)" if len(order) > shown else ""
    return f"Lost first by the casualty order: {', then '.join(order[:shown])}{more}"
