"""naval-lines engine: exact events, state and words of the effects no demo plays, the odds
panel's rows, the hidden-minefield view, the scenario loader's errors and the state helpers.

The clause tests and the demos play whole orders and check what the rules decide; mutation
testing showed that much could still change unseen: who a hidden-minefield event is secret
to, the singular words ("1 mine ... is lost"), which field a crossing meets first, the
mines that sink with an Escort, what a side sees of the other's fields and stores, the
loader's one-line errors. Each test here pins one exact outcome on a small board of the
North Sea scenario, with the dice forced.
"""

from __future__ import annotations

from typing import Any

import pytest

from mineboard.core.dice import Roll
from mineboard.core.errors import BadInput
from mineboard.rules.naval_lines.actions import Move
from mineboard.rules.naval_lines.effects import units_named
from mineboard.rules.naval_lines.previews import casualty_row, route_fields
from mineboard.rules.naval_lines.ruleset import RULESET
from mineboard.rules.naval_lines.scenario import state_from_scenario
from mineboard.rules.naval_lines.state import Unit, unit_name
from tests.conftest import BASE, JUTLAND, game, play, scenario

HIDDEN = {"hidden_minefields": True}
UK_FIELD = [{"line": "112|113", "owner": "United Kingdom", "zone": "112", "count": 2}]


def told(events: Any) -> list[tuple[Any, ...]]:
    """Everything an event says: its type, kind, clause, words, place, data, secrecy."""
    return [(type(e).__name__, e.kind, e.clause, e.text, e.at.id if e.at else None,
             dict(e.data), e.secret_to, e.reveals) for e in events]


def ev(kind: str, clause: str, text: str, at: str | None, data: dict[str, Any] | None = None,
       secret: str | None = None, reveals: bool = False, cls: str = "Event") -> tuple[Any, ...]:
    return (cls, kind, clause, text, at, data or {}, secret, reveals)


# ---- effects: buying, loading, laying under hidden minefields ------------------------------

def test_nl02_nl05_nl07_hidden_buy_load_and_lay_are_secrets_of_the_owners_side():
    g = game(options=HIDDEN)
    assert told(play(g, "buy_mines", count=1).events) == [
        ev("MinesBought", "NL-02", "Germany buys 1 naval mine at its capital for 1 IPC", "DEU",
           {"nation": "Germany", "count": 1}, "Axis")]
    for _ in range(3):
        play(g, "end_phase")
    assert told(play(g, "load_mines", unit="ger-escort-1", count=2).events) == [
        ev("MinesLoaded", "NL-05", "Germany's Escort 1 loads 2 mines in sea zone 113", "113",
           {"unit": "ger-escort-1", "count": 2}, "Axis")]
    # A quiet crossing under hidden minefields tells the mover something: a commit point.
    assert told(play(g, "move", units=["ger-escort-1"], path=["113", "112"]).events) == [
        ev("UnitsMoved", "", "Germany's Escort 1 moves 113 → 112", "112", reveals=True,
           cls="UnitsMoved")]
    assert told(play(g, "lay_mines", unit="ger-escort-1", line="110|112").events) == [
        ev("MinesLaid", "NL-07", "Germany's Escort 1 lays 2 mines on line 110|112 defending "
           "sea zone 112; its move ends", "110|112",
           {"unit": "ger-escort-1", "count": 2, "zone": "112", "owner": "Germany"}, "Axis")]


def test_nl04_one_unlaid_mine_returns_and_one_new_mine_is_stored_as_secrets():
    g = game(options=HIDDEN)
    play(g, "buy_mines", count=1)
    for _ in range(3):
        play(g, "end_phase")
    play(g, "load_mines", unit="ger-escort-1", count=1)
    assert told(play(g, "end_phase").events)[0] == ev(
        "MinesReturned", "NL-04", "Germany's Escort 1 did not lay the 1 mine aboard; it "
        "returns to store in the capital", "113", {"unit": "ger-escort-1", "count": 1}, "Axis")
    assert told(play(g, "end_phase").events)[0] == ev(
        "MinesPlaced", "NL-04", "1 new naval mine is stored in Germany's capital", None,
        {"nation": "Germany", "count": 1}, "Axis")
    assert g.state.stored["Germany"] == 3 + 1


