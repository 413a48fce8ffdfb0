"""awaw-naval standing orders for interceptions (standing_orders.py, core/orders.py, AW-79):
no orders, the side is asked at every chance as before; "never" passes at once and the mover
keeps the move; "ask within N" asks only where the route comes that near; an order that
would intercept by itself, or watches a box, is refused; the window's commands and the
planner's candidates."""

from __future__ import annotations

from typing import Any

from mineboard.core.game import Game
from mineboard.core.orders import ASK, AUTO, StandingOrder, Trigger
from mineboard.core.planning import Selection
from mineboard.rules.awaw_naval import standing_orders
from mineboard.rules.common.orders import SetOrders
from tests.awaw_bases_helpers import game, ship, summary
from tests.conftest import play, refused

BRITISH = ["0501", "0612", "0801", "1201", "1601"]
GERMAN = ["4412", "1512", "2312", "3012"]
NEVER = [{"reaction": "intercept", "trigger": {"when": "never"}, "answer": "auto"}]


def sea(ships: list[dict[str, Any]], **more: Any) -> Game[Any]:
    return game(ships, BRITISH, GERMAN, **more)


def de(ident: str, factors: int, base: str, **more: Any) -> dict[str, Any]:
    return ship(ident, factors, base, nation="Germany", **more)


def within(radius: int, *places: str, answer: str = "ask") -> list[dict[str, Any]]:
    return [{"reaction": "intercept", "answer": answer,
             "trigger": {"when": "within", "places": list(places), "radius": radius}}]


def kinds(record: Any) -> list[tuple[str, str]]:
    return [(e.clause, e.kind) for e in record.events]


def fleet() -> Game[Any]:
    """Three British ships at Skarth, a German cruiser at Marrow that may intercept."""
    return sea([ship("ca", 2, "skarth"), ship("dd", 4, "skarth", type_="destroyer"),
                ship("tp", 4, "skarth", type_="transport"), de("m", 4, "marrow")],
               phase="movement")


def asked_once(g: Game[Any]) -> None:
    """The first base change asks the Axis (no orders yet)."""
    record = play(g, "base_change", ships=["ca"], to="orme")
    assert ("AW-79", "InterceptionAsked") in kinds(record)
    assert g.state.to_move == "Axis"


def test_aw79_without_standing_orders_the_side_is_asked_at_every_chance():
    g = fleet()
    asked_once(g)
    play(g, "pass_interception")
    record = play(g, "base_change", ships=["dd"], to="westhaven")
    assert ("AW-79", "InterceptionAsked") in kinds(record)
    assert g.state.to_move == "Axis" and g.state.ledger.asked == "Axis"
    assert "standing_orders" not in summary(g)


def test_aw79_a_never_order_passes_at_once_and_the_mover_keeps_the_move():
    g = fleet()
    asked_once(g)
    record = play(g, "set_orders", orders=NEVER)
    assert [(e.kind, e.text, e.secret_to) for e in record.events] == [
        ("OrdersSet", "Axis sets its standing orders: never intercept, passing at once", None)]
    play(g, "pass_interception")
    record = play(g, "operate", activity="supply_protection", ships=["tp"], target="fenmouth",
                  supply_zone="z1")
    passed = [e for e in record.events if e.kind == "ReactionPassed"]
    assert [(e.clause, e.text) for e in passed] == [
        ("AW-79", "Axis does not intercept tp: its standing orders pass at once (never "
                  "intercept, passing at once)")]
    assert ("AW-79", "InterceptionAsked") not in kinds(record)
    assert g.state.to_move == "Allies"
    assert g.state.ledger.asked is None and g.state.ledger.windows == []
    assert summary(g)["standing_orders"] == {"Axis": ["never intercept, passing at once"]}


def test_aw79_ask_within_n_asks_only_where_the_route_comes_that_near():
    g = fleet()
    asked_once(g)
    play(g, "set_orders", orders=within(2, "fenmouth"))
    play(g, "pass_interception")
    # Skarth to Westhaven: 1201 westward, 4 hexes from Fenmouth (1601) at the nearest
    record = play(g, "base_change", ships=["dd"], to="westhaven")
    assert [e.text for e in record.events if e.kind == "ReactionPassed"] == [
        "Axis does not intercept dd: its standing orders pass at once (intercept anything "
        "within 2 of Fenmouth, asking first; the route comes no nearer than 4 hexes)"]
    assert g.state.to_move == "Allies"
    record = play(g, "operate", activity="supply_protection", ships=["tp"], target="fenmouth",
                  supply_zone="z1")
    assert kinds(record)[-2:] == [("AW-79", "ReactionAsked"), ("AW-79", "InterceptionAsked")]
    assert record.events[-2].text == ("Axis's standing order asks it about tp: intercept "
                                      "anything within 2 of Fenmouth, asking first")
    assert g.state.to_move == "Axis"
    play(g, "intercept", ships=["m"], target="tp", hex="1502")  # asked as ever: it may


