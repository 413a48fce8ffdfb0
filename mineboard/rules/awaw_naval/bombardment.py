"""Shore bombardment's arithmetic (AW-159…AW-167, AW-238, AW-240), kept free of the game
state so that the engine, the command line (``mineboard check awaw-naval bombard``) and the
tests compute the same numbers, each step with the clause that gives it.

- every 3 bombarding naval factors add 1 combat factor, fractions dropped (AW-159, AW-238);
- the combat factors added are capped by the Naval Nationality DRM: 1 × the ground factors
  involved for DRM 1, 2 × for DRM 2, 3 × for DRM 3 or more (AW-160), cumulatively in
  ascending DRM order when DRMs are mixed (AW-161, WE-05);
- bombardment remnants and naval-air ground-support remnants may be added together within
  both caps (AW-162);
- ground combat losses on bombarding fleets: a light ship eliminated or a heavy ship
  damaged (AW-164…AW-166), never more loss factors than the combat factors bombardment added
  (AW-167), and every fleet factor lost bars two more from the later rounds (AW-163, AW-240).

Decision (the source is silent): remnants of different DRM classes are not pooled with each
other, only with naval-air ground support (AW-162); each class bombards in whole thirds.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

PER_COMBAT_FACTOR = 3
"""Naval factors per combat factor added (AW-159)."""

TOP_DRM = 3
"""DRM 3 or more: the cap is 3 × the ground factors (AW-160C)."""


class Refused(Exception):
    """An allocation that breaks a clause: ``clause`` and the reason in one line."""

    def __init__(self, reason: str, clause: str) -> None:
        super().__init__(reason)
        self.reason = reason
        self.clause = clause


@dataclass(frozen=True, slots=True)
class Line:
    """One step of the arithmetic and the clause that gives it."""

    clause: str
    text: str


@dataclass(frozen=True, slots=True)
class Group:
    """Bombarding naval factors of one nationality (its Naval Nationality DRM)."""

    name: str
    drm: int
    factors: int


@dataclass(frozen=True, slots=True)
class ClassShare:
    """What one DRM class adds: its factors, their combat factors, the room its cumulative
    cap leaves, what it adds and how many of its naval factors that uses."""

    drm: int
    factors: int
    computed: int
    cap: int
    room: int
    added: int
    used: int
    remnant: int
    """Naval factors under a whole combat factor, if the class was not capped (AW-162)."""


@dataclass(frozen=True, slots=True)
class Allotment:
    ground: int
    classes: tuple[ClassShare, ...]
    total: int
    cap: int
    """The cap of the highest DRM present: what bombardment may add at most."""
    remnant: int
    lines: tuple[Line, ...]

    @property
    def used(self) -> int:
        return sum(c.used for c in self.classes)


def combat_factors(naval: int) -> tuple[int, int]:
    """(combat factors, remnant naval factors) of ``naval`` bombarding factors (AW-159)."""
    return divmod(naval, PER_COMBAT_FACTOR)


def cap_multiple(drm: int) -> int:
    """The multiple of the ground factors a DRM class may add (AW-160)."""
    return max(1, min(drm, TOP_DRM))


def allot(groups: Iterable[Group], ground: int) -> Allotment:
    """What bombardment adds to an invasion attack by ``ground`` ground factors (those that
    take part in the attack, AW-154): class by class in ascending DRM, each capped by its
    multiple of ``ground`` less what lower classes added (AW-160, AW-161)."""
    by_class: dict[int, int] = {}
    names: dict[int, list[str]] = {}
    for g in groups:
        key = cap_multiple(g.drm)
        by_class[key] = by_class.get(key, 0) + g.factors
        names.setdefault(key, []).append(f"{g.name} {g.factors}")
    lines: list[Line] = [Line("AW-154", f"ground factors in the invasion attack: {ground}; "
                                        f"bombardment may add at most 3 × {ground} = "
                                        f"{3 * ground}")]
    total = 0
    remnant = 0
    shares = []
    for drm in sorted(by_class):
        factors = by_class[drm]
        computed, rest = combat_factors(factors)
        cap = drm * ground
        room = max(0, cap - total)
        added = min(computed, room)
        used = added * PER_COMBAT_FACTOR
        left = rest if added == computed else 0
        who = ", ".join(names[drm])
        drm_text = f"DRM {drm}" if drm < TOP_DRM else "DRM 3+"
        lines.append(Line("AW-159", f"{drm_text} ({who}): {factors} naval factors ÷ 3 = "
                                    f"{computed} combat factors"
                                    + (f", {rest} left over" if rest else "")))
        clause = "AW-160" if len(by_class) == 1 else "AW-161"
        earlier = f" less {total} already added" if total else ""
        lines.append(Line(clause, f"{drm_text} cap {drm} × {ground} = {cap}{earlier} → room "
                                  f"{room}: adds {added} ({used} naval factors count)"))
        total += added
        remnant += left
        shares.append(ClassShare(drm, factors, computed, cap, room, added, used, left))
    top = max(by_class, default=1) * ground
    lines.append(Line("AW-161" if len(by_class) > 1 else "AW-160",
                      f"bombardment adds {total} combat factors"))
    return Allotment(ground, tuple(shares), total, top, remnant, tuple(lines))


@dataclass(frozen=True, slots=True)
class Combined:
    extra: int
    lines: tuple[Line, ...]


def combine_remnants(allotment: Allotment, air_added: int, air_remnant: Fraction) -> Combined:
    """AW-162: the bombardment remnant (naval factors short of a combat factor) and the
    naval-air ground-support remnant (a fraction of a combat factor, from the air module)
    added together; whole combat factors count if neither the bombardment cap nor the
    ground-support cap (3 × the ground factors, AW-154) is passed."""
    if not 0 <= air_remnant < 1:
        raise Refused(f"a ground-support remnant is a fraction under 1, not {air_remnant}",
                      "AW-162")
    pooled = Fraction(allotment.remnant, PER_COMBAT_FACTOR) + air_remnant
    whole = int(pooled)
    bomb_room = max(0, allotment.cap - allotment.total)
    air_room = max(0, 3 * allotment.ground - air_added)
    extra = min(whole, bomb_room, air_room)
    text = (f"remnants: {allotment.remnant}/3 from bombardment + {air_remnant} from naval-air "
            f"ground support = {pooled} → {whole} whole; room under the bombardment cap "
            f"{bomb_room}, under the ground-support cap {air_room} → adds {extra}")
    return Combined(extra, (Line("AW-162", text),))


# ---- losses ------------------------------------------------------------------------------
DESTROYER, CRUISER, HEAVY, OTHER = "destroyer", "cruiser", "heavy", "other"


@dataclass(frozen=True, slots=True)
class Bombarder:
    """A ship that bombarded (or carried troops): its kind for losses (AW-164…AW-166)."""

    id: str
    kind: str
    """destroyer, cruiser, heavy or other (carriers, CVEs …: no ground combat losses)."""
    factors: int
    carrying: bool = False
    """Carries the invading troops (AW-164: never a loss)."""
    damaged: bool = False


@dataclass(frozen=True, slots=True)
class ShipLoss:
    ship: str
    losses: int
    """Loss factors put on it."""


@dataclass(frozen=True, slots=True)
class FleetOutcome:
    loss_factors: int
    sunk: tuple[str, ...]
    damaged: tuple[str, ...]
    dd_lost: dict[str, int]
    lines: tuple[Line, ...]


def check_fleet_losses(ships: Sequence[Bombarder], losses: Sequence[ShipLoss],
                       bombardment_added: int) -> FleetOutcome:
    """Judge the loss factors put on bombarding and carrying ships (AW-164…AW-167):
    raise :class:`Refused` naming the clause, or what the losses do."""
    by_id = {s.id: s for s in ships}
    lines: list[Line] = []
    total = 0
    sunk: list[str] = []
    damaged: list[str] = []
    dd_lost: dict[str, int] = {}
    seen: set[str] = set()
    for loss in losses:
        ship = by_id.get(loss.ship)
        if ship is None:
            raise Refused(f"{loss.ship} did not bombard this invasion", "AW-155")
        if loss.ship in seen:
            raise Refused(f"{loss.ship} is named twice among the losses", "AW-164")
        seen.add(loss.ship)
        if loss.losses < 1:
            raise Refused(f"{loss.ship}: a loss is at least 1 factor", "AW-164")
        if ship.carrying:
            raise Refused(f"{ship.id} carries the invading troops and may not be taken as a "
                          "loss", "AW-164")
        if ship.kind == DESTROYER:
            if loss.losses > ship.factors:
                raise Refused(f"{ship.id} has {ship.factors} destroyer factors, not "
                              f"{loss.losses}", "AW-164")
            dd_lost[ship.id] = loss.losses
            if loss.losses == ship.factors:
                sunk.append(ship.id)
            lines.append(Line("AW-164", f"{ship.id}: {loss.losses} loss factors → "
                                        f"{loss.losses} destroyer factors eliminated"))
        elif ship.kind == CRUISER:
            if loss.losses != 2:
                raise Refused(f"{ship.id} is a cruiser: losses go on it only 2 at a time, "
                              f"sinking it, not {loss.losses}", "AW-165")
            sunk.append(ship.id)
            lines.append(Line("AW-165", f"{ship.id}: 2 loss factors → the cruiser is sunk"))
        elif ship.kind == HEAVY:
            if loss.losses != 1:
                raise Refused(f"{ship.id} is a heavy ship: it absorbs only 1 loss factor, "
                              f"not {loss.losses}", "AW-166")
            if ship.damaged:
                raise Refused(f"{ship.id} is damaged already: no loss goes on it",
                              "AW-164")
            damaged.append(ship.id)
            lines.append(Line("AW-166", f"{ship.id}: 1 loss factor → damaged"))
        else:
            raise Refused(f"{ship.id} is no destroyer, cruiser or heavy ship: it takes no "
                          "ground combat losses", "AW-164")
        total += loss.losses
    if total > bombardment_added:
        raise Refused(f"{total} loss factors on bombarding fleets exceed the "
                      f"{bombardment_added} combat factors the bombardment added", "AW-167")
    if losses:
        lines.append(Line("AW-167", f"{total} loss factors on the fleets ≤ the "
                                    f"{bombardment_added} combat factors bombardment added"))
    return FleetOutcome(total, tuple(sunk), tuple(damaged), dd_lost, tuple(lines))


@dataclass(frozen=True, slots=True)
class NextRound:
    left: int
    barred: int
    lines: tuple[Line, ...]


def next_round(ships: Sequence[Bombarder], outcome: FleetOutcome) -> NextRound:
    """The naval factors still bombarding in the next round (AW-163, AW-240): those not
    sunk, damaged or lost, less two for every loss factor the fleets took — a damaged
    heavy ship's remaining factors count toward that bar."""
    bombarding = [s for s in ships if not s.carrying and not s.damaged]
    before = sum(s.factors for s in bombarding)
    gone = 0
    offset = 0
    for s in bombarding:
        if s.id in outcome.damaged:
            gone += s.factors
            offset += s.factors - 1
        elif s.id in outcome.dd_lost:
            gone += outcome.dd_lost[s.id]
        elif s.id in outcome.sunk:
            gone += s.factors
    bar = 2 * outcome.loss_factors
    barred = max(0, bar - offset)
    remaining = before - gone
    left = max(0, remaining - barred)
    cf = left // PER_COMBAT_FACTOR
    lines = [Line("AW-163", f"{before} bombarding factors − {gone} lost or damaged = "
                            f"{remaining}"),
             Line("AW-240", f"{outcome.loss_factors} loss factors × 2 = {bar} barred"
                            + (f", less {offset} remaining in damaged heavy ships" if offset
                               else "") + f" → {barred} more barred"),
             Line("AW-163", f"{left} naval factors bombard in the next round "
                            f"({cf} combat factors)")]
    return NextRound(left, barred, tuple(lines))


