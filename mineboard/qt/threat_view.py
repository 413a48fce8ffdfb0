"""*View ▸ Threat*: the map shaded by what a chosen group would lose at each place, with a
legend, from the ruleset's :meth:`Ruleset.threat` on the seat's own view.

The scale is viridis in five steps, light for little and dark for much: it reads in grey
and to the colour-blind. Lines are drawn wider as well as darker, and every shaded place
gives its figures in words in its tooltip — never colour alone.
"""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor, QPainterPath
from PySide6.QtWidgets import QComboBox, QGridLayout, QLabel, QVBoxLayout, QWidget

from mineboard.core.threat import BANDS, ThreatGroup, ThreatMap
from mineboard.qt.maps.items import PATH_Z, Overlay, cosmetic
from mineboard.qt.maps.scene import MapScene

SCALE = ("#FDE725", "#5EC962", "#21918C", "#3B528B", "#440154")
"""Viridis in five steps, band 1 (least) to band 5 (most)."""
FILL_ALPHA = 150
OUTLINE = "#F4F4F4"
"""Around each shaded area: the darkest steps vanish on the star map's night sky without."""
LINE_WIDTH = (4, 5, 7, 9, 11)
"""Screen pixels of a shaded line by band: wider as well as darker."""


class ThreatLayer:
    """The shading on one scene: one overlay per band for areas and one for lines."""

    def __init__(self, scene: MapScene) -> None:
        self.scene = scene
        self.areas: list[Overlay] = []
        self.lines: list[Overlay] = []
        for band in range(BANDS):
            colour = QColor(SCALE[band])
            area = Overlay()
            fill = QColor(colour)
            fill.setAlpha(FILL_ALPHA)
            area.setBrush(QBrush(fill))
            area.setPen(cosmetic(QColor(OUTLINE), 2))  # seen on dark maps as on light
            line = Overlay()
            line.setPen(cosmetic(colour, LINE_WIDTH[band]))
            for item in (area, line):
                item.setZValue(PATH_Z - 0.5)  # under the route and the counters
                scene.addItem(item)
            self.areas.append(area)
            self.lines.append(line)
        self.shown: ThreatMap | None = None

    @property
    def alive(self) -> bool:
        return shiboken6.isValid(self.areas[0])

    def show(self, threat: ThreatMap | None) -> None:
        self.shown = threat
        areas = [QPainterPath() for _ in range(BANDS)]
        lines = [QPainterPath() for _ in range(BANDS)]
        tips: dict[str, str] = {}
        for place, cell in (threat.cells.items() if threat is not None else ()):
            band = threat.band(place) if threat is not None else 0
            shape = self.scene.place_shape(place)
            if band == 0 or shape is None:
                continue
            path, is_line = shape
            (lines if is_line else areas)[band - 1].addPath(path)
            assert threat is not None
            tips[place] = f"Threat (band {band} of {BANDS}):\n{cell.tip(threat.unit)}"
        for band in range(BANDS):
            self.areas[band].setPath(areas[band])
            self.lines[band].setPath(lines[band])
        self.scene.threat_tips = tips


class ThreatPanel(QWidget):
    """The dock's page: which group, the title, the legend with its scale, what it rests
    on. ``chosen`` carries the group's key."""

    chosen = Signal(str)

    def __init__(self) -> None:
        super().__init__()
        layout = QVBoxLayout(self)
        self.groups = QComboBox()
        self.groups.setToolTip("the group whose losses the map shows")
        self.groups.activated.connect(lambda i: self.chosen.emit(self.groups.itemData(i)))
        self.title = QLabel()
        self.title.setWordWrap(True)
        self.legend = QGridLayout()
        self.known = QLabel()
        self.known.setWordWrap(True)
        for widget in (QLabel("Losses of:"), self.groups, self.title):
            layout.addWidget(widget)
        layout.addLayout(self.legend)
        layout.addWidget(self.known)
        layout.addStretch(1)

    def set_groups(self, groups: list[ThreatGroup], keep: str | None, mine: str) -> str | None:
        """List ``groups``, keeping ``keep`` chosen where it is still there, else the first
        not of side ``mine`` (the issue's "enemy group"); the chosen key."""
        self.groups.blockSignals(True)
        self.groups.clear()
        for group in groups:
            self.groups.addItem(group.label, group.key)
        keys = [g.key for g in groups]
        enemy = next((i for i, g in enumerate(groups) if g.side != mine), 0)
        index = keys.index(keep) if keep in keys else enemy
        if groups:
            self.groups.setCurrentIndex(index)
        self.groups.blockSignals(False)
        return keys[index] if groups else None

    def show_map(self, threat: ThreatMap | None, why_none: str = "") -> None:
        while self.legend.count():
            item = self.legend.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.hide()  # off the page now; deleted when the loop next runs
                widget.deleteLater()
        if threat is None:
            self.title.setText(why_none)
            self.known.setText("")
            return
        self.title.setText(f"<b>{threat.title}</b>")
        self.known.setText(f"Figures {threat.known}. Hover a shaded place for its expected "
                           f"{threat.unit} and the chance of at least one.")
        if not threat.cells:
            self.legend.addWidget(QLabel("Nowhere you know of threatens this group."), 0, 0)
            return
        self.legend.addWidget(QLabel(f"expected {threat.unit}"), 0, 1)
        for row, (band, low, high) in enumerate(threat.scale(), start=1):
            swatch = QLabel(str(band))
            swatch.setAlignment(Qt.AlignmentFlag.AlignCenter)
            swatch.setFixedWidth(28)
            text = "white" if band >= 3 else "black"
            swatch.setStyleSheet(f"background: {SCALE[band - 1]}; color: {text};")
            self.legend.addWidget(swatch, row, 0)
            self.legend.addWidget(QLabel(f"{float(low):.3g} – {float(high):.3g}"), row, 1)

