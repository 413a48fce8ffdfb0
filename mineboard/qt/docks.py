"""The docks around the map: the log that teaches, the odds chart, the selection."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from PySide6.QtCore import (
    QAbstractItemModel,
    QEvent,
    QModelIndex,
    QPersistentModelIndex,
    QPoint,
    QPointF,
    QRectF,
    QSize,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import (
    QBrush,
    QColor,
    QContextMenuEvent,
    QFont,
    QFontMetricsF,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QResizeEvent,
    QTextDocument,
)
from PySide6.QtWidgets import (
    QLabel,
    QListView,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QScrollArea,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from mineboard.core.events import DiceRolled, Event, PhaseBegan, UnitLost
from mineboard.core.planning import Preview, percent
from mineboard.qt.clause_links import LINK_COLOUR, clause_ids, clause_of, linked
from mineboard.qt.plugin import UnitRow

WRAP = Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextWordWrap


Index = QModelIndex | QPersistentModelIndex


class LinkedRows(QStyledItemDelegate):
    """A log row drawn as HTML whose clause ids are links: a click on one opens its page."""

    MARGIN = 3

    def __init__(self, view: LogView) -> None:
        super().__init__(view)
        self.view = view

    def document(self, option: QStyleOptionViewItem, index: Index,
                 width: float) -> QTextDocument:
        doc = QTextDocument()
        font = index.data(Qt.ItemDataRole.FontRole)
        doc.setDefaultFont(font if isinstance(font, QFont) else option.font)
        doc.setDocumentMargin(self.MARGIN)
        brush = index.data(Qt.ItemDataRole.ForegroundRole)
        palette: QPalette = option.palette
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        colour = (palette.highlightedText().color() if selected else
                  brush.color() if isinstance(brush, QBrush) else palette.text().color())
        doc.setDefaultStyleSheet(f"a {{ color: {LINK_COLOUR}; }}")
        doc.setHtml(f'<span style="color: {colour.name()};">'
                    f"{linked(str(index.data(Qt.ItemDataRole.DisplayRole) or ''))}</span>")
        doc.setTextWidth(max(40.0, width))
        return doc

    def paint(self, painter: QPainter, option: QStyleOptionViewItem,
              index: Index) -> None:
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        opt.text = ""
        widget = opt.widget
        style = widget.style() if widget is not None else None
        if style is not None:  # background, alternate rows, selection
            style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, widget)
        rect = option.rect
        doc = self.document(option, index, rect.width())
        painter.save()
        painter.translate(rect.topLeft())
        painter.setClipRect(0, 0, rect.width(), rect.height())
        doc.drawContents(painter)
        painter.restore()

    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:
        width = self.view.viewport().width() - 2
        doc = self.document(option, index, width)
        return QSize(width, int(doc.size().height()) + 1)

    def editorEvent(self, event: QEvent, model: QAbstractItemModel,
                    option: QStyleOptionViewItem, index: Index) -> bool:
        if event.type() == QEvent.Type.MouseButtonRelease and isinstance(event, QMouseEvent) \
                and event.button() == Qt.MouseButton.LeftButton:
            rect = option.rect
            doc = self.document(option, index, rect.width())
            at = event.position() - QPointF(rect.topLeft())
            clause_id = clause_of(doc.documentLayout().anchorAt(at))
            if clause_id is not None:
                self.view.clause_clicked.emit(clause_id)
                return True
        return super().editorEvent(event, model, option, index)


class LogView(QListWidget):
    """Every event in plain words with its clause id; clicking one points at the map, and
    clicking its clause id (or the row's right-click menu) opens the clause's page."""

    pointed = Signal(object)  # the PlaceRef of the clicked event
    clause_clicked = Signal(str)

    def __init__(self) -> None:
        super().__init__()
        self.setWordWrap(True)
        self.setAlternatingRowColors(True)
        self.setResizeMode(QListView.ResizeMode.Adjust)  # rows wrap anew as it resizes
        self.setItemDelegate(LinkedRows(self))
        self.setMouseTracking(True)
        self.itemClicked.connect(self._clicked)
        self.header = ""
        """What the players agreed for this game (the table), shown above every event."""

    def add_events(self, events: list[Event]) -> None:
        for event in events:
            item = QListWidgetItem(event.line())
            if isinstance(event, PhaseBegan):
                font = item.font()
                font.setBold(True)
                item.setFont(font)
            if isinstance(event, UnitLost) or (isinstance(event, DiceRolled)
                                                and any(event.hits)):
                item.setForeground(QColor("#A4001D"))
            item.setData(Qt.ItemDataRole.UserRole, event.at)
            self.addItem(item)
        self.scrollToBottom()
        # again once the new rows are laid out; with the list as context, so a log deleted
        # first (a window closed at once) cancels the call instead of crashing
        QTimer.singleShot(0, self, self.scrollToBottom)

    def add_notes(self, notes: list[str]) -> None:
        """Lines the program says itself (what a turn file brought), not the rules' events."""
        for note in notes:
            item = QListWidgetItem(note)
            font = item.font()
            font.setItalic(True)
            item.setFont(font)
            item.setForeground(QColor("#6B5B3E"))
            self.addItem(item)
        self.scrollToBottom()

    def show_events(self, events: list[Event], briefing: dict[str, str] | None = None
                    ) -> None:
        """The log afresh: the table's header, the briefing of whoever is at the screen
        (each side reads only its own), then every event it may read."""
        self.clear()
        if self.header:
            self.add_notes([self.header])
        self.add_notes([f"Briefing for {side}: {text}" for side, text in
                        (briefing or {}).items()])
        self.add_events(events)

    def _clicked(self, item: QListWidgetItem) -> None:
        target = item.data(Qt.ItemDataRole.UserRole)
        if target is not None:
            self.pointed.emit(target)

    def link_at(self, item: QListWidgetItem, clause_id: str) -> QPoint | None:
        """Where ``clause_id``'s link is drawn in ``item``'s row, in viewport pixels."""
        option = QStyleOptionViewItem()
        option.initFrom(self)
        rect = self.visualItemRect(item)
        delegate = self.itemDelegate()
        assert isinstance(delegate, LinkedRows)
        doc = delegate.document(option, self.indexFromItem(item), rect.width())
        layout = doc.documentLayout()
        for y in range(2, rect.height(), 3):
            for x in range(2, rect.width(), 2):
                if clause_of(layout.anchorAt(QPointF(x, y))) == clause_id:
                    return QPoint(rect.left() + x + 3, rect.top() + y)
        return None

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        super().mouseMoveEvent(event)
        index = self.indexAt(event.position().toPoint())
        over = False
        if index.isValid():
            option = QStyleOptionViewItem()
            option.initFrom(self)
            rect = self.visualRect(index)
            delegate = self.itemDelegate()
            assert isinstance(delegate, LinkedRows)
            doc = delegate.document(option, index, rect.width())
            over = clause_of(doc.documentLayout().anchorAt(
                event.position() - QPointF(rect.topLeft()))) is not None
        self.viewport().setCursor(Qt.CursorShape.PointingHandCursor if over else
                                  Qt.CursorShape.ArrowCursor)

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        item = self.itemAt(event.pos())
        ids = clause_ids(item.text()) if item is not None else []
        if not ids:
            return
        menu = QMenu(self)
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        for clause_id in ids:
            act = menu.addAction(f"Explain {clause_id} (Help ▸ Rules)")
            act.triggered.connect(lambda _=False, c=clause_id: self.clause_clicked.emit(c))
        menu.popup(event.globalPos())


@dataclass(frozen=True)
class Drawn:
    """One thing the chart draws: text in ``box``, or for a bar also its share of the peak
    and its colour."""

    text: str
    box: QRectF
    style: str  # "title", "summary", "axis", "bar", "row"
    share: float = 0.0
    colour: str = ""
    split: float = 0.0
    """Where a bar starts, past its words."""


FONTS = {"title": (9, False, False), "summary": (9, True, False), "axis": (8, False, True),
         "bar": (9, False, False), "row": (8, False, False)}
BAR_ROW = 16
TEXT_SHARE = 0.7
"""At most this part of the width for an outcome's words and percent; the bar takes the
rest."""


def font_of(style: str) -> QFont:
    size, bold, italic = FONTS[style]
    font = QFont("DejaVu Sans", size, QFont.Weight.Bold if bold else QFont.Weight.Normal)
    font.setItalic(italic)
    return font


def outcome_line(preview: Preview, i: int) -> str:
    """'lose 0 ships: 1.7 %' — words and percent; the exact fraction is in the tooltip."""
    return f"{preview.phrase(i)}: {percent(preview.outcomes[i][1])}"


def axis_line(preview: Preview) -> str:
    """The axes named: what the rows are (the preview's axis), what the bars measure."""
    return preview.axis if "chance" in preview.axis else f"{preview.axis} — chance"


class OddsCanvas(QWidget):
    """The odds of the planned order as rows a player reads: each outcome in words with its
    percentage and a bar, the axis named, the breakdown below."""

    def __init__(self) -> None:
        super().__init__()
        self.preview: Preview | None = None

    def show_preview(self, preview: Preview | None) -> None:
        self.preview = preview
        self.setToolTip("" if preview is None else "Exact odds:\n" + "\n".join(
            f"{preview.phrase(i)}: {p}" for i, (_label, p) in enumerate(preview.outcomes)))
        self._fit_height()
        self.update()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_height()

    def _fit_height(self) -> None:
        drawn = self.layout_for(self.width())
        self.setMinimumHeight(int(max((d.box.bottom() for d in drawn), default=0)) + 8)

    def layout_for(self, width: int) -> list[Drawn]:
        """Where each line goes at ``width``: the one place the chart is laid out."""
        preview = self.preview
        inner = max(60.0, width - 16.0)
        y = 4.0
        out: list[Drawn] = []

        def text(line: str, style: str) -> None:
            nonlocal y
            metrics = QFontMetricsF(font_of(style))
            box = metrics.boundingRect(QRectF(8, y, inner, 10_000), WRAP, line)
            out.append(Drawn(line, QRectF(8, y, inner, box.height()), style))
            y += box.height() + 2

        text(preview.title if preview is not None else "No move planned", "title")
        if preview is None or not preview.outcomes:
            if preview is not None:
                text(preview.summary, "summary")
            return out
        text(preview.summary, "summary")
        y += 4
        text(axis_line(preview), "axis")
        peak = max(p for _label, p in preview.outcomes) or Fraction(1)
        words = [outcome_line(preview, i) for i in range(len(preview.outcomes))]
        metrics = QFontMetricsF(font_of("bar"))
        split = min(inner * TEXT_SHARE, max(metrics.horizontalAdvance(w) for w in words) + 10)
        for i, (_label, p) in enumerate(preview.outcomes):
            colour = "#0072B2" if i == preview.good else "#D55E00"
            if preview.highlight is not None and i != preview.highlight:
                colour = "#F2B48A"
            out.append(Drawn(words[i], QRectF(8, y, inner, BAR_ROW - 2), "bar",
                             float(p / peak), colour, split))
            y += BAR_ROW
        y += 4
        for row in preview.rows:
            text(row, "row")
        return out

    def lines(self) -> list[str]:
        """What the chart says below its title and summary, line by line."""
        return [d.text for d in self.layout_for(self.width())
                if d.style in ("axis", "bar", "row")]

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), QColor("#FBFBF8"))
        for drawn in self.layout_for(self.width()):
            painter.setFont(font_of(drawn.style))
            if drawn.style == "bar":
                self._paint_bar(painter, drawn)
                continue
            painter.setPen(QColor("#555555" if drawn.style in ("axis", "row") else "#222222"))
            painter.drawText(drawn.box, WRAP, drawn.text)

    @staticmethod
    def _paint_bar(painter: QPainter, drawn: Drawn) -> None:
        box, split = drawn.box, drawn.split
        track = QRectF(box.left() + split, box.top() + 2, box.width() - split, box.height() - 4)
        painter.fillRect(track, QColor("#ECEBE6"))
        painter.fillRect(QRectF(track.left(), track.top(), track.width() * drawn.share,
                                track.height()), QColor(drawn.colour))
        painter.setPen(QColor("#222222"))
        painter.drawText(QRectF(box.left(), box.top(), split - 4, box.height()),
                         Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, drawn.text)


