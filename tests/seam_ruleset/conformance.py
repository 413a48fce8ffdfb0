"""The seam ruleset's conformance kit: another truth differing only in what one side may
not see, and the orders the others may not tell apart. The conformance suite plays it
(tests/test_seam_conformance.py) and tests/test_moves.py's random play uses it."""

from __future__ import annotations

import copy
import random

from mineboard.core.actions import Action
from mineboard.core.orders import ASK, AUTO, StandingOrder, Trigger
from mineboard.rules.common.conformance import Kit
from mineboard.rules.common.orders import SetOrders
from tests.seam_ruleset import HERE
from tests.seam_ruleset.ruleset import LayField
from tests.seam_ruleset.state import SNAP_SHOT, SeamState


def scramble(truth: SeamState, side: str, rng: random.Random) -> SeamState:
    """The other sides' hidden fields (not yet shown) moved elsewhere — as many, as a laid
    field is seen to be laid — and their rounds and orders made up anew."""
    other = copy.deepcopy(truth)
    places = sorted(truth.board.places)
    hidden = [h for h, owner in truth.minefields.items()
              if owner != side and h not in truth.revealed]
    for h in hidden:
        del other.minefields[h]
    # not under a unit: a unit entering a field reveals it
    free = [p for p in places if p not in other.minefields and p not in truth.revealed
            and all(u.place != p for u in truth.units.values())]
    for h, new in zip(hidden, rng.sample(free, len(hidden)), strict=True):
        other.minefields[new] = truth.minefields[h]
    for s in truth.sides:
        if s == side:
            continue
        other.rounds[s] = rng.randint(0, 9)
        other.orders[s] = (StandingOrder(SNAP_SHOT, Trigger("entering", tuple(rng.sample(
            places, 2))), rng.choice((AUTO, ASK))),)
    return other


def twins(view: SeamState, action: Action) -> list[Action]:
    """Any other orders look alike to the other sides: they learn only that orders were
    set; and a field laid under any other of the side's squads looks the same."""
    if isinstance(action, LayField):
        return [LayField(action.side, u.place) for u in sorted(
            view.units.values(), key=lambda u: u.id)
            if u.side == action.side and u.kind == "squad" and u.place != action.at]
    if not isinstance(action, SetOrders):
        return []
    anywhere = sorted(view.board.places)[:3]
    return [SetOrders(()), SetOrders((StandingOrder(SNAP_SHOT, Trigger("entering",
                                                                       tuple(anywhere))),))]


KIT = Kit(str(HERE / "scenario.json"), scramble, twins)
"""The seam ruleset's kit: its own scenario beside it, no scripted pairs."""
