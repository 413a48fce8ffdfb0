"""asl-minefields clearance (ASL B28.6–B28.8): infantry and sappers clearing the mines of
their hex, HE Concentration fire-for-effect and aerial bombs, and flail tanks.

Why a data file: B28 hands infantry clearance to B24.74 and the flail's success test to the
Vehicle Notes, neither of which is in the source (AM-40, AM-62). The success test is a
threshold on the final Clearance DR read from ``clearance-test.json`` (a stand-in the
project made, labelled so on its face); on top of it the program applies what B28 does say:
the Sapper drm (AM-49) and the flail's Original DR 11 and 12 (AM-46, AM-47).

Clearing removes every mine of the hex, whoever owns it. The events keep the secrets: each
owner reads in secret what became of his unrevealed mines, and the public line says only
what the attempt rolled — so a success in an empty hex reads the same as one that cleared
hidden mines. Revealed mines are cleared in public.

FFE and bombs (AM-43, AM-44) roll their Original DR on the IFT column the player names
(the IFT is attacks' data file, tables.py); the attack on units in the hex is resolved
outside these rules. An Original K lowers the mines by ``options.k_reduces_by``; 0 makes the
players enter the amount from their printed rules as a result from outside the rules
(core/outside.py), the firer entering and the other side accepting.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Annotated, Any, Literal

from mineboard.core import outside
from mineboard.core.actions import Action
from mineboard.core.dice import Dice
from mineboard.core.errors import IllegalAction
from mineboard.core.events import DiceRolled, Event, UnitLost
from mineboard.core.outside import Awaiting, OutsideResult
from mineboard.core.planning import Choice, Command, Preview, Selection, percent
from mineboard.core.schema import Doc, Range
from mineboard.rules.asl_minefields.data import RULESET_ID
from mineboard.rules.asl_minefields.parts import Part
from mineboard.rules.asl_minefields.state import FIRE, GOOD, MOVEMENT, AmState, Minefield, Unit
from mineboard.rules.common.checks import owned
from mineboard.rules.common.tables import read_rule_table

CLEARANCE_FILE = "clearance-test.json"
DEFAULT_COLUMN = 16
"""The IFT column the window offers an FFE or a bomb at unless the player picks another."""


# ---- the data file ---------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ClearanceTest:
    clears_at_most: Annotated[int, Range(0, 12), Doc("the highest final Clearance DR that "
                                                     "clears the mines of the unit's hex")]


@dataclass(frozen=True, slots=True)
class FlailTest:
    clears_at_most: Annotated[int, Range(0, 10), Doc("the highest Clearance DR that clears "
                                                     "(11 and 12 are AM-47's and AM-46's)")]


@dataclass(frozen=True, slots=True)
class ClearanceTable:
    schema: Literal[1]
    infantry: ClearanceTest
    flail: FlailTest
    about: str = ""


@cache
def clearance_table() -> ClearanceTable:
    return read_rule_table(ClearanceTable, RULESET_ID, CLEARANCE_FILE)


# ---- dice ------------------------------------------------------------------------------------
def dr_chance(hit: Callable[[int], bool]) -> Fraction:
    """The chance that a DR (2d6) satisfies ``hit``, exactly."""
    return Fraction(sum(1 for a in range(1, 7) for b in range(1, 7) if hit(a + b)), 36)


def roll_dr(dice: Dice, clause: str, purpose: str) -> tuple[int, DiceRolled]:
    """A DR, two dice each recorded with its clause, and the tray's event."""
    a = dice.roll(clause, f"{purpose} (die 1)")
    b = dice.roll(clause, f"{purpose} (die 2)")
    return a + b, DiceRolled(clause=clause, text=f"{purpose}: {a} + {b} = {a + b}",
                             dice=(a, b), hits=(False, False))


def ift_result(column: int, dr: int) -> str:
    """The IFT result of an Original DR on ``column`` ("KIA", "2KIA", "K/2", "1MC", …, ""
    for none), read from attacks' table file (AM-56)."""
    from mineboard.rules.asl_minefields import tables

    return str(tables.ift_result(column, dr))


def ift_columns() -> tuple[int, ...]:
    """The firepower columns of the IFT file."""
    from mineboard.rules.asl_minefields import tables

    return tuple(tables.ift().columns)


def is_kia(result: str) -> bool:
    return "KIA" in result


