"""asl-minefields attacks (attacks.py, morale.py, tables.py): one attack at a time on a
hand-built state, with scripted dice and exact results read off the bundled stand-in IFT.

The stand-in's cells used here (``assets/rules/asl-minefields/ift.json``): 8 column DR 3
K/1, DR 6 NMC; 12 column DR 2 1KIA, DR 4 K/1, DR 12 no effect; 36+ column DR ≤ 6 KIA
(B28.52), DR 7 K/2, DR 9 2MC; Vehicle line 8 column: eliminated ≤ 1, immobilised ≤ 3; 12
column: eliminated ≤ 2. Aerial AF: hull AF // 3 (medium tank 4 → 1, heavy tank 8 → 2).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mineboard.core.chance import dice_sum
from mineboard.core.dice import ScriptedDice
from mineboard.core.errors import BadInput
from mineboard.core.events import CountersRevealed, UnitLost
from mineboard.maps.loading import load_board
from mineboard.resources import maps_dir
from mineboard.rules.asl_minefields import attacks, morale, odds, traps
from mineboard.rules.asl_minefields.scenario import state_from_scenario
from mineboard.rules.asl_minefields.state import AmState
from mineboard.rules.asl_minefields.tables import (
    AerialTable,
    Ift,
    IftResult,
    ift,
    ift_result,
)
from mineboard.rules.common.tables import read_table, rule_file

BOARD = load_board(maps_dir() / "asl-demo-board.geojson")


def state(fields: list[dict[str, Any]], units: list[dict[str, Any]],
          **options: Any) -> AmState:
    """A game in the American Movement Phase: German minefields, American units."""
    sc = {"map": "asl-demo-board", "phase": "movement", "side": "American",
          "sides": [{"name": "German", "pool": 48, "minefields": fields},
                    {"name": "American"}],
          "units": units, "options": options}
    return state_from_scenario(sc, BOARD, "test")


def unit(uid: str, kind: str, hex_id: str = "A2", **more: Any) -> dict[str, Any]:
    return {"id": uid, "side": "American", "type": kind, "hex": hex_id, **more}


def rider(uid: str, kind: str, vehicle: str, **more: Any) -> dict[str, Any]:
    return {"id": uid, "side": "American", "type": kind, "carried_by": vehicle, **more}


def field_of(st: AmState, hex_id: str = "A2") -> Any:
    return st.minefields["German"][hex_id]


def kinds(outcome: attacks.Outcome) -> list[str]:
    return [e.kind for e in outcome.events]


def attack_of(events: Any) -> Any:
    """The attack's own dice event (after the reveal of presence and type, AM-05)."""
    found = events.events if isinstance(events, attacks.Outcome) else events
    return next(e for e in found if e.kind == "MinefieldAttack")


def trigger_of(outcome: attacks.Outcome) -> Any:
    return next(e for e in outcome.events if e.kind == "MinefieldTrigger")


# ---- A-P on Personnel ---------------------------------------------------------------------------
def test_am12_ap_attack_on_the_strength_column_then_the_morale_model():
    st = state([{"hex": "A2", "ap": 8}], [unit("s1", "squad")])
    dice = ScriptedDice([3, 3, 3, 4])  # DR 6 on the 8 column: NMC; MC DR 7 = morale 7
    out = attacks.ap_attack(st, "s1", field_of(st), dice)
    assert dice.unused == 0
    attack = attack_of(out)
    assert attack.clause == "AM-12"
    assert attack.data == {"unit": "s1", "hex": "A2", "column": "8", "dr": 6, "drm": 0,
                           "dice": [3, 3], "result": "NMC"}
    assert st.units["s1"].status == "pinned"
    assert (out.effect, out.stops, out.cancels_at, out.attacked) == (True, True, False, True)
    assert kinds(out) == ["CountersRevealed", "MinefieldAttack", "MoraleCheck", "UnitPinned",
                          "CountersRevealed"]  # type first (AM-05), then strength (AM-06)


