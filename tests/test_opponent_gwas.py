"""gwas-tactical's opponent for solo play (issue 30, deliverable 4): the stated policy, its
choices on its own side's view only — the same whichever of the other side's counters are
mines — the least-loss way round a field, GT-13's step out of a mined hex, and a scripted
solo game on the bundled Horns Reef scenario played through ``core.opponent.choose`` and
``Game.play`` like clicks."""

from __future__ import annotations

from typing import Any

from mineboard.core.opponent import TURN_LIMIT, Choice, choose
from mineboard.rules.gwas_tactical.actions import (
    CrossBoundary,
    EndPhase,
    MoveShips,
    PlaceCounter,
)
from mineboard.rules.gwas_tactical.ways import least_loss_way
from tests.conftest import jutland, play
from tests.test_advice_gwas import british_setup_after, horns_reef_german_setup
from tests.test_gwas_engine import battle

RING = ["1409", "1410", "1509", "1511", "1609", "1610"]  # the hexes round 1510


def surrounded(kinds: list[bool], lion: str = "1210") -> Any:
    """Seydlitz in 1510 ringed by German face-down counters: two in every neighbour but
    1609, which holds one; ``kinds`` says which of the eleven are mines. British Lion in
    ``lion``, the British to move on impulse 1."""
    counters = []
    for label in RING:
        for _ in range(1 if label == "1609" else 2):
            counters.append(("German", label, kinds[len(counters)], False))
    return battle([{"id": "Seydlitz", "side": "German", "type": "battlecruiser",
                    "hex": "1510"},
                   {"id": "Lion", "side": "British", "type": "battlecruiser", "hex": lion}],
                  counters=counters, step=1)


def program(g, side: str) -> Choice:
    return choose(g.ruleset, g.observe(side).view)


def test_the_policy_is_stated_with_its_clauses():
    from mineboard.rules.gwas_tactical.ruleset import RULESET
    policy = RULESET.opponent_policy
    for said in ["fewest likely mines", "weighed as a mine", "nearest hex holding an enemy "
                 "ship", "GT-02", "GT-04", "GT-06", "GT-07", "GT-10", "GT-13",
                 "seeing only what its side may see"]:
        assert said in policy, said


def test_gt02_in_the_approach_it_rolls_for_every_crossing_ship_then_ends():
    g = jutland()
    play(g, "end_phase")
    first = program(g, "British")
    assert first.action == CrossBoundary(("Lion", "Tiger")) and "GT-02" in first.why
    play(g, "cross_boundary", rolls=[1, 1], ships=["Lion", "Tiger"])
    assert program(g, "British").action == EndPhase()


def test_gt06_gt11_in_setup_it_lays_the_advisors_top_mine_then_dummies_nearest_the_enemy():
    g = horns_reef_german_setup()
    best = g.ruleset.advise(g.observe("German").view).suggestions[0]
    choice = program(g, "German")
    assert choice.action == best.action == PlaceCounter("0612", True)
    for _ in range(6):  # the German may lay 6 mines of 11 (GT-04)
        g.play(program(g, "German").action, by="German")
    assert g.state.placed("German") == (6, 0)
    dummy = program(g, "German").action
    assert dummy == PlaceCounter("0510", False)  # next to Lion in 0610 (GT-05)
    for _ in range(5):
        g.play(program(g, "German").action, by="German")
    assert g.state.placed("German") == (6, 5)
    assert program(g, "German").action == EndPhase()  # GT-07 and GT-08 are met


def test_gt10_its_setup_lays_are_the_same_whichever_german_counters_are_mines():
    """The British program lays its four counters alike in two games that differ only in
    whether the German counter in 0711 is a mine."""
    games = [british_setup_after(True), british_setup_after(False)]
    lays: list[list[Any]] = [[], []]
    for g, seen in zip(games, lays, strict=True):
        while g.state.phase == "setup" and g.state.active == "British":
            action = program(g, "British").action
            seen.append(action)
            g.play(action, by="British")
    assert lays[0] == lays[1] and len(lays[0]) == 5  # four counters, then the phase ends
    assert sum(isinstance(a, PlaceCounter) and a.mine for a in lays[0]) == 2


def test_gt10_it_goes_round_a_field_it_cannot_see_under_by_the_other_way():
    """Without counters Lion (0910) heads for Seydlitz (1510) by 1009–1109–1208; with
    German counters on those three hexes it takes the other way of the same length."""
    ships = [{"id": "Seydlitz", "side": "German", "type": "battlecruiser", "hex": "1510"},
             {"id": "Lion", "side": "British", "type": "battlecruiser", "hex": "0910"}]
    clear = battle(ships, step=1)
    assert program(clear, "British").action == MoveShips(("Lion",),
                                                         ("0910", "1009", "1109", "1208"))
    field = battle(ships, step=1, counters=[("German", "1009", True, False),
                                            ("German", "1109", False, False),
                                            ("German", "1208", True, False)])
    choice = program(field, "British")
    assert choice.action == MoveShips(("Lion",), ("0910", "1010", "1110", "1209"))
    assert "fewest likely mines" in choice.why


