"""awaw-naval movement by water (AW-27…AW-46, AW-76…AW-92, AW-222, AW-225, AW-226, AW-243,
WE-03), measured on the two demo seas: ``awaw-demo-sea`` (Europe: columns 1–3 virtual, the
Narrow Sound held from Sundport, the Twin Sound held from both shores, the Long Cut canal,
the Wend river) and ``awaw-demo-pacific`` (Japan, Hawaii, the Aleutians, Port Moresby, the
Australia, India and Pacific U.S. boxes). Each figure is a count of hexes on those maps."""

from __future__ import annotations

import itertools
from functools import cache
from typing import Any

import pytest

from mineboard.core.errors import BadInput
from mineboard.maps.loading import load_board
from mineboard.maps.model import BoardMap
from mineboard.resources import maps_dir
from mineboard.rules.awaw_naval import movement, search, water
from mineboard.rules.awaw_naval.scenario import state_from_scenario
from mineboard.rules.awaw_naval.state import PHASE_START, AwState

EUROPE, PACIFIC = "awaw-demo-sea", "awaw-demo-pacific"


@cache
def board(name: str) -> BoardMap:
    return load_board(maps_dir() / f"{name}.geojson")


def game(name: str, nations: tuple[str, ...], control: dict[str, list[str]],
         **more: Any) -> AwState:
    return state_from_scenario({"nations": list(nations), "control": control, **more},
                               board(name), name)


def lane(row: int, first: int, last: int) -> list[str]:
    """The hexes of one row from column ``first`` to ``last`` (either way), ends included:
    neighbours in a row are always adjacent, so a lane's length is its column count."""
    step = 1 if last >= first else -1
    return [f"{c:02d}{row:02d}" for c in range(first, last + step, step)]


def allied(**control: list[str]) -> AwState:
    """Britain (Western Allies) against Germany on the European demo sea."""
    held = {"Britain": ["0501", "1201", "0612", "1112", "1512", "2312", "2008"],
            "Germany": ["3012", "3712", "2801"]}
    for power, hexes in control.items():
        for other in held:
            held[other] = [h for h in held[other] if h not in hexes]
        held[power] = hexes
    return game(EUROPE, ("Britain", "Germany", "USSR"), held)


def pacific(usa: list[str], japan: list[str], **more: Any) -> AwState:
    return game(PACIFIC, ("USA", "Japan"), {"USA": usa, "Japan": japan}, **more)


def stop(report: Any) -> tuple[str, str] | None:
    """(clause, the place where the route stops) or None if legal."""
    if report.stop is None:
        return None
    at = report.places[report.stop.index] if report.stop.index < len(report.places) \
        else report.goal
    return report.stop.clause, at


# ---- the demo seas themselves ---------------------------------------------------------

@pytest.mark.parametrize("name", [EUROPE, PACIFIC])
def test_demo_seas_are_what_their_tools_write(name):
    import importlib.util

    tool = maps_dir().parent / "tools" / ("build_awaw_demo_sea.py" if name == EUROPE
                                         else "build_awaw_demo_pacific.py")
    spec = importlib.util.spec_from_file_location("tool", tool)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.main(["--check"]) == 0


def test_aw28_no_strait_or_canal_has_a_way_round_through_a_coastal_hex():
    """With its hexsides removed, each strait and the canal separates its two sides — or,
    the Kanmon Strait, leaves only the long way round Japan: the land hexside feature keeps
    ships out of a spit's coastal hex (no back door beside the strait)."""
    import networkx as nx

    for name in (EUROPE, PACIFIC):
        b = board(name)
        graph = nx.Graph()
        costs = water.move_costs()
        for way in b.ways.values():
            if costs.bars(way) or way.kind != "hexside":
                continue
            if all(water.terrain(b, p) in water.WATER for p in (way.a, way.b)):
                graph.add_edge(way.a, way.b, way=way.id)
        for edge_set in b.edge_sets.values():
            if not (edge_set.props.get("strait") or edge_set.props.get("canal")):
                continue
            cut = graph.copy()
            cut.remove_edges_from([tuple(w.split("|")) for w in edge_set.ways])
            for w in edge_set.ways:
                a, c = w.split("|")
                if nx.has_path(cut, a, c):
                    assert nx.shortest_path_length(cut, a, c) >= 12, (name, edge_set.name, w)


