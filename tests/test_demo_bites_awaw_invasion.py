"""The awaw-naval invasion and bombardment demos bite: plant the bug a real slip would make
(one destroyer factor per ground factor on an occupied hex, the DRM caps not cumulative,
remnants kept, the two-for-one bar forgotten, a cruiser taking one loss, the fleet-loss cap
off, winter ignored) and the clause's demo fails, while the unbroken demo passes."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from mineboard.rules.awaw_naval import bombardment, invasion
from tests.demo_bites import bites

RULESET = "awaw-naval"


def test_aw143_one_destroyer_factor_for_an_occupied_hex_fails_its_demo(monkeypatch):
    real = invasion.destroyers_needed

    def lax(factors: int, occupied: bool, *args: Any, **kw: Any) -> Any:
        return real(factors, False, *args, **kw)

    bites(RULESET, "aw-143-two-destroyer-factors-per-ground-factor-when-occupied",
          lambda mp: mp.setattr(invasion, "destroyers_needed", lax),
          "step 1 (invade): refusal")


def test_aw161_caps_not_cumulative_fails_we05():
    real = bombardment.allot

    def each_alone(groups: Any, ground: int) -> Any:
        """Every DRM class capped on its own, forgetting what lower classes added."""
        shares = [real([g], ground) for g in groups]
        return replace(shares[0], total=sum(x.total for x in shares))

    bites(RULESET, "aw-161-free-french-and-british-we05",
          lambda mp: mp.setattr(bombardment, "allot", each_alone), "invasions.op1.added")


def test_aw159_rounding_up_fails_its_demo():
    bites(RULESET, "aw-159-ten-factors-add-three",
          lambda mp: mp.setattr(bombardment, "combat_factors",
                                lambda naval: (-(-naval // 3), 0)),
          "invasions.op1.added")


def test_aw165_a_cruiser_taking_one_loss_fails_its_demo():
    real = bombardment.check_fleet_losses

    def lax(ships: Any, losses: Any, added: int) -> Any:
        cruisers = {s.id for s in ships if s.kind == bombardment.CRUISER}
        fixed = [bombardment.ShipLoss(x.ship, 2) if x.ship in cruisers else x for x in losses]
        return real(ships, fixed, added)

    bites(RULESET, "aw-165-a-cruiser-only-if-sunk",
          lambda mp: mp.setattr(bombardment, "check_fleet_losses", lax),
          "step 6 (allocate_invasion_losses): refusal")


def test_aw167_fleet_losses_uncapped_fails_we07():
    real = bombardment.check_fleet_losses
    bites(RULESET, "aw-167-exchange-at-one-to-one-we07",
          lambda mp: mp.setattr(bombardment, "check_fleet_losses",
                                lambda ships, losses, added: real(ships, losses, 999)),
          "step 6 (allocate_invasion_losses): refusal")


def test_aw146_winter_ignored_fails_its_demo():
    real = invasion.check_winter
    bites(RULESET, "aw-146-winter-no-western-waters",
          lambda mp: mp.setattr(invasion, "check_winter",
                                lambda winter, fronts, aleutian: real(False, fronts, aleutian)),
          "step 1 (invade): refusal")


@pytest.mark.parametrize("name", ["aw-148-ten-undamaged-enemy-factors-forbid"])
def test_aw148_the_ten_factor_limit_one_high_fails_its_demo(name):
    real = invasion.check_naval_presence

    def lax(enemy: Any, *args: Any, **kw: Any) -> Any:
        return real([invasion.EnemyNaval(e.id, e.factors - 1, e.counts, e.damaged, e.tf)
                     for e in enemy], *args, **kw)

    bites(RULESET, name, lambda mp: mp.setattr(invasion, "check_naval_presence", lax),
          "step 1 (invade): refusal")
