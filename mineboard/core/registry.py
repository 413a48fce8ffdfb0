"""Which rulesets exist and where each lives, loaded on first use.

A ruleset module pulls in its state, effects, planning and the map model; the odds
command needs one small module of one ruleset. So ``mineboard/rules/__init__.py`` only
*names* them here (:func:`provide`), one line each, and this module imports nothing but the
error type: asking for a ruleset, its odds query, its window or its conformance kit imports
exactly what that needs.

Everything a ruleset is made of is found by its id through one folder convention (see
:class:`Provided`), so adding a ruleset is its two folders, its data and one line. Core
never imports the window: it keeps the window adapter's place as a string for
``mineboard/qt/registry.py``.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mineboard.core.errors import BadInput

if TYPE_CHECKING:
    from mineboard.core.ruleset import OddsQuery, Ruleset


@dataclass(frozen=True)
class Provided:
    """Where the parts of one ruleset live, as ``"module:attribute"`` strings.

    By convention ruleset ``harbour-raids`` lives in the package ``mineboard.rules.harbour_raids``
    (``ruleset.py`` holds ``RULESET``, ``conformance.py`` holds ``KIT``, ``odds.py`` the odds
    query) and its window in ``mineboard.qt.harbour_raids`` (the class ``HarbourRaidsUI``)."""

    rules: str
    """``module:attribute`` of the :class:`~mineboard.core.ruleset.Ruleset` instance."""
    window: str
    """``module:attribute`` of its window adapter class (a ``RulesetUI``)."""
    kit: str
    """``module:attribute`` of its conformance kit (``mineboard.rules.common.conformance``)."""
    odds: str | None
    """``module:attribute`` of its odds query, or None: it has none."""


def folder_of(ruleset_id: str) -> str:
    """The folder (and module) name of a ruleset: ``harbour-raids`` → ``harbour_raids``."""
    return ruleset_id.replace("-", "_")


def window_class_of(ruleset_id: str) -> str:
    """The window adapter's class name: ``harbour-raids`` → ``HarbourRaidsUI``."""
    return "".join(part.capitalize() for part in ruleset_id.split("-")) + "UI"


_REGISTRY: dict[str, Ruleset[Any]] = {}
_PROVIDED: dict[str, Provided] = {}
"""Ruleset id → where its parts live, each imported on first use: a command that needs one
ruleset (``mineboard odds harbour-raids``) loads neither the others nor the map libraries."""


def provide(ruleset_id: str, *, odds: str | None = None, rules: str | None = None,
            window: str | None = None) -> Provided:
    """Name ruleset ``ruleset_id`` and where its parts live, importing none of them.

    ``odds``: the class name of its odds query in its ``odds`` module (None: it has none).
    ``rules`` and ``window``: the packages of its two folders, for a ruleset that lives
    elsewhere than ``mineboard/rules/<folder>/`` and ``mineboard/qt/<folder>/`` (a ruleset
    written for the tests, under ``tests/``)."""
    if ruleset_id in _PROVIDED or ruleset_id in _REGISTRY:
        raise ValueError(f"ruleset {ruleset_id!r} provided twice")
    folder = folder_of(ruleset_id)
    rules = rules or f"mineboard.rules.{folder}"
    window = window or f"mineboard.qt.{folder}"
    provided = Provided(rules=f"{rules}.ruleset:RULESET",
                        window=f"{window}:{window_class_of(ruleset_id)}",
                        kit=f"{rules}.conformance:KIT",
                        odds=None if odds is None else f"{rules}.odds:{odds}")
    _PROVIDED[ruleset_id] = provided
    return provided


def forget(ruleset_id: str) -> None:
    """Unname a ruleset: for a test that provides one of its own for a while."""
    _PROVIDED.pop(ruleset_id, None)
    _REGISTRY.pop(ruleset_id, None)


NAMED_IN = "mineboard.rules"
"""The package whose ``__init__`` names every ruleset, one :func:`provide` line each."""


def _named() -> None:
    """Every question to the registry first has the rulesets named (a cheap import)."""
    importlib.import_module(NAMED_IN)


def _load(target: str) -> Any:
    module, _, attribute = target.partition(":")
    return getattr(importlib.import_module(module), attribute)


def provided(ruleset_id: str, where: str = "ruleset") -> Provided:
    """Where the parts of ``ruleset_id`` live; BadInput names the rulesets there are."""
    _named()
    try:
        return _PROVIDED[ruleset_id]
    except KeyError:
        raise BadInput(where, f"unknown ruleset {ruleset_id!r} "
                              f"(known: {', '.join(ruleset_ids()) or 'none'})") from None


def odds_query(ruleset_id: str) -> type[OddsQuery] | None:
    """The odds query of a ruleset, importing only its module: ``mineboard odds`` is a
    quick command, and the rest of a ruleset (its map, its planning) is not needed."""
    _named()
    target = _PROVIDED[ruleset_id].odds if ruleset_id in _PROVIDED else None
    if target is not None:
        query: type[OddsQuery] = _load(target)
        return query
    return get_ruleset(ruleset_id).odds_query


def window_target(ruleset_id: str) -> str | None:
    """``module:class`` of the ruleset's window adapter (None: no such ruleset). Only the
    window imports it."""
    _named()
    found = _PROVIDED.get(ruleset_id)
    return None if found is None else found.window


def conformance_kit(ruleset_id: str) -> Any:
    """The ruleset's conformance kit (``mineboard.rules.common.conformance.Kit``): what the
    conformance suite needs to play it. Only the tests ask for it."""
    return _load(provided(ruleset_id).kit)


def register(ruleset: Ruleset[Any]) -> Ruleset[Any]:
    if ruleset.id in _REGISTRY:
        raise ValueError(f"ruleset {ruleset.id!r} registered twice")
    _REGISTRY[ruleset.id] = ruleset
    return ruleset


def ruleset_ids() -> list[str]:
    """Every ruleset id known, loaded or not."""
    _named()
    return sorted(set(_PROVIDED) | set(_REGISTRY))


def registered() -> dict[str, Ruleset[Any]]:
    """Every ruleset, each loaded now if it was not yet."""
    return {rid: get_ruleset(rid) for rid in ruleset_ids()}


def get_ruleset(ruleset_id: str, where: str = "ruleset") -> Ruleset[Any]:
    _named()
    if ruleset_id not in _REGISTRY and ruleset_id in _PROVIDED:
        target = _PROVIDED[ruleset_id].rules
        ruleset = _load(target)
        if ruleset.id != ruleset_id:
            raise ValueError(f"{target} defines {ruleset.id!r}, not {ruleset_id!r}")
        register(ruleset)
    try:
        return _REGISTRY[ruleset_id]
    except KeyError:
        known = ", ".join(ruleset_ids()) or "none"
        raise BadInput(where, f"unknown ruleset {ruleset_id!r} (known: {known})") from None
