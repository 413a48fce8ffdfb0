"""What one ruleset adds to the window: how its view is drawn, nothing about its rules.

A ruleset's window code (``mineboard/qt/<ruleset-id>/``) names its kind of map, its
colours, turns a view into a :class:`~mineboard.qt.maps.picture.Picture`, describes the
units in the selection dock, and may add a panel of its own (the gwas logsheet). What a
click means, which options and buttons there are and the odds all come from the ruleset
itself (:mod:`mineboard.core.planning`), so they are the same headless and on screen.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass
from typing import ClassVar, Generic, Protocol, TypeVar, runtime_checkable

from PySide6.QtGui import QColor
from PySide6.QtWidgets import QWidget

from mineboard.core.game import GameState
from mineboard.maps.hexgrid import Hex, HexGrid
from mineboard.maps.model import BoardMap
from mineboard.qt import palette
from mineboard.qt.maps.picture import Picture, StackMark, UnitMark
from mineboard.qt.maps.scene import MapScene


@dataclass(frozen=True)
class UnitRow:
    """A unit in the selection dock: ``ticked`` ones take part in the next order."""

    id: str
    text: str
    ticked: bool = True


class _Step(Protocol):
    @property
    def actor(self) -> str: ...

    @property
    def label(self) -> str: ...


class _Order(Protocol):
    def step(self, position: int) -> _Step: ...

    def advance(self, position: int) -> tuple[int, bool]: ...


@runtime_checkable
class Ordered(Protocol):
    """A view that keeps its place in an order of play (every ruleset's state does, through
    ``rules.common.turns``); the window may not import the rules, so it names the shape."""

    @property
    def sequence(self) -> _Order: ...

    @property
    def position(self) -> int: ...


TRACK_AHEAD = 4
"""How many coming steps the phase track names: the rest of a nation's turn in most games,
short enough for the toolbar at 1024 pixels."""


def track(view: GameState, ahead: int = TRACK_AHEAD) -> list[str]:
    """The steps after the current one, in the words of the order of play: another actor's
    step is named with its actor, a new turn is marked."""
    if not isinstance(view, Ordered):
        return []
    out: list[str] = []
    position, actor = view.position, view.actor
    for _ in range(ahead):
        position, new_turn = view.sequence.advance(position)
        step = view.sequence.step(position)
        words = step.label if step.actor == actor else f"{step.actor}: {step.label}"
        out.append(f"turn {view.turn + 1} · {words}" if new_turn else words)
        if new_turn:
            break
    return out


T = TypeVar("T")
K = TypeVar("K", bound=Hashable)


def group_by(items: Iterable[T], key: Callable[[T], K | None]) -> dict[K, list[T]]:
    """``items`` by ``key``, keys and items in the order first met (the picture's order is
    the ruleset's, so its sort decides which counter lies on top); None leaves one out."""
    groups: dict[K, list[T]] = {}
    for item in items:
        k = key(item)
        if k is not None:
            groups.setdefault(k, []).append(item)
    return groups


def stacks(items: Iterable[T], where: Callable[[T], tuple[str, str] | None],
           marks: Callable[[T], Iterable[UnitMark]],
           tip: Callable[[str, str, list[T]], str]) -> list[StackMark]:
    """One stack per place and owner of ``items`` (units, or fleets of several ships):
    ``where`` says at which place and whose (None: off the map), ``marks`` how each is
    drawn, ``tip`` the stack's tooltip from its place, owner and items. The first item met
    lies on top, so a ruleset sorts ``items`` to put the unit that matters there."""
    return [StackMark(place, owner, tuple(m for item in group for m in marks(item)),
                      tip(place, owner, group))
            for (place, owner), group in group_by(items, where).items()]


def hexside_facing(grid: HexGrid, direction: int) -> float:
    """The :attr:`~mineboard.qt.maps.picture.UnitMark.facing` of a unit that faces the
    hexside toward its neighbour in ``direction`` (0–5, as ``Hex.neighbour`` counts): the
    angle from the hex's centre to that neighbour's, on this grid's orientation."""
    ax, ay = grid.layout.to_pixel(Hex(0, 0))
    bx, by = grid.layout.to_pixel(Hex(0, 0).neighbour(direction))
    return round(math.degrees(math.atan2(bx - ax, ay - by)), 6) % 360


S = TypeVar("S", bound=GameState)


class RulesetUI(Generic[S]):
    ruleset_id: ClassVar[str]
    scene_class: ClassVar[type[MapScene]]
    colours: ClassVar[Mapping[str, str]] = {}
    """Owner → colour where the game has traditional ones (else the Okabe–Ito order)."""
    help: ClassVar[tuple[tuple[str, str], ...]] = ()
    """Mouse and key help that only this ruleset needs, for F1."""

    def __init__(self) -> None:
        self._owners: tuple[str, ...] = ()

    def make_scene(self, board: BoardMap) -> MapScene:
        return self.scene_class(board, self.colour)

    def colour(self, owner: str) -> QColor:
        if owner in self.colours:
            return QColor(self.colours[owner])
        return palette.nation_colour(owner, list(self._owners))

    def draw(self, view: S) -> Picture:
        """The picture of ``view``; remembers the owners' order for the colours."""
        self._owners = tuple(view.owners)
        picture = self.picture(view)
        picture.owners = self._owners
        return picture

    def picture(self, view: S) -> Picture:
        raise NotImplementedError

    def art(self, unit_type: str) -> str:
        """The silhouette a unit type is drawn with (assets/art/units/<name>.svg)."""
        return unit_type

    def unit_rows(self, view: S, units: list[str]) -> list[UnitRow]:
        return [UnitRow(u, u) for u in units]

    def hint(self, view: S) -> str:
        """What to do now in this phase, in words: atop the Selection dock all the time,
        and after each action as what comes next — a newcomer never has to guess."""
        return (f"{view.phase_label}: click your units on the map to pick them, then a "
                "place; End phase when done.")

    def holdings(self, view: S, side: str) -> str:
        """What ``side`` has to spend or lay (money, stored mines, a counter budget),
        always shown; only what that side may see, as its view already hides the rest."""
        return ""

    def heading(self, view: S, place: str) -> str:
        return f"{view.actor} at {place}: tick the units, then click a place."

    def phase_detail(self, view: S) -> str:
        """Words after the phase name in the toolbar (a budget, a count)."""
        return ""

    def panel(self, view: S) -> QWidget | None:
        """An extra widget under the selection (made once per game)."""
        return None

    def refresh_panel(self, view: S, side: str) -> None:
        """Bring the panel up to date for the viewer on ``side``."""
