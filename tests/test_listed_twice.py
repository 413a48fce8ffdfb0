"""Issue 24 (8): an action that lists units names each one once, in every ruleset.

``cross_boundary`` with ``"ships": ["Lion", "Lion"]`` rolled Lion on the Minefield Table and
then logged "Lion crosses None". Every list of units, ships or fleets in an action is now
refused when it repeats an id, with one line naming the id and the clause that governs the
action (``mineboard.rules.common.checks.distinct``). The table below holds one case per
such list; a new list field in any registered ruleset fails
``test_every_list_of_units_has_a_case`` until it is guarded and given a case here.
"""

from __future__ import annotations

import typing
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from mineboard.core.game import Game
from mineboard.core.registry import registered
from tests.conftest import game, imperium, jutland, play, refused

GERMAN_FIELD = [{"line": "110|112", "owner": "Germany", "zone": "112", "count": 10}]
UK_ATTACKS = {"nation": "United Kingdom", "phase": "combat_move", "minefields": GERMAN_FIELD}
UK_IN_BATTLE = {"nation": "United Kingdom", "phase": "battle", "units": [
    {"nation": "United Kingdom", "type": "destroyer", "zone": "112"},
    {"nation": "Germany", "type": "cruiser", "zone": "112"}]}
IMPERIAL_A = {"id": "A", "side": "Imperial", "system": "halcyon", "ships": {"destroyer": 2}}

PLACES = {"path", "hexes", "via", "to", "unload_at"}
"""List fields that name places, not units: a route may come back the way it went (a sea
transport's one debarkation base and an escort's unloading points are AW-126's and
AW-213's to judge)."""

ONCE_A_FACTOR = {("awaw-naval", "engage_raider", "ships"),
                 ("awaw-naval", "engage_raider", "escorts")}
"""Lists where a ship is named once for each of its factors that goes: the dice of the
Raider Table call for "one destroyer factor" (AW-184, AW-188), so a destroyer counter of
three factors may answer three dice."""


@dataclass(frozen=True)
class Case:
    clause: str
    ruleset: str
    kind: str
    field: str
    setup: Callable[[], Game[Any]]
    fields: Callable[[Game[Any]], dict[str, Any]]
    reason: str

    @property
    def id(self) -> str:
        return f"{self.clause} {self.kind}.{self.field}"


def german_approach_done() -> Game[Any]:
    g = jutland()
    play(g, "end_phase")  # the Germans have nothing to cross; the British roll next
    return g


def uk_retreating() -> Game[Any]:
    g = game(**UK_ATTACKS, units=[
        {"nation": "United Kingdom", "type": "destroyer", "zone": "110"},
        {"nation": "Germany", "type": "cruiser", "zone": "112"}])
    play(g, "move", rolls=[6] * 10, units=["uk-destroyer-1"], path=["110", "112"])
    play(g, "end_phase")
    return g


def terran_and_imperial_at_lumen() -> Game[Any]:
    return imperium(segment=1, minefields=[], fleets=[
        {"id": "A", "side": "Imperial", "system": "lumen", "ships": {"destroyer": 1}},
        {"id": "T", "side": "Terran", "system": "lumen", "ships": {"frigate": 2}}])


def allies_on_the_demo_board() -> Game[Any]:
    from tests.test_asl_movement import game as asl_game

    return asl_game([{"id": "S1", "side": "Allies", "type": "squad", "hex": "A2"},
                     {"id": "T1", "side": "Allies", "type": "truck", "hex": "A3"},
                     {"id": "R1", "side": "Allies", "type": "half-squad", "carried_by": "T1"}])


def awaw() -> Game[Any]:
    from tests.awaw_bases_helpers import game as awaw_game
    from tests.awaw_bases_helpers import ship

    return awaw_game([ship("hood", 3, "westhaven"), ship("kent", 2, "westhaven")],
                     ["0501", "0801"])


