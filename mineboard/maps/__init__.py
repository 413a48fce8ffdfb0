"""Maps as one thing for the rules: a graph of places joined by ways, with geometry beside it.

Area maps (sea-zone polygons), hex grids and point maps (star systems) all load into a
:class:`~mineboard.maps.model.BoardMap`. No Qt here; the GUI draws from the geometry.
"""
