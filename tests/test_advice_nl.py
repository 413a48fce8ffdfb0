"""The naval-lines mine-laying advisor (issue 30, deliverable 3): exact figures worked from
the seed's odds (NL-15 rolling stops at the ships crossing, NL-16 1–2 against an enemy and
1 against an ally), the top choice against brute force on the real game, the view rule
(advice never rests on the other side's secret), the stated model and bound, Cancel, and
the time on the bundled scenarios."""

from __future__ import annotations

import copy
import functools
import json
import time
from fractions import Fraction
from itertools import pairwise
from math import comb
from typing import Any

import pytest

from mineboard.core import advice as core_advice
from mineboard.core.advice import Cancelled, Target
from mineboard.core.errors import IllegalAction
from mineboard.core.game import TEACHER, Game
from mineboard.maps.model import NAVAL_LINE, way_id
from mineboard.persistence.scenario import scenario_from_data
from mineboard.resources import maps_dir, resolve_scenario
from mineboard.rules.naval_lines import advice as nl_advice
from mineboard.rules.naval_lines.actions import EndPhase, LayMines, Move
from mineboard.rules.naval_lines.previews import route_odds
from mineboard.rules.naval_lines.ruleset import RULESET
from tests.conftest import BASE, game, play

THIRD, SIXTH = Fraction(1, 3), Fraction(1, 6)


def capped_mean(n: int, p: Fraction, cap: int) -> Fraction:
    """E[min(cap, Binomial(n, p))], summed term by term from the seed's rule (NL-15)."""
    return sum((min(k, cap) * comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)),
               Fraction(0))


def two_field_mean(n1: int, p1: Fraction, n2: int, p2: Fraction, cap: int) -> Fraction:
    """E[min(cap, X + Y)] for two independent fields X ~ B(n1, p1), Y ~ B(n2, p2)."""
    return sum((min(a + b, cap) * comb(n1, a) * p1 ** a * (1 - p1) ** (n1 - a)
                * comb(n2, b) * p2 ** b * (1 - p2) ** (n2 - b)
                for a in range(n1 + 1) for b in range(n2 + 1)), Fraction(0))


def to_german_ncm(g: Game[Any]) -> None:
    """From the start: Purchase, Combat Movement, Battle ended: Germany's Non-Combat
    Movement, Escort 1 loading the 3 stored mines in zone 113 (seed example 1)."""
    for _ in range(3):
        play(g, "end_phase")
    play(g, "load_mines", unit="ger-escort-1", count=3)


def german_ncm(where: str = "113", **changes: Any) -> Game[Any]:
    g = game(**changes)
    to_german_ncm(g)
    if where != "113":
        play(g, "move", units=["ger-escort-1"], path=["113", where])
    return g


def corner(british: int, hidden: bool = False) -> Game[Any]:
    """Germany's Non-Combat Movement with an Escort carrying 3 mines in zone 91, which
    Germany holds; the British field of ``british`` mines on 91|92 beside it, France's
    cruiser and destroyer in 93, one line from 92 (the setting of seed example 4)."""
    units = [u for u in BASE["units"] if u["zone"] != "91"]
    units.append({"nation": "Germany", "type": "escort", "zone": "91"})
    control = {**BASE["control"], "91": "Germany"}
    g = game(phase="noncombat_move", nation="Germany", control=control, units=units,
             options={"hidden_minefields": hidden},
             minefields=[{"line": "91|92", "owner": "United Kingdom", "zone": "91",
                          "count": british}])
    carrier = next(u for u in g.state.units.values() if u.zone == "91")
    carrier.cargo = 3  # loaded beside Berlin earlier in this phase (NL-05), as a scenario
    return g


def by_line(advice: core_advice.Advice) -> dict[str, Fraction]:
    return {s.action.line: s.expected for s in advice.suggestions}


# ---- nothing to advise --------------------------------------------------------------------

