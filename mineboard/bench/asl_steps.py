"""asl-minefields movement on the issue's battlefield (about 6,600 hexes: the demo board's
header grown to 110 × 60): the legal steps a picked squad's click lights (budget 5 ms,
issue 27) and the route under the pointer to a hex 6 steps away.

Not registered by itself: :mod:`mineboard.bench` registers it (this module imports nothing
of it: no import circle).
"""

from __future__ import annotations

import json
import time
from functools import cache
from typing import Any

from mineboard.core.planning import Selection

STEPS_MS = 5.0
"""Issue 27: click-to-highlight of a unit's legal steps ≤ 5 ms."""


@cache
def _game() -> tuple[Any, Any, Any, str, str]:
    from mineboard.maps.geojson import board_from_json
    from mineboard.maps.loading import load_board
    from mineboard.resources import maps_dir
    from mineboard.rules.asl_minefields.ruleset import RULESET
    from mineboard.rules.asl_minefields.scenario import state_from_scenario

    demo = load_board(maps_dir() / "asl-demo-board.geojson")
    data = json.loads((maps_dir() / "asl-demo-board.geojson").read_text())
    data["mineboard"]["hex"].update(cols=110, rows=60)
    data["features"] = []
    board = board_from_json(data, "asl bench board")
    middle = sorted(board.places)[3333]
    far = middle
    for _ in range(6):
        far = sorted(board.adjacent[far])[-1]
    scenario = {"sides": [{"name": "Allies", "recorded": True}, {"name": "Axis",
                                                                  "recorded": True}],
                "units": [{"id": "S1", "side": "Allies", "type": "squad", "hex": "A1"}],
                "phase": "movement"}
    state = state_from_scenario(scenario, demo, "asl bench")
    state.board = board
    state.units["S1"].hex = middle
    return RULESET, RULESET.view(state, "Allies"), board, middle, far


def legal_steps() -> float:
    """The hexes lit for a picked squad in the middle of 6,600 hexes."""
    rules, view, _board, middle, _far = _game()
    selection = Selection(middle, ("S1",))
    start = time.perf_counter()
    rules.targets(view, selection)
    return time.perf_counter() - start


def route_under_pointer() -> float:
    """The route report of that squad to a hex 6 steps away."""
    rules, view, board, middle, far = _game()
    selection = Selection(middle, ("S1",))
    start = time.perf_counter()
    rules.route_report(view, selection, board.ref(far))
    return time.perf_counter() - start
