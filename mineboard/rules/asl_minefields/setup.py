"""asl-minefields, the secret record (AM-01…AM-07, AM-25, AM-26, AM-33, AM-48, AM-50,
AM-54, AM-59, AM-60, AM-76, AM-78): before play each side, in its own Setup step, spends
its scenario's minefield factors (the OB pool, AM-02) on

- A-P minefields of 6, 8 or 12 factors, at most one a hex (AM-07, AM-78);
- A-T factors, bought 3 pool factors each in multiples of 3 (AM-25, AM-59) and recorded
  1–5 a hex, alone or with an A-P minefield (AM-26);
- visible A-T mines on a bridge, paved road, runway or ice, the only mines those hexes
  take, shown by a counter from the start (AM-01, AM-33, AM-60);
- booby-trap levels per board, 10/20/30 factors for C/B/A (AM-50), where the scenario lets
  it (AM-54; what triggers them is traps.py's).

Every action here is its side's secret: its events are secret to the owner, so a save seals
it and a turn file sends it sealed, and the other side learns nothing — not even how much of
the pool is spent (AM-76). A side may make its record piece by piece or hand it in as one
order (:class:`RecordSetup`), so that its files hold a single sealed order for its Setup and
do not even show how many records it made. The one public trace is a visible A-T counter:
its place is public, its factors are not (AM-68). Its stand-in, :class:`AtCounterShown`,
puts the counters on the map in the other sides' worlds with no factors recorded; the views
show a visible counter's factors as unknown (None) to anyone but the owner, so the worlds
agree.

What a side may see of another side's record (:func:`hide`): its fields that play revealed —
presence and type, strength only once an attack with an effect showed it (AM-05, AM-06) —
and its visible A-T counters (AM-01, AM-68); of its pool the OB total and whether the record
is done (AM-76); none of its booby-trap boards or standing orders.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import pairwise
from typing import Annotated, Any, Literal

from mineboard.core.actions import Action
from mineboard.core.dice import Dice
from mineboard.core.errors import BadInput, IllegalAction
from mineboard.core.events import Event
from mineboard.core.hidden_place import PlacedSomewhere
from mineboard.core.places import PlaceRef
from mineboard.core.planning import Command, Selection
from mineboard.core.schema import Length, Range
from mineboard.core.words import and_list
from mineboard.maps.model import HEX
from mineboard.rules.asl_minefields.parts import Part
from mineboard.rules.asl_minefields.state import (
    AP_STRENGTHS,
    AT_COST,
    BOOBY_COST,
    MAX_AT,
    SETUP,
    AmState,
    Minefield,
    Pool,
)
from mineboard.rules.common.checks import TURN, distinct, is_legal
from mineboard.rules.common.moves import busy

# ---- terrain (AM-04, AM-33, AM-60) ---------------------------------------------------------
HARD_SURFACES = ("bridge", "paved_road", "runway", "ice")
"""AM-33: where A-T mines lie in full view, and the only mines they take."""
NO_MINES_TERRAIN = ("marsh", "crag", "rubble")
"""AM-04: base terrain no minefield may lie in (besides Water Obstacles)."""
WATER = ("stream", "pond")
"""AM-04: Water Obstacles."""
NO_MINES_FEATURES = ("sewer", "interior")
"""AM-04: a sewer access or an Interior Building Hex takes no minefield at all."""
LEVELS = ("A", "B", "C")


def terrain_of(state: AmState, hex_id: str) -> tuple[str, frozenset[str]]:
    """A hex's base terrain and its features."""
    props = state.board.places[hex_id].props
    return str(props.get("terrain", "open")), frozenset(props.get("features", ()))


def board_of(state: AmState, hex_id: str) -> str:
    """The board a hex belongs to, as booby traps are bought (AM-50): the hex's ``board``
    property on a battlefield of joined boards, else the map's id (traps.py names them so)."""
    return str(state.board.places[hex_id].props.get("board", state.board.id))


def boards(state: AmState) -> list[str]:
    return sorted({board_of(state, h) for h, p in state.board.places.items() if p.kind == HEX})


