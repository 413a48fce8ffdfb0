"""A hex grid's labels looked up both ways while its map loads.

A map file names hexes by label — each ``hex`` feature, each hexside of a strait, each
port's hex — and the awaw Europe map had some 8,000 labels read one at a time
(``HexGrid.from_label``: board by board, the scheme's digits checked), and as many written
(``HexGrid.label``). The index holds every hex's label, written once a column and a row at
a time (``HexGrid.labels``), and the way back; what it does not hold is asked of the grid,
so every answer and every error line is the grid's own.
"""

from __future__ import annotations

from dataclasses import dataclass

from mineboard.maps.hexgrid import Hex, HexGrid, Hexside, side_between


@dataclass(frozen=True, slots=True)
class LabelIndex:
    """Every hex's label and the way back; of its ``grid`` only the boards and the layout
    are asked, which the map's terrain, laid on the grid later, does not change."""

    grid: HexGrid
    labels: dict[Hex, str]
    """Every hex of the grid → its label, in the order of ``HexGrid.hexes``."""
    hexes: dict[str, Hex]
    """Label → hex, where that is what ``HexGrid.from_label`` answers: on a map of one board
    each label names the hex it labels. Empty on joined boards, whose labels go to the grid
    (a shared hex answers to a later board's label too, and the first board to read a
    label claims it)."""

    @classmethod
    def of(cls, grid: HexGrid) -> LabelIndex:
        labels = grid.labels()
        hexes = {label: h for h, label in labels.items()} if len(grid.boards) == 1 else {}
        return cls(grid, labels, hexes)

    def hex(self, label: str) -> Hex:
        """The hex ``label`` names, or the ValueError saying why none (as
        ``HexGrid.from_label``)."""
        h = self.hexes.get(label) if isinstance(label, str) else None
        return h if h is not None else self.grid.from_label(label)

    def label(self, h: Hex) -> str:
        """The label of ``h`` (as ``HexGrid.label``)."""
        found = self.labels.get(h)
        return found if found is not None else self.grid.label(h)

    def hexside_between(self, a: str, b: str) -> Hexside:
        """The hexside between the hexes labelled ``a`` and ``b`` (as
        ``HexGrid.hexside_between``)."""
        return side_between(self.hex(a), self.hex(b), a, b)
