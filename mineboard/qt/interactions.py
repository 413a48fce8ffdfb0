"""Click-driven modes (Orange canvas style): each starts, takes clicks, can be confirmed with
Enter and cancelled with Esc. They work for every ruleset: what a click means comes from
the ruleset's ``intent``, what may be done from its ``commands``, the odds from ``preview``.

* :class:`Idle` — nothing picked: a click on your stack picks it; a click on a place does
  what the ruleset says a click there means (place a counter), or offers its commands
  (buy mines at a capital) as a menu.
* :class:`Selecting` — units picked at a place: a click on a target plans an order — its
  route, its odds — and a second click (or Enter) carries it out; an order that happens
  where the units are (lay mines on a glowing line) is carried out at once.

A right-click only ever explains or offers a menu; it never moves anything.
"""

from __future__ import annotations

from typing import Any, Protocol

from PySide6.QtCore import Qt

from mineboard.core.actions import Action
from mineboard.core.errors import IllegalAction
from mineboard.core.game import GameState, Observation
from mineboard.core.places import PlaceRef
from mineboard.core.planning import Command, Preview, Selection
from mineboard.core.ruleset import Ruleset
from mineboard.qt.maps.scene import Hit, MapScene
from mineboard.qt.plugin import RulesetUI, UnitRow

LEFT = Qt.MouseButton.LeftButton


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

    def set_mode(self, mode: Interaction) -> None: ...

    def idle(self) -> None: ...

    def play(self, action: Action, text: str = "") -> bool: ...

    def menu(self, commands: list[Command]) -> None: ...

    def say(self, text: str, error: bool = False) -> None: ...

    def refuse(self, exc: IllegalAction) -> None: ...

    def show_preview(self, preview: Preview | None) -> None: ...

    def show_units(self, heading: str, rows: list[UnitRow]) -> None: ...

    def update_units(self, heading: str, rows: list[UnitRow]) -> None: ...

    def offer(self, selection: Selection) -> Selection: ...


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
        return Selection(options=self.c.options())

    def explain(self, hit: Hit) -> None:
        """A right-click, or a click that means nothing: the commands there, or its tooltip."""
        commands = self.c.ruleset.commands(self.c.view(), Selection(
            place=hit.at.id, options=self.c.options()))
        if commands:
            self.c.menu(commands)
        else:
            self.c.say(self.c.tip(hit.at))


class Idle(Interaction):
    def start(self) -> None:
        self.c.scene.set_selected(set())
        self.c.show_units("Nothing picked: click your units on the map.", [])
        self.refresh()

    def refresh(self) -> None:
        selection = self.c.offer(self.selection())
        self.c.scene.set_targets(self.c.ruleset.targets(self.c.view(), selection))

    def click(self, hit: Hit, button: Qt.MouseButton) -> None:
        view = self.c.view()
        if hit.owner is not None and button == LEFT:
            if hit.owner == view.actor and self.c.ruleset.units_at(view, hit.at.id):
                self.c.set_mode(Selecting(self.c, hit.at.id))
                return
            if hit.owner != view.actor:
                self.c.say(f"Those are {hit.owner}'s; it is {view.actor}'s turn.")
                return
        action = self.c.ruleset.intent(view, self.selection(), hit.at) \
            if button == LEFT else None
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
                         self.c.options())

    def start(self) -> None:
        view = self.c.view()
        assert self.place is not None
        rows = self.c.ui.unit_rows(view, self.units())
        self.c.show_units(self.c.ui.heading(view, self.place), rows)
        self.refresh()

    def refresh(self) -> None:
        if not self.units():
            self.c.idle()
            return
        view = self.c.view()
        assert self.place is not None
        self.c.update_units(self.c.ui.heading(view, self.place),
                            self.c.ui.unit_rows(view, self.units()))
        selection = self.c.offer(self.selection())
        self.c.scene.set_selected(set(selection.units))
        self.c.scene.set_targets(self.c.ruleset.targets(self.c.view(), selection))
        if self.target is not None:
            self.plan(self.target, quiet=True)

    def click(self, hit: Hit, button: Qt.MouseButton) -> None:
        view = self.c.view()
        if button != LEFT:
            self.explain(hit)
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
        self.c.show_preview(None)
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
        refusal = self.c.observation().refusal(action)
        if refusal is not None:
            if not quiet and self.c.ruleset.commands(view, Selection(
                    place=at.id, options=self.c.options())):
                self.explain(Hit(at))  # not an order for these units: what the place offers
            elif not quiet:
                self.c.refuse(refusal)
            return
        route = self.c.ruleset.route(view, action)
        if not route:
            self.target = None
            if not quiet and self.c.play(action):
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


def describe(action: Action, at: PlaceRef) -> str:
    """An order in the words of the undo list: "Move to sea zone 112"."""
    return f"{action.kind.replace('_', ' ').capitalize()} to {at}"
