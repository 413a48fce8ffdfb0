"""asl-minefields: see parts.py for what this part holds (to be written)."""

from __future__ import annotations

from mineboard.rules.asl_minefields.parts import Part

PART = Part()
