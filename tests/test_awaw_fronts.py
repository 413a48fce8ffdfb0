"""awaw-naval fronts (AW-11…AW-16, AW-244, WE-01, WE-02): the front of a port's water,
two-front ports, the front an activity's route passes — on the demo sea, and on copies of
it with a port moved to where its land and its water lie on different fronts."""

from __future__ import annotations

from mineboard.core.game import Game
from mineboard.maps.geojson import board_from_json
from mineboard.rules.awaw_naval import fronts
from mineboard.rules.awaw_naval.ruleset import RULESET
from mineboard.rules.awaw_naval.scenario import state_from_scenario
from mineboard.rules.awaw_naval.state import AwState
from tests.awaw_bases_helpers import demo_sea_doc, game, scenario, ship
from tests.conftest import play, refused


def sea_with_ports(*ports: tuple[str, str, str]) -> AwState:
    """The demo sea plus ports (id, hex, the front its land lies on): the hex becomes a
    coast hex listed in that front's region — a land front differing from its water's."""
    doc = demo_sea_doc()
    features = doc["features"]
    for port_id, hex_id, land_front in ports:
        for f in features:
            props = f["properties"]
            if props["kind"] == "hex" and props["label"] == hex_id:
                props["terrain"] = "coast"
            if props["kind"] == "region" and props.get("front"):
                places = [p for p in props["places"] if p != hex_id]
                props["places"] = places + ([hex_id] if props["front"] == land_front else [])
        features.append({"type": "Feature", "id": port_id, "geometry": None,
                         "properties": {"kind": "port", "hex": hex_id, "name": port_id.title(),
                                        "capacity": 50}})
    board = board_from_json(doc, "awaw-demo-sea-fronts")
    return state_from_scenario(scenario([], []), board, "fronts test")


# ---- AW-11, WE-01: the front of the water, not of the land -----------------------------------
def test_we01_baltic_port_on_the_eastern_front_marseilles_on_the_mediterranean():
    # A: a "north German Baltic port" whose land hex is on the western front, its water
    # eastern; B: a "Marseilles" whose land is western, its water Mediterranean.
    state = sea_with_ports(("kielport", "3401", "western"), ("marsport", "2201", "western"))
    assert fronts.front_of_hex(state, "3401") == "western"  # the land's front
    assert fronts.fronts_of(state, "kielport") == ("eastern",)
    assert fronts.front_of(state, "marsport") == "mediterranean"


def test_aw11_a_port_takes_its_waters_front():
    g = game([], [])
    assert {p: fronts.front_of(g.state, p) for p in
            ("orme", "calder", "dunmere", "tarn", "kessel")} == {
        "orme": "western", "calder": "mediterranean", "dunmere": "eastern",
        "tarn": "mediterranean", "kessel": "eastern"}


# ---- AW-12, AW-14, AW-15: two-front ports -----------------------------------------------------
def test_aw12_aw14_two_front_ports_are_on_both_fronts():
    g = game([], [])
    assert fronts.fronts_of(g.state, "sundport") == ("western", "mediterranean")
    assert fronts.fronts_of(g.state, "canalmouth") == ("mediterranean", "eastern")
    assert fronts.is_two_front(g.state, "sundport")
    assert fronts.front_of(g.state, "sundport") is None
    assert not fronts.is_two_front(g.state, "orme")


def test_aw11_boxes_are_on_no_front_unless_the_map_says():
    g = game([], [])
    assert fronts.fronts_of(g.state, "atlantic-us") == ("western",)  # the map's "front"
    assert fronts.fronts_of(g.state, "south-africa") == ()


# ---- AW-16, WE-02: the front an activity passes ----------------------------------------------
def test_we02_britain_to_gibraltar_only_western_axis_ships_intercept():
    g = game([], [])
    route = ["0802", "0903", "1004", "1105", "1206", "1306", "1407", "1507", "1607", "1707",
             "1807", "1907", "2008"]
    front = fronts.route_front(g.state, "sundport", route)
    assert front == "western"
    assert fronts.may_intercept(g.state, "fenmouth", front)      # Axis on the western front
    assert not fronts.may_intercept(g.state, "calder", front)    # Axis on the Mediterranean
    assert fronts.may_intercept(g.state, "sundport", front)      # a two-front base: both


