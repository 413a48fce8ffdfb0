"""asl-minefields movement (movement.py): moves hex by hex on the demo board, exit then entry
attacks in the order of AM-66 with their stops, vehicles and PRC, Trail Breaks, rout,
visible A-T removal, snap shots and concealed units through standing orders, and what the
window is offered. Dice are scripted: each test names the rolls it expects, in order.

The stand-in IFT (assets/rules/asl-minefields/ift.json): on the 6 column DR 7+ is no
effect, DR 6 a PTC, DR 3 a 2MC; on the 8 column DR 8+ none; DR 12 is no effect on every
column to 30. A rifle squad has morale 7 and 4 MF."""

from __future__ import annotations

import copy
import json
import time
from pathlib import Path
from typing import Any

from mineboard.core.game import Game
from mineboard.core.planning import Selection
from mineboard.maps.geojson import board_from_json
from mineboard.persistence.scenario import scenario_from_data
from mineboard.rules.asl_minefields import los, movement
from mineboard.rules.asl_minefields.movement import AmPlanMove, Rout
from mineboard.rules.common.checks import is_legal
from tests.conftest import play, refused

NO_EFFECT = [6, 6]
"""DR 12: no effect on any column the minefields use (6, 8, 12) and on a snap shot's."""


def scenario(units: list[dict[str, Any]], fields: list[dict[str, Any]] = (),  # type: ignore[assignment]
             own: list[dict[str, Any]] = (),  # type: ignore[assignment]
             orders: list[dict[str, Any]] = (),  # type: ignore[assignment]
             options: dict[str, Any] | None = None, phase: str = "movement") -> dict[str, Any]:
    """Allies move on the demo board; ``fields`` are Axis's recorded minefields, ``own``
    the Allies' own, ``orders`` Axis's standing orders."""
    return {"mineboard_scenario": 1, "ruleset": "asl-minefields", "map": "asl-demo-board",
            "title": "movement test", "phase": phase,
            "sides": [{"name": "Allies", "pool": 200, "minefields": list(own),
                       "recorded": True},
                      {"name": "Axis", "pool": 200, "minefields": list(fields),
                       "orders": list(orders), "recorded": True}],
            "units": units, "options": options or {}}


def game(*args: Any, **kw: Any) -> Game[Any]:
    return scenario_from_data(scenario(*args, **kw), "test", Path(".")).new_game(3)


def squad(uid: str, hex_id: str, side: str = "Allies", **more: Any) -> dict[str, Any]:
    return {"id": uid, "side": side, "type": "squad", "hex": hex_id, **more}


def lines(record: Any) -> list[str]:
    return [e.line() for e in record.events]


def kinds(record: Any) -> list[tuple[str, str]]:
    return [(e.clause, e.kind) for e in record.events]


def rolled(record: Any) -> list[tuple[str, int]]:
    return [(r.clause, r.value) for r in record.rolls]


def unit(g: Game[Any], uid: str) -> Any:
    return g.state.units[uid]


def snap_order(*hexes: str, answer: str = "auto") -> dict[str, Any]:
    return {"reaction": "snap_shot", "trigger": {"when": "entering", "places": list(hexes)},
            "answer": answer}


# ---- AM-11: costs; one move a phase ----------------------------------------------------------
def test_am11_a_minefield_adds_nothing_to_the_cost():
    g = game([squad("S1", "A2")], [{"hex": "B2", "ap": 6}])
    play(g, "plan_move", units=["S1"], path=["A2", "B2"])
    play(g, "step", rolls=NO_EFFECT)
    assert unit(g, "S1").spent == 1 and unit(g, "S1").hex == "B2"


def test_am11_woods_costs_two_and_a_path_past_the_mf_is_refused():
    g = game([squad("S1", "A1")])
    # B1 woods 2 + C1 building 2 = 4: exactly the squad's 4 MF
    play(g, "plan_move", units=["S1"], path=["A1", "B1", "C1"])
    g2 = game([squad("S1", "A1")])
    err = refused("AM-11", g2, "plan_move", units=["S1"], path=["A1", "B1", "C1", "D1"])
    assert "costs S1 6 MF; it has 4 MF left" in err.reason


def test_am11_infantry_may_not_enter_a_pond_and_a_vehicle_crosses_the_bridge():
    g = game([squad("S1", "D4"), {"id": "T1", "side": "Allies", "type": "truck", "hex": "C4"}])
    err = refused("AM-11", g, "plan_move", units=["S1"], path=["D4", "D5"])
    assert "pond" in err.reason
    play(g, "plan_move", units=["T1"], path=["C4", "D4", "E4"])


def test_a_unit_moves_once_a_movement_phase():
    g = game([squad("S1", "A2")])
    play(g, "plan_move", units=["S1"], path=["A2", "A3"])
    play(g, "step")
    refused("TURN", g, "plan_move", units=["S1"], path=["A3", "A4"])


