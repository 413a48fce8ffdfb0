"""Exact route odds: the DP against brute-force enumeration of every die through the engine."""

from __future__ import annotations

import copy
import sys
import time
import typing
from fractions import Fraction

from mineboard.core.chance import Dist, binomial, capped_binomial
from mineboard.core.dice import DiceExhausted, ScriptedDice
from mineboard.core.schema import Range
from mineboard.rules.naval_lines.actions import Move
from mineboard.rules.naval_lines.data import default_rule_data
from mineboard.rules.naval_lines.odds import (
    FieldCrossing,
    LineQuery,
    SweepRule,
    line_odds,
    route_losses,
    single_line,
)
from mineboard.rules.naval_lines.previews import route_odds
from tests.conftest import game

MINE = default_rule_data().mine
ENEMY, ALLIED = MINE.detonates(False), MINE.detonates(True)


def test_binomial_and_cap_are_exact():
    assert binomial(3, Fraction(1, 3)).fractions() == {
        0: Fraction(8, 27), 1: Fraction(12, 27), 2: Fraction(6, 27), 3: Fraction(1, 27)}
    capped = capped_binomial(3, Fraction(1, 3), 1)
    assert capped.fractions() == {0: Fraction(8, 27), 1: Fraction(19, 27)}


def test_dist_bind_and_expected():
    coin = Dist.from_fractions({0: Fraction(1, 2), 1: Fraction(1, 2)})
    two = coin.bind(lambda a: coin.map(lambda b: a + b))
    assert two.fractions() == {0: Fraction(1, 4), 1: Fraction(1, 2), 2: Fraction(1, 4)}
    assert two.expected() == 1


def test_cli_example_numbers_sum_to_one():
    dist = single_line(200, 50)
    assert sum(dist.fractions().values()) == 1


def enumerate_engine(changes: dict, move: Move) -> dict[int, Fraction]:
    """P(ships lost) by running the real engine on every possible die sequence.

    The mine rules only ever ask "is it 1?", "is it 1 or 2?", so faces 3–6 behave alike:
    each branch rolls 1, 2 or 3, the 3 standing for four faces (weight 4/6). That keeps the
    enumeration exact while small.
    """
    base = game(**changes)
    faces = ((1, Fraction(1, 6)), (2, Fraction(1, 6)), (3, Fraction(4, 6)))
    out: dict[int, Fraction] = {}

    def explore(prefix: list[int], weight: Fraction) -> None:
        trial = copy.deepcopy(base.state)
        try:
            base.ruleset.apply(trial, move, ScriptedDice(prefix))
        except DiceExhausted:
            for face, p in faces:
                explore([*prefix, face], weight * p)
            return
        lost = len(base.state.units) - len(trial.units)
        out[lost] = out.get(lost, Fraction(0)) + weight

    explore([], Fraction(1))
    return out


def test_route_dp_matches_the_engine_on_every_die_sequence():
    changes = {"nation": "United Kingdom", "phase": "combat_move",
               "minefields": [{"line": "110|112", "owner": "Germany", "zone": "112", "count": 3},
                              {"line": "112|114", "owner": "Germany", "zone": "112", "count": 2},
                              {"line": "110|112", "owner": "France", "zone": "110",
                               "count": 1}],
               "units": [{"nation": "United Kingdom", "type": "escort", "zone": "110"},
                         {"nation": "United Kingdom", "type": "destroyer", "zone": "110"},
                         {"nation": "United Kingdom", "type": "submarine", "zone": "110"}]}
    move = Move(units=("uk-escort-1", "uk-destroyer-1", "uk-submarine-1"),
                path=("110", "112", "114"), sweepers=("uk-escort-1",))
    g = game(**changes)
    planned = route_odds(g.state, move).fractions()
    assert planned == enumerate_engine(changes, move)
    assert sum(planned.values()) == 1


def test_repeated_crossing_of_one_field_remembers_its_mines():
    field = FieldCrossing("f", 1, ENEMY)
    dist = route_losses([field, field], [False, False])
    # First crossing: the mine detonates with 1/3 (then nothing is left to roll).
    assert dist.fractions() == {0: Fraction(4, 9), 1: Fraction(5, 9)}


def test_route_odds_speed_200_mines_50_ships_3_lines():
    fields = [FieldCrossing(f"l{i}", 200, ENEMY) for i in range(3)]
    flags = [False] * 50
    route_losses(fields, flags)  # warm caches as the GUI would have
    start = time.perf_counter()
    dist = route_losses([FieldCrossing(f"m{i}", 200, ENEMY) for i in range(3)], flags)
    assert sum(dist.weights.values()) == dist.denom
    assert time.perf_counter() - start < 0.5  # budget 50 ms; generous here, `bench` measures
    assert set(dist.weights) <= set(range(51))
    # 600 mines at 1/3 against 50 ships: losing fewer than all is all but impossible.
    assert dist.prob(50) > Fraction(999_999, 1_000_000)


def test_fast_convolution_equals_the_general_dp():
    fields = [FieldCrossing("a", 7, ENEMY), FieldCrossing("b", 3, ALLIED),
              FieldCrossing("c", 12, ENEMY)]
    nothing_to_sweep = FieldCrossing("z", 0, ENEMY, SweepRule.of(MINE))  # the general DP
    for ships in (0, 1, 2, 5, 30):
        fast = route_losses(fields, [False] * ships)
        general = route_losses([*fields, nothing_to_sweep], [False] * ships)
        assert fast.fractions() == general.fractions()


