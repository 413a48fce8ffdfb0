"""imperium-mines in the window: the star map, fleets, face-down minefield counters."""

from mineboard.qt.imperium_mines.ui import ImperiumMinesUI

__all__ = ["ImperiumMinesUI"]
