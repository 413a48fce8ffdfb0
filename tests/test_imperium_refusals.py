"""imperium-mines: the exact words of every refusal, bad-input error and odds preview.

The words a player reads when the rules refuse an action, or a file or an odds query is
refused, are part of the behaviour: each refusal is asserted in full, with the clause it
names (an IM clause or TURN), and each BadInput with the ``where`` it names. The odds
previews of ``mineboard odds imperium-mines`` are asserted to the fraction. These tests
also pin the boundaries of the checks (one jump too many, a cost equal to the purse).

Fast and Qt-free; the mutation run selects it (test_*_refusals.py).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

from mineboard.core.errors import BadInput, IllegalAction
from mineboard.core.game import Game
from mineboard.rules.imperium_mines.data import default_ship_data
from mineboard.rules.imperium_mines.odds import (
    SystemQuery,
    afoul_chance,
    hit_odds,
    ship_damage,
    system_odds,
)
from mineboard.rules.imperium_mines.scenario import (
    FleetSpec,
    ImperiumScenario,
    SideSpec,
    state_from_scenario,
)
from tests.conftest import IMPERIUM, game, imperium, play

RULES = default_ship_data()
NO_MINES: dict[str, Any] = {"options": {"mine_warfare": False}, "minefields": [],
                            "fleets": [{"id": "A", "side": "Imperial", "system": "halcyon",
                                        "ships": {"destroyer": 1}}]}


def refusal(g: Game[Any], kind: str, **fields: Any) -> IllegalAction:
    before = g.ruleset.summary(g.state)
    with pytest.raises(IllegalAction) as info:
        play(g, kind, **fields)
    assert g.ruleset.summary(g.state) == before, "a refused action changed the state"
    return info.value


def assert_refused(g: Game[Any], clause: str, reason: str, kind: str, **fields: Any) -> None:
    e = refusal(g, kind, **fields)
    assert (e.clause, e.reason) == (clause, reason)
    assert str(e) == f"{clause}: {reason}"


# ---- games the refusals are played in ----------------------------------------------------

def construction() -> Game[Any]:
    return imperium()


def segment() -> Game[Any]:
    return imperium(segment=1)


def without_mines(seg: int = 0) -> Callable[[], Game[Any]]:
    return lambda: imperium(segment=seg, **NO_MINES)


def poor(resources: int) -> Callable[[], Game[Any]]:
    return lambda: imperium(sides=[{"name": "Imperial", "home": "aldermere",
                                    "resources": resources},
                                   {"name": "Terran", "home": "zephyr", "resources": 20}])


def with_fleets(*fleets: dict[str, Any], **changes: Any) -> Callable[[], Game[Any]]:
    return lambda: imperium(segment=1, fleets=list(fleets), **changes)


def after(setup: Callable[[], Game[Any]], *moves: tuple[str, dict[str, Any]],
          flags: dict[str, dict[str, bool]] | None = None) -> Callable[[], Game[Any]]:
    """``setup``'s game with ``moves`` played and fleet ``flags`` set (fought, moved)."""
    def make() -> Game[Any]:
        g = setup()
        for kind, fields in moves:
            play(g, kind, **fields)
        for fid, values in (flags or {}).items():
            for name, value in values.items():
                setattr(g.state.fleets[fid], name, value)
        return g
    return make


def fleet(fid: str, side: str, system: str, **ships: int) -> dict[str, Any]:
    return {"id": fid, "side": side, "system": system, "ships": ships}


AT_TESSALY = fleet("TER-1", "Terran", "tessaly", destroyer=2)  # ships s1, s2
FOUR_JUMPS = ["halcyon", "fallow", "jovane", "nadir", "rime"]

