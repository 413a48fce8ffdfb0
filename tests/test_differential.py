"""The differential leak test (issue 23): two games that differ only in one side's secret
choices must tell the other sides exactly the same — view, events and their words, the
refusals of their own moves, the odds and the menus they are offered, what the command line
prints and its exit code, the threat maps, the advice, the solo opponent's choice and the
dice statistics it may ask for, and the size of every sealed save and turn file — until an
event that reveals (a field defends, counters turn up) tells them apart, as the rules say
it may.

Each ruleset's kit (its ``conformance.py``, see tests/conformance_kits.py) gives scripted
pairs for the situations random play rarely reaches; a random fork test then tries the
look-alike orders the fuzzer meets along the way, playing both on for a while.
"""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from mineboard.core.actions import Action
from mineboard.core.dice import Roll
from mineboard.core.dice_stats import dice_statistics
from mineboard.core.errors import IllegalAction
from mineboard.core.events import Event
from mineboard.core.game import Game
from mineboard.core.history import Record
from mineboard.core.opponent import Waiting, choose
from mineboard.core.planning import Selection
from mineboard.core.registry import ruleset_ids
from mineboard.persistence import pbem
from mineboard.persistence.saves import save_document
from mineboard.persistence.scenario import Scenario, scenario_from_data
from mineboard.persistence.sealing import Seals
from mineboard.resources import maps_dir, resolve_scenario
from tests.conformance_kits import KITS, Order, Pair, Variant
from tests.test_conformance import pick

pytestmark = pytest.mark.usefixtures("private_data_dir")

RULESETS = ruleset_ids()


def pairs_of(ruleset: str) -> list[Pair]:
    """The kit's scripted pairs, made on its scenario's starting state."""
    return KITS[ruleset].pairs(_scenario(ruleset).new_game(1).state)


def _scenario(ruleset: str) -> Scenario:
    from mineboard.persistence.scenario import load_scenario

    return load_scenario(resolve_scenario(KITS[ruleset].scenario))


PAIRS = [(ruleset, pair) for ruleset in RULESETS for pair in pairs_of(ruleset)]


# ---- building and playing a pair -------------------------------------------------------------

def scenario_data(ruleset: str, pair: Pair, variant: Variant) -> dict[str, Any]:
    data = json.loads(resolve_scenario(KITS[ruleset].scenario).read_text())
    for changes in (pair.changes, variant.changes):
        data.update({k: v for k, v in changes.items() if k != "options"})
        data["options"] = {**data.get("options", {}), **changes.get("options", {})}
    if not data["options"]:
        del data["options"]
    return data


def build(ruleset: str, pair: Pair, variant: Variant) -> Scenario:
    return scenario_from_data(scenario_data(ruleset, pair, variant), pair.name,
                              maps_dir() / "scenarios")


def reached(summary: dict[str, Any], goal: dict[str, Any]) -> bool:
    return all(summary.get(k) == v for k, v in goal.items())


def expand(game: Game[Any], order: Order) -> list[tuple[Action, list[int] | None]]:
    """The actions an order stands for in ``game`` now (an "until" is end phases)."""
    if "until" not in order:
        fields = {k: v for k, v in order.items() if k != "rolls"}
        return [(game.ruleset.codec.parse(fields), order.get("rolls"))]
    return [(game.ruleset.end_phase(game.state), None)]


def play_order(game: Game[Any], order: Order) -> list[Record]:
    """Play one order as the side to move; every record it made."""
    records = []
    for _ in range(300):
        if "until" in order and reached(game.ruleset.summary(game.state), order["until"]):
            return records
        for action, rolls in expand(game, order):
            recorded = None if rolls is None else [Roll(6, v, "", "") for v in rolls]
            records.append(game.play(action, recorded, by=game.seat_to_move()))
        if "until" not in order:
            return records
    raise AssertionError(f"{order} never reached")


# ---- what a side is told -------------------------------------------------------------------

