"""What every map scene does, whatever the map: draw a picture, mark a route and targets,
flash a place, turn counters over, sink a unit, and say what a click at a point means.

The scene mirrors the model (Orange canvas style): one item per (place, owner) kept in a
dictionary and redrawn in place; it is told what to show and never changes the game.
Subclasses know their kind of map — where a place is, how its items look — and nothing of
any ruleset.

The view tells the scene its zoom (:meth:`MapScene.set_view`): screen items keep their size
on screen by it, and far out — places closer on screen than a stack is wide — stacks turn
to pips and markers shrink, so a crowded map stays readable and cheap to draw.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from itertools import pairwise
from typing import Any, ClassVar, TypeVar

import numpy as np
from PySide6.QtCore import QPointF, QRectF, Qt, QTimer, QVariantAnimation
from PySide6.QtGui import QColor, QPainterPath, QPainterPathStroker, QTransform
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPixmapItem,
    QGraphicsScene,
    QGraphicsSceneHelpEvent,
    QGraphicsView,
    QToolTip,
)

from mineboard.core.places import PlaceRef
from mineboard.maps.model import BoardMap
from mineboard.qt.art import counter_pixmap
from mineboard.qt.maps.items import (
    FLIPS,
    LABEL_Z,
    Flip,
    MarkerItem,
    Overlay,
    PathItem,
    ScreenItem,
    StackItem,
    TextItem,
    TextStyle,
)
from mineboard.qt.maps.picture import Face, Picture

T = TypeVar("T")
_SHAPE = Qt.ItemSelectionMode.IntersectsItemShape
_TOP_FIRST = Qt.SortOrder.DescendingOrder
Colours = Callable[[str], QColor]
"""Owner → colour, from the ruleset's palette."""
FAR_PIXELS = 30.0
"""Places closer than this on screen (about a counter's width): stacks are pips, markers
compact."""
CAPTION_PIXELS = 80.0
"""Places closer than this on screen (a stack with its caption): stacks are counters with
their silhouettes only, so that crowded places do not bury each other's numbers."""
TINY_PIXELS = 26.0
"""Places closer than this on screen (a zone number's height): numbers are not drawn."""


CALLOUT = TextStyle(10, "#1B2430", heavy=True, pill=True)
CALLOUT_Z = 9.0
MAX_CLEARED_STACKS = 120
"""Stacks placed clear of labels one by one (a North Sea game has a few dozen); past this
they keep their offsets, as arranging them would cost frames after every action."""

NUDGE = 12.0
NUDGES = [(0.0, 0.0)] + [(r * dx, r * dy) for r in (NUDGE, 2 * NUDGE, 3 * NUDGE)
                        for dx, dy in ((0, 1), (0, -1), (1, 0), (-1, 0),
                                       (1, 1), (-1, 1), (1, -1), (-1, -1))]
"""Screen pixels a marker may move from its offset to leave something readable,
nearest first."""


