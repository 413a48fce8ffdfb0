"""Save files: the scenario, the seed and every action with its recorded rolls.

Loading a save is replaying it (OpenSpiel's way), so a save can never hold a state the
rules could not have produced. The rolls are stored too, so a save replays identically
even if the seeded generator were ever to change. The map is named by id and checked by
content hash: a save made on another version of a map is refused, not misread.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from mineboard.core.dice import Roll
from mineboard.core.errors import BadInput, MineboardError
from mineboard.core.game import Game
from mineboard.persistence.atomic import write_atomic
from mineboard.persistence.scenario import Scenario, scenario_from_data
from mineboard.resources import parse_json, read_bytes

SAVE_SCHEMA = 1
MAX_ACTIONS = 100_000


def save_document(scenario: Scenario, game: Game[Any]) -> dict[str, Any]:
    return {
        "mineboard_save": SAVE_SCHEMA,
        "ruleset": {"id": game.ruleset.id, "options": dict(scenario.data.get("options", {}))},
        "map": {"id": scenario.board.id, "sha256": scenario.board.content_hash},
        "seed": game.seed,
        "scenario": dict(scenario.data),
        "actions": [{"action": r.action.to_json(), "rolls": [x.value for x in r.rolls]}
                    for r in game.records],
    }


def write_save(path: Path, scenario: Scenario, game: Game[Any]) -> None:
    write_atomic(path, json.dumps(save_document(scenario, game), indent=1) + "\n")


def _field(doc: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    value = doc.get(key)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise BadInput(where, f"'{key}' is missing or of the wrong type")
    return value


def game_from_save(doc: Any, where: str, folder: Path) -> tuple[Scenario, Game[Any]]:
    if not isinstance(doc, Mapping) or "mineboard_save" not in doc:
        raise BadInput(where, "not a mineboard save")
    version = doc["mineboard_save"]
    if version != SAVE_SCHEMA:
        raise BadInput(where, f"save format {version!r} is not one this program reads "
                              f"(it reads version {SAVE_SCHEMA})")
    seed = _field(doc, "seed", int, where)
    map_info = _field(doc, "map", Mapping, where)
    scenario = scenario_from_data(_field(doc, "scenario", Mapping, where), f"{where}: scenario",
                                  folder)
    ruleset_info = _field(doc, "ruleset", Mapping, where)
    if ruleset_info.get("id") != scenario.ruleset.id:
        raise BadInput(where, "ruleset does not match the scenario's")
    if map_info.get("id") != scenario.board.id:
        raise BadInput(where, f"map {map_info.get('id')!r} does not match the scenario's map "
                              f"{scenario.board.id!r}")
    if map_info.get("sha256") not in scenario.board.accepted_hashes:
        raise BadInput(where, f"saved on a different version of map {scenario.board.id!r} "
                              "(content hash differs)")
    actions = _field(doc, "actions", list, where)
    if len(actions) > MAX_ACTIONS:
        raise BadInput(where, f"more than {MAX_ACTIONS} actions")
    steps = []
    for i, entry in enumerate(actions):
        at = f"{where}: actions[{i}]"
        if not isinstance(entry, Mapping):
            raise BadInput(at, "must be an object with 'action' and 'rolls'")
        action = scenario.ruleset.codec.parse(entry.get("action"), at)
        rolls = entry.get("rolls", [])
        if not isinstance(rolls, list) or not all(
                isinstance(v, int) and not isinstance(v, bool) for v in rolls):
            raise BadInput(at, "'rolls' must be a list of whole numbers")
        steps.append((action, [Roll(6, v, "", "") for v in rolls]))
    try:
        game = Game.replay(scenario.ruleset, scenario.ruleset.new_state(
            scenario.data, scenario.board, where), seed, steps)
    except MineboardError as exc:
        raise BadInput(where, f"does not replay: {exc}") from None
    return scenario, game


def load_save(path: Path) -> tuple[Scenario, Game[Any]]:
    doc = parse_json(read_bytes(path), str(path))
    return game_from_save(doc, str(path), path.resolve().parent)