def is_k(result: str) -> bool:
    return result.startswith("K/")


# ---- the actions -----------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ClearMines(Action):
    """An Infantry unit tries to clear the mines of its hex in its side's fire phase."""

    kind = "clear_mines"
    unit: str


@dataclass(frozen=True, slots=True)
class FlailClear(Action):
    """A flail tank announces Mine Clearance at the start of its Movement Phase: it spends
    its whole MP allotment clearing its hex (AM-45)."""

    kind = "flail_clear"
    unit: str


@dataclass(frozen=True, slots=True)
class MineStrike(Action):
    """An HE Concentration fire-for-effect or an HE aerial bomb resolved in ``hex`` on the
    IFT ``column``: what its Original DR does to the mines there (AM-43, AM-44)."""

    kind = "mine_strike"
    hex: str
    column: Annotated[int, Range(1, 99), Doc("the IFT column the attack is resolved on")]
    weapon: Literal["ffe", "bomb"] = "ffe"


@dataclass(frozen=True, slots=True)
class MineReduction(OutsideResult):
    """How much an Original K of an FFE or bomb takes off the mines of its hex: the amount
    B28.62 gives is lost from the source (AM-44), so the players enter it."""

    kind = "mine_reduction"
    ap_by: Annotated[int, Range(0, 12), Doc("A-P factors the Original K takes off (from "
                                            "your printed B28.62)")] = 0
    at_by: Annotated[int, Range(0, 5), Doc("A-T factors it takes off")] = 0


# ---- shared pieces ---------------------------------------------------------------------------
def terrain_of(state: AmState, hex_id: str) -> tuple[str, tuple[str, ...]]:
    grid = state.board.grid
    assert grid is not None, "asl-minefields plays on hex maps"
    return grid.terrain_at(hex_id)


def is_hex(state: AmState, hex_id: str) -> bool:
    place = state.board.places.get(hex_id)
    return place is not None and place.kind == "hex"


def own_unit(state: AmState, unit_id: str, side: str) -> Unit:
    unit = state.units.get(unit_id)
    on_map = unit if unit is not None and unit.hex is not None and not unit.eliminated \
        else None
    return owned(on_map, unit_id, "unit", unit.side if unit else None, side, " on the map")


def known(f: Minefield) -> bool:
    """Every side knows these mines are there (AM-05, AM-33)."""
    return bool(f.ap_known or f.at_known or f.visible)


def remove_mines(state: AmState, hex_id: str, clause: str, how: str) -> list[Event]:
    """Every mine of ``hex_id`` gone: in public where they were known, else each owner
    reads it in secret (the other sides learn nothing of mines they never saw)."""
    at = state.board.ref(hex_id)
    events: list[Event] = []
    for f in state.fields_at(hex_id):
        del state.minefields[f.owner][hex_id]
        events.append(Event(kind="MinesCleared", clause=clause, at=at,
                            text=f"{f.owner}'s mines at {at} are gone: {how}",
                            data={"owner": f.owner, "hex": hex_id},
                            secret_to=None if known(f) else f.owner))
    return events


def reduce_mines(state: AmState, hex_id: str, ap_by: int, at_by: int) -> list[Event]:
    """AM-44: every minefield of the hex loses ``ap_by`` A-P and ``at_by`` A-T factors; one
    left with none is removed."""
    at = state.board.ref(hex_id)
    events: list[Event] = []
    for f in state.fields_at(hex_id):
        ap = max(0, (f.ap or 0) - ap_by)
        at_left = max(0, (f.at or 0) - at_by)
        secret = None if known(f) else f.owner
        if ap == 0 and at_left == 0:
            del state.minefields[f.owner][hex_id]
            events.append(Event(kind="MinesCleared", clause="AM-44", at=at,
                                text=f"{f.owner}'s mines at {at} are reduced to nothing",
                                data={"owner": f.owner, "hex": hex_id}, secret_to=secret))
            continue
        f.ap, f.at = ap, at_left
        shown = f" to {ap} A-P and {at_left} A-T factors" if secret else ""
        events.append(Event(kind="MinesReduced", clause="AM-44", at=at,
                            text=f"{f.owner}'s mines at {at} are reduced{shown}",
                            data={"owner": f.owner, "ap_factors": ap, "at_factors": at_left}
                            if secret
                            else {"owner": f.owner}, secret_to=secret))
    return events


