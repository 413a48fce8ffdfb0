"""asl-minefields Daisy Chains (ASL B28.531): A-T mines tied together and pulled across a
road, granted by SSR on top of the minefield pool (AM-35, AM-71).

- A unit holding a Daisy Chain counter (``Unit.daisy``: its A-T factors) places it: in its
  side's fire phase with :class:`PlaceDaisy`, or during the enemy Movement Phase as the
  reaction ``daisy_chain`` of its standing orders (:func:`react`, dispatched by movement) —
  "at once" or "asking first". The placer is an unpinned, Good Order Infantry unit ADJACENT
  to the road hex (AM-36; ADJACENT is read as "one hex away": the placer's own hex is not a
  placement hex).
- Placed in the fire phase it is noted in secret (AM-37): the other side learns nothing
  until one of its Good Order (not broken) units has a LOS to the hex (:func:`sighted`,
  judged after each step of a move and as each phase begins — so an enemy already in
  sight learns of it as the fire phase ends, and the placement itself stays an action of
  its owner's alone), and then only that a Daisy Chain lies there, not its factors.
  Placing costs the placer no concealment, so no public event names it. The counters a
  side holds are its secret too: a view shows no Daisy Chain counter on another side's
  units (else the counter vanishing from a unit would give the placement away).
- Announced as a vehicle enters the hex, it is known from then on (AM-65) and the trigger
  dr of AM-28 is made at once (AM-38) through ``attacks.at_attack``.
- It attacks once, then is gone (AM-39, :func:`spent`); a failed trigger dr leaves it in
  place as an A-T minefield (AM-65). Its portage cost is 1 PP per factor (:func:`portage`).
  Until it attacks, a Good Order Infantry unit of its side in its hex may take it back up
  (:class:`RecoverDaisy`, AM-39); the Recovery roll of the SW rules is the players'.
- On a paved road or bridge it stays hidden (AM-71); ``options.daisy_hidden_on_paved``
  false puts it in full view there instead (AM-33's reading).

LOS here is the simple one the catalogue allows until a LOS module exists: a straight line
of hexes between the two, clear unless a woods or building hex lies strictly between them
(minefields never block it, AM-08).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mineboard.core.actions import Action
from mineboard.core.dice import Dice
from mineboard.core.errors import IllegalAction
from mineboard.core.events import Event
from mineboard.core.moves import MoveInProgress, Stop
from mineboard.core.planning import Command, Preview, Selection
from mineboard.core.words import possessive
from mineboard.maps.hexgrid import distance, line
from mineboard.rules.asl_minefields.clearance import is_hex, own_unit, terrain_of
from mineboard.rules.asl_minefields.parts import Part
from mineboard.rules.asl_minefields.state import (
    BROKEN,
    FIRE,
    GOOD,
    MOVEMENT,
    AmState,
    Minefield,
    Unit,
)

REACTION = "daisy_chain"
"""The standing order's word for pulling a Daisy Chain as an enemy vehicle enters."""
ROADS = frozenset({"road", "paved_road", "bridge"})
HARD = frozenset({"paved_road", "bridge"})
BLOCKS_LOS = frozenset({"woods", "building"})


@dataclass(frozen=True, slots=True, kw_only=True)
class DaisyPlaced(Event):
    """A Daisy Chain placed: its owner's secret (who placed it, how many factors). When it
    is announced as a vehicle enters, the others learn that one lies there — no more."""

    kind: str = "DaisyPlaced"
    owner: str
    announced: bool = False

    def public_twin(self) -> Event | None:
        if self.secret_to is None or not self.announced:
            return None
        return DaisyPlaced(clause=self.clause, at=self.at, owner=self.owner, announced=True,
                           text=f"{self.owner} pulls a Daisy Chain across {self.at}")


@dataclass(frozen=True, slots=True)
class PlaceDaisy(Action):
    """``unit`` pulls the Daisy Chain it holds across the road in ``hex`` (its side's fire
    phase; during the enemy Movement Phase it is the ``daisy_chain`` reaction)."""

    kind = "place_daisy"
    unit: str
    hex: str


@dataclass(frozen=True, slots=True)
class RecoverDaisy(Action):
    """``unit`` takes back up its side's Daisy Chain lying in its own hex, one that has not
    attacked yet (AM-39: Recovered like any SW)."""

    kind = "recover_daisy"
    unit: str


