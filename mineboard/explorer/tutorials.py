"""Guided tutorials: a ruleset's worked examples as lessons the player makes by clicks.

A tutorial is a small file ``assets/tutorials/<ruleset id>.json`` naming a few of the
ruleset's demo boards in teaching order, each with a short intro. It adds no engine of its
own: every lesson is a demo board (explorer/demos.py), played on its scripted dice, and
every step of a lesson is one of the demo's actions. What is worked out here, without Qt:
the file read and checked (one line naming the file and the field when it is wrong), where
on the map each step is made (the places to click, in order), the odds in words, and the
progress a player has made, as the settings keep it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Any, Literal

from mineboard.core.actions import Action
from mineboard.core.errors import BadInput, IllegalAction, MineboardError
from mineboard.core.limits import MAX_TEXT_LENGTH
from mineboard.core.registry import ruleset_ids
from mineboard.core.ruleset import Ruleset
from mineboard.core.schema import Doc, Length, from_json
from mineboard.explorer.demos import Demo, load_demo
from mineboard.explorer.index import demos_dir
from mineboard.resources import assets_dir, read_json

Text = Annotated[str, Length(1, MAX_TEXT_LENGTH)]
UNIT_FIELDS = ("unit", "units", "ships", "fleets")
"""Action fields naming who acts: the first click picks them where they are."""


@dataclass(frozen=True, slots=True)
class LessonFile:
    demo: Annotated[str, Length(1, 200), Doc("a demo board of the ruleset, by its file's "
                                             "name without .json")]
    intro: Annotated[Text, Doc("what the lesson shows, before its first click")]
    clicks: Annotated[Mapping[str, tuple[str, ...]],
                      Doc("step number (from 1) → the places to click for it, in order, "
                          "where the action itself names none")] = field(
        default_factory=dict)
    ask: Annotated[Mapping[str, Text],
                   Doc("step number (from 1) → the words asking for it, where the action's "
                       "own (its kind and fields) say too little")] = field(
        default_factory=dict)


@dataclass(frozen=True, slots=True)
class TutorialFile:
    """The JSON of a tutorial file."""

    mineboard_tutorial: Literal[1]
    ruleset: Annotated[str, Doc("the ruleset taught; the file is named after it")]
    title: Annotated[str, Length(1, 200)]
    about: Annotated[Text, Doc("what the tutorial teaches, shown before its first lesson")]
    lessons: Annotated[tuple[LessonFile, ...], Length(1, 8)]


@dataclass(frozen=True)
class Lesson:
    demo: Demo
    intro: str
    clicks: Mapping[int, tuple[str, ...]]
    """Step index (from 0) → places to click, where the file says so."""
    ask: Mapping[int, str] = field(default_factory=dict)
    """Step index (from 0) → the words asking for it, where the file says so."""

    @property
    def steps(self) -> int:
        return len(self.demo.actions)


@dataclass(frozen=True)
class Tutorial:
    ruleset: str
    title: str
    about: str
    lessons: tuple[Lesson, ...]
    path: Path

    @property
    def steps(self) -> int:
        return sum(lesson.steps for lesson in self.lessons)


def tutorials_dir() -> Path:
    return assets_dir() / "tutorials"


def tutorial_path(ruleset_id: str) -> Path:
    return tutorials_dir() / f"{ruleset_id}.json"


def tutorial_ids() -> list[str]:
    """The rulesets that have a tutorial, in the registry's order."""
    return [r for r in ruleset_ids() if tutorial_path(r).is_file()]


def tutorial_title(ruleset_id: str) -> str:
    """A tutorial's title for a menu, read without loading its lessons ("" if unreadable:
    opening it says what is wrong)."""
    try:
        data, _ = read_json(tutorial_path(ruleset_id))
    except (MineboardError, OSError):
        return ""
    title = data.get("title") if isinstance(data, dict) else None
    return title[:80] if isinstance(title, str) else ""


def load_tutorial(path: Path) -> Tutorial:
    """A tutorial file, checked: any fault is one line naming the file and the field."""
    where = str(path)
    data, _ = read_json(path)
    spec = from_json(TutorialFile, data, where)
    if spec.ruleset not in ruleset_ids():
        raise BadInput(f"{where}: ruleset", f"no ruleset {spec.ruleset!r} (known: "
                                            f"{', '.join(ruleset_ids())})")
    if path.stem != spec.ruleset:
        raise BadInput(f"{where}: ruleset", f"is {spec.ruleset!r}, but the file must be "
                                            f"named after it: {spec.ruleset}.json")
    lessons = []
    for i, lesson in enumerate(spec.lessons):
        at = f"{where}: lessons[{i}]"
        demo_path = demos_dir(spec.ruleset) / f"{lesson.demo}.json"
        if not demo_path.is_file():
            raise BadInput(f"{at}.demo", f"no demo {lesson.demo!r} among "
                                         f"{spec.ruleset}'s demo boards")
        try:
            demo = load_demo(demo_path)
        except MineboardError as exc:
            raise BadInput(f"{at}.demo", f"the demo does not load: {exc}") from None
        asked = {_step_number(key, demo, f"{at}.ask.{key}"): words
                 for key, words in lesson.ask.items()}
        lessons.append(Lesson(demo, lesson.intro, _clicks(lesson, demo, at), asked))
    return Tutorial(spec.ruleset, spec.title, spec.about, tuple(lessons), path)


