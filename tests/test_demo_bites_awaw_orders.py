"""The awaw-naval standing-orders demo bites (standing_orders.py, AW-79): ignore the orders
and the Axis is asked where they pass; let no order fire and it is never asked where one
asks; the demo fails either way, and passes again unbroken. tests/demo_bites.py runs it."""

from __future__ import annotations

import pytest

from mineboard.rules.awaw_naval import operations, standing_orders
from tests.demo_bites import bites

RULESET = "awaw-naval"
DEMO = "aw-79-standing-orders-ask-only-near-fenmouth"


def test_aw79_orders_ignored_fail_the_standing_orders_demo():
    def breaks(mp: pytest.MonkeyPatch) -> None:
        mp.setattr(operations, "ANSWERS", [])
    bites(RULESET, DEMO, breaks, "step 5 (base_change)")


def test_aw79_an_order_that_never_fires_fails_the_standing_orders_demo():
    def breaks(mp: pytest.MonkeyPatch) -> None:
        mp.setattr(standing_orders, "fired", lambda state, side, window: ())
    bites(RULESET, DEMO, breaks, "step 6 (operate)")
