"""The seam ruleset ("seam-test", clauses SR): a ruleset written only for the tests, the
issue 26 "Shows" — the smallest game that uses what the shared parts offer every ruleset,
each part once, so a newcomer reads how it is done and the suites hold the seam to it:

- ``board.geojson``: two joined geomorphic boards (``1A1``–``1G5``, ``2A1``–``2E5``, sharing
  the column ``1G``/``2A``; maps/boards.py, maps/hex_labels.py), a copse and two bays painted
  as polygons (maps/painted.py), and an off-map box, the Deep, linked to one bay's entry
  hex at 2 and the other's at 3 (per-link ``link_cost``).
- ``ruleset.py`` (rules, clause by clause in its docstring): a move in progress stopped
  mid-way by a hidden field (core/moves.py), standing orders that fire (core/orders.py),
  movement points and a water path through the Deep judged by maps/paths.py and offered to
  the pointer as ``route_report``, a field laid whose place is the secret (stand-in
  ``PlacedSomewhere``, core/hidden_place.py), and the Deep's crossing a result from outside
  the rules (core/outside.py).
- ``state.py``: its state and scenario; ``scenario.json``: Red crosses board 1 and sails
  its boat through the Deep, Blue watches with orders and a hidden field.
- ``window.py``: its window part (all else the window does for every ruleset).
- ``conformance.py``: its kit (scramble, twins), beside the rules as every ruleset's is.

Played by tests/test_seam_show.py (the rules, SR-6 to SR-8), test_moves*.py and
test_standing_orders*.py (SR-1 to SR-5), test_seam_conformance.py (the conformance suite:
random play reaching every kind, replay, a save, scramble, play by email from stand-ins),
test_seam_pbem.py (by email, scripted) and test_seam_window.py (the whole story by clicks).

It is registered only while a test asks for it (:func:`registered`), so the suites that
walk every registered ruleset do not meet it unless they mean to.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from mineboard.core import registry

HERE = Path(__file__).parent
RULESET_ID = "seam-test"
SCENARIO: dict[str, Any] = json.loads((HERE / "scenario.json").read_text())


@contextmanager
def registered() -> Iterator[None]:
    """The seam ruleset known by its id, its window and its conformance kit too, for the
    time of the block: the one line a ruleset's registration takes, here naming the two
    test folders it lives in instead of mineboard's."""
    registry.provide(RULESET_ID, rules="tests.seam_ruleset", window="tests.seam_ruleset.window")
    try:
        yield
    finally:
        registry.forget(RULESET_ID)


def scenario_data(**changes: Any) -> dict[str, Any]:
    """The bundled seam scenario with top-level fields replaced."""
    data = copy.deepcopy(SCENARIO)
    data.update(changes)
    return data


def seam_scenario(**changes: Any) -> Any:
    from mineboard.persistence.scenario import scenario_from_data

    return scenario_from_data(scenario_data(**changes), "seam scenario", HERE)
