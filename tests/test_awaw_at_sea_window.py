"""Forces at sea in the board window (issue 29): each is drawn where it is — a patrol at its
patrol hex, an invasion and its bombardment at the invasion hex, a raider group in its SW
box — badged "≈" (at sea) under a dashed tag naming whose it is and what it does, and no
longer at its port, whose tooltip says the port still counts it (AW-97). A shore bombardment is
ordered by clicks: the ships picked, the Activity option set, the invasion hex clicked once
to see the arithmetic (AW-159…AW-161) and again to order it.

Screenshots go to /tmp/awaw-at-sea-*.png (open them to judge the drawing)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QDialog, QDialogButtonBox, QListWidget

from mineboard.persistence.scenario import load_scenario, scenario_from_data
from mineboard.qt.awaw_naval.ui import AT_SEA
from mineboard.qt.session import GameSession
from mineboard.resources import maps_dir
from tests.qt_helpers import button, click, hover, shown_window, stack_point, zone_point
from tests.test_awaw_invasion_window import SCENARIO
from tests.test_awaw_raid_window import raid_scenario

pytestmark = pytest.mark.usefixtures("private_data_dir")

SHOTS = "/tmp/awaw-at-sea"


def tick_and_accept(offered: list[str], ticks: tuple[str, ...]) -> None:
    """The pick list a command opens: its rows read into ``offered``, ``ticks`` ticked,
    OK pressed (as the player does in the modal dialog)."""
    (dialog,) = [d for d in QApplication.topLevelWidgets()
                 if isinstance(d, QDialog) and d.isVisible()]
    rows = dialog.findChild(QListWidget)
    for i in range(rows.count()):
        item = rows.item(i)
        offered.append(item.text())
        if item.data(Qt.ItemDataRole.UserRole) in ticks:
            item.setCheckState(Qt.CheckState.Checked)
    dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()


def test_aw159_aw161_a_bombardment_ordered_by_clicks_shows_its_arithmetic_then_the_landing(
        qtbot):
    """dd carries 3 ground factors to hex 2712 (an invasion at sea); the cruiser and the
    destroyers of TF t2 at Tarn are picked, Activity set to Shore bombardment, and the
    invasion hex clicked: the odds dock shows 11 British naval factors ÷ 3 = 3 combat
    factors within DRM 2's cap of 2 × 3 = 6 (AW-159, AW-160) before anything is ordered;
    a second click orders it. The landing adds those 3 (attack 6), the ground combat's
    result is entered, and the invader ticks its 3 losses in the button's list: the cruiser
    sunk and a destroyer factor, gone from the stack at sea and from Tarn's load."""
    sc = scenario_from_data(SCENARIO, "window test", maps_dir() / "scenarios")
    game = sc.new_game(1)
    parse = game.ruleset.codec.parse
    game.play(parse({"kind": "invade", "ships": ["dd"], "target": "2712",
                     "troops": [{"id": "a", "factors": 3, "began_at": "tarn"}]}))
    w = shown_window(qtbot, GameSession(sc, game))
    w.view.zoom_by(2.5)
    w.view.centerOn(w.scene.anchors["2712"])
    # ---- the invasion force is at sea at its hex, not at Tarn (which still counts it)
    stack = w.scene.stacks[("2712", "Allies")]
    assert [u.id for u in stack.units] == ["dd"] and AT_SEA in stack.units[0].status
    assert "op1: Seaborne invasion at hex 2712, sailed from Tarn" in stack.toolTip()
    assert w.scene.sea_tags[("2712", "Allies")].mark.doing == "Invasion"
    assert {u.id for u in w.scene.stacks[("tarn", "Allies")].units} == {"ca", "b"}
    assert "6 factors of them at sea, still counted here for capacity (AW-97)" in \
        w.scene.port_tags["tarn"].toolTip()
    assert w.scene.port_tags["tarn"].mark.load == 17
    # ---- the bombarding ships picked at Tarn (dd at sea is not among them)
    click(qtbot, w, stack_point(w, "tarn", "Allies"))
    assert w.controller.chosen() == ["b", "ca"]
    combo = w.controls.widgets["activity"]
    combo.setCurrentIndex(combo.findData("shore_bombardment"))
    records = len(game.records)
    hover(w, "2712")
    click(qtbot, w, zone_point(w, "2712"))
    assert len(game.records) == records  # planned, not ordered: the arithmetic first
    preview = w.controller._odds.canvas.preview
    assert preview is not None and preview.title == "Shore bombardment of hex 2712"
    assert preview.rows == (
        "AW-154: 3 ground factors in the attack → bombardment ≤ 9, ground support ≤ 9",
        "AW-159: DRM 2 (Britain 11): 11 naval factors ÷ 3 = 3 combat factors, 2 left over",
        "AW-160: DRM 2 cap 2 × 3 = 6 → room 6: adds 3 (9 naval factors count)",
        "AW-160: bombardment adds 3 combat factors",
        "AW-154: attack 3 ground + 3 bombardment + 0 ground support = 6",
        "AW-147: attack 6 against defense 0 (hex empty: no odds limit)")
    assert "again or press Enter" in w.statusBar().currentMessage()
    click(qtbot, w, zone_point(w, "2712"))
    assert len(game.records) == records + 1
    op = game.state.ledger.operations["op2"]
    assert (op.activity, op.target, sorted(op.at_sea)) == ("shore_bombardment", "2712",
                                                           ["b", "ca"])
    assert w.controller.ruleset.summary(game.state)["invasions"]["op1"]["bombarding"] == \
        ["b", "ca"]
    # ---- all three at sea at the invasion hex; Tarn empty but counting them (AW-97)
    stack = w.scene.stacks[("2712", "Allies")]
    assert {u.id for u in stack.units} == {"dd", "b", "ca"}
    assert stack.toolTip().startswith("Allies AT SEA at hex 2712 — op1: Seaborne invasion at "
                                      "hex 2712, sailed from Tarn; troops a (3); not landed "
                                      "yet; bombarded by b, ca | op2: Shore bombardment")
    assert w.scene.sea_tags[("2712", "Allies")].mark.doing == "Invasion + Bombardment"
    assert ("tarn", "Allies") not in w.scene.stacks
    assert w.scene.port_tags["tarn"].mark.load == 17
    assert w.scene.port_tags["tarn"].mark.at_sea == 17  # "Tarn 17/50 · 17 at sea"
    qtbot.wait(20)
    w.grab().save(f"{SHOTS}-invasion.png")
    # ---- the landing: 3 ground + 3 bombardment; the result entered; 3 losses taken
    land = button(w, "Land invasion op1 at hex 2712")
    land.click()
    landing = w.controller.ruleset.summary(game.state)["invasions"]["op1"]
    assert (landing["attack"], landing["added"], landing["stage"]) == (6, 3, "landing")
    w.session.play(parse({"kind": "invasion_combat", "attacker_losses": 3}))
    w.session.play(parse({"kind": "accept_result"}))
    w.refresh()
    take = button(w, "Take 3 loss factors of invasion op1")
    assert take.isEnabled()
    # ticked in the button's list: the cruiser sunk (2 loss factors) and a destroyer factor
    # of b — the ships' share is capped by what bombardment added (3, AW-167)
    offered: list[str] = []
    QTimer.singleShot(0, lambda: tick_and_accept(offered, ("ca:ca", "dd:b:1")))
    take.click()
    assert "ca: sunk (2 loss factors)" in offered and "a (3 factors)" in offered
    state = game.state
    landing = w.controller.ruleset.summary(state)["invasions"]["op1"]
    assert landing["stage"] == "done"
    assert state.ships["ca"].eliminated and state.ships["b"].factors == 8
    stack = w.scene.stacks[("2712", "Allies")]
    assert {u.id for u in stack.units} == {"dd", "b"}
    assert "GB b: destroyers, 8 factors" in stack.toolTip() and "landed" in stack.toolTip()
    assert w.scene.port_tags["tarn"].mark.load == 14
    qtbot.wait(20)
    w.grab().save(f"{SHOTS}-landed.png")


