"""The mine-laying advisor of imperium-mines (issue 30, deliverable 3): exact figures worked
from the seed's check (2d6 + a point per mine + 1 from the 2nd jump − a sweeper each ≥ 10,
IM-18/IM-19/IM-32) and damage (a die a point, 6s hit, IM-22; hulls from IM-28's default),
the top choice against brute force through the engine's own dice, the view rule, the
model and accuracy text, Cancel, and the time on the bundled scenario."""

from __future__ import annotations

import copy
import json
import time
from fractions import Fraction

import networkx as nx
import pytest

from mineboard.core.advice import Cancelled, Target
from mineboard.core.dice import Roll
from mineboard.maps.model import ROUTE
from mineboard.rules.imperium_mines import advice as advisor
from mineboard.rules.imperium_mines.actions import Jump, LayMines
from mineboard.rules.imperium_mines.ruleset import RULESET
from mineboard.rules.imperium_mines.ways import least_loss_way
from tests.conftest import IMPERIUM, imperium, play

AFOUL_1PT_JUMP1 = Fraction(10, 36)  # 2d6 + 1 ≥ 10: a 9 or more


def lines(advice):
    """What the window and the command show, without the time it took."""
    return json.dumps(advice.to_json(), sort_keys=True) + "\n".join(advice.lines())


# ---- the bundled scenario ---------------------------------------------------------------

def test_im18_im32_im22_imperial_lay_at_corvan_at_the_marches_start():
    """IMP-2's two minelayers lay 2 points at Corvan (IM-07). Only TER-2 (a minelayer and a
    frigate, hull 1 each, 3 jumps) can reach Corvan next segment, on its 3rd jump: afoul on
    2d6 + 2 + 1 ≥ 10, 21/36 (IM-32's +1); then two dice a ship, lost on any 6, 11/36:
    7/12 × 2 × 11/36 = 77/216. TER-1 (a cruiser: 2 jumps) is 4 jumps away."""
    g = imperium(segment=1)
    advice = RULESET.advise(g.observe("Imperial").view)
    assert advice.exact and advice.total == 1 and advice.bound is None
    [best] = advice.suggestions
    assert best.action == LayMines("IMP-2") and best.places == ("corvan",)
    assert best.expected == Fraction(7, 12) * 2 * Fraction(11, 36) == Fraction(77, 216)
    assert best.stop is None
    assert "TER-2 (2 ships, 0 minesweepers) reaches it on jump 3 (+1, IM-32)" in best.why
    assert "TER-1" not in best.why and "0 → 2 mine points (IM-07)" in best.why


def test_im18_im26_terran_lay_at_quorra_weighs_each_fleets_jump_and_sweepers():
    """TER-2's one minelayer at Quorra: IMP-2 arrives on jump 3, no sweepers: 2d6 + 1 + 1
    ≥ 10, 15/36, and only its two minelayers can go on one die (1/6 each; the destroyer has
    hull 2): 5/12 × 2/6 = 5/36. IMP-3 arrives on jump 2 with 2 minesweepers: 2d6 + 1 + 1
    − 2 ≥ 10, 6/36, three hull-1 ships at 1/6: 1/6 × 3/6 = 1/12. Sum 2/9 — dropping the
    sweepers' −1 or the later jump's +1 changes it."""
    g = imperium(segment=2)
    assert g.state.active == "Terran"
    advice = RULESET.advise(g.observe("Terran").view)
    [best] = advice.suggestions
    assert best.action == LayMines("TER-2")
    assert best.expected == Fraction(5, 36) + Fraction(1, 12) == Fraction(2, 9)
    assert "IMP-3 (3 ships, 2 minesweepers) reaches it on jump 2 (+1, IM-32): 0 → 1/12" \
        in best.why
    assert "IMP-2 (3 ships, 0 minesweepers) reaches it on jump 3 (+1, IM-32): 0 → 5/36" \
        in best.why


