"""Counted nouns and lists in plain English, for every text a player reads.

A log line says "2 mines, 1 dummy", never "2 mine(s), 1 dumm(ies)"; a list of ships reads
"Lion, Tiger and Galatea". The rules' texts and the window's words use these, so a count of
one and a count of many read right everywhere.
"""

from __future__ import annotations

from collections.abc import Iterable

IRREGULAR = {"dummy": "dummies", "hit": "hits", "Escort": "Escorts"}


def plural(noun: str) -> str:
    """The plural of ``noun``: a last word ending in a consonant and y takes -ies, one
    ending in s, x, z, ch or sh takes -es, any other an s. Only the last word changes
    ("mine point" → "mine points")."""
    head, _, last = noun.rpartition(" ")
    lead = f"{head} " if head else ""
    if len(last) > 1 and last.endswith("y") and last[-2].lower() not in "aeiou":
        return f"{lead}{last[:-1]}ies"
    if last.endswith(("s", "x", "z", "ch", "sh")):
        return f"{lead}{last}es"
    return f"{lead}{last}s"


def noun_for(count: int, singular: str, many: str | None = None) -> str:
    """The noun alone, singular for one, plural otherwise ("0 mines")."""
    if count == 1:
        return singular
    return many if many is not None else plural(singular)


def count_of(count: int, singular: str, many: str | None = None) -> str:
    """``count_of(2, "mine")`` → "2 mines"; ``count_of(1, "dummy")`` → "1 dummy";
    ``many`` gives a plural the rule of :func:`plural` gets wrong."""
    return f"{count} {noun_for(count, singular, many)}"


def and_list(items: Iterable[str], conjunction: str = "and") -> str:
    """``["A", "B", "C"]`` → "A, B and C"; one item alone; none: empty."""
    words = [str(i) for i in items]
    if len(words) < 2:
        return "".join(words)
    return f"{', '.join(words[:-1])} {conjunction} {words[-1]}"


def possessive(name: str) -> str:
    """``"Germany"`` → "Germany's"; a name ending in s takes the apostrophe alone
    ("Allies'"), as English writes it."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"
