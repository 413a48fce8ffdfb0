"""Click-driven modes (Orange canvas style): each starts, takes clicks, can be confirmed with
Enter and cancelled with Esc. They work for every ruleset: what a click means comes from
the ruleset's ``intent``, what may be done from its ``commands``, the odds from ``preview``.

* :class:`Idle` — nothing picked: a click on your stack picks it; a click on a place does
  what the ruleset says a click there means (place a counter), or offers its commands
  (buy mines at a capital) as a menu.
* :class:`Selecting` — units picked at a place: a click on a target plans an order — its
  route, its odds — and a second click (or Enter) carries it out; an order that happens
  where the units are (lay mines on a glowing line) is carried out at once. The picked
  stack opens on the map: a click on one of its units ticks or unticks it. Dragging a
  stack onto a place plans the order while it is carried and gives it where it is let go.

A right-click only ever opens a menu of what can be done there — pick, plan, order, the
place's own commands — headed by what is there; it never moves anything by itself.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from PySide6.QtCore import Qt

from mineboard.core.actions import Action
from mineboard.core.errors import IllegalAction
from mineboard.core.game import GameState, Observation
from mineboard.core.places import PlaceRef
from mineboard.core.planning import Command, Preview, Selection
from mineboard.core.ruleset import Ruleset
from mineboard.core.words import and_list
from mineboard.qt.maps.scene import Hit, MapScene
from mineboard.qt.move_route import show_move
from mineboard.qt.plugin import RulesetUI, UnitRow
from mineboard.qt.route_readout import RouteReadout

LEFT = Qt.MouseButton.LeftButton


@dataclass(frozen=True)
class Entry:
    """One line of a right-click menu: a choice (``run``), or words when ``run`` is None;
    a choice that would be refused now is shown, off, with the reason as its tip."""

    label: str
    run: Callable[[], None] | None = None
    tip: str = ""
    enabled: bool = True
    why: str = ""
    """Why it is off now ("NL-04: only 0 mines are stored…"), written under it: a tooltip
    alone is not read on an entry that is off."""


class Controller(Protocol):
    """All an interaction may read of the game and do to the window."""

    scene: MapScene
    ui: RulesetUI[Any]

    @property
    def ruleset(self) -> Ruleset[Any]: ...

    def observation(self) -> Observation[Any]: ...

    def view(self) -> GameState: ...

    def options(self) -> dict[str, Any]: ...

    def chosen(self) -> list[str]: ...

    def tip(self, at: PlaceRef) -> str: ...

    def tip_lines(self, at: PlaceRef) -> list[str]: ...

    def set_mode(self, mode: Interaction) -> None: ...

    def idle(self) -> None: ...

    def play(self, action: Action, text: str = "") -> bool: ...

    def menu(self, commands: list[Command]) -> None: ...

    def context(self, entries: list[Entry]) -> None: ...

    def run(self, command: Command) -> None: ...

    def judged(self, commands: list[Command]) -> list[tuple[Command, IllegalAction | None]]: ...

    def tick(self, unit: str) -> None: ...

    def open_stack(self, place: str | None) -> None: ...

    def say(self, text: str, error: bool = False) -> None: ...

    def refuse(self, exc: IllegalAction) -> None: ...

    def show_preview(self, preview: Preview | None) -> None: ...

    def show_units(self, heading: str, rows: list[UnitRow]) -> None: ...

    def update_units(self, heading: str, rows: list[UnitRow]) -> None: ...

    def offer(self, selection: Selection) -> Selection: ...

    def declared(self) -> tuple[Action, ...]: ...

    def declares_together(self, action: Action) -> bool: ...

    def declared_words(self) -> list[str]: ...

    def withdraw(self, index: int) -> None: ...

    def refusal(self, action: Action) -> IllegalAction | None: ...


class Interaction:
    place: str | None = None

    def __init__(self, controller: Controller) -> None:
        self.c = controller

    def start(self) -> None:
        self.refresh()

    def cancel(self) -> None:
        self.c.scene.set_path([])
        self.c.scene.set_targets([])
        self.c.show_preview(None)

    def confirm(self) -> None:
        self.c.say("Nothing to confirm: pick your units on the map, then click a place to "
                   "plan an order.")

    def click(self, hit: Hit, button: Qt.MouseButton) -> None:
        pass

    def refresh(self) -> None:
        """The state or the options changed under this mode."""

    def selection(self) -> Selection:
        return Selection(options=self.c.options(), declared=self.c.declared())

    def meant(self, hit: Hit) -> Hit:
        """What a left click meant: near a line it is the line where an order may be given
        there now (the Escort's lay that glows); else the place beneath where one may be
        given there (a click near a zone's edge in Combat Movement had been refused as a
        lay of mines, NL-05, nobody aimed at); else the line while lines of its kind glow
        for the pick somewhere, as its refusal then says why; else the place beneath."""
        if hit.beneath is None:
            return hit
        view, selection = self.c.view(), self.selection()
        for meant in (hit, Hit(hit.beneath)):
            action = self.c.ruleset.intent(view, selection, meant.at)
            if action is not None and self.c.refusal(action) is None:
                return meant
        lit = self.c.ruleset.targets(view, selection)
        return hit if any(at.kind == hit.at.kind for at in lit) else Hit(hit.beneath)

    def explain(self, hit: Hit) -> None:
        """A click that means nothing: the commands there, or its tooltip."""
        commands = self.place_commands(hit.at)
        if commands:
            self.c.menu(commands)
        else:
            self.c.say(self.c.tip(hit.at))

    def context(self, hit: Hit) -> None:
        """A right-click on ``hit``: a menu headed by what is there, then what may be done
        there now — pick the stack, the order for the ticked units, the place's commands."""
        view = self.c.view()
        entries = [Entry(line) for line in self.c.tip_lines(hit.at)[:4]]
        if hit.owner is not None and hit.owner == view.actor and hit.at.id != self.place \
                and self.c.ruleset.units_at(view, hit.at.id):
            at = hit.at.id
            entries.append(Entry(f"Pick {hit.owner}'s units here",
                                 lambda: self.c.set_mode(Selecting(self.c, at))))
        entries += self.orders_at(hit)
        entries += self.commands_at(hit)
        for index, words in enumerate(self.c.declared_words()):
            entries.append(Entry(f"Withdraw from the declaration: {words}",
                                 functools.partial(self.c.withdraw, index)))
        if self.place is not None:
            entries.append(Entry("Drop the pick (Esc)", self.c.idle))
        self.c.context(entries)

    def orders_at(self, hit: Hit) -> list[Entry]:
        """What the picked units could be ordered to do at ``hit`` (nothing picked: none)."""
        return []

    def place_commands(self, at: PlaceRef) -> list[Command]:
        """The place's own commands, with no units picked (buy mines at a capital, settle a
        battle)."""
        return self.c.ruleset.commands(self.c.view(), Selection(
            place=at.id, options=self.c.options(), declared=self.c.declared()))

    def commands_at(self, hit: Hit) -> list[Entry]:
        return self.entries(self.place_commands(hit.at))

    def entries(self, commands: list[Command]) -> list[Entry]:
        out = []
        for command, refusal in self.c.judged(commands):
            why = "" if refusal is None else f"{refusal.clause}: {refusal.reason}"
            out.append(Entry(command.label, self._runner(command), command.tip,
                             refusal is None, why))
        return out

    def _runner(self, command: Command) -> Callable[[], None]:
        return lambda: self.c.run(command)

    def carry_over(self, hit: Hit | None) -> None:
        """A stack is dragged over ``hit`` (None: off the map)."""

    def drop(self, hit: Hit | None) -> None:
        """A dragged stack is let go over ``hit``."""

    def point_at(self, hit: Hit | None) -> None:
        """The pointer entered the place of ``hit`` (None: it left the map)."""


class Idle(Interaction):
    def start(self) -> None:
        self.c.scene.set_selected(set())
        words = self.c.declared_words()
        heading = "Nothing picked: click your units on the map."
        if words:  # what waits to be declared together (core/batch.py)
            heading += "\nTo declare together:" + "".join(
                f"\n{i}. {w}" for i, w in enumerate(words, 1))
        self.c.show_units(heading, [])
        self.refresh()

    def refresh(self) -> None:
        show_move(self.c.scene, self.c.view())  # the move in progress (qt/move_route.py)
        selection = self.c.offer(self.selection())
        self.c.scene.set_targets(self.c.ruleset.targets(self.c.view(), selection))

    def click(self, hit: Hit, button: Qt.MouseButton) -> None:
        view = self.c.view()
        if button != LEFT:
            self.context(hit)
            return
        hit = self.meant(hit)
        if hit.owner is not None:
            if hit.owner == view.actor and self.c.ruleset.units_at(view, hit.at.id):
                self.c.set_mode(Selecting(self.c, hit.at.id))
                return
            if hit.owner != view.actor:
                self.c.say(f"Those are {hit.owner}'s; it is {view.actor}'s turn.")
                return
        action = self.c.ruleset.intent(view, self.selection(), hit.at)
        if action is None:
            self.explain(hit)
        elif self.c.play(action):
            self.refresh()


class Selecting(Interaction):
    """Units picked at ``place``: plan an order by clicking a target, confirm it again."""

    def __init__(self, controller: Controller, place: str) -> None:
        super().__init__(controller)
        self.place = place
        self.planned: Action | None = None
        self.target: PlaceRef | None = None

    def units(self) -> list[str]:
        assert self.place is not None
        units: list[str] = self.c.ruleset.units_at(self.c.view(), self.place)
        return units

    def selection(self) -> Selection:
        here = set(self.units())
        return Selection(self.place, tuple(u for u in self.c.chosen() if u in here),
                         self.c.options(), self.c.declared())

    def start(self) -> None:
        view = self.c.view()
        assert self.place is not None
        rows = self.c.ui.unit_rows(view, self.units())
        self.c.show_units(self.c.ui.heading(view, self.place), rows)
        self.c.open_stack(self.place)
        self.refresh()

    def cancel(self) -> None:
        super().cancel()
        self.c.open_stack(None)
        self.readout.clear()

    # ---- the route under the pointer (docs/paths.md) -----------------------------------------
    @functools.cached_property
    def readout(self) -> RouteReadout:
        return RouteReadout(self.c)

    def point_at(self, hit: Hit | None) -> None:
        self.readout.point_at(self.selection(), None if hit is None or hit.at.id == self.place
                              else hit.at, quiet=self.planned is not None)

    def refresh(self) -> None:
        if not self.units():
            self.c.idle()
            return
        view = self.c.view()
        show_move(self.c.scene, view)  # the move in progress (qt/move_route.py)
        assert self.place is not None
        self.c.update_units(self.c.ui.heading(view, self.place),
                            self.c.ui.unit_rows(view, self.units()))
        selection = self.c.offer(self.selection())
        self.c.scene.set_selected(set(selection.units))
        self.c.scene.set_targets(self.c.ruleset.targets(self.c.view(), selection))
        if self.target is not None:
            self.plan(self.target, quiet=True)
        else:
            self.c.show_preview(self.standing())

    def standing(self) -> Preview | None:
        """The odds of what the picked units may do where they stand, while no place is
        planned: the first of their commands, allowed now, that has a preview (a boundary
        roll); None if none has."""
        view = self.c.view()
        for command, refusal in self.c.judged(self.c.ruleset.commands(view, self.selection())):
            if refusal is None and command.action is not None:
                preview = self.c.ruleset.preview(view, command.action)
                if preview is not None:
                    return preview
        return None

    def click(self, hit: Hit, button: Qt.MouseButton) -> None:
        view = self.c.view()
        if button != LEFT:
            self.context(hit)
            return
        hit = self.meant(hit)
        if hit.unit is not None and hit.at.id == self.place:
            self.c.tick(hit.unit)  # a unit of the opened stack: it takes part, or not
            return
        if hit.owner == view.actor and hit.at.id != self.place \
                and self.c.ruleset.units_at(view, hit.at.id):
            self.c.set_mode(Selecting(self.c, hit.at.id))
            return
        if hit.owner is not None and hit.at.id == self.place:
            self.c.say(f"Already picked at {hit.at}: tick the units in the Selection dock, "
                       "then click where they go; Esc drops them.")
            return
        if self.planned is not None and hit.at == self.target:
            self.confirm()
            return
        self.plan(hit.at)

    def plan(self, at: PlaceRef, quiet: bool = False) -> None:
        view = self.c.view()
        selection = self.selection()
        self.planned, self.target = None, at
        self.c.scene.set_path([])
        self.c.show_preview(self.standing())
        if not selection.units:
            if not quiet:
                self.c.say("Tick at least one unit in the Selection dock.")
            return
        action = self.c.ruleset.intent(view, selection, at)
        if action is None:
            self.target = None
            if not quiet:
                self.explain(Hit(at))
            return
        refusal = self.c.refusal(action)
        if refusal is not None:
            if not quiet and self.place_commands(at):
                self.explain(Hit(at))  # not an order for these units: what the place offers
            elif not quiet:
                self.c.refuse(refusal)
            return
        route = self.c.ruleset.route(view, action)
        if not route:
            self.target = None
            text = describe(action, at)
            if self.c.declares_together(action):  # the declaration lists whose order it is
                text += f": {and_list(selection.units)}"
            if not quiet and self.c.play(action, text):
                self.c.idle()
            return
        self.planned = action
        self.c.scene.set_path(route)
        preview = self.c.ruleset.preview(view, action)
        self.c.show_preview(preview)
        odds = f" {preview.summary}" if preview is not None else ""
        self.c.say(f"{describe(action, at)}.{odds} Click {at} again or press Enter; Esc "
                   "cancels.")

    def confirm(self) -> None:
        if self.planned is None or self.target is None:
            self.c.say("Nothing planned yet: click a place to plan an order for the ticked "
                       "units.")
            return
        action, at = self.planned, self.target
        self.planned = self.target = None
        if self.c.play(action, describe(action, at)):
            self.c.idle()

    def orders_at(self, hit: Hit) -> list[Entry]:
        selection = self.selection()
        if not selection.units or hit.at.id == self.place:
            return self.entries(self.c.ruleset.commands(self.c.view(), selection)) \
                if hit.at.id == self.place else []
        view = self.c.view()
        action = self.c.ruleset.intent(view, selection, hit.at)
        if action is None:
            return []
        route = self.c.ruleset.route(view, action)
        label = describe(action, hit.at, moving=bool(route))
        refusal = self.c.refusal(action)
        if refusal is not None:
            return [Entry(label, None, enabled=False,
                          why=f"{refusal.clause}: {refusal.reason}")]

        def order() -> None:
            if self.c.play(action, label):
                self.c.idle()

        if not route:  # it happens where the units are: nothing to show first
            return [Entry(label, order)]
        at = hit.at
        return [Entry(f"Show the route and odds to {at}", lambda: self.plan(at)),
                Entry(label, order)]

    def carry_over(self, hit: Hit | None) -> None:
        at = hit.at if hit is not None and hit.at.id != self.place else None
        if at == self.target:
            return
        if at is None:
            self.planned = self.target = None
            self.c.scene.set_path([])
            self.c.show_preview(None)
            return
        self.plan(at, quiet=True)  # route and odds while the stack is carried

    def drop(self, hit: Hit | None) -> None:
        """Let go: a move there if the ticked units have one (a drop only ever moves; what
        happens where the units are, such as laying mines, is a click or a menu entry)."""
        view = self.c.view()
        selection = self.selection()
        action = self.c.ruleset.intent(view, selection, hit.at) \
            if hit is not None and hit.at.id != self.place and selection.units else None
        if hit is None or action is None or not self.c.ruleset.route(view, action):
            self.planned = self.target = None
            self.c.scene.set_path([])
            self.c.show_preview(None)
            self.c.say("Put back where it was. Let a stack go on the place it moves to, or "
                       "click it and then the place.")
            return
        self.plan(hit.at)
        if self.planned is not None and self.target == hit.at:
            self.confirm()


def describe(action: Action, at: PlaceRef, moving: bool = True) -> str:
    """An order in the words of the undo list: "Move to sea zone 112", "Lay mines at line
    110|112"."""
    return f"{action.kind.replace('_', ' ').capitalize()} {'to' if moving else 'at'} {at}"
