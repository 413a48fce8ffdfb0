"""Routes with costs and conditions (mineboard/maps/paths.py): movement points from data,
range without the first hex, a port touch every N hexes refused at the exact hex, a box 8
hexes from one entry and 10 from another, a strait closed by the facts it is given, and
the routes found against every walk of a tiny board."""

from __future__ import annotations

import itertools
import json
import random
import statistics
import time
from typing import Any

import pytest

from mineboard.core.errors import BadInput
from mineboard.core.routes import RouteStop
from mineboard.maps.generate import water_map_json
from mineboard.maps.geojson import MapInvalid, board_from_json
from mineboard.maps.model import BoardMap
from mineboard.maps.paths import (
    Closed,
    Limit,
    MoveCosts,
    RouteRules,
    closed_ways,
    route_finder,
    route_report,
    strait_rule,
    weighted_graph,
)

NAVAL = MoveCosts.of({"sea": 1}, fixed={"berth": 0})

pytestmark = pytest.mark.xdist_group("water-map")
"""Its module fixture builds the 10,000-hex water map: once, on one worker."""


def feature(fid: str, kind: str, **props: Any) -> dict[str, Any]:
    return {"type": "Feature", "id": fid, "properties": {"kind": kind, **props},
            "geometry": None}


def hex_map(cols: int, rows: int, *features: dict[str, Any]) -> BoardMap:
    """A flat odd-q hex map: one row of it is a chain, 0101 beside 0201 beside 0301…"""
    return board_from_json({
        "type": "FeatureCollection",
        "mineboard": {"schema": 1, "id": "paths", "kind": "hex", "units": "board",
                      "hex": {"cols": cols, "rows": rows, "size": 10.0,
                              "orientation": "flat", "offset": "odd-q"}},
        "features": list(features)}, "paths test")


def strip(n: int) -> list[str]:
    return [f"{c:02d}01" for c in range(1, n + 1)]


# ---- costs ---------------------------------------------------------------------------------

def test_movement_points_per_terrain_entered_and_per_hexside_crossed():
    board = hex_map(5, 1, feature("w", "hex", label="0201", terrain="woods"))
    board.ways["0301|0401"].props = {"terrain": "hedge"}  # as per-hexside terrain is loaded
    costs = MoveCosts.of({"sea": 1, "woods": 2}, cross={"hedge": 1}, unit=("MP", "MP"))
    report = route_report(board, costs, RouteRules(), "0101", "0501")
    assert report.places == tuple(strip(5))
    assert report.costs == (0, 2, 3, 5, 6)  # woods 2, clear 1, hedge 1 + 1, clear 1
    assert (report.cost, report.length, report.legal) == (6, 4, True)
    assert report.text() == "To hex 0501: 6 MP"
    back = route_report(board, costs, RouteRules(), "0501", "0101")
    assert back.costs == (0, 1, 3, 5, 6)  # 0401 1, hedge 1 + 0301 1, woods 2, 0101 1


def test_a_terrain_without_a_cost_is_never_entered_and_says_so():
    board = hex_map(3, 1, feature("l", "hex", label="0201", terrain="land"))
    report = route_report(board, NAVAL, RouteRules(reach_clause="AW-27"), "0101", "0301")
    assert report.places == ("0101",)
    assert report.stop == RouteStop(1, "AW-27", "no route from hex 0101 reaches hex 0301")
    assert report.text() == "To hex 0301 — AW-27: no route from hex 0101 reaches hex 0301"
    into_land = route_report(board, NAVAL, RouteRules(reach_clause="AW-27"), "0101", "0201")
    assert into_land.text() == ("To hex 0201 — AW-27: hex 0201 is land, which this move may "
                                "not enter")


