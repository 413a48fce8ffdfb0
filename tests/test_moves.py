"""A move in progress (issue 26, item 3): planned, made step by step, stopped by the rules,
pressed on where they allow, ended where it is — with undo and replay exact through the
ordinary history. Played on the seam test ruleset (tests/seam_ruleset)."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from mineboard.core.errors import IllegalAction
from mineboard.core.game import Game
from mineboard.core.moves import MoveEnded, MoveInProgress, MoveStepped, MoveStopped, Stop, move_of
from mineboard.core.table import Table
from tests.conftest import play
from tests.seam_ruleset import seam_scenario
from tests.seam_ruleset.conformance import scramble, twins
from tests.test_conformance import assert_no_trace_of_secrets, assert_twins_look_alike

pytestmark = pytest.mark.usefixtures("seam")

ROW = ["1A3", "1B3", "1C3", "1D3", "1E3", "1F3"]
"""Red's R1 across the middle row: Blue snap-shoots at 1C3 at once, its hidden field lies
at 1D3, and it asks to snap-shoot within one hex of 1F3 (1E3 on)."""


def quiet(**changes: Any) -> Game[Any]:
    """The seam scenario with no standing orders and no fields: nothing stops a move."""
    sides = [{"name": "Red"}, {"name": "Blue"}]
    return seam_scenario(sides=sides, **changes).new_game(3)


def lines(record: Any) -> list[str]:
    return [e.line() for e in record.events]


def test_a_move_is_planned_and_made_one_record_per_step():
    g = quiet()
    planned = play(g, "plan_move", units=["R1"], path=ROW[:3])
    assert lines(planned) == ["SR-1: R1 sets out for hex 1C3 (2 steps)"]
    assert g.state.units["R1"].place == "1A3"
    first = play(g, "step")
    assert lines(first) == ["SR-1: R1 enters hex 1B3"]
    assert isinstance(first.events[0], MoveStepped) and first.events[0].came_from == "1A3"
    assert g.state.units["R1"].place == "1B3"
    assert g.state.move == MoveInProgress("Red", ("R1",), tuple(ROW[:3]), done=1)
    last = play(g, "step")
    assert lines(last) == ["SR-1: R1 enters hex 1C3",
                           "SR-1: R1 ends its move at hex 1C3 after 2 of 2 steps"]
    assert isinstance(last.events[-1], MoveEnded) and last.events[-1].steps == 2
    assert g.state.move is None and g.state.units["R1"].place == "1C3"
    assert [r.action.kind for r in g.records] == ["plan_move", "step", "step"]


def test_undo_takes_steps_back_one_by_one_and_replay_is_exact():
    g = quiet()
    play(g, "plan_move", units=["R1", ], path=ROW)
    play(g, "step")
    play(g, "step")
    assert g.can_undo()  # no dice, no reveal, no hand-over: free to take back
    g.undo()
    assert g.state.move is not None and g.state.move.done == 1
    assert g.state.units["R1"].place == "1B3"
    g.redo()
    assert g.state.units["R1"].place == "1C3"
    again = Game.replay(g.ruleset, g.initial, g.seed,
                        [(r.action, r.rolls) for r in g.records])
    assert g.ruleset.summary(again.state) == g.ruleset.summary(g.state)
    assert [e.line() for r in again.records for e in r.events] == \
        [e.line() for r in g.records for e in r.events]


def test_a_step_that_rolled_cannot_be_undone_in_a_game_with_secrets():
    g = seam_scenario().new_game(3)
    play(g, "plan_move", units=["R1"], path=ROW)
    play(g, "step")
    play(g, "step", rolls=[2])  # Blue's order: snap-shoot entering 1C3 at once
    with pytest.raises(IllegalAction) as info:
        g.undo()
    assert info.value.reason == ("dice were rolled or a secret revealed; this cannot be "
                                 "undone in a game with secrets")


def test_sr3_a_hidden_field_stops_the_move_and_says_where_and_why():
    g = seam_scenario().new_game(3)
    play(g, "plan_move", units=["R1"], path=ROW)
    play(g, "step")
    play(g, "step", rolls=[1])  # the snap-shot misses
    stopped = play(g, "step", rolls=[2])
    assert lines(stopped) == [
        "SR-1: R1 enters hex 1D3",
        "SR-3: Blue's minefield at hex 1D3 shows itself",
        "SR-3: minefield attack at hex 1D3: rolled 2",
        "SR-3: the minefield at hex 1D3 stops R1 (rolled 2)"]
    stop = stopped.events[-1]
    assert isinstance(stop, MoveStopped)
    assert (stop.at.id, stop.clause, stop.resumable) == ("1D3", "SR-3", False)
    assert g.state.move.stopped == Stop("SR-3", "the minefield at hex 1D3 stops R1 "
                                                "(rolled 2)", "1D3")
    with pytest.raises(IllegalAction) as info:
        play(g, "step")
    assert (info.value.clause, info.value.reason) == (
        "SR-3", "the move stopped at hex 1D3: the minefield at hex 1D3 stops R1 (rolled 2)")
    with pytest.raises(IllegalAction) as info:
        play(g, "press_on")
    assert info.value.reason == ("the move may not go on from hex 1D3: the minefield at "
                                 "hex 1D3 stops R1 (rolled 2)")
    assert lines(play(g, "end_move")) == [
        "SR-1: R1 ends its move at hex 1D3 after 3 of 5 steps"]
    assert g.state.move is None and g.state.units["R1"].place == "1D3"


def test_sr3_a_unit_that_gets_through_the_field_goes_on():
    g = seam_scenario().new_game(3)
    play(g, "plan_move", units=["R1"], path=ROW)
    play(g, "step")
    play(g, "step", rolls=[1])
    through = play(g, "step", rolls=[4])
    assert lines(through)[-1] == "SR-3: R1 gets through the minefield at hex 1D3"
    assert g.state.move.may_go_on


def test_sr4_a_unit_sent_to_ground_may_press_on_and_a_pinned_one_may_not():
    g = seam_scenario().new_game(3)
    play(g, "plan_move", units=["R1"], path=ROW)
    play(g, "step")
    grounded = play(g, "step", rolls=[5])
    assert lines(grounded)[-1] == ("SR-4: Blue's snap-shot sends R1 to ground at hex 1C3; "
                                   "they may press on")
    assert g.state.move.stopped.resumable
    assert lines(play(g, "press_on")) == ["SR-1: R1 presses on from hex 1C3"]
    assert g.state.move.may_go_on
    pinned = seam_scenario().new_game(3)
    play(pinned, "plan_move", units=["R1"], path=ROW)
    play(pinned, "step")
    play(pinned, "step", rolls=[6])
    with pytest.raises(IllegalAction) as info:
        play(pinned, "press_on")
    assert (info.value.clause, info.value.reason) == (
        "SR-4", "the move may not go on from hex 1C3: Blue's snap-shot pins R1 at hex 1C3")


@pytest.mark.parametrize(("fields", "clause", "reason"), [
    ({"units": ["R1"], "path": ["1A3", "1C3"]}, "SR-1", "1C3 is not next to 1A3"),
    ({"units": ["R2"], "path": ["1A3", "1B3"]}, "SR-1",
     "R2 is not one of Red's units at 1A3"),
    ({"units": ["R1", "R1"], "path": ["1A3", "1B3"]}, "SR-1",
     "moving unit R1 is listed twice"),
    ({"units": [], "path": ["1A3", "1B3"]}, "SR-1", "name at least one unit to move"),
    ({"units": ["R1"], "path": ["1A3"]}, "SR-1",
     "a path needs a place to start and one to go to"),
    ({"units": ["R1"], "path": ["1A3", "1B3", "1A3"]}, "SR-1",
     "the path enters a place twice"),
])
def test_a_plan_is_refused_with_its_reason(fields, clause, reason):
    g = quiet()
    with pytest.raises(IllegalAction) as info:
        play(g, "plan_move", **fields)
    assert (info.value.clause, info.value.reason) == (clause, reason)
    assert g.records == []


def test_a_second_plan_waits_for_the_move_in_progress_and_ends_a_stopped_one():
    g = seam_scenario().new_game(3)
    play(g, "plan_move", units=["R1"], path=ROW)
    with pytest.raises(IllegalAction) as info:
        play(g, "plan_move", units=["R2"], path=["1A1", "1B1"])
    assert info.value.reason == ("R1 is still moving: go on to hex 1B3 or end the move "
                                 "first")
    play(g, "step")
    play(g, "step", rolls=[6])  # pinned: stopped for good
    again = play(g, "plan_move", units=["R2"], path=["1A1", "1B1"])
    assert lines(again) == ["SR-1: R1 ends its move at hex 1C3 after 2 of 5 steps",
                            "SR-1: R2 sets out for hex 1B1 (1 step)"]
    play(g, "end_move")
    with pytest.raises(IllegalAction) as info:
        play(g, "plan_move", units=["R1"], path=["1C3", "1D3"])
    assert (info.value.clause, info.value.reason) == ("SR-4", "R1 pinned until Red's next "
                                                              "movement")


def test_ending_the_phase_ends_the_move_and_the_move_is_public():
    g = seam_scenario().new_game(3)
    play(g, "plan_move", units=["R1"], path=ROW)
    play(g, "step")
    for seat in ("Blue", "Red", "@public"):
        assert move_of(g.observe(seat).view) == g.state.move
    ended = play(g, "end_phase")
    assert lines(ended)[0] == "SR-1: R1 ends its move at hex 1B3 after 1 of 5 steps"
    assert g.state.move is None and g.state.to_move == "Blue"


def test_a_move_in_progress_names_its_parts():
    move = MoveInProgress("Red", ("R1",), tuple(ROW), done=2)
    assert (move.at, move.ahead, move.taken, move.rest) == (
        "1C3", "1D3", tuple(ROW[:3]), tuple(ROW[2:]))
    assert move.stepped().at == "1D3" and not move.finished
    with pytest.raises(ValueError, match="only a move stopped"):
        move.resumed()
    end = MoveInProgress("Red", ("R1",), tuple(ROW), done=5)
    assert end.finished and end.ahead is None and not end.may_go_on
    with pytest.raises(ValueError, match="takes no step"):
        end.stepped()


def test_random_play_keeps_the_rules_of_moves_and_replays_exactly():
    """Random legal actions of the side to move (plans, steps, asks and answers, orders):
    the invariants hold, every action legal on the truth is legal on the mover's view, no
    view holds a trace of another side's secrets, orders cannot be told apart by the
    others, undo and redo come back to the same game, and the game replays exactly."""
    rng = random.Random(28)
    g = seam_scenario().new_game(11, Table(open=True))
    asked = stopped = 0
    for step in range(400):
        seat = g.state.to_move
        legal = g.ruleset.legal_actions(g.observe(seat).view)
        assert legal, step
        for truly in g.ruleset.legal_actions(g.state):
            g.observe(seat).check(truly)
        rare = [a for a in legal if a.kind in ("end_phase", "set_orders", "lay_field")]
        # the squads' moves across the field: the boat's (SR-6, SR-8) are test_seam_show's
        others = [a for a in legal if a not in rare and not (
            a.kind == "plan_move" and g.state.units[a.units[0]].kind == "boat")] or rare
        action = rng.choice(rare if rare and rng.random() < 0.08 else others)
        assert_twins_look_alike(g, seat, action, twins)
        g.play(action, by=seat)
        assert g.ruleset.invariants(g.state) == [], step
        if step % 20 == 0:
            assert_no_trace_of_secrets(g, rng, scramble)
        asked += g.state.ask is not None
        stopped += g.state.move is not None and g.state.move.stopped is not None
        if step % 50 == 49:
            before, records = copy.deepcopy(g.state), list(g.records)
            for _ in range(min(len(g.records), rng.randint(1, 40))):
                g.undo(past_commits=True)
            while g.can_redo():
                g.redo()
            assert g.state == before and g.records == records
    assert asked > 10 and stopped > 3, (asked, stopped)  # the play met both
    again = Game.replay(g.ruleset, g.initial, g.seed, [(r.action, None) for r in g.records])
    assert again.state == g.state


def test_nations_within_sides_act_as_nations_and_are_asked_as_their_side():
    """AWAW's nations: the acting nation moves for its side, and a reaction asks the other
    side (MovesAndReactions follows the state's own phasing and side_of)."""
    from dataclasses import dataclass as state_class

    from mineboard.core.orders import Ask
    from mineboard.rules.common.moves import MovesAndReactions
    from mineboard.rules.common.phases import PhaseSequence, each

    nations = {"Germany": "Axis", "Italy": "Axis", "Britain": "Allies"}

    @state_class
    class Nations(MovesAndReactions):
        sequence: PhaseSequence
        position: int = 0
        move: MoveInProgress | None = None
        ask: Ask | None = None

        @property
        def phasing(self) -> str:
            return self.side_of(self.active)

        def side_of(self, owner: str) -> str:
            return nations[owner]

    state = Nations(PhaseSequence(tuple(each(("Italy", "Britain"), "movement", "Movement"))))
    assert (state.phasing, state.to_move, state.actor) == ("Axis", "Axis", "Italy")
    state.ask = Ask("Allies", "intercept", "0304", ("I1",), "intercept at 0304")
    assert (state.phasing, state.to_move, state.actor, state.phase_label) == (
        "Axis", "Allies", "Allies", "Reaction to Axis' move")


def test_a_stop_on_leaving_keeps_the_units_where_they_stand_and_no_order_sees_them(
        monkeypatch):
    """The ``leave`` hook (asl-minefields' exit attacks): a stop there ends the step before
    it is taken — no MoveStepped, the units stay, and the standing order that would have
    snap-shot on entering 1C3 never fires (B28.412's EX: no Snap Shot along that hexside)."""
    from tests.seam_ruleset.ruleset import RULESET

    def held(state: Any, move: MoveInProgress, dice: Any) -> Any:
        if move.at == "1B3":
            return [], Stop("SR-3", "held fast on leaving 1B3", move.at)
        return [], None

    monkeypatch.setattr(RULESET, "leave", held)
    g = seam_scenario().new_game(3)
    play(g, "plan_move", units=["R1"], path=ROW)
    play(g, "step")
    record = play(g, "step")
    assert [type(e) for e in record.events] == [MoveStopped]
    assert lines(record) == ["SR-3: held fast on leaving 1B3"]
    assert g.state.units["R1"].place == "1B3"
    assert g.state.move is not None and g.state.move.at == "1B3" and g.state.move.done == 1
    assert g.state.rounds["Blue"] == 3  # the order on entering 1C3 never fired
