"""Shared fixtures: scenarios built from the bundled one with a few fields changed."""

from __future__ import annotations

import copy
import json
import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# The derived-lines cache of this run, not the player's (tests must not depend on it).
os.environ.setdefault("MINEBOARD_CACHE_DIR", tempfile.mkdtemp(prefix="mineboard-test-cache-"))

from mineboard.core.dice import Roll
from mineboard.core.errors import IllegalAction
from mineboard.core.game import Game
from mineboard.core.history import Record
from mineboard.persistence.scenario import Scenario, scenario_from_data
from mineboard.resources import maps_dir, resolve_scenario

BASE_PATH = resolve_scenario("northsea-1940")
BASE: dict[str, Any] = json.loads(BASE_PATH.read_text())


IMPERIUM: dict[str, Any] = json.loads(resolve_scenario("imperium-marches").read_text())
JUTLAND: dict[str, Any] = json.loads(resolve_scenario("jutland-horns-reef").read_text())


def scenario(base: dict[str, Any] | None = None, **changes: Any) -> Scenario:
    """A bundled scenario with top-level fields replaced (``options`` merged)."""
    data = copy.deepcopy(BASE if base is None else base)
    options = changes.pop("options", None)
    data.update(changes)
    if options:
        data["options"] = {**data["options"], **options}
    return scenario_from_data(data, "test scenario", maps_dir() / "scenarios")


def game(seed: int = 7, **changes: Any) -> Game[Any]:
    return scenario(**changes).new_game(seed)


def jutland(seed: int = 7, **changes: Any) -> Game[Any]:
    return scenario(JUTLAND, **changes).new_game(seed)


def imperium(seed: int = 7, segment: int = 0, **changes: Any) -> Game[Any]:
    """The Marches scenario, advanced to action segment ``segment`` (0: construction)."""
    g = scenario(IMPERIUM, **changes).new_game(seed)
    steps = 0 if segment == 0 else len(g.state.sides) + segment - 1
    for _ in range(steps):
        play(g, "end_phase")
    return g


def play(g: Game[Any], kind: str, rolls: list[int] | None = None, **fields: Any) -> Record:
    """Play one action; ``rolls`` forces the dice (all must be used)."""
    action = g.ruleset.codec.parse({"kind": kind, **fields})
    recorded = None if rolls is None else [Roll(6, v, "test", "test") for v in rolls]
    return g.play(action, recorded)


def refused(clause: str, g: Game[Any], kind: str, **fields: Any) -> IllegalAction:
    """Assert the action is refused under ``clause`` and that nothing changed."""
    before = g.ruleset.summary(g.state)
    with pytest.raises(IllegalAction) as info:
        play(g, kind, **fields)
    assert info.value.clause == clause, info.value
    assert g.ruleset.summary(g.state) == before, "a refused action changed the state"
    return info.value


def dice_of(record: Record, clause: str) -> list[int]:
    return [r.value for r in record.rolls if r.clause == clause]


@pytest.fixture(autouse=True)
def fresh_rule_caches() -> None:
    """Under mutation testing only (`make mutants`): empty the rules' memo caches before each
    test. mutmut runs the clean tests once and then forks a process per mutant, so a cache
    filled before the fork answers with the clean code's result and hides the mutant."""
    if "MUTANT_UNDER_TEST" not in os.environ:
        return
    for name, module in list(sys.modules.items()):
        if name.startswith(("mineboard.rules.", "mineboard.core.chance")):
            for value in list(vars(module).values()):
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()
    setup = sys.modules.get("mineboard.rules.gwas_tactical.setup")
    if setup is not None:
        setup._COVERS.clear()  # keyed by the board, the boundaries and the blocked hexes


@pytest.fixture
def private_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The program's data folder (autosaves, play-by-email files, settings) the test's own,
    never the user's: a file opts in with ``pytestmark = pytest.mark.usefixtures(…)``."""
    data = tmp_path / "data"
    monkeypatch.setenv("MINEBOARD_DATA_DIR", str(data))
    return data


@pytest.fixture
def seam() -> Iterator[None]:
    """The seam test ruleset (tests/seam_ruleset/) provided for the length of a test."""
    from tests.seam_ruleset import registered

    with registered():
        yield


@pytest.fixture
def tmp_cwd(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def mixed_hex_setup(british: tuple[str, ...]) -> tuple[dict[str, Any], str, str, str]:
    """Horns Reef's counter setup of the gwas-tactical conformance kit (see there)."""
    from mineboard.rules.gwas_tactical.conformance import mixed_hex_setup as setup

    return setup(scenario(JUTLAND).new_game(1).state, british)
