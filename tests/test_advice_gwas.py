"""gwas-tactical's mine-laying advisor (issue 30, deliverable 3): exact figures worked from
the seed's GT-11 modifiers and the stand-in Minefield Table (1d6: 1–4 no effect, 5 one hull
point, 6 two, 7–8 three, 9+ sunk), the top choice against a brute force played through the
engine, the view rule, the stated model, Cancel and the time budget.

Hull points lost by one roll, the ship having at least three to lose:
  +0: (1 + 2) / 6 = 1/2, harm 2/6;  +1: (1 + 2 + 3) / 6 = 1;  +2: (1 + 2 + 3 + 3) / 6 = 3/2.
A destroyer flotilla (hull 2) caps each result at 2: +1 gives (1 + 2 + 2) / 6 = 5/6 and
+2 gives (1 + 2 + 2 + 2) / 6 = 7/6.
"""

from __future__ import annotations

import copy
import itertools
import time
from collections import deque
from fractions import Fraction
from typing import Any

import pytest

from mineboard.core.advice import Cancelled, Target
from mineboard.core.dice import ScriptedDice
from mineboard.core.errors import IllegalAction
from mineboard.rules.gwas_tactical import advice as gt_advice
from mineboard.rules.gwas_tactical.actions import MoveShips, PlaceCounter
from mineboard.rules.gwas_tactical.state import Counter
from mineboard.rules.gwas_tactical.ways import fate, least_loss_way
from tests.conftest import jutland, play


def horns_reef_german_setup():
    """The bundled scenario from its start to the German counter setup: the British
    crossing rolls 1 and 1 (no effect), so every ship is whole."""
    g = jutland()
    play(g, "end_phase")
    play(g, "cross_boundary", rolls=[1, 1], ships=["Lion", "Tiger"])
    play(g, "end_phase")
    assert (g.state.phase, g.state.active) == ("setup", "German")
    return g


def small_west():
    """A German minefield on the western boundary only (4 counters, at most 2 mines), the
    British battlecruisers Lion and Tiger together in hex 0410, the flotilla Acheron in
    0313, and one German mine already in 0609: two hexes from the battlecruisers, five
    from the flotilla (speed 4)."""
    g = jutland(phase="setup", sides=[{"name": "German", "minefields": ["C|W"]},
                                      {"name": "British"}],
                ships=[{"id": "Seydlitz", "side": "German", "type": "battlecruiser",
                        "hex": "1510"},
                       {"id": "Lion", "side": "British", "type": "battlecruiser", "hex": "0410"},
                       {"id": "Tiger", "side": "British", "type": "battlecruiser",
                        "hex": "0410"},
                       {"id": "Acheron", "side": "British", "type": "destroyer",
                        "hex": "0313"}])
    play(g, "place_counter", hex="0609", mine=True)
    return g


def advise(g, side: str, target: Target | None = None, **kw: Any):
    return g.ruleset.advise(g.observe(side).view, target, **kw)


# ---- exact figures --------------------------------------------------------------------

def test_gt11_horns_reef_top_lay_is_0612_worth_two_hull_points_then_23_6_then_17_3():
    """Four British groups can reach 0612 on impulse 1 (Lion 2 hexes, Tiger 1, Galatea and
    B-Flot-13 within their 3 and 4): 4 × 1/2 = 2. A second mine there adds +1 (GT-11):
    three ships lose 1 each and the flotilla 5/6 = 23/6; a third, +2: 3 × 3/2 + 7/6 = 17/3."""
    g = horns_reef_german_setup()
    a = advise(g, "German")
    assert a.exact and a.total == a.considered == 123  # every legal mine lay
    assert all(s.action.mine for s in a.suggestions)  # dummies cost nothing: not ranked
    top = a.suggestions[0]
    assert top.action == PlaceCounter("0612", True) and top.expected == 2
    assert top.stop is None
    assert "British Tiger (hex 0611), 1 hex away: expected 1/2 hull points" in top.why
    assert "modifier +0 on impulse 1 (GT-11)" in top.why
    assert "the west boundary (C|W)" in top.why and "(GT-06)" in top.why
    play(g, "place_counter", hex="0612", mine=True)
    second = advise(g, "German").suggestions[0]
    assert second.action == PlaceCounter("0612", True)
    assert second.expected == Fraction(23, 6)
    assert "2 mine counters of yours after this one, modifier +1" in second.why
    play(g, "place_counter", hex="0612", mine=True)
    third = advise(g, "German").suggestions[0]
    assert (third.action.hex, third.expected) == ("0612", Fraction(17, 3))