def test_range_leaves_out_the_hex_a_unit_is_based_in():
    """AW-77: a destination port beside the base is 1 hex away; the berths cost nothing."""
    board = hex_map(3, 1, feature("A", "port", hex="0101", name="Aden"),
                    feature("B", "port", hex="0201", name="Berbera"))
    report = route_report(board, NAVAL, RouteRules(), "A", "B")
    assert report.places == ("A", "0101", "0201", "B")
    assert report.costs == (0, 0, 1, 1)
    assert report.text() == "To Berbera: 1 hex"


def test_costs_from_data_are_checked_with_one_line():
    costs = MoveCosts.from_json({"unit": ["MP", "MP"], "enter": {"open": 1, "woods": 2},
                                 "cross": {"wall": 1}, "fixed": {"berth": 0}}, "costs.json")
    assert costs == MoveCosts.of({"open": 1, "woods": 2}, {"wall": 1}, {"berth": 0},
                                 ("MP", "MP"))
    bad = {"enter": {"woods": -1}}
    with pytest.raises(BadInput, match=r"^costs.json: enter.woods: -1 is not a whole number"):
        MoveCosts.from_json(bad, "costs.json")
    with pytest.raises(BadInput, match=r"^costs.json: enter: names no terrain"):
        MoveCosts.from_json({"enter": {}}, "costs.json")
    with pytest.raises(BadInput, match=r"^costs.json: unit: must be \[singular, plural\]"):
        MoveCosts.from_json({"enter": {"sea": 1}, "unit": "MP"}, "costs.json")


# ---- port touches ----------------------------------------------------------------------------

def _touch_strip(ports: dict[str, int]) -> tuple[BoardMap, RouteRules]:
    """A chain of 28 water hexes, based at port Home in 0101; more ports at the hexes
    ``ports`` gives (name → hexes from home)."""
    extra = [feature(name, "port", hex=f"{n + 1:02d}01", name=name)
             for name, n in ports.items()]
    board = hex_map(28, 1, feature("Home", "port", hex="0101", name="Home"), *extra)
    touches = frozenset(["Home", "0101", *ports, *(f"{n + 1:02d}01" for n in ports.values())])
    return board, RouteRules(touches=touches, touch_every=Limit(10, "AW-80"))


def test_a_port_touch_within_every_ten_hexes_is_legal():
    """AW-80's example: 27 hexes touching ports at hexes 9 and 19 (gaps 9, 10, 8)."""
    board, rules = _touch_strip({"Nine": 9, "Nineteen": 19})
    report = route_report(board, NAVAL, rules, "Home", "2801")
    assert report.legal and report.cost == 27 and report.length == 28
    assert [report.places[i] for i in report.touches] == ["1001", "2001"]
    assert [report.costs[i] for i in report.touches] == [9, 19]
    assert report.text() == "To hex 2801: 27 hexes · ports touched at hex 1001 and hex 2001"


def test_a_port_touch_only_at_hex_twelve_is_refused_at_the_eleventh_hex():
    board, rules = _touch_strip({"Twelve": 12})
    report = route_report(board, NAVAL, rules, "Home", "2801")
    assert report.stop == RouteStop(12, "AW-80", "11 hexes since Home with no port "
                                                 "touched; a port must be touched every "
                                                 "10 hexes")
    assert report.places[12] == "1201" and report.costs[12] == 11
    assert report.legal_places == ("Home", *strip(11))
    assert report.text().endswith("· stops at hex 1201 — AW-80: 11 hexes since Home with "
                                  "no port touched; a port must be touched every 10 hexes")
    assert route_report(board, NAVAL, rules, "Home", "1101").legal  # 10 hexes: just so


def test_the_allowance_stops_a_route_at_the_first_hex_past_it():
    board, _ = _touch_strip({})
    rules = RouteRules(allowance=Limit(20, "AW-81"))
    assert route_report(board, NAVAL, rules, "Home", "2101").legal
    report = route_report(board, NAVAL, rules, "Home", "2301")
    assert report.stop == RouteStop(22, "AW-81", "hex 2201 is 21 hexes away; at most 20 "
                                                 "may be spent")
    assert report.text().startswith("To hex 2301: 22 hexes (of 20) · stops at hex 2201")