# ---- AW-27, AW-76, AW-77: water, distances, the first hex ------------------------------

def test_aw27_a_route_through_an_enemy_held_coastal_hex_is_legal():
    state = allied(Germany=["1112", "3012"])  # Saltby's coast held by the enemy
    report = movement.route(state, "Britain", "portlow", "marrow", "base_change",
                            via=["1112"])
    assert report.legal and "1112" in report.places
    assert report.cost == 10 and "saltby" not in [report.places[i] for i in report.touches]


def test_aw76_distance_is_by_water_not_as_the_crow_flies():
    state = allied()
    # Westhaven (0501) and Portlow (0612): 11 rows apart, 12 hexes by water
    assert movement.water_distance(state, "Britain", "westhaven", "portlow") == 12
    # Tarn and Ostra: 14 columns apart but the canal is shut, so round by the sound? no:
    # the Long Cut is the only way east for ships; closed to the Allies → no distance
    assert movement.water_distance(state, "Britain", "tarn", "ostra") is None
    opened = allied(Britain=["0501", "1201", "0612", "1112", "1512", "2312", "3305",
                             "3306", "3307"])
    assert movement.water_distance(opened, "Britain", "tarn", "ostra") == 19


def test_aw77_the_base_hex_is_not_counted_and_interception_in_own_port_is_zero():
    state = allied()
    report = movement.route(state, "Britain", "westhaven", "0502", "base_change")
    assert report.places == ("westhaven", "0501", "0502") and report.costs == (0, 0, 1)
    own = movement.route(state, "Britain", "westhaven", "0501", "interception")
    assert own.legal and own.cost == 0


# ---- straits, canals, rivers (AW-28…AW-40) ----------------------------------------------

def test_aw28_enter_a_closed_strait_and_come_back_but_never_pass():
    """The Kanmon Strait (no clause of its own: AW-28) with Japan holding 0212 only."""
    state = pacific(["3424"], ["0414", "0212"])
    back = movement.route(state, "Japan", "yokosuka", "kure", "base_change",
                          via=["0313", "0213", "0313"])
    assert back.legal and "0213" in back.places
    through = movement.route(state, "Japan", "yokosuka", "0113", "base_change",
                             via=["0313", "0213"])
    assert stop(through) == ("AW-28", "0113")
    assert "hex 0214 was not held by the Axis when the phase began" in through.stop.reason
    # unforced, the route goes round Japan instead of through the strait
    around = movement.route(state, "Japan", "yokosuka", "0113", "base_change")
    assert around.legal and "0213" not in around.places and around.cost == 13
    held = pacific(["3424"], ["0414", "0212", "0214"])
    assert movement.route(held, "Japan", "yokosuka", "0113", "base_change").cost == 4


def test_aw28_control_is_read_as_it_was_when_the_phase_began():
    state = allied(Germany=["2008", "3012"])
    state.control["2008"] = "Britain"  # taken during the phase: too late for this phase
    report = movement.route(state, "Britain", "portlow", "tarn", "base_change")
    assert stop(report)[0] == "AW-30"
    state.snapshot(PHASE_START)
    assert movement.route(state, "Britain", "portlow", "tarn", "base_change").legal


def test_aw29_crossing_arrow_a_neutral_shore_is_not_enough():
    """The Twin Sound needs 4005 and 4108 both friendly; 4108 neutral → closed."""
    state = game(EUROPE, ("Britain", "Germany"), {"Germany": ["4005", "3712", "4412"]})
    report = movement.route(state, "Germany", "ostra", "kessel", "base_change",
                            via=["3907", "4007", "4107"])
    assert stop(report) == ("AW-29", "4107")
    both = game(EUROPE, ("Britain", "Germany"),
                {"Germany": ["4005", "4108", "3712", "4412"]})
    assert movement.route(both, "Germany", "ostra", "kessel", "base_change").legal