def _clicks(lesson: LessonFile, demo: Demo, where: str) -> dict[int, tuple[str, ...]]:
    board = demo.scenario.board
    clicks: dict[int, tuple[str, ...]] = {}
    for key, places in lesson.clicks.items():
        at = f"{where}.clicks.{key}"
        index = _step_number(key, demo, at)
        if not places:
            raise BadInput(at, "names no place to click")
        for place in places:
            if place not in board.places and place not in board.ways:
                raise BadInput(at, f"no place or line {place!r} on the demo's map")
        clicks[index] = tuple(places)
    return clicks


def _step_number(key: str, demo: Demo, at: str) -> int:
    """A step number of the file (from 1) as an index, checked against the demo."""
    if not key.isdigit() or not 1 <= int(key) <= len(demo.actions):
        raise BadInput(at, f"is not a step number of the demo (1 to {len(demo.actions)})")
    return int(key) - 1


# ---- where a step is made ----------------------------------------------------------------
def step_places(ruleset: Ruleset[Any], view: Any, action: Action,
                given: Iterable[str] = ()) -> tuple[str, ...]:
    """The places to click, in order, to make ``action``: the file's own, else the route's
    ends (where the units are, where they go), else where the units named are and then the
    places the action names. Empty: the action happens nowhere on the map (ending a phase),
    and is made by a button."""
    given = tuple(given)
    if given:
        return given
    try:
        route = ruleset.route(view, action)
    except IllegalAction:  # a step the rules refuse: its route is not drawn
        route = ()
    if len(route) >= 2:
        return (route[0], route[-1])
    board = view.board
    fields = action.to_json()
    places: list[str] = []
    unit = _acting(action)
    home = _home(ruleset, view, unit) if unit is not None else None
    if home is not None:
        places.append(home)
    for name, value in fields.items():
        if name != "kind" and name not in UNIT_FIELDS and isinstance(value, str) and (
                value in board.places or value in board.ways):
            places.append(value)
    return tuple(dict.fromkeys(places))[:2]


def click_ids(ruleset: Ruleset[Any], view: Any, action: Action, want: str,
              first: bool) -> set[str]:
    """The places a click may hit to mean ``want``: itself, and for the first click (the
    units picked where they are) any place that picks the same units — a port drawn on its
    hex, a base and its port."""
    ids = {want}
    unit = _acting(action) if first else None
    if unit is not None and unit in ruleset.units_at(view, want):
        ids |= {str(p) for p in view.board.places if unit in ruleset.units_at(view, p)}
    return ids


def _acting(action: Action) -> str | None:
    fields = action.to_json()
    for name in UNIT_FIELDS:
        units = fields.get(name)
        for unit in ([units] if isinstance(units, str) else units or ())[:1]:
            return str(unit)
    return None


def _home(ruleset: Ruleset[Any], view: Any, unit: str) -> str | None:
    """Where ``unit`` stands, as the side to move may give it orders there."""
    for place in view.board.places:
        if unit in ruleset.units_at(view, place):
            return str(place)
    return None


# ---- words -------------------------------------------------------------------------------
def action_words(action: Action, limit: int = 160) -> str:
    """What a step asks for, before it is made, without its result: the kind and its plain
    fields ("Move — units: uk-destroyer-1, uk-destroyer-2; path: 110 → 112")."""
    data = action.to_json()
    kind = str(data.pop("kind")).replace("_", " ").capitalize()
    parts = []
    for key, value in data.items():
        if isinstance(value, bool):
            text = "yes" if value else "no"
        elif isinstance(value, str | int | float) and value != "":
            text = str(value)
        elif isinstance(value, list | tuple) and value and all(
                isinstance(v, str | int) for v in value):
            text = (" → " if key in ("path", "via") else ", ").join(map(str, value))
        else:
            continue  # empty, or a structure of its own: the lesson's words tell it
        parts.append(f"{key.replace('_', ' ')}: {text}")
    words = kind + (f" — {'; '.join(parts)}" if parts else "")
    return words if len(words) <= limit else words[:limit - 1].rstrip() + "…"


def percent(value: Fraction) -> str:
    """A chance as a player reads it beside its fraction: 89.6%, 1.73%, 100%."""
    shown = f"{float(value) * 100:.2f}".rstrip("0").rstrip(".")
    return f"{shown}%"


def odds_words(outcomes: Iterable[tuple[str, Fraction]]) -> list[str]:
    """Each outcome with its exact fraction and its percent: "2 lost: 52905/59049 (89.6%)"."""
    return [f"{label}: {value} ({percent(value)})" for label, value in outcomes]


# ---- progress ----------------------------------------------------------------------------
@dataclass
class Progress:
    """How far the player has come: the tutorial under way (lesson, step) and those
    finished. Kept in the settings between starts of the program."""

    current: str = ""
    lesson: int = 0
    step: int = 0
    finished: set[str] = field(default_factory=set)

    def to_settings(self) -> dict[str, str]:
        return {"current": self.current, "lesson": str(self.lesson), "step": str(self.step),
                "finished": ",".join(sorted(self.finished))}

    @classmethod
    def from_settings(cls, values: Mapping[str, object]) -> Progress:
        """Read back what :meth:`to_settings` wrote; anything unreadable starts afresh."""
        def number(key: str) -> int:
            text = str(values.get(key) or "0")
            return int(text) if text.isdigit() else 0

        finished = {f for f in str(values.get("finished") or "").split(",") if f}
        known = set(ruleset_ids())
        current = str(values.get("current") or "")
        return cls(current if current in known else "", number("lesson"), number("step"),
                   finished & known)
