"""Clause ids as links: every id the window shows opens that clause's page in Help ▸ Rules.

One helper turns text with ids into HTML (the rest escaped), used by the log, the status
bar, the odds panel, the F1 help page, the rules window and the demo panel; a link's
address is ``clause:NL-15``.
"""

from __future__ import annotations

import html
import re

from PySide6.QtCore import QUrl

from mineboard.explorer.clauses import CLAUSE_ID, all_clauses

SCHEME = "clause"
LINK_COLOUR = "#0B5CAD"
"""Okabe–Ito's blue, darkened to read as a link on the pale docks."""


def clause_ids(text: str) -> list[str]:
    """The known clause ids in ``text``, in order, each once."""
    known = all_clauses()
    found: list[str] = []
    for m in CLAUSE_ID.finditer(text):
        if m.group(0) in known and m.group(0) not in found:
            found.append(m.group(0))
    return found


def href(clause_id: str) -> str:
    return f"{SCHEME}:{clause_id}"


def anchor(clause_id: str, words: str | None = None) -> str:
    return (f'<a href="{href(clause_id)}" style="color: {LINK_COLOUR};">'
            f"{html.escape(words or clause_id)}</a>")


def linked(text: str) -> str:
    """``text`` as HTML: each known clause id a link to its page, everything else escaped
    (an id no catalogue has stays plain text: a link must lead somewhere)."""
    known = all_clauses()
    out: list[str] = []
    at = 0
    for m in CLAUSE_ID.finditer(text):
        out.append(html.escape(text[at:m.start()]))
        out.append(anchor(m.group(0)) if m.group(0) in known else html.escape(m.group(0)))
        at = m.end()
    out.append(html.escape(text[at:]))
    return "".join(out)


_IN_MARKDOWN = re.compile(r"(?<![\[\w/.-])([A-Z]{2}-\d{2,3})\b(?!\]\()")


def linked_markdown(text: str) -> str:
    """Markdown whose known clause ids are links (the F1 help pages)."""
    known = all_clauses()
    return _IN_MARKDOWN.sub(lambda m: f"[{m.group(1)}]({href(m.group(1))})"
                            if m.group(1) in known else m.group(1), text)


def clause_of(link: str | QUrl) -> str | None:
    """The clause a link leads to, or None for any other link."""
    text = link.toString() if isinstance(link, QUrl) else link
    scheme, _, rest = text.partition(":")
    if scheme.lower() != SCHEME or not CLAUSE_ID.fullmatch(rest):
        return None
    return rest