def test_aw30_gibraltar_only_sundport_counts():
    state = allied(Germany=["2008", "2005", "3012"])
    report = movement.route(state, "Britain", "portlow", "tarn", "base_change")
    assert stop(report)[0] == "AW-30"
    # Britain holds Sundport; the far shore (2005) held by Germany makes no difference
    held = allied(Britain=["2008", "0612", "2312"], Germany=["2005", "3012"])
    assert movement.route(held, "Britain", "portlow", "tarn", "base_change").cost == 22


def test_aw32_aw33_friendly_or_neutral_shores():
    """A strait with ``friendly_or_neutral`` hexes (Kattegat's H33, Gulf of Finland): a
    neutral there keeps it open, an enemy shuts it."""
    from mineboard.maps.model import EdgeSet
    from mineboard.rules.awaw_naval import passage

    state = allied()
    b = state.board
    sound = b.edge_sets["twin-sound"]
    loose = EdgeSet(sound.id, "Gulf", sound.ways, {"strait": True, "clause": "AW-33",
                                                 "friendly_or_neutral": ["4005", "4108"]})
    b.edge_sets["twin-sound"] = loose
    try:
        assert not set(passage.strait_closures(state, "Allies")) & set(sound.ways)
        state.control["4108"] = "Germany"
        state.snapshot(PHASE_START)
        shut = {w: c for w, c in passage.strait_closures(state, "Allies").items()
                if w in sound.ways}
        assert {w.clause for w in shut.values()} == {"AW-33"} and len(shut) == 3
        assert "hex 4108 was held by the enemy" in next(iter(shut.values())).reason
    finally:
        b.edge_sets["twin-sound"] = sound


def test_aw34_a_port_that_needs_a_hex_held():
    """Truk needs Moen (1611) held to sail in or out."""
    state = pacific(["3424"], ["0414", "1612"])
    into = movement.route(state, "Japan", "yokosuka", "truk", "base_change")
    assert stop(into)[0] == "AW-34" and into.places[-1] == "truk"
    held = pacific(["3424"], ["0414", "1612", "1611"])
    assert movement.route(held, "Japan", "yokosuka", "truk", "base_change").legal


def test_aw39_canal_needs_every_bank():
    state = allied(Britain=["0612", "2312", "3305", "3306"])  # 3307 not held
    report = movement.route(state, "Britain", "tarn", "ostra", "base_change")
    assert stop(report) == ("AW-39", "3306")
    assert "hex 3307 was not held by the Allies" in report.stop.reason


def test_aw40_never_across_a_river():
    state = allied(Britain=["2312", "3012"])
    traced = movement.route(state, "Britain", "tarn", "velay", "base_change",
                            via=["2511", "2612", "2712"])
    assert stop(traced) == ("AW-40", "2712")
    found = movement.route(state, "Britain", "tarn", "velay", "base_change")
    assert found.legal and ("2612", "2712") not in itertools.pairwise(found.places)


# ---- boxes (AW-41…AW-45, AW-226) --------------------------------------------------------

def test_aw41_us_boxes_serve_western_allies_and_only_their_links():
    state = pacific(["3424", "2702", "3630", "0719"], ["0414"])
    assert movement.route(state, "USA", "pacific-us", "pearl-harbor", "base_change").cost == 12
    manila = movement.route(state, "USA", "pacific-us", "manila", "base_change")
    assert stop(manila)[0] == "AW-41" and "Manila is not one of them" in manila.stop.reason
    japan = movement.route(state, "Japan", "yokosuka", "pacific-us", "patrol")
    assert japan.stop is not None and japan.stop.clause == "AW-41"
    europe = allied()
    assert movement.route(europe, "Britain", "atlantic-us", "westhaven", "base_change").legal
    # Atlantic U.S. → a Mediterranean-front port: not one of its links
    med = allied(Britain=["2312", "0612"])
    assert stop(movement.route(med, "Britain", "atlantic-us", "tarn", "base_change"))[0] \
        == "AW-41"


def test_aw41_port_counter_in_the_hawaiian_islands_is_linked():
    state = pacific(["3424", "3525"], ["0414"],
                    built_ports=[{"hex": "3525", "nation": "USA"}])
    report = movement.route(state, "USA", "pacific-us", "port-counter-3525", "base_change")
    assert report.legal and report.cost == 11


