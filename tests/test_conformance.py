"""The conformance suite: what every registered ruleset must do, checked by playing it.

A seeded fuzzer plays random legal actions — as the side to move sees them — and after
each one checks the ruleset's own invariants; along the way it checks that a refused action
changes nothing, that no side's observation holds a trace of another side's secrets, that
undo then redo gives back the same game, and at the end that the game replays from its seed
and from its save; that its summary holds the keys ``mineboard run`` prints; and it plays
the ruleset by email, each side's world rebuilt from the other side's stand-ins. A fourth or
fifth ruleset gets all of this by its one registry line and the kit beside its rules (see
tests/conformance_kits.py).
"""

from __future__ import annotations

import copy
import json
import random
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from mineboard.core.actions import Action
from mineboard.core.errors import IllegalAction
from mineboard.core.game import TEACHER, Game
from mineboard.core.registry import ruleset_ids
from mineboard.core.ruleset import SUMMARY_KEYS
from mineboard.core.table import Table
from mineboard.persistence import pbem
from mineboard.persistence.saves import game_from_save, save_document
from mineboard.persistence.scenario import load_scenario
from mineboard.resources import maps_dir, resolve_scenario
from tests.conformance_kits import KITS, Kit

RULESETS = ruleset_ids()
CI_ACTIONS = 2000
LONG_ACTIONS = 10_000


def test_every_registered_ruleset_has_a_conformance_kit_for_its_own_scenario():
    for ruleset_id in RULESETS:
        kit = KITS[ruleset_id]
        assert isinstance(kit, Kit), ruleset_id
        assert load_scenario(resolve_scenario(kit.scenario)).ruleset.id == ruleset_id


def pick(rng: random.Random, legal: list[Action]) -> Action:
    """A kind of action first, then one of that kind: a capture-everything phase must not
    drown the rarer actions (laying, sweeping) that the invariants are about."""
    by_kind: dict[str, list[Action]] = defaultdict(list)
    for action in legal:
        by_kind[action.kind].append(action)
    return rng.choice(by_kind[rng.choice(sorted(by_kind))])


def fingerprint(game: Game[Any]) -> tuple[Any, ...]:
    return (game.state, [e.to_json() for e in game.observe(TEACHER).events()])


def seen_by(game: Game[Any], side: str) -> tuple[Any, ...]:
    """Everything ``side`` is told: its view, every event it may read, its summary."""
    observation = game.observe(side)
    return (observation.view, game.ruleset.summary(observation.view),
            [e.to_json() for e in observation.events()])


def assert_twins_look_alike(game: Game[Any], seat: str, action: Action, twins: Any) -> None:
    """The other sides see the same game whichever of the look-alike actions was played."""
    alike = twins(game.observe(seat).view, action)
    if not alike:
        return
    mover = game.state.side_of(game.state.actor)
    others = [s for s in game.state.sides if s != mover]
    seen = None
    for choice in [action, *alike]:
        trial = Game(game.ruleset, copy.deepcopy(game.state), game.seed, game.table)
        try:
            trial.play(choice, by=seat)
        except IllegalAction:
            continue
        now = [seen_by(trial, side) for side in others]
        if seen is None:
            seen = now
        else:
            assert now == seen, f"{others} can tell {choice} from {action}"


def assert_no_trace_of_secrets(game: Game[Any], rng: random.Random, scramble: Any) -> None:
    truth = game.state
    for side in truth.sides:
        other = scramble(truth, side, rng)
        assert game.ruleset.view(truth, side) == game.ruleset.view(other, side), \
            f"{side}'s view changes with secrets it may not know"
    public_twins = [e for r in game.records for side in truth.sides
                    for e in game.observe(side).events_of(r) if e.secret_to not in (None, side)]
    assert public_twins == []


def assert_summary_keys(game: Game[Any], seat: str) -> None:
    """The keys ``mineboard run`` prints (core.ruleset.SUMMARY_KEYS), on the truth and on
    the view of the side to move."""
    for state in (game.state, game.observe(seat).view):
        summary = game.ruleset.summary(state)
        assert {k: summary.get(k) for k in SUMMARY_KEYS} == {
            "turn": state.turn, "nation": state.actor, "phase_name": state.phase_label}


