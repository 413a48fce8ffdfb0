"""naval-lines: the exact words of every refusal, with the clause it names.

The words a player reads when the rules refuse an action are part of the behaviour: each
refusal of mineboard/rules/naval_lines/checks.py is asserted in full (``str(exc)``, its
reason and its clause id, an NL clause or TURN), and a refused action must change nothing.
These tests also pin the boundaries of the checks, with the legal case next to a refusal
(a purchase costing exactly the IPCs left, three ships stopped against four).

Fast and Qt-free; the mutation run selects it (test_*_refusals.py).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import pytest

from mineboard.core.errors import IllegalAction
from mineboard.core.game import Game
from tests.conftest import game, play

Setup = Callable[[], Game[Any]]


def snapshot(g: Game[Any]) -> tuple[Any, ...]:
    """What a refused action must leave as it was: the summary and every unit's fields."""
    units = [dataclasses.asdict(u) for u in g.state.units.values()]
    return g.ruleset.summary(g.state), units, g.state.ncm_control, g.state.bought_this_turn


def refusal(g: Game[Any], kind: str, **fields: Any) -> IllegalAction:
    before = snapshot(g)
    with pytest.raises(IllegalAction) as info:
        play(g, kind, **fields)
    assert snapshot(g) == before, "a refused action changed the state"
    return info.value


def assert_refused(g: Game[Any], clause: str, reason: str, kind: str, **fields: Any) -> None:
    e = refusal(g, kind, **fields)
    assert (e.clause, e.reason) == (clause, reason)
    assert str(e) == f"{clause}: {reason}"


# ---- games the refusals are played in ----------------------------------------------------

def made(*moves: tuple[str, dict[str, Any]],
         flags: dict[str, dict[str, Any]] | None = None, **changes: Any) -> Setup:
    """The bundled scenario with ``changes``, then ``moves`` played and unit ``flags`` set."""
    def make() -> Game[Any]:
        g = game(**changes)
        for kind, fields in moves:
            play(g, kind, **fields)
        for uid, values in (flags or {}).items():
            for name, value in values.items():
                setattr(g.state.units[uid], name, value)
        return g
    return make


def unit(nation: str, kind: str, zone: str, count: int = 1) -> dict[str, Any]:
    return {"nation": nation, "type": kind, "zone": zone, "count": count}


def nations(ipcs: int = 30, capital: str = "DEU") -> list[dict[str, Any]]:
    return [{"name": "Germany", "side": "Axis", "capital": capital, "ipcs": ipcs},
            {"name": "United Kingdom", "side": "Allies", "capital": "GBR"},
            {"name": "France", "side": "Allies", "capital": "FRA"}]


PURCHASE = made()
COMBAT = made(phase="combat_move")
NONCOMBAT = made(phase="noncombat_move")
BATTLE = made(phase="battle")
LOADED = made(("load_mines", {"unit": "ger-escort-1", "count": 2}), phase="noncombat_move",
              stored_mines={"Germany": 6})
# Germany attacks the British Destroyer in 112 from 113 and from 114.
CLASH = [unit("Germany", "destroyer", "113"), unit("Germany", "cruiser", "114"),
         unit("United Kingdom", "destroyer", "112"), unit("United Kingdom", "cruiser", "110")]
ATTACKED = made(("move", {"units": ["ger-destroyer-1"], "path": ["113", "112"]}),
                ("move", {"units": ["ger-cruiser-1"], "path": ["114", "112"]}),
                ("end_phase", {}),
                phase="combat_move", minefields=[], units=CLASH)
FROM_110 = made(flags={"ger-destroyer-1": {"came_from": "110"}}, phase="battle",
                minefields=[], units=[unit("Germany", "destroyer", "112"),
                                      unit("United Kingdom", "destroyer", "112"),
                                      unit("United Kingdom", "cruiser", "110")])
TWO_BATTLES = made(phase="battle", minefields=[],
                   units=[unit("Germany", "destroyer", "114"), unit("Germany", "cruiser", "112"),
                          unit("United Kingdom", "destroyer", "112"),
                          unit("United Kingdom", "cruiser", "114")])
NOT_IN_PURCHASE = "not in Purchase & Repair Units"
NOT_LINED = "mines are loaded only in a sea zone next to {}; mines never move over land"