def test_nl07_laying_beside_another_field_of_the_zone_starts_a_field_on_the_line():
    own = [{"line": "112|113", "owner": "Germany", "zone": "112", "count": 2}]
    g = game(phase="noncombat_move", minefields=own)
    play(g, "load_mines", unit="ger-escort-1", count=3)
    play(g, "move", units=["ger-escort-1"], path=["113", "112"])  # its own field: no roll
    play(g, "lay_mines", unit="ger-escort-1", line="110|112")
    assert [(f.line, f.owner, f.zone, f.count) for f in g.state.minefields] == [
        ("112|113", "Germany", "112", 2), ("110|112", "Germany", "112", 3)]


# ---- effects: crossing fields -------------------------------------------------------------

def test_nl12_nl15_owners_defend_in_turn_order_and_the_entered_zones_field_loses_first():
    # Germany's destroyer sails 112 → 113 across a line the United Kingdom mined from both
    # zones and France from 113: the United Kingdom (before France in the turn order)
    # defends first, and its mine that detonates is taken from the field of zone 113.
    fields = [{"line": "112|113", "owner": "France", "zone": "113", "count": 1},
              {"line": "112|113", "owner": "United Kingdom", "zone": "112", "count": 1},
              {"line": "112|113", "owner": "United Kingdom", "zone": "113", "count": 1}]
    g = game(phase="noncombat_move", minefields=fields,
             units=[{"nation": "Germany", "type": "destroyer", "zone": "112"}])
    record = play(g, "move", units=["ger-destroyer-1"], path=["112", "113"], rolls=[1])
    line = "112|113"
    assert told(record.events) == [
        ev("MinefieldEntered", "NL-12", "Germany's ships cross line 112|113: United Kingdom's "
           "minefield of 2 mines defends", line, {"owner": "United Kingdom", "mines": 2},
           reveals=True),
        ev("MinefieldEntered", "NL-12", "Germany's ships cross line 112|113: France's "
           "minefield of 1 mine defends", line, {"owner": "France", "mines": 1}, reveals=True),
        ev("MineRolled", "NL-15", "United Kingdom's mine 1 of 2 on line 112|113 rolled 1 — "
           "detonates (P = 1/3 (33.3 %), NL-16)", line,
           {"owner": "United Kingdom", "value": 1, "detonates": True, "chance": "1/3",
            "index": 1, "of": 2, "targets": 1, "sunk": "ger-destroyer-1"}, cls="DiceRolled"),
        ev("ShipSunk", "NL-18", "Germany's Destroyer 1 sunk; the mine is removed", line,
           cls="UnitLost"),
        ev("MinefieldStopped", "NL-15", "rolling stops: 1 detonation = 1 crossing surface "
           "unit", line)]
    assert [(f.owner, f.zone, f.count, f.public) for f in g.state.minefields] == [
        ("France", "113", 1, 1), ("United Kingdom", "112", 1, 1),
        ("United Kingdom", "113", 0, 0)]


def test_nl22_each_sweep_die_names_the_sweeper_and_the_line():
    g = game(nation="United Kingdom", phase="combat_move",
             minefields=[{"line": "110|112", "owner": "Germany", "zone": "112", "count": 1}])
    record = play(g, "move", units=["uk-escort-1"], sweepers=["uk-escort-1"],
                  path=["110", "112"], rolls=[1])
    assert record.rolls == (Roll(6, 1, "NL-22", "sweep by uk-escort-1 on 110|112"),)


def test_nl21_a_lone_submarine_passes_the_minefield_freely():
    g = game(phase="noncombat_move", minefields=UK_FIELD)
    record = play(g, "move", units=["ger-submarine-1"], path=["113", "112"])
    assert told(record.events)[1] == ev(
        "MinesIgnored", "NL-21", "Germany's Submarine 1 passes the minefield freely",
        "112|113", {"units": ["ger-submarine-1"]})
    assert record.rolls == ()


