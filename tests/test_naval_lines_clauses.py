"""One test (or more) per NL clause of ../shared/rules/naval-lines.md, named by its id."""

from __future__ import annotations

from fractions import Fraction

from mineboard.core.planning import Selection
from mineboard.rules.naval_lines.odds import single_line
from tests.conftest import dice_of, game, play, refused

GERMAN_FIELD = [{"line": "110|112", "owner": "Germany", "zone": "112", "count": 10}]
UK_ATTACKS = {"nation": "United Kingdom", "phase": "combat_move", "minefields": GERMAN_FIELD}


# ---- unit and production ------------------------------------------------------------------

def test_nl01_a_mine_costs_one_ipc_and_defends_on_two():
    g = game()
    play(g, "buy_mines", count=4)
    assert g.state.ipcs["Germany"] == 30 - 4
    assert single_line(1, 1).prob(1) == Fraction(2, 6)


def test_nl01_buying_more_than_the_treasury_is_refused():
    g = game(nations=[{"name": "Germany", "side": "Axis", "capital": "DEU", "ipcs": 2},
                      {"name": "United Kingdom", "side": "Allies", "capital": "GBR"},
                      {"name": "France", "side": "Allies", "capital": "FRA"}])
    refused("NL-01", g, "buy_mines", count=3)


def test_nl02_mines_are_bought_only_in_purchase():
    g = game(phase="combat_move")
    refused("NL-02", g, "buy_mines", count=1)


def test_nl02_china_cannot_produce_mines_but_india_can():
    nations = [{"name": "China", "side": "Allies", "capital": "POL", "ipcs": 10},
               {"name": "India", "side": "Allies", "capital": "IRL", "ipcs": 10},
               {"name": "Germany", "side": "Axis", "capital": "DEU", "ipcs": 10}]
    owners = {"POL": "China", "IRL": "India"}
    g = game(nations=nations, turn_order=["China", "India", "Germany"], territories=owners,
             units=[], minefields=[], stored_mines={}, control={})
    assert "cannot produce" in refused("NL-02", g, "buy_mines", count=1).reason
    for _ in range(5):
        play(g, "end_phase")
    assert g.state.active == "India"
    # Ireland has no industrial complex in the bundled map, so India's limit is 0 (NL-03),
    # but the refusal is about capacity, not about India being barred (NL-02).
    assert refused("NL-03", g, "buy_mines", count=1)


def test_nl02_no_capital_no_mines():
    g = game(territories={"DEU": "United Kingdom"})
    refused("NL-02", g, "buy_mines", count=1)


def test_nl03_capacity_limits_mines_per_turn_and_resets_next_turn():
    g = game()
    play(g, "buy_mines", count=6)
    play(g, "buy_mines", count=4)
    assert refused("NL-03", g, "buy_mines", count=1).reason.startswith(
        "the capital's industrial complex produces at most 10")
    for _ in range(15):  # a full round of three nations
        play(g, "end_phase")
    assert (g.state.active, g.state.phase, g.state.turn) == ("Germany", "purchase", 2)
    play(g, "buy_mines", count=10)
    assert g.state.tally["Germany"].bought == 3 + 20


def test_nl04_bought_mines_are_stored_in_the_capital_at_placement():
    g = game()
    play(g, "buy_mines", count=5)
    assert g.state.stored["Germany"] == 3
    for _ in range(4):
        play(g, "end_phase")
    assert g.state.phase == "place"
    record = play(g, "end_phase")
    assert g.state.stored["Germany"] == 8
    assert [e.clause for e in record.events if e.kind == "MinesPlaced"] == ["NL-04"]


def test_nl04_capturing_the_capital_destroys_stored_mines():
    g = game(nation="United Kingdom", phase="battle")
    record = play(g, "capture", territory="DEU")
    assert g.state.stored["Germany"] == 0
    assert g.state.tally["Germany"].lost == 3
    assert any(e.kind == "MinesLost" and e.clause == "NL-04" for e in record.events)


def test_nl04_unlaid_cargo_returns_to_the_capital():
    g = game(phase="noncombat_move")
    play(g, "load_mines", unit="ger-escort-1", count=2)
    play(g, "end_phase")
    assert g.state.stored["Germany"] == 3
    assert g.state.units["ger-escort-1"].cargo == 0


# ---- carrying and laying ------------------------------------------------------------------