# (test id, clause, reason, game, action kind, action fields)
REFUSALS: list[tuple[str, str, str, Setup, str, dict[str, Any]]] = [
    # phases: the words name the phases the action belongs to, and the one it was tried in
    ("move_in_purchase", "TURN",
     f"ships move only in Combat Movement or Non-Combat Movement, {NOT_IN_PURCHASE}",
     PURCHASE, "move", {"units": ["ger-escort-1"], "path": ["113", "112"]}),
    ("nl02_buy_in_combat_movement", "NL-02",
     "naval mines are bought only in Purchase & Repair Units, not in Combat Movement",
     COMBAT, "buy_mines", {"count": 1}),
    ("nl05_load_in_combat_movement", "NL-05",
     "mines are loaded only in Non-Combat Movement, not in Combat Movement",
     COMBAT, "load_mines", {"unit": "ger-escort-1", "count": 1}),
    ("nl05_lay_in_purchase", "NL-05", f"mines are laid only in Non-Combat Movement, "
     f"{NOT_IN_PURCHASE}", PURCHASE, "lay_mines", {"unit": "ger-escort-1", "line": "112|113"}),
    ("settle_in_purchase", "TURN", f"battles are settled only in Conduct Combat, "
     f"{NOT_IN_PURCHASE}", PURCHASE, "settle_battle", {"zone": "113"}),
    ("nl20_retreat_in_purchase", "NL-20", f"attackers retreat only in Conduct Combat, "
     f"{NOT_IN_PURCHASE}", PURCHASE, "retreat", {"units": ["ger-escort-1"], "to": "112"}),
    ("capture_in_purchase", "TURN", f"territories are taken only in Conduct Combat, "
     f"{NOT_IN_PURCHASE}", PURCHASE, "capture", {"territory": "NLD"}),
    # buying (NL-01 to NL-03)
    ("nl02_buy_none", "NL-02", "buy at least one mine", PURCHASE, "buy_mines", {"count": 0}),
    ("nl02_buy_fewer_than_none", "NL-02", "buy at least one mine",
     PURCHASE, "buy_mines", {"count": -1}),
    ("nl02_china_cannot_produce", "NL-02", "China cannot produce naval mines",
     made(nations=[{"name": "China", "side": "Allies", "capital": "POL", "ipcs": 10},
                   {"name": "Germany", "side": "Axis", "capital": "DEU", "ipcs": 10}],
          turn_order=["China", "Germany"], territories={"POL": "China"}, units=[],
          minefields=[], stored_mines={}, control={}),
     "buy_mines", {"count": 1}),
    ("nl02_no_capital", "NL-02",
     "naval mines are produced only at Germany's capital, which Germany does not hold",
     made(territories={"DEU": "United Kingdom"}), "buy_mines", {"count": 1}),
    ("nl03_over_capacity", "NL-03",
     "the capital's industrial complex produces at most 10 mines a turn (6 bought already)",
     made(("buy_mines", {"count": 6})), "buy_mines", {"count": 5}),
    ("nl01_one_mine_too_dear", "NL-01", "1 mine costs 1 IPC; Germany has 0",
     made(nations=nations(ipcs=0)), "buy_mines", {"count": 1}),
    ("nl01_two_mines_too_dear", "NL-01", "2 mines cost 2 IPCs; Germany has 1",
     made(nations=nations(ipcs=1)), "buy_mines", {"count": 2}),
    ("nl01_three_mines_too_dear", "NL-01", "3 mines cost 3 IPCs; Germany has 2",
     made(nations=nations(ipcs=2)), "buy_mines", {"count": 3}),
    # loading (NL-04 to NL-06, NL-11) and whose unit it is (TURN)
    ("load_no_such_unit", "TURN", "there is no unit 'ger-escort-9'",
     NONCOMBAT, "load_mines", {"unit": "ger-escort-9", "count": 1}),
    ("load_an_enemy_unit", "TURN", "Escort 1 belongs to United Kingdom; it is Germany's turn",
     NONCOMBAT, "load_mines", {"unit": "uk-escort-1", "count": 1}),
    ("nl05_load_a_destroyer", "NL-05", "only Escorts carry naval mines, not a Destroyer",
     NONCOMBAT, "load_mines", {"unit": "ger-destroyer-1", "count": 1}),
    ("nl11_load_after_attacking", "NL-11", "Escort 1 already had a mission this turn (attack)",
     made(flags={"ger-escort-1": {"mission": "attack"}}, phase="noncombat_move"),
     "load_mines", {"unit": "ger-escort-1", "count": 1}),
    ("nl05_load_after_moving", "NL-05",
     "Escort 2 has moved this turn; an Escort loads mines before it moves",
     made(("move", {"units": ["ger-escort-2"], "path": ["113", "112"]}),
          ("move", {"units": ["ger-escort-2"], "path": ["112", "113"]}), phase="noncombat_move"),
     "load_mines", {"unit": "ger-escort-2", "count": 1}),
    ("nl04_load_without_the_capital", "NL-04", "Germany holds no capital to load mines from",
     made(territories={"DEU": "United Kingdom"}, phase="noncombat_move"),
     "load_mines", {"unit": "ger-escort-1", "count": 1}),
    ("nl04_load_without_any_capital", "NL-04", "Germany holds no capital to load mines from",
     made(nations=[{"name": "Germany", "side": "Axis"},
                   {"name": "United Kingdom", "side": "Allies", "capital": "GBR"},
                   {"name": "France", "side": "Allies", "capital": "FRA"}],
          phase="noncombat_move"),
     "load_mines", {"unit": "ger-escort-1", "count": 1}),
    ("nl06_load_away_from_berlin", "NL-06", NOT_LINED.format("Berlin"),
     made(units=[unit("Germany", "escort", "112")], phase="noncombat_move"),
     "load_mines", {"unit": "ger-escort-1", "count": 1}),
    ("nl06_load_away_from_a_capital_without_a_city_name", "NL-06", NOT_LINED.format("SOV"),
     made(nations=nations(capital="SOV"), territories={"SOV": "Germany"},
          phase="noncombat_move"),
     "load_mines", {"unit": "ger-escort-1", "count": 1}),
    ("nl05_load_none", "NL-05", "load at least one mine",
     NONCOMBAT, "load_mines", {"unit": "ger-escort-1", "count": 0}),
    ("nl04_load_when_none_are_stored", "NL-04", "no mines are stored in the capital",
     made(stored_mines={"Germany": 0}, phase="noncombat_move"),
     "load_mines", {"unit": "ger-escort-1", "count": 1}),
    ("nl04_load_more_than_the_one_stored", "NL-04", "only 1 mine is stored in the capital",
     made(stored_mines={"Germany": 1}, phase="noncombat_move"),
     "load_mines", {"unit": "ger-escort-1", "count": 2}),
    ("nl04_load_more_than_the_two_stored", "NL-04", "only 2 mines are stored in the capital",
     made(stored_mines={"Germany": 2}, phase="noncombat_move"),
     "load_mines", {"unit": "ger-escort-1", "count": 3}),
    ("nl05_load_a_fourth_mine", "NL-05", "an Escort carries at most 3 mines (2 aboard)",
     LOADED, "load_mines", {"unit": "ger-escort-1", "count": 2}),
    # moving (TURN, NL-07, NL-11, NL-21, NL-22)
    ("move_nothing", "TURN", "choose at least one unit to move",
     COMBAT, "move", {"units": [], "path": ["113", "112"]}),
    ("move_a_unit_twice", "TURN", "moving unit Escort 1 is listed twice",
     COMBAT, "move", {"units": ["ger-escort-1", "ger-escort-1"], "path": ["113", "112"]}),
    ("move_an_unknown_unit_twice", "TURN", "moving unit ger-escort-9 is listed twice",
     COMBAT, "move", {"units": ["ger-escort-9", "ger-escort-9"], "path": ["113", "112"]}),
    ("nl22_a_sweeper_twice", "NL-22", "sweeper Escort 1 is listed twice",
     COMBAT, "move", {"units": ["ger-escort-1"], "path": ["113", "112"],
                      "sweepers": ["ger-escort-1", "ger-escort-1"]}),
    ("nl21_a_casualty_choice_twice", "NL-21", "casualty choice Destroyer 2 is listed twice",
     COMBAT, "move", {"units": ["ger-destroyer-2"], "path": ["113", "112"],
                      "losses": ["ger-destroyer-2", "ger-destroyer-2"]}),
    ("move_along_one_zone", "TURN", "a move needs a path of at least two sea zones",
     COMBAT, "move", {"units": ["ger-escort-1"], "path": ["113"]}),
    ("move_between_zones_apart", "TURN", "sea zones 113 and 110 do not share a naval line",
     COMBAT, "move", {"units": ["ger-escort-1"], "path": ["113", "110"]}),
    ("move_onto_land", "TURN", "sea zones 113 and DEU do not share a naval line",
     COMBAT, "move", {"units": ["ger-escort-1"], "path": ["113", "DEU"]}),
    ("move_from_nowhere", "TURN", "sea zones nowhere and 113 do not share a naval line",
     COMBAT, "move", {"units": ["ger-escort-1"], "path": ["nowhere", "113"]}),
    ("move_from_another_zone", "TURN", "Escort 3 is in sea zone 124, not 113",
     COMBAT, "move", {"units": ["ger-escort-3"], "path": ["113", "112"]}),
    ("move_an_enemy_unit", "TURN", "Destroyer 1 belongs to United Kingdom; it is Germany's turn",
     COMBAT, "move", {"units": ["uk-destroyer-1"], "path": ["110", "112"]}),
    ("nl07_move_after_laying", "NL-07", "Escort 1 laid mines this turn, which ended its move",
     made(("load_mines", {"unit": "ger-escort-1", "count": 1}),
          ("lay_mines", {"unit": "ger-escort-1", "line": "112|113"}), phase="noncombat_move"),
     "move", {"units": ["ger-escort-1"], "path": ["113", "112"]}),
    ("move_too_far", "TURN", "Escort 1 can move 2 more sea zones, not 3",
     COMBAT, "move", {"units": ["ger-escort-1"], "path": ["113", "112", "110", "111"]}),
    ("move_on_too_far", "TURN", "Escort 2 can move 1 more sea zone, not 2",
     made(("move", {"units": ["ger-escort-2"], "path": ["113", "112"]}),
          phase="noncombat_move"),
     "move", {"units": ["ger-escort-2"], "path": ["112", "114", "115"]}),
    ("nl22_a_sweeper_outside_the_group", "NL-22", "sweeper Escort 2 is not in the moving group",
     COMBAT, "move", {"units": ["ger-escort-1"], "path": ["113", "112"],
                      "sweepers": ["ger-escort-2"]}),
    ("nl22_an_unknown_sweeper", "NL-22", "sweeper ger-escort-9 is not in the moving group",
     COMBAT, "move", {"units": ["ger-escort-1"], "path": ["113", "112"],
                      "sweepers": ["ger-escort-9"]}),
    ("nl22_a_destroyer_sweeps", "NL-22", "only Escorts sweep mines, not a Destroyer",
     COMBAT, "move", {"units": ["ger-destroyer-1"], "path": ["113", "112"],
                      "sweepers": ["ger-destroyer-1"]}),
    ("nl22_sweep_in_noncombat_movement", "NL-22",
     "Escorts sweep only while attacking, in Combat Movement",
     NONCOMBAT, "move", {"units": ["ger-escort-1"], "path": ["113", "112"],
                         "sweepers": ["ger-escort-1"]}),
    ("nl24_sweep_after_a_mission", "NL-24", "Escort 1 already had a mission this turn (sweep)",
     made(flags={"ger-escort-1": {"mission": "sweep"}}, phase="combat_move"),
     "move", {"units": ["ger-escort-1"], "path": ["113", "112"],
              "sweepers": ["ger-escort-1"]}),
    ("nl21_a_casualty_outside_the_group", "NL-21",
     "casualty choice Destroyer 2 is not in the moving group",
     COMBAT, "move", {"units": ["ger-destroyer-1"], "path": ["113", "112"],
                      "losses": ["ger-destroyer-2"]}),
    ("attack_in_noncombat_movement", "TURN",
     "sea zone 110 holds enemy ships; moving there is an attack (Combat Movement)",
     NONCOMBAT, "move", {"units": ["ger-escort-1"], "path": ["113", "112", "110"]}),
    ("nl11_move_after_attacking", "NL-11", "Cruiser 1 attacked this turn and cannot move again",
     made(flags={"ger-cruiser-1": {"mission": "attack"}}, phase="noncombat_move"),
     "move", {"units": ["ger-cruiser-1"], "path": ["113", "112"]}),
    # stopped by enemy warships (NL-13): three names, then "and N more"
    ("nl13_three_stopped", "NL-13", "Destroyer 1, Destroyer 2, Destroyer 3 must stop in sea "
     "zone 112: United Kingdom's Cruiser 1 is there",
     made(phase="combat_move", minefields=[],
          units=[unit("Germany", "destroyer", "113", 3), unit("United Kingdom", "cruiser", "112")]),
     "move", {"units": ["ger-destroyer-1", "ger-destroyer-2", "ger-destroyer-3"],
              "path": ["113", "112", "110"]}),
    ("nl13_five_stopped", "NL-13", "Destroyer 1, Destroyer 2, Destroyer 3 and 2 more must stop "
     "in sea zone 112: United Kingdom's Cruiser 1 is there",
     made(phase="combat_move", minefields=[],
          units=[unit("Germany", "destroyer", "113", 5), unit("United Kingdom", "cruiser", "112")]),
     "move", {"units": [f"ger-destroyer-{i}" for i in range(1, 6)],
              "path": ["113", "112", "110"]}),
    # laying (NL-05, NL-07, NL-08)
    ("nl05_lay_without_mines", "NL-05", "Escort 1 carries no mines",
     NONCOMBAT, "lay_mines", {"unit": "ger-escort-1", "line": "112|113"}),
    ("nl07_lay_on_no_line", "NL-07", "'nowhere' is not a naval line",
     LOADED, "lay_mines", {"unit": "ger-escort-1", "line": "nowhere"}),
    ("nl07_lay_on_a_coast", "NL-07", "'113|DEU' is not a naval line",
     LOADED, "lay_mines", {"unit": "ger-escort-1", "line": "113|DEU"}),
    ("nl07_lay_on_another_zones_line", "NL-07",
     "line 110|112 is not a border of sea zone 113, where Escort 1 is",
     LOADED, "lay_mines", {"unit": "ger-escort-1", "line": "110|112"}),
    ("nl08_lay_in_a_british_zone", "NL-08", "Germany has not controlled sea zone 114 since "
     "Non-Combat Movement began (controlled by United Kingdom)",
     made(("load_mines", {"unit": "ger-escort-1", "count": 2}),
          ("move", {"units": ["ger-escort-1"], "path": ["113", "114"]}),
          phase="noncombat_move"),
     "lay_mines", {"unit": "ger-escort-1", "line": "113|114"}),
    ("nl08_lay_in_nobodys_zone", "NL-08", "Germany has not controlled sea zone 122 since "
     "Non-Combat Movement began (controlled by nobody)",
     made(("load_mines", {"unit": "ger-escort-1", "count": 2}),
          ("move", {"units": ["ger-escort-1"], "path": ["113", "121", "122"]}),
          phase="noncombat_move"),
     "lay_mines", {"unit": "ger-escort-1", "line": "121|122"}),
    # settling a battle (TURN, NL-24)
    ("settle_no_such_zone", "TURN", "there is no sea zone 'nowhere'",
     BATTLE, "settle_battle", {"zone": "nowhere"}),
    ("settle_a_ship_sunk_twice", "TURN", "sunk ship United Kingdom's Destroyer 1 is listed twice",
     ATTACKED, "settle_battle", {"zone": "112", "sunk": ["uk-destroyer-1", "uk-destroyer-1"]}),
    ("settle_an_unknown_ship_sunk_twice", "TURN", "sunk ship uk-destroyer-9 is listed twice",
     ATTACKED, "settle_battle", {"zone": "112", "sunk": ["uk-destroyer-9", "uk-destroyer-9"]}),
    ("settle_where_we_are_not", "TURN", "Germany has no units in sea zone 110",
     BATTLE, "settle_battle", {"zone": "110"}),
    ("settle_a_ship_from_elsewhere", "TURN",
     "United Kingdom's Cruiser 1 is not in sea zone 112",
     ATTACKED, "settle_battle", {"zone": "112", "sunk": ["uk-cruiser-1"]}),
    ("settle_an_unknown_ship", "TURN", "uk-cruiser-9 is not in sea zone 112",
     ATTACKED, "settle_battle", {"zone": "112", "sunk": ["uk-cruiser-9"]}),
    ("nl24_a_sweeper_is_not_sunk", "NL-24",
     "Germany's Destroyer 1 swept mines this turn and takes no part in the battle",
     made(flags={"ger-destroyer-1": {"mission": "sweep"}}, phase="battle", minefields=[],
          units=[*CLASH[:1], unit("United Kingdom", "destroyer", "113")]),
     "settle_battle", {"zone": "113", "sunk": ["ger-destroyer-1"]}),
    # retreating (NL-20)
    ("nl20_retreat_nothing", "NL-20", "choose at least one unit to retreat",
     ATTACKED, "retreat", {"units": [], "to": "113"}),
    ("nl20_retreat_a_unit_twice", "NL-20", "retreating unit Destroyer 1 is listed twice",
     ATTACKED, "retreat", {"units": ["ger-destroyer-1", "ger-destroyer-1"], "to": "113"}),
    ("nl20_retreat_an_unknown_unit_twice", "NL-20",
     "retreating unit ger-destroyer-9 is listed twice",
     ATTACKED, "retreat", {"units": ["ger-destroyer-9", "ger-destroyer-9"], "to": "113"}),
    ("nl20_retreat_from_two_zones", "NL-20", "retreat one group from one sea zone at a time",
     TWO_BATTLES, "retreat", {"units": ["ger-destroyer-1", "ger-cruiser-1"], "to": "113"}),
    ("nl20_retreat_without_a_battle", "NL-20", "there is no battle in sea zone 113 to retreat "
     "from", BATTLE, "retreat", {"units": ["ger-escort-1"], "to": "112"}),
    ("nl20_retreat_without_attacking", "NL-20",
     "Destroyer 1 did not attack into sea zone 114 this turn",
     TWO_BATTLES, "retreat", {"units": ["ger-destroyer-1"], "to": "113"}),
    ("nl20_retreat_elsewhere", "NL-20",
     "retreat into sea zone 113 or 114, where the attack on 112 came from; not 110",
     ATTACKED, "retreat", {"units": ["ger-destroyer-1", "ger-cruiser-1"], "to": "110"}),
    ("nl20_retreat_to_one_origin_elsewhere", "NL-20",
     "retreat into sea zone 113, where the attack on 112 came from; not 114",
     ATTACKED, "retreat", {"units": ["ger-destroyer-1"], "to": "114"}),
    ("nl20_retreat_into_enemies", "NL-20",
     "cannot retreat into sea zone 110: enemy ships are there",
     FROM_110, "retreat", {"units": ["ger-destroyer-1"], "to": "110"}),
    # taking territories (TURN)
    ("capture_no_such_territory", "TURN", "'nowhere' is not a land territory",
     BATTLE, "capture", {"territory": "nowhere"}),
    ("capture_a_sea_zone", "TURN", "'112' is not a land territory",
     BATTLE, "capture", {"territory": "112"}),
    ("capture_our_own", "TURN", "Poland is held by Germany, a friend of Germany",
     BATTLE, "capture", {"territory": "POL"}),
    ("capture_a_friends", "TURN", "France is held by France, a friend of United Kingdom",
     made(nation="United Kingdom", phase="battle", territories={"FRA": "France"}),
     "capture", {"territory": "FRA"}),
    # ending the battle phase (TURN)
    ("end_battles_unsettled", "TURN", "settle the battle in sea zone 112 first (or retreat)",
     ATTACKED, "end_phase", {}),
    ("end_two_battles_unsettled", "TURN", "settle the battle in sea zone 112 first (or retreat)",
     TWO_BATTLES, "end_phase", {}),
]


