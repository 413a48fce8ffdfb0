"""Exact odds of minefield attacks, read from the table files (edit ``ift.json`` and the
odds follow): one attack for ``mineboard odds asl-minefields`` (:class:`AttackQuery`), and
the chances of a planned move's path for the odds panel (:func:`path_preview`).

Everything is worked out as exact fractions over the dice (``core/chance.py``); the same
table lookups and the same morale model (``morale.MODEL.chances``) as the attacks
themselves, so the odds shown and the play cannot disagree (the tests hold them together).

A path's odds are worked out from what the viewer may know (AM-03, AM-68): its own side's
minefields exactly; another side's only as far as play revealed them — an A-P or A-T part
of unknown strength is not guessed but listed under the bars with the chance for each
strength it may have; a hidden one counts for nothing.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Annotated, Any, Literal

from mineboard.core.chance import Dist, dice_sum
from mineboard.core.errors import BadInput
from mineboard.core.planning import Preview, percent
from mineboard.core.schema import Doc, Range
from mineboard.rules.asl_minefields import morale
from mineboard.rules.asl_minefields.data import UnitType, unit_table
from mineboard.rules.asl_minefields.state import (
    AP_STRENGTHS,
    BROKEN,
    GOOD,
    MAX_AT,
    PINNED,
    AmState,
    Unit,
)
from mineboard.rules.asl_minefields.tables import Ift, IftResult, aerial_table, ift

Target = Literal["infantry", "armored", "unarmored"]

NO_ATTACK = "no attack"
NO_EFFECT = "no effect"
IMMOBILISED = "immobilised"
ELIMINATED = "eliminated"
WRECK = "eliminated, Burning Wreck"


# ---- one attack -------------------------------------------------------------------------------
_ONE: dict[tuple[object, ...], tuple[object, Dist[Any]]] = {}
"""Memo of one attack's distribution by its arguments and the table (by identity: an
edited table is never answered from the old one)."""


def _memo(key: tuple[object, ...], table: object, work: Callable[[], Dist[Any]]) -> Dist[Any]:
    found = _ONE.get(key)
    if found is None or found[0] is not table:
        if len(_ONE) > 10_000:
            _ONE.clear()
        found = (table, work())
        _ONE[key] = found
    return found[1]


def ap_results(strength: int, drm: int = 0) -> Dist[IftResult]:
    """The IFT result of an A-P attack: the strength's column, DR + ``drm`` (0 in play,
    AM-10)."""
    table = ift()
    return _memo(("ap", strength, drm), table,
                 lambda: dice_sum(2).map(lambda dr: table.result(strength, dr + drm)))


def ap_vehicle(strength: int, armored: bool, drm: int = 0) -> Dist[str]:
    """An A-P attack on a vehicle: an AFV is immobilised by a KIA only (AM-19); an
    unarmored one reads the Vehicle line."""
    table = ift()
    if armored:
        return _memo(("ap-afv", strength, drm), table, lambda: dice_sum(2).map(
            lambda dr: IMMOBILISED if table.result(strength, dr + drm).kind == "KIA"
            else NO_EFFECT))
    return _memo(("ap-vehicle", strength, drm), table, lambda: dice_sum(2).map(
        lambda dr: _line(table.vehicle(strength, dr + drm))))


def _line(verdict: str) -> str:
    return NO_EFFECT if verdict == "none" else verdict


def at_vehicle(factors: int, armored: bool, aerial: int = 0) -> Dist[str]:
    """A-T mines vs a vehicle: the trigger dr ≤ factors (AM-28), one attack on the 36+
    column (AM-67); an AFV is eliminated by a KIA on DR + Aerial AF, else immobilised
    (AM-29, AM-30); an unarmored vehicle is eliminated, with a Burning Wreck when the DR
    reads a KIA (AM-31, AM-73)."""
    table = ift()
    return _memo(("at", factors, armored, aerial), table,
                 lambda: _at_vehicle(table, factors, armored, aerial))


def _at_vehicle(table: Ift, factors: int, armored: bool, aerial: int) -> Dist[str]:
    triggered = Fraction(min(max(factors, 0), 6), 6)
    if armored:
        attack = dice_sum(2).map(lambda dr: ELIMINATED if table.result(table.top, dr + aerial)
                                 .kind == "KIA" else IMMOBILISED)
    else:
        attack = dice_sum(2).map(lambda dr: WRECK if table.result(table.top, dr).kind == "KIA"
                                 else ELIMINATED)
    trigger: Dist[bool] = Dist.from_fractions({True: triggered, False: 1 - triggered})
    return trigger.bind(lambda hit: attack if hit else Dist.certain(NO_ATTACK))


def attack_distribution(kind: Literal["ap", "at"], factors: int, target: Target,
                        drm: int = 0) -> dict[str, Fraction]:
    """The exact distribution of results of one attack, in order from nothing to the worst.
    ``drm``: added to an A-P attack's DR (none applies in play, AM-10); the Aerial AF of an
    A-T attack on an AFV (AM-30; ignored for an unarmored vehicle, AM-73)."""
    if kind == "ap":
        if target == "infantry":
            ordered = sorted(ap_results(factors, drm).fractions().items(),
                             key=lambda kv: kv[0].severity)
            return {r.text: p for r, p in ordered}
        out = ap_vehicle(factors, target == "armored", drm).fractions()
        order: tuple[str, ...] = (NO_EFFECT, IMMOBILISED, ELIMINATED)
    else:
        if target == "infantry":
            return {NO_ATTACK: Fraction(1)}
        out = at_vehicle(factors, target == "armored", drm).fractions()
        order = (NO_ATTACK, IMMOBILISED, ELIMINATED, WRECK)
    return {k: out[k] for k in order if k in out}


@dataclass(frozen=True)
class AttackQuery:
    """``mineboard odds asl-minefields``: one minefield attack on one unit.

    A-P: ``--factors`` is the minefield's strength (6, 8 or 12, AM-07), the IFT column it
    attacks on; ``--drm`` shifts the DR to read the table (none applies in play, AM-10).
    A-T: ``--factors`` is the hex's A-T factors (1–5, AM-26): the trigger dr, then the 36+
    column; ``--drm`` is an AFV's Aerial AF for the KIA check (AM-30)."""

    type: Annotated[Literal["ap", "at"], Doc("ap (anti-personnel) or at (anti-tank)")]
    factors: Annotated[int, Range(1, 99), Doc("A-P strength 6, 8 or 12; A-T factors 1–5")]
    target: Annotated[Target, Doc("infantry, armored or unarmored (a vehicle)")]
    drm: Annotated[int, Range(-12, 12), Doc("A-P: a DR modifier (none in play, AM-10); "
                                            "A-T vs armored: the Aerial AF (AM-30)")] = 0

    def preview(self) -> Preview:
        return attack_odds(self)