def _opponent(ruleset: Any, view: Any) -> Any:
    try:
        return choose(ruleset, view)
    except Waiting as exc:
        return str(exc)


def told(game: Game[Any], side: str) -> dict[str, Any]:
    """Everything ``side`` is shown or told, as data (the window draws only this)."""
    seen = game.observe(side)
    view, ruleset = seen.view, game.ruleset
    groups = ruleset.threat_groups(view)
    out: dict[str, Any] = {"view": view, "summary": ruleset.summary(view),
                           "events": [e.to_json() for e in seen.events()],
                           "threat groups": groups,  # View ▸ Threat map
                           "threat maps": [ruleset.threat(view, g.key) for g in groups],
                           "dice statistics": dice_statistics(seen.dice_seen())}
    if view.to_move != side:
        return out
    advice = ruleset.advise(view)  # Game ▸ Advise (its time taken aside)
    out["advice"] = None if advice is None else advice.to_json()
    out["opponent"] = _opponent(ruleset, view)  # what the program would play for it
    probes = ruleset.legal_actions(view)
    out["refusals"] = [_refusal(game, a, side) for a in probes]
    out["odds"] = [ruleset.preview(view, a) for a in probes]
    menus = []
    for place in sorted({p for a in probes for p in ruleset.route(view, a)[:1]}):
        units = tuple(ruleset.units_at(view, place))
        selection = Selection(place, units)
        menus.append([(c.label, c.tip, c.action) for c in ruleset.commands(view, selection)])
        menus.append(sorted(map(str, ruleset.targets(view, selection).items())))
    out["menus"] = menus
    return out


def _refusal(game: Game[Any], action: Action, side: str) -> str | None:
    try:
        game.check(action, by=side)
    except IllegalAction as exc:
        return str(exc)
    return None


def _first_difference(one: list[Event], other: list[Event]) -> tuple[Event | None, ...]:
    for a, b in zip(one, other, strict=False):
        if a.to_json() != b.to_json():
            return a, b
    if len(one) != len(other):
        shorter = min(len(one), len(other))
        return (one[shorter] if len(one) > shorter else None,
                other[shorter] if len(other) > shorter else None)
    return ()


def revealed(game_one: Game[Any], one: list[Record], game_two: Game[Any],
             two: list[Record], side: str) -> bool:
    """Whether the records just played tell ``side`` the games apart by a revealing event:
    the first event it reads that differs must be one that reveals (the rules' doing)."""
    seen_one = [e for r in one for e in game_one.observe(side).events_of(r)]
    seen_two = [e for r in two for e in game_two.observe(side).events_of(r)]
    first = _first_difference(seen_one, seen_two)
    return any(e is not None and e.reveals for e in first)


def assert_told_alike(game_one: Game[Any], game_two: Game[Any], owner: str, where: str
                      ) -> None:
    for side in game_one.state.sides:
        if side == owner:
            continue
        one, two = told(game_one, side), told(game_two, side)
        for key in one.keys() | two.keys():
            assert one.get(key) == two.get(key), \
                f"{where}: {side} can tell the two games apart by its {key}"


def run_pair(ruleset: str, pair: Pair) -> tuple[Game[Any], Game[Any], int]:
    """Both games through their orders, compared after the variants and after each later
    order until one reveals; returns the games as the variants left them and the number of
    ``after`` orders played before the reveal."""
    games = []
    for variant in (pair.one, pair.other):
        game = build(ruleset, pair, variant).new_game(1)
        for order in (*pair.before, *variant.orders):
            play_order(game, order)
        games.append(game)
    one, two = games
    assert_told_alike(one, two, pair.owner, f"{pair.name}, after the secret orders")
    left = copy.deepcopy(one), copy.deepcopy(two)
    for index, order in enumerate(pair.after):
        records_one, records_two = play_order(one, order), play_order(two, order)
        if any(revealed(one, records_one, two, records_two, side)
               for side in one.state.sides if side != pair.owner):
            return (*left, index)
        assert_told_alike(one, two, pair.owner, f"{pair.name}, after {order}")
    return (*left, len(pair.after))


