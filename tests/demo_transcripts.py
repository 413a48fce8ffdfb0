"""Transcripts of the demo boards: everything the engine says and does while a demo plays.

A demo file asserts the few outcomes its clause is about. Its transcript holds the rest of
what the engine did on the way, exactly: each refusal's clause and words, each event whole
(kind, clause, words, data) and what each side may read of it, the odds panel's text before
each step, the route drawn, every field of the true state that changed, each side's view,
the moves the planner offers the side to move, and the invariants. The words are part of
what a teacher sees in the demo player and in the log, so they are held as exactly as the
numbers; a change to them is reviewed as a change to the transcript.

``tests/test_demo_transcripts.py`` compares each demo's transcript with the one kept in
``tests/data/demo_transcripts/``; after a deliberate change, ``make transcripts`` writes them
again and the diff is read before it is committed.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import sys
from collections.abc import Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any

from mineboard.core.actions import Action
from mineboard.core.errors import IllegalAction
from mineboard.core.game import TEACHER, Game
from mineboard.core.planning import Preview, Selection
from mineboard.explorer.demos import Demo, load_demo
from mineboard.explorer.index import demo_index

HERE = Path(__file__).resolve().parent / "data" / "demo_transcripts"

STATIC = frozenset({"board", "ring", "grid", "rules", "ship_data", "data"})
"""A state's fields that are the map and the rule tables: the scenario's, never changed in
play, and large; left out."""

LISTED = 40
"""The planner's legal moves are listed one by one up to this many, else counted."""


def transcript_path(demo: Demo) -> Path:
    return HERE / demo.path.parent.parent.name / f"{demo.path.stem}.txt"


def _plain(value: Any, depth: int = 0) -> Any:
    """A JSON-able copy of a state's value: dataclasses by field, sets sorted; a value of
    any other class (the board, the rule tables) is left out — it does not change in play."""
    if depth > 12:
        return "…"
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, enum.Enum):
        return value.name
    if isinstance(value, Fraction):
        return str(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name), depth + 1)
                for f in dataclasses.fields(value)
                if f.name not in STATIC and not f.name.startswith("_")
                and _kept(getattr(value, f.name))}
    if isinstance(value, Mapping):
        return {str(k): _plain(v, depth + 1) for k, v in value.items() if _kept(v)}
    if isinstance(value, set | frozenset):
        return sorted((_plain(v, depth + 1) for v in value), key=_key)
    if isinstance(value, list | tuple):
        return [_plain(v, depth + 1) for v in value if _kept(v)]
    return None


def _kept(value: Any) -> bool:
    return (value is None or isinstance(value, bool | int | float | str | enum.Enum | Fraction
                                        | Mapping | set | frozenset | list | tuple)
            or (dataclasses.is_dataclass(value) and not isinstance(value, type)))


def _key(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=str)


def _flat(value: Any, prefix: str = "") -> dict[str, Any]:
    """``{"units.F1.mission": "mines", …}``: each leaf of a plain value by its path."""
    if isinstance(value, dict) and value:
        out: dict[str, Any] = {}
        for k, v in value.items():
            out.update(_flat(v, f"{prefix}.{k}" if prefix else k))
        return out
    if isinstance(value, list) and value:
        out = {}
        for i, v in enumerate(value):
            out.update(_flat(v, f"{prefix}[{i}]"))
        return out
    return {prefix: value}


def _j(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, default=str)


def _state_lines(before: dict[str, Any], after: dict[str, Any], indent: str) -> list[str]:
    lines = []
    for path in sorted(before.keys() | after.keys()):
        if path not in after:
            lines.append(f"{indent}- {path}")
        elif before.get(path, _MISSING) != after[path]:
            lines.append(f"{indent}{path} = {_j(after[path])}")
    return lines


_MISSING = object()


def _preview_lines(preview: Preview | None) -> list[str]:
    if preview is None:
        return ["  odds: none"]
    lines = [f"  odds: {preview.title} · {preview.axis} · good={preview.good} "
             f"highlight={preview.highlight}",
             "    " + ", ".join(f"{label} {p}" for label, p in preview.outcomes),
             f"    summary: {preview.summary}"]
    lines += [f"    word: {w}" for w in preview.words]
    lines += [f"    row: {r}" for r in preview.rows]
    if preview.data:
        lines.append(f"    data: {_j(preview.data)}")
    return lines


def _actor_seat(game: Game[Any]) -> str:
    return game.state.to_move if game.has_secrets else TEACHER


def _seats(game: Game[Any]) -> list[str]:
    return list(game.state.sides)


