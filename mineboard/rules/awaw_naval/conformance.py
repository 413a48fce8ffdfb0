"""The conformance kit of awaw-naval (:mod:`mineboard.rules.common.conformance`): two
navies on the demo sea.

Nothing in A World at War's naval game is hidden — fleets lie face up and every order is
declared openly — so a side's view is the truth, :func:`scramble` has no secret to change
(it returns an equal copy, and the suite checks that the views agree), and there are no
twins: an order is told apart from every other by everyone.
"""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

from mineboard.rules.common.conformance import Kit

SCENARIO = str(Path(__file__).with_name("conformance-scenario.json"))


def scramble(state: Any, side: str, rng: random.Random) -> Any:
    """No secrets: another truth that differs only in what ``side`` may not see is the
    truth itself."""
    return copy.deepcopy(state)


KIT = Kit(SCENARIO, scramble)