def test_am10_no_drm_even_in_woods():
    """B1 is woods: the attack reads the same cell as in the open, DRM 0 (no TEM, no FFMO)."""
    st = state([{"hex": "B1", "ap": 12}, {"hex": "A2", "ap": 12}],
               [unit("w", "squad", "B1"), unit("o", "squad", "A2")])
    woods = attacks.ap_attack(st, "w", field_of(st, "B1"), ScriptedDice([2, 2, 6, 6]))
    open_ = attacks.ap_attack(st, "o", field_of(st, "A2"), ScriptedDice([2, 2, 6, 6]))
    assert attack_of(woods).data["drm"] == attack_of(open_).data["drm"] == 0
    assert attack_of(woods).data["result"] == attack_of(open_).data["result"] == "K/1"
    assert st.units["w"].type == st.units["o"].type == "half-squad"


def test_am06_no_effect_reveals_type_not_strength_then_an_effect_reveals_it():
    st = state([{"hex": "A2", "ap": 12}], [unit("s1", "squad"), unit("s2", "squad")])
    f = field_of(st)
    out = attacks.ap_attack(st, "s1", f, ScriptedDice([6, 6]))
    assert not out.effect and not out.stops
    shown = [e for e in out.events if isinstance(e, CountersRevealed)]
    assert len(shown) == 1 and shown[0].faces == {"German": ("A-P minefield ?",)}
    assert shown[0].clause == "AM-05" and shown[0].data["strength"] is None
    assert (f.ap_known, f.ap_strength_known) == (True, False)
    again = attacks.ap_attack(st, "s2", f, ScriptedDice([6, 6]))
    assert not [e for e in again.events if isinstance(e, CountersRevealed)]  # nothing new
    hit = attacks.ap_attack(st, "s2", f, ScriptedDice([1, 1]))
    shown = [e for e in hit.events if isinstance(e, CountersRevealed)]
    assert shown[0].faces == {"German": ("A-P minefield 12",)} and shown[0].clause == "AM-06"
    assert f.ap_strength_known


def test_am07_attacks_never_weaken_an_ap_field():
    st = state([{"hex": "A2", "ap": 8}], [unit(f"s{i}", "squad") for i in range(6)])
    f = field_of(st)
    for i in range(5):
        attacks.ap_attack(st, f"s{i}", f, ScriptedDice([6, 6]))
    sixth = attacks.ap_attack(st, "s5", f, ScriptedDice([6, 6]))
    assert f.ap == 8 and attack_of(sixth).data["column"] == "8"


def test_am64_casualty_reduced_unit_goes_on_unless_the_option_says_so():
    # 12 column DR 4: K/1 → half-squad, then a 1MC: DR 2 + 1 = 3 ≤ 7, passed
    st = state([{"hex": "A2", "ap": 12}], [unit("s1", "squad")])
    out = attacks.ap_attack(st, "s1", field_of(st), ScriptedDice([2, 2, 1, 1]))
    assert st.units["s1"].type == "half-squad" and st.units["s1"].status == "good"
    assert out.effect and not out.stops
    st = state([{"hex": "A2", "ap": 12}], [unit("s1", "squad")], cr_stops=True)
    assert attacks.ap_attack(st, "s1", field_of(st), ScriptedDice([2, 2, 1, 1])).stops


def test_am12_kia_eliminates_and_half_squad_reduction_eliminates():
    st = state([{"hex": "A2", "ap": 12}], [unit("h", "half-squad"), unit("s", "squad")])
    out = attacks.ap_attack(st, "s", field_of(st), ScriptedDice([1, 1]))
    assert st.units["s"].eliminated and st.units["s"].hex is None and out.stops
    assert any(isinstance(e, UnitLost) for e in out.events)
    # K/1 on a half-squad: Casualty Reduction eliminates it, no MC is rolled
    dice = ScriptedDice([2, 2])
    attacks.ap_attack(st, "h", field_of(st), dice)
    assert st.units["h"].eliminated and dice.unused == 0


def test_am16_a_broken_unit_worsened_stops_a_broken_unit_passing_goes_on():
    st = state([{"hex": "A2", "ap": 8}], [unit("r", "squad", status="broken")])
    # 8 column DR 6: NMC; DR 3 ≤ 7 passed: still broken, goes on (routing)
    assert not attacks.ap_attack(st, "r", field_of(st), ScriptedDice([3, 3, 1, 2])).stops
    # NMC failed by a broken unit: Casualty Reduction (the small model) — it stops only
    # under cr_stops
    out = attacks.ap_attack(st, "r", field_of(st), ScriptedDice([3, 3, 6, 6]))
    assert st.units["r"].type == "half-squad" and st.units["r"].status == "broken"
    assert not out.stops


