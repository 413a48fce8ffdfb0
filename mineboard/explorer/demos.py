"""Demo boards: a small scenario, the actions that play one clause, the dice, and what must
come out. They are what Help ▸ Rules shows, and they are the clause tests — pytest collects
one test per demo — so the explanation can never drift from the engine.

A demo is a file ``assets/rules/<ruleset>/demos/<clause id>-<name>.json`` (docs/demos.md has
the schema with an example per map kind). Each step is an action and what it must do: be
refused with a clause id, have exact odds before it is played, make events, leave state
fields. Dice are scripted: the game rolls exactly the demo's ``dice``, in order, and a demo
whose dice run out — or are not all used — fails, since a wrong engine rolls a different
number of dice.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Any, Literal

from mineboard.core.actions import Action
from mineboard.core.dice import DiceExhausted
from mineboard.core.errors import BadInput, IllegalAction
from mineboard.core.events import Event
from mineboard.core.game import TEACHER, Game
from mineboard.core.history import Record
from mineboard.core.limits import MAX_TEXT_LENGTH
from mineboard.core.schema import Doc, Length, Range, from_json
from mineboard.core.table import MAX_DIE_SIDES, MAX_SCRIPTED_DICE, Table
from mineboard.explorer.clauses import CLAUSE_ID, Clause, all_clauses
from mineboard.explorer.index import clause_of_name, demo_index, demos_of
from mineboard.persistence.scenario import Scenario, load_scenario, scenario_from_data
from mineboard.resources import read_json, resolve_scenario

DEMO_SCHEMA = 1
DEMO_SEED = 0
"""The seed a demo's game is made with; never rolled, since every die is scripted."""

Text = Annotated[str, Length(0, MAX_TEXT_LENGTH)]


@dataclass(frozen=True, slots=True)
class EventExpected:
    """An event a step must make: each field given must match (``text`` is contained)."""

    kind: Annotated[str | None, Doc("the event's kind, e.g. MinesDetonated")] = None
    clause: Annotated[str | None, Doc("the clause id the event names")] = None
    text: Annotated[str | None, Doc("words the event's text contains")] = None
    data: Annotated[Mapping[str, Any], Doc("fields of the event (as `run --json` prints "
                                           "them) that must be equal")] = field(
        default_factory=dict)
    absent: Annotated[bool, Doc("true: no such event may be made (no check, no roll)")] = False


@dataclass(frozen=True, slots=True)
class Step:
    action: Annotated[Any, Doc("the action, as in an action file (docs/actions.md)")]
    say: Annotated[Text, Doc("what the window says while this step plays: what happens "
                             "and why, with its clause")] = ""
    refused: Annotated[str | None, Doc("the clause id the action must be refused "
                                       "with")] = None
    odds: Annotated[Mapping[str, str], Doc("the action's exact odds before it is played: "
                                           "each outcome's label → a fraction, all of "
                                           "them")] = field(default_factory=dict)
    events: Annotated[tuple[EventExpected, ...], Doc("events the action must make, in "
                                                     "order")] = ()
    state: Annotated[Mapping[str, Any], Doc("summary fields after the step: a dotted path "
                                            "→ its value (null: absent)")] = field(
        default_factory=dict)


@dataclass(frozen=True, slots=True)
class DemoFile:
    """The JSON of a demo file."""

    mineboard_demo: Literal[1]
    clause: Annotated[str, Doc("the clause this demo shows")]
    title: Annotated[str, Length(1, 200)]
    about: Annotated[Text, Doc("what the demo shows, for the teacher")]
    scenario: Annotated[Any, Doc("a scenario object (any bundled map), or a bundled "
                                 "scenario's name")]
    steps: Annotated[tuple[Step, ...], Length(1, 200)]
    also: Annotated[tuple[str, ...], Doc("other clauses the demo shows on the way")] = ()
    dice: Annotated[tuple[Annotated[int, Range(1, MAX_DIE_SIDES)], ...],
                    Length(0, MAX_SCRIPTED_DICE), Doc("every die rolled, in order")] = ()


@dataclass(frozen=True)
class Demo:
    """A demo file read and checked: its scenario loads and every action parses."""

    name: str
    path: Path
    spec: DemoFile
    clause: Clause
    scenario: Scenario
    actions: tuple[Action, ...]

    @property
    def title(self) -> str:
        return self.spec.title

    @property
    def clauses(self) -> tuple[str, ...]:
        return (self.spec.clause, *self.spec.also)

    def new_game(self) -> Game[Any]:
        """The demo's game at an open table (everything may be shown) on its scripted dice."""
        return self.scenario.new_game(DEMO_SEED, Table(open=True, dice_script=self.spec.dice))