def fuzz(ruleset_id: str, actions: int, seed: int) -> Game[Any]:
    kit = KITS[ruleset_id]
    scenario = load_scenario(resolve_scenario(kit.scenario))
    assert scenario.ruleset.id == ruleset_id
    rng = random.Random(seed)
    game = scenario.new_game(seed, Table(open=True))  # undo goes back past dice below
    stale: list[Action] = []
    for step in range(actions):
        seat = game.seat_to_move()
        legal = game.ruleset.legal_actions(game.observe(seat).view)
        assert legal, f"step {step}: no legal action in {game.state.phase_label}"
        if step % 10 == 0:  # actions legal a while ago: the refused ones change nothing
            for old in stale[:20]:
                before = copy.deepcopy(game.state)
                records = len(game.records)
                try:
                    game.check(old, by=seat)
                except IllegalAction:
                    with pytest.raises(IllegalAction):
                        game.play(old, by=seat)
                    assert game.state == before and len(game.records) == records
            stale = list(legal)
        if step % 5 == 0:  # the side to move is judged on what it knows, never on secrets
            view_check = game.observe(seat).check
            for truly in game.ruleset.legal_actions(game.state):
                try:
                    view_check(truly)
                except IllegalAction as exc:
                    pytest.fail(f"step {step}: {truly} is legal on the truth, but {seat}'s "
                                f"check refuses it ({exc}): a refusal that tells a secret")
        action = pick(rng, legal)
        if game.state.has_secrets:
            assert_twins_look_alike(game, seat, action, kit.twins)
        try:
            game.play(action, by=seat)
        except IllegalAction as exc:
            pytest.fail(f"step {step}: {action} is legal as {seat} sees it but the truth "
                        f"refuses it ({exc}): a check that depends on a secret")
        assert game.ruleset.invariants(game.state) == [], f"step {step}: {action}"
        if step % 25 == 0:
            assert_no_trace_of_secrets(game, rng, kit.scramble)
            assert_summary_keys(game, game.seat_to_move())
        if step % 97 == 0 and game.records:  # back a random way, across snapshots, and again
            before, records = copy.deepcopy(game.state), list(game.records)
            for _ in range(min(len(game.records), rng.randint(1, 70))):
                game.undo(past_commits=True)
            while game.can_redo():
                game.redo()
            assert game.state == before and game.records == records
    return game


def assert_replays(game: Game[Any]) -> None:
    expected = fingerprint(game)
    steps = [(r.action, None) for r in game.records]
    again = Game.replay(game.ruleset, game.initial, game.seed, steps)
    assert fingerprint(again) == expected
    recorded = Game.replay(game.ruleset, game.initial, game.seed + 1,
                           [(r.action, r.rolls) for r in game.records])
    assert recorded.state == game.state  # recorded rolls win over another seed


def assert_save_round_trip(game: Game[Any], scenario_name: str) -> None:
    scenario = load_scenario(resolve_scenario(scenario_name))
    doc = json.loads(json.dumps(save_document(scenario, game)))
    loaded = game_from_save(doc, "fuzzed save", maps_dir() / "scenarios").game
    assert fingerprint(loaded) == fingerprint(game)


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_random_legal_play_conforms(ruleset_id):
    game = fuzz(ruleset_id, CI_ACTIONS, seed=11)
    assert len(game.records) == CI_ACTIONS
    assert_replays(game)
    assert_save_round_trip(game, KITS[ruleset_id].scenario)


@pytest.mark.slow
@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_long_random_legal_play_conforms(ruleset_id):
    game = fuzz(ruleset_id, LONG_ACTIONS, seed=2026)
    assert_replays(game)
    assert_save_round_trip(game, KITS[ruleset_id].scenario)


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_the_kit_scramble_really_changes_secrets(ruleset_id):
    """The no-leak check proves something only if the other truth differs where it counts:
    in what the owners of those secrets see."""
    kit = KITS[ruleset_id]
    game = fuzz(ruleset_id, 60, seed=5)
    if not game.state.has_secrets:  # awaw-naval: fleets face up, nothing to scramble
        assert all(kit.scramble(game.state, side, random.Random(1)) == game.state
                   and game.ruleset.view(game.state, side) == game.state
                   for side in game.state.sides)
        return
    changed = []
    for side in game.state.sides:  # some side's secrets are hidden from it: one that has any
        other = kit.scramble(game.state, side, random.Random(1))
        owners = [s for s in game.state.sides if s != side]
        changed += [s for s in owners
                    if game.ruleset.view(other, s) != game.ruleset.view(game.state, s)]
    assert changed