def test_we02_from_kiel_on_one_front_only_that_fronts_ships_intercept():
    g = game([], [])
    # Canalmouth (Mediterranean and eastern) sailing west into the Mediterranean
    front = fronts.route_front(g.state, "canalmouth", ["3306", "3206", "3106", "3006"])
    assert front == "mediterranean"
    assert fronts.may_intercept(g.state, "calder", front)
    assert not fronts.may_intercept(g.state, "dunmere", front)   # a "Leningrad"
    east = fronts.route_front(g.state, "canalmouth", ["3306", "3406", "3506"])
    assert east == "eastern" and fronts.may_intercept(g.state, "dunmere", east)


def test_aw16_a_one_front_base_is_on_its_front_whatever_the_route():
    g = game([], [])
    assert fronts.route_front(g.state, "calder", ["2401", "2302", "2202", "2102"]) \
        == "mediterranean"
    assert not fronts.may_intercept(g.state, "calder", None)


# ---- AW-244: every sea and coastal hex has a front --------------------------------------------
def test_aw244_every_water_and_coastal_hex_of_the_demo_sea_has_a_front():
    g = game([], [])
    missing = [p.id for p in g.state.board.places.values()
               if p.kind == "hex" and p.props.get("terrain") in ("sea", "coast", "virtual")
               and fronts.front_of_hex(g.state, p.id) is None]
    assert missing == []


# ---- WE-02 played: the interception's eligibility (employment's check, bases' fronts) ---------
def test_we02_played_britain_to_gibraltar_western_axis_ships_only():
    g = game([ship("force", 9, "orme"), ship("med", 5, "calder", nation="Germany"),
              ship("west", 5, "fenmouth", nation="Germany")], ["0801"], ["1601", "2401"])
    play(g, "base_change", ships=["force"], to="sundport")
    assert g.state.to_move == "Axis"  # asked whether it intercepts
    err = refused("AW-16", g, "intercept", ships=["med"], target="force", hex="1907")
    assert "Mediterranean" in err.reason or "mediterranean" in err.reason
    record = play(g, "intercept", ships=["west"], target="force", hex="1907")
    assert record.events[0].kind == "InterceptionDeclared"


def test_we02_played_from_kiel_on_one_front_russians_on_the_other_may_not():
    ships = [ship("kiel", 9, "canalmouth", nation="Germany"),
             ship("brit", 5, "tarn"), ship("russ", 5, "dunmere", nation="USSR")]
    data = scenario(ships, ["2312"], ["3305", "3306", "3307", "2401"], side="Axis")
    data["nations"] = ["Britain", "Germany", "USSR"]
    data["control"]["Britain"] = ["2312", "2008", "4005", "4108"]
    data["control"]["USSR"] = ["3601"]
    g = Game(RULESET, state_from_scenario(data, game([], []).state.board, "we02"), 1)
    play(g, "base_change", ships=["kiel"], to="calder")  # west, into the Mediterranean
    assert g.state.to_move == "Allies"
    refused("AW-16", g, "intercept", ships=["russ"], target="kiel", hex="3205")
    record = play(g, "intercept", ships=["brit"], target="kiel", hex="3205")
    assert record.events[0].kind == "InterceptionDeclared"


def test_aw14_gibraltar_charged_to_the_mediterranean_from_either_front():
    doc = demo_sea_doc()
    for f in doc["features"]:
        if f["id"] == "sundport":
            f["properties"]["charge_front"] = "mediterranean"
    state = state_from_scenario(scenario([], []), board_from_json(doc, "gib"), "aw14")
    assert fronts.charged_front(state, "sundport", "western") == "mediterranean"
    assert fronts.charged_front(state, "sundport", "mediterranean") == "mediterranean"
    assert fronts.charged_front(state, "calder", "mediterranean") == "mediterranean"
    g = game([], [])  # the demo sea as bundled: no charge_front, the acting front pays
    assert fronts.charged_front(g.state, "sundport", "western") == "western"
