"""Turn files of a game by email: their format, their parsing, and the dice they seed.

A turn file holds the whole game so far — the ledger, the dice shares of every file, the
sides' seals, the scenario — plus its number and the hash of the file it answers. Parsing
checks each piece's shape and names what is wrong in one line; whether a file may follow
another is :mod:`mineboard.persistence.pbem`'s to judge.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mineboard.core.commitment import is_digest, sha256
from mineboard.core.errors import BadInput
from mineboard.core.limits import MAX_ACTIONS
from mineboard.persistence.ledger import Entry, Ledger, Opening
from mineboard.persistence.scenario import (
    Scenario,
    carried_map_files,
    map_member,
    scenario_from_data,
)
from mineboard.resources import parse_json, read_bytes

TURN_SCHEMA = 2
OLD_TURN_SCHEMA = 1
"""Turn files before sealed orders were padded and false counters placed one an order:
still read, unless they hold such an order."""
FIRST_PLAY = 2
"""Files 0 and 1 are the handshake (each side commits to its first share); moves from 2."""



def hex_bytes(value: Any, where: str, what: str) -> bytes:
    try:
        return bytes.fromhex(value)
    except (TypeError, ValueError):
        raise BadInput(where, f"'{what}' must be hex") from None


@dataclass
class ShareStep:
    """One file's dice shares: the sender's new commitment, the share it committed last
    time (now revealed), and the new share sealed so the sender can reveal it next time."""

    by: str
    commit: str
    reveal: str | None
    sealed: Mapping[str, str]

    def to_json(self) -> dict[str, Any]:
        return {"by": self.by, "commit": self.commit, "reveal": self.reveal,
                "sealed": dict(self.sealed)}

    @classmethod
    def from_json(cls, data: Any, where: str) -> ShareStep:
        if not isinstance(data, Mapping) or not isinstance(data.get("by"), str) or \
                not is_digest(data.get("commit")) or not isinstance(
                data.get("sealed"), Mapping) or not (
                data.get("reveal") is None or is_digest(data.get("reveal"))):
            raise BadInput(where, "a share step needs by, a commit and a reveal of 64 hex "
                                  "digits (or null), and sealed")
        return cls(data["by"], data["commit"], data["reveal"], dict(data["sealed"]))


def dice_seed(game_id: str, first: str, second: str, index: int) -> int:
    """The seed of entry ``index``'s dice, from the shares revealed in two files in a row."""
    digest = sha256(b"mineboard pbem dice", game_id.encode(), bytes.fromhex(first),
                    bytes.fromhex(second), str(index).encode())
    return int.from_bytes(digest[:16], "big")


@dataclass
class TurnFile:
    game_id: str
    seq: int
    prev: str | None
    sender: str
    scenario: Scenario
    seals: dict[str, Any]
    shares: list[ShareStep]
    ledger: Ledger
    raw: bytes = b""

    @property
    def sides(self) -> tuple[str, ...]:
        return tuple(self.ledger.initial.sides)

    def to_json(self) -> dict[str, Any]:
        return {
            "mineboard_turn": TURN_SCHEMA, "game": self.game_id, "seq": self.seq,
            "prev": self.prev, "from": self.sender,
            "ruleset": self.scenario.ruleset.id,
            "map": map_member(self.scenario),
            "scenario": dict(self.scenario.data), "seals": self.seals,
            "shares": [s.to_json() for s in self.shares],
            "ledger": [e.to_json() for e in self.ledger.entries],
            "opened": {str(i): {"action": o.action.to_json(), "salt": o.salt.hex()}
                       for i, o in sorted(self.ledger.opened.items())},
        }

    def encode(self) -> bytes:
        return (json.dumps(self.to_json(), indent=1) + "\n").encode()

    @property
    def digest(self) -> str:
        return sha256(self.raw).hex()