def test_nl05_only_escorts_carry_mines():
    g = game(phase="noncombat_move")
    refused("NL-05", g, "load_mines", unit="ger-destroyer-1", count=1)


def test_nl05_at_most_three_mines_per_escort():
    g = game(phase="noncombat_move", stored_mines={"Germany": 6})
    refused("NL-05", g, "load_mines", unit="ger-escort-1", count=4)
    play(g, "load_mines", unit="ger-escort-1", count=2)
    refused("NL-05", g, "load_mines", unit="ger-escort-1", count=2)
    play(g, "load_mines", unit="ger-escort-1", count=1)
    assert g.state.units["ger-escort-1"].cargo == 3


def test_nl05_loading_only_in_noncombat_movement():
    g = game(phase="combat_move")
    refused("NL-05", g, "load_mines", unit="ger-escort-1", count=1)


def test_nl05_an_escort_that_moved_cannot_load():
    g = game(phase="noncombat_move")
    play(g, "move", units=["ger-escort-1"], path=["113", "112"])
    play(g, "move", units=["ger-escort-2"], path=["113", "121", "113"])
    refused("NL-05", g, "load_mines", unit="ger-escort-2", count=1)


def test_nl06_mines_never_cross_land_to_a_zone_away_from_the_capital():
    g = game(nation="United Kingdom", phase="noncombat_move")
    # Zone 91 (Irish Sea) touches Britain; zone 93 does too, but zone 107 does not.
    play(g, "load_mines", unit="uk-escort-3", count=1)
    g2 = game(nation="France", phase="noncombat_move", stored_mines={"France": 2})
    play(g2, "load_mines", unit="fra-escort-1", count=1)  # 109 touches France
    g3 = game(phase="noncombat_move", units=[
        {"nation": "Germany", "type": "escort", "zone": "112"}])
    refused("NL-06", g3, "load_mines", unit="ger-escort-1", count=1)


def test_nl07_all_mines_on_one_line_of_the_zone_and_the_move_ends():
    g = game(phase="noncombat_move")
    play(g, "load_mines", unit="ger-escort-1", count=3)
    play(g, "move", units=["ger-escort-1"], path=["113", "112"])
    refused("NL-07", g, "lay_mines", unit="ger-escort-1", line="110|111")  # not 112's line
    play(g, "lay_mines", unit="ger-escort-1", line="110|112")
    fields = [(f.line, f.zone, f.count) for f in g.state.minefields if f.owner == "Germany"]
    assert fields == [("110|112", "112", 3)]
    assert g.state.units["ger-escort-1"].cargo == 0
    refused("NL-07", g, "move", units=["ger-escort-1"], path=["112", "113"])
    refused("NL-05", g, "lay_mines", unit="ger-escort-1", line="112|114")  # nothing left


def test_nl08_only_in_a_zone_controlled_since_noncombat_movement_began():
    g = game(phase="noncombat_move")
    play(g, "load_mines", unit="ger-escort-1", count=3)
    play(g, "move", units=["ger-escort-1"], path=["113", "114"])  # 114 is British
    refused("NL-08", g, "lay_mines", unit="ger-escort-1", line="113|114")


def test_nl08_enemies_next_door_do_not_matter():
    g = game(phase="noncombat_move", units=[
        {"nation": "Germany", "type": "escort", "zone": "113"},
        {"nation": "United Kingdom", "type": "battleship", "zone": "112", "count": 3}])
    play(g, "load_mines", unit="ger-escort-1", count=2)
    play(g, "lay_mines", unit="ger-escort-1", line="112|113")
    assert g.state.minefields[-1].count == 2


def test_nl09_any_number_of_mines_and_owners_on_one_line():
    g = game(phase="noncombat_move", stored_mines={"Germany": 6},
             minefields=[{"line": "112|113", "owner": "United Kingdom", "zone": "112",
                          "count": 4}])
    play(g, "load_mines", unit="ger-escort-1", count=3)
    play(g, "load_mines", unit="ger-escort-2", count=3)
    play(g, "lay_mines", unit="ger-escort-1", line="112|113")
    play(g, "lay_mines", unit="ger-escort-2", line="112|113")
    fields = {(f.owner, f.count) for f in g.state.fields_on("112|113")}
    assert fields == {("Germany", 6), ("United Kingdom", 4)}