# ---- vehicles (AM-17…AM-20) and PRC (AM-21…AM-23) -----------------------------------------------
def test_am19_afv_is_immobilised_by_a_kia_and_untouched_by_anything_else():
    st = state([{"hex": "A2", "ap": 12}], [unit("m", "medium-tank")])
    f = field_of(st)
    out = attacks.ap_attack(st, "m", f, ScriptedDice([2, 2]))  # K/1: nothing vs an AFV
    assert not out.effect and not st.units["m"].immobilised
    assert f.ap_known and not f.ap_strength_known  # AM-69
    out = attacks.ap_attack(st, "m", f, ScriptedDice([1, 1]))  # 1KIA
    assert st.units["m"].immobilised and not st.units["m"].eliminated
    assert out.effect and out.stops and out.cancels_at
    assert attack_of(out).clause == "AM-17"


def test_am20_hull_af_0_reads_the_vehicle_line_and_dies_to_at_outright():
    st = state([{"hex": "A2", "ap": 12, "at": 1}], [unit("ht", "halftrack")])
    out = attacks.ap_attack(st, "ht", field_of(st), ScriptedDice([1, 1]))  # 12 col: ≤ 2
    assert st.units["ht"].eliminated and attack_of(out).data["result"].startswith("eliminated")
    st = state([{"hex": "A2", "at": 1}], [unit("ht", "halftrack")])
    out = attacks.at_attack(st, "ht", field_of(st), ScriptedDice([1, 6, 6]))  # DR 12
    assert st.units["ht"].eliminated and attack_of(out).clause == "AM-31"


def test_am17_am22_unarmored_vehicle_immobilised_its_prc_attacked_collaterally():
    st = state([{"hex": "A2", "ap": 8}], [unit("t", "truck"), rider("p", "squad", "t")])
    # DR 3 on the 8 column: Vehicle line immobilised (≤ 3); the rider's Collateral attack
    # reads the same DR 3: K/1 → half-squad, then 1MC DR 8 + 1 > 7: broken
    dice = ScriptedDice([1, 2, 4, 4])
    out = attacks.ap_attack(st, "t", field_of(st), dice)
    assert dice.unused == 0
    assert st.units["t"].immobilised and out.cancels_at
    p = st.units["p"]
    assert (p.type, p.status, p.carried_by) == ("half-squad", "broken", "t")
    assert "CollateralAttack" in kinds(out)
    assert next(e for e in out.events if e.kind == "CollateralAttack").clause == "AM-22"


def test_am22_only_vulnerable_prc_of_an_afv_are_attacked():
    st = state([{"hex": "A2", "ap": 12}],
               [unit("m", "medium-tank"), rider("p", "squad", "m")])
    out = attacks.ap_attack(st, "m", field_of(st), ScriptedDice([1, 1]))
    assert st.units["m"].immobilised and "CollateralAttack" not in kinds(out)
    st = state([{"hex": "A2", "ap": 12}],
               [unit("m", "medium-tank"), rider("p", "squad", "m", vulnerable=True)])
    out = attacks.ap_attack(st, "m", field_of(st), ScriptedDice([1, 1]))
    assert st.units["p"].eliminated  # same DR 2 on the 12 column: 1KIA


def test_am21_prc_roll_for_survival_when_their_vehicle_is_eliminated():
    st = state([{"hex": "A2", "at": 2}],
               [unit("t", "truck"), rider("p1", "squad", "t"), rider("p2", "squad", "t")])
    dice = ScriptedDice([2, 3, 3, 3, 4])  # trigger 2 ≤ 2; DR 6 (KIA: wreck); p1 3, p2 4
    out = attacks.at_attack(st, "t", field_of(st), dice)
    assert dice.unused == 0 and st.units["t"].eliminated
    p1, p2 = st.units["p1"], st.units["p2"]
    assert (p1.hex, p1.carried_by, p1.eliminated) == ("A2", None, False)
    assert p2.eliminated
    assert [e.clause for e in out.events if e.kind in ("PrcSurvived", "UnitLost")] == \
        ["AM-31", "AM-21", "AM-21"]


