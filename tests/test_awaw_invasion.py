"""Seaborne invasions (invasion.py's arithmetic, invasion_orders.py in play): the catalogue's
test ideas for AW-140, AW-141, AW-143, AW-146 (WE-04), AW-147, AW-148, AW-151, AW-153,
AW-154 and AW-250, exact, each refusal with its clause."""

from __future__ import annotations

from typing import Any

import pytest

from mineboard.core.errors import IllegalAction
from mineboard.core.game import Game
from mineboard.persistence.scenario import scenario_from_data
from mineboard.resources import maps_dir
from mineboard.rules.awaw_naval import invasion
from mineboard.rules.awaw_naval.bombardment import Refused
from mineboard.rules.awaw_naval.invasion import EnemyNaval, Invader


def game(map_id: str, side: str, nations: list[str], ships: list[dict[str, Any]],
         control: dict[str, list[str]], **more: Any) -> Game[Any]:
    data = {"mineboard_scenario": 1, "ruleset": "awaw-naval", "map": map_id,
            "title": "invasion test", "nations": nations, "side": side, "phase": "combat",
            "ships": ships, "control": control, **more}
    return scenario_from_data(data, "invasion test", maps_dir() / "scenarios").new_game(1)


def play(g: Game[Any], action: dict[str, Any]) -> list[Any]:
    return list(g.play(g.ruleset.codec.parse(action)).events)


def refused(g: Game[Any], action: dict[str, Any]) -> str:
    with pytest.raises(IllegalAction) as err:
        play(g, action)
    return err.value.clause


def dd(ident: str, nation: str, factors: int, base: str, **more: Any) -> dict[str, Any]:
    return {"id": ident, "nation": nation, "type": "destroyer", "factors": factors,
            "base": base, **more}


def invade(target: str, ships: list[str], units: list[dict[str, Any]],
           **more: Any) -> dict[str, Any]:
    return {"kind": "invade", "ships": ships, "target": target, "troops": units, **more}


def unit(ident: str, factors: int, began_at: str, **more: Any) -> dict[str, Any]:
    return {"id": ident, "factors": factors, "began_at": began_at, **more}


# ---- AW-140: commando range, Dutch Harbor ---------------------------------------------------
def pacific_commando(target: str, ctl: int = 2) -> str | None:
    g = game("awaw-demo-pacific", "Allies", ["USA", "Japan"], [dd("dd", "USA", 2, "nihoa")],
             {"USA": ["1924"], "Japan": ["1424", "1324"]})
    action = invade(target, ["dd"], [unit("cdo", 1, "nihoa", kind="commando")],
                    commando_port=True, western_allied_ctl=ctl)
    try:
        play(g, action)
    except IllegalAction as exc:
        return exc.clause
    return None


def test_aw140_pacific_commando_port_invasion_five_hexes_not_six():
    assert pacific_commando("1424") is None  # Nihoa → Kaula: 5 hexes
    assert pacific_commando("1324") == "AW-140"  # Nihoa → Laysan: 6 hexes
    assert invasion.check_commando_range("europe", 10).clause == "AW-140"
    with pytest.raises(Refused):
        invasion.check_commando_range("europe", 11)


def test_aw140_no_invasion_embarks_at_dutch_harbor():
    g = game("awaw-demo-pacific", "Allies", ["USA", "Japan"],
             [dd("dd", "USA", 2, "dutch-harbor")], {"USA": ["2702"], "Japan": ["1803"]})
    assert refused(g, invade("1803", ["dd"], [unit("inf", 1, "dutch-harbor")])) == "AW-140"


# ---- AW-141: Japan → Dutch Harbor through another Aleutian island ---------------------------
def japan_to_dutch_harbor(via: list[str], kiska: bool = True) -> str | None:
    g = game("awaw-demo-pacific", "Axis", ["USA", "Japan"], [dd("dd", "Japan", 4, "ominato")],
             {"Japan": ["0410", *(["1803"] if kiska else [])], "USA": ["2702"]})
    try:
        play(g, invade("2702", ["dd"], [unit("inf", 2, "ominato")], via=via))
    except IllegalAction as exc:
        return exc.clause
    return None


