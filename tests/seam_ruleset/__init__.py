"""A ruleset written only for the tests, that uses what the shared parts offer rulesets:
moves in progress (core/moves.py) and standing orders (core/orders.py). Its rules part is
``ruleset.py``, its window part ``window.py``, its board and scenario the two files beside
them.

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
