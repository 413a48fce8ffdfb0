"""gwas-tactical in the window: the tactical hex map, counters, the side's logsheet."""

from mineboard.qt.gwas_tactical.ui import GwasTacticalUI

__all__ = ["GwasTacticalUI"]
