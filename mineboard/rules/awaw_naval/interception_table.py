"""The Naval Interception Table as a replaceable data file (AW-224, AW-176, AW-197).

The source names the table (rule 22) but prints none, so
``assets/rules/awaw-naval/interception_table.json`` is the project's stand-in: the
situations rule 21 tells apart — a patrol en route, in its patrol hex, staying there; a base
change; a transport, escort or invasion force; raiders on their way to an SW box or home; a
defensive patrol — each with a modifier. A group replaces the file with its own table; one
that breaks the shape, or no longer keeps a patrol staying in its patrol hex the likeliest
to be intercepted (the note to 21.416), is refused in one line naming the field.

The interceptor may declare the situation with its ``intercept`` (field ``situation``; empty:
none). Interception success stays a result the players enter (AW-224); the engine only
checks that the situation fits what is intercepted, and that raiders on their way to an SW
box are intercepted only under a favorable modifier (AW-176). Surviving raiders going home
are offered to the defender (AW-197) by :func:`offer_way_home`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Annotated, Literal

from mineboard.core.errors import IllegalAction
from mineboard.core.events import Event
from mineboard.core.planning import Choice, Preview
from mineboard.core.schema import Doc, Length, Range
from mineboard.core.words import and_list
from mineboard.rules.awaw_naval import interception, operations, reach
from mineboard.rules.awaw_naval.data import RULESET_ID
from mineboard.rules.awaw_naval.ledger import Interception, Window, ledger_of
from mineboard.rules.awaw_naval.parts import Part
from mineboard.rules.awaw_naval.patrol_log import AT_HEX, EN_ROUTE, STAYING, patrol_of
from mineboard.rules.awaw_naval.state import AwState
from mineboard.rules.common.tables import read_rule_table

FILE = "interception_table.json"
RAID = "raid"
RETURN = "raider_return"
"""The kind of window the defender is asked about when raiders go home (AW-197)."""
STAGES = ("", EN_ROUTE, AT_HEX, STAYING)
STAGE_WORDS = {"": "no patrol", EN_ROUTE: "en route", AT_HEX: "in its patrol hex before an "
               "air round", STAYING: "staying in its patrol hex"}


@dataclass(frozen=True, slots=True)
class Situation:
    """One row: what the intercepted force is doing, and the modifier it gives."""

    name: Annotated[str, Length(1, 200)]
    modifier: Annotated[int, Range(-9, 9), Doc("added to the interception roll: greater is "
                                               "likelier")]
    rule: Annotated[str, Length(0, 40), Doc("the paragraph it follows")] = ""
    fits: Annotated[tuple[str, ...], Length(0, 20),
                    Doc("activity keys, 'base_change', 'displacement' or 'raider_return' it "
                        "may be declared against; empty: anything")] = ()
    stage: Annotated[str, Doc("a patrol's stage it needs: en_route, at_hex, staying")] = ""
    defensive: Annotated[bool, Doc("only a defensive patrol declares it")] = False

    def validate(self) -> None:
        if self.stage not in STAGES:
            raise ValueError(f"stage: {self.stage!r} is no patrol stage "
                             f"({', '.join(s for s in STAGES if s)})")


@dataclass(frozen=True, slots=True)
class InterceptionTable:
    schema: Literal[1]
    best: Annotated[str, Length(1, 60),
                    Doc("the situation that must stay the likeliest: a patrol staying in "
                        "its patrol hex (note to 21.416)")]
    situations: Annotated[Mapping[str, Situation], Length(1, 40)]
    about: str = ""

    def validate(self) -> None:
        best = self.situations.get(self.best)
        if best is None:
            raise ValueError(f"best: {self.best!r} is no situation of the table")
        rival = next((k for k, s in self.situations.items()
                      if k != self.best and s.modifier >= best.modifier), None)
        if rival is not None:
            raise ValueError(f"best: {rival!r} ({self.situations[rival].modifier:+d}) is as "
                             f"likely as {self.best!r} ({best.modifier:+d}); a patrol staying "
                             "in its patrol hex must stay the likeliest to be intercepted "
                             "(note to 21.416, AW-224)")


@cache
def interception_table() -> InterceptionTable:
    return read_rule_table(InterceptionTable, RULESET_ID, FILE)


# ---- what is intercepted, and the situation declared -------------------------------------

def target_of(state: AwState, window: Window) -> str:
    """What the window holds, as the table's ``fits`` name it: the operation's activity, or
    the window's kind (a base change, a displacement, raiders going home)."""
    op = ledger_of(state).operations.get(window.operation) if window.operation else None
    return op.activity if op is not None else window.kind


def patrol_stage(state: AwState, window: Window) -> str:
    """A patrol's stage as the table reads it: staying (21.416L), at its hex before an air
    round (its hex the whole route asked about, 21.416J), or en route (21.416C)."""
    patrol = patrol_of(state, window.operation) if window.operation else None
    if patrol is None:
        return ""
    if patrol.stage == STAYING:
        return STAYING
    op = ledger_of(state).operations.get(window.operation)
    return AT_HEX if op is not None and window.route == (op.hex,) else EN_ROUTE


def fitting(table: InterceptionTable, what: str, *, defensive: bool = False) -> list[str]:
    """The situations that may be declared against ``what`` (by a defensive patrol or
    not)."""
    return [k for k, s in table.situations.items()
            if (not s.fits or what in s.fits) and (defensive or not s.defensive)]


