"""asl-minefields, the mine-laying advisor (*Game ▸ Advise*, ``mineboard advise``): the lays
the side to move may make now — a field recorded in its Setup (AM-03, AM-07, AM-25, AM-26,
AM-33), or a Daisy Chain pulled in its fire phase (AM-35, AM-36) — ranked by the enemy units
they would stop, from the side's own view only.

Each lay is one legal action, checked on the view and tried on a copy of it
(``core.advice.what_if``); its figures are exact fractions through the same chains of
attacks as the odds panel (IFT, morale model, A-P before A-T: odds.py), under the model
said beside the answer (:data:`MODEL`, :data:`MODEL_TARGET`).

Where the lays are looked for, and why that loses nothing under the model:

- with no target, only hexes an enemy unit can reach in its next Movement Phase (its MF/MP
  from where it stands, AM-11): a field anywhere else stops no one under the model, so it
  would score 0; A-T lays only where a vehicle reaches (AM-27: infantry never sets them off).
- with a target, only hexes on an enemy unit's present least-loss way there: a unit keeps
  its way when a lay is off it (the chance on it is unchanged, and a lay elsewhere can only
  add attacks to other ways), so such a lay scores exactly what laying nothing does.

With no target a lay's figure is a sum over the units that reach its hex, and each unit's
part depends only on the unit's type and state, whether it enters or leaves, the parts the
side knows there, the lay and whether a building spares it (AM-24): a lay meeting a unit
where all of these match a lay already tried (on its copy) takes that part again — trying it
anew would give the same fraction. With a target, a lay that provably leaves every unit's
way as it was (see above) scores the field as it is without a copy. That keeps a 650-hex
battlefield under the second.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

from mineboard.core.actions import Action
from mineboard.core.advice import Advice, Progress, Suggestion, Target, no_progress, rank, what_if
from mineboard.core.planning import percent
from mineboard.core.words import and_list
from mineboard.rules.asl_minefields.daisy import PlaceDaisy
from mineboard.rules.asl_minefields.lays import (
    Lay,
    daisy_lays,
    lay_in,
    legal,
    record_lays,
    why_not,
)
from mineboard.rules.asl_minefields.odds import _susceptible, known_parts
from mineboard.rules.asl_minefields.state import FIRE, AmState, Unit
from mineboard.rules.asl_minefields.ways import (
    Way,
    attacks,
    blocked_for,
    costs_from,
    cut_hexes,
    enterable,
    least_loss_way,
    may_move,
    stop_chance,
)

UNIT = "units stopped"
MODEL = (
    "each enemy unit that may move (on the map, of a known type, neither broken nor "
    "immobilised) steps once into every hex it can reach in its next Movement Phase with its "
    "MF/MP (AM-11), and leaves the hex it stands in once; a lay's figure is the enemy units "
    "it would add stopped there — pinned, broken, immobilised or eliminated (AM-64) — worked "
    "exactly through the IFT and the morale model, A-P before A-T (AM-12, AM-18, AM-19, AM-28, "
    "AM-29); a building spares units entering it (AM-24). Not counted: a concealed unit (its "
    "type is unknown, AM-15), passengers (safe while their vehicle is, AM-21), booby traps "
    "(set off by Task Checks, not by moves, AM-51)")
MODEL_TARGET = (
    "each enemy unit that may move goes to {target} by its least-loss way: over as many "
    "Movement Phases as it takes, the way on which the fields you would then have stop it "
    "least likely — it avoids the mines if it can, as if it knew them. Figures for the whole "
    "field after the lay: expected enemy units stopped on those ways (pinned, broken, "
    "immobilised or eliminated, AM-64; IFT and morale model, A-P before A-T, AM-12, AM-18, "
    "AM-28), and P(route hurt), the chance at least one of them is")


# ---- the enemy ------------------------------------------------------------------------------
def enemies(view: AmState, side: str) -> list[Unit]:
    """The enemy units the model moves, by id."""
    return sorted((u for u in view.units.values() if u.side != side and may_move(view, u)),
                  key=lambda u: u.id)


def reach(view: AmState, side: str) -> dict[str, list[tuple[Unit, bool]]]:
    """Hex → the enemy units that can step into it (True) in their next Movement Phase,
    or leave it (False: where they stand)."""
    out: dict[str, list[tuple[Unit, bool]]] = {}
    for unit in enemies(view, side):
        assert unit.hex is not None
        ut = view.data.units[unit.type]
        best, _back = costs_from(view, ut, unit.hex, limit=ut.mf)
        for h in sorted(best):
            out.setdefault(h, []).append((unit, h != unit.hex))
    return out


def _sets_off_at(view: AmState, units: Iterable[tuple[Unit, bool]]) -> bool:
    return any(_susceptible(view, view.data.units[u.type], "at", not entering)
               for u, entering in units)


# ---- the advice ---------------------------------------------------------------------------------
def targets(view: AmState) -> list[Target]:
    """The hexes the side to move holds: the places its enemy must come to take."""
    side = view.to_move
    held: dict[str, list[str]] = {}
    for u in sorted(view.units.values(), key=lambda u: u.id):
        if u.side == side and u.hex is not None and not u.eliminated:
            held.setdefault(u.hex, []).append(u.id)
    return [Target(h, f"{view.board.ref(h)} ({and_list(ids)})")
            for h, ids in sorted(held.items())]


def advise(ruleset: Any, view: AmState, target: Target | None = None,
           progress: Progress = no_progress) -> Advice:
    side = view.to_move
    title = (f"Where {side} might lay mines" if target is None else
             f"Where {side} might lay mines to stop the way to {target.label}")
    model = MODEL if target is None else MODEL_TARGET.format(target=target.label)
    said = why_not(view, side)
    if said:
        return rank([], _none, side=side, title=title, unit=UNIT, model=model,
                    target=target, nothing=said, progress=progress)
    if target is None:
        return _by_reach(ruleset, view, side, title, progress)
    return _by_route(ruleset, view, side, title, model, target, progress)


def _none(action: Action) -> Suggestion | None:
    return None


def _candidates(view: AmState, side: str, hexes: Sequence[tuple[str, bool]]) -> list[Action]:
    if view.phase == FIRE:
        wanted = dict(hexes)
        return [a for a in daisy_lays(view, side) if isinstance(a, PlaceDaisy)
                and wanted.get(a.hex)]
    return record_lays(view, side, hexes)


def _by_reach(ruleset: Any, view: AmState, side: str, title: str,
              progress: Progress) -> Advice:
    reached = reach(view, side)
    hexes = [(h, _sets_off_at(view, units)) for h, units in sorted(reached.items())]
    candidates = legal(ruleset, view, _candidates(view, side, hexes))
    tried: dict[tuple[object, ...], tuple[AmState, str]] = {}
    seen: dict[tuple[object, ...], tuple[Fraction, Fraction]] = {}

    def one(action: Action, lay: Lay, unit: Unit, entering: bool) -> tuple[Fraction, Fraction]:
        """The unit's chance of being stopped there before and after the lay, worked on a
        copy with the lay made (what_if): one copy for each kind of lay, parts known there
        before and building sparing or not (AM-24), whichever hex it was first tried in."""
        parts = tuple((k.kind, k.strength, k.own) for k in known_parts(view, side, lay.hex))
        spared = _spares(view, lay.hex)
        like = (parts, lay.ap, lay.at, lay.daisy, spared)
        key = (*like, unit.type, unit.status, unit.immobilised, entering)
        found = seen.get(key)
        if found is None:
            if like not in tried:
                tried[like] = (what_if(ruleset, view, action), lay.hex)
            after, where = tried[like]
            found = seen[key] = (
                stop_chance(view, unit, attacks(view, side, unit, where, entering)),
                stop_chance(after, unit, attacks(after, side, unit, where, entering)))
        return found

    def score(action: Action) -> Suggestion | None:
        lay = lay_in(view, action)
        if lay is None:
            return None
        units = reached.get(lay.hex, [])
        figures = [one(action, lay, u, e) for u, e in units]
        gain = sum((a - b for b, a in figures), Fraction(0))
        return Suggestion(action, lay.label(view), (lay.hex,), gain,
                          why=_why_reach(view, lay, units, figures))

    def bound(rest: Iterable[Action]) -> Fraction:
        return Fraction(max((len(reached.get(lay.hex, [])) for a in rest
                             if (lay := lay_in(view, a)) is not None), default=0))

    nothing = "" if candidates else (
        f"no enemy unit that may move can reach a hex where {side} may lay now"
        if not reached else f"{side} may make no lay in a hex the enemy can reach")
    return rank(candidates, score, side=side, title=title, unit=UNIT, model=MODEL,
                bound=bound, nothing=nothing, progress=progress)


def _spares(view: AmState, hex_id: str) -> bool:
    """AM-24 (option ``building_spares``): a building's field attacks no one entering or
    leaving it."""
    return bool(view.data.options.building_spares) and \
        view.board.places[hex_id].props.get("terrain") == "building"


def _why_reach(view: AmState, lay: Lay, units: list[tuple[Unit, bool]],
               figures: list[tuple[Fraction, Fraction]]) -> str:
    hurt = [f"{u.id} ({view.data.units[u.type].name.lower()}, "
            f"{'entering' if e else 'leaving'}) {percent(a - b)}"
            for (u, e), (b, a) in zip(units, figures, strict=True) if a != b]
    clauses = ("AM-36, AM-28, AM-29" if lay.daisy else
               "AM-12, AM-17, AM-64" if lay.ap else "AM-28, AM-29, AM-31")
    if not hurt:
        spared = _spares(view, lay.hex)
        return ("a building: its minefield attacks no one entering it (AM-24)" if spared else
                f"none of {and_list([u.id for u, _e in units])} is stopped more by it "
                f"(AM-27: infantry never sets off A-T mines)")
    return f"{view.board.ref(lay.hex)}: {'; '.join(hurt)} ({clauses})"


def _by_route(ruleset: Any, view: AmState, side: str, title: str, model: str,
              target: Target, progress: Progress) -> Advice:
    goal = target.key
    ways: dict[str, Way] = {}
    for u in enemies(view, side):
        way = least_loss_way(view, side, u, goal)
        if way is not None:
            ways[u.id] = way
    on_way: dict[str, list[Unit]] = {}
    for uid, way in ways.items():
        for h in way.path:
            on_way.setdefault(h, []).append(view.units[uid])
    hexes = [(h, _sets_off_at(view, ((u, True) for u in units)))
             for h, units in sorted(on_way.items())]
    candidates = legal(ruleset, view, _candidates(view, side, hexes))

    again: dict[tuple[object, ...], Fraction] = {}

    def chance_after(after: AmState, uid: str, hex_id: str) -> Fraction:
        """The unit's least chance on its way once the lay is made: its way as it was when
        the lay changes no attack on it there; else searched again (once for each attack
        the unit would meet there)."""
        unit, now = view.units[uid], after.units[uid]
        parts = [tuple(attacks(w, side, u, hex_id, e)) for w, u in ((view, unit), (after, now))
                 for e in (True, False)]
        if parts[:2] == parts[2:]:
            return ways[uid].stop
        key = (uid, hex_id, *parts[2:])
        if key not in again:
            found = least_loss_way(after, side, now, goal, concrete=False)
            again[key] = ways[uid].stop if found is None else found.stop
        return again[key]

    movers = {u.id: u for u in enemies(view, side)}
    blocked = {uid: blocked_for(view, side, movers[uid]) for uid in ways}

    def may_change(uid: str, hex_id: str) -> bool:
        """Whether a lay in ``hex_id`` may change the unit's way: not when the hex is off
        it, nor when its way meets no field and a way round the hex crosses none either
        (the hex is neither where it starts or ends nor a cut of the field-free ground)."""
        way, unit = ways[uid], movers[uid]
        if hex_id not in way.path:
            return False
        ut = view.data.units[unit.type]
        if way.stop or hex_id in (unit.hex, goal) or hex_id in blocked[uid] \
                or unit.hex not in enterable(view, ut):
            return True
        return hex_id in cut_hexes(view, ut, blocked[uid])

    def score(action: Action) -> Suggestion | None:
        lay = lay_in(view, action)
        if lay is None:
            return None
        changing = [uid for uid in ways if may_change(uid, lay.hex)]
        after = what_if(ruleset, view, action) if changing else None
        chances: dict[str, Fraction] = {}
        changed: list[str] = []
        for uid, way in ways.items():
            p = way.stop
            if after is not None and uid in changing:
                p = chance_after(after, uid, lay.hex)
                if p != way.stop:
                    changed.append(f"{uid} {percent(way.stop)} → {percent(p)}")
            chances[uid] = p
        expected = sum(chances.values(), Fraction(0))
        none = Fraction(1)
        for p in chances.values():
            none *= 1 - p
        why = (f"{'; '.join(changed)} on the least-loss way to {target.label} (AM-12, AM-18, "
               "AM-28)" if changed else
               f"every enemy unit still has a way to {target.label} as safe as before")
        return Suggestion(action, lay.label(view), (lay.hex,), expected, 1 - none, why)

    nothing = "" if ways else f"no enemy unit that may move can reach {target.label}"
    return rank(candidates, score, side=side, title=title, unit=UNIT, model=model,
                target=target, bound=lambda rest: Fraction(1), nothing=nothing,
                progress=progress)
