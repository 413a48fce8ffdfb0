"""asl-minefields, the secret record (setup.py): the pool, A-P and A-T fields, visible A-T,
booby-trap levels and every terrain refusal with its clause — the catalogue's test ideas of
AM-01…AM-07, AM-25, AM-26, AM-33, AM-48, AM-50, AM-54, AM-59, AM-60, AM-78."""

from __future__ import annotations

from typing import Any

import pytest

from mineboard.core.game import Game
from mineboard.persistence.scenario import scenario_from_data
from mineboard.resources import maps_dir
from tests.conftest import play, refused

AXIS, ALLIES = "Axis", "Allies"


def asl_scenario(**changes: Any) -> dict[str, Any]:
    """A scenario on the demo board: the Axis record first, the Allies second."""
    data: dict[str, Any] = {
        "mineboard_scenario": 1, "ruleset": "asl-minefields", "map": "asl-demo-board",
        "title": "setup test",
        "sides": [{"name": AXIS, "pool": 24, "setup_boards": ["asl-demo-board"]},
                  {"name": ALLIES, "pool": 12}],
        "units": [{"id": "ax-1", "side": AXIS, "type": "squad", "hex": "H3"},
                  {"id": "al-1", "side": ALLIES, "type": "squad", "hex": "A3"},
                  {"id": "al-t", "side": ALLIES, "type": "truck", "hex": "A4"}]}
    data.update(changes)
    return data


def asl_game(seed: int = 7, **changes: Any) -> Game[Any]:
    return scenario_from_data(asl_scenario(**changes), "asl test",
                              maps_dir() / "scenarios").new_game(seed)


def record(g: Game[Any], hex_id: str, ap: int = 0, at: int = 0, visible: bool = False,
           side: str = AXIS) -> None:
    play(g, "record_mines", side=side, hex=hex_id, ap=ap, at=at, visible=visible)


def pool(g: Game[Any], side: str = AXIS) -> dict[str, Any]:
    return dict(g.ruleset.summary(g.state)["pools"][side])


# ---- AM-02, AM-25, AM-59: the pool -------------------------------------------------------
def test_am02_one_pool_pays_for_ap_at_and_booby_traps():
    g = asl_game()
    record(g, "A1", ap=12)
    play(g, "convert_to_at", side=AXIS, factors=6)
    record(g, "A2", at=2)
    assert pool(g)["spent"] == 18 and pool(g)["left"] == 6
    refused("AM-02", g, "buy_booby_traps", side=AXIS, board="asl-demo-board", level="C")
    assert pool(g)["left"] == 6


def test_am02_a_side_without_pool_factors_records_nothing():
    g = asl_game(sides=[{"name": AXIS, "pool": 0}, {"name": ALLIES, "pool": 12}])
    refused("AM-02", g, "record_mines", side=AXIS, hex="A1", ap=6)
    refused("AM-02", g, "convert_to_at", side=AXIS, factors=3)


def test_am25_giving_up_six_gives_two_at_and_leaves_eighteen():
    g = asl_game()
    play(g, "convert_to_at", side=AXIS, factors=6)
    assert pool(g) | {} == {"total": 24, "recorded": False, "at_bought": 2, "booby": {},
                            "spent": 6, "left": 18, "at_unrecorded": 2}
    record(g, "A1", ap=6)
    record(g, "A2", ap=12)
    assert pool(g)["left"] == 0
    refused("AM-02", g, "record_mines", side=AXIS, hex="A3", ap=6)


def test_am25_at_factors_must_be_bought_before_they_are_recorded():
    g = asl_game()
    refused("AM-25", g, "record_mines", side=AXIS, hex="A1", at=1)
    play(g, "convert_to_at", side=AXIS, factors=3)
    record(g, "A1", at=1)
    refused("AM-25", g, "record_mines", side=AXIS, hex="A2", at=1)


def test_am59_conversion_in_multiples_of_three():
    g = asl_game()
    refused("AM-59", g, "convert_to_at", side=AXIS, factors=4)
    refused("AM-59", g, "convert_to_at", side=AXIS, factors=0)
    play(g, "convert_to_at", side=AXIS, factors=3)
    assert pool(g)["at_bought"] == 1 and pool(g)["left"] == 21


def test_am59_more_than_the_pool_is_refused_under_am02():
    g = asl_game()
    refused("AM-02", g, "convert_to_at", side=AXIS, factors=27)