# ---- AM-40, AM-49, AM-62: infantry clearance -------------------------------------------------
def sapper_drm(state: AmState, unit: Unit) -> int:
    """AM-49: a Sapper squad subtracts 2 from its Clearance DR, a Sapper HS 1."""
    return -state.unit_type(unit).sapper


def check_clear(state: AmState, action: ClearMines) -> None:
    if state.phase != FIRE:
        raise IllegalAction("infantry clear mines in its side's fire phase", "AM-40")
    unit = own_unit(state, action.unit, state.active)
    kind = state.unit_type(unit)
    if kind.cls != "infantry" or kind.size == "leader":
        raise IllegalAction(f"{unit.id} is no Infantry squad, half-squad or crew: only "
                            "those clear minefields", "AM-40")
    if unit.status != GOOD:
        raise IllegalAction(f"{unit.id} is {unit.status}: a clearing unit must be in Good "
                            "Order and unpinned", "AM-40")
    if unit.id in state.clearance_tried:
        raise IllegalAction(f"{unit.id} has tried clearance this fire phase", "AM-40")


def apply_clear(state: AmState, action: ClearMines, dice: Dice) -> list[Event]:
    unit = state.units[action.unit]
    hex_id = unit.hex
    assert hex_id is not None
    state.clearance_tried.add(unit.id)
    at = state.board.ref(hex_id)
    dr, rolled = roll_dr(dice, "AM-40", f"Clearance DR of {unit.id} at {at}")
    drm = sapper_drm(state, unit)
    final = dr + drm
    need = clearance_table().infantry.clears_at_most
    cleared = final <= need
    drm_words = f" {drm:+d} (Sapper, AM-49) = {final}" if drm else ""
    outcome = "the mines of the hex are cleared" if cleared else "nothing is cleared"
    events: list[Event] = [rolled, Event(
        kind="ClearanceTried", clause="AM-49" if drm else "AM-40", at=at,
        text=f"{unit.id} tries Minefield Clearance at {at}: DR {dr}{drm_words}, "
             f"≤ {need} clears — {outcome}",
        data={"unit": unit.id, "dr": dr, "drm": drm, "final": final, "cleared": cleared})]
    if cleared:
        events += remove_mines(state, hex_id, "AM-40", f"{unit.id} cleared them")
    return events


def preview_clear(view: AmState, action: ClearMines) -> Preview | None:
    unit = view.units.get(action.unit)
    if unit is None or unit.hex is None:
        return None
    drm = sapper_drm(view, unit)
    need = clearance_table().infantry.clears_at_most
    p = dr_chance(lambda dr: dr + drm <= need)
    drm_words = f", Sapper drm {drm:+d}" if drm else ""
    return Preview(title=f"Minefield Clearance by {unit.id} at {view.board.ref(unit.hex)}",
                   axis="Clearance DR", outcomes=(("cleared", p), ("not cleared", 1 - p)),
                   summary=f"final DR ≤ {need} clears{drm_words}: {percent(p)} "
                           "(whatever mines the hex holds)", good=1,
                   data={"cleared": str(p), "drm": drm, "clears_at_most": need})


# ---- AM-43, AM-44: fire-for-effect and bombs -------------------------------------------------
def check_strike(state: AmState, action: MineStrike) -> None:
    if state.phase != FIRE:
        raise IllegalAction("an FFE or a bomb is resolved in its side's fire phase", "AM-43")
    if not is_hex(state, action.hex):
        raise IllegalAction(f"there is no hex {action.hex!r}", "AM-43")
    columns = ift_columns()
    if action.column not in columns:
        raise IllegalAction(f"the IFT has no {action.column} column (it has "
                            f"{', '.join(map(str, columns))})", "AM-43")


def _weapon(action: MineStrike) -> str:
    return "HE Concentration FFE" if action.weapon == "ffe" else "HE aerial bomb"