@pytest.mark.parametrize("ruleset, pair", PAIRS, ids=[f"{r}: {p.name}" for r, p in PAIRS])
def test_a_pair_that_differs_in_secrets_tells_the_other_side_nothing(ruleset, pair):
    one, two, _ = run_pair(ruleset, pair)
    assert one.state != two.state  # the pair does differ, where only its owner may look


def test_every_ruleset_with_secrets_has_pairs():
    for ruleset in RULESETS:
        game = Scenario.new_game(_scenario(ruleset), 1)
        if game.has_secrets:
            assert pairs_of(ruleset), f"{ruleset} has secrets but no differential pairs"


def test_a_pair_reaches_its_reveal():
    """The differential proves something only if the pairs do come apart where the rules
    say: each scripted pair that ends in a reveal is told apart there."""
    for ruleset, pair in PAIRS:
        _one, _two, played = run_pair(ruleset, pair)
        if pair.name.startswith("a lay on a line whose field"):
            assert played == len(pair.after) - 1  # the crossing: the field defends


# ---- files: sealed saves, turn files, the command line ---------------------------------------

@pytest.mark.parametrize("ruleset, pair", PAIRS, ids=[f"{r}: {p.name}" for r, p in PAIRS])
def test_sealed_saves_of_a_pair_are_one_size(ruleset, pair):
    one, two, _ = run_pair(ruleset, pair)
    if not one.has_secrets:
        return
    sizes = set()
    for variant, game in ((pair.one, one), (pair.other, two)):
        seals = Seals.from_passphrases({side: "p" for side in game.state.sides})
        doc = save_document(build(ruleset, pair, variant), game, seals)
        doc.pop("scenario")  # the scenario is the variant's own (its setup is no secret of
        doc.pop("digest")   # a save: a scenario file is public); the rest must match
        doc.pop("mac")
        sizes.add(len(json.dumps(doc, indent=1)))
    assert len(sizes) == 1, f"{pair.name}: sealed saves of {sorted(sizes)} bytes"


def by_email(sc: Scenario, orders: tuple[Order, ...], owner: str, folder: Path) -> list[int]:
    """Play ``orders`` by email, each side at its own seat; once they are done, play on to
    the owner's hand-over and send it. The size of every turn file sent."""
    first = sc.ruleset.new_state(sc.data, sc.board, "x").sides[0]
    phrase = {first: "a"}
    pbem.send(pbem.start(sc, first, "a"), folder / "t0.json")
    invitation = pbem.read_turn(folder / "t0.json")
    phrase[next(s for s in invitation.sides if s != first)] = "b"
    pbem.send(pbem.join(invitation, "b"), folder / "t1.json")
    seat = pbem.receive_file(folder / "t1.json", "a")
    sizes = [(folder / f"t{n}.json").stat().st_size for n in (0, 1)]

    def turn_over() -> pbem.Seat:
        out = folder / f"t{len(sizes)}.json"
        pbem.send(seat, out)
        sizes.append(out.stat().st_size)
        return pbem.receive_file(out, phrase[seat.other])

    def play(action: Action) -> None:
        nonlocal seat
        while seat.world().state.to_move != seat.me:
            seat = turn_over()
        seat.play(action)

    for order in orders:
        for _ in range(300):
            state = seat.world().state
            if "until" in order and reached(sc.ruleset.summary(state), order["until"]):
                break
            for action, _rolls in expand(seat.world(), order):
                play(action)
            if "until" not in order:
                break
    while seat.world().state.to_move == owner:
        play(sc.ruleset.end_phase(seat.world().state))
    turn_over()
    return sizes