# (test id, clause, reason, game, action kind, action fields)
REFUSALS: list[tuple[str, str, str, Callable[[], Game[Any]], str, dict[str, Any]]] = [
    # construction against segments
    ("jump_in_construction", "TURN",
     "fleets jump only in an action segment, not in construction",
     construction, "jump", {"fleets": ["IMP-1"], "path": ["halcyon", "fallow"]}),
    ("combat_in_construction", "TURN",
     "combat is fought only in an action segment, not in construction",
     construction, "settle_combat", {"system": "halcyon"}),
    ("im06_lay_in_construction", "IM-06",
     "a fleet lays mines only in an action segment, not in construction",
     construction, "lay_mines", {"fleet": "IMP-2"}),
    ("im12_false_in_construction", "IM-12",
     "a fleet places false minefields only in an action segment, not in construction",
     construction, "place_false", {"fleet": "IMP-2"}),
    ("im26_sweep_in_construction", "IM-26",
     "a fleet sweeps only in an action segment, not in construction",
     construction, "sweep", {"fleet": "IMP-3"}),
    # building
    ("im02_build_in_a_segment", "IM-02", "ships are bought in the Construction phase",
     segment, "build", {"ship": "destroyer"}),
    ("build_unknown_type", "TURN", "unknown ship type 'gunboat'",
     construction, "build", {"ship": "gunboat"}),
    ("im01_build_minelayer_without_variant", "IM-01",
     "Minelayers exist only in the mine-warfare variant",
     without_mines(), "build", {"ship": "minelayer"}),
    ("build_none", "TURN", "build at least one ship",
     construction, "build", {"ship": "destroyer", "count": 0}),
    ("im02_build_beyond_purse_one", "IM-02", "1 Dreadnought costs 14 Resources; Imperial has 13",
     poor(13), "build", {"ship": "dreadnought"}),
    ("im02_build_beyond_purse_many", "IM-02",
     "2 Dreadnoughts cost 28 Resources; Imperial has 20",
     construction, "build", {"ship": "dreadnought", "count": 2}),
    # the mine-warfare variant
    ("im01_lay_without_variant", "IM-01", "the mine-warfare variant is not in use in this game",
     without_mines(1), "lay_mines", {"fleet": "A"}),
    # whose fleet
    ("lay_with_no_such_fleet", "TURN", "there is no fleet 'NOPE'",
     segment, "lay_mines", {"fleet": "NOPE"}),
    ("lay_with_the_enemys_fleet", "TURN", "TER-2 belongs to Terran; it is Imperial's turn",
     segment, "lay_mines", {"fleet": "TER-2"}),
    ("jump_with_the_enemys_fleet", "TURN", "TER-1 belongs to Terran; it is Imperial's turn",
     segment, "jump", {"fleets": ["TER-1"], "path": ["tessaly", "wend"]}),
    # the ship an order needs
    ("im06_lay_without_minelayer", "IM-06", "IMP-1 has no minelayer",
     segment, "lay_mines", {"fleet": "IMP-1"}),
    ("im26_sweep_without_minesweeper", "IM-26", "IMP-1 has no minesweeper",
     segment, "sweep", {"fleet": "IMP-1"}),
    # a fleet that lays, sweeps or places counters stays and does not fight
    ("im06_lay_after_moving", "IM-06",
     "IMP-2 moved this segment; a fleet that lays mines must stay",
     after(segment, ("jump", {"fleets": ["IMP-2"], "path": ["corvan", "aldermere"]})),
     "lay_mines", {"fleet": "IMP-2"}),
    ("im06_lay_after_fighting", "IM-06",
     "IMP-2 fought this segment; a fleet that lays mines may not fight",
     after(segment, flags={"IMP-2": {"fought": True}}), "lay_mines", {"fleet": "IMP-2"}),
    ("im12_false_after_moving", "IM-12",
     "IMP-2 moved this segment; a fleet that places false minefields must stay",
     after(segment, ("jump", {"fleets": ["IMP-2"], "path": ["corvan", "aldermere"]})),
     "place_false", {"fleet": "IMP-2"}),
    ("im26_sweep_after_fighting", "IM-26",
     "IMP-3 fought this segment; a fleet that sweeps may not fight",
     after(segment, flags={"IMP-3": {"fought": True}}), "sweep", {"fleet": "IMP-3"}),
    ("im07_lay_twice", "IM-07", "IMP-2 already laid mines this segment",
     after(segment, ("lay_mines", {"fleet": "IMP-2"})), "lay_mines", {"fleet": "IMP-2"}),
    ("im09_lay_beside_an_enemy", "IM-09",
     "an enemy fleet is at Tessaly; mines are laid only in a system free of enemy fleets",
     with_fleets(AT_TESSALY, fleet("L", "Imperial", "tessaly", minelayer=1)),
     "lay_mines", {"fleet": "L"}),
    ("im34_false_beside_an_enemy", "IM-34",
     "this game's option: false minefields need a system free of enemy fleets",
     with_fleets(AT_TESSALY, fleet("L", "Imperial", "tessaly", frigate=1),
                 options={"false_needs_enemy_free": True}),
     "place_false", {"fleet": "L"}),
    ("im26_sweep_twice", "IM-26", "S already swept this segment",
     after(with_fleets(fleet("S", "Imperial", "lumen", minesweeper=1)),
           ("sweep", {"fleet": "S"})), "sweep", {"fleet": "S"}),
    ("im26_sweep_own_counters_only", "IM-26",
     "no enemy minefield counters to sweep at Garnet Gate",
     segment, "sweep", {"fleet": "IMP-3"}),
    # jumps
    ("jump_no_fleet", "TURN", "choose at least one fleet to jump",
     segment, "jump", {"fleets": [], "path": ["halcyon", "fallow"]}),
    ("jump_fleet_twice", "TURN", "jumping fleet IMP-1 is listed twice",
     segment, "jump", {"fleets": ["IMP-1", "IMP-1"], "path": ["halcyon", "fallow"]}),
    ("jump_one_system", "TURN", "a jump needs at least two systems",
     segment, "jump", {"fleets": ["IMP-1"], "path": ["halcyon"]}),
    ("jump_without_route", "TURN", "no jump route from Fallow to Tessaly",
     segment, "jump", {"fleets": ["IMP-1"], "path": ["halcyon", "fallow", "tessaly"]}),
    ("jump_from_nowhere", "TURN", "no jump route from nowhere to Halcyon",
     segment, "jump", {"fleets": ["IMP-1"], "path": ["nowhere", "halcyon"]}),
    ("jump_from_elsewhere", "TURN", "IMP-1 is at Halcyon, not Corvan",
     segment, "jump", {"fleets": ["IMP-1"], "path": ["corvan", "aldermere"]}),
    ("im06_jump_after_laying", "IM-06",
     "IMP-2 laid, swept or placed counters this segment and must stay",
     after(segment, ("lay_mines", {"fleet": "IMP-2"})),
     "jump", {"fleets": ["IMP-2"], "path": ["corvan", "aldermere"]}),
    ("im12_jump_after_false", "IM-12",
     "IMP-2 laid, swept or placed counters this segment and must stay",
     after(segment, ("place_false", {"fleet": "IMP-2"})),
     "jump", {"fleets": ["IMP-2"], "path": ["corvan", "aldermere"]}),
    ("im26_jump_after_sweeping", "IM-26",
     "S laid, swept or placed counters this segment and must stay",
     after(with_fleets(fleet("S", "Imperial", "lumen", minesweeper=1)),
           ("sweep", {"fleet": "S"})), "jump", {"fleets": ["S"], "path": ["lumen", "halcyon"]}),
    ("jump_twice", "TURN", "IMP-1 has already been activated this segment",
     after(segment, ("jump", {"fleets": ["IMP-1"], "path": ["halcyon", "fallow"]})),
     "jump", {"fleets": ["IMP-1"], "path": ["fallow", "halcyon"]}),
    ("jump_after_fighting", "TURN", "IMP-1 has already been activated this segment",
     after(segment, flags={"IMP-1": {"fought": True}}),
     "jump", {"fleets": ["IMP-1"], "path": ["halcyon", "fallow"]}),
    ("jump_beyond_the_slowest_ship", "TURN",
     "IMP-1 makes at most 2 jumps a segment, as fast as its slowest ship",
     segment, "jump", {"fleets": ["IMP-1"], "path": FOUR_JUMPS[:4]}),
    ("jump_beyond_three_without_auxiliaries", "TURN",
     "D makes at most 3 jumps a segment, as fast as its slowest ship",
     with_fleets(fleet("D", "Imperial", "halcyon", destroyer=1)),
     "jump", {"fleets": ["D"], "path": FOUR_JUMPS}),
    ("im05_jump_beyond_one_auxiliary", "IM-05",
     "M makes at most 3 jumps a segment, as fast as its auxiliaries, which move as auxiliaries",
     with_fleets(fleet("M", "Imperial", "halcyon", minesweeper=1, frigate=1)),
     "jump", {"fleets": ["M"], "path": FOUR_JUMPS}),
    # combat
    ("combat_with_no_enemy", "TURN", "no enemy fleets face each other at Halcyon",
     segment, "settle_combat", {"system": "halcyon"}),
    ("combat_where_only_the_enemy_is", "TURN", "no enemy fleets face each other at Tessaly",
     segment, "settle_combat", {"system": "tessaly"}),
    ("combat_ship_twice", "TURN", "destroyed ship s1 is listed twice",
     with_fleets(AT_TESSALY, fleet("A", "Imperial", "tessaly", destroyer=1)),
     "settle_combat", {"system": "tessaly", "destroyed": ["s1", "s1"]}),
    ("combat_ship_elsewhere", "TURN", "ship B's Frigate 1 is not at Tessaly",
     with_fleets(AT_TESSALY, fleet("A", "Imperial", "tessaly", destroyer=1),
                 fleet("B", "Imperial", "halcyon", frigate=1)),
     "settle_combat", {"system": "tessaly", "destroyed": ["s4"]}),
    ("combat_no_such_ship", "TURN", "ship s99 is not at Tessaly",
     with_fleets(AT_TESSALY, fleet("A", "Imperial", "tessaly", destroyer=1)),
     "settle_combat", {"system": "tessaly", "destroyed": ["s99"]}),
    ("im12_combat_after_false", "IM-12",
     "F stayed this segment to lay, sweep or place false counters and may not fight",
     after(with_fleets(AT_TESSALY, fleet("F", "Imperial", "tessaly", frigate=1)),
           ("place_false", {"fleet": "F"})), "settle_combat", {"system": "tessaly"}),
    ("im12_combat_sinks_a_staying_ship", "IM-12",
     "F stayed this segment to lay, sweep or place false counters and may not fight",
     after(with_fleets(AT_TESSALY, fleet("A", "Imperial", "tessaly", destroyer=1),
                       fleet("F", "Imperial", "tessaly", frigate=1)),
           ("place_false", {"fleet": "F"})),
     "settle_combat", {"system": "tessaly", "destroyed": ["s4"]}),
    ("im26_combat_after_sweeping", "IM-26",
     "S stayed this segment to lay, sweep or place false counters and may not fight",
     after(with_fleets(AT_TESSALY, fleet("S", "Imperial", "tessaly", minesweeper=1),
                       minefields=[{"owner": "Terran", "system": "tessaly", "false": 1}]),
           ("sweep", {"fleet": "S"})), "settle_combat", {"system": "tessaly"}),
    # splitting a fleet
    ("split_ship_twice", "TURN", "ship split off s1 is listed twice",
     segment, "split_fleet", {"fleet": "IMP-1", "ships": ["s1", "s1"]}),
    ("split_no_such_fleet", "TURN", "there is no fleet 'NOPE'",
     segment, "split_fleet", {"fleet": "NOPE", "ships": ["s1"]}),
    ("split_the_enemys_fleet", "TURN", "TER-1 belongs to Terran; it is Imperial's turn",
     segment, "split_fleet", {"fleet": "TER-1", "ships": ["s10"]}),
    ("split_nothing", "TURN", "split off some, not all, of the fleet's own ships",
     segment, "split_fleet", {"fleet": "IMP-1", "ships": []}),
    ("split_another_fleets_ship", "TURN", "split off some, not all, of the fleet's own ships",
     segment, "split_fleet", {"fleet": "IMP-1", "ships": ["s1", "s4"]}),
    ("split_every_ship", "TURN", "split off some, not all, of the fleet's own ships",
     segment, "split_fleet", {"fleet": "IMP-1", "ships": ["s1", "s2", "s3"]}),
]


