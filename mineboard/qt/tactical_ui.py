"""gwas-tactical in the window: the tactical hex map with its shaded ring, the counter
palette for setup, ships moving hex by hex, counters flipping when entered."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt, QVariantAnimation
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen, QTransform
from PySide6.QtWidgets import (
    QGraphicsPathItem,
    QGraphicsView,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QRadioButton,
    QStyleOptionGraphicsItem,
    QVBoxLayout,
    QWidget,
)

from mineboard.core.chance import fraction_text
from mineboard.core.errors import IllegalAction
from mineboard.core.places import PlaceRef
from mineboard.maps.hexgrid import HexGrid
from mineboard.maps.model import HEXSIDE, BoardMap
from mineboard.qt.hexscene import HexGridItem
from mineboard.qt.interaction import Interaction, PlanningInteraction, RulesetUI
from mineboard.qt.items import LABEL_Z, LINE_Z, MARKER_Z, FixedSizeItem, StackItem
from mineboard.qt.mapscene import MapScene
from mineboard.qt.scene import BoardScene
from mineboard.rules.gwas_tactical.actions import CrossBoundary, MoveShips, PlaceCounter
from mineboard.rules.gwas_tactical.checks import setup_shortfall
from mineboard.rules.gwas_tactical.odds import modifier, result_distribution
from mineboard.rules.gwas_tactical.state import APPROACH, SETUP, Counter, GtState

ART = {"dreadnought": "battleship", "battlecruiser": "cruiser", "light_cruiser": "cruiser",
       "destroyer": "destroyer"}
SIDE_COLOURS = {"German": "#5A5A5A", "British": "#E69F00"}
RING = QColor("#1F4E79")


class CounterItem(FixedSizeItem):
    """One side's counters in a hex: M/D faces its owner knows, ? backs, red face-up mines."""

    kind = "hex"

    def __init__(self, label: str, owner: str, colour: QColor) -> None:
        super().__init__(44, 26)
        self.place_id = label
        self.owner = owner
        self.colour = colour
        self.counters: list[Counter] = []
        self.revealed: list[str] | None = None  # faces shown while counters turn up
        self.flip = 1.0
        self.setZValue(MARKER_Z)

    def faces(self) -> list[tuple[str, QColor]]:
        if self.revealed is not None:
            return [(f, QColor("#D0021B") if f == "M" else self.colour) for f in self.revealed]
        out = []
        for c in sorted(self.counters, key=lambda c: (c.face_up, c.mine)):
            if c.face_up:
                out.append(("M", QColor("#D0021B")))
            elif not c.known:
                out.append(("?", QColor("#9AA3B5")))
            else:
                out.append(("M" if c.mine else "D", self.colour))
        return out

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        faces = self.faces()
        painter.scale(max(0.05, abs(self.flip)), 1.0)
        painter.setFont(QFont("DejaVu Sans", 8, QFont.Weight.Bold))
        for i, (text, colour) in enumerate(faces[:4]):
            rect = QRectF(-16 + i * 4, -10 - i * 2, 18, 18)
            painter.setPen(QPen(QColor("#222222"), 1))
            painter.setBrush(colour)
            painter.drawRoundedRect(rect, 3, 3)
            if i == min(len(faces), 4) - 1:
                painter.setPen(QColor("#FFFFFF") if colour.lightness() < 140 else
                               QColor("#111111"))
                painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)
        if len(faces) > 1:
            painter.setPen(QColor("#111111"))
            painter.drawText(QRectF(8, -14, 24, 14), Qt.AlignmentFlag.AlignLeft,
                             f"×{len(faces)}")


