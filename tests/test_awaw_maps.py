"""The two strategic maps of awaw-naval (maps/awaw-europe.geojson, maps/awaw-pacific.geojson,
built by tools/build_awaw_maps.py): they load, hold the places the rules name with the
properties the rules read, and their water distances feel like the game's."""

from __future__ import annotations

from functools import cache

import pytest

from mineboard.maps.loading import validate_file
from mineboard.maps.model import BOX, BOX_LINK, PORT, BoardMap
from mineboard.maps.paths import MoveCosts, RouteRules, route_report, weighted_graph
from mineboard.resources import maps_dir

COSTS = MoveCosts.of({"sea": 1, "coast": 1, "virtual": 1}, fixed={"berth": 0},
                     barred=("river", "land"))
"""As movement_costs.json gives them: a hex a hex, a berth free, rivers and land barred."""


@cache
def board(name: str) -> BoardMap:
    from mineboard.maps.loading import load_board

    return load_board(maps_dir() / f"{name}.geojson")


def no_boxes(name: str, *more: str) -> RouteRules:
    """Routes over the map alone (a route in by one box link and out by another would cut
    across the world), with the ways ``more`` closed too."""
    from mineboard.maps.paths import Closed

    why = Closed("AW-45", "closed")
    b = board(name)
    shut = [w.id for w in b.ways_of(BOX_LINK)] + list(more)
    return RouteRules(closed=tuple((w, why) for w in shut))


def distance(name: str, a: str, b: str) -> int:
    report = route_report(board(name), COSTS, no_boxes(name), a, b)
    assert report.stop is None, report.stop
    return report.costs[-1]


def terrain(name: str, place: str) -> str:
    return str(board(name).places[place].props["terrain"])


@pytest.mark.parametrize("name", ["awaw-europe", "awaw-pacific"])
def test_maps_validate_and_stay_under_12000_hexes(name: str) -> None:
    assert validate_file(maps_dir() / f"{name}.geojson") == []
    b = board(name)
    assert b.grid is not None and b.grid.cols * b.grid.rows <= 12_000
    assert b.meta["theatre"] == name.split("-")[1]
    assert "Natural Earth" in b.meta["attribution"]


@pytest.mark.parametrize("name", ["awaw-europe", "awaw-pacific"])
def test_every_port_lies_in_a_coast_hex_with_capacity(name: str) -> None:
    ports = list(board(name).places_of(PORT))
    assert len(ports) > 60
    for p in ports:
        assert terrain(name, str(p.props["hex"])) == "coast", p.id
        assert p.props["capacity"] == (100 if p.props.get("ports") == 2 else 50)


def test_gibraltar_is_a_two_front_port_whose_strait_needs_it_held() -> None:
    b = board("awaw-europe")
    gib = b.places["gibraltar"]
    assert gib.props["fronts"] == ["western", "mediterranean"]
    assert gib.props["naval_base"] is True
    strait = b.edge_sets["gibraltar-strait"]
    assert strait.props["strait"] is True
    assert strait.props["control"] == [gib.props["hex"]]


def test_skagerrak_needs_two_hexes_and_kattegat_copenhagen() -> None:
    b = board("awaw-europe")
    skag = b.edge_sets["skagerrak"].props["control"]
    assert len(skag) == 2 and all(terrain("awaw-europe", h) == "coast" for h in skag)
    kat = b.edge_sets["kattegat"].props
    assert kat["control"] == [b.places["copenhagen"].props["hex"]]
    assert len(kat["friendly_or_neutral"]) == 1
    finland = b.edge_sets["gulf-of-finland"].props["friendly_or_neutral"]
    assert finland == [b.places["helsinki"].props["hex"], b.places["tallinn"].props["hex"]]


def test_istanbul_two_front_and_the_turkish_straits_four_hexes() -> None:
    b = board("awaw-europe")
    assert b.places["istanbul"].props["fronts"] == ["mediterranean", "eastern"]
    control = b.edge_sets["turkish-straits"].props["control"]
    assert len(set(control)) == 4
    assert b.places["istanbul"].props["hex"] in control
    assert all(terrain("awaw-europe", h) in ("coast", "land") for h in control)