def test_nl10_laid_mines_stay_on_their_line():
    g = game(phase="noncombat_move")
    play(g, "load_mines", unit="ger-escort-1", count=3)
    play(g, "lay_mines", unit="ger-escort-1", line="112|113")
    for _ in range(13):  # round the table to Germany's next Combat Movement
        play(g, "end_phase")
    assert (g.state.turn, g.state.phase) == (2, "combat_move")
    play(g, "move", units=["ger-escort-1"], path=["113", "121"])
    assert [(f.line, f.count) for f in g.state.minefields if f.owner == "Germany"] == [
        ("112|113", 3)]


def test_nl11_an_escort_that_attacked_cannot_carry_mines():
    g = game(phase="combat_move")
    play(g, "move", units=["ger-escort-1"], path=["113", "112"])
    play(g, "end_phase")
    play(g, "end_phase")
    refused("NL-11", g, "load_mines", unit="ger-escort-1", count=1)


# ---- crossing a minefield -----------------------------------------------------------------

def test_nl12_only_the_mined_line_is_attacked():
    g = game(**UK_ATTACKS)
    record = play(g, "move", rolls=[], units=["uk-destroyer-1"], path=["110", "111"])
    assert record.rolls == ()


def test_nl12_both_directions_by_default_and_one_way_as_a_setting():
    out = {**UK_ATTACKS, "minefields": [{"line": "110|112", "owner": "Germany", "zone": "110",
                                         "count": 2}]}
    g = game(**out)  # field defends 110; the British leave 110 across it
    record = play(g, "move", rolls=[5, 6], units=["uk-destroyer-1"], path=["110", "112"])
    assert dice_of(record, "NL-15") == [5, 6]
    g = game(**out, options={"crossing": "into_defended_zone"})
    record = play(g, "move", rolls=[], units=["uk-destroyer-1"], path=["110", "112"])
    assert record.rolls == ()


def test_nl13_mines_do_not_block_survivors_go_on():
    g = game(**UK_ATTACKS)
    play(g, "move", rolls=[1] + [6] * 9, units=["uk-destroyer-1", "uk-destroyer-2"],
         path=["110", "112", "114"])
    survivors = [u for u in g.state.units.values() if u.type == "destroyer"
                 and u.nation == "United Kingdom" and u.zone == "114"]
    assert len(survivors) == 1


UK_STACK = [{"nation": "United Kingdom", "type": "escort", "zone": "110", "count": 2},
            {"nation": "United Kingdom", "type": "destroyer", "zone": "110", "count": 2}]
UK_STACK_IDS = ["uk-escort-1", "uk-escort-2", "uk-destroyer-1", "uk-destroyer-2"]


def uk_combat(*others: dict[str, object], **changes: object):
    """The United Kingdom in Combat Movement, its 110 stack and ``others``, no minefields."""
    return game(**{"nation": "United Kingdom", "phase": "combat_move", "minefields": [],
                   "units": [*UK_STACK, *others], **changes})


GERMAN_ESCORT_112 = {"nation": "Germany", "type": "escort", "zone": "112"}


def test_nl13_an_enemy_warship_stops_a_combat_move_in_its_zone():
    """Issue 24 (7): the UK stack sailed 110 → 112 → 114 past a German Escort in 112. Mines
    do not block (NL-13), but enemy warships do, as in the base game (the NL-13 decision)."""
    g = uk_combat(GERMAN_ESCORT_112)
    reason = refused("NL-13", g, "move", units=UK_STACK_IDS, path=["110", "112", "114"]).reason
    assert reason == ("Escort 1, Escort 2, Destroyer 1 and 1 more must stop in sea zone 112: "
                      "Germany's Escort 1 is there")
    reason = refused("NL-13", g, "move", units=["uk-destroyer-2"],
                     path=["110", "112", "114"]).reason
    assert reason == "Destroyer 2 must stop in sea zone 112: Germany's Escort 1 is there"
    play(g, "move", rolls=[], units=UK_STACK_IDS, path=["110", "112"])  # an attack: legal
    assert {g.state.units[u].zone for u in UK_STACK_IDS} == {"112"}
    # Stopped is stopped: the moves they have left do not take them on in this phase.
    reason = refused("NL-13", g, "move", units=["uk-destroyer-1"], path=["112", "114"]).reason
    assert reason == ("Destroyer 1 stopped in sea zone 112, where Germany's Escort 1 is, and "
                      "moves no further this phase")


