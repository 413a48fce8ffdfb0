"""naval-lines in the window: the area-map scene, its click modes and its controls.

Every interaction asks the ruleset whether an action is legal before anything happens; a
refused click changes nothing and says why, with the clause.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from mineboard.core.chance import fraction_text
from mineboard.core.errors import IllegalAction
from mineboard.maps.model import NAVAL_LINE, BoardMap
from mineboard.qt.interaction import Interaction, PlanningInteraction, RulesetUI
from mineboard.qt.scene import BoardScene
from mineboard.rules.naval_lines.actions import (
    BuyMines,
    Capture,
    LayMines,
    LoadMines,
    Move,
    Retreat,
    SettleBattle,
)
from mineboard.rules.naval_lines.state import (
    BATTLE,
    COMBAT_MOVE,
    NONCOMBAT_MOVE,
    PHASE_NAMES,
    PURCHASE,
    NavalState,
)

if TYPE_CHECKING:
    from mineboard.qt.mainwindow import MainWindow


class IdleInteraction(Interaction):
    def start(self) -> None:
        self.w.scene.selected = set()
        self.w.selection.show_units("", [], set())

    def click(self, kind: str, ident: str, button: Qt.MouseButton) -> None:
        state = self.w.session.view()
        if kind == "stack":
            zone, nation = ident.split("/")
            if nation != state.active:
                self.w.say(f"Those are {nation}'s ships; it is {state.active}'s turn.")
                return
            self.w.set_interaction(SelectInteraction(self.w, zone))
        elif kind == "land":
            self._land(ident, button)
        elif kind == "zone":
            self.w.say(self.w.scene.zones[ident].toolTip().replace("\n", " · "))
        elif kind == "line":
            self.w.say(self.w.scene.lines[ident].toolTip().replace("\n", " · "))

    def _land(self, territory: str, button: Qt.MouseButton) -> None:
        state = self.w.session.view()
        place = state.board.places[territory]
        capital_of = [n for n, info in state.nations.items() if info.capital == territory]
        menu = QMenu(self.w)
        if state.phase == PURCHASE and state.active in capital_of:
            left = state.capacity(state.active) - state.bought_this_turn[state.active]
            money = state.ipcs[state.active] // max(1, state.rules.mine.cost)
            for n in sorted({1, 2, 3, 5, 10, min(left, money)}):
                if 0 < n <= min(left, money):
                    act = menu.addAction(f"Buy {n} naval mine(s) — {n * state.rules.mine.cost}"
                                         " IPC (NL-01…NL-03)")
                    act.triggered.connect(lambda _=False, n=n: self.w.try_play(
                        BuyMines(n), f"Buy {n} mines"))
            if menu.isEmpty():
                self.w.say(f"No mines can be bought: capacity left {left}, "
                           f"IPCs {state.ipcs[state.active]} (NL-03)")
                return
        elif state.phase == BATTLE and state.territory_owner.get(territory) != state.active:
            act = menu.addAction(f"Capture {place.name} (settled by the players)")
            act.triggered.connect(lambda: self.w.try_play(Capture(territory),
                                                          f"Capture {place.name}"))
        else:
            self.w.say(self.w.scene.lands[territory].toolTip())
            return
        self.w.popup(menu)


class SelectInteraction(PlanningInteraction):
    """Ships selected in one zone: click a zone to plan a move, again to make it."""

    def __init__(self, window: MainWindow, zone: str) -> None:
        super().__init__(window)
        self.zone = zone

    def units(self) -> list[str]:
        state = self.w.session.view()
        return [u.id for u in sorted(state.units_in(self.zone), key=lambda u: u.id)
                if u.nation == state.active]

    def start(self) -> None:
        state = self.w.session.view()
        ids = self.units()
        rows = []
        for uid in ids:
            u = state.units[uid]
            t = state.unit_type(u)
            bits = [f"{t.name} ({uid})"]
            if u.cargo:
                bits.append(f"{u.cargo} mine(s) aboard")
            bits.append(f"moves left {t.move - u.moved}")
            rows.append((uid, " · ".join(bits), t.mine_capacity > 0))
        movable = {uid for uid in ids
                   if state.units[uid].moved < state.unit_type(state.units[uid]).move
                   and not state.units[uid].done}
        self.w.selection.zone = self.zone
        self.w.selection.show_units(f"{state.active} in sea zone {self.zone}: tick the ships "
                                    "to move, then click a sea zone.", rows, movable or set(ids))
        self.refresh()

    def chosen(self) -> list[str]:
        return [u for u in self.w.selection.chosen() if u in self.w.session.view().units]

    def refresh(self) -> None:
        state = self.w.session.view()
        if not self.units():
            self.w.set_interaction(IdleInteraction(self.w))
            return
        self.w.scene.selected = set(self.chosen())
        self.w.scene.show_state(state)
        eligible = set()
        if state.phase == NONCOMBAT_MOVE:
            for uid in self.chosen():
                if state.units[uid].cargo:
                    for n in state.board.neighbours(self.zone, NAVAL_LINE):
                        way = state.board.way_between(self.zone, n)
                        assert way is not None
                        try:
                            self.w.session.check(LayMines(uid, way.id))
                        except IllegalAction:
                            continue
                        eligible.add(way.id)
        self.w.scene.set_eligible_lines(eligible)
        hint = []
        if eligible:
            hint.append("Click a glowing line to lay the mines aboard (NL-07).")
        if state.phase == COMBAT_MOVE and any(state.units[u].type == "escort"
                                              for u in self.chosen()):
            hint.append("Escorts sweep enemy minefields on the way unless you untick "
                        "'Escorts sweep' (NL-22).")
        self.w.selection.hint.setText(" ".join(hint))
        if self.target:
            self._plan(self.target)

    def click(self, kind: str, ident: str, button: Qt.MouseButton) -> None:
        state = self.w.session.view()
        if kind == "stack":
            zone, nation = ident.split("/")
            if nation == state.active and zone != self.zone:
                self.w.set_interaction(SelectInteraction(self.w, zone))
                return
            if zone == self.zone:
                return
        if kind == "line":
            self._lay(ident)
            return
        if kind == "stack":
            ident = ident.split("/")[0]
            kind = "zone"
        if kind == "zone":
            if self.planned is not None and ident == self.target:
                self.confirm()
            else:
                self._plan(ident)
            return
        IdleInteraction(self.w).click(kind, ident, button)

    def _lay(self, line: str) -> None:
        state = self.w.session.view()
        carriers = [u for u in self.chosen() if state.units[u].cargo]
        if not carriers:
            self.w.say("Select an Escort with mines aboard to lay them (NL-05).")
            return
        if self.w.try_play(LayMines(carriers[0], line),
                           f"Lay mines on {line}"):
            self.w.set_interaction(IdleInteraction(self.w))

    def _plan(self, target: str) -> None:
        state = self.w.session.view()
        self.target = target
        chosen = self.chosen()
        if not chosen:
            self.w.say("Tick at least one ship to move.")
            return
        if state.phase == BATTLE:
            action: Move | Retreat = Retreat(tuple(chosen), target)
        else:
            path = state.board.shortest_path(self.zone, target, NAVAL_LINE)
            if path is None:
                self.w.say(f"No way by sea from {self.zone} to {target}.")
                return
            sweep = tuple(u for u in chosen if state.unit_type(state.units[u]).mine_capacity
                          and state.units[u].mission is None) \
                if state.phase == COMBAT_MOVE and self.w.ui.sweep_box.isChecked() else ()
            first = self.w.ui.loss_choice()
            action = Move(tuple(chosen), tuple(path), sweep, (first,) if first in chosen else ())
        if not self.preview(action):
            return
        if isinstance(action, Move):
            self.w.scene.set_path(list(action.path))
            from mineboard.rules.naval_lines.odds import route_odds

            dist = route_odds(state, action).fractions()
            lost_all = dist.get(max(dist), 0) if dist else 0
            crossings = self._mined_lines(action)
            title = (f"{' → '.join(action.path)}: " + (", ".join(crossings) if crossings
                                                        else "no known minefields"))
            self.w.odds.show_distribution(title, dist)
            odds = f"; P(no loss) = {fraction_text(dist.get(0, 0))}" if crossings else ""
            del lost_all
            self.w.say(f"Move to {target}{odds}. Click {target} again or press Enter; "
                       "Esc cancels.")
        else:
            self.w.scene.set_path([self.zone, target])
            self.w.say(f"Retreat to {target} (NL-20: mines do not defend against a "
                       "retreat). Click again or press Enter.")

    def _mined_lines(self, move: Move) -> list[str]:
        state = self.w.session.view()
        out = []
        for a, b in zip(move.path, move.path[1:], strict=False):
            way = state.board.way_between(a, b)
            assert way is not None
            for f in state.fields_on(way.id):
                if f.owner != state.active:
                    out.append(f"{way.id} ({f.owner} {f.count})")
        return out

    def describe(self, action: Any) -> str:
        return "Retreat" if isinstance(action, Retreat) else f"Move to {action.path[-1]}"

    def load(self, unit: str, count: int) -> None:
        self.w.try_play(LoadMines(unit, count), f"Load {count} mines")



class NavalUI(RulesetUI):
    def make_scene(self, board: BoardMap) -> BoardScene:
        return BoardScene(board)

    def idle(self) -> Interaction:
        return IdleInteraction(self.w)

    def phase_text(self, state: NavalState) -> str:
        return f"Turn {state.turn} · {state.active} · {PHASE_NAMES[state.phase]}"

    def controls(self) -> QWidget:
        panel = QWidget()
        layout = QVBoxLayout(panel)
        layout.setContentsMargins(8, 0, 8, 0)
        load_row = QHBoxLayout()
        self.load_count = QSpinBox()
        self.load_count.setRange(1, 3)
        self.load_button = QPushButton("Load mines")
        self.load_button.setToolTip("Load mines from the capital onto the ticked Escort (NL-05)")
        self.load_button.clicked.connect(self._load)
        load_row.addWidget(self.load_count)
        load_row.addWidget(self.load_button, 1)
        layout.addLayout(load_row)
        self.sweep_box = QCheckBox("Escorts sweep (NL-22)")
        self.sweep_box.setChecked(True)
        self.sweep_box.toggled.connect(lambda _v: self.w.interaction.refresh())
        layout.addWidget(self.sweep_box)
        row = QHBoxLayout()
        row.addWidget(QLabel("Lose first:"))
        self.loss_box = QComboBox()
        self.loss_box.setToolTip("Which ship is lost first to a mine (NL-21); the rest go "
                                 "cheapest first")
        self.loss_box.currentIndexChanged.connect(lambda _i: self.w.interaction.refresh())
        row.addWidget(self.loss_box, 1)
        layout.addLayout(row)
        return panel

    def _load(self) -> None:
        chosen = self.w.selection.chosen()
        if isinstance(self.w.interaction, SelectInteraction) and chosen:
            self.w.interaction.load(chosen[0], self.load_count.value())
        else:
            self.w.say("Select an Escort first: click your ships on the map (NL-05).")

    def refresh_controls(self, state: NavalState) -> None:
        self.loss_box.blockSignals(True)
        current = self.loss_box.currentData()
        self.loss_box.clear()
        self.loss_box.addItem("cheapest first", "")
        for u in sorted(state.units.values(), key=lambda u: u.id):
            if u.nation == state.active and state.unit_type(u).mine_target:
                self.loss_box.addItem(f"{state.unit_type(u).name} ({u.id})", u.id)
        self.loss_box.setCurrentIndex(max(0, self.loss_box.findData(current)))
        self.loss_box.blockSignals(False)

    def loss_choice(self) -> str:
        return str(self.loss_box.currentData() or "")

    def settle(self, place: str) -> None:
        state: Any = self.w.session.view()
        sunk = pick_units(self.w, f"Battle in sea zone {place}",
                          "Tick the ships sunk in this battle:",
                          [(u.id, f"{u.nation}: {state.unit_type(u).name} ({u.id})")
                           for u in sorted(state.units_in(place), key=lambda u: u.id)])
        if sunk is not None:
            self.w.try_play(SettleBattle(place, tuple(sunk)), f"Battle in {place}")


def pick_units(parent: QWidget, title: str, prompt: str,
               rows: list[tuple[str, str]]) -> list[str] | None:
    """A small dialog of checkable rows; the ticked ids, or None if cancelled."""
    dialog = QDialog(parent)
    dialog.setWindowTitle(title)
    layout = QVBoxLayout(dialog)
    layout.addWidget(QLabel(prompt))
    units = QListWidget()
    for uid, text in rows:
        item = QListWidgetItem(text)
        item.setData(Qt.ItemDataRole.UserRole, uid)
        item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
        item.setCheckState(Qt.CheckState.Unchecked)
        units.addItem(item)
    layout.addWidget(units)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                               | QDialogButtonBox.StandardButton.Cancel)
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    layout.addWidget(buttons)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    return [units.item(i).data(Qt.ItemDataRole.UserRole) for i in range(units.count())
            if units.item(i).checkState() == Qt.CheckState.Checked]