def _field(doc: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    value = doc.get(key)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise BadInput(where, f"'{key}' is missing or of the wrong type")
    return value


def parse_turn(raw: bytes, where: str, folder: Path) -> TurnFile:
    doc = parse_json(raw, where)
    if not isinstance(doc, Mapping) or "mineboard_turn" not in doc:
        raise BadInput(where, "not a mineboard turn file")
    if doc["mineboard_turn"] not in (OLD_TURN_SCHEMA, TURN_SCHEMA):
        raise BadInput(where, f"turn file format {doc['mineboard_turn']!r} is not one this "
                              f"program reads (it reads versions {OLD_TURN_SCHEMA} and "
                              f"{TURN_SCHEMA})")
    if doc["mineboard_turn"] == OLD_TURN_SCHEMA:
        _no_grouped_orders(doc, where)
    game_id = _field(doc, "game", str, where)
    seq = _field(doc, "seq", int, where)
    prev = doc.get("prev")
    if seq < 0 or (prev is not None and not isinstance(prev, str)) or (prev is None) != (
            seq == 0):
        raise BadInput(where, "'seq' and 'prev' do not fit: only turn 0 follows no file")
    map_info = _field(doc, "map", Mapping, where)
    scenario = scenario_from_data(_field(doc, "scenario", Mapping, where),
                                  f"{where}: scenario", folder,
                                  carried_map_files(map_info, where))
    if doc.get("ruleset") != scenario.ruleset.id or map_info.get("id") != scenario.board.id \
            or map_info.get("sha256") not in scenario.board.accepted_hashes:
        raise BadInput(where, "its ruleset or map is not the scenario's, or another version")
    seals = _check_seals(_field(doc, "seals", Mapping, where), where)
    shares = [ShareStep.from_json(s, f"{where}: shares[{i}]")
              for i, s in enumerate(_field(doc, "shares", list, where))]
    if len(shares) != seq + 1:
        raise BadInput(where, f"turn {seq} must carry {seq + 1} share steps, not "
                              f"{len(shares)}")
    initial = scenario.ruleset.new_state(scenario.data, scenario.board, where)
    raw_entries = _field(doc, "ledger", list, where)
    if len(raw_entries) > MAX_ACTIONS:
        raise BadInput(where, f"more than {MAX_ACTIONS} entries")
    entries = [Entry.from_json(e, scenario.ruleset, f"{where}: ledger[{i}]")
               for i, e in enumerate(raw_entries)]
    if any(e.by not in initial.sides for e in entries):
        raise BadInput(where, "an entry names no side of this game")
    ledger = Ledger(scenario.ruleset, initial, entries)
    for key, value in _field(doc, "opened", Mapping, where).items():
        at = f"{where}: opened[{key}]"
        if not (key.isascii() and key.isdigit() and len(key) <= 9) or not isinstance(
                value, Mapping):
            at = f"{where}: opened[{key[:12]}{'…' if len(key) > 12 else ''}]"
            raise BadInput(at, "an opening is keyed by entry number and holds action and salt")
        opening = Opening(scenario.ruleset.codec.parse(value.get("action"), at),
                          hex_bytes(value.get("salt"), at, "salt"))
        ledger.open(int(key), opening, at)
    sender = _field(doc, "from", str, where)
    if sender not in initial.sides or shares[-1].by != sender:
        raise BadInput(where, f"'from' names {sender!r}, not the side whose shares it adds")
    return TurnFile(game_id, seq, prev, sender, scenario, dict(seals), shares, ledger,
                    raw)


def _no_grouped_orders(doc: Mapping[str, Any], where: str) -> None:
    """An older mineboard could place several imperium false counters in one order; this
    one places one an order, and cannot rewrite a ledger both sides have signed off."""
    ledger = doc.get("ledger")
    for index, entry in enumerate(ledger if isinstance(ledger, list) else []):
        actions = [entry.get(k) for k in ("action", "stand_in")] \
            if isinstance(entry, Mapping) else []
        if any(isinstance(a, Mapping) and a.get("kind") == "place_false" and "count" in a
               for a in actions):
            raise BadInput(f"{where}: ledger[{index}]", "an order of several false counters "
                           "at once, from an older mineboard (this one places one an "
                           "order): finish this game with the version that began it")


def aad(game_id: str, what: str, index: int) -> str:
    """What a sealed piece is bound to: its game and its place, so it cannot be moved."""
    return f"{game_id}:{what} {index}"


def _check_seals(seals: Mapping[str, Any], where: str) -> dict[str, Any]:
    sides = seals.get("sides")
    if seals.get("kdf") != "scrypt" or not isinstance(sides, Mapping) or not all(
            isinstance(k, str) and isinstance(v, Mapping) for k, v in sides.items()):
        raise BadInput(where, "'seals' must name the scrypt key derivation and each side's "
                              "salt")
    return dict(seals)


def read_turn(path: Path) -> TurnFile:
    return parse_turn(read_bytes(path), str(path), path.resolve().parent)