def test_aw141_route_must_pass_the_held_aleutian_island():
    assert japan_to_dutch_harbor(["1804"]) == "AW-141"  # bypasses Kiska (1803)
    assert japan_to_dutch_harbor(["1803"]) is None
    assert japan_to_dutch_harbor([], kiska=False) == "AW-141"


# ---- AW-143: destroyer factors ---------------------------------------------------------------
def test_aw143_one_or_two_destroyer_factors_per_ground_factor():
    assert invasion.destroyers_needed(5, occupied=False).destroyers == 5
    assert invasion.destroyers_needed(5, occupied=True).destroyers == 10
    assert invasion.destroyers_needed(5 + 3, occupied=True).destroyers == 16


def test_aw227_box_invasions_doubled_with_sw_transports():
    needs = invasion.destroyers_needed(6, occupied=True, from_box=True)
    assert (needs.destroyers, needs.transports) == (24, 2)


def sea_game(ships: list[dict[str, Any]], **more: Any) -> Game[Any]:
    return game("awaw-demo-sea", "Allies", ["Britain", "Germany", "Free France"], ships,
                {"Britain": ["0612", "2312", "2008"], "Germany": ["3012"]},
                beaches=["2612", "2712", "3012"], **more)


def test_aw143_every_embarked_unit_needs_its_destroyers():
    units = [unit("inf", 3, "tarn"), unit("arm", 2, "tarn"),
             unit("res", 3, "tarn", attacks=False)]
    g = sea_game([dd("dd", "Britain", 15, "tarn", tf="t1")])
    assert refused(g, invade("2712", ["dd"], units, occupied=True)) == "AW-143"
    g = sea_game([dd("dd", "Britain", 16, "tarn", tf="t1")])
    events = play(g, invade("2712", ["dd"], units, occupied=True))
    declared = next(e for e in events if e.kind == "InvasionDeclared")
    assert declared.data["destroyers_needed"] == 16


# ---- AW-146 and WE-04: winter ---------------------------------------------------------------
def test_we04_winter_invasion_through_western_waters_refused_inside_the_med_allowed():
    ships = [dd("west", "Britain", 6, "portlow"), dd("med", "Britain", 6, "tarn")]
    g = sea_game(ships, season="Winter")
    assert refused(g, invade("2712", ["west"], [unit("inf", 3, "portlow")])) == "AW-146"
    play(g, invade("2712", ["med"], [unit("inf2", 3, "tarn")]))
    summer = sea_game(ships, season="Summer")
    play(summer, invade("2712", ["west"], [unit("inf", 3, "portlow")]))


def test_aw146_no_aleutian_invasion_in_winter():
    g = game("awaw-demo-pacific", "Allies", ["USA", "Japan"], [dd("dd", "USA", 2, "midway")],
             {"USA": ["2010"], "Japan": ["1803"]}, season="Winter")
    assert refused(g, invade("1803", ["dd"], [unit("inf", 1, "midway")])) == "AW-146"
    with pytest.raises(Refused):
        invasion.check_winter(True, ["mediterranean"], aleutian=True)


# ---- AW-147: 1:1 or better -------------------------------------------------------------------
def test_aw147_odds_under_one_to_one_refused():
    with pytest.raises(Refused) as err:
        invasion.check_odds(6, 7, occupied=True)
    assert err.value.clause == "AW-147"
    assert invasion.check_odds(7, 7, occupied=True).clause == "AW-147"
    assert invasion.check_odds(1, 9, occupied=False).clause == "AW-147"


def test_aw147_landing_judges_the_attack_strength():
    g = sea_game([dd("dd", "Britain", 12, "tarn", tf="t1")])
    play(g, invade("2712", ["dd"], [unit("a", 3, "tarn"), unit("b", 3, "tarn")],
                   occupied=True))
    assert refused(g, {"kind": "land_invasion", "invasion": "op1", "defense": 7}) == "AW-147"
    events = play(g, {"kind": "land_invasion", "invasion": "op1", "defense": 6})
    assert events[-1].kind == "ResultAwaited"


