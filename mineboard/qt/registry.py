"""The window code of each ruleset, found by the ruleset's id.

The core registry (:mod:`mineboard.core.registry`) names where each ruleset's window adapter
lives, as a string; this module imports it on first use, so starting one game never loads
the others' window code. There is no second list of rulesets here.
"""

from __future__ import annotations

import importlib
from typing import Any

from mineboard.core.errors import BadInput
from mineboard.core.registry import ruleset_ids, window_target
from mineboard.qt.plugin import RulesetUI


def known() -> list[str]:
    """Every ruleset the window can open: all of them, as each has a window adapter."""
    return ruleset_ids()


def ui_for(ruleset_id: str) -> RulesetUI[Any]:
    """A fresh window adapter for ``ruleset_id``; BadInput names the ones there are."""
    target = window_target(ruleset_id)
    if target is None:
        raise BadInput("ruleset", f"no window for ruleset {ruleset_id!r} "
                                  f"(known: {', '.join(known())})")
    module, _, name = target.partition(":")
    cls = getattr(importlib.import_module(module), name)
    ui = cls()
    assert isinstance(ui, RulesetUI) and ui.ruleset_id == ruleset_id
    return ui