class OddsChart(QScrollArea):
    """The odds dock: the chart, scrolled when a long breakdown outgrows the dock."""

    planned = Signal(bool)
    """Whether odds are shown now (the window gives the dock room for them, and back to
    the Selection dock's buttons once they go)."""
    clause_clicked = Signal(str)

    def __init__(self) -> None:
        super().__init__()
        self.canvas = OddsCanvas()
        self.rules = QLabel()
        """The clauses the odds come from, as links to their pages."""
        self.rules.setTextFormat(Qt.TextFormat.RichText)
        self.rules.setWordWrap(True)
        self.rules.setStyleSheet("background: #FBFBF8; padding: 0 8px 4px 8px;")
        self.rules.linkActivated.connect(self._link)
        self.rules.hide()
        content = QWidget()
        column = QVBoxLayout(content)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        column.addWidget(self.canvas)
        column.addWidget(self.rules)
        column.addStretch(1)
        content.setStyleSheet("background: #FBFBF8;")
        self.setWidget(content)
        self.setWidgetResizable(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setMinimumHeight(40)

    @property
    def preview(self) -> Preview | None:
        return self.canvas.preview

    @property
    def title(self) -> str:
        return self.preview.title if self.preview is not None else "No move planned"

    def show_preview(self, preview: Preview | None) -> None:
        had = self.canvas.preview is not None
        self.canvas.show_preview(preview)
        ids = [] if preview is None else clause_ids(" ".join(
            (preview.title, preview.axis, preview.summary, *preview.words, *preview.rows)))
        self.rules.setText("Rules: " + " · ".join(linked(c) for c in ids) +
                           " — click one to read it" if ids else "")
        self.rules.setVisible(bool(ids))
        self.setToolTip(self.canvas.toolTip())
        if had != (preview is not None):
            self.planned.emit(preview is not None)

    def lines(self) -> list[str]:
        return self.canvas.lines()

    def _link(self, link: str) -> None:
        clause_id = clause_of(link)
        if clause_id is not None:
            self.clause_clicked.emit(clause_id)


class WrappedLabel(QLabel):
    """A word-wrapped label as tall as its text needs at the width it was given.

    Qt sizes a wrapped label by the height it wants at its *preferred* width; in the
    Selection dock (a scroll area whose panel follows the dock's width) a narrower dock then
    cut the first and last lines of a long hint off. Each new width or text sets the least
    height again."""

    def __init__(self) -> None:
        super().__init__()
        self.setWordWrap(True)

    def show_text(self, text: str) -> None:
        self.setText(text)
        self._fit()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        if self.width() > 0:
            self.setMinimumHeight(self.heightForWidth(self.width()))


class SelectionPanel(QWidget):
    """What to do now and what the viewer holds, always; under them the units picked on
    the map, of which the ticked ones take part in the next order."""

    changed = Signal()

    def __init__(self) -> None:
        super().__init__()
        layout = QVBoxLayout(self)
        self.todo = WrappedLabel()
        self.todo.setStyleSheet("background: #F3EBD8; border-left: 4px solid #8A7B5C; "
                                "padding: 4px 6px; font-weight: bold;")
        layout.addWidget(self.todo)
        self.holdings = WrappedLabel()
        self.holdings.setStyleSheet("color: #3D3527; padding: 0 6px;")
        layout.addWidget(self.holdings)
        self.heading = QLabel()
        self.heading.setWordWrap(True)
        self.heading.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.heading)
        self.units = QListWidget()
        self.rows_shown = 8
        """Unit rows shown before the list scrolls (the window lowers it on a small
        screen, so the options and buttons under the list stay in view)."""
        self.units.setWordWrap(True)  # "Escort 1 · moves left 1 · 3 mines aboard"
        self.units.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.units.itemChanged.connect(lambda _item: self.changed.emit())
        layout.addWidget(self.units)
        self.show_units("", [])

    def show_todo(self, todo: str, holdings: str) -> None:
        self.todo.show_text(todo)
        self.holdings.show_text(holdings)
        self.holdings.setVisible(bool(holdings))

    def show_units(self, heading: str, rows: list[UnitRow]) -> None:
        """A new pick: its rows ticked as the ruleset suggests."""
        self.units.blockSignals(True)
        self.units.clear()
        for row in rows:
            item = QListWidgetItem(row.text)
            item.setData(Qt.ItemDataRole.UserRole, row.id)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if row.ticked else Qt.CheckState.Unchecked)
            self.units.addItem(item)
        self.units.blockSignals(False)
        self.units.setVisible(bool(rows))
        self.heading.setText(heading)
        self.fit_rows()

    def fit_rows(self) -> None:
        """As tall as its rows, up to :attr:`rows_shown`: a short pick leaves no blank list
        between the units and the buttons under them."""
        count = self.units.count()
        shown = min(max(count, 1), self.rows_shown)
        row = self.units.sizeHintForRow(0) if count else self.fontMetrics().height() + 4
        self.units.setFixedHeight(shown * max(row, 1) + 2 * self.units.frameWidth() + 4)

    def update_units(self, heading: str, rows: list[UnitRow]) -> None:
        """The same pick after a change (mines loaded, a move made): the rows say what the
        units are now and keep the player's ticks. Items are rewritten in place, as this
        may run while a tick box is being clicked."""
        ids = [self.units.item(i).data(Qt.ItemDataRole.UserRole)
               for i in range(self.units.count())]
        if ids != [row.id for row in rows]:
            ticked = set(self.chosen())
            self.show_units(heading, [UnitRow(r.id, r.text, r.id in ticked) for r in rows])
            return
        self.units.blockSignals(True)
        for i, row in enumerate(rows):
            self.units.item(i).setText(row.text)
        self.units.blockSignals(False)
        self.heading.setText(heading)

    def chosen(self) -> list[str]:
        return [self.units.item(i).data(Qt.ItemDataRole.UserRole) for i in
                range(self.units.count())
                if self.units.item(i).checkState() == Qt.CheckState.Checked]

    def toggle(self, unit: str) -> None:
        """Tick ``unit`` if it was not, untick it if it was (a click on it on the map)."""
        for i in range(self.units.count()):
            item = self.units.item(i)
            if item.data(Qt.ItemDataRole.UserRole) == unit:
                on = item.checkState() == Qt.CheckState.Checked
                item.setCheckState(Qt.CheckState.Unchecked if on else Qt.CheckState.Checked)

    def tick_only(self, unit: str) -> None:
        """Tick ``unit`` and nothing else (as a player would, one box at a time)."""
        for i in range(self.units.count()):
            item = self.units.item(i)
            item.setCheckState(Qt.CheckState.Checked if item.data(Qt.ItemDataRole.UserRole)
                               == unit else Qt.CheckState.Unchecked)
