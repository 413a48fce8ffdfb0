"""What each part of the ruleset adds to the whole (ruleset.py joins them): its actions with
their checks and effects, what it offers a player, what it does when a phase ends or
begins or a hex changes hands, the results from outside the rules it carries out, and its
keys of the summary. One part a group of clauses:

- control.py — who holds each land hex, now and when the rules test it (AW-245), and the
  control changes entered from outside the rules (ground combat)
- movement.py — movement by water: the water graph, straits, canals, rivers, map edges and
  virtual hexes, boxes, range by theatre, port touches, first legs (AW-27…AW-46,
  AW-76…AW-92, AW-222, AW-225, AW-226, AW-243)
- bases.py — ports and capacity, fronts, base changes declared together, failed base
  changes and overstacking, displacement, port counters (AW-01…AW-16, AW-47…AW-62)
- employment.py — one operation per turn, inversion, task forces, carriers, damage,
  returns, cargo, interceptions declared and their results (AW-17…AW-26, AW-63…AW-75,
  AW-223, AW-249)
- sealift.py — sea supply, oil and BRP shipments, sea transport, sea escort
  (AW-116…AW-135, AW-205…AW-221, AW-233, AW-236, AW-242)
- missions.py — patrols, defensive and submarine patrols, harbor attacks, fast carrier
  missions (AW-93…AW-115, AW-136…AW-138, AW-198…AW-204, AW-228, AW-229, AW-241)
- raiders.py — raider groups, the Raider Table, engagements (AW-168…AW-197, AW-230…AW-235)
- invasion_orders.py — seaborne invasions and shore bombardment (AW-139…AW-167, AW-227,
  AW-238…AW-240, AW-250)
- standing_orders.py — when the other side is asked to intercept (AW-79)
- interception_table.py — the Naval Interception Table and AW-176, AW-197 (AW-224)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from mineboard.core.actions import Action
from mineboard.core.dice import Dice
from mineboard.core.events import Event
from mineboard.core.outside import OutsideResult
from mineboard.core.planning import Command, Preview, Selection
from mineboard.rules.awaw_naval.state import AwState


def _none_of(*_args: Any) -> list[Any]:
    return []


def _empty(*_args: Any) -> dict[str, Any]:
    return {}


@dataclass(frozen=True)
class Part:
    actions: tuple[type[Action], ...] = ()
    checks: Mapping[type[Action], Callable[[AwState, Any], None]] = field(default_factory=dict)
    effects: Mapping[type[Action], Callable[[AwState, Any, Dice], list[Event]]] = \
        field(default_factory=dict)
    resolve: Mapping[type[OutsideResult], Callable[[AwState, Any, Dice], list[Event]]] = \
        field(default_factory=dict)
    """Carry out an accepted result from outside the rules of this class."""
    commands: Callable[[AwState, Selection], list[Command]] = _none_of
    candidates: Callable[[AwState], list[Action]] = _none_of
    """A broad list of this part's actions to try (legal or not) for legal_actions."""
    previews: Mapping[type[Action], Callable[[AwState, Any], Preview | None]] = \
        field(default_factory=dict)
    phase_end: Callable[[AwState, Dice], list[Event]] = _none_of
    """What ending the current phase does (before the next begins)."""
    phase_start: Callable[[AwState], list[Event]] = _none_of
    """What beginning the (new) current phase does."""
    control_changed: Callable[[AwState, str, str, Dice], list[Event]] = _none_of
    """A land hex changed hands: (state, hex, its former holder, dice) → what follows
    (displacement, AW-53)."""
    summary: Callable[[AwState], dict[str, Any]] = _empty
    invariants: Callable[[AwState], list[str]] = _none_of
