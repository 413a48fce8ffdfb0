"""The issue 26 "Shows" ruleset (tests/seam_ruleset) by email, scripted: a field laid where
the other side may not know goes as "a face-down counter somewhere not named" (SR-7) and
opens when a unit walks into it; the Deep's crossing (SR-8) is entered by the mover, whose
file it ends, and accepted by the other side in its next file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from mineboard.persistence import pbem
from mineboard.persistence.pbem import Seat
from tests.seam_ruleset import seam_scenario

RED, BLUE = "rot", "blau"
QUIET = [{"name": "Red"}, {"name": "Blue"}]
"""No orders, no fields at the start: only what the tests lay."""


pytestmark = pytest.mark.usefixtures("seam", "private_data_dir")
"""The seam ruleset plays on a board of its own: the turn files carry it."""


def act(seat: Seat, kind: str, **fields: Any) -> pbem.Entry:
    return seat.play(seat.last.scenario.ruleset.codec.parse({"kind": kind, **fields}))


def opened(folder: Path) -> Seat:
    """Red and Blue started; Red's first file in Red's hands."""
    sc = seam_scenario(sides=QUIET)
    pbem.send(pbem.start(sc, "Red", RED), folder / "t0.json")
    pbem.send(pbem.join(pbem.read_turn(folder / "t0.json"), BLUE), folder / "t1.json")
    return pbem.receive_file(folder / "t1.json", RED)


def seen(seat: Seat) -> list[str]:
    return [e.line() for e in seat.world().observe(seat.me).events()]


def test_sr7_a_field_laid_goes_placed_nowhere_and_opens_where_red_walks_into_it(tmp_path):
    red = opened(tmp_path)
    act(red, "end_phase")
    pbem.send(red, tmp_path / "t2.json")
    blue = pbem.receive_file(tmp_path / "t2.json", BLUE)
    act(blue, "lay_field", side="Blue", at="1G5")
    act(blue, "plan_move", units=["B1"], path=["1G5", "1G4"])
    act(blue, "step")
    act(blue, "end_phase")
    pbem.send(blue, tmp_path / "t3.json")
    assert b"lay_field" not in (tmp_path / "t3.json").read_bytes()  # sealed
    red = pbem.receive_file(tmp_path / "t3.json", RED)
    view = red.world().observe("Red").view
    assert (view.minefields, view.unplaced) == ({}, {"Blue": 1})
    assert "SR-7: Blue places a face-down counter" in seen(red)
    path = ["1A3", "1B3", "1C4", "1D4", "1E5", "1F5", "1G5"]
    act(red, "plan_move", units=["R1"], path=path)
    for _ in range(6):
        step = act(red, "step")
        assert not step.pending  # nothing happens in Red's world: it cannot know the field
    pbem.send(red, tmp_path / "t4.json")
    blue = pbem.receive_file(tmp_path / "t4.json", BLUE)
    roll = blue.world().records[-1].rolls[0].value  # the game's seed is drawn as it starts
    assert blue.told == [f"rolled Red's step (entry 11): {roll}; 1 of your secrets opened, "
                         "as the rules reveal"]
    truth = blue.world()
    assert truth.state.revealed == {"1G5"}
    pbem.send(blue, tmp_path / "t5.json")
    red = pbem.receive_file(tmp_path / "t5.json", RED)
    view = red.world().observe("Red").view
    assert (view.minefields, view.unplaced) == ({"1G5": "Blue"}, {})
    shown = seen(red).index("SR-3: Blue's minefield at hex 1G5 shows itself")
    assert seen(red)[shown + 1] == f"SR-3: minefield attack at hex 1G5: rolled {roll}"


def test_sr8_the_mover_enters_the_crossing_and_the_other_side_accepts_it_next_file(tmp_path):
    red = opened(tmp_path)
    act(red, "plan_move", units=["S1"], path=["2E1", "DEEP", "2E5"])
    act(red, "step")
    assert red.may_move()  # Red enters the result itself
    act(red, "crossing_result", fate="held")
    assert not red.may_move()  # entering hands the move over: the file goes
    pbem.send(red, tmp_path / "t2.json")
    blue = pbem.receive_file(tmp_path / "t2.json", BLUE)
    world = blue.world()
    assert (world.state.to_move, world.state.awaiting.entered.to_json()) == (
        "Blue", {"kind": "crossing_result", "fate": "held"})
    act(blue, "accept_result")
    assert not blue.may_move()
    pbem.send(blue, tmp_path / "t3.json")
    red = pbem.receive_file(tmp_path / "t3.json", RED)
    assert seen(red)[-2:] == [
        "SR-8: Blue accepts the result of S1's crossing of the Deep: Fate: held",
        "SR-8: the weather holds S1 in the Deep"]
    assert red.may_move() and red.world().state.move.stopped.clause == "SR-8"