# ---- AM-12, AM-14, AM-15, AM-64: exit before entry; a stop keeps the unit where it is --------
def test_am12_exit_attack_before_leaving_then_entry_attack():
    g = game([squad("S1", "B2")], [{"hex": "B2", "ap": 6}, {"hex": "C2", "ap": 0, "at": 1}])
    play(g, "plan_move", units=["S1"], path=["B2", "B3"])
    rec = play(g, "step", rolls=NO_EFFECT)
    assert [k for k in kinds(rec) if k[1] in ("MinefieldAttack", "MoveStepped")] == \
        [("AM-12", "MinefieldAttack"), ("TURN", "MoveStepped")]
    assert rolled(rec) == [("AM-12", 6), ("AM-12", 6)]


def test_am15_we1_a_exit_no_effect_entry_attack_discovery_and_snap_shot():
    """WE-1 (a): X's exit attack has no effect → the squad is placed in Y → Y's entry
    attack, the concealed unit in Y is discovered, the Snap Shot along X–Y is taken."""
    g = game([squad("S1", "B2"), squad("G1", "C3", side="Axis", concealed=True),
              squad("G2", "D3", side="Axis")],
             [{"hex": "B2", "ap": 6}, {"hex": "C3", "ap": 8}], orders=[snap_order("C3")])
    play(g, "plan_move", units=["S1"], path=["B2", "C3", "D3"])
    rec = play(g, "step", rolls=[*NO_EFFECT, *NO_EFFECT, *NO_EFFECT])
    attacks = [e for e in rec.events if e.kind == "MinefieldAttack"]
    assert [(e.data["hex"], e.data["column"]) for e in attacks] == [("B2", "6"), ("C3", "8")]
    assert unit(g, "S1").hex == "C3"
    assert not unit(g, "G1").concealed
    order = [e.kind for e in rec.events]
    assert order.index("MinefieldAttack") < order.index("MoveStepped") < \
        order.index("ConcealmentLost") < order.index("SnapShot")
    shot = next(e for e in rec.events if e.kind == "SnapShot")
    assert shot.data == {"firer": "G1", "fp": 4, "drm": 0}
    assert g.state.move is None or g.state.move.stopped is not None  # enemy units hold C3


def test_am15_we1_b_exit_attack_pins_the_unit_stays_one_attack_only():
    """WE-1 (b): the exit attack pins → the squad stays in X: no attack by Y, the unit in
    Y stays concealed, no Snap Shot along X–Y."""
    g = game([squad("S1", "B2"), squad("G1", "C3", side="Axis", concealed=True)],
             [{"hex": "B2", "ap": 6}, {"hex": "C3", "ap": 8}], orders=[snap_order("C3")])
    play(g, "plan_move", units=["S1"], path=["B2", "C3"])
    rec = play(g, "step", rolls=[3, 3, 4, 4])  # DR 6: PTC; PTC DR 8 > 7: pinned
    assert [e.kind for e in rec.events].count("MinefieldAttack") == 1
    assert "MoveStepped" not in [e.kind for e in rec.events]
    assert unit(g, "S1").hex == "B2" and unit(g, "S1").status == "pinned"
    assert unit(g, "G1").concealed
    assert "SnapShot" not in [e.kind for e in rec.events]
    stop = g.state.move.stopped
    assert stop is not None and stop.clause == "AM-64" and not stop.resumable
    assert not g.state.minefields["Axis"]["C3"].ap_known  # Y never revealed
    refused("AM-64", g, "step")


def test_am64_a_stack_leaves_the_stopped_unit_behind_and_goes_on():
    g = game([squad("S1", "B2"), squad("S2", "B2")], [{"hex": "B2", "ap": 6}])
    play(g, "plan_move", units=["S1", "S2"], path=["B2", "B3", "B4"])
    rec = play(g, "step", rolls=[3, 3, 4, 4, *NO_EFFECT])  # S1 pinned, S2 unaffected
    drop = next(e for e in rec.events if e.kind == "UnitsDropOut")
    assert drop.clause == "AM-64" and drop.data == {"stopped": ["S1"], "going_on": ["S2"]}
    assert unit(g, "S1").hex == "B2" and unit(g, "S2").hex == "B3"
    assert g.state.move.units == ("S2",)
    play(g, "step")
    assert unit(g, "S2").hex == "B4" and g.state.move is None


def test_am64_casualty_reduction_goes_on_unless_the_option_says_stop():
    # col 8 DR 3 → K/1: CR to a half-squad, then a 1MC: DR 2 + 1 = 3 ≤ 7 passes
    for option, stops in ((False, False), (True, True)):
        g = game([squad("S1", "A2")], [{"hex": "B2", "ap": 8}], options={"cr_stops": option})
        play(g, "plan_move", units=["S1"], path=["A2", "B2", "B3"])
        play(g, "step", rolls=[1, 2, 1, 1])
        assert unit(g, "S1").type == "half-squad"
        assert (g.state.move is not None and g.state.move.stopped is not None) == stops


