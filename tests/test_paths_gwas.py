"""gwas-tactical answers the route under the pointer: the move a click would plan, its
length, and where it stops — past the slowest ship's speed, or at once for any other
refusal of the check."""

from __future__ import annotations

from mineboard.core.planning import Selection
from mineboard.core.routes import RouteStop
from mineboard.maps.paths import RouteRules, route_finder
from mineboard.rules.gwas_tactical.routes import COSTS
from tests.conftest import JUTLAND, play, scenario

SHIPS = [{"id": "Seydlitz", "side": "German", "type": "battlecruiser", "hex": "1706"},
         {"id": "G101", "side": "German", "type": "destroyer", "hex": "1706"},
         {"id": "Lion", "side": "British", "type": "battlecruiser", "hex": "0610"}]


def battle():
    return scenario(JUTLAND, phase="battle", ships=SHIPS).new_game(4)


def test_the_route_is_the_move_a_click_plans_with_its_length():
    game = battle()
    view = game.observe("German").view
    pick = Selection("1706", ("Seydlitz",))
    at = view.board.ref("1906")
    report = game.ruleset.route_report(view, pick, at)
    planned = game.ruleset.intent(view, pick, at)
    assert report is not None and report.places == planned.path
    assert (report.cost, report.legal, report.text()) == (2, True, "To hex 1906: 2 hexes (of 3)")
    assert game.ruleset.route_report(view, pick, view.board.ref("1706")) is None


def test_past_the_slowest_ships_speed_it_stops_with_the_turn_clause():
    game = battle()
    view = game.observe("German").view
    speeds = {s: view.ship_type(view.ships[s]).speed for s in ("Seydlitz", "G101")}
    assert speeds == {"Seydlitz": 3, "G101": 4}
    both = game.ruleset.route_report(view, Selection("1706", ("Seydlitz", "G101")),
                                     view.board.ref("2206"))
    assert both is not None and both.allowance == 3
    fourth = both.places[4]
    assert both.stop == RouteStop(4, "TURN", f"hex {fourth} is 4 hexes away; at most 3 may "
                                             "be spent")
    alone = game.ruleset.route_report(view, Selection("1706", ("G101",)),
                                      view.board.ref("2206"))
    assert alone is not None and alone.allowance == 4 and alone.stop.index == 5


def test_a_ship_that_has_moved_stops_at_the_first_hex_with_the_checks_words():
    game = battle()
    play(game, "move_ships", ships=["Seydlitz"], path=["1706", "1806"])
    view = game.observe("German").view
    report = game.ruleset.route_report(view, Selection("1806", ("Seydlitz",)),
                                       view.board.ref("1906"))
    assert report is not None
    assert report.stop == RouteStop(1, "TURN", "Seydlitz has moved this impulse")


def test_a_path_given_from_outside_stops_where_no_way_joins_its_hexes():
    board = battle().state.board
    finder = route_finder(board, COSTS, RouteRules(reach_clause="TURN"), "1706")
    report = finder.judge(["1706", "1806", "2006"], "2006")
    assert report.stop == RouteStop(2, "TURN", "hex 2006 cannot be entered from hex 1806")
