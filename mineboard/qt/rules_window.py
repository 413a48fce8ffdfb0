"""Help ▸ Rules: every ruleset's clauses, searchable by id or word, a page per clause with
its text, the project's decisions, where the engine enforces it and its demo boards — each
with a *Show me* button that plays it on the board.

Keys: type to filter, ↑/↓ move through the list, Enter opens the clause's page, Esc goes
back from a page to the list and closes the list.
"""

from __future__ import annotations

import html
import re
from typing import ClassVar

from PySide6.QtCore import QSize, Qt, QUrl, Signal
from PySide6.QtGui import QDesktopServices, QFont, QKeyEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QStackedWidget,
    QTextBrowser,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from mineboard.explorer.clauses import CLAUSE_ID, Clause, all_clauses, catalogues, enforced_at
from mineboard.explorer.clauses import normalise as normalise_id
from mineboard.explorer.index import DemoEntry, demos_of
from mineboard.qt.clause_links import anchor, clause_of, linked
from mineboard.qt.help import fitted

ROLE = Qt.ItemDataRole.UserRole
ID_PREFIX = re.compile(r"[A-Z]{2}-?\d{0,3}")
"""What a search for an id looks like: ``gt``, ``NL-1``, ``gt-7``, ``IM26``."""
NO_TEXT = ("No text yet: this clause's words in the project's own language are still being "
           "written. The rule itself is in the catalogue of the ruleset (rules/{ruleset}.md), "
           "and the engine already enforces it where listed below.")


def haystack(clause: Clause, ruleset_title: str) -> str:
    """Everything a word search looks in, in lower case."""
    return " ".join((clause.id, clause.title, clause.section, clause.text, *clause.decisions,
                     clause.ruleset, ruleset_title)).lower()


def matches(query: str, clause: Clause, ruleset_title: str) -> bool:
    """Whether the filter ``query`` keeps ``clause``: an id in any case (``gt-7`` is GT-07,
    ``nl-1`` every NL-1…) or every word of it found in the clause's words."""
    q = query.strip()
    if not q:
        return True
    compact = q.replace(" ", "").upper()
    if ID_PREFIX.fullmatch(compact):  # an id or the start of one: ids alone answer
        return clause.id == normalise_id(q) or clause.id.startswith(compact) or \
            clause.id.replace("-", "").startswith(compact)
    words = haystack(clause, ruleset_title)
    return all(w in words for w in q.lower().split())



class SearchBox(QLineEdit):
    """The search field, whose arrows and Enter walk the list under it. Its own key
    handling, not an event filter on the window: a filter on a child is still called while
    the window is being destroyed, and Qt then calls into half an object."""

    moved = Signal(int)
    entered = Signal()
    STEPS: ClassVar[dict[Qt.Key, int]] = {Qt.Key.Key_Down: 1, Qt.Key.Key_Up: -1,
                                          Qt.Key.Key_PageDown: 10, Qt.Key.Key_PageUp: -10}

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = Qt.Key(event.key())
        if key in self.STEPS:
            self.moved.emit(self.STEPS[key])
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.entered.emit()
        else:
            super().keyPressEvent(event)

