"""The mine-laying advisor of imperium-mines (*Game ▸ Advise*, ``mineboard advise``).

A lay is one order, :class:`LayMines` of one fleet, at the system where that fleet stands
(IM-06, IM-07): so the lays a side may make now are at most one per fleet with minelayers,
and every one of them is examined — the advice is always exact, never a search.

Each lay is tried on a copy of the asking side's view (:func:`core.advice.what_if`) and
scored from the mine points that side knows — its own, exactly — against the enemy fleets
it sees, with the ruleset's own odds (IM-18, IM-19, IM-22, the damage model of IM-28).
The enemy's own counters are face-down backs in that view (IM-08) and play no part: they
cannot hurt the enemy (IM-13), so the advice is the same whatever they hide.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from mineboard.core.advice import Advice, Progress, Suggestion, Target, no_progress, rank, what_if
from mineboard.core.errors import IllegalAction
from mineboard.core.words import and_list, count_of, possessive
from mineboard.rules.imperium_mines.actions import LayMines
from mineboard.rules.imperium_mines.state import SEGMENT, Fleet, ImperiumState
from mineboard.rules.imperium_mines.threat import fleet_loss
from mineboard.rules.imperium_mines.ways import distances, least_loss_way

UNIT = "ships lost"

MODEL = ("each enemy fleet that can reach the system in its next segment (within its jumps, "
         "IM-05) enters it once by its shortest way, on that way's jump (+1 from the 2nd "
         "jump, IM-18, IM-32), with its own minesweepers; the figure is the enemy ships the "
         "lay adds to what the mines there would sink (IM-19, IM-22; a ship is lost when its "
         "hits reach its hull, IM-28's default); other fields on the way and your fleets "
         "in it are left out")

TARGET_MODEL = ("every enemy fleet heads for {name} by its least-loss way, knowing your "
                "mines as you do (the enemy avoids them if it can): the way entering the "
                "mined systems that cost it least, each on the first jump of a segment (it "
                "stops short, so IM-32's +1 never applies), its hits adding up across "
                "fields (IM-23), its minesweepers counted as it sets out; P(route hurt) is "
                "the chance that at least one enemy ship is lost on the way, the expected "
                "figure the enemy ships lost on it, both after the lay (IM-18, IM-19, "
                "IM-22, IM-28's default)")


def targets(view: ImperiumState) -> list[Target]:
    """Every star system, by name: any may be the enemy's goal."""
    return [Target(p.id, p.name) for p in sorted(view.board.places.values(),
                                                 key=lambda p: p.name)]


def enemy_fleets(view: ImperiumState, side: str) -> list[Fleet]:
    return sorted((f for f in view.fleets.values() if f.side != side and f.ships),
                  key=lambda f: f.id)


def advise(ruleset: Any, view: ImperiumState, target: Target | None = None,
           progress: Progress = no_progress) -> Advice:
    side = view.active
    title = f"Mine-laying advice for {side}: {view.phase_label}, turn {view.turn}"
    goal = None if target is None else target.key
    if goal is not None and goal not in view.board.places:
        target, goal = None, None
    model = MODEL if goal is None else TARGET_MODEL.format(name=view.system_name(goal))
    candidates, refused = _lays(ruleset, view)
    enemies = enemy_fleets(view, side)
    nothing = _why_none(view, refused) if not candidates else \
        ("no enemy fleet can reach a system you may mine now in its next segment"
         if goal is None else
         f"no lay now makes the enemy's least-loss way to {view.system_name(goal)} cost it "
         "anything: it has a way round")
    if goal is None:
        reach = {f.id: distances(view, f.system) for f in enemies}

        def score(action: Any) -> Suggestion | None:
            return _score_reach(ruleset, view, action, enemies, reach)
    else:
        def score(action: Any) -> Suggestion | None:
            return _score_target(ruleset, view, action, enemies, goal)

    ships = Fraction(sum(len(f.ships) for f in enemies))
    return rank(candidates, score, side=side, title=title, unit=UNIT, model=model,
                target=target, bound=lambda _left: ships, nothing=nothing,
                progress=progress)


