"""asl-minefields Daisy Chains (daisy.py): who may place one and where (AM-35, AM-36), the
secret placement and its reveal by LOS (AM-37), the trigger as a vehicle enters (AM-38),
one attack then gone (AM-39, AM-65), hidden on paved roads (AM-71)."""

from __future__ import annotations

from typing import Any

from mineboard.core.dice import ScriptedDice
from mineboard.core.game import Game
from mineboard.core.moves import MoveInProgress
from mineboard.core.planning import Selection
from mineboard.persistence.scenario import scenario_from_data
from mineboard.resources import maps_dir
from mineboard.rules.asl_minefields import daisy
from mineboard.rules.asl_minefields.state import Minefield
from tests.conftest import play, refused

AXIS, ALLIES = "Axis", "Allies"


def game(phase: str = "fire", side: str = AXIS, units: list[dict[str, Any]] | None = None,
         daisy_factors: int = 2, orders: list[dict[str, Any]] | None = None,
         **changes: Any) -> Game[Any]:
    """The Axis hold a 2-factor Daisy Chain (squad ``ax`` at G5, beside road F4 and the
    paved road E4 is two away); an Allied truck waits at G4."""
    data: dict[str, Any] = {
        "mineboard_scenario": 1, "ruleset": "asl-minefields", "map": "asl-demo-board",
        "title": "daisy test", "phase": phase, "side": side,
        "sides": [{"name": AXIS, "pool": 0, "daisy": daisy_factors, "orders": orders or []},
                  {"name": ALLIES, "pool": 0}],
        "units": units if units is not None else [
            {"id": "ax", "side": AXIS, "type": "squad", "hex": "G5", "daisy": 2},
            {"id": "tr", "side": ALLIES, "type": "truck", "hex": "G4"},
            {"id": "al", "side": ALLIES, "type": "squad", "hex": "F2"}]}
    data.update(changes)
    return scenario_from_data(data, "asl test", maps_dir() / "scenarios").new_game(7)


def chain(g: Game[Any], hex_id: str = "F4") -> Any:
    return g.state.minefields[AXIS].get(hex_id)


# ---- AM-35, AM-36: who places one, and where -------------------------------------------
def test_am36_an_adjacent_good_order_squad_places_it_in_the_fire_phase():
    g = game(units=units_with())
    play(g, "place_daisy", unit="ax", hex="F4")
    f = chain(g)
    assert (f.at, f.daisy, f.at_known, f.visible) == (2, True, False, False)
    assert g.state.units["ax"].daisy == 0


def units_with(**ax: Any) -> list[dict[str, Any]]:
    return [{"id": "ax", "side": AXIS, "type": "squad", "hex": "G5", "daisy": 2, **ax},
            {"id": "al", "side": ALLIES, "type": "squad", "hex": "F2"}]


def test_am36_broken_pinned_far_or_empty_handed_placers_are_refused():
    refused("AM-36", game(units=units_with(status="broken")), "place_daisy", unit="ax",
            hex="F4")
    refused("AM-36", game(units=units_with(status="pinned")), "place_daisy", unit="ax",
            hex="F4")
    refused("AM-36", game(units=units_with(hex="H5")), "place_daisy", unit="ax", hex="F4")
    refused("AM-36", game(units=units_with(daisy=0)), "place_daisy", unit="ax", hex="F4")
    refused("AM-36", game(units=units_with(hex="F4")), "place_daisy", unit="ax", hex="F4")
    refused("AM-36", game(phase="movement"), "place_daisy", unit="ax", hex="F4")


def test_am35_only_across_a_road_and_only_by_ssr():
    refused("AM-35", game(), "place_daisy", unit="ax", hex="G4")
    refused("AM-35", game(daisy_factors=0), "place_daisy", unit="ax", hex="F4")


def test_am36_a_cavalry_or_vehicle_holder_is_no_infantry():
    refused("AM-36", game(units=units_with(type="cavalry")), "place_daisy", unit="ax",
            hex="F4")


# ---- AM-37: secret until a Good Order enemy unit sees the hex --------------------------
def test_am37_placement_is_secret_and_costs_no_concealment():
    g = game(units=units_with(concealed=True))
    rec = play(g, "place_daisy", unit="ax", hex="F4")
    assert all(e.secret_to == AXIS for e in rec.events)
    assert g.observe(ALLIES).events_of(rec) == []
    allied = g.observe(ALLIES).view
    assert "F4" not in allied.minefields[AXIS]
    assert allied.units["ax"].concealed
    assert g.state.units["ax"].concealed


def test_am37_another_sides_daisy_counters_never_show():
    g = game()
    assert g.observe(ALLIES).view.units["ax"].daisy == 0
    assert g.observe(AXIS).view.units["ax"].daisy == 2


