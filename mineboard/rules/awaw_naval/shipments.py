"""Sea supply lines, oil counters and BRP grants by sea (AW-116…AW-119): what each needs of
the shipping power's navy. A sea supply line from a port needs nothing, a Western Allied
one from a box one transport of the shipping area (AW-117); an oil counter needs three
destroyer factors when the European Axis ship it, else one transport (AW-118); a BRP grant
one transport per five BRPs, rounded up (AW-119, AW-209). Pure: the steps carry their
clauses."""

from __future__ import annotations

from mineboard.core.errors import IllegalAction
from mineboard.rules.awaw_naval.sealift_data import (
    Need,
    SealiftTable,
    Step,
    per_five,
    sealift_table,
)

SUPPLY, OIL, BRP = "supply", "oil", "brp"
WHATS = (SUPPLY, OIL, BRP)


def supply_lines(count: int, nation: str, from_box: bool,
                 table: SealiftTable | None = None) -> Need:
    """AW-117: ``count`` sea supply lines traced by ``nation``."""
    table = table or sealift_table()
    if not from_box:
        return Need(0, 0, (Step("AW-117", f"{count} sea supply line{'s' if count != 1 else ''}"
                                          " traced from a port: no naval units"),))
    if nation not in table.supply_from_box:
        raise IllegalAction(f"{nation} traces no sea supply from a mapboard box: only the "
                            "Western Allies do (30.365)", "AW-117")
    return Need(0, count, (Step("AW-117", f"{count} Western Allied sea supply line"
                                          f"{'s' if count != 1 else ''} from a box × 1 = "
                                          f"{count} transports of the shipping area",
                                transports=count),))


def oil(count: int, nation: str, table: SealiftTable | None = None) -> Need:
    """AW-118: ``count`` oil counters shipped by ``nation``."""
    table = table or sealift_table()
    plural = "s" if count != 1 else ""
    if nation in table.oil.destroyers:
        dd = count * table.dd_per_oil
        return Need(dd, 0, (Step("AW-118", f"{count} European Axis oil counter{plural} × "
                                           f"{table.dd_per_oil} = {dd} destroyer factors",
                                 dd),))
    if nation in table.oil.transports:
        return Need(0, count, (Step("AW-118", f"{count} {nation} oil counter{plural} × 1 = "
                                              f"{count} transports", transports=count),))
    raise IllegalAction(f"the source gives no sea escort for {nation}'s oil counters "
                        "(21.422 names the European Axis, the Western Allies and Japan)",
                        "AW-118")


def brp(amount: int, nation: str, table: SealiftTable | None = None) -> Need:
    """AW-119: a BRP grant of ``amount`` by ``nation``."""
    table = table or sealift_table()
    if nation not in table.brp_grants:
        raise IllegalAction(f"{nation} makes no BRP grant by sea here: 21.423 is the Western "
                            "Allies'", "AW-119")
    n = per_five(amount, table.per_transport)
    return Need(0, n, (Step("AW-119", f"a grant of {amount} BRPs ÷ {table.per_transport}, "
                                      f"rounded up = {n} Western Allied transport"
                                      f"{'s' if n != 1 else ''}", transports=n),))


def need(what: str, amount: int, nation: str, from_box: bool = False,
         table: SealiftTable | None = None) -> Need:
    if what == SUPPLY:
        return supply_lines(amount, nation, from_box, table)
    if what == OIL:
        return oil(amount, nation, table)
    if what == BRP:
        return brp(amount, nation, table)
    raise IllegalAction(f"{what!r} is not shipped by sea ({', '.join(WHATS)})", "AW-116")