def load_demo(path: Path) -> Demo:
    """A demo file, checked: any fault is one line naming the file and what is wrong."""
    where = str(path)
    data, _ = read_json(path)
    spec = from_json(DemoFile, data, where)
    clauses = all_clauses()
    for name, clause_id in (("clause", spec.clause),
                            *((f"also[{i}]", a) for i, a in enumerate(spec.also)),
                            *((f"steps[{i}].refused", s.refused) for i, s in
                              enumerate(spec.steps) if s.refused is not None)):
        if clause_id not in clauses and not _is_turn_word(clause_id):
            raise BadInput(f"{where}: {name}", f"no clause {clause_id!r}")
    clause = clauses[spec.clause]
    if clause_of_name(path) != clause.id:
        raise BadInput(where, f"the file's name must begin with its clause, "
                              f"{clause.id.lower()}-…")
    if isinstance(spec.scenario, str):
        scenario = load_scenario(resolve_scenario(spec.scenario))
    else:
        scenario = scenario_from_data(spec.scenario, f"{where}: scenario", path.parent)
    if scenario.ruleset.id != clause.ruleset:
        raise BadInput(f"{where}: scenario", f"is a {scenario.ruleset.id} game, but "
                                             f"{clause.id} is a clause of {clause.ruleset}")
    actions = tuple(scenario.ruleset.codec.parse(s.action, f"{where}: steps[{i}].action")
                    for i, s in enumerate(spec.steps))
    for i, s in enumerate(spec.steps):
        for label, text in s.odds.items():
            _fraction(text, f"{where}: steps[{i}].odds.{label}")
    return Demo(path.stem, path, spec, clause, scenario, actions)


def _is_turn_word(clause_id: str) -> bool:
    """Refusals outside any clause (whose turn it is, undo) have words, not ids."""
    return clause_id in ("TURN",) or not CLAUSE_ID.fullmatch(clause_id)


def _fraction(text: str, where: str) -> Fraction:
    if not re.fullmatch(r"\d+(/\d+)?", text):
        raise BadInput(where, f"{text[:30]!r} is not an exact fraction like 8/27")
    value = Fraction(text)
    if value > 1:
        raise BadInput(where, f"{text} is more than 1")
    return value


# ---- playing -------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Check:
    """One thing a demo expects, beside what the engine did."""

    what: str
    expected: str
    actual: str
    ok: bool


@dataclass(frozen=True)
class StepOutcome:
    index: int
    step: Step
    action: Action
    checks: tuple[Check, ...]
    record: Record | None
    refusal: IllegalAction | None

    @property
    def ok(self) -> bool:
        return all(c.ok for c in self.checks)

    @property
    def events(self) -> tuple[Event, ...]:
        return self.record.events if self.record is not None else ()


@dataclass(frozen=True)
class DemoResult:
    demo: Demo
    steps: tuple[StepOutcome, ...]
    finish: tuple[Check, ...]

    @property
    def ok(self) -> bool:
        return all(s.ok for s in self.steps) and all(c.ok for c in self.finish)

    def failures(self) -> list[str]:
        """Each check that failed as one line: where, what was expected, what came out."""
        lines = [f"{self.demo.path.name}: step {s.index + 1} ({s.action.kind}): {c.what}: "
                 f"expected {c.expected}, engine did {c.actual}"
                 for s in self.steps for c in s.checks if not c.ok]
        lines += [f"{self.demo.path.name}: {c.what}: expected {c.expected}, engine did "
                  f"{c.actual}" for c in self.finish if not c.ok]
        return lines

    def to_json(self) -> dict[str, Any]:
        def checks(cs: tuple[Check, ...]) -> list[dict[str, Any]]:
            return [{"what": c.what, "expected": c.expected, "actual": c.actual, "ok": c.ok}
                    for c in cs]
        return {"demo": self.demo.name, "clause": self.demo.clause.id,
                "title": self.demo.title, "ok": self.ok,
                "steps": [{"action": s.action.to_json(), "ok": s.ok, "checks": checks(s.checks),
                           "events": [e.to_json() for e in s.events]} for s in self.steps],
                "finish": checks(self.finish)}


Play = Callable[[Action], Record]


def play_step(demo: Demo, game: Game[Any], index: int, play: Play | None = None
              ) -> StepOutcome:
    """Play step ``index`` on ``game`` (through ``play``: the window's own, so its log and
    dice show it) and hold each expectation beside what the engine did."""
    step, action = demo.spec.steps[index], demo.actions[index]
    checks: list[Check] = []
    if step.odds:
        checks += _odds_checks(game, action, step.odds)
    record: Record | None = None
    refusal: IllegalAction | None = None
    try:
        record = (play or game.play)(action)
    except IllegalAction as exc:
        refusal = exc
    except DiceExhausted as exc:
        checks.append(Check("dice", "enough scripted dice", str(exc), False))
        return StepOutcome(index, step, action, tuple(checks), None, None)
    if step.refused is not None:
        actual = f"refused with {refusal.clause}" if refusal else "played it"
        checks.append(Check("refusal", f"refused with {step.refused}", actual,
                            refusal is not None and refusal.clause == step.refused))
    elif refusal is not None:
        checks.append(Check("legality", "played", f"refused it: {refusal}", False))
    if record is not None:
        checks += _event_checks(record.events, step.events)
    elif step.events:
        checks.append(Check("events", f"{len(step.events)} expected", "no action played",
                            False))
    if step.state:
        summary = game.ruleset.summary(game.state)
        for path, expected in step.state.items():
            actual = lookup(summary, path)
            checks.append(Check(path, _show(expected), _show(actual), _same(expected, actual)))
    return StepOutcome(index, step, action, tuple(checks), record, refusal)