# ---- AM-07, AM-26, AM-78: strengths ---------------------------------------------------------
@pytest.mark.parametrize("ap", [6, 8, 12])
def test_am07_ap_strengths_six_eight_twelve(ap):
    g = asl_game()
    record(g, "A1", ap=ap)
    assert g.ruleset.summary(g.state)["minefields"][AXIS]["A1"] == {"ap": ap, "at": 0}


@pytest.mark.parametrize("ap", [1, 5, 7, 10])
def test_am07_other_strengths_refused(ap):
    refused("AM-07", asl_game(), "record_mines", side=AXIS, hex="A1", ap=ap)


def test_am26_twelve_ap_plus_five_at_legal_six_at_refused():
    g = asl_game(sides=[{"name": AXIS, "pool": 40}, {"name": ALLIES}])
    play(g, "convert_to_at", side=AXIS, factors=24)
    record(g, "A1", ap=12, at=5)
    refused("AM-26", g, "record_mines", side=AXIS, hex="A1", at=1)
    refused("AM-26", g, "record_mines", side=AXIS, hex="A2", at=6)
    record(g, "A2", at=3)
    assert g.ruleset.summary(g.state)["minefields"][AXIS] == {
        "A1": {"ap": 12, "at": 5}, "A2": {"ap": 0, "at": 3}}


def test_am26_at_added_to_an_ap_field_in_a_second_record():
    g = asl_game()
    play(g, "convert_to_at", side=AXIS, factors=6)
    record(g, "A1", ap=6)
    record(g, "A1", at=2)
    assert g.ruleset.summary(g.state)["minefields"][AXIS]["A1"] == {"ap": 6, "at": 2}


def test_am78_a_second_ap_field_in_one_hex_is_refused():
    g = asl_game()
    record(g, "A1", ap=6)
    refused("AM-78", g, "record_mines", side=AXIS, hex="A1", ap=6)


# ---- AM-04, AM-24, AM-33, AM-60: terrain ------------------------------------------------------
@pytest.mark.parametrize("hex_id, words", [
    ("B5", "marsh"), ("C5", "crag"), ("D1", "rubble"), ("D5", "pond (a Water Obstacle)"),
    ("E5", "sewer access"), ("C2", "an Interior Building Hex")])
def test_am04_no_minefield_on_forbidden_terrain(hex_id, words):
    g = asl_game()
    play(g, "convert_to_at", side=AXIS, factors=3)
    exc = refused("AM-04", g, "record_mines", side=AXIS, hex=hex_id, ap=6)
    assert words in exc.reason
    refused("AM-04", g, "record_mines", side=AXIS, hex=hex_id, at=1)


@pytest.mark.parametrize("hex_id", ["C4", "D4", "E1"])
def test_am04_hidden_mines_refused_on_hard_surfaces_visible_at_accepted(hex_id):
    g = asl_game()
    play(g, "convert_to_at", side=AXIS, factors=9)
    refused("AM-04", g, "record_mines", side=AXIS, hex=hex_id, ap=6)
    refused("AM-04", g, "record_mines", side=AXIS, hex=hex_id, at=3)
    record(g, hex_id, at=3, visible=True)
    assert g.ruleset.summary(g.state)["minefields"][AXIS][hex_id] == {
        "ap": 0, "at": 3, "visible": True, "at_known": True}


def test_am24_a_non_interior_building_takes_a_minefield():
    g = asl_game()
    record(g, "C1", ap=8)
    assert g.ruleset.summary(g.state)["minefields"][AXIS]["C1"]["ap"] == 8


def test_am33_visible_only_for_at_and_only_on_hard_surfaces():
    g = asl_game()
    play(g, "convert_to_at", side=AXIS, factors=6)
    refused("AM-33", g, "record_mines", side=AXIS, hex="A1", at=1, visible=True)
    refused("AM-33", g, "record_mines", side=AXIS, hex="C4", ap=6, visible=True)
    record(g, "C4", at=1, visible=True)
    refused("AM-33", g, "record_mines", side=AXIS, hex="C4", at=1, visible=True)
    refused("AM-33", g, "record_mines", side=AXIS, hex="F4", at=1, visible=True)
    record(g, "F4", at=1)  # an unpaved road takes hidden mines


def test_am60_ice_takes_visible_at_only():
    g = asl_game()
    play(g, "convert_to_at", side=AXIS, factors=6)
    refused("AM-60", g, "record_mines", side=AXIS, hex="F5", ap=6)
    refused("AM-60", g, "record_mines", side=AXIS, hex="F5", at=2)
    record(g, "F5", at=2, visible=True)