def _forbidden(state: AmState, hex_id: str, visible: bool) -> tuple[str, str] | None:
    """Why no mines of that kind may lie in ``hex_id`` (reason, clause); None: they may.
    Hidden mines (A-P or A-T) stay off every hard surface and the AM-04 terrain; visible A-T
    mines need a hard surface, which lets them onto the stream a bridge crosses or the pond
    ice covers, but not onto the rest of the AM-04 terrain."""
    base, features = terrain_of(state, hex_id)
    at = state.board.ref(hex_id)
    hard = sorted(f for f in features if f in HARD_SURFACES)
    if not visible:
        if "ice" in features:
            return (f"{at} is ice: only A-T mines in full view may lie there (AM-33)",
                    "AM-60")
        if hard:
            return (f"no hidden mines on {at}: {_said(hard)}; A-T mines there must be in "
                    "full view (AM-33)", "AM-04")
    elif not hard:
        return (f"A-T mines lie in full view only on a bridge, paved road, runway or ice; "
                f"{at} has none", "AM-33")
    blocked = [base] if base in NO_MINES_TERRAIN else []
    if base in WATER and not (visible and {"bridge", "ice"} & features):
        blocked.append(f"{base} (a Water Obstacle)")
    blocked += [_FEATURE_WORDS[f] for f in NO_MINES_FEATURES if f in features]
    if blocked:
        return f"no minefield may lie in {at}: {_said(blocked)}", "AM-04"
    return None


_FEATURE_WORDS = {"sewer": "sewer access", "interior": "an Interior Building Hex"}


def _said(words: Iterable[str]) -> str:
    return ", ".join(w.replace("_", " ") for w in words)


# ---- the pool (AM-02, AM-25, AM-50, AM-59) ------------------------------------------------
def ap_recorded(state: AmState, side: str) -> int:
    return sum(f.ap or 0 for f in state.minefields.get(side, {}).values() if not f.daisy)


def at_recorded(state: AmState, side: str) -> int:
    """A-T factors recorded in hexes (a Daisy Chain's come on top of the pool, AM-71)."""
    return sum(f.at or 0 for f in state.minefields.get(side, {}).values() if not f.daisy)


def spent(state: AmState, side: str) -> int:
    """Pool factors spent: A-P factors recorded, 3 a bought A-T factor, booby-trap levels."""
    pool = state.pools[side]
    return (ap_recorded(state, side) + AT_COST * pool.at_bought
            + sum(BOOBY_COST[level] for level in pool.booby.values()))


def left(state: AmState, side: str) -> int:
    return state.pools[side].total - spent(state, side)


# ---- actions ---------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ConvertToAt(Action):
    """``side`` gives up ``factors`` of its pool for one A-T factor every 3 (AM-25, AM-59)."""

    kind = "convert_to_at"
    side: str
    factors: Annotated[int, Range(0, 999)]


@dataclass(frozen=True, slots=True)
class RecordMines(Action):
    """``side`` records in secret an A-P minefield of ``ap`` factors and/or ``at`` A-T
    factors in ``hex`` (AM-03); ``visible``: A-T mines in full view on a hard surface
    (AM-33), whose counter the other side sees."""

    kind = "record_mines"
    side: str
    hex: str
    ap: Annotated[int, Range(0, 99)] = 0
    at: Annotated[int, Range(0, 99)] = 0
    visible: bool = False


@dataclass(frozen=True, slots=True)
class BuyBoobyTraps(Action):
    """``side`` gives ``board`` booby-trap capability at ``level`` (AM-50)."""

    kind = "buy_booby_traps"
    side: str
    board: str
    level: Literal["A", "B", "C"]


@dataclass(frozen=True, slots=True)
class AtCounterShown(PlacedSomewhere):
    """The stand-in of a record with visible A-T mines: ``owner`` put an A-T Mine counter
    on each of ``hexes``, their factors sealed. The other sides replay it in place of the
    record; it is never an order (as a :class:`PlacedSomewhere`, the game and play by email
    refuse it as one)."""

    kind = "at_counter_shown"
    hexes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class FieldEntry:
    """One hex of a whole record (:class:`RecordSetup`), as :class:`RecordMines` has it."""

    hex: str
    ap: Annotated[int, Range(0, 99)] = 0
    at: Annotated[int, Range(0, 99)] = 0
    visible: bool = False


