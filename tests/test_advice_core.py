"""The advisor's shared half (core/advice.py), the opponent's fallback (core/opponent.py)
and the table's solo agreement (core/table.py), on stand-ins with known figures."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import pytest

from mineboard.core.actions import Action
from mineboard.core.advice import TIME_ALLOWED, Cancelled, Suggestion, Target, rank, what_if
from mineboard.core.errors import BadInput, IllegalAction, MineboardError
from mineboard.core.opponent import Choice, choose
from mineboard.core.table import Table
from mineboard.persistence.scenario import load_scenario
from mineboard.resources import resolve_scenario


@dataclass(frozen=True)
class Lay(Action):
    kind = "lay"
    place: str


FIGURES = {"a": (Fraction(1, 3), Fraction(1, 2)), "b": (Fraction(2, 3), Fraction(1, 6)),
           "c": (Fraction(1, 2), Fraction(1, 4))}


def score(action: Action) -> Suggestion | None:
    assert isinstance(action, Lay)
    if action.place == "refused":
        return None
    expected, stop = FIGURES[action.place]
    return Suggestion(action, f"lay at {action.place}", (action.place,), expected, stop)


def advise(places: str, **kw: object):  # type: ignore[no-untyped-def]
    return rank([Lay(p) for p in places], score, side="Axis", title="t", unit="ships lost",
                model="m", **kw)  # type: ignore[arg-type]


def test_ranked_by_expected_losses_without_a_target() -> None:
    advice = advise("abc")
    assert [s.action.place for s in advice.suggestions] == ["b", "c", "a"]
    assert advice.exact and advice.considered == advice.total == 3
    assert advice.accuracy().startswith("exact: all 3 lays examined")


def test_ranked_by_the_chance_of_hurting_the_route_when_a_target_is_named() -> None:
    advice = advise("abc", target=Target("x", "X"))
    assert [s.action.place for s in advice.suggestions] == ["a", "c", "b"]


def test_a_lay_that_cannot_be_tried_is_left_out_but_counted() -> None:
    advice = advise(["a", "refused"])  # type: ignore[arg-type]
    assert [s.action.place for s in advice.suggestions] == ["a"]
    assert advice.considered == 2


def test_out_of_time_the_answer_states_how_many_and_the_bound() -> None:
    seen: list[list[Action]] = []

    def bound(left):  # type: ignore[no-untyped-def]
        seen.append(list(left))
        return Fraction(5, 2)

    advice = advise("abc", bound=bound, time_allowed=-1)
    assert advice.considered == 0 and not advice.exact
    assert seen == [[Lay("a"), Lay("b"), Lay("c")]]
    assert advice.accuracy() == ("searched 0 of 3 lays in the time allowed (in the order "
                                 "the rules list them), the rest left unexamined; none of them "
                                 "could score more "
                                 "than 2.50 (5/2)")


def test_cancel_raises_and_stops_at_once() -> None:
    told: list[int] = []

    def progress(done: int, total: int) -> bool:
        told.append(done)
        return done < 2

    with pytest.raises(Cancelled):
        advise("abc", progress=progress)
    assert told == [1, 2]


def test_nothing_is_said_when_no_lay_costs_the_enemy_anything() -> None:
    FIGURES["z"] = (Fraction(0), Fraction(0))
    try:
        advice = advise("z", nothing="the enemy is out of reach")
    finally:
        del FIGURES["z"]
    assert advice.nothing == "the enemy is out of reach"
    assert advise("a").nothing == ""


def test_the_text_names_the_rank_the_figures_and_the_model() -> None:
    lines = advise("ab", target=Target("x", "X")).lines()
    assert lines[1] == "model: m"
    assert lines[3] == "1. lay at a: expected ships lost 0.33 (1/3); P(route hurt) 50.0 % (1/2)"


class _Rules:
    """Just enough of a ruleset for what_if and choose."""

    def __init__(self, pick: Choice | None, legal: bool = True) -> None:
        self.pick, self.legal = pick, legal
        self.waits: object = None

    def apply(self, state: dict[str, int], action: Action, dice) -> list[object]:  # type: ignore[no-untyped-def]
        state["n"] += 1
        if isinstance(action, Lay) and action.place == "rolls":
            dice.roll("XX-1", "a lay that rolls")
        return []

    def opponent_move(self, view: object) -> Choice | None:
        return self.pick

    def check(self, view: object, action: Action) -> None:
        if not self.legal:
            raise IllegalAction("not now", "XX-2")

    def end_phase(self, view: object) -> Action:
        return Lay("end")

    def awaiting(self, view: object) -> object:
        return self.waits


def test_the_opponent_never_ends_a_phase_past_a_result_to_enter() -> None:
    from mineboard.core.opponent import Waiting
    from mineboard.core.outside import Awaiting

    rules = _Rules(None)
    rules.waits = Awaiting("battle", "the battle at Vega", "XX-3", "Blue", "Red")
    with pytest.raises(Waiting, match="the program waits for Blue to enter the result of "
                                      "the battle at Vega"):
        choose(rules, {})
    mine = Choice(Lay("a"), "accepts")
    rules.pick = mine  # its own answer (accepting, say) is still played
    assert choose(rules, {}) == mine
    rules.legal = False  # refused: still no end of phase past the result
    with pytest.raises(Waiting):
        choose(rules, {})


def test_the_opponents_advice_takes_all_the_time_it_needs() -> None:
    """The same choice on any machine: a ranking asked by the opponent never stops early."""
    seen: list[int] = []

    class Slow(_Rules):
        def opponent_move(self, view: object) -> Choice | None:
            seen.append(advise("abc").considered)
            return None

    choose(Slow(None), {})
    assert seen == [3]
    from mineboard.core import advice as advice_module

    advice_module._allowed.set(-1.0)  # as if the machine were too slow for any of it
    try:
        assert advise("abc").considered == 0
        choose(Slow(None), {})
        assert seen == [3, 3]
    finally:
        advice_module._allowed.set(TIME_ALLOWED)


def test_what_if_changes_a_copy_and_refuses_dice() -> None:
    view = {"n": 0}
    assert what_if(_Rules(None), view, Lay("a")) == {"n": 1}
    assert view == {"n": 0}
    with pytest.raises(MineboardError, match="cannot be tried"):
        what_if(_Rules(None), view, Lay("rolls"))


def test_the_opponent_plays_its_choice_or_ends_the_phase() -> None:
    mine = Choice(Lay("a"), "the best lay")
    assert choose(_Rules(mine), {}) == mine
    refused = choose(_Rules(mine, legal=False), {})
    assert refused.action == Lay("end")
    assert refused.why == "its choice was refused (XX-2: not now); it ends the phase"
    assert choose(_Rules(None), {}) == Choice(Lay("end"), "nothing more to do in this phase")


def test_the_table_keeps_the_programs_side_and_old_saves_read_as_before() -> None:
    table = Table(open=False, program="Allies")
    assert Table.from_json(table.to_json(), "save") == table
    assert "program" not in Table().to_json()
    assert table.badge(False) == "solo: the program plays Allies"
    with pytest.raises(BadInput, match=r"table\.program"):
        Table.from_json({"open": False, "seed_given": False, "program": 7}, "save")


def test_a_game_refuses_a_program_side_that_is_not_in_it() -> None:
    scenario = load_scenario(resolve_scenario("northsea-1940"))
    with pytest.raises(BadInput, match="'Neutrals' is not a side of this game"):
        scenario.new_game(1, Table(program="Neutrals"))
    assert scenario.new_game(1, Table(program="Allies")).table.program == "Allies"
