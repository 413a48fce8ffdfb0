"""The Raider Table's exact odds (raider_odds.py, AW-178…AW-184), its data file's schema
(raider_table.json, AW-248) and its modifiers (AW-179…AW-183), with numbers worked by hand."""

from __future__ import annotations

import json
import time
from fractions import Fraction
from pathlib import Path

import pytest

from mineboard.core.errors import BadInput
from mineboard.rules.awaw_naval.odds import RaiderQuery
from mineboard.rules.awaw_naval.raider_data import (
    Situation,
    modifiers,
    raider_table,
    read_raider_table,
    total,
)
from mineboard.rules.awaw_naval.raider_odds import (
    faces_given,
    make_up,
    raider_odds,
    ships_distribution,
    undetected,
)
from mineboard.rules.common.tables import rule_file

SIXTH = Fraction(1, 6)
TABLE = raider_table()


# ---- the modifiers (AW-179…AW-183) ------------------------------------------------------

def test_aw178_first_group_two_ships_not_at_war_five_cves_is_minus_three():
    s = Situation(box="sw-atlantic", rank=1, ships=2, at_war=False, cves=5)
    assert total(TABLE, s) == -3
    assert 3 + total(TABLE, s) == 0  # die 3 → 0 → undetected


@pytest.mark.parametrize(("cves", "bonus"), [(5, 0), (6, 1), (23, 3), (24, 4), (40, 4)])
def test_aw180_cves_band_by_six_at_most_four(cves, bonus):
    s = Situation(box="sw-atlantic", cves=cves)
    assert total(TABLE, s) == -3 + bonus


def test_aw181_four_cves_and_two_search_nas_make_plus_two_singapore_one_more():
    s = Situation(box="sw-indian", cves=4, search_air=2)
    assert total(TABLE, s) == -3 + 2
    assert total(TABLE, Situation(box="sw-indian", cves=4, search_air=2,
                                  port_bonus=True)) == -3 + 2 + 1


def test_aw182_australia_search_air_counts_only_from_the_southern_edge():
    assert total(TABLE, Situation(box="sw-pacific", cves=3, search_air=3,
                                  south_edge=True)) == -3 + 2
    assert total(TABLE, Situation(box="sw-pacific", cves=3, search_air=3)) == -3 + 1


def test_aw183_second_group_of_three_at_war_13_cves_air_range_ultra_gives_six():
    s = Situation(box="sw-atlantic", rank=2, ships=3, at_war=True, cves=13, air_range=1,
                  codebreaking=-1)
    assert [v for _w, v, _c in modifiers(TABLE, s)] == [-3, 1, 1, 1, 1, 2, -1]
    assert 4 + total(TABLE, s) == 6


# ---- the exact odds ------------------------------------------------------------------------

def test_aw178_undetected_is_half_at_minus_three_and_a_sixth_at_minus_one():
    assert undetected(-3) == Fraction(1, 2)
    assert undetected(-1) == SIXTH
    assert undetected(0) == 0
    assert ships_distribution(-3) == {0: Fraction(1, 2), 1: SIXTH, 2: SIXTH, 3: SIXTH}


def test_aw184_two_dice_by_hand():
    """Two ship-type dice: a given pair of different faces 2/36, a double 1/36."""
    two = faces_given(2)
    assert len(two) == 21 and sum(two.values()) == 1
    assert two[(1, 1, 0, 0, 0, 0)] == Fraction(2, 36)
    assert two[(0, 0, 0, 0, 0, 2)] == Fraction(1, 36)


def test_aw184_counts_of_a_type_mix_over_the_number_of_dice():
    """Modifier −4: 0 ships 2/3, 1 ship 1/6, 2 ships 1/6. A carrier (face 6) shows
    k times: P(0) = 2/3 + 1/6 · 5/6 + 1/6 · 25/36 = (144 + 30 + 25)/216 = 199/216;
    P(1) = 1/6 · 1/6 + 1/6 · 10/36 = 16/216; P(2) = 1/6 · 1/36 = 1/216."""
    odds = raider_odds(-4)
    assert odds.ships == {0: Fraction(2, 3), 1: SIXTH, 2: SIXTH}
    assert odds.types[6] == {0: Fraction(199, 216), 1: Fraction(16, 216), 2: Fraction(1, 216)}
    assert odds.expected(6) == SIXTH * SIXTH + SIXTH * 2 * SIXTH
    whole = make_up(-4)
    assert sum(whole.values()) == 1 and whole[(0,) * 6] == Fraction(2, 3)


def test_aw184_the_query_shows_the_fractions():
    preview = RaiderQuery("raider", groups=2, ships=3, at_war=True, cves=13, air_range=1,
                          codebreaking=-1).preview()
    assert dict(preview.outcomes) == {f"{n} ships": SIXTH for n in range(3, 9)}
    assert preview.data["undetected"] == "0"


@pytest.mark.timing
def test_aw184_the_largest_group_in_20_ms():
    """Issue 29: ≤ 20 ms for the largest group (3rd group, 3 ships, every modifier at its
    most: up to 14 dice), cold; asserted with a margin of five for a busy machine."""
    from mineboard.bench import awaw_raiders

    times = []
    for _ in range(3):
        start = time.perf_counter()
        preview = awaw_raiders.largest_preview()
        times.append(time.perf_counter() - start)
    assert min(times) < 5 * awaw_raiders.RAIDER_MS / 1000
    assert preview.data["modifier"] == 8  # type: ignore[attr-defined]


# ---- the data file (AW-248) ---------------------------------------------------------------

def _broken(tmp_path: Path, change) -> Path:
    data = json.loads(rule_file("awaw-naval", "raider_table.json").read_text())
    change(data)
    path = tmp_path / "raider_table.json"
    path.write_text(json.dumps(data))
    return path


def test_aw248_a_table_missing_a_face_is_one_line_naming_results(tmp_path):
    path = _broken(tmp_path, lambda d: d["results"].pop())
    with pytest.raises(BadInput, match=r"raider_table.json\.results: must list exactly 6 items"):
        read_raider_table(path)


def test_aw248_an_unknown_ship_attribute_names_the_field(tmp_path):
    path = _broken(tmp_path, lambda d: d["never"].append({"has": ["submersible"]}))
    with pytest.raises(BadInput, match=r"never\[3\]: 'submersible' is no ship-type attribute"):
        read_raider_table(path)


def test_aw248_an_edited_automatic_modifier_moves_the_odds(tmp_path):
    path = _broken(tmp_path, lambda d: d.update(automatic=-2))
    table = read_raider_table(path)
    assert undetected(total(table, Situation())) == Fraction(1, 3)
