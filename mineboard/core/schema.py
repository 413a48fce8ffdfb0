"""One way to read JSON input: declare its shape as frozen dataclasses, then :func:`from_json`.

Hand-written ``isinstance`` checks drift apart in what they accept and how they complain.
Here the type hints are the only description of a file's shape, so every file fails the
same way: one :class:`~mineboard.core.errors.BadInput` line naming the path to the bad
value (``scenario.nations[2].ipcs: must be a whole number from 0 to 1000000``).

Limits that the hints cannot say go in ``Annotated`` markers (:class:`Range`,
:class:`Length`, :class:`Ref`, :class:`Doc`); rules across fields go in a dataclass's
``validate()`` method. A dataclass's hints are compiled on first use, so an unsupported
hint is a ``TypeError`` at once, not only when some file happens to reach it.
"""

from __future__ import annotations

import dataclasses
import math
import types
import typing
from collections.abc import Callable, Mapping
from typing import Annotated, Any, Literal, TypeVar, cast

from mineboard.core.errors import BadInput

T = TypeVar("T")

RefCheck = Callable[[str, str], str | None]
"""``refs(kind, name)``: None if ``name`` names a thing of that kind, else why not."""

_Parse = Callable[[object, str, RefCheck | None], Any]


@dataclasses.dataclass(frozen=True, slots=True)
class Range:
    """Inclusive bounds of an int or float; None leaves that side open."""

    low: float | None = None
    high: float | None = None


@dataclasses.dataclass(frozen=True, slots=True)
class Length:
    """How many characters a str, items a tuple, or entries a mapping may have."""

    min: int = 0
    max: int | None = None


@dataclasses.dataclass(frozen=True, slots=True)
class Ref:
    """The str must name something of ``kind``, as the caller's ``refs`` callback knows it.

    Whether a name exists depends on the map and tables loaded, which the schema cannot see.
    """

    kind: str


@dataclasses.dataclass(frozen=True, slots=True)
class Doc:
    """What a field means, for help texts; the parser ignores it."""

    text: str


@dataclasses.dataclass(frozen=True, slots=True)
class JsonField:
    """One JSON key of a dataclass as the parser reads it (and as a help text would list it)."""

    key: str
    name: str
    hint: Any
    required: bool
    doc: str


class MissingField(BadInput):
    """A required key is absent; its own class so a caller may word it for its readers."""

    def __init__(self, where: str, key: str) -> None:
        super().__init__(where, f"needs field {key!r}")
        self.key = key


@dataclasses.dataclass(frozen=True, slots=True)
class _Plan:
    fields: tuple[tuple[JsonField, _Parse], ...]
    keys: frozenset[str]


def from_json(cls: type[T], data: object, where: str, refs: RefCheck | None = None) -> T:
    """Build dataclass ``cls`` from parsed JSON; any problem is one BadInput naming its path."""
    if not (isinstance(cls, type) and dataclasses.is_dataclass(cls)):
        raise TypeError(f"from_json needs a dataclass, not {cls!r}")
    _plan(cls)
    try:
        return cast(T, _build(cls, data, where, refs))
    except RecursionError:
        raise BadInput(where, "nested too deeply") from None


def json_fields(cls: type[Any]) -> tuple[JsonField, ...]:
    """The JSON keys of dataclass ``cls``, in declaration order."""
    return tuple(f for f, _ in _plan(cls).fields)


