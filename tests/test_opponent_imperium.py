"""The solo opponent of imperium-mines (issue 30, deliverable 4): it lays where the advisor
says, jumps by the least-loss way its view allows, plays only legal orders through the
game like a player (log, undo), sees only its side's view, and never stalls a game."""

from __future__ import annotations

import copy
from fractions import Fraction

from mineboard.core.opponent import TURN_LIMIT, choose
from mineboard.rules.imperium_mines import opponent
from mineboard.rules.imperium_mines.actions import EndPhase, Jump, LayMines
from mineboard.rules.imperium_mines.ruleset import RULESET
from mineboard.rules.imperium_mines.ways import least_loss_way, this_segment
from tests.conftest import IMPERIUM, imperium, play

LUMEN_FIELD = [*IMPERIUM["minefields"], {"owner": "Imperial", "system": "lumen", "points": 2}]


def solo(g, opponent_side, segments):
    """The opponent plays ``opponent_side`` by :func:`choose` on its own view, through
    ``Game.play``; the player at the screen ends each of its phases. Returns the
    opponent's orders, each checked legal on the truth before it is played."""
    played = []
    for _ in range(segments):
        side = g.state.active
        if side != opponent_side:
            play(g, "end_phase")
            continue
        for _n in range(TURN_LIMIT):
            picked = choose(RULESET, g.observe(side).view)
            RULESET.check(g.state, picked.action)  # legal on the full state too
            played.append((g.state.turn, g.state.segment, picked.action))
            g.play(picked.action)
            if isinstance(picked.action, EndPhase):
                break
        else:
            raise AssertionError("the opponent never ended its phase")
    return played


def test_im14_solo_terran_goes_round_the_imperial_field_at_lumen():
    """The Terran opponent plays two turns of the Marches against a player who only ends
    phases. Its goal is Aldermere, the Imperial home. With Imperial counters at Lumen its
    cruiser fleet TER-1 leaves the five-jump ways through Lumen (and Garnet Gate's) for the
    clean one through Rime, Nadir, Jovane and Fallow; without them it goes through Lumen.
    TER-2's minelayer lays at Quorra first, as the advisor ranks it."""
    g = imperium(segment=0, minefields=LUMEN_FIELD)
    played = solo(g, "Terran", 12)  # two turns of six phases
    assert g.state.turn == 3 and g.state.phase == "construction"
    ter1 = [a.path for _t, _s, a in played if isinstance(a, Jump) and a.fleets == ("TER-1",)]
    assert ter1 == [("tessaly", "rime", "nadir"), ("nadir", "jovane", "fallow"),
                    ("fallow", "aldermere")]
    assert g.state.fleets["TER-1"].system == "aldermere"
    assert played[1] == (1, 2, LayMines("TER-2"))
    assert sum(isinstance(a, LayMines) for _t, _s, a in played) == 4  # one a segment
    segments = {(t, s) for t, s, _a in played}
    assert len(segments) == 6  # it ended each of its phases and the game moved on

    plain = imperium(segment=0)
    first = [a for _t, _s, a in solo(plain, "Terran", 4)
             if isinstance(a, Jump) and a.fleets == ("TER-1",)]
    assert first == [Jump(("TER-1",), ("tessaly", "pellucid", "lumen"))]


def test_opponents_moves_are_logged_and_undone_like_a_players():
    g = imperium(segment=2)
    before = RULESET.summary(g.state)
    picked = choose(RULESET, g.observe("Terran").view)
    assert picked.action == LayMines("TER-2")
    record = g.play(picked.action)
    assert record.action == picked.action
    g.undo()
    assert RULESET.summary(g.state) == before


def test_the_mine_layer_plays_the_advisors_top_choice():
    g = imperium(segment=1)
    view = g.observe("Imperial").view
    top = RULESET.advise(view).suggestions[0]
    picked = RULESET.opponent_move(view)
    assert picked.action == top.action == LayMines("IMP-2")
    assert "77/216" in picked.why


def test_im08_the_opponent_moves_the_same_whatever_the_enemy_counters_hide():
    """Two games that differ only in what the Imperial counters at Lumen hide: the Terran
    opponent's orders are the same, since it sees only backs."""
    real = imperium(segment=2, minefields=LUMEN_FIELD)
    false = [*IMPERIUM["minefields"], {"owner": "Imperial", "system": "lumen", "false": 1}]
    dummy = imperium(segment=2, minefields=false)
    assert real.state.minefields != dummy.state.minefields
    orders = []
    for g in (real, dummy):
        moves = []
        for _ in range(4):
            picked = choose(RULESET, g.observe("Terran").view)
            moves.append((picked.action, picked.why))
            g.play(picked.action)
        orders.append(moves)
    assert orders[0] == orders[1]


def test_im18_with_the_points_known_the_way_is_the_least_expected_loss():
    """On a view that knows the Imperial points (the teacher's), a frigate at Eidolon bound
    for Aldermere goes round by Garnet Gate, Halcyon and Fallow through 1 point rather than
    through Corvan's 4: 10/36 × 1/6 = 5/108 against 26/36 × 671/1296."""
    fleets = [{"id": "T", "side": "Terran", "system": "eidolon", "ships": {"frigate": 1}},
              {"id": "I", "side": "Imperial", "system": "zephyr", "ships": {"frigate": 1}}]
    fields = [{"owner": "Imperial", "system": "corvan", "points": 4},
              {"owner": "Imperial", "system": "fallow", "points": 1}]
    g = imperium(segment=2, fleets=fleets, minefields=fields)
    way = least_loss_way(g.state, g.state.fleets["T"], "aldermere")
    assert way.path == ("eidolon", "garnet-gate", "halcyon", "fallow", "aldermere")
    assert way.expected == way.at_least_one == Fraction(5, 108)
    corvan = Fraction(26, 36) * Fraction(671, 1296)
    assert corvan > Fraction(5, 108)
    # its own view knows no Imperial points: both ways cost 0, it takes the one with
    # fewer systems of enemy counters (one each) and then fewer jumps: through Corvan
    own = least_loss_way(g.observe("Terran").view, g.state.fleets["T"], "aldermere")
    assert own.path == ("eidolon", "corvan", "aldermere") and own.expected == 0


def test_im32_it_enters_enemy_counters_only_on_a_first_jump():
    """TER-3 (3 jumps), put at Pellucid and bound for Garnet Gate's Imperial counters two
    jumps away, stops at Lumen, so that it enters Garnet Gate on the first jump of its next
    segment."""
    g = imperium(segment=2)
    view = g.observe("Terran").view
    fleet = copy.deepcopy(view.fleets["TER-3"])
    fleet.system = "pellucid"
    way = least_loss_way(view, fleet, "garnet-gate")
    assert way.path == ("pellucid", "lumen", "garnet-gate") and way.halts == 1
    assert this_segment(view, fleet, way, lambda s: bool(view.enemy_counters(s, "Terran"))) \
        == ("pellucid", "lumen")


def test_in_construction_it_ends_the_phase():
    g = imperium(segment=0)
    picked = choose(RULESET, g.observe("Imperial").view)
    assert picked.action == EndPhase() and picked.why == "nothing more to do in this phase"


def test_the_policy_is_said_with_its_clauses():
    assert RULESET.opponent_policy == opponent.POLICY
    for clause in ("IM-05", "IM-06", "IM-08", "IM-14", "IM-32"):
        assert clause in opponent.POLICY
    assert RULESET.over(imperium().state) is None  # neither the seed nor the scenario ends