def test_nl13_submarines_pass_enemy_warships_but_not_a_destroyer():
    sub = {"nation": "United Kingdom", "type": "submarine", "zone": "110"}
    g = uk_combat(sub, GERMAN_ESCORT_112)
    play(g, "move", rolls=[], units=["uk-submarine-1"], path=["110", "112", "114"])
    assert g.state.units["uk-submarine-1"].zone == "114"
    g = uk_combat(sub, GERMAN_ESCORT_112)  # with surface ships, the group stops for them
    reason = refused("NL-13", g, "move", units=["uk-submarine-1", "uk-destroyer-1"],
                     path=["110", "112", "114"]).reason
    assert reason == "Destroyer 1 must stop in sea zone 112: Germany's Escort 1 is there"
    g = uk_combat(sub, {"nation": "Germany", "type": "destroyer", "zone": "112"})
    reason = refused("NL-13", g, "move", units=["uk-submarine-1"],
                     path=["110", "112", "114"]).reason
    assert reason == "Submarine 1 must stop in sea zone 112: Germany's Destroyer 1 is there"


def test_nl13_submarines_transports_and_allies_do_not_stop_a_move():
    g = uk_combat({"nation": "Germany", "type": "submarine", "zone": "112"},
                  {"nation": "Germany", "type": "landing_craft", "zone": "112"},
                  {"nation": "Germany", "type": "transport", "zone": "112"},
                  {"nation": "France", "type": "cruiser", "zone": "114"})
    play(g, "move", rolls=[], units=UK_STACK_IDS, path=["110", "112", "114"])
    assert {g.state.units[u].zone for u in UK_STACK_IDS} == {"114"}


def test_nl13_the_stop_is_judged_on_what_every_side_sees():
    """Ships are in sight of all, hidden minefields or not: the mover's view gives the same
    refusal as the truth, word for word."""
    g = uk_combat(GERMAN_ESCORT_112, options={"hidden_minefields": True},
                  minefields=[{"line": "112|114", "owner": "Germany", "zone": "112",
                               "count": 3}])
    action = g.ruleset.codec.parse({"kind": "move", "units": ["uk-destroyer-1"],
                                    "path": ["110", "112", "114"]})
    truth = refused("NL-13", g, "move", units=["uk-destroyer-1"], path=["110", "112", "114"])
    seen = g.observe("Allies").refusal(action)
    assert seen is not None and (seen.reason, seen.clause) == (truth.reason, truth.clause)
    assert "ger-escort-1" in {u.id for u in g.observe("Allies").view.units.values()}


def test_nl13_the_planned_route_goes_round_an_enemy_warship_it_cannot_pass():
    """A click on 121 from 112 plans a route the ships may sail: round the German Escort in
    113 by 114, not through it; with a warship in both, the direct route, refused and why."""
    ship = [{"nation": "United Kingdom", "type": "destroyer", "zone": "112"}]
    pick = Selection(place="112", units=("uk-destroyer-1",))
    at = lambda g, zone: g.state.board.ref(zone)  # noqa: E731
    g = game(nation="United Kingdom", phase="combat_move", minefields=[], units=[
        *ship, {"nation": "Germany", "type": "escort", "zone": "113"}])
    action = g.ruleset.intent(g.state, pick, at(g, "121"))
    assert g.ruleset.route(g.state, action) == ("112", "114", "121")
    assert g.observe("Allies").refusal(action) is None
    assert g.ruleset.route(g.state, g.ruleset.intent(g.state, pick, at(g, "113"))) == (
        "112", "113")  # an attack on the Escort itself
    moves = [a for a in g.ruleset.legal_actions(g.state) if a.kind == "move"]
    assert moves and not any("113" in a.path[1:-1] for a in moves)
    g = game(nation="United Kingdom", phase="combat_move", minefields=[], units=[
        *ship, {"nation": "Germany", "type": "escort", "zone": "113"},
        {"nation": "Germany", "type": "cruiser", "zone": "114"}])
    action = g.ruleset.intent(g.state, pick, at(g, "121"))
    assert len(action.path) == 3 and action.path[1] in ("113", "114")
    refusal = g.observe("Allies").refusal(action)
    assert refusal is not None and refusal.clause == "NL-13"
    assert refusal.reason.startswith(f"Destroyer 1 must stop in sea zone {action.path[1]}")


