"""Standing orders judged at a step (issue 26's budget: ≤ 1 ms a step), on the generated
10,000-hex water map of :mod:`mineboard.bench.paths`: twenty orders of one side — ten that
fire on a unit within 2 hexes of any of 14 places, ten on a unit entering one of three —
judged on a hundred steps to random places, hex distances counted afresh (no cache), as
the first step of a move meets them.

Registered in :mod:`mineboard.bench` (this module imports nothing of it: no import circle).
"""

from __future__ import annotations

import random
import time

from mineboard.core.orders import ASK, StandingOrder, StepSeen, Trigger, judge
from mineboard.maps.hexgrid import distance

ORDERS_MS = 1.0
STEPS = 100


def orders_at_a_step() -> float:
    """Twenty standing orders judged at one step on 10,000 hexes (mean of 100 steps)."""
    from mineboard.bench.paths import water_board

    board = water_board()
    grid = board.grid
    assert grid is not None
    rng = random.Random(26)
    hexes = sorted(p for p in board.places if board.places[p].kind == "hex")
    watched = tuple(rng.sample(hexes, 14))
    entered = tuple(rng.sample(hexes, 3))
    orders = tuple(StandingOrder("snap_shot", Trigger("within", watched, 2))
                   for _ in range(10)) + \
        tuple(StandingOrder("snap_shot", Trigger("entering", entered), ASK) for _ in range(10))

    def apart(a: str, b: str) -> int:
        return distance(grid.from_label(a), grid.from_label(b))

    steps = [StepSeen("Red", ("R1",), rng.choice(hexes), rng.choice(hexes))
             for _ in range(STEPS)]
    start = time.perf_counter()
    for seen in steps:
        judge(orders, seen, apart)
    return (time.perf_counter() - start) / STEPS
