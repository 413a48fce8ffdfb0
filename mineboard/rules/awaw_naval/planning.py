"""What a player is offered: the ships a click on a port or box picks, what a click on
another base means for them (a base change, AW-47…AW-50), the bases worth lighting up, and
the command that declares every base change planned this phase together, as one batch
(AW-03, AW-47).

A base change is an order of a batch kind (``bases.BATCH_KINDS``): the window keeps the
ones a player plans in the turn's declaration (``Selection.declared``) rather than making
each at once, and :func:`commands` offers them back as one :class:`~mineboard.core.batch.Batch`
— declared, judged on the combined result, applied and undone as one record.

With ships picked, the player chooses the activity (``activity``: a base change by default,
or any operation of the Naval Activities Table carried out in the current phase, AW-223); a
click on a place is then that operation there (operations.Operate), shown before the click
by the route under the pointer and the operation's preview.

Once declared, the other side may be asked whether it intercepts (employment's
interception.py): it is offered "Pass", and a click with its ships picked on a hex of the
moving force's route means their interception there (AW-79).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from mineboard.core.actions import Action
from mineboard.core.batch import Batch
from mineboard.core.errors import IllegalAction, MineboardError
from mineboard.core.planning import Choice, Command, Selection
from mineboard.core.words import count_of
from mineboard.maps.model import BOX, HEX, PORT
from mineboard.rules.awaw_naval import basechange, interception_table, movement
from mineboard.rules.awaw_naval.basechange import BaseChange
from mineboard.rules.awaw_naval.interception import Intercept, PassInterception
from mineboard.rules.awaw_naval.ledger import Operation
from mineboard.rules.awaw_naval.operations import Operate
from mineboard.rules.awaw_naval.state import AwState, Ship

BASE_CHANGE = "base_change"
ACTIVITY = "activity"
"""The option naming the activity a click means (movement.route_report reads it too)."""
ASKED_ELSEWHERE = ("interception", "counter_interception")
"""Operations the other side declares when asked, never offered to the mover."""

INTENTS: list[Callable[[AwState, Selection, str], Action | None]] = []
"""Part 2's orders for picked ships and a click on a place that is no base (a patrol hex,
a mission hex): the first that has one."""


def base_change(ships: tuple[str, ...], to: str) -> BaseChange:
    """The base-change order of the bases part."""
    return BaseChange(ships=ships, to=to)


# ---- places ----------------------------------------------------------------------------
def base_at(view: AwState, place: str) -> str | None:
    """The base a click on ``place`` means: a port, a box or a port counter itself, or the
    port in a hex clicked (a two-port hex has one port place, AW-02)."""
    found = view.board.places.get(place)
    if place in view.built_ports or (found is not None and found.kind in (PORT, BOX)):
        return place
    if found is None or found.kind != HEX:
        return None
    for port in view.board.places_of(PORT):
        if port.props.get("hex") == place:
            return port.id
    for built in view.built_ports.values():
        if built.hex == place:
            return built.id
    return None


def bases_of(view: AwState) -> list[str]:
    """Every place a ship may be based: the map's ports and boxes, then port counters."""
    return [p.id for p in view.board.places.values() if p.kind in (PORT, BOX)] \
        + list(view.built_ports)


def base_name(view: AwState, base: str) -> str:
    if base in view.built_ports:
        return f"port counter in hex {view.built_ports[base].hex}"
    return str(view.board.ref(base))


def capacity(view: AwState, base: str) -> int | None:
    """A base's capacity in naval factors (None: a box, unlimited, AW-07)."""
    if view.is_box(base):
        return None
    place = view.board.places.get(base)
    if place is None:  # a port counter holds as a port does (AW-08)
        return 50
    value = place.props.get("capacity", 50)
    return int(value) if isinstance(value, int | float) else 50


def load(view: AwState, base: str) -> int:
    """Naval factors counted against a port's capacity: not those waiting for repair
    (AW-06)."""
    return sum(s.factors for s in view.ships_at(base) if s.row != "waiting_repair")


def sea_place(view: AwState, op: Operation) -> str:
    """Where a force at sea is: its box (a raid's SW box), else the hex of its activity
    (the patrol hex, the invasion hex, the port of debarkation's hex, where it fought)."""
    if view.is_box(op.target):
        return op.target
    return op.hex if op.hex in view.board.places else op.target


def side_of(view: AwState, ship: Ship) -> str:
    return view.side_of_nation(ship.nation)


# ---- what the window asks --------------------------------------------------------------
BOMBARDMENT = "shore_bombardment"


def invasion_at(view: AwState, target: str) -> str:
    """The side to move's invasion at sea at ``target`` (a hex, or a port's hex) that a
    bombardment ordered there by a click goes with (AW-156); "" if none or several."""
    hex_id = view.port_hex(target) or target
    found = [op.id for op in view.ledger.operations.values()
             if op.activity == "invasion" and op.side == view.to_move and op.at_sea
             and not op.aborted and hex_id in (op.hex, op.target)]
    return found[0] if len(found) == 1 else ""


