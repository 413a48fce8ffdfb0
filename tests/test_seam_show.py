"""The issue 26 "Shows" ruleset (tests/seam_ruleset) clause by clause, on the rules alone:
two joined boards and painted terrain (SR-6), the going and its costs (SR-6), a field laid
where the other side may not know (SR-7) and the Deep's crossing settled outside the rules
(SR-8). The moves, orders and fields of SR-1 to SR-5 are tests/test_moves.py's and
tests/test_standing_orders.py's; the conformance suite is tests/test_seam_conformance.py's;
the window's tests/test_seam_window.py's."""

from __future__ import annotations

from typing import Any

import pytest

from mineboard.core.errors import IllegalAction
from mineboard.core.events import CountersPlaced
from mineboard.core.hidden_place import PlacedSomewhere
from mineboard.core.moves import MoveStopped
from mineboard.core.planning import Selection
from tests.conftest import play
from tests.seam_ruleset import seam_scenario
from tests.seam_ruleset.ruleset import LayField

pytestmark = pytest.mark.usefixtures("seam")


def quiet() -> Any:
    """No orders and no fields: nothing but the going stops a move."""
    return seam_scenario(sides=[{"name": "Red"}, {"name": "Blue"}]).new_game(3)


def lines(record: Any) -> list[str]:
    return [e.line() for e in record.events]


def refusal(g: Any, kind: str, **fields: Any) -> tuple[str, str]:
    before = g.ruleset.summary(g.state)
    with pytest.raises(IllegalAction) as info:
        play(g, kind, **fields)
    assert g.ruleset.summary(g.state) == before
    return info.value.clause, info.value.reason


# ---- SR-6: the board ------------------------------------------------------------------------
def test_sr6_two_joined_boards_name_their_hexes_and_share_a_column():
    board = seam_scenario().board
    grid = board.grid
    hexes = sorted(p.id for p in board.places_of("hex"))
    assert (len(hexes), hexes[:3], hexes[-3:]) == (55, ["1A1", "1A2", "1A3"],
                                                   ["2E3", "2E4", "2E5"])
    assert grid.from_label("2A3") == grid.from_label("1G3")  # one hex, two printed labels
    assert "2A3" not in board.places  # stored under the first board's label
    assert sorted(board.adjacent["1G1"]) == ["1F1", "1G2", "2B1"]  # across the seam


def test_sr6_painted_terrain_becomes_each_hexs_terrain_and_the_deep_links_two_entries():
    board = seam_scenario().board
    terrain: dict[str, list[str]] = {}
    for p in board.places_of("hex"):
        terrain.setdefault(p.props["terrain"], []).append(p.id)
    assert sorted(terrain["woods"]) == ["1C1", "1D1"]
    assert sorted(terrain["sea"]) == ["2C1", "2C2", "2C4", "2C5", "2D1", "2D2", "2D4",
                                      "2D5", "2E1", "2E2", "2E4", "2E5"]
    assert {w.id: w.props for w in board.ways_of("box_link")} == {
        "2E1|DEEP": {"link_cost": 2}, "2E5|DEEP": {"link_cost": 3}}


# ---- SR-6: the going -----------------------------------------------------------------------
def test_sr6_a_squad_pays_two_for_the_copse_and_is_refused_where_its_points_run_out():
    g = quiet()
    across = ["1A1", "1B1", "1C1", "1D1", "1E1", "1F1", "1G1"]  # 1 + 2 + 2 + 1 + 1 + 1
    assert refusal(g, "plan_move", units=["R2"], path=[*across, "2B1"]) == (
        "SR-6", "hex 2B1 is 9 MP away; at most 8 may be spent")
    assert lines(play(g, "plan_move", units=["R2"], path=across)) == [
        "SR-1: R2 sets out for hex 1G1 (6 steps)"]


@pytest.mark.parametrize(("units", "path", "reason"), [
    (["R1"], ["1A3", "1B3", "1B4"], None),
    (["S1"], ["2E1", "2E2", "2E3"], "boats keep to water: hex 2E3 is open"),
    (["S1"], ["2E1", "2D1", "2D2", "2D3"], "boats keep to water: hex 2D3 is open"),
])
def test_sr6_squads_keep_to_land_and_boats_to_water(units, path, reason):
    g = quiet()
    if reason is None:
        play(g, "plan_move", units=units, path=path)
        return
    assert refusal(g, "plan_move", units=units, path=path) == ("SR-6", reason)


