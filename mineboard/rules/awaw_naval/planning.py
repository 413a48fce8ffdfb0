"""What a player is offered (to be written: the window's part; see PLAN)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mineboard.core.actions import Action
from mineboard.core.planning import Choice, Command, Selection
from mineboard.rules.awaw_naval.state import AwState


def units_at(view: AwState, place: str) -> list[str]:
    return []


def intent(view: AwState, selection: Selection, kind: str, place: str) -> Action | None:
    return None


def targets(view: AwState, selection: Selection, check: Any) -> Mapping[str, Action]:
    return {}


def choices(view: AwState, selection: Selection) -> list[Choice]:
    return []


def commands(view: AwState, selection: Selection) -> list[Command]:
    return []
