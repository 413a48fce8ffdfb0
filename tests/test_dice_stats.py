"""View ▸ Dice (issue 30, deliverable 5): each side's dice by face with a chi-square test,
and each kind of resolution whose chance the rules state against what the odds expected —
read from what one seat may see."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from mineboard.core.dice import Roll
from mineboard.core.dice_stats import (
    FaceCounts,
    Outcomes,
    chi_square_survival,
    dice_statistics,
    poisson_binomial,
)
from mineboard.core.events import DiceRolled, Event
from mineboard.core.game import PUBLIC, TEACHER
from mineboard.explorer.demos import load_demo, play_step

DEMOS = Path(__file__).resolve().parent.parent / "assets" / "rules"


def played(ruleset: str, name: str):
    demo = load_demo(DEMOS / ruleset / "demos" / f"{name}.json")
    game = demo.new_game()
    for i in range(len(demo.actions)):
        play_step(demo, game, i)
    return game


@pytest.mark.parametrize(("x", "dof"), [(3.841459, 1), (5.991465, 2), (7.814728, 3),
                                         (11.070498, 5), (16.918978, 9)])
def test_chi_square_tail_at_the_five_percent_points(x, dof):
    assert chi_square_survival(x, dof) == pytest.approx(0.05, abs=1e-6)


def test_chi_square_tail_in_closed_form():
    assert chi_square_survival(0.5, 4) == pytest.approx(0.973500978839)  # e^-¼ (1 + ¼)
    assert chi_square_survival(0, 5) == 1.0
    with pytest.raises(ValueError):
        chi_square_survival(1.0, 0)


def test_a_die_far_from_fair_has_its_exact_statistic_and_a_small_p_value():
    counts = FaceCounts(6, (20, 8, 8, 8, 8, 8))  # 60 rolls, 10 expected a face
    assert counts.chi_square == Fraction(12)  # (10² + 5 × 2²) / 10
    assert counts.p_value == pytest.approx(0.034788, abs=1e-5)
    assert FaceCounts(6, (10,) * 6).p_value == pytest.approx(1.0)


def test_too_few_rolls_get_no_p_value():
    assert FaceCounts(6, (5, 5, 5, 5, 5, 4)).p_value is None  # 29 < 30
    assert FaceCounts(6, (5, 5, 5, 5, 5, 5)).p_value is not None


def test_the_count_of_unequal_trials_is_exact():
    assert poisson_binomial([0.5, 0.5]) == [0.25, 0.5, 0.25]
    two_of_three = Outcomes("MineRolled", "NL-15", (Fraction(1, 3),) * 3, counted=2)
    assert two_of_three.expected == 1
    # P(X >= 2) = 7/27 is the smaller tail: twice it
    assert two_of_three.p_value == pytest.approx(14 / 27)
    assert Outcomes("X", "", (Fraction(1, 2),) * 2, 1).p_value == 1.0
    assert two_of_three.label == "Mine rolled"


def test_nl15_two_destroyers_the_mines_against_their_odds():
    """Seed example 2: Germany's mines roll 1, 5, 2 against the Allies' two Destroyers at
    1/3 each (NL-16); two detonate where one was expected."""
    stats = dice_statistics(played("naval-lines", "nl-15-two-destroyers-ten-mines")
                            .observe(TEACHER).dice_seen())
    assert list(stats) == ["Allies"]
    assert stats["Allies"].faces[6].counts == (1, 1, 0, 0, 1, 0)
    rolled = stats["Allies"].outcomes[("MineRolled", "NL-15")]
    assert (rolled.chances, rolled.counted) == ((Fraction(1, 3),) * 3, 2)


def test_im22_each_ship_counts_when_any_of_its_five_dice_hits():
    game = played("imperium-mines", "im-22-we2-five-dice-against-each-ship")
    events = [e for r in game.records for e in r.events
              if isinstance(e, DiceRolled) and e.kind == "MineAttack"]
    assert events and all(e.chance == 1 - Fraction(5, 6) ** 5 for e in events)
    side = next(iter(dice_statistics(game.observe(TEACHER).dice_seen()).values()))
    attacks = side.outcomes[("MineAttack", "IM-22")]
    assert attacks.counted == sum(any(e.hits) for e in events)


def test_gt11_a_roll_counts_when_the_table_harms_the_ship():
    """Each MinefieldRoll's chance is its table's chance of damage or sinking at its
    modifier: on the stand-in table +3 leaves only a 1 harmless (5/6)."""
    game = played("gwas-tactical", "gt-11-three-ships-enter-two-mines-and-a-dummy-on-impulse-5")
    chances = {(e.data["modifier"], e.chance) for r in game.records for e in r.events
               if isinstance(e, DiceRolled)}
    assert (3, Fraction(5, 6)) in chances


def test_another_sides_secret_dice_are_not_counted():
    """A record whose events are all one side's secret gives the other seats none of its
    dice, and the owner all of them."""
    from mineboard.core.history import Record

    secret = Record(action=None, rolls=(Roll(6, 4, "X-1", "secret"),),  # type: ignore[arg-type]
                    events=(Event(text="laid", secret_to="Red"),), mover="Red")
    public = Record(action=None, rolls=(Roll(6, 2, "X-2", "open"),),  # type: ignore[arg-type]
                    events=(Event(text="rolled"),), mover="Red")

    from types import SimpleNamespace

    from mineboard.core.game import Observation

    game = SimpleNamespace(records=[secret, public])
    seen = {seat: dice_statistics(Observation(seat, None, game).dice_seen())  # type: ignore[arg-type]
            for seat in ("Red", "Blue", PUBLIC, TEACHER)}
    assert seen["Red"]["Red"].faces[6].counts == (0, 1, 0, 1, 0, 0)
    assert seen[TEACHER]["Red"].faces[6].counts == (0, 1, 0, 1, 0, 0)
    assert seen["Blue"]["Red"].faces[6].counts == (0, 1, 0, 0, 0, 0)
    assert seen[PUBLIC]["Red"].faces[6].counts == (0, 1, 0, 0, 0, 0)


def test_the_side_is_the_one_to_move_when_it_was_played_and_a_replay_knows_it():
    """``mover`` is never written to a file: a loaded game plays its records again."""
    from mineboard.core.game import Game

    game = played("naval-lines", "nl-15-two-destroyers-ten-mines")
    assert [r.mover for r in game.records if r.rolls] == ["Allies"]
    again = Game.replay(game.ruleset, game.initial, game.seed,
                        [(r.action, r.rolls) for r in game.records], game.table)
    assert [r.mover for r in again.records] == [r.mover for r in game.records]