def test_am23_a_survivor_set_down_in_an_ap_hex_is_attacked_as_entering():
    st = state([{"hex": "A2", "ap": 6, "at": 1}],
               [unit("t", "truck"), rider("p", "squad", "t")])
    dice = ScriptedDice([1, 5, 5, 2, 6, 6])  # trigger; DR 10; survives 2; A-P DR 12
    out = attacks.at_attack(st, "t", field_of(st), dice)
    assert dice.unused == 0
    ap = [e for e in out.events if e.kind == "MinefieldAttack" and e.data["unit"] == "p"]
    assert ap and ap[0].data["column"] == "6"


def test_am23_bail_out_attacks_each_ap_field_in_the_hex():
    st = state([{"hex": "A2", "ap": 8}], [unit("s", "squad")])
    events = attacks.bail_out_attacks(st, "s", ScriptedDice([6, 6]))
    assert attack_of(events).data["column"] == "8"


# ---- A-T (AM-27…AM-31, AM-67, AM-73, AM-77) -----------------------------------------------------
def test_am27_infantry_and_cavalry_never_set_off_at_mines():
    st = state([{"hex": "A2", "at": 4}], [unit("s", "squad"), unit("c", "cavalry")])
    dice = ScriptedDice([])
    assert attacks.at_attack(st, "s", field_of(st), dice) == attacks.Outcome()
    assert attacks.at_attack(st, "c", field_of(st), dice) == attacks.Outcome()
    assert not field_of(st).at_known
    st = state([{"hex": "A2", "at": 4}], [unit("c", "cavalry")],
               only_vehicles_trigger_at=False)
    assert attacks.triggers_at(st, "c")


def test_am28_trigger_dr_at_most_the_factors():
    st = state([{"hex": "A2", "at": 3}], [unit("j", "jeep")])
    out = attacks.at_attack(st, "j", field_of(st), ScriptedDice([4]))
    assert not out.attacked and not out.effect and not st.units["j"].eliminated
    f = field_of(st)
    assert (f.at_known, f.at_strength_known) == (True, False)  # AM-70: type, not strength
    out = attacks.at_attack(st, "j", f, ScriptedDice([3, 4, 5]))
    assert out.attacked and st.units["j"].eliminated and f.at_strength_known


def test_am67_one_trigger_one_attack_for_the_whole_hex():
    st = state([{"hex": "A2", "at": 5}], [unit("m", "medium-tank")])
    dice = ScriptedDice([1, 6, 6])
    attacks.at_attack(st, "m", field_of(st), dice)
    assert len(dice.rolls) == 3 and dice.unused == 0


@pytest.mark.parametrize(("kind", "rolls", "result"), [
    ("medium-tank", [1, 2, 3], "KIA: eliminated"),    # DR 5 + 1 = 6: KIA
    ("medium-tank", [1, 3, 3], "immobilised"),        # DR 6 + 1 = 7: K/2
    ("heavy-tank", [1, 2, 3], "immobilised"),         # DR 5 + 2 = 7 (the catalogue's case)
    ("heavy-tank", [1, 1, 2], "KIA: eliminated"),     # DR 3 + 2 = 5
])
def test_am29_am30_afv_kia_on_dr_plus_aerial_af_eliminates_else_immobilised(kind, rolls,
                                                                             result):
    st = state([{"hex": "A2", "at": 1}], [unit("v", kind)])
    out = attacks.at_attack(st, "v", field_of(st), ScriptedDice(rolls))
    assert attack_of(out).data["result"] == result
    v = st.units["v"]
    assert (v.eliminated, v.immobilised) == ((True, False) if "KIA" in result
                                             else (False, True))
    assert out.stops and out.cancels_at and out.effect


@pytest.mark.parametrize(("rolls", "wreck"), [([1, 3, 3], True), ([1, 4, 5], False)])
def test_am31_am73_unarmored_eliminated_outright_burning_wreck_on_a_kia_dr(rolls, wreck):
    st = state([{"hex": "A2", "at": 1}], [unit("j", "jeep")])
    out = attacks.at_attack(st, "j", field_of(st), ScriptedDice(rolls))
    assert st.units["j"].eliminated
    assert attack_of(out).data["burning_wreck"] is wreck
    assert attack_of(out).data["drm"] == 0