def test_aw79_within_counts_the_nearest_hex_of_the_route_exactly():
    """The route to Westhaven comes 4 hexes from Fenmouth: within 4 asks, within 3 not."""
    for radius, asked in ((4, "Axis"), (3, None)):
        g = fleet()
        asked_once(g)
        play(g, "set_orders", orders=within(radius, "fenmouth"))
        play(g, "pass_interception")
        play(g, "base_change", ships=["dd"], to="westhaven")
        assert g.state.ledger.asked == asked, radius


def test_aw79_entering_a_port_fires_on_its_hex():
    g = fleet()
    asked_once(g)
    play(g, "set_orders", orders=[{"reaction": "intercept", "answer": "ask",
                                   "trigger": {"when": "entering", "places": ["fenmouth"]}}])
    play(g, "pass_interception")
    play(g, "base_change", ships=["dd"], to="westhaven")
    assert g.state.ledger.asked is None
    play(g, "operate", activity="supply_protection", ships=["tp"], target="fenmouth",
         supply_zone="z1")
    assert g.state.ledger.asked == "Axis"


def test_aw79_no_orders_again_asks_at_every_chance():
    g = fleet()
    asked_once(g)
    play(g, "set_orders", orders=NEVER)
    record = play(g, "set_orders", orders=[])
    assert record.events[0].text == ("Axis sets its standing orders: none: asked at every "
                                     "chance")
    assert g.state.orders == {} and "standing_orders" not in summary(g)
    play(g, "pass_interception")
    play(g, "base_change", ships=["dd"], to="westhaven")
    assert g.state.ledger.asked == "Axis"


def test_aw79_orders_that_would_intercept_alone_or_watch_a_box_are_refused():
    g = fleet()
    asked_once(g)
    err = refused("AW-79", g, "set_orders", orders=within(2, "fenmouth", answer="auto"))
    assert err.reason.startswith("order 1: the engine never intercepts for a side")
    err = refused("AW-79", g, "set_orders", orders=within(2, "atlantic-us"))
    assert err.reason == ("order 1: Atlantic U.S. is a box, not a hex or a port: it has no "
                          "hexes to measure from")
    err = refused("AW-79", g, "set_orders", orders=[{"reaction": "snap_shot",
                                                     "trigger": {"when": "never"}}])
    assert err.reason == "order 1: no reaction 'snap_shot' (known: intercept)"
    assert refused("AW-79", g, "set_orders", orders=within(2, "9999")
                   ).reason == "order 1: '9999' is no place of this map"


def test_aw79_orders_wait_for_an_outside_result():
    g = fleet()
    asked_once(g)
    play(g, "intercept", ships=["m"], target="ca", hex="1102")
    refused("AW-224", g, "set_orders", orders=NEVER)  # the outcome comes first


def test_aw79_a_never_order_lets_a_patrol_fly_its_air_round_unasked():
    g = fleet()
    asked_once(g)
    play(g, "set_orders", orders=NEVER)
    play(g, "pass_interception")
    play(g, "operate", activity="patrol", ships=["dd"], target="1206")
    assert g.state.ledger.asked is None
    record = play(g, "patrol_air_round", operation="op1")
    assert ("AW-79", "ReactionPassed") in kinds(record)
    assert g.state.awaiting is not None and g.state.awaiting.result == "air_round_result"


def test_aw79_the_commands_offer_orders_to_the_side_asked_at_its_own_ports_only():
    g = fleet()
    assert standing_orders.commands(g.state, Selection()) == []  # the Allies' own turn
    asked_once(g)
    view = g.observe("Axis").view
    assert [c.label for c in standing_orders.commands(view, Selection())] == [
        "Standing orders: never intercept"]
    assert standing_orders.commands(view, Selection(place="fenmouth")) == []  # British
    assert standing_orders.commands(view, Selection(place="1206")) == []  # a sea hex
    assert standing_orders.commands(view, Selection(place="marrow", units=("m",))) == []
    commands = standing_orders.commands(view, Selection(place="marrow"))
    assert [c.label for c in commands] == [
        "Standing orders: ask me to intercept within 2 hexes of Marrow",
        "Standing orders: ask me to intercept within 5 hexes of Marrow",
        "Standing orders: ask me to intercept within 10 hexes of Marrow",
        "Standing orders: never intercept"]
    assert commands[1].action == SetOrders((StandingOrder("intercept", Trigger(
        "within", ("marrow",), 5), ASK),))
    g.play(commands[1].make())
    assert [c.label for c in g.ruleset.commands(g.observe("Axis").view, Selection())][-1] == \
        "Standing orders: none (ask me at every chance)"


def test_aw79_the_planner_offers_orders_only_to_the_side_asked():
    g = fleet()
    assert not [a for a in g.ruleset.legal_actions(g.state) if isinstance(a, SetOrders)]
    asked_once(g)
    offered = [a for a in g.ruleset.legal_actions(g.state) if isinstance(a, SetOrders)]
    assert SetOrders(()) in offered and SetOrders((standing_orders.NEVER,)) in offered
    assert StandingOrder("intercept", Trigger("never"), AUTO) == standing_orders.NEVER
