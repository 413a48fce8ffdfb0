"""Scenario files: which ruleset, which map, and the ruleset's own starting position.

A scenario names its map by bundled id (``"northsea"`` → ``maps/northsea.geojson``) or by
a path relative to the scenario file. A map of the player's own (a path) is read once,
with the custom maps it relates to, and the scenario keeps those files' bytes: its saves
carry them, so a save opens wherever it is (see maps.files).

Its words come in two parts, since every player reads the first: ``about`` says only what
all sides may know (it is shown in *File ▸ New game* before anyone sits down), and
``briefing`` holds each side's own setup by side name, shown to that side alone at its turn
(a game's hidden starting minefields are told there, never in ``about``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
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
from mineboard.maps.files import CarriedFiles, FolderFiles
from mineboard.maps.loading import board_from_files, bundled_board
from mineboard.maps.model import BoardMap
from mineboard.maps.refs import map_ref_problem
from mineboard.persistence.documents import read_document

SCENARIO_SCHEMA = 1


@dataclass(frozen=True)
class Scenario:
    data: Mapping[str, Any]
    where: str
    ruleset: Ruleset[Any]
    board: BoardMap
    folder: Path
    map_files: Mapping[str, bytes] = field(default_factory=dict)
    """The files of a map of the player's own that ``board`` was read from, by path relative
    to the scenario's folder (empty for a bundled map): what a save carries."""

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


def board_for(ref: Any, folder: Path, where: str,
              carried: Mapping[str, bytes] | None = None) -> tuple[BoardMap, dict[str, bytes]]:
    """The map ``ref`` names, and the files of a map of the player's own it was read from:
    from ``carried`` (a save's) when given, else from ``folder``."""
    problem = map_ref_problem(ref)
    if problem is not None:
        raise BadInput(f"{where}: map", problem)
    assert isinstance(ref, str)
    if not ref.endswith(".geojson"):
        return bundled_board(ref, where), {}
    files = FolderFiles(folder, where) if carried is None else CarriedFiles(carried, where)
    return board_from_files(ref, files, where)


def scenario_from_data(data: Any, where: str, folder: Path,
                       carried: Mapping[str, bytes] | None = None) -> Scenario:
    """The scenario ``data`` read from a file in ``folder`` (or embedded in a save there);
    ``carried`` holds the map files the save carries, if any (see :func:`board_for`)."""
    if not isinstance(data, Mapping) or data.get("mineboard_scenario") != SCENARIO_SCHEMA:
        raise BadInput(where, f"not a mineboard scenario (needs \"mineboard_scenario\": "
                              f"{SCENARIO_SCHEMA})")
    ruleset_id = data.get("ruleset")
    if not isinstance(ruleset_id, str):
        raise BadInput(where, "'ruleset' must be a ruleset id")
    ruleset = get_ruleset(ruleset_id, where)
    board, map_files = board_for(data.get("map"), folder, where, carried)
    scenario = Scenario(data, where, ruleset, board, folder, map_files)
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

def map_member(scenario: Scenario) -> dict[str, Any]:
    """The map by id and content hash, and the files of a map of the player's own as text:
    what a save or a turn file carries, so the other side or a later day needs no copy of
    the player's map folder (its bytes were read as UTF-8 JSON, and come back byte for
    byte)."""
    member: dict[str, Any] = {"id": scenario.board.id, "sha256": scenario.board.content_hash}
    if scenario.map_files:
        member["files"] = {key: raw.decode("utf-8")
                           for key, raw in sorted(scenario.map_files.items())}
    return member


def carried_map_files(map_info: Mapping[str, Any], where: str) -> dict[str, bytes] | None:
    """The map files a save or a turn file carries (None: it carries none, and a map of
    the player's own is looked for beside the file, as files before they carried maps
    expect)."""
    files = map_info.get("files")
    if files is None:
        return None
    at = f"{where}: map.files"
    if not isinstance(files, Mapping) or not all(isinstance(t, str) for t in files.values()):
        raise BadInput(at, "must be an object: a map file's path → its text")
    for key in files:
        problem = map_ref_problem(key)
        if problem is not None or not key.endswith(".geojson"):
            raise BadInput(at, problem or f"{key!r} is not a .geojson path")
    return {key: text.encode("utf-8", "surrogatepass") for key, text in files.items()}