def test_am77_at_factors_not_used_up_unless_the_option():
    st = state([{"hex": "A2", "at": 1}], [unit("a", "jeep"), unit("b", "jeep")])
    attacks.at_attack(st, "a", field_of(st), ScriptedDice([1, 3, 3]))
    assert field_of(st).at == 1
    st = state([{"hex": "A2", "at": 1}], [unit("a", "jeep")], at_used_up=True)
    out = attacks.at_attack(st, "a", field_of(st), ScriptedDice([1, 3, 3]))
    assert "A2" not in st.minefields["German"] and out.events[-1].clause == "AM-77"


def test_am18_ap_immobilisation_cancels_pending_at():
    st = state([{"hex": "A2", "ap": 12, "at": 2}], [unit("m", "medium-tank")])
    out = attacks.ap_attack(st, "m", field_of(st), ScriptedDice([1, 1]))
    assert out.cancels_at  # movement then makes no A-T dr


# ---- snap shots, the morale model's procedures ------------------------------------------------
def test_fire_snap_shot_with_tem():
    st = state([], [unit("s", "squad", "B1")])
    out = attacks.fire(st, "s", 4, 1, ScriptedDice([1, 1, 3, 3]), "AM-09", "Snap Shot")
    # 4 column, DR 2 + 1 = 3: NMC; MC DR 6 < 7 passed
    assert out.events[0].data["result"] == "NMC" and out.events[0].data["drm"] == 1
    assert not out.stops and st.units["s"].status == "good"


def test_am75_ptc_immune_unit_rolls_for_booby_traps_but_is_never_pinned(monkeypatch):
    seen: list[tuple[str, int, bool]] = []

    def task_check(state, unit_id, original_dr, sighting, dice):
        seen.append((unit_id, original_dr, sighting))
        return []

    monkeypatch.setattr(traps, "task_check", task_check, raising=False)
    st = state([{"hex": "A2", "ap": 6}], [unit("l", "leader"), unit("s", "squad")])
    # 6 column DR 6: PTC; the PTC DR 12 > 8
    out = attacks.ap_attack(st, "l", field_of(st), ScriptedDice([3, 3, 6, 6]))
    assert st.units["l"].status == "good" and not out.stops
    out = attacks.ap_attack(st, "s", field_of(st), ScriptedDice([3, 3, 6, 6]))
    assert st.units["s"].status == "pinned" and out.stops
    assert seen == [("l", 12, False), ("s", 12, False)]


def test_am63_random_selection_highest_dr_ties_all():
    st = state([], [unit("a", "squad"), unit("b", "squad"), unit("c", "squad")])
    chosen, events = morale.MODEL.random_selection(st, ["a", "b", "c"],
                                                   ScriptedDice([5, 2, 5]), "AM-53")
    assert chosen == ["a", "c"] and events[0].clause == "AM-53"
    assert morale.MODEL.random_selection(st, ["a"], ScriptedDice([]), "AM-53")[0] == ["a"]


def test_am63_casualty_reduction():
    st = state([], [unit("a", "elite-squad")])
    morale.MODEL.casualty_reduction(st, "a", "AM-53")
    assert st.units["a"].type == "elite-half-squad"
    morale.MODEL.casualty_reduction(st, "a", "AM-53")
    assert st.units["a"].eliminated


def test_am56_play_and_odds_agree_on_every_dr():
    """The morale model's exact chances are the play's results, DR by DR."""
    types = state([], []).data.units
    for strength in (6, 8, 12):
        for dr in range(2, 13):
            for check in range(2, 13):
                st = state([{"hex": "A2", "ap": strength}], [unit("s", "squad")])
                a, b = (1, dr - 1) if dr <= 7 else (dr - 6, 6)
                c, d = (1, check - 1) if check <= 7 else (check - 6, 6)
                attacks.ap_attack(st, "s", field_of(st), ScriptedDice([a, b, c, d, 1, 1]))
                fate = morale.MODEL.fate(types, "squad", "good", ift().result(strength, dr),
                                         check)
                s = st.units["s"]
                assert (s.eliminated, s.status if not s.eliminated else fate.status,
                        s.type if not s.eliminated else fate.type) == \
                    (fate.eliminated, fate.status, fate.type), (strength, dr, check)
    assert sum(dice_sum(2).fractions().values()) == 1