AWAW_LISTS = (
    ("AW-47", "base_change", {"to": "orme"}, "base-changing ship"),
    ("AW-04", "mark_unusable", {}, "unusable ship"),
    ("AW-04", "eliminate_excess", {}, "eliminated ship"),
    ("AW-05", "nr_failed", {"to": "westhaven"}, "ship sent back"),
    ("AW-55", "choose_ships", {}, "displaced ship"),
    ("AW-65", "form_task_force", {}, "ship"),
    ("AW-67", "split_force", {"operation": "op1"}, "ship split off"),
    ("AW-63", "operate", {"activity": "patrol", "target": "1005"}, "operating ship"),
    ("AW-72", "return_to_base", {"operation": "op1", "to": "orme"}, "returning ship"),
    ("AW-79", "intercept", {"target": "x", "hex": "1005"}, "intercepting ship"),
    ("AW-249", "uninvert", {}, "uninverted ship"),
    ("AW-114", "defensive_intercept", {"target": "x", "hex": "1005"}, "defensive interceptor"),
    ("AW-106", "support_intercepted", {"operation": "op1", "supported": "op2"},
     "supporting ship"),
)
"""awaw-naval's lists of ships: one guard (ruleset.LISTS) before each order's own checks."""


def terran_ship(g: Game[Any]) -> str:
    return str(g.state.fleets["T"].ships[0].id)