def apply_strike(state: AmState, action: MineStrike, dice: Dice) -> list[Event]:
    at = state.board.ref(action.hex)
    weapon = _weapon(action)
    dr, rolled = roll_dr(dice, "AM-43", f"Original DR of the {weapon} at {at}")
    result = ift_result(action.column, dr)
    events: list[Event] = [rolled]
    said = result or "no result"
    data = {"dr": dr, "column": action.column, "result": result}
    if is_kia(result):
        events.append(Event(kind="MineStrike", clause="AM-43", at=at, data=data,
                            text=f"{weapon} at {at} on the IFT {action.column} column: "
                                 f"Original DR {dr} → {said}: every mine there is destroyed"))
        return events + remove_mines(state, action.hex, "AM-43", f"the {weapon}'s Original "
                                                                 "KIA")
    if is_k(result):
        k = state.data.options.k_reduces_by
        events.append(Event(kind="MineStrike", clause="AM-44", at=at, data=data,
                            text=f"{weapon} at {at} on the IFT {action.column} column: "
                                 f"Original DR {dr} → {said}: the mines there are reduced"))
        if k:
            return events + reduce_mines(state, action.hex, k, k)
        state.reduction_at = action.hex
        other = next(s for s in state.sides if s != state.phasing)
        events.append(outside.begin(state, Awaiting(
            MineReduction.kind, f"the Original K on the mines at {at}", "AM-44",
            enters=state.phasing, accepts=other)))
        return events
    events.append(Event(kind="MineStrike", clause="AM-43", at=at, data=data,
                        text=f"{weapon} at {at} on the IFT {action.column} column: Original "
                             f"DR {dr} → {said}: the mines there are untouched"))
    return events


def strike_odds(column: int) -> tuple[Fraction, Fraction]:
    """The chances of an Original KIA and of an Original K on ``column``."""
    kia = dr_chance(lambda dr: is_kia(ift_result(column, dr)))
    k = dr_chance(lambda dr: is_k(ift_result(column, dr)))
    return kia, k


def preview_strike(view: AmState, action: MineStrike) -> Preview | None:
    if not is_hex(view, action.hex) or action.column not in ift_columns():
        return None
    kia, k = strike_odds(action.column)
    return Preview(title=f"{_weapon(action)} on the mines at {view.board.ref(action.hex)}",
                   axis="Original DR", good=2,
                   outcomes=(("mines destroyed", kia), ("mines reduced", k),
                             ("mines untouched", 1 - kia - k)),
                   summary=f"IFT {action.column} column: an Original KIA destroys every mine "
                           f"({percent(kia)}), an Original K reduces them ({percent(k)})",
                   data={"kia": str(kia), "k": str(k)})


def resolve(state: AmState, result: OutsideResult, dice: Dice) -> list[Event]:
    """The accepted reduction of an Original K (AM-44)."""
    assert isinstance(result, MineReduction)
    hex_id = state.reduction_at
    state.reduction_at = None
    if hex_id is None:
        return []
    return reduce_mines(state, hex_id, result.ap_by, result.at_by)


# ---- AM-45…AM-47: flail tanks ----------------------------------------------------------------
def check_flail(state: AmState, action: FlailClear) -> None:
    if state.phase != MOVEMENT:
        raise IllegalAction("a flail clears mines in its side's Movement Phase", "AM-45")
    unit = own_unit(state, action.unit, state.active)
    if not state.unit_type(unit).flail:
        raise IllegalAction(f"{unit.id} is not a Flail Tank", "AM-45")
    if unit.flail_broken:
        raise IllegalAction(f"{unit.id}'s flail is wrecked: it clears no mines again",
                            "AM-47")
    if unit.immobilised:
        raise IllegalAction(f"{unit.id} is immobilised", "AM-45")
    moving = state.move is not None and unit.id in state.move.units
    if unit.clearing or unit.moved or unit.spent or moving:
        raise IllegalAction(f"{unit.id} has used MP this Movement Phase: Mine Clearance is "
                            "announced at its start and takes the whole MP allotment",
                            "AM-45")


