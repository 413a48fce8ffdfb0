"""Results from outside the rules: a naval battle fought with another game's rules, a morale
check rolled at the table — the seed cannot work them out, so a player enters them.

The rules stop and wait (:class:`Awaiting`): the side they name enters the result as an
ordinary action carrying its values (a ruleset's subclass of :class:`OutsideResult`,
whose fields say the result's shape with ``Range`` and ``Doc`` as the odds queries do);
the other side accepts it (:class:`AcceptResult`) or disputes it (:class:`DisputeResult`,
back to be entered again). Because the values travel in the actions, the log, a save and
a turn file record them as they record dice: replay is exact and never asks again.

The same field descriptions (:func:`result_fields`) build the window's form and check
what is entered, so the form and the check cannot disagree about what a result may be.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Annotated, Any, Literal, Protocol

from mineboard.core import schema
from mineboard.core.actions import Action
from mineboard.core.errors import BadInput, IllegalAction
from mineboard.core.events import Event
from mineboard.core.limits import MAX_TEXT_LENGTH
from mineboard.core.schema import Doc, Length, Range

RESULT = "RESULT"
"""The clause of the refusals every ruleset shares: nothing awaited, entered twice …"""


@dataclass(frozen=True, slots=True)
class OutsideResult(Action):
    """A result entered from outside the rules. Subclass it with the result's fields —
    ``int``/``float`` with a ``Range``, ``bool``, a ``Literal`` of choices — each with a
    ``Doc`` that says what to enter; a ``validate()`` may refuse a combination."""

    kind = "outside_result"


@dataclass(frozen=True, slots=True)
class Bound:
    """A limit a result field has in this game only (losses at most the ships present),
    narrower than its ``Range``; ``why`` says it in the players' words."""

    field: str
    low: int
    high: int
    why: str


@dataclass(frozen=True, slots=True)
class Awaiting:
    """The result the rules wait for. Kept in the ruleset's state as ``awaiting``."""

    result: str
    """The ``kind`` of the :class:`OutsideResult` subclass to enter (in the ruleset's codec)."""
    about: str
    """What it is the result of, as players say it: "the battle at Vega"."""
    clause: str
    enters: str
    """The side the rules name to enter it."""
    accepts: str
    """The side that accepts or disputes it."""
    bounds: tuple[Bound, ...] = ()
    entered: OutsideResult | None = None
    """The result entered and not yet accepted."""
    disputes: int = 0

    @property
    def to_move(self) -> str:
        """Who must act: the side entering, then the side accepting."""
        return self.accepts if self.entered is not None else self.enters

    @property
    def waiting_for(self) -> str:
        """Who must do what, as a refusal says it: "Blue to enter the result of …"."""
        if self.entered is None:
            return f"{self.enters} to enter the result of {self.about}"
        return f"{self.accepts} to accept or dispute the result of {self.about}"

    @property
    def label(self) -> str:
        """The phase as the toolbar names it while the game waits."""
        if self.entered is None:
            return f"{self.enters} enters the result of {self.about}"
        return f"{self.accepts} accepts or disputes the result of {self.about}"


class AwaitsResults(Protocol):
    """A state that can wait for a result from outside the rules."""

    awaiting: Awaiting | None


@dataclass(frozen=True, slots=True)
class AcceptResult(Action):
    """The side named accepts the result entered: the rules carry it out."""

    kind = "accept_result"


@dataclass(frozen=True, slots=True)
class DisputeResult(Action):
    """The side named disputes the result entered: it goes back to be entered again."""

    kind = "dispute_result"
    why: Annotated[str, Length(0, MAX_TEXT_LENGTH),
                   Doc("What is wrong with it, for the other side to read")] = ""


ANSWERS: tuple[type[Action], ...] = (AcceptResult, DisputeResult)
"""The answers every ruleset that awaits results adds to its codec."""


# ---- the result's fields, as a form and a check see them ------------------------------------
FieldKind = Literal["int", "float", "bool", "choice", "text"]


@dataclass(frozen=True, slots=True)
class ResultField:
    """One field of a result: what the window's form asks and the check holds it to."""

    name: str
    label: str
    """Short, for the form's row: the field's name in words."""
    help: str
    """The field's ``Doc``: what to enter."""
    kind: FieldKind
    low: float | None = None
    high: float | None = None
    why: str = ""
    """Why ``low``..``high`` is narrower than the field's own range in this game."""
    choices: tuple[Any, ...] = ()
    default: Any = None