def test_sr6_a_squad_may_not_wade_into_a_bay():
    g = quiet()
    g.state.units["R1"].place = "2B1"
    assert refusal(g, "plan_move", units=["R1"], path=["2B1", "2C1"]) == (
        "SR-6", "squads keep to land: hex 2C1 is sea")


def test_sr6_a_boats_path_through_the_deep_costs_its_links():
    g = quiet()
    assert refusal(g, "plan_move", units=["S1"], path=["2E1", "DEEP", "2E5", "2D5", "2C5"]) == (
        "SR-6", "hex 2C5 is 7 hexes away; at most 6 may be spent")
    assert lines(play(g, "plan_move", units=["S1"], path=["2E1", "DEEP", "2E5", "2D5"])) == [
        "SR-1: S1 sets out for hex 2D5 (3 steps)"]


@pytest.mark.parametrize(("unit", "at", "text"), [
    ("S1", "2D5", "To hex 2D5: 6 hexes (of 6)"),
    ("S1", "2C5", "To hex 2C5: 7 hexes (of 6) · stops at hex 2C5 — SR-6: hex 2C5 is 7 hexes "
                  "away; at most 6 may be spent"),
    ("S1", "2C2", "To hex 2C2: 2 hexes (of 6)"),
    ("R1", "1F1", "To hex 1F1: 5 MP (of 8)"),
    ("R2", "1E1", "To hex 1E1: 5 MP (of 8)"),
])
def test_sr6_the_route_under_the_pointer_says_its_length_and_where_it_stops(unit, at, text):
    g = quiet()
    view = g.observe("Red").view
    place = view.units[unit].place
    report = g.ruleset.route_report(view, Selection(place, (unit,)), view.board.ref(at))
    assert report.text() == text


def test_sr6_no_route_reaches_a_place_a_squad_may_not_enter():
    g = quiet()
    g.state.units["R1"].place = "2B1"
    view = g.observe("Red").view
    report = g.ruleset.route_report(view, Selection("2B1", ("R1",)), view.board.ref("2C1"))
    assert (report.legal, report.text()) == (
        False, "To hex 2C1 — SR-6: hex 2C1 is sea, which this move may not enter")


# ---- SR-7: a field whose place is the secret -------------------------------------------------
def blue_lays() -> tuple[Any, Any]:
    g = seam_scenario().new_game(3)
    play(g, "end_phase")
    return g, play(g, "lay_field", side="Blue", at="1G5")


def test_sr7_a_field_laid_in_play_is_placed_for_its_owner_and_counted_for_the_other():
    g, laid = blue_lays()
    assert lines(laid) == ["SR-7: Blue lays a hidden minefield at hex 1G5"]
    event = laid.events[0]
    assert isinstance(event, CountersPlaced) and event.place_secret
    assert (event.secret_to, event.at.id) == ("Blue", "1G5")  # the owner's log keeps where
    red = g.observe("Red")
    assert [e.line() for e in red.events_of(laid)] == ["SR-7: Blue places a face-down counter"]
    assert red.events_of(laid)[0].at is None
    assert (red.view.minefields, red.view.unplaced) == ({}, {"Blue": 2})
    assert g.observe("Blue").view.minefields == {"1D3": "Blue", "1G5": "Blue"}
    assert (g.state.unplaced, g.state.to_lay) == ({}, {"Red": 1, "Blue": 0})


def test_sr7_the_stand_in_names_no_place_and_stands_in_for_itself():
    g, laid = blue_lays()
    rules = g.ruleset
    assert rules.stand_in(laid.action) == PlacedSomewhere("Blue")
    assert rules.stand_in(PlacedSomewhere("Blue")) == PlacedSomewhere("Blue")
    # what the receiving program judges of it without the place: whose turn, how many left
    with pytest.raises(IllegalAction) as info:
        rules.check(g.state, PlacedSomewhere("Blue"))
    assert (info.value.clause, info.value.reason) == ("SR-7", "Blue has no field left to lay")
    with pytest.raises(IllegalAction) as info:
        rules.check(g.state, PlacedSomewhere("Red"))
    assert info.value.reason == "it is Blue's move, not Red's"


def test_sr7_the_stand_in_played_leaves_the_world_as_the_other_side_sees_the_truth():
    g, _laid = blue_lays()
    world = seam_scenario().new_game(3)
    play(world, "end_phase")
    world.play(PlacedSomewhere("Blue"), checked=False)  # as a world of stand-ins replays it
    rules = g.ruleset
    assert rules.view(world.state, "Red") == rules.view(g.state, "Red")
    assert [e.line() for e in world.observe("Red").events()] == \
        [e.line() for e in g.observe("Red").events()]


