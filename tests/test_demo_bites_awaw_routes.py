"""The awaw-naval movement demos bite: break the code that enforces a route clause the way a
real bug would (a strait left open, an interval one short, a range one long, a five-hex port
counted as any port, the virtual hexes open to all, a first leg forgotten) and the clause's
demo fails, while the unbroken demo passes. tests/demo_bites.py runs the demos."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from mineboard.rules.awaw_naval import limits, movement, passage, search
from tests.demo_bites import Breaks, bites

RULESET = "awaw-naval"


def fresh(mp: pytest.MonkeyPatch) -> None:
    """Routes' facts and trees are kept by value: forget them, broken or not."""
    mp.setattr(movement, "_LEASHES", type(movement._LEASHES)())
    mp.setattr(search, "_FINDERS", type(search._FINDERS)())


def patched(owner: Any, name: str, make: Callable[[Any], Any]) -> Breaks:
    def breaks(mp: pytest.MonkeyPatch) -> None:
        fresh(mp)
        mp.setattr(owner, name, make(getattr(owner, name)))
    return breaks


def test_aw30_a_strait_left_open_fails_its_demo():
    bites(RULESET, "aw-30-gibraltar-only-sundport-counts",
          patched(passage, "strait_closures", lambda real: lambda state, side: {}),
          "step 1 (base_change): refusal")


def test_aw80_an_interval_one_short_fails_the_9_10_8_demo():
    def shorter(real: Any) -> Any:
        def limits_of(state: Any, activity: str, figures: Any) -> Any:
            allowance, every = real(state, activity, figures)
            return allowance, None if every is None else replace(every, most=every.most - 1)
        return limits_of
    bites(RULESET, "aw-80-gaps-nine-ten-eight", patched(limits, "limits", shorter),
          "step 1 (operate): legality")


def test_aw81_a_range_one_long_fails_its_demo():
    def longer(real: Any) -> Any:
        def limits_of(state: Any, activity: str, figures: Any) -> Any:
            allowance, every = real(state, activity, figures)
            return (None if allowance is None else replace(allowance, most=allowance.most + 1),
                    every)
        return limits_of
    bites(RULESET, "aw-81-twenty-not-twenty-one", patched(limits, "limits", longer),
          "step 1 (base_change): refusal")


def test_aw90_port_moresby_counted_as_any_port_fails_its_demo():
    def plain(real: Any) -> Any:
        return lambda *args: {p: None for p in real(*args)}
    bites(RULESET, "aw-90-next-port-six-hexes-on", patched(limits, "touches", plain),
          "step 1 (operate): refusal")


def test_aw46_virtual_hexes_open_to_all_fails_its_demo():
    bites(RULESET, "aw-46-virtual-hexes-for-the-west-only",
          patched(passage, "virtual_closures", lambda real: lambda *args: {}),
          "step 1 (operate): refusal")


def test_aw83_hawaiis_first_leg_forgotten_fails_its_demo():
    bites(RULESET, "aw-83-twenty-with-wake",
          patched(limits, "first_leg", lambda real: lambda *args: None),
          "step 1 (operate): legality")
