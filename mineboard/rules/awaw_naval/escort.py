"""Sea escort's arithmetic (AW-205…AW-220, AW-233, AW-242): what a cargo needs of destroyers
(1 factor per ground or air factor, 3 per European Axis oil counter, AW-208) or of
transports (1 per 5 ground or air factors and 1 per 5 BRPs, each rounded up, 1 per Western
Allied or Japanese oil counter, AW-209); which legs transports may or must escort (AW-210,
AW-233: data, as pairs of places); chained legs (AW-211, WE-09); the destroyers' first leg
(AW-212, AW-242); and the cargo's fate when the escort is intercepted (AW-219, AW-220,
WE-10). Pure: places are ``Where`` values, needs are ``Need`` values with their steps."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from mineboard.core.errors import IllegalAction
from mineboard.rules.awaw_naval.sealift_data import (
    Need,
    SealiftTable,
    Step,
    Where,
    joined,
    per_five,
    plural,
    sealift_table,
    sw_name,
)
from mineboard.rules.awaw_naval.transport import matches

DESTROYERS, TRANSPORTS = "destroyers", "transports"


@dataclass(frozen=True, slots=True)
class Cargo:
    """What one escort carries (AW-205): ground and air factors, oil counters, BRPs, and the
    power that ships them."""

    nation: str
    factors: int = 0
    oil: int = 0
    brp: int = 0

    def text(self) -> str:
        parts = [f"{self.factors} ground or air factors" if self.factors else "",
                 f"{self.oil} oil counter{'s' if self.oil != 1 else ''}" if self.oil else "",
                 f"{self.brp} BRPs" if self.brp else ""]
        return ", ".join(p for p in parts if p) or "nothing"


def by_destroyers(cargo: Cargo, table: SealiftTable | None = None) -> Need:
    """AW-208: destroyer factors for ``cargo``; BRP grants and Western Allied or Japanese oil
    go by transport only (AW-209)."""
    table = table or sealift_table()
    if cargo.brp:
        raise IllegalAction("BRP grants are escorted by transports, never by destroyers "
                            "(21.64D)", "AW-209")
    if cargo.oil and cargo.nation not in table.oil.destroyers:
        raise IllegalAction(f"{cargo.nation}'s oil counters are escorted by transports, one "
                            "each (21.64E)", "AW-209")
    steps = []
    if cargo.factors:
        dd = cargo.factors * table.dd_per_factor
        steps.append(Step("AW-208", f"{cargo.factors} ground or air factors × "
                                    f"{table.dd_per_factor} = {dd} destroyer factors", dd))
    if cargo.oil:
        dd = cargo.oil * table.dd_per_oil
        steps.append(Step("AW-208", f"{cargo.oil} {cargo.nation} oil counter"
                                    f"{'s' if cargo.oil != 1 else ''} × {table.dd_per_oil} = "
                                    f"{dd} destroyer factors", dd))
    return Need(sum(s.destroyers for s in steps), 0, tuple(steps))


def by_transports(cargo: Cargo, table: SealiftTable | None = None) -> Need:
    """AW-209: transports for ``cargo``, each kind rounded up on its own (AW-238)."""
    table = table or sealift_table()
    if cargo.oil and cargo.nation not in table.oil.transports:
        raise IllegalAction(f"{cargo.nation}'s oil counters are escorted by destroyers, "
                            f"{table.dd_per_oil} factors each (21.64B)", "AW-208")
    per = table.per_transport
    steps = []
    if cargo.factors:
        n = per_five(cargo.factors, per)
        steps.append(Step("AW-209", f"{cargo.factors} ground or air factors ÷ {per}, rounded "
                                    f"up = {plural(n, 'transport')}", transports=n))
    if cargo.brp:
        n = per_five(cargo.brp, per)
        steps.append(Step("AW-209", f"{cargo.brp} BRPs ÷ {per}, rounded up = "
                                    f"{plural(n, 'transport')}", transports=n))
    if cargo.oil:
        steps.append(Step("AW-209", f"{cargo.oil} {cargo.nation} oil counter"
                                    f"{'s' if cargo.oil != 1 else ''} × 1 = "
                                    f"{plural(cargo.oil, 'transport')}", transports=cargo.oil))
    return Need(0, sum(s.transports for s in steps), tuple(steps))


@dataclass(frozen=True, slots=True)
class Mode:
    """How a leg may be escorted (AW-210, AW-233): by transports of SW box ``sw`` (``may``),
    only by them (``must``), else by destroyers only."""

    may: bool
    must: bool
    sw: str = ""
    why: str = ""


def mode(start: Where, end: Where, table: SealiftTable | None = None) -> Mode:
    """AW-210 with AW-233's default: a leg to or from a box must use transports where a link
    joins the box to the other end (the box's SW box escorts it); the pairs of
    ``transport_pairs`` may (or must) use them; any other leg starts and ends on a mapboard
    and uses destroyers."""
    table = table or sealift_table()
    if start.box or end.box:
        box, place = (start, end) if start.box else (end, start)
        for link in table.links:
            if matches(link, box, place):
                return Mode(True, True, link.sw, f"a leg to or from the {box.label} "
                                                 f"({link.name})")
        raise IllegalAction(f"no escort runs between the {box.label} and {place.label}: "
                            "no link joins them (AW-123, AW-233)", "AW-233")
    for pair in table.transport_pairs:
        if {pair.a, pair.b} == {start.id, end.id}:
            return Mode(True, pair.must, pair.sw, f"{start.label}–{end.label} is a "
                                                  "transport pair (AW-233)")
    return Mode(False, False, "", "it starts and ends on a mapboard")


@dataclass(frozen=True, slots=True)
class Leg:
    """One leg of an escort: from ``start`` to ``end``, by destroyers or transports, with the
    destroyer factors (and where they are based) or the transports committed."""

    start: Where
    end: Where
    by: str
    destroyers: int = 0
    based_at: str = ""
    """Where the leg's destroyers are based (empty: the leg's start)."""
    transports: int = 0


@dataclass(frozen=True, slots=True)
class Plan:
    legs: tuple[tuple[Leg, Need, Mode], ...]

    def lines(self) -> list[str]:
        out = []
        for i, (leg, need, mode_) in enumerate(self.legs, 1):
            base = leg.start.label if leg.based_at in ("", leg.start.id) else leg.based_at
            what = f"{need.destroyers} destroyer factors based at {base}" \
                if leg.by == DESTROYERS else \
                f"{plural(need.transports, 'transport')} of the {sw_name(mode_.sw)}"
            out.append(f"leg {i}: {leg.start.label} → {leg.end.label} by {leg.by}: {what}")
            out += [f"  {s.line()}" for s in need.steps]
        return out

    @property
    def need(self) -> Need:
        return joined(*(n for _, n, _ in self.legs))


def plan(cargo: Cargo, legs: Sequence[Leg], table: SealiftTable | None = None) -> Plan:
    """Judge an escort of ``cargo`` over ``legs``: each leg joins the last (AW-211), uses
    what it may (AW-210, AW-233) and commits what the cargo needs (AW-208, AW-209); a
    destroyer leg after the first uses destroyers based where it starts (AW-211)."""
    table = table or sealift_table()
    if not legs:
        raise IllegalAction("an escort has at least one leg", "AW-213")
    out = []
    for i, leg in enumerate(legs):
        if i and leg.start.id != legs[i - 1].end.id:
            raise IllegalAction(f"leg {i + 1} starts at {leg.start.label}, not where leg {i} "
                                f"ended ({legs[i - 1].end.label})", "AW-211")
        how = mode(leg.start, leg.end, table)
        if leg.by == TRANSPORTS and not how.may:
            raise IllegalAction(f"leg {i + 1} ({leg.start.label} → {leg.end.label}): "
                                f"{how.why}, so destroyers must escort it", "AW-210")
        if leg.by == DESTROYERS and how.must:
            raise IllegalAction(f"leg {i + 1} is {how.why}: transports must escort it",
                                "AW-233")
        if i and leg.by == DESTROYERS and leg.based_at and leg.based_at != leg.start.id:
            raise IllegalAction(f"leg {i + 1} continues from {leg.start.label}: its "
                                f"destroyers must be based there, not at {leg.based_at}",
                                "AW-211")
        need = by_destroyers(cargo, table) if leg.by == DESTROYERS \
            else by_transports(cargo, table)
        if leg.by == DESTROYERS and leg.destroyers < need.destroyers:
            raise IllegalAction(f"leg {i + 1}: {cargo.text()} need {need.destroyers} "
                                f"destroyer factors, not {leg.destroyers} "
                                f"({'; '.join(need.lines())})", "AW-208")
        if leg.by == TRANSPORTS and leg.transports < need.transports:
            raise IllegalAction(f"leg {i + 1}: {cargo.text()} need {need.transports} "
                                f"transports, not {leg.transports} "
                                f"({'; '.join(need.lines())})", "AW-209")
        out.append((leg, need, how))
    return Plan(tuple(out))


def first_leg(ship: str, based_at: str, embark: str, distance: int | None,
              interval: int, moved_by_nr: bool) -> Step:
    """AW-212 with AW-242: an escorting destroyer is based at the embarkation point, or gets
    there within one port-touch interval in the first leg; none that moved by NR in this
    redeployment phase escorts in it."""
    if moved_by_nr:
        raise IllegalAction(f"{ship} moved by NR in this redeployment phase and may escort "
                            "only in a later one", "AW-242")
    if based_at == embark:
        return Step("AW-212", f"{ship} is based at the embarkation point")
    if distance is None or distance > interval:
        far = "no route by water" if distance is None else f"{distance} hexes"
        raise IllegalAction(f"{ship} lies {far} from the embarkation point: more than one "
                            f"port-touch interval ({interval} hexes, AW-242) for its first "
                            "leg", "AW-212")
    return Step("AW-212", f"{ship} reaches the embarkation point in {distance} hexes, "
                          f"within one port-touch interval ({interval}, AW-242)")


LANDED, RETURNED, LOST = "landed", "returned", "lost"


def fate(needed_dd: int, surviving_dd: int, beaten: bool, transport_lost: bool = False,
         loaded: bool = True) -> Step:
    """What becomes of an escorted cargo after an interception (AW-219, AW-220, WE-10):
    lost when the surviving destroyer factors fall below the need or its transport is
    sunk, whoever won; else put back at the embarkation point when the escort was beaten
    after loading; else it lands."""
    if loaded and (surviving_dd < needed_dd or transport_lost):
        why = "its transport was eliminated" if transport_lost else \
            f"only {surviving_dd} escorting destroyer factors survive of the {needed_dd} it " \
            "needs"
        return Step("AW-220", f"the cargo is eliminated: {why}, whoever won")
    if beaten:
        where = "it is put ashore at the embarkation point; the ships go home" if loaded \
            else "not yet loaded: the ships go back to their original base"
        return Step("AW-219", f"the escort was beaten: {where}")
    return Step("AW-219", "the cargo lands at its destination")


def kind_of(step: Step) -> str:
    if step.clause == "AW-220":
        return LOST
    return RETURNED if "beaten" in step.text else LANDED