@pytest.mark.parametrize(("clause", "reason", "setup", "kind", "fields"),
                         [r[1:] for r in REFUSALS], ids=[r[0] for r in REFUSALS])
def test_refusal_words_and_clause(clause: str, reason: str, setup: Callable[[], Game[Any]],
                                  kind: str, fields: dict[str, Any]) -> None:
    assert_refused(setup(), clause, reason, kind, **fields)


# ---- the boundaries of the checks: the legal case next to each refusal -------------------

def test_im02_a_build_that_costs_the_whole_purse_is_allowed():
    g = poor(14)()
    play(g, "build", ship="dreadnought")
    assert g.state.resources["Imperial"] == 0


def test_jumps_up_to_the_fleets_reach_are_allowed():
    g = segment()
    play(g, "jump", fleets=["IMP-1"], path=["halcyon", "fallow", "jovane"])
    assert g.state.fleets["IMP-1"].system == "jovane"
    g = with_fleets(fleet("M", "Imperial", "halcyon", minesweeper=1, frigate=1))()
    play(g, "jump", fleets=["M"], path=FOUR_JUMPS[:4])
    assert g.state.fleets["M"].system == "nadir"


def test_im34_false_counters_beside_an_enemy_without_the_option():
    g = with_fleets(AT_TESSALY, fleet("L", "Imperial", "tessaly", frigate=1))()
    play(g, "place_false", fleet="L")
    assert g.state.fleets["L"].stayed