def attack_odds(query: AttackQuery) -> Preview:
    table = ift()
    kind, factors, target, drm = query.type, query.factors, query.target, query.drm
    if kind not in ("ap", "at"):
        raise BadInput("--type", "ap or at")
    if target not in ("infantry", "armored", "unarmored"):
        raise BadInput("--target", "infantry, armored or unarmored")
    if kind == "ap" and factors not in AP_STRENGTHS:
        raise BadInput("--factors", "an A-P minefield has 6, 8 or 12 factors (AM-07)")
    if kind == "at" and not 1 <= factors <= MAX_AT:
        raise BadInput("--factors", f"a hex holds 1 to {MAX_AT} A-T factors (AM-26)")
    dist = attack_distribution(kind, factors, target, drm)
    rows: tuple[str, ...] = ()
    if kind == "ap":
        column = table.column_label(table.column_index(factors))
        title = f"A-P minefield of {factors} factors vs {target}: IFT {column} column, " \
                f"DRM {drm:+d}"
        axis = "IFT result (AM-12)" if target == "infantry" else \
            ("result vs an AFV (AM-19)" if target == "armored" else "Vehicle line (AM-19)")
        if target == "infantry":
            rows = squad_rows(factors, drm)
    else:
        title = f"{factors} A-T factors vs {target}: trigger dr ≤ {factors}, then the " \
                f"{table.column_label(len(table.columns) - 1)} column" + \
                (f", Aerial AF {drm:+d} for the KIA check" if target == "armored" else
                 ", no DRM (AM-73)" if target == "unarmored" and drm else "")
        axis = "result (AM-27: infantry never sets A-T mines off)" if target == "infantry" \
            else "result (AM-28…AM-31)"
    outcomes = tuple(dist.items())
    good = next((i for i, (k, _p) in enumerate(outcomes) if k in (NO_EFFECT, NO_ATTACK)),
                None)
    worst, chance = outcomes[-1]
    label = table.label or "printed"
    return Preview(title=f"asl-minefields: {title} — IFT: {label}", axis=axis,
                   outcomes=outcomes, summary=f"{worst}: {percent(chance)} [{label}]",
                   good=good, rows=rows,
                   data={"type": kind, "factors": factors, "target": target, "drm": drm,
                         "table": label,
                         "distribution": {k: str(p) for k, p in dist.items()},
                         **({"squad": {k: str(p) for k, p in squad_fates(factors, drm).items()}}
                            if kind == "ap" and target == "infantry" else {})})