# ---- AW-148 / AW-239: enemy naval units in the hex -------------------------------------------
def test_aw148_enemy_naval_factors_counted():
    nine = [EnemyNaval("f", 9, True), EnemyNaval("s", 6, False), EnemyNaval("t", 3, False)]
    assert invasion.check_naval_presence(nine).clause == "AW-148"
    with pytest.raises(Refused) as err:
        invasion.check_naval_presence([EnemyNaval("f", 10, True)])
    assert err.value.clause == "AW-148"
    damaged = [EnemyNaval("f", 9, True), EnemyNaval("d", 3, True, damaged=True)]
    assert invasion.check_naval_presence(damaged).clause == "AW-148"
    with pytest.raises(Refused) as err:
        invasion.check_naval_presence([EnemyNaval("tf", 2, True, tf="tf1")])
    assert err.value.clause == "AW-239"
    assert invasion.check_naval_presence([EnemyNaval("tf", 2, True, damaged=True,
                                                     tf="tf1")],
                                         tf_needs_undamaged=True).clause == "AW-148"


def test_aw148_in_play_ten_german_factors_in_velay_forbid_it():
    def velay(factors: int) -> str | None:
        ships = [dd("dd", "Britain", 6, "tarn"),
                 {"id": "g", "nation": "Germany", "type": "cruiser", "factors": factors,
                  "base": "velay"}]
        g = sea_game(ships)
        try:
            play(g, invade("3012", ["dd"], [unit("inf", 3, "tarn")]))
        except IllegalAction as exc:
            return exc.clause
        return None

    assert velay(9) is None
    assert velay(10) == "AW-148"


# ---- AW-151: eligible hexes ------------------------------------------------------------------
def test_aw151_only_beaches_and_one_hex_islands():
    g = sea_game([dd("dd", "Britain", 6, "tarn")])
    assert refused(g, invade("2609", ["dd"], [unit("inf", 3, "tarn")])) == "AW-151"  # two-hex
    g = sea_game([dd("dd", "Britain", 6, "portlow")])
    play(g, invade("1006", ["dd"], [unit("inf", 3, "portlow")]))  # Skerry: one-hex island


def test_aw151_commando_against_an_undefended_port_needs_ctl_two():
    with pytest.raises(Refused):
        invasion.check_target(invasion.PORT, commando=True, western_allied_ctl=1)
    assert invasion.check_target(invasion.PORT, commando=True,
                                 western_allied_ctl=2).clause == "AW-151"
    with pytest.raises(Refused):
        invasion.check_target(invasion.OTHER)
    assert pacific_commando("1424", ctl=1) == "AW-151"
    assert pacific_commando("1424", ctl=2) is None


# ---- AW-153: two units from the sea, marines apart -------------------------------------------
def test_aw153_two_units_attack_from_the_sea_marines_apart():
    three = [Invader("a", 3), Invader("b", 3), Invader("c", 3)]
    with pytest.raises(Refused) as err:
        invasion.check_units(three)
    assert err.value.clause == "AW-153"
    invasion.check_units([Invader("a", 3), Invader("b", 3), Invader("m", 2, kind="marine")])
    g = sea_game([dd("dd", "Britain", 9, "tarn")])
    units = [unit(x, 3, "tarn") for x in "abc"]
    assert refused(g, invade("2712", ["dd"], units)) == "AW-153"


def test_aw145_partial_supply_and_air_units_never_invade():
    with pytest.raises(Refused) as err:
        invasion.check_units([Invader("a", 3, supply="partial")])
    assert err.value.clause == "AW-145"
    g = sea_game([dd("dd", "Britain", 9, "tarn")])
    assert refused(g, invade("2712", ["dd"], [unit("a", 3, "tarn", kind="air")])) == "AW-145"


