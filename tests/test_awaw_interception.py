"""awaw-naval interceptions as far as part 1 needs them: the other side is asked after an
operation or a base change and declares or passes; reach (AW-79), strait sides (AW-38),
two-front ports (AW-16), boxes that may not (AW-19, AW-25), the interceptors' one operation
(AW-63); the outcome entered from outside (AW-224): losses, damage (AW-68), an operation
aborted with its transports' zone closed (AW-69), a base change beaten back (AW-48)."""

from __future__ import annotations

from typing import Any

from mineboard.core.game import Game
from mineboard.rules.awaw_naval import interception
from mineboard.rules.awaw_naval.ledger import ledger_of
from tests.awaw_bases_helpers import game, ship, summary
from tests.conftest import play, refused

BRITISH = ["0501", "0612", "0801", "1201", "1601"]
GERMAN = ["4412", "1512", "2312", "3012"]


def g_of(ships: list[dict[str, Any]], **more: Any) -> Game[Any]:
    return game(ships, BRITISH, GERMAN, **more)


def de(ident: str, factors: int, base: str, **more: Any) -> dict[str, Any]:
    return ship(ident, factors, base, nation="Germany", **more)


def test_aw79_a_european_interception_reaches_40_hexes_not_41():
    g = g_of([ship("w", 4, "westhaven"), de("k", 4, "kessel")], side="Axis")
    play(g, "operate", activity="patrol", ships=["k"], target="4406")
    assert summary(g)["intercepting"] == {"side": "Allies", "moving": [["k"]]}
    err = refused("AW-79", g, "intercept", ships=["w"], target="k", hex="4409")
    assert err.reason == "w from Westhaven: hex 4409 is 41 hexes away; at most 40 may be spent"
    play(g, "intercept", ships=["w"], target="k", hex="4408")
    assert g.state.ships["w"].operated and g.state.ships["w"].inverted
    assert g.state.awaiting is not None and g.state.awaiting.enters == "Allies"


def test_aw79_only_on_the_moving_force_route():
    g = g_of([ship("w", 4, "westhaven"), de("k", 4, "kessel")], side="Axis")
    play(g, "operate", activity="patrol", ships=["k"], target="4406")
    err = refused("AW-79", g, "intercept", ships=["w"], target="k", hex="4306")
    assert err.reason == "hex 4306 is not on the route of k"


def test_aw19_aw25_box_ships_may_not_intercept():
    g = g_of([ship("us", 4, "atlantic-us"), ship("sa", 4, "south-africa"),
              ship("w", 4, "westhaven"), de("k", 4, "kessel")], side="Axis")
    play(g, "operate", activity="patrol", ships=["k"], target="4406")
    assert refused("AW-19", g, "intercept", ships=["us"], target="k", hex="4408"
                   ).reason == "ships in the Atlantic U.S. box may not intercept"
    refused("AW-25", g, "intercept", ships=["sa"], target="k", hex="4410")


def test_aw38_interceptors_from_both_sides_of_a_closed_strait_do_not_combine():
    g = g_of([ship("a", 4, "skarth"), de("m", 4, "marrow"), de("t", 4, "tarn")])
    play(g, "operate", activity="patrol", ships=["a"], target="2406")
    err = refused("AW-38", g, "intercept", ships=["m", "t"], target="a", hex="2107")
    assert err.reason == ("Narrow Sound is closed to Axis: interceptors from both of its "
                          "sides may not join in one interception at hex 2107")
    play(g, "intercept", ships=["t"], target="a", hex="2107")


def test_aw16_we02_a_move_to_a_two_front_port_is_intercepted_on_its_front_only():
    g = game([ship("dd", 4, "westhaven", type_="destroyer"), de("m", 4, "marrow"),
              de("t", 4, "tarn")], [*BRITISH, "2008"], GERMAN)
    play(g, "operate", activity="sea_transport", ships=["dd"], target="sundport",
         cargo=[{"kind": "ground", "factors": 4}])
    err = refused("AW-16", g, "intercept", ships=["t"], target="dd", hex="1909")
    assert err.reason == ("t is based on the mediterranean front; a movement to or from "
                          "Sundport on the western front is intercepted only by ships of "
                          "that front")
    play(g, "intercept", ships=["m"], target="dd", hex="1909")


def test_interceptors_are_one_operation_and_pass_ends_the_window():
    g = g_of([ship("a", 4, "skarth"), ship("b", 4, "skarth"), de("m", 4, "marrow")])
    play(g, "operate", activity="patrol", ships=["a"], target="1206")
    refused("TURN", g, "operate", activity="patrol", ships=["b"], target="1106")
    play(g, "pass_interception")
    assert summary(g)["intercepting"] is None
    play(g, "operate", activity="patrol", ships=["b"], target="1106")


def test_aw224_outcome_sinks_damages_and_aborts_with_the_transports_zone_closed():
    g = g_of([ship("tp", 4, "skarth", type_="transport"), ship("dd", 4, "skarth",
                                                               type_="destroyer"),
              de("m", 4, "marrow"), de("n", 2, "marrow")])
    play(g, "operate", activity="supply_protection", ships=["tp", "dd"], target="fenmouth",
         supply_zone="z1")
    play(g, "intercept", ships=["m", "n"], target="tp", hex="1502")
    refused("AW-224", g, "interception_result", intercepted=True, mover_sunk="m")
    play(g, "interception_result", intercepted=True, mover_beaten=True, mover_sunk="tp",
         mover_damaged="dd", interceptors_damaged="n")
    play(g, "accept_result")
    s = summary(g)
    assert g.state.ships["tp"].eliminated and g.state.ships["dd"].damaged
    assert s["operations"]["op1"] == {"activity": "supply_protection", "side": "Allies",
                                      "ships": ["tp", "dd"], "at_sea": ["dd"], "hex": "1502",
                                      "aborted": True, "fought": True}
    assert s["transport_bans"] == ["Allies:z1"]
    assert s["intercepting"] is None and ledger_of(g.state).interception is None


def test_aw48_a_beaten_base_change_goes_back_inverted():
    g = g_of([ship("a", 4, "orme"), de("m", 4, "marrow")])
    record = play(g, "batch", members=[{"kind": "base_change", "ships": ["a"],
                                        "to": "skarth"}])
    if not any(e.kind == "InterceptionAsked" for e in record.events):
        interception.offer(g.state, "base_change", ["a"], "orme", "skarth")  # bases' hook
    play(g, "intercept", ships=["m"], target="a", hex="1102")
    play(g, "interception_result", intercepted=True, mover_beaten=True)
    play(g, "accept_result")
    assert g.state.ships["a"].base == "orme"
    assert g.state.ships["a"].inverted and g.state.ships["a"].held_inverted


def test_aw61_displaced_ships_may_not_abort():
    g = g_of([ship("a", 4, "orme"), de("m", 4, "marrow")])
    interception.offer(g.state, "displacement", ["a"], "orme", "skarth")
    play(g, "intercept", ships=["m"], target="a", hex="1102")
    err = refused("AW-61", g, "interception_result", intercepted=True, aborted=True)
    assert err.reason == ("interception_result.aborted: displaced ships may not abort; they "
                          "sail on to the same port")