def squad_fates(strength: int, drm: int = 0, unit_type: str = "squad") -> dict[str, Fraction]:
    """What an A-P attack does to a Good Order unit of ``unit_type`` through the morale
    model: each fate's exact chance, unharmed first, eliminated last."""
    types = unit_table().types
    fates = ap_results(strength, drm).bind(
        lambda r: morale.MODEL.chances(types, unit_type, GOOD, r)).fractions()
    out: dict[str, Fraction] = {}
    for f, p in sorted(fates.items(), key=lambda kv: _fate_order(kv[0])):
        out[f.label] = out.get(f.label, Fraction(0)) + p
    return out


def squad_rows(strength: int, drm: int = 0, unit_type: str = "squad") -> tuple[str, ...]:
    """Under the bars: what the attack does to a squad through the morale model."""
    types = unit_table().types
    said = "; ".join(f"{label} {percent(p)}"
                     for label, p in squad_fates(strength, drm, unit_type).items())
    return (f"A {types[unit_type].name.lower()} (morale {types[unit_type].morale}) through "
            f"the morale model: {said}",)


_STATUS_RANK = {GOOD: 0, PINNED: 1, BROKEN: 2}


def _fate_order(fate: Any) -> tuple[int, int, int]:
    """Unharmed first, eliminated last: by elimination, reduction, then status."""
    return (int(fate.eliminated), int(fate.reduced), _STATUS_RANK.get(fate.status, 3))


# ---- a planned path ---------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Track:
    """One unit along a planned path: what it is now and where it stopped (None: going)."""

    type: str
    status: str = GOOD
    reduced: bool = False
    eliminated: bool = False
    immobilised: bool = False
    stop: str | None = None

    def label(self, end: str) -> str:
        if self.eliminated:
            return f"eliminated at {self.stop}"
        hurt = [w for w, on in (("reduced", self.reduced), (self.status, self.status != GOOD),
                                ("immobilised", self.immobilised)) if on]
        how = f" ({', '.join(hurt)})" if hurt else ""
        if self.stop is not None:
            return f"stopped at {self.stop}{how}"
        return f"reaches {end}{how or ' unharmed'}"