def test_aw42_aw226_box_distances_by_entry_hex():
    state = pacific(["3424"], ["0414"])
    # Australia: 8 via 2031 and 2431, 10 via Noumea's hex 3031
    assert movement.water_distance(state, "USA", "australia", "2031") == 8
    assert movement.water_distance(state, "USA", "australia", "3031") == 10
    assert movement.water_distance(state, "USA", "australia", "noumea") == 10
    # India: 8 via 0129
    assert movement.water_distance(state, "USA", "india", "0129") == 8
    # Pacific U.S.: every east-edge hex at 6
    assert movement.water_distance(state, "USA", "pacific-us", "4015") == 6


def test_aw226_australia_box_interception_12_beyond_the_entry_20_legal_13_refused():
    state = pacific(["3424"], ["0414"])
    twelve = movement.route(state, "USA", "australia", "0831", "interception")
    assert twelve.legal and twelve.cost == 20 and twelve.places[1] == "2031"
    thirteen = movement.route(state, "USA", "australia", "0731", "interception")
    assert stop(thirteen) == ("AW-79", "0731") and thirteen.cost == 21


def test_aw44_australia_india_south_africa_boxes_are_western_allied():
    state = pacific(["3424"], ["0414"])
    report = movement.route(state, "Japan", "yokosuka", "india", "patrol")
    assert report.stop is not None and report.stop.clause == "AW-44"
    ussr = allied()
    assert movement.route(ussr, "USSR", "eastwick", "south-africa", "base_change") \
        .stop.clause == "AW-44"
    assert movement.route(ussr, "Britain", "eastwick", "south-africa", "base_change").legal


def test_aw43_nr_from_a_us_box_goes_by_a_gateway_port():
    state = pacific(["3424", "3716"], ["0414"])
    # to Baker Island (no gateway) the redeployment goes by Pearl Harbor
    report = movement.route(state, "USA", "pacific-us", "3716", "naval_redeployment")
    assert report.legal and "3424" in report.places
    traced = movement.route(state, "USA", "pacific-us", "3716", "naval_redeployment",
                            via=lane(16, 40, 37))
    assert stop(traced) == ("AW-43", "3716") and traced.cost == 9


def test_aw45_a_notional_port_off_the_east_edge_touches_for_the_western_allies_only():
    state = pacific(["3424"], ["0414"])
    touched = movement.route(state, "USA", "pearl-harbor", "3410", "sea_escort",
                             via=[*lane(24, 35, 40), "4124", *lane(23, 40, 35)])
    assert "4124" in [touched.places[i] for i in touched.touches]
    along = movement.route(state, "USA", "pearl-harbor", "4120", "base_change",
                           via=[*lane(24, 35, 40), "4124", "4123", "4122", "4121"])
    assert stop(along) == ("AW-45", "4123")
    japan = movement.route(state, "Japan", "marcus", "4114", "base_change")
    assert japan.stop is not None and japan.stop.clause == "AW-46"


# ---- virtual hexes (AW-46, AW-243, WE-03) ------------------------------------------------

def test_we03_a_western_front_activity_steps_off_the_west_edge_and_back():
    """WE-03 (a): Britain → Sundport (a Gibraltar) off the map near Westhaven and back on
    near Sundport: legal, the virtual hexes counted in the distance."""
    state = allied(Britain=["0501", "2008"])
    off = movement.route(state, "Britain", "westhaven", "sundport", "base_change",
                         via=["0402", "0302", *[f"03{r:02d}" for r in range(3, 9)], "0408"])
    assert off.legal and off.cost == 26 and "0305" in off.places
    direct = movement.route(state, "Britain", "westhaven", "sundport", "base_change")
    assert direct.cost == 16


def test_we03_b_axis_interceptors_from_the_west_use_the_virtual_hexes_too():
    state = allied(Germany=["0612", "3012"], Britain=["0501"])
    report = movement.route(state, "Germany", "portlow", "0402", "interception",
                            via=["0511", "0411", "0311", "0310", "0309", "0308", "0307",
                                 "0306", "0305", "0304", "0303", "0302"])
    assert report.legal and report.cost == 14


def test_we03_never_off_the_north_edge():
    state = allied(Germany=["0612", "3012"])
    report = movement.route(state, "Germany", "portlow", "0402", "interception",
                            via=["0511", "0411", "0311", "0310", "0309", "0308", "0307",
                                 "0306", "0305", "0304", "0303", "0302", "0301", "0300"])
    assert report.stop is not None and report.stop.clause == "AW-46"
    assert "beyond the north edge" in report.stop.reason