def test_nl14_mines_defend_in_noncombat_movement_too():
    g = game(nation="United Kingdom", phase="noncombat_move", minefields=GERMAN_FIELD)
    record = play(g, "move", rolls=[1, 2], units=["uk-destroyer-1", "uk-destroyer-2"],
                  path=["110", "112"])
    assert dice_of(record, "NL-15") == [1, 2]
    assert sum(1 for u in g.state.units.values() if u.type == "destroyer"
               and u.nation == "United Kingdom" and u.zone != "115") == 0


def test_nl15_rolling_stops_at_casualty_count():
    g = game(**UK_ATTACKS)
    record = play(g, "move", rolls=[1, 5, 2], units=["uk-destroyer-1", "uk-destroyer-2"],
                  path=["110", "112"])
    assert dice_of(record, "NL-15") == [1, 5, 2]  # a fourth die would be a test failure
    assert [e.kind for e in record.events].count("MinefieldStopped") == 1
    assert g.state.fields_on("110|112")[0].count == 8


def test_nl15_every_mine_rolls_when_too_few_detonate():
    g = game(**UK_ATTACKS)
    record = play(g, "move", rolls=[3, 4, 5, 6, 3, 4, 5, 6, 3, 1],
                  units=["uk-destroyer-1", "uk-destroyer-2"], path=["110", "112"])
    assert len(dice_of(record, "NL-15")) == 10
    assert g.state.fields_on("110|112")[0].count == 9


def test_nl16_enemy_detonates_on_two_ally_only_on_one():
    g = game(**UK_ATTACKS)
    record = play(g, "move", rolls=[2], units=["uk-destroyer-1"], path=["110", "112"])
    rolled = [e for e in record.events if e.kind == "MineRolled"]
    assert [e.data["detonates"] for e in rolled] == [True]
    ally = {"nation": "France", "phase": "combat_move",
            "minefields": [{"line": "92|93", "owner": "United Kingdom", "zone": "92",
                            "count": 2}]}
    g = game(**ally)
    record = play(g, "move", rolls=[2, 1], units=["fra-cruiser-1"], path=["93", "92"])
    rolled = [e.data["detonates"] for e in record.events if e.kind == "MineRolled"]
    assert rolled == [False, True]
    assert "1/6" in record.events[2].text


def test_nl17_owners_cross_their_own_mines_freely():
    g = game(phase="combat_move", minefields=GERMAN_FIELD)
    record = play(g, "move", rolls=[], units=["ger-destroyer-1"], path=["113", "112", "110"])
    assert record.rolls == ()
    assert g.state.units["ger-destroyer-1"].zone == "110"


def test_nl18_only_detonated_mines_are_removed():
    g = game(**UK_ATTACKS)
    play(g, "move", rolls=[4, 2, 6, 6, 6, 6, 6, 6, 6, 6], units=["uk-destroyer-1",
                                                                 "uk-destroyer-2"],
         path=["110", "112"])
    assert g.state.fields_on("110|112")[0].count == 9
    assert g.state.tally["Germany"].detonated == 1


def test_nl19_mines_outlive_a_change_of_control():
    g = game(nation="United Kingdom", phase="battle", minefields=GERMAN_FIELD,
             units=[{"nation": "United Kingdom", "type": "destroyer", "zone": "112"},
                    {"nation": "United Kingdom", "type": "cruiser", "zone": "110"}])
    record = play(g, "end_phase")
    assert g.state.control["112"] == "United Kingdom"
    assert any(e.clause == "NL-19" for e in record.events)
    play(g, "move", rolls=[1], units=["uk-cruiser-1"], path=["110", "112"])
    assert "uk-cruiser-1" not in g.state.units


def test_nl20_retreating_attackers_pass_the_mines():
    g = game(**UK_ATTACKS, units=[
        {"nation": "United Kingdom", "type": "destroyer", "zone": "110", "count": 2},
        {"nation": "Germany", "type": "cruiser", "zone": "112"}])
    play(g, "move", rolls=[6] * 10, units=["uk-destroyer-1", "uk-destroyer-2"],
         path=["110", "112"])
    play(g, "end_phase")
    record = play(g, "retreat", rolls=[], units=["uk-destroyer-1", "uk-destroyer-2"], to="110")
    assert record.rolls == ()
    assert record.events[0].clause == "NL-20"
    assert g.state.units["uk-destroyer-1"].zone == "110"


