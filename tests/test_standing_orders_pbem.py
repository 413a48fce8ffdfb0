"""Standing orders by email (issue 26, item 4): the mover's program cannot read the other
side's sealed orders, so its world asks nobody; the other side's program, replaying the
turn file, finds the step where its orders fire, cuts the file there, opens the orders
(being asked reveals them, as "hold!" does across a table) and — for an order that asks —
the reaction waits at the turn file's end for that side to answer. No file goes back and
forth for the steps where no order fires."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from mineboard.persistence import pbem
from mineboard.persistence.pbem import Seat
from tests.seam_ruleset import seam_scenario

ROW = ["1A3", "1B3", "1C3", "1D3", "1E3", "1F3"]
RED, BLUE = "rot", "blau"


pytestmark = pytest.mark.usefixtures("seam", "private_data_dir")
"""The seam ruleset plays on a board of its own: the turn files carry it."""


def act(seat: Seat, kind: str, **fields: Any) -> pbem.Entry:
    return seat.play(seat.last.scenario.ruleset.codec.parse({"kind": kind, **fields}))


def red_moves_into_blues_orders(folder: Path, answer: str) -> tuple[Path, Path]:
    """Blue sets a sealed order on 1C3 in its first turn; Red then walks R1 four steps
    along the row, never asked in its own world. The files Blue sent and Red sent."""
    sc = seam_scenario(sides=[{"name": "Red"}, {"name": "Blue"}])
    files = [folder / f"t{i}.json" for i in range(5)]
    pbem.send(pbem.start(sc, "Red", RED), files[0])
    pbem.send(pbem.join(pbem.read_turn(files[0]), BLUE), files[1])
    red = pbem.receive_file(files[1], RED)
    act(red, "end_phase")
    pbem.send(red, files[2])
    blue = pbem.receive_file(files[2], BLUE)
    act(blue, "set_orders", orders=[{"reaction": "snap_shot", "answer": answer,
                                     "trigger": {"when": "entering", "places": ["1C3"]}}])
    act(blue, "end_phase")
    pbem.send(blue, files[3])
    red = pbem.receive_file(files[3], RED)
    act(red, "plan_move", units=["R1"], path=ROW)
    for _ in range(4):
        step = act(red, "step")
        assert not step.pending and red.world().state.to_move == "Red"
    pbem.send(red, files[4])
    return files[3], files[4]


def test_an_order_that_asks_waits_at_the_end_of_the_cut_turn_file(tmp_path):
    orders_file, moves_file = red_moves_into_blues_orders(tmp_path, "ask")
    assert b"1C3" not in orders_file.read_bytes()  # the order went sealed
    blue = pbem.receive_file(moves_file, BLUE)
    assert blue.told == ["rolled Red's step (entry 5): no dice; 1 of your secrets opened, "
                         "as the rules reveal; 2 later moves of theirs set aside"]
    world = blue.world()
    assert (world.state.to_move, world.state.ask.offer) == ("Blue", "snap-shoot at hex 1C3")
    assert world.state.move.done == 2 and blue.may_move()
    act(blue, "pass_reaction")
    assert not blue.may_move()  # the move is Red's again: the file goes back
    pbem.send(blue, tmp_path / "t5.json")
    red = pbem.receive_file(tmp_path / "t5.json", RED)
    assert red.told[0] == ("Blue rolled your step (entry 5): no dice; your 2 moves after it "
                           "were set aside: play on from what happened")
    seen = [e.line() for e in red.world().observe("Red").events()]
    assert seen[-2:] == ["SR-5: Blue may snap-shoot at hex 1C3 or pass",
                         "SR-5: Blue passes: no snap-shoot at hex 1C3"]
    assert red.may_move() and red.world().state.move.ahead == "1D3"


def test_an_order_that_fires_at_once_is_rolled_by_its_owners_program(tmp_path):
    _orders, moves_file = red_moves_into_blues_orders(tmp_path, "auto")
    blue = pbem.receive_file(moves_file, BLUE)
    fired = blue.entries[5]
    assert fired.action.kind == "step" and fired.rolls is not None and len(fired.rolls) == 1
    assert "2 later moves of theirs set aside" in blue.told[0]
    world = blue.world()
    assert world.state.to_move == "Red" and world.state.rounds["Blue"] == 2