def test_nl05_no_lay_outside_non_combat_movement():
    g = game()
    advice = RULESET.advise(g.observe("Axis").view)
    assert advice is not None and advice.suggestions == () and not advice.total
    assert advice.nothing == ("Axis (Germany) lays no mines in Purchase & Repair Units: "
                              "Escorts lay mines only in Non-Combat Movement (NL-05)")
    assert advice.lines()[-1] == advice.nothing


def test_nl04_nl05_no_escort_carries_mines_says_load_first():
    g = game()
    for _ in range(3):
        play(g, "end_phase")
    advice = RULESET.advise(g.observe("Axis").view)
    assert advice.suggestions == ()
    assert advice.nothing.startswith("no Escort of Germany has mines aboard: load up to 3 "
                                     "from the 3 mines stored")
    assert "(NL-04, NL-05)" in advice.nothing


def test_nl08_a_lay_refused_on_the_view_is_no_candidate():
    """An Escort in a zone its side has not held since Non-Combat Movement began may lay
    nothing (NL-08): the advice says the refusal's reason."""
    g = corner(5)
    g.state.ncm_control["91"] = "United Kingdom"
    advice = RULESET.advise(g.observe(TEACHER).view)
    assert advice.suggestions == ()
    assert advice.nothing.startswith("no lay is legal now: Germany has not controlled sea "
                                     "zone 91") and advice.nothing.endswith("(NL-08)")


# ---- exact figures ------------------------------------------------------------------------

def test_nl15_nl16_three_mines_against_four_ships_and_against_two():
    """Escort 1 in 112 with 3 mines: the British four surface ships in 110 cross 110|112
    (E[min(4, B(3, 1/3))] = 1); their cruiser and destroyer in 115 reach 114 and cross
    112|114 (rolling stops at 2: 26/27); 112|113 is out of every enemy's reach, since
    the Escort's own zone 112 stops whoever would pass it (NL-13)."""
    g = german_ncm("112")
    advice = RULESET.advise(g.observe("Axis").view)
    assert by_line(advice) == {"110|112": Fraction(1), "112|114": Fraction(26, 27),
                               "112|113": Fraction(0)}
    assert capped_mean(3, THIRD, 2) == Fraction(26, 27)
    assert capped_mean(3, THIRD, 4) == 1
    top = advice.suggestions[0]
    assert top.action == LayMines("ger-escort-1", "110|112") and top.places == ("110|112",)
    assert "United Kingdom's 4 ships in 110 crossing 110→112" in top.why
    assert "NL-07" in top.why and "NL-15" in top.why and "NL-16" in top.why
    assert advice.exact and advice.considered == advice.total == 3


def test_nl16_an_allys_field_on_the_line_detonates_on_a_one():
    """France's cruiser and destroyer (93) reach 92 and cross into 91, meeting the British
    field of 5 (allied to them: 1 on a die) and Germany's 3 new mines (1–2): the lay adds
    E[min(2, B(5, 1/6) + B(3, 1/3))] − E[min(2, B(5, 1/6))]."""
    g = corner(5)
    advice = RULESET.advise(g.observe(TEACHER).view)
    added = two_field_mean(5, SIXTH, 3, THIRD, 2) - capped_mean(5, SIXTH, 2)
    assert by_line(advice)["91|92"] == added == Fraction(15625, 23328)
    # a wrong modifier would not give it: the ally's mines at 1/3 or the lay's at 1/6
    assert added != two_field_mean(5, THIRD, 3, THIRD, 2) - capped_mean(5, THIRD, 2)
    assert added != two_field_mean(5, SIXTH, 3, SIXTH, 2) - capped_mean(5, SIXTH, 2)
    why = next(s.why for s in advice.suggestions if s.action.line == "91|92")
    assert "France's 2 ships in 93 crossing 92→91" in why
    assert "5 at 1/6" in why and "3 at 1/3" in why


def test_nl17_own_sides_ships_are_not_counted():
    """Only enemy ships count: British mines never threaten the British (NL-17), and the
    advisor counts no German ship however near."""
    g = german_ncm("112")
    advice = RULESET.advise(g.observe("Axis").view)
    assert all("Germany's" not in s.why for s in advice.suggestions)