def sunk_with_mines() -> Any:
    """Hidden minefields; Germany's two Escorts, carrying 1 and 2 mines, both sink crossing
    the United Kingdom's field of 2 on 112|113. Germany has 1 mine left in store, France 2."""
    g = game(options=HIDDEN, phase="noncombat_move", minefields=UK_FIELD,
             stored_mines={"Germany": 4, "France": 2})
    play(g, "load_mines", unit="ger-escort-1", count=1)
    play(g, "load_mines", unit="ger-escort-2", count=2)
    record = play(g, "move", units=["ger-escort-1", "ger-escort-2"], path=["113", "112"],
                  rolls=[1, 1])
    return g, record


def test_nl04_nl18_mines_aboard_a_sunk_escort_are_lost_with_it_after_the_ship():
    g, record = sunk_with_mines()
    line = "112|113"

    def rolled(k: int, unit: str) -> tuple[Any, ...]:
        return ev("MineRolled", "NL-15", f"United Kingdom's mine {k} of 2 on line 112|113 "
                  "rolled 1 — detonates (P = 1/3 (33.3 %), NL-16)", line,
                  {"owner": "United Kingdom", "value": 1, "detonates": True, "chance": "1/3",
                   "index": k, "of": 2, "targets": 2, "sunk": unit}, cls="DiceRolled")

    assert told(record.events) == [
        ev("MinefieldEntered", "NL-12", "Germany's ships cross line 112|113: United Kingdom's "
           "minefield of 2 mines defends", line, {"owner": "United Kingdom", "mines": 2},
           reveals=True),
        rolled(1, "ger-escort-1"),
        ev("ShipSunk", "NL-18", "Germany's Escort 1 sunk; the mine is removed", line,
           cls="UnitLost"),
        ev("MinesLost", "NL-04", "1 mine aboard Germany's Escort 1 is lost with it", line,
           {"nation": "Germany", "count": 1}, "Axis"),
        rolled(2, "ger-escort-2"),
        ev("ShipSunk", "NL-18", "Germany's Escort 2 sunk; the mine is removed", line,
           cls="UnitLost"),
        ev("MinesLost", "NL-04", "2 mines aboard Germany's Escort 2 are lost with it", line,
           {"nation": "Germany", "count": 2}, "Axis"),
        ev("MinefieldStopped", "NL-15", "rolling stops: 2 detonations = 2 crossing surface "
           "units", line)]
    assert g.state.tally["Germany"].lost == 1 + 2


def test_nl04_taking_a_capital_loses_its_mines_and_no_other_nations():
    g, _record = sunk_with_mines()
    for _ in range(4):
        play(g, "end_phase")
    assert (g.state.active, g.state.phase) == ("United Kingdom", "battle")
    assert told(play(g, "capture", territory="DEU").events) == [
        ev("TerritoryCaptured", "", "United Kingdom takes Germany", "DEU",
           {"by": "United Kingdom"}),
        ev("MinesLost", "NL-04", "1 naval mine stored in Germany is lost with the capital",
           "DEU", {"nation": "Germany", "count": 1}, "Axis")]
    assert g.state.stored == {"Germany": 0, "United Kingdom": 0, "France": 2}
    assert g.state.tally["Germany"].lost == 3 + 1  # the mines sunk before, and the store


def test_nl20_a_group_retreats_in_the_plural():
    units = [{"nation": "United Kingdom", "type": "destroyer", "zone": "110", "count": 2},
             {"nation": "Germany", "type": "cruiser", "zone": "112"}]
    g = game(nation="United Kingdom", phase="combat_move", units=units, minefields=[])
    play(g, "move", units=["uk-destroyer-1", "uk-destroyer-2"], path=["110", "112"])
    play(g, "end_phase")
    record = play(g, "retreat", units=["uk-destroyer-1", "uk-destroyer-2"], to="110")
    assert told(record.events) == [
        ev("UnitsRetreated", "NL-20", "United Kingdom's Destroyer 1 and Destroyer 2 retreat "
           "112 → 110 across line 110|112; mines never defend against a retreat", "110",
           cls="UnitsMoved")]