class RulesWindow(QDialog):
    """Beside the board, like F1's help: the list of clauses, or one clause's page."""

    show_me = Signal(object)
    """The path of the demo board whose *Show me* was pressed."""

    def __init__(self, parent: QWidget | None) -> None:
        super().__init__(parent)
        self.setModal(False)
        self.setWindowTitle("Rules — every clause, with its demo boards")
        self.resize(fitted(QSize(860, 760), parent))
        self.clause: Clause | None = None
        """The clause whose page is shown (None: the list)."""
        self.demo_buttons: dict[str, QPushButton] = {}
        """The page's *Show me* buttons, by demo name."""
        self.pages = QStackedWidget()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.pages)
        self._build_list()
        self._build_page()
        for keys in ("Alt+Left", "Backspace"):
            QShortcut(QKeySequence(keys), self.page, self.back,
                      context=Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.populate()

    # ---- the list ----------------------------------------------------------------------
    def _build_list(self) -> None:
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.setContentsMargins(0, 0, 0, 0)
        self.search = SearchBox()
        self.search.setPlaceholderText("Search by id (gt-7, NL-15) or by word (sweep, dummy)"
                                       " — ↑/↓ to move, Enter to open, Esc to close")
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self.filter)
        self.search.moved.connect(self.move_by)
        self.search.entered.connect(self._enter)
        layout.addWidget(self.search)
        self.tree = QTreeWidget()
        self.tree.setColumnCount(2)
        self.tree.setHeaderHidden(True)
        self.tree.setRootIsDecorated(False)
        self.tree.setIndentation(14)
        self.tree.setUniformRowHeights(True)
        self.tree.itemActivated.connect(self._activated)
        layout.addWidget(self.tree, 1)
        self.count = QLabel()
        self.count.setStyleSheet("color: #555;")
        layout.addWidget(self.count)
        self.pages.addWidget(page)
        self.list_page = page

    def populate(self) -> None:
        self.tree.clear()
        self.items: dict[str, QTreeWidgetItem] = {}
        self.titles: dict[str, str] = {}
        self.groups: list[tuple[QTreeWidgetItem,
                                list[tuple[QTreeWidgetItem, list[QTreeWidgetItem]]]]] = []
        bold = QFont(self.tree.font())
        bold.setBold(True)
        bold.setPointSizeF(bold.pointSizeF() + 1)
        italic = QFont(self.tree.font())
        italic.setItalic(True)
        for ruleset_id, catalogue in catalogues().items():
            top = QTreeWidgetItem([f"{catalogue.title or ruleset_id}  ({ruleset_id})", ""])
            top.setFont(0, bold)
            top.setFlags(Qt.ItemFlag.ItemIsEnabled)
            top.setFirstColumnSpanned(True)
            self.tree.addTopLevelItem(top)
            sections: list[tuple[QTreeWidgetItem, list[QTreeWidgetItem]]] = []
            self.groups.append((top, sections))
            section_item: QTreeWidgetItem | None = None
            for clause in catalogue.clauses:
                self.titles[clause.id] = catalogue.title
                if section_item is None or section_item.text(0) != (clause.section or "—"):
                    section_item = QTreeWidgetItem(top, [clause.section or "—", ""])
                    section_item.setFont(0, italic)
                    section_item.setFlags(Qt.ItemFlag.ItemIsEnabled)
                    section_item.setFirstColumnSpanned(True)
                    sections.append((section_item, []))
                demos = len(demos_of(clause.id))
                item = QTreeWidgetItem(section_item, [
                    f"{clause.id}   {clause.title or '(no text yet)'}",
                    f"{demos} demo{'s' * (demos != 1)}" if demos else ""])
                item.setData(0, ROLE, clause.id)
                if not clause.written:
                    item.setForeground(0, self.palette().placeholderText())
                item.setToolTip(0, clause.heading())
                self.items[clause.id] = item
                sections[-1][1].append(item)
        self.tree.expandAll()
        self.tree.resizeColumnToContents(1)
        self.tree.header().setStretchLastSection(False)
        self.tree.header().setSectionResizeMode(0, self.tree.header().ResizeMode.Stretch)
        self.filter(self.search.text())

    def filter(self, query: str) -> None:
        """Keep the clauses ``query`` names (and the headings above them); the first one
        kept becomes current, so Enter opens it."""
        clauses = all_clauses()
        for clause_id, item in self.items.items():
            item.setHidden(not matches(query, clauses[clause_id], self.titles[clause_id]))
        for top, sections in self.groups:
            for section, items in sections:
                section.setHidden(all(item.isHidden() for item in items))
            top.setHidden(all(section.isHidden() for section, _items in sections))
        shown = self.visible_clauses()
        self.count.setText(f"{len(shown)} of {len(self.items)} clauses" if query.strip() else
                           f"{len(self.items)} clauses in {self.tree.topLevelItemCount()} "
                           "rulesets")
        if not shown:
            self.count.setText(f"No clause matches {query.strip()!r}.")
        current = self.current_clause()
        if shown and current not in shown:
            self.tree.setCurrentItem(self.items[shown[0]])

    def visible_clauses(self) -> list[str]:
        """The clause ids the list shows now, top to bottom."""
        return [cid for cid, item in self.items.items() if not item.isHidden()]

    def current_clause(self) -> str | None:
        item = self.tree.currentItem()
        value = item.data(0, ROLE) if item is not None else None
        return value if isinstance(value, str) else None

    def move_by(self, by: int) -> None:
        """↑/↓ from the search box: the next clause shown, over the headings."""
        shown = self.visible_clauses()
        if not shown:
            return
        current = self.current_clause()
        at = shown.index(current) + by if current in shown else 0
        self.tree.setCurrentItem(self.items[shown[max(0, min(len(shown) - 1, at))]])

    def _enter(self) -> None:
        current = self.current_clause()
        if current is not None:
            self.show_clause(current)

    def _activated(self, item: QTreeWidgetItem) -> None:
        clause_id = item.data(0, ROLE)
        if isinstance(clause_id, str):
            self.show_clause(clause_id)

    # ---- a clause's page ---------------------------------------------------------------
    def _build_page(self) -> None:
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.setContentsMargins(0, 0, 0, 0)
        bar = QHBoxLayout()
        self.back_button = QPushButton("◂ All clauses")
        self.back_button.setToolTip("Back to the list (Esc, Alt+←)")
        self.back_button.setAutoDefault(False)
        self.back_button.clicked.connect(self.back)
        bar.addWidget(self.back_button)
        self.where = QLabel()
        self.where.setStyleSheet("color: #555;")
        bar.addWidget(self.where, 1)
        layout.addLayout(bar)
        self.browser = QTextBrowser()
        self.browser.setOpenLinks(False)
        self.browser.anchorClicked.connect(self._link)
        layout.addWidget(self.browser, 1)
        self.demos_box = QWidget()
        self.demos_layout = QVBoxLayout(self.demos_box)
        self.demos_layout.setContentsMargins(4, 4, 4, 4)
        self.demos_box.setStyleSheet("QWidget#demos { background: #F3EBD8; }")
        self.demos_box.setObjectName("demos")
        layout.addWidget(self.demos_box)
        self.pages.addWidget(page)
        self.page = page

    def show_clause(self, clause_id: str) -> None:
        """Open ``clause_id``'s page (from the list, a link anywhere in the window)."""
        clause = all_clauses().get(clause_id)
        if clause is None:
            return
        self.clause = clause
        if clause_id in self.items:
            self.tree.setCurrentItem(self.items[clause_id])
        self.where.setText(f"{self.titles.get(clause_id, clause.ruleset)} ▸ "
                           f"{clause.section or 'no section'}")
        self.browser.setHtml(page_html(clause))
        self._show_demos(demos_of(clause.id))
        self.pages.setCurrentWidget(self.page)
        self.setWindowTitle(f"Rules — {clause.heading()}")
        self.show()
        self.raise_()
        self.activateWindow()
        self.browser.setFocus()

    def _show_demos(self, demos: list[DemoEntry]) -> None:
        while self.demos_layout.count():
            child = self.demos_layout.takeAt(0)
            widget = child.widget() if child is not None else None
            if widget is not None:
                widget.deleteLater()
        self.demo_buttons = {}
        heading = QLabel("<b>Demo boards</b> — a small board that plays this clause with "
                         "fixed dice; it is also the clause's test")
        heading.setWordWrap(True)
        self.demos_layout.addWidget(heading)
        if not demos:
            self.demos_layout.addWidget(QLabel("No demo board for this clause yet."))
            return
        assert self.clause is not None
        for entry in demos:
            row = QWidget()
            line = QHBoxLayout(row)
            line.setContentsMargins(0, 0, 0, 0)
            label = QLabel(f"{html.escape(entry.title or entry.name)}"
                           + ("" if entry.clause == self.clause.id else
                              f" <span style='color:#555'>(a demo of {entry.clause}, which "
                              "shows this clause on the way)</span>"))
            label.setWordWrap(True)
            line.addWidget(label, 1)
            button = QPushButton("Show me ▸")
            button.setAutoDefault(False)
            button.setToolTip(f"Play {entry.name} on the board, step by step")
            button.clicked.connect(lambda _=False, path=entry.path: self.show_me.emit(path))
            line.addWidget(button)
            self.demo_buttons[entry.name] = button
            self.demos_layout.addWidget(row)

    def _link(self, url: QUrl) -> None:
        clause_id = clause_of(url)
        if clause_id is not None:
            self.show_clause(clause_id)
        elif url.scheme() in ("http", "https"):
            QDesktopServices.openUrl(url)

    def back(self) -> None:
        """From a page to the list, where the clause just read is current."""
        self.clause = None
        self.pages.setCurrentWidget(self.list_page)
        self.setWindowTitle("Rules — every clause, with its demo boards")
        self.search.setFocus()

    def open_list(self) -> None:
        self.back()
        self.show()
        self.raise_()
        self.activateWindow()
        self.search.setFocus()
        self.search.selectAll()

    def reject(self) -> None:
        """Esc: a page goes back to the list; the list closes."""
        if self.clause is not None:
            self.back()
            return
        super().reject()


