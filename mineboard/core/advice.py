"""The mine-laying advisor (*Game ▸ Advise*, ``mineboard advise``): the lays a side may make
now, ranked by what they would cost the enemy, from the exact odds the rules compute.

A ruleset answers from a **view** — the state as the asking side knows it — so advice can
rest on nothing that side may not know. Each lay is tried on a copy of that view
(:func:`what_if`) and scored under an enemy model the ruleset states in words
(``Advice.model``): expected enemy losses, and, when the player names a target, the chance
that the enemy's least-loss way there costs it at least one unit. Ranking is exhaustive over
the candidates when they fit the time allowed (``exact``); otherwise the answer says how many
were left unexamined and the most any of them could score (``bound``).
"""

from __future__ import annotations

import copy
import math
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Protocol

from mineboard.core.actions import Action
from mineboard.core.dice import Roll
from mineboard.core.errors import MineboardError
from mineboard.core.planning import percent

SHOWN = 5
"""How many suggestions the window draws on the map and the command prints by default."""

TIME_ALLOWED = 0.8
"""Seconds a ranking may take before it stops and states its bound (the issue: ≤ 1 s)."""

_allowed: ContextVar[float] = ContextVar("time_allowed", default=TIME_ALLOWED)


@contextmanager
def patient() -> Iterator[None]:
    """Rankings asked for inside take all the time they need: the solo opponent's choices
    must be the same on any machine (the seed and the actions replay the game)."""
    token = _allowed.set(math.inf)
    try:
        yield
    finally:
        _allowed.reset(token)


class Cancelled(MineboardError):
    """The player pressed Cancel: nothing was changed."""


class Progress(Protocol):
    def __call__(self, done: int, total: int) -> bool:
        """Told after each candidate; False asks the ranking to stop (Cancel)."""
        ...


def no_progress(done: int, total: int) -> bool:
    return True


@dataclass(frozen=True, slots=True)
class Target:
    """A place the player names as the enemy's goal: "stop the route to …"."""

    key: str
    label: str


@dataclass(frozen=True, slots=True)
class Suggestion:
    """One lay the side may make now, with what it would cost the enemy."""

    action: Action
    label: str
    places: tuple[str, ...]
    """Where the window draws it (line, zone, hex or system ids)."""
    expected: Fraction
    """Expected enemy losses under the stated model (``Advice.unit``)."""
    stop: Fraction | None = None
    """P(the enemy's least-loss way to the named target costs at least one), None: no target."""
    why: str = ""
    """The groups, fields and clauses behind the figures, in words."""

    def figures(self, unit: str) -> str:
        said = f"expected {unit} {float(self.expected):.2f} ({self.expected})"
        if self.stop is not None:
            said += f"; P(route hurt) {percent(self.stop)} ({self.stop})"
        return said

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action.to_json(), "label": self.label,
                "places": list(self.places), "expected": str(self.expected),
                "stop": None if self.stop is None else str(self.stop), "why": self.why}


@dataclass(frozen=True, slots=True)
class Advice:
    side: str
    title: str
    unit: str
    """What is counted, plural: "ships lost"."""
    model: str
    """The enemy model the figures rest on, in words (said beside every answer)."""
    suggestions: tuple[Suggestion, ...]
    """Every candidate examined, best first."""
    considered: int
    total: int
    target: Target | None = None
    bound: Fraction | None = None
    """When not every candidate was examined: the most any unexamined one could score."""
    elapsed: float = 0.0
    nothing: str = ""
    """Why there is no suggestion (no mines to lay now, no enemy in reach …)."""

    @property
    def exact(self) -> bool:
        return self.considered == self.total

    @property
    def best(self) -> tuple[Suggestion, ...]:
        return self.suggestions[:SHOWN]

    def accuracy(self) -> str:
        """The sentence said beside the answer about how far it can be trusted."""
        if not self.total:
            return "nothing to examine"
        if self.exact:
            return (f"exact: all {self.total} lays examined, each figure an exact fraction "
                    "under the model")
        bound = "" if self.bound is None else \
            f"; none of them could score more than {float(self.bound):.2f} ({self.bound})"
        return (f"searched {self.considered} of {self.total} lays in the time allowed (in "
                f"the order the rules list them), the rest left unexamined{bound}")

    def lines(self) -> list[str]:
        head = [self.title, f"model: {self.model}", self.accuracy()]
        if not self.suggestions:
            return [*head, self.nothing or "nothing to advise"]
        rows = [f"{i}. {s.label}: {s.figures(self.unit)}" + (f"\n   {s.why}" if s.why else "")
                for i, s in enumerate(self.best, 1)]
        return head + rows

    def to_json(self) -> dict[str, Any]:
        return {"side": self.side, "title": self.title, "unit": self.unit,
                "model": self.model, "exact": self.exact, "considered": self.considered,
                "total": self.total, "bound": None if self.bound is None else str(self.bound),
                "target": None if self.target is None else self.target.key,
                "nothing": self.nothing,
                "suggestions": [s.to_json() for s in self.suggestions]}


