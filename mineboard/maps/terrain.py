"""A hex map's terrain as data: each hex's base terrain and features, each hexside's
features, gathered from what the designer painted (maps.painted) and what the file states
hex by hex (``hex`` features) and hexside by hexside (``hexsides`` features with
``features``).

Stated beats painted: a ``hex`` feature's ``terrain`` replaces a painted one, and its
``features`` join the painted ones, as do a ``hexsides`` feature's. The result lives on the
grid (``HexGrid.overrides`` and ``HexGrid.sides``), which the scene draws from, and on the
places' and ways' ``props``, which the rules read.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from mineboard.maps.hex_index import LabelIndex
from mineboard.maps.hexgrid import HexGrid, Hexside
from mineboard.maps.model import EdgeSet, Place
from mineboard.maps.painted import BoardShapes, Painted, paint


def names_of(f: Place, problems: list[str]) -> list[str]:
    """A feature's ``features``: a list of names (road, building, stream, …)."""
    raw = f.props.get("features", [])
    if not isinstance(raw, list) or not all(isinstance(x, str) and x for x in raw):
        problems.append(f"feature {f.id}: features must be a list of names (road, "
                        "building, stream, …)")
        return []
    return list(dict.fromkeys(raw))


def painted_terrain(grid: HexGrid, painted: Iterable[Place], problems: list[str]) -> Painted:
    """What the painted features set, in file order (the last terrain painted wins)."""
    out = Painted()
    features = list(painted)
    if features:
        shapes = BoardShapes(grid)
        for f in features:
            paint(shapes, f, out, problems)
    return out


def hex_overrides(index: LabelIndex, painted: Painted, stated: Iterable[Place],
                  problems: list[str]) -> dict[str, dict[str, Any]]:
    """Label → ``terrain`` and ``features`` of every hex that is not plain default."""
    out: dict[str, dict[str, Any]] = {}
    for h, terrain in painted.terrain.items():
        out.setdefault(index.label(h), {})["terrain"] = terrain
    for h, names in painted.features.items():
        out.setdefault(index.label(h), {})["features"] = tuple(names)
    for f in stated:
        label = str(f.props.get("label", f.id))
        try:
            label = index.label(index.hex(label))  # a shared hex by its own label
        except ValueError as exc:
            problems.append(f"feature {f.id}: {exc}")
            continue
        entry = out.setdefault(label, {})
        if "terrain" in f.props:
            entry["terrain"] = f.props["terrain"]
        names = names_of(f, problems)
        if names:
            entry["features"] = tuple(dict.fromkeys([*entry.get("features", ()), *names]))
    return out


def side_features(index: LabelIndex, painted: Painted, stated: Mapping[str, Place],
                  edge_sets: Mapping[str, EdgeSet], problems: list[str]
                  ) -> dict[Hexside, tuple[str, ...]]:
    """Hexside → its features: the painted ones, then those of ``hexsides`` features
    (``stated``, by id) on each hexside of their edge set."""
    out = {side: list(names) for side, names in painted.sides.items()}
    for fid, f in stated.items():
        names = names_of(f, problems)
        if not names or fid not in edge_sets:
            continue
        for way in edge_sets[fid].ways:
            side = index.hexside_between(*way.split("|"))
            have = out.setdefault(side, [])
            have.extend(n for n in names if n not in have)
    return {side: tuple(names) for side, names in out.items()}