def test_every_registered_ruleset_has_a_window():
    from mineboard.qt import registry

    assert registry.known() == RULESETS
    for ruleset_id in RULESETS:
        assert registry.ui_for(ruleset_id).ruleset_id == ruleset_id


# ---- by email: each side's world rebuilt from the other side's stand-ins ---------------------
BY_EMAIL_ENTRIES = 80
LONG_BY_EMAIL_ENTRIES = 200
"""Each file rebuilds both worlds from the whole ledger, so a game by email costs the square
of its length: 320 entries took asl-minefields 160 s, 200 take about a third of that."""


def _with_secrets(ruleset_id: str) -> bool:
    sc = load_scenario(resolve_scenario(KITS[ruleset_id].scenario))
    return sc.ruleset.new_state(sc.data, sc.board, "x").has_secrets


# The long game by email is about stand-ins drifting from the truth over many files; a
# ruleset with no secrets has no stand-ins (both worlds replay the same ledger), so its
# short game above says all there is (awaw-naval's long one took five minutes for nothing).
RULESETS_WITH_SECRETS = [r for r in RULESETS if _with_secrets(r)]


def play_by_email(scenario_name: str, entries: int, seed: int, folder: Path) -> int:
    """Random legal play by email, every file received by the other side's program (an
    honest game is never refused: a refusal calls it cheating). After every file, each
    side's world — the other side's secrets replayed as their stand-ins — must look to that
    side exactly as the truth does (the ledger replayed with both sides' secrets). Returns
    how many files were exchanged."""
    sc = load_scenario(resolve_scenario(scenario_name))
    rng = random.Random(seed)
    first = sc.ruleset.new_state(sc.data, sc.board, "x").sides[0]
    pbem.send(pbem.start(sc, first, "a"), folder / "t0.json")
    pbem.send(pbem.join(pbem.read_turn(folder / "t0.json"), "b"), folder / "t1.json")
    seat = pbem.receive_file(folder / "t1.json", "a")
    phrase = {seat.me: "a", seat.other: "b"}
    secrets_of = {seat.me: dict(seat.mine)}
    files = 1
    while len(seat.entries) < entries:
        while seat.may_move() and rng.random() < 0.85:
            legal = sc.ruleset.legal_actions(seat.world().observe(seat.me).view)
            try:
                seat.play(rng.choice(legal))
            except IllegalAction:
                continue
        files += 1
        secrets_of[seat.me] = dict(seat.mine)
        pbem.send(seat, folder / f"t{files}.json")
        seat = pbem.receive_file(folder / f"t{files}.json", phrase[seat.other])
        secrets_of[seat.me] = dict(seat.mine)
        truth = seat.ledger().world({**secrets_of.get(seat.other, {}), **seat.mine}).state
        mine = seat.world().state
        assert sc.ruleset.view(mine, seat.me) == sc.ruleset.view(truth, seat.me), \
            f"turn file {files}: {seat.me}'s world, the other side's secrets replayed as " \
            "their stand-ins, differs from the truth as it may see it"
    return files


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_random_play_by_email_keeps_each_world_true_to_its_side(ruleset_id, tmp_path,
                                                               private_data_dir):
    assert play_by_email(KITS[ruleset_id].scenario, BY_EMAIL_ENTRIES, 3, tmp_path) > 4


@pytest.mark.slow
@pytest.mark.parametrize("ruleset_id", RULESETS_WITH_SECRETS)
def test_long_random_play_by_email_keeps_each_world_true_to_its_side(ruleset_id, tmp_path,
                                                                    private_data_dir):
    assert play_by_email(KITS[ruleset_id].scenario, LONG_BY_EMAIL_ENTRIES, 11, tmp_path) > 12