class _NoDice:
    """Dice for trying a lay on a copy: a lay that rolls is not advised on (it would tell
    the advisor what the dice will be)."""

    def __init__(self) -> None:
        self.rolls: list[Roll] = []

    def roll(self, clause: str, purpose: str, sides: int = 6) -> int:
        raise MineboardError(f"a lay that rolls dice ({clause}: {purpose}) cannot be tried")


def what_if(ruleset: Any, view: Any, action: Action) -> Any:
    """``view`` after ``action``, on a copy: the view itself is left as it was."""
    after = copy.deepcopy(view)
    ruleset.apply(after, action, _NoDice())
    return after


@dataclass
class Ranking:
    """Scores candidates one by one within the time allowed, then orders them."""

    score: Callable[[Action], Suggestion | None]
    """A candidate's suggestion (None: it cannot be tried, e.g. refused on the view)."""
    progress: Progress = no_progress
    time_allowed: float | None = None
    """None: the allowance in force (TIME_ALLOWED, or unlimited inside :func:`patient`)."""
    found: list[Suggestion] = field(default_factory=list)
    considered: int = 0
    elapsed: float = 0.0

    def run(self, candidates: Sequence[Action]) -> None:
        start = time.perf_counter()
        allowed = _allowed.get() if self.time_allowed is None else self.time_allowed
        for i, action in enumerate(candidates):
            if time.perf_counter() - start > allowed:
                break
            suggestion = self.score(action)
            if suggestion is not None:
                self.found.append(suggestion)
            self.considered = i + 1
            if not self.progress(i + 1, len(candidates)):
                raise Cancelled("advice cancelled: nothing was changed")
        self.elapsed = time.perf_counter() - start

    def ordered(self, by_stop: bool) -> tuple[Suggestion, ...]:
        def key(s: Suggestion) -> tuple[Fraction, Fraction, str]:
            first = (s.stop or Fraction(0)) if by_stop else s.expected
            second = s.expected if by_stop else (s.stop or Fraction(0))
            return (-first, -second, s.label)
        return tuple(sorted(self.found, key=key))


def rank(candidates: Sequence[Action], score: Callable[[Action], Suggestion | None], *,
         side: str, title: str, unit: str, model: str, target: Target | None = None,
         bound: Callable[[Iterable[Action]], Fraction] | None = None, nothing: str = "",
         progress: Progress = no_progress, time_allowed: float | None = None) -> Advice:
    """The shared half of every ruleset's advice: score, order, state the accuracy.

    ``bound`` gives the most the unexamined candidates could score (asked only when time
    ran out); with a named target the order is by the chance of hurting the route first."""
    ranking = Ranking(score, progress, time_allowed)
    ranking.run(candidates)
    left = candidates[ranking.considered:]
    return Advice(side=side, title=title, unit=unit, model=model,
                  suggestions=ranking.ordered(by_stop=target is not None),
                  considered=ranking.considered, total=len(candidates), target=target,
                  bound=bound(left) if left and bound is not None else None,
                  elapsed=ranking.elapsed,
                  nothing="" if any(s.expected or s.stop for s in ranking.found) else
                  (nothing or "no lay now would cost the enemy anything it may meet"))