# ---- AM-13: only the movers ------------------------------------------------------------------
def test_am13_a_unit_already_in_the_hex_is_not_attacked():
    g = game([squad("A", "A2"), squad("B", "B2")], [{"hex": "B2", "ap": 6}])
    play(g, "plan_move", units=["A"], path=["A2", "B2"])
    rec = play(g, "step", rolls=NO_EFFECT)
    attacks = [e for e in rec.events if e.kind == "MinefieldAttack"]
    assert [e.data["unit"] for e in attacks] == ["A"]


# ---- AM-17, AM-18, AM-66, AM-70, AM-27, AM-28: vehicles --------------------------------------
def test_am66_exit_ap_exit_at_then_entry_ap_entry_at():
    g = game([{"id": "T1", "side": "Allies", "type": "medium-tank", "hex": "B2"}],
             [{"hex": "B2", "ap": 6, "at": 2}, {"hex": "C3", "ap": 6, "at": 2}])
    play(g, "plan_move", units=["T1"], path=["B2", "C3"])
    rec = play(g, "step", rolls=[6, 6, 5, 6, 6, 5])  # A-P no effect; trigger 5 > 2: none
    assert rolled(rec) == [("AM-17", 6), ("AM-17", 6), ("AM-28", 5),
                           ("AM-17", 6), ("AM-17", 6), ("AM-28", 5)]
    hexes = [e.data["hex"] for e in rec.events if e.kind in ("MinefieldAttack",
                                                             "MinefieldTrigger")]
    assert hexes == ["B2", "B2", "C3", "C3"]
    assert unit(g, "T1").hex == "C3"


def test_am18_ap_kia_immobilises_and_cancels_the_at_attack_am70_reveals_it():
    g = game([{"id": "T1", "side": "Allies", "type": "medium-tank", "hex": "A2"}],
             [{"hex": "B2", "ap": 12, "at": 2}])
    play(g, "plan_move", units=["T1"], path=["A2", "B2", "B3"])
    rec = play(g, "step", rolls=[1, 1])  # col 12 DR 2: 1KIA → immobilised; no A-T dr
    assert rolled(rec) == [("AM-17", 1), ("AM-17", 1)]
    assert unit(g, "T1").immobilised and unit(g, "T1").hex == "B2"
    assert ("AM-18", "AttackCancelled") in kinds(rec)
    mf = g.state.minefields["Axis"]["B2"]
    assert mf.at_known and not mf.at_strength_known
    assert g.state.move.stopped.clause == "AM-64"


def test_am69_an_armored_vehicle_unaffected_reveals_type_not_strength():
    g = game([{"id": "T1", "side": "Allies", "type": "medium-tank", "hex": "A2"}],
             [{"hex": "B2", "ap": 12}])
    play(g, "plan_move", units=["T1"], path=["A2", "B2"])
    play(g, "step", rolls=[2, 2])  # col 12 DR 4: K/1 — no effect on an AFV
    mf = g.state.minefields["Axis"]["B2"]
    assert mf.ap_known and not mf.ap_strength_known
    assert not unit(g, "T1").immobilised


def test_am27_infantry_crossing_at_mines_rolls_nothing_and_reveals_nothing():
    g = game([squad("S1", "A2"), {"id": "C", "side": "Allies", "type": "cavalry",
                                  "hex": "A3"}], [{"hex": "B2", "at": 4}, {"hex": "B3", "at": 4}])
    play(g, "plan_move", units=["S1"], path=["A2", "B2", "C2"])
    rec = play(g, "step")
    assert rec.rolls == () and not g.state.minefields["Axis"]["B2"].at_known
    play(g, "end_move")
    play(g, "plan_move", units=["C"], path=["A3", "B3"])
    assert play(g, "step").rolls == ()


def test_am28_a_vehicle_entering_at_mines_makes_the_trigger_dr():
    g = game([{"id": "J", "side": "Allies", "type": "jeep", "hex": "A2"}],
             [{"hex": "B2", "at": 3}])
    play(g, "plan_move", units=["J"], path=["A2", "B2"])
    rec = play(g, "step", rolls=[4])
    assert rolled(rec) == [("AM-28", 4)] and unit(g, "J").hex == "B2"
    mf = g.state.minefields["Axis"]["B2"]
    assert mf.at_known and not mf.at_strength_known


def test_am28_leaving_triggers_too_unless_the_option_is_off():
    for option, dice in ((True, [4]), (False, [])):
        g = game([{"id": "J", "side": "Allies", "type": "jeep", "hex": "B2"}],
                 [{"hex": "B2", "at": 3}], options={"at_on_leave": option})
        play(g, "plan_move", units=["J"], path=["B2", "C2"])
        rec = play(g, "step", rolls=dice)
        assert [r.value for r in rec.rolls] == dice