def test_gt11_the_figure_is_the_threat_maps_for_the_hex_after_the_lay():
    g = horns_reef_german_setup()
    top = advise(g, "German").suggestions[0]
    after = copy.deepcopy(g.observe("German").view)
    g.ruleset.apply(after, top.action, ScriptedDice([]))
    cells = [g.ruleset.threat(after, k.key).cells.get("0612")
             for k in g.ruleset.threat_groups(after) if k.side == "British"]
    assert sum(c.expected for c in cells if c is not None) == top.expected


def test_gt11_gt12_gt14_damage_adds_up_over_two_mined_hexes_and_caps_at_the_hull():
    """A flotilla (hull 2) rolling twice at +0: lost 0 with 16/36, 1 with 8/36, 2 with
    12/36 — expected 8/9, unharmed 4/9; a mine is never used up, so both hexes roll."""
    g = horns_reef_german_setup()
    rules = g.state.rules
    assert fate(rules, 2, [0, 0]) == (Fraction(8, 9), Fraction(4, 9))
    assert fate(rules, 6, [0]) == (Fraction(1, 2), Fraction(2, 3))
    assert fate(rules, 6, [2]) == (Fraction(3, 2), Fraction(1, 3))
    assert fate(rules, 2, [2]) == (Fraction(7, 6), Fraction(1, 3))


# ---- brute force ------------------------------------------------------------------------

def _way_avoiding(state, start: str, goal: str, speed: int) -> tuple[str, ...] | None:
    """The test's own path: fewest hexes from ``start`` to ``goal`` entering no hex with a
    counter on the way (the model: the place is crossed once, nothing else), within speed."""
    grid = state.grid
    held = {c.hex for c in state.counters}
    came: dict[str, str | None] = {start: None}
    steps = {start: 0}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        if here == goal or steps[here] == speed:
            continue
        for n in sorted(grid.label(h) for h in grid.neighbours(state.hex_of(here))):
            if n not in came and (n not in held or n == goal):
                came[n], steps[n] = here, steps[here] + 1
                todo.append(n)
    if goal not in came:
        return None
    way = [goal]
    while came[way[-1]] is not None:
        way.append(came[way[-1]])  # type: ignore[arg-type]
    return tuple(reversed(way)) if len(way) - 1 <= speed else None


def _engine_loss(g, state, lay: PlaceCounter) -> Fraction:
    """Play the lay on the truth, then each British group's impulse-1 move into the hex
    through the engine under every die outcome: the exact expected hull points lost."""
    rules = g.ruleset
    laid = copy.deepcopy(state)
    rules.apply(laid, lay, ScriptedDice([]))
    laid.position = laid.sequence.position_of("battle", "British", 1)
    groups: dict[str, list[str]] = {}
    for ship in laid.ships.values():
        if ship.side == "British":
            groups.setdefault(str(ship.hex), []).append(ship.id)
    total = Fraction(0)
    for at, ids in sorted(groups.items()):
        speed = min(laid.ship_type(laid.ships[i]).speed for i in ids)
        way = _way_avoiding(laid, at, lay.hex, speed)
        if way is None:
            continue
        move = MoveShips(tuple(sorted(ids)), way)
        try:
            rules.check(laid, move)
        except IllegalAction:
            continue
        faces = itertools.product(range(1, 7), repeat=len(ids))  # a die per ship
        for rolls in faces:
            after = copy.deepcopy(laid)
            dice = ScriptedDice(rolls)
            rules.apply(after, move, dice)
            if dice.unused:  # no roll: a dummy, removed (GT-10)
                break
            for sid in ids:
                ship = laid.ships[sid]
                left = laid.ship_type(ship).hull - ship.damage
                now = after.ships.get(sid)
                lost = left if now is None else now.damage - ship.damage
                total += Fraction(lost, 6 ** len(ids))
    return total