def apply_flail(state: AmState, action: FlailClear, dice: Dice) -> list[Event]:
    unit = state.units[action.unit]
    hex_id = unit.hex
    assert hex_id is not None
    at = state.board.ref(hex_id)
    unit.clearing, unit.moved = True, True
    unit.spent = state.unit_type(unit).mf
    dr, rolled = roll_dr(dice, "AM-45", f"Flail Mine Clearance DR of {unit.id} at {at}")
    events: list[Event] = [rolled, Event(
        kind="FlailAnnounced", clause="AM-45", at=at, data={"unit": unit.id, "dr": dr},
        text=f"{unit.id} clears mines at {at}, spending all {unit.spent:g} MP: DR {dr}")]
    here = state.fields_at(hex_id)
    if dr == 12:
        return events + _flail_twelve(state, unit, here)
    if dr == 11:
        unit.flail_broken = True
        events.append(Event(kind="FlailBroken", clause="AM-47", at=at, data={"unit": unit.id},
                            text=f"Original DR 11: {unit.id}'s flail is wrecked; it will "
                                 "clear no mines again"))
        return events
    need = clearance_table().flail.clears_at_most
    if dr > need:
        events.append(Event(kind="FlailCleared", clause="AM-45", at=at,
                            text=f"DR {dr} > {need}: nothing is cleared"))
        return events
    events.append(Event(kind="FlailCleared", clause="AM-45", at=at,
                        text=f"DR {dr} ≤ {need}: the mines of {at} are cleared"))
    return events + remove_mines(state, hex_id, "AM-45", f"{unit.id}'s flail")


def _flail_twelve(state: AmState, unit: Unit, here: list[Minefield]) -> list[Event]:
    """AM-46: an Original 12 destroys the flail if A-T mines lie in its hex, immobilises it
    if A-P mines alone do; the mines that did it are revealed (type, not strength)."""
    from mineboard.rules.asl_minefields import attacks

    at = state.board.ref(unit.hex or "")
    events: list[Event] = []
    if any(f.at for f in here):
        for f in here:
            events += attacks.reveal(state, f, "at", strength=False)
        unit.eliminated, unit.hex = True, None
        return [*events, UnitLost(clause="AM-46", at=at, unit=unit.id, unit_type=unit.type,
                                  owner=unit.side, reveals=True,
                                  text=f"Original DR 12: the A-T mines at {at} destroy "
                                       f"{unit.id}")]
    if any(f.ap for f in here):
        for f in here:
            events += attacks.reveal(state, f, "ap", strength=False)
        unit.immobilised = True
        return [*events, Event(kind="Immobilised", clause="AM-46", at=at,
                               data={"unit": unit.id}, reveals=True,
                               text=f"Original DR 12: the A-P mines at {at} immobilise "
                                    f"{unit.id}")]
    return [Event(kind="FlailCleared", clause="AM-46", at=at,
                  text="Original DR 12, but no mines lie here: nothing happens")]


def preview_flail(view: AmState, action: FlailClear) -> Preview | None:
    unit = view.units.get(action.unit)
    if unit is None or unit.hex is None:
        return None
    need = clearance_table().flail.clears_at_most
    ok = dr_chance(lambda dr: dr <= need)
    broken = dr_chance(lambda dr: dr == 11)
    twelve = dr_chance(lambda dr: dr == 12)
    return Preview(title=f"Flail Mine Clearance by {unit.id} at {view.board.ref(unit.hex)}",
                   axis="Clearance DR", good=1,
                   outcomes=(("cleared", ok), ("nothing", 1 - ok - broken - twelve),
                             ("flail wrecked", broken), ("12: hit by its mines", twelve)),
                   words=("the hex's mines are cleared", "nothing is cleared",
                          "DR 11: the flail is wrecked (AM-47)",
                          "DR 12: destroyed if A-T mines are there, immobilised if A-P "
                          "alone (AM-46)"),
                   summary=f"DR ≤ {need} clears; the whole MP allotment is spent",
                   data={"cleared": str(ok), "wrecked": str(broken), "twelve": str(twelve)})


def on_enter(state: AmState, unit_id: str, hex_id: str, via_tb: bool) -> list[Event]:
    """Movement's hook as a unit enters ``hex_id`` (``via_tb``: through a Trail Break):
    AM-47 — a flail that enters a building, or woods other than through a TB, is wrecked."""
    unit = state.units[unit_id]
    if not state.unit_type(unit).flail or unit.flail_broken:
        return []
    terrain, _features = terrain_of(state, hex_id)
    if terrain == "building" or (terrain == "woods" and not via_tb):
        unit.flail_broken = True
        at = state.board.ref(hex_id)
        return [Event(kind="FlailBroken", clause="AM-47", at=at, data={"unit": unit_id},
                      text=f"{unit_id} enters the {terrain} at {at}"
                           f"{'' if terrain == 'building' else ' without a Trail Break'}: "
                           "its flail is wrecked")]
    return []


# ---- the part --------------------------------------------------------------------------------
def phase_start(state: AmState) -> list[Event]:
    """A new phase: clearance may be tried again, and a flail's announcement is spent."""
    state.clearance_tried.clear()
    for unit in state.units.values():
        unit.clearing = False
    return []