def test_am28_a_vca_change_in_an_at_hex_makes_the_trigger_dr():
    g = game([{"id": "T1", "side": "Allies", "type": "medium-tank", "hex": "B2"}],
             [{"hex": "B2", "at": 3}])
    rec = play(g, "change_vca", vehicle="T1", rolls=[5])
    assert rolled(rec) == [("AM-28", 5)] and unit(g, "T1").spent == 1
    g2 = game([{"id": "T1", "side": "Allies", "type": "medium-tank", "hex": "B2"}],
              [{"hex": "B2", "at": 3}], options={"at_on_vca": False})
    assert play(g2, "change_vca", vehicle="T1").rolls == ()


def test_am17_a_truck_takes_the_ap_attack_and_its_riders_are_safe():
    g = game([{"id": "T", "side": "Allies", "type": "truck", "hex": "A2"},
              {"id": "P", "side": "Allies", "type": "squad", "carried_by": "T"}],
             [{"hex": "B2", "ap": 6}])
    play(g, "plan_move", units=["T"], path=["A2", "B2"])
    rec = play(g, "step", rolls=NO_EFFECT)
    assert rolled(rec) == [("AM-17", 6), ("AM-17", 6)]
    assert unit(g, "P").hex is None and unit(g, "P").carried_by == "T"


# ---- AM-23: unloading into an A-P hex --------------------------------------------------------
def test_am23_unloading_in_an_ap_hex_is_an_attack_as_if_entering():
    g = game([{"id": "H", "side": "Allies", "type": "halftrack", "hex": "B2"},
              {"id": "P", "side": "Allies", "type": "squad", "carried_by": "H"}],
             [{"hex": "B2", "ap": 8}])
    rec = play(g, "unload", units=["P"], rolls=NO_EFFECT)
    assert rolled(rec) == [("AM-12", 6), ("AM-12", 6)]
    attack = next(e for e in rec.events if e.kind == "MinefieldAttack")
    assert attack.data["column"] == "8" and unit(g, "P").hex == "B2"
    refused("AM-23", g, "unload", units=["P"])


# ---- AM-24: buildings ------------------------------------------------------------------------
def test_am24_a_building_hex_minefield_spares_the_building_unless_the_option_is_off():
    g = game([squad("S1", "B1")], [{"hex": "C1", "ap": 6}])
    play(g, "plan_move", units=["S1"], path=["B1", "C1"])
    rec = play(g, "step")
    assert rec.rolls == () and ("AM-24", "BuildingSpared") in kinds(rec)
    g2 = game([squad("S1", "B1")], [{"hex": "C1", "ap": 6}],
              options={"building_spares": False})
    play(g2, "plan_move", units=["S1"], path=["B1", "C1"])
    assert len(play(g2, "step", rolls=NO_EFFECT).rolls) == 2


# ---- AM-41, AM-42: Trail Breaks --------------------------------------------------------------
def test_am41_a_fully_tracked_afv_records_a_trail_break():
    g = game([{"id": "T1", "side": "Allies", "type": "medium-tank", "hex": "A1"}],
             [{"hex": "B1", "ap": 6}])
    play(g, "plan_move", units=["T1"], path=["A1", "B1"], trail_break=True)
    rec = play(g, "step", rolls=NO_EFFECT)
    assert ("AM-41", "TrailBreakPlaced") in kinds(rec)
    assert g.state.trail_breaks == {("A1", "B1")}
    assert g.ruleset.summary(g.state)["trail_breaks"] == ["A1>B1"]


def test_am41_no_trail_break_with_vbm_nor_for_a_halftrack():
    g = game([{"id": "T1", "side": "Allies", "type": "medium-tank", "hex": "A1"},
              {"id": "H", "side": "Allies", "type": "halftrack", "hex": "A2"}])
    refused("AM-41", g, "plan_move", units=["T1"], path=["A1", "B1"], trail_break=True,
            vbm=True)
    refused("AM-41", g, "plan_move", units=["H"], path=["A2", "B2"], trail_break=True)


def _tb_game(unit_type: str = "squad") -> Game[Any]:
    g = game([{"id": "S1", "side": "Allies", "type": unit_type, "hex": "A1"}],
             [{"hex": "B1", "ap": 6}])
    g.state.trail_breaks.add(("A1", "B1"))
    return g


def test_am42_we2_infantry_paying_double_through_the_tb_is_not_attacked():
    g = _tb_game()
    play(g, "plan_move", units=["S1"], path=["A1", "B1"], double_tb=True)
    rec = play(g, "step")
    assert rec.rolls == () and ("AM-42", "TrailBreakUsed") in kinds(rec)
    assert unit(g, "S1").spent == 3


def test_am42_we2_infantry_paying_the_tb_cost_only_is_attacked():
    g = _tb_game()
    play(g, "plan_move", units=["S1"], path=["A1", "B1"])
    rec = play(g, "step", rolls=NO_EFFECT)
    assert len(rec.rolls) == 2 and unit(g, "S1").spent == 1.5