# ---- AW-154: caps ----------------------------------------------------------------------------
def test_aw154_caps_three_times_the_attacking_ground_factors():
    caps = invasion.support_caps([Invader("a", 2), Invader("b", 2),
                                  Invader("held", 3, attacks=False)])
    assert (caps.ground, caps.bombardment, caps.support) == (4, 12, 12)
    joined = invasion.support_caps([Invader("a", 4)], joiners=2, count_joiners=True)
    assert joined.bombardment == 18


# ---- AW-250: surplus invaders ---------------------------------------------------------------
def test_aw250_surplus_returns_within_the_pacific_return_distance():
    g = game("awaw-demo-pacific", "Axis", ["USA", "Japan"],
             [dd("dd", "Japan", 2, "kaula")],
             {"Japan": ["1424", "1026", "3028"], "USA": ["1924"]}, beaches=["1924"])
    play(g, invade("1924", ["dd"], [unit("a", 1, "kaula"), unit("b", 1, "kaula")]))
    play(g, {"kind": "land_invasion", "invasion": "op1"})
    play(g, {"kind": "invasion_combat", "hex_taken": True})
    play(g, {"kind": "accept_result"})
    assert refused(g, {"kind": "return_surplus", "invasion": "op1", "units": ["b"],
                       "port": "johnston"}) == "AW-250"  # 11 hexes
    events = play(g, {"kind": "return_surplus", "invasion": "op1", "units": ["b"],
                      "port": "port-moresby"})  # 9 hexes
    assert events[0].clause == "AW-250" and "9 hexes" in events[0].text
    with pytest.raises(Refused):
        invasion.surplus_return(11, 10)


# ---- the losses in play (WE-06 with the fleet) ----------------------------------------------
def test_we06_in_play_losses_on_the_bombarding_fleet():
    ships = [dd("dd", "Britain", 12, "tarn", tf="t1"),
             dd("bdd", "Britain", 36, "tarn", tf="t2")]
    g = sea_game(ships)
    play(g, invade("2712", ["dd"], [unit("a", 3, "tarn"), unit("b", 3, "tarn")],
                   occupied=True))
    play(g, {"kind": "operate", "activity": "shore_bombardment", "ships": ["bdd"],
             "target": "2712", "with_invasion": "op1"})
    events = play(g, {"kind": "land_invasion", "invasion": "op1", "defense": 6})
    assert "attack 6 ground + 12 bombardment + 0 ground support = 18" in \
        [e.text for e in events]
    play(g, {"kind": "invasion_combat", "attacker_losses": 6})
    play(g, {"kind": "accept_result"})
    assert refused(g, {"kind": "allocate_invasion_losses", "invasion": "op1",
                       "fleet": [{"ship": "dd", "losses": 6}]}) == "AW-164"
    assert refused(g, {"kind": "allocate_invasion_losses", "invasion": "op1",
                       "units": ["a", "b"], "fleet": [{"ship": "bdd", "losses": 1}]}) \
        == "AW-155"
    play(g, {"kind": "allocate_invasion_losses", "invasion": "op1", "units": ["a"],
             "fleet": [{"ship": "bdd", "losses": 3}]})
    assert g.state.ships["bdd"].factors == 33


# ---- the window's commands -------------------------------------------------------------------
def test_aw155_the_window_offers_landing_and_ticks_for_the_losses():
    from mineboard.core.planning import Selection

    ships = [dd("dd", "Britain", 6, "tarn"),
             {"id": "ca", "nation": "Britain", "type": "cruiser", "factors": 2,
              "base": "tarn", "tf": "t2"}, dd("b", "Britain", 9, "tarn", tf="t2")]
    g = sea_game(ships)
    play(g, invade("2712", ["dd"], [unit("a", 3, "tarn")]))
    play(g, {"kind": "operate", "activity": "shore_bombardment", "ships": ["ca", "b"],
             "target": "2712", "with_invasion": "op1"})
    [land] = g.ruleset.commands(g.state, Selection())
    assert land.label == "Land invasion op1 at hex 2712"
    g.play(land.make())
    play(g, {"kind": "invasion_combat", "attacker_losses": 3})
    play(g, {"kind": "accept_result"})
    [take] = g.ruleset.commands(g.state, Selection())
    assert [p for p, _ in take.pick] == ["unit:a", "ca:ca", "dd:b:1", "dd:b:2", "dd:b:3"]
    g.play(take.make(("ca:ca", "dd:b:1")))
    assert g.state.ships["ca"].eliminated and g.state.ships["b"].factors == 8


