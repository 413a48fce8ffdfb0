"""awaw-naval's state copies itself (AwState.__deepcopy__): flat where every value is a
string, number or flag, deep elsewhere. A copy that shared a table with its original would
let a batch judged on a scratch copy (core/batch.py) or an undo step change the game."""

from __future__ import annotations

import copy

from mineboard.persistence.scenario import load_scenario
from mineboard.resources import maps_dir
from mineboard.rules.awaw_naval.state import TURN_START, Asked


def test_a_copy_shares_no_table_a_move_changes_with_its_original():
    sc = load_scenario(maps_dir() / "scenarios" / "awaw-narrow-seas.json")
    state = sc.new_game(1).state
    state.asked.append(Asked("Allies", "k", "AW-04", "which", {"ships": ["HF1"]}))
    vars(state)["displacing"] = [["HF1"]]  # what a part stashes beside the fields
    before = repr(state)  # not a copy made the way under test
    twin = copy.deepcopy(state)
    assert twin == state and twin.board is state.board and twin.data is state.data
    ship = next(iter(twin.ships))
    twin.ships[ship].base = None
    twin.ships[ship].inverted = True
    hex_id = next(iter(twin.control))
    other = "Italy" if state.control[hex_id] != "Italy" else "Britain"
    twin.control[hex_id] = other
    twin.held_at[TURN_START][hex_id] = other
    twin.asked[0].data["ships"].append("HF2")
    twin.ledger.returned.add(ship)
    twin.changed_from[ship] = "orme"
    assert vars(twin)["displacing"] == [["HF1"]]
    vars(twin)["displacing"][0].append("HF2")
    assert repr(state) == before  # nothing of the original moved
    assert state.ships[ship] is not twin.ships[ship]