def _lays(ruleset: Any, view: ImperiumState) -> tuple[list[LayMines], list[str]]:
    """The side to move's legal lays (each checked on the view) and why the others are not."""
    lays, refused = [], []
    for fleet in sorted(view.fleets.values(), key=lambda f: f.id):
        if fleet.side != view.active or not view.count_of(fleet, "lays_mines"):
            continue
        action = LayMines(fleet.id)
        try:
            ruleset.check(view, action)
        except IllegalAction as exc:
            refused.append(f"{exc.reason} ({exc.clause})")
            continue
        lays.append(action)
    return lays, refused


def _why_none(view: ImperiumState, refused: list[str]) -> str:
    side = view.active
    if not view.options.mine_warfare:
        return "the mine-warfare variant is not in use in this game (IM-01)"
    if view.phase != SEGMENT:
        return f"{side} lays no mines in {view.phase_label}: only in an action segment (IM-06)"
    if not refused:
        return f"{side} has no fleet with a minelayer (IM-06)"
    return f"{side} can lay nowhere now: " + "; ".join(refused)


def _label(view: ImperiumState, fleet: Fleet) -> str:
    layers = view.count_of(fleet, "lays_mines")
    return (f"{fleet.id} lays {count_of(layers, 'mine point')} at "
            f"{view.system_name(fleet.system)}")


def _score_reach(ruleset: Any, view: ImperiumState, action: LayMines, enemies: list[Fleet],
                 reach: dict[str, dict[str, int]]) -> Suggestion:
    """What the lay adds to the losses of the enemy fleets that can reach its system."""
    fleet = view.fleets[action.fleet]
    system = fleet.system
    after = what_if(ruleset, view, action)
    before_points, after_points = view.points(system, fleet.side), after.points(system, fleet.side)
    added, reasons = Fraction(0), []
    for enemy in enemies:
        jump = reach[enemy.id].get(system)
        if jump is None or jump < 1 or jump > view.jumps(enemy):
            continue
        then, _ = fleet_loss(view, enemy, view.enemy_points(system, enemy.side), jump)
        now, _ = fleet_loss(after, after.fleets[enemy.id],
                            after.enemy_points(system, enemy.side), jump)
        added += now - then
        sweepers = view.count_of(enemy, "sweeps")
        reasons.append(f"{enemy.id} ({count_of(len(enemy.ships), 'ship')}, "
                       f"{count_of(sweepers, 'minesweeper')}) reaches it on jump {jump}"
                       + (" (+1, IM-32)" if jump >= 2 else "") + f": {then} → {now}")
    why = (f"{view.system_name(system)}: {possessive(fleet.side)} field {before_points} → "
           f"{count_of(after_points, 'mine point')} (IM-07); "
           + ("; ".join(reasons) if reasons else
              "no enemy fleet can reach it in its next segment")
           + (" ships lost (IM-18, IM-19, IM-22)" if reasons else ""))
    return Suggestion(action, _label(view, fleet), (system,), added, None, why)


def _score_target(ruleset: Any, view: ImperiumState, action: LayMines, enemies: list[Fleet],
                  goal: str) -> Suggestion:
    """The enemy's least-loss ways to ``goal`` once the lay is made."""
    fleet = view.fleets[action.fleet]
    after = what_if(ruleset, view, action)
    expected, afloat, reasons = Fraction(0), Fraction(1), []
    for enemy in enemies:
        way = least_loss_way(after, after.fleets[enemy.id], goal)
        if way is None or way.jumps == 0:
            continue
        expected += way.expected
        afloat *= 1 - way.at_least_one
        names = " → ".join(view.system_name(s) for s in way.path)
        fields = and_list(f"{view.system_name(s)} ({after.enemy_points(s, enemy.side)})"
                          for s in way.mined)
        reasons.append(f"{enemy.id}: {names}"
                       + (f", through {fields}: expected {way.expected}, "
                          f"P(≥1 lost) {way.at_least_one}" if way.mined else
                          ", through none of your mines"))
    why = (f"after {fleet.id} lays at {view.system_name(fleet.system)} (IM-07): "
           + ("; ".join(reasons) if reasons else "no enemy fleet can get there"))
    return Suggestion(action, _label(view, fleet), (fleet.system,), expected, 1 - afloat, why)