class Clearance:
    """Places markers (or stacks) one after the other where they cover neither the map's
    names and numbers, the planned route, stacks, nor one another: each takes the nearest
    nudge of its offset that is clear, else its offset. Far out it only sets the offsets.
    ``stacks``: whether the stacks drawn are obstacles (for markers; stacks being placed
    are not, as they are about to move)."""

    def __init__(self, scene: MapScene, route: list[QRectF], stacks: bool = True) -> None:
        self.scene = scene
        self.taken: list[QRectF] = list(route)
        self.stacks = stacks

    def hold(self, item: ScreenItem, anchor: QPointF) -> None:
        """``item`` keeps its shift; what is placed after goes round it."""
        unit = 1 / self.scene.view_scale
        box = item.boundingRect()
        shift = item.transform()
        self.taken.append(QRectF(anchor + (box.topLeft() + QPointF(shift.dx(), shift.dy()))
                                 * unit, box.size() * unit))

    def settle(self, item: ScreenItem, anchor: QPointF, offset: QPointF,
               place: str | None = None, spots: tuple[QPointF, ...] = ()) -> None:
        """Near ``offset`` (or the other ``spots``), the nearest spot that covers nothing;
        else, in this order, one that covers no item placed before it, one within ``place``
        (a stack stays in its own sea zone — off the coast and the next zone — or moves at
        most a nudge out of it), and the one that covers least. Every spot's cover is
        measured at once against what any of them could meet; whether a spot is within
        its place (a dearer question) is asked only of the spots that could win."""
        if self.scene.far:
            item.set_shift(offset)
            return
        unit = 1 / self.scene.view_scale
        box = item.boundingRect()
        shifts = [base + QPointF(dx, dy) for base in (offset, *spots) for dx, dy in NUDGES]
        near_offset = [i < len(NUDGES) and max(abs(NUDGES[i][0]), abs(NUDGES[i][1])) <= NUDGE
                       for i in range(len(shifts))]
        rects = [QRectF(anchor + (box.topLeft() + shift) * unit, box.size() * unit)
                 .adjusted(-unit, -unit, unit, unit) for shift in shifts]
        region = rects[0]
        for rect in rects[1:]:
            region = region.united(rect)
        over_items = _cover(rects, self.taken)
        covered = over_items + _cover(rects, self.scene.labels_near(region, self.stacks))
        best: tuple[tuple[bool, bool, float, int], int] | None = None
        for i in sorted(range(len(shifts)), key=lambda i: (over_items[i] > 0, covered[i], i)):
            if best is not None and (over_items[i] > 0) > best[0][0]:
                break  # no spot left can win
            outside = place is not None and not self.scene.holds(place,
                                                                 anchor + shifts[i] * unit)
            if outside and not near_offset[i]:
                continue  # out of its place and far from where it belongs
            score = (bool(over_items[i] > 0), outside, float(covered[i]), i)
            if best is None or score < best[0]:
                best = (score, i)
            if not outside:
                break  # the least covered spot within its place
        chosen = best[1] if best is not None else 0
        item.set_shift(shifts[chosen])
        self.taken.append(rects[chosen].adjusted(unit, unit, -unit, -unit))


def _cover(rects: list[QRectF], others: list[QRectF]) -> Any:
    """For each of ``rects``, the area it shares with ``others`` (numpy, all at once)."""
    if not others:
        return np.zeros(len(rects))
    a = np.array([(r.left(), r.top(), r.right(), r.bottom()) for r in rects])
    b = np.array([(r.left(), r.top(), r.right(), r.bottom()) for r in others])
    w = np.minimum(a[:, None, 2], b[None, :, 2]) - np.maximum(a[:, None, 0], b[None, :, 0])
    h = np.minimum(a[:, None, 3], b[None, :, 3]) - np.maximum(a[:, None, 1], b[None, :, 1])
    return (np.clip(w, 0, None) * np.clip(h, 0, None)).sum(axis=1)


@dataclass(frozen=True)
class Hit:
    """What a click at a point means: a place or way, the owner whose stack was hit, and
    the unit of an opened stack."""

    at: PlaceRef
    owner: str | None = None
    unit: str | None = None
    beneath: PlaceRef | None = None
    """For a way (a line) hit near it: the place under the click — what the player may
    have meant, where nothing can be done on the way."""