def test_aw97_a_patrol_at_sea_is_drawn_at_its_patrol_hex_and_still_counted_at_its_port(qtbot):
    """Force H sails from Sundport to patrol hex 1606 (AW-93): its stack stands at 1606,
    badged "≈" under the tag "≈ GB at sea: Patrol"; Sundport's stack is gone, and its tag
    still counts the 12 factors at sea (AW-97)."""
    sc = load_scenario(maps_dir() / "scenarios" / "awaw-narrow-seas.json")
    w = shown_window(qtbot, GameSession(sc, sc.new_game(1)))
    game = w.session.game
    load = w.scene.port_tags["sundport"].mark.load
    click(qtbot, w, stack_point(w, "sundport", "Allies"))
    assert w.controller.chosen() == ["FH1", "FH2"]
    click(qtbot, w, zone_point(w, "1606"))
    assert game.state.ledger.operations["op1"].at_sea == ["FH1", "FH2"]
    stack = w.scene.stacks[("1606", "Allies")]
    assert [u.id for u in stack.units] == ["FH1", "FH2"]
    assert all(AT_SEA in u.status for u in stack.units)
    assert stack.units[0].badge == "≈InvTF"  # inverted too (AW-64), in task force Force H
    assert stack.pos() == w.scene.anchors["1606"]
    assert stack.toolTip().startswith(
        "Allies AT SEA at hex 1606 — op1: Patrol at hex 1606, sailed from Sundport")
    tag = w.scene.sea_tags[("1606", "Allies")]
    assert (tag.mark.nations, tag.mark.doing) == (("Britain",), "Patrol")
    assert tag.isVisible() and not tag.sceneBoundingRect().intersects(
        stack.sceneBoundingRect())
    assert ("sundport", "Allies") not in w.scene.stacks
    port = w.scene.port_tags["sundport"]
    assert port.mark.load == load
    assert "at sea, still counted here for capacity (AW-97): op1 Patrol at hex 1606 " \
           "(FH1, FH2)" in port.toolTip()
    qtbot.wait(20)
    w.grab().save(f"{SHOTS}-patrol-full.png")
    w.view.zoom_by(2.5)
    w.view.centerOn(w.scene.anchors["1606"])
    qtbot.wait(150)
    assert tag.isVisible() and not tag.sceneBoundingRect().intersects(
        stack.sceneBoundingRect())
    w.grab().save(f"{SHOTS}-patrol-near.png")


