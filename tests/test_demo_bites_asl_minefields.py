"""The asl-minefields demo boards bite: each test plants in the engine a bug a realistic
change could make to one clause (a refusal forgotten, the exit attack never made, a Trail
Break ignored, the building exception lost) and asserts that the clause's demo then fails —
and passes again once the bug is undone (tests/demo_bites.py)."""

from __future__ import annotations

import pytest

from mineboard.rules.asl_minefields import passage
from mineboard.rules.asl_minefields.ruleset import RULESET as ASL
from mineboard.rules.asl_minefields.setup import RecordMines
from tests.demo_bites import bites, skip_refusal

RULESET = "asl-minefields"


def test_am04_a_field_let_into_forbidden_terrain_fails_its_demo():
    bites(RULESET, "am-04-forbidden-terrain",
          skip_refusal(ASL.checks, RecordMines, "AM-04"), "refus")


def test_am07_a_strength_other_than_6_8_12_let_through_fails_its_demo():
    bites(RULESET, "am-07-ap-six-eight-or-twelve",
          skip_refusal(ASL.checks, RecordMines, "AM-07"), "refus")


def test_am12_no_exit_attack_fails_its_demo():
    def breaks(mp: pytest.MonkeyPatch) -> None:
        mp.setattr(passage, "leave", lambda state, move, dice: ([], None))
    bites(RULESET, "am-12-exit-attack-before-leaving", breaks)


def test_am66_exit_attacks_skipped_fail_the_order_demo():
    def breaks(mp: pytest.MonkeyPatch) -> None:
        mp.setattr(passage, "leave", lambda state, move, dice: ([], None))
    bites(RULESET, "am-66-exit-ap-at-then-entry-ap-at", breaks)


def test_am42_a_trail_break_never_seen_fails_the_we2_demo():
    def breaks(mp: pytest.MonkeyPatch) -> None:
        mp.setattr(passage, "_through_tb", lambda state, a, b: False)
    bites(RULESET, "am-42-we2-twice-the-tb-cost-no-attack", breaks)


def test_am24_the_building_exception_lost_fails_its_demo():
    def breaks(mp: pytest.MonkeyPatch) -> None:
        mp.setattr(passage, "spared", lambda state, hex_id: False)
    bites(RULESET, "am-24-the-building-is-spared", breaks)


