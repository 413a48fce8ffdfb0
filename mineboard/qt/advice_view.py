"""*Game ▸ Advise*: the mine-laying advisor's best few lays, numbered on the map and listed
in a dock with their figures, the enemy model they rest on and how exact they are.

The ranking itself is the ruleset's (core/advice.py) on the asking side's view. It runs in
the window's thread, a candidate at a time, telling a progress dialog that shows itself only
past 200 ms — and whose Cancel stops it with nothing changed.
"""

from __future__ import annotations

from collections.abc import Callable

import shiboken6
from PySide6.QtCore import QEventLoop, Qt, Signal
from PySide6.QtGui import QColor, QPainterPath
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QProgressDialog,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from mineboard.core.advice import Advice, Cancelled, Progress, Target
from mineboard.qt.maps.items import LABEL_Z, PATH_Z, Overlay, TextItem, TextStyle, cosmetic
from mineboard.qt.maps.scene import MapScene

SHOW_PROGRESS_MS = 200
"""The issue's threshold: a ranking quicker than this shows no dialog at all."""
MARK = "#D55E00"
"""Vermilion (Okabe–Ito): apart from the threat map's viridis and from both sides' colours."""
RANK_STYLE = TextStyle(13, MARK, heavy=True, pill=True)


def ranked(parent: QWidget, compute: Callable[[Progress], Advice | None]) -> Advice | None:
    """``compute`` run with a progress dialog past 200 ms; raises Cancelled on Cancel."""
    dialog = QProgressDialog("Weighing every lay your side may make…", "Cancel", 0, 0, parent)
    dialog.setWindowTitle("Advise")
    dialog.setWindowModality(Qt.WindowModality.WindowModal)
    dialog.setMinimumDuration(SHOW_PROGRESS_MS)
    dialog.setAutoClose(False)
    dialog.setAutoReset(False)

    def progress(done: int, total: int) -> bool:
        if dialog.maximum() != total:
            dialog.setMaximum(total)
        dialog.setValue(done)  # shows the dialog once 200 ms have passed
        # Before it shows, no click or key may reach the board (an End phase there would
        # hand the screen to the next side while this side's advice is worked out); once
        # it shows, it is modal and takes them — its Cancel among them.
        QApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents if dialog.isVisible()
                                   else QEventLoop.ProcessEventsFlag.ExcludeUserInputEvents)
        return not dialog.wasCanceled()

    try:
        return compute(progress)
    finally:
        dialog.close()
        dialog.deleteLater()


class AdviceLayer:
    """The best lays on one scene: each place outlined, with its rank beside it."""

    def __init__(self, scene: MapScene) -> None:
        self.scene = scene
        self.outline = Overlay()
        self.outline.setPen(cosmetic(QColor(MARK), 4))
        self.outline.setZValue(PATH_Z - 0.25)  # over the threat shading, under the counters
        scene.addItem(self.outline)
        self.labels: list[TextItem] = []
        self.chosen = Overlay()
        self.chosen.setPen(cosmetic(QColor(MARK), 9))
        self.chosen.setZValue(PATH_Z - 0.2)
        scene.addItem(self.chosen)

    @property
    def alive(self) -> bool:
        return shiboken6.isValid(self.outline)

    def show(self, advice: Advice | None, chosen: int | None = None) -> None:
        for label in self.labels:
            self.scene.removeItem(label)
        self.labels = []
        outline, picked = QPainterPath(), QPainterPath()
        tips: dict[str, list[str]] = {}
        for rank, suggestion in enumerate(advice.best if advice is not None else (), 1):
            assert advice is not None
            said = (f"Advice {rank}: {suggestion.label}\n{suggestion.figures(advice.unit)}"
                    + (f"\n{suggestion.why}" if suggestion.why else ""))
            for place in suggestion.places:
                tips.setdefault(place, []).append(said)
                shape = self.scene.place_shape(place)
                if shape is None:
                    continue
                path, _is_line = shape
                outline.addPath(path)
                if chosen == rank - 1:
                    picked.addPath(path)
            first = self.scene.place_shape(suggestion.places[0]) if suggestion.places else None
            if first is not None:
                self.labels.append(self._label(str(rank), *first))
                self.labels[-1].setToolTip(said)
        self.outline.setPath(outline)
        self.chosen.setPath(picked)
        self.scene.advice_tips = {place: "\n".join(said) for place, said in tips.items()}

    def _label(self, text: str, path: QPainterPath, is_line: bool) -> TextItem:
        """The rank on a pill, the same size at every zoom, at the place's middle (a line's
        halfway point: a bent line's box centre may lie off it)."""
        label = TextItem(text, RANK_STYLE, LABEL_Z + 0.5)
        label.setPos(path.pointAtPercent(0.5) if is_line else path.boundingRect().center())
        self.scene.addItem(label)
        return label


