"""imperium-mines in the window: the star map, fleet selection, jumps with their odds, and
the lay / false / sweep buttons of a fleet that stays."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QMenu, QPushButton, QSpinBox, QVBoxLayout, QWidget

from mineboard.core.chance import fraction_text
from mineboard.maps.model import ROUTE, BoardMap
from mineboard.qt.interaction import Interaction, PlanningInteraction, RulesetUI
from mineboard.qt.naval_ui import pick_units
from mineboard.qt.starscene import StarScene
from mineboard.rules.imperium_mines.actions import (
    Build,
    Jump,
    LayMines,
    PlaceFalse,
    SettleCombat,
    Sweep,
)
from mineboard.rules.imperium_mines.odds import afoul_chance, hits_per_ship
from mineboard.rules.imperium_mines.state import CONSTRUCTION, ImperiumState

MAX_SHOWN_POINTS = 8


class StarIdle(Interaction):
    def start(self) -> None:
        self.w.scene.selected = set()
        self.w.selection.show_units("", [], set())

    def click(self, kind: str, ident: str, button: Qt.MouseButton) -> None:
        state: ImperiumState = self.w.session.view()
        if kind == "stack":
            system, side = ident.split("/")
            if side != state.active:
                self.w.say(f"Those are {side} fleets; it is {state.active}'s turn.")
                return
            self.w.set_interaction(SelectFleets(self.w, system))
        elif kind == "system":
            if state.phase == CONSTRUCTION and state.home[state.active] == ident:
                self._build_menu(state)
            else:
                self.w.say(self.w.scene.systems[ident].toolTip())

    def _build_menu(self, state: ImperiumState) -> None:
        menu = QMenu(self.w)
        for stype in state.rules.ships.values():
            if stype.mine_ship and not state.options.mine_warfare:
                continue
            act = menu.addAction(f"Build a {stype.name} — {stype.cost} Resources, "
                                 f"{stype.build_turns} turn(s)")
            act.setEnabled(stype.cost <= state.resources[state.active])
            act.triggered.connect(lambda _=False, t=stype.id: self.w.try_play(
                Build(t), f"Build {t}"))
        self.w.popup(menu)


class SelectFleets(PlanningInteraction):
    """Fleets selected at one system: jump them somewhere, or have them stay and work."""

    def __init__(self, window: Any, system: str) -> None:
        super().__init__(window)
        self.system = system

    def fleets(self) -> list[str]:
        state: ImperiumState = self.w.session.view()
        return [f.id for f in state.fleets_at(self.system, state.active)]

    def chosen(self) -> list[str]:
        return [f for f in self.w.selection.chosen() if f in self.w.session.view().fleets]

    def start(self) -> None:
        state: ImperiumState = self.w.session.view()
        rows = []
        for fid in self.fleets():
            fleet = state.fleets[fid]
            ships = ", ".join(state.ship_type(s).name for s in fleet.ships)
            rows.append((fid, f"{fid}: {ships} · {state.jumps(fleet)} jumps", False))
        name = state.board.places[self.system].name
        self.w.selection.zone = self.system
        self.w.selection.show_units(f"{state.active} fleets at {name}: tick the fleets, then "
                                    "click a system to jump — or use the buttons below to "
                                    "stay and lay, sweep or place false counters.",
                                    rows, set(self.fleets()[:1]))
        self.refresh()

    def refresh(self) -> None:
        if not self.fleets():
            self.w.set_interaction(StarIdle(self.w))
            return
        self.w.scene.selected = set(self.chosen())
        self.w.scene.show_state(self.w.session.view())
        if self.target:
            self._plan(self.target)

    def click(self, kind: str, ident: str, button: Qt.MouseButton) -> None:
        state: ImperiumState = self.w.session.view()
        if kind == "stack":
            system, side = ident.split("/")
            if side == state.active and system != self.system:
                self.w.set_interaction(SelectFleets(self.w, system))
                return
            ident, kind = system, "system"
        if kind == "system" and ident != self.system:
            if self.planned is not None and ident == self.target:
                self.confirm()
            else:
                self._plan(ident)

    def _plan(self, target: str) -> None:
        state: ImperiumState = self.w.session.view()
        self.target = target
        chosen = self.chosen()
        if not chosen:
            self.w.say("Tick at least one fleet.")
            return
        path = state.board.shortest_path(self.system, target, ROUTE)
        if path is None:
            self.w.say("No jump route leads there.")
            return
        action = Jump(tuple(chosen), tuple(path))
        if not self.preview(action):
            return
        self.w.scene.set_path(path)
        self._show_odds(state, action)

    def _show_odds(self, state: ImperiumState, jump: Jump) -> None:
        """The first system on the route with enemy counters: P(afoul) by mine points."""
        sweepers = min(state.count_of(state.fleets[f], "sweeps") for f in jump.fleets)
        for number, system in enumerate(jump.path[1:], start=1):
            counters = state.enemy_counters(system, state.active)
            if not counters:
                continue
            name = state.board.places[system].name
            known = all(c.known for c in counters)
            points = state.enemy_points(system, state.active) if known else None
            dist = {k: afoul_chance(state.rules.check, k, number, sweepers)
                    for k in range(1, MAX_SHOWN_POINTS + 1)}
            title = (f"{name}, jump {number}: {len(counters)} face-down counter(s); "
                     f"{sweepers} sweeper(s)")
            if points:
                afoul = afoul_chance(state.rules.check, points, number, sweepers)
                clean = hits_per_ship(points, state.rules.hit_on).prob(0)
                summary = (f"{points} points: P(afoul) = {fraction_text(afoul)}; if afoul, "
                           f"each ship escapes unhit with P = {fraction_text(clean)}")
            else:
                summary = "P(afoul) by mine points"
            self.w.odds.show_distribution(title, dist, label="{} pt", summary=summary,
                                          highlight=points)
            self.w.say(f"Jump to {state.board.places[jump.path[-1]].name} by "
                       f"{' → '.join(state.board.places[p].name for p in jump.path)}; "
                       f"the fleet halts at {name} for a minefield check (IM-14). Click "
                       "again or press Enter; Esc cancels.")
            return
        self.w.odds.clear()
        self.w.say(f"Jump to {state.board.places[jump.path[-1]].name}: no enemy counters on "
                   "the way. Click again or press Enter.")

    def describe(self, action: Any) -> str:
        return f"Jump to {self.w.session.view().board.places[action.path[-1]].name}"

    def stay(self, what: str, count: int = 1) -> None:
        chosen = self.chosen()
        if not chosen:
            self.w.say("Tick a fleet first.")
            return
        fleet = chosen[0]
        action = {"lay": LayMines(fleet), "sweep": Sweep(fleet),
                  "false": PlaceFalse(fleet, count)}[what]
        self.w.try_play(action, f"{what} with {fleet}")


class ImperiumUI(RulesetUI):
    def make_scene(self, board: BoardMap) -> StarScene:
        return StarScene(board)

    def idle(self) -> Interaction:
        return StarIdle(self.w)

    def phase_text(self, state: ImperiumState) -> str:
        if state.phase == CONSTRUCTION:
            return f"Turn {state.turn} · {state.active} · Construction"
        return (f"Turn {state.turn} · {state.active} · Action segment {state.segment} of "
                f"{state.rules.segments_per_turn}")

    def controls(self) -> QWidget:
        panel = QWidget()
        layout = QVBoxLayout(panel)
        layout.setContentsMargins(8, 0, 8, 0)
        row = QHBoxLayout()
        self.lay_button = QPushButton("Lay mines")
        self.lay_button.setToolTip("The fleet's minelayers stay and lay 1 point each (IM-06)")
        self.sweep_button = QPushButton("Sweep")
        self.sweep_button.setToolTip("The fleet's minesweepers stay and remove 1 enemy point "
                                     "each (IM-26)")
        row.addWidget(self.lay_button)
        row.addWidget(self.sweep_button)
        layout.addLayout(row)
        row2 = QHBoxLayout()
        self.false_count = QSpinBox()
        self.false_count.setRange(1, 20)
        self.false_button = QPushButton("Place false counters")
        self.false_button.setToolTip("Face-down counters with no mines: any fleet that stays "
                                     "(IM-12)")
        row2.addWidget(self.false_count)
        row2.addWidget(self.false_button, 1)
        layout.addLayout(row2)
        self.lay_button.clicked.connect(lambda: self._stay("lay"))
        self.sweep_button.clicked.connect(lambda: self._stay("sweep"))
        self.false_button.clicked.connect(lambda: self._stay("false"))
        return panel

    def _stay(self, what: str) -> None:
        if isinstance(self.w.interaction, SelectFleets):
            self.w.interaction.stay(what, self.false_count.value())
        else:
            self.w.say("Select a fleet first: click its counters on the map.")

    def settle(self, place: str) -> None:
        state: ImperiumState = self.w.session.view()
        rows = [(s.id, f"{f.side} {f.id}: {state.ship_type(s).name} ({s.id})")
                for f in state.fleets_at(place) for s in f.ships]
        destroyed = pick_units(self.w, f"Combat at {state.board.places[place].name}",
                               "Tick the ships destroyed in this combat (mines play no part, "
                               "IM-25):", rows)
        if destroyed is not None:
            self.w.try_play(SettleCombat(place, tuple(destroyed)), "Combat")