def test_split_some_of_a_fleets_ships():
    g = segment()
    play(g, "split_fleet", fleet="IMP-1", ships=["s1", "s3"])
    assert [s.id for s in g.state.fleets["IMP-1"].ships] == ["s2"]
    new = [f for f in g.state.fleets.values() if f.id.startswith("F")]
    assert [(f.side, f.system, [s.id for s in f.ships]) for f in new] == [
        ("Imperial", "halcyon", ["s1", "s3"])]


# ---- the scenario file ---------------------------------------------------------------------

STARS = imperium().state.board


def bad_input(data: dict[str, Any], board: Any = STARS) -> BadInput:
    with pytest.raises(BadInput) as info:
        state_from_scenario(data, board, "here.json")
    return info.value


def test_scenario_on_a_map_that_is_not_a_star_map():
    e = bad_input(IMPERIUM, game().state.board)
    assert (e.where, str(e)) == (
        "here.json", "here.json: imperium-mines needs a star map (point map), not area")


def test_scenario_sides_need_different_names():
    data = {**IMPERIUM, "fleets": [], "minefields": [],
            "sides": [{"name": "A", "home": "zephyr"}, {"name": "A", "home": "aldermere"}]}
    e = bad_input(data)
    assert (e.where, str(e)) == ("here.json",
                                 "here.json: sides: the two sides need different names")