@dataclass(frozen=True, slots=True)
class Known:
    """A minefield part as the viewer knows it: ``strength`` None when unknown."""

    hex: str
    kind: Literal["ap", "at"]
    strength: int | None
    own: bool


def known_parts(view: AmState, viewer: str, hex_id: str) -> list[Known]:
    """The minefield parts in ``hex_id`` the viewer knows of, A-P first (AM-18): its own
    exactly; another side's once revealed, with the strength only if that is revealed too
    (a visible A-T counter's factors stay secret, AM-68)."""
    out: list[Known] = []
    for owner, fields in view.minefields.items():
        f = fields.get(hex_id)
        if f is None:
            continue
        if owner == viewer:
            if f.ap:
                out.append(Known(hex_id, "ap", f.ap, True))
            if f.at:
                out.append(Known(hex_id, "at", f.at, True))
            continue
        if f.ap_known and (f.ap or not f.ap_strength_known):
            out.append(Known(hex_id, "ap", f.ap or None if f.ap_strength_known else None,
                             False))
        if f.at_known and (f.at or not f.at_strength_known):
            out.append(Known(hex_id, "at", f.at or None if f.at_strength_known else None,
                             False))
    return sorted(out, key=lambda k: k.kind != "ap")


def _spared(view: AmState, unit_type: UnitType, frm: str, into: str, hex_id: str,
            entering: bool, options: tuple[str, ...]) -> bool:
    """Moves a hex's mines do not attack: into or out of a building (AM-24, option), or
    into it through a Trail Break paying double (AM-42)."""
    props = view.board.places[hex_id].props
    opts = view.data.options
    if opts.building_spares and props.get("terrain") == "building":
        return True
    return entering and "double_tb" in options and (frm, into) in view.trail_breaks and \
        (unit_type.personnel or opts.vehicles_double_tb)


def _susceptible(view: AmState, utype: UnitType, kind: str, leaving: bool) -> bool:
    if kind == "ap":
        return True
    if leaving and not view.data.options.at_on_leave:
        return False
    if view.data.options.only_vehicles_trigger_at:
        return utype.vehicle
    return utype.cls != "infantry"


_HERE = "·"
"""Where a transition stops before it is placed on a hex (see :func:`_attack`)."""

_TRANSITIONS: dict[tuple[object, ...], tuple[tuple[object, ...], Dist[Track]]] = {}
"""Memo of one attack's outcomes by what they depend on (the tables, the unit types and
the morale model by identity, so an edited table or a replaced model is never answered
from the old one)."""


def _attack(types: Mapping[str, UnitType], track: Track, part: Known, strength: int,
            at_hex: str, cr_stops: bool) -> Dist[Track]:
    """One known attack on a unit still going: its exact outcomes."""
    deps = (types, ift(), aerial_table(), morale.MODEL)
    key = (*map(id, deps), track, part.kind, strength, cr_stops, at_hex)
    found = _TRANSITIONS.get(key)
    if found is None or any(a is not b for a, b in zip(found[0], deps, strict=True)):
        if len(_TRANSITIONS) > 50_000:
            _TRANSITIONS.clear()
        placed = _transition(types, track, part.kind, strength, cr_stops).map(
            lambda t: replace(t, stop=at_hex) if t.stop == _HERE else t)
        found = (deps, placed)
        _TRANSITIONS[key] = found
    return found[1]


def _transition(types: Mapping[str, UnitType], track: Track, kind: str, strength: int,
                cr_stops: bool) -> Dist[Track]:
    utype = types[track.type]
    stopped = replace(track, stop=_HERE)
    if utype.vehicle:
        armored = utype.mine_armored
        if kind == "ap":
            dist = ap_vehicle(strength, armored)
        else:
            low = utype.lowest_hull_af or 0
            dist = at_vehicle(strength, armored, aerial_table().aerial(low) if armored else 0)
        return dist.map(lambda r: track if r in (NO_EFFECT, NO_ATTACK) else
                        replace(stopped, immobilised=True) if r == IMMOBILISED else
                        replace(stopped, eliminated=True))

    def after(fate: Any) -> Track:
        new = replace(track, type=fate.type, status=fate.status,
                      reduced=track.reduced or fate.reduced, eliminated=fate.eliminated)
        worse = fate.eliminated or (fate.status != track.status and fate.status != GOOD) or \
            (fate.reduced and cr_stops)
        return replace(new, stop=_HERE) if worse else new

    return ap_results(strength).bind(
        lambda r: morale.MODEL.chances(types, track.type, track.status, r)).map(after)