def test_a_detour_to_touch_a_port_is_taken_when_the_straight_way_has_none():
    """The straight ways (7 hexes) pass no port; the port Quay, 4 hexes from each end,
    keeps every stretch within 4, so the route bends to it and costs 8."""
    board = hex_map(8, 3, feature("H", "port", hex="0101", name="Home"),
                    feature("Q", "port", hex="0403", name="Quay"))
    rules = RouteRules(touches=frozenset({"H", "0101", "Q", "0403"}),
                       touch_every=Limit(4, "AW-80"))
    free = route_report(board, NAVAL, RouteRules(), "H", "0801")
    assert free.cost == 7 and "0403" not in free.places
    report = route_report(board, NAVAL, rules, "H", "0801")
    assert report.legal and report.cost == 8
    assert [(report.places[i], report.costs[i]) for i in report.touches] == [("0403", 4)]
    assert report.cost == _walks(board, NAVAL, rules, "H")["0801"]


# ---- boxes ------------------------------------------------------------------------------------

def _boxed() -> BoardMap:
    return hex_map(6, 1, {**feature("B", "box", name="Australia", links=["0101", "0601"],
                                    link_cost={"0101": 8, "0601": 10})})


def test_one_box_eight_hexes_from_one_entry_and_ten_from_another():
    """AW-226: the box's offset is added to the entry hex's distance, its own per link."""
    board = _boxed()
    assert board.ways["0101|B"].props == {"link_cost": 8}
    assert board.ways["0601|B"].props == {"link_cost": 10}
    to = {goal: route_report(board, NAVAL, RouteRules(), "B", goal) for goal in strip(6)}
    assert {g: r.cost for g, r in to.items()} == {
        "0101": 8, "0201": 9, "0301": 10, "0401": 11, "0501": 11, "0601": 10}
    assert to["0501"].places == ("B", "0601", "0501")
    assert to["0301"].places == ("B", "0101", "0201", "0301")
    assert route_report(board, NAVAL, RouteRules(), "0301", "B").cost == 10  # and back


@pytest.mark.parametrize(("cost", "line"), [
    ({"0101": -1}, "feature B: link_cost to '0101' must be a whole number ≥ 0"),
    ({"0301": 8}, "feature B: link_cost names '0301', which it does not link"),
    ("8", "feature B: link_cost must be a whole number ≥ 0"),
])
def test_a_bad_link_cost_per_link_is_one_line(cost, line):
    with pytest.raises(MapInvalid) as caught:
        hex_map(6, 1, feature("B", "box", name="Australia", links=["0101", "0601"],
                              link_cost=cost))
    assert line in caught.value.problems


# ---- a strait closed by its facts -------------------------------------------------------------

def _strait() -> BoardMap:
    """Water 0101–0501 above land 0102–0502; the Narrows are the hexside 0201|0301, held
    by the land hexes 0202 and 0302."""
    land = [feature(f"l{c}", "hex", label=f"0{c}02", terrain="land") for c in range(1, 6)]
    return hex_map(5, 2, *land, feature("S", "hexsides", name="The Narrows",
                                         hexsides=["0201|0301"], control=["0202", "0302"]))


def test_a_strait_is_open_only_if_its_sides_were_held_when_the_phase_began():
    board = _strait()
    both = RouteRules(closed_ways(board, strait_rule(board, frozenset({"0202", "0302"}),
                                                     "AW-28")))
    assert both.closed == ()
    assert route_report(board, NAVAL, both, "0101", "0501").cost == 4
    one = RouteRules(closed_ways(board, strait_rule(board, frozenset({"0202"}), "AW-28")))
    why = Closed("AW-28", "The Narrows is closed: hex 0302 was not held when the phase "
                          "began")
    assert one.closed == (("0201|0301", why),)
    report = route_report(board, NAVAL, one, "0101", "0501")
    assert report.places == tuple(strip(5))  # the way it would go, drawn to its stop
    assert report.stop == RouteStop(2, "AW-28", why.reason)
    assert report.legal_places == ("0101", "0201")
    assert route_report(board, NAVAL, one, "0101", "0201").legal  # up to the strait: fine
    none = RouteRules(closed_ways(board, strait_rule(board, frozenset(), "AW-28")))
    assert none.closed[0][1].reason == ("The Narrows is closed: hex 0202 and hex 0302 were "
                                        "not held when the phase began")


