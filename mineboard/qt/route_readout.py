"""The route under the pointer, as the ruleset reports it (``Ruleset.route_report``): drawn
on the map and read out in the status bar while units are picked.

On the map: the part of the route the rules allow as a solid line, the rest — past where
it stops being legal — in red dashes with a cross on the first place it may not enter, a
green ring round each port touched, and a pill at the place pointed at with the length as
the rules count it ("14 hexes (of 20)") and the clause that stops it ("· stops: AW-80"). The
status bar says it all in words (:meth:`RouteReport.text`), and so does the pill's tooltip.

The ruleset is asked once per place the pointer enters (the view says when), and its
answers are kept for as long as the game does not change — the observation the game hands
out is the same object until then — so passing back over a place asks nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QPainterPath

from mineboard.core.places import PlaceRef
from mineboard.core.planning import Selection
from mineboard.core.routes import RouteReport
from mineboard.qt.maps.items import PATH_Z, Overlay, TextItem, TextStyle, cosmetic

if TYPE_CHECKING:  # the interactions import this module
    from mineboard.qt.interactions import Controller

ROUTE = QColor("#0072B2")
BEYOND = QColor("#D55E00")
TOUCH = QColor("#009E73")
PILL = TextStyle(10, "#1B2430", heavy=True, pill=True)
STOP_PILL = TextStyle(10, "#A23B00", heavy=True, pill=True)
READOUT_Z = PATH_Z + 0.5


class RouteItems:
    """The route's items on one scene, made when first shown."""

    def __init__(self, scene: Any) -> None:
        self.scene = scene
        self.legal = self._overlay(cosmetic(ROUTE, 4))
        beyond = cosmetic(BEYOND, 3)
        beyond.setStyle(Qt.PenStyle.DashLine)
        self.beyond = self._overlay(beyond)
        self.stop = self._overlay(cosmetic(BEYOND, 4))
        self.touches = self._overlay(cosmetic(TOUCH, 3))
        self.pill: TextItem | None = None

    def _overlay(self, pen: Any) -> Overlay:
        item = Overlay()
        item.setPen(pen)
        item.setZValue(READOUT_Z)
        self.scene.addItem(item)
        return item

    def show(self, report: RouteReport | None) -> None:
        anchors = self.scene.anchors
        points = [] if report is None else [anchors.get(p) for p in report.places]
        stop = len(points) if report is None or report.stop is None else report.stop.index
        self.legal.setPath(_line([p for p in points[:stop] if p is not None]))
        self.beyond.setPath(_line([p for p in points[max(0, stop - 1):] if p is not None]))
        reach = self.scene.spacing * 0.3
        rings = QPainterPath()
        for i in () if report is None else report.touches:
            if points[i] is not None:
                rings.addEllipse(points[i], reach, reach)
        self.touches.setPath(rings)
        cross = QPainterPath()
        if stop < len(points) and points[stop] is not None:
            at, arm = points[stop], reach * 0.7
            for dx, dy in ((arm, arm), (arm, -arm)):
                cross.moveTo(at + QPointF(-dx, -dy))
                cross.lineTo(at + QPointF(dx, dy))
        self.stop.setPath(cross)
        drawn = [p for p in points if p is not None]
        self._pill(report, drawn[-1] if drawn else None,
                   drawn[-2] if len(drawn) > 1 else None)

    def _pill(self, report: RouteReport | None, at: QPointF | None,
              before: QPointF | None = None) -> None:
        if report is None or at is None:
            if self.pill is not None:
                self.scene.removeItem(self.pill)
                self.pill = None
            return
        if report.legal:
            text, style = _spent(report), PILL
        else:
            assert report.stop is not None
            text, style = f"{_spent(report)} · stops: {report.stop.clause}", STOP_PILL
        if self.pill is None:  # made once, then only told its words: no scene add per place
            self.pill = TextItem(text, style, z=READOUT_Z + 0.1)
            self.scene.addItem(self.pill)
        else:
            self.pill.text, self.pill.style = text, style
            self.pill.refresh()
        self.pill.setPos(at)
        self.pill.set_shift(_beyond(at, before))
        self.pill.setToolTip(report.text())

    def remove(self) -> None:
        self._pill(None, None)
        for item in (self.legal, self.beyond, self.stop, self.touches):
            self.scene.removeItem(item)


def _beyond(at: QPointF, before: QPointF | None, pixels: float = 30.0) -> QPointF:
    """Where the pill sits from the place pointed at, in screen pixels: on along the last
    leg, so that it covers the place after the route rather than the route (and its stop)."""
    if before is None or before == at:
        return QPointF(0, -pixels)
    dx, dy = at.x() - before.x(), at.y() - before.y()
    norm = (dx * dx + dy * dy) ** 0.5
    return QPointF(dx / norm * pixels * 1.6, dy / norm * pixels)


def _spent(report: RouteReport) -> str:
    of = f" (of {report.allowance})" if report.allowance is not None else ""
    unit = report.unit[0] if report.cost == 1 else report.unit[1]
    return f"{report.cost} {unit}{of}"


def _line(points: list[QPointF]) -> QPainterPath:
    path = QPainterPath()
    if len(points) < 2:
        return path
    path.moveTo(points[0])
    for point in points[1:]:
        path.lineTo(point)
    return path


class RouteReadout:
    """Asks the ruleset for the route to the place under the pointer and shows it."""

    def __init__(self, controller: Controller) -> None:
        self.c = controller
        self.items: RouteItems | None = None
        self.report: RouteReport | None = None
        self._asked: dict[str, RouteReport | None] = {}
        self._for: tuple[object, Selection] | None = None

    def ask(self, selection: Selection, at: PlaceRef) -> RouteReport | None:
        """The ruleset's report, asked once per place while the game and the pick stay."""
        observation = self.c.observation()
        if self._for is None or self._for[0] is not observation or self._for[1] != selection:
            self._asked.clear()
            self._for = (observation, selection)
        if at.id not in self._asked:
            self._asked[at.id] = self.c.ruleset.route_report(observation.view, selection, at) \
                if selection.units else None
        return self._asked[at.id]

    def point_at(self, selection: Selection, at: PlaceRef | None, quiet: bool = False) -> None:
        """Show the route to ``at`` (None: none). ``quiet``: draw it but leave the status
        bar alone (it tells how to confirm a planned order)."""
        report = None if at is None else self.ask(selection, at)
        if report is None and self.items is None:
            return
        if self.items is None or self.items.scene is not self.c.scene:
            self.items = RouteItems(self.c.scene)
        self.report = report
        self.items.show(report)
        if report is not None and not quiet:
            self.c.say(report.text(), error=not report.legal)

    def clear(self) -> None:
        self.report = None
        if self.items is not None:
            self.items.remove()
            self.items = None