def to_json(obj: object, *, skip_defaults: bool = True) -> Any:
    """The JSON that :func:`from_json` reads back as ``obj`` (lists for tuples, aliases used)."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        key_of = {name: key for key, name in _aliases(type(obj)).items()}
        out: dict[str, Any] = {}
        for f in dataclasses.fields(obj):
            value = getattr(obj, f.name)
            if f.init and not (skip_defaults and _is_default(f, value)):
                out[key_of.get(f.name, f.name)] = to_json(value, skip_defaults=skip_defaults)
        return out
    if isinstance(obj, tuple | list):
        return [to_json(v, skip_defaults=skip_defaults) for v in obj]
    if isinstance(obj, Mapping):
        return {k: to_json(v, skip_defaults=skip_defaults) for k, v in obj.items()}
    return obj


def _is_default(f: dataclasses.Field[Any], value: object) -> bool:
    if f.default is not dataclasses.MISSING:
        default = f.default
    elif f.default_factory is not dataclasses.MISSING:
        default = f.default_factory()
    else:
        return False
    # type() too: True == 1, yet a Literal[1, True] field must keep which one it holds.
    return type(value) is type(default) and bool(value == default)


def _aliases(cls: type[Any]) -> Mapping[str, str]:
    return cast(Mapping[str, str], getattr(cls, "schema_aliases", {}))


_plans: dict[type[Any], _Plan] = {}
_compiling: set[type[Any]] = set()


def _plan(cls: type[Any]) -> _Plan:
    if cls in _plans:
        return _plans[cls]
    hints = typing.get_type_hints(cls, include_extras=True)
    fields = {f.name: f for f in dataclasses.fields(cls) if f.init}
    key_of = {name: name for name in fields}
    for key, name in _aliases(cls).items():
        if name not in fields:
            raise TypeError(f"{cls.__name__}.schema_aliases: {name!r} is no field")
        key_of[name] = key
    _compiling.add(cls)
    try:
        plan = []
        for name, f in fields.items():
            hint = hints[name]
            required = (f.default is dataclasses.MISSING
                        and f.default_factory is dataclasses.MISSING)
            docs = [m.text for m in _metadata(hint) if isinstance(m, Doc)]
            info = JsonField(key_of[name], name, hint, required, " ".join(docs))
            plan.append((info, _compile(hint)))
    finally:
        _compiling.discard(cls)
    _plans[cls] = _Plan(tuple(plan), frozenset(key_of.values()))
    return _plans[cls]


def _build(cls: type[Any], data: object, where: str, refs: RefCheck | None) -> Any:
    if not isinstance(data, Mapping):
        raise BadInput(where, "must be a JSON object")
    plan = _plan(cls)
    for key in data:
        if key not in plan.keys:
            known = ", ".join(sorted(plan.keys)) or "none"
            raise BadInput(where, f"unknown field {_quote(key)} (known: {known})")
    kwargs = {}
    for f, parse in plan.fields:
        if f.key in data:
            kwargs[f.name] = parse(data[f.key], f"{where}.{f.key}", refs)
        elif f.required:
            raise MissingField(where, f.key)
    try:
        obj = cls(**kwargs)
        validate = getattr(obj, "validate", None)
        if callable(validate):
            validate()
    except ValueError as e:  # lets validate() complain without knowing its path
        raise BadInput(where, str(e)) from e
    return obj


def _quote(value: object, limit: int = 40) -> str:
    if not isinstance(value, str):
        return f"<{type(value).__name__}>"
    return repr(value if len(value) <= limit else value[:limit] + "…")


def _metadata(hint: Any) -> tuple[object, ...]:
    return typing.get_args(hint)[1:] if typing.get_origin(hint) is Annotated else ()


def _marker(marks: tuple[object, ...], hint: Any, allowed: tuple[type, ...]) -> dict[type, Any]:
    """The schema markers among ``marks``; other metadata belongs to other tools."""
    found: dict[type, Any] = {}
    for m in marks:
        kind = type(m)
        if kind in (Range, Length, Ref):
            if kind not in allowed or kind in found:
                raise TypeError(f"{m!r} cannot apply to {hint!r}")
            found[kind] = m
    return found


def _compile(hint: Any, marks: tuple[object, ...] = ()) -> _Parse:
    """A function that checks and converts one JSON value against ``hint``."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is Annotated:
        return _compile(args[0], marks + args[1:])
    if origin in (typing.Union, types.UnionType):
        inner = [a for a in args if a is not type(None)]
        if len(inner) != 1 or len(args) != 2:
            raise TypeError(f"unsupported union {hint!r}: only X | None")
        parse_inner = _compile(inner[0], marks)
        return lambda v, w, r: None if v is None else parse_inner(v, w, r)
    if hint is Any:  # raw JSON, read later by whoever knows its shape (a ruleset's action)
        _marker(marks, hint, ())
        return lambda v, w, r: v
    if hint is bool:
        _marker(marks, hint, ())
        return _check(lambda v: isinstance(v, bool), "must be true or false")
    if hint is int or hint is float:
        return _number(hint, _marker(marks, hint, (Range,)).get(Range))
    if hint is str:
        found = _marker(marks, hint, (Length, Ref))
        return _string(found.get(Length), found.get(Ref))
    if origin is Literal:
        _marker(marks, hint, ())
        return _literal(args)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return _tuple(_compile(args[0]), _marker(marks, hint, (Length,)).get(Length))
    if origin in (dict, Mapping) and len(args) == 2:
        if not _is_str(args[0]):
            raise TypeError(f"unsupported mapping {hint!r}: JSON keys are strings")
        length = _marker(marks, hint, (Length,)).get(Length)
        return _mapping(_compile(args[0]), _compile(args[1]), length)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        _marker(marks, hint, ())
        if hint not in _compiling:  # a recursive dataclass is compiled once, above us
            _plan(hint)
        return lambda v, w, r: _build(hint, v, w, r)
    raise TypeError(f"unsupported type hint {hint!r}")