class AdvicePanel(QWidget):
    """The dock's page: the goal named, the best lays with their figures, the model and
    the accuracy, and a button that lays the chosen one (as a click would)."""

    target_chosen = Signal(object)  # a Target, or None for none
    picked = Signal(int)
    lay = Signal(int)

    def __init__(self) -> None:
        super().__init__()
        layout = QVBoxLayout(self)
        self.targets = QComboBox()
        self.targets.setToolTip("name the enemy's goal to rank by the chance of hurting its "
                                "least-loss way there")
        self.targets.activated.connect(
            lambda i: self.target_chosen.emit(self.targets.itemData(i)))
        self.title = QLabel()
        self.title.setWordWrap(True)
        self.list = QListWidget()
        self.list.setWordWrap(True)
        self.list.currentRowChanged.connect(self.picked.emit)
        self.list.itemActivated.connect(lambda item: self.lay.emit(self.list.row(item)))
        self.lay_button = QPushButton("Lay the chosen one")
        self.lay_button.setToolTip("Play it as if you had made it by clicks (Undo takes it back)")
        self.lay_button.clicked.connect(lambda: self.lay.emit(self.list.currentRow()))
        self.model = QLabel()
        self.accuracy = QLabel()
        for label in (self.model, self.accuracy):
            label.setWordWrap(True)
            label.setStyleSheet("color: #444;")
        for widget in (QLabel("Enemy's goal:"), self.targets, self.title, self.list,
                       self.lay_button, self.model, self.accuracy):
            layout.addWidget(widget)
        self.advice: Advice | None = None
        self.show_advice(None, "Game ▸ Advise (Ctrl+Shift+A) ranks the mines your side may "
                               "lay now.")

    def set_targets(self, targets: list[Target], keep: Target | None) -> None:
        self.targets.clear()
        self.targets.addItem("none — rank by expected losses", None)
        for target in targets:
            self.targets.addItem(target.label, target)
            if keep is not None and target.key == keep.key:
                self.targets.setCurrentIndex(self.targets.count() - 1)

    def show_advice(self, advice: Advice | None, note: str = "") -> None:
        self.advice = advice
        self.list.clear()
        if advice is None:
            self.title.setText(note)
            for label in (self.model, self.accuracy):
                label.setText("")
            self.lay_button.setEnabled(False)
            return
        self.title.setText(f"<b>{advice.title}</b>" + (
            f"<br>{advice.nothing}" if advice.nothing else ""))
        for rank, suggestion in enumerate(advice.best, 1):
            item = QListWidgetItem(f"{rank}. {suggestion.label}\n"
                                   f"   {suggestion.figures(advice.unit)}")
            item.setToolTip(suggestion.why)
            self.list.addItem(item)
        self.model.setText(f"Model: {advice.model}")
        self.accuracy.setText(f"{advice.accuracy()[0].upper()}{advice.accuracy()[1:]} "
                              f"({advice.elapsed * 1000:.0f} ms).")
        self.lay_button.setEnabled(bool(advice.best))
        if advice.best:
            self.list.setCurrentRow(0)


__all__ = ["AdviceLayer", "AdvicePanel", "Cancelled", "ranked"]