def test_am42_we2_cavalry_pays_six_through_the_tb():
    g = _tb_game("cavalry")
    play(g, "plan_move", units=["S1"], path=["A1", "B1"], double_tb=True)
    assert play(g, "step").rolls == () and unit(g, "S1").spent == 6


def test_am42_vehicles_paying_double_is_an_option():
    g = game([{"id": "T1", "side": "Allies", "type": "medium-tank", "hex": "A1"}],
             options={"vehicles_double_tb": False})
    refused("AM-42", g, "plan_move", units=["T1"], path=["A1", "B1"], double_tb=True)


# ---- AM-16: rout -----------------------------------------------------------------------------
def test_am16_rout_by_the_fewest_hexes_or_round_known_fields():
    """From B3 the fewest hexes to a building are 2 (through B2 or C3, both mined). Unknown
    to the Allies, that is the rout; known, the 4-hex way round them is legal too."""
    detour = ("B3", "C4", "D3", "D2", "C2")  # 1 + 1 + 1 + 2 = 5 MF of 4 + 2
    g = game([squad("S1", "B3", status="broken")], [{"hex": "B2", "ap": 6},
                                                    {"hex": "C3", "ap": 6}])
    err = refused("AM-16", g, "rout", unit="S1", path=list(detour))
    assert "fewest hexes to a building (2)" in err.reason
    assert movement.rout_paths(g.state, "S1") == [("B3", "B2", "C2")]
    for h in ("B2", "C3"):
        g.state.minefields["Axis"][h].ap_known = True
    assert is_legal(g.ruleset.check, g.state, Rout("S1", detour))
    assert is_legal(g.ruleset.check, g.state, Rout("S1", ("B3", "B2", "C2")))
    assert len(movement.rout_paths(g.state, "S1")) == 2
    play(g, "rout", unit="S1", path=list(detour))
    for _ in range(4):
        assert play(g, "step").rolls == ()
    assert unit(g, "S1").hex == "C2" and unit(g, "S1").spent == 5


def test_am16_a_rout_through_a_minefield_is_attacked_am13():
    g = game([squad("S1", "B3", status="broken")], [{"hex": "B2", "ap": 6}])
    play(g, "rout", unit="S1", path=["B3", "B2", "C2"])
    rec = play(g, "step", rolls=NO_EFFECT)
    assert rolled(rec) == [("AM-12", 6), ("AM-12", 6)]
    play(g, "end_move")
    refused("AM-16", g, "plan_move", units=["S1"], path=["B2", "C2"])


def test_am16_only_a_broken_unit_routs_and_to_a_building():
    g = game([squad("S1", "B2"), squad("S2", "A3", status="broken")])
    refused("AM-16", g, "rout", unit="S1", path=["B2", "C2"])
    refused("AM-16", g, "rout", unit="S2", path=["A3", "A4"])


# ---- AM-34, AM-74: removing visible A-T mines ------------------------------------------------
def test_am34_visible_at_mines_go_at_the_end_of_the_movement_phase():
    g = game([squad("S1", "C4")], [{"hex": "C4", "at": 2, "visible": True}])
    play(g, "clear_visible_at", unit="S1")
    assert "C4" in g.state.minefields["Axis"] and unit(g, "S1").spent == 1
    rec = play(g, "end_phase")
    assert ("AM-34", "VisibleMinesRemoved") in kinds(rec)
    assert "C4" not in g.state.minefields["Axis"]


def test_am74_pinned_in_the_hex_first_the_mines_stay():
    g = game([squad("S1", "C4")], [{"hex": "C4", "at": 2, "visible": True}])
    play(g, "clear_visible_at", unit="S1")
    unit(g, "S1").status = "pinned"  # Defensive First Fire while it spends the MF
    rec = play(g, "end_phase")
    assert ("AM-34", "VisibleMinesStay") in kinds(rec)
    assert g.state.minefields["Axis"]["C4"].at == 2


def test_am74_it_need_not_stay_in_the_hex():
    g = game([squad("S1", "C4")], [{"hex": "C4", "at": 2, "visible": True}])
    play(g, "clear_visible_at", unit="S1")
    play(g, "plan_move", units=["S1"], path=["C4", "C3"])
    play(g, "step")
    play(g, "end_phase")
    assert "C4" not in g.state.minefields["Axis"]


def test_am34_only_infantry_with_an_mf_left_and_only_where_visible_mines_lie():
    g = game([squad("S1", "C4"), squad("S2", "A1"),
              {"id": "T", "side": "Allies", "type": "truck", "hex": "E4"}],
             [{"hex": "C4", "at": 2, "visible": True}, {"hex": "E4", "at": 1, "visible": True}])
    refused("AM-34", g, "clear_visible_at", unit="S2")
    refused("AM-34", g, "clear_visible_at", unit="T")
    unit(g, "S1").spent = 4
    refused("AM-34", g, "clear_visible_at", unit="S1")


