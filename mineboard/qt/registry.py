"""The window code of each ruleset, found by the ruleset's id.

Entries are imported on first use, so starting one game never loads the others' window
code. Adding a ruleset's window means one line here and one folder beside this file.
"""

from __future__ import annotations

import importlib
from typing import Any

from mineboard.core.errors import BadInput
from mineboard.qt.plugin import RulesetUI

_UIS: dict[str, str] = {
    "naval-lines": "mineboard.qt.naval_lines:NavalLinesUI",
    "gwas-tactical": "mineboard.qt.gwas_tactical:GwasTacticalUI",
    "imperium-mines": "mineboard.qt.imperium_mines:ImperiumMinesUI",
}


def known() -> list[str]:
    return sorted(_UIS)


def ui_for(ruleset_id: str) -> RulesetUI[Any]:
    """A fresh window adapter for ``ruleset_id``; BadInput names the ones there are."""
    target = _UIS.get(ruleset_id)
    if target is None:
        raise BadInput("ruleset", f"no window for ruleset {ruleset_id!r} "
                                  f"(known: {', '.join(known())})")
    module, name = target.split(":")
    cls = getattr(importlib.import_module(module), name)
    ui = cls()
    assert isinstance(ui, RulesetUI) and ui.ruleset_id == ruleset_id
    return ui