@dataclass(frozen=True, slots=True)
class BoobyEntry:
    board: str
    level: Literal["A", "B", "C"]


@dataclass(frozen=True, slots=True)
class RecordSetup(Action):
    """``side``'s whole record in one order: ``convert`` pool factors to A-T mines first,
    then the booby-trap boards, then the fields, each judged as its own action would be.
    One sealed order for the whole Setup, so a save or a turn file does not even show how
    many records the side made (AM-76)."""

    kind = "record_setup"
    side: str
    convert: Annotated[int, Range(0, 999)] = 0
    booby: Annotated[tuple[BoobyEntry, ...], Length(0, 50)] = ()
    fields: Annotated[tuple[FieldEntry, ...], Length(0, 500)] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class MinesRecorded(Event):
    """A record of the owner's (secret to it). Its public twin is the A-T Mine counter
    when the mines are in full view, and nothing when they are hidden."""

    kind: str = "MinesRecorded"
    owner: str
    shown: tuple[PlaceRef, ...] = ()
    """The A-T Mine counters it puts in full view: all the other sides learn of it."""

    def public_twin(self) -> Event | None:
        if self.secret_to is None or not self.shown:
            return None
        return counters_shown(self.owner, self.shown)


def counters_shown(owner: str, shown: tuple[PlaceRef, ...]) -> Event:
    """What every side reads of visible A-T mines recorded: where their counters are."""
    if len(shown) == 1:
        return Event(kind="AtCounterShown", clause="AM-01", at=shown[0],
                     text=f"{owner} shows an A-T Mine counter at {shown[0]}; its factors "
                          "stay secret (AM-68)")
    return Event(kind="AtCounterShown", clause="AM-01", data={"hexes": [r.id for r in shown]},
                 text=f"{owner} shows A-T Mine counters at {and_list([str(r) for r in shown])};"
                      " their factors stay secret (AM-68)")


# ---- checks ------------------------------------------------------------------------------
def _in_setup(state: AmState, side: str, what: str) -> None:
    if state.phase != SETUP:
        raise IllegalAction(f"{what} only before play begins, in a side's Setup; "
                            "only a Daisy Chain is placed during play", "AM-48")
    if side not in state.sides:
        raise IllegalAction(f"{side!r} is not a side of this game", TURN)
    if side != state.to_move:
        raise IllegalAction(f"it is {state.to_move}'s Setup, not {side}'s", TURN)
    if busy(state):
        raise IllegalAction("finish the move in progress first", TURN)


def _has_pool(state: AmState, side: str) -> Pool:
    pool = state.pools[side]
    if pool.total <= 0:
        raise IllegalAction(f"{side}'s Order of Battle grants no minefield factors", "AM-02")
    return pool


def _afford(state: AmState, side: str, cost: int, what: str) -> None:
    have = left(state, side)
    if cost > have:
        raise IllegalAction(f"{what} costs {cost} minefield factors; {side} has {have} of "
                            f"{state.pools[side].total} left", "AM-02")


def check_convert(state: AmState, action: ConvertToAt) -> None:
    _in_setup(state, action.side, "minefield factors are converted to A-T mines")
    _has_pool(state, action.side)
    if action.factors <= 0 or action.factors % AT_COST:
        raise IllegalAction(f"A-T mines cost {AT_COST} minefield factors each: give up a "
                            f"multiple of {AT_COST}, not {action.factors}", "AM-59")
    _afford(state, action.side, action.factors,
            f"{action.factors // AT_COST} A-T factor(s)")


