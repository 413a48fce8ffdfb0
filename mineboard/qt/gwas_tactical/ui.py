"""How a gwas-tactical view is drawn: ships in hex stacks, face-down counters (the owner
reads M or D, the enemy a back, a turned-up mine is red), and beside the map the viewing
side's logsheet with the strategic zone map."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from PySide6.QtCore import Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QGraphicsView, QLabel, QVBoxLayout, QWidget

from mineboard.core.words import count_of, possessive
from mineboard.qt.maps.area import AreaScene
from mineboard.qt.maps.hexes import HexScene
from mineboard.qt.maps.picture import BACK, CounterMark, Face, Picture, UnitMark
from mineboard.qt.maps.scene import MapScene
from mineboard.qt.plugin import RulesetUI, UnitRow, group_by, stacks
from mineboard.rules.gwas_tactical.checks import setup_shortfall
from mineboard.rules.gwas_tactical.state import (
    APPROACH,
    SETUP,
    Counter,
    GtState,
    Ship,
    boundary_name,
    ship_name,
)

ART = {"dreadnought": "battleship", "battlecruiser": "cruiser", "light_cruiser": "cruiser",
       "destroyer": "destroyer"}


class FitView(QGraphicsView):
    """A small view that always shows its whole scene (the strategic map in a dock)."""

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        self.fitInView(self.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
        scene = self.scene()
        if isinstance(scene, MapScene):  # its names and numbers keep their size on screen
            scene.set_view(self.transform().m11(), self.devicePixelRatioF())


class GwasTacticalUI(RulesetUI[GtState]):
    ruleset_id = "gwas-tactical"
    scene_class = HexScene
    colours: ClassVar[Mapping[str, str]] = {"German": "#5A5A5A", "British": "#E69F00"}
    help = (("Counter setup", "pick Mine or Dummy, click a highlighted hex to place it"),
            ("Click your ships", "pick them; click a hex to plan a move, again to move"),
            ("Approach", "pick the entering ships and roll for the boundary (GT-02)"))

    def picture(self, view: GtState) -> Picture:
        def stack_tip(label: str, side: str, ships: list[Ship]) -> str:
            return "\n".join(ship_name(view, s) + (f" — {s.damage}/{view.ship_type(s).hull} "
                                                   "damage" if s.damage else "") for s in ships)

        p = Picture(stacks=stacks(
            sorted(view.ships.values(), key=lambda s: s.id),
            lambda s: None if s.hex is None else (s.hex, s.side),
            lambda s: [UnitMark(s.id, self.art(s.type), view.ship_type(s).name, s.id)], stack_tip))
        for (label, owner), cs in group_by(view.counters, lambda c: (c.hex, c.owner)).items():
            known = [c for c in cs if c.known or c.face_up]
            tip = f"{owner}: {count_of(len(cs), 'counter')} in hex {label}"
            if known:
                tip += (f" — {count_of(sum(c.mine for c in known), 'mine')}, "
                        f"{count_of(sum(not c.mine for c in known), 'dummy')}")
            p.counters.append(CounterMark(view.board.ref(label), owner,
                                          tuple(_face(c) for c in cs), tip=tip))
        return p

    def art(self, unit_type: str) -> str:
        return ART.get(unit_type, unit_type)

    def unit_rows(self, view: GtState, units: list[str]) -> list[UnitRow]:
        rows = []
        for sid in units:
            ship = view.ships[sid]
            t = view.ship_type(ship)
            crossing = f" · crosses {boundary_name(view, ship.crossing)}" if ship.crossing \
                else ""
            rows.append(UnitRow(sid, f"{t.name} {sid} · speed {t.speed}{crossing}"))
        return rows

    def hint(self, view: GtState) -> str:
        if view.phase == SETUP:
            return ("Counter setup: choose Mine or Dummy below, then click a highlighted hex "
                    "to place a counter face-down.")
        if view.phase == APPROACH:
            return ("Approach: pick the ships entering across a boundary, then roll for it "
                    "(GT-02).")
        return (f"{view.phase_label}: click your ships to pick them, then a hex to plan a "
                "move and again to move; End phase when done.")

    def holdings(self, view: GtState, side: str) -> str:
        """The viewer's counter budget and what it has placed (GT-03, GT-04)."""
        log = view.logs[side]
        mines, dummies = view.placed(side)
        return (f"{side}: {count_of(log.budget, 'counter')}, at most "
                f"{count_of(log.max_mines, 'mine')} · placed {count_of(mines, 'mine')}, "
                f"{count_of(dummies, 'dummy')}")

    def heading(self, view: GtState, place: str) -> str:
        return f"{view.active} ships in hex {place}: tick them, then click a hex to move."

    def phase_detail(self, view: GtState) -> str:
        if view.phase == APPROACH:
            return " (boundary rolls, GT-02)"
        if view.phase == SETUP:
            log = view.logs[view.active]
            return (f": {count_of(log.budget, 'counter')}, at most "
                    f"{count_of(log.max_mines, 'mine')} (GT-03, GT-04)")
        return ""

    # ---- the logsheet and the strategic map, under the selection ---------------------------
    def panel(self, view: GtState) -> QWidget:
        panel = QWidget()
        layout = QVBoxLayout(panel)
        layout.setContentsMargins(8, 0, 8, 0)
        self.budget = QLabel("")
        self.budget.setWordWrap(True)
        layout.addWidget(self.budget)
        self.logsheet = QLabel("")
        self.logsheet.setWordWrap(True)
        layout.addWidget(self.logsheet)
        self.strategic = AreaScene(view.strategic, self.colour)
        self.strategic_view = FitView(self.strategic)
        self.strategic_view.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.strategic_view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.strategic_view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.strategic_view.setFixedHeight(170)
        self.strategic_view.setToolTip("The strategic map: the battle zone and its boundaries. "
                                       "Dark red: your minefields; glowing: boundaries with "
                                       "'Mine' logged.")
        layout.addWidget(self.strategic_view)
        return panel

    def refresh_panel(self, view: GtState, side: str) -> None:
        """The viewer's logsheet: its own minefields and logged 'Mine' only."""
        log = view.logs[side]
        fields, logged = set(log.minefields), log.open_logs()
        self.strategic.set_mined(fields)
        self.strategic.set_targets(view.strategic.ref(way) for way in logged)
        rows = [f"{possessive(side)} logsheet, zone {view.zone}:"]
        for seg in view.ring.segments.values():
            mark = ("minefield" if seg.boundary in fields else
                    f"'Mine' logged {count_of(logged[seg.boundary], 'turn')}"
                    if seg.boundary in logged
                    else "—")
            rows.append(f"{seg.name} ({seg.boundary}): {mark}")
        self.logsheet.setText("\n".join(rows))
        if view.phase != SETUP:
            self.budget.setText("")
            return
        mines, dummies = view.placed(side)
        problem = setup_shortfall(view, side)
        done = "ready: press End phase" if problem is None else f"not yet — {problem}"
        self.budget.setText(f"{side}: {count_of(log.budget, 'counter')} (4 × "
                            f"{count_of(len(log.minefields), 'minefield')} + "
                            f"{count_of(sum(log.open_logs().values()), 'logged turn')}); "
                            f"at most {count_of(log.max_mines, 'mine')}. Placed "
                            f"{count_of(mines, 'mine')}, {count_of(dummies, 'dummy')}. {done}")


def _face(c: Counter) -> Face:
    if c.face_up:
        return Face("M", up=True)
    if not c.known:
        return BACK
    return Face("M" if c.mine else "D")