# ---- AM-09, AM-08: snap shots and LOS --------------------------------------------------------
def test_am09_a_snap_shot_uses_the_woods_tem_and_nothing_for_the_minefield():
    g = game([squad("S1", "A1"), squad("G1", "C1", side="Axis")], [{"hex": "B1", "ap": 6}],
             orders=[snap_order("B1")])
    play(g, "plan_move", units=["S1"], path=["A1", "B1"])
    rec = play(g, "step", rolls=[*NO_EFFECT, 3, 3])  # snap shot DR 6 + 1 = 7: none
    shot = next(e for e in rec.events if e.kind == "SnapShot")
    assert shot.clause == "AM-09" and shot.data == {"firer": "G1", "fp": 4, "drm": 1}
    fire = next(e for e in rec.events if e.kind == "IftAttack")
    assert fire.data["dr"] == 6 and fire.data["drm"] == 1


def test_snap_shot_asked_live_and_passed():
    g = game([squad("S1", "A2"), squad("G1", "C2", side="Axis")],
             orders=[snap_order("B2", answer="ask")])
    play(g, "plan_move", units=["S1"], path=["A2", "B2", "B3"])
    play(g, "step")
    assert g.state.to_move == "Axis" and g.state.ask.offer == "snap-shoot at S1 in hex B2"
    play(g, "pass_reaction")
    assert g.state.to_move == "Allies"
    play(g, "step")


def test_am08_minefields_never_block_los():
    g = game([squad("S1", "A4")], [{"hex": h, "ap": 6} for h in ("B4", "C4", "D4")])
    for f in g.state.minefields["Axis"].values():
        f.ap_known = True
    assert los.clear(g.state.board, "A4", "E4")
    assert los.hindrance(g.state.board, "A4", "E4") == 0
    assert not los.clear(g.state.board, "A3", "C3")  # B3 is woods


# ---- AM-72: the owner's own hidden fields ----------------------------------------------------
def test_am72_own_field_attacks_the_owner_and_the_owner_is_warned():
    g = game([squad("S1", "A2")], own=[{"hex": "B2", "ap": 6}])
    view = g.ruleset.view(g.state, "Allies")
    rows = movement.own_field_warning(view, "Allies", ("A2", "B2"))
    assert rows == ["AM-72: your own hidden minefield (6 A-P) in hex B2 attacks your units "
                    "entering it"]
    action = AmPlanMove(("S1",), ("A2", "B2"))
    preview = g.ruleset.preview(view, action)
    assert preview is not None and rows[0] in preview.rows
    play(g, "plan_move", units=["S1"], path=["A2", "B2"])
    tips = [c.tip for c in g.ruleset.commands(g.ruleset.view(g.state, "Allies"),
                                              Selection()) if c.label.startswith("Step")]
    assert tips == [rows[0]]
    rec = play(g, "step", rolls=NO_EFFECT)
    assert len(rec.rolls) == 2 and g.state.minefields["Allies"]["B2"].ap_known


def test_am72_no_warning_for_the_other_side_nor_in_its_view():
    g = game([squad("S1", "A2")], [{"hex": "B2", "ap": 6}])
    view = g.ruleset.view(g.state, "Allies")
    assert movement.own_field_warning(view, "Allies", ("A2", "B2")) == []


# ---- standing orders -------------------------------------------------------------------------
def test_orders_are_secret_and_name_known_reactions():
    g = game([squad("S1", "A2")], phase="movement")
    refused("TURN", g, "set_orders", orders=[{"reaction": "ambush", "trigger": {
        "when": "entering", "places": ["B2"]}}])
    rec = play(g, "set_orders", orders=[snap_order("B2")])
    assert rec.events[0].secret_to == "Allies"


# ---- what the window is offered --------------------------------------------------------------
def test_targets_light_the_legal_neighbours_and_intent_plans_the_cheapest_path():
    g = game([squad("S1", "A1")])
    view = g.ruleset.view(g.state, "Allies")
    sel = Selection("A1", ("S1",))
    lit = {ref.id for ref in g.ruleset.targets(view, sel)}
    assert lit == {"A2", "B1"}
    assert g.ruleset.units_at(view, "A1") == ["S1"]
    action = g.ruleset.intent(view, sel, view.board.ref("A3"))
    assert action == AmPlanMove(("S1",), ("A1", "A2", "A3"))
    report = g.ruleset.route_report(view, sel, view.board.ref("D1"))
    assert report is not None and report.places[-1] == "D1" and not report.legal
    assert report.stop is not None and report.stop.clause == "AM-11"


