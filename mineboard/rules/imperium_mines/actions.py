"""The imperium-mines action vocabulary; every action is the active side's."""

from __future__ import annotations

from dataclasses import dataclass

from mineboard.core.actions import Action, ActionCodec
from mineboard.rules.common.actions import EndPhase as EndPhase  # part of this vocabulary


@dataclass(frozen=True, slots=True)
class Build(Action):
    kind = "build"
    ship: str
    count: int = 1


@dataclass(frozen=True, slots=True)
class Jump(Action):
    """Fleets moving together along ``path`` (first system is where they are)."""

    kind = "jump"
    fleets: tuple[str, ...]
    path: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class LayMines(Action):
    kind = "lay_mines"
    fleet: str


@dataclass(frozen=True, slots=True)
class PlaceFalse(Action):
    """One False Minefield counter. A fleet places as many as it likes (IM-12), an order
    each: one back per order, as a lay puts down, so neither the log nor a file's count of
    sealed orders tells the enemy which backs are false (IM-08)."""

    kind = "place_false"
    fleet: str


@dataclass(frozen=True, slots=True)
class Sweep(Action):
    kind = "sweep"
    fleet: str


@dataclass(frozen=True, slots=True)
class SplitFleet(Action):
    kind = "split_fleet"
    fleet: str
    ships: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SettleCombat(Action):
    """Space or planetary combat as the players settled it: which ships were destroyed."""

    kind = "settle_combat"
    system: str
    destroyed: tuple[str, ...] = ()



CODEC = ActionCodec(Build, Jump, LayMines, PlaceFalse, Sweep, SplitFleet, SettleCombat, EndPhase)