def test_aw46_virtual_hexes_only_for_western_front_activities():
    state = allied(Britain=["0501", "2312"])
    # Westhaven (western) → Tarn (Mediterranean front): no virtual hexes
    report = movement.route(state, "Britain", "westhaven", "tarn", "base_change",
                            via=["0402", "0302", "0303", "0403"])
    assert report.stop is not None and report.stop.clause in ("AW-45", "AW-46")
    assert stop(report)[1] == "0303"
    # Germany from Velay (Mediterranean) may not enter them at all
    axis = allied(Germany=["3012", "2008"])
    shut = movement.route(axis, "Germany", "velay", "0302", "base_change")
    assert stop(shut) == ("AW-46", "0302")


# ---- range and port touches (AW-78…AW-82, AW-222, AW-225) --------------------------------

def test_aw222_figures_by_theatre_and_stricter_across_theatres():
    europe, pac = allied(), pacific(["3424"], ["0414"])
    assert movement.theatre_of(europe, "westhaven") == "europe"
    assert movement.theatre_of(pac, "pearl-harbor") == "pacific"
    assert movement.figures_for(europe, "westhaven", "tarn").range == 40
    assert movement.figures_for(pac, "pearl-harbor", "midway").range == 20
    box_to_box = movement.figures_for(europe, "atlantic-us", "pacific-us")
    assert (box_to_box.range, box_to_box.touch_every) == (20, 10)


OPEN_EAST = ["0501", "2008", "3305", "3306", "3307", "4005", "4108", "4412"]
"""Britain holds Sundport, the canal's banks and both shores of the Twin Sound."""


def test_aw79_interception_40_allowed_41_refused():
    state = allied(Britain=OPEN_EAST)
    forty = movement.route(state, "Britain", "westhaven", "4406", "interception")
    assert forty.legal and forty.cost == 40
    past = movement.route(state, "Britain", "westhaven", "4506", "interception")
    assert stop(past) == ("AW-79", "4506") and past.cost == 41
    far = movement.reachable(state, "Britain", "westhaven", "interception")
    assert max(far.values()) <= 40 and "eastwick" not in far


def test_aw80_pacific_nr_gaps_9_10_8_legal_first_touch_at_12_refused_at_11():
    """Paramushiro 0606, ports along row 6 at +9 (Agrihan), +12 (Pagan), +19 (Eniwetok),
    +27 (Ujelang)."""
    path = lane(6, 7, 33)
    legal = pacific(["0606", "1506", "2506", "3306"], ["0414"])
    report = movement.route(legal, "USA", "paramushiro", "ujelang", "naval_redeployment",
                            via=path)
    assert report.legal and report.cost == 27
    assert [report.costs[i] for i in report.touches] == [9, 19, 27]
    late = pacific(["0606", "1806", "3306"], ["0414"])
    refused = movement.route(late, "USA", "paramushiro", "ujelang", "naval_redeployment",
                             via=path)
    assert stop(refused) == ("AW-80", "1706") and refused.costs[refused.stop.index] == 11


def test_aw81_base_change_range_20_in_the_pacific():
    state = pacific(["3424"], ["0414", "2414", "2514"])
    assert movement.route(state, "Japan", "yokosuka", "marcus", "base_change").cost == 20
    report = movement.route(state, "Japan", "yokosuka", "lisianski", "base_change")
    assert stop(report) == ("AW-81", "2514")


def test_aw82_offensive_mission_range_and_touches_in_europe():
    state = allied(Britain=OPEN_EAST)
    report = movement.route(state, "Britain", "westhaven", "3606", "patrol")
    assert report.legal and report.cost == 33
    assert [report.places[i] for i in report.touches] == ["2008", "3306"]
    traced = movement.route(state, "Britain", "westhaven", "2506", "patrol",
                            via=["0906", *lane(6, 10, 24)])  # past Sundport, not into it
    assert stop(traced) == ("AW-82", "2306") and traced.costs[traced.stop.index] == 21
    far = movement.route(state, "Britain", "westhaven", "4506", "patrol")
    assert far.cost == 41 and far.stop is not None and far.stop.clause == "AW-82"