# ---- brute force on the real game ------------------------------------------------------

def _simple_paths(g: Game[Any], start: str, most: int) -> list[tuple[str, ...]]:
    out, frontier = [], [(start,)]
    for _ in range(most):
        frontier = [(*p, n) for p in frontier
                    for n in g.state.board.neighbours(p[-1], NAVAL_LINE) if n not in p]
        out += frontier
    return out


def _enemy_worst(g: Game[Any], line: str) -> Fraction:
    """Played on: each enemy nation's Combat Movement in turn; each of its groups' worst
    legal move across ``line`` by the real odds panel (route_odds on the true state)."""
    total = Fraction(0)
    for nation in ("United Kingdom", "France"):
        while not (g.state.active == nation and g.state.phase == "combat_move"):
            g.play(EndPhase())
        state = g.state
        zones = sorted({u.zone for u in state.units.values() if u.nation == nation})
        for zone in zones:
            ships = tuple(sorted(u.id for u in state.units_in(zone) if u.nation == nation
                                 and state.unit_type(u).mine_target))
            if not ships:
                continue
            worst = Fraction(0)
            for path in _simple_paths(g, zone, 2):
                lines = {"|".join(sorted((a, b), key=int)) for a, b in pairwise(path)}
                move = Move(ships, path)
                if line not in lines:
                    continue
                try:
                    RULESET.check(state, move)
                except IllegalAction:  # an illegal move is simply not made
                    continue
                worst = max(worst, route_odds(state, move).expected())
            total += worst
    return total


@pytest.mark.parametrize("where", ["113", "112"])
def test_top_choice_against_brute_force(where):
    """Every legal lay (from the ruleset's own legal_actions on the true state) played on
    a copy of the game, then the enemy's own turns reached and each enemy group's every
    legal move of up to 2 lines across the mined line priced by the odds panel: the
    advisor's figures are those worst cases exactly, and its top choice is the best lay."""
    g = german_ncm(where)
    lays = [a for a in RULESET.legal_actions(g.state) if isinstance(a, LayMines)]
    assert lays
    brute: dict[LayMines, Fraction] = {}
    for lay in lays:
        trial = Game.replay(RULESET, g.initial, g.seed,
                            [(r.action, r.rolls) for r in g.records])
        trial.play(lay)
        brute[lay] = _enemy_worst(trial, lay.line)
    advice = RULESET.advise(g.observe("Axis").view)
    assert {s.action: s.expected for s in advice.suggestions} == brute
    best = max(brute.values())
    assert brute[advice.suggestions[0].action] == best
    assert best == 1


# ---- a named target -----------------------------------------------------------------------

def _strait(mines: int = 1, more: tuple[dict[str, Any], ...] = ()) -> Game[Any]:
    """Germany holds 129 with an Escort carrying 3 mines, and 1 mine of its own on each of
    the lines into 129 from 127, 128 and 134; the only enemy is a British cruiser and
    destroyer in 131, whose one free way into 129 is the line 129|131."""
    units = [{"nation": "Germany", "type": "escort", "zone": "129"},
             {"nation": "United Kingdom", "type": "cruiser", "zone": "131"},
             {"nation": "United Kingdom", "type": "destroyer", "zone": "131"}, *more]
    g = game(phase="noncombat_move", nation="Germany", units=units,
             control={"129": "Germany", "131": "United Kingdom"},
             minefields=[{"line": line, "owner": "Germany", "zone": "129", "count": mines}
                         for line in ("127|129", "128|129", "129|134")])
    g.state.units["ger-escort-1"].cargo = 3
    return g