# ---- LOS and adjacency -----------------------------------------------------------------------
def apart(state: AmState, a: str, b: str) -> int:
    grid = state.board.grid
    assert grid is not None
    return distance(grid.from_label(a), grid.from_label(b))


def has_los(state: AmState, a: str, b: str) -> bool:
    """The simple LOS: clear unless a woods or building hex lies strictly between."""
    grid = state.board.grid
    assert grid is not None
    between = line(grid.from_label(a), grid.from_label(b))[1:-1]
    return not any(grid.terrain(h) in BLOCKS_LOS for h in between)


def portage(unit: Unit) -> int:
    """AM-39: a Daisy Chain counter weighs 1 PP per A-T factor."""
    return unit.daisy


# ---- placing ---------------------------------------------------------------------------------
def check_placer(state: AmState, unit: Unit, hex_id: str) -> None:
    """What AM-35 and AM-36 ask of a placement, whenever it is made."""
    if state.pools[unit.side].daisy == 0:
        raise IllegalAction(f"no SSR grants {unit.side} Daisy Chains", "AM-35")
    if unit.daisy == 0:
        raise IllegalAction(f"{unit.id} holds no Daisy Chain counter", "AM-36")
    if state.unit_type(unit).cls != "infantry":
        raise IllegalAction(f"{unit.id} is not Infantry: only Infantry pulls a Daisy Chain",
                            "AM-36")
    if unit.status != GOOD:
        raise IllegalAction(f"{unit.id} is {unit.status}: the placer must be unpinned and in "
                            "Good Order", "AM-36")
    if not is_hex(state, hex_id):
        raise IllegalAction(f"there is no hex {hex_id!r}", "AM-36")
    assert unit.hex is not None
    if apart(state, unit.hex, hex_id) != 1:
        raise IllegalAction(f"{hex_id} is not ADJACENT to {unit.id} at {unit.hex}", "AM-36")
    if not set(terrain_of(state, hex_id)[1]) & ROADS:
        raise IllegalAction(f"{hex_id} has no road: a Daisy Chain is pulled across a road",
                            "AM-35")
    if hex_id in state.minefields.get(unit.side, {}):
        raise IllegalAction(f"{unit.side} has mines recorded in {hex_id} already: one record "
                            "a hex", "AM-35")


def check_place(state: AmState, action: PlaceDaisy) -> None:
    if state.phase != FIRE:
        raise IllegalAction("a Daisy Chain is placed in its owner's fire phase, or as a "
                            "reaction to an enemy move", "AM-36")
    check_placer(state, own_unit(state, action.unit, state.active), action.hex)


def place(state: AmState, unit: Unit, hex_id: str, announced: bool) -> tuple[Minefield,
                                                                             list[Event]]:
    """The counter leaves ``unit`` and lies in ``hex_id`` as an A-T minefield."""
    factors, unit.daisy = unit.daisy, 0
    on_hard = bool(set(terrain_of(state, hex_id)[1]) & HARD)
    visible = on_hard and not state.data.options.daisy_hidden_on_paved
    field = Minefield(hex_id, unit.side, ap=0, at=factors, visible=visible, daisy=True,
                      at_known=announced or visible)
    state.minefields.setdefault(unit.side, {})[hex_id] = field
    at = state.board.ref(hex_id)
    how = "as the vehicle enters (AM-38)" if announced else "noted in secret (AM-37)"
    events: list[Event] = [DaisyPlaced(
        clause="AM-38" if announced else "AM-36", at=at, owner=unit.side, announced=announced,
        secret_to=unit.side, data={"placer": unit.id, "factors": factors},
        text=f"{unit.id} pulls a Daisy Chain of {factors} A-T factors across {at}, {how}")]
    if visible:
        events.append(Event(kind="MinesRevealed", clause="AM-71", at=at, reveals=True,
                            text=f"a Daisy Chain lies in full view at {at}"))
    # A secret placement stays one action of the owner's alone (its turn file seals it,
    # placer and all): an enemy already in sight learns of it as the phase ends (AM-37).
    return field, events + (sighted(state) if announced or visible else [])


def apply_place(state: AmState, action: PlaceDaisy, dice: Dice) -> list[Event]:
    return place(state, state.units[action.unit], action.hex, announced=False)[1]