def test_aw78_no_limits_for_a_power_at_war_with_nobody():
    state = pacific(["3424"], ["0414"], at_peace=[["USA", "Japan"]])
    report = movement.route(state, "Japan", "yokosuka", "lisianski", "base_change")
    assert report.legal and report.cost == 21


# ---- the Pacific's first legs and exemptions (AW-83…AW-90) -------------------------------

HAWAII_WEST = lane(24, 33, 13)  # Pearl Harbor 3424 → west along row 24


def _first_touch(usa: list[str], goal: str, cols: int) -> Any:
    state = pacific(["3424", *usa], ["0414"])
    return movement.route(state, "USA", "pearl-harbor", goal, "sea_escort",
                          via=HAWAII_WEST[:cols - 1])


def test_aw83_hawaii_first_leg_15_with_midway_and_johnston():
    assert _first_touch(["2010", "3028", "1924"], "nihoa", 15).legal
    refused = _first_touch(["2010", "3028", "1824"], "necker", 16)
    assert stop(refused) == ("AW-83", "1824")


def test_aw83_hawaii_first_leg_20_with_wake_as_well():
    assert _first_touch(["2010", "3028", "1209", "1424"], "kaula", 20).legal
    refused = _first_touch(["2010", "3028", "1209", "1324"], "laysan", 21)
    assert stop(refused) == ("AW-83", "1324")


def test_aw83_midway_only_the_normal_10():
    refused = _first_touch(["2010", "1924"], "nihoa", 15)
    assert stop(refused) == ("AW-80", "2324")


def test_aw83_unsupplied_midway_does_not_count():
    state = pacific(["3424", "2010", "3028", "1924"], ["0414"], unsupplied=["2010"])
    report = movement.route(state, "USA", "pearl-harbor", "nihoa", "sea_escort",
                            via=HAWAII_WEST[:14])
    assert stop(report)[0] == "AW-80"


def test_aw84_pearl_harbor_to_dutch_harbor_shortest_26_portless_legal():
    state = pacific(["3424", "2702"], ["0414"])
    assert movement.water_distance(state, "USA", "pearl-harbor", "dutch-harbor") == 26
    report = movement.route(state, "USA", "pearl-harbor", "dutch-harbor", "naval_redeployment")
    assert report.legal and report.cost == 26
    longer = movement.route(state, "USA", "pearl-harbor", "dutch-harbor", "naval_redeployment",
                            via=["2510"])  # 19 + 9: two hexes longer than the shortest
    assert longer.cost == 28 and stop(longer)[0] == "AW-80"


def test_aw86_japan_first_leg_20_legal_21_refused():
    path = lane(14, 5, 24)
    state = pacific(["3424"], ["0414", "2414"])
    assert movement.route(state, "Japan", "yokosuka", "marcus", "sea_escort", via=path).legal
    late = pacific(["3424"], ["0414", "2514"])
    report = movement.route(late, "Japan", "yokosuka", "lisianski", "sea_escort",
                            via=lane(14, 5, 25))
    assert stop(report) == ("AW-86", "2514")


def test_aw86_aw228_not_toward_midway():
    state = pacific(["3424"], ["0414"])
    assert movement.water_distance(state, "Japan", "yokosuka", "midway") == 16
    report = movement.route(state, "Japan", "yokosuka", "midway", "sea_escort")
    assert stop(report)[0] == "AW-80" and report.costs[report.stop.index] == 11
    # toward Marcus, 20 hexes, the first leg holds
    assert movement.route(state, "Japan", "yokosuka", "marcus", "sea_escort").cost == 20


def test_aw87_japan_to_the_aleutians_by_the_shortest_route():
    state = pacific(["3424"], ["0414", "2702"])
    report = movement.route(state, "Japan", "yokosuka", "dutch-harbor", "patrol")
    assert report.legal and report.cost == 24


def test_aw88_the_opening_strike_on_pearl_harbor():
    state = pacific(["3424"], ["0414"])
    normal = movement.route(state, "Japan", "yokosuka", "3423", "patrol")
    assert not normal.legal
    strike = movement.route(state, "Japan", "yokosuka", "3423", "patrol", strike=True)
    assert strike.legal and strike.cost == 30