def route(view: AwState, action: Action) -> tuple[str, ...]:
    """The route a click's order is drawn with before it is made, so that a second click
    confirms it: a shore bombardment's, whose arithmetic (AW-159…AW-161) is worth seeing
    before its ships are committed to the invasion; other orders happen at the click."""
    if not isinstance(action, Operate) or action.activity != BOMBARDMENT or not action.ships:
        return ()
    ship = view.ships.get(action.ships[0])
    if ship is None or ship.base is None:
        return ()
    picked = Selection(place=ship.base, units=action.ships, options={ACTIVITY: BOMBARDMENT})
    report = movement.route_report(view, picked, view.board.ref(action.target))
    if report is not None and len(report.places) > 1:
        return tuple(report.places)
    return (ship.base, action.target)


def units_at(view: AwState, place: str) -> list[str]:
    """The ships of the side to move in port at the base ``place`` means, task forces
    together, biggest first. A force at sea is drawn where it is (``sea_place``), though
    its port still counts it (AW-97); a click there means that place (the invasion hex its
    bombardment goes to), and it has its own buttons (AW-114's interception from the sea)."""
    base = base_at(view, place)
    if base is None:
        return []
    at_sea = view.ledger.at_sea()
    mine = [s for s in view.ships_at(base) if side_of(view, s) == view.to_move
            and s.id not in at_sea]
    return [s.id for s in sorted(mine, key=lambda s: (s.tf or "~", -s.factors, s.id))]
    mine = [s for s in view.ships_at(base) if side_of(view, s) == view.to_move
            and s.id not in at_sea]
    return [s.id for s in sorted(mine, key=lambda s: (s.tf or "~", -s.factors, s.id))]


def intent(view: AwState, selection: Selection, kind: str, place: str) -> Action | None:
    """A click on another base with ships picked: their base change there — or, while
    their side is asked whether it intercepts, a hex of a moving force's route: their
    interception there (AW-79)."""
    if not selection.units or selection.place is None:
        return None
    if asked_to_intercept(view):
        return interception_at(view, selection, place)
    activity = chosen_activity(view, selection)
    if activity != BASE_CHANGE:
        target = base_at(view, place) or place
        return Operate(activity=activity, ships=tuple(selection.units), target=target,
                       with_invasion=invasion_at(view, target) if activity == BOMBARDMENT
                       else "")
    start, goal = base_at(view, selection.place), base_at(view, place)
    if goal is None and start is not None:
        return next((a for f in INTENTS if (a := f(view, selection, place)) is not None), None)
    if goal is None or start is None or goal == start:
        return None
    return base_change(tuple(selection.units), goal)


def targets(view: AwState, selection: Selection, check: Any) -> Mapping[str, Action]:
    """The bases the picked ships may change base to, each order judged alone (the
    declaration is judged together when it is declared: a swap into a full port lights
    up, AW-03). ``check`` would judge each as a declaration of one."""
    if not selection.units or selection.place is None:
        return {}
    if asked_to_intercept(view):
        return _interception_targets(view, selection, check)
    if chosen_activity(view, selection) != BASE_CHANGE:
        return {}  # an operation's target is judged under the pointer, not lit ahead
    start = base_at(view, selection.place)
    out: dict[str, Action] = {}
    for base in _within_reach(view, selection, start):
        if base == start:
            continue
        action = base_change(tuple(selection.units), base)
        try:
            basechange.check(view, action)  # the order alone: what check_declared asks
        except IllegalAction:
            continue
        out[base] = action
    return out


def _within_reach(view: AwState, selection: Selection, start: str | None) -> list[str]:
    """The bases a base change could reach, found in one search of the water graph
    (movement.reachable) rather than a route to every port of a large map; every base
    where it cannot answer (a start it does not know)."""
    ship = view.ships.get(selection.units[0]) if selection.units else None
    if ship is None or start is None:
        return bases_of(view)
    try:
        return list(movement.reachable(view, ship.nation, start, BASE_CHANGE))
    except MineboardError:
        return bases_of(view)


# ---- the other side asked whether it intercepts (employment's interception.py) ------------
def asked_to_intercept(view: AwState) -> bool:
    """The side to move is asked whether it intercepts what just moved, and has not yet
    declared an interception (whose outcome then comes from outside the rules)."""
    ledger = view.ledger
    return ledger.asked is not None and ledger.interception is None \
        and ledger.asked == view.to_move


TARGET = "target"
"""The option naming which moving force to intercept, where several sail the same hexes."""


def route_hexes(view: AwState, target: str | None = None) -> dict[str, str]:
    """Each hex of the routes the asked side may intercept on (a moving force's ports'
    own hexes included, AW-77) → the first ship of the force sailing it; only the force
    of ``target`` (a ship of it) when given."""
    out: dict[str, str] = {}
    for window in view.ledger.windows:
        if target is not None and target not in window.ships:
            continue
        for place in window.route:
            hex_id = view.port_hex(place) or place
            found = view.board.places.get(hex_id)
            if found is not None and found.kind == HEX and window.ships:
                out.setdefault(hex_id, window.ships[0])
    return out


