"""How an imperium-mines view is drawn: fleets as counter stacks above each system, and the
minefield counters below it — values and false counters to their owner, backs to the
enemy."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from mineboard.core.words import and_list, count_of
from mineboard.qt.maps.picture import BACK, CounterMark, Face, Picture, UnitMark
from mineboard.qt.maps.points import PointScene
from mineboard.qt.plugin import RulesetUI, UnitRow, stacks
from mineboard.rules.imperium_mines.state import CONSTRUCTION, Counter, Fleet, ImperiumState


class ImperiumMinesUI(RulesetUI[ImperiumState]):
    ruleset_id = "imperium-mines"
    scene_class = PointScene
    colours: ClassVar[Mapping[str, str]] = {"Imperial": "#E69F00", "Terran": "#56B4E9"}
    help = (("Click your fleets", "pick them; click a system to plan a jump, again to jump"),
            ("Lay mines / Sweep / Place false counters", "the picked fleet stays and works "
                                                         "(IM-06, IM-12, IM-26)"),
            ("Click your home system in Construction", "build ships (IM-02)"))

    def picture(self, view: ImperiumState) -> Picture:
        def tip(system: str, side: str, fleets: list[Fleet]) -> str:
            rows = [f"{side} at {view.board.places[system].name}"]
            for fleet in fleets:
                ships = and_list(view.ship_name(s) + (f" ({count_of(s.hits, 'hit')})"
                                                      if s.hits else "") for s in fleet.ships)
                rows.append(f"• {fleet.id}: {ships}")
            return "\n".join(rows)

        p = Picture(stacks=stacks(
            sorted(view.fleets.values(), key=lambda f: f.id), lambda f: (f.system, f.side),
            lambda f: [UnitMark(f.id, self.art(s.type), view.ship_type(s).name, f.id)
                       for s in f.ships], tip))
        for system, owners in view.minefields.items():
            for owner, cs in owners.items():
                if cs:
                    p.counters.append(CounterMark(view.board.ref(system), owner,
                                                  tuple(_face(c) for c in _ordered(cs)),
                                                  tip=_counter_tip(owner, cs)))
        for place in view.board.places_of("system"):
            home = [s for s, h in view.home.items() if h == place.id]
            p.tips[place.id] = place.name + (f" — home of the {home[0]} fleet" if home else "")
        return p

    def art(self, unit_type: str) -> str:
        return f"space-{unit_type}"

    def unit_rows(self, view: ImperiumState, units: list[str]) -> list[UnitRow]:
        rows = []
        for i, fid in enumerate(units):
            fleet = view.fleets[fid]
            ships = and_list(view.ship_name(s) for s in fleet.ships)
            rows.append(UnitRow(fid, f"{fid}: {ships} · {count_of(view.jumps(fleet), 'jump')}",
                                i == 0))
        return rows

    def hint(self, view: ImperiumState) -> str:
        if view.phase == CONSTRUCTION:
            home = view.board.places[view.home[view.active]].name \
                if view.active in view.home else "your home system"
            return (f"Construction: click {home} to build ships (minelayers, sweepers: "
                    "IM-02, IM-03), then End phase.")
        return (f"{view.phase_label}: click your fleets, then a system to plan a jump and "
                "again to jump — or stay and lay, sweep or place false counters; then End "
                "phase.")

    def holdings(self, view: ImperiumState, side: str) -> str:
        """The viewer's Resources and the ships it has building (IM-02, IM-03)."""
        building = [t for s, t, _ready in view.building if s == side]
        ships = f" · building {', '.join(view.rules.ships[t].name for t in building)}" \
            if building else ""
        return f"{side}: {view.resources.get(side, 0)} Resources{ships}"

    def heading(self, view: ImperiumState, place: str) -> str:
        name = view.board.places[place].name
        return (f"{view.active} fleets at {name}: tick the fleets, then click a system to "
                "jump — or stay and lay, sweep or place false counters.")


def _ordered(counters: list[Counter]) -> list[Counter]:
    """False counters under real ones, so an owner reads a value on top of the stack."""
    return sorted(counters, key=lambda c: (not c.false, c.value))


def _face(c: Counter) -> Face:
    if not c.known:
        return BACK
    return Face("F" if c.false else str(c.value))


def _counter_tip(owner: str, counters: list[Counter]) -> str:
    tip = f"{owner}: {count_of(len(counters), 'face-down minefield counter')}"
    known = [c for c in counters if c.known]
    if known:
        real = sum(c.value for c in known if not c.false)
        tip += f" — {count_of(real, 'mine point')}, {sum(1 for c in known if c.false)} false"
    return tip
