"""Simultaneous declarations: several orders given at once and judged together.

Where the rules say orders are declared together (every base change of a turn, then
judged), each one alone may be wrong though all together are right — two fleets swapping
bases that hold one fleet each — or each alone right though together wrong. A
:class:`Batch` is one action holding them: every member is checked alone on the state
before (``Ruleset.check_declared``: is it a legal order at all?), then the state after all
of them is judged at once (``Ruleset.check_together``). It is applied, undone, saved and
sent as one record. A refusal names the member and its clause.

A ruleset names the kinds that are declared this way (``Ruleset.batch_kinds``); an order of
such a kind given alone is judged the same way, as a batch of one, so there is one
judgement, not two that could drift apart.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from mineboard.core.actions import Action, ActionCodec
from mineboard.core.dice import Dice, Roll
from mineboard.core.errors import BadInput, IllegalAction, MineboardError
from mineboard.core.events import Event

if TYPE_CHECKING:
    from mineboard.core.ruleset import Ruleset

MAX_MEMBERS = 200
"""Orders in one batch: far above a turn's base changes, short enough to judge at once."""

BATCH = "BATCH"
"""The clause of refusals about the batch itself (an order that cannot be declared so)."""


@dataclass(frozen=True, slots=True)
class Batch(Action):
    """Orders declared together, judged on their combined result and applied as one."""

    kind: ClassVar[str] = "batch"
    members: tuple[Action, ...]

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "members": [m.to_json() for m in self.members]}


class BatchCodec(ActionCodec):
    """A ruleset's codec that also reads batches of its own actions."""

    def parse(self, data: object, where: str = "action") -> Action:
        if not (isinstance(data, Mapping) and data.get("kind") == Batch.kind):
            return super().parse(data, where)
        for key in data:
            if key not in ("kind", "members"):
                raise BadInput(where, f"unknown field {key!r} for 'batch'")
        members = data.get("members")
        if not isinstance(members, list) or not 1 <= len(members) <= MAX_MEMBERS:
            raise BadInput(f"{where}.members", f"must list 1 to {MAX_MEMBERS} orders")
        parsed = []
        for index, member in enumerate(members):
            at = f"{where}.members[{index}]"
            if isinstance(member, Mapping) and member.get("kind") == Batch.kind:
                raise BadInput(at, "a batch cannot hold another batch")
            parsed.append(super().parse(member, at))
        return Batch(tuple(parsed))


class NoDice:
    """The dice of a judgement: declarations are judged without rolling."""

    def __init__(self) -> None:
        self.rolls: list[Roll] = []

    def roll(self, clause: str, purpose: str, sides: int = 6) -> int:
        raise MineboardError(f"{clause} ({purpose}) rolls dice: an order that rolls cannot be "
                             "declared together with others")


def members_of(action: Action) -> tuple[Action, ...]:
    return action.members if isinstance(action, Batch) else (action,)


def refusal(members: Sequence[Action], index: int, exc: IllegalAction) -> IllegalAction:
    """``exc`` about member ``index``, naming it — unless the order was given alone."""
    if len(members) == 1:
        return exc
    return IllegalAction(f"order {index + 1} ({members[index].kind}): {exc.reason}",
                         exc.clause)


def check(ruleset: Ruleset[Any], state: Any, action: Action) -> None:
    """Judge ``action`` (a batch, or one order of a batch kind) as declared together."""
    members = members_of(action)
    if not members:
        raise IllegalAction("a batch needs at least one order", BATCH)
    for index, member in enumerate(members):
        if member.kind not in ruleset.batch_kinds:
            raise refusal(members, index, IllegalAction(
                f"{member.kind.replace('_', ' ')} is not an order declared together with "
                "others", BATCH))
        try:
            ruleset.check_declared(state, member)
        except IllegalAction as exc:
            raise refusal(members, index, exc) from None
    after = copy.deepcopy(state)
    for member in members:
        ruleset.apply_member(after, member, NoDice())
    ruleset.check_together(state, after, members)


def apply(ruleset: Ruleset[Any], state: Any, action: Action, dice: Dice) -> list[Event]:
    """Carry out every member in order, as one action."""
    return [e for member in members_of(action)
            for e in ruleset.apply_member(state, member, dice)]