def check_record(state: AmState, action: RecordMines) -> None:
    side = action.side
    _in_setup(state, side, "minefields are recorded")
    if action.hex not in state.board.places or state.board.places[action.hex].kind != HEX:
        raise IllegalAction(f"{action.hex!r} is not a hex of this map", TURN)
    pool = _has_pool(state, side)
    if action.ap == 0 and action.at == 0:
        raise IllegalAction("record A-P factors, A-T factors or both", "AM-03")
    if action.ap not in (0, *AP_STRENGTHS):
        raise IllegalAction(f"an A-P minefield has 6, 8 or 12 factors, not {action.ap}",
                            "AM-07")
    if action.visible and action.ap:
        raise IllegalAction("only A-T mines lie in full view; A-P minefields are always "
                            "hidden", "AM-33")
    where = _forbidden(state, action.hex, action.visible)
    if where is not None:
        raise IllegalAction(*where)
    at = state.board.ref(action.hex)
    here = state.minefields.get(side, {}).get(action.hex)
    if here is not None and action.visible:
        raise IllegalAction(f"{side} has an A-T Mine counter at {at} already: record all "
                            "its factors at once", "AM-33")
    if action.ap and here is not None and here.ap:
        raise IllegalAction(f"{at} holds {side}'s {here.ap}-factor A-P minefield already: "
                            "one A-P minefield a hex", "AM-78")
    had = (here.at or 0) if here is not None else 0
    if action.at and not 1 <= had + action.at <= MAX_AT:
        raise IllegalAction(f"a hex holds 1 to {MAX_AT} A-T factors; {at} would hold "
                            f"{had + action.at}", "AM-26")
    if action.at:
        free = pool.at_bought - at_recorded(state, side)
        if action.at > free:
            raise IllegalAction(f"{side} has {free} A-T factor(s) bought and not yet "
                                f"recorded; convert pool factors first ({AT_COST} each)",
                                "AM-25")
    if action.ap:
        _afford(state, side, action.ap, f"a {action.ap}-factor A-P minefield")


def may_buy_booby(state: AmState, side: str, board: str) -> bool:
    """AM-54: an SSR allows it, or the side may set up on the whole board (with the option
    ``booby_part_of_setup``, on part of it: the scenario's ``setup_boards`` lists those
    boards either way) and its victory conditions make it neither capture nor exit."""
    if board in state.ssr_booby.get(side, ()):
        return True
    return board in state.setup_areas.get(side, ()) and not state.must_capture.get(side)


def check_booby(state: AmState, action: BuyBoobyTraps) -> None:
    side = action.side
    _in_setup(state, side, "booby traps are bought")
    _has_pool(state, side)
    known = boards(state)
    if action.board not in known:
        raise IllegalAction(f"{action.board!r} is no board of this map ({_said(known)})",
                            TURN)
    if action.level not in LEVELS:
        raise IllegalAction(f"booby-trap levels are A, B and C, not {action.level!r}",
                            "AM-50")
    had = state.pools[side].booby.get(action.board)
    if had is not None:
        raise IllegalAction(f"{side} bought Level {had} booby traps on board {action.board} "
                            "already", "AM-50")
    if not may_buy_booby(state, side, action.board):
        whole = "part" if state.data.options.booby_part_of_setup else "all"
        why = ("its victory conditions make it capture terrain or exit"
               if action.board in state.setup_areas.get(side, ()) else
               f"it may not set up on {whole} of board {action.board}")
        raise IllegalAction(f"{side} may not booby-trap board {action.board}: no SSR allows "
                            f"it and {why}", "AM-54")
    _afford(state, side, BOOBY_COST[action.level],
            f"Level {action.level} booby traps on board {action.board}")


def check_counter_shown(state: AmState, action: AtCounterShown) -> None:
    """What another side's program may judge of a visible A-T record without its factors
    (the pool is the owner's secret): whose Setup, and whether the hexes take the counters."""
    _in_setup(state, action.owner, "A-T Mine counters are placed")
    if not action.hexes or action.count != len(action.hexes):
        raise IllegalAction("name each hex of an A-T Mine counter once", TURN)
    distinct(action.hexes, "hex", "AM-33")
    for hex_id in action.hexes:
        if hex_id not in state.board.places:
            raise IllegalAction(f"{hex_id!r} is not a hex of this map", TURN)
        where = _forbidden(state, hex_id, True)
        if where is not None:
            raise IllegalAction(*where)
        if hex_id in state.minefields.get(action.owner, {}):
            raise IllegalAction(f"{action.owner} has an A-T Mine counter at "
                                f"{state.board.ref(hex_id)} already", "AM-33")