def unit_path(view: AmState, viewer: str, unit: Unit, path: tuple[str, ...],
              options: tuple[str, ...] = ()) -> tuple[Dist[Track], list[str]]:
    """The exact fate of ``unit`` along ``path`` (path[0] its hex) from the viewer's
    knowledge, and a line for each known part of unknown strength left out of it."""
    types = view.data.units
    unknown: list[str] = []
    steps: list[Known] = []
    for frm, into in itertools.pairwise(path):
        for hex_id, entering in ((frm, False), (into, True)):
            if _spared(view, types[unit.type], frm, into, hex_id, entering, options):
                continue
            for part in known_parts(view, viewer, hex_id):
                if not _susceptible(view, types[unit.type], part.kind, not entering):
                    continue
                if part.strength is None:
                    unknown.append(_unknown_line(types, unit, part, entering))
                else:
                    steps.append(part)
    return _chain(view, unit, steps), unknown


def entry_fate(view: AmState, viewer: str, unit: Unit, hex_id: str) -> tuple[Dist[Track],
                                                                            list[Known]]:
    """The exact fate of ``unit`` stepping into ``hex_id`` where nothing spares it (no road
    or Trail Break on the way in, no exit attack behind it), from the viewer's knowledge;
    and the parts there of unknown strength, left out (the threat map's question)."""
    types = view.data.units
    parts = [p for p in known_parts(view, viewer, hex_id)
             if _susceptible(view, types[unit.type], p.kind, False)]
    return _chain(view, unit, [p for p in parts if p.strength is not None]), \
        [p for p in parts if p.strength is None]


Going = tuple[Dist[Track], dict[Track, Fraction]]
"""A unit part-way along: the fates still going (weights summing below the denominator
once some stopped) and the chance of each fate that stopped."""

_CHAINS: dict[tuple[object, ...], Going] = {}
"""Memo of :func:`_chain` by start and the parts met so far: the pointer lengthens a
planned path a hex at a time, so each new hex costs only its own attacks."""
_CHAIN_DEPS: list[object] = []
"""What the memo was worked out from (unit types and tables, by identity)."""


def _chain(view: AmState, unit: Unit, parts: list[Known]) -> Dist[Track]:
    """The unit's fate through ``parts`` in order, each attacking while it goes on."""
    types = view.data.units
    cr_stops = view.data.options.cr_stops
    deps = [types, ift(), aerial_table(), morale.MODEL]
    if len(_CHAIN_DEPS) != len(deps) or any(a is not b for a, b in zip(_CHAIN_DEPS, deps,
                                                                         strict=True)) \
            or len(_CHAINS) > 20_000:
        _CHAINS.clear()
        _CHAIN_DEPS[:] = deps
    start = (Track(unit.type, unit.status, immobilised=unit.immobilised), cr_stops)
    done = len(parts)
    while done and (*start, *parts[:done]) not in _CHAINS:
        done -= 1
    going, stopped = _CHAINS.get((*start, *parts[:done]), (Dist.certain(start[0]), {}))
    for i in range(done, len(parts)):
        going, stopped = _one_more(types, going, stopped, parts[i], cr_stops)
        _CHAINS[(*start, *parts[:i + 1])] = (going, stopped)
    whole = going.fractions()
    for t, p in stopped.items():
        whole[t] = whole.get(t, Fraction(0)) + p
    return Dist.from_fractions(whole)


