"""The mine-laying advisor on every bundled scenario (issue 30: ≤ 1 s for any bundled
scenario's turn): each played by the rulesets' own solo policies, from a fixed seed, up to
the first moment its side to move has a lay to rank; then that side's advice, with no
target and for each place it may name, the slowest of them timed.

Not registered by itself: :mod:`mineboard.bench` registers it.
"""

from __future__ import annotations

import time
from functools import cache
from typing import Any

ADVICE_MS = 1000.0
"""Issue 30: the advisor answers within 1 s on any bundled scenario's turn."""
TARGETS_TRIED = 3
"""Named goals timed per scenario besides none (the first few the ruleset offers)."""
SEARCH_ACTIONS = 400


@cache
def _positions() -> tuple[tuple[str, Any, Any], ...]:
    """(scenario, ruleset, view of the side to move) where each first has lays to rank."""
    from mineboard.core.game import PUBLIC
    from mineboard.core.opponent import choose
    from mineboard.persistence.scenario import load_scenario
    from mineboard.resources import bundled_scenarios

    found = []
    for name, path in sorted(bundled_scenarios().items()):
        game = load_scenario(path).new_game(3)
        for _ in range(SEARCH_ACTIONS):
            side = game.observe(PUBLIC).view.to_move
            view = game.observe(side).view
            advice = game.ruleset.advise(view)
            if advice is None:
                break  # a ruleset without mines (awaw-naval)
            if advice.total:
                found.append((name, game.ruleset, view))
                break
            game.play(choose(game.ruleset, view).action, by=side)
    return tuple(found)


def slowest_advice() -> float:
    """The slowest single answer over every bundled scenario's first laying turn."""
    worst = 0.0
    for _name, ruleset, view in _positions():
        for target in [None, *ruleset.advice_targets(view)[:TARGETS_TRIED]]:
            start = time.perf_counter()
            ruleset.advise(view, target)
            worst = max(worst, time.perf_counter() - start)
    return worst