def _parts_of(action: RecordSetup) -> list[tuple[str, Action]]:
    side = action.side
    out: list[tuple[str, Action]] = []
    if action.convert:
        out.append(("convert", ConvertToAt(side, action.convert)))
    out += [(f"booby[{i}]", BuyBoobyTraps(side, b.board, b.level))
            for i, b in enumerate(action.booby)]
    out += [(f"fields[{i}]", RecordMines(side, f.hex, f.ap, f.at, f.visible))
            for i, f in enumerate(action.fields)]
    return out


def _trial(state: AmState, side: str) -> AmState:
    """A copy to try a whole record on: the side's pool and minefields its own, the rest
    (the board above all) shared."""
    trial = copy.copy(state)
    trial.pools = {**state.pools, side: copy.deepcopy(state.pools[side])}
    trial.minefields = {**state.minefields, side: {
        h: copy.copy(f) for h, f in state.minefields.get(side, {}).items()}}
    return trial


def check_setup(state: AmState, action: RecordSetup) -> None:
    """Each part judged as its own action, after the parts before it: the refusal names
    the part (``fields[2]: …``) and the clause."""
    _in_setup(state, action.side, "minefields are recorded")
    parts = _parts_of(action)
    if not parts:
        raise IllegalAction("a whole record needs a conversion, booby traps or a field",
                            "AM-03")
    trial = _trial(state, action.side)
    for where, part in parts:
        try:
            _check_own(trial, part)
        except IllegalAction as exc:
            raise IllegalAction(f"{where}: {exc.reason}", exc.clause) from None
        _EFFECTS[type(part)](trial, part, _NO_DICE)


def _check_own(state: AmState, action: Any) -> None:
    """One of this part's record actions, checked as the ruleset would."""
    check = PART.checks[type(action)]
    check(state, action)


# ---- effects --------------------------------------------------------------------------------
def _pool_words(state: AmState, side: str) -> str:
    return f"{left(state, side)} of {state.pools[side].total} pool factors left"


def convert(state: AmState, action: ConvertToAt, dice: Dice) -> list[Event]:
    side = action.side
    state.pools[side].at_bought += action.factors // AT_COST
    got = action.factors // AT_COST
    return [Event(kind="MinesConverted", clause="AM-25", secret_to=side,
                  text=f"{side} gives up {action.factors} minefield factors for {got} A-T "
                       f"factor(s) ({_pool_words(state, side)})",
                  data={"given_up": action.factors, "at_bought": state.pools[side].at_bought,
                        "left": left(state, side)})]


def record_setup(state: AmState, action: RecordSetup, dice: Dice) -> list[Event]:
    side = action.side
    said = [e.text for _w, part in _parts_of(action)
            for e in _EFFECTS[type(part)](state, part, dice)]
    shown = tuple(state.board.ref(f.hex) for f in action.fields if f.visible)
    return [MinesRecorded(clause="AM-03", owner=side, shown=shown, secret_to=side,
                          text=f"{side} records its setup at once: " + "; ".join(said),
                          data={"parts": len(said), "left": left(state, side)})]


def record(state: AmState, action: RecordMines, dice: Dice) -> list[Event]:
    side = action.side
    owned = state.minefields.setdefault(side, {})
    field_ = owned.get(action.hex)
    if field_ is None:
        field_ = owned[action.hex] = Minefield(action.hex, side, visible=action.visible)
    field_.ap = (field_.ap or 0) + action.ap
    field_.at = (field_.at or 0) + action.at
    if action.visible:
        field_.at_known = True  # AM-01: its presence and type are public
    at = state.board.ref(action.hex)
    parts = [f"{'an' if action.ap == 8 else 'a'} {action.ap}-factor A-P minefield"] \
        if action.ap else []
    parts += [f"{action.at} A-T factor(s){' in full view' if action.visible else ''}"] \
        if action.at else []
    clause = "AM-33" if action.visible else ("AM-26" if action.at else "AM-03")
    return [MinesRecorded(clause=clause, at=at, owner=side,
                          shown=(at,) if action.visible else (),
                          secret_to=side,
                          text=f"{side} records {' and '.join(parts)} at {at} "
                               f"({_pool_words(state, side)})",
                          data={"ap": field_.ap, "at": field_.at, "left": left(state, side)})]


