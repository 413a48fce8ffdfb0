"""Python's cycle collector held off while a large structure is built.

Loading the awaw Europe map makes some 100,000 objects (a place per hex, a way per
hexside, a step per direction of each), none of them garbage. Every 700 new objects the
collector looks at the young ones, and every hundred of those looks at every object the
program holds: one to three such full looks while that map and its water graph loaded,
each walking the boards already loaded, took 100–250 ms of its 400–700. Held off, it looks
once at the young objects when the building is done.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collection_paused() -> Iterator[None]:
    """No cycle collection inside the block, and the collector as it was after it (left
    off if it was off: a caller that turned it off keeps it off)."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
