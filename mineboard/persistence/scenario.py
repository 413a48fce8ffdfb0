"""Scenario files: which ruleset, which map, and the ruleset's own starting position.

A scenario names its map by bundled id (``"northsea"`` → ``maps/northsea.geojson``) or by
a path relative to the scenario file.

Its words come in two parts, since every player reads the first: ``about`` says only what
all sides may know (it is shown in *File ▸ New game* before anyone sits down), and
``briefing`` holds each side's own setup by side name, shown to that side alone at its turn
(a game's hidden starting minefields are told there, never in ``about``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import mineboard.rules  # noqa: F401  (registers the rulesets)
from mineboard.core.dice import fresh_seed
from mineboard.core.errors import BadInput
from mineboard.core.game import PUBLIC, TEACHER, Game
from mineboard.core.limits import MAX_TEXT_LENGTH
from mineboard.core.registry import get_ruleset
from mineboard.core.ruleset import Ruleset
from mineboard.core.table import Table
from mineboard.maps.loading import cached_board
from mineboard.maps.model import BoardMap
from mineboard.maps.refs import map_file
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

    @property
    def about(self) -> str:
        """What every player may read of the scenario, whoever is at the screen."""
        return str(self.data.get("about", ""))

    def briefing_for(self, seat: str) -> dict[str, str]:
        """The briefings ``seat`` may read, by side: its own; every side's for the teacher
        (no secrets, or an open table); none for :data:`PUBLIC`."""
        briefings = self.data.get("briefing", {})
        if seat == TEACHER:
            return dict(briefings)
        if seat == PUBLIC or seat not in briefings:
            return {}
        return {seat: briefings[seat]}

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
    state = ruleset.new_state(data, board, where)  # validates every reference now
    _check_words(data, tuple(state.sides), where)
    return scenario


def _check_words(data: Mapping[str, Any], sides: tuple[str, ...], where: str) -> None:
    for key in ("title", "about"):
        text = data.get(key, "")
        if not isinstance(text, str) or len(text) > MAX_TEXT_LENGTH:
            raise BadInput(where, f"'{key}' must be text of at most {MAX_TEXT_LENGTH} "
                                  "characters")
    briefings = data.get("briefing", {})
    if not isinstance(briefings, Mapping):
        raise BadInput(where, "'briefing' must be an object of each side's own words")
    for side, text in briefings.items():
        if side not in sides:
            raise BadInput(f"{where}: briefing", f"{side!r} is not a side of this game "
                                                 f"({', '.join(sides)})")
        if not isinstance(text, str) or len(text) > MAX_TEXT_LENGTH:
            raise BadInput(f"{where}: briefing.{side}", f"must be text of at most "
                                                        f"{MAX_TEXT_LENGTH} characters")


def load_scenario(path: Path) -> Scenario:
    doc = read_document(path, "scenario")
    return scenario_from_data(doc.data, doc.where, doc.folder)