def test_gt11_brute_force_every_legal_lay_through_the_engine_agrees_with_the_top_choice():
    """Every legal lay on the truth, mine or dummy, then the British moves into its hex
    rolled through the engine under every outcome: the best is the second mine in 0609
    (Lion and Tiger, +1: 2 × 1 = 2), not a first mine both groups can reach (3 × 1/2)."""
    g = small_west()
    truth = g.state
    lays = [a for a in g.ruleset.legal_actions(truth) if isinstance(a, PlaceCounter)]
    assert len(lays) > 100  # dummies go anywhere free of enemy ships
    brute = {a: _engine_loss(g, truth, a) for a in lays}
    best = max(brute.values())
    winners = [a for a, v in brute.items() if v == best]
    a = advise(g, "German")
    assert winners == [a.suggestions[0].action] == [PlaceCounter("0609", True)]
    assert best == a.suggestions[0].expected == 2
    for s in a.suggestions:  # and every figure, not only the best
        assert brute[s.action] == s.expected, s.label
    assert {s.expected for s in a.suggestions} >= {Fraction(3, 2), Fraction(1), Fraction(1, 2)}


# ---- a named target ---------------------------------------------------------------------

def target_case():
    """A German ship in 0508 near the western hexside is the target; the British Lion in
    1010 is five hexes off: at speed 3 it enters 0508 on impulse 2 (+2, GT-11)."""
    g = jutland(phase="setup", sides=[{"name": "German", "minefields": ["C|W"]},
                                      {"name": "British"}],
                ships=[{"id": "Seydlitz", "side": "German", "type": "battlecruiser",
                        "hex": "0508"},
                       {"id": "Lion", "side": "British", "type": "battlecruiser",
                        "hex": "1010"}])
    return g


def test_gt11_a_target_hex_is_unavoidable_so_a_mine_there_tops_with_the_impulse_2_bonus():
    g = target_case()
    view = g.observe("German").view
    targets = g.ruleset.advice_targets(view)
    assert targets == [Target("0508", "hex 0508 (German Seydlitz)")]
    a = advise(g, "German", targets[0])
    assert a.exact and a.target == targets[0]
    top = a.suggestions[0]
    assert top.action == PlaceCounter("0508", True)
    assert (top.expected, top.stop) == (Fraction(3, 2), Fraction(2, 3))
    assert "impulse 2, +2" in top.why
    way = least_loss_way(view, "British", [view.ships["Lion"]], "1010", "0508")
    assert way is not None and len(way) == 6  # five hexes: the fifth on impulse 2
    dummy = next(s for s in a.suggestions if s.action == PlaceCounter("0508", False))
    assert (dummy.expected, dummy.stop) == (0, 0)  # seen as a mine, but none rolls


def test_gt10_the_enemy_goes_round_a_lone_mine_it_can_see_so_it_scores_nothing():
    """The enemy weighs every counter as a mine: a mine off the target hex on open sea is
    passed by, and the advice says so."""
    g = target_case()
    a = advise(g, "German", Target("0508", "x"))
    others = [s for s in a.suggestions if s.action.hex != "0508"]
    assert others and all(s.stop == 0 and s.expected == 0 for s in others)


def test_a_target_that_is_not_a_hex_is_said_not_advised():
    g = target_case()
    a = advise(g, "German", Target("9999", "nowhere"))
    assert a.suggestions == () and "not a hex" in a.nothing


# ---- nothing to lay --------------------------------------------------------------------

def test_gt03_no_counters_are_laid_in_the_approach_or_the_battle():
    g = jutland()
    a = advise(g, "German")
    assert a.suggestions == () and "(GT-03, GT-05, GT-08)" in a.nothing
    assert "Approach" in a.nothing


def test_gt01_a_side_with_no_minefield_or_log_lays_nothing():
    g = jutland(phase="setup", sides=[{"name": "German"}, {"name": "British"}],
                ships=[{"id": "Lion", "side": "British", "type": "battlecruiser",
                        "hex": "0410"}])
    a = advise(g, "German")
    assert a.suggestions == () and "(GT-01, GT-03)" in a.nothing


def test_gt04_with_the_mines_all_laid_only_dummies_remain_and_it_says_so():
    g = small_west()
    play(g, "place_counter", hex="0609", mine=True)
    a = advise(g, "German")
    assert a.suggestions == () and "only dummies" in a.nothing and "GT-04" in a.nothing