def test_aw175_a_raider_group_is_drawn_in_its_sw_box(qtbot):
    """The Bismarck and Prinz Eugen raid the Atlantic SW box: once sent on, the Axis
    group stands in the box (raider group 1), not at Wilhelmshaven."""
    sc = raid_scenario()
    w = shown_window(qtbot, GameSession(sc, sc.new_game(4)))
    game = w.session.game
    click(qtbot, w, stack_point(w, "wilhelmshaven", "Axis"))
    button(w, "Raid the Atlantic SW box").click()
    button(w, "Pass: no interception").click()
    button(w, "Send the raiders in the Atlantic SW box on").click()
    op = game.state.ledger.operations["op1"]
    assert (op.activity, op.at_sea) == ("raid", ["bis", "pe"])
    stack = w.scene.stacks[(op.target, "Axis")]
    assert [u.id for u in stack.units] == ["bis", "pe"]
    assert "op1: Raid at" in stack.toolTip() and "raider group 1" in stack.toolTip()
    assert "sailed from Wilhelmshaven" in stack.toolTip()
    assert ("wilhelmshaven", "Axis") not in w.scene.stacks
    assert w.scene.sea_tags[(op.target, "Axis")].mark.doing == "Raid"
    qtbot.wait(20)
    w.grab().save(f"{SHOTS}-raid.png")