# ---- the table files (AM-56, AM-57) -----------------------------------------------------------
def test_am56_bundled_ift_is_labelled_a_stand_in_and_anchored():
    table = ift()
    assert "stand-in" in table.label and "printed" in table.about
    assert table.columns == (1, 2, 4, 6, 8, 12, 16, 20, 24, 30, 36)
    assert [table.result(36, dr).kind for dr in range(0, 7)] == ["KIA"] * 7
    assert table.result(99, 6) == IftResult("KIA", 1)  # 36+ reads "and more"
    assert table.result(12, -5) == table.result(12, 0)  # past the end: the end row
    assert ift_result(12, 2) == "1KIA" and ift_result(12, 12) == ""


def _broken(tmp_path: Path, name: str, change: Any) -> Path:
    data = json.loads(rule_file("asl-minefields", name).read_text())
    change(data)
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["rows"][3]["results"].__setitem__(2, "3XX"), "rows[3]: results[2]"),
    (lambda d: d["rows"][6]["results"].__setitem__(10, "K/2"), "B28.52"),
    (lambda d: d["rows"].pop(5), "rows[5].dr"),
    (lambda d: d["vehicle_immobilised"].__setitem__(0, -9), "vehicle_immobilised[0]"),
    (lambda d: d["columns"].__setitem__(1, 1), "columns"),
    (lambda d: d.pop("vehicle_eliminated"), "vehicle_eliminated"),
])
def test_am56_a_broken_ift_file_is_refused_in_one_line_naming_the_field(tmp_path, change,
                                                                        message):
    with pytest.raises(BadInput) as info:
        read_table(Ift, _broken(tmp_path, "ift.json", change))
    text = str(info.value)
    assert message in text and "\n" not in text


def test_am57_aerial_table_must_give_every_hull_af(tmp_path):
    with pytest.raises(BadInput) as info:
        read_table(AerialTable, _broken(tmp_path, "aerial-af.json",
                                        lambda d: d["drm"].pop("7")))
    assert "drm.7" in str(info.value)


def test_am57_a_missing_or_broken_table_names_its_clause(tmp_path, monkeypatch):
    from mineboard.rules.asl_minefields import tables

    monkeypatch.setattr(tables, "read_rule_table",
                        lambda cls, _rid, name: read_table(cls, tmp_path / name))
    tables.aerial_table.cache_clear()
    tables.ift.cache_clear()
    try:
        with pytest.raises(BadInput) as info:
            tables.aerial_table()
        assert "no such file" in str(info.value) and "AM-57" in str(info.value)
        with pytest.raises(BadInput) as info:
            tables.ift()
        assert "AM-56" in str(info.value) and "\n" not in str(info.value)
    finally:
        tables.aerial_table.cache_clear()
        tables.ift.cache_clear()


def test_am56_an_edited_ift_changes_play(tmp_path, monkeypatch):
    def all_kia(d: dict[str, Any]) -> None:
        for row in d["rows"]:
            row["results"] = ["1KIA"] * len(d["columns"])
    table = read_table(Ift, _broken(tmp_path, "ift.json", all_kia))
    monkeypatch.setattr(attacks, "ift", lambda: table)
    monkeypatch.setattr(odds, "ift", lambda: table)
    st = state([{"hex": "A2", "ap": 6}], [unit("s", "squad")])
    attacks.ap_attack(st, "s", field_of(st), ScriptedDice([6, 6]))
    assert st.units["s"].eliminated
    assert odds.attack_distribution("ap", 6, "infantry") == {"1KIA": 1}


# ---- secrets (AM-03, AM-06, AM-69) -------------------------------------------------------------
def test_am06_a_no_effect_attack_tells_the_other_side_nothing_of_the_strength():
    from mineboard.core.events import public_version, visible_to

    st = state([{"hex": "A2", "ap": 12}], [unit("s", "squad"), unit("m", "medium-tank")])
    dice = ScriptedDice([6, 6, 2, 3])
    for uid in ("s", "m"):  # DR 12: no effect; DR 5 (2MC) vs an AFV: no effect (AM-69)
        out = attacks.ap_attack(st, uid, field_of(st), dice)
        attack = attack_of(out)
        assert attack.secret_to == "German" and attack.data["column"] == "12"
        for seen in (visible_to(attack, "American"), public_version(attack)):
            assert seen is not None and "column" not in seen.data
            assert "column" not in seen.text and seen.data["dr"] in (12, 5)
    assert not any("12" in r.purpose or "factor" in r.purpose for r in dice.rolls)
    # with an effect the strength is revealed anyway: the attack is public
    hit = attacks.ap_attack(st, "s", field_of(st), ScriptedDice([1, 1]))
    assert attack_of(hit).secret_to is None


