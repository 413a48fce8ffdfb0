"""awaw-naval's Raider Table odds (issue 29's budget): the exact distribution for the
largest group the rules allow — the third group raiding a box, three ships, every
modifier at its most (the U.S. at war with Germany, 24 CVEs, two air-range results, the
defender's codebreaking advantage: up to 14 ship-type dice) — within 20 ms, cold.

Registered in :mod:`mineboard.bench` (this module imports nothing of it: no import circle).
"""

from __future__ import annotations

import time

RAIDER_MS = 20.0

LARGEST = {"groups": 3, "ships": 3, "at_war": True, "cves": 24, "air_range": 2,
           "codebreaking": 1}
"""The odds query of the largest group (``mineboard odds awaw-naval raider …``)."""


def largest_preview() -> object:
    """The preview the window and the command show for the largest group, cold."""
    from mineboard.rules.awaw_naval.odds import RaiderQuery
    from mineboard.rules.awaw_naval.raider_odds import count_of_a_face, faces_given

    count_of_a_face.cache_clear()
    faces_given.cache_clear()
    return RaiderQuery("raider", **LARGEST).preview()  # type: ignore[arg-type]


def raider_odds() -> float:
    """Exact Raider Table odds of the largest group, cold (AW-178…AW-184)."""
    start = time.perf_counter()
    largest_preview()
    return time.perf_counter() - start