def test_a_closed_strait_sends_the_route_round_the_other_way():
    shut_sides = ["0301|0401", "0302|0401", "0302|0402", "0303|0402"]
    board = hex_map(8, 3, feature("S", "hexsides", name="The Narrows", hexsides=shut_sides,
                                  control=["0101"]))
    shut = RouteRules(closed_ways(board, strait_rule(board, frozenset(), "AW-28")))
    assert route_report(board, NAVAL, RouteRules(), "0101", "0801").cost == 7
    report = route_report(board, NAVAL, shut, "0101", "0801")
    assert report.legal and report.cost == 8 == _walks(board, NAVAL, shut, "0101")["0801"]
    assert ("0303", "0403") in set(itertools.pairwise(report.places))  # the one way open


# ---- against every walk -----------------------------------------------------------------------

def _walks(board: BoardMap, costs: MoveCosts, rules: RouteRules, start: str,
           most: int = 12) -> dict[str, int]:
    """The cheapest legal cost to each place, by trying every walk of at most ``most``
    cost (places may repeat: a port may be touched by going in and out of its hex)."""
    graph = weighted_graph(board, costs)
    closed = rules.closures
    every = rules.touch_every.most if rules.touch_every else None
    best: dict[str, int] = {start: 0}
    seen: set[tuple[str, int, int]] = set()  # a walk on from the same state: the same walks

    def walk(place: str, cost: int, since: int) -> None:
        if (place, cost, since) in seen:
            return
        seen.add((place, cost, since))
        for nbr, step, way in graph.steps.get(place, ()):
            after, gap = cost + step, since + step
            if way in closed or after > most or (every is not None and gap > every):
                continue
            if rules.allowance is not None and after > rules.allowance.most:
                continue
            best[nbr] = min(best.get(nbr, after), after)
            walk(nbr, after, 0 if nbr in rules.touches else gap)

    walk(start, 0, 0)
    return best


def test_routes_are_the_cheapest_legal_walks_on_a_tiny_board():
    rng = random.Random(7)
    terrain = ["sea", "shoal", "sea", "land"]
    hexes = [feature(f"t{c}{r}", "hex", label=f"0{c}0{r}", terrain=rng.choice(terrain))
             for c, r in itertools.product(range(1, 5), range(1, 4))]
    board = hex_map(4, 3, *hexes)
    costs = MoveCosts.of({"sea": 1, "shoal": 2})
    water = [p for p, place in board.places.items() if place.props["terrain"] != "land"]
    checked = 0
    for start in water:
        for rules in (RouteRules(allowance=Limit(5, "A")),
                      RouteRules(touches=frozenset(water[::3]), touch_every=Limit(2, "T")),
                      RouteRules(touches=frozenset(water[1::2]), touch_every=Limit(3, "T"),
                                 allowance=Limit(6, "A"))):
            best = _walks(board, costs, rules, start)
            for goal in board.places:
                report = route_report(board, costs, rules, start, goal)
                assert report.legal == (goal in best), (start, goal, rules)
                if report.legal:
                    assert report.cost == best[goal], (start, goal, rules)
                    assert report.places[0] == start and report.places[-1] == goal
                    checked += 1
    assert checked == 300


# ---- remembered, and fast ---------------------------------------------------------------------

