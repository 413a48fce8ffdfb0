"""The threat map (issue 30, deliverable 2): what a chosen group would lose at each place,
exact, from the viewing side's own view — so it can hold nothing that side may not know."""

from __future__ import annotations

from fractions import Fraction
from math import comb
from pathlib import Path

import pytest

from mineboard.core.game import TEACHER
from mineboard.core.threat import Threat, ThreatMap
from mineboard.explorer.demos import load_demo
from tests.conftest import game, imperium

DEMOS = Path(__file__).resolve().parent.parent / "assets" / "rules"


def test_bands_split_the_worst_place_into_five_and_none_is_unshaded():
    cells = {"a": Threat(Fraction(1), Fraction(1, 2)), "b": Threat(Fraction(1, 5), Fraction(1)),
             "c": Threat(Fraction(21, 100), Fraction(1)), "d": Threat(Fraction(0), Fraction(0))}
    m = ThreatMap("t", "ships lost", cells, "")
    assert [m.band(p) for p in "abcde"] == [5, 1, 2, 0, 0]
    assert m.scale()[0] == (1, Fraction(0), Fraction(1, 5))
    assert m.scale()[-1] == (5, Fraction(4, 5), Fraction(1))


def test_nl15_five_german_ships_at_the_british_field_on_91_92():
    """Five mines rolled one at a time against five ships, 1–2 detonating (NL-15, NL-16):
    expected 5 × 1/3 lost, and at least one unless all five hold: 1 − (2/3)^5."""
    g = game()
    view = g.observe(TEACHER).view
    keys = [t.key for t in g.ruleset.threat_groups(view)]
    assert keys[:2] == ["Germany@113", "Germany@124"]
    threat = g.ruleset.threat(view, "Germany@113")
    assert threat.cells.keys() == {"91|92"}
    cell = threat.cells["91|92"]
    assert (cell.expected, cell.at_least_one) == (Fraction(5, 3), Fraction(211, 243))
    assert "United Kingdom 5 mines" in cell.why and "NL-16" in cell.why


def test_nl17_own_mines_threaten_nobody_of_their_owner_and_allies_less():
    """The owner crosses its fields freely (NL-17); an ally's mines detonate on a 1 only
    (NL-16): France's one ship is lost unless all five British mines hold at 5/6."""
    g = game()
    view = g.observe(TEACHER).view
    assert g.ruleset.threat(view, "United Kingdom@110").cells == {}
    france = g.ruleset.threat(view, "France@109").cells["91|92"]
    assert france.expected == france.at_least_one == 1 - Fraction(5, 6) ** 5


@pytest.mark.parametrize("british", [2, 9])
def test_a_hidden_field_weighs_nothing_for_the_other_side(british):
    """Under hidden minefields the Axis view's threat map is the same whatever the British
    field holds (never a leak); the Allies' own map counts every mine."""
    fields = [{"line": "91|92", "owner": "United Kingdom", "zone": "91", "count": british}]
    g = game(options={"hidden_minefields": True}, minefields=fields)
    axis = g.observe("Axis").view
    allies = g.observe("Allies").view
    hidden = g.ruleset.threat(axis, "Germany@113")
    assert hidden.cells == {}
    own = g.ruleset.threat(allies, "Germany@113").cells["91|92"]
    # NL-15: rolling stops at five detonations, one per German ship
    expected = sum(min(k, 5) * comb(british, k) * Fraction(1, 3) ** k * Fraction(2, 3) **
                   (british - k) for k in range(british + 1))
    assert own.expected == expected
    assert expected == (Fraction(british, 3) if british == 2 else Fraction(58031, 19683))


def test_im22_terran_fleet_at_the_imperial_two_points_of_garnet_gate():
    """TER-1 (two destroyers of hull 2, a cruiser of hull 3) jumping into Garnet Gate's 2
    Imperial mine points: afoul when 2d6 + 2 ≥ 10, 15/36 (IM-18, IM-19); then two dice a
    ship, 6s hit (IM-22): a destroyer goes on two 6s (1/36), the cruiser cannot."""
    g = imperium(segment=1)
    cell = g.ruleset.threat(g.observe("Imperial").view, "TER-1").cells["garnet-gate"]
    afoul = Fraction(15, 36)
    assert cell.expected == afoul * 2 * Fraction(1, 36) == Fraction(5, 216)
    assert cell.at_least_one == afoul * (1 - Fraction(35, 36) ** 2)
    assert "2 known mine points" in cell.why


def test_im08_face_down_enemy_counters_weigh_nothing_until_turned_up():
    """The Terrans' 3 points at Pellucid threaten IMP-2 in the Terran view and the
    teacher's, and not at all in the Imperial view, which sees two backs. The figure: afoul
    on 2d6 + 3 ≥ 10, 7/12; three dice a ship: each minelayer (hull 1) lost on any 6 (91/216),
    the destroyer (hull 2) on two (16/216): 7/12 × 198/216 = 77/144."""
    g = imperium(segment=1)
    ours = g.ruleset.threat(g.observe("Terran").view, "IMP-2").cells
    assert ours["pellucid"].expected == Fraction(77, 144)
    assert g.ruleset.threat(g.observe(TEACHER).view, "IMP-2").cells == ours
    theirs = g.ruleset.threat(g.observe("Imperial").view, "IMP-2")
    assert theirs.cells == {} and "count for nothing" in theirs.known