CASES = [
    Case("GT-02", "gwas-tactical", "cross_boundary", "ships", german_approach_done,
         lambda g: {"ships": ["Lion", "Lion"]}, "crossing ship Lion is listed twice"),
    Case("TURN", "gwas-tactical", "move_ships", "ships",
         lambda: jutland(phase="battle", sides=[{"name": "German"}, {"name": "British"}],
                         ships=[{"id": "Seydlitz", "side": "German", "type": "battlecruiser",
                                 "hex": "1510"}]),
         lambda g: {"ships": ["Seydlitz", "Seydlitz"], "path": ["1510", "1511"]},
         "moving ship Seydlitz is listed twice"),
    Case("TURN", "naval-lines", "move", "units", lambda: game(**UK_ATTACKS),
         lambda g: {"units": ["uk-destroyer-1", "uk-destroyer-1"], "path": ["110", "112"]},
         "moving unit Destroyer 1 is listed twice"),
    Case("NL-22", "naval-lines", "move", "sweepers", lambda: game(**UK_ATTACKS),
         lambda g: {"units": ["uk-escort-1"], "path": ["110", "112"],
                    "sweepers": ["uk-escort-1"] * 3},
         "sweeper Escort 1 is listed twice"),
    Case("NL-21", "naval-lines", "move", "losses", lambda: game(**UK_ATTACKS),
         lambda g: {"units": ["uk-destroyer-1", "uk-destroyer-2"], "path": ["110", "112"],
                    "losses": ["uk-destroyer-1", "uk-destroyer-1"]},
         "casualty choice Destroyer 1 is listed twice"),
    Case("TURN", "naval-lines", "settle_battle", "sunk", lambda: game(**UK_IN_BATTLE),
         lambda g: {"zone": "112", "sunk": ["ger-cruiser-1", "ger-cruiser-1"]},
         "sunk ship Germany's Cruiser 1 is listed twice"),
    Case("NL-20", "naval-lines", "retreat", "units", uk_retreating,
         lambda g: {"units": ["uk-destroyer-1"] * 2, "to": "110"},
         "retreating unit Destroyer 1 is listed twice"),
    Case("TURN", "imperium-mines", "jump", "fleets",
         lambda: imperium(segment=1, fleets=[IMPERIAL_A], minefields=[]),
         lambda g: {"fleets": ["A", "A"], "path": ["halcyon", "lumen"]},
         "jumping fleet A is listed twice"),
    Case("TURN", "imperium-mines", "split_fleet", "ships",
         lambda: imperium(segment=1, fleets=[IMPERIAL_A], minefields=[]),
         lambda g: {"fleet": "A", "ships": ["s1", "s1"]},
         "ship split off s1 is listed twice"),
    Case("TURN", "imperium-mines", "settle_combat", "destroyed", terran_and_imperial_at_lumen,
         lambda g: {"system": "lumen", "destroyed": [terran_ship(g)] * 2},
         "destroyed ship s2 is listed twice"),
    Case("TURN", "asl-minefields", "plan_move", "units", allies_on_the_demo_board,
         lambda g: {"units": ["S1", "S1"], "path": ["A2", "B2"]},
         "moving unit S1 is listed twice"),
    Case("TURN", "asl-minefields", "unload", "units", allies_on_the_demo_board,
         lambda g: {"units": ["R1", "R1"]}, "unloading unit R1 is listed twice"),
    *(Case(clause, "awaw-naval", kind, "ships", awaw,
           lambda g, more=more: {"ships": ["hood", "hood"], **more},
           f"{what} hood is listed twice") for clause, kind, more, what in AWAW_LISTS),
    Case("AW-139", "awaw-naval", "invade", "ships", awaw,
         lambda g: {"ships": ["hood", "hood"], "target": "1005",
                    "troops": [{"id": "a", "factors": 1, "began_at": "westhaven"}]},
         "invading ship hood is listed twice"),
    Case("AW-155", "awaw-naval", "allocate_invasion_losses", "units", awaw,
         lambda g: {"invasion": "op1", "units": ["a", "a"]}, "lost unit a is listed twice"),
    Case("AW-250", "awaw-naval", "return_surplus", "units", awaw,
         lambda g: {"invasion": "op1", "units": ["a", "a"], "port": "orme"},
         "returning invader a is listed twice"),
    Case("AW-121", "awaw-naval", "sea_transport", "ships", awaw,
         lambda g: {"ships": ["hood", "hood"], "to": ["orme"]},
         "transporting ship hood is listed twice"),
    Case("AW-120", "awaw-naval", "ship_by_sea", "ships", awaw,
         lambda g: {"what": "oil", "nation": "Britain", "amount": 1, "start": "westhaven",
                    "to": "orme", "ships": ["hood", "hood"]},
         "protecting ship hood is listed twice"),
    Case("AW-242", "awaw-naval", "sea_escort", "moved_by_nr", awaw,
         lambda g: {"nation": "Britain", "start": "westhaven", "factors": 1,
                    "moved_by_nr": ["kent", "kent"]},
         "destroyer moved by NR kent is listed twice"),
    Case("AW-175", "awaw-naval", "rank_raiders", "groups", awaw,
         lambda g: {"box": "atlantic-sw", "groups": ["op1", "op1"]},
         "ranked raider group op1 is listed twice"),
]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_an_id_listed_twice_is_refused_under_the_actions_clause(case: Case) -> None:
    g = case.setup()
    assert g.ruleset.id == case.ruleset
    fields = case.fields(g)
    reason = refused(case.clause, g, case.kind, **fields).reason
    assert reason == case.reason
    # The refusal rests on the order alone: the side to move is told the same on its view.
    action = g.ruleset.codec.parse({"kind": case.kind, **fields})
    refusal = g.observe(g.state.to_move).refusal(action)
    assert refusal is not None and (refusal.reason, refusal.clause) == (reason, case.clause)


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_the_same_order_with_the_id_once_is_not_refused_for_it(case: Case) -> None:
    """The refusal is about the repeat: the list with each id once passes that check (it
    may still be refused for another reason, never for a repeat)."""
    g = case.setup()
    fields = case.fields(g)
    once = {**fields, case.field: list(dict.fromkeys(fields[case.field]))}
    refusal = g.observe(g.state.to_move).refusal(
        g.ruleset.codec.parse({"kind": case.kind, **once}))
    assert refusal is None or "listed twice" not in refusal.reason


def test_gt02_lion_listed_twice_no_longer_rolls_then_crosses_none() -> None:
    """The issue's report, replayed: refused before any die, and Lion still must roll."""
    g = german_approach_done()
    refused("GT-02", g, "cross_boundary", ships=["Lion", "Lion"])
    assert g.state.ships["Lion"].crossing == "C|W"
    record = play(g, "cross_boundary", rolls=[3], ships=["Lion"])
    assert [e.text for e in record.events if e.kind == "BoundaryCrossed"] == []
    assert g.state.ships["Lion"].crossing is None


def _unit_lists() -> set[tuple[str, str, str]]:
    found = set()
    for rid, ruleset in registered().items():
        for cls in ruleset.codec.classes.values():
            for name, hint in typing.get_type_hints(cls).items():
                if typing.get_origin(hint) is tuple and typing.get_args(hint) == (str, ...) \
                        and name not in PLACES and (rid, cls.kind, name) not in ONCE_A_FACTOR:
                    found.add((rid, cls.kind, name))
    return found


def test_every_list_of_units_has_a_case() -> None:
    assert _unit_lists() == {(c.ruleset, c.kind, c.field) for c in CASES}