def test_units_named_of_no_units_is_empty():
    assert units_named(game().state, []) == ""


# ---- the odds panel -----------------------------------------------------------------------

def test_nl12_preview_of_a_route_names_each_crossing_and_keys_each_owners_fields():
    fields = [{"line": "112|113", "owner": "United Kingdom", "zone": "112", "count": 1},
              {"line": "112|113", "owner": "United Kingdom", "zone": "113", "count": 2},
              {"line": "110|112", "owner": "France", "zone": "112", "count": 3}]
    g = game(phase="noncombat_move", minefields=fields)
    move = Move(units=("ger-destroyer-1", "ger-escort-1"), path=("113", "112", "110"))
    crossings, flags = route_fields(g.state, move)
    assert [(c.key, c.mines, c.crossing) for c in crossings] == [
        ("112|113/United Kingdom/112+113", 3, 0), ("110|112/France/112", 3, 1)]
    assert flags == [False, False]
    preview = RULESET.preview(g.state, move)
    assert preview is not None
    assert preview.title == ("113 → 112 → 110: 112|113 (United Kingdom 3), "
                             "110|112 (France 3)")
    assert preview.rows == (
        "line 112|113, United Kingdom 3 mines: lose none there 29.6 %, expect 0.96 lost",
        "line 110|112, France 3 mines: lose none there 29.6 %, expect 0.96 lost",
        "Lost first by the casualty order: Escort 1, then Destroyer 1")


def test_nl21_casualty_row_shows_six_ships_then_how_many_in_all():
    six = [f"Escort {i}" for i in range(1, 7)]
    assert casualty_row(six) == ("Lost first by the casualty order: Escort 1, then Escort 2, "
                                 "then Escort 3, then Escort 4, then Escort 5, then Escort 6")
    assert casualty_row([*six, "Escort 7"]) == casualty_row(six) + ", … (7 in all)"


# ---- the view of a side under hidden minefields ---------------------------------------------

def test_nl12_view_under_hidden_minefields_shows_a_side_only_what_it_knows():
    fields = [{"line": "91|92", "owner": "United Kingdom", "zone": "91", "count": 5},
              {"line": "110|112", "owner": "United Kingdom", "zone": "110", "count": 4},
              {"line": "112|113", "owner": "Germany", "zone": "112", "count": 3}]
    state = game(options=HIDDEN, minefields=fields).state
    state.minefields[1].public = 2  # seen with 2 when it defended; 2 laid since
    state.pending["United Kingdom"] = state.bought_this_turn["United Kingdom"] = 1
    state.pending["Germany"] = state.bought_this_turn["Germany"] = 4
    for uid, cargo, done, mission in (("uk-escort-1", 2, True, "mines"),
                                      ("uk-destroyer-1", 0, False, "attack"),
                                      ("ger-escort-1", 1, True, "mines")):
        unit = state.units[uid]
        unit.cargo, unit.done, unit.mission = cargo, done, mission
    seen = RULESET.view(state, "Axis")
    assert [(f.line, f.owner, f.zone, f.count, f.public) for f in seen.minefields] == [
        ("110|112", "United Kingdom", "110", 2, 2), ("112|113", "Germany", "112", 3, None)]
    assert seen.stored == {"Germany": 3, "United Kingdom": 0, "France": 0}
    assert seen.pending == {"Germany": 4, "United Kingdom": 0, "France": 0}
    assert seen.bought_this_turn == {"Germany": 4, "United Kingdom": 0, "France": 0}
    assert seen.ipcs == {"Germany": 30}
    assert seen.tally == {}
    assert [(seen.units[u].cargo, seen.units[u].done, seen.units[u].mission)
            for u in ("uk-escort-1", "uk-destroyer-1", "ger-escort-1")] == [
        (0, False, None), (0, False, "attack"), (1, True, "mines")]
    # the truth is untouched
    assert [(f.count, f.public) for f in state.minefields] == [(5, None), (4, 2), (3, None)]
    assert state.stored == {"Germany": 3, "United Kingdom": 2, "France": 0}
    assert (state.pending["United Kingdom"], state.bought_this_turn["United Kingdom"]) == (1, 1)
    assert set(state.ipcs) == {"Germany", "United Kingdom", "France"}
    assert state.units["uk-escort-1"].cargo == 2 and state.units["uk-escort-1"].done
    assert state.units["uk-escort-1"].mission == "mines"
    assert state.tally["United Kingdom"].bought == 2 + 5 + 4