def test_im08_lays_add_to_the_field_the_figure_is_what_the_lay_adds():
    """A second lay at Corvan in segment 3 (2 → 4 points) is worth what it adds to the 2
    already there: TER-2 (still at Quorra) on jump 3, 2d6 + 4 + 1 ≥ 10 is 30/36, four
    dice a ship is 671/1296 — minus the first lay's 77/216."""
    g = imperium(segment=1)
    play(g, "lay_mines", fleet="IMP-2")
    play(g, "end_phase")
    play(g, "end_phase")
    [best] = RULESET.advise(g.observe("Imperial").view).suggestions
    after = Fraction(30, 36) * 2 * Fraction(671, 1296)
    assert best.expected == after - Fraction(77, 216)
    assert "2 → 4 mine points" in best.why


def test_targets_are_every_system_by_name():
    targets = RULESET.advice_targets(imperium(segment=1).observe("Imperial").view)
    assert len(targets) == 26
    assert targets[0] == Target("aldermere", "Aldermere") and targets[-1].label == "Zephyr"


# ---- brute force ------------------------------------------------------------------------

SMALL = {
    "fleets": [
        {"id": "A", "side": "Imperial", "system": "corvan", "ships": {"minelayer": 1}},
        {"id": "B", "side": "Imperial", "system": "lumen", "ships": {"minelayer": 2}},
        {"id": "C", "side": "Imperial", "system": "xanthe", "ships": {"minelayer": 1}},
        {"id": "T", "side": "Terran", "system": "eidolon", "ships": {"frigate": 1}},
        {"id": "U", "side": "Terran", "system": "jovane", "ships": {"minesweeper": 1}}],
    "minefields": [],
}


class _Need(Exception):
    pass


class _Scripted:
    """Dice that play a given prefix of faces, and ask for more when it runs out."""

    def __init__(self, faces):
        self.faces, self.rolls = list(faces), []

    def roll(self, clause, purpose, sides=6):
        if not self.faces:
            raise _Need
        value = self.faces.pop(0)
        self.rolls.append(Roll(sides, value, clause, purpose))
        return value


def _lost_by_every_die(state, action):
    """E[ships the moving side loses] over every sequence of faces, through the engine."""
    ships = sum(len(f.ships) for f in state.fleets.values() if f.side == state.active)
    total, stack = Fraction(0), [((), Fraction(1))]
    while stack:
        faces, weight = stack.pop()
        trial = copy.deepcopy(state)
        try:
            RULESET.apply(trial, action, _Scripted(faces))
        except _Need:
            stack += [((*faces, v), weight / 6) for v in range(1, 7)]
            continue
        left = sum(len(f.ships) for f in trial.fleets.values() if f.side == trial.active)
        total += weight * (ships - left)
    return total


def brute_force(g):
    """Every legal lay on the full state; then the enemy's actual next moves: each enemy
    fleet within its jumps jumps alone to the lay's system by the map's shortest way, every
    die played through the rules."""
    out = {}
    graph = g.state.board.subgraph(ROUTE)
    for lay in [a for a in RULESET.legal_actions(g.state) if isinstance(a, LayMines)]:
        state = copy.deepcopy(g.state)
        RULESET.apply(state, lay, _Scripted([]))
        RULESET.apply(state, RULESET.end_phase(state), _Scripted([]))
        system = state.fleets[lay.fleet].system
        lost = Fraction(0)
        for enemy in [f for f in state.fleets.values() if f.side == state.active]:
            path = nx.shortest_path(graph, enemy.system, system)
            if 1 <= len(path) - 1 <= state.jumps(enemy):
                lost += _lost_by_every_die(state, Jump((enemy.id,), tuple(path)))
        out[lay] = lost
    return out


