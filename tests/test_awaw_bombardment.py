"""Shore bombardment's arithmetic (bombardment.py): the catalogue's test ideas for AW-159,
AW-160, AW-161, AW-163, AW-165, AW-166 and the worked examples WE-05…WE-07, exact."""

from __future__ import annotations

from fractions import Fraction

import pytest

from mineboard.rules.awaw_naval.bombardment import (
    CRUISER,
    DESTROYER,
    HEAVY,
    Bombarder,
    GroundUnitLoss,
    Group,
    Refused,
    ShipLoss,
    allot,
    check_fleet_losses,
    check_losses,
    combat_factors,
    combine_remnants,
    next_round,
)


def test_aw159_three_naval_factors_per_combat_factor():
    assert combat_factors(10) == (3, 1)
    result = allot([Group("Britain", 3, 10)], 10)
    assert result.total == 3 and result.remnant == 1


def test_aw160_drm1_caps_at_the_ground_factors():
    drm1 = allot([Group("France", 1, 15)], 4)
    assert drm1.classes[0].computed == 5
    assert drm1.total == 4 and drm1.used == 12
    assert any(line.clause == "AW-160" for line in drm1.lines)


def test_aw160_drm3_caps_at_three_times():
    drm3 = allot([Group("USA", 3, 15)], 4)
    assert drm3.total == 5 and drm3.cap == 12
    assert allot([Group("USA", 4, 15)], 4).total == 5  # DRM 4: the DRM-3 cap


def test_aw161_caps_cumulative_in_ascending_drm():
    result = allot([Group("c", 3, 9), Group("a", 1, 9), Group("b", 2, 9)], 2)
    assert [(c.drm, c.computed, c.room, c.added) for c in result.classes] == \
        [(1, 3, 2, 2), (2, 3, 2, 2), (3, 3, 2, 2)]
    assert result.total == 6


def test_we05_free_french_and_british_bombard_together():
    result = allot([Group("Free France", 1, 9), Group("Britain", 2, 9)], 3)
    assert [c.added for c in result.classes] == [3, 3]
    assert result.total == 6 and result.used == 18
    assert allot([Group("Free France", 1, 10), Group("Britain", 2, 9)], 3).total == 6
    assert allot([Group("Free France", 1, 9), Group("Britain", 2, 10)], 3).total == 6


def test_aw162_remnants_combine_within_both_caps():
    bomb = allot([Group("Britain", 2, 10)], 4)  # 3 combat factors, 1 naval factor left
    assert combine_remnants(bomb, 0, Fraction(2, 3)).extra == 1
    assert combine_remnants(bomb, 0, Fraction(1, 3)).extra == 0
    assert combine_remnants(bomb, 12, Fraction(2, 3)).extra == 0  # support cap full
    capped = allot([Group("France", 1, 14)], 4)  # capped at 4: no remnant
    assert combine_remnants(capped, 0, Fraction(2, 3)).extra == 0


def test_aw163_each_fleet_factor_lost_bars_two_more():
    ships = [Bombarder("dd", DESTROYER, 36)]
    outcome = check_fleet_losses(ships, [ShipLoss("dd", 3)], 12)
    after = next_round(ships, outcome)
    assert (after.barred, after.left, after.left // 3) == (6, 27, 9)


def test_aw163_damaged_heavy_ship_covers_its_own_bar():
    ships = [Bombarder("bb", HEAVY, 4), Bombarder("dd", DESTROYER, 9)]
    outcome = check_fleet_losses(ships, [ShipLoss("bb", 1)], 4)
    after = next_round(ships, outcome)
    assert after.barred == 0 and after.left == 9


def test_aw164_carrying_destroyers_never_losses():
    ships = [Bombarder("carry", DESTROYER, 6, carrying=True), Bombarder("dd", DESTROYER, 6)]
    with pytest.raises(Refused) as err:
        check_fleet_losses(ships, [ShipLoss("carry", 1)], 4)
    assert err.value.clause == "AW-164"


def test_aw165_cruiser_only_if_sunk():
    ships = [Bombarder("ca", CRUISER, 2), Bombarder("dd", DESTROYER, 4)]
    outcome = check_fleet_losses(ships, [ShipLoss("ca", 2), ShipLoss("dd", 1)], 6)
    assert outcome.loss_factors == 3 and outcome.sunk == ("ca",)
    with pytest.raises(Refused) as err:
        check_fleet_losses(ships, [ShipLoss("ca", 1)], 6)
    assert err.value.clause == "AW-165"


def test_aw166_heavy_ship_absorbs_one_loss():
    ships = [Bombarder("bb1", HEAVY, 4), Bombarder("bb2", HEAVY, 3)]
    with pytest.raises(Refused) as err:
        check_fleet_losses(ships, [ShipLoss("bb1", 2)], 6)
    assert err.value.clause == "AW-166"
    outcome = check_fleet_losses(ships, [ShipLoss("bb1", 1), ShipLoss("bb2", 1)], 6)
    assert outcome.damaged == ("bb1", "bb2")


INFANTRY = [GroundUnitLoss("inf1", 3, True), GroundUnitLoss("inf2", 3, True)]


def test_we06_exchange_six_factors_three_ways():
    bomb = allot([Group("Britain", 2, 36)], 6)
    assert bomb.total == 12 and 6 + bomb.total == 18  # 18 against 2 × 3 = 6: 3:1
    assert allot([Group("France", 1, 36)], 6).total == 6  # DRM 1: only 6 (AW-160)
    dds = [Bombarder("dd", DESTROYER, 20), Bombarder("ca1", CRUISER, 2),
           Bombarder("ca2", CRUISER, 2), Bombarder("ca3", CRUISER, 2)]
    none = check_fleet_losses(dds, [], 12)
    check_losses(6, INFANTRY, 0, none)
    check_losses(6, INFANTRY[:1], 0, check_fleet_losses(dds, [ShipLoss("dd", 3)], 12))
    check_losses(6, [], 0, check_fleet_losses(dds, [ShipLoss("dd", 6)], 12))
    three_cruisers = check_fleet_losses(dds, [ShipLoss(c, 2) for c in ("ca1", "ca2", "ca3")],
                                        12)
    check_losses(6, [], 0, three_cruisers)
    with pytest.raises(Refused) as err:  # both 3-2s and a destroyer factor: one too many
        check_losses(6, INFANTRY, 0, check_fleet_losses(dds, [ShipLoss("dd", 1)], 12))
    assert err.value.clause == "AW-155"


def test_we07_exchange_twelve_factors_at_one_to_one():
    assert 6 + allot([Group("Britain", 2, 36)], 6).total == 18  # 18:12 = 1:1
    dds = [Bombarder("dd", DESTROYER, 36)]
    check_losses(12, INFANTRY, 0, check_fleet_losses(dds, [ShipLoss("dd", 6)], 12))
    check_losses(12, INFANTRY[:1], 0, check_fleet_losses(dds, [ShipLoss("dd", 9)], 12))
    all_fleet = check_fleet_losses(dds, [ShipLoss("dd", 12)], 12)
    check_losses(12, [], 0, all_fleet)
    assert next_round(dds, all_fleet).left == 0  # 24 left, 24 barred: home they go
    with pytest.raises(Refused) as err:
        check_fleet_losses(dds, [ShipLoss("dd", 13)], 12)
    assert err.value.clause == "AW-167"


def test_aw155_held_units_take_no_losses():
    with pytest.raises(Refused) as err:
        check_losses(3, [GroundUnitLoss("res", 3, False)], 0,
                     check_fleet_losses([], [], 0))
    assert err.value.clause == "AW-155"
