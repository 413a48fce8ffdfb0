"""The naval-lines action vocabulary (documented for players in docs/actions.md).

Every action is taken by the nation whose turn it is; none names its nation.
"""

from __future__ import annotations

from dataclasses import dataclass

from mineboard.core.actions import Action, ActionCodec
from mineboard.rules.common.actions import EndPhase as EndPhase  # part of this vocabulary


@dataclass(frozen=True, slots=True)
class BuyMines(Action):
    kind = "buy_mines"
    count: int


@dataclass(frozen=True, slots=True)
class LoadMines(Action):
    kind = "load_mines"
    unit: str
    count: int


@dataclass(frozen=True, slots=True)
class Move(Action):
    """Move a group along ``path`` (its first zone is where the units are).

    ``sweepers`` are attacking Escorts that sweep enemy minefields on the way (NL-22);
    ``losses`` is the crossing player's order of casualties, cheapest-first for the rest.
    """

    kind = "move"
    units: tuple[str, ...]
    path: tuple[str, ...]
    sweepers: tuple[str, ...] = ()
    losses: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class LayMines(Action):
    kind = "lay_mines"
    unit: str
    line: str


@dataclass(frozen=True, slots=True)
class SettleBattle(Action):
    """The players' result of a naval battle: which units were sunk there."""

    kind = "settle_battle"
    zone: str
    sunk: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Retreat(Action):
    """Attackers withdraw from a battle into a zone they attacked from; the mines on
    the line they attacked across let them pass (NL-20)."""

    kind = "retreat"
    units: tuple[str, ...]
    to: str


@dataclass(frozen=True, slots=True)
class Capture(Action):
    """A land battle the players settled: the active nation takes a territory."""

    kind = "capture"
    territory: str



CODEC = ActionCodec(BuyMines, LoadMines, Move, LayMines, SettleBattle, Retreat, Capture,
                    EndPhase)