def test_nl21_submarines_and_landing_craft_pass_freely():
    g = game(**UK_ATTACKS, units=[
        {"nation": "United Kingdom", "type": "submarine", "zone": "110"},
        {"nation": "United Kingdom", "type": "landing_craft", "zone": "110"}])
    record = play(g, "move", rolls=[], units=["uk-submarine-1", "uk-landing_craft-1"],
                  path=["110", "112"])
    assert record.rolls == ()
    assert any(e.clause == "NL-21" for e in record.events)


def test_nl21_casualties_default_cheapest_and_follow_the_players_choice():
    units = [{"nation": "United Kingdom", "type": t, "zone": "110"}
             for t in ("cruiser", "destroyer", "escort", "submarine")]
    g = game(**UK_ATTACKS, units=units)
    play(g, "move", rolls=[1, 6, 6, 6, 6, 6, 6, 6, 6, 6],
         units=["uk-cruiser-1", "uk-destroyer-1", "uk-escort-1", "uk-submarine-1"],
         path=["110", "112"])
    assert sorted(g.state.units) == ["uk-cruiser-1", "uk-destroyer-1", "uk-submarine-1"]
    g = game(**UK_ATTACKS, units=units)
    play(g, "move", rolls=[1, 6, 6, 6, 6, 6, 6, 6, 6, 6],
         units=["uk-cruiser-1", "uk-destroyer-1", "uk-escort-1"], path=["110", "112"],
         losses=["uk-cruiser-1"])
    assert "uk-cruiser-1" not in g.state.units and "uk-escort-1" in g.state.units


# ---- sweeping -----------------------------------------------------------------------------

def test_nl22_sweeping_rolls_up_to_three_dice_before_the_field_defends():
    g = game(**UK_ATTACKS)
    record = play(g, "move", rolls=[1, 3, 1] + [6] * 8,
                  units=["uk-escort-1", "uk-destroyer-1"], path=["110", "112"],
                  sweepers=["uk-escort-1"])
    assert dice_of(record, "NL-22") == [1, 3, 1]
    assert len(dice_of(record, "NL-15")) == 8  # 10 − 2 swept
    assert g.state.fields_on("110|112")[0].count == 8
    assert g.state.tally["Germany"].swept == 2


def test_nl22_sweeping_only_in_combat_movement_and_only_enemy_mines():
    g = game(nation="United Kingdom", phase="noncombat_move", minefields=GERMAN_FIELD)
    refused("NL-22", g, "move", units=["uk-escort-1"], path=["110", "112"],
            sweepers=["uk-escort-1"])
    g = game(nation="France", phase="combat_move", units=[
        {"nation": "France", "type": "escort", "zone": "93"}],
        minefields=[{"line": "92|93", "owner": "United Kingdom", "zone": "92", "count": 5}])
    record = play(g, "move", rolls=[6, 6, 6, 6, 6], units=["fra-escort-1"], path=["93", "92"],
                  sweepers=["fra-escort-1"])
    assert dice_of(record, "NL-22") == []


def test_nl23_every_escort_sweeps_even_beyond_the_mines():
    two = {**UK_ATTACKS, "minefields": [{"line": "110|112", "owner": "Germany", "zone": "112",
                                         "count": 2}]}
    g = game(**two)
    record = play(g, "move", rolls=[1, 4, 1],
                  units=["uk-escort-1", "uk-escort-2"], path=["110", "112"],
                  sweepers=["uk-escort-1", "uk-escort-2"])
    # First Escort: 2 dice for 2 mines (one swept); second: 1 die for the 1 mine left.
    assert dice_of(record, "NL-22") == [1, 4, 1]
    assert dice_of(record, "NL-15") == []  # the field was swept clean before it defended
    assert g.state.fields_on("110|112") == []


def test_nl24_a_sweeping_escort_takes_no_part_in_battle_nor_carries_mines():
    g = game(**UK_ATTACKS, units=[
        {"nation": "United Kingdom", "type": "escort", "zone": "110"},
        {"nation": "Germany", "type": "destroyer", "zone": "112"}])
    play(g, "move", rolls=[6, 6, 6] + [6] * 10, units=["uk-escort-1"], path=["110", "112"],
         sweepers=["uk-escort-1"])
    play(g, "end_phase")
    refused("NL-24", g, "settle_battle", zone="112", sunk=["uk-escort-1"])
    settle = g.ruleset.commands(g.state, Selection(place="112"))[0]
    assert [uid for uid, _text in settle.pick] == ["ger-destroyer-1"]  # not offered either
    play(g, "settle_battle", zone="112", sunk=["ger-destroyer-1"])
    play(g, "end_phase")
    refused("NL-11", g, "load_mines", unit="uk-escort-1", count=1)


