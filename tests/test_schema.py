"""The JSON→dataclass parser: every hint it supports, every message it gives, round-trips."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Annotated, Any, ClassVar, Literal, Optional

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mineboard.rules  # noqa: F401  (names the rulesets)
from mineboard.core.actions import Action
from mineboard.core.errors import BadInput
from mineboard.core.registry import get_ruleset, ruleset_ids
from mineboard.core.schema import (
    Doc,
    JsonField,
    Length,
    MissingField,
    Range,
    Ref,
    from_json,
    json_fields,
    to_json,
)

# ---------------------------------------------------------------------------------- shapes


@dataclass(frozen=True)
class Options:
    crossing: Literal["both", "attacker", "none"] = "both"
    hidden_minefields: bool = False


@dataclass(frozen=True, slots=True)
class Nation:
    name: Annotated[str, Length(1), Doc("as the map spells it")]
    ipcs: Annotated[int, Range(0, 1_000_000)] = 0
    capital: Annotated[str, Ref("land")] | None = None


@dataclass(frozen=True)
class Scenario:
    nations: Annotated[tuple[Nation, ...], Length(1)]
    phase: Literal["purchase", "combat_move"] = "purchase"
    options: Options = field(default_factory=Options)
    ships: Mapping[Annotated[str, Ref("zone")], tuple[str, ...]] = field(default_factory=dict)


@dataclass(frozen=True)
class Scalars:
    flag: bool = False
    count: int = 0
    ratio: float = 0.0
    name: str = ""
    maybe: Optional[int] = None  # noqa: UP045 - the old spelling must work too
    either: int | None = None
    table: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Limits:
    odds: Annotated[float, Range(0, 1)] = 0.5
    floor: Annotated[int, Range(low=1)] = 1
    tag: Annotated[str, Length(2, 4)] = "ab"
    pair: Annotated[tuple[int, ...], Length(2, 2)] = (0, 0)
    few: Annotated[tuple[int, ...], Length(max=3)] = ()
    one: Annotated[Mapping[str, int], Length(1)] = field(default_factory=lambda: {"a": 1})
    small: Annotated[int, Range(0, 9)] | None = None
    level: Literal[1, 2, True] = 1


@dataclass(frozen=True, slots=True)
class Band:
    """A die-roll band; the JSON says "from" and "to", which Python cannot."""

    schema_aliases: ClassVar[Mapping[str, str]] = {"from": "low", "to": "high", "false": "false_"}
    low: int
    high: int
    false_: bool = False

    def validate(self) -> None:
        if self.low > self.high:
            raise ValueError(f"'from' {self.low} is above 'to' {self.high}")


@dataclass(frozen=True)
class Strict:
    n: int

    def validate(self) -> None:
        if self.n == 13:
            raise BadInput("elsewhere", "thirteen is unlucky")


@dataclass(frozen=True)
class Tree:
    label: str = ""
    children: tuple[Tree, ...] = ()


@dataclass(frozen=True)
class Grid:
    rows: tuple[tuple[int, ...], ...] = ()


def bad(cls: type[Any], data: object, where: str = "x", refs: Any = None) -> tuple[str, str]:
    with pytest.raises(BadInput) as info:
        from_json(cls, data, where, refs)
    assert str(info.value) == f"{info.value.where}: {info.value.what}"
    return info.value.where, info.value.what


# ------------------------------------------------------------------------------- scalars


def test_scalars_parse_and_defaults_fill_in():
    assert from_json(Scalars, {}, "x") == Scalars()
    got = from_json(Scalars, {"flag": True, "count": -3, "ratio": 2, "name": "n", "maybe": None,
                              "either": 4, "table": {"a": 1}}, "x")
    assert got == Scalars(True, -3, 2.0, "n", None, 4, {"a": 1})
    assert isinstance(got.ratio, float)


@pytest.mark.parametrize(("data", "where", "what"), [
    ({"flag": 1}, "x.flag", "must be true or false"),
    ({"flag": None}, "x.flag", "must be true or false"),
    ({"count": True}, "x.count", "must be a whole number"),
    ({"count": 1.0}, "x.count", "must be a whole number"),
    ({"count": "1"}, "x.count", "must be a whole number"),
    ({"ratio": False}, "x.ratio", "must be a number"),
    ({"ratio": float("nan")}, "x.ratio", "must be a number"),
    ({"ratio": float("inf")}, "x.ratio", "must be a number"),
    ({"ratio": 10**400}, "x.ratio", "must be a number"),
    ({"name": 5}, "x.name", "must be a string"),
    ({"maybe": "1"}, "x.maybe", "must be a whole number"),
    ({"either": [1]}, "x.either", "must be a whole number"),
    ({"table": []}, "x.table", "must be an object"),
    ({"table": {"a": "b"}}, "x.table.a", "must be a whole number"),
    ({"table": {1: 2}}, "x.table", "must have strings as keys"),
])
def test_scalar_messages(data, where, what):
    assert bad(Scalars, data) == (where, what)


# ------------------------------------------------------------------------------- markers


def test_limits_accept_their_bounds():
    data = {"odds": 1, "floor": 10**30, "tag": "abcd", "pair": [1, 2], "few": [1, 2, 3],
            "one": {"k": 0}, "small": 9, "level": True}
    assert from_json(Limits, data, "x") == Limits(1.0, 10**30, "abcd", (1, 2), (1, 2, 3),
                                                  {"k": 0}, 9, True)
    assert from_json(Limits, {"small": None, "level": 2}, "x") == Limits(small=None, level=2)


@pytest.mark.parametrize(("data", "where", "what"), [
    ({"odds": 1.5}, "x.odds", "must be a number from 0 to 1"),
    ({"odds": "½"}, "x.odds", "must be a number from 0 to 1"),
    ({"floor": 0}, "x.floor", "must be a whole number ≥ 1"),
    ({"tag": "a"}, "x.tag", "must be a string of 2 to 4 characters"),
    ({"tag": "abcde"}, "x.tag", "must be a string of 2 to 4 characters"),
    ({"pair": [1]}, "x.pair", "must list exactly 2 items"),
    ({"pair": [1, "2"]}, "x.pair[1]", "must be a whole number"),
    ({"few": [1, 2, 3, 4]}, "x.few", "must list at most 3 items"),
    ({"one": {}}, "x.one", "must have at least 1 entry"),
    ({"small": 10}, "x.small", "must be a whole number from 0 to 9"),
    ({"level": 3}, "x.level", "must be one of 1, 2, true"),
    ({"level": "1"}, "x.level", "must be one of 1, 2, true"),
])
def test_marker_messages(data, where, what):
    assert bad(Limits, data) == (where, what)


def test_literal_true_and_one_are_told_apart():
    assert from_json(Limits, {"level": 1}, "x").level is not True
    assert bad(Limits, {"level": 1.0}) == ("x.level", "must be one of 1, 2, true")


def test_the_pinned_messages():
    nations = [{"name": "UK"}, {"name": "Germany"}, {"name": "USSR", "ipcs": 2_000_000}]
    assert bad(Scenario, {"nations": nations}, "scenario") == (
        "scenario.nations[2].ipcs", "must be a whole number from 0 to 1000000")
    assert bad(Scenario, {}, "scenario") == ("scenario", "needs field 'nations'")
    with pytest.raises(MissingField) as info:
        from_json(Band, {"from": 1}, "b")
    assert (info.value.where, info.value.key) == ("b", "to")
    assert bad(Scenario, {"nations": [{"name": "UK"}], "options": {"x": 1}}, "scenario") == (
        "scenario.options", "unknown field 'x' (known: crossing, hidden_minefields)")
    assert bad(Scenario, {"nations": [{"name": "UK"}], "phase": "battle"}, "scenario") == (
        "scenario.phase", "must be one of purchase, combat_move")
    assert bad(Scenario, {"nations": []}, "scenario") == (
        "scenario.nations", "must list at least 1 item")
    assert bad(Scenario, {"nations": [{"name": ""}]}, "scenario") == (
        "scenario.nations[0].name", "must be a non-empty string")
    assert bad(Scenario, {"nations": [3]}, "scenario") == (
        "scenario.nations[0]", "must be a JSON object")
    assert bad(Scenario, [], "scenario") == ("scenario", "must be a JSON object")
    assert bad(Scenario, {"nations": "UK"}, "scenario") == ("scenario.nations", "must be a list")


def test_unknown_field_of_an_object_without_fields():
    @dataclass(frozen=True)
    class Empty:
        pass

    assert bad(Empty, {"a": 1}) == ("x", "unknown field 'a' (known: none)")
    assert bad(Empty, {7: 1}) == ("x", "unknown field <int> (known: none)")


def test_doc_is_kept_for_help_texts_and_aliases_name_the_json_keys():
    assert json_fields(Nation)[0] == JsonField(
        "name", "name", Annotated[str, Length(1), Doc("as the map spells it")], True,
        "as the map spells it")
    assert [(f.key, f.name, f.required) for f in json_fields(Band)] == [
        ("from", "low", True), ("to", "high", True), ("false", "false_", False)]


# ----------------------------------------------------------------------------------- refs

LANDS = {"Berlin", "London"}
ZONES = {"North Sea"}


def refs(kind: str, name: str) -> str | None:
    known = {"land": LANDS, "zone": ZONES}[kind]
    return None if name in known else f"is not a {kind} of map northsea"


def test_refs_are_checked_through_the_callback():
    good = {"nations": [{"name": "UK", "capital": "London"}], "ships": {"North Sea": ["hms"]}}
    assert from_json(Scenario, good, "s", refs).ships == {"North Sea": ("hms",)}
    assert bad(Scenario, {"nations": [{"name": "UK", "capital": "Paris"}]}, "s", refs) == (
        "s.nations[0].capital", "'Paris' is not a land of map northsea")
    assert bad(Scenario, {"nations": [{"name": "UK"}], "ships": {"Baltic": []}}, "s", refs) == (
        "s.ships.Baltic", "'Baltic' is not a zone of map northsea")


def test_refs_are_skipped_without_a_callback():
    data = {"nations": [{"name": "UK", "capital": "Paris"}], "ships": {"Baltic": []}}
    assert from_json(Scenario, data, "s").nations[0].capital == "Paris"


def test_a_long_bad_name_is_cut_short_in_the_message():
    _, what = bad(Scenario, {"nations": [{"name": "UK", "capital": "P" * 10_000}]}, "s", refs)
    assert what == f"'{'P' * 40}…' is not a land of map northsea"


# ------------------------------------------------------------------- aliases and validate


def test_aliases_map_json_keys_to_fields():
    assert from_json(Band, {"from": 1, "to": 3, "false": True}, "b") == Band(1, 3, True)
    assert bad(Band, {"low": 1, "to": 3}, "b") == (
        "b", "unknown field 'low' (known: false, from, to)")
    assert bad(Band, {"to": 3}, "b") == ("b", "needs field 'from'")
    assert bad(Band, {"from": 1, "to": "3"}, "b") == ("b.to", "must be a whole number")
    assert to_json(Band(1, 3, True)) == {"from": 1, "to": 3, "false": True}


def test_validate_runs_after_construction():
    assert bad(Band, {"from": 4, "to": 3}, "table.bands[1]") == (
        "table.bands[1]", "'from' 4 is above 'to' 3")
    assert bad(Strict, {"n": 13}) == ("elsewhere", "thirteen is unlucky")
    assert from_json(Strict, {"n": 12}, "x") == Strict(12)


# ---------------------------------------------------------------------- programming errors


def test_unsupported_hints_fail_at_once_even_for_valid_input():
    @dataclass(frozen=True)
    class Listy:
        xs: list[int] = field(default_factory=list)

    @dataclass(frozen=True)
    class Eithery:
        x: int | str = 0

    @dataclass(frozen=True)
    class IntKeys:
        x: Mapping[int, int] = field(default_factory=dict)

    @dataclass(frozen=True)
    class RangedString:
        x: Annotated[str, Range(0, 1)] = ""

    @dataclass(frozen=True)
    class BadAlias:
        schema_aliases: ClassVar[Mapping[str, str]] = {"a": "nope"}
        x: int = 0

    for cls in (Listy, Eithery, IntKeys, RangedString, BadAlias):
        with pytest.raises(TypeError):
            from_json(cls, {}, "x")
    with pytest.raises(TypeError):
        from_json(int, 3, "x")  # type: ignore[type-var]


# --------------------------------------------------------------------------- deep and huge


def nested(depth: int, leaf: object) -> object:
    data = leaf
    for _ in range(depth):
        data = [data]
    return data


def test_a_deep_nested_list_is_bad_input():
    assert bad(Grid, {"rows": nested(10_000, 1)}) == ("x.rows[0][0]", "must be a whole number")


def test_a_deep_recursive_object_is_bad_input():
    data: dict[str, Any] = {}
    for _ in range(10_000):
        data = {"children": [data]}
    assert bad(Tree, data, "tree") == ("tree", "nested too deeply")
    assert from_json(Tree, {"children": [{"label": "a"}]}, "t") == Tree("", (Tree("a"),))


def test_huge_input_is_read_or_refused_as_bad_input():
    rows = [list(range(100))] * 10_000
    assert len(from_json(Grid, {"rows": rows}, "g").rows) == 10_000
    assert bad(Scalars, {"count": "9" * 10_000}) == ("x.count", "must be a whole number")
    assert from_json(Scalars, {"count": 10**5000}, "x").count == 10**5000


# ----------------------------------------------------------------------------- round-trips


def test_to_json_skips_defaults_only_when_asked():
    s = Scalars(count=2)
    assert to_json(s) == {"count": 2}
    assert to_json(s, skip_defaults=False) == {
        "flag": False, "count": 2, "ratio": 0.0, "name": "", "maybe": None, "either": None,
        "table": {}}
    assert from_json(Scalars, to_json(s, skip_defaults=False), "x") == s
    assert to_json(Limits(level=True)) == {"level": True}  # True == 1, the default


names = st.text(min_size=1, max_size=8)
finite = st.floats(allow_nan=False, allow_infinity=False)
nations = st.builds(Nation, name=names, ipcs=st.integers(0, 1_000_000),
                    capital=st.none() | names)
scenarios = st.builds(
    Scenario, nations=st.lists(nations, min_size=1, max_size=4).map(tuple),
    phase=st.sampled_from(["purchase", "combat_move"]),
    options=st.builds(Options, crossing=st.sampled_from(["both", "attacker", "none"]),
                      hidden_minefields=st.booleans()),
    ships=st.dictionaries(names, st.lists(names, max_size=3).map(tuple), max_size=3))
scalars = st.builds(Scalars, flag=st.booleans(), count=st.integers(), ratio=finite,
                    name=st.text(), maybe=st.none() | st.integers(),
                    either=st.none() | st.integers(),
                    table=st.dictionaries(st.text(), st.integers(), max_size=4))
limits = st.builds(Limits, odds=st.floats(0, 1), floor=st.integers(min_value=1),
                   tag=st.text(min_size=2, max_size=4),
                   pair=st.tuples(st.integers(), st.integers()),
                   few=st.lists(st.integers(), max_size=3).map(tuple),
                   one=st.dictionaries(st.text(), st.integers(), min_size=1, max_size=3),
                   small=st.none() | st.integers(0, 9), level=st.sampled_from([1, 2, True]))
bands = st.builds(lambda a, b, f: Band(min(a, b), max(a, b), f),
                  st.integers(), st.integers(), st.booleans())
trees = st.recursive(st.builds(Tree, label=st.text(max_size=3)),
                     lambda kids: st.builds(Tree, label=st.text(max_size=3),
                                            children=st.lists(kids, max_size=3).map(tuple)),
                     max_leaves=12)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(scenarios, scalars, limits, bands, trees), st.booleans())
def test_round_trip(obj, skip_defaults):
    data = json.loads(json.dumps(to_json(obj, skip_defaults=skip_defaults)))
    assert from_json(type(obj), data, "w") == obj


# ------------------------------------------------------------------------------- actions

NAVAL_LINES = get_ruleset("naval-lines")
CODECS = [get_ruleset(r).codec for r in ruleset_ids()]
ACTION_CLASSES = [(codec, cls) for codec in CODECS for cls in codec.classes.values()]


def actions_of(cls: type[Action]) -> st.SearchStrategy[Action]:
    """Any action of ``cls`` its schema accepts: a whole number with a declared ``Range``,
    a name or a list of names or of records with a declared ``Length`` is drawn inside it
    (out of range is refused on parsing, which is tested elsewhere)."""
    import dataclasses
    import typing

    hints = typing.get_type_hints(cls, include_extras=True)
    within = {}
    for f in dataclasses.fields(cls):
        hint = hints[f.name]
        bounds = [m for m in getattr(hint, "__metadata__", ()) if isinstance(m, Range)]
        lengths = [m for m in getattr(hint, "__metadata__", ()) if isinstance(m, Length)]
        base = typing.get_args(hint)[0] if bounds or lengths else None
        if bounds and base is int:
            low, high = bounds[0].low, bounds[0].high
            within[f.name] = st.integers(None if low is None else int(low),
                                         None if high is None else int(high))
        elif lengths and typing.get_origin(base) is tuple \
                and typing.get_args(base)[0] is str:  # a list of names: 1 to N of them
            low, high = lengths[0].min, lengths[0].max
            within[f.name] = st.lists(st.text(min_size=1, max_size=12), min_size=low or 0,
                                      max_size=min(high or 4, 4)).map(tuple)
        elif lengths and base is str:
            low, high = lengths[0].min, lengths[0].max
            within[f.name] = st.text(min_size=low, max_size=min(high or 12, 12))
        elif lengths and typing.get_origin(base) is tuple \
                and dataclasses.is_dataclass(typing.get_args(base)[0]):  # a list of records
            low, high = lengths[0].min, lengths[0].max
            within[f.name] = st.lists(actions_of(typing.get_args(base)[0]),
                                      min_size=low or 0,
                                      max_size=max(low or 0, min(high or 3, 3))).map(tuple)
        elif dataclasses.is_dataclass(hint):  # one record inside a record: its own bounds
            within[f.name] = actions_of(hint)
    return st.builds(cls, **within)


@pytest.mark.parametrize(("codec", "cls"), ACTION_CLASSES,
                         ids=[f"{c.__module__.split('.')[2]}.{c.kind}"
                              for _, c in ACTION_CLASSES])
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_every_action_round_trips(codec, cls, data):
    action = data.draw(actions_of(cls))
    assert isinstance(action, Action)
    as_json = json.loads(json.dumps(action.to_json()))
    assert as_json["kind"] == cls.kind
    assert codec.parse(as_json) == action


def test_action_messages():
    codec = NAVAL_LINES.codec

    def message(data: object) -> str:
        with pytest.raises(BadInput) as info:
            codec.parse(data, "action 0")
        return str(info.value)

    assert message([]) == "action 0: an action must be a JSON object with a 'kind'"
    assert message({"kind": "fly"}) == (
        "action 0: unknown action kind 'fly' (known: buy_mines, capture, end_phase, "
        "lay_mines, load_mines, move, retreat, settle_battle)")
    assert message({"kind": "move", "path": []}) == "action 0: 'move' needs field 'units'"
    assert message({"kind": "move", "units": [], "path": [], "x": 1}) == (
        "action 0: unknown field 'x' for 'move'")
    assert message({"kind": "move", "units": "ger-escort-1"}) == (
        "action 0.units: must be a list")  # fields are checked in order, as before
    assert message({"kind": "move", "units": ["a", 2], "path": []}) == (
        "action 0.units[1]: must be a string")
    assert message({"kind": "buy_mines", "count": True}) == (
        "action 0.count: must be a whole number")


def test_action_json_skips_defaults():
    move = NAVAL_LINES.codec.parse({"kind": "move", "units": ["a"], "path": ["x", "y"]})
    assert move.to_json() == {"kind": "move", "units": ["a"], "path": ["x", "y"]}