@pytest.mark.parametrize(("at", "reason"), [
    ("1A1", "none of Blue's squads stands at 1A1"),
])
def test_sr7_a_field_is_laid_only_under_ones_own_squad(at, reason):
    g = seam_scenario().new_game(3)
    play(g, "end_phase")
    assert refusal(g, "lay_field", side="Blue", at=at) == ("SR-7", reason)


def test_sr7_a_side_lays_only_the_fields_it_has_and_only_in_its_own_turn():
    g, _laid = blue_lays()
    assert refusal(g, "lay_field", side="Blue", at="1G5") == (
        "SR-7", "Blue has no field left to lay")
    assert refusal(g, "lay_field", side="Red", at="1A3") == (
        "TURN", "it is Blue's move, not Red's")
    with pytest.raises(IllegalAction) as info:
        g.play(LayField("Red", "1A3"), by="Red")
    assert info.value.reason == "it is Blue's move, not Red's"


def test_sr7_a_laid_field_attacks_the_enemy_that_enters_it():
    g = quiet()
    play(g, "end_phase")
    play(g, "lay_field", side="Blue", at="1G5")
    play(g, "plan_move", units=["B1"], path=["1G5", "1G4"])
    play(g, "step")
    play(g, "end_phase")
    g.state.units["R1"].place = "1F5"
    play(g, "plan_move", units=["R1"], path=["1F5", "1G5"])
    entered = play(g, "step", rolls=[3])
    assert lines(entered) == ["SR-1: R1 enters hex 1G5",
                              "SR-3: Blue's minefield at hex 1G5 shows itself",
                              "SR-3: minefield attack at hex 1G5: rolled 3",
                              "SR-3: the minefield at hex 1G5 stops R1 (rolled 3)"]
    assert g.observe("Red").view.minefields == {"1G5": "Blue"}
    assert g.observe("Red").view.unplaced == {}


# ---- SR-8: the crossing of the Deep, from outside the rules ---------------------------------
def into_the_deep() -> tuple[Any, Any]:
    g = quiet()
    play(g, "plan_move", units=["S1"], path=["2E1", "DEEP", "2E5", "2D5"])
    return g, play(g, "step")


def test_sr8_a_boat_entering_the_deep_waits_for_the_crossings_result():
    g, entered = into_the_deep()
    assert lines(entered) == [
        "SR-1: S1 enters the Deep",
        "SR-8: S1's crossing of the Deep is settled outside these rules: Red enters its "
        "result, Blue accepts it"]
    assert (g.state.to_move, g.state.phase_label) == (
        "Red", "Red enters the result of S1's crossing of the Deep")
    assert refusal(g, "step") == (
        "SR-8", "the game waits for Red to enter the result of S1's crossing of the Deep first")
    assert refusal(g, "accept_result") == (
        "RESULT", "the result of S1's crossing of the Deep is not entered yet: Red enters it "
                  "first")


def test_sr8_the_mover_enters_it_and_the_other_side_accepts_it_the_deep_holding_the_boat():
    g, _entered = into_the_deep()
    entered = play(g, "crossing_result", fate="held")
    assert lines(entered) == ["SR-8: Red enters the result of S1's crossing of the Deep: "
                              "Fate: held"]
    assert entered.hands_over and g.state.to_move == "Blue"
    accepted = play(g, "accept_result")
    assert lines(accepted) == [
        "SR-8: Blue accepts the result of S1's crossing of the Deep: Fate: held",
        "SR-8: the weather holds S1 in the Deep"]
    assert isinstance(accepted.events[-1], MoveStopped)
    assert (g.state.to_move, g.state.move.stopped.clause) == ("Red", "SR-8")
    assert refusal(g, "step") == ("SR-8", "the move stopped at the Deep: the weather holds "
                                          "S1 in the Deep")


def test_sr8_a_boat_let_through_goes_on_to_the_south_bay():
    g, _entered = into_the_deep()
    play(g, "crossing_result", fate="through")
    disputed = play(g, "dispute_result", why="it was a calm day")
    assert lines(disputed) == ["SR-8: Blue disputes the result of S1's crossing of the Deep "
                               "(it was a calm day): Red enters it again"]
    play(g, "crossing_result", fate="through")
    assert lines(play(g, "accept_result"))[-1] == "SR-8: the weather lets S1 through " \
                                                  "the Deep"
    play(g, "step")
    assert lines(play(g, "step")) == ["SR-1: S1 enters hex 2D5",
                                      "SR-1: S1 ends its move at hex 2D5 after 3 of 3 steps"]
    assert g.state.units["S1"].place == "2D5"
