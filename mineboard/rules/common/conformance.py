"""What the conformance suite needs to know of a ruleset: a scenario to play, and how to
make another truth that differs only in what one side may not see.

Each ruleset keeps its kit beside its rules, as ``KIT`` in ``<its rules package>.conformance``
(found through :func:`mineboard.core.registry.conformance_kit`), so adding a ruleset touches
no test file. The no-leak test changes the secrets a side may not know and checks that
side's observation does not change: if it did, some trace of the secret reached it. The
differential test plays each kit's ``pairs``: two games that differ only in one side's
secret choices, on through the other side's turn, and holds every output the other side
gets to be the same until the rules reveal the difference. The by-email test plays the
kit's scenario through turn files, each side's world rebuilt from the other's stand-ins.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from mineboard.core.actions import Action

Order = dict[str, Any]
"""An action as a file writes it ({"kind": …}), or {"until": {summary key: value}}: end
phases until the state's summary says so; "rolls" forces the dice."""


@dataclass(frozen=True)
class Variant:
    """One of the two games of a pair: its own scenario changes (secret starting setup) and
    its owner's secret orders."""

    changes: dict[str, Any] = dataclasses.field(default_factory=dict)
    orders: tuple[Order, ...] = ()


@dataclass(frozen=True)
class Pair:
    """Two games alike but for one side's secrets. Both play ``before``, then each its
    variant, then ``after``; the sides other than ``owner`` must be told the same all along,
    until an event that reveals (a field defends, counters turn up) tells them apart."""

    name: str
    owner: str
    changes: dict[str, Any]
    before: tuple[Order, ...]
    one: Variant
    other: Variant
    after: tuple[Order, ...]


def _no_pairs(start: Any) -> list[Pair]:
    return []


def _no_twins(view: Any, action: Action) -> list[Action]:
    return []


@dataclass(frozen=True)
class Kit:
    scenario: str
    """A bundled scenario's name, or a path to a scenario file."""
    scramble: Callable[[Any, str, random.Random], Any]
    """(truth, side, rng) → a truth that differs only in secrets hidden from ``side``."""
    twins: Callable[[Any, Action], list[Action]] = _no_twins
    """(view, action) → other actions the mover might have chosen in its place that the
    other sides may not tell apart from it (another line to mine, a dummy for a mine)."""
    pairs: Callable[[Any], list[Pair]] = _no_pairs
    """(the scenario's starting state) → scripted pairs of games for the differential
    test: the situations random play rarely reaches (a lay on a line whose field the enemy
    has seen, a retreat across a hidden field)."""