class MapScene(QGraphicsScene):
    map_kind: ClassVar[str] = ""
    caption_pixels: ClassVar[float] = CAPTION_PIXELS
    """Places closer than this on screen: stacks drop the names written under them."""
    stacks_keep_clear: ClassVar[bool] = False
    """Whether stacks move off the map's names and numbers (area and star maps, where
    they sit beside their place; on a hex map a stack is in its own hex)."""

    def __init__(self, board: BoardMap, colours: Colours) -> None:
        super().__init__()
        self.board = board
        self.colours = colours
        self.anchors: dict[str, QPointF] = {}
        self.stacks: dict[tuple[str, str], StackItem] = {}
        self.markers: dict[tuple[str, str], MarkerItem] = {}
        self.selected: set[str] = set()
        self.callouts: dict[str, TextItem] = {}
        self.carried: StackItem | None = None
        """A stack being dragged to where it moves: drawn under the mouse, never hit."""
        self.picture = Picture()
        self._animations: set[QVariantAnimation] = set()
        """Counters turning over and lost units sinking, while they play (see settle)."""
        self.spacing = 1.0
        self.threat_tips: dict[str, str] = {}
        """Place id → the threat map's figures there, added to its tooltip (qt/threat_view)."""
        self.advice_tips: dict[str, str] = {}
        """Place id → the advisor's suggestions there, added to its tooltip (qt/advice_view)."""
        """How far apart places typically are, in scene units (subclasses measure it)."""
        self.view_scale, self.ratio, self.far, self.tiny = 1.0, 1.0, False, False
        self._screen_items: set[ScreenItem] = set()
        self._keep: set[tuple[str, str]] = set()
        self._placed_at = 0.0
        """The zoom the stacks were last placed at: kept spots hold only at that zoom."""
        self._overlays: set[Overlay] = set()
        self.captions = True
        self._arranged_at = 1.0
        self._rearrange = QTimer(self)
        self._rearrange.setSingleShot(True)
        self._rearrange.setInterval(120)
        self._rearrange.timeout.connect(
            self._arrange if self.stacks_keep_clear else self._arrange_markers)
        self.path_item = PathItem()
        self.addItem(self.path_item)

    # ---- items and the view's zoom -------------------------------------------------------
    def addItem(self, item: QGraphicsItem) -> None:
        super().addItem(item)
        if isinstance(item, Overlay):
            self._overlays.add(item)
            item.at_scale(self.view_scale)
        if isinstance(item, ScreenItem):
            self._screen_items.add(item)
            item.setScale(1 / self.view_scale)
            item.restyle(self.ratio, self.far)

    def removeItem(self, item: QGraphicsItem) -> None:
        super().removeItem(item)
        if isinstance(item, Overlay):
            self._overlays.discard(item)
        if isinstance(item, ScreenItem):
            self._screen_items.discard(item)

    def set_view(self, scale: float, ratio: float = 1.0, settle: bool = False) -> None:
        """The view shows ``scale`` screen pixels per scene unit on a screen of device pixel
        ratio ``ratio``: screen items keep their size, and the level of detail follows.
        ``settle``: place stacks and markers clear of labels now (the map was fitted),
        rather than once the wheel rests."""
        pixels = self.spacing * scale
        detail = (pixels < FAR_PIXELS, pixels < TINY_PIXELS)
        moved = detail != (self.far, self.tiny)
        self._caption(pixels >= self.caption_pixels)
        restyle = moved or ratio != self.ratio
        self.view_scale, self.ratio = scale, ratio
        self.far, self.tiny = detail
        inverse = 1 / scale
        for item in self._screen_items:  # thousands of stacks: the loop is kept bare
            item.setScale(inverse)
        for overlay in self._overlays:
            overlay.at_scale(scale)
        if restyle:
            for item in self._screen_items:
                item.restyle(ratio, self.far)
        if moved or settle:
            self._arrange()
        elif not self.far and not 0.8 < scale / self._arranged_at < 1.25:
            # the labels around markers come nearer or go apart: once the wheel rests,
            # so that a zoom step on a map of a thousand minefields stays one frame
            self._rearrange.start()
        self.show_detail()

    def _caption(self, captions: bool) -> None:
        if captions != self.captions:
            self.captions = captions
            for item in self.stacks.values():
                item.captioned = captions
                item.refresh()

    def show_detail(self) -> None:
        """What a map shows or hides at the level of detail in ``far`` and ``tiny``."""

    # ---- the picture -------------------------------------------------------------------
    def show(self, picture: Picture) -> None:
        """Redraw everything dynamic from ``picture`` (made from a side's view)."""
        self.picture = picture
        stacks = {(s.place, s.owner): s for s in picture.stacks if s.place in self.anchors}
        before = {key: item.units for key, item in self.stacks.items()}
        self._sync(self.stacks, stacks, self._stack_item)
        for key in sorted(stacks):
            mark, item = stacks[key], self.stacks[key]
            item.set_units(mark.units, frozenset(self.selected))
            item.setPos(self.anchors[mark.place])
            item.setToolTip(mark.tip)
        # Stacks stay where they were unless their own units changed: buying mines had
        # moved the German stack onto zone 123's number and the British one over London.
        self._keep = {key for key, mark in stacks.items() if before.get(key) == mark.units}
        counters = {(c.at.id, c.owner): c for c in picture.counters}
        self._sync(self.markers, counters,
                   lambda key: MarkerItem(counters[key].at, key[1], self.colours(key[1])))
        for key, cmark in counters.items():
            marker = self.markers[key]
            marker.faces, marker.count, marker.revealed = cmark.faces, cmark.count, None
            marker.setToolTip(cmark.tip)
            marker.refresh()
        self._arrange(keep=self._keep)
        self.show_places(picture)

    def _stack_item(self, key: tuple[str, str]) -> StackItem:
        item = StackItem(key[0], key[1], self.colours(key[1]))
        item.captioned = self.captions
        return item

    def _arrange(self, keep: set[tuple[str, str]] | None = None) -> None:
        """Where each stack and marker sits beside its place, owners in turn order; the
        offsets may change with the level of detail. Near enough to read, stacks of area
        and star maps keep clear of names and numbers, as markers do (a few hundred at
        most: on a larger map they keep their offsets, which the far view draws anyway).

        ``keep``: stacks that stay where they were placed last (at this zoom), and that
        the others are placed around; None places all afresh (the zoom changed). The
        order is the places' and owners', never the order items were made in, so the same
        game is drawn the same way every time."""
        order = {o: i for i, o in enumerate(self.picture.owners)}
        per_place: dict[str, int] = {}
        clear = Clearance(self, [], stacks=False) if (
            self.stacks_keep_clear and not self.far
            and len(self.stacks) <= MAX_CLEARED_STACKS) else None
        kept = keep if keep is not None and self._placed_at == self.view_scale else set()
        todo: list[tuple[StackItem, str, QPointF, tuple[QPointF, ...]]] = []
        for (place, owner), item in sorted(self.stacks.items(),
                                           key=lambda kv: (kv[0][0], order.get(kv[0][1], 99),
                                                           kv[0][1])):
            index = per_place.get(place, 0)
            per_place[place] = index + 1
            offset = self.stack_offset(index, order.get(owner, 0))
            if clear is None or item is self.carried:
                item.set_shift(offset)
            elif (place, owner) in kept:
                clear.hold(item, self.anchors[place])  # where it was: the others go round
            else:
                todo.append((item, place, offset, self.stack_spots(index,
                                                                   order.get(owner, 0))))
        for item, place, offset, spots in todo:
            assert clear is not None
            clear.settle(item, self.anchors[place], offset, place, spots)
        self._placed_at = self.view_scale
        self._arrange_markers()

    def _arrange_markers(self) -> None:
        """Markers at their offsets, nudged off labels, stacks, the planned route and each
        other when near enough to read them. Only markers move: they are few, so this runs
        again at every few zoom steps and route change without costing a frame."""
        self._arranged_at = self.view_scale
        order = {o: i for i, o in enumerate(self.picture.owners)}
        clear = Clearance(self, [] if self.far else self._route_rects())
        totals: dict[str, int] = {}
        for at, _owner in self.markers:
            totals[at] = totals.get(at, 0) + 1
        per_at: dict[str, int] = {}
        for (at, owner), marker in sorted(self.markers.items(),
                                          key=lambda kv: (kv[0][0], order.get(kv[0][1], 99))):
            index = per_at.get(at, 0)
            per_at[at] = index + 1
            base = self.marker_anchor(marker.at)
            if base is None:
                continue
            marker.setPos(base)
            clear.settle(marker, base, self.marker_offset(marker.at, index, totals[at],
                                                          order.get(owner, 0)))

    def labels_near(self, rect: QRectF, stacks: bool = True) -> list[QRectF]:
        """The scene rectangles of the map's own names and signs near ``rect`` (at the
        view's zoom), and of the stacks if ``stacks``, that markers must leave readable;
        maps add what their layers draw."""
        found = [item.sceneBoundingRect() for item in self.items(rect)
                 if (stacks and isinstance(item, StackItem) and item is not self.carried)
                 or (isinstance(item, ScreenItem) and not isinstance(item, StackItem)
                     and item.zValue() == LABEL_Z and item.isVisible())]
        # in one order whatever order the scene keeps its items in: the areas covered are
        # summed, and a sum's last digits (which break ties) follow the order
        return sorted(found, key=lambda r: (r.x(), r.y(), r.width(), r.height()))

    def _route_rects(self) -> list[QRectF]:
        """The planned route as thin boxes, one per leg: what a marker must not cover."""
        path = self.path_item.path()
        grow = 3 / self.view_scale
        points = [path.elementAt(i) for i in range(path.elementCount())]
        rects = []
        for a, b in pairwise(points):
            for t in (i / 8 for i in range(9)):  # a leg as a chain of small boxes
                x, y = a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t
                rects.append(QRectF(x - grow, y - grow, 2 * grow, 2 * grow))
        return rects

    def show_places(self, picture: Picture) -> None:
        """Tints and tooltips of the map's own items (holders, marked ways)."""

    def stack_spots(self, index: int, order: int) -> tuple[QPointF, ...]:
        """Other places than :meth:`stack_offset` a stack may take to keep clear of labels."""
        return ()

    def holds(self, place: str, point: QPointF) -> bool:
        """Whether a stack drawn at ``point`` still reads as being at ``place``."""
        return True

    def stack_offset(self, index: int, order: int) -> QPointF:
        """Where the ``index``-th stack at a place sits, from the place's anchor."""
        return QPointF(0, 0)

    def marker_anchor(self, at: PlaceRef) -> QPointF | None:
        return self.anchors.get(at.id)

    def marker_offset(self, at: PlaceRef, index: int, count: int, order: int) -> QPointF:
        """Where the ``index``-th of ``count`` owners' markers at ``at`` sits."""
        return QPointF(0, 0)

    def _sync(self, store: dict[Any, T], keys: Iterable[Any],
              make: Callable[[Any], T]) -> None:
        """Make ``store`` hold an item for exactly ``keys``: drop the stale, add the new."""
        wanted = set(keys)
        for key in [k for k in store if k not in wanted]:
            self.removeItem(store.pop(key))  # type: ignore[arg-type]
        for key in sorted(wanted, key=str):  # items made in one order, whatever the hashes
            if key not in store:
                store[key] = make(key)
                self.addItem(store[key])  # type: ignore[arg-type]

    def set_selected(self, units: set[str]) -> None:
        self.selected = set(units)
        for item in self.stacks.values():
            item.set_units(item.units, frozenset(self.selected))

    def carry(self, key: tuple[str, str] | None, pos: QPointF | None = None) -> None:
        """Draw the stack at (place, owner) under the mouse at ``pos`` while the player drags
        it; None puts back the stack that was carried."""
        item = self.stacks.get(key) if key is not None else None
        if item is None or pos is None:
            if self.carried is not None:
                back = (self.carried.place, self.carried.owner)
                self.carried.setPos(self.anchors[self.carried.place])
                self.carried = None
                self._arrange(keep=set(self.stacks) - {back})  # the others stay put
            return
        self.carried = item
        item.setPos(pos)
        item.set_shift(QPointF(0, 0))

    def open_stack(self, key: tuple[str, str] | None) -> None:
        """Open the stack at (place, owner) to show every unit (None: close them all)."""
        for k, item in self.stacks.items():
            if item.opened != (k == key):
                item.set_open(k == key, self._open_way(item) if k == key else (False, False))

    def _open_way(self, item: StackItem) -> Flip:
        """The way an opened stack spreads: the first that covers none of the places lit as
        targets or the route (the lines an Escort may mine had been under its units), else
        the one that covers fewest."""
        if not self.keep_clear():
            return (False, False)
        stroker = QPainterPathStroker()  # a line's own pixels, not the area it would close
        stroker.setWidth(4 / self.view_scale)
        keep = [stroker.createStroke(path) for path in self.keep_clear()]

        def covered(flip: Flip) -> int:
            rect = item.open_rect(flip)
            return sum(1 for path in keep if path.intersects(rect))

        return min(FLIPS, key=lambda flip: (covered(flip), FLIPS.index(flip)))

    def keep_clear(self) -> list[QPainterPath]:
        """What an opened stack should not cover: the planned route, and what maps light up
        as targets."""
        route = self.path_item.path()
        if route.isEmpty():
            return []
        end = route.currentPosition()  # where the move goes: its number and its odds' place
        reach = 24 / self.view_scale
        goal = QPainterPath()
        goal.addEllipse(end, reach, reach)
        return [route, goal]

    def _reopen(self) -> None:
        """Targets or the route changed: the opened stack turns off them if it can."""
        for item in self.stacks.values():
            if item.opened:
                flip = self._open_way(item)
                if flip != item.flip:
                    item.set_open(True, flip)

    # ---- overlays driven by the interactions --------------------------------------------
    def set_path(self, places: Iterable[str]) -> None:
        path = QPainterPath()
        for i, place in enumerate(p for p in places if p in self.anchors):
            point = self.anchors[place]
            if i == 0:
                path.moveTo(point)
            else:
                path.lineTo(point)
        self.path_item.setPath(path)
        self._reopen()
        if not self.far:
            self._arrange_markers()

    def set_targets(self, targets: Iterable[PlaceRef]) -> None:
        """Light up where a click would be legal (lines to mine, hexes to place on)."""

    def flash(self, at: PlaceRef | None, on: bool) -> None:
        """Light up ``at`` (a die that hit there, a log entry clicked); None clears all."""

    def point_out(self, at: PlaceRef | None, on: bool) -> None:
        """Light up ``at`` and write its name by it ("hex 0712", "line 110|112") while it is
        pointed at: the log names places a map too far out cannot number. None: clear."""
        self.flash(at, on)
        for key in [k for k in self.callouts if at is None or k == at.id]:
            self.removeItem(self.callouts.pop(key))
        point = self.point_of(at) if at is not None and on else None
        if at is None or point is None:
            return
        callout = TextItem(at.name, CALLOUT, z=CALLOUT_Z)
        callout.setPos(point)
        callout.set_shift(QPointF(0, -32))
        self.addItem(callout)
        self.callouts[at.id] = callout

    def colour(self, owner: str) -> QColor:
        return self.colours(owner)

    def place_shape(self, place_id: str) -> tuple[QPainterPath, bool] | None:
        """The outline a shading of ``place_id`` fills (the threat map), and whether it is
        a line to stroke rather than an area to fill. By default a disc at its anchor;
        maps whose places have shapes of their own say so."""
        centre = self.anchors.get(place_id)
        if centre is None:
            return None
        path = QPainterPath()
        r = 0.45 * self.spacing
        path.addEllipse(centre, r, r)
        return path, False

    def point_of(self, at: PlaceRef) -> QPointF | None:
        """Where on the scene ``at`` is drawn (None: not on this map)."""
        return self.anchors.get(at.id)

    def hit(self, pos: QPointF, view_transform: QTransform, ways: bool = True) -> Hit | None:
        """What a click at ``pos`` means: the topmost stack, marker or place item there,
        else the map's own place under it. ``ways``: a way (a line) may be the answer;
        without, the place under it is (where a dragged stack is let go)."""
        for item in self.items(pos, _SHAPE, _TOP_FIRST, view_transform):
            found = self.hit_item(item, pos)
            if found is not None and (ways or found.at.id in self.board.places):
                return found  # a stack or a marker: aimed at
        found = self.hit_background(pos, ways)
        if found is None or found.at.id in self.board.places:
            return found
        under = self.hit_background(pos, ways=False)  # a line near the click: and beneath?
        return replace(found, beneath=under.at) if under is not None else found

    def place_tip(self, place_id: str) -> str:
        """What the map itself says of a place under the mouse (a hex's terrain), after
        the ruleset's tip; "" for nothing."""
        return ""

    def hover(self, pos: QPointF | None) -> None:
        """The mouse is over ``pos`` (None: it left the map); maps may light up a way."""

    def helpEvent(self, event: QGraphicsSceneHelpEvent) -> None:
        """Tooltips: an item's own, else the tip of the map's place under the mouse (places
        drawn by the map's art are no items of their own)."""
        widget = event.widget()
        view = widget.parentWidget() if widget is not None else None
        transform = view.viewportTransform() if isinstance(view, QGraphicsView) else QTransform()
        for item in self.items(event.scenePos(), _SHAPE, _TOP_FIRST, transform):
            if item.toolTip():
                QToolTip.showText(event.screenPos(), item.toolTip(), widget)
                event.setAccepted(True)
                return
        hit = self.hit_background(event.scenePos())
        tips = (self.picture.tips.get(hit.at.id, ""), self.place_tip(hit.at.id),
                self.threat_tips.get(hit.at.id, ""),
                self.advice_tips.get(hit.at.id, "")) if hit else ()
        text = "\n".join(t for t in tips if t)
        if text:
            QToolTip.showText(event.screenPos(), text, widget)
        else:
            QToolTip.hideText()
        event.setAccepted(bool(text))

    def hit_item(self, item: QGraphicsItem, pos: QPointF | None = None) -> Hit | None:
        """What ``item`` means under a click at ``pos`` (a unit of an opened stack)."""
        if isinstance(item, StackItem):
            if item is self.carried:
                return None  # a stack being dragged: the click means what lies beneath
            unit = item.unit_at(pos) if pos is not None else None
            if item.opened and unit is None:
                return None  # the frame between its units: what lies beneath is clickable
            return Hit(self.board.ref(item.place), item.owner, unit)
        if isinstance(item, MarkerItem):
            return Hit(item.at)
        return None

    def hit_background(self, pos: QPointF, ways: bool = True) -> Hit | None:
        return None

    # ---- animations (pictures only: they never touch the game) --------------------------
    def reveal(self, at: PlaceRef, faces: Mapping[str, tuple[str, ...]], speed: str) -> None:
        """Counters at ``at`` turn over to their faces: squash to the edge, show them."""
        for owner, shown in faces.items():
            item = self.markers.get((at.id, owner))
            if item is None:
                continue
            up = tuple(Face(text, up=True) for text in shown)
            if speed == "off":
                item.revealed = up
                item.refresh()
                continue

            def step(t: float, item: MarkerItem = item, up: tuple[Face, ...] = up) -> None:
                if t < 0:
                    item.revealed = up  # past the edge: the faces are up
                    item.refresh()
                item.set_squeeze(t)

            self._animate(500 if speed == "normal" else 200, 1.0, -1.0, step,
                          functools.partial(step, 1.0))

    def sink(self, at: PlaceRef, art: str, owner: str, speed: str) -> None:
        """A lost unit slides down and fades where it was lost."""
        point = self.point_of(at)
        if speed == "off" or point is None:
            return
        pixmap = counter_pixmap(art, self.colour(owner).name(), "", StackItem.SIZE)
        ghost = QGraphicsPixmapItem(pixmap)
        ghost.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        ghost.setOffset(-StackItem.SIZE / 2, -StackItem.SIZE / 2)
        ghost.setPos(point)
        ghost.setZValue(10)
        self.addItem(ghost)

        def step(t: float) -> None:
            ghost.setOpacity(1.0 - t)
            ghost.setTransform(QTransform.fromTranslate(0, 24 * t))

        self._animate(900 if speed == "normal" else 350, 0.0, 1.0, step,
                      lambda: self.removeItem(ghost))

    def _animate(self, ms: int, start: float, end: float, step: Callable[[float], None],
                 done: Callable[[], None]) -> None:
        anim = QVariantAnimation(self)
        anim.setDuration(ms)
        anim.setStartValue(start)
        anim.setEndValue(end)
        anim.valueChanged.connect(lambda t: step(float(t)))
        self._animations.add(anim)

        def finished() -> None:
            self._animations.discard(anim)
            done()

        anim.finished.connect(finished)
        anim.start(QVariantAnimation.DeletionPolicy.DeleteWhenStopped)

    def settle(self) -> None:
        """Play every animation to its end now. Called before the scene is put away: an
        animation still running when the scene is destroyed stops inside the scene's
        destructor and calls back into half a scene, which crashed the program."""
        for anim in list(self._animations):
            anim.setCurrentTime(anim.duration())  # its end: finished() runs as usual
        self._animations.clear()
