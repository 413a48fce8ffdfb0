"""The map modules import one another in one direction only (issue 24, item 12): a circle
(maps.labels ↔ maps.model was one) means neither can be read, tested or loaded without the
other, and an import inside a function hid it from import-linter's layers."""

from __future__ import annotations

import grimp
import networkx as nx


def test_no_import_cycle_inside_mineboard_maps():
    # Imports inside functions and under TYPE_CHECKING count too: a lazy import is still an
    # import, only later.
    graph = grimp.build_graph("mineboard")
    maps = sorted(m for m in graph.modules if m.startswith("mineboard.maps."))
    imports = nx.DiGraph()
    imports.add_nodes_from(maps)
    imports.add_edges_from((m, other) for m in maps
                           for other in graph.find_modules_directly_imported_by(m)
                           if other.startswith("mineboard.maps."))
    assert list(nx.simple_cycles(imports)) == []
    assert len(maps) > 5  # the walk saw the package, not an empty graph