def test_aw90_port_moresby_next_port_5_legal_6_refused():
    legal = pacific(["1026", "1526"], ["0414"])
    assert movement.route(legal, "USA", "port-moresby", "samarai", "naval_redeployment",
                          via=lane(26, 11, 15)).cost == 5
    far = pacific(["1026", "1626"], ["0414"])
    report = movement.route(far, "USA", "port-moresby", "buna", "naval_redeployment",
                            via=lane(26, 11, 16))
    assert stop(report) == ("AW-90", "1626")


def test_aw90_interception_from_port_moresby_at_15():
    state = pacific(["1026"], ["0414"])
    report = movement.route(state, "USA", "port-moresby", "2526", "interception",
                            via=lane(26, 11, 25))
    assert report.legal and report.cost == 15


def test_aw91_fronts_do_not_bound_routes():
    state = allied(Britain=["0501", "2312", "2008"])
    report = movement.route(state, "Britain", "westhaven", "tarn", "base_change")
    assert report.legal  # western front → Mediterranean front


def test_aw92_islands_without_ports():
    state = pacific(["3424", "3716", "1821", "1822", "1428"], ["0414"])
    one = movement.route(state, "USA", "3716", "pearl-harbor", "naval_redeployment")
    assert one.legal
    two = movement.route(state, "USA", "1821", "pearl-harbor", "naval_redeployment")
    assert two.stop is not None and two.stop.clause == "AW-92"
    beach = movement.route(state, "USA", "1428", "samarai", "sea_transport")
    assert beach.legal
    lost = pacific(["3424"], ["0414", "1428"])
    taken = movement.route(lost, "USA", "1428", "samarai", "sea_transport")
    assert stop(taken)[0] == "AW-92" and "was not held by the Allies" in taken.stop.reason
    option = pacific(["3424", "1821", "1822"], ["0414"],
                     options={"bridgehead_two_hex_islands": True})
    assert movement.route(option, "USA", "1821", "pearl-harbor",
                          "naval_redeployment").stop.clause != "AW-92"


# ---- the API's edges ----------------------------------------------------------------------

def test_unknown_places_and_activities_are_bad_input():
    state = allied()
    with pytest.raises(BadInput, match="to"):
        movement.route(state, "Britain", "westhaven", "atlantis", "base_change")
    with pytest.raises(BadInput, match="activity"):
        movement.route(state, "Britain", "westhaven", "tarn", "sightseeing")


def test_reachable_lists_ports_and_boxes_with_their_distances():
    state = allied()
    found = movement.reachable(state, "Britain", "westhaven", "base_change")
    assert found["orme"] == 4 and found["atlantic-us"] == 6 and "south-africa" not in found


def test_search_finds_a_later_touch_when_the_cheapest_label_cannot_go_on():
    """The label-setting search keeps a dearer label that touched a port more recently."""
    state = pacific(["0606", "1506", "2506", "3306"], ["0414"])
    report = movement.route(state, "USA", "paramushiro", "ujelang", "naval_redeployment")
    assert report.legal and report.cost == 27
    assert search.FINDERS_KEPT >= 8


def test_aw90_passing_port_moresby_binds_too():
    """Through Port Moresby's hex from Samarai westward: the next port must be within 5 of
    Port Moresby (Samarai 1526 → 1026 is 5; on to 0526 is 5 more, no port: refused)."""
    state = pacific(["1526", "1026"], ["0414"])
    report = movement.route(state, "USA", "samarai", "0526", "naval_redeployment",
                            via=[*lane(26, 14, 10), *lane(26, 9, 6)])
    assert stop(report)[0] == "AW-90"
    assert report.costs[report.stop.index] == 5 + 5


