"""Results from outside the rules (issue 26, item 7), headless: the game waits, the side
named enters the result, the other accepts or disputes it, and the log, a save and turn
files by email record it so that replay never asks again.

The game (tests/outside_ruleset.py): Blue's fleet b1 (3 ships) engages Red's r1 (2 ships)
at Corvan; the battle is fought outside these rules (OX-2)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mineboard.core.errors import BadInput, IllegalAction
from mineboard.core.game import Game
from mineboard.core.outside import ResultField, result_fields, result_from
from mineboard.persistence import pbem
from mineboard.persistence.saves import load_save, write_save
from tests.outside_ruleset import BattleResult, outside_ruleset  # noqa: F401  (a fixture)

ENGAGED = ("OX-2: The battle at Corvan is settled outside these rules: Blue enters its "
           "result, Red accepts it")
ENTERED = ("OX-2: Blue enters the result of the battle at Corvan: Attacker losses: 1, "
           "defender losses: 2, holds field: attacker")
ACCEPTED = ("OX-2: Red accepts the result of the battle at Corvan: Attacker losses: 1, "
            "defender losses: 2, holds field: attacker")


def act(game: Game[Any], kind: str, **fields: Any) -> list[str]:
    """Play for the side to move, as the window and the email seat do; the event lines."""
    action = game.ruleset.codec.parse({"kind": kind, **fields})
    record = game.play(action, by=game.state.to_move)
    return [e.line() for e in record.events]


def refused(game: Game[Any], kind: str, by: str | None = None, **fields: Any) -> str:
    """The refusal's line; asserts nothing changed."""
    before = (game.ruleset.summary(game.state), len(game.records))
    action = game.ruleset.codec.parse({"kind": kind, **fields})
    with pytest.raises(IllegalAction) as info:
        game.play(action, by=by or game.state.to_move)
    assert (game.ruleset.summary(game.state), len(game.records)) == before
    return str(info.value)


@pytest.fixture
def engaged(outside_ruleset) -> Game[Any]:  # noqa: F811
    game = outside_ruleset.new_game(7)
    assert act(game, "engage", fleet="b1", target="r1") == [ENGAGED]
    return game


def awaiting(game: Game[Any]) -> Any:
    return game.ruleset.summary(game.state)["awaiting"]


def test_ox2_the_game_waits_for_the_attacker_then_the_defender_then_carries_it_out(engaged):
    state = engaged.state
    assert (state.to_move, state.actor, state.phase_label) == (
        "Blue", "Blue", "Blue enters the result of the battle at Corvan")
    assert refused(engaged, "end_phase") == ("OX-2: the game waits for Blue to enter the "
                                             "result of the battle at Corvan first")
    assert act(engaged, "battle_result", attacker_losses=1, defender_losses=2) == [ENTERED]
    assert (engaged.state.to_move, engaged.state.phase_label) == (
        "Red", "Red accepts or disputes the result of the battle at Corvan")
    assert engaged.records[-1].hands_over  # the cover goes up: Red answers at the screen
    assert refused(engaged, "end_phase") == ("OX-2: the game waits for Red to accept or "
                                             "dispute the result of the battle at Corvan first")
    assert act(engaged, "accept_result") == [ACCEPTED, "OX-2: fleet r1 is lost"]
    assert engaged.ruleset.summary(engaged.state) == {
        "turn": 1, "nation": "Blue", "phase_name": "Orders", "awaiting": None,
        "fleets": {"b1": ["Blue", "corvan", 2], "b2": ["Blue", "eidolon", 2]}}


def test_an_impossible_result_is_refused_in_one_line_naming_the_field(engaged):
    assert refused(engaged, "battle_result", attacker_losses=4, defender_losses=0) == (
        "OX-2: battle_result.attacker_losses: at most 3 — fleet b1 has 3 ships")
    assert refused(engaged, "battle_result", attacker_losses=0, defender_losses=3) == (
        "OX-2: battle_result.defender_losses: at most 2 — fleet r1 has 2 ships")
    assert refused(engaged, "battle_result", attacker_losses=0, defender_losses=2,
                   holds_field="defender") == (
        "OX-5: battle_result.holds_field: the defender lost every ship and cannot hold the "
        "system")
    # Made in code, not read from a file: the field's own range is still the check's.
    with pytest.raises(IllegalAction) as info:
        engaged.play(BattleResult(-1, 0), by="Blue")
    assert str(info.value) == ("OX-2: battle_result.attacker_losses: must be a whole number "
                               "from 0 to 99")
    with pytest.raises(BadInput) as bad:  # a file or the command line: the codec says it
        engaged.ruleset.codec.parse({"kind": "battle_result", "attacker_losses": "two",
                                     "defender_losses": 0})
    assert str(bad.value) == "action.attacker_losses: must be a whole number from 0 to 99"
    assert awaiting(engaged)["entered"] is None and len(engaged.records) == 1


