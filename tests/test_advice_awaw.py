"""awaw-naval gives no mine-laying advice (core/advice.py): A World at War's rule 21 has no
mines. The seed (shared/seeds/003_*.txt) holds the letters "mine" only inside "determine",
and the ruleset's own clause texts (AW-01…AW-250) none at all; so ``advise`` is None and
``no_advice`` says why, naming the catalogue."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mineboard.core.advice import Target
from mineboard.core.ruleset import Ruleset
from mineboard.persistence.scenario import load_scenario
from mineboard.resources import assets_dir, maps_dir
from mineboard.rules.awaw_naval.ruleset import RULESET

ROOT = Path(__file__).resolve().parents[1]
SEED = sorted((ROOT.parent / "shared" / "seeds").glob("003_*.txt"))
MINE_WORDS = re.compile(r"\b(mines?|minefields?|minelay\w*|minesweep\w*)\b", re.IGNORECASE)


@pytest.mark.parametrize("name", ["awaw-narrow-seas.json", "awaw-middle-sea-1941.json"])
def test_advise_is_none_on_every_bundled_scenario(name: str) -> None:
    g = load_scenario(maps_dir() / "scenarios" / name).new_game(1)
    for side in g.state.sides:
        view = g.observe(side).view
        assert RULESET.advise(view) is None
        assert RULESET.advise(view, Target("0501", "a named hex")) is None
        assert RULESET.advice_targets(view) == []


def test_no_advice_names_the_reason_and_the_catalogue() -> None:
    said = RULESET.no_advice
    assert "no mines or minefields" in said
    assert "rules/awaw-naval.md" in said and "rule 21" in said
    assert said.count(".") <= 1, "one sentence"
    assert said != Ruleset.no_advice, "not the contract's placeholder"


def test_the_clause_texts_hold_no_mine() -> None:
    text = (assets_dir() / "rules" / "awaw-naval" / "clauses.toml").read_text()
    assert MINE_WORDS.findall(text) == []


@pytest.mark.skipif(not SEED, reason="the shared seed texts are not beside this checkout")
def test_the_seed_holds_mine_only_inside_determine() -> None:
    text = SEED[0].read_text()
    assert MINE_WORDS.findall(text) == []
    found = {w.lower() for w in re.findall(r"\w*mine\w*", text, re.IGNORECASE)}
    assert found == {"determine", "determined", "determines"}