def test_am37_woods_between_keep_it_hidden_a_clear_line_reveals_it():
    g = game(units=units_with())  # al at F2: the woods of F3 lie between it and F4
    play(g, "place_daisy", unit="ax", hex="F4")
    assert not chain(g).at_known
    g.state.units["al"].hex = "H4"
    events = daisy.sighted(g.state)
    assert chain(g).at_known and events[0].clause == "AM-37" and events[0].secret_to is None
    assert g.observe(ALLIES).view.minefields[AXIS]["F4"].at is None  # type, not strength


def test_am37_a_broken_unit_sees_nothing():
    g = game(units=[*units_with(), {"id": "br", "side": ALLIES, "type": "squad", "hex": "H4",
                                    "status": "broken"}])
    g.state.units["al"].hex = "F2"
    play(g, "place_daisy", unit="ax", hex="F4")
    assert not chain(g).at_known


def test_am08_the_simple_los_is_blocked_by_woods_and_buildings_only():
    s = game().state
    assert not daisy.has_los(s, "F2", "F4")      # F3 woods
    assert daisy.has_los(s, "H4", "F4")
    assert daisy.has_los(s, "F3", "F4")          # the ends never block
    assert not daisy.has_los(s, "H1", "H3")      # H2 building


# ---- AM-38, AM-39, AM-65: announced as a vehicle enters --------------------------------
def entered(g: Game[Any]) -> MoveInProgress:
    g.state.units["tr"].hex = "F4"
    move = MoveInProgress(ALLIES, ("tr",), ("G4", "F4", "E4"), done=1)
    g.state.move = move
    return move


def test_am38_trigger_dr_two_attacks_and_the_chain_is_gone():
    g = game(phase="movement", side=ALLIES)
    move = entered(g)
    events, stop = daisy.react(g.state, AXIS, move, ScriptedDice([2, 3, 4]), None)
    assert g.state.units["tr"].eliminated
    assert chain(g) is None
    assert stop is not None and stop.clause == "AM-38"
    kinds = [e.kind for e in events]
    assert kinds.index("DaisyPlaced") < kinds.index("MinefieldTrigger") < \
        kinds.index("DaisySpent")
    placed = next(e for e in events if e.kind == "DaisyPlaced")
    twin = placed.public_twin()
    assert twin is not None and "ax" not in twin.text and "2" not in twin.text


def test_am38_am65_trigger_dr_three_no_attack_the_chain_stays_known():
    g = game(phase="movement", side=ALLIES)
    move = entered(g)
    _events, stop = daisy.react(g.state, AXIS, move, ScriptedDice([3]), None)
    assert stop is None and not g.state.units["tr"].eliminated
    f = chain(g)
    assert f.at == 2 and f.at_known and not f.at_strength_known


def test_am38_no_vehicle_no_placement_and_nothing_said():
    g = game(phase="movement", side=ALLIES)
    g.state.units["al"].hex = "F4"
    move = MoveInProgress(ALLIES, ("al",), ("F3", "F4"), done=1)
    assert daisy.react(g.state, AXIS, move, ScriptedDice([]), None) == ([], None)
    assert chain(g) is None and g.state.units["ax"].daisy == 2


def test_am38_no_placer_able_nothing_happens():
    g = game(phase="movement", side=ALLIES, units=[*units_with(status="pinned"),
                                                   {"id": "tr", "side": ALLIES,
                                                    "type": "truck", "hex": "G4"}])
    move = entered(g)
    assert daisy.react(g.state, AXIS, move, ScriptedDice([]), None) == ([], None)


def test_am38_through_standing_orders_in_a_real_move():
    order = {"reaction": "daisy_chain", "trigger": {"when": "entering", "places": ["F4"]}}
    g = game(phase="movement", side=ALLIES, orders=[order])
    play(g, "plan_move", units=["tr"], path=["G4", "F4", "E4"])
    rec = play(g, "step", rolls=[1, 5, 6])
    assert g.state.units["tr"].eliminated
    assert chain(g) is None
    allied = [e.kind for e in g.observe(ALLIES).events_of(rec)]
    assert "DaisyPlaced" in allied and "MinefieldTrigger" in allied


def test_am39_portage_is_one_pp_a_factor():
    g = game(units=units_with(daisy=3), daisy_factors=3)
    assert daisy.portage(g.state.units["ax"]) == 3
    assert g.ruleset.summary(g.state)["daisy"]["counters"] == {"ax": 3}


def test_am37_a_good_order_vehicle_in_sight_sees_it_as_the_phase_ends():
    g = game()  # the truck at G4 is beside F4
    rec = play(g, "place_daisy", unit="ax", hex="F4")
    assert not chain(g).at_known and g.observe(ALLIES).events_of(rec) == []
    assert g.records[-1].secret_to == AXIS  # sealed whole: placer and hex
    rec = play(g, "end_phase")
    assert chain(g).at_known
    seen = [e for e in g.observe(ALLIES).events_of(rec) if e.kind == "MinesRevealed"]
    assert seen[0].clause == "AM-37" and "tr" in seen[0].text


