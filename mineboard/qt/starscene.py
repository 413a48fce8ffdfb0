"""The star map: a dark sky, systems as bright points with names, jump routes as thin lines,
fleets as counter stacks and minefields as small face-down counters."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping

from PySide6.QtCore import QPointF, QRectF, Qt, QVariantAnimation
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen, QTransform
from PySide6.QtWidgets import QGraphicsPathItem, QStyleOptionGraphicsItem, QWidget

from mineboard.core.places import PlaceRef
from mineboard.maps.model import ROUTE, SYSTEM, BoardMap
from mineboard.qt.geometry import to_scene
from mineboard.qt.items import LABEL_Z, LINE_Z, MARKER_Z, FixedSizeItem, StackItem
from mineboard.qt.mapscene import MapScene
from mineboard.rules.imperium_mines.state import Counter, ImperiumState

SKY = QColor("#0B1224")
ROUTE_INK = QColor("#5A6E96")
STAR = QColor("#FFF6D8")
SIDE_COLOURS = {"Imperial": "#E69F00", "Terran": "#56B4E9"}


class SystemItem(FixedSizeItem):
    kind = "system"
    FONT = QFont("DejaVu Sans", 9)

    def __init__(self, place_id: str, name: str) -> None:
        super().__init__(130, 40)
        self.place_id = place_id
        self.name = name
        self.lit = False
        self.setZValue(LABEL_Z)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addEllipse(QPointF(0, 0), 12, 12)
        return path

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        glow = QColor(STAR)
        for r, alpha in ((11, 40), (7, 90)):
            glow.setAlpha(alpha)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(glow)
            painter.drawEllipse(QPointF(0, 0), r, r)
        painter.setBrush(STAR)
        painter.drawEllipse(QPointF(0, 0), 4, 4)
        if self.lit:
            painter.setPen(QPen(QColor("#FF5A5F"), 3))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(QPointF(0, 0), 15, 15)
        painter.setFont(self.FONT)
        painter.setPen(QColor("#DCE6FF"))
        painter.drawText(QRectF(-65, 10, 130, 16), Qt.AlignmentFlag.AlignCenter, self.name)


class CounterStackItem(FixedSizeItem):
    """One side's minefield counters in a system: faces its owner knows, backs otherwise."""

    kind = "system"
    SIZE = 18
    FONT = QFont("DejaVu Sans", 8)
    FONT.setBold(True)

    def __init__(self, system: str, owner: str, colour: QColor) -> None:
        super().__init__(60, 26)
        self.place_id = system
        self.owner = owner
        self.colour = colour
        self.counters: list[Counter] = []
        self.revealed: list[str] | None = None  # faces shown during a minefield check
        self.flip = 1.0
        self.setZValue(MARKER_Z)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        # Real counters on top, so an owner sees a value on the stack, not a false one.
        ordered = sorted(self.counters, key=lambda c: (not c.false, c.value))
        faces = self.revealed if self.revealed is not None else [
            ("F" if c.false else str(c.value)) if c.known else "?" for c in ordered]
        painter.scale(max(0.05, abs(self.flip)), 1.0)
        for i, face in enumerate(faces[:4]):
            rect = QRectF(-28 + i * 6, -10 + i * -2, self.SIZE, self.SIZE)
            back = face == "?"
            painter.setPen(QPen(QColor("#222222"), 1))
            painter.setBrush(QColor("#9AA3B5") if back else self.colour)
            painter.drawRoundedRect(rect, 3, 3)
            if i == min(len(faces), 4) - 1:
                painter.setFont(self.FONT)
                painter.setPen(QColor("#111111"))
                painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, face)
        if len(faces) > 1:
            painter.setPen(QColor("#FFFFFF"))
            painter.drawText(QRectF(4, -12, 26, 16), Qt.AlignmentFlag.AlignLeft,
                             f"×{len(faces)}")