def _planner_lines(game: Game[Any], action: Action | None, legal_moves: bool) -> list[str]:
    """What the window offers the side to move: its legal moves (before the first step and
    after the last: a setup board has hundreds, each checked), and the commands, choices and
    targets of the units the next step moves."""
    obs = game.observe(_actor_seat(game))
    ruleset, view = game.ruleset, obs.view
    lines = []
    if legal_moves:
        legal = sorted(_j(a.to_json()) for a in ruleset.legal_actions(view))
        lines.append(f"  planner: {len(legal)} legal moves for {_actor_seat(game)}")
        if len(legal) <= LISTED:
            lines += [f"    {a}" for a in legal]
    if action is not None:
        selection = _selection(game, action)
        lines.append(f"  selection {selection.place} {list(selection.units)}:")
        if selection.place is not None:
            lines.append(f"    units there: {ruleset.units_at(view, selection.place)}")
        lines += [f"    command: {c.label} · {c.tip} · "
                  f"{_j(c.action.to_json()) if c.action else [p for p, _ in c.pick]}"
                  for c in ruleset.commands(view, selection)]
        lines += [f"    choice: {c.key} · {c.label} · {c.default} · {list(c.values)} "
                  f"· {c.low}-{c.high} · {c.tip}" for c in ruleset.choices(view, selection)]
        destination = _destination(action)
        if destination is not None:
            ref = view.board.ref(destination)
            wanted = ruleset.intent(view, selection, ref)
            lines.append(f"    click on {destination}: "
                         f"{_j(wanted.to_json()) if wanted else 'nothing'}")
        if selection.units:  # a setup board's targets are every hex, each checked
            lines += [f"    target: {place} → {_j(a.to_json())}" for place, a in
                      sorted(ruleset.targets(view, selection).items(), key=lambda t: str(t[0]))]
    return lines


def _selection(game: Game[Any], action: Action) -> Selection:
    """The selection a player makes to give ``action``: its units, where they stand."""
    data = action.to_json()
    units: list[str] = []
    for key in ("units", "ships", "fleets"):
        units += list(data.get(key) or ())
    for key in ("unit", "ship", "fleet"):
        if isinstance(data.get(key), str):
            units.append(data[key])
    places = _places_of(_plain(game.state), units[0]) if units else []
    return Selection(place=places[0] if places else None, units=tuple(units))


def _destination(action: Action) -> str | None:
    """The place a player clicks to give ``action``: the end of its path, its hex, line …"""
    data = action.to_json()
    if data.get("path"):
        return str(data["path"][-1])
    for key in ("hex", "line", "to", "zone", "system", "territory"):
        if isinstance(data.get(key), str):
            return str(data[key])
    return None


def _places_of(state: Any, unit_id: str) -> list[str]:
    """The place a unit stands, found in the plain state: the unit's zone, hex or system."""
    for name in ("units", "ships", "fleets"):
        table = state.get(name) if isinstance(state, dict) else None
        if isinstance(table, dict) and isinstance(table.get(unit_id), dict):
            unit = table[unit_id]
            for key in ("zone", "hex", "system", "at", "place"):
                if isinstance(unit.get(key), str):
                    return [unit[key]]
    return []


def transcript(demo: Demo) -> str:
    """The demo's transcript: deterministic text, one fact a line."""
    game = demo.new_game()
    lines = [f"# {demo.path.parent.parent.name}/{demo.path.name}: {demo.clause.id} "
             f"{demo.title}", f"sides: {_seats(game)}"]
    truth = _flat(_plain(game.state))
    views = {s: _flat(_plain(game.ruleset.view(game.state, s))) for s in _seats(game)}
    lines.append("initial state:")
    lines += [f"  {path} = {_j(value)}" for path, value in sorted(truth.items())]
    for side, view in views.items():
        hidden = sorted(p for p in truth if view.get(p, _MISSING) != truth[p])
        lines.append(f"  {side} does not see: {hidden}")
    for i, action in enumerate(demo.actions):
        lines.append(f"step {i + 1}: {_j(action.to_json())}")
        obs = game.observe(_actor_seat(game))
        try:
            lines += _preview_lines(game.ruleset.preview(obs.view, action))
            lines.append(f"  route: {list(game.ruleset.route(obs.view, action))}")
        except IllegalAction as exc:  # a preview of a move the rules refuse
            lines.append(f"  preview refused {exc.clause}: {exc}")
        lines += _planner_lines(game, action, legal_moves=i == 0)
        seat_refusal = obs.refusal(action)
        if seat_refusal is not None:
            lines.append(f"  {obs.seat} is told {seat_refusal.clause}: {seat_refusal}")
        try:
            record = game.play(action)
        except IllegalAction as exc:
            lines.append(f"  refused {exc.clause}: {exc}")
            continue
        for event in record.events:
            lines.append(f"  event {_j(event.to_json())}")
            for side in _seats(game):
                seen = game.observe(side).read(event)
                if seen is None:
                    lines.append(f"    {side} reads nothing")
                elif seen is not event:
                    lines.append(f"    {side} reads {_j(seen.to_json())}")
        after = _flat(_plain(game.state))
        lines += _state_lines(truth, after, "  ")
        truth = after
        for side in _seats(game):
            view = _flat(_plain(game.ruleset.view(game.state, side)))
            changed = _state_lines(views[side], view, "    ")
            if changed:
                lines.append(f"  {side} sees:")
                lines += changed
            views[side] = view
        problems = game.ruleset.invariants(game.state)
        if problems:
            lines.append(f"  invariants broken: {problems}")
    lines.append(f"dice rolled: {game.roll_count}")
    lines += _planner_lines(game, None, legal_moves=True)
    lines.append(f"summary: {_j(game.ruleset.summary(game.state))}")
    return "\n".join(lines) + "\n"


def demos() -> list[Demo]:
    return [load_demo(e.path) for e in demo_index()]


def write_all() -> int:
    for demo in demos():
        path = transcript_path(demo)
        path.parent.mkdir(parents=True, exist_ok=True)
        text = transcript(demo)
        if not path.exists() or path.read_text() != text:
            path.write_text(text)
            print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(write_all())
