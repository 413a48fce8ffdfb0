"""The one way the ``test_demo_bites_*.py`` files show that a demo bites: the demo passes on
the engine as it is, fails once a planted bug has broken the engine (through a monkeypatch
undone at the end), each failure text the test names is in one of its failure lines, and the
demo passes again once the bug is gone.

A bug is a ``Breaks``: a function that breaks the engine through the monkeypatch it is given.
The builders of bugs that more than one of those files plants live here too."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from mineboard.core.errors import IllegalAction
from mineboard.explorer.demos import load_demo, run_demo
from mineboard.resources import assets_dir
from mineboard.rules.imperium_mines import scenario as imperium_scenario
from mineboard.rules.imperium_mines.data import default_ship_data
from mineboard.rules.imperium_mines.state import Fleet, ImperiumState

Breaks = Callable[[pytest.MonkeyPatch], object]
"""A bug: it breaks the engine through the monkeypatch it is given."""


def demo_path(ruleset_id: str, name: str) -> Path:
    """The demo file ``name`` (without ``.json``) of the ruleset ``ruleset_id``."""
    path = assets_dir() / "rules" / ruleset_id / "demos" / f"{name}.json"
    assert path.exists(), path
    return path


def demo_failures(ruleset_id: str, name: str) -> list[str]:
    """The demo's failed checks, one line each; none when it passes."""
    result = run_demo(load_demo(demo_path(ruleset_id, name)))
    lines = result.failures()
    assert result.ok is (not lines), (result.ok, lines)
    return lines


def bites(ruleset_id: str, name: str, breaks: Breaks, *shown_by: str) -> list[str]:
    """Demo ``name`` passes unbroken; with the engine broken by ``breaks`` it fails, and each
    of ``shown_by`` (e.g. "step 6 (lay_mines): refusal") is in one of its failure lines;
    with the bug undone it passes again. Returns the failure lines."""
    unbroken = demo_failures(ruleset_id, name)
    assert unbroken == [], f"{name} fails unbroken:\n" + "\n".join(unbroken)
    with pytest.MonkeyPatch.context() as mp:
        breaks(mp)
        failed = demo_failures(ruleset_id, name)
    assert failed, f"{name} still passes with the engine broken"
    for text in shown_by:
        assert any(text in line for line in failed), (text, failed)
    again = demo_failures(ruleset_id, name)
    assert again == [], f"{name} fails once the bug is undone:\n" + "\n".join(again)
    return failed


# ---- bugs planted in more than one file ----------------------------------------------------
def skip_refusal(checks: dict[type, Callable[[Any, Any], None]], action_type: type,
                 clause: str) -> Breaks:
    """The bug: the check of ``action_type`` in the ruleset's table ``checks`` forgets the
    refusals of ``clause`` — the action is let through instead."""
    def breaks(mp: pytest.MonkeyPatch) -> None:
        original = checks[action_type]

        def forgetful(state: Any, action: Any) -> None:
            try:
                original(state, action)
            except IllegalAction as exc:
                if exc.clause != clause:
                    raise
        mp.setitem(checks, action_type, forgetful)
    return breaks


def ship_data_with(mp: pytest.MonkeyPatch, ships: dict[str, dict[str, Any]] | None = None,
                   check: dict[str, int] | None = None, **table: Any) -> None:
    """The bug is in imperium-mines' ship table: new games read it with ``ships`` changing
    ship types' fields, ``check`` the minefield check's numbers and ``table`` the table's own
    (auxiliary_jumps, hit_on, hull…). The cached table itself is left alone."""
    real = default_ship_data()
    changed = {name: dataclasses.replace(stype, **(ships or {}).get(name, {}))
               for name, stype in real.ships.items()}
    data = dataclasses.replace(real, ships=changed,
                               check=dataclasses.replace(real.check, **(check or {})), **table)
    mp.setattr(imperium_scenario, "default_ship_data", lambda: data)


def pooled_sweepers(mp: pytest.MonkeyPatch) -> None:
    """The imperium-mines bug: every minesweeper of the side in the system helps each fleet's
    minefield check, not only the fleet's own."""
    count_of = ImperiumState.count_of

    def pooled(self: ImperiumState, fleet: Fleet, predicate: str) -> int:
        if predicate != "sweeps":
            return count_of(self, fleet, predicate)
        return sum(count_of(self, f, predicate) for f in self.fleets_at(fleet.system, fleet.side))

    mp.setattr(ImperiumState, "count_of", pooled)