def test_bench_json_shape(capsys):
    import json

    from mineboard.cli import main

    name = "odds_naval-1000-mines-10-sweepers"
    assert main(["bench", name, "--runs", "1", "--json"]) == 0
    (result,) = json.loads(capsys.readouterr().out)["results"]
    assert result["name"] == name and result["runs"] == 1
    assert 0 < result["median_ms"] < 1000


ONE_WAY_FIELDS = {"nation": "United Kingdom", "phase": "combat_move",
                  "options": {"crossing": "into_defended_zone"},
                  "minefields": [{"line": "110|112", "owner": "Germany", "zone": "112",
                                  "count": 3},
                                 {"line": "110|112", "owner": "Germany", "zone": "110",
                                  "count": 1}]}


def test_nl12_odds_keep_two_fields_of_one_owner_on_one_line_apart():
    """Out across the 3 defending 112, back across the 1 defending 110: two fields."""
    move = Move(units=("uk-destroyer-1", "uk-destroyer-2"), path=("110", "112", "110"))
    planned = route_odds(game(**ONE_WAY_FIELDS).state, move).fractions()
    # By hand: 4 dice in all at 1/3 (3 out, 1 back), rolling stops at 2 losses.
    none = Fraction(2, 3) ** 4
    one = 4 * Fraction(1, 3) * Fraction(2, 3) ** 3
    assert (none, one) == (Fraction(16, 81), Fraction(32, 81))
    assert planned == {0: none, 1: one, 2: 1 - none - one} == {
        0: Fraction(16, 81), 1: Fraction(32, 81), 2: Fraction(11, 27)}
    assert planned == enumerate_engine(ONE_WAY_FIELDS, move)


def test_nl22_odds_of_sweeping_a_line_with_two_owners_match_the_game():
    nations = [{"name": "Germany", "side": "Axis", "capital": "DEU"},
               {"name": "United Kingdom", "side": "Allies", "capital": "GBR"},
               {"name": "France", "side": "Allies", "capital": "FRA"},
               {"name": "Italy", "side": "Axis"}]
    changes = {"nation": "United Kingdom", "phase": "combat_move", "nations": nations,
               "turn_order": ["Germany", "United Kingdom", "France", "Italy"],
               "minefields": [{"line": "110|112", "owner": "Italy", "zone": "112", "count": 2},
                              {"line": "110|112", "owner": "Germany", "zone": "112",
                               "count": 2}],
               "units": [{"nation": "United Kingdom", "type": "escort", "zone": "110"}]}
    move = Move(units=("uk-escort-1",), path=("110", "112"), sweepers=("uk-escort-1",))
    planned = route_odds(game(**changes).state, move).fractions()
    # By hand: 3 sweep dice in all, two at Germany's mines and one at Italy's. A mine that
    # meets a sweep die is harmless with 1/6 (swept) + 5/6 · 2/3 (rolls and holds) = 13/18;
    # Italy's second mine meets no sweep die and holds with 2/3.
    survives = Fraction(13, 18) ** 3 * Fraction(2, 3)
    assert planned == {0: survives, 1: 1 - survives} == {
        0: Fraction(2197, 8748), 1: Fraction(6551, 8748)}
    assert planned == enumerate_engine(changes, move)


def test_nl15_odds_query_limits_keep_the_answer_quick_and_printable():
    hints = typing.get_type_hints(LineQuery, include_extras=True)
    limits = {name: next(m for m in hints[name].__metadata__ if isinstance(m, Range))
              for name in ("mines", "ships", "sweepers")}
    assert {name: (r.low, r.high) for name, r in limits.items()} == {
        "mines": (0, 1000), "ships": (0, 1000), "sweepers": (0, 100)}
    # At the limits, the sweep folded into the defence (1,000 ≥ 3 × 100), swept Escort by
    # Escort (299 < 300, the slowest), and an ally's field.
    for query in (LineQuery(1000, 1000, sweepers=100), LineQuery(299, 1000, sweepers=100),
                  LineQuery(1000, 1000, allied=True)):
        start = time.perf_counter()
        preview = line_odds(query)
        assert time.perf_counter() - start < 2
        probs = [p for _label, p in preview.outcomes]
        assert sum(probs) == 1 and len(probs) == query.mines + 1
        digits = max(len(str(n)) for p in probs for n in (p.numerator, p.denominator))
        assert digits < sys.get_int_max_str_digits() == 4300


def test_nl22_odds_of_a_sweep_folded_into_the_defence_match_the_game():
    """One Escort's 3 dice all fall on a field of 4 that is not met again: the odds fold
    the sweep into the field's own roll (a mine meeting a sweep die holds with 13/18)."""
    changes = {"nation": "United Kingdom", "phase": "combat_move",
               "minefields": [{"line": "110|112", "owner": "Germany", "zone": "112",
                               "count": 4}],
               "units": [{"nation": "United Kingdom", "type": "escort", "zone": "110"},
                         {"nation": "United Kingdom", "type": "destroyer", "zone": "110"}]}
    move = Move(units=("uk-escort-1", "uk-destroyer-1"), path=("110", "112"),
                sweepers=("uk-escort-1",))
    planned = route_odds(game(**changes).state, move).fractions()
    assert planned[0] == Fraction(13, 18) ** 3 * Fraction(2, 3)
    assert planned == enumerate_engine(changes, move)
