"""Save files: the scenario, the table, the dice, and every action with its recorded rolls.

Loading a save is replaying it (OpenSpiel's way), so a save can never hold a state the
rules could not have produced. The dice are replayed from the game's seed and compared
with the rolls recorded, so a save whose rolls were edited is refused, and the seed must
open the commitment made when the game began. The map is named by id and checked by
content hash: a save made on another version of a map is refused, not misread. A map of
the player's own travels inside the save (``map.files``: each file's text by its path
relative to the scenario's folder), so the save opens from any folder — the autosave in
the data folder included — even once the player's map folder is gone; bundled maps are
named by id only.

Secrets: an action that is one side's secret is sealed for that side when it set a
passphrase (see :mod:`mineboard.persistence.sealing`), next to a salted commitment anyone
can check once the secret is revealed. When every side set one, the seed is sealed under
all their keys together. Without passphrases the file holds everything in plain text —
the New Game dialog and the README say so.
"""

from __future__ import annotations

import hmac
import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mineboard.atomic import write_atomic
from mineboard.core.actions import Action
from mineboard.core.commitment import canonical, commit, new_salt, opens, sha256
from mineboard.core.errors import BadInput, IllegalAction, MineboardError
from mineboard.core.game import Game
from mineboard.core.history import Record
from mineboard.core.limits import MAX_ACTIONS, MAX_FILE_BYTES
from mineboard.core.table import Table
from mineboard.persistence.documents import Document, read_document
from mineboard.persistence.scenario import (
    Scenario,
    carried_map_files,
    map_member,
    scenario_from_data,
)
from mineboard.persistence.sealing import Seals, padded, sealed_sides
from mineboard.resources import parse_json

SAVE_SCHEMA = 4
UNBOUND_SCHEMA = 3
"""Saves before each side's seal vouched for the others (and before sealed entries were
padded to one size): still read."""
UNDIGESTED_SCHEMA = 2
"""Saves before the digest (sealing and the dice commitment, no digest): still read."""
OLD_SCHEMA = 1
"""Saves before sealing and the dice commitment: still read, as games with a known seed."""


@dataclass
class Loaded:
    scenario: Scenario
    game: Game[Any]
    seals: Seals
    """The keys that opened the file: a session keeps them to save again the same way."""


def _hex(value: Any, where: str, what: str) -> bytes:
    try:
        return bytes.fromhex(value)
    except (TypeError, ValueError):
        raise BadInput(where, f"'{what}' must be hex") from None


# ---- writing ------------------------------------------------------------------------------
def _entry(index: int, record: Record, seals: Seals) -> dict[str, Any]:
    rolls = [x.value for x in record.rolls]
    side = record.secret_to
    if not seals.covers(side):
        return {"by": record.by, "action": record.action.to_json(), "rolls": rolls}
    assert side is not None
    salt = new_salt()
    action = record.action.to_json()
    inside = padded(canonical({"action": action, "rolls": rolls, "salt": salt.hex()}))
    return {"by": record.by, "secret": {
        "side": side, "commitment": commit(salt, canonical(action)),
        **seals.seal(side, f"action {index}", inside)}}


def save_document(scenario: Scenario, game: Game[Any], seals: Seals | None = None
                  ) -> dict[str, Any]:
    seals = seals or Seals()
    sides = tuple(game.initial.sides)
    dice: dict[str, Any] = {"commitment": game.seed_commitment}
    seed = padded(canonical({"seed": game.seed, "salt": game.seed_salt.hex()}))
    sealed_seed = seals.seal_joint(sides, "seed", seed) if game.has_secrets else None
    if sealed_seed is None:
        dice.update(seed=game.seed, salt=game.seed_salt.hex())
    else:
        dice["sealed"] = sealed_seed
    doc: dict[str, Any] = {
        "mineboard_save": SAVE_SCHEMA,
        "ruleset": {"id": game.ruleset.id, "options": dict(scenario.data.get("options", {}))},
        "map": map_member(scenario),
        "table": game.table.to_json(),
        "dice": dice,
        "scenario": dict(scenario.data),
        "actions": [_entry(i, r, seals) for i, r in enumerate(game.records)],
    }
    if seals:
        doc["seals"] = seals.to_json(_binding(doc))
        tag = seals.mac(sides, canonical(doc))
        if tag is not None:
            doc["mac"] = tag
    doc["digest"] = digest_of(doc)
    return doc



