"""asl-minefields movement on the issue's battlefield (the 4×5 geomorphic boards of
``mineboard.maps.geomorphic``: 6,450 hexes, every one with its terrain): the legal steps
a picked squad's click lights (budget 5 ms, issue 27), the route under the pointer to a hex
6 steps away, and the odds panel of a planned path (budget 20 ms).

Not registered by itself: :mod:`mineboard.bench` registers it (this module imports nothing
of it: no import circle).
"""

from __future__ import annotations

import time
from functools import cache
from typing import Any

from mineboard.core.planning import Selection

STEPS_MS = 5.0
"""Issue 27: click-to-highlight of a unit's legal steps ≤ 5 ms."""


@cache
def _game() -> tuple[Any, Any, Any, str, str]:
    from mineboard.maps.geojson import board_from_json
    from mineboard.maps.geomorphic import field_json
    from mineboard.maps.loading import load_board
    from mineboard.resources import maps_dir
    from mineboard.rules.asl_minefields.ruleset import RULESET
    from mineboard.rules.asl_minefields.scenario import state_from_scenario

    demo = load_board(maps_dir() / "asl-demo-board.geojson")
    board = board_from_json(field_json(), "asl battlefield")
    open_hexes = sorted(h for h, p in board.places.items() if p.props.get("terrain") == "open")
    middle = open_hexes[len(open_hexes) // 2]
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


def path_odds() -> float:
    """The odds panel of a planned path: 3 units through 10 of the viewer's own minefields,
    the path's memos emptied first (issue 27's budget: 20 ms)."""
    from mineboard.rules.asl_minefields.odds import bench_path_odds

    return bench_path_odds()


THREAT_FIELDS = 240


@cache
def _threat_view() -> Any:
    """The battlefield's view with 240 Axis fields (A-P 6, 8, 12 in turn; A-T on every
    fourth) on open hexes, and three Allied squads in the middle."""
    import copy

    from mineboard.rules.asl_minefields.state import Minefield

    _rules, view, board, _middle, _far = _game()
    view = copy.deepcopy(view)
    open_hexes = sorted(h for h, p in board.places.items() if p.props.get("terrain") == "open")
    view.minefields.setdefault("Axis", {})
    for i, hex_id in enumerate(open_hexes[::20][:THREAT_FIELDS]):
        view.minefields["Axis"][hex_id] = Minefield(hex_id, "Axis", (6, 8, 12)[i % 3],
                                                    2 if i % 4 == 0 else 0)
    for k in (2, 3):
        squad = copy.deepcopy(view.units["S1"])
        squad.id = f"S{k}"
        view.units[squad.id] = squad
    return view


def threat_map() -> float:
    """One refresh of the Threat dock (issue 30) for three squads against the battlefield's
    fields, the odds' path memos emptied first (the tables' own stay, as all game)."""
    from mineboard.rules.asl_minefields import odds, threat

    view = _threat_view()
    odds._CHAINS.clear()
    start = time.perf_counter()
    threat.threat(view, f"Allies@{view.units['S1'].hex}")
    return time.perf_counter() - start
