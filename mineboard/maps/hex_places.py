"""The places of a hex map besides its hexes: ports, each in a hex and joined to it by a
berth, and off-board boxes, joined by box links to hexes, ports and other boxes."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from shapely.geometry import LineString, Point

from mineboard.maps.hex_index import LabelIndex
from mineboard.maps.model import BERTH, BOX, BOX_LINK, HEX, PORT, Place, Way, way_id
from mineboard.maps.shapes import point_of
from mineboard.maps.values import whole


def add_port(index: LabelIndex, port: Place, places: dict[str, Place], ways: dict[str, Way],
             problems: list[str]) -> None:
    """A port in a hex: the place, and a berth joining it to its hex."""
    where = f"feature {port.id}"
    if "capacity" in port.props and not whole(port.props["capacity"]):
        problems.append(f"{where}: capacity must be a whole number ≥ 0")
    label = port.props.get("hex")
    if not isinstance(label, str):
        problems.append(f"{where}: a port on a hex map needs \"hex\": the label of its hex")
        return
    try:
        h = index.hex(label)
    except ValueError as exc:
        problems.append(f"{where}: {exc}")
        return
    if places.get(port.id) is not port:
        return  # its id clashes with a hex: reported already
    if port.geometry is None:
        port.geometry = Point(index.grid.layout.to_pixel(h))
    if index.label(h) != label:  # a hex two boards share, named by the later board's label
        label = index.label(h)
        port.props = {**port.props, "hex": label}
    wid = way_id(port.id, label)
    first, second = wid.split("|")
    ways[wid] = Way(wid, BERTH, first, second)


def add_box_links(box: Place, places: Mapping[str, Place], ways: dict[str, Way],
                  problems: list[str]) -> None:
    """The links of an off-board box to hexes, ports and other boxes."""
    where = f"feature {box.id}"
    if places.get(box.id) is not box:
        return  # its id clashes with a hex: reported already
    costs = _link_costs(box, problems)
    links = box.props.get("links", [])
    if not isinstance(links, list) or not all(isinstance(x, str) for x in links):
        problems.append(f"{where}: links must be a list of hex labels, port ids and box ids")
        return
    seen: set[str] = set()
    for target in links:
        if target in seen:
            problems.append(f"{where}: links {target!r} twice")
            continue
        seen.add(target)
        other = places.get(target)
        if other is None or other.kind not in (HEX, PORT, BOX):
            problems.append(f"{where}: link {target!r} is not a hex, port or box of this map")
            continue
        if target == box.id:
            problems.append(f"{where}: links to itself")
            continue
        wid = way_id(box.id, target)
        props: dict[str, Any] = {}
        cost = costs(target)
        if cost is not None:
            props["link_cost"] = cost
        old = ways.get(wid)
        if old is not None:  # the other box lists this link too
            old_cost = old.props.get("link_cost")
            if cost is not None and old_cost is not None and cost != old_cost:
                problems.append(f"{where}: link_cost {cost} to {target} disagrees with the "
                                f"link_cost {old_cost} of feature {target}")
            elif cost is not None:
                old.props = dict(props)
            continue
        first, second = wid.split("|")
        ways[wid] = Way(wid, BOX_LINK, first, second, _link_line(box, other), dict(props))


def _link_costs(box: Place, problems: list[str]) -> Callable[[str], int | None]:
    """A box's ``link_cost`` to each link target: one whole number for every link, or one
    per target (the Australia box is 8 hexes from NN15 and 10 from NN31, AW-226)."""
    where = f"feature {box.id}"
    raw = box.props.get("link_cost")
    if isinstance(raw, Mapping):
        links = box.props.get("links", [])
        bad = [k for k, v in raw.items() if not whole(v)]
        stray = [k for k in raw if not isinstance(links, list) or k not in links]
        if bad:
            problems.append(f"{where}: link_cost to {bad[0]!r} must be a whole number ≥ 0")
        elif stray:
            problems.append(f"{where}: link_cost names {stray[0]!r}, which it does not link")
        else:
            return lambda target: raw.get(target)
    elif raw is not None and not whole(raw):
        problems.append(f"{where}: link_cost must be a whole number ≥ 0")
    elif raw is not None:
        return lambda target: int(raw)
    return lambda target: None


def _link_line(box: Place, other: Place) -> LineString | None:
    """A line to draw a box link along: the box's point to the other end's (a hex has
    none here, so its link is drawn by whoever knows the grid)."""
    ends = [p.geometry for p in (box, other)]
    if any(g is None or g.geom_type != "Point" for g in ends) or ends[0] == ends[1]:
        return None
    return LineString([point_of(box), point_of(other)])