def test_kiel_two_front_with_its_canal() -> None:
    b = board("awaw-europe")
    kiel = b.places["kiel"]
    assert kiel.props["fronts"] == ["western", "eastern"]
    canal = b.edge_sets["kiel-canal"]
    assert canal.props["canal"] is True and canal.props["control"] == [kiel.props["hex"]]
    assert any(kiel.props["hex"] in way.split("|") for way in canal.ways)
    suez = b.edge_sets["suez-canal"].props
    assert suez["canal"] is True and len(suez["control"]) >= 3


def test_boxes_linked_as_the_rules_say() -> None:
    eu = board("awaw-europe")
    grid = eu.grid
    assert grid is not None
    us = eu.places["atlantic-us"]
    assert us.kind == BOX and us.props["role"] == "us-atlantic"
    assert us.props["serves"] == "western"
    virtual = eu.regions["virtual"].places
    west = min(int(h[:3]) for h in us.props["links"])
    assert west == max(int(h[:3]) for h in virtual) + 1  # the column past the virtual hexes
    assert all(int(h[:3]) == west for h in us.props["links"]) and len(us.props["links"]) > 20
    pac = board("awaw-pacific")
    aus = pac.places["australia"].props
    assert sorted(aus["link_cost"].values()) == [8, 8, 10]
    assert aus["link_cost"]["noumea"] == 10
    assert pac.places["india"].props["link_cost"] == 8


def test_pacific_runs_past_180_in_one_piece() -> None:
    b = board("awaw-pacific")
    assert b.meta["projection"]["lon0"] < 180 < 202  # Pearl Harbor at about 202°
    assert distance("awaw-pacific", "wake", "midway") < 15
    assert b.places["port-moresby"].props["touch_limit"] == 5
    assert b.places["sandakan"].props["touch_limit"] == 5
    islands = {r.props.get("island") for r in b.regions.values()}
    assert "beach" in islands and "one-hex" in islands
    groups = {r.props.get("group") for r in b.regions.values()}
    assert {"hawaiian", "aleutians", "society", "japan"} <= groups


def test_no_ship_route_crosses_an_isthmus() -> None:
    # Jutland, Suez without its canal, Gallipoli: the land sides part the seas.
    b = board("awaw-europe")
    graph = weighted_graph(b, COSTS)
    land = b.edge_sets["land-sides"].ways
    assert land and all(not graph.has_edge(*w.split("|")) for w in land)
    suez = b.edge_sets["suez-canal"].ways
    report = route_report(b, COSTS, no_boxes("awaw-europe", *suez), "port-said", "suez")
    assert report.stop is not None  # with the canal shut, the isthmus parts the seas
    assert distance("awaw-europe", "port-said", "suez") <= 3
    kiel = b.edge_sets["kiel-canal"].ways
    report = route_report(b, COSTS, no_boxes("awaw-europe", *kiel), "wilhelmshaven", "kiel")
    assert report.stop is None and report.costs[-1] > 10  # round Jutland, not across it
    assert distance("awaw-europe", "wilhelmshaven", "kiel") <= 4


def test_water_distances_feel_like_the_game() -> None:
    assert 25 <= distance("awaw-europe", "plymouth", "gibraltar") <= 31
    assert 45 <= distance("awaw-europe", "gibraltar", "suez") <= 50
    assert 24 <= distance("awaw-pacific", "pearl-harbor", "dutch-harbor") <= 29


def test_every_water_hex_has_the_front_of_its_water() -> None:
    # AW-11, AW-244, WE-01: a port's front is its water's, not its land's
    b = board("awaw-europe")
    front = {p: r.id for r in b.regions.values() if r.props.get("front") for p in r.places}
    water = [p.id for p in b.places_of("hex") if p.props["terrain"] in ("sea", "coast")]
    assert all(h in front for h in water)
    expected = {"eastern": ["varna", "constanta", "odessa", "sevastopol", "rostock", "stettin",
                            "danzig", "leningrad", "copenhagen"],
                "mediterranean": ["marseille", "toulon", "malta", "alexandria", "suez"],
                "western": ["brest", "portsmouth", "cadiz", "oslo", "esbjerg", "reykjavik"]}
    for name, ports in expected.items():
        for port_id in ports:
            assert front[b.places[port_id].props["hex"]] == name, port_id


def test_parnu_needs_saare_held() -> None:
    b = board("awaw-europe")
    saare = b.regions["saare"]
    assert saare.props["island"] == "one-hex" and len(saare.places) == 1
    assert b.places["parnu"].props["requires"] == list(saare.places)