def test_a_named_target_ranks_by_the_chance_of_hurting_the_least_loss_way():
    """Target 129. Mining 129|131 leaves the British only ways across one German mine:
    they take the shortest, round by 134 (expected 1/3 < 26/27 straight), so P(hurt) =
    1/3. Mining 129|134 (4 mines then) leaves 129|131 free: P(hurt) 0, though it adds
    E[min(2, B(4, 1/3))] − 1/3 = 71/81 to a crossing of 134|129 under the range model."""
    g = _strait()
    view = g.observe("Axis").view
    target = next(t for t in RULESET.advice_targets(view) if t.key == "129")
    assert target.label == "sea zone 129 (Germany)"
    advice = RULESET.advise(view, target)
    stops = {s.action.line: s.stop for s in advice.suggestions}
    assert stops == {"129|131": THIRD, "129|134": 0, "127|129": 0, "128|129": 0, "129|130": 0}
    assert advice.suggestions[0].action == LayMines("ger-escort-1", "129|131")
    assert by_line(advice)["129|131"] == Fraction(26, 27)
    assert by_line(advice)["129|134"] == capped_mean(4, THIRD, 2) - THIRD == Fraction(71, 81)
    why = advice.suggestions[0].why
    assert "United Kingdom's 2 ships 131 → 134 → 129 (lines 131|134, 129|134)" in why
    assert "P(at least one lost) 33.3 %, 0.0 % before this lay" in why
    assert "least expected loss" in advice.model and "avoids your mines" in advice.model


def test_the_enemy_sends_the_group_whose_way_costs_least():
    """As above with 2 mines on each German line, and a lone British destroyer in 128 as
    well. Mining 129|131, the pair in 131 would expect E[min(2, B(2, 1/3))] = 2/3 lost on
    its best way, the destroyer E[min(1, B(2, 1/3))] = 5/9 straight across 128|129: the
    enemy sends the destroyer; either way P(hurt) = 1 − (2/3)^2 = 5/9."""
    g = _strait(2, ({"nation": "United Kingdom", "type": "destroyer", "zone": "128"},))
    advice = RULESET.advise(g.observe("Axis").view, Target("129", "sea zone 129"))
    top = advice.suggestions[0]
    assert top.action == LayMines("ger-escort-1", "129|131")
    assert top.stop == Fraction(5, 9)
    assert "United Kingdom's 1 ship 128 → 129 (lines 128|129)" in top.why
    assert "expected 5/9" in top.why
    assert all(s.stop == 0 for s in advice.suggestions[1:])


def test_the_least_loss_way_is_the_least_of_every_simple_route():
    """The route search (a uniform-cost search over the fields met) against every simple
    route through the 15 zones of the North Sea proper, each priced by the odds of
    :mod:`.odds` alone: five German fields round 112–121, British groups of 1 and 4 ships
    heading for four zones."""
    from mineboard.rules.naval_lines.reach import cheapest_route, fields_met, losses

    mined = {"110|112": 3, "112|114": 2, "113|114": 1, "114|121": 2, "116|121": 1}
    g = game(minefields=[{"line": line, "owner": "Germany", "zone": line.split("|")[1],
                          "count": n} for line, n in mined.items()])
    state = g.state
    sea = {"96", "97", "99", "110", "111", "112", "113", "114", "115", "116", "117", "118",
           "119", "120", "121"}

    def routes(path: tuple[str, ...], goal: str) -> list[tuple[str, ...]]:
        if path[-1] == goal:
            return [path]
        return [r for n in state.board.neighbours(path[-1], NAVAL_LINE)
                if n not in path and (n in sea or n == goal) for r in routes((*path, n), goal)]

    def price(path: tuple[str, ...], ships: int) -> Fraction:
        fields = [f for a, b in pairwise(path)
                  for f in fields_met(state, "United Kingdom", way_id(a, b), b)]
        return losses(fields, ships).expected()

    for ships in (1, 4):
        for start, goal in (("110", "121"), ("110", "113"), ("96", "121"), ("115", "112")):
            every = routes((start,), goal)
            best = min(price(p, ships) for p in every)
            found = cheapest_route(state, "United Kingdom", ships, start, {goal},
                                   sea.__contains__)
            assert found is not None and found.expected == best == price(found.path, ships)
            assert found.path in every


def test_land_targets_are_reached_by_their_coasts():
    view = game().observe("Axis").view
    keys = [t.key for t in RULESET.advice_targets(view)]
    assert keys[0] == "91" and "DEU" in keys and len(keys) == 37 + 17