def units_at(view: AmState, place: str) -> list[str]:
    """The units a click at ``place`` picks in the phasing side's fire phase — for
    clearance, Daisy Chains and Task Checks (movement picks them in the Movement Phase)."""
    if view.phase != FIRE or view.awaiting is not None or view.ask is not None:
        return []
    return sorted(u.id for u in view.units.values()
                  if u.side == view.phasing and u.hex == place and not u.eliminated)


def choices(view: AmState, selection: Selection) -> list[Choice]:
    """In the fire phase: the IFT column an FFE or a bomb is resolved on (AM-43)."""
    if view.phase != FIRE or view.awaiting is not None:
        return []
    return [Choice("ift_column", "IFT column of an FFE or bomb", str(DEFAULT_COLUMN),
                   values=tuple((str(c), str(c)) for c in ift_columns()),
                   tip="the firepower column the HE Concentration or bomb attacks on; only "
                       "its Original DR counts against the mines (AM-43, AM-44)")]


def _mine(view: AmState, selection: Selection) -> list[Unit]:
    return [view.units[u] for u in selection.units
            if u in view.units and view.units[u].side == view.to_move]


def commands(view: AmState, selection: Selection) -> list[Command]:
    out: list[Command] = []
    if view.awaiting is not None or view.ask is not None:
        return out
    for unit in _mine(view, selection):
        kind = view.unit_type(unit)
        if view.phase == FIRE and kind.cls == "infantry" and kind.size != "leader":
            need = clearance_table().infantry.clears_at_most + kind.sapper
            out.append(Command(f"Clear mines ({unit.id})", ClearMines(unit.id),
                               tip=f"Clearance DR ≤ {need} clears every mine of the hex "
                                   "(AM-40, AM-49)"))
        if view.phase == MOVEMENT and kind.flail and not unit.flail_broken:
            out.append(Command(f"Flail: clear mines ({unit.id})", FlailClear(unit.id),
                               tip="spends the whole MP allotment clearing this hex (AM-45)"))
    if view.phase == FIRE and selection.place and is_hex(view, selection.place):
        column = int(selection.option("ift_column", DEFAULT_COLUMN))
        if column in ift_columns():
            kia, k = strike_odds(column)
            odds = (f"an Original KIA destroys every mine there ({percent(kia)}), an "
                    f"Original K reduces them ({percent(k)}) — AM-43, AM-44")
            for strike, words in ((MineStrike(selection.place, column, "ffe"), "FFE"),
                                  (MineStrike(selection.place, column, "bomb"), "Bomb")):
                out.append(Command(f"{words} on the mines at {selection.place} "
                                   f"(IFT {column})", strike, tip=odds))
    return out


def candidates(view: AmState) -> list[Action]:
    if view.awaiting is not None:  # only the result, or the answers to it, may be played
        return outside.samples(view.awaiting, MineReduction)
    out: list[Action] = []
    for unit in view.units.values():
        if unit.side == view.to_move and unit.hex is not None:
            out += [ClearMines(unit.id), FlailClear(unit.id)]
    hexes = {h for owned_fields in view.minefields.values() for h in owned_fields}
    hexes |= {u.hex for u in view.units.values() if u.hex is not None}
    out += [MineStrike(h, DEFAULT_COLUMN) for h in sorted(hexes)]
    return out


def summary(state: AmState) -> dict[str, Any]:
    flails = {u.id: {"flail_broken": u.flail_broken, "clearing": u.clearing,
                     "immobilised": u.immobilised, "eliminated": u.eliminated}
              for u in state.units.values() if state.unit_type(u).flail}
    out: dict[str, Any] = {"flails": flails}
    if state.reduction_at is not None:
        out["reduction_at"] = state.reduction_at
    return out


PART = Part(
    actions=(ClearMines, FlailClear, MineStrike, MineReduction, *outside.ANSWERS),
    checks={ClearMines: check_clear, FlailClear: check_flail, MineStrike: check_strike},
    effects={ClearMines: apply_clear, FlailClear: apply_flail, MineStrike: apply_strike},
    previews={ClearMines: preview_clear, FlailClear: preview_flail,
              MineStrike: preview_strike},
    commands=commands, candidates=candidates, phase_start=phase_start, summary=summary)
