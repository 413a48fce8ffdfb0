"""The controller the window hands to its interactions (the narrow interface they see is
:class:`mineboard.qt.interactions.Controller`).

Interactions never hold the window. They read the game only through the session's
observation (what the seat in front of the screen may know), and act only by asking the
controller to play an action, say something, show odds, list units or offer commands.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QMenu, QWidget

from mineboard.core.actions import Action
from mineboard.core.batch import Batch
from mineboard.core.errors import IllegalAction, MineboardError
from mineboard.core.events import Event
from mineboard.core.game import GameState, Observation
from mineboard.core.history import Record
from mineboard.core.places import PlaceRef
from mineboard.core.planning import Command, Preview, Selection
from mineboard.core.ruleset import Ruleset
from mineboard.qt import outside_results
from mineboard.qt.controls import ControlsPanel, pick_dialog
from mineboard.qt.docks import OddsChart, SelectionPanel
from mineboard.qt.interactions import Entry, Idle, Interaction, Selecting
from mineboard.qt.maps.scene import Hit, MapScene
from mineboard.qt.plugin import RulesetUI, UnitRow
from mineboard.qt.session import GameSession

Say = Callable[[str, bool], None]
TOLD = 2
"""At most this many of an action's events in the status line; the log has them all."""
Popup = Callable[[QMenu], None]


