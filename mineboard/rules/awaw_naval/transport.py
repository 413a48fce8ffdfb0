"""Sea transport's arithmetic (AW-121…AW-126): which links a transport involving a box may
use (AW-123), the destroyer factors it needs — one per ground or air factor, two when it
starts or ends in a far box (AW-124) — and the transports of the SW box it passes, one per
five factors rounded up (AW-125, AW-238). Pure: places arrive as ``Where`` values, so each
sum can be checked on paper and printed step by step with its clause."""

from __future__ import annotations

from mineboard.core.errors import IllegalAction
from mineboard.rules.awaw_naval.sealift_data import (
    Link,
    Need,
    SealiftTable,
    Step,
    Where,
    per_five,
    plural,
    sealift_table,
    sw_name,
)


def matches(link: Link, box: Where, place: Where) -> bool:
    """Whether ``link`` joins the box ``box`` with ``place`` (AW-123)."""
    if box.box not in link.boxes or place.box:
        return False
    ports = {place.id, place.role} - {""}
    return bool(set(place.fronts) & set(link.fronts)) \
        or (bool(place.group) and place.group in link.groups) \
        or bool(ports & set(link.ports)) \
        or (bool(place.theatre) and place.theatre in link.theatres)


def box_link(start: Where, end: Where, table: SealiftTable | None = None) -> Link | None:
    """The AW-123 link a transport between ``start`` and ``end`` uses; None when neither is
    a box (no link needed). Refused (AW-123) when a box is involved and no link joins
    them."""
    table = table or sealift_table()
    if not start.box and not end.box:
        return None
    if start.box and end.box:
        raise IllegalAction(f"no sea transport runs from box to box ({start.label} to "
                            f"{end.label}): only the links of 21.433 involve a box", "AW-123")
    box, place = (start, end) if start.box else (end, start)
    for link in table.links:
        if matches(link, box, place):
            return link
    allowed = "; ".join(lk.name for lk in table.links if box.box in lk.boxes)
    raise IllegalAction(f"{place.label} is on no sea-transport link of the {box.label} "
                        f"({allowed or 'it has none'})", "AW-123")


def far(start: Where, end: Where, table: SealiftTable | None = None) -> Where | None:
    """The far box (U.S., South Africa, India, Australia) the transport starts or ends in."""
    table = table or sealift_table()
    for where in (start, end):
        if where.box and where.box in table.far_boxes:
            return where
    return None


def need(factors: int, start: Where, end: Where, table: SealiftTable | None = None) -> Need:
    """The destroyer factors (AW-124) and SW-box transports (AW-125) that carrying
    ``factors`` ground or air factors from ``start`` to ``end`` needs, step by step."""
    table = table or sealift_table()
    link = box_link(start, end, table)
    box = far(start, end, table)
    per = table.far_dd_per_factor if box is not None else table.dd_per_factor
    why = f" (it {'starts' if box is start else 'ends'} in the {box.label})" \
        if box is not None else ""
    dd = factors * per
    steps = [Step("AW-124", f"{factors} ground or air factors × {per} destroyer factor"
                            f"{'s' if per != 1 else ''}{why} = {dd} destroyer factors", dd)]
    tp = 0
    if link is not None:
        tp = per_five(factors, table.per_transport)
        steps.append(Step("AW-125", f"{factors} factors ÷ {table.per_transport}, rounded up "
                                    f"(AW-238) = {plural(tp, 'transport')} of the "
                                    f"{sw_name(link.sw)} ({link.name})",
                          transports=tp))
    return Need(dd, tp, tuple(steps))