def test_am04_visible_at_still_refused_on_rubble_paved_road():
    """A hard surface excuses a Water Obstacle (a bridge, ice), not the rest of AM-04."""
    g = asl_game()
    play(g, "convert_to_at", side=AXIS, factors=3)
    refused("AM-33", g, "record_mines", side=AXIS, hex="D1", at=1, visible=True)


# ---- AM-48: only before play; turn order -------------------------------------------------------
def test_am48_no_hidden_minefield_laid_during_play():
    g = asl_game()
    play(g, "end_phase")
    play(g, "end_phase")
    assert g.state.phase == "fire"
    refused("AM-48", g, "record_mines", side=AXIS, hex="A1", ap=6)
    refused("AM-48", g, "convert_to_at", side=AXIS, factors=3)


def test_am03_each_side_records_in_its_own_setup():
    g = asl_game()
    refused("TURN", g, "record_mines", side=ALLIES, hex="A1", ap=6)
    record(g, "A1", ap=6)
    record_ = play(g, "end_phase")
    assert any(e.kind == "RecordDone" and e.clause == "AM-03" for e in record_.events)
    assert pool(g)["recorded"] is True
    record(g, "A1", ap=6, side=ALLIES)  # each side's fields are its own
    assert g.ruleset.summary(g.state)["minefields"][ALLIES]["A1"]["ap"] == 6


# ---- AM-50, AM-54: booby traps ---------------------------------------------------------------
def test_am50_levels_cost_ten_twenty_thirty_per_board():
    g = asl_game(sides=[{"name": AXIS, "pool": 40, "setup_boards": ["asl-demo-board"]},
                        {"name": ALLIES}])
    play(g, "buy_booby_traps", side=AXIS, board="asl-demo-board", level="B")
    assert pool(g)["left"] == 20 and pool(g)["booby"] == {"asl-demo-board": "B"}
    refused("AM-50", g, "buy_booby_traps", side=AXIS, board="asl-demo-board", level="C")
    record(g, "A1", ap=12)
    record(g, "A2", ap=8)
    refused("AM-02", g, "record_mines", side=AXIS, hex="A3", ap=6)


def test_am50_level_a_costs_thirty():
    g = asl_game(sides=[{"name": AXIS, "pool": 29, "setup_boards": ["asl-demo-board"]},
                        {"name": ALLIES}])
    refused("AM-02", g, "buy_booby_traps", side=AXIS, board="asl-demo-board", level="A")
    play(g, "buy_booby_traps", side=AXIS, board="asl-demo-board", level="B")
    assert pool(g)["left"] == 9


def test_am54_booby_traps_need_the_whole_board_and_no_capture():
    attacker = asl_game(sides=[{"name": AXIS, "pool": 40, "setup_boards": ["asl-demo-board"],
                                "must_capture": True}, {"name": ALLIES}])
    exc = refused("AM-54", attacker, "buy_booby_traps", side=AXIS, board="asl-demo-board",
                  level="C")
    assert "capture" in exc.reason
    elsewhere = asl_game(sides=[{"name": AXIS, "pool": 40}, {"name": ALLIES}])
    refused("AM-54", elsewhere, "buy_booby_traps", side=AXIS, board="asl-demo-board",
            level="C")
    by_ssr = asl_game(sides=[{"name": AXIS, "pool": 40, "must_capture": True,
                              "ssr_booby": ["asl-demo-board"]}, {"name": ALLIES}])
    play(by_ssr, "buy_booby_traps", side=AXIS, board="asl-demo-board", level="C")
    refused("TURN", by_ssr, "buy_booby_traps", side=AXIS, board="board-9", level="C")


# ---- the record is secret: events, log, summary --------------------------------------------------
def test_am03_every_record_action_is_the_owners_secret():
    g = asl_game()
    for rec in (play(g, "convert_to_at", side=AXIS, factors=3),
                play(g, "record_mines", side=AXIS, hex="A1", ap=8),
                play(g, "record_mines", side=AXIS, hex="A2", at=1),
                play(g, "buy_booby_traps", side=AXIS, board="asl-demo-board", level="C")):
        assert rec.secret_to == AXIS
        assert [e.public_twin() for e in rec.events] == [None]


