"""The board scene: the map's items built once, the state's items refreshed from a view.

The scene mirrors the model (Orange canvas style): it keeps maps from ids to items and is
told what to show; it never changes the game. Everything dynamic it draws comes from the
viewing side's view of the state, so hidden mines never reach a pixel of the wrong side.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QTransform
from PySide6.QtWidgets import QGraphicsItem
from shapely.ops import polylabel

from mineboard.core.places import PlaceRef
from mineboard.maps.model import LAND, NAVAL_LINE, SEA_ZONE, BoardMap
from mineboard.qt import palette
from mineboard.qt.geometry import line_path, polygon_path, to_scene
from mineboard.qt.items import (
    CapitalItem,
    LandItem,
    LineItem,
    MineMarkerItem,
    StackItem,
    ZoneItem,
    ZoneLabelItem,
)
from mineboard.qt.mapscene import MapScene
from mineboard.rules.naval_lines.state import NavalState


def _anchor(geom: Any, scale: float) -> QPointF:
    """Pole of inaccessibility: inside even a crescent-shaped zone, unlike the centroid."""
    biggest = max(getattr(geom, "geoms", [geom]), key=lambda g: g.area)
    point = polylabel(biggest, tolerance=scale * 0.002)
    return to_scene(point.x, point.y)


class BoardScene(MapScene):
    clicked = Signal(str, str, object)
    """(kind, id, button): kind is "zone", "land", "line" or "stack" (id "zone/nation")."""

    def __init__(self, board: BoardMap) -> None:
        super().__init__()
        self.board = board
        self.zones: dict[str, ZoneItem] = {}
        self.lands: dict[str, LandItem] = {}
        self.lines: dict[str, LineItem] = {}
        self.labels: dict[str, ZoneLabelItem] = {}
        self.capitals: dict[str, CapitalItem] = {}
        self.markers: dict[tuple[str, str], MineMarkerItem] = {}  # type: ignore[assignment]
        self._build()

    # ---- static map ------------------------------------------------------------------------
    def _build(self) -> None:
        minx, miny, maxx, maxy = self._bounds()
        scale = max(maxx - minx, maxy - miny)
        self.setBackgroundBrush(palette.SEA.darker(104))
        for i, place in enumerate(self.board.places_of(SEA_ZONE)):
            item = ZoneItem(place.id, polygon_path(place.geometry))
            item.setBrush(palette.SEA if i % 2 else palette.SEA_ALT)
            self.addItem(item)
            self.zones[place.id] = item
            self.anchors[place.id] = _anchor(place.geometry, scale)
            label = ZoneLabelItem(place.id, place.label)
            label.setPos(self.anchors[place.id])
            self.addItem(label)
            self.labels[place.id] = label
        for place in self.board.places_of(LAND):
            item = LandItem(place.id, polygon_path(place.geometry))
            self.addItem(item)
            self.lands[place.id] = item
            item.setToolTip(place.name)
            if "capital" in place.props:
                cap = CapitalItem(place.id, str(place.props["capital"]),
                                  int(place.props.get("industrial_capacity", 0)))
                xy = place.props.get("capital_xy")
                cap.setPos(to_scene(*xy) if xy else _anchor(place.geometry, scale))
                self.addItem(cap)
                self.capitals[place.id] = cap
        for way in self.board.ways_of(NAVAL_LINE):
            item = LineItem(way.id, line_path(way.geometry), grab_width=scale * 0.006)
            self.addItem(item)
            self.lines[way.id] = item
        margin = scale * 0.02
        self.setSceneRect(QRectF(minx - margin, -maxy - margin, maxx - minx + 2 * margin,
                                 maxy - miny + 2 * margin))

    def _bounds(self) -> tuple[float, float, float, float]:
        boxes = [p.geometry.bounds for p in self.board.places.values() if p.geometry is not None]
        return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes),
                max(b[3] for b in boxes))

    def line_midpoint(self, way_id: str) -> QPointF:
        geom = self.board.ways[way_id].geometry
        point = geom.interpolate(0.5, normalized=True)
        return to_scene(point.x, point.y)

    # ---- state -----------------------------------------------------------------------------
    def show_state(self, state: NavalState) -> None:
        """Redraw everything dynamic from ``state``, which must already be a side's view."""
        self.turn_order = state.turn_order
        for i, (zid, item) in enumerate(sorted(self.zones.items())):
            holder = state.control.get(zid)
            base = palette.SEA if i % 2 else palette.SEA_ALT
            item.setBrush(palette.mix(base, self.colour(holder), 0.10) if holder else
                          palette.SEA_NEUTRAL)
            item.setToolTip(self._zone_tip(state, zid))
            label = self.labels[zid]
            label.setToolTip(item.toolTip())
            label.ring = self.colour(holder) if holder else None
            label.update()
        for tid, item in self.lands.items():
            owner = state.territory_owner.get(tid)
            item.setBrush(palette.mix(palette.LAND, self.colour(owner), palette.LAND_OWNED_MIX)
                          if owner else palette.LAND)
            place = self.board.places[tid]
            item.setToolTip(f"{place.name}" + (f" — {owner}" if owner else " — neutral"))
            if tid in self.capitals:
                cap = self.capitals[tid]
                cap.owner_colour = self.colour(owner) if owner else QColor("#999999")
                cap.setToolTip(self._capital_tip(state, tid))
                cap.update()
        self._show_mines(state)
        self._show_stacks(state)

    def _show_mines(self, state: NavalState) -> None:
        totals: dict[tuple[str, str], int] = defaultdict(int)
        for f in state.minefields:
            if f.count:
                totals[(f.line, f.owner)] += f.count
        self.sync(self.markers, totals,
                  lambda key: MineMarkerItem(key[0], key[1], self.colour(key[1]), totals[key]))
        by_line: dict[str, list[str]] = defaultdict(list)
        for line, owner in sorted(totals):
            by_line[line].append(owner)
        for line, item in self.lines.items():
            item.set_state(mined=line in by_line)
            owners = by_line.get(line, [])
            tips = [f"Naval line {line}"] + [f"{o}: {totals[(line, o)]} mine(s)" for o in owners]
            item.setToolTip("\n".join(tips))
        for line, owners in by_line.items():
            mid = self.line_midpoint(line)
            for i, owner in enumerate(owners):
                key = (line, owner)
                marker = self.markers[key]
                marker.count = totals[key]
                marker.setPos(mid)
                marker.setTransform(QTransform.fromTranslate(0, i * 26 - (len(owners) - 1) * 13))
                marker.setToolTip(f"{owner}'s minefield on line {line}: {totals[key]} mine(s)")
                marker.update()

    def _show_stacks(self, state: NavalState) -> None:
        groups: dict[tuple[str, str], list[str]] = defaultdict(list)
        ids: dict[tuple[str, str], list[str]] = defaultdict(list)
        for unit in sorted(state.units.values(), key=lambda u: (-state.unit_type(u).cost, u.id)):
            groups[(unit.zone, unit.nation)].append(unit.type)
            ids[(unit.zone, unit.nation)].append(unit.id)
        self.sync(self.stacks, groups,
                  lambda key: StackItem(key[0], key[1], self.colour(key[1])))
        per_zone: dict[str, list[str]] = defaultdict(list)
        order = {n: i for i, n in enumerate(state.turn_order)}
        for zone, nation in sorted(groups, key=lambda k: (k[0], order.get(k[1], 99))):
            per_zone[zone].append(nation)
        for zone, nations in per_zone.items():
            for i, nation in enumerate(nations):
                key = (zone, nation)
                stack = self.stacks[key]
                chosen = sum(1 for u in ids[key] if u in self.selected)
                stack.set_units(groups[key][::-1], chosen)
                stack.setPos(self.anchors[zone])
                stack.setTransform(QTransform.fromTranslate(36 + i * 44, 0))
                stack.setToolTip(self._stack_tip(state, zone, nation))

    def _zone_tip(self, state: NavalState, zid: str) -> str:
        place = self.board.places[zid]
        holder = state.control.get(zid) or "nobody"
        lines = [f"Sea zone {zid} — {place.name}", f"Controlled by {holder}"]
        for n in self.board.neighbours(zid, NAVAL_LINE):
            way = self.board.way_between(zid, n)
            if way is None:
                continue
            fields = [f"{f.owner} {f.count}" for f in state.fields_on(way.id)]
            if fields:
                lines.append(f"Line {way.id}: " + ", ".join(fields) + " mine(s)")
        return "\n".join(lines)

    def _capital_tip(self, state: NavalState, tid: str) -> str:
        place = self.board.places[tid]
        text = [f"{place.props.get('capital')} — capital of {place.name}"]
        if place.props.get("industrial_capacity"):
            text.append(f"Industrial capacity {place.props['industrial_capacity']}")
        for nation, info in state.nations.items():
            if info.capital == tid and state.stored.get(nation):
                text.append(f"{state.stored[nation]} naval mine(s) stored (NL-04)")
        return "\n".join(text)

    def _stack_tip(self, state: NavalState, zone: str, nation: str) -> str:
        units = [u for u in state.units.values() if u.zone == zone and u.nation == nation]
        lines = [f"{nation} in sea zone {zone}"]
        for u in sorted(units, key=lambda u: u.id):
            t = state.unit_type(u)
            extra = f", {u.cargo} mine(s) aboard" if u.cargo else ""
            moved = f", moved {u.moved}/{t.move}" if u.moved else ""
            lines.append(f"• {t.name} ({u.id}){extra}{moved}")
        return "\n".join(lines)

    # ---- overlays driven by the controllers ------------------------------------------------
    def set_eligible_lines(self, lines: set[str]) -> None:
        for wid, item in self.lines.items():
            item.set_state(eligible=wid in lines)

    def flash(self, at: PlaceRef | None, on: bool) -> None:
        """Light up a line (a detonation, a log entry clicked); None clears all."""
        targets = list(self.lines) if at is None else [at.id]
        for way_id in targets:
            for (line, _owner), marker in self.markers.items():
                if line == way_id:
                    marker.flash = 1.0 if on else 0.0
                    marker.update()
            item = self.lines.get(way_id)
            if item is not None:
                item.hovered = on
                item.set_state()

    def point_of(self, at: PlaceRef) -> QPointF | None:
        if at.id in self.lines:
            return self.line_midpoint(at.id)
        if at.id in self.capitals:
            return self.capitals[at.id].pos()
        return self.anchors.get(at.id)

    def set_detail(self, zoom_of_fit: float) -> None:
        """Level of detail: far out, capital names and stacks' fans give way to the map."""
        far = zoom_of_fit < 0.8
        for cap in self.capitals.values():
            cap.setVisible(not far)
        for label in self.labels.values():
            label.setScale(0.8 if far else 1.0)

    # ---- hit testing -----------------------------------------------------------------------
    def hit(self, pos: QPointF, view_transform: QTransform) -> tuple[str, str] | None:
        """What a click at ``pos`` means: the top item that stands for a place or a line."""
        for item in self.items(pos, Qt.ItemSelectionMode.IntersectsItemShape,
                               Qt.SortOrder.DescendingOrder, view_transform):
            kind = getattr(item, "kind", None)
            if kind == "stack":
                assert isinstance(item, StackItem)
                return "stack", f"{item.zone}/{item.nation}"
            if kind == "line":
                return "line", item.way_id  # type: ignore[attr-defined]
            if kind in ("zone", "land"):
                return kind, item.place_id  # type: ignore[attr-defined]
        return None

    def items_for(self, kind: str, ident: str) -> list[QGraphicsItem]:
        if kind == "line":
            return [self.lines[ident]] if ident in self.lines else []
        if kind == "zone":
            return [self.zones[ident]] if ident in self.zones else []
        return []
