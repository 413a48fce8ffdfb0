"""A hex map's ports, off-board boxes, hexside sets and regions on screen: drawn, pointed at,
clicked, and holding stacks like any place (what AWAW's naval map needs)."""

from __future__ import annotations

from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QTransform

from mineboard.maps.geojson import board_from_json
from mineboard.qt.maps.hexes import HexScene
from mineboard.qt.maps.picture import Picture, StackMark, UnitMark
from mineboard.qt.maps.scene import Hit
from tests.test_map_kinds import narrows


def scene(qapp) -> HexScene:
    return HexScene(board_from_json(narrows(), "narrows"), lambda _owner: QColor("#0072B2"))


def test_ports_boxes_sets_and_regions_are_drawn_where_the_map_says(qapp):
    s = scene(qapp)
    assert sorted(s.ports) == ["P1", "P2"] and sorted(s.boxes) == ["B1", "B2"]
    assert list(s.bands) == ["S1"] and list(s.regions) == ["R1"]
    assert s.point_of(s.board.ref("P2")) == QPointF(58, 66)  # its own point
    harwich, hex_centre = s.point_of(s.board.ref("P1")), s.anchors["0303"]
    assert harwich != hex_centre and (harwich - hex_centre).manhattanLength() < 10
    atlantic = s.boxes["B1"].path().boundingRect()
    assert atlantic.contains(QPointF(-40, 20)) and s.sceneRect().contains(atlantic)


def test_units_in_a_box_or_a_port_are_stacks_that_a_click_finds(qapp):
    s = scene(qapp)
    s.show(Picture(owners=("US",), stacks=[
        StackMark("B1", "US", (UnitMark("TF1", "destroyer", "DD"),)),
        StackMark("P1", "US", (UnitMark("TF2", "cruiser", "CA"),))]))
    assert s.stacks[("B1", "US")].pos() == s.anchors["B1"]
    assert s.hit(s.stacks[("P1", "US")].pos(), QTransform()) == Hit(s.board.ref("P1"), "US")
    empty_part_of_box = s.boxes["B2"].path().boundingRect().topLeft() + QPointF(3, 3)
    assert s.hit(empty_part_of_box, QTransform()) == Hit(s.board.ref("B2"))


def test_a_box_lights_up_as_a_target(qapp):
    s = scene(qapp)
    s.set_targets([s.board.ref("B2")])
    assert s.highlight.path().boundingRect() == s.boxes["B2"].path().boundingRect()
    s.set_targets([])
    assert s.highlight.path().isEmpty()
