"""Scenario files: which ruleset, which map, and the ruleset's own starting position.

A scenario names its map by bundled id (``"northsea"`` → ``maps/northsea.geojson``) or by
a path relative to the scenario file.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import mineboard.rules  # noqa: F401  (registers the rulesets)
from mineboard.core.dice import fresh_seed
from mineboard.core.errors import BadInput
from mineboard.core.game import Game
from mineboard.core.registry import get_ruleset
from mineboard.core.ruleset import Ruleset
from mineboard.core.table import Table
from mineboard.maps.geojson import cached_board, map_file
from mineboard.maps.model import BoardMap
from mineboard.persistence.documents import read_document

SCENARIO_SCHEMA = 1


@dataclass(frozen=True)
class Scenario:
    data: Mapping[str, Any]
    where: str
    ruleset: Ruleset[Any]
    board: BoardMap
    folder: Path

    @property
    def title(self) -> str:
        return str(self.data.get("title", self.where))

    def new_game(self, seed: int | None = None, table: Table = Table()) -> Game[Any]:
        """A game from the start. Without ``seed`` the dice come from a fresh secret one; a
        given seed (tests, examples) makes them predictable, and the table records it."""
        return Game(self.ruleset, self.ruleset.new_state(self.data, self.board, self.where),
                    fresh_seed() if seed is None else seed,
                    replace(table, seed_given=seed is not None))


def board_for(ref: Any, folder: Path, where: str) -> BoardMap:
    return cached_board(map_file(ref, folder, f"{where}: map"), where)


def scenario_from_data(data: Any, where: str, folder: Path) -> Scenario:
    if not isinstance(data, Mapping) or data.get("mineboard_scenario") != SCENARIO_SCHEMA:
        raise BadInput(where, f"not a mineboard scenario (needs \"mineboard_scenario\": "
                              f"{SCENARIO_SCHEMA})")
    ruleset_id = data.get("ruleset")
    if not isinstance(ruleset_id, str):
        raise BadInput(where, "'ruleset' must be a ruleset id")
    ruleset = get_ruleset(ruleset_id, where)
    board = board_for(data.get("map"), folder, where)
    scenario = Scenario(data, where, ruleset, board, folder)
    ruleset.new_state(data, board, where)  # validates every reference now, not mid-game
    return scenario


def load_scenario(path: Path) -> Scenario:
    doc = read_document(path, "scenario")
    return scenario_from_data(doc.data, doc.where, doc.folder)
