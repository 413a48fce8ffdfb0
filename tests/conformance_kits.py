"""Every registered ruleset's conformance kit, found through the registry.

A kit lives beside its ruleset (``KIT`` in ``<its rules package>.conformance``; the types in
:mod:`mineboard.rules.common.conformance`), so a new ruleset edits no test: ``KITS`` is a
live view of the registry, a ruleset provided by a test included.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from mineboard.core.registry import conformance_kit, ruleset_ids
from mineboard.rules.common.conformance import Kit, Order, Pair, Variant

__all__ = ["KITS", "Kit", "Order", "Pair", "Variant"]


class _Kits(Mapping[str, Kit]):
    def __getitem__(self, ruleset_id: str) -> Kit:
        if ruleset_id not in ruleset_ids():
            raise KeyError(ruleset_id)
        kit: Kit = conformance_kit(ruleset_id)
        return kit

    def __iter__(self) -> Iterator[str]:
        return iter(ruleset_ids())

    def __len__(self) -> int:
        return len(ruleset_ids())


KITS: Mapping[str, Kit] = _Kits()
