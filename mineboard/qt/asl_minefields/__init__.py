"""asl-minefields in the window: squads, leaders and vehicles with their status badges,
minefield markers (the owner's secret ones dashed, revealed ones solid, an unknown strength
a "?"), Trail Breaks, and beside the map the viewing side's pool and record."""

from mineboard.qt.asl_minefields.ui import AslMinefieldsUI

__all__ = ["AslMinefieldsUI"]