def test_a_finder_is_kept_by_its_facts_and_a_report_per_place():
    board, rules = _touch_strip({"Nine": 9})
    finder = route_finder(board, NAVAL, rules, "Home")
    assert route_finder(board, NAVAL, RouteRules(rules.closed, rules.touches, None,
                                                 Limit(10, "AW-80")), "Home") is finder
    assert route_finder(board, NAVAL, RouteRules(touches=rules.touches,
                                                 touch_every=Limit(9, "AW-80")),
                        "Home") is not finder
    assert finder.report("1501") is finder.report("1501")


WATER = 100


@pytest.fixture(scope="module")
def water() -> tuple[BoardMap, RouteRules]:
    board = board_from_json(water_map_json(WATER, WATER), "generated water map")
    ports = [p for p in board.places.values() if p.kind == "port"]
    touches = frozenset([*(p.id for p in ports), *(str(p.props["hex"]) for p in ports), "B1"])
    rules = RouteRules(closed_ways(board, strait_rule(board, frozenset(), "AW-28")),
                       touches, Limit(40, "AW-82"), Limit(20, "AW-82"), "AW-27")
    return board, rules


def test_the_generated_water_map_has_ten_thousand_hexes_land_ports_a_box_and_a_strait(water):
    board, rules = water
    kinds = [p.kind for p in board.places.values()]
    assert (kinds.count("hex"), kinds.count("port"), kinds.count("box")) == (10_000, 64, 1)
    assert sum(p.props.get("terrain") == "land" for p in board.places.values()) == 1024
    assert len(rules.closed) == 16


@pytest.mark.timing
def test_a_route_under_the_pointer_takes_under_five_ms_on_ten_thousand_hexes(water):
    """Issue 26's budget: legality and length under the pointer ≤ 5 ms. The first place
    pointed at grows the trees (once per start); each later one is a walk back."""
    board, rules = water
    rng = random.Random(3)
    goals = rng.sample(sorted(board.places), 200)
    start = time.perf_counter()
    route_report(board, NAVAL, rules, "P27", "100100")  # out of reach: every tree grown
    first = time.perf_counter() - start
    times = []
    for goal in goals:
        start = time.perf_counter()
        route_report(board, NAVAL, rules, "P27", goal)
        times.append(time.perf_counter() - start)
    assert statistics.median(times) * 1000 <= 5.0  # about 0.2 ms alone
    assert first < 5.0  # a generous margin on a busy machine: about 0.3 s alone


@pytest.mark.timing
def test_the_bench_command_measures_the_pointer_within_its_budget(capsys):
    from mineboard.cli import main

    assert main(["bench", "route_under_pointer_10k", "--runs", "3", "--json"]) == 0
    (result,) = json.loads(capsys.readouterr().out)["results"]
    assert result["budget_ms"] == 5.0 and result["within_budget"] is True


def test_a_barred_hexside_feature_is_no_edge_and_the_route_goes_round_it():
    """A naval move never runs along a river (AW-40): the river hexside between two coastal
    hexes is no edge of the water graph, so the route goes out to sea and back in."""
    board = hex_map(2, 2, feature("c1", "hex", label="0101", terrain="coast"),
                    feature("c2", "hex", label="0201", terrain="coast"),
                    feature("r", "hexsides", name="The Wend", hexsides=["0101|0201"],
                            features=["river"]))
    costs = MoveCosts.from_json({"enter": {"sea": 1, "coast": 1}, "barred": ["river"]},
                                "costs.json")
    assert costs.barred == ("river",)
    assert not weighted_graph(board, costs).has_edge("0101", "0201")
    report = route_report(board, costs, RouteRules(), "0101", "0201")
    assert report.places == ("0101", "0102", "0201") and report.legal
    open_costs = MoveCosts.from_json({"enter": {"sea": 1, "coast": 1}}, "costs.json")
    assert route_report(board, open_costs, RouteRules(), "0101", "0201").length == 1
    with pytest.raises(BadInput, match=r"^costs.json: barred: must list hexside features"):
        MoveCosts.from_json({"enter": {"sea": 1}, "barred": "river"}, "costs.json")