def test_intent_for_a_broken_unit_is_a_rout_and_choices_offer_the_tb_options():
    g = game([squad("S1", "B2", status="broken"),
              {"id": "T1", "side": "Allies", "type": "medium-tank", "hex": "A1"}])
    view = g.ruleset.view(g.state, "Allies")
    assert g.ruleset.intent(view, Selection("B2", ("S1",)), view.board.ref("C2")) == \
        Rout("S1", ("B2", "C2"))
    lit = g.ruleset.targets(view, Selection("B2", ("S1",)))
    assert {ref.id: a for ref, a in lit.items()} == {"C2": Rout("S1", ("B2", "C2"))}
    assert g.ruleset.intent(view, Selection("B2", ("S1",)), view.board.ref("A2")) is None
    keys = [c.key for c in g.ruleset.choices(view, Selection("A1", ("T1",)))]
    assert keys == ["vbm", "trail_break"]
    labels = [c.label for c in g.ruleset.commands(view, Selection("B2", ("S1",)))]
    assert any(label.startswith("S1: rout to") for label in labels)


def test_legal_actions_hold_plans_and_every_one_is_legal():
    g = game([squad("S1", "B2"), squad("G1", "H2", side="Axis")])
    view = g.ruleset.view(g.state, "Allies")
    legal = g.ruleset.legal_actions(view)
    assert AmPlanMove(("S1",), ("B2", "B3")) in legal
    for action in legal:
        g.ruleset.check(view, action)


def test_a_concealed_enemy_shows_its_place_not_its_type():
    g = game([squad("S1", "A1"), {"id": "G1", "side": "Axis", "type": "elite-half-squad",
                                  "hex": "H2", "concealed": True}])
    view = g.ruleset.view(g.state, "Allies")
    assert view.units["G1"].hex == "H2" and view.units["G1"].type == "squad"
    assert not view.units["G1"].known
    assert "type" not in g.ruleset.summary(view)["units"]["G1"]
    assert g.ruleset.view(g.state, "Axis").units["G1"].type == "elite-half-squad"


def big_board() -> Any:
    """The demo board's header grown to 110 × 60 = 6,600 hexes (the issue's battlefield)."""
    data = json.loads(Path("maps/asl-demo-board.geojson").read_text())
    data["mineboard"]["hex"].update(cols=110, rows=60)
    data["features"] = []
    return board_from_json(data, "big board")


def test_targets_on_6600_hexes_take_under_5_ms():
    board = big_board()
    middle = sorted(board.places)[3333]
    g = game([squad("S1", "A1")])
    g.state.board = board
    unit(g, "S1").hex = middle
    view = g.ruleset.view(g.state, "Allies")
    sel = Selection(middle, ("S1",))
    assert len(g.ruleset.targets(view, sel)) == 6
    best = min(_timed(lambda: g.ruleset.targets(view, sel)) for _ in range(20))
    assert best < 0.005, f"targets took {best * 1000:.2f} ms"


def _timed(fn: Any) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def test_invariants_hold_after_a_move():
    g = game([squad("S1", "A2"), squad("S2", "A2")], [{"hex": "B2", "ap": 6}])
    play(g, "plan_move", units=["S1", "S2"], path=["A2", "B2"])
    play(g, "step", rolls=[*NO_EFFECT, *NO_EFFECT])
    assert g.ruleset.invariants(g.state) == []
    assert copy.deepcopy(g.state).units["S1"].hex == "B2"


def test_am58_a_search_found_reveals_presence_and_type_not_strength():
    g = game([squad("S1", "A2")], [{"hex": "B2", "ap": 8, "at": 2}])
    rec = play(g, "discover", at="B2")
    assert rec.events[0].clause == "AM-58" and rec.events[0].kind == "Searched"
    mf = g.state.minefields["Axis"]["B2"]
    assert mf.ap_known and mf.at_known and not mf.ap_strength_known \
        and not mf.at_strength_known
    assert lines(play(g, "discover", at="B2")) == ["AM-58: Allies' Search of hex B2 finds "
                                                   "nothing new"]


def test_being_asked_tells_the_mover_nothing_about_the_minefields():
    """Whether Axis is asked rests on its orders and the step, never on its fields."""
    asks = []
    for fields in ([], [{"hex": "B2", "ap": 6}]):
        g = game([squad("S1", "A2"), squad("G1", "D2", side="Axis")], fields,
                 orders=[snap_order("B2", answer="ask")])
        play(g, "plan_move", units=["S1"], path=["A2", "B2"])
        play(g, "step", rolls=NO_EFFECT if fields else None)
        asks.append((g.state.to_move, g.state.ask.offer))
    assert asks[0] == asks[1] == ("Axis", "snap-shoot at S1 in hex B2")


def test_am09_a_snap_shot_that_pins_stops_the_move_for_good():
    g = game([squad("S1", "A2"), squad("G1", "C2", side="Axis")], orders=[snap_order("B2")])
    play(g, "plan_move", units=["S1"], path=["A2", "B2", "B3"])
    rec = play(g, "step", rolls=[1, 2, 4, 4])  # 4 column DR 3: NMC; MC DR 8 > 7: broken
    assert unit(g, "S1").status == "broken" and unit(g, "S1").hex == "B2"
    stop = g.state.move.stopped
    assert stop is not None and stop.clause == "AM-09" and not stop.resumable
    assert ("AM-09", "MoveStopped") in kinds(rec)


