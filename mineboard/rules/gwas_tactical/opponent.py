"""The program's side in a solo gwas-tactical game: a plain policy, on the same exact odds
as the advisor and the threat map, from its own side's view only.

Every choice is an ordinary action checked on that view (``core.opponent.choose``), so it
goes through the same log and undo as a click; each one moves the game on — a roll clears a
crossing, a lay fills the budget, a move marks the ship moved for the impulse — so the
program never repeats itself, and when it has nothing left it ends the phase (None).
"""

from __future__ import annotations

import math
from typing import Any

from mineboard.core.opponent import Choice
from mineboard.core.words import and_list, count_of
from mineboard.maps.hexgrid import distance
from mineboard.rules.gwas_tactical.actions import CrossBoundary, MoveShips, PlaceCounter
from mineboard.rules.gwas_tactical.advice import advise, cannot_lay
from mineboard.rules.gwas_tactical.state import APPROACH, BATTLE, SETUP, GtState, Ship
from mineboard.rules.gwas_tactical.ways import (
    enemy_of,
    hex_weight,
    least_loss_way,
    likely_mines,
    next_impulse,
)

POLICY = (
    "The program plays its side by a plain policy on the exact odds, seeing only what its "
    "side may see. Approach: every ship crossing into the battle zone rolls for its boundary "
    "(GT-02). Counter setup: while it may lay mines it lays one where the advisor ranks best "
    "— the hex that would cost the enemy most hull points if each enemy group within reach "
    "of its next move entered it once (GT-11), among equals the one nearest an enemy ship — "
    "keeping to GT-04, GT-06 and GT-07; then each dummy on the free hex nearest an enemy "
    "ship (GT-05). Impulses: each of its ships that has not moved heads for the nearest hex "
    "holding an enemy ship (hex distance, then label) by the way through the fewest likely "
    "mines — every enemy counter it cannot see under weighed as a mine, since it cannot "
    "tell mines from dummies (GT-10) — then the fewest hexes, at full speed, stopping next "
    "to that hex; a ship left in a hex with face-up enemy mines steps out rather than roll "
    "again (GT-13), to the neighbour with the fewest likely mines that holds no enemy "
    "ship. Nothing left to do: it ends the phase.")


def move(ruleset: Any, view: GtState) -> Choice | None:
    """The program's next action on its own side's ``view`` (None: end the phase)."""
    if view.phase == APPROACH:
        return _cross(view)
    if view.phase == SETUP:
        return _lay(ruleset, view)
    if view.phase == BATTLE:
        return _sail(view)
    return None


def _cross(view: GtState) -> Choice | None:
    crossing = tuple(s.id for s in sorted(view.ships.values(), key=lambda s: s.id)
                     if s.side == view.active and s.crossing is not None)
    if not crossing:
        return None
    return Choice(CrossBoundary(crossing), f"{and_list(crossing)} roll for crossing into the "
                                           "battle zone (GT-02)")


def _enemy_hexes(view: GtState) -> list[str]:
    enemy = enemy_of(view, view.active)
    return sorted({s.hex for s in view.ships.values() if s.side == enemy and s.hex})


def _closeness(view: GtState, label: str, enemy_at: list[str]) -> int:
    here = view.hex_of(label)
    return min((distance(here, view.hex_of(e)) for e in enemy_at), default=0)


def _lay(ruleset: Any, view: GtState) -> Choice | None:
    side = view.active
    if cannot_lay(view, side):
        return None
    advice = advise(ruleset, view, time_allowed=math.inf)  # the same on any machine
    enemy_at = _enemy_hexes(view)
    mines = [(s, s.action) for s in advice.suggestions
             if isinstance(s.action, PlaceCounter) and s.action.mine]
    if mines:
        best, lay = min(mines, key=lambda sa: (-sa[0].expected,
                                               _closeness(view, sa[1].hex, enemy_at),
                                               sa[1].hex))
        return Choice(lay, f"lays a mine counter where the advisor ranks best: "
                           f"{best.label}, expected {best.expected} hull points lost by the "
                           "enemy's next move (GT-11)")
    taken = {c.hex for c in view.counters if c.owner == side}
    dummies = [a for a in ruleset.legal_actions(view)
               if isinstance(a, PlaceCounter) and not a.mine]
    if not dummies:
        return None
    pick = min(dummies, key=lambda a: (a.hex in taken, _closeness(view, a.hex, enemy_at),
                                       a.hex))
    return Choice(pick, f"lays a dummy on the free hex nearest an enemy ship: hex {pick.hex} "
                        "(GT-05)")


def _sail(view: GtState) -> Choice | None:
    side = view.active
    enemy_at = _enemy_hexes(view)
    if not enemy_at:
        return None
    for ship in sorted(view.ships.values(), key=lambda s: s.id):
        if ship.side != side or ship.hex is None or ship.moved:
            continue
        choice = _ship_move(view, ship, enemy_at)
        if choice is not None:
            return choice
    return None


def _ship_move(view: GtState, ship: Ship, enemy_at: list[str]) -> Choice | None:
    assert ship.hex is not None
    here = ship.hex
    goal = min(enemy_at, key=lambda e: (distance(view.hex_of(here), view.hex_of(e)), e))
    speed = view.ship_type(ship).speed
    way = least_loss_way(view, ship.side, [ship], here, goal)
    if way is not None and len(way) > 2:
        path = way[:min(speed, len(way) - 2) + 1]
        fear = sum(likely_mines(view, ship.side, h) for h in path[1:])
        return Choice(MoveShips((ship.id,), path),
                      f"{ship.id} heads for the enemy in hex {goal} by the way through the "
                      f"fewest likely mines ({' → '.join(path)}; "
                      f"{count_of(fear, 'enemy counter')} on it this impulse)")
    if view.enemy_mines_up(here, ship.side):  # GT-13: staying would roll again
        impulse = next_impulse(view)
        free = [label for label in (view.grid.label(n)
                                    for n in view.grid.neighbours(view.hex_of(here)))
                if label not in enemy_at]
        if not free:
            return None
        out = min(free, key=lambda n: (hex_weight(view, [ship], likely_mines(view, ship.side, n),
                                            impulse),
                                 distance(view.hex_of(n), view.hex_of(goal)), n))
        return Choice(MoveShips((ship.id,), (here, out)),
                      f"{ship.id} steps out of mined hex {here} to {out} rather than roll "
                      "again for staying (GT-13)")
    return None
