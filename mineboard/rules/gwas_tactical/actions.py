"""The gwas-tactical action vocabulary; every action is the active side's."""

from __future__ import annotations

from dataclasses import dataclass

from mineboard.core.actions import Action, ActionCodec
from mineboard.rules.common.actions import EndPhase as EndPhase  # part of this vocabulary


@dataclass(frozen=True, slots=True)
class CrossBoundary(Action):
    """Ships entering the battle zone roll for a mined boundary (GT-02)."""

    kind = "cross_boundary"
    ships: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PlaceCounter(Action):
    kind = "place_counter"
    hex: str
    mine: bool


@dataclass(frozen=True, slots=True)
class MoveShips(Action):
    """Ships in one hex moving together, hex by hex, along ``path`` (first = where they are)."""

    kind = "move_ships"
    ships: tuple[str, ...]
    path: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class LeaveMap(Action):
    kind = "leave_map"
    ship: str



CODEC = ActionCodec(CrossBoundary, PlaceCounter, MoveShips, LeaveMap, EndPhase)
