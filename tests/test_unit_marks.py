"""A unit's status (pinned, broken, immobilised, inverted) and facing on its counter: the
letters on a dark badge and the notch toward its front, read from the Picture a ruleset's
window code builds; and the grouping of units into stacks that every ruleset's picture uses.
The three rulesets set neither field, so their screens are as they were."""

from __future__ import annotations

from PySide6.QtGui import QColor, QImage

from mineboard.maps.geojson import board_from_json
from mineboard.maps.hexgrid import HexGrid, Layout
from mineboard.qt.maps.hexes import HexScene
from mineboard.qt.maps.items import STATUS_BACK, Art, Caption, stack_art
from mineboard.qt.maps.picture import (
    BROKEN,
    IMMOBILISED,
    INVERTED,
    PINNED,
    Picture,
    StackMark,
    UnitMark,
)
from mineboard.qt.plugin import group_by, hexside_facing, stacks
from mineboard.qt.registry import ui_for
from tests.conftest import game, imperium, jutland
from tests.test_map_kinds import narrows


def scene(qapp) -> HexScene:
    return HexScene(board_from_json(narrows(), "narrows"), lambda _owner: QColor("#0072B2"))


def marked_picture() -> Picture:
    """Four stacks: a pinned and broken squad facing a hexside, an immobilised tank facing
    straight down, an inverted counter with no facing, and a plain one."""
    return Picture(owners=("US", "DE"), stacks=[
        StackMark("0202", "US", (UnitMark("u1", "destroyer", "Squad", status=(PINNED, BROKEN),
                                          facing=60.0), UnitMark("u2", "cruiser", "HMG"))),
        StackMark("0404", "DE", (UnitMark("t1", "battleship", "Tank", status=(IMMOBILISED,),
                                          facing=180.0),)),
        StackMark("0303", "DE", (UnitMark("c1", "cruiser", "Column", status=(INVERTED,)),)),
        StackMark("0502", "US", (UnitMark("p1", "destroyer", "Plain"),))])


def test_a_stack_carries_its_top_units_status_letters_and_facing(qapp):
    s = scene(qapp)
    s.show(marked_picture())
    got = {key: (item.badge, item.facing) for key, item in s.stacks.items()}
    assert got == {("0202", "US"): ("PB", 60.0), ("0404", "DE"): ("I", 180.0),
                   ("0303", "DE"): ("Inv", None), ("0502", "US"): ("", None)}


def test_the_statuses_read_as_letters_in_the_order_given():
    assert [s.word for s in (PINNED, BROKEN, IMMOBILISED, INVERTED)] == \
        ["pinned", "broken", "immobilised", "inverted"]
    assert UnitMark("a", "b", "c", status=(BROKEN, PINNED)).badge == "BP"
    assert UnitMark("a", "b", "c").badge == ""


def test_hexside_facing_points_at_the_neighbour_on_flat_and_pointy_grids():
    flat, pointy = (HexGrid(3, 3, Layout(o, 10.0)) for o in ("flat", "pointy"))
    assert [hexside_facing(flat, d) for d in range(6)] == [120, 60, 0, 300, 240, 180]
    assert [hexside_facing(pointy, d) for d in range(6)] == [90, 30, 330, 270, 210, 150]


def pixel(art: Art, x: float, y: float) -> QColor:
    """The colour of the pixel whose top left corner lies at (x, y) from the art's anchor,
    in logical pixels (the art is drawn at ratio 1)."""
    pixmap, offset = art
    image: QImage = pixmap.toImage()
    return image.pixelColor(int(x - offset.x()), int(y - offset.y()))


def test_the_badge_and_the_notch_are_drawn_dark_where_they_belong(qapp):
    """The top counter's square runs from (-21, -21) to (13, 13) about the anchor, its
    centre at (-4, -4): the badge covers its top left corner; a notch facing right (90°)
    points at the right rim from inside, its dark core along the middle height (from x = 3
    to its point at 12); facing left, it lies as far the other way."""
    caption = Caption("", "Squad")
    plain = stack_art(("destroyer",), caption, "#0072B2", 1, False, 1.0)
    marked = stack_art(("destroyer",), caption, "#0072B2", 1, False, 1.0, 34, "P", 90.0)
    assert pixel(marked, -23, -19) == STATUS_BACK
    assert pixel(plain, -23, -19) != STATUS_BACK
    assert pixel(marked, 5, -4) == STATUS_BACK
    assert pixel(plain, 5, -4) != STATUS_BACK
    facing_left = stack_art(("destroyer",), caption, "#0072B2", 1, False, 1.0, 34, "", 270.0)
    assert pixel(facing_left, 5, -4) != STATUS_BACK
    assert pixel(facing_left, -14, -4) == STATUS_BACK
    assert pixel(plain, -14, -4) != STATUS_BACK


def test_the_three_rulesets_set_no_status_and_no_facing(qapp):
    for g in (game(), jutland(), imperium()):
        marks = [u for stack in ui_for(g.ruleset.id).draw(g.state).stacks for u in stack.units]
        assert marks and all(u.status == () and u.facing is None for u in marks), g.ruleset.id


def test_group_by_keeps_the_order_first_met_and_leaves_out_none():
    words = ["bb", "a", "cc", "d", None, "ee"]
    assert group_by(words, lambda w: None if w is None else len(w)) == \
        {2: ["bb", "cc", "ee"], 1: ["a", "d"]}


def test_stacks_group_by_place_and_owner_with_every_items_marks_and_the_tip():
    fleets = [("F1", "halcyon", "Imperial", ("cruiser", "destroyer")),
              ("F2", "lumen", "Terran", ("scout",)),
              ("F3", "halcyon", "Imperial", ("tanker",)),
              ("F4", None, "Terran", ("lost",))]
    made = stacks(fleets, lambda f: None if f[1] is None else (f[1], f[2]),
                  lambda f: [UnitMark(f[0], art, art) for art in f[3]],
                  lambda place, owner, group: f"{owner} at {place}: "
                                              + ", ".join(f[0] for f in group))
    assert [(m.place, m.owner, [(u.id, u.art) for u in m.units], m.tip) for m in made] == [
        ("halcyon", "Imperial", [("F1", "cruiser"), ("F1", "destroyer"), ("F3", "tanker")],
         "Imperial at halcyon: F1, F3"),
        ("lumen", "Terran", [("F2", "scout")], "Terran at lumen: F2")]