def test_am68_the_trigger_dr_names_no_factor_count():
    st = state([{"hex": "A2", "at": 3}], [unit("j", "jeep")])
    dice = ScriptedDice([4])
    out = attacks.at_attack(st, "j", field_of(st), dice)
    assert "3" not in dice.rolls[0].purpose and "3" not in trigger_of(out).text
    assert trigger_of(out).secret_to is None and "at" not in trigger_of(out).data
    assert out.events[0].kind == "CountersRevealed"  # presence and type first (AM-70)


def test_am77_the_log_says_which_reading_is_in_force():
    st = state([{"hex": "A2", "at": 2}], [unit("j", "jeep")])
    out = attacks.at_attack(st, "j", field_of(st), ScriptedDice([1, 4, 4]))
    assert out.events[-1].kind == "MinesRemain" and out.events[-1].clause == "AM-77"
    st = state([{"hex": "A2", "at": 2}], [unit("j", "jeep")], at_used_up=True)
    out = attacks.at_attack(st, "j", field_of(st), ScriptedDice([1, 4, 4]))
    assert out.events[-1].kind == "MinefieldReduced" and field_of(st).at == 1


def test_am24_am23_no_bail_out_attack_in_a_building_hex():
    st = state([{"hex": "C1", "ap": 6}], [unit("s", "squad", "C1")])
    assert attacks.bail_out_attacks(st, "s", ScriptedDice([])) == []
    st = state([{"hex": "C1", "ap": 6}], [unit("s", "squad", "C1")], building_spares=False)
    assert attacks.bail_out_attacks(st, "s", ScriptedDice([6, 6]))


def test_am51_a_mine_attack_s_ptc_sets_off_the_enemy_s_booby_trap():
    """The PTC an A-P attack calls for is an Original TC DR (AM-51): Level C on the board
    triggers on 12; Random Selection among the Personnel there picks who is reduced."""
    sc = {"map": "asl-demo-board", "phase": "movement", "side": "American",
          "sides": [{"name": "German", "pool": 48, "booby": {"asl-demo-board": "C"},
                     "minefields": [{"hex": "A2", "ap": 6}]},
                    {"name": "American"}],
          "units": [unit("s", "squad")]}
    st = state_from_scenario(sc, BOARD, "test")
    # 6 column DR 6: PTC; its DR 12 > 7: pinned, and 12 sets off Level C: one candidate,
    # no Random Selection roll; Casualty Reduction to a half-squad
    out = attacks.ap_attack(st, "s", field_of(st), ScriptedDice([3, 3, 6, 6]))
    assert [e.kind for e in out.events][1:5] == ["MinefieldAttack", "MoraleCheck", "UnitPinned",
                                                 "BoobyTrap"]
    s = st.units["s"]
    assert (s.type, s.status) == ("half-squad", "pinned") and out.stops


def test_fire_on_vehicles_follows_b28_42_as_a_stand_in():
    st = state([], [unit("m", "medium-tank", "A2"), unit("t", "truck", "A3"),
                    rider("p", "squad", "t")])
    # 12 firepower, DR 2 + 0: 1KIA → an AFV is immobilised
    out = attacks.fire(st, "m", 12, 0, ScriptedDice([1, 1]), "AM-09", "Snap Shot")
    assert st.units["m"].immobilised and out.stops and out.cancels_at
    # 12 firepower vs a truck, DR 2: the Vehicle line eliminates; its rider rolls 3: lives
    out = attacks.fire(st, "t", 12, 0, ScriptedDice([1, 1, 3]), "AM-09", "Snap Shot")
    assert st.units["t"].eliminated and st.units["p"].hex == "A3"
    # a miss is no effect and stops nothing
    out = attacks.fire(st, "m", 4, 2, ScriptedDice([6, 6]), "AM-09", "Snap Shot")
    assert not out.effect and not out.stops


@pytest.mark.parametrize("kind", ["medium-tank", "heavy-tank", "armored-car", "jeep",
                                  "halftrack"])