# ---- the scenario loader ------------------------------------------------------------------

def board() -> Any:
    return scenario().board


def load(**changes: Any) -> Any:
    return state_from_scenario({**BASE, **changes}, board(), "s.json")


def bad(**changes: Any) -> str:
    with pytest.raises(BadInput) as info:
        load(**changes)
    return str(info.value)


def test_scenario_a_hex_map_is_refused_in_one_line():
    with pytest.raises(BadInput) as info:
        state_from_scenario(BASE, scenario(JUTLAND).board, "s.json")
    assert str(info.value) == "s.json: naval-lines needs an area map, not a hex map"


def test_scenario_errors_name_the_file_and_the_field():
    assert bad(units=[{"nation": "Germany", "type": "escort", "zone": "DEU"}]).startswith(
        "s.json: units[0].zone: ")
    assert bad(minefields=[{"line": "110|112", "owner": "Germany", "zone": "113",
                            "count": 1}]) == \
        "s.json.minefields[0]: zone 113 is not on line 110|112"
    nations = BASE["nations"]
    assert bad(nations=[*nations, nations[0]]) == "s.json: nations: a nation is listed twice"
    assert bad(turn_order=["Germany", "France"]) == \
        "s.json: turn_order: must list every nation exactly once"


def test_scenario_holds_at_most_five_thousand_units():
    many = [{"nation": "Germany", "type": "submarine", "zone": "113", "count": 500}] * 10
    assert len(load(units=many).units) == 5000
    assert bad(units=[*many, {"nation": "Germany", "type": "escort", "zone": "113"}]) == \
        "s.json: units: more than 5000 in all"


def ids_of(*names: str) -> list[str]:
    nations = [{"name": n, "side": f"S{i}"} for i, n in enumerate(names)]
    units = [{"nation": n, "type": "escort", "zone": "113"} for n in names]
    state = load(nations=nations, turn_order=list(names), units=units, control={},
                 stored_mines={}, minefields=[], territories={})
    return sorted(state.units)


def test_scenario_unit_ids_start_with_a_short_nation_name_unless_two_clash():
    assert ids_of("Free-France", "Germany") == ["ff-escort-1", "ger-escort-1"]
    assert ids_of("Germany", "Germania") == ["germania-escort-1", "germany-escort-1"]
    assert ids_of("New Kent", "North Korea") == ["new-kent-escort-1", "north-korea-escort-1"]
    # Whole names that are the same once written as an id: the nations are numbered.
    assert ids_of("Germany", "United Kingdom", "united-kingdom") == [
        "n1-escort-1", "n2-escort-1", "n3-escort-1"]


def test_the_ruleset_names_the_scenario_file_in_a_new_states_errors():
    with pytest.raises(BadInput) as info:
        RULESET.new_state({**BASE, "turn_order": ["Germany"]}, board(), "s.json")
    assert str(info.value) == "s.json: turn_order: must list every nation exactly once"


# ---- state helpers ------------------------------------------------------------------------

def test_nl03_capacity_is_none_without_the_capital():
    state = game(territories={"DEU": "United Kingdom"}).state
    assert state.capacity("Germany") == 0
    state.nations["France"].capital = None
    assert state.capacity("France") == 0
    assert game().state.capacity("Germany") == 10


def test_unit_name_of_an_unnumbered_id_is_the_id():
    state = game().state
    assert unit_name(state, Unit("ger-bismarck", "Germany", "battleship", "113")) == \
        "Battleship ger-bismarck"
    assert unit_name(state, state.units["ger-escort-2"]) == "Escort 2"

