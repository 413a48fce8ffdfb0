"""One scene per kind of map (areas, hexes, points), drawing a ruleset's picture of a view."""