def test_im18_im22_top_choice_and_every_figure_match_brute_force():
    """A (1 point at Corvan): T on jump 1, 10/36 × 1/6; U on jump 2 with its sweeper, 2d6 +
    1 + 1 − 1 ≥ 10, 10/36 × 1/6: 5/54. B (2 points at Lumen): U on jump 1, 2d6 + 2 − 1,
    10/36 × 11/36; T on jump 2, 2d6 + 2 + 1, 21/36 × 11/36: 341/1296. C: nobody near."""
    g = imperium(segment=1, **SMALL)
    forced = brute_force(g)
    assert forced == {LayMines("A"): Fraction(5, 54), LayMines("B"): Fraction(341, 1296),
                      LayMines("C"): Fraction(0)}
    advice = RULESET.advise(g.observe("Imperial").view)
    assert {s.action: s.expected for s in advice.suggestions} == forced
    assert advice.suggestions[0].action == max(forced, key=forced.__getitem__) == LayMines("B")
    assert [s.action for s in advice.suggestions] == [LayMines("B"), LayMines("A"),
                                                      LayMines("C")]


# ---- a named target ---------------------------------------------------------------------

CHOKE = {
    "fleets": [
        {"id": "A", "side": "Imperial", "system": "corvan", "ships": {"minelayer": 1}},
        {"id": "D", "side": "Imperial", "system": "aldermere", "ships": {"minelayer": 2}},
        {"id": "T", "side": "Terran", "system": "eidolon", "ships": {"frigate": 1}}],
    "minefields": [{"owner": "Imperial", "system": "fallow", "points": 3}],
}


def frigate_way_brute_force(view, start, goal):
    """The least P(lost) of one hull-1 ship over every simple way (up to 8 jumps), each
    mined system entered on a first jump: it survives a field of p points unless afoul
    (2d6 + p ≥ 10) and a 6 among its p dice."""
    best = None
    for path in nx.all_simple_paths(view.board.subgraph(ROUTE), start, goal, cutoff=8):
        afloat = Fraction(1)
        for system in path[1:]:
            points = view.points(system, "Imperial")
            if points:
                afoul = Fraction(sum(1 for a in range(1, 7) for b in range(1, 7)
                                     if a + b + points >= 10), 36)
                afloat *= 1 - afoul * (1 - Fraction(5, 6) ** points)
        best = 1 - afloat if best is None else min(best, 1 - afloat)
    return best


def test_im18_named_target_ranks_by_the_chance_of_hurting_the_least_loss_way():
    """Aldermere is reached through Corvan or Fallow (3 points already). A's 1 point at
    Corvan leaves the way through Corvan the cheaper: 10/36 × 1/6 = 5/108. D's 2 points at
    Aldermere itself cannot be gone round: 2d6 + 2 ≥ 10 on a first jump, 15/36, and a 6
    among two dice, 11/36: 55/432 — the top choice. Both checked against every simple way."""
    g = imperium(segment=1, **CHOKE)
    view = g.observe("Imperial").view
    advice = RULESET.advise(view, Target("aldermere", "Aldermere"))
    assert [s.action for s in advice.suggestions] == [LayMines("D"), LayMines("A")]
    d, a = advice.suggestions
    assert d.stop == d.expected == Fraction(15, 36) * Fraction(11, 36) == Fraction(55, 432)
    assert a.stop == a.expected == Fraction(10, 36) * Fraction(1, 6) == Fraction(5, 108)
    for suggestion in advice.suggestions:
        after = copy.deepcopy(g.state)
        RULESET.apply(after, suggestion.action, _Scripted([]))
        assert frigate_way_brute_force(after, "eidolon", "aldermere") == suggestion.stop
    assert "T: Eidolon → Corvan → Aldermere, through Corvan (1)" in a.why
    assert "Aldermere" in advice.model and "first jump of a segment" in advice.model


def test_im18_im23_the_enemys_sweeper_counts_on_its_way_to_the_target():
    """The same, T now a minesweeper and a frigate: D's 2 points at Aldermere make the check
    2d6 + 2 − 1 ≥ 10 on a first jump, 10/36; then a 6 among two dice sinks each hull-1
    ship, 11/36: expected 10/36 × 2 × 11/36 = 55/324, P(≥1 lost) 10/36 × (1 − (25/36)²)."""
    fleets = [*CHOKE["fleets"][:2],
              {"id": "T", "side": "Terran", "system": "eidolon",
               "ships": {"minesweeper": 1, "frigate": 1}}]
    g = imperium(segment=1, **{**CHOKE, "fleets": fleets})
    advice = RULESET.advise(g.observe("Imperial").view, Target("aldermere", "Aldermere"))
    d = advice.suggestions[0]
    assert d.action == LayMines("D")
    assert d.expected == Fraction(55, 324)
    assert d.stop == Fraction(10, 36) * (1 - Fraction(25, 36) ** 2)