class BoardController:
    def __init__(self, session: GameSession, ui: RulesetUI[Any], scene: MapScene,
                 units: SelectionPanel, controls: ControlsPanel, odds: OddsChart,
                 say: Say, popup: Popup, parent: QWidget,
                 ready: Callable[[], bool] = lambda: True) -> None:
        self.session = session
        self.ui = ui
        self.scene = scene
        self._units = units
        self._controls = controls
        self._odds = odds
        self._say = say
        self._popup = popup
        self._parent = parent
        self._ready = ready
        """Whether the screen shows the game as it is (no dice still settling): an action
        taken before then would be taken for a side whose turn has not been shown."""
        self.mode: Interaction = Interaction(self)
        self._declared: list[tuple[Action, str]] = []
        """Orders of the ruleset's ``batch_kinds`` planned this step, to be declared
        together as one batch (core/batch.py): kept here, not played one by one."""
        self._declared_at: tuple[object, ...] = ()
        self.gate: Callable[[Action], str | None] | None = None
        """Consulted before any action is played (a guided tutorial sets it): words mean
        the controller plays nothing and says them gently — the gate refused it, or made
        the step itself; None lets it be played as usual."""

    # ---- reading ------------------------------------------------------------------------
    @property
    def ruleset(self) -> Ruleset[Any]:
        return self.session.game.ruleset

    def observation(self) -> Observation[Any]:
        return self.session.observation()

    def view(self) -> GameState:
        view: GameState = self.session.view()
        return view

    def options(self) -> dict[str, Any]:
        return self._controls.options()

    def chosen(self) -> list[str]:
        return self._units.chosen()

    def selection(self) -> Selection:
        return self.mode.selection()

    # ---- orders declared together (core/batch.py) -----------------------------------------
    def _step(self) -> tuple[object, ...]:
        view = self.view()
        return (view.turn, view.phasing, getattr(view, "position", view.phase_label))

    def declared(self) -> tuple[Action, ...]:
        """The orders planned to be declared together, in the order planned; dropped once
        the game has moved on to another step (they were that step's)."""
        if self._declared and self._declared_at != self._step():
            self._declared.clear()
            self._show_declared()
        return tuple(action for action, _text in self._declared)

    def _show_declared(self) -> None:
        self.ui.show_declared(self.scene, self.view(),
                              tuple(action for action, _text in self._declared))

    def declared_words(self) -> list[str]:
        self.declared()
        return [text for _action, text in self._declared]

    def declares_together(self, action: Action) -> bool:
        return not isinstance(action, Batch) and action.kind in self.ruleset.batch_kinds

    def refusal(self, action: Action) -> IllegalAction | None:
        """Why ``action`` may not be given now (None: it may). An order declared together
        with others is judged alone here (is it an order at all?); the declaration as a
        whole is judged when it is declared."""
        observation = self.observation()
        if not self.declares_together(action):
            return observation.refusal(action)
        try:
            self.ruleset.check_declared(observation.view, action)
        except IllegalAction as exc:
            return exc
        return None

    def keep(self, action: Action, text: str) -> bool:
        """Add ``action`` to the orders declared together; say what the declaration now
        holds and whether it could be declared as it stands."""
        refusal = self.refusal(action)
        if refusal is not None:
            self.refuse(refusal)
            return False
        self.declared()
        self._declared_at = self._step()
        text = self.ui.order_words(self.view(), action) or text or \
            action.kind.replace("_", " ").capitalize()
        self._declared.append((action, text))
        self._show_declared()
        count = len(self._declared)
        whole = self.observation().refusal(Batch(self.declared()))
        state = ("ready to declare with the button below" if whole is None else
                 f"as it stands it would be refused — {whole.clause}: {whole.reason}")
        self.say(f"Added to the declaration ({count} order{'s' if count > 1 else ''}): "
                 f"{self._declared[-1][1]}; {state}. Right-click the map to withdraw one.",
                 error=whole is not None)
        return True

    def withdraw(self, index: int) -> None:
        """Take one order out of the declaration."""
        self.declared()
        if 0 <= index < len(self._declared):
            _action, text = self._declared.pop(index)
            self._show_declared()
            self.say(f"Withdrawn from the declaration: {text}.")
            self.mode.refresh()

    def tip(self, at: PlaceRef) -> str:
        """What a place's tooltip says, on one line for the status bar."""
        return " · ".join(self.tip_lines(at))

    def tip_lines(self, at: PlaceRef) -> list[str]:
        """What a place's tooltip says, line by line (a right-click menu's heading)."""
        text = self.scene.picture.tips.get(at.id) or str(at)
        return [line for line in text.splitlines() if line.strip()]

    # ---- modes --------------------------------------------------------------------------
    def set_mode(self, mode: Interaction) -> None:
        self.mode.cancel()
        self.mode = mode
        mode.start()

    def idle(self) -> None:
        self.set_mode(Idle(self))

    # ---- the picked stack, opened and carried ---------------------------------------------
    def open_stack(self, place: str | None) -> None:
        self.scene.open_stack(None if place is None else (place, self.view().actor))

    def tick(self, unit: str) -> None:
        """A unit of the opened stack clicked: it takes part in the next order, or not."""
        self._units.toggle(unit)

    def can_carry(self, hit: Hit) -> bool:
        """Whether a drag from ``hit`` carries a stack (the mover's own) rather than pan."""
        view = self.view()
        return hit.owner is not None and hit.owner == view.actor and \
            bool(self.ruleset.units_at(view, hit.at.id))

    def pick_up(self, hit: Hit, pos: QPointF) -> None:
        if self.mode.place != hit.at.id:
            self.set_mode(Selecting(self, hit.at.id))
        self.open_stack(None)  # carried closed, as one counter
        self.scene.carry((hit.at.id, self.view().actor), pos)

    def carry_over(self, hit: Hit | None, pos: QPointF) -> None:
        if self.scene.carried is not None:
            self.scene.carry((self.scene.carried.place, self.scene.carried.owner), pos)
        self.mode.carry_over(hit)

    def point_at(self, hit: Hit | None) -> None:
        """The pointer entered another place (None: it left the map)."""
        self.mode.point_at(hit)

    def drop(self, hit: Hit | None) -> None:
        self.scene.carry(None)
        mode = self.mode
        mode.drop(hit)
        if self.mode is mode and mode.place is not None:
            self.open_stack(mode.place)  # not moved: the pick stays, opened again

    # ---- acting -------------------------------------------------------------------------
    def play(self, action: Action, text: str = "") -> bool:
        """Play ``action`` for the seat in front of the screen; a refusal changes nothing."""
        if not self._ready():
            return False
        words = self.gate(action) if self.gate is not None else None
        if words is not None:
            self.say(words)
            return False
        if self.declares_together(action):  # kept, to be declared with the others
            return self.keep(action, text)
        try:
            record = self.session.play(action, text)
        except IllegalAction as exc:
            self.refuse(exc)
            return False
        except MineboardError as exc:
            self.say(str(exc), error=True)
            return False
        if isinstance(action, Batch):
            self._declared.clear()  # declared: the next declaration starts empty
            self._show_declared()
        if record is None:  # by email, a move that rolls waits for the other side's dice
            said = text or action.kind.replace("_", " ").capitalize()
            self.say(f"{said} rolls dice: File ▸ Send turn, and the other "
                     "side's program rolls them. It shows here when their answer comes.")
            return True
        self.say(self.told(record, text or action.kind.replace("_", " ").capitalize()))
        return True

    def told(self, record: Record, text: str) -> str:
        """What an action did, in its events' words as the side that played it reads them,
        and what to do next. Dice are told by the tray and the log as each one lands: the
        status line never gives a result before its die."""
        if record.rolls:
            done = f"{text}: the dice are rolling — the log shows each result as it lands"
        else:
            seat = record.by if record.by is not None else self.session.seat()
            events = self.session.observation(seat).events_of(record)
            done = "; ".join(_sentence(e) for e in events[:TOLD]) or text
            if len(events) > TOLD:
                done += f" (and {len(events) - TOLD} more in the log)"
        return f"{done[:1].upper()}{done[1:]}. {outside_results.hint(self.session, self.ui)}"

    def run(self, command: Command) -> None:
        """A command button or menu entry: tick units first where it needs them."""
        picked: tuple[str, ...] = ()
        if command.pick:
            chosen = pick_dialog(self._parent, command)
            if chosen is None:
                return
            picked = chosen
        if self.play(command.make(picked), command.label.rstrip("…")):
            self.mode.refresh()

    def menu(self, commands: list[Command]) -> None:
        self.context(self.mode.entries(commands))

    def context(self, entries: list[Entry]) -> None:
        """A menu by the mouse: words first (what is there), then the choices."""
        menu = QMenu(self._parent)
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)  # one menu a right-click
        menu.setToolTipsVisible(True)
        words = [e for e in entries if e.run is None and e.enabled]
        if words:
            menu.addSection(words[0].label)
            for entry in words[1:]:
                menu.addAction(entry.label).setEnabled(False)
        choices = [e for e in entries if e not in words]
        if words and choices:
            menu.addSeparator()
        for entry in choices:
            act = menu.addAction(entry.label)
            act.setToolTip(entry.why or entry.tip)
            act.setEnabled(entry.enabled and entry.run is not None)
            if entry.run is not None:
                act.triggered.connect(lambda _=False, run=entry.run: run())
            if entry.why:
                reason = menu.addAction(elided(menu, f"    not now — {entry.why}"))
                reason.setToolTip(entry.why)
                reason.setEnabled(False)
        self._popup(menu)

    # ---- telling ------------------------------------------------------------------------
    def say(self, text: str, error: bool = False) -> None:
        self._say(text, error)

    def refuse(self, exc: IllegalAction) -> None:
        self.say(f"Not allowed — {exc.clause}: {exc.reason}", error=True)

    def show_preview(self, preview: Preview | None) -> None:
        self._odds.show_preview(preview)

    def show_units(self, heading: str, rows: list[UnitRow]) -> None:
        self._units.show_units(heading, rows)

    def update_units(self, heading: str, rows: list[UnitRow]) -> None:
        self._units.update_units(heading, rows)

    def offer(self, selection: Selection) -> Selection:
        """Show the options and buttons ``selection`` has; returns it with every option set
        (a default where the player has not chosen), which is what the buttons act on."""
        view = self.view()
        choices = self.ruleset.choices(view, selection)
        self._controls.adopt(choices)
        selection = replace(selection, options=self._controls.options())
        self._controls.show_offer(choices, self.judged(self.ruleset.commands(view, selection)))
        return selection

    def judged(self, commands: list[Command]) -> list[tuple[Command, IllegalAction | None]]:
        """Each command with the reason it would be refused now (None: it may be given);
        a command that first asks which units is judged when it is built."""
        return [(c, None if c.action is None else self.refusal(c.action)) for c in commands]


def _sentence(event: Event) -> str:
    """An event as the status line says it: its words, then its clause."""
    return f"{event.text} ({event.clause})" if event.clause else event.text


def elided(menu: QMenu, text: str, width: int = 460) -> str:
    """``text`` cut with an ellipsis to ``width`` pixels of the menu's font: a long reason
    must not stretch the menu across the map (its whole text is the entry's tooltip)."""
    return QFontMetrics(menu.font()).elidedText(text, Qt.TextElideMode.ElideRight, width)
