"""asl-minefields, the solo opponent (rules/asl_minefields/opponent.py): the defender lays
the advisor's best until its pool is spent, the attacker walks each unit by its least-loss
way towards the nearest hex an enemy holds — round a field it knows of, straight through
one it does not — and a whole solo game moves on through ``core.opponent.choose`` and
``Game.play``, every action checked as a player's."""

from __future__ import annotations

from typing import Any

from mineboard.core.game import Game
from mineboard.core.opponent import TURN_LIMIT, choose
from mineboard.persistence.documents import read_document
from mineboard.persistence.scenario import scenario_from_data
from mineboard.resources import maps_dir, resolve_scenario
from mineboard.rules.asl_minefields.moving import AmPlanMove
from mineboard.rules.asl_minefields.setup import left
from mineboard.rules.common.actions import EndPhase
from mineboard.rules.common.moves import StepOn

GERMAN, AMERICAN = "German", "American"


def bundled(name: str, seed: int = 1) -> Game[Any]:
    doc = read_document(resolve_scenario(name), "scenario", "save")
    return scenario_from_data(doc.data, doc.where, doc.folder).new_game(seed)


def moving(fields: list[dict[str, Any]], seed: int = 3) -> Game[Any]:
    """The American Movement Phase on the demo board: a squad at A3, the German at G3."""
    data = {"mineboard_scenario": 1, "ruleset": "asl-minefields", "map": "asl-demo-board",
            "title": "opponent test", "phase": "movement", "side": AMERICAN,
            "sides": [{"name": GERMAN, "pool": 24, "minefields": fields},
                      {"name": AMERICAN, "pool": 0, "must_capture": True}],
            "units": [{"id": "G1", "side": GERMAN, "type": "squad", "hex": "G3"},
                      {"id": "A1", "side": AMERICAN, "type": "squad", "hex": "A3"}]}
    return scenario_from_data(data, "opponent test", maps_dir() / "scenarios").new_game(seed)


def opponent_plays(g: Game[Any]) -> Any:
    """One move of the opponent for the side to move, from that side's view, played as a
    player's move is (checked on what that side knows)."""
    side = g.state.to_move
    choice = choose(g.ruleset, g.observe(side).view)
    g.play(choice.action, by=side)
    return choice


def first_plan(g: Game[Any]) -> AmPlanMove:
    choice = opponent_plays(g)
    assert isinstance(choice.action, AmPlanMove), choice
    return choice.action


# ---- the defender --------------------------------------------------------------------------
def test_am02_the_defender_lays_the_advisors_best_until_its_pool_is_spent():
    g = bundled("asl-velden-crossroads")
    laid = []
    while g.state.phase == "setup" and g.state.to_move == GERMAN:
        view = g.observe(GERMAN).view
        best = g.ruleset.advise(view).best
        choice = opponent_plays(g)
        if isinstance(choice.action, EndPhase):
            break
        assert choice.action == best[0].action and "the advisor's best" in choice.why
        laid.append(choice.action)
    assert len(laid) >= 2
    assert left(g.state, GERMAN) < 3  # too little left for an A-T factor (AM-25)
    assert g.state.to_move == AMERICAN
    # the American sees none of it (AM-03): no field in its view, no pool spent
    view = g.observe(AMERICAN).view
    assert not view.minefields.get(GERMAN) and view.pools[GERMAN].hidden


# ---- the attacker's way -----------------------------------------------------------------------
def test_am05_the_attacker_goes_the_cheapest_way_when_it_knows_of_no_field():
    plan = first_plan(moving([]))
    assert plan.path == ("A3", "B2", "C3", "D2", "E2")


def test_am12_the_attacker_walks_round_a_field_it_knows_of():
    g = moving([{"hex": "C3", "ap": 12}])
    found = g.state.minefields[GERMAN]["C3"]
    found.ap_known = found.ap_strength_known = True  # revealed earlier (AM-05, AM-06)
    choice = opponent_plays(g)
    assert isinstance(choice.action, AmPlanMove)
    assert "C3" not in choice.action.path
    assert choice.action.path == ("A3", "B2", "C2", "D2")  # through the building, 4 MF
    assert "crossing no minefield it knows of" in choice.why


def test_am06_a_field_of_unknown_strength_is_walked_round_too():
    g = moving([{"hex": "C3", "ap": 12}])
    g.state.minefields[GERMAN]["C3"].ap_known = True  # its type known, not its strength
    assert "C3" not in first_plan(g).path


def test_am03_a_field_it_does_not_know_of_changes_nothing():
    g = moving([{"hex": "C3", "ap": 12}, {"hex": "D2", "ap": 8}])
    assert first_plan(g).path == first_plan(moving([])).path  # straight into both


def test_am12_boxed_in_it_crosses_the_field_that_stops_it_least():
    g = moving([{"hex": "A2", "ap": 12}, {"hex": "B2", "ap": 6}, {"hex": "B3", "ap": 12},
                {"hex": "A4", "ap": 12}])
    for f in g.state.minefields[GERMAN].values():
        f.ap_known = f.ap_strength_known = True
    choice = opponent_plays(g)
    assert isinstance(choice.action, AmPlanMove)
    assert choice.action.path[1] == "B2" and "crossing hex B2" in choice.why


# ---- a solo game ---------------------------------------------------------------------------------
def test_a_solo_game_moves_on_with_every_action_a_legal_one():
    g = bundled("asl-village-minefield", seed=11)
    phases = [(g.state.turn, g.state.position)]
    in_phase = 0
    steps = 0
    while g.state.turn < 3:
        choice = opponent_plays(g)  # refused moves raise: every one is legal for its side
        assert not g.ruleset.invariants(g.state)
        steps += isinstance(choice.action, StepOn)
        if (g.state.turn, g.state.position) != phases[-1]:
            phases.append((g.state.turn, g.state.position))
            in_phase = 0
        in_phase += 1
        assert in_phase < TURN_LIMIT
    assert len(phases) >= 8 and steps > 0  # every phase of two turns, and units walked
    moved = [u for u in g.state.units.values() if u.side == AMERICAN and u.hex not in
             (None, "A2", "A3", "A4")]
    assert moved  # the Americans left their start towards the German
    assert g.ruleset.opponent_policy and "least-loss way" in g.ruleset.opponent_policy


def test_am03_the_opponent_plays_the_same_whatever_the_other_sides_secret():
    one = moving([{"hex": "H3", "ap": 12}])
    other = moving([{"hex": "E2", "ap": 6}, {"hex": "B2", "ap": 8}])
    # the plan and its first step are chosen before any field makes itself known
    for _ in range(2):
        assert opponent_plays(one) == opponent_plays(other)
