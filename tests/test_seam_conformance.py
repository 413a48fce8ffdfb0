"""The seam ruleset (tests/seam_ruleset/, issue 26) through the conformance suite as any
registered ruleset goes: random legal play with its invariants, the view/truth agreement of
checks, no trace of secrets, undo/redo, replay, a save round trip, and play by email with
each side's world rebuilt from stand-ins. It lives outside the package and is provided by
one line for the length of each test."""

from __future__ import annotations

import pytest

from tests.conformance_kits import KITS
from tests.seam_ruleset import RULESET_ID
from tests.test_conformance import assert_replays, assert_save_round_trip, fuzz, play_by_email

pytestmark = pytest.mark.usefixtures("private_data_dir")


def test_the_seam_ruleset_plays_through_the_conformance_suite(seam):
    game = fuzz(RULESET_ID, 400, seed=7)
    kinds = {r.action.kind for r in game.records}
    # every kind of the show: moves, orders, a field laid (SR-7), the Deep's result (SR-8)
    assert {"plan_move", "step", "set_orders", "end_phase", "lay_field", "crossing_result",
            "accept_result", "dispute_result"} <= kinds
    boats = [r.action.path for r in game.records
             if r.action.kind == "plan_move" and r.action.units == ("S1",)]
    assert any("DEEP" in path[1:-1] for path in boats)  # a water path through the box
    assert_replays(game)
    assert_save_round_trip(game, KITS[RULESET_ID].scenario)


def test_the_seam_ruleset_plays_by_email_from_stand_ins(seam, tmp_path):
    assert play_by_email(KITS[RULESET_ID].scenario, 60, 3, tmp_path) > 4
    sent = "".join(f.read_text() for f in tmp_path.glob("t*.json"))
    assert '"kind": "placed_somewhere"' in sent  # a field laid went as laid somewhere (SR-7)