def test_im18_im23_least_loss_way_matches_every_simple_way_across_many_fields():
    """A frigate from Eidolon to Zephyr across eight Imperial fields of 1 to 5 points that
    no way avoids: the search's way is the least P(lost) of all 835 simple ways of up to 8
    jumps (hits adding up across fields, IM-23)."""
    points = {"lumen": 5, "marrow": 2, "pellucid": 1, "tessaly": 3, "quorra": 4, "rime": 2,
              "umber": 1, "wend": 2, "yarrow": 3, "xanthe": 1}
    fields = [{"owner": "Imperial", "system": k, "points": v} for k, v in points.items()]
    fleets = [{"id": "T", "side": "Terran", "system": "eidolon", "ships": {"frigate": 1}},
              {"id": "I", "side": "Imperial", "system": "sable", "ships": {"frigate": 1}}]
    g = imperium(segment=1, fleets=fleets, minefields=fields)
    way = least_loss_way(g.state, g.state.fleets["T"], "zephyr")
    assert way.jumps <= 8 and way.mined
    assert way.at_least_one == way.expected == \
        frigate_way_brute_force(g.state, "eidolon", "zephyr")


def test_a_target_with_a_way_round_every_field_costs_nothing_and_says_so():
    g = imperium(segment=1, **{**CHOKE, "minefields": []})
    advice = RULESET.advise(g.observe("Imperial").view, Target("halcyon", "Halcyon"))
    assert all(s.stop == 0 for s in advice.suggestions)
    assert "has a way round" in advice.nothing


# ---- the view rule ----------------------------------------------------------------------

def _with_terran_secrets(pellucid, lumen):
    fields = [{"owner": "Terran", "system": "pellucid", **pellucid},
              {"owner": "Terran", "system": "lumen", **lumen},
              {"owner": "Imperial", "system": "garnet-gate", "points": 2, "false": 2}]
    return imperium(segment=1, minefields=fields)


@pytest.mark.parametrize("target", [None, Target("aldermere", "Aldermere"),
                                    Target("pellucid", "Pellucid")])
def test_im08_advice_is_the_same_whatever_the_enemys_face_down_counters_hold(target):
    """Two games that differ only in what the Terran counters hide (as many backs in
    each): the Imperial advice is the same, to the last figure and word."""
    one = _with_terran_secrets({"points": 3, "false": 1}, {"false": 2})
    two = _with_terran_secrets({"points": 9, "false": 1}, {"points": 5, "false": 1})
    assert one.state.minefields != two.state.minefields
    a = RULESET.advise(one.observe("Imperial").view, target)
    b = RULESET.advise(two.observe("Imperial").view, target)
    assert lines(a) == lines(b)


# ---- the text beside the answer, nothing to advise, Cancel --------------------------------

def test_the_model_and_accuracy_are_said_beside_the_answer():
    advice = RULESET.advise(imperium(segment=1).observe("Imperial").view)
    assert advice.model == advisor.MODEL
    assert "next segment" in advice.model and "IM-32" in advice.model
    said = advice.lines()
    assert said[1] == f"model: {advisor.MODEL}"
    assert said[2] == "exact: all 1 lays examined, each figure an exact fraction under the model"


def test_out_of_time_the_bound_is_every_enemy_ship(monkeypatch):
    """Were time to run out, the unexamined lays could add at most every enemy ship the
    view shows (7 Terran ships): said beside the answer."""
    real = advisor.rank
    monkeypatch.setattr(advisor, "rank", lambda *a, **k: real(*a, **k, time_allowed=-1))
    advice = RULESET.advise(imperium(segment=1).observe("Imperial").view)
    assert not advice.exact and advice.considered == 0 and advice.bound == 7
    assert advice.accuracy() == ("searched 0 of 1 lays in the time allowed (in the order "
                                 "the rules list them), the rest left unexamined; none of them "
                                 "could score more "
                                 "than 7.00 (7)")


