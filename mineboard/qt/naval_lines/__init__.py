"""naval-lines in the window: sea zones, mined lines, ships in stacks."""

from mineboard.qt.naval_lines.ui import NavalLinesUI

__all__ = ["NavalLinesUI"]