def buy_booby(state: AmState, action: BuyBoobyTraps, dice: Dice) -> list[Event]:
    side = action.side
    state.pools[side].booby[action.board] = action.level
    return [Event(kind="BoobyTrapsBought", clause="AM-50", secret_to=side,
                  text=f"{side} gives board {action.board} Level {action.level} booby traps "
                       f"({BOOBY_COST[action.level]} factors; {_pool_words(state, side)})",
                  data={"board": action.board, "level": action.level,
                        "left": left(state, side)})]


def counter_shown(state: AmState, action: AtCounterShown, dice: Dice) -> list[Event]:
    """The stand-in's effect: the counters with no factors recorded (the views show any
    other side's visible counter with factors unknown, whatever it holds)."""
    owner = action.owner
    for hex_id in action.hexes:
        state.minefields.setdefault(owner, {})[hex_id] = Minefield(
            hex_id, owner, visible=True, at_known=True)
    shown = tuple(state.board.ref(h) for h in action.hexes)
    return [MinesRecorded(clause="AM-33", at=shown[0] if len(shown) == 1 else None,
                          owner=owner, shown=shown, secret_to=owner,
                          text=f"{owner} shows A-T Mine counters at "
                               f"{and_list([str(r) for r in shown])} (factors sealed)")]


def stand_in(action: Action) -> Action | None:
    """Hidden records, conversions and booby traps leave no public trace (None); a record
    with visible A-T mines stands in as their counters; the counters for themselves."""
    if isinstance(action, RecordMines) and action.visible:
        return AtCounterShown(action.side, 1, (action.hex,))
    if isinstance(action, RecordSetup):
        shown = tuple(f.hex for f in action.fields if f.visible)
        return AtCounterShown(action.side, len(shown), shown) if shown else None
    if isinstance(action, AtCounterShown):
        return action
    return None


# ---- what a side may see (AM-01, AM-03, AM-05, AM-06, AM-68, AM-76) ------------------------
def seen_field(found: Minefield) -> Minefield | None:
    """Another side's minefield as a viewer knows it: None until play revealed it (or it
    lies in full view); a type revealed shows its strength only once known, else None."""
    shows_at = found.visible or found.at_known
    if not (found.ap_known or shows_at):
        return None
    out = copy.copy(found)
    out.ap = (found.ap if found.ap_strength_known else None) if found.ap_known else 0
    out.at = (found.at if found.at_strength_known else None) if shows_at else 0
    return out


def hide(seen: AmState, side: str | None) -> None:
    for owner, owned in seen.minefields.items():
        if owner == side:
            continue
        for hex_id in list(owned):
            shown = seen_field(owned[hex_id])
            if shown is None:
                del owned[hex_id]
            else:
                owned[hex_id] = shown
    for owner, pool in list(seen.pools.items()):
        if owner != side:
            seen.pools[owner] = Pool(pool.total, daisy=pool.daisy, recorded=pool.recorded,
                                     hidden=True)
    seen.orders = {s: (o if s == side else ()) for s, o in seen.orders.items()}


# ---- the end of a side's record ---------------------------------------------------------------
def phase_end(state: AmState, dice: Dice) -> list[Event]:
    if state.phase != SETUP:
        return []
    side = state.phasing
    state.pools[side].recorded = True
    return [Event(kind="RecordDone", clause="AM-03",
                  text=f"{side} has recorded its minefields in secret")]