# ---- the view rule, the model, Cancel, time ---------------------------------------------

def british_setup_after(kind_of_x: bool):
    """Horns Reef to the British setup; the German counters differ only in whether the
    one in 0711 is a mine."""
    g = horns_reef_german_setup()
    for hex_, mine in [("0612", True), ("0613", True), ("0711", kind_of_x),
                       ("2204", True), ("2205", True), ("1318", True), ("1010", False),
                       ("1011", False), ("1012", False), ("1013", False), ("1014", False)]:
        play(g, "place_counter", hex=hex_, mine=mine)
    play(g, "end_phase")
    assert (g.state.phase, g.state.active) == ("setup", "British")
    return g


def test_advice_asked_by_the_british_is_the_same_whatever_the_german_counters_are():
    mine, dummy = british_setup_after(True), british_setup_after(False)
    assert [c.mine for c in mine.state.counters] != [c.mine for c in dummy.state.counters]
    for target in [None, *mine.ruleset.advice_targets(mine.observe("British").view)[:1]]:
        one = advise(mine, "British", target)
        two = advise(dummy, "British", target)
        assert _said(one) == _said(two)
        assert one.suggestions  # there is something to compare


def _said(advice) -> tuple[Any, ...]:
    """Everything an Advice tells the player, but the time it took."""
    return (advice.title, advice.model, advice.nothing, advice.considered, advice.total,
            advice.bound, [(s.action, s.label, s.places, s.expected, s.stop, s.why)
                           for s in advice.suggestions])


def test_the_model_and_the_accuracy_are_said_beside_the_answer():
    g = horns_reef_german_setup()
    a = advise(g, "German")
    assert "can enter the hex on its next move — impulse 1" in a.model
    assert "enters it once" in a.model and "only mine lays are ranked" in a.model
    assert a.bound is None
    assert a.accuracy().startswith("exact: all 123 lays examined")
    assert a.lines()[1] == f"model: {a.model}"
    t = advise(g, "German", g.ruleset.advice_targets(g.observe("German").view)[0])
    assert "weighs every counter of yours as a mine" in t.model
    assert "least-loss way" in t.model and "P(at least one enemy ship harmed)" in t.model


def test_cancel_raises_cancelled_and_changes_nothing():
    g = horns_reef_german_setup()
    before = g.ruleset.summary(g.state)
    view = g.observe("German").view
    seen = copy.deepcopy(g.ruleset.summary(view))
    with pytest.raises(Cancelled):
        g.ruleset.advise(view, None, lambda done, total: done < 5)
    assert g.ruleset.summary(g.state) == before and g.ruleset.summary(view) == seen


def _timed(g, side: str, target: Target | None = None) -> float:
    """The best of three wall-clock times (perf_counter), each answer exhaustive."""
    times = []
    for _ in range(3):
        start = time.perf_counter()
        a = advise(g, side, target)
        times.append(time.perf_counter() - start)
        assert a.exact, a.accuracy()
    return min(times)


@pytest.mark.timing
def test_advice_on_horns_reef_takes_under_a_second_at_every_setup_step():
    """Horns Reef is the only bundled gwas-tactical scenario: the German setup from its
    first lay and after three, the British setup after the German's eleven, each with and
    without a target."""
    g = horns_reef_german_setup()
    first = g.ruleset.advice_targets(g.observe("German").view)[0]
    times = [_timed(g, "German"), _timed(g, "German", first)]
    for hex_ in ["0612", "0612", "0613"]:
        play(g, "place_counter", hex=hex_, mine=True)
    times += [_timed(g, "German"), _timed(g, "German", first)]
    g = british_setup_after(True)
    first = g.ruleset.advice_targets(g.observe("British").view)[0]
    times += [_timed(g, "British"), _timed(g, "British", first)]
    assert max(times) < 1.0, times


def test_counters_already_face_up_count_with_their_true_kind():
    """A face-up German mine in 0612 (GT-14: never used up) stacks with a new one: +1."""
    g = horns_reef_german_setup()
    g.state.counters.append(Counter("c99", "German", "0612", True, face_up=True))
    top = advise(g, "German").suggestions[0]
    assert (top.action.hex, top.expected) == ("0612", Fraction(23, 6))
    assert gt_advice.UNIT == "hull points lost"