def _binding(doc: Mapping[str, Any]) -> dict[str, Any]:
    """What each sealing side vouches for besides who sealed: the game's dice and table
    (as the file says them), so one side cannot swap the seed or open the table alone."""
    dice = doc.get("dice")
    return {"file": "save", "dice": dice.get("commitment") if isinstance(dice, Mapping)
            else None, "table": doc.get("table")}


def digest_of(doc: Mapping[str, Any]) -> str:
    """sha256 of the document without its digest: a hand edit of anything the replay does
    not check (the embedded scenario, the options, the table) shows. Anyone can recompute
    it, so it is not a seal — the joint tag of sealed games is."""
    return sha256(canonical({k: v for k, v in doc.items() if k != "digest"})).hex()


def write_save(path: Path, scenario: Scenario, game: Game[Any],
               seals: Seals | None = None) -> None:
    """Write the save, unless it would be too long for mineboard to read back (a game on a
    map of the player's own carries the map): the file it would replace is kept."""
    text = json.dumps(save_document(scenario, game, seals), indent=1, allow_nan=False) + "\n"
    if len(text) > MAX_FILE_BYTES:  # ASCII (json.dumps escapes the rest): one byte a char
        raise BadInput(str(path), f"the save would be {len(text):,} bytes with the map it "
                                  f"carries; mineboard reads files of at most "
                                  f"{MAX_FILE_BYTES:,} bytes")
    write_atomic(path, text)


# ---- reading ------------------------------------------------------------------------------
def _field(doc: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    value = doc.get(key)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise BadInput(where, f"'{key}' is missing or of the wrong type")
    return value


def _seed(doc: Mapping[str, Any], seals: Seals, sides: tuple[str, ...], where: str
          ) -> tuple[int, bytes]:
    dice = _field(doc, "dice", Mapping, where)
    commitment = _field(dice, "commitment", str, f"{where}: dice")
    if "sealed" in dice:
        opened = parse_json(seals.open_joint(sides, "seed", dice["sealed"], f"{where}: dice"),
                            f"{where}: dice")
        dice = opened if isinstance(opened, Mapping) else {}
    seed = _field(dice, "seed", int, f"{where}: dice")
    salt = _hex(dice.get("salt"), f"{where}: dice", "salt")
    if seed < 0 or not opens(commitment, salt, str(seed).encode()):
        raise BadInput(f"{where}: dice", "the seed does not match the commitment made when "
                                         "the game began: the save was edited")
    return seed, salt


def _split_old_orders(raw: Any) -> list[Any]:
    """Before version 4 an imperium ``place_false`` could put down several counters in one
    order; now each counter is an order of its own (so a file's count of sealed orders
    tells nothing): read as that many."""
    if isinstance(raw, Mapping) and raw.get("kind") == "place_false" and "count" in raw:
        count = raw["count"]
        if isinstance(count, int) and not isinstance(count, bool) and 1 <= count <= 20:
            one = {k: v for k, v in raw.items() if k != "count"}
            return [one] * count
    return [raw]


def _steps(entry: Any, index: int, scenario: Scenario, seals: Seals, where: str,
           version: int) -> list[tuple[Action, str | None, list[int], str | None]]:
    """The actions of one saved entry: (action, who played it, recorded rolls, the side it
    is secret to) — one, or several for an older file's order (:func:`_split_old_orders`)."""
    action, by, rolls, side = _step(entry, index, scenario, seals, where)
    if version >= SAVE_SCHEMA or not isinstance(action, Mapping):
        return [(scenario.ruleset.codec.parse(action, f"{where}: actions[{index}]"), by,
                 rolls, side)]
    return [(scenario.ruleset.codec.parse(raw, f"{where}: actions[{index}]"), by,
             rolls if n == 0 else [], side)
            for n, raw in enumerate(_split_old_orders(action))]


def _step(entry: Any, index: int, scenario: Scenario, seals: Seals, where: str
          ) -> tuple[Any, str | None, list[int], str | None]:
    """One saved entry: (its action as JSON, who played it, recorded rolls, the side it is
    secret to)."""
    at = f"{where}: actions[{index}]"
    if not isinstance(entry, Mapping):
        raise BadInput(at, "must be an object with 'action' and 'rolls'")
    by = entry.get("by")
    if by is not None and not isinstance(by, str):
        raise BadInput(at, "'by' must be a side's name")
    side = None
    if "secret" in entry:
        secret = _field(entry, "secret", Mapping, at)
        side = _field(secret, "side", str, at)
        if not seals.covers(side):
            raise BadInput(at, f"sealed for {side}, but the file has no seal for that side")
        inside = parse_json(seals.open(side, f"action {index}", secret, at), at)
        if not isinstance(inside, Mapping):
            raise BadInput(at, "sealed entry holds no action")
        salt = _hex(inside.get("salt"), at, "salt")
        if not opens(_field(secret, "commitment", str, at), salt,
                     canonical(inside.get("action"))):
            raise BadInput(at, "sealed action does not match its commitment")
        entry = inside
    action = entry.get("action")
    rolls = entry.get("rolls", [])
    if not isinstance(rolls, list) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in rolls):
        raise BadInput(at, "'rolls' must be a list of whole numbers")
    return action, by, rolls, side


