"""How much of anything mineboard reads: one place, so the limits are documented together
(docs/limits.md lists them) and a hostile file meets a clear refusal, not a machine that
swaps, hangs or crashes.

Each limit is far above what a real game needs: the bundled North Sea map is 3 MB, a long
naval game plays about 2,000 actions, the largest bundled scenario has 40 units.
"""

from __future__ import annotations

MAX_FILE_BYTES = 64 * 1024 * 1024
"""Any map, scenario, save or turn file; a file read is never longer than this."""

MAX_JSON_CONTAINERS = 1_000_000
"""Lists and objects in one file (the North Sea map has about 50,000): each costs Python
hundreds of bytes, so a file of nothing but ``[]`` would otherwise take gigabytes."""

MAX_INT_DIGITS = 40
"""Digits of a whole number in a file: a 128-bit dice seed has 39. (Fields then bound
their own values; this stops a number of thousands of digits before anything reads it.)"""

MAX_ACTIONS = 20_000
"""Actions in a save or turn file: replaying them is how a save is checked (about 1 ms
each), so a longer file would keep a player waiting."""

MAX_UNITS = 5_000
"""Units (ships, fleets' ships, counters) a scenario may start with."""

MAX_NAME_LENGTH = 64
"""Characters in a side's, nation's or unit's name."""

MAX_SEED = 100_000
"""A dice seed given by hand (``--seed``, the New Game dialog): tests and examples, so a
short number; fresh seeds are 128-bit secrets and never typed."""

MAX_TEXT_LENGTH = 4_000
"""Characters in a scenario's title, its public description or one side's briefing: a
few paragraphs, shown whole in a dialog."""