def test_scenario_at_most_max_units_ships():
    sides = (SideSpec("Imperial", "aldermere"), SideSpec("Terran", "zephyr"))

    def spec(ships: int) -> ImperiumScenario:
        return ImperiumScenario(sides, fleets=(
            FleetSpec("Imperial", "halcyon", {"destroyer": ships}),))

    spec(5000).validate()
    with pytest.raises(ValueError) as info:
        spec(5001).validate()
    assert str(info.value) == "fleets: more than 5000 ships in all"


def test_im01_scenario_mine_ships_need_the_variant():
    data = {**IMPERIUM, "options": {"mine_warfare": False}, "minefields": [], "fleets": [
        {"side": "Imperial", "system": "halcyon", "ships": {"destroyer": 1}},
        {"side": "Imperial", "system": "halcyon", "ships": {"minelayer": 1}}]}
    e = bad_input(data)
    assert (e.where, str(e)) == (
        "here.json: fleets[1]",
        "here.json: fleets[1]: minelayers exist only with the mine-warfare option (IM-01)")


def test_scenario_fleet_id_used_twice():
    data = {**IMPERIUM, "fleets": [
        {"id": "A", "side": "Imperial", "system": "halcyon", "ships": {"destroyer": 1}},
        {"id": "A", "side": "Terran", "system": "zephyr", "ships": {"frigate": 1}}]}
    e = bad_input(data)
    assert (e.where, str(e)) == ("here.json: fleets[1]",
                                 "here.json: fleets[1]: fleet id 'A' used twice")


def test_scenario_fleets_without_ids_are_numbered_after_their_ships():
    data = {**IMPERIUM, "fleets": [
        {"side": "Imperial", "system": "halcyon", "ships": {"destroyer": 2}},
        {"side": "Terran", "system": "zephyr", "ships": {"frigate": 1}}]}
    state = state_from_scenario(data, STARS, "here.json")
    assert {k: [s.id for s in f.ships] for k, f in state.fleets.items()} == {
        "F3": ["s1", "s2"], "F5": ["s4"]}


# ---- odds ----------------------------------------------------------------------------------

def test_odds_jump_counted_from_one():
    with pytest.raises(BadInput) as info:
        system_odds(SystemQuery(2, jump=0))
    assert (info.value.where, str(info.value)) == (
        "--jump", "--jump: jumps are counted from 1 (IM-32)")


def test_odds_at_most_99_mine_points():
    with pytest.raises(BadInput) as info:
        system_odds(SystemQuery(100))
    assert (info.value.where, str(info.value)) == (
        "--mine-points", "--mine-points: at most 99 mine points (IM-22)")


def test_odds_preview_on_the_first_jump():
    p = system_odds(SystemQuery(2))
    assert p.title == ("imperium-mines: 2 mine points, jump 1, 0 minesweepers; "
                       "P(run afoul: 2d6 + modifiers ≥ 10) = 5/12 (41.7 %)")
    assert p.axis == "if afoul, hits on each ship (one die per mine point, 6 hits, IM-22)"
    assert p.outcomes == (("0 hits", Fraction(25, 36)), ("1 hit", Fraction(5, 18)),
                          ("2 hits", Fraction(1, 36)))
    assert p.summary == "if afoul, each ship escapes unhit with P = 25/36 (69.4 %)"
    assert p.good == 0
    assert p.data == {"afoul": "5/12", "hits_per_ship": {"0": "25/36", "1": "5/18",
                                                         "2": "1/36"}}