def test_im06_no_lay_in_construction_and_why():
    advice = RULESET.advise(imperium(segment=0).observe("Imperial").view)
    assert advice.suggestions == () and advice.total == 0
    assert advice.nothing == ("Imperial lays no mines in Construction: only in an action "
                              "segment (IM-06)")


def test_im09_no_lay_beside_an_enemy_fleet_and_why():
    fleets = [*IMPERIUM["fleets"],
              {"id": "X", "side": "Terran", "system": "corvan", "ships": {"frigate": 1}}]
    advice = RULESET.advise(imperium(segment=1, fleets=fleets).observe("Imperial").view)
    assert advice.suggestions == ()
    assert advice.nothing == ("Imperial can lay nowhere now: an enemy fleet is at Corvan; "
                              "mines are laid only in a system free of enemy fleets (IM-09)")


def test_im06_terran_without_a_minelayer_is_told_so():
    fleets = [f for f in IMPERIUM["fleets"] if f["id"] != "TER-2"]
    advice = RULESET.advise(imperium(segment=2, fleets=fleets).observe("Terran").view)
    assert advice.nothing == "Terran has no fleet with a minelayer (IM-06)"


def test_im01_without_the_variant_nothing_is_laid():
    fleets = [{"id": "W", "side": "Imperial", "system": "corvan", "ships": {"frigate": 1}}]
    g = imperium(segment=1, options={"mine_warfare": False}, fleets=fleets, minefields=[])
    advice = RULESET.advise(g.observe("Imperial").view)
    assert advice.nothing == "the mine-warfare variant is not in use in this game (IM-01)"


def test_cancel_raises_and_changes_nothing():
    g = imperium(segment=1)
    view = g.observe("Imperial").view
    before = RULESET.summary(view)
    with pytest.raises(Cancelled):
        RULESET.advise(view, progress=lambda done, total: False)
    assert RULESET.summary(view) == before


# ---- time -------------------------------------------------------------------------------

def test_advice_on_the_marches_takes_well_under_a_second_every_segment_and_target():
    """The one bundled imperium-mines scenario, each side's segments of the first turns,
    each lay made as it goes, with no target and with every system named."""
    g = imperium(segment=1)
    slowest = 0.0
    for _ in range(8):
        view = g.observe(g.state.active).view
        for target in [None, *RULESET.advice_targets(view)]:
            start = time.perf_counter()
            advice = RULESET.advise(view, target)
            slowest = max(slowest, time.perf_counter() - start)
            assert advice.exact
        for fleet in sorted(f.id for f in view.fleets.values() if f.side == view.active):
            if LayMines(fleet) in RULESET.legal_actions(view):
                play(g, "lay_mines", fleet=fleet)
        play(g, "end_phase")
    assert slowest < 1.0


def test_advice_with_every_free_system_mined_stays_under_a_second_per_target():
    """A long game's worst: Imperial points (1 to 5) in every system no Terran fleet holds;
    the Imperial advice for each of the 26 targets, and the Terran opponent's ways on the
    truth (every point known), each well under a second."""
    taken = {f["system"] for f in IMPERIUM["fleets"] if f["side"] == "Terran"}
    g = imperium(segment=1)
    fields = [{"owner": "Imperial", "system": s, "points": 1 + i % 5}
              for i, s in enumerate(sorted(g.state.board.places)) if s not in taken]
    g = imperium(segment=1, minefields=fields)
    view = g.observe("Imperial").view
    slowest = 0.0
    for target in RULESET.advice_targets(view):
        start = time.perf_counter()
        RULESET.advise(view, target)
        slowest = max(slowest, time.perf_counter() - start)
    for fleet in ("TER-1", "TER-2", "TER-3"):
        start = time.perf_counter()
        assert least_loss_way(g.state, g.state.fleets[fleet], "aldermere").mined
        slowest = max(slowest, time.perf_counter() - start)
    assert slowest < 1.0