@pytest.mark.slow
@pytest.mark.parametrize("ruleset, pair", PAIRS, ids=[f"{r}: {p.name}" for r, p in PAIRS])
def test_turn_files_of_a_pair_are_one_size(ruleset, pair, tmp_path):
    if pair.one.changes or pair.other.changes or any("rolls" in o for o in pair.before):
        pytest.skip("a starting setup is no secret by email (the scenario travels in the "
                    "file), and dice by email cannot be forced")
    sizes = [by_email(build(ruleset, pair, variant), (*pair.before, *variant.orders),
                      pair.owner, tmp_path / name)
             for name, variant in (("one", pair.one), ("two", pair.other))
             if not (tmp_path / name).mkdir()]
    assert sizes[0] == sizes[1], f"{pair.name}: turn files of {sizes[0]} and {sizes[1]} bytes"


@pytest.mark.parametrize("ruleset, pair", PAIRS, ids=[f"{r}: {p.name}" for r, p in PAIRS])
def test_the_command_line_tells_the_other_side_the_same(ruleset, pair, tmp_path, capsys):
    """``mineboard run --side`` over the orders up to the reveal: the same report (but the
    dice's salted commitment, fresh for every game) and the same exit code."""
    from mineboard.cli import main

    _one, _two, played = run_pair(ruleset, pair)
    observer = next(s for s in _one.state.sides if s != pair.owner)
    printed = []
    for name, variant in (("one", pair.one), ("two", pair.other)):
        game = build(ruleset, pair, variant).new_game(1)
        actions = []
        for order in (*pair.before, *variant.orders, *pair.after[:played]):
            actions += [r.action.to_json() for r in play_order(game, order)]
        scenario_file = tmp_path / f"{name}-scenario.json"
        scenario_file.write_text(json.dumps(scenario_data(ruleset, pair, variant)))
        actions_file = tmp_path / f"{name}-actions.json"
        actions_file.write_text(json.dumps(actions))
        code = main(["run", str(scenario_file), "--seed", "1", "--actions", str(actions_file),
                     "--side", observer, "--json"])
        out, err = capsys.readouterr()
        report = json.loads(out)
        report["dice"].pop("commitment")
        printed.append((code, report, err))
    assert printed[0] == printed[1]


# ---- random forks ------------------------------------------------------------------------------

def fork_and_compare(game: Game[Any], seat: str, action: Action, twin: Action,
                     rng: random.Random, steps: int) -> bool:
    """Play ``action`` in one copy and ``twin`` in another, then the same random moves in
    both; the other sides must be told the same until a reveal. Whether the twin was legal."""
    owner = seat
    copies = [Game(game.ruleset, copy.deepcopy(game.state), game.seed, game.table)
              for _ in range(2)]
    try:
        copies[1].check(twin, by=seat)
    except IllegalAction:
        return False
    copies[0].play(action, by=seat)
    copies[1].play(twin, by=seat)
    one, two = copies
    assert_told_alike(one, two, owner, f"{action} or {twin}")
    for step in range(steps):
        mover = one.seat_to_move()
        legal = one.ruleset.legal_actions(one.observe(mover).view)
        chosen = pick(rng, legal)
        try:
            two.check(chosen, by=mover)
        except IllegalAction:
            return True  # the owner's own world differs: its moves may too
        records = [one.play(chosen, by=mover)], [two.play(chosen, by=mover)]
        if any(revealed(one, records[0], two, records[1], side)
               for side in one.state.sides if side != owner):
            return True
        assert_told_alike(one, two, owner, f"{action} or {twin}, then step {step} {chosen}")
    return True


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_random_look_alike_orders_tell_the_other_side_nothing(ruleset_id):
    kit = KITS[ruleset_id]
    game = _scenario(ruleset_id).new_game(3)
    if not game.has_secrets:
        pytest.skip("no secrets")
    rng = random.Random(23)
    forks = 0
    for _step in range(400):
        seat = game.seat_to_move()
        action = pick(rng, game.ruleset.legal_actions(game.observe(seat).view))
        twins = kit.twins(game.observe(seat).view, action)
        if twins and forks < 12:
            forks += fork_and_compare(game, seat, action, rng.choice(twins), rng, 25)
        game.play(action, by=seat)
    assert forks >= 1, "no look-alike order was legal: the test tried nothing"
