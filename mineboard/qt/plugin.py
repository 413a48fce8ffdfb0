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

from mineboard.core.actions import Action
from mineboard.core.game import GameState
from mineboard.core.moves import move_of
from mineboard.core.orders import ask_of
from mineboard.core.words import and_list
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
    step is named with its actor, a new turn is marked. A move in progress and a reaction
    waiting for an answer come first (:func:`move_track`)."""
    if not isinstance(view, Ordered):
        return []
    out = move_track(view)
    position = view.position
    # The asked side acts inside another's step: the steps to come are named from that one.
    actor = view.sequence.step(position).actor if ask_of(view) is not None else view.actor
    for _ in range(ahead - len(out)):
        position, new_turn = view.sequence.advance(position)
        step = view.sequence.step(position)
        words = step.label if step.actor == actor else f"{step.actor}: {step.label}"
        out.append(f"turn {view.turn + 1} · {words}" if new_turn else words)
        if new_turn:
            break
    return out


# ---- a move in progress and the reactions it meets (core/moves.py, core/orders.py) --------
def move_track(view: GameState) -> list[str]:
    """What the move in progress leaves to do, before the order of play goes on: the asked
    side's answer, then the mover's next step; or the mover's choices once it stopped."""
    move, ask = move_of(view), ask_of(view)
    if move is None:
        return []
    out = []
    if ask is not None:
        out.append(f"{ask.side} may {ask.offer} or pass")
    name = _place_name(view, move.ahead) if move.ahead is not None else ""
    mover = f"{move.side}: " if ask is not None else ""
    if move.stopped is not None:
        press = "press on or " if move.stopped.resumable else ""
        out.append(f"{mover}{press}end the move (stopped: {move.stopped.clause})")
    elif move.ahead is not None:
        left = len(move.path) - 1 - move.done
        out.append(f"{mover}{'the move goes on to' if ask else 'step to'} {name}"
                   + (f" ({left} steps left)" if left > 1 else ""))
    return out


def move_hint(view: GameState) -> str:
    """What to do now about the move in progress or the reaction asked, in words for the
    Selection dock ("" when there is neither)."""
    move, ask = move_of(view), ask_of(view)
    if ask is not None:
        return (f"{and_list(ask.units)} entered {_place_name(view, ask.at)}: {ask.offer} or "
                "pass, with the buttons below.")
    if move is None:
        return ""
    if move.stopped is not None:
        press = "Press on or end" if move.stopped.resumable else "End"
        return f"Stopped: {move.stopped.text} ({move.stopped.clause}). {press} the move."
    if move.ahead is None:
        return ""
    return (f"{and_list(move.units)} moving: click {_place_name(view, move.ahead)} (lit) to "
            "step on, or End the move here.")


def _place_name(view: GameState, place: str) -> str:
    """A place as players read it, where the view carries its map (every ruleset's does)."""
    board = getattr(view, "board", None)
    ref = getattr(board, "ref", None)
    return str(ref(place)) if callable(ref) else place


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
        and after each action as what comes next — a newcomer never has to guess. A move
        in progress or a reaction asked comes first (:func:`move_hint`)."""
        return move_hint(view) or (f"{view.phase_label}: click your units on the map to "
                                   "pick them, then a place; End phase when done.")

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

    def order_words(self, view: S, order: Action) -> str:
        """An order kept to be declared together, in words for the declaration's list
        ("" : the window's own, the order's kind and the place clicked)."""
        return ""

    def show_declared(self, scene: MapScene, view: S, orders: tuple[Action, ...]) -> None:
        """Draw the orders planned to be declared together (the ruleset's ``batch_kinds``,
        core/batch.py) on ``scene``, in the order planned; none: take them away. The
        window keeps them until they are declared, withdrawn or the step is over."""