# ---- the view rule ------------------------------------------------------------------------

@pytest.mark.parametrize("hidden", [True])
def test_advice_is_the_same_whatever_the_enemys_hidden_field(hidden):
    """Two games that differ only in the British secret — 2 or 9 mines on 91|92, hidden
    (NL-01 hidden minefields): Germany's advice is the same to the letter; on the truth the
    figures differ, so the field would show if it leaked."""
    views = [corner(n, hidden).observe("Axis").view for n in (2, 9)]
    said = [RULESET.advise(v) for v in views]
    assert said[0].lines() == said[1].lines()
    assert [(s.action, s.expected, s.stop, s.why) for s in said[0].suggestions] == \
        [(s.action, s.expected, s.stop, s.why) for s in said[1].suggestions]
    assert by_line(said[0])["91|92"] == Fraction(26, 27)  # the German mines alone
    truths = [RULESET.advise(corner(n, hidden).observe(TEACHER).view) for n in (2, 9)]
    assert by_line(truths[0])["91|92"] != by_line(truths[1])["91|92"]


# ---- model, bound, cancel, time -----------------------------------------------------------

def test_the_model_and_accuracy_are_said():
    advice = RULESET.advise(german_ncm("112").observe("Axis").view)
    assert "crosses that line once" in advice.model and "NL-13" in advice.model
    assert "unswept" in advice.model and "from the minefields you know of" in advice.model
    assert advice.accuracy() == ("exact: all 3 lays examined, each figure an exact fraction "
                                 "under the model")
    assert advice.lines()[1] == f"model: {advice.model}"


def test_out_of_time_the_bound_is_the_heaviest_load_against_every_enemy_group(monkeypatch):
    """Stopped before any lay is examined, the answer states the bound: for each enemy
    group, 3 mines alone against it — 1 for the four ships in 110, 26/27 for the two in
    115, 26/27 for France's two in 93, 1 − (2/3)^3 = 19/27 for the lone Escort in 91 and
    for France's lone Escort in 109."""
    monkeypatch.setattr(nl_advice, "rank", functools.partial(core_advice.rank,
                                                             time_allowed=-1.0))
    advice = RULESET.advise(german_ncm("112").observe("Axis").view)
    assert not advice.exact and advice.considered == 0 and advice.total == 3
    assert advice.bound == 1 + 2 * Fraction(26, 27) + 2 * Fraction(19, 27)
    assert advice.accuracy().startswith("searched 0 of 3 lays in the time allowed")


def test_cancel_raises_and_changes_nothing():
    g = german_ncm("112")
    view = g.observe("Axis").view
    before = copy.deepcopy(RULESET.summary(view))
    with pytest.raises(Cancelled):
        RULESET.advise(view, progress=lambda done, total: False)
    assert RULESET.summary(view) == before


def _bundled(name: str) -> Game[Any]:
    data = json.loads(resolve_scenario(name).read_text())
    return scenario_from_data(data, name, maps_dir() / "scenarios").new_game(5)


@pytest.mark.timing
@pytest.mark.parametrize("name", ["northsea-1940", "northsea-1940-hidden"])
def test_under_a_second_on_every_bundled_scenario(name):
    """From the start, and at each Non-Combat Movement of turn 1 with every Escort beside
    its capital loaded (Germany, the United Kingdom, France), with and without a target."""
    g = _bundled(name)
    worst = 0.0
    for _ in range(15):
        side = g.state.to_move
        view = g.observe(side).view
        if g.state.phase == "noncombat_move":
            while load := [a for a in RULESET.legal_actions(view)
                           if a.kind == "load_mines" and a.count == 3]:
                g.play(load[0], by=side)
                view = g.observe(side).view
        for target in (None, Target("129", "sea zone 129")):
            start = time.perf_counter()
            advice = RULESET.advise(view, target)
            worst = max(worst, time.perf_counter() - start)
            assert advice is not None and advice.exact
        g.play(EndPhase(), by=side)
    assert worst < 1.0