# ---- WE-04 on the European map ---------------------------------------------------------------
def europe(season: str) -> Game[Any]:
    """Britain holds Plymouth, Porto (a port to touch on the way: 20 hexes), Gibraltar and
    Algiers; the invasion hexes are beaches by the scenario."""
    return game("awaw-europe", "Allies", ["Britain", "Germany"],
                [dd("home", "Britain", 6, "plymouth"), dd("med", "Britain", 6, "algiers")],
                {"Britain": ["030032", "024046", "028053", "038052"]}, season=season,
                beaches=["023049", "026057", "034054", "041043"])


@pytest.mark.parametrize("target, via", [
    ("023049", []),  # T10, Portugal
    ("026057", ["024046", "028053"]),  # Casablanca, past Gibraltar
    ("034054", ["024046", "028053"]),  # French North Africa (Oran), through the Straits
])
def test_we04_winter_invasions_from_britain_are_prohibited(target, via):
    g = europe("Winter")
    assert refused(g, invade(target, ["home"], [unit("inf", 3, "plymouth")], via=via)) \
        == "AW-146"
    play(europe("Summer"), invade(target, ["home"], [unit("inf", 3, "plymouth")], via=via))


def test_we04_winter_invasion_of_southern_france_inside_the_mediterranean_allowed():
    events = play(europe("Winter"), invade("041043", ["med"], [unit("inf", 3, "algiers")]))
    assert events[1].kind == "InvasionDeclared"


@pytest.mark.parametrize("count, refusal", [(False, "AW-154"), (True, None)])
def test_aw154_joiners_count_toward_the_caps_only_by_the_option(count, refusal):
    g = sea_game([dd("dd", "Britain", 4, "tarn")],
                 options={"invasion_caps_count_joiners": count})
    play(g, invade("2712", ["dd"], [unit("a", 2, "tarn"), unit("b", 2, "tarn")]))
    land = {"kind": "land_invasion", "invasion": "op1", "joiners": 2, "ground_support": 18}
    if refusal:
        assert refused(g, land) == refusal
    else:
        events = play(g, land)
        assert "attack 6 ground + 0 bombardment + 18 ground support = 24" in \
            [e.text for e in events]


@pytest.mark.parametrize("bars, refusal", [(False, None), (True, "AW-140")])
def test_aw140_the_option_bars_destroyers_based_at_dutch_harbor(bars, refusal):
    g = game("awaw-demo-pacific", "Allies", ["USA", "Japan"],
             [dd("dd", "USA", 2, "dutch-harbor")], {"USA": ["2702", "2506"], "Japan": ["1803"]},
             options={"dutch_harbor_bars_all_bases": bars})
    action = invade("1803", ["dd"], [unit("inf", 1, "eniwetok")], via=["2506"])
    if refusal:
        assert refused(g, action) == refusal
    else:
        play(g, action)


def test_aw146_winter_bars_bombarding_ships_through_western_waters():
    ships = [dd("med", "Britain", 6, "tarn"),
             {"id": "bb", "nation": "Britain", "type": "battleship", "factors": 4,
              "base": "portlow"},
             {"id": "bb2", "nation": "Britain", "type": "battleship", "factors": 4,
              "base": "tarn"}]
    g = sea_game(ships, season="Winter")
    play(g, invade("2712", ["med"], [unit("a", 3, "tarn")]))
    assert refused(g, {"kind": "operate", "activity": "shore_bombardment", "ships": ["bb"],
                       "target": "2712", "with_invasion": "op1"}) == "AW-146"
    play(g, {"kind": "operate", "activity": "shore_bombardment", "ships": ["bb2"],
             "target": "2712", "with_invasion": "op1"})