def page_html(clause: Clause) -> str:
    """A clause's page: its id and title, its words, the project's decisions, where the
    engine enforces it."""
    parts = [f"<h2>{html.escape(clause.id)} — "
             f"{html.escape(clause.title) if clause.title else '<i>no title yet</i>'}</h2>"]
    if clause.written:
        for para in (p.strip() for p in clause.text.split("\n\n")):
            if para:
                parts.append(f"<p>{linked(' '.join(para.split()))}</p>")
    else:
        parts.append("<p style='background:#FFF1CC; padding:6px;'><b>"
                     f"{html.escape(NO_TEXT.format(ruleset=clause.ruleset))}</b></p>")
    parts.append("<h3>The project's decisions</h3>")
    if clause.decisions:
        parts.append("<ul>" + "".join(f"<li>{linked(d)}</li>" for d in clause.decisions)
                     + "</ul>")
    else:
        parts.append("<p style='color:#555'>None written: the project reads the rule as it "
                     "stands.</p>")
    parts.append("<h3>Where the engine enforces it</h3>")
    sites = enforced_at(clause)
    if sites:
        parts.append("<ul>" + "".join(
            f"<li><code>{html.escape(s.module)}</code> · <code>{html.escape(s.function)}"
            f"</code> (line {s.line})</li>" for s in sites) + "</ul>")
    else:
        parts.append("<p style='color:#555'>No refusal, event or roll of the engine names "
                     "this clause.</p>")
    others = sorted({m.group(0) for d in (clause.text, *clause.decisions)
                     for m in CLAUSE_ID.finditer(d)} - {clause.id})
    if others:
        parts.append("<p>See also: " + ", ".join(anchor(o) for o in others
                                                 if o in all_clauses()) + "</p>")
    return "\n".join(parts)
