"""(to be written: see parts.py)"""

from __future__ import annotations

from mineboard.rules.awaw_naval.parts import Part

PART = Part()
