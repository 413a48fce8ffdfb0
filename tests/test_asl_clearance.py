"""asl-minefields clearance (clearance.py): infantry and sappers (AM-40, AM-49, AM-62),
fire-for-effect and bombs (AM-43, AM-44), flail tanks (AM-45…AM-47) — exact DRs, exact
odds, what each side reads."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from mineboard.core.game import Game
from mineboard.core.planning import Selection
from mineboard.persistence.scenario import scenario_from_data
from mineboard.resources import maps_dir
from mineboard.rules.asl_minefields import clearance
from mineboard.rules.asl_minefields.clearance import ClearMines, FlailClear, MineStrike
from tests.conftest import play, refused

AXIS, ALLIES = "Axis", "Allies"


def scenario(phase: str = "fire", units: list[dict[str, Any]] | None = None,
             fields: list[dict[str, Any]] | None = None, **changes: Any) -> dict[str, Any]:
    """Allies to act in ``phase``; the Axis mines of ``fields`` already recorded."""
    data: dict[str, Any] = {
        "mineboard_scenario": 1, "ruleset": "asl-minefields", "map": "asl-demo-board",
        "title": "clearance test", "phase": phase, "side": ALLIES,
        "sides": [{"name": AXIS, "pool": 36, "at_bought": 5,
                   "minefields": fields if fields is not None else
                   [{"hex": "G2", "ap": 8, "at": 2}]},
                  {"name": ALLIES, "pool": 0}],
        "units": units if units is not None else [
            {"id": "sq", "side": ALLIES, "type": "squad", "hex": "G2"},
            {"id": "sap", "side": ALLIES, "type": "sapper-squad", "hex": "G2"},
            {"id": "hs", "side": ALLIES, "type": "sapper-half-squad", "hex": "G2"},
            {"id": "ldr", "side": ALLIES, "type": "leader", "hex": "G2"},
            {"id": "ax", "side": AXIS, "type": "squad", "hex": "J1"}]}
    data.update(changes)
    return data


def game(**kw: Any) -> Game[Any]:
    return scenario_from_data(scenario(**kw), "asl test", maps_dir() / "scenarios").new_game(7)


def mines(g: Game[Any], hex_id: str = "G2", owner: str = AXIS) -> Any:
    return g.state.minefields[owner].get(hex_id)


# ---- AM-40, AM-49, AM-62: infantry clearance ---------------------------------------------
def test_am62_the_success_test_is_data_read_from_the_file():
    table = clearance.clearance_table()
    assert table.infantry.clears_at_most == 4
    assert table.flail.clears_at_most == 8
    assert "STAND-IN" in table.about


def test_am40_a_squad_clears_on_dr_four_and_not_on_five():
    g = game()
    rec = play(g, "clear_mines", rolls=[2, 2], unit="sq")
    assert mines(g) is None
    tried = next(e for e in rec.events if e.kind == "ClearanceTried")
    assert tried.clause == "AM-40" and tried.data == {
        "unit": "sq", "dr": 4, "drm": 0, "final": 4, "cleared": True}
    g = game()
    play(g, "clear_mines", rolls=[2, 3], unit="sq")
    assert mines(g).ap == 8


@pytest.mark.parametrize(("unit", "final", "cleared"),
                         [("sq", 8, False), ("sap", 6, False), ("hs", 7, False)])
def test_am49_sapper_squad_minus_two_half_squad_minus_one(unit, final, cleared):
    g = game()
    rec = play(g, "clear_mines", rolls=[4, 4], unit=unit)
    tried = next(e for e in rec.events if e.kind == "ClearanceTried")
    assert tried.data["final"] == final and tried.data["cleared"] is cleared


def test_am49_a_sapper_squad_clears_on_dr_six():
    g = game()
    rec = play(g, "clear_mines", rolls=[3, 3], unit="sap")
    assert mines(g) is None
    assert next(e for e in rec.events if e.kind == "ClearanceTried").clause == "AM-49"


def test_am49_odds_of_clearance_exact():
    g = game()
    view = g.observe(ALLIES).view
    assert g.ruleset.preview(view, ClearMines("sq")).probability("cleared") == Fraction(1, 6)
    assert g.ruleset.preview(view, ClearMines("sap")).probability("cleared") == \
        Fraction(5, 12)
    assert g.ruleset.preview(view, ClearMines("hs")).probability("cleared") == \
        Fraction(5, 18)


def test_am40_only_once_a_phase_only_good_order_only_infantry_in_the_fire_phase():
    g = game()
    play(g, "clear_mines", rolls=[6, 6], unit="sq")
    refused("AM-40", g, "clear_mines", unit="sq")
    refused("AM-40", g, "clear_mines", unit="ldr")
    refused("TURN", g, "clear_mines", unit="ax")
    g = game(units=[{"id": "sq", "side": ALLIES, "type": "squad", "hex": "G2",
                     "status": "pinned"}])
    refused("AM-40", g, "clear_mines", unit="sq")
    g = game(phase="movement")
    refused("AM-40", g, "clear_mines", unit="sq")


def test_am40_a_new_fire_phase_allows_another_try():
    g = game()
    play(g, "clear_mines", rolls=[6, 6], unit="sq")
    for _ in range(4):  # Allies MPh, Axis fire, Axis MPh, Allies fire
        play(g, "end_phase")
    assert g.state.phase == "fire" and g.state.phasing == ALLIES
    play(g, "clear_mines", rolls=[1, 1], unit="sq")
    assert mines(g) is None


def test_am40_clearing_hidden_mines_is_the_owners_secret():
    g = game()
    rec = play(g, "clear_mines", rolls=[1, 1], unit="sq")
    gone = [e for e in rec.events if e.kind == "MinesCleared"]
    assert [e.secret_to for e in gone] == [AXIS]
    assert "G2" not in g.observe(AXIS).view.minefields[AXIS]
    # the Allies read the same success whether or not mines were there
    other = game(fields=[])
    rec2 = play(other, "clear_mines", rolls=[1, 1], unit="sq")
    seen = [e.text for e in rec.events if e.secret_to in (None, ALLIES)]
    seen2 = [e.text for e in rec2.events if e.secret_to in (None, ALLIES)]
    assert seen == seen2


def test_am40_revealed_mines_are_cleared_in_public():
    g = game(fields=[{"hex": "G2", "ap": 8}])
    g.state.minefields[AXIS]["G2"].ap_known = True
    rec = play(g, "clear_mines", rolls=[1, 1], unit="sq")
    assert [e.secret_to for e in rec.events if e.kind == "MinesCleared"] == [None]


def test_am40_clearance_commands_offer_the_odds_words():
    g = game()
    view = g.observe(ALLIES).view
    labels = [c.label for c in g.ruleset.commands(view, Selection("G2", ("sap",)))]
    assert "Clear mines (sap)" in labels


# ---- AM-43, AM-44: FFE and bombs ---------------------------------------------------------
def test_am43_an_original_kia_destroys_every_mine_in_the_hex():
    g = game(fields=[{"hex": "G2", "ap": 12, "at": 3}])
    rec = play(g, "mine_strike", rolls=[1, 3], hex="G2", column=16)  # 16 column DR 4: K/2
    assert mines(g) is not None
    g = game(fields=[{"hex": "G2", "ap": 12, "at": 3}])
    rec = play(g, "mine_strike", rolls=[1, 2], hex="G2", column=16)  # DR 3: 1KIA
    assert mines(g) is None
    strike = next(e for e in rec.events if e.kind == "MineStrike")
    assert strike.clause == "AM-43" and strike.data == {"dr": 3, "column": 16,
                                                        "result": "1KIA"}


def test_am43_the_original_dr_counts_no_modifier():
    g = game(fields=[{"hex": "G2", "ap": 12}])
    rec = play(g, "mine_strike", rolls=[3, 4], hex="G2", column=16, weapon="bomb")
    assert mines(g).ap == 12
    assert "untouched" in next(e for e in rec.events if e.kind == "MineStrike").text


def test_am44_k_reduces_by_the_option(monkeypatch):
    g = game(fields=[{"hex": "G2", "ap": 8, "at": 2}], options={"k_reduces_by": 2})
    play(g, "mine_strike", rolls=[2, 2], hex="G2", column=16)  # DR 4: K/2
    assert (mines(g).ap, mines(g).at) == (6, 0)
    g = game(fields=[{"hex": "G2", "ap": 0, "at": 2}], options={"k_reduces_by": 2})
    rec = play(g, "mine_strike", rolls=[2, 2], hex="G2", column=16)
    assert mines(g) is None
    assert [e.secret_to for e in rec.events if e.clause == "AM-44" and e.kind != "MineStrike"] \
        == [AXIS]


def test_am44_k_with_option_zero_waits_for_the_players_to_enter_the_amount():
    g = game(fields=[{"hex": "G2", "ap": 12, "at": 3}])
    play(g, "mine_strike", rolls=[2, 2], hex="G2", column=16)
    assert g.state.awaiting is not None and g.state.awaiting.enters == ALLIES
    assert g.state.reduction_at == "G2"
    refused("RESULT", g, "accept_result")
    play(g, "mine_reduction", ap_by=6, at_by=1)
    play(g, "accept_result")
    assert (mines(g).ap, mines(g).at) == (6, 2)
    assert g.state.awaiting is None and g.state.reduction_at is None


def test_am43_odds_of_the_sixteen_column_exact():
    g = game()
    p = g.ruleset.preview(g.observe(ALLIES).view, MineStrike("G2", 16))
    # stand-in 16 column: DR 2-3 KIA (3/36), DR 4-5 K (7/36)
    assert p.probability("mines destroyed") == Fraction(1, 12)
    assert p.probability("mines reduced") == Fraction(7, 36)
    assert p.probability("mines untouched") == Fraction(13, 18)


def test_am43_a_column_the_ift_lacks_is_refused():
    refused("AM-43", game(), "mine_strike", hex="G2", column=17)
    refused("AM-43", game(), "mine_strike", hex="Z9", column=16)
    refused("AM-43", game(phase="movement"), "mine_strike", hex="G2", column=16)


# ---- AM-45…AM-47: flail tanks ------------------------------------------------------------
def flail_game(fields: list[dict[str, Any]] | None = None, **unit: Any) -> Game[Any]:
    return game(phase="movement", fields=fields,
                units=[{"id": "fl", "side": ALLIES, "type": "flail-tank", "hex": "G2", **unit},
                       {"id": "sq", "side": ALLIES, "type": "squad", "hex": "A1"}])


def test_am45_a_flail_spends_its_whole_allotment_and_clears_on_eight():
    g = flail_game()
    rec = play(g, "flail_clear", rolls=[4, 4], unit="fl")
    fl = g.state.units["fl"]
    assert fl.clearing and fl.spent == 12 and mines(g) is None
    assert [e.kind for e in rec.events if e.clause == "AM-45"][:2] == ["DiceRolled",
                                                                       "FlailAnnounced"]
    refused("AM-45", g, "flail_clear", unit="fl")


def test_am45_dr_nine_clears_nothing():
    g = flail_game()
    play(g, "flail_clear", rolls=[4, 5], unit="fl")
    assert mines(g).ap == 8


def test_am45_only_at_the_start_of_its_movement_phase():
    g = flail_game()
    g.state.units["fl"].spent = 1
    refused("AM-45", g, "flail_clear", unit="fl")
    refused("AM-45", flail_game(), "flail_clear", unit="sq")
    refused("AM-45", game(units=[{"id": "fl", "side": ALLIES, "type": "flail-tank",
                                  "hex": "G2"}]), "flail_clear", unit="fl")


def test_am46_twelve_destroys_with_at_mines_immobilises_with_ap_alone():
    g = flail_game([{"hex": "G2", "ap": 8, "at": 2}])
    rec = play(g, "flail_clear", rolls=[6, 6], unit="fl")
    assert g.state.units["fl"].eliminated and mines(g) is not None
    assert any(e.kind == "UnitLost" and e.clause == "AM-46" for e in rec.events)
    assert mines(g).at_known and not mines(g).at_strength_known
    g = flail_game([{"hex": "G2", "ap": 6}])
    play(g, "flail_clear", rolls=[6, 6], unit="fl")
    fl = g.state.units["fl"]
    assert fl.immobilised and not fl.eliminated and mines(g).ap_known
    g = flail_game([])
    play(g, "flail_clear", rolls=[6, 6], unit="fl")
    assert not g.state.units["fl"].immobilised


def test_am47_eleven_wrecks_the_flail_and_later_clearance_is_refused():
    g = flail_game()
    rec = play(g, "flail_clear", rolls=[5, 6], unit="fl")
    fl = g.state.units["fl"]
    assert fl.flail_broken and not fl.immobilised and mines(g).ap == 8
    assert any(e.kind == "FlailBroken" and e.clause == "AM-47" for e in rec.events)
    refused("AM-47", flail_broken_game(), "flail_clear", unit="fl")


def flail_broken_game() -> Game[Any]:
    return flail_game(flail_broken=True)


def test_am47_entering_woods_without_a_tb_or_a_building_wrecks_the_flail():
    g = flail_game()
    state = g.state
    assert clearance.on_enter(state, "fl", "F3", via_tb=True) == []
    assert not state.units["fl"].flail_broken
    events = clearance.on_enter(state, "fl", "F3", via_tb=False)
    assert state.units["fl"].flail_broken and events[0].clause == "AM-47"
    g = flail_game()
    clearance.on_enter(g.state, "fl", "H2", via_tb=True)
    assert g.state.units["fl"].flail_broken
    g = flail_game()
    assert clearance.on_enter(g.state, "fl", "G3", via_tb=False) == []
    assert clearance.on_enter(g.state, "sq", "F3", via_tb=False) == []


def test_am46_am47_flail_odds_exact():
    g = flail_game()
    p = g.ruleset.preview(g.observe(ALLIES).view, FlailClear("fl"))
    assert dict(p.outcomes) == {"cleared": Fraction(13, 18), "nothing": Fraction(7, 36),
                                "flail wrecked": Fraction(1, 18),
                                "12: hit by its mines": Fraction(1, 36)}


def test_summary_says_what_each_flail_is():
    g = flail_game()
    play(g, "flail_clear", rolls=[5, 6], unit="fl")
    assert g.ruleset.summary(g.state)["flails"]["fl"] == {
        "flail_broken": True, "clearing": True, "immobilised": False, "eliminated": False}


def test_legal_actions_include_clearance():
    g = game()
    kinds = {a.kind for a in g.ruleset.legal_actions(g.observe(ALLIES).view)}
    assert {"clear_mines", "mine_strike"} <= kinds


def test_am44_while_the_amount_is_awaited_only_it_is_legal():
    g = game(fields=[{"hex": "G2", "ap": 12, "at": 3}])
    play(g, "mine_strike", rolls=[2, 2], hex="G2", column=16)
    kinds = {a.kind for a in g.ruleset.legal_actions(g.observe(ALLIES).view)}
    assert kinds == {"mine_reduction"}
    refused("AM-44", g, "end_phase")
    play(g, "mine_reduction", ap_by=12, at_by=5)
    kinds = {a.kind for a in g.ruleset.legal_actions(g.observe(AXIS).view)}
    assert kinds == {"accept_result", "dispute_result"}
    play(g, "dispute_result", why="the printed rule says 4")
    play(g, "mine_reduction", ap_by=4, at_by=0)
    rec = play(g, "accept_result")
    assert (mines(g).ap, mines(g).at) == (8, 3)
    assert [e.secret_to for e in rec.events if e.kind == "MinesReduced"] == [AXIS]


def test_am40_a_click_in_the_fire_phase_picks_the_units_that_may_clear():
    g = game()
    view = g.observe(ALLIES).view
    assert g.ruleset.units_at(view, "G2") == ["hs", "ldr", "sap", "sq"]
    assert g.ruleset.units_at(view, "J1") == []  # the enemy's
    moving = flail_game()
    assert g.ruleset.units_at(moving.observe(ALLIES).view, "G2") == ["fl"]  # movement's


def test_am43_the_ift_column_is_a_choice_and_the_menu_says_the_odds():
    g = game()
    view = g.observe(ALLIES).view
    column = next(c for c in g.ruleset.choices(view, Selection("G2", ())) if
                  c.key == "ift_column")
    assert column.default == "16" and ("36", "36") in column.values
    menu = {c.label: c for c in g.ruleset.commands(view, Selection("G2", (),
                                                                   {"ift_column": "36"}))}
    strike = menu["FFE on the mines at G2 (IFT 36)"]
    assert strike.action == MineStrike("G2", 36, "ffe")
    assert "(41.7 %)" in strike.tip  # 36+ column: DR ≤ 6 is a KIA, 15/36


def test_am62_a_broken_clearance_file_is_one_line_naming_the_field(tmp_path):
    from mineboard.core.errors import BadInput
    from mineboard.rules.common.tables import read_table

    bad = tmp_path / "clearance-test.json"
    bad.write_text('{"schema": 1, "infantry": {"clears_at_most": 13}, '
                   '"flail": {"clears_at_most": 8}}')
    with pytest.raises(BadInput) as info:
        read_table(clearance.ClearanceTable, bad)
    assert "infantry.clears_at_most" in str(info.value) and "\n" not in str(info.value)
    bad.write_text('{"schema": 1, "infantry": {"clears_at_most": 4}, '
                   '"flail": {"clears_at_most": 11}}')
    with pytest.raises(BadInput, match=r"flail\.clears_at_most"):
        read_table(clearance.ClearanceTable, bad)


def test_am62_editing_the_file_changes_the_odds_and_the_result(monkeypatch):
    monkeypatch.setattr(clearance, "clearance_table", lambda: clearance.ClearanceTable(
        1, clearance.ClearanceTest(6), clearance.FlailTest(8)))
    g = game()
    assert g.ruleset.preview(g.observe(ALLIES).view, ClearMines("sq")).probability(
        "cleared") == Fraction(5, 12)
    play(g, "clear_mines", rolls=[3, 3], unit="sq")
    assert mines(g) is None