def test_gt11_ringed_in_it_takes_the_hex_with_the_fewest_counters_whatever_they_are():
    """Every way to 1510 enters a ringed hex; 1609 holds one counter and the others two
    (+1 each if mines, GT-11), so Lion goes round to 1609 — and plays the very same move
    whichever of the eleven counters are mines, none or all."""
    kinds = [[True] * 11, [False] * 11, [i % 2 == 0 for i in range(11)],
             [i % 3 == 0 for i in range(11)]]
    choices = {program(surrounded(k), "British").action for k in kinds}
    assert choices == {MoveShips(("Lion",), ("1210", "1209", "1309", "1408"))}
    view = surrounded(kinds[0]).observe("British").view
    way = least_loss_way(view, "British", [view.ships["Lion"]], "1210", "1510")
    assert way == ("1210", "1209", "1309", "1408", "1508", "1608", "1609", "1510")


def test_gt13_a_ship_next_to_its_goal_in_a_face_up_minefield_steps_out():
    g = battle([{"id": "Seydlitz", "side": "German", "type": "battlecruiser", "hex": "1510"},
                {"id": "Lion", "side": "British", "type": "battlecruiser", "hex": "1409"}],
               counters=[("German", "1409", True, True)], step=1)
    choice = program(g, "British")
    assert choice.action == MoveShips(("Lion",), ("1409", "1410"))
    assert "GT-13" in choice.why
    g.play(choice.action, by="British")
    assert program(g, "British").action == EndPhase()  # it has moved this impulse


def test_a_ship_next_to_its_goal_on_safe_water_stays_and_the_phase_ends():
    g = battle([{"id": "Seydlitz", "side": "German", "type": "battlecruiser", "hex": "1510"},
                {"id": "Lion", "side": "British", "type": "battlecruiser", "hex": "1409"}],
               step=1)
    assert program(g, "British").action == EndPhase()


def test_over_once_a_side_has_no_ship_on_the_map_in_the_battle():
    g = battle([{"id": "Seydlitz", "side": "German", "type": "battlecruiser", "hex": "1510"}])
    assert g.ruleset.over(g.state) == "no British ship is left on the tactical map"
    both = battle([{"id": "Seydlitz", "side": "German", "type": "battlecruiser",
                    "hex": "1510"},
                   {"id": "Lion", "side": "British", "type": "battlecruiser", "hex": "1409"}])
    assert both.ruleset.over(both.state) is None
    assert jutland().ruleset.over(jutland().state) is None  # before the battle: goes on


GERMAN_LAYS = [("0612", True), ("0613", True), ("0711", True), ("2204", True),
               ("2205", True), ("1318", True), ("1010", False), ("1011", False),
               ("1012", False), ("1013", False), ("1014", False)]


def test_solo_horns_reef_the_british_program_plays_its_turns_through_the_game():
    """The German player is scripted (its eleven counters, then it ends every impulse);
    the British are the program, each move chosen on the British view alone and played by
    ``Game.play`` as the British — checked there like a click, logged, undoable."""
    g = jutland()
    lays = list(GERMAN_LAYS)
    played: list[Any] = []
    steps_seen = []
    while (g.state.turn, g.state.impulse) < (1, 4) or g.state.phase != "battle":
        steps_seen.append((g.state.turn, g.state.position))
        if g.state.active == "German":
            if g.state.phase == "setup" and lays:
                hex_, mine = lays.pop(0)
                play(g, "place_counter", hex=hex_, mine=mine)
            else:
                play(g, "end_phase")
            continue
        for _ in range(TURN_LIMIT):
            if g.state.active != "British":
                break
            choice = program(g, "British")
            record = g.play(choice.action, by="British")  # refused unless legal
            played.append(choice.action)
            if isinstance(choice.action, MoveShips) and not record.commits and \
                    len(played) < 12:
                g.undo()  # the program's move undoes like a player's, and redoes
                assert g.redo().action == choice.action
        else:
            raise AssertionError("the program did not end its turn")
    kinds = [type(a).__name__ for a in played]
    assert kinds[0] == "CrossBoundary" and kinds.count("PlaceCounter") == 4
    assert kinds.count("MoveShips") >= 4 and kinds.count("EndPhase") >= 5
    assert steps_seen == sorted(steps_seen)  # the game only moves on
    assert g.state.phase == "battle" and g.state.impulse == 4
    british = [c for c in g.state.counters if c.owner == "British"]
    assert len(british) == 4
    assert sum(c.mine for c in british) == 2  # GT-04: 2 of 4, both near the SW (GT-07)
    moves = [a for a in played if isinstance(a, MoveShips)]
    assert not any(set(m.path[1:]) & {"1010", "1011", "1012", "1013", "1014"}
                   for m in moves)  # round the German dummies it cannot tell from mines