def _label(name: str) -> str:
    words = name.replace("_", " ")
    return words[:1].upper() + words[1:]


def result_fields(cls: type[OutsideResult], awaiting: Awaiting | None = None
                  ) -> tuple[ResultField, ...]:
    """The fields of result class ``cls`` — narrowed by ``awaiting``'s bounds, if given."""
    bounds = {b.field: b for b in awaiting.bounds} if awaiting is not None else {}
    defaults = {f.name: f.default for f in dataclasses.fields(cls)
                if f.default is not dataclasses.MISSING}
    out = []
    for f in schema.json_fields(cls):
        hint = f.hint
        marks: tuple[object, ...] = ()
        if typing.get_origin(hint) is Annotated:
            hint, *rest = typing.get_args(hint)
            marks = tuple(rest)
        kind: FieldKind
        low = high = None
        choices: tuple[Any, ...] = ()
        if hint is bool:
            kind = "bool"
        elif hint is int or hint is float:
            kind = "int" if hint is int else "float"
            limits = next((m for m in marks if isinstance(m, Range)), Range())
            low, high = limits.low, limits.high
        elif typing.get_origin(hint) is Literal:
            kind, choices = "choice", typing.get_args(hint)
        elif hint is str:
            kind = "text"
        else:
            raise TypeError(f"{cls.__name__}.{f.name}: a result field is a number, a bool, "
                            f"a choice (Literal) or text, not {hint!r}")
        why = ""
        bound = bounds.get(f.name)
        if bound is not None:
            low = bound.low if low is None else max(low, bound.low)
            high = bound.high if high is None else min(high, bound.high)
            why = bound.why
        out.append(ResultField(f.name, _label(f.name), f.doc, kind, low, high, why, choices,
                               defaults.get(f.name)))
    return tuple(out)


def result_from(cls: type[OutsideResult], values: Mapping[str, Any]) -> OutsideResult:
    """A result built from a form's values; a value of the wrong type or out of its range
    is one BadInput naming the field (``battle_result.losses: must be …``)."""
    return schema.from_json(cls, dict(values), cls.kind)


def describe(result: OutsideResult) -> str:
    """The values of ``result`` in words, for the log and the acceptance prompt:
    "Attacker losses: 1, holds field: defender"."""
    parts: list[str] = []
    for f in result_fields(type(result)):
        value = getattr(result, f.name)
        shown = ("yes" if value else "no") if isinstance(value, bool) else str(value)
        label = f.label if not parts else f.label.lower()
        parts.append(f"{label}: {shown}")
    return ", ".join(parts)


def samples(awaiting: Awaiting, cls: type[OutsideResult]) -> list[Action]:
    """What may be played while ``awaiting`` waits, for a ruleset's ``legal_actions``
    (fuzzing, computer players): the result with every number at its lowest and at its
    highest, or the two answers. The ruleset's own check may still refuse a sample."""
    if awaiting.entered is not None:
        return [AcceptResult(), DisputeResult()]
    out: list[Action] = []
    for end in ("low", "high"):
        values: dict[str, Any] = {}
        for f in result_fields(cls, awaiting):
            if f.kind in ("int", "float"):
                value = getattr(f, end)
                values[f.name] = (0 if f.default is None else f.default) if value is None \
                    else value
            elif f.kind == "choice":
                values[f.name] = f.choices[0 if end == "low" else -1]
            elif f.kind == "bool":
                values[f.name] = end == "high"
            else:
                values[f.name] = "" if f.default is None else f.default
        try:
            out.append(result_from(cls, values))
        except BadInput:
            continue  # a validate() that refuses this end: the other may do
    return list(dict.fromkeys(out))


# ---- judging and carrying out ----------------------------------------------------------------
def concerns(awaiting: Awaiting | None, action: Action) -> bool:
    """Whether the outside-result rules judge ``action``: while a result is awaited they
    judge every action (nothing else may happen), and an entry or answer always."""
    return awaiting is not None or isinstance(action, OutsideResult | AcceptResult
                                              | DisputeResult)