def _one_more(types: Mapping[str, UnitType], going: Dist[Track],
              stopped: dict[Track, Fraction], part: Known, cr_stops: bool) -> Going:
    """One more attack on the units still going; those it stops leave the chain, so each
    attack costs a handful of states whatever the length of the path."""
    if not going.weights:
        return going, stopped
    assert part.strength is not None
    after = going.bind(_attacker(types, part, part.strength, part.hex, cr_stops))
    kept: dict[Track, int] = {}
    stopped = dict(stopped)
    for t, w in after.weights.items():
        if t.stop is None:
            kept[t] = w
        elif w:
            stopped[t] = stopped.get(t, Fraction(0)) + Fraction(w, after.denom)
    return Dist(kept, after.denom), stopped


def _attacker(types: Mapping[str, UnitType], part: Known, strength: int, hex_id: str,
              cr_stops: bool) -> Callable[[Track], Dist[Track]]:
    def attack(track: Track) -> Dist[Track]:
        return _attack(types, track, part, strength, hex_id, cr_stops)
    return attack


def _unknown_line(types: Mapping[str, UnitType], unit: Unit, part: Known,
                  entering: bool) -> str:
    """What a known part of unknown strength could do: the stop chance per strength."""
    how = "entering" if entering else "leaving"
    strengths = AP_STRENGTHS if part.kind == "ap" else tuple(range(1, MAX_AT + 1))
    said = []
    for s in strengths:
        d = _attack(types, Track(unit.type, unit.status), part, s, part.hex, False)
        p = sum((pr for t, pr in d.fractions().items() if t.stop is not None), Fraction(0))
        said.append(f"{s}: {percent(p)}")
    kind = "an A-P minefield" if part.kind == "ap" else "A-T mines"
    return (f"{unit.id} {how} {part.hex}: {kind} of unknown strength (AM-06, AM-68), not "
            f"counted above — chance it stops there by strength: {', '.join(said)}")


def path_preview(view: AmState, action: Any) -> Preview | None:
    """The odds panel of a planned move (``action.units`` — or a rout's ``action.unit`` —
    along ``action.path``; options from ``action.options`` if it has them): each unit's
    exact fate from what the viewer knows. One unit: its fates as the bars; a stack: how
    many reach the end, with each unit's fates under the bars."""
    named = getattr(action, "units", None) or (getattr(action, "unit", None),)
    units = [view.units[u] for u in named if u in view.units]
    path = tuple(getattr(action, "path", ()))
    if not units or len(path) < 2 or any(h not in view.board.places for h in path):
        return None  # nothing to work out, or a path off the map (the check refuses it)
    viewer = units[0].side
    options = tuple(getattr(action, "options", ()) or ())
    end = path[-1]
    fates: list[tuple[Unit, Dist[Track]]] = []
    unknown: list[str] = []
    for u in units:
        dist, lines = unit_path(view, viewer, u, path, options)
        fates.append((u, dist))
        unknown += lines
    title = f"Move to {view.board.ref(end)}"
    if all(len(d.weights) == 1 and next(iter(d.weights)).stop is None
           and next(iter(d.weights)) == Track(u.type, u.status, immobilised=u.immobilised)
           for u, d in fates) and not unknown:
        return Preview.nothing_to_roll(title, "no known minefield attacks this path")
    per_unit = tuple(_unit_row(u, d, end) for u, d in fates)
    if len(fates) == 1:
        u, d = fates[0]
        outcomes = _ordered(d, end)
        good = next((i for i, (k, _p) in enumerate(outcomes) if k.endswith("unharmed")), None)
        first, p = outcomes[0]
        return Preview(title=title, axis=f"{u.id} (AM-12, AM-28)", outcomes=outcomes,
                       summary=f"{first}: {percent(p)}", good=good,
                       rows=tuple(unknown),
                       data={"unit": u.id, "distribution": {k: str(v) for k, v in outcomes}})
    count: Dist[int] = Dist.certain(0)
    for _u, d in fates:
        reach = sum((p for t, p in d.fractions().items() if t.stop is None), Fraction(0))
        count = count.bind(_plus_one_with(reach))
    n = len(fates)
    outcomes = tuple((f"{k} of {n} reach {end}", count.prob(k)) for k in range(n, -1, -1)
                     if count.prob(k))
    first, p = outcomes[0]
    return Preview(title=title, axis="units that reach the end (AM-12, AM-28)",
                   outcomes=outcomes, summary=f"{first}: {percent(p)}", good=0,
                   rows=(*per_unit, *unknown),
                   data={"units": [u.id for u, _d in fates],
                         "distribution": {k: str(v) for k, v in outcomes}})