def test_answers_out_of_turn_are_refused_with_their_reason(outside_ruleset, engaged):  # noqa: F811
    fresh = outside_ruleset.new_game(7)
    assert refused(fresh, "battle_result", attacker_losses=0, defender_losses=0) == (
        "RESULT: no result from outside the rules is awaited")
    assert refused(fresh, "accept_result") == (
        "RESULT: no result from outside the rules is awaited")
    assert refused(engaged, "accept_result") == (
        "RESULT: the result of the battle at Corvan is not entered yet: Blue enters it first")
    assert refused(engaged, "battle_result", by="Red", attacker_losses=0,
                   defender_losses=0) == "TURN: it is Blue's move, not Red's"
    act(engaged, "battle_result", attacker_losses=1, defender_losses=2)
    assert refused(engaged, "accept_result", by="Blue") == "TURN: it is Red's move, not Blue's"
    assert refused(engaged, "battle_result", attacker_losses=0, defender_losses=0) == (
        "RESULT: the result of the battle at Corvan is entered already: Red accepts or "
        "disputes it")


def test_a_disputed_result_goes_back_to_be_entered_again(engaged):
    act(engaged, "battle_result", attacker_losses=1, defender_losses=2)
    assert act(engaged, "dispute_result", why="two hits, not three") == [
        "OX-2: Red disputes the result of the battle at Corvan (two hits, not three): Blue "
        "enters it again"]
    assert awaiting(engaged) == {"result": "battle_result", "enters": "Blue",
                                 "accepts": "Red", "disputes": 1, "entered": None}
    assert engaged.state.to_move == "Blue"
    act(engaged, "battle_result", attacker_losses=0, defender_losses=1)
    act(engaged, "accept_result")
    assert engaged.ruleset.summary(engaged.state)["fleets"] == {
        "b1": ["Blue", "corvan", 3], "b2": ["Blue", "eidolon", 2], "r1": ["Red", "corvan", 1]}


def test_the_form_is_built_from_the_result_fields_narrowed_by_this_game(engaged):
    assert result_fields(BattleResult, engaged.state.awaiting) == (
        ResultField("attacker_losses", "Attacker losses", "Ships the attacking fleet lost",
                    "int", 0, 3, "fleet b1 has 3 ships"),
        ResultField("defender_losses", "Defender losses", "Ships the defending fleet lost",
                    "int", 0, 2, "fleet r1 has 2 ships"),
        ResultField("holds_field", "Holds field",
                    "Which fleet holds the system after the battle", "choice",
                    choices=("attacker", "defender"), default="attacker"))
    assert result_fields(BattleResult)[0].high == 99  # without a game: the field's own range
    assert result_from(BattleResult, {"attacker_losses": 1, "defender_losses": 0}) == \
        BattleResult(1, 0)
    with pytest.raises(BadInput) as info:
        result_from(BattleResult, {"attacker_losses": 1, "defender_losses": 1.5})
    assert str(info.value) == ("battle_result.defender_losses: must be a whole number from 0 "
                               "to 99")


def test_samples_for_fuzzing_are_each_end_of_the_bounds_then_the_two_answers(engaged):
    from mineboard.core.outside import AcceptResult, DisputeResult, samples

    assert samples(engaged.state.awaiting, BattleResult) == [
        BattleResult(0, 0, "attacker"), BattleResult(3, 2, "defender")]
    act(engaged, "battle_result", attacker_losses=1, defender_losses=2)
    assert samples(engaged.state.awaiting, BattleResult) == [AcceptResult(), DisputeResult()]


