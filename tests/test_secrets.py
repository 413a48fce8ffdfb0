"""Secrets that hold (issue 9): undo barriers, a table agreed at the start, dice no one can
predict or forge, and secrets sealed in the saved file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mineboard.core.dice import seeded_value
from mineboard.core.errors import BadInput, IllegalAction
from mineboard.core.game import Game
from mineboard.core.table import Table
from mineboard.persistence.saves import load_save, save_document, write_save
from mineboard.persistence.sealing import Seals, WrongPassphrase
from tests.conftest import JUTLAND, game, imperium, play, scenario
from tests.test_gwas_clauses import german_setup, place_german_legal_set

pytestmark = pytest.mark.usefixtures("private_data_dir")

HIDDEN = {"options": {"hidden_minefields": True}}


def naval_secret_then_hand_over(table: Table = Table(), seed: int | None = 4) -> Game[Any]:
    """Germany loads and lays 2 mines face-down, then passes the move to the British."""
    g = scenario(phase="noncombat_move", **HIDDEN).new_game(seed, table)
    play(g, "load_mines", unit="ger-escort-1", count=2)
    play(g, "lay_mines", unit="ger-escort-1", line="112|113")
    play(g, "end_phase")  # → place
    return g


def gwas_secret_then_hand_over(table: Table = Table()) -> Game[Any]:
    g = scenario(JUTLAND).new_game(4, table)
    german_setup(g)
    place_german_legal_set(g)
    return g


def imperium_secret_then_hand_over(table: Table = Table()) -> Game[Any]:
    g = imperium(4, segment=1)
    g.table = table
    play(g, "lay_mines", fleet="IMP-2")
    return g


SECRET_GAMES = {"naval-lines": naval_secret_then_hand_over,
                "gwas-tactical": gwas_secret_then_hand_over,
                "imperium-mines": imperium_secret_then_hand_over}


def hand_over(g: Game[Any]) -> None:
    mover = g.state.to_move
    while g.state.to_move == mover:
        play(g, "end_phase")


@pytest.mark.parametrize("ruleset", SECRET_GAMES)
def test_undo_across_a_side_change_is_refused(ruleset):
    g = SECRET_GAMES[ruleset]()
    assert g.can_undo()  # the side may take back its own moves of this turn …
    hand_over(g)
    assert g.records[-1].hands_over and g.records[-1].commits
    for past_commits in (False, True):  # … but nobody undoes into the last side's turn,
        assert not g.can_undo(past_commits)  # not even with "undo past dice" asked for
        with pytest.raises(IllegalAction, match="passed to another side"):
            g.undo(past_commits)


@pytest.mark.parametrize("ruleset", SECRET_GAMES)
def test_at_an_open_table_undo_goes_back_into_the_last_turn(ruleset):
    g = SECRET_GAMES[ruleset](Table(open=True))
    count = len(g.records)
    hand_over(g)
    while len(g.records) > count:
        g.undo(past_commits=True)
    assert len(g.records) == count


def test_the_side_to_move_undoes_its_own_actions_since_its_turn_began():
    g = naval_secret_then_hand_over()
    hand_over(g)  # the British now
    before = g.ruleset.summary(g.state)
    play(g, "end_phase")  # a British step that hands nothing over
    assert not g.records[-1].hands_over
    g.undo()
    assert g.ruleset.summary(g.state) == before


def test_a_game_without_secrets_is_not_barred_at_a_hand_over():
    g = game(phase="place")
    hand_over(g)
    assert not g.records[-1].hands_over and g.can_undo()


# ---- dice no one can predict or forge --------------------------------------------------------
def test_two_games_started_without_a_seed_roll_different_dice():
    from mineboard.qt.app import startup_session

    first = startup_session("northsea-1940", None, lambda: False)
    second = startup_session("northsea-1940", None, lambda: False)
    a, b = first.game, second.game
    assert a.seed != b.seed and a.seed.bit_length() > 64
    assert [seeded_value(a.seed, i, 6) for i in range(40)] != \
        [seeded_value(b.seed, i, 6) for i in range(40)]
    assert not a.table.seed_given


def test_a_fresh_seed_is_never_in_a_sides_report_only_its_commitment():
    g = scenario(**HIDDEN).new_game()
    for seat in ("Axis", "Allies", "@teacher"):
        report = g.observe(seat).summary()
        assert report["dice"] == {"commitment": g.seed_commitment}
        assert str(g.seed) not in json.dumps(report)
    given = scenario(**HIDDEN).new_game(5)
    assert given.observe("Axis").summary()["dice"]["seed"] == 5  # no secret to keep


# ---- secrets in files ---------------------------------------------------------------------------
def sealed_naval(tmp_path: Path) -> tuple[Path, Game[Any]]:
    g = naval_secret_then_hand_over(seed=None)
    sc = scenario(phase="noncombat_move", **HIDDEN)
    seals = Seals.from_passphrases({"Axis": "nordsee", "Allies": "dover"})
    path = tmp_path / "sealed.json"
    write_save(path, sc, g, seals)
    return path, g


def test_a_save_with_passphrases_holds_no_plaintext_of_the_secret(tmp_path):
    path, g = sealed_naval(tmp_path)
    raw = path.read_bytes()
    for secret in (b"lay_mines", b"load_mines", b"112|113", b"ger-escort-1", b'"seed"',
                   str(g.seed).encode()):
        assert secret not in raw, secret
    doc = json.loads(raw)
    assert doc["dice"]["commitment"] == g.seed_commitment and "sealed" in doc["dice"]
    assert doc["actions"][0]["secret"]["side"] == "Axis"
    loaded = load_save(path, {"Axis": "nordsee", "Allies": "dover"}).game
    assert loaded.state == g.state


def test_a_sealed_save_asks_every_passphrase_and_names_a_wrong_one(tmp_path):
    path, _g = sealed_naval(tmp_path)
    with pytest.raises(BadInput, match="sealed with Allies' passphrase"):
        load_save(path, {"Axis": "nordsee"})
    with pytest.raises(WrongPassphrase) as info:
        load_save(path, {"Axis": "nordsee", "Allies": "calais"})
    assert str(info.value) == f"{path}: wrong passphrase for Allies"


def test_a_sealed_action_cannot_be_moved_or_changed(tmp_path):
    path, _g = sealed_naval(tmp_path)
    doc = json.loads(path.read_text())
    doc["actions"][0], doc["actions"][1] = doc["actions"][1], doc["actions"][0]
    path.write_text(json.dumps(doc))
    with pytest.raises(BadInput, match="changed since it was saved"):  # the joint tag
        load_save(path, {"Axis": "nordsee", "Allies": "dover"})
    # With Germany's seal alone there is no joint tag; each sealed entry is still bound
    # to its place.
    g = naval_secret_then_hand_over(seed=None)
    write_save(path, scenario(**HIDDEN), g, Seals.from_passphrases({"Axis": "nordsee"}))
    doc = json.loads(path.read_text())
    assert "mac" not in doc
    doc["actions"][0], doc["actions"][1] = doc["actions"][1], doc["actions"][0]
    path.write_text(json.dumps(doc))
    with pytest.raises(BadInput, match=r"actions\[0\]: sealed entry does not open"):
        load_save(path, {"Axis": "nordsee"})


def test_with_one_passphrase_the_seed_stays_plain_and_the_file_says_what_is_sealed(tmp_path):
    g = naval_secret_then_hand_over()
    doc = save_document(scenario(**HIDDEN), g, Seals.from_passphrases({"Axis": "nordsee"}))
    assert doc["dice"]["seed"] == g.seed  # no key both sides lack: the seed cannot hide
    assert "secret" in doc["actions"][0] and "112|113" not in json.dumps(doc["actions"])


def test_without_passphrases_the_file_shows_everything(tmp_path):
    g = naval_secret_then_hand_over()
    doc = save_document(scenario(**HIDDEN), g)
    assert doc["actions"][1]["action"] == {"kind": "lay_mines", "unit": "ger-escort-1",
                                           "line": "112|113"}


# ---- no oracles ---------------------------------------------------------------------------------
def _seen_by(g: Game[Any], side: str, kind: str, **fields: Any) -> list[dict[str, Any]]:
    record = play(g, kind, **fields)
    return [e.to_json() for e in g.observe(side).events_of(record)]


def test_real_and_false_placements_read_the_same_to_the_other_side():
    from tests.test_gwas_clauses import near_hex
    from tests.test_imperium_clauses import ONE_FLEET

    real = _seen_by(imperium(segment=1, **ONE_FLEET), "Terran", "lay_mines", fleet="L")
    false = _seen_by(imperium(segment=1, **ONE_FLEET), "Terran", "place_false", fleet="L")
    assert real == false == [{"kind": "CountersPlaced", "type": "CountersPlaced",
                              "clause": "IM-08",
                              "text": "Imperial places a face-down counter at Corvan",
                              "at": {"kind": "system", "id": "corvan"}, "owner": "Imperial",
                              "count": 1, "public_clause": ""}]
    seen = []
    for mine in (True, False):
        g = scenario(JUTLAND).new_game(4)
        german_setup(g)
        seen.append(_seen_by(g, "British", "place_counter", hex=near_hex(g, "C|W"), mine=mine))
    assert seen[0] == seen[1] and "face-down counter" in seen[0][0]["text"]


def test_a_sealed_autosave_is_restored_only_with_the_passphrases():
    from mineboard.qt.app import startup_session
    from mineboard.qt.session import GameSession

    session = GameSession.open("northsea-1940-hidden",
                               passphrases={"Axis": "nordsee", "Allies": "dover"})
    session.play(session.game.ruleset.codec.parse({"kind": "buy_mines", "count": 2}))
    raw = GameSession.pending_autosave().read_bytes()
    assert b"buy_mines" not in raw and b'"seed"' not in raw  # sealed like a save
    asked = []
    restored = startup_session("northsea-1940", None, lambda: True, ask_passphrases=lambda
                               sides, sealed: asked.extend(sides) or {"Axis": "nordsee",
                                                              "Allies": "dover"})
    assert asked == ["Axis", "Allies"] and restored.game.state == session.game.state
    assert restored.seals.covers("Axis")  # it goes on saving sealed


def test_one_side_alone_cannot_reseal_its_secret_or_swap_the_seed(tmp_path):
    """A review's attacks: with only Germany's passphrase, move the sealed field to another
    line (new commitment and all), or put an open seed of one's choosing in the file."""
    from mineboard.core.commitment import canonical, commit, new_salt
    from mineboard.persistence.sealing import _decrypt, _encrypt, derive_key

    path, _g = sealed_naval(tmp_path)
    base = json.loads(path.read_text())
    key = derive_key("nordsee", bytes.fromhex(base["seals"]["sides"]["Axis"]["salt"]))
    doc = json.loads(json.dumps(base))
    inside = json.loads(_decrypt(key, "action 1", doc["actions"][1]["secret"], "x"))
    inside["action"]["line"] = "113|114"
    salt = new_salt()
    inside["salt"] = salt.hex()
    doc["actions"][1]["secret"] = {"side": "Axis", "commitment": commit(
        salt, canonical(inside["action"])), **_encrypt(key, "action 1", canonical(inside))}
    path.write_text(json.dumps(doc))
    with pytest.raises(BadInput, match="changed since it was saved"):
        load_save(path, {"Axis": "nordsee", "Allies": "dover"})
    doc = json.loads(json.dumps(base))
    salt = new_salt()
    doc["dice"] = {"commitment": commit(salt, b"424242"), "seed": 424242, "salt": salt.hex()}
    path.write_text(json.dumps(doc))
    with pytest.raises(BadInput, match="changed since"):
        load_save(path, {"Axis": "nordsee", "Allies": "dover"})
