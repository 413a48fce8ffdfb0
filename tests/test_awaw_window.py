"""awaw-naval in the board window (mineboard/qt/awaw_naval): fleets by port with their
factors, nations and badges, port loads, straits open or closed for each side, and a turn's
base changes planned by clicks and declared together as one batch (AW-03, AW-47).

Screenshots go to /tmp/awaw-window-*.png (open them to judge the drawing)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint

from mineboard.persistence.scenario import Scenario, load_scenario
from mineboard.qt.awaw_naval.ui import AwawNavalUI, AwPicture
from mineboard.qt.maps.picture import INVERTED
from mineboard.qt.session import GameSession
from mineboard.resources import maps_dir
from tests.qt_helpers import button, click, hover, shown_window, stack_point, unit_point, zone_point

pytestmark = pytest.mark.usefixtures("private_data_dir")

SHOTS = "/tmp/awaw-window"


def narrow_seas() -> Scenario:
    return load_scenario(maps_dir() / "scenarios" / "awaw-narrow-seas.json")


def test_the_picture_shows_ports_loads_badges_and_straits_for_each_side():
    state = narrow_seas().new_game(1).state
    picture = AwawNavalUI().draw(state)
    assert isinstance(picture, AwPicture)
    ports = {m.port: (m.holder, m.load, m.capacity) for m in picture.ports}
    assert ports["westhaven"] == ("Britain", 35, 100)  # a two-port hex holds 100 (AW-02)
    assert ports["skarth"] == ("Britain", 44, 50)
    assert ports["canalmouth"] == ("Italy", 8, 50)
    straits = {m.name: dict(m.open_to) for m in picture.straits}
    assert straits["Narrow Sound"] == {"Axis": False, "Allies": True}  # Sundport British
    assert straits["Twin Sound"] == {"Axis": False, "Allies": False}  # each side holds one
    assert straits["Long Cut (canal)"] == {"Axis": True, "Allies": False}
    held = {m.hex: m.holder for m in picture.held}
    assert held["4005"] == "Germany" and held["4108"] == "USSR" and held["3305"] == "Italy"
    stacks = {(s.place, s.owner): s for s in picture.stacks}
    top = stacks[("westhaven", "Allies")].units
    assert [u.id for u in top] == ["HF1", "HF2", "HF3"]
    assert (top[0].name, top[0].label) == ("GB HF1", "Battleship 18")
    assert "GB HF1: battleship, 18 factors, TF Home Fleet" in \
        stacks[("westhaven", "Allies")].tip
    assert picture.tips["atlantic-us"].endswith("(AW-07); 2 factors based")
    kessel = stacks[("kessel", "Allies")].units[0]
    assert kessel.status == (INVERTED,) and kessel.name == "SU R2"
    assert [s.letter for s in stacks[("brennock", "Axis")].units[0].status] == ["D"]
    assert "Westhaven: 35/100 naval factors" in picture.tips["westhaven"]


def test_aw47_two_base_changes_planned_by_clicks_and_declared_together(qtbot):
    """The Home Fleet (35 factors) cannot go to Skarth (44/50) alone; with Skarth's
    battleship and cruiser (38) leaving for Orme in the same declaration it can (AW-03):
    picked, pointed at, clicked, declared with one button — one record, undone as one."""
    sc = narrow_seas()
    w = shown_window(qtbot, GameSession(sc, sc.new_game(1)))
    game = w.session.game
    w.view.zoom_by(2.5)
    w.view.centerOn(w.scene.anchors["0801"])
    records = len(game.records)
    # ---- the Home Fleet picked at Westhaven; the route to Skarth under the pointer
    click(qtbot, w, stack_point(w, "westhaven", "Allies"))
    assert w.controller.mode.place == "westhaven"
    assert w.controller.chosen() == ["HF1", "HF2", "HF3"]
    hover(w, "1201")  # Skarth's hex: the pointer on the port
    report = w.controller.mode.readout.report  # the route the movement part answers
    assert report is not None and report.legal and report.cost == 8, report
    assert report.places[-1] == "skarth"
    assert w.statusBar().currentMessage() == "To Skarth: 8 hexes (of 40)"
    assert w.controller.mode.readout.items.pill.text == "8 hexes (of 40)"
    # ---- a click on Skarth's hex adds the order to the declaration: nothing moves yet
    click(qtbot, w, zone_point(w, "1201"))
    assert len(game.records) == records
    assert game.state.ships["HF1"].base == "westhaven"
    assert len(w.controller.declared()) == 1
    assert "Added to the declaration (1 order)" in w.statusBar().currentMessage()
    assert "AW-03" in w.statusBar().currentMessage()  # alone, Skarth would hold 79
    declare = button(w, "Declare 1 base change together")
    assert not declare.isEnabled() and "AW-03" in declare.toolTip()
    # ---- Skarth's battleship and cruiser to Orme: the carrier unticked in the opened stack
    click(qtbot, w, stack_point(w, "skarth", "Allies"))
    assert w.controller.mode.place == "skarth"
    stack = w.scene.stacks[("skarth", "Allies")]
    click(qtbot, w, unit_point(w, stack, "B4"))
    assert w.controller.chosen() == ["B5", "B6"]
    click(qtbot, w, zone_point(w, "0801"))
    assert len(w.controller.declared()) == 2 and len(game.records) == records
    assert "ready to declare" in w.statusBar().currentMessage()
    assert len([i for i in w.scene.declared if i.toolTip().startswith("To declare")]) == 4
    assert w.selection.heading.text().splitlines()[1:] == [
        "To declare together:",
        "1. Base change: Home Fleet, HF2, HF3 (35 factors) from Westhaven to Skarth",
        "2. Base change: B5, B6 (38 factors) from Skarth to Orme"]
    qtbot.wait(20)
    w.grab().save(f"{SHOTS}-declaration.png")
    # ---- declared together: one batch, one record
    declare = button(w, "Declare 2 base changes together")
    assert declare.isEnabled()
    declare.click()
    assert len(game.records) == records + 1
    ships = game.state.ships
    assert [ships[s].base for s in ("HF1", "HF2", "HF3", "B5", "B6", "B4")] == \
        ["skarth"] * 3 + ["orme"] * 2 + ["skarth"]
    assert w.controller.declared() == () and w.scene.declared == []
    tags = w.scene.port_tags
    assert (tags["skarth"].mark.load, tags["orme"].mark.load,
            tags["westhaven"].mark.load) == (41, 38, 0)
    assert {u.id for u in w.scene.stacks[("orme", "Allies")].units} == {"B5", "B6"}
    assert ("westhaven", "Allies") not in w.scene.stacks
    qtbot.wait(20)
    w.grab().save(f"{SHOTS}-declared.png")
    # ---- undone as one
    w.undo_action.trigger()
    assert len(game.records) == records
    after = game.state.ships
    assert (after["HF1"].base, after["B5"].base, after["B4"].base) == \
        ("westhaven", "skarth", "skarth")
    assert w.scene.port_tags["skarth"].mark.load == 44


def test_a_declared_order_is_withdrawn_by_right_click(qtbot):
    sc = narrow_seas()
    w = shown_window(qtbot, GameSession(sc, sc.new_game(1)))
    w.view.zoom_by(2.5)
    w.view.centerOn(w.scene.anchors["0801"])
    click(qtbot, w, stack_point(w, "westhaven", "Allies"))
    click(qtbot, w, zone_point(w, "0801"))
    assert len(w.controller.declared()) == 1
    w.controller.withdraw(0)
    assert w.controller.declared() == ()
    assert not [b for b in w.controls.buttons if b.startswith("Declare")]


def test_a_click_on_a_port_with_ships_of_ones_own_picks_them(qtbot):
    sc = narrow_seas()
    w = shown_window(qtbot, GameSession(sc, sc.new_game(1)))
    w.view.zoom_by(2.5)
    w.view.centerOn(w.scene.anchors["0801"])
    click(qtbot, w, stack_point(w, "westhaven", "Allies"))
    click(qtbot, w, stack_point(w, "skarth", "Allies") + QPoint(0, 0))
    assert w.controller.mode.place == "skarth"


def test_aw28_pointing_past_a_closed_canal_shows_where_the_route_stops_and_why(qtbot):
    sc = narrow_seas()
    w = shown_window(qtbot, GameSession(sc, sc.new_game(1)))
    w.view.zoom_by(2.0)
    w.view.centerOn(w.scene.anchors["2906"])
    click(qtbot, w, stack_point(w, "sundport", "Allies"))
    assert w.controller.chosen() == ["FH1", "FH2"]
    hover(w, "ostra")
    report = w.controller.mode.readout.report
    assert report is not None and not report.legal and report.stop is not None
    assert report.places[report.stop.index] in ("3306", "3406", "3407", "canalmouth")
    assert "Long Cut" in report.stop.reason
    assert "Long Cut" in w.statusBar().currentMessage()


def test_the_declaration_goes_with_the_phase_it_was_planned_in(qtbot):
    sc = narrow_seas()
    w = shown_window(qtbot, GameSession(sc, sc.new_game(1)))
    w.view.zoom_by(2.5)
    w.view.centerOn(w.scene.anchors["0801"])
    click(qtbot, w, stack_point(w, "westhaven", "Allies"))
    click(qtbot, w, zone_point(w, "0801"))
    assert len(w.controller.declared()) == 1
    w.end_action.trigger()  # the movement phase is over: what was not declared is dropped
    assert w.session.game.state.phase == "combat"
    assert w.controller.declared() == ()
    assert w.session.game.state.ships["HF1"].base == "westhaven"


def test_the_narrow_seas_plays_a_whole_game_turn_by_ending_phases():
    """A newcomer who only ends phases (and answers what the game asks: the uninversion
    allowance at the end of each player turn, AW-249) reaches the next game turn."""
    from mineboard.rules.common.actions import EndPhase

    game = narrow_seas().new_game(1)
    asked: list[str] = []
    for _ in range(40):
        state = game.state
        if (state.turn, state.phase, state.phasing) == (2, "movement", "Allies"):
            break
        awaited = state.awaiting
        if awaited is None:
            game.play(EndPhase())
            continue
        asked.append(awaited.result)  # entered at its lowest, then accepted
        low = {bound.field: bound.low for bound in awaited.bounds}
        kind = awaited.result if awaited.entered is None else "accept_result"
        game.play(game.ruleset.codec.parse({"kind": kind,
                                            **(low if kind == awaited.result else {})}))
    state = game.state
    assert (state.turn, state.calendar, state.phase, state.phasing) == \
        (2, "Summer 1941", "movement", "Allies")
    assert asked.count("uninversion_allowance") >= 2  # each side's, then accepted


def test_aw04_an_overstacked_port_says_over_and_its_excess_is_badged_unusable():
    state = narrow_seas().new_game(1).state
    state.ships["HF1"].base = "skarth"  # 44 + 18 = 62 in a port of 50
    state.ships["HF1"].unusable = True
    picture = AwawNavalUI().draw(state)
    skarth = next(m for m in picture.ports if m.port == "skarth")
    assert (skarth.load, skarth.capacity, skarth.over) == (62, 50, True)
    assert "OVER capacity (AW-04)" in skarth.tip
    stack = next(s for s in picture.stacks if s.place == "skarth")
    hf1 = next(u for u in stack.units if u.id == "HF1")
    assert [s.letter for s in hf1.status] == ["U", "TF"]


def test_aw49_a_click_on_a_port_not_held_is_refused_with_its_clause(qtbot):
    sc = narrow_seas()
    w = shown_window(qtbot, GameSession(sc, sc.new_game(1)))
    w.view.zoom_by(2.0)
    w.view.centerOn(w.scene.anchors["2306"])
    click(qtbot, w, stack_point(w, "sundport", "Allies"))
    click(qtbot, w, zone_point(w, "2312"))  # Tarn's hex: Italian
    assert w.statusBar().currentMessage() == (
        "Not allowed — AW-49: Tarn was not held by the Allies when the movement phase began")
    assert w.controller.declared() == ()
    lit = {t.id for t in w.controller.ruleset.targets(w.session.view(),
                                                      w.controller.selection())}
    assert "tarn" not in lit and {"marrow", "skarth", "westhaven"} <= lit


def test_aw79_the_other_side_intercepts_a_declared_base_change_by_clicks(qtbot):
    """Declared, the Home Fleet's base change is the Axis's to intercept or let pass: the
    Axis picks a ship at Fenmouth, the route's hexes light, a click on one declares the
    interception, whose outcome is then entered from outside the rules (AW-224)."""
    from mineboard.core.batch import Batch
    from mineboard.rules.awaw_naval import planning

    sc = narrow_seas()
    game = sc.new_game(1)
    game.play(Batch((planning.base_change(("HF1", "HF2", "HF3"), "orme"),)))
    w = shown_window(qtbot, GameSession(sc, game))
    w.view.zoom_by(2.5)
    w.view.centerOn(w.scene.anchors["0903"])
    assert game.state.to_move == "Axis"
    assert w.selection.todo.text().startswith("Axis may intercept HF1, HF2, HF3 (AW-79)")
    assert button(w, "Pass: no interception").isEnabled()
    (moving,) = w.scene.moving  # the route the Axis may intercept on, drawn
    assert moving.toolTip() == ("HF1, HF2, HF3: Westhaven to Orme — Axis may intercept on "
                                "this route (AW-79)")
    click(qtbot, w, stack_point(w, "fenmouth", "Axis"))
    click(qtbot, w, unit_point(w, w.scene.stacks[("fenmouth", "Axis")], "G2"))
    assert w.controller.chosen() == ["G1"]  # 8 factors: no task force needed (AW-65)
    assert w.selection.heading.text() == ("Axis at Fenmouth (14/50): tick the ships, then "
                                          "click a lit hex of the route to intercept there "
                                          "(AW-79).")
    lit = {t.id for t in w.controller.ruleset.targets(w.session.view(),
                                                      w.controller.selection())}
    assert {"0502", "0602", "0801", "0501"} <= lit and "1102" not in lit
    qtbot.wait(20)
    w.grab().save(f"{SHOTS}-intercept.png")
    click(qtbot, w, zone_point(w, "0602"))
    state = game.state
    assert state.awaiting is not None and state.awaiting.result == "interception_result"
    assert state.ships["G1"].inverted  # its one operation (AW-63)
    assert w.scene.moving == []  # declared: the outcome is awaited, no more to offer


def test_aw79_pass_lets_the_declared_base_change_go_on(qtbot):
    from mineboard.core.batch import Batch
    from mineboard.rules.awaw_naval import planning

    sc = narrow_seas()
    game = sc.new_game(1)
    game.play(Batch((planning.base_change(("HF1", "HF2", "HF3"), "orme"),)))
    w = shown_window(qtbot, GameSession(sc, game))
    button(w, "Pass: no interception").click()
    assert game.state.to_move == "Allies" and game.state.ships["HF1"].base == "orme"
    assert not [b for b in w.controls.buttons if b.startswith("Pass")]


def test_aw223_picked_ships_choose_an_activity_of_the_phase_and_a_click_orders_it():
    """The Activity option lists what the phase allows (AW-223): a base change first in the
    movement phase; never an interception (the other side declares those when asked). With
    another activity chosen, a click on a place is that operation there, and no base is lit
    ahead (the pointer's route and the preview judge it)."""
    from mineboard.core.planning import Selection
    from mineboard.rules.awaw_naval import planning
    from mineboard.rules.awaw_naval.operations import Operate

    state = narrow_seas().new_game(1).state
    picked = Selection(place="westhaven", units=("HF1",))
    offered = planning.choices(state, picked)
    assert [c.key for c in offered] == ["activity"]
    keys = [key for key, _name in offered[0].values]
    table = state.data.activities
    assert keys[0] == "base_change" and offered[0].default == "base_change"
    assert set(keys[1:]) == {k for k, e in table.items()
                             if e.operation and e.phase in ("", None, state.phase)} \
        - {"interception", "counter_interception"}
    assert "interception" not in keys and "patrol" in keys and "invasion" not in keys
    patrol = Selection(place="westhaven", units=("HF1",), options={"activity": "patrol"})
    assert planning.intent(state, patrol, "", "0404") == \
        Operate(activity="patrol", ships=("HF1",), target="0404")
    assert planning.intent(state, patrol, "", "2008").target == "sundport"  # a port's hex
    assert planning.targets(state, patrol, None) == {}
    # An option left from another phase falls back to the phase's first activity.
    stale = Selection(place="westhaven", units=("HF1",), options={"activity": "invasion"})
    assert planning.chosen_activity(state, stale) == "base_change"
    assert planning.choices(state, Selection()) == []


def test_aw99_aw104_a_patrol_planned_by_clicks_is_intercepted_and_flies_its_round(qtbot):
    """Issue 29: Force H at Sundport is picked and a click on hex 1606 sails its patrol
    (AW-93); the Axis, asked, picks G2 at Fenmouth and clicks a lit hex of
    the patrol's route to intercept (AW-99); the combat's outcome is entered from outside
    (the patrol wins, AW-100); the patrol's own button then flies its air round, and the
    Axis is not asked again: it has had its one try (AW-104)."""
    from mineboard.core.outside import AcceptResult
    from mineboard.rules.awaw_naval.interception import InterceptionResult

    sc = narrow_seas()
    w = shown_window(qtbot, GameSession(sc, sc.new_game(1)))
    game = w.session.game
    w.view.zoom_by(2.5)
    w.view.centerOn(w.scene.anchors["1707"])
    records = len(game.records)
    # ---- Force H picked at Sundport; a click on hex 1606 sails its patrol there
    click(qtbot, w, stack_point(w, "sundport", "Allies"))
    assert w.controller.chosen() == ["FH1", "FH2"]
    click(qtbot, w, zone_point(w, "1606"))
    assert len(game.records) == records + 1
    state = game.state
    op = state.ledger.operations["op1"]
    assert (op.activity, op.target, op.at_sea) == ("patrol", "1606", ["FH1", "FH2"])
    assert state.ships["FH1"].operated and state.ships["FH1"].inverted  # AW-63, AW-64
    # ---- the Axis is asked: the patrol's route is drawn for it to intercept on
    assert state.to_move == "Axis"
    (moving,) = w.scene.moving
    assert "Axis may intercept on this route (AW-79)" in moving.toolTip()
    click(qtbot, w, stack_point(w, "fenmouth", "Axis"))
    click(qtbot, w, unit_point(w, w.scene.stacks[("fenmouth", "Axis")], "G1"))
    assert w.controller.chosen() == ["G2"]
    lit = {t.id for t in w.controller.ruleset.targets(w.session.view(),
                                                      w.controller.selection())}
    assert {"1707", "1606"} <= lit
    click(qtbot, w, zone_point(w, "1707"))
    assert state.awaiting is not None and state.awaiting.result == "interception_result"
    assert state.ledger.interception is not None and state.ledger.interception.hex == "1707"
    assert w.scene.moving == []
    # ---- the outcome from outside: the patrol wins and goes on (AW-100, AW-105)
    w.session.play(InterceptionResult(intercepted=True, interceptors_damaged="G2"))
    w.session.play(AcceptResult())
    w.refresh()
    assert game.state.ships["G2"].damaged
    assert w.controller.ruleset.summary(game.state)["patrols"]["op1"] == {
        "ships": ["FH1", "FH2"], "target": "1606", "stage": "en_route", "tried": True, "rounds": 0}
    # ---- its air round, from the patrol's button: the Axis is not asked again (AW-104)
    air = button(w, "Air round: patrol op1")
    assert air.isEnabled() and "AW-101" in air.toolTip()
    air.click()
    state = game.state
    assert state.ledger.asked is None
    assert state.awaiting is not None and state.awaiting.result == "air_round_result"
    assert any("AW-104" in e.line() for e in game.records[-1].events)
    qtbot.wait(20)
    w.grab().save(f"{SHOTS}-patrol.png")