@dataclass(frozen=True, slots=True)
class GroundUnitLoss:
    id: str
    factors: int
    attacked: bool
    """Took part in the initial invasion attack (AW-155)."""


def check_losses(required: int, ground: Sequence[GroundUnitLoss], air: int,
                 fleet: FleetOutcome) -> list[Line]:
    """The attacker's whole allocation of ``required`` loss factors (AW-155, AW-167):
    ground units that attacked, air factors that flew ground support, bombarding fleets;
    at least ``required``, with no unit taken that was not needed to reach it."""
    for unit in ground:
        if not unit.attacked:
            raise Refused(f"{unit.id} was embarked but did not attack: it takes no losses",
                          "AW-155")
    parts = [u.factors for u in ground]
    total = sum(parts) + air + fleet.loss_factors
    if total < required:
        raise Refused(f"{total} loss factors allotted, {required} are due", "AW-155")
    surplus = total - required
    if parts and surplus >= min(parts):
        raise Refused(f"{total} loss factors allotted for {required} due: a ground unit of "
                      f"{min(parts)} factors is not needed", "AW-155")
    if surplus and (air or fleet.loss_factors):
        raise Refused(f"{total} loss factors allotted for {required} due: air and fleet "
                      "factors are taken one by one, so no more than are due", "AW-155")
    ground_text = " + ".join(f"{u.id} {u.factors}" for u in ground) or "no ground units"
    return [Line("AW-155", f"losses: {ground_text}, {air} air factors, "
                           f"{fleet.loss_factors} fleet factors = {total} (due {required})")]


def describe(lines: Iterable[Line]) -> str:
    return "\n".join(f"{line.clause}: {line.text}" for line in lines)