def sighted(state: AmState) -> list[Event]:
    """AM-37: every Daisy Chain still secret that a Good Order enemy unit now has a LOS
    to is revealed — that one lies there, not its factors. Movement calls it after each
    step; placing and each new phase call it too."""
    events: list[Event] = []
    for owner, fields in state.minefields.items():
        for f in fields.values():
            if not f.daisy or f.at_known:
                continue
            seer = next((u for u in sorted(state.units.values(), key=lambda u: u.id)
                         if u.side != owner and u.hex is not None and not u.eliminated
                         and u.status != BROKEN and has_los(state, u.hex, f.hex)), None)
            if seer is not None:
                f.at_known = True
                at = state.board.ref(f.hex)
                events.append(Event(kind="MinesRevealed", clause="AM-37", at=at,
                                    reveals=True, data={"owner": owner, "seen_by": seer.id},
                                    text=f"{seer.id} sees {possessive(owner)} Daisy Chain across "
                                         f"{at}"))
    return events


def spent(state: AmState, field: Minefield) -> list[Event]:
    """AM-39, AM-65: a Daisy Chain that has attacked is gone (nothing if it is already)."""
    if not field.daisy or state.minefields.get(field.owner, {}).get(field.hex) is not field:
        return []
    del state.minefields[field.owner][field.hex]
    at = state.board.ref(field.hex)
    return [Event(kind="DaisySpent", clause="AM-39", at=at,
                  text=f"the Daisy Chain at {at} has attacked once: it is gone")]


# ---- AM-39: Recovery ---------------------------------------------------------------------
def check_recover(state: AmState, action: RecoverDaisy) -> None:
    if state.phase not in (FIRE, MOVEMENT):
        raise IllegalAction("a Daisy Chain is Recovered in its owner's Player Turn", "AM-39")
    unit = own_unit(state, action.unit, state.active)
    assert unit.hex is not None
    field = state.minefields.get(unit.side, {}).get(unit.hex)
    if field is None or not field.daisy:
        raise IllegalAction(f"no Daisy Chain of {unit.side} lies in {unit.hex}", "AM-39")
    if state.unit_type(unit).cls != "infantry" or unit.status != GOOD or unit.daisy:
        raise IllegalAction(f"{unit.id} must be Good Order Infantry with its hands free to "
                            "take a Daisy Chain back", "AM-39")
    if state.move is not None and unit.id in state.move.units and not state.move.finished:
        raise IllegalAction(f"{unit.id} is moving", "AM-39")


def apply_recover(state: AmState, action: RecoverDaisy, dice: Dice) -> list[Event]:
    """The counter goes back to the unit; whether the other side learns it depends on
    whether it knew the Daisy Chain was there (the Recovery roll itself is outside these
    rules: the players make it before they play this)."""
    unit = state.units[action.unit]
    assert unit.hex is not None
    field = state.minefields[unit.side].pop(unit.hex)
    unit.daisy = field.at or 0
    at = state.board.ref(unit.hex)
    return [Event(kind="DaisyRecovered", clause="AM-39", at=at,
                  data={"unit": unit.id, "factors": unit.daisy},
                  secret_to=None if field.at_known else unit.side,
                  text=f"{unit.id} takes the Daisy Chain at {at} back up"
                       + ("" if field.at_known else f" ({unit.daisy} A-T factors)"))]


# ---- the reaction ----------------------------------------------------------------------------
def _placers(state: AmState, side: str, hex_id: str) -> list[Unit]:
    out = []
    for unit in sorted(state.units.values(), key=lambda u: u.id):
        if unit.side != side or unit.hex is None or unit.eliminated:
            continue
        try:
            check_placer(state, unit, hex_id)
        except IllegalAction:
            continue
        out.append(unit)
    return out


def react(state: AmState, side: str, move: MoveInProgress, dice: Dice,
          answer: Action | None) -> tuple[list[Event], Stop | None]:
    """``side`` pulls a Daisy Chain across the hex an enemy vehicle has just entered
    (AM-36, AM-38): placed, announced, and its trigger dr made at once against the first
    vehicle of the move still able to drive on. ``answer`` may name the ``placer``; else
    (or by an order taken at once) the first unit able to place it does. Nothing happens —
    and nothing is said — if no vehicle entered or no unit of ``side`` can place one."""
    from mineboard.rules.asl_minefields import attacks

    hex_id = move.at
    vehicles = [u for u in move.units if u in state.units
                and state.unit_type(u).vehicle and state.units[u].hex == hex_id
                and not state.units[u].eliminated and not state.units[u].immobilised]
    if not vehicles:
        return [], None
    able = _placers(state, side, hex_id)
    named = getattr(answer, "placer", "") if answer is not None else ""
    if named:
        able = [u for u in able if u.id == named]
    if not able:
        if answer is None:
            return [], None
        return [Event(kind="Note", clause="AM-36", secret_to=side,
                      text=f"no unit of yours can pull a Daisy Chain across "
                           f"{state.board.ref(hex_id)}")], None
    field, events = place(state, able[0], hex_id, announced=True)
    vehicle = vehicles[0]
    before = len(dice.rolls)
    outcome = attacks.at_attack(state, vehicle, field, dice)
    events += outcome.events
    attacked = getattr(outcome, "attacked", len(dice.rolls) - before > 1)
    if attacked:
        events += spent(state, field)
    if not outcome.stops:
        return events, None
    # as any attack that stops a unit: it drops out, the rest of the stack goes on (AM-64)
    from mineboard.rules.asl_minefields.passage import drop_out

    more, stop = drop_out(state, [vehicle], hex_id, "AM-38", "the Daisy Chain")
    return events + more, stop