def finish_checks(demo: Demo, game: Game[Any]) -> tuple[Check, ...]:
    """What must hold once every step is played: the scripted dice all rolled."""
    left = len(demo.spec.dice) - game.roll_count
    if left <= 0:
        return ()
    unused = ", ".join(map(str, demo.spec.dice[game.roll_count:]))
    return (Check("dice", f"all {len(demo.spec.dice)} dice rolled",
                  f"{game.roll_count} rolled, {unused} left over", False),)


def run_demo(demo: Demo) -> DemoResult:
    """Play a whole demo headless."""
    game = demo.new_game()
    outcomes = tuple(play_step(demo, game, i) for i in range(len(demo.actions)))
    ran_out = any(c.what == "dice" and not c.ok for o in outcomes for c in o.checks)
    return DemoResult(demo, outcomes, () if ran_out else finish_checks(demo, game))


def _odds_checks(game: Game[Any], action: Action, odds: Mapping[str, str]) -> list[Check]:
    preview = game.ruleset.preview(game.observe(TEACHER).view, action)
    expected = {label: _fraction(text, label) for label, text in odds.items()}
    if preview is None:
        return [Check("odds", _show_odds(expected), "no odds for this action", False)]
    actual = dict(preview.outcomes)
    return [Check(f"odds of {preview.title!r}", _show_odds(expected), _show_odds(actual),
                  expected == actual)]


def _show_odds(odds: Mapping[str, Fraction]) -> str:
    return ", ".join(f"{label} {value}" for label, value in odds.items()) or "none"


def _event_checks(events: tuple[Event, ...], expected: tuple[EventExpected, ...]
                  ) -> list[Check]:
    """Each expected event must come, in order, among the step's events."""
    checks = []
    found = [e.to_json() for e in events]
    at = 0
    for want in expected:
        if want.absent:
            made = [e["text"] for e in found if _event_matches(e, want)]
            checks.append(Check(f"no event {_describe(want)}", "none made",
                                "; ".join(made) or "none made", not made))
            continue
        match = next((i for i in range(at, len(found)) if _event_matches(found[i], want)), None)
        what = f"event {_describe(want)}"
        if match is None:
            near = "; ".join(f"{e['clause']} {e['text']}" for e in found[at:]) or "none"
            checks.append(Check(what, "made", f"not made (events: {near})", False))
        else:
            checks.append(Check(what, "made", found[match]["text"], True))
            at = match + 1
    return checks


def _event_matches(event: Mapping[str, Any], want: EventExpected) -> bool:
    if want.kind is not None and event.get("kind") != want.kind:
        return False
    if want.clause is not None and event.get("clause") != want.clause:
        return False
    if want.text is not None and want.text not in str(event.get("text", "")):
        return False
    data = event.get("data", {})
    return all(_same(v, event[k] if k in event else data.get(k, _ABSENT))
               for k, v in want.data.items())


def _describe(want: EventExpected) -> str:
    parts = [p for p in (want.clause, want.kind, repr(want.text) if want.text else None) if p]
    parts += [f"{k}={_show(v)}" for k, v in want.data.items()]
    return " ".join(parts)


class _Absent:
    def __repr__(self) -> str:
        return "absent"


_ABSENT: Any = _Absent()
_TOKEN = re.compile(r"([^.\[\]]+)|\[([^\]]*)\]")


def lookup(data: Any, path: str) -> Any:
    """The value at ``path`` in a summary: ``units.ger-escort-1.zone``,
    ``minefields[line=91|92].count`` (the one list entry with that field), ``units[#]``
    (how many), ``events[0]``. Missing: absent."""
    value = data
    for name, bracket in _TOKEN.findall(path):
        if name:
            value = value.get(name, _ABSENT) if isinstance(value, Mapping) else _ABSENT
        elif bracket == "#":
            value = len(value) if isinstance(value, list | Mapping) else _ABSENT
        elif "=" in bracket:
            key, _, want = bracket.partition("=")
            hits = [v for v in value if isinstance(v, Mapping) and str(v.get(key)) == want] \
                if isinstance(value, list) else []
            value = hits[0] if len(hits) == 1 else _ABSENT
        elif bracket.isdigit() and isinstance(value, list):
            value = value[int(bracket)] if int(bracket) < len(value) else _ABSENT
        else:
            value = _ABSENT
        if value is _ABSENT:
            break
    return value


def _same(expected: Any, actual: Any) -> bool:
    if expected is None:
        return actual is _ABSENT or actual is None
    if actual is _ABSENT:
        return False
    if isinstance(expected, bool) or isinstance(actual, bool):  # True is not 1 here
        return expected is actual
    return bool(expected == actual)


def _show(value: Any) -> str:
    if value is _ABSENT:
        return "absent"
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def iter_demos(clause_id: str | None = None) -> Iterator[Demo]:
    """Every bundled demo (of one clause), loaded."""
    for entry in demo_index() if clause_id is None else demos_of(clause_id):
        yield load_demo(entry.path)
