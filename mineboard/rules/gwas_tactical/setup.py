"""Counter setup arithmetic: how many more mine counters the GT-07 minimums still need.

A side must end setup with every counter placed (GT-08), at most half of them mines (GT-04),
and at least two mines near each completed minefield's hexside and one near each logged one
(GT-07). A placement that makes those impossible together would leave the side with no way
to finish setup, so it is refused — and a scenario whose minimums exceed its mine cap is
refused at load. A hex near two boundaries (a corner of the ring) serves both, so the count
is the fewest mines that cover every shortfall, found exactly by a small search.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from mineboard.maps.hexgrid import Hex
from mineboard.rules.gwas_tactical.state import GtState, Logsheet

NEVER = 10**6
"""What :func:`mines_still_needed` answers when some minimum has no open hex near it."""


def minimums(log: Logsheet) -> dict[str, int]:
    """GT-07: boundary → mine counters needed within two hexes of its shaded hexside."""
    return {**{b: 2 for b in log.minefields}, **{b: 1 for b in log.open_logs()}}


def room_for_mines(log: Logsheet, mines: int, dummies: int) -> int:
    """More mine counters that still fit both the budget (GT-03) and the half cap (GT-04):
    the one number every "can setup still end?" question compares the minimums with."""
    return min(log.budget - mines - dummies, log.max_mines - mines)


def hexside_name(state: GtState, boundary: str) -> str:
    seg = state.ring.segment_of_boundary(boundary)
    return f"the {seg.name if seg else boundary} shaded hexside ({boundary})"


def unmineable(state: GtState, side: str) -> list[str]:
    """The side's GT-07 boundaries with no hex near them free of enemy ships (GT-05): no
    budget can meet those minimums, so the refusal names the boundary, not a count."""
    wanted = tuple(sorted(minimums(state.logs[side])))
    covers = _covers(state, wanted, _blocked(state, side))
    return [b for i, b in enumerate(wanted) if not any(c[i] for c in covers)]


def mines_still_needed(state: GtState, side: str, extra: Hex | None = None) -> int:
    """The fewest more mine counters that meet the side's GT-07 minimums (after placing a
    mine at ``extra``, if given)."""
    log = state.logs[side]
    own = [state.hex_of(c.hex) for c in state.counters if c.owner == side and c.mine]
    if extra is not None:
        own.append(extra)
    short = {b: max(0, need - sum(1 for h in own if state.ring.near(h, [b])))
             for b, need in minimums(log).items()}
    wanted = tuple(sorted(b for b, n in short.items() if n))
    if not wanted:
        return 0
    covers = _covers(state, wanted, _blocked(state, side))
    return _fewest(tuple(short[b] for b in wanted), covers)


def _blocked(state: GtState, side: str) -> frozenset[str]:
    """Hexes holding enemy ships, where no counter of the side may go (GT-05)."""
    return frozenset(s.hex for s in state.ships.values()
                     if s.side != side and s.hex is not None)


def _covers(state: GtState, boundaries: tuple[str, ...],
            blocked: frozenset[str]) -> tuple[tuple[int, ...], ...]:
    """Which boundaries one mine can serve at once, for each kind of hex open to a mine."""
    key = (state.board.id, boundaries, blocked)
    cached = _COVERS.get(key)
    if cached is None:
        kinds = set()
        for h in state.grid.hexes():
            if state.grid.label(h) in blocked:
                continue
            kind = tuple(int(state.ring.near(h, [b])) for b in boundaries)
            if any(kind):
                kinds.add(kind)
        cached = tuple(sorted(kinds, reverse=True))
        _COVERS[key] = cached
    return cached


_COVERS: dict[tuple[str, tuple[str, ...], frozenset[str]], tuple[tuple[int, ...], ...]] = {}


@lru_cache(maxsize=4096)
def _fewest(short: tuple[int, ...], covers: tuple[tuple[int, ...], ...]) -> int:
    if not any(short):
        return 0
    usable = [c for c in covers if any(c[i] and short[i] for i in range(len(short)))]
    if not usable:
        return NEVER  # some boundary has no open hex near it: it can never be met
    first = next(i for i, n in enumerate(short) if n)
    serving = [c for c in usable if c[first]]
    if not serving:
        return NEVER
    return 1 + min(_fewest(_minus(short, c), covers) for c in serving)


def _minus(short: tuple[int, ...], cover: Iterable[int]) -> tuple[int, ...]:
    return tuple(max(0, n - c) for n, c in zip(short, cover, strict=True))