def test_aw228_japans_first_leg_toward_midway_johnston_and_hawaii():
    from mineboard.rules.awaw_naval import limits

    state = pacific(["3424"], ["0414"])
    assert limits.first_leg(state, "Japan", "yokosuka", "marcus").hexes == 20
    assert limits.first_leg(state, "Japan", "yokosuka", "midway") is None
    assert limits.first_leg(state, "Japan", "yokosuka", "johnston").hexes == 20
    assert limits.first_leg(state, "Japan", "yokosuka", "pearl-harbor").hexes == 20
    strict = pacific(["3424"], ["0414"], options={"japan_first_leg_to_hawaii": False})
    assert limits.first_leg(strict, "Japan", "yokosuka", "johnston") is None
    assert limits.first_leg(strict, "Japan", "yokosuka", "pearl-harbor") is None
    assert limits.first_leg(strict, "Japan", "yokosuka", "marcus").hexes == 20
    # never for the Americans, nor from outside Japan
    assert limits.first_leg(state, "USA", "yokosuka", "marcus") is None
    assert limits.first_leg(state, "Japan", "marcus", "lisianski") is None


def test_aw225_an_enemy_port_is_no_touch():
    state = pacific(["0606", "2506", "3306"], ["0414", "1506"])
    report = movement.route(state, "USA", "paramushiro", "ujelang", "naval_redeployment",
                            via=lane(6, 7, 33))
    assert stop(report) == ("AW-80", "1706")
    assert "1506" in report.places and not report.touches


def test_reachable_from_a_western_port_uses_virtual_hexes_only_for_western_goals():
    state = allied()
    found = movement.reachable(state, "Britain", "westhaven", "patrol")
    assert found["portlow"] == 12 and found["sundport"] == 16 and "tarn" in found


def test_route_under_the_pointer_reads_the_selection():
    from mineboard.core.places import PlaceRef
    from mineboard.core.planning import Selection

    state = game(EUROPE, ("Britain", "Germany"), {"Britain": ["0501", "0612"]},
                 ships=[{"id": "hood", "nation": "Britain", "type": "battlecruiser",
                         "factors": 3, "base": "westhaven"}])
    picked = Selection("westhaven", ("hood",))
    report = movement.route_report(state, picked, PlaceRef("hex", "0612"))
    assert report is not None and report.places[-1] == "portlow" and report.cost == 12
    patrol = Selection("westhaven", ("hood",), {"activity": "patrol"})
    sea = movement.route_report(state, patrol, PlaceRef("hex", "0611"))
    assert sea is not None and sea.places[-1] == "0611" and sea.cost == 11
    assert movement.route_report(state, Selection(), PlaceRef("hex", "0611")) is None


def test_bench_functions_measure_on_a_map():
    from mineboard.bench import awaw_routes

    assert 0 < awaw_routes.route_under_pointer() < 1.0
    assert 0 < awaw_routes.reachable_ports() < 1.0


def test_an_unknown_nation_is_bad_input_everywhere():
    state = allied()
    for ask in (lambda: movement.route(state, "Atlantis", "westhaven", "orme", "patrol"),
                lambda: movement.water_distance(state, "Atlantis", "westhaven", "orme"),
                lambda: movement.reachable(state, "Atlantis", "westhaven", "patrol")):
        with pytest.raises(BadInput, match="nation"):
            ask()


def test_aw45_a_route_never_sails_on_through_a_box():
    state = allied()
    through = movement.route(state, "Britain", "westhaven", "pacific-us",
                             "naval_redeployment")
    assert stop(through) == ("AW-45", "pacific-us")
    assert "does not sail on through it" in through.stop.reason
    assert "pacific-us" not in movement.reachable(state, "Britain", "westhaven",
                                                  "base_change")
    box_to_box = movement.route(state, "Britain", "atlantic-us", "pacific-us", "base_change")
    assert box_to_box.legal and box_to_box.cost == 10


def test_route_under_the_pointer_says_the_orders_own_refusal():
    from mineboard.core.places import PlaceRef
    from mineboard.core.planning import Selection

    state = game(EUROPE, ("Britain", "Germany"), {"Britain": ["0501"], "Germany": ["0612"]},
                 ships=[{"id": "hood", "nation": "Britain", "type": "battlecruiser",
                         "factors": 3, "base": "westhaven"}], side="Allies")
    report = movement.route_report(state, Selection("westhaven", ("hood",)),
                                   PlaceRef("port", "portlow"))
    assert report is not None and report.cost == 12
    assert report.stop is not None and report.stop.clause == "AW-49"
    assert report.stop.index == len(report.places) - 1
    movement.warm(state)