class TacticalScene(MapScene):
    def __init__(self, board: BoardMap, state_ring: Any = None) -> None:
        super().__init__()
        self.board = board
        assert board.grid is not None  # the ruleset refuses maps without one
        self.grid: HexGrid = board.grid
        self.grid_item = HexGridItem(self.grid)
        self.grid_item.labels = True
        self.addItem(self.grid_item)
        for h in self.grid.hexes():
            x, y = self.grid.layout.to_pixel(h)
            self.anchors[self.grid.label(h)] = QPointF(x, y)
        self.ring_items: list[QGraphicsPathItem] = []
        self.highlight = QGraphicsPathItem()
        self.highlight.setBrush(QBrush(QColor(240, 228, 66, 90)))
        self.highlight.setPen(QPen(Qt.PenStyle.NoPen))
        self.highlight.setZValue(LINE_Z - 0.5)
        self.addItem(self.highlight)
        self.setSceneRect(self.grid_item.boundingRect().adjusted(-20, -20, 20, 20))
        self.setBackgroundBrush(QColor("#A9C7DC"))

    def draw_ring(self, state: GtState) -> None:
        """The shaded ring: a dark band along its hexsides, each side named."""
        if self.ring_items:
            return
        for seg in state.ring.segments.values():
            path = QPainterPath()
            for side in seg.hexsides:
                a, b = self.grid.layout.hexside_segment(side)
                path.moveTo(QPointF(*a))
                path.lineTo(QPointF(*b))
            item = QGraphicsPathItem(path)
            pen = QPen(RING, 7)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            item.setPen(pen)
            item.setOpacity(0.55)
            item.setZValue(LINE_Z)
            item.setToolTip(f"Shaded ring, {seg.name} side = boundary {seg.boundary}")
            self.addItem(item)
            self.ring_items.append(item)
            mid = seg.hexsides[len(seg.hexsides) // 2]
            x, y = self.grid.layout.to_pixel(mid.hex)
            label = RingLabel(f"{seg.name} ({seg.boundary})")
            label.setPos(x, y)
            self.addItem(label)

    def colour(self, owner: str) -> QColor:
        return QColor(SIDE_COLOURS.get(owner, super().colour(owner).name()))

    def show_state(self, state: GtState) -> None:
        self.turn_order = state.sides
        self.draw_ring(state)
        groups: dict[tuple[str, str], list[str]] = defaultdict(list)
        for ship in sorted(state.ships.values(), key=lambda s: s.id):
            if ship.hex is not None:
                groups[(ship.hex, ship.side)].append(ART.get(ship.type, ship.type))
        order = {s: i for i, s in enumerate(state.sides)}
        self.sync(self.stacks, groups, lambda key: StackItem(key[0], key[1],
                                                             self.colour(key[1])))
        for (label, side), types in groups.items():
            stack = self.stacks[(label, side)]
            chosen = sum(1 for s in state.ships_in(label) if s.id in self.selected)
            stack.set_units(types, chosen)
            stack.setPos(self.anchors[label])
            stack.setTransform(QTransform.fromTranslate(-4 + 14 * order[side], 0))
            stack.setToolTip("\n".join(
                f"{s.side} {state.ship_type(s).name} {s.id}"
                + (f" — {s.damage}/{state.ship_type(s).hull} damage" if s.damage else "")
                for s in state.ships_in(label)))
        wanted: dict[tuple[str, str], list[Counter]] = defaultdict(list)
        for c in state.counters:
            wanted[(c.hex, c.owner)].append(c)
        self.sync(self.markers, wanted,
                  lambda key: CounterItem(key[0], key[1], self.colour(key[1])))
        for (label, owner), counters in wanted.items():
            item = self.markers[(label, owner)]
            assert isinstance(item, CounterItem)
            item.counters = counters
            item.revealed = None
            item.setPos(self.anchors[label])
            item.setTransform(QTransform.fromTranslate(-10 + 20 * order[owner], 14))
            known = [c for c in counters if c.known or c.face_up]
            tip = f"{owner}: {len(counters)} counter(s) in hex {label}"
            if known:
                tip += (f" — {sum(c.mine for c in known)} mine(s), "
                        f"{sum(not c.mine for c in known)} dumm(ies)")
            item.setToolTip(tip)
            item.update()

    def art_for(self, unit_type: str) -> str:
        return ART.get(unit_type, unit_type)

    def reveal(self, at: PlaceRef, faces: Mapping[str, tuple[str, ...]], speed: str) -> None:
        """Counters entered turn over (GT-10): squash to the edge, show their faces."""
        for owner, shown in faces.items():
            item = self.markers.get((at.id, owner))
            if not isinstance(item, CounterItem) or speed == "off":
                continue
            anim = QVariantAnimation(self)
            anim.setDuration(500 if speed == "normal" else 200)
            anim.setStartValue(1.0)
            anim.setEndValue(-1.0)

            def step(t: object, item: CounterItem = item, shown: tuple[str, ...] = shown) -> None:
                value = float(t)  # type: ignore[arg-type]
                if value < 0:
                    item.revealed = list(shown)  # past the edge: the faces are up
                item.flip = value
                item.update()

            anim.valueChanged.connect(step)
            anim.finished.connect(lambda item=item: (setattr(item, "flip", 1.0), item.update()))
            anim.start(QVariantAnimation.DeletionPolicy.DeleteWhenStopped)

    def set_highlight(self, labels: set[str]) -> None:
        path = QPainterPath()
        corners = self.grid.layout.corner_offsets()
        for label in labels:
            c = self.anchors[label]
            path.addPolygon([QPointF(c.x() + dx, c.y() + dy) for dx, dy in corners])
            path.closeSubpath()
        self.highlight.setPath(path)

    def flash(self, at: PlaceRef | None, on: bool) -> None:
        self.set_highlight({at.id} if on and at is not None and at.id in self.anchors
                           else set())

    def hit(self, pos: QPointF, view_transform: QTransform) -> tuple[str, str] | None:
        for item in self.items(pos, Qt.ItemSelectionMode.IntersectsItemShape,
                               Qt.SortOrder.DescendingOrder, view_transform):
            if isinstance(item, StackItem):
                return "stack", f"{item.zone}/{item.nation}"
        h = self.grid.hex_at(pos.x(), pos.y())
        return ("hex", self.grid.label(h)) if h is not None else None


class RingLabel(FixedSizeItem):
    def __init__(self, text: str) -> None:
        super().__init__(150, 16)
        self.text = text
        self.setZValue(LABEL_Z)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setFont(QFont("DejaVu Sans", 8, QFont.Weight.Bold))
        painter.setPen(RING)
        painter.drawText(self._rect, Qt.AlignmentFlag.AlignCenter, self.text)


class FitView(QGraphicsView):
    """A small view that always shows its whole scene (the strategic map in a dock)."""

    def __init__(self, scene: BoardScene) -> None:
        super().__init__(scene)
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        self.fitInView(self.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)


class TacticalIdle(Interaction):
    def start(self) -> None:
        self.w.scene.selected = set()
        self.w.selection.show_units("", [], set())
        self.refresh()

    def refresh(self) -> None:
        state: GtState = self.w.session.view()
        if state.phase == SETUP and isinstance(self.w.ui, TacticalUI):
            self.w.scene.set_highlight(self.w.ui.legal_hexes(state))
        elif isinstance(self.w.scene, TacticalScene):
            self.w.scene.set_highlight(set())

    def click(self, kind: str, ident: str, button: Qt.MouseButton) -> None:
        state: GtState = self.w.session.view()
        if kind == "stack":
            label, side = ident.split("/")
            if state.phase != SETUP and side == state.active:
                self.w.set_interaction(SelectShips(self.w, label))
                return
            kind, ident = "hex", label
        if kind == "hex" and state.phase == SETUP:
            mine = self.w.ui.mine_radio.isChecked()
            if self.w.try_play(PlaceCounter(ident, mine), f"Place a counter in {ident}"):
                self.refresh()
        elif kind == "hex":
            self.w.say(f"Hex {ident}")


class SelectShips(PlanningInteraction):
    def __init__(self, window: Any, label: str) -> None:
        super().__init__(window)
        self.hex = label

    def ships(self) -> list[str]:
        state: GtState = self.w.session.view()
        return [s.id for s in state.ships_in(self.hex) if s.side == state.active]

    def chosen(self) -> list[str]:
        return [s for s in self.w.selection.chosen() if s in self.w.session.view().ships]

    def start(self) -> None:
        state: GtState = self.w.session.view()
        rows = [(sid, f"{state.ship_type(state.ships[sid]).name} {sid} · speed "
                      f"{state.ship_type(state.ships[sid]).speed}"
                      + (f" · crosses {state.ships[sid].crossing}" if state.ships[sid].crossing
                         else ""), False) for sid in self.ships()]
        self.w.selection.zone = self.hex
        self.w.selection.show_units(f"{state.active} ships in hex {self.hex}: tick them, then "
                                    "click a hex to move.", rows, set(self.ships()))
        self.refresh()

    def refresh(self) -> None:
        if not self.ships():
            self.w.set_interaction(TacticalIdle(self.w))
            return
        self.w.scene.selected = set(self.chosen())
        self.w.scene.show_state(self.w.session.view())

    def click(self, kind: str, ident: str, button: Qt.MouseButton) -> None:
        if kind == "stack":
            ident, kind = ident.split("/")[0], "hex"
        if kind != "hex" or ident == self.hex:
            return
        if self.planned is not None and ident == self.target:
            self.confirm()
            return
        self.target = ident
        state: GtState = self.w.session.view()
        path = self._path(state, ident)
        if not self.preview(MoveShips(tuple(self.chosen()), tuple(path))):
            return
        self.w.scene.set_path(path)
        self._odds(state, path)

    def _path(self, state: GtState, target: str) -> list[str]:
        found = state.board.shortest_path(self.hex, target, HEXSIDE)
        return found or [self.hex, target]

    def _odds(self, state: GtState, path: list[str]) -> None:
        for label in path[1:]:
            up = state.enemy_mines_up(label, state.active)
            down = [c for c in state.counters_in(label)
                    if c.owner != state.active and not c.face_up]
            if not up and not down:
                continue
            mines = len(up) or 1
            mod = modifier(mines, state.impulse, state.rules.plus_two)
            dist = {i: p for i, (_r, p) in enumerate(result_distribution(
                state.rules.table, mod).items())}
            names = list(result_distribution(state.rules.table, mod))
            known = f"{len(up)} face-up mine(s)" if up else \
                f"{len(down)} face-down counter(s) — if one is a mine"
            self.w.odds.show_distribution(
                f"Hex {label}, impulse {state.impulse}: {known}; modifier +{mod}", dist,
                label="{}", summary=" · ".join(f"{i}: {n}" for i, n in enumerate(names)))
            self.w.say(f"Moving through hex {label}: each ship rolls on the Minefield Table "
                       f"(GT-11); P(no effect) = {fraction_text(dist.get(0, 0))}. Click "
                       "again or press Enter.")
            return
        self.w.odds.clear()
        self.w.say("No enemy counters on the way. Click again or press Enter.")

    def describe(self, action: Any) -> str:
        return f"Move to {action.path[-1]}"

    def cross(self) -> None:
        ships = [s for s in self.chosen() if self.w.session.view().ships[s].crossing]
        if ships:
            self.w.try_play(CrossBoundary(tuple(ships)), "Cross the boundary")


class TacticalUI(RulesetUI):
    settles_battles = False  # gunnery is not modelled; only the mines are
    def make_scene(self, board: BoardMap) -> TacticalScene:
        return TacticalScene(board)

    def idle(self) -> Interaction:
        return TacticalIdle(self.w)

    def phase_text(self, state: GtState) -> str:
        if state.phase == APPROACH:
            return f"Turn {state.turn} · {state.active} · Approach (boundary rolls, GT-02)"
        if state.phase == SETUP:
            log = state.logs[state.active]
            return (f"Turn {state.turn} · {state.active} · Counter setup: {log.budget} "
                    f"counters, at most {log.max_mines} mines (GT-03, GT-04)")
        return f"Turn {state.turn} · {state.active} · Impulse {state.impulse}"

    def controls(self) -> QWidget:
        panel = QWidget()
        layout = QVBoxLayout(panel)
        layout.setContentsMargins(8, 0, 8, 0)
        row = QHBoxLayout()
        self.mine_radio = QRadioButton("Mine")
        self.dummy_radio = QRadioButton("Dummy")
        self.mine_radio.setChecked(True)
        for button in (self.mine_radio, self.dummy_radio):
            button.toggled.connect(lambda _v: self.w.interaction.refresh())
            row.addWidget(button)
        layout.addLayout(row)
        self.budget = QLabel("")
        self.budget.setWordWrap(True)
        layout.addWidget(self.budget)
        self.logsheet = QLabel("")
        self.logsheet.setWordWrap(True)
        layout.addWidget(self.logsheet)
        state: GtState = self.w.session.view()
        self.strategic = BoardScene(state.strategic)
        view = FitView(self.strategic)
        view.setFixedHeight(120)
        view.setToolTip("The strategic map: the battle zone and its boundaries. Thick red: "
                        "your minefields; glowing: boundaries with 'Mine' logged.")
        self.strategic_view = view
        layout.addWidget(view)
        self.cross_button = QPushButton("Roll for crossing the boundary (GT-02)")
        self.cross_button.clicked.connect(self._cross)
        layout.addWidget(self.cross_button)
        return panel

    def _cross(self) -> None:
        if isinstance(self.w.interaction, SelectShips):
            self.w.interaction.cross()
        else:
            self.w.say("Select the entering ships first: click them on the map.")

    def refresh_controls(self, state: GtState) -> None:
        self._show_logsheet(state)
        setup = state.phase == SETUP
        self.mine_radio.setEnabled(setup)
        self.dummy_radio.setEnabled(setup)
        self.cross_button.setEnabled(state.phase == APPROACH)
        if setup:
            log = state.logs[state.active]
            mines, dummies = state.placed(state.active)
            problem = setup_shortfall(state, state.active)
            done = "ready: press End phase" if problem is None else f"not yet — {problem}"
            self.budget.setText(f"{state.active}: {log.budget} counters (4 × "
                                f"{len(log.minefields)} minefield(s) + "
                                f"{sum(log.open_logs().values())} logged turn(s)); at most "
                                f"{log.max_mines} mines. Placed {mines} mine(s), {dummies} "
                                f"dumm(ies). {done}")
        else:
            self.budget.setText("")

    def _show_logsheet(self, state: GtState) -> None:
        """The viewing side's logsheet: its own minefields and logged 'Mine' only."""
        side = state.to_move
        log = state.logs.get(side)
        if log is None:
            return
        fields, logged = set(log.minefields), log.open_logs()
        for way_id, item in self.strategic.lines.items():
            item.set_state(mined=way_id in fields, eligible=way_id in logged)
        rows = [f"{side}'s logsheet, zone {state.zone}:"]
        for seg in state.ring.segments.values():
            mark = ("minefield" if seg.boundary in fields else
                    f"'Mine' logged {logged[seg.boundary]} turn(s)" if seg.boundary in logged
                    else "—")
            rows.append(f"{seg.name} ({seg.boundary}): {mark}")
        self.logsheet.setText("\n".join(rows))

    def legal_hexes(self, state: GtState) -> set[str]:
        mine = self.mine_radio.isChecked()
        out = set()
        for h in state.grid.hexes():
            label = state.grid.label(h)
            try:
                self.w.session.check(PlaceCounter(label, mine))
            except IllegalAction:
                continue
            out.add(label)
        return out