def test_nl04_mines_aboard_a_sunk_escort_are_lost_logged_and_counted():
    g = game(phase="noncombat_move", minefields=[
        {"line": "112|113", "owner": "United Kingdom", "zone": "112", "count": 3}])
    play(g, "load_mines", unit="ger-escort-1", count=2)
    record = play(g, "move", rolls=[1], units=["ger-escort-1"], path=["113", "112"])
    lost = [e for e in record.events if e.kind == "MinesLost"]
    assert [(e.clause, e.data["count"]) for e in lost] == [("NL-04", 2)]
    assert g.state.tally["Germany"].lost == 2 and g.ruleset.invariants(g.state) == []


# ---- review findings: retreat, repeated ids, sweeping a shared line -----------------------

def test_nl20_retreat_needs_a_battle_in_the_zone():
    g = game(**UK_ATTACKS)
    destroyers = ["uk-destroyer-1", "uk-destroyer-2"]
    play(g, "move", rolls=[], units=destroyers, path=["110", "111", "110"])
    play(g, "end_phase")
    # No enemy in 110, so no battle to withdraw from: not a free pass across 10 mines.
    reason = refused("NL-20", g, "retreat", units=destroyers, to="112").reason
    assert reason == "there is no battle in sea zone 110 to retreat from"


def test_nl20_retreat_only_into_a_zone_the_attackers_came_from():
    g = game(**UK_ATTACKS, units=[
        {"nation": "United Kingdom", "type": "destroyer", "zone": "110", "count": 2},
        {"nation": "Germany", "type": "cruiser", "zone": "112"}])
    destroyers = ["uk-destroyer-1", "uk-destroyer-2"]
    play(g, "move", rolls=[6] * 10, units=destroyers, path=["110", "112"])
    play(g, "end_phase")
    reason = refused("NL-20", g, "retreat", units=destroyers, to="114").reason
    assert reason == "retreat into sea zone 110, where the attack on 112 came from; not 114"
    record = play(g, "retreat", rolls=[], units=destroyers, to="110")
    assert record.rolls == ()
    assert [g.state.units[u].zone for u in destroyers] == ["110", "110"]


def test_nl20_units_that_did_not_attack_into_the_battle_cannot_retreat():
    g = game(nation="United Kingdom", phase="battle", units=[
        {"nation": "United Kingdom", "type": "destroyer", "zone": "112"},
        {"nation": "Germany", "type": "cruiser", "zone": "112"}])
    reason = refused("NL-20", g, "retreat", units=["uk-destroyer-1"], to="110").reason
    assert reason == "Destroyer 1 did not attack into sea zone 112 this turn"


AXIS_AND_ALLIES = [{"name": "Germany", "side": "Axis", "capital": "DEU", "ipcs": 30},
                   {"name": "United Kingdom", "side": "Allies", "capital": "GBR"},
                   {"name": "France", "side": "Allies", "capital": "FRA"},
                   {"name": "Italy", "side": "Axis"}]
TWO_OWNERS = {"nation": "United Kingdom", "phase": "combat_move", "nations": AXIS_AND_ALLIES,
              "turn_order": ["Germany", "United Kingdom", "France", "Italy"],
              "minefields": [{"line": "110|112", "owner": "Italy", "zone": "112", "count": 5},
                             {"line": "110|112", "owner": "Germany", "zone": "112",
                              "count": 2}]}


def test_nl22_an_escort_rolls_at_most_three_dice_per_line_across_owners():
    g = game(**TWO_OWNERS)
    # Three dice in all, against the fields in turn order: two at Germany's 2 mines, the
    # third at Italy's. Then Germany's 1 left and Italy's 4 left defend.
    record = play(g, "move", rolls=[1, 6, 1] + [6] + [6] * 4, units=["uk-escort-1"],
                  path=["110", "112"], sweepers=["uk-escort-1"])
    assert dice_of(record, "NL-22") == [1, 6, 1]
    assert [e.data["owner"] for e in record.events if e.kind == "SweepRolled"] == [
        "Germany", "Germany", "Italy"]
    assert {f.owner: f.count for f in g.state.fields_on("110|112")} == {
        "Germany": 1, "Italy": 4}
    assert (g.state.tally["Germany"].swept, g.state.tally["Italy"].swept) == (1, 1)
    assert len(dice_of(record, "NL-15")) == 5