# ---- the part --------------------------------------------------------------------------------
def hide(seen: AmState, side: str | None) -> None:
    """AM-37: another side's Daisy Chain counters and its unseen placements."""
    for unit in seen.units.values():
        if unit.side != side:
            unit.daisy = 0
    for owner, fields in seen.minefields.items():
        if owner == side:
            continue
        for hex_id in [h for h, f in fields.items() if f.daisy and not f.at_known]:
            del fields[hex_id]


def phase_start(state: AmState) -> list[Event]:
    return sighted(state)


def _targets(view: AmState, unit: Unit) -> list[str]:
    grid = view.board.grid
    if grid is None or unit.hex is None:
        return []
    return [grid.label(h) for h in grid.neighbours(grid.from_label(unit.hex))]


def commands(view: AmState, selection: Selection) -> list[Command]:
    if view.awaiting is not None or view.ask is not None:
        return []
    out: list[Command] = []
    for uid in selection.units:
        unit = view.units.get(uid)
        if unit is None or unit.side != view.to_move or unit.hex is None:
            continue
        here = view.minefields.get(unit.side, {}).get(unit.hex)
        if here is not None and here.daisy and not unit.daisy:
            out.append(Command(f"Recover the Daisy Chain ({uid})", RecoverDaisy(uid),
                               tip="take back up a Daisy Chain that has not attacked "
                                   "(AM-39; make the Recovery roll of your rules first)"))
        if view.phase != FIRE or not unit.daisy:
            continue
        for hex_id in _targets(view, unit):
            if set(terrain_of(view, hex_id)[1]) & ROADS:
                out.append(Command(f"Daisy Chain across {hex_id} ({uid})",
                                   PlaceDaisy(uid, hex_id),
                                   tip=f"{unit.daisy} A-T factors, noted in secret until an "
                                       "enemy unit sees the hex (AM-36, AM-37)"))
    return out


def candidates(view: AmState) -> list[Action]:
    mine = [u for u in view.units.values() if u.side == view.to_move and u.hex is not None]
    return [*(PlaceDaisy(u.id, h) for u in mine if u.daisy for h in _targets(view, u)),
            *(RecoverDaisy(u.id) for u in mine
              if getattr(view.minefields.get(u.side, {}).get(u.hex or ""), "daisy", False))]


def preview_place(view: AmState, action: PlaceDaisy) -> Preview | None:
    unit = view.units.get(action.unit)
    if unit is None:
        return None
    return Preview.nothing_to_roll(
        f"Daisy Chain across {action.hex}",
        f"{unit.daisy} A-T factors, noted in secret; it attacks the first vehicle that "
        "enters and triggers it (dr ≤ its factors), once")


def summary(state: AmState) -> dict[str, Any]:
    return {"daisy": {
        "counters": {u.id: u.daisy for u in state.units.values() if u.daisy},
        "chains": {f.hex: {"owner": f.owner, "at": f.at, "known": f.at_known}
                   for fields in state.minefields.values() for f in fields.values()
                   if f.daisy}}}


def stand_in(action: Action) -> Action | None:
    """A Daisy Chain placed in the fire phase leaves no public trace (AM-37)."""
    return None


PART = Part(actions=(PlaceDaisy, RecoverDaisy),
            checks={PlaceDaisy: check_place, RecoverDaisy: check_recover},
            effects={PlaceDaisy: apply_place, RecoverDaisy: apply_recover},
            previews={PlaceDaisy: preview_place},
            hide=hide, stand_in=stand_in, commands=commands, candidates=candidates,
            phase_start=phase_start, summary=summary)