def _check_mac(doc: Mapping[str, Any], seals: Seals, sides: tuple[str, ...], where: str
               ) -> None:
    """When every side sealed the file, its tag under their joint key must hold: no side
    alone could have re-sealed a secret of its own, or swapped the seed."""
    expected = seals.mac(sides, canonical({k: v for k, v in doc.items()
                                           if k not in ("mac", "digest")}))
    if expected is None:
        return
    given = doc.get("mac")
    if not isinstance(given, str) or not hmac.compare_digest(expected.encode(),
                                                             given.encode()):
        raise BadInput(where, "sealed by every side, but changed since it was saved (its tag "
                              "under their joint key does not match)")
    if "sealed" not in _field(doc, "dice", Mapping, where):
        raise BadInput(where, "sealed by every side, yet its dice seed lies open")



def _upgrade(doc: Mapping[str, Any], where: str) -> dict[str, Any]:
    """A version 1 save: its seed was in plain sight, so the game is one with a known seed."""
    seed = _field(doc, "seed", int, where)
    salt = new_salt()
    return {**doc, "mineboard_save": SAVE_SCHEMA, "table": Table(seed_given=True).to_json(),
            "dice": {"commitment": commit(salt, str(seed).encode()), "seed": seed,
                     "salt": salt.hex()}}