@pytest.mark.parametrize(("jump", "title"), [
    (2, "imperium-mines: 2 mine points, jump 2 (+1, 2nd or later jump), 1 minesweeper; "
        "P(run afoul: 2d6 + modifiers ≥ 10) = 5/12 (41.7 %)"),
    (3, "imperium-mines: 2 mine points, jump 3 (+1, 2nd or later jump), 1 minesweeper; "
        "P(run afoul: 2d6 + modifiers ≥ 10) = 5/12 (41.7 %)"),
])
def test_odds_preview_on_a_later_jump(jump: int, title: str):
    assert system_odds(SystemQuery(2, jump=jump, sweepers=1)).title == title


def test_odds_preview_of_one_mine_point():
    p = system_odds(SystemQuery(1, sweepers=2))
    assert p.title == ("imperium-mines: 1 mine point, jump 1, 2 minesweepers; "
                       "P(run afoul: 2d6 + modifiers ≥ 10) = 1/12 (8.3 %)")
    assert p.outcomes == (("0 hits", Fraction(5, 6)), ("1 hit", Fraction(1, 6)))


def test_odds_preview_without_mine_points():
    p = system_odds(SystemQuery(0))
    assert p.title == ("imperium-mines: 0 mine points, jump 1, 0 minesweepers; "
                       "P(run afoul: 2d6 + modifiers ≥ 10) = 0 (0.0 %)")
    assert p.outcomes == (("0 hits", Fraction(1)),)
    assert p.summary == "no mine points: no check is made (IM-16, IM-27)"
    assert p.good == 0


def test_odds_preview_with_another_hit_number():
    """A ship table whose mines hit on 1+: every die hits, so no ship escapes."""
    p = system_odds(SystemQuery(2), dataclasses.replace(RULES, hit_on=1))
    assert p.axis == "if afoul, hits on each ship (one die per mine point, 1+ hits, IM-22)"
    assert p.outcomes == (("0 hits", Fraction(0)), ("1 hit", Fraction(0)),
                          ("2 hits", Fraction(1)))
    assert p.summary == "if afoul, each ship escapes unhit with P = 0 (0.0 %)"
    p = system_odds(SystemQuery(1), dataclasses.replace(RULES, hit_on=5))
    assert p.axis == "if afoul, hits on each ship (one die per mine point, 5+ hits, IM-22)"
    assert p.outcomes == (("0 hits", Fraction(2, 3)), ("1 hit", Fraction(1, 3)))


def test_afoul_chance_is_a_fraction_even_when_nothing_can_reach_it():
    chance = afoul_chance(RULES.check, 1, 1, 5)  # 2d6 + 1 - 5 never reaches 10
    assert chance == 0
    assert type(chance) is Fraction


def test_im22_hit_odds_labels_and_fractions():
    assert hit_odds(2) == {"0 hits": "25/36", "1 hit": "5/18", "2 hits": "1/36"}
    assert hit_odds(2, 1) == {"0 hits": "0", "1 hit": "0", "2 hits": "1"}


def test_im22_hit_odds_of_twelve_points_list_every_count():
    odds = hit_odds(12)
    assert len(odds) == 13
    assert odds["12 hits"] == str(Fraction(1, 6**12))
    assert "12 hits or more" not in odds


def test_im22_hit_odds_of_thirteen_points_end_with_or_more():
    odds = hit_odds(13)
    assert list(odds)[-2:] == ["11 hits", "12 hits or more"]
    assert odds["12 hits or more"] == "11/2176782336"  # 12 or 13 hits
    assert odds["0 hits"] == "1220703125/13060694016"


def test_ship_damage_mixes_the_afoul_check_and_the_hits():
    # 3 points, 2nd jump, 1 sweeper: 2d6 + 3 + 1 - 1 >= 10 with P = 7/12; hull 2 caps hits
    dist = ship_damage(RULES.check, 3, 2, 1, 2).fractions()
    afoul = Fraction(7, 12)
    none, one = Fraction(125, 216), Fraction(75, 216)
    assert dist == {0: 1 - afoul + afoul * none, 1: afoul * one,
                    2: afoul * (1 - none - one)}
    assert ship_damage(RULES.check, 3, 2, 1, 2, hit_on=5).fractions()[0] == \
        1 - afoul + afoul * Fraction(8, 27)