@pytest.mark.parametrize(("clause", "reason", "setup", "kind", "fields"),
                         [r[1:] for r in REFUSALS], ids=[r[0] for r in REFUSALS])
def test_refusal_words_and_clause(clause: str, reason: str, setup: Setup, kind: str,
                                  fields: dict[str, Any]) -> None:
    assert_refused(setup(), clause, reason, kind, **fields)


# ---- the boundaries of the checks: the legal case next to each refusal -------------------

def test_nl01_mines_that_cost_every_ipc_left_are_bought():
    g = made(nations=nations(ipcs=2))()
    play(g, "buy_mines", count=2)
    assert g.state.ipcs["Germany"] == 0


def test_nl03_mines_up_to_the_capacity_are_bought():
    g = made(("buy_mines", {"count": 6}))()
    play(g, "buy_mines", count=4)
    assert g.state.bought_this_turn["Germany"] == 10


def test_nl04_nl05_every_stored_mine_up_to_an_escorts_three_is_loaded():
    g = made(stored_mines={"Germany": 3}, phase="noncombat_move")()
    play(g, "load_mines", unit="ger-escort-1", count=3)
    assert (g.state.units["ger-escort-1"].cargo, g.state.stored["Germany"]) == (3, 0)


def test_a_move_of_the_whole_allowance_is_allowed():
    g = COMBAT()
    play(g, "move", units=["ger-escort-1"], path=["113", "114", "115"])
    assert g.state.units["ger-escort-1"].zone == "115"


def test_nl13_three_ships_may_end_their_move_where_the_enemy_is():
    g = made(phase="combat_move", minefields=[],
             units=[unit("Germany", "destroyer", "113", 3),
                    unit("United Kingdom", "cruiser", "112")])()
    play(g, "move", units=["ger-destroyer-1", "ger-destroyer-2", "ger-destroyer-3"],
         path=["113", "112"])
    assert {g.state.units[f"ger-destroyer-{i}"].zone for i in (1, 2, 3)} == {"112"}
