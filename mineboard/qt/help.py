"""F1: how to play the ruleset on the board, and every key and click.

Each ruleset has one page, ``assets/help/<ruleset-id>.md`` with its pictures beside it: the
help window shows it and ``docs/howto.md`` links to it, so the words on screen and on the
web cannot drift apart — and an installed program carries it, as it carries the rule tables.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from PySide6.QtCore import QSize, QUrl, Signal
from PySide6.QtGui import QDesktopServices, QGuiApplication, QImageReader, QTextCursor
from PySide6.QtWidgets import QDialog, QTextBrowser, QVBoxLayout, QWidget

from mineboard.qt.clause_links import clause_of, linked_markdown
from mineboard.resources import assets_dir


def help_folder() -> Path:
    return assets_dir() / "help"


def help_page(ruleset_id: str) -> str:
    """The page of ``ruleset_id`` as markdown; a ruleset added without one still gets its
    keys and a line saying what is missing."""
    path = help_folder() / f"{ruleset_id}.md"
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return f"# {ruleset_id}\n\nThis ruleset has no how-to-play page ({path} is missing).\n"


def keys_table(rows: Iterable[tuple[str, str]]) -> str:
    lines = ["## Keys and mouse", "", "| key or click | does |", "|---|---|"]
    lines += [f"| {key} | {does} |" for key, does in rows]
    return "\n".join(lines) + "\n"


def fitted(size: QSize, near: QWidget | None) -> QSize:
    """``size``, or less on a small screen: a window larger than its screen has its
    buttons and its last lines out of reach (1000×900 on a 1024×640 laptop)."""
    screen = near.screen() if near is not None else QGuiApplication.primaryScreen()
    room = screen.availableGeometry().size() * 0.92 if screen is not None else size
    return size.boundedTo(room)


class HelpWindow(QDialog):
    """Beside the board, not over it: the player reads and plays at once. Each clause id
    on the page is a link to its page in Help ▸ Rules."""

    clause_clicked = Signal(str)

    def __init__(self, parent: QWidget | None) -> None:
        super().__init__(parent)
        self.setModal(False)
        self.resize(fitted(QSize(1000, 900), parent))
        self.source = ""
        """The ruleset's page as read, before the keys are added."""
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.browser = QTextBrowser()
        self.browser.setOpenLinks(False)  # clause links stay in the program
        self.browser.anchorClicked.connect(self._link)
        self.browser.setSearchPaths([str(help_folder())])
        layout.addWidget(self.browser)

    def show_page(self, ruleset_id: str, title: str, keys: Iterable[tuple[str, str]]) -> None:
        self.source = help_page(ruleset_id)
        self.setWindowTitle(f"How to play — {title}")
        self.show()  # first: the pictures are fitted to the page's width once it has one
        self.raise_()
        self.activateWindow()
        self.browser.setMarkdown(linked_markdown(f"{self.source}\n\n{keys_table(keys)}"))
        self._fit_pictures()

    def _link(self, url: QUrl) -> None:
        clause_id = clause_of(url)
        if clause_id is not None:
            self.clause_clicked.emit(clause_id)
        elif url.scheme() in ("http", "https", "mailto"):
            QDesktopServices.openUrl(url)

    def resizeEvent(self, event: object) -> None:
        super().resizeEvent(event)  # type: ignore[arg-type]
        self._fit_pictures()

    def _fit_pictures(self) -> None:
        """Screenshots are drawn at the size of a window: shrink them to the page's width
        (markdown has no way to say how wide a picture is)."""
        width = max(200, self.browser.viewport().width() - 70)  # list items are indented
        document = self.browser.document()
        block = document.begin()
        while block.isValid():
            pieces = block.begin()
            while not pieces.atEnd():
                fragment = pieces.fragment()
                pieces += 1
                if not fragment.charFormat().isImageFormat():
                    continue
                picture = fragment.charFormat().toImageFormat()
                full = QImageReader(str(help_folder() / picture.name())).size().width()
                if full > 0:
                    picture.setWidth(min(full, width))
                    cursor = QTextCursor(document)
                    cursor.setPosition(fragment.position())
                    cursor.setPosition(fragment.position() + fragment.length(),
                                       QTextCursor.MoveMode.KeepAnchor)
                    cursor.setCharFormat(picture)
            block = block.next()
        document.markContentsDirty(0, document.characterCount())  # else the old heights stay
