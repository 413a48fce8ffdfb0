"""Issue 12, deliverable 2: the window says what to do now, what comes next and what the
viewing side holds; commands show where they apply; every message says what happened."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from mineboard.qt.mainwindow import MainWindow
from mineboard.qt.maps.scene import Hit
from mineboard.qt.session import GameSession
from mineboard.rules.naval_lines.actions import Move
from tests.conftest import IMPERIUM, JUTLAND, mixed_hex_setup, scenario
from tests.qt_helpers import button, click, shown_window, stack_point, status, uncover

pytestmark = pytest.mark.usefixtures("private_data_dir")

NCM_HINT = ("Non-Combat Movement: click your ships next to your capital, tick an Escort and "
            "Load mines, sail it, click a glowing line to lay them (NL-05…NL-07); then End "
            "phase.")


def window_of(qtbot, base=None, seed: int = 3, **changes) -> MainWindow:
    sc = scenario(base, **changes)
    return shown_window(qtbot, GameSession(sc, sc.new_game(seed)), "off")


def rows(w: MainWindow) -> list[str]:
    return [w.selection.units.item(i).text() for i in range(w.selection.units.count())]


def test_nl01_purchase_says_what_to_do_what_comes_next_and_what_germany_holds(qtbot):
    w = window_of(qtbot)
    assert w.selection.todo.text() == ("Purchase: click Berlin (your capital) to buy naval "
                                       "mines (1 IPC each, NL-01…NL-03), then End phase.")
    assert w.track_label.text() == ("then Combat Movement ▸ Conduct Combat ▸ "
                                    "Non-Combat Movement ▸ Place New Units")
    assert w.selection.holdings.text() == "Germany: 30 IPC · 3 mines stored"
    qtbot.mouseClick(w.end_button, Qt.MouseButton.LeftButton)
    assert w.session.view().phase == "combat_move"
    assert w.track_label.text() == ("then Conduct Combat ▸ Non-Combat Movement ▸ "
                                    "Place New Units ▸ United Kingdom: Purchase & Repair Units")
    assert status(w) == ("Turn 1: Germany — Combat Movement. Combat Movement: click your "
                         "ships, tick those that attack, click a sea zone to see the route "
                         "and the odds, again to sail; then End phase.")


def test_nl01_the_track_marks_the_next_turn(qtbot):
    w = window_of(qtbot, nation="France", phase="noncombat_move")
    assert w.track_label.text() == ("then Place New Units ▸ turn 2 · Germany: Purchase & "
                                    "Repair Units")


def test_nl05_load_acts_on_the_ticked_escort_with_three_and_the_list_says_so(qtbot):
    w = window_of(qtbot, phase="noncombat_move")
    click(qtbot, w, stack_point(w, "113", "Germany"))
    w.selection.tick_only("ger-escort-2")
    assert w.controls.values["load"] == 3  # the seed's usual load, as many as are stored
    qtbot.mouseClick(button(w, "Load 3 mines onto Escort 2"), Qt.MouseButton.LeftButton)
    view = w.session.view()
    assert (view.units["ger-escort-2"].cargo, view.units["ger-escort-1"].cargo) == (3, 0)
    assert "Escort 2 · moves left 2 · 3 mines aboard" in rows(w)
    assert w.selection.chosen() == ["ger-escort-2"]  # the player's ticks stay
    assert w.selection.holdings.text() == "Germany: 30 IPC · 0 mines stored · 3 aboard"
    assert status(w) == ("Germany's Escort 2 loads 3 mines in sea zone 113 "
                         f"(NL-05). {NCM_HINT}")


def test_nl07_laying_says_what_happened_and_drops_the_selection_ring(qtbot):
    w = window_of(qtbot, phase="noncombat_move")
    click(qtbot, w, stack_point(w, "113", "Germany"))
    w.selection.tick_only("ger-escort-1")
    qtbot.mouseClick(button(w, "Load 3 mines onto Escort 1"), Qt.MouseButton.LeftButton)
    assert w.controller.play(Move(("ger-escort-1",), ("113", "112")))
    w.controller.idle()
    click(qtbot, w, stack_point(w, "112", "Germany"))
    assert rows(w) == ["Escort 1 · moves left 1 · 3 mines aboard"]
    assert w.scene.selected == {"ger-escort-1"}
    w.controller.mode.click(Hit(w.session.view().board.ref("110|112")),
                            Qt.MouseButton.LeftButton)
    assert [(f.owner, f.count) for f in w.session.view().fields_on("110|112")] == \
        [("Germany", 3)]
    assert w.scene.selected == set()
    assert all(item.selected_count == 0 for item in w.scene.stacks.values())
    assert w.selection.chosen() == []
    assert status(w) == ("Germany's Escort 1 lays 3 mines on line 110|112 "
                         f"defending sea zone 112; its move ends (NL-07). {NCM_HINT}")


def test_nl05_nl18_commands_only_in_their_phases(qtbot):
    w = window_of(qtbot, phase="combat_move")
    click(qtbot, w, stack_point(w, "113", "Germany"))
    assert list(w.controls.buttons) == []  # no Load mines outside Non-Combat Movement
    w = window_of(qtbot, phase="battle", units=[
        {"nation": "Germany", "type": "destroyer", "zone": "112", "count": 1},
        {"nation": "United Kingdom", "type": "destroyer", "zone": "112", "count": 1}])
    click(qtbot, w, stack_point(w, "112", "Germany"))
    assert list(w.controls.buttons) == ["Settle the battle in sea zone 112…"]


def test_enter_with_nothing_planned_says_why_nothing_happens(qtbot):
    w = window_of(qtbot, phase="combat_move")
    w.controller.mode.confirm()
    assert status(w) == ("Nothing to confirm: pick your units on the map, then click a place "
                         "to plan an order.")
    click(qtbot, w, stack_point(w, "113", "Germany"))
    w.controller.mode.confirm()
    assert status(w) == ("Nothing planned yet: click a place to plan an order for the ticked "
                         "units.")
    assert w.session.game.records == []


def test_nl01_hidden_each_side_sees_only_its_own_ipcs_and_stores(qtbot):
    w = window_of(qtbot, options={"hidden_minefields": True})
    uncover(qtbot, w)
    assert w.selection.holdings.text() == "Germany: 30 IPC · 3 mines stored"
    for _ in range(5):
        w.end_phase()
    uncover(qtbot, w)
    assert w.session.view().actor == "United Kingdom"
    assert w.selection.holdings.text() == ("United Kingdom: 28 IPC · 2 mines stored\n"
                                           "France: 19 IPC · 0 mines stored")


def test_gt03_gt04_setup_budget_always_shown(qtbot):
    w = window_of(qtbot, JUTLAND, seed=4, **mixed_hex_setup(("A",))[0])
    uncover(qtbot, w)
    assert w.session.view().actor == "German"
    assert w.selection.holdings.text() == ("German: 4 counters, at most 2 mines · placed 0 "
                                           "mines, 0 dummies")
    assert w.selection.todo.text().startswith("Counter setup: choose Mine or Dummy")


def test_im02_construction_names_the_home_and_the_resources(qtbot):
    w = window_of(qtbot, IMPERIUM)
    uncover(qtbot, w)
    view = w.session.view()
    side = view.actor
    home = view.board.places[view.home[side]].name
    assert w.selection.todo.text() == (f"Construction: click {home} to build ships "
                                       "(minelayers, sweepers: IM-02, IM-03), then End phase.")
    assert w.selection.holdings.text() == f"{side}: {view.resources[side]} Resources"
    other = next(s for s in view.sides if s != side)
    assert w.track_label.text().startswith(f"then {other}: Construction ▸ ")


def test_the_status_bar_says_what_to_do_from_the_start(qtbot):
    """The review: the status bar was empty at the start."""
    w = window_of(qtbot)
    assert status(w) == ("North Sea, early 1940: Germany against the United Kingdom and "
                         "France. Purchase: click Berlin (your capital) to buy naval mines "
                         "(1 IPC each, NL-01…NL-03), then End phase.")


def test_nl07_a_line_clicked_with_a_cruiser_ticked_first_is_judged_for_the_escort(qtbot):
    """The review: a line click laid with the first ticked ship even when not an Escort
    ("NL-05: only Escorts carry naval mines, not a Cruiser")."""
    w = window_of(qtbot, phase="noncombat_move")
    assert w.controller.play(Move(("ger-escort-1", "ger-cruiser-1"), ("113", "112")))
    w.controller.idle()
    click(qtbot, w, stack_point(w, "112", "Germany"))
    assert w.selection.chosen() == ["ger-cruiser-1", "ger-escort-1"]  # the cruiser first
    w.controller.mode.click(Hit(w.session.view().board.ref("110|112")),
                            Qt.MouseButton.LeftButton)
    assert status(w) == "Not allowed — NL-05: Escort 1 carries no mines"  # not the cruiser