def test_am01_a_visible_record_is_sealed_but_its_counter_is_public():
    g = asl_game()
    play(g, "convert_to_at", side=AXIS, factors=6)
    rec = play(g, "record_mines", side=AXIS, hex="D4", at=2, visible=True)
    assert rec.secret_to == AXIS
    twin = rec.events[0].public_twin()
    assert twin is not None and twin.clause == "AM-01" and str(twin.at) == "hex D4"
    assert "2" not in twin.text


def test_am02_invariants_hold_after_a_full_record():
    g = asl_game()
    play(g, "convert_to_at", side=AXIS, factors=6)
    record(g, "A1", ap=12, at=2)
    assert g.ruleset.invariants(g.state) == []


def test_am03_legal_actions_in_setup_offer_every_record_kind():
    g = asl_game()
    kinds = {a.kind for a in g.ruleset.legal_actions(g.observe(AXIS).view)}
    assert {"record_mines", "convert_to_at", "buy_booby_traps", "end_phase"} <= kinds


def test_am03_a_hex_clicked_in_ones_setup_offers_only_legal_records():
    from mineboard.core.planning import Selection

    g = asl_game()
    labels = [c.label for c in g.ruleset.commands(g.observe(AXIS).view, Selection("C4"))]
    assert labels[:1] == ["Convert 3 pool factors to 1 A-T factor(s)"]  # nothing to show yet
    play(g, "convert_to_at", side=AXIS, factors=3)
    labels = [c.label for c in g.ruleset.commands(g.observe(AXIS).view, Selection("C4"))]
    assert "Show 1 A-T factor(s) in full view at hex C4" in labels
    assert not any(label.startswith("Record") for label in labels)  # a paved road
    open_ = [c.label for c in g.ruleset.commands(g.observe(AXIS).view, Selection("A1"))]
    assert {"Record a 6-factor A-P minefield at hex A1",
            "Record 1 A-T factor(s) at hex A1"} <= set(open_)
    play(g, "end_phase")
    offered = [c.action for c in g.ruleset.commands(g.observe(ALLIES).view, Selection("A1"))
               if c.action is not None and c.action.kind == "record_mines"]
    assert offered and all(a.side == ALLIES for a in offered)
    play(g, "end_phase")  # play begins: nothing more to record
    assert [c for c in g.ruleset.commands(g.observe(AXIS).view, Selection("A1"))
            if c.action is not None and c.action.kind == "record_mines"] == []


def test_am04_a_scenario_setup_on_forbidden_terrain_breaks_the_invariants():
    g = asl_game(phase="movement", sides=[
        {"name": AXIS, "pool": 24, "at_bought": 4, "minefields": [{"hex": "C4", "ap": 6},
                                                  {"hex": "A1", "at": 2, "visible": True},
                                                  {"hex": "D4", "at": 2, "visible": True}]},
        {"name": ALLIES}])
    assert g.ruleset.invariants(g.state) == [
        "Axis's minefield at C4: no hidden mines on hex C4: paved road; A-T mines there must "
        "be in full view (AM-33) (AM-04)",
        "Axis's minefield at A1: A-T mines lie in full view only on a bridge, paved road, "
        "runway or ice; hex A1 has none (AM-33)"]


def test_am04_a_scenarios_recorded_setup_is_checked_in_one_line_naming_the_clause():
    from mineboard.core.errors import BadInput
    from mineboard.rules.asl_minefields.setup import check_recorded

    def state(**side: Any) -> Any:
        return asl_game(phase="movement", sides=[{"name": AXIS, **side},
                                                 {"name": ALLIES}]).state

    check_recorded(state(pool=24, at_bought=1, minefields=[{"hex": "A1", "ap": 8},
                                                           {"hex": "C4", "at": 1,
                                                            "visible": True}]), "s")
    cases = [
        ({"pool": 24, "minefields": [{"hex": "B5", "ap": 6}]}, "B5: no minefield may lie in "
         "hex B5: marsh (AM-04)"),
        ({"pool": 24, "minefields": [{"hex": "A1", "ap": 10}]}, "not 10 (AM-07)"),
        ({"pool": 6, "minefields": [{"hex": "A1", "ap": 8}]}, "spends 8 minefield factors "
         "of the 6 its pool grants (AM-02)"),
        ({"pool": 24, "minefields": [{"hex": "A1", "at": 2}]}, "bought 0 (AM-25)")]
    for side, words in cases:
        with pytest.raises(BadInput) as info:
            check_recorded(state(**side), "s")
        assert words in str(info.value) and str(info.value).count("\n") == 0, info.value