def test_am39_spent_is_idempotent():
    g = game()
    play(g, "place_daisy", unit="ax", hex="F4")
    f = chain(g)
    assert len(daisy.spent(g.state, f)) == 1
    assert daisy.spent(g.state, f) == []


# ---- AM-71: hidden on a paved road or bridge unless the option says full view ----------
def test_am71_hidden_on_paved_road_by_default_visible_with_the_option():
    units = [{"id": "ax", "side": AXIS, "type": "squad", "hex": "E5", "daisy": 2},
             {"id": "al", "side": ALLIES, "type": "squad", "hex": "A1", "status": "broken"}]
    g = game(units=units)
    play(g, "place_daisy", unit="ax", hex="D4")
    assert not chain(g, "D4").visible and not chain(g, "D4").at_known
    g = game(units=units, options={"daisy_hidden_on_paved": False})
    rec = play(g, "place_daisy", unit="ax", hex="D4")
    assert chain(g, "D4").visible and chain(g, "D4").at_known
    assert any(e.clause == "AM-71" and e.secret_to is None for e in rec.events)


def test_am71_daisy_factors_come_on_top_of_the_pool():
    g = game()
    play(g, "place_daisy", unit="ax", hex="F4")
    pools = g.ruleset.summary(g.state)["pools"][AXIS]
    assert pools["spent"] == 0


def test_daisy_commands_and_legal_actions():
    g = game()
    view = g.observe(AXIS).view
    labels = [c.label for c in g.ruleset.commands(view, Selection("G5", ("ax",)))]
    assert [x for x in labels if x.startswith("Daisy")] == ["Daisy Chain across F4 (ax)"]
    assert any(a.kind == "place_daisy" for a in g.ruleset.legal_actions(view))


def test_am36_asked_live_the_owner_pulls_it_or_passes():
    order = {"reaction": "daisy_chain", "trigger": {"when": "entering", "places": ["F4"]},
             "answer": "ask"}
    g = game(phase="movement", side=ALLIES, orders=[order])
    play(g, "plan_move", units=["tr"], path=["G4", "F4", "E4"])
    play(g, "step")
    assert g.state.ask is not None and g.state.to_move == AXIS
    rec = play(g, "react", rolls=[3])  # dr 3 > 2: no attack, the chain stays (AM-65)
    assert chain(g).at_known and not g.state.units["tr"].eliminated
    assert any(e.kind == "DaisyPlaced" for e in rec.events)
    assert g.state.to_move == ALLIES
    g = game(phase="movement", side=ALLIES, orders=[order])
    play(g, "plan_move", units=["tr"], path=["G4", "F4", "E4"])
    play(g, "step")
    play(g, "pass_reaction")
    assert chain(g) is None and g.state.units["ax"].daisy == 2


def recover_game(known: bool = False, **ax: Any) -> Game[Any]:
    g = game(units=[{"id": "ax", "side": AXIS, "type": "squad", "hex": "F4", **ax},
                    {"id": "al", "side": ALLIES, "type": "squad", "hex": "A1"}])
    g.state.minefields[AXIS]["F4"] = Minefield("F4", AXIS, at=2, daisy=True, at_known=known)
    return g


def test_am39_a_chain_not_yet_attacked_is_recovered_in_secret_if_it_was_secret():
    g = recover_game()
    rec = play(g, "recover_daisy", unit="ax")
    assert chain(g) is None and g.state.units["ax"].daisy == 2
    assert [e.secret_to for e in rec.events] == [AXIS]
    g = recover_game(known=True)
    rec = play(g, "recover_daisy", unit="ax")
    assert [e.secret_to for e in rec.events] == [None]


def test_am39_recovery_refusals():
    refused("AM-39", recover_game(status="broken"), "recover_daisy", unit="ax")
    refused("AM-39", recover_game(daisy=1), "recover_daisy", unit="ax")
    g = recover_game()
    del g.state.minefields[AXIS]["F4"]
    refused("AM-39", g, "recover_daisy", unit="ax")
    refused("TURN", recover_game(), "recover_daisy", unit="al")


def test_am38_the_vehicle_it_stops_drops_out_the_stack_goes_on():
    units = [{"id": "ax", "side": AXIS, "type": "squad", "hex": "G5", "daisy": 2},
             {"id": "tr", "side": ALLIES, "type": "truck", "hex": "G4"},
             {"id": "tr2", "side": ALLIES, "type": "truck", "hex": "G4"}]
    g = game(phase="movement", side=ALLIES, units=units)
    for uid in ("tr", "tr2"):
        g.state.units[uid].hex = "F4"
    move = MoveInProgress(ALLIES, ("tr", "tr2"), ("G4", "F4", "E4"), done=1)
    g.state.move = move
    events, stop = daisy.react(g.state, AXIS, move, ScriptedDice([2, 3, 4]), None)
    assert stop is None and g.state.move.units == ("tr2",)
    assert g.state.units["tr"].eliminated and not g.state.units["tr2"].eliminated
    assert events[-1].kind == "UnitsDropOut"
