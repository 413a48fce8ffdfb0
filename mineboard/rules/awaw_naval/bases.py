"""(to be written: see parts.py)"""

from __future__ import annotations

from collections.abc import Sequence

from mineboard.core.actions import Action
from mineboard.rules.awaw_naval.parts import Part
from mineboard.rules.awaw_naval.state import AwState

BATCH_KINDS: frozenset[str] = frozenset({"base_change"})
"""Orders declared together (AW-47): every base change of a movement phase."""


def check_together(before: AwState, after: AwState, members: Sequence[Action]) -> None:
    return None

PART = Part()