def game_from_save(doc: Any, where: str, folder: Path,
                   passphrases: Mapping[str, str] | None = None) -> Loaded:
    if not isinstance(doc, Mapping) or "mineboard_save" not in doc:
        raise BadInput(where, "not a mineboard save")
    version = doc["mineboard_save"]
    if version == OLD_SCHEMA:
        doc = _upgrade(doc, where)
    elif version not in (UNDIGESTED_SCHEMA, UNBOUND_SCHEMA, SAVE_SCHEMA):
        raise BadInput(where, f"save format {version!r} is not one this program reads "
                              f"(it reads versions {OLD_SCHEMA} to {SAVE_SCHEMA})")
    map_info = _field(doc, "map", Mapping, where)
    scenario = scenario_from_data(_field(doc, "scenario", Mapping, where), f"{where}: scenario",
                                  folder, carried_map_files(map_info, where))
    ruleset_info = _field(doc, "ruleset", Mapping, where)
    if ruleset_info.get("id") != scenario.ruleset.id:
        raise BadInput(where, "ruleset does not match the scenario's")
    if ruleset_info.get("options", {}) != scenario.data.get("options", {}):
        raise BadInput(f"{where}: ruleset.options", "differ from the options of the scenario "
                                                    "the game was played on")
    if map_info.get("id") != scenario.board.id:
        raise BadInput(where, f"map {map_info.get('id')!r} does not match the scenario's map "
                              f"{scenario.board.id!r}")
    if _field(map_info, "sha256", str, f"{where}: map") not in scenario.board.accepted_hashes:
        raise BadInput(where, f"saved on a different version of map {scenario.board.id!r} "
                              "(content hash differs)")
    table = Table.from_json(doc.get("table", {}), where)
    if "seals" in doc:
        seals = Seals.from_json(doc["seals"], passphrases or {}, where,
                                _binding(doc) if version == SAVE_SCHEMA else None)
    elif passphrases:
        raise BadInput(where, f"a passphrase is given for {', '.join(sorted(passphrases))}, "
                              "but no side sealed this file: its seals were removed, or it is "
                              "not the game that side sealed")
    else:
        seals = Seals()
    initial = scenario.ruleset.new_state(scenario.data, scenario.board, where)
    _check_mac(doc, seals, tuple(initial.sides), where)
    seed, salt = _seed(doc, seals, tuple(initial.sides), where)
    actions = _field(doc, "actions", list, where)
    if len(actions) > MAX_ACTIONS:
        raise BadInput(where, f"more than {MAX_ACTIONS} actions")
    steps = [(i, step) for i, entry in enumerate(actions)
             for step in _steps(entry, i, scenario, seals, where, version)]
    game = Game(scenario.ruleset, initial, seed, table, salt)
    for index, (action, by, rolls, side) in steps:  # the file's own index, in messages
        at = f"{where}: actions[{index}] ({action.kind})"
        try:
            record = game.play(action, by=by)
        except IllegalAction as exc:
            raise BadInput(at, f"does not replay: it is illegal there ({exc})") from None
        except MineboardError as exc:
            raise BadInput(at, f"does not replay: {exc}") from None
        rolled = [r.value for r in record.rolls]
        if rolled != rolls:
            raise BadInput(at, f"recorded rolls {rolls} are not the dice this game's seed "
                               f"gives ({rolled}): the save was edited")
        if record.secret_to != side and seals.covers(record.secret_to):
            raise BadInput(at, f"a secret of {record.secret_to} stored unsealed")
    if version in (UNBOUND_SCHEMA, SAVE_SCHEMA) and doc.get("digest") != digest_of(doc):
        raise BadInput(where, "changed since mineboard saved it (its digest does not match); "
                              "a game sealed with passphrases is protected, an open file is not")
    return Loaded(scenario, game, seals)


def load_save(path: Path, passphrases: Mapping[str, str] | None = None) -> Loaded:
    return loaded_from(read_document(path, "save"), passphrases)


def loaded_from(doc: Document, passphrases: Mapping[str, str] | None = None) -> Loaded:
    return game_from_save(doc.data, doc.where, doc.folder, passphrases)


def save_needs(doc: Document) -> list[str]:
    """The sides asked for a passphrase when ``doc`` is opened (empty: none, or not a save):
    once any side sealed it, every side of the game is asked, each knowing from its own
    records whether it set one — so a side whose seal another stripped is asked, gives
    its passphrase, and the file is refused (a side that set none leaves it empty)."""
    if doc.kind != "save":
        return []
    sealed = sealed_sides(doc.data)
    if not sealed:
        return []
    try:
        scenario = scenario_from_data(doc.data["scenario"], doc.where, doc.folder)
        sides = scenario.ruleset.new_state(scenario.data, scenario.board, doc.where).sides
    except (MineboardError, KeyError, TypeError):
        return sealed  # the load names what is wrong with it
    return sealed + [side for side in sides if side not in sealed]