def declared(state: AwState, situation: str, window: Window, *,
             defensive: bool = False) -> Situation | None:
    """The row declared against ``window``, checked; None when none is declared. Raiders on
    their way to an SW box need one with a modifier above 0 (AW-176)."""
    table = interception_table()
    what = target_of(state, window)
    if not situation:
        favorable = [k for k in fitting(table, what, defensive=defensive)
                     if table.situations[k].modifier > 0]
        if what == RAID:
            raise IllegalAction("raiders are intercepted on the map only where a favorable "
                                "interception modifier applies: declare the situation "
                                f"({and_list(favorable) or 'none in ' + FILE})",
                                "AW-176")
        return None
    row = table.situations.get(situation)
    if row is None:
        raise IllegalAction(f"intercept.situation: {situation!r} is no situation of {FILE} "
                            f"({', '.join(table.situations)})", "AW-224")
    if row.fits and what not in row.fits:
        raise IllegalAction(f"intercept.situation: {situation} ({row.name}) fits "
                            f"{and_list(row.fits)}, not {what}", "AW-224")
    if row.defensive and not defensive:
        raise IllegalAction(f"intercept.situation: {row.name} is a defensive patrol's",
                            "AW-114")
    if row.stage and patrol_stage(state, window) != row.stage:
        stage = patrol_stage(state, window)
        raise IllegalAction(f"intercept.situation: {row.name}: "
                            + (f"the patrol is {STAGE_WORDS[stage]}" if stage else
                               "what is intercepted is no patrol"), "AW-224")
    if what == RAID and row.modifier <= 0:
        raise IllegalAction(f"raiders are intercepted on the map only where a favorable "
                            f"interception modifier applies: {row.name} gives "
                            f"{row.modifier:+d}", "AW-176")
    return row


def check_intercept(state: AwState, action: object) -> None:
    """interception.HOOKS["check"] (and the defensive patrol's check): the situation
    declared fits what is intercepted (AW-224, AW-176)."""
    ledger = ledger_of(state)
    window = interception.window_of(state, str(getattr(action, "target", "")))
    if ledger.asked is None or ledger.interception is not None or window is None:
        return  # the interception's own checks say why
    declared(state, str(getattr(action, "situation", "")), window,
             defensive=getattr(action, "kind", "") == "defensive_intercept")


def words(row: Situation) -> str:
    return (f"{row.name}: modifier {row.modifier:+d}"
            + (f" ({row.rule})" if row.rule else "") + f" ({FILE}, the project's stand-in)")


def on_declared(state: AwState, pending: Interception) -> list[Event]:
    """interception.HOOKS["declared"]: the situation's row beside the interception, for the
    players who roll it on their table and enter the outcome (AW-224)."""
    row = interception_table().situations.get(pending.situation)
    if row is None:
        return []
    return [Event(kind="InterceptionSituation", clause="AW-224",
                  at=state.board.ref(pending.hex),
                  text=f"Naval Interception Table: {words(row)}; whether it succeeds is "
                       "entered with the outcome",
                  data={"situation": pending.situation, "modifier": row.modifier})]


def preview_intercept(state: AwState, action: interception.Intercept) -> Preview | None:
    """The table's rows that fit what is intercepted, the declared one marked, and whether
    the interception may be declared (AW-176, AW-224)."""
    window = interception.window_of(state, action.target)
    if window is None:
        return None
    table = interception_table()
    what = target_of(state, window)
    rows = tuple(f"{'→ ' if k == action.situation else ''}{k}: {s.name}, "
                 f"{s.modifier:+d}" + (f" ({s.rule})" if s.rule else "")
                 for k, s in ((k, table.situations[k]) for k in fitting(table, what)))
    try:
        row = declared(state, action.situation, window)
        summary = words(row) if row is not None else "no situation declared: no modifier"
    except IllegalAction as refusal:
        summary = f"refused ({refusal.clause}): {refusal.reason}"
    return Preview(title=f"awaw-naval: Naval Interception Table ({FILE}, the project's "
                         "stand-in, AW-224)", axis="",
                   outcomes=(), summary=summary,
                   rows=(*rows, "interception success and the combat are entered by the "
                                "players (AW-224)"))


SITUATION = "situation"
"""The option naming the situation a click's interception declares."""


def situation_choice(view: AwState) -> list[Choice]:
    """While the side to move may intercept: the table's situation its interception
    declares (none by default), from the rows that fit what moves."""
    table = interception_table()
    kinds = dict.fromkeys(target_of(view, w) for w in ledger_of(view).windows if w.ships)
    keys = dict.fromkeys(k for what in kinds for k in fitting(table, what))
    if not keys:
        return []
    values = (("", "none declared"),
              *((k, f"{table.situations[k].name} ({table.situations[k].modifier:+d})")
                for k in keys))
    return [Choice(SITUATION, "Situation", "", values,
                   tip=f"The Naval Interception Table's situation the interception declares "
                       f"({FILE}, the project's stand-in, AW-224); raiders on their way to "
                       "an SW box need a favorable one (AW-176)")]


# ---- raiders going home (AW-197) ---------------------------------------------------------

def offer_way_home(state: AwState, side: str, box: str,
                   homes: Mapping[str, str]) -> list[Event]:
    """The defender is asked whether it intercepts the exposed raiders (ship → the port it
    sailed from) on their way home from ``box`` (AW-197), one force a home port."""
    events: list[Event] = []
    for home in dict.fromkeys(homes.values()):
        ships = tuple(s for s, h in homes.items() if h == home)
        nation = state.ships[ships[0]].nation
        route = reach.leg(state, nation, box, home, RAID).places or (box, home)
        events += operations.ask_interceptors(state, Window(RETURN, side, ships, box, home,
                                                            route))
    return events


interception.HOOKS["check"].append(check_intercept)
interception.HOOKS["declared"].append(on_declared)

PART = Part(previews={interception.Intercept: preview_intercept})