def test_the_save_records_the_result_and_replays_it_without_asking(
        outside_ruleset, engaged, tmp_path):  # noqa: F811
    act(engaged, "battle_result", attacker_losses=1, defender_losses=2)
    sc = outside_ruleset
    halfway = tmp_path / "halfway.json"
    write_save(halfway, sc, engaged)
    loaded = load_save(halfway).game  # entered, not yet accepted: Red is asked, not Blue
    assert awaiting(loaded)["entered"] == {"kind": "battle_result", "attacker_losses": 1,
                                           "defender_losses": 2}
    assert loaded.state.to_move == "Red"
    act(loaded, "accept_result")
    done = tmp_path / "done.json"
    write_save(done, sc, loaded)
    entries = json.loads(done.read_text())["actions"]
    assert [(e["by"], e["action"]) for e in entries] == [
        ("Blue", {"kind": "engage", "fleet": "b1", "target": "r1"}),
        ("Blue", {"kind": "battle_result", "attacker_losses": 1, "defender_losses": 2}),
        ("Red", {"kind": "accept_result"})]
    again = load_save(done).game
    assert again.ruleset.summary(again.state) == loaded.ruleset.summary(loaded.state)
    assert [e.line() for e in again.observe("Blue").events()] == [ENGAGED, ENTERED, ACCEPTED,
                                                                  "OX-2: fleet r1 is lost"]


def _exchange(seat: pbem.Seat, out: Path, passphrase: str) -> pbem.Seat:
    pbem.send(seat, out)
    return pbem.receive_file(out, passphrase)


def _email_act(seat: pbem.Seat, kind: str, **fields: Any) -> None:
    seat.play(seat.last.scenario.ruleset.codec.parse({"kind": kind, **fields}))


def test_by_email_the_result_travels_in_one_file_and_its_answer_in_the_next(
        outside_ruleset, tmp_path, monkeypatch):  # noqa: F811
    monkeypatch.setenv("MINEBOARD_DATA_DIR", str(tmp_path / "data"))
    pbem.send(pbem.start(outside_ruleset, "Blue", "one"), tmp_path / "t0.json")
    pbem.send(pbem.join(pbem.read_turn(tmp_path / "t0.json"), "two"), tmp_path / "t1.json")
    blue = pbem.receive_file(tmp_path / "t1.json", "one")
    _email_act(blue, "engage", fleet="b1", target="r1")
    _email_act(blue, "battle_result", attacker_losses=1, defender_losses=2)
    assert not blue.may_move()  # Red answers now: Blue sends
    red = _exchange(blue, tmp_path / "t2.json", "two")
    assert red.may_move() and awaiting(red.world())["entered"] == {
        "kind": "battle_result", "attacker_losses": 1, "defender_losses": 2}
    _email_act(red, "dispute_result", why="r1 lost one ship")
    blue = _exchange(red, tmp_path / "t3.json", "one")
    assert blue.may_move() and awaiting(blue.world())["disputes"] == 1
    _email_act(blue, "battle_result", attacker_losses=1, defender_losses=1)
    red = _exchange(blue, tmp_path / "t4.json", "two")
    _email_act(red, "accept_result")
    blue = _exchange(red, tmp_path / "t5.json", "one")
    world = blue.world()
    assert world.ruleset.summary(world.state)["fleets"] == {
        "b1": ["Blue", "corvan", 2], "b2": ["Blue", "eidolon", 2], "r1": ["Red", "corvan", 1]}
    assert [e.kind for e in world.observe("Blue").events()] == [
        "ResultAwaited", "ResultEntered", "ResultDisputed", "ResultEntered", "ResultAccepted"]


def test_random_play_through_results_and_disputes_replays_and_saves_exactly(
        outside_ruleset, tmp_path):  # noqa: F811
    import random

    from tests.outside_ruleset import Engage

    rng = random.Random(5)
    game = outside_ruleset.new_game(7)
    kinds = []
    for _ in range(80):
        offered = [*game.ruleset.legal_actions(game.state), Engage("b1", "r1"),
                   Engage("b2", "r1")]
        legal = [a for a in offered if game.observe(game.state.to_move).refusal(a) is None]
        action = rng.choice(legal)
        game.play(action, by=game.state.to_move)
        kinds.append(action.kind)
    assert {"engage", "battle_result", "accept_result", "dispute_result"} <= set(kinds)
    replayed = Game.replay(game.ruleset, game.initial, game.seed,
                           [(r.action, r.rolls) for r in game.records])
    assert game.ruleset.summary(replayed.state) == game.ruleset.summary(game.state)
    path = tmp_path / "random.json"
    write_save(path, outside_ruleset, game)
    loaded = load_save(path).game
    assert [r.action for r in loaded.records] == [r.action for r in game.records]
    assert loaded.ruleset.summary(loaded.state) == game.ruleset.summary(game.state)