def test_am29_am31_play_and_odds_agree_for_every_at_roll(kind):
    """Count each trigger dr and DR through at_attack; the tally is odds.at_vehicle."""
    from fractions import Fraction

    types = state([], []).data.units
    ut = types[kind]
    aerial = odds.aerial_table().aerial(ut.lowest_hull_af or 0) if ut.mine_armored else 0
    for factors in (1, 3, 5):
        tally: dict[str, int] = {}
        for trig in range(1, 7):
            for a in range(1, 7):
                for b in range(1, 7):
                    st = state([{"hex": "A2", "at": factors}], [unit("v", kind)])
                    out = attacks.at_attack(st, "v", field_of(st), ScriptedDice([trig, a, b]))
                    v = st.units["v"]
                    if not out.attacked:
                        label = odds.NO_ATTACK
                    elif v.eliminated:
                        wreck = attack_of(out).data.get("burning_wreck", False)
                        label = odds.WRECK if wreck else odds.ELIMINATED
                    else:
                        label = odds.IMMOBILISED
                    tally[label] = tally.get(label, 0) + 1
        # every (dr, die, die) equally likely; a failed dr leaves its two dice unrolled
        got = {k: Fraction(w, 6 * 6 * 6) for k, w in tally.items()}
        assert got == odds.at_vehicle(factors, ut.mine_armored, aerial).fractions(), factors


@pytest.mark.parametrize("kind", ["medium-tank", "truck", "halftrack"])
def test_am19_play_and_odds_agree_for_every_ap_roll_on_a_vehicle(kind):
    from fractions import Fraction

    ut = state([], []).data.units[kind]
    for strength in (6, 8, 12):
        tally: dict[str, int] = {}
        for a in range(1, 7):
            for b in range(1, 7):
                st = state([{"hex": "A2", "ap": strength}], [unit("v", kind)])
                attacks.ap_attack(st, "v", field_of(st), ScriptedDice([a, b]))
                v = st.units["v"]
                label = odds.ELIMINATED if v.eliminated else \
                    odds.IMMOBILISED if v.immobilised else odds.NO_EFFECT
                tally[label] = tally.get(label, 0) + 1
        got = {k: Fraction(w, 36) for k, w in tally.items()}
        assert got == odds.ap_vehicle(strength, ut.mine_armored).fractions(), strength


def test_am63_a_fuller_morale_model_replaces_the_small_one_for_play_and_odds(monkeypatch):
    """The one interface: a model whose every result eliminates is used by the attacks
    and by the odds alike."""
    from fractions import Fraction

    from mineboard.core.chance import Dist

    class Deadly(morale.SmallModel):
        def fate(self, types, unit_type, status, result, check_dr):
            return morale.Fate(unit_type, status, eliminated=result.effect)

        def chances(self, types, unit_type, status, result):
            return Dist.certain(self.fate(types, unit_type, status, result, 0))

        def needs_check(self, types, unit_type, result):
            return False

    monkeypatch.setattr(morale, "MODEL", Deadly())
    st = state([{"hex": "A2", "ap": 12}], [unit("s", "squad")])
    attacks.ap_attack(st, "s", field_of(st), ScriptedDice([3, 4]))  # DR 7: NMC
    assert st.units["s"].eliminated
    assert odds.squad_fates(12)["eliminated"] == 1 - Fraction(5, 18)


@pytest.mark.parametrize(("text", "parsed"), [
    ("3KIA", IftResult("KIA", 3)), ("K/2", IftResult("K", 2)), ("1MC", IftResult("MC", 1)),
    ("NMC", IftResult("NMC")), ("PTC", IftResult("PTC")), ("-", IftResult("none"))])
def test_am56_ift_results_parse_and_print(text, parsed):
    assert IftResult.parse(text) == parsed
    assert parsed.text == (text if text != "-" else "no effect")


@pytest.mark.parametrize("bad", ["KIA", "0KIA", "K/", "MC", "2NMC", "kia", ""])
def test_am56_not_an_ift_result(bad):
    with pytest.raises(ValueError):
        IftResult.parse(bad)


def test_am56_columns_read_the_largest_not_above():
    table = ift()
    assert [table.column_label(table.column_index(fp)) for fp in (0, 1, 3, 7, 12, 35, 36, 80)] \
        == ["1", "1", "2", "6", "12", "30", "36+", "36+"]
