"""Simultaneous declarations (issue 26, item 7): base changes declared together are one
batch action, judged on their combined result and applied, undone, saved and replayed as
one record; a refusal names the order and its clause.

The game (tests/outside_ruleset.py): Blue's b1 at Corvan and b2 at Eidolon; a system
holds at most one fleet of a side (OX-3), a fleet changes base once (OX-4)."""

from __future__ import annotations

from typing import Any

import pytest

from mineboard.core.batch import Batch
from mineboard.core.errors import BadInput, IllegalAction
from mineboard.core.game import Game
from mineboard.persistence.saves import load_save, write_save
from tests.outside_ruleset import ChangeBase, outside_ruleset  # noqa: F401  (a fixture)


def base(fleet: str, system: str) -> dict[str, str]:
    return {"kind": "change_base", "fleet": fleet, "system": system}


def batch(*members: dict[str, Any]) -> dict[str, Any]:
    return {"kind": "batch", "members": list(members)}


@pytest.fixture
def game(outside_ruleset) -> Game[Any]:  # noqa: F811
    return outside_ruleset.new_game(7)


def play(game: Game[Any], data: dict[str, Any]) -> list[str]:
    record = game.play(game.ruleset.codec.parse(data), by=game.state.to_move)
    return [e.line() for e in record.events]


def refusal(game: Game[Any], data: dict[str, Any]) -> str:
    before = (game.ruleset.summary(game.state), len(game.records))
    with pytest.raises(IllegalAction) as info:
        play(game, data)
    assert (game.ruleset.summary(game.state), len(game.records)) == before
    return str(info.value)


def fleets(game: Game[Any]) -> dict[str, Any]:
    return dict(game.ruleset.summary(game.state)["fleets"])


def test_ox3_a_swap_wrong_order_by_order_is_right_declared_together(game):
    assert refusal(game, base("b1", "eidolon")) == (
        "OX-3: Eidolon would hold 2 Blue fleets; it holds at most 1")
    assert refusal(game, batch(base("b2", "corvan"))) == (
        "OX-3: Corvan would hold 2 Blue fleets; it holds at most 1")
    assert play(game, batch(base("b1", "eidolon"), base("b2", "corvan"))) == [
        "OX-3: fleet b1 changes base to Eidolon", "OX-3: fleet b2 changes base to Corvan"]
    assert fleets(game) == {"b1": ["Blue", "eidolon", 3], "b2": ["Blue", "corvan", 2],
                            "r1": ["Red", "corvan", 2]}
    assert len(game.records) == 1 and game.records[0].action == Batch(
        (ChangeBase("b1", "eidolon"), ChangeBase("b2", "corvan")))


def test_a_refusal_names_the_order_and_its_clause(game):
    assert refusal(game, batch(base("b1", "fallow"), base("b2", "fallow"))) == (
        "OX-3: order 2 (change_base): Fallow would hold 2 Blue fleets; it holds at most 1")
    assert refusal(game, batch(base("b1", "fallow"), base("r1", "rime"))) == (
        "OX-3: order 2 (change_base): fleet r1 is not yours")
    assert refusal(game, batch(base("b1", "fallow"), base("b1", "rime"))) == (
        "OX-4: order 2 (change_base): fleet b1 changes base twice")
    assert refusal(game, batch(base("b1", "fallow"), {"kind": "end_phase"})) == (
        "BATCH: order 2 (end_phase): end phase is not an order declared together with others")
    assert refusal(game, batch(base("b1", "corvan"))) == "OX-3: fleet b1 is at corvan already"


def test_the_batch_file_format_names_what_is_wrong(game):
    codec = game.ruleset.codec
    data = batch(base("b1", "eidolon"), base("b2", "corvan"))
    assert codec.parse(codec.parse(data).to_json()).to_json() == data
    for bad, message in (
            (batch(), "action.members: must list 1 to 200 orders"),
            ({"kind": "batch", "members": [batch(base("b1", "rime"))]},
             "action.members[0]: a batch cannot hold another batch"),
            ({"kind": "batch", "members": [base("b1", "rime")], "when": 1},
             "action: unknown field 'when' for 'batch'"),
            (batch({"kind": "change_base", "fleet": "b1"}),
             "action.members[0]: 'change_base' needs field 'system'")):
        with pytest.raises(BadInput) as info:
            codec.parse(bad)
        assert str(info.value) == message


def test_one_record_undone_saved_and_replayed_as_one(outside_ruleset, game, tmp_path):  # noqa: F811
    play(game, batch(base("b1", "eidolon"), base("b2", "corvan")))
    game.undo()
    assert fleets(game)["b1"] == ["Blue", "corvan", 3] and not game.records
    game.redo()
    path = tmp_path / "swap.json"
    write_save(path, outside_ruleset, game)
    loaded = load_save(path).game
    assert [r.action for r in loaded.records] == [r.action for r in game.records]
    assert fleets(loaded) == fleets(game)
