"""What one ruleset adds to the window: how its view is drawn, nothing about its rules.

A ruleset's window code (``mineboard/qt/<ruleset-id>/``) names its kind of map, its
colours, turns a view into a :class:`~mineboard.qt.maps.picture.Picture`, describes the
units in the selection dock, and may add a panel of its own (the gwas logsheet). What a
click means, which options and buttons there are and the odds all come from the ruleset
itself (:mod:`mineboard.core.planning`), so they are the same headless and on screen.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar, Generic, TypeVar

from PySide6.QtGui import QColor
from PySide6.QtWidgets import QWidget

from mineboard.core.game import GameState
from mineboard.maps.model import BoardMap
from mineboard.qt import palette
from mineboard.qt.maps.picture import Picture
from mineboard.qt.maps.scene import MapScene


@dataclass(frozen=True)
class UnitRow:
    """A unit in the selection dock: ``ticked`` ones take part in the next order."""

    id: str
    text: str
    ticked: bool = True


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
        """What the Selection dock says while nothing is picked."""
        return "Click your units on the map to pick them."

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