def _plus_one_with(p: Fraction) -> Callable[[int], Dist[int]]:
    """A count that grows by one with chance ``p`` (one more unit reaching the end)."""
    def grow(n: int) -> Dist[int]:
        return Dist.from_fractions({n + 1: p, n: 1 - p})
    return grow


def _ordered(dist: Dist[Track], end: str) -> tuple[tuple[str, Fraction], ...]:
    """The fates by label (summed as integers: one Fraction per label, not per fate),
    reaching first, then stopped, then eliminated, likelier first within each."""
    out: dict[str, int] = {}
    for t, w in dist.weights.items():
        if w:
            label = t.label(end)
            out[label] = out.get(label, 0) + w
    ranked = sorted(out.items(), key=lambda kv: (not kv[0].startswith("reaches"),
                                                 "eliminated" in kv[0], -kv[1]))
    return tuple((label, Fraction(w, dist.denom)) for label, w in ranked)


def _unit_row(unit: Unit, dist: Dist[Track], end: str) -> str:
    return f"{unit.id}: " + "; ".join(f"{k} {percent(p)}" for k, p in _ordered(dist, end))


def unload_preview(view: AmState, action: Any) -> Preview | None:
    """The odds panel of PRC unloading (``action.units``) into their vehicle's hex: each
    known A-P field there attacks as if they entered (AM-23), none in a building hex under
    ``building_spares`` (AM-24)."""
    rows: list[str] = []
    fates: list[tuple[Unit, Dist[Track], str]] = []
    for uid in getattr(action, "units", ()):
        unit = view.units.get(uid)
        carrier = view.units.get(unit.carried_by or "") if unit is not None else None
        if unit is None or carrier is None or carrier.hex is None:
            continue
        hex_id = carrier.hex
        opts = view.data.options
        if opts.building_spares and view.board.places[hex_id].props.get("terrain") == \
                "building":
            continue
        parts = [k for k in known_parts(view, unit.side, hex_id) if k.kind == "ap"]
        rows += [_unknown_line(view.data.units, unit, k, True) for k in parts
                 if k.strength is None]
        known = [k for k in parts if k.strength is not None]
        if known:
            fates.append((unit, _chain(view, unit, known), hex_id))
    title = f"Unload {', '.join(getattr(action, 'units', ()))}"
    if not fates:
        if rows:
            return Preview(title=title, axis="", outcomes=(), summary="strength unknown",
                           rows=tuple(rows))
        return Preview.nothing_to_roll(title, "no known A-P minefield where they unload")
    unit, dist, hex_id = fates[0]
    outcomes = _ordered(dist, hex_id)
    first, p = outcomes[0]
    extra = tuple(_unit_row(u, d, h) for u, d, h in fates[1:])
    return Preview(title=title, axis=f"{unit.id} unloading (AM-23)", outcomes=outcomes,
                   summary=f"{first}: {percent(p)}",
                   good=next((i for i, (k, _p) in enumerate(outcomes)
                              if k.endswith("unharmed")), None),
                   rows=(*extra, *rows),
                   data={"unit": unit.id, "distribution": {k: str(v) for k, v in outcomes}})


