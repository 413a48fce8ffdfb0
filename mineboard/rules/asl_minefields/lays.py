"""asl-minefields: the lays a side may make now, each a single action — a field recorded in
its Setup (AM-03, AM-07, AM-25, AM-26, AM-33) or a Daisy Chain pulled in its fire phase
(AM-35, AM-36) — what each puts in its hex, and why a side may lay nothing now (AM-02,
AM-48). The advisor (advice.py) ranks them."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from mineboard.core.actions import Action
from mineboard.core.advice import what_if
from mineboard.core.errors import IllegalAction
from mineboard.core.words import possessive
from mineboard.rules.asl_minefields.daisy import PlaceDaisy
from mineboard.rules.asl_minefields.daisy import _targets as daisy_hexes
from mineboard.rules.asl_minefields.setup import (
    ConvertToAt,
    FieldEntry,
    RecordMines,
    RecordSetup,
    at_recorded,
    left,
    terrain_of,
)
from mineboard.rules.asl_minefields.state import (
    AP_STRENGTHS,
    AT_COST,
    FIRE,
    MAX_AT,
    MOVEMENT,
    SETUP,
    AmState,
)


@dataclass(frozen=True, slots=True)
class Lay:
    """What a lay puts in its hex, as far as its figure goes."""

    hex: str
    ap: int
    at: int
    visible: bool = False
    daisy: bool = False
    convert: int = 0

    def label(self, view: AmState) -> str:
        at = view.board.ref(self.hex)
        if self.daisy:
            return f"Daisy Chain of {self.at} A-T factor(s) across {at}"
        if self.ap:
            return f"{self.ap}-factor A-P minefield at {at}"
        how = " in full view" if self.visible else ""
        paid = f", converting {self.convert} pool factors" if self.convert else ""
        return f"{self.at} A-T factor(s){how} at {at}{paid}"


def lay_of(action: Action) -> Lay | None:
    if isinstance(action, RecordMines):
        return Lay(action.hex, action.ap, action.at, action.visible)
    if isinstance(action, RecordSetup) and len(action.fields) == 1 and not action.booby:
        f = action.fields[0]
        return Lay(f.hex, f.ap, f.at, f.visible, convert=action.convert)
    return None


# ---- the lays ---------------------------------------------------------------------------------
def record_lays(view: AmState, side: str, hexes: Iterable[tuple[str, bool]]) -> list[Action]:
    """Every single record ``side`` might make in each hex (A-P 6, 8, 12; 1–5 A-T factors,
    converting pool factors as needed in one order, AM-25; in full view on a hard surface,
    AM-33) — A-T ones only where the flag says a unit that sets them off comes."""
    pool_left = left(view, side)
    free_at = view.pools[side].at_bought - at_recorded(view, side)
    out: list[Action] = []
    for h, with_at in hexes:
        here = view.minefields.get(side, {}).get(h)
        out += [RecordMines(side, h, ap=ap) for ap in AP_STRENGTHS if ap <= pool_left]
        if not with_at:
            continue
        had = (here.at or 0) if here is not None else 0
        hard = bool({"bridge", "paved_road", "runway", "ice"} & terrain_of(view, h)[1])
        for n in range(1, MAX_AT - had + 1):
            convert = max(0, n - free_at) * AT_COST
            if convert > pool_left:
                break
            for visible in ((False, True) if hard and here is None else (False,)):
                out.append(RecordMines(side, h, at=n, visible=visible) if not convert else
                           RecordSetup(side, convert, fields=(FieldEntry(h, at=n,
                                                                         visible=visible),)))
    return out


def daisy_lays(view: AmState, side: str) -> list[Action]:
    holders = sorted((u for u in view.units.values() if u.side == side and u.daisy
                      and u.hex is not None), key=lambda u: u.id)
    return [PlaceDaisy(u.id, h) for u in holders for h in daisy_hexes(view, u)]


def lay_in(view: AmState, action: Action) -> Lay | None:
    if isinstance(action, PlaceDaisy):
        return Lay(action.hex, 0, view.units[action.unit].daisy, daisy=True)
    return lay_of(action)


def legal(ruleset: Any, view: AmState, actions: Sequence[Action]) -> list[Action]:
    """The actions legal on the view, each checked by the ruleset. A one-field whole record
    (convert, then record) is judged as the ruleset judges it, part after part: its
    conversion on the view (once for each amount) and its field on a copy with the
    conversion made — which spares a trial copy for each of hundreds of A-T lays."""
    converted: dict[int, AmState | None] = {}

    def fits(action: Action, on: AmState) -> bool:
        try:
            ruleset.check(on, action)
        except IllegalAction:
            return False
        return True

    out: list[Action] = []
    for action in actions:
        if isinstance(action, RecordSetup) and len(action.fields) == 1 and not action.booby \
                and action.convert:
            amount = action.convert
            if amount not in converted:
                conversion = ConvertToAt(action.side, amount)
                converted[amount] = what_if(ruleset, view, conversion) \
                    if fits(conversion, view) else None
            on = converted[amount]
            f = action.fields[0]
            if on is not None and fits(RecordMines(action.side, f.hex, f.ap, f.at, f.visible),
                                       on):
                out.append(action)
        elif fits(action, view):
            out.append(action)
    return out


def why_not(view: AmState, side: str) -> str:
    """Why ``side`` may lay nothing now ("" : it may)."""
    phase = view.phase
    if view.ask is not None:
        return (f"{side} is asked about {possessive(view.phasing)} move: a Daisy Chain pulled "
                "as a vehicle enters is a standing order's answer (AM-36, AM-38), not a lay "
                "the advisor ranks")
    if phase == SETUP:
        pool = view.pools[side]
        if pool.total <= 0:
            return f"{possessive(side)} Order of Battle grants no minefield factors: it " \
                   "lays no mines (AM-02)"
        return ""
    if phase == FIRE:
        if any(u.side == side and u.daisy for u in view.units.values()):
            return ""
        return (f"{side} lays no mines in its fire phase: hidden minefields are recorded "
                "only before play (AM-48), and it holds no Daisy Chain (AM-35)")
    if phase == MOVEMENT:
        return (f"{side} lays no mines in its Movement Phase: hidden minefields are "
                "recorded only before play (AM-48); a Daisy Chain is pulled in its fire "
                "phase or as the enemy moves (AM-36)")
    return f"{side} lays no mines now (AM-48)"