def interception_at(view: AwState, selection: Selection, place: str) -> Action | None:
    """The picked ships' interception at ``place`` (a hex, or a port's hex) of a route
    they may intercept on; None where no route passes."""
    hex_id = view.port_hex(place) or place
    target = route_hexes(view, selection.option(TARGET)).get(hex_id) \
        or route_hexes(view).get(hex_id)
    if target is None:
        return None
    return Intercept(ships=tuple(selection.units), target=target, hex=hex_id,
                     situation=str(selection.option(interception_table.SITUATION, "")))


def _interception_targets(view: AwState, selection: Selection,
                          check: Any) -> dict[str, Action]:
    """The hexes of the moving forces' routes the picked ships may intercept at."""
    out: dict[str, Action] = {}
    for hex_id in route_hexes(view, selection.option(TARGET)):
        action = interception_at(view, selection, hex_id)
        if action is None:
            continue
        try:
            check(view, action)
        except IllegalAction:
            continue
        out[hex_id] = action
    return out


def interception_commands(view: AwState) -> list[Command]:
    moving = [s for w in view.ledger.windows for s in w.ships]
    return [Command("Pass: no interception", PassInterception(),
                    tip=f"Let {', '.join(moving)} go on unintercepted (AW-79). To intercept "
                        "instead, click ships of yours in a port, then a hex of the moving "
                        "force's route (lit).")]


def activities_now(view: AwState) -> tuple[tuple[str, str], ...]:
    """(key, name) of what picked ships may be ordered to do in this phase: a base change in
    the movement phase, and every operation of the Naval Activities Table carried out in
    this phase (or in any phase) that the mover declares itself (AW-223)."""
    table = view.data.activities
    out = [(key, entry.name) for key, entry in table.items()
           if entry.operation and key not in ASKED_ELSEWHERE
           and (not entry.phase or entry.phase == view.phase)]
    base = table.get(BASE_CHANGE)
    if base is not None and base.phase == view.phase:
        out.insert(0, (BASE_CHANGE, base.name))
    return tuple(out)


def chosen_activity(view: AwState, selection: Selection) -> str:
    """The activity the player chose, if it may be ordered in this phase; else the phase's
    first (an option set in the movement phase outlives it)."""
    now = [key for key, _name in activities_now(view)]
    chosen = str(selection.option(ACTIVITY, BASE_CHANGE))
    return chosen if chosen in now or not now else now[0]


def choices(view: AwState, selection: Selection) -> list[Choice]:
    """With ships picked: the activity a click orders them to. While several moving forces
    may be intercepted: which one the picked ships go for."""
    if not selection.units:
        return []
    if not asked_to_intercept(view):
        values = activities_now(view)
        if not values:
            return []
        return [Choice(ACTIVITY, "Activity", values[0][0], values,
                       tip="What a click on a place orders the picked ships to do there "
                           "(the Naval Activities Table, AW-223)")]
    windows = [w for w in view.ledger.windows if w.ships]
    situation = interception_table.situation_choice(view)
    if len(windows) < 2:
        return situation
    values = tuple((w.ships[0], f"{', '.join(w.ships)}: {base_name(view, w.origin)} to "
                                f"{base_name(view, w.goal)}") for w in windows)
    return [Choice(TARGET, "Intercept", values[0][0], values,
                   tip="The moving force to intercept: the lit hexes are its route (AW-79)"),
            *situation]


def declared_changes(selection: Selection) -> tuple[Action, ...]:
    return tuple(a for a in selection.declared if a.kind == BASE_CHANGE)


def order_words(view: AwState, action: Action) -> str:
    """A planned base change in words: "Home Fleet (HF1, HF2, HF3, 35 factors) from
    Westhaven to Skarth"."""
    ships = [view.ships[s] for s in getattr(action, "ships", ()) if s in view.ships]
    to = str(getattr(action, "to", ""))
    if not ships:
        return f"to {base_name(view, to)}"
    start = ships[0].base
    names = ", ".join(s.name or s.id for s in ships)
    factors = sum(s.factors for s in ships)
    origin = f" from {base_name(view, start)}" if start else ""
    return f"{names} ({count_of(factors, 'factor')}){origin} to {base_name(view, to)}"


def commands(view: AwState, selection: Selection) -> list[Command]:
    """Declare every base change planned this phase together (AW-47): one batch, judged
    on the combined result (AW-03), undone as one."""
    if asked_to_intercept(view):
        return interception_commands(view)
    planned = declared_changes(selection)
    if not planned:
        return []
    lines = "\n".join(f"{i + 1}. {order_words(view, a)}" for i, a in enumerate(planned))
    return [Command(f"Declare {count_of(len(planned), 'base change')} together",
                    Batch(planned),
                    tip="Every base change of the phase is declared at once and judged on "
                        f"the ports' combined loads (AW-03, AW-47):\n{lines}")]