def test_orders_stand_in_for_the_other_side_as_orders_none_may_read():
    g = game([squad("S1", "A2")])
    order = g.ruleset.codec.parse({"kind": "set_orders", "orders": [snap_order("B2")]})
    assert g.ruleset.stand_in(order) == g.ruleset.codec.parse({"kind": "set_orders"})
    assert g.ruleset.stand_in(AmPlanMove(("S1",), ("A2", "B2"))) is None


def test_moves_only_in_the_own_movement_phase_and_only_own_units():
    g = game([squad("S1", "A2"), squad("G1", "D2", side="Axis")], phase="fire")
    err = refused("TURN", g, "plan_move", units=["S1"], path=["A2", "B2"])
    assert "Movement Phase" in err.reason
    g2 = game([squad("S1", "A2"), squad("G1", "D2", side="Axis")])
    refused("TURN", g2, "plan_move", units=["G1"], path=["D2", "D3"])


def test_vehicles_and_personnel_move_apart_and_a_pinned_unit_stays():
    g = game([squad("S1", "A2"), {"id": "T", "side": "Allies", "type": "truck", "hex": "A2"},
              squad("S2", "A3", status="pinned")])
    refused("TURN", g, "plan_move", units=["S1", "T"], path=["A2", "B2"])
    refused("TURN", g, "plan_move", units=["S2"], path=["A3", "A4"])


def test_a_new_movement_phase_gives_the_mf_back():
    g = game([squad("S1", "A2"), squad("G1", "H2", side="Axis")])
    play(g, "plan_move", units=["S1"], path=["A2", "B2"])
    play(g, "step")
    for _ in range(4):  # Allies MPh → Axis fire → Axis MPh → Allies fire → Allies MPh
        play(g, "end_phase")
    assert g.state.step.phase == "movement" and g.state.phasing == "Allies"
    assert unit(g, "S1").spent == 0 and not unit(g, "S1").moved


def test_am24_a_spared_building_field_stays_secret_from_the_mover():
    g = game([squad("S1", "B1")], [{"hex": "C1", "ap": 6}])
    play(g, "plan_move", units=["S1"], path=["B1", "C1"])
    rec = play(g, "step")
    spared = next(e for e in rec.events if e.kind == "BuildingSpared")
    assert spared.secret_to == "Axis" and spared.public_twin() is None
    assert not g.state.minefields["Axis"]["C1"].ap_known
    assert "C1" not in g.ruleset.view(g.state, "Allies").minefields.get("Axis", {})


def test_odds_panels_of_a_rout_an_unload_and_a_vca_change():
    g = game([squad("S1", "B3", status="broken"),
              {"id": "T1", "side": "Allies", "type": "medium-tank", "hex": "D2"},
              {"id": "H", "side": "Allies", "type": "halftrack", "hex": "E2"},
              {"id": "P", "side": "Allies", "type": "squad", "carried_by": "H"}],
             own=[{"hex": "B2", "ap": 6}, {"hex": "D2", "at": 3}, {"hex": "E2", "ap": 8}])
    view = g.ruleset.view(g.state, "Allies")
    rout = g.ruleset.preview(view, Rout("S1", ("B3", "B2", "C2")))
    assert rout is not None and rout.outcomes
    vca = g.ruleset.preview(view, movement.ChangeVCA("T1"))
    assert vca is not None and sum(p for _, p in vca.outcomes) == 1
    unload = g.ruleset.preview(view, movement.Unload(("P",)))
    assert unload is not None and unload.outcomes


def test_a_broken_units_rout_targets_on_6600_hexes_take_under_5_ms():
    board = big_board()
    middle = sorted(board.places)[3333]
    g = game([squad("S1", "A1", status="broken")])
    g.state.board = board
    unit(g, "S1").hex = middle
    view = g.ruleset.view(g.state, "Allies")
    sel = Selection(middle, ("S1",))
    assert g.ruleset.targets(view, sel) == {}  # no building within its rout MF
    best = min(_timed(lambda: g.ruleset.targets(view, sel)) for _ in range(10))
    assert best < 0.005, f"rout targets took {best * 1000:.2f} ms"


def test_a_broken_passenger_offers_no_rout():
    g = game([{"id": "T", "side": "Allies", "type": "truck", "hex": "A2"},
              {"id": "P", "side": "Allies", "type": "squad", "carried_by": "T",
               "status": "broken"}])
    view = g.ruleset.view(g.state, "Allies")
    assert movement.rout_paths(view, "P") == []
    assert all(not isinstance(a, Rout) for a in g.ruleset.legal_actions(view))