# ---- mineboard bench ----------------------------------------------------------------------------
BENCH_PATH = ("A1", "A2", "A3", "A4", "A5", "B4", "B3", "B2", "C3", "D3", "E3")
"""A planned path of 10 steps on the demo board, every hex after the first mined."""


def bench_path_odds() -> float:
    """The odds of a planned path the pointer has just drawn: 3 units (2 squads, a tank)
    through 10 of the viewer's own minefields (12 A-P + 2 A-T each), the path's memos
    emptied first — only what depends on the tables alone (one attack's distribution, the
    morale model's chances) stays, as it does all game (issue 27's budget: 20 ms).
    Returns the seconds one preview took."""
    import time

    from mineboard.maps.loading import load_board
    from mineboard.resources import maps_dir
    from mineboard.rules.asl_minefields.scenario import state_from_scenario

    board = load_board(maps_dir() / "asl-demo-board.geojson")
    fields = [{"hex": h, "ap": 12, "at": 2} for h in BENCH_PATH[1:]]
    units = [{"id": i, "side": "Allies", "type": t, "hex": BENCH_PATH[0]}
             for i, t in (("a", "squad"), ("b", "squad"), ("m", "medium-tank"))]
    view = state_from_scenario({"map": "asl-demo-board", "phase": "movement",
                                "side": "Allies", "units": units,
                                "sides": [{"name": "Axis"},
                                          {"name": "Allies", "pool": 200, "at_bought": 20,
                                           "minefields": fields}]}, board, "bench")
    from mineboard.rules.common.moves import PlanMove

    action = PlanMove(("a", "b", "m"), BENCH_PATH)
    ift(), aerial_table()
    path_preview(view, PlanMove(("a",), BENCH_PATH[:2]))  # the tables' own memos
    _CHAINS.clear()
    _TRANSITIONS.clear()
    start = time.perf_counter()
    preview = path_preview(view, action)
    elapsed = time.perf_counter() - start
    assert preview is not None and preview.outcomes
    return elapsed


def vca_preview(view: AmState, action: Any) -> Preview | None:
    """The odds panel of a vehicle (``action.vehicle``) changing its covered arc in a hex
    with A-T mines the viewer knows of: a trigger dr each (AM-28, option ``at_on_vca``)."""
    vehicle = view.units.get(getattr(action, "vehicle", ""))
    if vehicle is None or vehicle.hex is None:
        return None
    title = f"{vehicle.id} changes its covered arc"
    if not view.data.options.at_on_vca or \
            not _susceptible(view, view.data.units[vehicle.type], "at", False):
        return Preview.nothing_to_roll(title, "a VCA change sets off no A-T mines here")
    parts = [k for k in known_parts(view, vehicle.side, vehicle.hex) if k.kind == "at"]
    rows = tuple(_unknown_line(view.data.units, vehicle, k, True) for k in parts
                 if k.strength is None)
    known = [k for k in parts if k.strength is not None]
    if not known:
        if rows:
            return Preview(title=title, axis="", outcomes=(), summary="strength unknown",
                           rows=rows)
        return Preview.nothing_to_roll(title, "no known A-T mines in its hex")
    outcomes = tuple((label.replace(f"reaches {vehicle.hex} ", ""), p) for label, p in
                     _ordered(_chain(view, vehicle, known), vehicle.hex))
    first, p = outcomes[0]
    return Preview(title=title, axis=f"{vehicle.id} (AM-28)", outcomes=outcomes,
                   summary=f"{first}: {percent(p)}",
                   good=next((i for i, (k, _p) in enumerate(outcomes)
                              if k == "unharmed"), None), rows=rows,
                   data={"unit": vehicle.id,
                         "distribution": {k: str(v) for k, v in outcomes}})