def _is_str(hint: Any) -> bool:
    if typing.get_origin(hint) is Annotated:
        return _is_str(typing.get_args(hint)[0])
    if typing.get_origin(hint) is Literal:
        return all(isinstance(a, str) for a in typing.get_args(hint))
    return hint is str


def _check(ok: Callable[[object], bool], message: str) -> _Parse:
    def parse(value: object, where: str, refs: RefCheck | None) -> object:
        if not ok(value):
            raise BadInput(where, message)
        return value
    return parse


def _number(kind: type, bounds: Range | None) -> _Parse:
    low, high = (bounds.low, bounds.high) if bounds else (None, None)
    message = "must be a whole number" if kind is int else "must be a number"
    if low is not None and high is not None:
        message += f" from {low} to {high}"
    elif low is not None:
        message += f" ≥ {low}"
    elif high is not None:
        message += f" ≤ {high}"

    def parse(value: object, where: str, refs: RefCheck | None) -> object:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise BadInput(where, message)
        if kind is int and not isinstance(value, int):
            raise BadInput(where, message)
        if kind is float:
            try:
                value = float(value)
            except OverflowError:  # an int too big for a float
                raise BadInput(where, message) from None
            if not math.isfinite(value):
                raise BadInput(where, message)
        if (low is not None and value < low) or (high is not None and value > high):
            raise BadInput(where, message)
        return value
    return parse


def _count(length: Length, noun: str, plural: str) -> str:
    """``at least 1 item``, ``2 to 5 items``, ``exactly 3 items`` …"""
    low, high = length.min, length.max
    nouns = noun if (high if high is not None else low) == 1 else plural
    if high is None:
        return f"at least {low} {nouns}"
    if low == high:
        return f"exactly {low} {nouns}"
    return f"at most {high} {nouns}" if low == 0 else f"{low} to {high} {nouns}"


def _fits(size: int, length: Length | None) -> bool:
    return length is None or (length.min <= size and (length.max is None or size <= length.max))


def _string(length: Length | None, ref: Ref | None) -> _Parse:
    if length is None or (length.min == 0 and length.max is None):
        message = "must be a string"
    elif length.min == 1 and length.max is None:
        message = "must be a non-empty string"
    else:
        message = f"must be a string of {_count(length, 'character', 'characters')}"

    def parse(value: object, where: str, refs: RefCheck | None) -> object:
        if not isinstance(value, str) or not _fits(len(value), length):
            raise BadInput(where, message)
        if ref is not None and refs is not None:
            reason = refs(ref.kind, value)
            if reason is not None:
                raise BadInput(where, f"{_quote(value)} {reason}")
        return value
    return parse


def _literal(allowed: tuple[Any, ...]) -> _Parse:
    if not all(isinstance(a, str | int) for a in allowed):
        raise TypeError(f"unsupported Literal{list(allowed)!r}: only str, int and bool")
    shown = ", ".join(a if isinstance(a, str) else str(a).lower() for a in allowed)
    message = f"must be {shown}" if len(allowed) == 1 else f"must be one of {shown}"

    def parse(value: object, where: str, refs: RefCheck | None) -> object:
        # type() too: JSON true must not pass for a Literal[1], nor 1 for Literal[True].
        if not any(type(value) is type(a) and value == a for a in allowed):
            raise BadInput(where, message)
        return value
    return parse


def _tuple(item: _Parse, length: Length | None) -> _Parse:
    def parse(value: object, where: str, refs: RefCheck | None) -> object:
        if not isinstance(value, list | tuple):
            raise BadInput(where, "must be a list")
        if not _fits(len(value), length):
            raise BadInput(where, f"must list {_count(cast(Length, length), 'item', 'items')}")
        return tuple(item(v, f"{where}[{i}]", refs) for i, v in enumerate(value))
    return parse


def _mapping(key: _Parse, item: _Parse, length: Length | None) -> _Parse:
    def parse(value: object, where: str, refs: RefCheck | None) -> object:
        if not isinstance(value, Mapping):
            raise BadInput(where, "must be an object")
        if not _fits(len(value), length):
            raise BadInput(where, f"must have {_count(cast(Length, length), 'entry', 'entries')}")
        out = {}
        for k, v in value.items():
            if not isinstance(k, str):
                raise BadInput(where, "must have strings as keys")
            at = f"{where}.{k}"
            out[key(k, at, refs)] = item(v, at, refs)
        return out
    return parse
