""""Within naval range" (AW-241): 21.3615C and 21.3616E let units on an island within naval
range of the Hawaiian Islands (or of Japan) come back under escort, without defining the
range. The reading: the island lies within the offensive mission range — 20 Pacific hexes
by water (theatres.json's mission figure) — of a port of that island group."""

from __future__ import annotations

from mineboard.rules.awaw_naval import reach, water
from mineboard.rules.awaw_naval.state import AwState


def ports_of_group(state: AwState, group: str) -> list[str]:
    """The ports (map ports and port counters) whose hex lies in island group ``group``."""
    out = [p.id for p in state.board.places_of("port")
           if water.group_of(state, p.id) == group]
    return out + [b for b in state.built_ports if water.group_of(state, b) == group]


def nearest(state: AwState, nation: str, place: str, group: str) -> tuple[int, str] | None:
    """(hexes by water, port) of the group's port nearest ``place``; None: none reachable."""
    best: tuple[int, str] | None = None
    for port in ports_of_group(state, group):
        far = reach.distance(state, nation, port, place)
        if far is not None and (best is None or (far, port) < best):
            best = (far, port)
    return best


def within(state: AwState, nation: str, place: str, group: str) -> bool:
    """Whether ``place`` lies within naval range of island group ``group`` (AW-241)."""
    found = nearest(state, nation, place, group)
    if found is None:
        return False
    return found[0] <= reach.figures(state, found[1], place).range