class StarScene(MapScene):
    art_prefix = "space-"

    def __init__(self, board: BoardMap) -> None:
        super().__init__()
        self.board = board
        self.systems: dict[str, SystemItem] = {}
        self.routes: dict[str, QGraphicsPathItem] = {}
        self.setBackgroundBrush(SKY)
        pen = QPen(ROUTE_INK, 1.4)
        pen.setCosmetic(True)
        for way in board.ways_of(ROUTE):
            path = QPainterPath(self._at(way.a))
            path.lineTo(self._at(way.b))
            item = QGraphicsPathItem(path)
            item.setPen(pen)
            item.setZValue(LINE_Z)
            self.addItem(item)
            self.routes[way.id] = item
        for place in board.places_of(SYSTEM):
            self.anchors[place.id] = self._at(place.id)
            item = SystemItem(place.id, place.name)
            item.setPos(self.anchors[place.id])
            self.addItem(item)
            self.systems[place.id] = item
        rect = self.itemsBoundingRect().adjusted(-60, -60, 60, 60)
        self.setSceneRect(rect)

    def _at(self, place_id: str) -> QPointF:
        geom = self.board.places[place_id].geometry
        assert geom is not None
        return to_scene(geom.x, geom.y)

    def colour(self, owner: str) -> QColor:
        return QColor(SIDE_COLOURS.get(owner, super().colour(owner).name()))

    def show_state(self, state: ImperiumState) -> None:
        self.turn_order = state.sides
        groups: dict[tuple[str, str], list[str]] = defaultdict(list)
        for fleet in sorted(state.fleets.values(), key=lambda f: f.id):
            for ship in fleet.ships:
                groups[(fleet.system, fleet.side)].append(ship.type)
        order = {s: i for i, s in enumerate(state.sides)}
        self.sync(self.stacks, groups, self._new_stack)
        for (system, side), types in groups.items():
            stack = self.stacks[(system, side)]
            chosen = sum(1 for f in state.fleets_at(system, side) if f.id in self.selected)
            stack.set_units(types, chosen)
            stack.setPos(self.anchors[system])
            stack.setTransform(QTransform.fromTranslate(-30 + 60 * order[side], -36))
            stack.setToolTip(self._fleet_tip(state, system, side))
        wanted = {(sys, owner): cs for sys, owners in state.minefields.items()
                  for owner, cs in owners.items() if cs}
        self.sync(self.markers, wanted,
                  lambda key: CounterStackItem(key[0], key[1], self.colour(key[1])))
        for (system, owner), counters in wanted.items():
            item = self.markers[(system, owner)]
            assert isinstance(item, CounterStackItem)
            item.counters = list(counters)
            item.revealed = None
            item.setPos(self.anchors[system])
            item.setTransform(QTransform.fromTranslate(-22 + 50 * order[owner], 40))
            known = [c for c in counters if c.known]
            tip = f"{owner}: {len(counters)} face-down minefield counter(s)"
            if known:
                real = sum(c.value for c in known if not c.false)
                falses = sum(1 for c in known if c.false)
                tip += f" — {real} mine point(s), {falses} false"
            item.setToolTip(tip)
            item.update()
        for sid, item in self.systems.items():
            item.setToolTip(self._system_tip(state, sid))

    def _new_stack(self, key: tuple[str, str]) -> StackItem:
        stack = StackItem(key[0], key[1], self.colour(key[1]))
        stack.art_prefix = self.art_prefix
        return stack

    def _fleet_tip(self, state: ImperiumState, system: str, side: str) -> str:
        lines = [f"{side} at {self.board.places[system].name}"]
        for fleet in state.fleets_at(system, side):
            ships = ", ".join(f"{state.ship_type(s).name}" + (f" ({s.hits} hit)" if s.hits
                                                              else "") for s in fleet.ships)
            lines.append(f"• {fleet.id}: {ships}")
        return "\n".join(lines)

    def _system_tip(self, state: ImperiumState, system: str) -> str:
        name = self.board.places[system].name
        home = [s for s, h in state.home.items() if h == system]
        return name + (f" — home of the {home[0]} fleet" if home else "")

    def reveal(self, at: PlaceRef, faces: Mapping[str, tuple[str, ...]], speed: str) -> None:
        """The minefield check turns the counters up (IM-15): flip them to their faces."""
        for owner, values in faces.items():
            item = self.markers.get((at.id, owner))
            if not isinstance(item, CounterStackItem):
                continue
            item.revealed = list(values)
            anim = QVariantAnimation(self)
            anim.setDuration(400)
            anim.setStartValue(-1.0)
            anim.setEndValue(1.0)
            anim.valueChanged.connect(lambda t, it=item: (setattr(it, "flip", float(t)),
                                                          it.update()))
            anim.start(QVariantAnimation.DeletionPolicy.DeleteWhenStopped)

    def flash(self, at: PlaceRef | None, on: bool) -> None:
        for sid, item in self.systems.items():
            lit = on and at is not None and sid == at.id
            if item.lit != lit:
                item.lit = lit
                item.update()

    def hit(self, pos: QPointF, view_transform: QTransform) -> tuple[str, str] | None:
        for item in self.items(pos, Qt.ItemSelectionMode.IntersectsItemShape,
                               Qt.SortOrder.DescendingOrder, view_transform):
            if isinstance(item, StackItem):
                return "stack", f"{item.zone}/{item.nation}"
            if isinstance(item, (SystemItem, CounterStackItem)):
                return "system", item.place_id
        return None