# ---- what a player is offered ----------------------------------------------------------------
def _sample_hexes(state: AmState, side: str, limit: int = 40) -> list[str]:
    """A spread of hexes to try (every hex on a small board), the side's units' hexes
    first: legal_actions wants a broad sample, not all of a 6,600-hex battlefield."""
    hexes = sorted(h for h, p in state.board.places.items() if p.kind == HEX)
    step = max(1, len(hexes) // limit)
    near = [u.hex for u in state.units.values() if u.side == side and u.hex]
    return list(dict.fromkeys([*near, *hexes[::step]]))


def candidates(state: AmState) -> list[Action]:
    if state.phase != SETUP:
        return []
    side = state.to_move
    out: list[Action] = [ConvertToAt(side, AT_COST), ConvertToAt(side, 2 * AT_COST)]
    for hex_id in _sample_hexes(state, side):
        out += [RecordMines(side, hex_id, ap=ap) for ap in AP_STRENGTHS]
        out += [RecordMines(side, hex_id, at=1), RecordMines(side, hex_id, ap=6, at=1),
                RecordMines(side, hex_id, at=1, visible=True)]
    out += [BuyBoobyTraps(side, board, "C") for board in boards(state)]
    sample = _sample_hexes(state, side, 8)
    out += [RecordSetup(side, AT_COST, fields=(FieldEntry(a, ap=6), FieldEntry(b, at=1)))
            for a, b in pairwise(sample)]
    return out


def commands(view: AmState, selection: Selection) -> list[Command]:
    """A hex clicked with nothing picked in one's own Setup: record mines there."""
    hex_id = selection.place
    if view.phase != SETUP or selection.units or hex_id is None \
            or hex_id not in view.board.places:
        return []
    side = view.to_move
    at = view.board.ref(hex_id)
    pool = view.pools[side]
    free_at = pool.at_bought - at_recorded(view, side)
    tip = f"secret: the other side learns nothing of it (AM-03, AM-76); " \
          f"{_pool_words(view, side)}, {free_at} A-T factor(s) to record"
    options: list[tuple[str, Action]] = [
        (f"Record a {ap}-factor A-P minefield at {at}", RecordMines(side, hex_id, ap=ap))
        for ap in AP_STRENGTHS]
    options += [(f"Record {n} A-T factor(s) at {at}", RecordMines(side, hex_id, at=n))
                for n in range(1, MAX_AT + 1)]
    options += [(f"Show {n} A-T factor(s) in full view at {at}",
                 RecordMines(side, hex_id, at=n, visible=True)) for n in range(1, MAX_AT + 1)]
    options += [(f"Convert {n * AT_COST} pool factors to {n} A-T factor(s)",
                 ConvertToAt(side, n * AT_COST)) for n in (1, 2, 5)]
    board = board_of(view, hex_id)
    options += [(f"Booby-trap board {board} at Level {lv} ({BOOBY_COST[lv]} factors)",
                 BuyBoobyTraps(side, board, lv)) for lv in ("C", "B", "A")]
    out = []
    for label, action in options:
        if is_legal(_check_own, view, action):
            shown = "AM-33: the other side sees the counter, not its factors" \
                if isinstance(action, RecordMines) and action.visible else tip
            out.append(Command(label, action, shown))
    return out


# ---- summary and invariants -------------------------------------------------------------------
def field_summary(found: Minefield) -> dict[str, Any]:
    out: dict[str, Any] = {"ap": found.ap, "at": found.at}
    for flag in ("visible", "daisy", "ap_known", "at_known", "ap_strength_known",
                 "at_strength_known"):
        if getattr(found, flag):
            out[flag] = True
    return out


def summary(state: AmState) -> dict[str, Any]:
    pools: dict[str, Any] = {}
    for side, pool in state.pools.items():
        entry: dict[str, Any] = {"total": pool.total, "recorded": pool.recorded}
        if not pool.hidden:
            entry.update(at_bought=pool.at_bought, booby=dict(sorted(pool.booby.items())),
                         spent=spent(state, side), left=left(state, side),
                         at_unrecorded=pool.at_bought - at_recorded(state, side))
        if pool.daisy:
            entry["daisy"] = pool.daisy
        pools[side] = entry
    # "nation" is who acts now: the side asked or awaited mid-move, not only the phasing
    # side (turn_summary's), as ``mineboard run`` and the conformance suite read it
    return {"nation": state.actor,
            "minefields": {owner: {h: field_summary(f) for h, f in sorted(owned.items())}
                           for owner, owned in state.minefields.items()},
            "pools": pools}


def placement_problems(state: AmState, found: Minefield) -> list[str]:
    """What a recorded minefield breaks of the terrain clauses (a scenario's own setup
    too, which is read without the record's checks): each a line naming the clause."""
    if found.daisy or found.hex not in state.board.places:
        return []  # a Daisy Chain's place is daisy.py's (AM-36, AM-71)
    out = []
    if found.visible and found.ap:
        out.append("A-P mines in full view (AM-33)")
    if found.ap or found.at or found.visible:
        where = _forbidden(state, found.hex, found.visible)
        if where is not None:
            out.append(f"{where[0]} ({where[1]})")
    return out


def check_recorded(state: AmState, where: str) -> None:
    """Refuse a scenario whose own recorded setup breaks the record's clauses, in one line
    naming the side's field and the clause (the scenario reader calls it: a recorded setup
    is read without the record's checks)."""
    for index, side in enumerate(state.sides):
        for hex_id, found in state.minefields.get(side, {}).items():
            problems = placement_problems(state, found)
            if found.ap not in (0, *AP_STRENGTHS) and not found.daisy:
                problems.append(f"an A-P minefield has 6, 8 or 12 factors, not {found.ap} "
                                "(AM-07)")
            if problems:
                raise BadInput(f"{where}: sides[{index}].minefields",
                               f"{side}'s minefield at {hex_id}: {problems[0]}")
        if spent(state, side) > state.pools[side].total:
            raise BadInput(f"{where}: sides[{index}]",
                           f"{side}'s recorded setup spends {spent(state, side)} minefield "
                           f"factors of the {state.pools[side].total} its pool grants (AM-02)")
        if at_recorded(state, side) > state.pools[side].at_bought:
            raise BadInput(f"{where}: sides[{index}].at_bought",
                           f"{side} records {at_recorded(state, side)} A-T factors but bought "
                           f"{state.pools[side].at_bought} (AM-25)")


def invariants(state: AmState) -> list[str]:
    out = []
    for side, pool in state.pools.items():
        if spent(state, side) > pool.total:
            out.append(f"{side} spent {spent(state, side)} of {pool.total} pool factors")
        if at_recorded(state, side) > pool.at_bought:
            out.append(f"{side} recorded {at_recorded(state, side)} A-T factors of "
                       f"{pool.at_bought} bought")
    for owner, owned in state.minefields.items():
        for hex_id, found in owned.items():
            if found.ap is None or found.at is None:
                out.append(f"{owner}'s minefield at {hex_id} has no strength in the truth")
            elif not (0 <= found.ap <= max(AP_STRENGTHS) and 0 <= found.at <= MAX_AT):
                out.append(f"{owner}'s minefield at {hex_id}: {found.ap} A-P, {found.at} A-T")
            out += [f"{owner}'s minefield at {hex_id}: {problem}"
                    for problem in placement_problems(state, found)]
    return out


_EFFECTS: dict[type[Action], Any] = {ConvertToAt: convert, RecordMines: record,
                                     BuyBoobyTraps: buy_booby}
_NO_DICE: Any = None
"""A record rolls nothing: trying one in a check needs no dice."""

PART = Part(
    actions=(ConvertToAt, RecordMines, BuyBoobyTraps, RecordSetup, AtCounterShown),
    checks={ConvertToAt: check_convert, RecordMines: check_record,
            BuyBoobyTraps: check_booby, RecordSetup: check_setup,
            AtCounterShown: check_counter_shown},
    effects={ConvertToAt: convert, RecordMines: record, BuyBoobyTraps: buy_booby,
             RecordSetup: record_setup, AtCounterShown: counter_shown},
    hide=hide, stand_in=stand_in, commands=commands, candidates=candidates,
    phase_end=phase_end, summary=summary, invariants=invariants)