def test_nl12_one_way_fields_the_worse_way_across_counts():
    """Under NL-12's one-way setting a crossing meets only the fields defending the zone it
    enters: 2 British mines defend 91, 5 defend 92. The line shows the worse way, into 92."""
    fields = [{"line": "91|92", "owner": "United Kingdom", "zone": "91", "count": 2},
              {"line": "91|92", "owner": "United Kingdom", "zone": "92", "count": 5}]
    g = game(options={"crossing": "into_defended_zone"}, minefields=fields)
    cell = g.ruleset.threat(g.observe(TEACHER).view, "Germany@113").cells["91|92"]
    assert cell.expected == Fraction(5, 3)
    assert "United Kingdom 5 mines" in cell.why


GT11 = "gt-11-three-ships-enter-two-mines-and-a-dummy-on-impulse-5"


def gwas_after(steps: int):
    from mineboard.explorer.demos import play_step

    demo = load_demo(DEMOS / "gwas-tactical" / "demos" / f"{GT11}.json")
    g = demo.new_game()
    for i in range(steps):
        play_step(demo, g, i)
    return g


def test_gt11_two_face_up_german_mines_on_impulse_5():
    """Hex 0709's two German mines, turned up, on impulse 5: +1 for the second counter and
    +2 for the impulse (GT-11), so a die reads 4…9 on the stand-in table: nothing, 1, 2, 3,
    3 hull points, or sunk (all the hull left). Warspite (8 left) expects 17/6 and is harmed
    unless it rolls a 1; Iron Duke, Benbow and Barham (8, 7, 6 left), staying in 0709
    (GT-13), expect 17/6 + 16/6 + 15/6 = 8."""
    g = gwas_after(15)
    view = g.observe("British").view
    alone = g.ruleset.threat(view, "British@0809")
    assert alone.unit == "hull points lost"
    cell = alone.cells["0709"]
    assert (cell.expected, cell.at_least_one) == (Fraction(17, 6), Fraction(5, 6))
    three = g.ruleset.threat(view, "British@0709").cells["0709"]
    assert (three.expected, three.at_least_one) == (8, 1 - Fraction(1, 6) ** 3)
    assert "modifier +3 (GT-11)" in three.why and "GT-13" in three.why


def test_gt09_face_down_counters_are_known_to_their_owner_alone():
    """On impulse 1, before the battle turns them up, the two German mines in 0709 (+1,
    GT-11: a die reads 2…7, a hull point lost on 5, two on 6, three on 7) threaten the four
    British dreadnoughts in 0809 in the German view — 4 × 6/6 expected, harm unless all four
    roll 1–3 — and nowhere in the British view, which sees three backs."""
    g = gwas_after(6)
    german = g.ruleset.threat(g.observe("German").view, "British@0809").cells["0709"]
    assert (german.expected, german.at_least_one) == (4, Fraction(15, 16))
    british = g.observe("British").view
    assert all(g.ruleset.threat(british, grp.key).cells == {}
               for grp in g.ruleset.threat_groups(british))


def test_am12_the_squad_of_the_seed_example_against_the_two_fields():
    """Seed example WE-1's squad at B2 and the Axis fields of 6 (B2) and 8 (C3) factors:
    stepping in, each attacks once on its IFT column with no DRM (AM-10, AM-12), and what
    stops the squad (pinned, broken, AM-64) is the morale model's — the same fractions the
    odds command gives (odds.squad_fates). The Allies, who know neither field, see none."""
    from mineboard.rules.asl_minefields.odds import squad_fates

    demo = load_demo(DEMOS / "asl-minefields" / "demos" / "am-15-we1-a-through-both-fields.json")
    g = demo.new_game()

    def stops(strength: int) -> Fraction:
        return sum((p for fate, p in squad_fates(strength).items()
                    if "pinned" in fate or "broken" in fate or "eliminated" in fate),
                   Fraction(0))

    for seat in ("Axis", TEACHER):
        cells = g.ruleset.threat(g.observe(seat).view, "Allies@B2").cells
        assert cells["B2"].expected == stops(6) == Fraction(323, 1296)
        assert cells["C3"].expected == stops(8) == Fraction(157, 432)
        assert "A-P 8 (AM-12" in cells["C3"].why
    assert g.ruleset.threat(g.observe("Allies").view, "Allies@B2").cells == {}


def test_am27_a_squad_sets_off_no_at_mines():
    """A-T factors added to B2's field change nothing for the squad: only vehicles set off
    A-T mines (AM-27), as a planned path's odds say too."""
    import copy

    demo = load_demo(DEMOS / "asl-minefields" / "demos" / "am-15-we1-a-through-both-fields.json")
    g = demo.new_game()
    view = copy.deepcopy(g.observe("Axis").view)
    view.minefields["Axis"]["B2"].at = 3
    cell = g.ruleset.threat(view, "Allies@B2").cells["B2"]
    assert cell.expected == Fraction(323, 1296)
    assert "A-T 3" in cell.why
