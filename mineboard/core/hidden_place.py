"""The stand-in for a secret placement whose place is itself the secret.

Most secret orders have a natural stand-in: a dummy counter on the same hex for a mine, a
false counter for a lay (:meth:`~mineboard.core.ruleset.Ruleset.stand_in`). A counter laid
face-down *where the other side may not know it lies* has none: any place the stand-in named
would tell, or differ from, the truth. So the contract offers this one: "``owner`` placed
``count`` face-down counters somewhere I may not name". A ruleset that has such placements

- lists :class:`PlacedSomewhere` in its codec and returns it from ``stand_in`` for them
  (and returns it unchanged for itself: a stand-in stands in for itself);
- gives it an effect: the counters join the state with no place, and the event is
  :func:`placed_somewhere` — so every side reads the same words as for the real placement,
  whose :class:`~mineboard.core.events.CountersPlaced` says ``place_secret=True``;
- makes its ``view`` show another side's face-down counters of such placements exactly as
  that effect leaves them (counted, no place), until the rules reveal where they lie;
- gives it a check of what the placement's check may judge without the place (whose turn,
  how many): the other side's program judges the stand-in so when it receives it. It is
  never an order a player may give — :func:`refuse_as_order` says so wherever one is
  checked — only what the other sides replay in place of one.

Play by email then rebuilds the other side's world with the counters unplaced, and opens
the real placement when a move's outcome comes to rest on where they lie.
"""

from __future__ import annotations

from dataclasses import dataclass

from mineboard.core.actions import Action
from mineboard.core.errors import IllegalAction
from mineboard.core.events import CountersPlaced


@dataclass(frozen=True, slots=True)
class PlacedSomewhere(Action):
    """``owner`` placed ``count`` face-down counters at a place the other sides may not
    know: the stand-in of that placement."""

    kind = "placed_somewhere"
    owner: str
    count: int = 1


def placed_somewhere(action: PlacedSomewhere, clause: str,
                     public_clause: str = "") -> CountersPlaced:
    """The event of a :class:`PlacedSomewhere`: the owner's secret placement with no place,
    whose public twin is word for word the real placement's (``place_secret``)."""
    noun = "a face-down counter" if action.count == 1 else \
        f"{action.count} face-down counters"
    return CountersPlaced(clause=clause, public_clause=public_clause,
                          text=f"{action.owner} places {noun} somewhere not named",
                          owner=action.owner, count=action.count, secret_to=action.owner,
                          place_secret=True)


def refuse_as_order(action: Action) -> None:
    """A player's order (or a public entry of a turn file) may not be a stand-in."""
    if isinstance(action, PlacedSomewhere):
        raise IllegalAction("a face-down counter somewhere not named only stands in for "
                            "another side's secret placement: it is no order", "TURN")
