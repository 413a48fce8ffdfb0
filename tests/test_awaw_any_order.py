"""Any order awaw-naval's schema accepts, however wrong for the game in front of it (a
place that is not on the map, a ship that does not exist, an operation never declared), is
judged with one line naming a clause — never a traceback — and changes nothing. Part 2
added some thirty orders written by four hands; a rank of raiders in a box that is not on
the map raised a KeyError before this test."""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mineboard.core.errors import MineboardError
from mineboard.persistence.scenario import load_scenario
from mineboard.resources import maps_dir
from mineboard.rules.awaw_naval.ruleset import RULESET
from tests.test_schema import actions_of

pytestmark = pytest.mark.usefixtures("private_data_dir")

NAMES = ("westhaven", "orme", "skarth", "atlantic-us", "0404", "2008", "op1", "HF1", "FH1",
         "G2", "Britain", "Axis", "x", "")
"""Names the narrow seas know (ports, a box, hexes, ships, a power, a side) and some it
does not: drawn into an order's text fields so that checks get past "no such place"."""
CLASSES = sorted(RULESET.codec.classes.values(), key=lambda c: c.kind)


def narrow_seas() -> Any:
    return load_scenario(maps_dir() / "scenarios" / "awaw-narrow-seas.json").new_game(1)


GAME = narrow_seas()


@pytest.mark.parametrize("cls", CLASSES, ids=[c.kind for c in CLASSES])
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_order_is_judged_in_one_line_and_changes_nothing(cls: type, data: Any) -> None:
    action = data.draw(actions_of(cls))
    texts = [f.name for f in dataclasses.fields(cls) if isinstance(getattr(action, f.name), str)]
    if texts:
        names = data.draw(st.dictionaries(st.sampled_from(texts), st.sampled_from(NAMES)))
        action = dataclasses.replace(action, **names)
    before = copy.deepcopy(GAME.state)
    try:
        GAME.ruleset.check(GAME.state, action)
    except MineboardError as refusal:
        assert "\n" not in str(refusal)
    assert GAME.state == before
