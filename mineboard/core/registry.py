"""Which rulesets exist and where each lives, loaded on first use.

A ruleset module pulls in its state, effects, planning and the map model; the odds
command needs one small module of one ruleset. So ``mineboard/rules/__init__.py`` only
*names* them here (:func:`provide`), and this module imports nothing but the error type:
asking for a ruleset or its odds query imports exactly what that needs.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from mineboard.core.errors import BadInput

if TYPE_CHECKING:
    from mineboard.core.ruleset import OddsQuery, Ruleset


_REGISTRY: dict[str, Ruleset[Any]] = {}
_PROVIDERS: dict[str, str] = {}
"""Ruleset id → ``"module:attribute"`` of its Ruleset, imported on first use: a command
that needs one ruleset (``mineboard odds naval-lines``) loads neither the others nor the
map libraries."""


_ODDS: dict[str, str] = {}
"""Ruleset id → ``"module:attribute"`` of its odds query (see :attr:`Ruleset.odds_query`)."""


def provide(ruleset_id: str, target: str, odds: str | None = None) -> None:
    """Name where ruleset ``ruleset_id`` is defined, and its odds query if it has one,
    without importing either."""
    _PROVIDERS[ruleset_id] = target
    if odds is not None:
        _ODDS[ruleset_id] = odds


def odds_query(ruleset_id: str) -> type[OddsQuery] | None:
    """The odds query of a ruleset, importing only its module: ``mineboard odds`` is a
    quick command, and the rest of a ruleset (its map, its planning) is not needed."""
    if ruleset_id in _ODDS:
        module, _, attribute = _ODDS[ruleset_id].partition(":")
        query: type[OddsQuery] = getattr(importlib.import_module(module), attribute)
        return query
    return get_ruleset(ruleset_id).odds_query


def register(ruleset: Ruleset[Any]) -> Ruleset[Any]:
    if ruleset.id in _REGISTRY:
        raise ValueError(f"ruleset {ruleset.id!r} registered twice")
    _REGISTRY[ruleset.id] = ruleset
    return ruleset


def ruleset_ids() -> list[str]:
    """Every ruleset id known, loaded or not."""
    return sorted(set(_PROVIDERS) | set(_REGISTRY))


def registered() -> dict[str, Ruleset[Any]]:
    """Every ruleset, each loaded now if it was not yet."""
    return {rid: get_ruleset(rid) for rid in ruleset_ids()}


def get_ruleset(ruleset_id: str, where: str = "ruleset") -> Ruleset[Any]:
    if ruleset_id not in _REGISTRY and ruleset_id in _PROVIDERS:
        module, _, attribute = _PROVIDERS[ruleset_id].partition(":")
        ruleset = getattr(importlib.import_module(module), attribute)
        if ruleset.id != ruleset_id:
            raise ValueError(f"{_PROVIDERS[ruleset_id]} defines {ruleset.id!r}, "
                             f"not {ruleset_id!r}")
        register(ruleset)
    try:
        return _REGISTRY[ruleset_id]
    except KeyError:
        known = ", ".join(ruleset_ids()) or "none"
        raise BadInput(where, f"unknown ruleset {ruleset_id!r} (known: {known})") from None