def check(awaiting: Awaiting | None, action: Action,
          own_check: Callable[[OutsideResult], None] | None = None) -> None:
    """Raise IllegalAction unless ``action`` is what the awaited result allows now.
    ``own_check`` is the ruleset's check of the entered values across fields and the game
    (a fleet that lost every ship cannot hold the field), after the fields' own limits."""
    if awaiting is None:
        raise IllegalAction("no result from outside the rules is awaited", RESULT)
    if isinstance(action, OutsideResult):
        if awaiting.entered is not None:
            raise IllegalAction(f"the result of {awaiting.about} is entered already: "
                                f"{awaiting.accepts} accepts or disputes it", RESULT)
        if action.kind != awaiting.result:
            raise IllegalAction(f"the result of {awaiting.about} is a {awaiting.result}, "
                                f"not a {action.kind}", RESULT)
        check_values(awaiting, action)
        if own_check is not None:
            own_check(action)
        return
    if isinstance(action, AcceptResult | DisputeResult):
        if awaiting.entered is None:
            raise IllegalAction(f"the result of {awaiting.about} is not entered yet: "
                                f"{awaiting.enters} enters it first", RESULT)
        return
    raise IllegalAction(f"the game waits for {awaiting.waiting_for} first", awaiting.clause)


def check_values(awaiting: Awaiting, result: OutsideResult) -> None:
    """Each field's type and range, then this game's bounds: the first wrong one refused
    in one line naming it."""
    try:  # the schema is the one judge of types and ranges, for files and forms alike
        schema.from_json(type(result), schema.to_json(result, skip_defaults=False),
                         result.kind)
    except BadInput as exc:
        raise IllegalAction(str(exc), awaiting.clause) from None
    for bound in awaiting.bounds:
        value = getattr(result, bound.field)
        if not bound.low <= value <= bound.high:
            limit = f"at most {bound.high}" if value > bound.high else f"at least {bound.low}"
            raise IllegalAction(f"{result.kind}.{bound.field}: {limit} — {bound.why}",
                                awaiting.clause)


def begin(state: AwaitsResults, awaiting: Awaiting) -> Event:
    """Make ``state`` wait for ``awaiting``; the event that tells everyone."""
    state.awaiting = awaiting
    return Event(kind="ResultAwaited", clause=awaiting.clause,
                 text=f"{awaiting.about[:1].upper()}{awaiting.about[1:]} is settled outside "
                      f"these rules: {awaiting.enters} enters its result, {awaiting.accepts} "
                      "accepts it")


def apply(state: AwaitsResults, action: Action,
          resolve: Callable[[OutsideResult], list[Event]]) -> list[Event]:
    """Carry out an entry or an answer (checked already). ``resolve`` is the ruleset's
    effect of an accepted result."""
    awaiting = state.awaiting
    assert awaiting is not None, "checked: a result is awaited"
    if isinstance(action, OutsideResult):
        state.awaiting = replace(awaiting, entered=action)
        return [Event(kind="ResultEntered", clause=awaiting.clause,
                      text=f"{awaiting.enters} enters the result of {awaiting.about}: "
                           f"{describe(action)}",
                      data=schema.to_json(action, skip_defaults=False))]
    entered = awaiting.entered
    assert entered is not None, "checked: a result is entered"
    if isinstance(action, DisputeResult):
        state.awaiting = replace(awaiting, entered=None, disputes=awaiting.disputes + 1)
        why = f" ({action.why})" if action.why else ""
        return [Event(kind="ResultDisputed", clause=awaiting.clause,
                      text=f"{awaiting.accepts} disputes the result of {awaiting.about}"
                           f"{why}: {awaiting.enters} enters it again")]
    state.awaiting = None
    accepted = Event(kind="ResultAccepted", clause=awaiting.clause,
                     text=f"{awaiting.accepts} accepts the result of {awaiting.about}: "
                          f"{describe(entered)}",
                     data=schema.to_json(entered, skip_defaults=False))
    return [accepted, *resolve(entered)]


def to_move(state: AwaitsResults, otherwise: str) -> str:
    """The side to move of a state that may be waiting: for its ``to_move`` and ``actor``."""
    return state.awaiting.to_move if state.awaiting is not None else otherwise
