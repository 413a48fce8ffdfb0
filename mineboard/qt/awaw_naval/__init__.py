"""awaw-naval in the window: fleets by port and box with their factors, nations and badges,
port loads, straits open or closed for the viewer, who holds the key hexes, and base
changes planned by clicks and declared together."""

from mineboard.qt.awaw_naval.ui import AwawNavalUI

__all__ = ["AwawNavalUI"]
